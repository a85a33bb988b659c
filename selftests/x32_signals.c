// SPDX-License-Identifier: GPL-2.0
/*
 * x32_signals - signals in a real x32 program (built -mx32 -static): the
 * kernel builds the x32 signal frame (a 32-bit siginfo and ucontext around
 * the 64-bit register set), glibc's x32 handlers read it, and returning
 * through rt_sigreturn 513 resumes the interrupted code.
 *
 * Claims: a handler runs and returns; SA_SIGINFO sees si_signo, si_code,
 * si_pid and a ucontext with the interrupted RIP, the blocked mask and the
 * FPU state; SA_ONSTACK runs on the sigaltstack; SIGCHLD carries si_pid,
 * si_status and the child's 64-bit si_utime/si_stime; a handler can be
 * interrupted by another signal; a blocking read is interrupted (EINTR)
 * or restarted (SA_RESTART); sigprocmask and sigpending; kill and sigqueue
 * with real-time signals deliver SI_USER, SI_QUEUE and si_value in order.
 * What the handler starts with is x32's (not x86-64's): rax holds the
 * interrupted context's value, ds and es hold __USER_DS even when the
 * program had loaded null selectors, and a handler on the sigaltstack can
 * change uc_stack, which rt_sigreturn then installs.
 *
 * The watchdog is alarm(); the timers that interrupt reads are POSIX
 * timers on SIGUSR1, so a broken restart ends in the watchdog, not a hang.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include "diag.h"
#include "../kselftest.h"

#define FOUR_GIB	0x100000000ULL
#define MXCSR_DEFAULT	0x1f80	/* all exceptions masked, round to nearest */
#define MXCSR_FLAGS	0x3f	/* sticky exception flags */

static int set_handler(int sig, void (*fn)(int), int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sa.sa_flags = flags;
	sigemptyset(&sa.sa_mask);
	return sigaction(sig, &sa, NULL);
}

static int set_action(int sig, void (*fn)(int, siginfo_t *, void *), int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = fn;
	sa.sa_flags = flags | SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	return sigaction(sig, &sa, NULL);
}

static void sigset_one(sigset_t *set, int sig)
{
	sigemptyset(set);
	sigaddset(set, sig);
}

/* What the handlers saw. */
static volatile sig_atomic_t handled, handled_sig;

static void count_handler(int sig)
{
	handled++;
	handled_sig = sig;
}

static void test_handler_returns(void)
{
	volatile long before = 0x12345678;
	int ret, ok = 1;

	handled = 0;
	handled_sig = 0;
	set_handler(SIGUSR1, count_handler, 0);
	ret = raise(SIGUSR1);
	EXPECT(ret == 0 && handled == 1 && handled_sig == SIGUSR1,
	       "raise returned %d, the handler ran %d times with signal %d; expected 0, once, %d",
	       ret, (int)handled, (int)handled_sig, SIGUSR1);
	EXPECT(before == 0x12345678, "a local changed across the handler: %#lx", before);
	signal(SIGUSR1, SIG_DFL);
	ksft_test_result(ok, "a SIGUSR1 handler runs and returns through rt_sigreturn 513\n");
}

static struct {
	int signo, code, errno_;
	pid_t pid;
	uid_t uid;
	unsigned long long rip, rsp;
	int usr2_in_uc_mask;
	int has_fpregs;
	unsigned int mxcsr;
} info;

static void info_handler(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;

	info.signo = si->si_signo;
	info.code = si->si_code;
	info.errno_ = si->si_errno;
	info.pid = si->si_pid;
	info.uid = si->si_uid;
	info.rip = uc->uc_mcontext.gregs[REG_RIP];
	info.rsp = uc->uc_mcontext.gregs[REG_RSP];
	info.usr2_in_uc_mask = sigismember(&uc->uc_sigmask, SIGUSR2);
	info.has_fpregs = !!uc->uc_mcontext.fpregs;
	if (uc->uc_mcontext.fpregs)
		info.mxcsr = uc->uc_mcontext.fpregs->mxcsr;
}

