// SPDX-License-Identifier: GPL-2.0
/*
 * x32fuzz - a differential system-call fuzzer for the x32 entry path, run
 * in a guest; scripts/fuzz runs the same seed on two kernels and compares
 * what each call returned.
 *
 * A 64-bit static program: x32 calls are the numbers with bit 30 set (the
 * entry path decides by the number alone), and the buffers they are given
 * lie below 4 GiB (MAP_32BIT), where an x32 pointer can point.  Two phases:
 *
 *  sweep   every number 0..4095, without and with bit 30, under four
 *          patterns of rax's high half (0, all ones, bit 63, random), with
 *          arguments 0;
 *  random  N calls: a number of the tables (64-bit or x32), issued in its
 *          own form or the other one, with arguments drawn from 0, small
 *          integers, -1, unmapped and kernel addresses, buffers of random
 *          bytes, and file descriptors of several kinds (pipe, socket,
 *          eventfd, timerfd, memfd, a file in a small tmpfs).
 *
 * Calls that would end or disturb the run (exit, the fork and kill
 * families, signal handlers and masks, timers of this process, reboot,
 * clocks, identities, seccomp, ptrace, uretprobe (SIGILL for a caller
 * outside its trampoline), ...) are skipped by name (skip[]),
 * from the names the tables give (x32fuzz_names.h, generated from the
 * tree's syscall_64.tbl).  Every call is armed with a
 * 20 ms watchdog (SIGALRM, no SA_RESTART): a call that blocks returns
 * EINTR, and one that keeps restarting is abandoned as "timeout".
 * Calls that change mappings over the ranges they are given run in a child
 * (in_child[]), so that this program keeps its own memory.  Before each
 * call the buffers are filled anew from the seed, so a call's arguments do
 * not depend on what earlier calls wrote.
 *
 * Output (--out FILE), a line a call: "INDEX PHASE FORM NUMBER NAME RESULT
 * WRITES" (FORM: 64 or x32; NUMBER as issued in eax, hex; RESULT the raw
 * return value, "timeout", or "signal-N" for a call whose child died of
 * signal N; WRITES what the call changed in the buffers, "-" for nothing:
 * for each buffer it wrote, "B:FIRST-LAST:HASH", the buffer, the first and
 * last byte that changed, and a hash of the buffer after the call); then
 * "end CALLS".  A call run in a child writes in the child's copy: "-".
 *
 * usage: x32fuzz [--seed S] [--calls N] --out FILE [--progress FILE]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/personality.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "x32fuzz_names.h"	/* names64[], namesx32[] */

#define X32_BIT		0x40000000ULL
#define NBUF		16
#define BUF_SIZE	8192
#define POOL_BASE	0x20000000UL	/* below 4 GiB: x32 pointers reach it */

static uint64_t rng;

static uint64_t rnd(void)	/* xorshift64* */
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dULL;
}

/* Calls that would end or disturb the run, by name. */
static const char *const skip[] = {
	"exit", "exit_group", "fork", "vfork", "clone", "clone3", "execve", "execveat",
	"kill", "tkill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo",
	"pidfd_send_signal", "reboot", "pause", "rt_sigsuspend", "rt_sigreturn",
	"rt_sigaction", "rt_sigprocmask", "sigaltstack", "alarm", "setitimer",
	"seccomp", "ptrace", "arch_prctl", "prctl", "personality", "modify_ldt",
	"close", "close_range", "dup2", "dup3", "fcntl", "setrlimit", "prlimit64",
	"setuid", "setgid", "setreuid", "setregid", "setresuid", "setresgid",
	"setfsuid", "setfsgid", "setgroups", "capset", "settimeofday",
	"clock_settime", "adjtimex", "clock_adjtime", "kexec_load",
	"kexec_file_load", "vhangup", "swapon", "swapoff", "sched_setaffinity",
	"sched_setscheduler", "sched_setparam", "sched_setattr", "mlockall",
	"process_vm_writev", "process_madvise", "userfaultfd", "mseal",
	"unshare", "setns", "uretprobe",
	/* They run with a mask of their own, which can block the watchdog. */
	"ppoll", "pselect6", "epoll_pwait", "epoll_pwait2", "io_pgetevents", NULL
};

/*
 * Calls that change mappings over ranges the arguments give: with a start
 * of 0 and a length from the classes, they would pull this program's own
 * text, data or stack from under it.  They run in a child of their own,
 * whose result (or the signal it died of) is theirs.
 */
static const char *const in_child[] = {
	"mmap", "munmap", "mremap", "mprotect", "pkey_mprotect", "madvise", "brk",
	"shmat", "shmdt", "remap_file_pages", "map_shadow_stack", NULL
};

