// SPDX-License-Identifier: GPL-2.0
/*
 * x32_trace - the tracer and seccomp see bit 30: an x32 call shows up as
 * the caller issued it, 0x40000000 | nr, in a ptrace tracer's orig_rax, in
 * PTRACE_GET_SYSCALL_INFO and in a seccomp filter's seccomp_data.nr, while
 * the architecture is AUDIT_ARCH_X86_64 as for a native call.
 *
 * What that means for a seccomp filter: checking the arch does not tell
 * x32 from x86-64, and x32 reaches the native handler of every number it
 * shares.  A deny-list that matches native numbers only (nr == 39) lets
 * the x32 form of the same call (39 | 0x40000000) through.  After the arch
 * check, a filter must test nr & 0x40000000 (X32_SYSCALL_BIT) and either
 * deny every call with the bit set (what most sandboxes do) or match both
 * forms of each number it denies, plus the x32-only numbers 512..547.  An
 * allow-list of exact numbers is safe: no x32 number equals a native one.
 * The filter results show the pitfall and both ways out of it.
 *
 * On a kernel without x32 the traced or filtered x32 getpid returns
 * -ENOSYS, so the results that claim it returns the pid fail there; the
 * tracer and the filter still see bit 30, so those results pass.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/ptrace.h>
#include <linux/seccomp.h>

#include "diag.h"
#include "../kselftest.h"
#include "x32_syscall.h"

#ifndef PTRACE_GET_SYSCALL_INFO
#define PTRACE_GET_SYSCALL_INFO		0x420e
#define PTRACE_SYSCALL_INFO_ENTRY	1
struct ptrace_syscall_info {
	uint8_t op;
	uint8_t pad[3];
	uint32_t arch;
	uint64_t instruction_pointer;
	uint64_t stack_pointer;
	struct {
		uint64_t nr;
		uint64_t args[6];
	} entry;
};
#endif

#define X32_GETPID		(__NR_getpid | X32_SYSCALL_BIT)
#define MAX_STOPS		200
#define TRACEME_FAILED		3	/* the tracee's exit status */

/* What the tracer saw of the tracee's x32 getpid. */
struct trace_report {
	const char *setup_error;	/* the tracing could not be done */
	int setup_errno;
	int traceme_errno;		/* PTRACE_TRACEME was refused */
	int stops;			/* syscall stops seen */
	int entered, exited;		/* saw its entry, its exit stop */
	unsigned long long entry_orig_rax, exit_rax;
	long info_ret;			/* PTRACE_GET_SYSCALL_INFO at entry */
	int info_errno;
	struct ptrace_syscall_info info;
};

/* The tracee: stop for the tracer, then one x32 getpid. */
static void __attribute__((noreturn)) tracee(int errfd)
{
	int e;

	if (ptrace(PTRACE_TRACEME, 0, 0, 0)) {
		e = errno;
		if (write(errfd, &e, sizeof(e)) != sizeof(e))
			_exit(2);
		_exit(TRACEME_FAILED);
	}
	raise(SIGSTOP);
	raw_syscall0(X32_GETPID);
	_exit(0);
}

/* At the tracee's x32 syscall-entry stop: what the tracer can read. */
static void read_entry(pid_t pid, struct trace_report *r)
{
	memset(&r->info, 0, sizeof(r->info));
	errno = 0;
	r->info_ret = ptrace(PTRACE_GET_SYSCALL_INFO, pid,
			     (void *)sizeof(r->info), &r->info);
	r->info_errno = r->info_ret < 0 ? errno : 0;
}

/*
 * Step the tracee with PTRACE_SYSCALL until the first stop whose orig_rax
 * has bit 30 (its entry: the exit of a call cannot come before it), then to
 * the next syscall stop (its exit).  Bounded; the tracee is killed at the
 * end whatever happened.
 */
