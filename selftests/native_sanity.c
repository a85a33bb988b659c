// SPDX-License-Identifier: GPL-2.0
/*
 * native_sanity - native 64-bit system calls behave as they always have:
 * x32 support must not change what a 64-bit caller sees.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "tap.h"
#include "x32_syscall.h"

int main(void)
{
	struct timespec ts = { 0, 0 };
	char buf[8] = "";
	int pfd[2];
	long ret, pid = getpid();

	tap_plan(7);

	ret = raw_syscall0(__NR_getpid);
	if (ret != pid)
		tap_diag("getpid returned %ld, expected %ld", ret, pid);
	tap_result(ret == pid, "native getpid returns the pid");

	ret = raw_syscall0((1UL << 32) | __NR_getpid);
	if (ret != pid)
		tap_diag("getpid with bit 32 set returned %ld, expected %ld", ret, pid);
	tap_result(ret == pid, "the high half of rax is ignored (getpid | 1 << 32)");

	if (pipe(pfd)) {
		tap_result(0, "write and read through a pipe # pipe: %s", strerror(errno));
	} else {
		long w = raw_syscall3(__NR_write, pfd[1], (unsigned long)"x32e", 4);
		long r = raw_syscall3(__NR_read, pfd[0], (unsigned long)buf, sizeof(buf));

		if (w != 4 || r != 4 || memcmp(buf, "x32e", 4))
			tap_diag("write returned %ld, read %ld, expected 4 and 4", w, r);
		tap_result(w == 4 && r == 4 && !memcmp(buf, "x32e", 4),
			   "write and read through a pipe");
	}

	ret = raw_syscall3(__NR_clock_gettime, CLOCK_REALTIME, (unsigned long)&ts, 0);
	if (ret || ts.tv_sec < 946684800)
		tap_diag("clock_gettime returned %ld, tv_sec %lld", ret, (long long)ts.tv_sec);
	tap_result(!ret && ts.tv_sec >= 946684800,
		   "clock_gettime(CLOCK_REALTIME) returns a time after 2000");

	ret = raw_syscall0(1023);
	if (ret != -ENOSYS)
		tap_diag("number 1023 returned %ld, expected -ENOSYS", ret);
	tap_result(ret == -ENOSYS, "an unassigned native number (1023) returns -ENOSYS");

	ret = raw_syscall0(-1UL);
	if (ret != -ENOSYS)
		tap_diag("number -1 returned %ld, expected -ENOSYS", ret);
	tap_result(ret == -ENOSYS, "number -1 returns -ENOSYS");

	ret = raw_syscall0(0x3fffffffUL);
	if (ret != -ENOSYS)
		tap_diag("number 0x3fffffff returned %ld, expected -ENOSYS", ret);
	tap_result(ret == -ENOSYS, "number 0x3fffffff (below bit 30) returns -ENOSYS");

	return tap_exit();
}