static int listed(const char *const *list, const char *name)
{
	for (; *list; list++)
		if (!strcmp(*list, name))
			return 1;
	return 0;
}

static unsigned char *pool[NBUF];
static unsigned char shadow[NBUF][BUF_SIZE];	/* the pool as filled */
static int fds[8], nfds, fd_out, ours_max;

/* Every 256 calls, the descriptors the calls opened are closed: they would
 * reach RLIMIT_NOFILE and starve the rest of the run.
 */
static void close_theirs(void)
{
	syscall(SYS_close_range, ours_max + 1, fd_out - 1, 0);
	syscall(SYS_close_range, fd_out + 1, ~0U, 0);
}

static void map_pool(void)
{
	for (int i = 0; i < NBUF; i++) {
		void *want = (void *)(POOL_BASE + i * 2UL * BUF_SIZE);	/* a hole between */

		pool[i] = mmap(want, BUF_SIZE, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
		if (pool[i] == MAP_FAILED) {
			fprintf(stderr, "x32fuzz: mmap %p: %s\n", want, strerror(errno));
			exit(3);
		}
	}
}

static void fill_pool(void)
{
	for (int i = 0; i < NBUF; i++)
		for (int j = 0; j < BUF_SIZE; j += 8) {
			uint64_t v = rnd();

			memcpy(pool[i] + j, &v, 8);
		}
	for (int i = 0; i < NBUF; i++)
		memcpy(shadow[i], pool[i], BUF_SIZE);
}

/* What the call wrote in the pool: "B:FIRST-LAST:HASH" a buffer, or "-". */
static void print_writes(FILE *f)
{
	int any = 0;

	for (int i = 0; i < NBUF; i++) {
		int first = -1, last = -1;
		uint64_t h = 0xcbf29ce484222325ULL;	/* FNV-1a, 64 bits */

		if (!memcmp(shadow[i], pool[i], BUF_SIZE))
			continue;
		for (int j = 0; j < BUF_SIZE; j++) {
			if (pool[i][j] != shadow[i][j]) {
				if (first < 0)
					first = j;
				last = j;
			}
			h = (h ^ pool[i][j]) * 0x100000001b3ULL;
		}
		fprintf(f, "%s%d:%d-%d:%016llx", any++ ? "," : "", i, first, last,
			(unsigned long long)h);
	}
	if (!any)
		fputc('-', f);
}

/* One argument of the random phase. */
static uint64_t arg(void)
{
	switch (rnd() % 8) {
	case 0: return 0;
	case 1: return rnd() % 64;
	case 2: return -1ULL;
	/* Unmapped, and far enough above this program's text, data and heap
	 * that a length from these classes does not reach them (munmap,
	 * madvise and mmap MAP_FIXED would pull them from under it).
	 */
	case 3: return (rnd() & 1) ? 0x1000000000ULL : 0x7f0000000000ULL;
	case 4: return (rnd() & 1) ? 0xffffffff81000000ULL : 0xffff888000000000ULL;
	case 5: return fds[rnd() % nfds];
	default: return (uint64_t)(uintptr_t)pool[rnd() % NBUF] + (rnd() % 4) * 8;
	}
}

/* The watchdog: 20 ms a call; after 50 interruptions, abandon the call. */
static sigjmp_buf abandon;
static volatile int alarms;

static void on_alarm(int sig)
{
	if (++alarms >= 50)
		siglongjmp(abandon, 1);
}

static void arm(int on)
{
	struct itimerval it = { .it_interval.tv_usec = on ? 20000 : 0,
				.it_value.tv_usec = on ? 20000 : 0 };

	alarms = 0;
	setitimer(ITIMER_REAL, &it, NULL);
}

static long long sys6(uint64_t nr, const uint64_t *a)
{
	unsigned long long ret;
	register uint64_t r10 __asm__("r10") = a[3];
	register uint64_t r8 __asm__("r8") = a[4];
	register uint64_t r9 __asm__("r9") = a[5];

	__asm__ volatile ("syscall"
			  : "=a" (ret)
			  : "a" (nr), "D" (a[0]), "S" (a[1]), "d" (a[2]),
			  "r" (r10), "r" (r8), "r" (r9)
			  : "rcx", "r11", "memory");
	return (long long)ret;
}

static FILE *out;
static unsigned long calls;
static const char *current;

/*
 * The call in progress, in a shared mapping of a file (--progress): what
 * is left there when this process dies in a call that broke it (its output
 * is buffered and dies with it) names the call and its arguments.
 */
static struct progress {
	char text[256];
} *progress;

/* A call that broke this process (the run must not): say which, and end. */
static void on_fault(int sig)
{
	fprintf(out, "crash %s after call %lu, in %s\n", sigabbrev_np(sig), calls,
		current ? current : "-");
	fflush(out);
	_exit(4);
}

/* The name of a number as issued (bit 30 and the high half aside). */
static const char *name_of(uint32_t low)
{
	uint32_t n = low & ~(uint32_t)X32_BIT;

	if (low & X32_BIT)
		return n < NR_X32 && namesx32[n] ? namesx32[n] : NULL;
	return n < NR_64 && names64[n] ? names64[n] : NULL;
}

/* One call under the watchdog: 0 with its result in *@r, or 1 if abandoned. */
static int guarded(uint64_t rax, const uint64_t *a, long long *r)
{
	if (sigsetjmp(abandon, 1)) {
		arm(0);
		return 1;
	}
	arm(1);
	*r = sys6(rax, a);
	arm(0);
	return 0;
}

/*
 * One call in a child: 0 with its result in *@r, 1 if it was abandoned,
 * or 2 with the signal that ended the child in *@r.
 */
static int in_a_child(uint64_t rax, const uint64_t *a, long long *r)
{
	int p[2], status = 0, how;
	struct { int how; long long r; } rep = { 1, 0 };
	pid_t pid;

	if (pipe(p))
		return 1;
	pid = fork();
	if (pid == 0) {
		static const int faults[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGSYS };

		for (size_t i = 0; i < sizeof(faults) / sizeof(faults[0]); i++)
			signal(faults[i], SIG_DFL);
		rep.how = guarded(rax, a, &rep.r);
		_exit(write(p[1], &rep, sizeof(rep)) == sizeof(rep) ? 0 : 3);
	}
	close(p[1]);
	if (pid < 0 || read(p[0], &rep, sizeof(rep)) != sizeof(rep))
		rep.how = -1;
	close(p[0]);
	if (pid > 0)
		waitpid(pid, &status, 0);
	how = rep.how;
	*r = rep.r;
	if (how < 0) {
		how = 2;
		*r = WIFSIGNALED(status) ? WTERMSIG(status) : -1;
	}
	return how;
}

static void issue(const char *phase, uint64_t rax, const uint64_t *a)
{
	uint32_t low = (uint32_t)rax;
	const char *name = name_of(low);
	long long r = 0;
	int how;

	if (name && listed(skip, name))
		return;
	current = name;
	if (progress)
		snprintf(progress->text, sizeof(progress->text),
			 "call %lu %s %s %#llx %s args %#llx %#llx %#llx %#llx %#llx %#llx\n",
			 calls + 1, phase, low & X32_BIT ? "x32" : "64", (unsigned long long)rax,
			 name ? name : "-", (unsigned long long)a[0], (unsigned long long)a[1],
			 (unsigned long long)a[2], (unsigned long long)a[3],
			 (unsigned long long)a[4], (unsigned long long)a[5]);
	how = name && listed(in_child, name) ? in_a_child(rax, a, &r) : guarded(rax, a, &r);
	if (++calls % 256 == 0)
		close_theirs();
	fprintf(out, "%lu %s %s %#llx %s ", calls, phase, low & X32_BIT ? "x32" : "64",
		(unsigned long long)rax, name ? name : "-");
	if (how == 1)
		fprintf(out, "timeout ");
	else if (how == 2)
		fprintf(out, "signal-%lld ", r);
	else
		fprintf(out, "%lld ", r);
	print_writes(out);
	fputc('\n', out);
}

static void setup_fds(void)
{
	int p[2], s[2], fd;

	/* 0, 1 and 2 become /dev/null: no call may block on or write to the console. */
	fd = open("/dev/null", O_RDWR);
	for (int i = 0; i < 3; i++)
		if (fd != i)
			dup2(fd, i);
	if (fd > 2)
		close(fd);
	if (pipe2(p, O_NONBLOCK) == 0) {
		fds[nfds++] = p[0];
		fds[nfds++] = p[1];
	}
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, s) == 0)
		fds[nfds++] = s[0];
	fds[nfds++] = eventfd(0, EFD_NONBLOCK);
	fds[nfds++] = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK);
	/* A memfd of 64 KiB that cannot grow (fallocate with a length from
	 * the classes would take half a gigabyte), and a file in a tmpfs of
	 * its own, 4 MiB at most, which is also where relative paths go.
	 */
	fd = memfd_create("x32fuzz", MFD_ALLOW_SEALING);
	if (fd >= 0 && (ftruncate(fd, 65536) ||
			fcntl(fd, F_ADD_SEALS, F_SEAL_GROW | F_SEAL_SHRINK | F_SEAL_SEAL)))
		exit(3);
	fds[nfds++] = fd;
	mkdir("/tmp/x32fuzz", 0700);
	mount("x32fuzz", "/tmp/x32fuzz", "tmpfs", 0, "size=4m");
	if (chdir("/tmp/x32fuzz"))
		exit(3);
	fds[nfds++] = open("/tmp/x32fuzz/file", O_RDWR | O_CREAT | O_NONBLOCK, 0600);
	for (int i = 0; i < nfds; i++)
		if (fds[i] > ours_max)
			ours_max = fds[i];
}

