// SPDX-License-Identifier: GPL-2.0
/*
 * x32_ptrace - an x32 tracer.  Built -mx32 -static, this program calls
 * ptrace() through glibc's x32 port (x32's own number, 521), as an x32
 * gdb or strace does, and traces an x32 child (itself, forked) and a
 * 64-bit child (the guest's static busybox).
 *
 * x32 userland has the x86-64 user area: struct user_regs_struct and
 * struct user have 64-bit fields at the x86-64 offsets.  The tracer must
 * see them so: GETREGS/SETREGS, PEEKUSR/POKEUSR (x32 words, from cs on,
 * debug registers included), GETFPREGS/SETFPREGS, GETSIGINFO/SETSIGINFO
 * in the x32 siginfo layout, syscall stops with orig_rax as the tracee
 * issued it (bit 30 for x32), a rewritten syscall number taking effect
 * in whichever form the tracer writes it, a call restarted after a signal
 * handler keeping bit 30, and DETACH and KILL doing what they say.
 *
 * On a kernel without x32 the program does not start (ENOEXEC).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include "diag.h"
#include "../kselftest.h"

#define X32_BIT		0x40000000ULL
#define USER_CS		0x33
#define USER_DS		0x2b
#define UREG(field)	offsetof(struct user_regs_struct, field)
#define UDR(n)		offsetof(struct user, u_debugreg[n])

/* 64-bit numbers, as orig_rax shows them without bit 30. */
#define NR64_GETPID	39
#define NR64_GETPPID	110

/* Wait for @pid to stop or end; the status, or -1 after 10 s. */
static int wait_for(pid_t pid)
{
	int status;

	alarm(10);
	if (waitpid(pid, &status, __WALL) != pid)
		status = -1;
	alarm(0);
	return status;
}

static int stopped_by(int status, int sig)
{
	return status != -1 && WIFSTOPPED(status) && WSTOPSIG(status) == sig;
}