static void trace_x32_getpid(pid_t pid, struct trace_report *r)
{
	struct user_regs_struct regs;
	int status, sig = 0;

	if (waitpid(pid, &status, 0) != pid) {
		r->setup_error = "waitpid for the tracee's SIGSTOP failed";
		r->setup_errno = errno;
		return;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == TRACEME_FAILED) {
		r->setup_error = "PTRACE_TRACEME failed";
		return;
	}
	if (!WIFSTOPPED(status) || WSTOPSIG(status) != SIGSTOP) {
		r->setup_error = "the tracee did not stop with SIGSTOP";
		return;
	}
	if (ptrace(PTRACE_SETOPTIONS, pid, 0,
		   PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL)) {
		r->setup_error = "PTRACE_SETOPTIONS failed";
		r->setup_errno = errno;
		return;
	}
	while (r->stops < MAX_STOPS) {
		if (ptrace(PTRACE_SYSCALL, pid, 0, sig) ||
		    waitpid(pid, &status, 0) != pid || !WIFSTOPPED(status))
			return;
		sig = 0;
		if (WSTOPSIG(status) != (SIGTRAP | 0x80)) {
			sig = WSTOPSIG(status);	/* a signal: pass it on */
			continue;
		}
		r->stops++;
		if (ptrace(PTRACE_GETREGS, pid, 0, &regs))
			return;
		if (!r->entered) {
			if (!(regs.orig_rax & X32_SYSCALL_BIT))
				continue;
			r->entered = 1;
			r->entry_orig_rax = regs.orig_rax;
			read_entry(pid, r);
		} else {
			r->exited = 1;
			r->exit_rax = regs.rax;
			return;
		}
	}
}

static void test_ptrace(void)
{
	const char *what_entry = "tracer sees orig_rax with bit 30 at syscall entry";
	const char *what_exit = "the traced x32 getpid returns the pid";
	const char *what_info = "PTRACE_GET_SYSCALL_INFO at the entry stop gives AUDIT_ARCH_X86_64 and nr with bit 30";
	struct trace_report r = { 0 };
	int pfd[2], ok;
	pid_t pid;

	pid = pipe(pfd) ? -1 : fork();
	if (pid < 0) {
		ksft_test_result(0, "%s # fork/pipe: %s\n", what_entry, strerror(errno));
		ksft_test_result(0, "%s # fork/pipe: %s\n", what_exit, strerror(errno));
		ksft_test_result(0, "%s # fork/pipe: %s\n", what_info, strerror(errno));
		return;
	}
	if (pid == 0) {
		close(pfd[0]);
		alarm(10);
		tracee(pfd[1]);
	}
	close(pfd[1]);
	trace_x32_getpid(pid, &r);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	if (r.setup_error &&
	    read(pfd[0], &r.traceme_errno, sizeof(int)) == sizeof(int)) {
		/* Not allowed to trace here: the claims cannot be tested. */
		close(pfd[0]);
		ksft_test_result_skip("%s (PTRACE_TRACEME: %s)\n",
				      what_entry, strerror(r.traceme_errno));
		ksft_test_result_skip("%s (PTRACE_TRACEME: %s)\n",
				      what_exit, strerror(r.traceme_errno));
		ksft_test_result_skip("%s (PTRACE_TRACEME: %s)\n",
				      what_info, strerror(r.traceme_errno));
		return;
	}
	close(pfd[0]);
	if (r.setup_error)
		ksft_print_msg("%s (%s)\n", r.setup_error, strerror(r.setup_errno));

	ok = r.entered && r.entry_orig_rax == X32_GETPID;
	if (!ok && r.entered)
		ksft_print_msg("orig_rax at entry was %#llx, expected %#lx\n",
			       r.entry_orig_rax, X32_GETPID);
	else if (!ok)
		ksft_print_msg("no syscall-entry stop with bit 30 in orig_rax in %d syscall stops\n",
			       r.stops);
	ksft_test_result(ok, "%s\n", what_entry);

	ok = r.exited && r.exit_rax == (unsigned long long)pid;
	if (!ok && r.exited)
		ksft_print_msg("rax at exit was %s, expected the pid %d\n",
			       raw_rstr((long)r.exit_rax), pid);
	else if (!ok)
		ksft_print_msg("no syscall-exit stop after the x32 getpid's entry\n");
	ksft_test_result(ok, "%s\n", what_exit);

	if (!r.entered) {
		ksft_test_result(0, "%s # no entry stop to ask at\n", what_info);
	} else if (r.info_ret < 0 && (r.info_errno == EIO || r.info_errno == EINVAL)) {
		ksft_test_result_skip("%s (the kernel refuses it: %s)\n",
				      what_info, strerror(r.info_errno));
	} else {
		ok = r.info_ret > 0 && r.info.op == PTRACE_SYSCALL_INFO_ENTRY &&
		     r.info.arch == AUDIT_ARCH_X86_64 &&
		     r.info.entry.nr == X32_GETPID;
		if (!ok)
			ksft_print_msg("returned %ld (%s): op %u arch %#x nr %#llx; expected op %d arch %#x nr %#lx\n",
				       r.info_ret, strerror(r.info_errno), r.info.op,
				       r.info.arch, (unsigned long long)r.info.entry.nr,
				       PTRACE_SYSCALL_INFO_ENTRY, AUDIT_ARCH_X86_64, X32_GETPID);
		ksft_test_result(ok, "%s\n", what_info);
	}
}

