// SPDX-License-Identifier: GPL-2.0
/*
 * x32_lock - the run-time switch: abi.x32 reads 1 while x32 is on; root
 * writes 0 and x32 is off until reboot (x32 calls -ENOSYS, x32 exec
 * ENOEXEC, syscall.x32 reads N); writing 1 back fails with EPERM.
 *
 * It turns x32 off for the rest of the boot, so it is the target's last
 * test: x32_lock.sh, the last of TEST_PROGS, runs it.  abi.x32 is this
 * series' own: mainline's x32 has no such switch, and the test skips
 * where /proc/sys/abi/x32 is missing, as where x32 does not run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../kselftest.h"
#include "diag.h"
#include "x32_syscall.h"

#define SYSCTL	"/proc/sys/abi/x32"
#define PARAM	"/sys/module/syscall/parameters/x32"
#define HELLO	beside_self("x32_hello")

static int read_char(const char *path)
{
	char c = 0;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -errno;
	if (read(fd, &c, 1) != 1)
		c = 0;
	close(fd);
	return c;
}

/* Write @s to the sysctl; 0 or -errno. */
static int write_sysctl(const char *s)
{
	int fd = open(SYSCTL, O_WRONLY), ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, s, strlen(s)) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

/* Run the x32 hello program; its exit status, or -errno of the exec. */
static int run_hello(void)
{
	int pfd[2], err = 0, status = 0;
	pid_t pid;

	pid = pipe2(pfd, O_CLOEXEC) ? -1 : fork();
	if (pid < 0)
		return -errno;
	if (pid == 0) {
		char *argv[] = { HELLO, NULL };

		close(pfd[0]);
		execv(HELLO, argv);
		err = errno;
		if (write(pfd[1], &err, sizeof(err)) < 0)
			_exit(3);
		_exit(2);
	}
	close(pfd[1]);
	if (read(pfd[0], &err, sizeof(err)) == sizeof(err)) {
		close(pfd[0]);
		waitpid(pid, &status, 0);
		return -err;
	}
	close(pfd[0]);
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

int main(void)
{
	long pid = getpid(), ret;
	int c, r;

	ksft_print_header();
	x32_require(x32_syscalls_work());
	if (access(SYSCTL, F_OK))
		ksft_exit_skip("this kernel has no %s (the run-time switch is not mainline's)\n",
			       SYSCTL);
	ksft_set_plan(8);

	c = read_char(SYSCTL);
	if (c != '1')
		ksft_print_msg("%s reads %d ('%c'), expected '1'\n", SYSCTL, c, c > 0 ? c : '?');
	ksft_test_result(c == '1', "abi.x32 reads 1 while x32 is on\n");

	r = access(HELLO, X_OK) ? -ENOENT : run_hello();
	if (r)
		ksft_print_msg("x32 hello returned %d, expected 0\n", r);
	ksft_test_result(r == 0, "an x32 executable runs before the lock\n");

	r = write_sysctl("1");
	if (r)
		ksft_print_msg("writing 1 returned %d, expected 0\n", r);
	ksft_test_result(r == 0, "writing 1 while x32 is on changes nothing\n");

	r = write_sysctl("0");
	c = read_char(SYSCTL);
	if (r || c != '0')
		ksft_print_msg("writing 0 returned %d, abi.x32 then reads '%c'\n",
			       r, c > 0 ? c : '?');
	ksft_test_result(!r && c == '0', "root writes 0: abi.x32 reads 0\n");

	c = read_char(PARAM);
	if (c != 'N')
		ksft_print_msg("%s reads '%c', expected 'N'\n", PARAM, c > 0 ? c : '?');
	ksft_test_result(c == 'N', "syscall.x32 reads N after the lock\n");

	ret = raw_syscall0(39 | X32_SYSCALL_BIT);
	if (ret != -ENOSYS)
		ksft_print_msg("x32 getpid returned %ld (pid %ld), expected -ENOSYS\n", ret, pid);
	ksft_test_result(ret == -ENOSYS, "x32 system calls return -ENOSYS after the lock\n");

	r = access(HELLO, X_OK) ? -ENOENT : run_hello();
	if (r != -ENOEXEC)
		ksft_print_msg("x32 hello returned %d, expected -ENOEXEC (%d)\n", r, -ENOEXEC);
	ksft_test_result(r == -ENOEXEC, "x32 exec fails with ENOEXEC after the lock\n");

	r = write_sysctl("1");
	if (r != -EPERM)
		ksft_print_msg("writing 1 returned %d, expected -EPERM\n", r);
	ksft_test_result(r == -EPERM, "writing 1 after the lock fails with EPERM (one-way)\n");

	ksft_finished();
}