static const char *status_str(int status)
{
	char *s = diag_buf();

	if (status == -1)
		snprintf(s, 48, "no change in 10 s");
	else if (WIFEXITED(status))
		snprintf(s, 48, "exited %d", WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(s, 48, "killed by %s", sigabbrev_np(WTERMSIG(status)));
	else if (WIFSTOPPED(status))
		snprintf(s, 48, "stopped by %s (0x%x)", sigabbrev_np(WSTOPSIG(status) & 0x7f),
			 status >> 8);
	else
		snprintf(s, 48, "status 0x%x", status);
	return s;
}

/* Kill and reap a tracee that a failed test leaves behind. */
static void reap(pid_t pid)
{
	kill(pid, SIGKILL);
	wait_for(pid);
}

/*
 * The x32 child.  It stops itself, then makes the calls the tracer
 * watches; its exit status says what it saw.
 */
static volatile uint32_t watched;
static volatile long long sigchld_utime, sigchld_stime;

static void on_sigchld(int sig, siginfo_t *si, void *uc)
{
	sigchld_utime = si->si_utime;
	sigchld_stime = si->si_stime;
}

enum {
	CHILD_REWRITE,		/* getppid(), rewritten to getpid() */
	CHILD_WATCH,		/* a write to a watched word */
	CHILD_FPREGS,		/* MXCSR set by the tracer */
	CHILD_SIGINFO,		/* a SIGCHLD siginfo set by the tracer */
	CHILD_DETACH,		/* runs on after DETACH */
	CHILD_NUMBERS,		/* getppid() calls, each rewritten to another number */
	CHILD_RESTART,		/* a read interrupted by an SA_RESTART handler */
};

#define REWRITES	7	/* the calls CHILD_NUMBERS makes */

/* The pipe CHILD_RESTART reads, whose write end the tracer keeps. */
static int restart_pipe[2];
static volatile int handled;

static void on_sigusr1(int sig)
{
	handled = 1;
}

static void child(int what)
{
	struct sigaction sa = { .sa_sigaction = on_sigchld, .sa_flags = SA_SIGINFO };
	uint32_t mxcsr;
	long r;

	if (ptrace(PTRACE_TRACEME, 0, 0, 0))
		_exit(100);
	sigaction(SIGCHLD, &sa, NULL);
	raise(SIGSTOP);
	switch (what) {
	case CHILD_REWRITE:
		r = syscall(SYS_getppid);
		_exit(r == getpid() ? 42 : 43);
	case CHILD_WATCH:
		watched = 0x32;
		_exit(44);
	case CHILD_FPREGS:
		__asm__ volatile ("stmxcsr %0" : "=m" (mxcsr));
		_exit((mxcsr & 0x6000) == 0x6000 ? 45 : 46);
	case CHILD_SIGINFO:
		/* The tracer replaces this signal's siginfo. */
		raise(SIGCHLD);
		_exit(sigchld_utime == 0x100000001LL && sigchld_stime == 0x200000002LL ? 47 : 48);
	case CHILD_DETACH:
		_exit(49);
	case CHILD_NUMBERS:
		for (int i = 0; i < REWRITES; i++)
			syscall(SYS_getppid);
		_exit(50);
	case CHILD_RESTART: {
		struct sigaction su = { .sa_handler = on_sigusr1, .sa_flags = SA_RESTART };
		char buf[8];

		sigaction(SIGUSR1, &su, NULL);
		close(restart_pipe[1]);
		r = read(restart_pipe[0], buf, sizeof(buf));
		_exit(r == 4 && handled && !memcmp(buf, "more", 4) ? 51 : 52);
	}
	}
	_exit(101);
}

/* Fork an x32 child that stops at once; its pid, or -1. */
static pid_t start_child(int what)
{
	pid_t pid = fork();
	int status;

	if (pid == 0)
		child(what);
	if (pid < 0)
		return -1;
	status = wait_for(pid);
	if (!stopped_by(status, SIGSTOP)) {
		ksft_print_msg("child: %s, expected a SIGSTOP stop\n", status_str(status));
		reap(pid);
		return -1;
	}
	return pid;
}

/* A child running tracee64 (a 64-bit program), stopped after its exec (SIGTRAP). */
static pid_t start_child64(void)
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		if (ptrace(PTRACE_TRACEME, 0, 0, 0))
			_exit(100);
		execl(beside_self("tracee64"), "tracee64", (char *)NULL);
		_exit(102);
	}
	if (pid < 0)
		return -1;
	status = wait_for(pid);
	if (!stopped_by(status, SIGTRAP)) {
		ksft_print_msg("64-bit child: %s, expected a SIGTRAP stop after exec\n",
			       status_str(status));
		reap(pid);
		return -1;
	}
	return pid;
}

/* The registers of a stopped tracee, as GETREGS and PEEKUSR give them. */
static int check_regs(pid_t pid, const char *who)
{
	struct user_regs_struct regs;
	int ok = 1;
	long word;

	memset(&regs, 0xa5, sizeof(regs));
	EXPECT(ptrace(PTRACE_GETREGS, pid, 0, &regs) == 0,
	       "%s: PTRACE_GETREGS: %s", who, strerror(errno));
	EXPECT(regs.cs == USER_CS && regs.ss == USER_DS,
	       "%s: GETREGS cs 0x%llx ss 0x%llx, expected 0x%x 0x%x (the x86-64 layout)",
	       who, regs.cs, regs.ss, USER_CS, USER_DS);
	EXPECT(regs.rip && regs.rsp && (regs.eflags & 0x200),
	       "%s: GETREGS rip 0x%llx rsp 0x%llx eflags 0x%llx, expected a user context",
	       who, regs.rip, regs.rsp, regs.eflags);
	errno = 0;
	word = ptrace(PTRACE_PEEKUSER, pid, UREG(cs), 0);
	EXPECT(errno == 0 && word == USER_CS,
	       "%s: PEEKUSER cs (offset %zu): %ld (%s), expected 0x%x",
	       who, UREG(cs), word, ename(errno), USER_CS);
	errno = 0;
	word = ptrace(PTRACE_PEEKUSER, pid, UREG(ss), 0);
	EXPECT(errno == 0 && word == USER_DS,
	       "%s: PEEKUSER ss (offset %zu): %ld (%s), expected 0x%x",
	       who, UREG(ss), word, ename(errno), USER_DS);
	return ok;
}

