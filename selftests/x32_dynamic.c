// SPDX-License-Identifier: GPL-2.0
/*
 * x32_dynamic - an x32 program linked dynamically, run through Debian's
 * /libx32/ld-linux-x32.so.2: the interpreter is mapped below 4 GiB, glibc's
 * x32 libc.so.6 starts, and ordinary calls work.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "../kselftest.h"

int main(void)
{
	struct timespec ts;
	uintptr_t libc = (uintptr_t)(void *)&printf;
	char buf[32];

	ksft_print_header();
	ksft_set_plan(4);
	ksft_test_result(sizeof(void *) == 4 && sizeof(long) == 4 && sizeof(time_t) == 8,
			 "x32 types: 4-byte pointers and longs, 8-byte time_t\n");
	ksft_test_result(libc != 0, "libc.so.6 is mapped (printf at %#lx)\n", (unsigned long)libc);
	ksft_test_result(syscall(SYS_getpid) == getpid(), "getpid through libc's syscall()\n");
	snprintf(buf, sizeof(buf), "%d", 32);
	ksft_test_result(!clock_gettime(CLOCK_REALTIME, &ts) && ts.tv_sec > 946684800 &&
			 !strcmp(buf, "32"), "clock_gettime and snprintf work\n");
	ksft_finished();
}
