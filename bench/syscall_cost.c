// SPDX-License-Identifier: GPL-2.0
/*
 * syscall_cost - the cost of one system call, in guest instructions.
 *
 * Under qemu-system-x86_64 -icount shift=0,sleep=off the guest clock
 * advances one nanosecond per instruction, and the guest's TSC is that
 * clock: RDTSC reads the instruction count itself, without the rounding of
 * a clocksource's cycles-to-nanoseconds conversion.  So the figures are
 * instruction counts, and the same kernel gives the same figures every run.
 *
 * Each figure is net: the same loop without the SYSCALL instruction is
 * measured too, and its cost per iteration (printed as "loop") subtracted.
 * A cost per iteration is the difference between a batch of 2n iterations
 * and one of n, so the clock reads and the loop set-up cancel out; each
 * batch runs BATCHES times and the cheapest counts, so a timer interrupt
 * that lands in one batch does not show up as a fraction of an instruction
 * per call (the tick is periodic in guest time, HZ ticks per 10^9
 * instructions: keep 2n calls well under that).  The figures are whole
 * numbers of instructions.
 *
 * usage: syscall_cost [ITERATIONS [BATCHES]]
 *   n = ITERATIONS / BATCHES (defaults 100000 and 20); each figure makes
 *   3 * ITERATIONS calls.  Prints "loop N", then one line per call: name, net
 *   instructions per call, raw return.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "x32_syscall.h"	/* selftests/x32_syscall.h */

#define X32(nr) ((nr) | X32_SYSCALL_BIT)

static inline unsigned long long rdtsc(void)
{
	unsigned int lo, hi;

	__asm__ volatile ("rdtsc" : "=a" (lo), "=d" (hi) : : "memory");
	return (unsigned long long)hi << 32 | lo;
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

/* Guest instructions for the cheapest of @batches batches of @n calls. */
static __attribute__((noinline)) unsigned long long loop_cost(long n, long batches, int real,
				    unsigned long nr, unsigned long a1,
				    unsigned long a2, unsigned long a3, long *ret)
{
	unsigned long long t0, t, best = ~0ULL;
	long b, i, r = 0;

	for (b = 0; b < batches; b++) {
		t0 = rdtsc();
		if (real)
			for (i = 0; i < n; i++)
				r = raw_syscall6(nr, a1, a2, a3, 0, 0, 0);
		else
			for (i = 0; i < n; i++)
				r = no_syscall6(nr, a1, a2, a3);
		t = rdtsc() - t0;
		if (t < best)
			best = t;
	}
	*ret = r;
	return best;
}

/* Instructions per iteration: the 2n batch less the n batch, over n. */
static double per_call(long n, long batches, int real, unsigned long nr,
		       unsigned long a1, unsigned long a2, unsigned long a3,
		       long *ret)
{
	unsigned long long t1, t2;

	t1 = loop_cost(n, batches, real, nr, a1, a2, a3, ret);
	t2 = loop_cost(2 * n, batches, real, nr, a1, a2, a3, ret);
	return ((double)t2 - (double)t1) / n;
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
	long total = argc > 1 ? atol(argv[1]) : 100000;
	long batches = argc > 2 ? atol(argv[2]) : 20, n, ret;
	double empty;
	unsigned int i;

	if (total <= 0 || batches <= 0 || batches > total) {
		fprintf(stderr, "usage: syscall_cost [ITERATIONS [BATCHES]] (1 <= BATCHES <= ITERATIONS)\n");
		return 2;
	}
	n = total / batches;
	iov32.base = (unsigned int)(unsigned long)buf;
	empty = per_call(n, batches, 0, 0, 0, 0, 0, &ret);
	printf("loop %.2f\n", empty);
	for (i = 0; i < sizeof(calls) / sizeof(calls[0]); i++) {
		double t = per_call(n, batches, 1, calls[i].nr, calls[i].a1,
				    calls[i].a2, calls[i].a3, &ret);

		printf("%s %.2f %ld\n", calls[i].name, t - empty, ret);
	}
	return 0;
}