static void test_regs_x32(void)
{
	pid_t pid = start_child(CHILD_DETACH);
	int ok;

	if (pid < 0) {
		ksft_test_result(0,
				 "GETREGS and PEEKUSER of an x32 tracee give the x86-64 user area\n");
		return;
	}
	ok = check_regs(pid, "x32 tracee");
	reap(pid);
	ksft_test_result(ok, "GETREGS and PEEKUSER of an x32 tracee give the x86-64 user area\n");
}

static void test_regs_64(void)
{
	pid_t pid = start_child64();
	int ok;

	if (pid < 0) {
		ksft_test_result(0,
				 "GETREGS and PEEKUSER of a 64-bit tracee give the x86-64 user area\n");
		return;
	}
	ok = check_regs(pid, "64-bit tracee");
	reap(pid);
	ksft_test_result(ok, "GETREGS and PEEKUSER of a 64-bit tracee give the x86-64 user area\n");
}

/*
 * PEEKUSER and POKEUSER move 32-bit words from cs on; the general
 * registers before cs are GETREGS' and SETREGS' (EIO), as x32 tracers have
 * always had them.
 */
static void test_peekuser_range(void)
{
	pid_t pid = start_child(CHILD_DETACH);
	int ok = 1;
	long word;

	if (pid < 0) {
		ksft_test_result(0,
				 "PEEKUSER/POKEUSER below cs, unaligned or past struct user: EIO\n");
		return;
	}
	errno = 0;
	word = ptrace(PTRACE_PEEKUSER, pid, UREG(r15), 0);
	EXPECT(word == -1 && errno == EIO, "PEEKUSER r15: %ld (%s), expected EIO",
	       word, ename(errno));
	errno = 0;
	word = ptrace(PTRACE_PEEKUSER, pid, UREG(cs) + 4, 0);
	EXPECT(word == -1 && errno == EIO, "PEEKUSER cs+4: %ld (%s), expected EIO",
	       word, ename(errno));
	/* The kernel's struct user is a little longer than libc's: far past it. */
	errno = 0;
	word = ptrace(PTRACE_PEEKUSER, pid, 4096, 0);
	EXPECT(word == -1 && errno == EIO, "PEEKUSER 4096: %ld (%s), expected EIO",
	       word, ename(errno));
	errno = 0;
	EXPECT(ptrace(PTRACE_POKEUSER, pid, UREG(rax), 1) == -1 && errno == EIO,
	       "POKEUSER rax: errno %s, expected EIO", ename(errno));
	reap(pid);
	ksft_test_result(ok, "PEEKUSER/POKEUSER below cs, unaligned or past struct user: EIO\n");
}

/*
 * A hardware watchpoint set through POKEUSER of the debug registers: the
 * child's write to the word stops it with SIGTRAP.
 */
static void test_debugregs(void)
{
	/* DR7: local enable of DR0, break on writes (RW 01), 4 bytes (LEN 11). */
	const unsigned long dr7 = 0x1 | (0x1UL << 16) | (0x3UL << 18);
	pid_t pid = start_child(CHILD_WATCH);
	int ok = 1, status;
	long word;

	if (pid < 0) {
		ksft_test_result(0, "POKEUSER of u_debugreg sets a watchpoint that fires\n");
		return;
	}
	EXPECT(ptrace(PTRACE_POKEUSER, pid, UDR(0), (void *)&watched) == 0,
	       "POKEUSER u_debugreg[0]: %s, expected 0", strerror(errno));
	EXPECT(ptrace(PTRACE_POKEUSER, pid, UDR(7), (void *)dr7) == 0,
	       "POKEUSER u_debugreg[7]: %s, expected 0", strerror(errno));
	errno = 0;
	word = ptrace(PTRACE_PEEKUSER, pid, UDR(0), 0);
	EXPECT(errno == 0 && word == (long)&watched,
	       "PEEKUSER u_debugreg[0]: 0x%lx (%s), expected %p", word, ename(errno), &watched);
	errno = 0;
	word = ptrace(PTRACE_PEEKUSER, pid, UDR(7), 0);
	EXPECT(errno == 0 && (word & dr7) == (long)dr7,
	       "PEEKUSER u_debugreg[7]: 0x%lx (%s), expected the bits 0x%lx", word,
	       ename(errno), dr7);
	if (ok) {
		ptrace(PTRACE_CONT, pid, 0, 0);
		status = wait_for(pid);
		EXPECT(stopped_by(status, SIGTRAP),
		       "after the write to the watched word: %s, expected a SIGTRAP stop",
		       status_str(status));
		errno = 0;
		word = ptrace(PTRACE_PEEKUSER, pid, UDR(6), 0);
		EXPECT(errno == 0 && (word & 1),
		       "PEEKUSER u_debugreg[6]: 0x%lx (%s), expected B0 (bit 0) set", word,
		       ename(errno));
	}
	reap(pid);
	ksft_test_result(ok, "POKEUSER of u_debugreg sets a watchpoint that fires\n");
}