static void test_siginfo_ucontext(void)
{
	const char *what = "SA_SIGINFO: si_signo, si_code SI_TKILL, si_pid, and a ucontext with RIP, RSP, uc_sigmask and fpregs";
	sigset_t usr2, old;
	int ok = 1;

	memset(&info, 0, sizeof(info));
	info.usr2_in_uc_mask = -1;
	set_action(SIGUSR1, info_handler, 0);
	/* Blocked before the signal: the ucontext must record it. */
	sigset_one(&usr2, SIGUSR2);
	sigprocmask(SIG_BLOCK, &usr2, &old);
	raise(SIGUSR1);
	sigprocmask(SIG_SETMASK, &old, NULL);
	signal(SIGUSR1, SIG_DFL);

	EXPECT(info.signo == SIGUSR1 && info.code == SI_TKILL && info.errno_ == 0 &&
	       info.pid == getpid() && info.uid == getuid(),
	       "siginfo signo %d code %d errno %d pid %d uid %u; expected %d %d 0 %d %u",
	       info.signo, info.code, info.errno_, info.pid, info.uid,
	       SIGUSR1, SI_TKILL, getpid(), getuid());
	EXPECT(info.rip && info.rip < FOUR_GIB && info.rsp && info.rsp < FOUR_GIB,
	       "ucontext RIP %#llx RSP %#llx; expected both nonzero and below 4 GiB",
	       info.rip, info.rsp);
	EXPECT(info.usr2_in_uc_mask == 1,
	       "uc_sigmask has SIGUSR2: %d, expected 1 (blocked when the signal came)",
	       info.usr2_in_uc_mask);
	EXPECT(info.has_fpregs && (info.mxcsr & ~MXCSR_FLAGS) == MXCSR_DEFAULT,
	       "fpregs %s, mxcsr %#x; expected a pointer to the FPU state with mxcsr %#x",
	       info.has_fpregs ? "set" : "NULL", info.mxcsr, MXCSR_DEFAULT);
	ksft_test_result(ok, "%s\n", what);
}

#define ALT_SIZE	(64 * 1024)

static char alt_stack[ALT_SIZE] __attribute__((aligned(16)));
static volatile uintptr_t onstack_local;
static volatile int onstack_flags = -1;

static void onstack_handler(int sig)
{
	volatile char local = 0;
	stack_t cur;

	onstack_local = (uintptr_t)&local;
	if (sigaltstack(NULL, &cur) == 0)
		onstack_flags = cur.ss_flags;
}

static void test_sigaltstack(void)
{
	const char *what = "an SA_ONSTACK handler runs on the sigaltstack, which reports SS_ONSTACK";
	stack_t ss = { .ss_sp = alt_stack, .ss_flags = 0, .ss_size = ALT_SIZE };
	stack_t off = { .ss_flags = SS_DISABLE };
	uintptr_t lo = (uintptr_t)alt_stack, hi = lo + ALT_SIZE;
	int ok = 1;

	if (sigaltstack(&ss, NULL)) {
		ksft_test_result(0, "%s # sigaltstack: %s\n", what, strerror(errno));
		return;
	}
	set_handler(SIGUSR1, onstack_handler, SA_ONSTACK);
	raise(SIGUSR1);
	signal(SIGUSR1, SIG_DFL);
	sigaltstack(&off, NULL);
	EXPECT(onstack_local >= lo && onstack_local < hi,
	       "the handler's local is at %#lx, expected inside the alternate stack %#lx..%#lx",
	       (unsigned long)onstack_local, (unsigned long)lo, (unsigned long)hi);
	EXPECT(onstack_flags == SS_ONSTACK,
	       "sigaltstack in the handler gave ss_flags %d, expected SS_ONSTACK (%d)",
	       onstack_flags, SS_ONSTACK);
	ksft_test_result(ok, "%s\n", what);
}

/* The child burns this much CPU, so its si_utime + si_stime is not 0. */
#define CHILD_CPU_MS	300

static void burn_cpu(void)
{
	struct timespec t;

	do
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	while (t.tv_sec * 1000LL + t.tv_nsec / 1000000 < CHILD_CPU_MS);
}

