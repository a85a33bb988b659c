/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the benchmark's workloads share: the ABI they were built for, the
 * instruction clock, the size argument and the one line of result.
 *
 * Under qemu-system-x86_64 -icount shift=0,sleep=off the guest TSC advances
 * one per guest instruction, so an RDTSC delta is the instruction count of
 * the work, the kernel's share (page faults, timer ticks) included.
 */
#ifndef WORKLOAD_H
#define WORKLOAD_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>

#if defined(__x86_64__) && defined(__ILP32__)
#define ABI "mx32"
#elif defined(__x86_64__)
#define ABI "m64"
#elif defined(__i386__)
#define ABI "m32"
#else
#error "built for x86 only (-m64, -mx32 or -m32)"
#endif

static inline uint64_t rdtsc(void)
{
	uint32_t lo, hi;

	__asm__ volatile ("rdtsc" : "=a" (lo), "=d" (hi) : : "memory");
	return (uint64_t)hi << 32 | lo;
}

/*
 * The optional size argument, 1..@max: 0 and *@n set, or 1 after a
 * message.
 */
static inline int parse_size(const char *prog, const char *what, int argc,
			     char **argv, unsigned long max, unsigned long *n)
{
	char *end;

	if (argc > 2) {
		fprintf(stderr, "usage: %s [%s]\n", prog, what);
		return 1;
	}
	if (argc < 2)
		return 0;
	errno = 0;
	*n = strtoul(argv[1], &end, 0);
	if (errno || end == argv[1] || *end || !*n || *n > max) {
		fprintf(stderr, "%s: %s must be 1..%lu, not '%s'\n", prog, what,
			max, argv[1]);
		return 1;
	}
	return 0;
}

/*
 * The process's own peak resident set, in KiB: VmHWM, which exec resets.
 * (getrusage()'s ru_maxrss is carried across exec, so a small program
 * started from a shell would report the shell's peak.)  0 if /proc is not
 * there.
 */
static inline long peak_rss_kb(void)
{
	char line[128];
	long kb = 0;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "VmHWM:", 6)) {
			kb = strtol(line + 6, NULL, 10);
			break;
		}
	fclose(f);
	return kb;
}

/* The result line the benchmark reads; returns main()'s status. */
static inline int report(const char *prog, uint64_t instructions,
			 uint64_t check)
{
	long kb = peak_rss_kb();

	if (!kb) {
		fprintf(stderr, "%s: no VmHWM in /proc/self/status (is /proc mounted?)\n",
			prog);
		return 1;
	}
	printf("%s abi=%s instructions=%llu maxrss_kb=%ld check=%016llx\n",
	       prog, ABI, (unsigned long long)instructions, kb,
	       (unsigned long long)check);
	return 0;
}

#endif /* WORKLOAD_H */