/*
 * Syscall stops: orig_rax is the number as issued, 0x40000000 | 110 for
 * an x32 getppid(); SETREGS rewrites it to getpid(), and the child sees
 * its own pid.
 */
static void test_syscall_rewrite(void)
{
	pid_t pid = start_child(CHILD_REWRITE);
	struct user_regs_struct regs;
	int ok = 1, status;

	if (pid < 0) {
		ksft_test_result(0,
				 "x32 syscall stop shows orig_rax 0x40000000|getppid; rewritten to getpid it runs getpid\n");
		return;
	}
	/* glibc may make other calls first: go to the one with getppid's number. */
	for (int i = 0; i < 20; i++) {
		ptrace(PTRACE_SYSCALL, pid, 0, 0);
		status = wait_for(pid);
		if (!stopped_by(status, SIGTRAP) ||
		    ptrace(PTRACE_GETREGS, pid, 0, &regs) ||
		    (regs.orig_rax & ~X32_BIT) == NR64_GETPPID)
			break;
		/* The exit stop of that other call. */
		ptrace(PTRACE_SYSCALL, pid, 0, 0);
		wait_for(pid);
	}
	EXPECT(stopped_by(status, SIGTRAP), "child: %s, expected a syscall stop",
	       status_str(status));
	EXPECT(regs.orig_rax == (X32_BIT | NR64_GETPPID),
	       "orig_rax at the entry of getppid: 0x%llx, expected 0x%llx",
	       regs.orig_rax, X32_BIT | NR64_GETPPID);
	if (ok) {
		regs.orig_rax = X32_BIT | NR64_GETPID;
		EXPECT(ptrace(PTRACE_SETREGS, pid, 0, &regs) == 0,
		       "PTRACE_SETREGS: %s", strerror(errno));
		ptrace(PTRACE_SYSCALL, pid, 0, 0);
		status = wait_for(pid);
		memset(&regs, 0, sizeof(regs));
		ptrace(PTRACE_GETREGS, pid, 0, &regs);
		EXPECT(stopped_by(status, SIGTRAP) && regs.rax == (unsigned long long)pid &&
		       regs.orig_rax == (X32_BIT | NR64_GETPID),
		       "syscall exit: %s, rax %lld orig_rax 0x%llx; expected rax %d (getpid)",
		       status_str(status), regs.rax, regs.orig_rax, pid);
		ptrace(PTRACE_CONT, pid, 0, 0);
		status = wait_for(pid);
		EXPECT(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 42,
		       "child: %s, expected exit 42 (getppid returned its own pid)",
		       status_str(status));
	}
	if (!ok)
		reap(pid);
	ksft_test_result(ok,
			 "x32 syscall stop shows orig_rax 0x40000000|getppid; rewritten to getpid it runs getpid\n");
}

/*
 * A tracer may rewrite orig_rax to any number: the kernel runs what it
 * finds there, in either form.  Each of the child's x32 getppid() calls
 * becomes another call; the exit stop shows its result.
 */