/* A filter: for x86-64 (which x32 is, to seccomp) calls whose number,
 * and-ed with @mask, is @nr fail with @err; everything else is allowed.
 */
static long install_filter(uint32_t mask, uint32_t nr, uint16_t err)
{
	struct sock_filter insns[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 0, 4),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_STMT(BPF_ALU | BPF_AND | BPF_K, mask),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | err),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {
		.len = ARRAY_SIZE(insns),
		.filter = insns,
	};

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return -errno;
	if (syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog))
		return -errno;
	return 0;
}

/* What a child saw of getpid under a filter. */
struct filter_report {
	long pid;	/* native getpid before the filter */
	long install;	/* 0 or -errno */
	long x32;	/* x32 getpid under the filter */
	long native;	/* native getpid under the filter */
};

/*
 * In a child (the filter stays there): install a filter denying @nr (under
 * @mask) with @err, then issue both getpids.  Returns 0 with @rep filled, or -1 after a
 * diagnostic.
 */
static int getpid_under_filter(uint32_t mask, uint32_t nr, uint16_t err,
			       struct filter_report *rep)
{
	int pfd[2], status;
	ssize_t got;
	pid_t pid;

	pid = pipe(pfd) ? -1 : fork();
	if (pid < 0) {
		ksft_print_msg("fork/pipe: %s\n", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		struct filter_report r = { 0 };

		close(pfd[0]);
		alarm(10);
		r.pid = raw_syscall0(__NR_getpid);
		r.install = install_filter(mask, nr, err);
		if (!r.install) {
			r.x32 = raw_syscall0(X32_GETPID);
			r.native = raw_syscall0(__NR_getpid);
		}
		_exit(write(pfd[1], &r, sizeof(r)) == sizeof(r) ? 0 : 3);
	}
	close(pfd[1]);
	got = read(pfd[0], rep, sizeof(*rep));
	close(pfd[0]);
	waitpid(pid, &status, 0);
	if (got == sizeof(*rep))
		return 0;
	ksft_print_msg("the filtered child did not report (status %#x)\n", status);
	return -1;
}

/* One filter, one result: x32 getpid should give @want_x32, native getpid
 * @want_native (0 standing for the child's pid).
 */
static void check_filter(const char *what, uint32_t mask, uint32_t nr, uint16_t err,
			 long want_x32, long want_native)
{
	struct filter_report r;
	int ok;

	if (getpid_under_filter(mask, nr, err, &r)) {
		ksft_test_result(0, "%s\n", what);
		return;
	}
	if (r.install) {
		ksft_test_result_skip("%s (seccomp filter not installed: %s)\n",
				      what, raw_rstr(r.install));
		return;
	}
	if (!want_x32)
		want_x32 = r.pid;
	if (!want_native)
		want_native = r.pid;
	ok = r.x32 == want_x32 && r.native == want_native;
	if (!ok)
		ksft_print_msg("filter on nr & %#x == %#x: x32 getpid returned %s, native getpid %s; expected %s and %s\n",
			       mask, nr, raw_rstr(r.x32), raw_rstr(r.native), raw_rstr(want_x32),
			       raw_rstr(want_native));
	ksft_test_result(ok, "%s\n", what);
}

/*
 * A 64-bit tracer and a real x32 program: trace /selftests/x32_hello
 * through its exec and its system calls.  The tracer's GETREGS is the
 * 64-bit register view; every call the program makes has bit 30 in
 * orig_rax, and the write of its greeting is one of them.
 */
#define X32_HELLO	beside_self("x32_hello")

static void test_trace_x32_elf(void)
{
	int status, stops = 0, x32_calls = 0, other_calls = 0, saw_write = 0;
	struct user_regs_struct regs;
	pid_t pid;

	if (access(X32_HELLO, X_OK)) {
		ksft_test_result_skip("a 64-bit tracer sees an x32 program's calls with bit 30 (no %s)\n", X32_HELLO);
		return;
	}
	pid = fork();
	if (pid == 0) {
		char *argv[] = { X32_HELLO, NULL };
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0)
			dup2(null, STDOUT_FILENO);
		if (ptrace(PTRACE_TRACEME, 0, 0, 0))
			_exit(TRACEME_FAILED);
		raise(SIGSTOP);
		execv(X32_HELLO, argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFSTOPPED(status)) {
		ksft_test_result(0,
				 "a 64-bit tracer sees an x32 program's calls with bit 30 # no first stop (%#x)\n", status);
		return;
	}
	ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL);
	/* orig_rax is the number at both the entry and the exit stop. */
	for (; stops < 4 * MAX_STOPS; stops++) {
		if (ptrace(PTRACE_SYSCALL, pid, 0, 0) || waitpid(pid, &status, 0) != pid)
			break;
		if (WIFEXITED(status) || WIFSIGNALED(status))
			break;
		if (!WIFSTOPPED(status) || WSTOPSIG(status) != (SIGTRAP | 0x80))
			continue;
		if (!ptrace(PTRACE_GETREGS, pid, 0, &regs)) {
			if (regs.orig_rax & X32_SYSCALL_BIT) {
				x32_calls++;
				if ((regs.orig_rax & ~X32_SYSCALL_BIT) == __NR_write)
					saw_write = 1;
			} else if (x32_calls) {
				other_calls++;
			}
		}
	}
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	if (!x32_calls || other_calls || !saw_write)
		ksft_print_msg("x32 calls %d, calls without bit 30 after them %d, write seen %d\n",
			       x32_calls, other_calls, saw_write);
	ksft_test_result(x32_calls && !other_calls && saw_write,
			 "a 64-bit tracer sees an x32 program's calls with bit 30\n");
}

int main(void)
{
	alarm(20);
	ksft_print_header();
	x32_require(x32_syscalls_work());
	ksft_set_plan(8);

	test_ptrace();
	test_trace_x32_elf();
	check_filter("a seccomp filter matching on the number sees bit 30",
		     ~0U, X32_GETPID, 77, -77, 0);
	check_filter("a deny-list on native numbers does not match x32 numbers (filters must check bit 30)",
		     ~0U, __NR_getpid, 78, 0, -78);
	check_filter("a filter denying every number with bit 30 stops x32 calls and no native one",
		     X32_SYSCALL_BIT, X32_SYSCALL_BIT, 79, -79, 0);
	check_filter("a deny-list matching nr & ~bit 30 denies both forms of a call",
		     (uint32_t)~X32_SYSCALL_BIT, __NR_getpid, 80, -80, -80);

	ksft_finished();
}