int main(int argc, char **argv)
{
	unsigned long long seed = 1, ncalls = 1000000;
	static const uint64_t zero[6];
	const char *path = NULL, *progress_path = NULL;
	struct sigaction sa = { .sa_handler = on_alarm };	/* no SA_RESTART */
	int fd;

	for (int i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--seed"))
			seed = strtoull(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "--calls"))
			ncalls = strtoull(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "--out"))
			path = argv[i + 1];
		else if (!strcmp(argv[i], "--progress"))
			progress_path = argv[i + 1];
	}
	if (!path) {
		fprintf(stderr, "usage: x32fuzz [--seed S] [--calls N] --out FILE [--progress FILE]\n");
		return 2;
	}
	/* The same addresses on every kernel: no randomization. */
	if (!(personality(0xffffffff) & ADDR_NO_RANDOMIZE)) {
		personality(ADDR_NO_RANDOMIZE);
		execv("/proc/self/exe", argv);
	}
	/* The same pids on every kernel: the run is the first process of a
	 * pid namespace of its own (the kernel's worker threads, which come
	 * and go with timing, take their pids outside it).
	 */
	if (getpid() != 1) {
		pid_t pid;
		int status;

		if (unshare(CLONE_NEWPID)) {
			fprintf(stderr, "x32fuzz: unshare(CLONE_NEWPID): %s\n", strerror(errno));
			return 2;
		}
		pid = fork();
		if (pid < 0) {
			fprintf(stderr, "x32fuzz: fork: %s\n", strerror(errno));
			return 2;
		}
		if (pid > 0) {
			if (waitpid(pid, &status, 0) != pid)
				return 2;
			return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
		}
	}
	/* The output's descriptor out of the way of the small integers. */
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	fd_out = fd < 0 ? -1 : fcntl(fd, F_DUPFD, 900);
	out = fd_out < 0 ? NULL : fdopen(fd_out, "w");
	if (!out) {
		fprintf(stderr, "x32fuzz: %s: %s\n", path, strerror(errno));
		return 2;
	}
	close(fd);
	if (progress_path) {
		fd = open(progress_path, O_RDWR | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || ftruncate(fd, sizeof(*progress)))
			return 2;
		progress = mmap(NULL, sizeof(*progress), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		close(fd);
		if (progress == MAP_FAILED)
			return 2;
	}
	setvbuf(out, NULL, _IOFBF, 1 << 20);
	sigaction(SIGALRM, &sa, NULL);
	/* Signals the calls may raise (SIGPIPE, SIGIO, SIGXFSZ, ...) are
	 * ignored: blocked, they would wait for a call that sets a mask of
	 * its own.  Faults are reported.
	 */
	{
		static const int faults[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGSYS };
		struct sigaction fa = { .sa_handler = on_fault };

		for (int sig = 1; sig < 32; sig++)
			if (sig != SIGALRM && sig != SIGKILL && sig != SIGSTOP)
				signal(sig, SIG_IGN);
		for (size_t i = 0; i < sizeof(faults) / sizeof(faults[0]); i++)
			sigaction(faults[i], &fa, NULL);
	}
	setup_fds();
	map_pool();
	fprintf(out, "seed %llu\n", seed);

	rng = seed * 0x9e3779b97f4a7c15ULL + 1;
	for (uint64_t nr = 0; nr < 4096; nr++)
		for (int x32 = 0; x32 < 2; x32++)
			for (int hi = 0; hi < 4; hi++) {
				static const uint64_t highs[3] = {
					0, 0xffffffff00000000ULL, 1ULL << 63 };
				uint64_t h = hi < 3 ? highs[hi] : rnd() << 32;

				issue("sweep", h | (x32 ? X32_BIT : 0) | nr, zero);
			}

	for (unsigned long long i = 0; i < ncalls; i++) {
		uint64_t a[6], nr;
		const char *name;
		int x32form;

		/* A number of one of the tables. */
		do {
			if (rnd() & 1) {
				nr = rnd() % NR_64;
				name = names64[nr];
			} else {
				nr = rnd() % NR_X32;
				name = namesx32[nr];
			}
		} while (!name || listed(skip, name));
		x32form = rnd() & 1;
		for (int j = 0; j < 6; j++)
			a[j] = arg();
		fill_pool();
		issue("random", (x32form ? X32_BIT : 0) | nr, a);
	}
	fprintf(out, "end %lu\n", calls);
	fclose(out);
	return 0;
}