static void test_syscall_numbers(void)
{
	const char *what = "orig_rax rewritten at entry: x32 and 64-bit forms of shared calls run, x32's own numbers only with bit 30, 64-only numbers only without it";
	const struct {
		unsigned long long nr, rdi;
		long long want;		/* 0: the tracee's pid */
		const char *name;
	} cases[REWRITES] = {
		{ X32_BIT | NR64_GETPID, 0, 0, "getpid with bit 30 (shared)" },
		{ NR64_GETPID, 0, 0, "getpid without bit 30 (shared, 64-bit form)" },
		{ X32_BIT | 514, -1ULL, -EBADF, "x32's ioctl 514 | bit 30 on fd -1" },
		{ 514, -1ULL, -ENOSYS, "514 without bit 30" },
		{ X32_BIT | 16, -1ULL, -ENOSYS, "x86-64's ioctl 16 with bit 30" },
		{ X32_BIT | 1000, 0, -ENOSYS, "an invalid number with bit 30" },
		{ -1ULL, 0, -ENOSYS, "-1 (the tracer skips the call)" },
	};
	struct user_regs_struct regs;
	pid_t pid = start_child(CHILD_NUMBERS);
	int ok = 1, status, n = 0;
	long long want;

	if (pid < 0) {
		ksft_test_result(0, "%s\n", what);
		return;
	}
	while (n < REWRITES) {
		ptrace(PTRACE_SYSCALL, pid, 0, 0);
		status = wait_for(pid);
		if (!stopped_by(status, SIGTRAP) || ptrace(PTRACE_GETREGS, pid, 0, &regs))
			break;
		if (regs.orig_rax != (X32_BIT | NR64_GETPPID)) {
			/* Another call of glibc's: its exit stop. */
			ptrace(PTRACE_SYSCALL, pid, 0, 0);
			wait_for(pid);
			continue;
		}
		regs.orig_rax = cases[n].nr;
		regs.rdi = cases[n].rdi;
		ptrace(PTRACE_SETREGS, pid, 0, &regs);
		ptrace(PTRACE_SYSCALL, pid, 0, 0);
		status = wait_for(pid);
		if (!stopped_by(status, SIGTRAP) || ptrace(PTRACE_GETREGS, pid, 0, &regs))
			break;
		want = cases[n].want;
		if (!want)
			want = pid;
		EXPECT((long long)regs.rax == want, "%s: rax %s, expected %s", cases[n].name,
		       raw_rstr(regs.rax), raw_rstr(want));
		n++;
	}
	EXPECT(n == REWRITES, "%d of %d calls rewritten; then: %s", n, REWRITES,
	       status_str(status));
	if (n == REWRITES) {
		ptrace(PTRACE_CONT, pid, 0, 0);
		status = wait_for(pid);
		EXPECT(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 50,
		       "child: %s, expected exit 50", status_str(status));
	}
	if (!ok)
		reap(pid);
	ksft_test_result(ok, "%s\n", what);
}

/*
 * PTRACE_SYSCALL across a signal: an x32 read interrupted by a handler
 * with SA_RESTART exits with -ERESTARTSYS, the handler runs and returns
 * through x32's rt_sigreturn (513), and the read enters again with bit
 * 30 in orig_rax.
 */
static void test_syscall_restart(void)
{
	const char *what = "PTRACE_SYSCALL: a read interrupted by an SA_RESTART handler restarts with bit 30 (rt_sigreturn 513, then read again)";
	unsigned long long after[4] = { 0 };
	struct user_regs_struct regs;
	int ok = 1, status, stops, entry = 0, interrupted = 0, nafter = 0, sig = 0;
	pid_t pid;

	if (pipe(restart_pipe)) {
		ksft_test_result(0, "%s # pipe: %s\n", what, strerror(errno));
		return;
	}
	pid = start_child(CHILD_RESTART);
	close(restart_pipe[0]);
	if (pid < 0) {
		close(restart_pipe[1]);
		ksft_test_result(0, "%s\n", what);
		return;
	}
	ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACESYSGOOD);
	for (stops = 0; stops < 100; stops++) {
		ptrace(PTRACE_SYSCALL, pid, 0, sig);
		sig = 0;
		status = wait_for(pid);
		if (status == -1 || !WIFSTOPPED(status))
			break;
		if (WSTOPSIG(status) != (SIGTRAP | 0x80)) {
			sig = WSTOPSIG(status);		/* delivered: SIGUSR1 */
			continue;
		}
		if (ptrace(PTRACE_GETREGS, pid, 0, &regs))
			break;
		entry = !entry;
		if (entry && !interrupted && regs.orig_rax == X32_BIT) {
			/* The read (x32's 0): interrupt it. */
			kill(pid, SIGUSR1);
		} else if (!entry && regs.orig_rax == X32_BIT && (long long)regs.rax == -512) {
			interrupted = 1;		/* -ERESTARTSYS */
		} else if (entry && interrupted && nafter < 4) {
			after[nafter++] = regs.orig_rax;
			/* The second is the read again (whatever its number says). */
			if (nafter == 2 && write(restart_pipe[1], "more", 4) != 4)
				break;
		}
	}
	close(restart_pipe[1]);
	EXPECT(interrupted, "no exit stop of the read with -ERESTARTSYS (-512)");
	EXPECT(nafter >= 2 && after[0] == (X32_BIT | 513) && after[1] == X32_BIT,
	       "entries after the interruption: %#llx %#llx, expected %#llx (rt_sigreturn) %#llx (read)",
	       after[0], after[1], X32_BIT | 513, X32_BIT);
	EXPECT(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 51,
	       "child: %s, expected exit 51 (the read returned what the tracer wrote)",
	       status_str(status));
	if (!ok)
		reap(pid);
	ksft_test_result(ok, "%s\n", what);
}