static void test_sigchld(void)
{
	const char *what = "SIGCHLD by sigtimedwait: si_pid, si_status 9 and the 64-bit si_utime + si_stime of a child that ran 300 ms";
	struct timespec wait = { 10, 0 };
	long long ticks, tck = sysconf(_SC_CLK_TCK), ru_ms = -1;
	sigset_t chld, old;
	struct rusage ru;
	siginfo_t si;
	int got, status = -1, ok = 1;
	pid_t pid;

	_Static_assert(sizeof(si.si_utime) == 8, "x32 clock_t in siginfo is 64 bits");
	sigset_one(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, &old);
	pid = fork();
	if (pid < 0) {
		ksft_test_result(0, "%s # fork: %s\n", what, strerror(errno));
		sigprocmask(SIG_SETMASK, &old, NULL);
		return;
	}
	if (pid == 0) {
		burn_cpu();
		_exit(9);
	}
	memset(&si, 0xa5, sizeof(si));
	got = sigtimedwait(&chld, &si, &wait);
	if (wait4(pid, &status, 0, &ru) == pid)
		ru_ms = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000LL +
			(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1000;
	sigprocmask(SIG_SETMASK, &old, NULL);
	ticks = (long long)si.si_utime + (long long)si.si_stime;
	EXPECT(got == SIGCHLD && si.si_signo == SIGCHLD && si.si_code == CLD_EXITED &&
	       si.si_pid == pid && si.si_uid == getuid() && si.si_status == 9,
	       "sigtimedwait returned %s: signo %d code %d pid %d uid %u status %d; expected %d: %d %d %d %u 9",
	       rstr(got), si.si_signo, si.si_code, si.si_pid, si.si_uid, si.si_status,
	       SIGCHLD, SIGCHLD, CLD_EXITED, pid, getuid());
	/* 300 ms is 30 ticks at USER_HZ 100; allow 1/3 of it up to 10 s. */
	EXPECT(si.si_utime >= 0 && si.si_stime >= 0 &&
	       ticks * 1000 >= CHILD_CPU_MS / 3 * tck && ticks <= 10 * tck,
	       "si_utime %lld si_stime %lld (ticks of 1/%lld s; wait4 rusage says %lld ms); expected a sum of about %d ms",
	       (long long)si.si_utime, (long long)si.si_stime, tck, ru_ms, CHILD_CPU_MS);
	ksft_test_result(ok, "%s\n", what);
}

static char order[8];
static volatile int norder;

static void nested_usr2(int sig)
{
	order[norder++] = '2';
}

static void nested_usr1(int sig)
{
	order[norder++] = '1';
	raise(SIGUSR2);
	order[norder++] = 'e';
}

static void test_nested(void)
{
	int ok = 1;

	memset(order, 0, sizeof(order));
	norder = 0;
	set_handler(SIGUSR1, nested_usr1, 0);
	set_handler(SIGUSR2, nested_usr2, 0);
	raise(SIGUSR1);
	signal(SIGUSR1, SIG_DFL);
	signal(SIGUSR2, SIG_DFL);
	EXPECT(!strcmp(order, "12e"),
	       "handlers ran in the order \"%s\", expected \"12e\" (SIGUSR1 begins, SIGUSR2 runs inside it, SIGUSR1 ends)",
	       order);
	ksft_test_result(ok,
			 "a SIGUSR1 handler raising SIGUSR2 runs the SIGUSR2 handler inside it, then returns\n");
}

/* A one-shot POSIX timer that sends SIGUSR1 to the process after @ms. */
static int arm_usr1_timer(timer_t *timer, long ms)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1 };
	struct itimerspec its = { .it_value = { ms / 1000, ms % 1000 * 1000000 } };

	if (timer_create(CLOCK_MONOTONIC, &sev, timer))
		return -1;
	if (timer_settime(*timer, 0, &its, NULL)) {
		timer_delete(*timer);
		return -1;
	}
	return 0;
}

