// SPDX-License-Identifier: GPL-2.0
/*
 * syscall_cost - the cost of one system call, in guest nanoseconds.
 *
 * Under qemu-system-x86_64 -icount shift=0,sleep=off the guest clock
 * advances one nanosecond per instruction, so the figures are instruction
 * counts, and the same kernel gives the same figures every run.  Each
 * figure is net: the same loop without the SYSCALL instruction is
 * measured too, and its cost (printed as "loop") subtracted.
 *
 * usage: syscall_cost [ITERATIONS]
 * Prints one line per call: name, net instructions per call, raw return.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "x32_syscall.h"

#define X32(nr) ((nr) | X32_SYSCALL_BIT)

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* The same register set-up as raw_syscall6(), without the SYSCALL. */
static inline long no_syscall6(unsigned long nr, unsigned long a1,
			       unsigned long a2, unsigned long a3)
{
	unsigned long ret;
	register unsigned long r10 __asm__("r10") = 0;
	register unsigned long r8 __asm__("r8") = 0;
	register unsigned long r9 __asm__("r9") = 0;

	__asm__ volatile ("nop"
			  : "=a" (ret)
			  : "a" (nr), "D" (a1), "S" (a2), "d" (a3),
			    "r" (r10), "r" (r8), "r" (r9)
			  : "rcx", "r11", "memory");
	return (long)ret;
}

static long long loop_ns(long n, int real, unsigned long nr, unsigned long a1,
			 unsigned long a2, unsigned long a3, long *ret)
{
	long long t0, t1;
	long i, r = 0;

	t0 = now_ns();
	if (real)
		for (i = 0; i < n; i++)
			r = raw_syscall6(nr, a1, a2, a3, 0, 0, 0);
	else
		for (i = 0; i < n; i++)
			r = no_syscall6(nr, a1, a2, a3);
	t1 = now_ns();
	*ret = r;
	return t1 - t0;
}

int main(int argc, char **argv)
{
	static char buf[64];
	static struct { unsigned int base, len; } iov32 = { 0, sizeof(buf) };
	struct { const char *name; unsigned long nr, a1, a2, a3; } calls[] = {
		{ "native_getpid", 39, 0, 0, 0 },
		{ "native_read_badfd", 0, -1UL, (unsigned long)buf, 1 },
		{ "x32_getpid", X32(39), 0, 0, 0 },
		{ "x32_read_badfd", X32(0), -1UL, (unsigned long)buf, 1 },
		{ "x32_readv_badfd", X32(515), -1UL, (unsigned long)&iov32, 1 },
		{ "x32_ioctl_badfd", X32(514), -1UL, 0x541B, (unsigned long)buf },
		{ "invalid_number", 1023, 0, 0, 0 },
	};
	long n = argc > 1 ? atol(argv[1]) : 100000, ret;
	long long empty;
	unsigned int i;

	iov32.base = (unsigned int)(unsigned long)buf;
	empty = loop_ns(n, 0, 0, 0, 0, 0, &ret);
	printf("loop %.2f\n", (double)empty / n);
	for (i = 0; i < sizeof(calls) / sizeof(calls[0]); i++) {
		long long t = loop_ns(n, 1, calls[i].nr, calls[i].a1, calls[i].a2,
				      calls[i].a3, &ret);

		printf("%s %.2f %ld\n", calls[i].name, (double)(t - empty) / n, ret);
	}
	return 0;
}