/* A 64-bit tracee's syscall stops show native numbers, without bit 30. */
static void test_syscall_64(void)
{
	struct user_regs_struct regs;
	pid_t pid = start_child64();
	int ok = 1, status, stops = 0;

	if (pid < 0) {
		ksft_test_result(0,
				 "a 64-bit tracee's syscall stops show native numbers and it runs to exit 0\n");
		return;
	}
	for (;;) {
		ptrace(PTRACE_SYSCALL, pid, 0, 0);
		status = wait_for(pid);
		if (!stopped_by(status, SIGTRAP))
			break;
		if (ptrace(PTRACE_GETREGS, pid, 0, &regs) == 0 && (stops++ & 1) == 0)
			EXPECT(regs.orig_rax < 512,
			       "64-bit tracee: orig_rax 0x%llx at a syscall entry, expected a native number",
			       regs.orig_rax);
		if (stops > 200)
			break;
	}
	EXPECT(stops >= 2, "64-bit tracee: %d syscall stops, expected some", stops);
	EXPECT(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0,
	       "64-bit tracee: %s, expected exit 0", status_str(status));
	if (!ok)
		reap(pid);
	ksft_test_result(ok,
			 "a 64-bit tracee's syscall stops show native numbers and it runs to exit 0\n");
}

/* GETFPREGS: the 512-byte fxsave area; SETFPREGS changes the child's MXCSR. */
static void test_fpregs(void)
{
	pid_t pid = start_child(CHILD_FPREGS);
	struct user_fpregs_struct fp;
	int ok = 1, status;

	if (pid < 0) {
		ksft_test_result(0, "GETFPREGS gives the fxsave area, SETFPREGS sets MXCSR\n");
		return;
	}
	memset(&fp, 0xa5, sizeof(fp));
	EXPECT(ptrace(PTRACE_GETFPREGS, pid, 0, &fp) == 0,
	       "PTRACE_GETFPREGS: %s", strerror(errno));
	EXPECT(fp.cwd == 0x37f && (fp.mxcsr & 0xffff) == 0x1f80,
	       "GETFPREGS cwd 0x%x mxcsr 0x%x, expected the defaults 0x37f 0x1f80",
	       fp.cwd, fp.mxcsr);
	if (ok) {
		fp.mxcsr |= 0x6000;	/* round toward zero */
		EXPECT(ptrace(PTRACE_SETFPREGS, pid, 0, &fp) == 0,
		       "PTRACE_SETFPREGS: %s", strerror(errno));
		ptrace(PTRACE_CONT, pid, 0, 0);
		status = wait_for(pid);
		EXPECT(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 45,
		       "child: %s, expected exit 45 (it read the MXCSR set)", status_str(status));
	}
	if (!ok)
		reap(pid);
	ksft_test_result(ok, "GETFPREGS gives the fxsave area, SETFPREGS sets MXCSR\n");
}

/*
 * GETSIGINFO of the SIGSTOP stop; SETSIGINFO replaces the siginfo of a
 * SIGCHLD with x32's layout (64-bit si_utime and si_stime) and the child's
 * handler gets those times.
 */