static void test_read_eintr(void)
{
	const char *what = "a signal without SA_RESTART interrupts a blocking read of an empty pipe with EINTR";
	struct timespec t0;
	timer_t timer;
	char buf[8];
	int p[2], ok = 1;
	long long ms;
	long r;

	if (pipe2(p, O_CLOEXEC)) {
		ksft_test_result(0, "%s # pipe: %s\n", what, strerror(errno));
		return;
	}
	handled = 0;
	set_handler(SIGUSR1, count_handler, 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (arm_usr1_timer(&timer, 50)) {
		ksft_test_result(0, "%s # timer: %s\n", what, strerror(errno));
		close(p[0]);
		close(p[1]);
		return;
	}
	r = read(p[0], buf,
		 sizeof(buf));	/* the write end stays open: only the signal ends it */
	ms = ms_since(&t0);
	timer_delete(timer);
	signal(SIGUSR1, SIG_DFL);
	EXPECT(r == -1 && errno == EINTR && handled == 1 && ms >= 40,
	       "read returned %s after %lld ms, the handler ran %d times; expected -1 (EINTR) after about 50 ms, once",
	       rstr(r), ms, (int)handled);
	close(p[0]);
	close(p[1]);
	ksft_test_result(ok, "%s\n", what);
}

static void test_read_restart(void)
{
	const char *what = "with SA_RESTART the interrupted read restarts and returns what a child writes 300 ms later";
	struct timespec t0;
	char buf[16] = "";
	timer_t timer;
	int p[2], status, ok = 1;
	long long ms;
	pid_t pid;
	long r;

	if (pipe2(p, O_CLOEXEC)) {
		ksft_test_result(0, "%s # pipe: %s\n", what, strerror(errno));
		return;
	}
	pid = fork();
	if (pid < 0) {
		ksft_test_result(0, "%s # fork: %s\n", what, strerror(errno));
		close(p[0]);
		close(p[1]);
		return;
	}
	if (pid == 0) {
		struct timespec delay = { 0, 300 * 1000 * 1000 };

		close(p[0]);
		nanosleep(&delay, NULL);
		_exit(write(p[1], "late", 4) == 4 ? 0 : 1);
	}
	close(p[1]);	/* if the child dies early, read sees EOF: no hang */
	handled = 0;
	set_handler(SIGUSR1, count_handler, SA_RESTART);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (arm_usr1_timer(&timer, 50)) {
		ksft_test_result(0, "%s # timer: %s\n", what, strerror(errno));
		close(p[0]);
		waitpid(pid, &status, 0);
		return;
	}
	r = read(p[0], buf, sizeof(buf) - 1);
	ms = ms_since(&t0);
	timer_delete(timer);
	signal(SIGUSR1, SIG_DFL);
	waitpid(pid, &status, 0);
	EXPECT(r == 4 && !strcmp(buf, "late") && handled == 1 && ms >= 250,
	       "read returned %s \"%s\" after %lld ms, the handler ran %d times; expected 4 \"late\" after about 300 ms, once",
	       rstr(r), buf, ms, (int)handled);
	close(p[0]);
	ksft_test_result(ok, "%s\n", what);
}

static void test_sigprocmask_sigpending(void)
{
	sigset_t usr1, old, cur, pend;
	int ok = 1;

	handled = 0;
	set_handler(SIGUSR1, count_handler, 0);
	sigset_one(&usr1, SIGUSR1);
	sigprocmask(SIG_BLOCK, &usr1, &old);
	raise(SIGUSR1);
	sigprocmask(SIG_BLOCK, NULL, &cur);
	sigemptyset(&pend);
	sigpending(&pend);
	EXPECT(handled == 0 && sigismember(&cur, SIGUSR1) == 1 &&
	       sigismember(&pend, SIGUSR1) == 1 && sigismember(&pend, SIGUSR2) == 0,
	       "while blocked: handler ran %d times, blocked has SIGUSR1 %d, pending SIGUSR1 %d SIGUSR2 %d; expected 0, 1, 1, 0",
	       (int)handled, sigismember(&cur, SIGUSR1), sigismember(&pend, SIGUSR1),
	       sigismember(&pend, SIGUSR2));
	sigprocmask(SIG_SETMASK, &old, NULL);	/* delivers it before returning */
	sigpending(&pend);
	EXPECT(handled == 1 && sigismember(&pend, SIGUSR1) == 0,
	       "after unblocking: handler ran %d times, pending SIGUSR1 %d; expected 1, 0",
	       (int)handled, sigismember(&pend, SIGUSR1));
	signal(SIGUSR1, SIG_DFL);
	ksft_test_result(ok,
			 "sigprocmask blocks SIGUSR1, sigpending shows it, unblocking delivers it once\n");
}

static struct {
	int signo, code;
	pid_t pid;
	uid_t uid;
	union sigval value;
} rt[4];
static volatile int nrt;

static void rt_handler(int sig, siginfo_t *si, void *uc)
{
	if (nrt >= (int)ARRAY_SIZE(rt))
		return;
	rt[nrt].signo = si->si_signo;
	rt[nrt].code = si->si_code;
	rt[nrt].pid = si->si_pid;
	rt[nrt].uid = si->si_uid;
	rt[nrt].value = si->si_value;
	nrt++;
}

static void test_kill_rt(void)
{
	const int sig = SIGRTMIN + 2;
	int ret, ok = 1;

	memset(rt, 0, sizeof(rt));
	nrt = 0;
	set_action(sig, rt_handler, 0);
	ret = kill(getpid(), sig);
	signal(sig, SIG_DFL);
	EXPECT(ret == 0 && nrt == 1 && rt[0].signo == sig && rt[0].code == SI_USER &&
	       rt[0].pid == getpid() && rt[0].uid == getuid(),
	       "kill returned %d, %d deliveries: signo %d code %d pid %d uid %u; expected 0, 1: %d %d %d %u",
	       ret, nrt, rt[0].signo, rt[0].code, rt[0].pid, rt[0].uid,
	       sig, SI_USER, getpid(), getuid());
	ksft_test_result(ok, "kill of self with SIGRTMIN+2 gives si_code SI_USER and si_pid\n");
}

static int marker;

static void test_sigqueue(void)
{
	const int sig = SIGRTMIN + 3;
	union sigval v[3] = { { .sival_ptr = &marker }, { .sival_int = 0x5a5aa5a5 },
			      { .sival_int = -7 } };
	sigset_t set, old;
	int ok = 1, ret = 0;

	memset(rt, 0, sizeof(rt));
	nrt = 0;
	set_action(sig, rt_handler, 0);
	sigset_one(&set, sig);
	sigprocmask(SIG_BLOCK, &set, &old);
	for (int i = 0; i < 3 && !ret; i++)
		ret = sigqueue(getpid(), sig, v[i]);
	EXPECT(ret == 0, "sigqueue returned %s, expected 0", rstr(ret));
	sigprocmask(SIG_SETMASK, &old, NULL);	/* all three are delivered now */
	signal(sig, SIG_DFL);
	EXPECT(nrt == 3, "%d deliveries, expected 3 (real-time signals queue)", nrt);
	for (int i = 0; i < nrt; i++)
		EXPECT(rt[i].signo == sig && rt[i].code == SI_QUEUE && rt[i].pid == getpid() &&
		       rt[i].value.sival_int == v[i].sival_int,
		       "delivery %d: signo %d code %d pid %d value %#x; expected %d %d %d %#x",
		       i, rt[i].signo, rt[i].code, rt[i].pid, rt[i].value.sival_int,
		       sig, SI_QUEUE, getpid(), v[i].sival_int);
	EXPECT(nrt < 1 || rt[0].value.sival_ptr == &marker,
	       "the first si_value.sival_ptr is %p, expected %p", rt[0].value.sival_ptr,
	       (void *)&marker);
	ksft_test_result(ok,
			 "three sigqueue values of SIGRTMIN+3 queued while blocked arrive in order in si_value (pointer and ints), SI_QUEUE\n");
}

/*
 * The registers at the handler's first instruction, before any compiled
 * code: an assembly stub saves them and goes on to entry_handler().
 */
#define USER_DS		0x2b	/* GDT_ENTRY_DEFAULT_USER_DS * 8 + 3 */
#define RAX_PATTERN	0x5a5a5a5a12345678ULL

static uint64_t entry_rax __attribute__((used));
static uint64_t entry_ds __attribute__((used));
static uint64_t entry_es __attribute__((used));
static int entry_skip;	/* bytes of the faulting instruction to step over */

static void __attribute__((used)) entry_handler(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;

	uc->uc_mcontext.gregs[REG_RIP] += entry_skip;
}

static void __attribute__((naked)) entry_stub(int sig, siginfo_t *si, void *uc)
{
	asm("mov %rax, entry_rax(%rip)\n\t"
	    "mov %ds, %eax\n\t"
	    "mov %rax, entry_ds(%rip)\n\t"
	    "mov %es, %eax\n\t"
	    "mov %rax, entry_es(%rip)\n\t"
	    "jmp entry_handler");
}

static void test_entry_rax(void)
{
	const char *what = "a handler entered on a fault starts with the interrupted rax";
	uint64_t rax = RAX_PATTERN;
	int ok = 1;

	set_action(SIGSEGV, entry_stub, 0);
	entry_rax = 0;
	entry_skip = 3;
	/* A load from 0x10 (48 8b 09: 3 bytes), with rax holding a pattern. */
	asm volatile("mov $0x10, %%ecx\n\t"
		     "mov (%%rcx), %%rcx"
		     : "+a" (rax) : : "rcx", "memory");
	signal(SIGSEGV, SIG_DFL);
	EXPECT(entry_rax == RAX_PATTERN,
	       "rax at the handler's entry was %#llx, expected the interrupted %#llx",
	       (unsigned long long)entry_rax, RAX_PATTERN);
	ksft_test_result(ok, "%s\n", what);
}

static void test_entry_segments(void)
{
	const char *what = "a handler starts with ds and es loaded with __USER_DS after the program nulled them";
	int ok = 1;

	set_action(SIGUSR1, entry_stub, 0);
	entry_ds = entry_es = 0xffff;
	entry_skip = 0;
	/* Null ds and es (valid in 64-bit mode), then kill(self) with x32's kill. */
	asm volatile("xor %%eax, %%eax\n\t"
		     "mov %%eax, %%ds\n\t"
		     "mov %%eax, %%es\n\t"
		     "mov %1, %%eax\n\t"
		     "syscall\n\t"
		     "mov %2, %%eax\n\t"
		     "mov %%eax, %%ds\n\t"
		     "mov %%eax, %%es"
		     : : "D" (getpid()), "i" (0x40000000 | 62), "i" (USER_DS), "S" (SIGUSR1)
		     : "rax", "rcx", "r11", "memory");
	signal(SIGUSR1, SIG_DFL);
	EXPECT(entry_ds == USER_DS && entry_es == USER_DS,
	       "ds %#llx and es %#llx at the handler's entry, expected __USER_DS (%#x)",
	       (unsigned long long)entry_ds, (unsigned long long)entry_es, USER_DS);
	ksft_test_result(ok, "%s\n", what);
}

static char alt_stack2[ALT_SIZE] __attribute__((aligned(16)));

static void uc_stack_handler(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;

	uc->uc_stack.ss_sp = alt_stack2;
	uc->uc_stack.ss_size = ALT_SIZE;
	uc->uc_stack.ss_flags = 0;
}

static void test_sigaltstack_uc_stack(void)
{
	const char *what = "a handler on the sigaltstack changes uc_stack, and rt_sigreturn installs it";
	stack_t ss = { .ss_sp = alt_stack, .ss_flags = 0, .ss_size = ALT_SIZE };
	stack_t off = { .ss_flags = SS_DISABLE };
	stack_t now;
	int ok = 1;

	if (sigaltstack(&ss, NULL)) {
		ksft_test_result(0, "%s # sigaltstack: %s\n", what, strerror(errno));
		return;
	}
	set_action(SIGUSR1, uc_stack_handler, SA_ONSTACK);
	raise(SIGUSR1);
	signal(SIGUSR1, SIG_DFL);
	sigaltstack(NULL, &now);
	sigaltstack(&off, NULL);
	EXPECT(now.ss_sp == alt_stack2 && now.ss_size == ALT_SIZE && now.ss_flags == 0,
	       "after rt_sigreturn the sigaltstack is %p size %zu flags %d, expected the handler's %p size %d flags 0",
	       now.ss_sp, now.ss_size, now.ss_flags, (void *)alt_stack2, ALT_SIZE);
	ksft_test_result(ok, "%s\n", what);
}

static void (*const tests[])(void) = {
	test_handler_returns,
	test_siginfo_ucontext,
	test_sigaltstack,
	test_sigaltstack_uc_stack,
	test_entry_rax,
	test_entry_segments,
	test_sigchld,
	test_nested,
	test_read_eintr,
	test_read_restart,
	test_sigprocmask_sigpending,
	test_kill_rt,
	test_sigqueue,
};

int main(void)
{
	alarm(30);
	ksft_print_header();
	ksft_set_plan(ARRAY_SIZE(tests));
	for (size_t i = 0; i < ARRAY_SIZE(tests); i++)
		tests[i]();
	ksft_finished();
}
