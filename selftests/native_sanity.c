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

#include "../kselftest.h"
#include "x32_syscall.h"

int main(void)
{
	struct timespec ts = { 0, 0 };
	char buf[8] = "";
	int pfd[2];
	long ret, pid = getpid();

	ksft_print_header();
	ksft_set_plan(7);

	ret = raw_syscall0(__NR_getpid);
	if (ret != pid)
		ksft_print_msg("getpid returned %ld, expected %ld\n", ret, pid);
	ksft_test_result(ret == pid, "native getpid returns the pid\n");

	ret = raw_syscall0((1UL << 32) | __NR_getpid);
	if (ret != pid)
		ksft_print_msg("getpid with bit 32 set returned %ld, expected %ld\n", ret, pid);
	ksft_test_result(ret == pid, "the high half of rax is ignored (getpid | 1 << 32)\n");

	if (pipe(pfd)) {
		ksft_test_result(0, "write and read through a pipe # pipe: %s\n", strerror(errno));
	} else {
		long w = raw_syscall3(__NR_write, pfd[1], (unsigned long)"x32e", 4);
		long r = raw_syscall3(__NR_read, pfd[0], (unsigned long)buf, sizeof(buf));

		if (w != 4 || r != 4 || memcmp(buf, "x32e", 4))
			ksft_print_msg("write returned %ld, read %ld, expected 4 and 4\n", w, r);
		ksft_test_result(w == 4 && r == 4 && !memcmp(buf, "x32e", 4),
				 "write and read through a pipe\n");
	}

	ret = raw_syscall3(__NR_clock_gettime, CLOCK_REALTIME, (unsigned long)&ts, 0);
	if (ret || ts.tv_sec < 946684800)
		ksft_print_msg("clock_gettime returned %ld, tv_sec %lld\n",
			       ret, (long long)ts.tv_sec);
	ksft_test_result(!ret && ts.tv_sec >= 946684800,
			 "clock_gettime(CLOCK_REALTIME) returns a time after 2000\n");

	ret = raw_syscall0(1023);
	if (ret != -ENOSYS)
		ksft_print_msg("number 1023 returned %ld, expected -ENOSYS\n", ret);
	ksft_test_result(ret == -ENOSYS, "an unassigned native number (1023) returns -ENOSYS\n");

	ret = raw_syscall0(-1UL);
	if (ret != -ENOSYS)
		ksft_print_msg("number -1 returned %ld, expected -ENOSYS\n", ret);
	ksft_test_result(ret == -ENOSYS, "number -1 returns -ENOSYS\n");

	ret = raw_syscall0(0x3fffffffUL);
	if (ret != -ENOSYS)
		ksft_print_msg("number 0x3fffffff returned %ld, expected -ENOSYS\n", ret);
	ksft_test_result(ret == -ENOSYS, "number 0x3fffffff (below bit 30) returns -ENOSYS\n");

	ksft_finished();
}