static void test_siginfo(void)
{
	pid_t pid = start_child(CHILD_SIGINFO);
	int ok = 1, status;
	siginfo_t si;

	if (pid < 0) {
		ksft_test_result(0,
				 "GETSIGINFO and SETSIGINFO in the x32 layout, SIGCHLD times 64-bit\n");
		return;
	}
	memset(&si, 0, sizeof(si));
	EXPECT(ptrace(PTRACE_GETSIGINFO, pid, 0, &si) == 0,
	       "PTRACE_GETSIGINFO: %s", strerror(errno));
	EXPECT(si.si_signo == SIGSTOP && si.si_code == SI_TKILL && si.si_pid == pid,
	       "GETSIGINFO signo %d code %d pid %d, expected SIGSTOP SI_TKILL %d",
	       si.si_signo, si.si_code, si.si_pid, pid);
	ptrace(PTRACE_CONT, pid, 0, 0);
	status = wait_for(pid);
	EXPECT(stopped_by(status, SIGCHLD), "child: %s, expected a SIGCHLD stop",
	       status_str(status));
	if (ok) {
		memset(&si, 0, sizeof(si));
		si.si_signo = SIGCHLD;
		si.si_code = CLD_EXITED;
		si.si_pid = 1;
		si.si_status = 3;
		si.si_utime = 0x100000001LL;
		si.si_stime = 0x200000002LL;
		EXPECT(ptrace(PTRACE_SETSIGINFO, pid, 0, &si) == 0,
		       "PTRACE_SETSIGINFO: %s", strerror(errno));
		memset(&si, 0, sizeof(si));
		ptrace(PTRACE_GETSIGINFO, pid, 0, &si);
		EXPECT(si.si_utime == 0x100000001LL && si.si_stime == 0x200000002LL,
		       "GETSIGINFO after SETSIGINFO: si_utime 0x%llx si_stime 0x%llx, expected 0x100000001 0x200000002",
		       (long long)si.si_utime, (long long)si.si_stime);
		ptrace(PTRACE_CONT, pid, 0, SIGCHLD);
		status = wait_for(pid);
		EXPECT(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 47,
		       "child: %s, expected exit 47 (its handler got the times set)",
		       status_str(status));
	}
	if (!ok)
		reap(pid);
	ksft_test_result(ok, "GETSIGINFO and SETSIGINFO in the x32 layout, SIGCHLD times 64-bit\n");
}

static void test_detach(void)
{
	pid_t pid = start_child(CHILD_DETACH);
	int ok = 1, status;

	if (pid < 0) {
		ksft_test_result(0, "PTRACE_DETACH lets the x32 tracee run to its end\n");
		return;
	}
	EXPECT(ptrace(PTRACE_DETACH, pid, 0, 0) == 0, "PTRACE_DETACH: %s", strerror(errno));
	status = wait_for(pid);
	EXPECT(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 49,
	       "detached child: %s, expected exit 49", status_str(status));
	if (!ok)
		reap(pid);
	ksft_test_result(ok, "PTRACE_DETACH lets the x32 tracee run to its end\n");
}

static void test_kill(void)
{
	pid_t pid = start_child64();
	int ok = 1, status;

	if (pid < 0) {
		ksft_test_result(0, "PTRACE_KILL ends a stopped tracee with SIGKILL\n");
		return;
	}
	EXPECT(ptrace(PTRACE_KILL, pid, 0, 0) == 0, "PTRACE_KILL: %s", strerror(errno));
	status = wait_for(pid);
	EXPECT(status != -1 && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
	       "tracee: %s, expected killed by SIGKILL", status_str(status));
	if (!ok)
		reap(pid);
	ksft_test_result(ok, "PTRACE_KILL ends a stopped tracee with SIGKILL\n");
}

static void (*const tests[])(void) = {
	test_regs_x32,
	test_regs_64,
	test_peekuser_range,
	test_debugregs,
	test_syscall_rewrite,
	test_syscall_64,
	test_syscall_numbers,
	test_syscall_restart,
	test_fpregs,
	test_siginfo,
	test_detach,
	test_kill,
};

int main(void)
{
	if (sizeof(void *) != 4) {
		ksft_print_header();
		ksft_set_plan(1);
		ksft_test_result(0, "x32_ptrace is built -mx32 # sizeof(void *) %zu\n",
				 sizeof(void *));
		ksft_finished();
	}
	ksft_print_header();
	ksft_set_plan(ARRAY_SIZE(tests));
	for (size_t i = 0; i < ARRAY_SIZE(tests); i++)
		tests[i]();
	ksft_finished();
}
