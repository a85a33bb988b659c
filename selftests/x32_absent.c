// SPDX-License-Identifier: GPL-2.0
/*
 * x32_absent - claims that hold on a kernel without the x32 ABI (the base
 * tree, or the patched kernel booted with syscall.x32=n): every number with
 * bit 30 set returns -ENOSYS, and an x32 ELF does not execute.
 *
 * On a kernel where x32 getpid works these claims are false, and the
 * test skips.  The sweep runs in a child that stops at the first number
 * that did not return -ENOSYS, so a live x32 call (exit, fork, pause...)
 * cannot take the test down with it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../kselftest.h"
#include "diag.h"
#include "x32_syscall.h"

#define X32_HELLO beside_self("x32_hello")

struct sweep_result {
	long nr;	/* first number that did not return -ENOSYS, or -1 */
	long ret;
};

/* Issue every number in [lo, hi) with @bits or'ed in; report the first that
 * does not return -ENOSYS.  Runs in a child with an alarm.
 */
static int sweep(unsigned long lo, unsigned long hi, unsigned long bits,
		 struct sweep_result *res)
{
	int pfd[2], status;
	pid_t pid;

	if (pipe(pfd))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		struct sweep_result r = { -1, 0 };
		unsigned long nr;

		close(pfd[0]);
		alarm(10);
		for (nr = lo; nr < hi; nr++) {
			long ret = raw_syscall0(nr | bits);

			if (ret != -ENOSYS) {
				r.nr = nr;
				r.ret = ret;
				break;
			}
		}
		if (write(pfd[1], &r, sizeof(r)) != sizeof(r))
			_exit(3);
		_exit(0);
	}
	close(pfd[1]);
	memset(res, 0, sizeof(*res));
	if (read(pfd[0], res, sizeof(*res)) != sizeof(*res)) {
		res->nr = -2;	/* child died before it could report */
	}
	close(pfd[0]);
	waitpid(pid, &status, 0);
	if (res->nr == -2) {
		if (WIFSIGNALED(status))
			ksft_print_msg("sweep child killed by signal %d\n", WTERMSIG(status));
		else
			ksft_print_msg("sweep child exited %d without a report\n",
				       WEXITSTATUS(status));
	}
	return 0;
}

static void check_sweep(unsigned long lo, unsigned long hi, unsigned long bits,
			const char *what)
{
	struct sweep_result r;

	if (sweep(lo, hi, bits, &r)) {
		ksft_test_result(0, "%s # fork/pipe failed: %s\n", what, strerror(errno));
		return;
	}
	if (r.nr >= 0)
		ksft_print_msg("number %#lx returned %ld, expected -ENOSYS (%d)\n",
			       r.nr | bits, r.ret, -ENOSYS);
	ksft_test_result(r.nr == -1, "%s\n", what);
}

/* exec an x32 ELF in a child; the errno comes back through a close-on-exec
 * pipe, so a successful exec shows as no data at all.
 */
static void check_exec(void)
{
	int pfd[2], err = 0, status;
	pid_t pid;
	ssize_t n;

	if (access(X32_HELLO, X_OK)) {
		ksft_test_result_skip("exec of an x32 ELF fails with ENOEXEC (no %s: the compiler cannot build -mx32)\n",
				      X32_HELLO);
		return;
	}
	pid = pipe2(pfd, O_CLOEXEC) ? -1 : fork();
	if (pid < 0) {
		ksft_test_result(0, "exec of an x32 ELF fails with ENOEXEC # fork/pipe: %s\n",
				 strerror(errno));
		return;
	}
	if (pid == 0) {
		char *argv[] = { X32_HELLO, NULL };
		int e;

		close(pfd[0]);
		execv(X32_HELLO, argv);
		e = errno;
		if (write(pfd[1], &e, sizeof(e)) != sizeof(e))
			_exit(3);
		_exit(2);
	}
	close(pfd[1]);
	n = read(pfd[0], &err, sizeof(err));
	close(pfd[0]);
	waitpid(pid, &status, 0);
	if (n != sizeof(err))
		ksft_print_msg("execve of %s succeeded (child status %#x), expected ENOEXEC\n",
			       X32_HELLO, status);
	else if (err != ENOEXEC)
		ksft_print_msg("execve of %s failed with %s, expected ENOEXEC\n",
			       X32_HELLO, strerror(err));
	ksft_test_result(n == sizeof(err) && err == ENOEXEC,
			 "exec of an x32 ELF fails with ENOEXEC\n");
}

/* The patched kernel reports its state; the base has no such parameter. */
static void check_param(void)
{
	const char *path = "/sys/module/syscall/parameters/x32";
	FILE *f = fopen(path, "r");
	int c;

	if (!f) {
		int err = errno;

		ksft_print_msg("%s: %s\n", path, strerror(err));
		ksft_test_result(err == ENOENT, "syscall.x32 is absent or reads N\n");
		return;
	}
	c = fgetc(f);
	fclose(f);
	if (c != 'N')
		ksft_print_msg("%s reads '%c', expected 'N'\n", path, c);
	ksft_test_result(c == 'N', "syscall.x32 is absent or reads N\n");
}

int main(void)
{
	long ret;

	ksft_print_header();
	/* Its claims are false where x32 runs: skip there. */
	if (x32_syscalls_work())
		ksft_exit_skip("this kernel runs x32 system calls: nothing to test here\n");
	ksft_set_plan(7);
	check_param();

	ret = raw_syscall0(39 | X32_SYSCALL_BIT);
	if (ret != -ENOSYS)
		ksft_print_msg("x32 getpid returned %ld, expected -ENOSYS\n", ret);
	ksft_test_result(ret == -ENOSYS, "x32 getpid (39 | bit 30) returns -ENOSYS\n");

	check_sweep(0, 512, X32_SYSCALL_BIT,
		    "every number 0..511 with bit 30 returns -ENOSYS");
	check_sweep(512, 1024, X32_SYSCALL_BIT,
		    "every number 512..1023 with bit 30 returns -ENOSYS");
	check_sweep(512, 1024, 0,
		    "every number 512..1023 without bit 30 returns -ENOSYS");
	check_sweep(0, 1024, X32_SYSCALL_BIT | 0xdead000000000000UL,
		    "bit 30 with junk in the high half of rax returns -ENOSYS");
	check_exec();

	ksft_finished();
}
