// SPDX-License-Identifier: GPL-2.0
/*
 * arith - a compute-bound workload in 64-bit integer arithmetic.
 *
 * The counterpart of ptrtree: no pointers to speak of and almost no memory
 * (an 8 KiB table, which stays in the L1 cache), only uint64_t mixing:
 * splitmix64, rotates, multiplications and a reduction modulo a prime.
 * x86-64 and x32 run the same 64-bit instructions on the same sixteen 64-bit
 * registers, so they should come out about equal; i386 has to carry every
 * value in a pair of 32-bit registers (three multiplies for one, shifts and
 * rotates across the pair, a libgcc call for the modulo), so it should run
 * several times the instructions.  No floating point.
 *
 * Note that the counts are instructions, not cycles: a DIV or a MUL counts
 * one like an ADD.
 *
 * Under qemu-system-x86_64 -icount shift=0,sleep=off the guest TSC advances
 * one per guest instruction, so the RDTSC delta is the instruction count of
 * the work, the kernel's (timer ticks, page faults) included, and the same
 * every run.
 *
 * usage: arith [ITERATIONS]
 * (default 6000000).  Prints one line:
 *   arith abi=<m64|mx32|m32> instructions=N maxrss_kb=K check=<16 hex>
 * and exits 0, or 1 on a failure.  The checksum folds the accumulators and
 * the table, and must be the same under all three ABIs.
 */
#include "workload.h"

#define DEFAULT_ITERATIONS	6000000UL
#define TABLE_BITS		10
#define TABLE_SIZE		(1U << TABLE_BITS)	/* 8 KiB of uint64_t */
#define SEED			0x0123456789abcdefULL
#define PRIME			0x1fffffffffffffffULL	/* 2^61 - 1 */

static uint64_t table[TABLE_SIZE];

static inline uint64_t rotl64(uint64_t x, unsigned int r)
{
	return x << r | x >> (64 - r);
}

/* Vigna's splitmix64: a Weyl sequence through a 64-bit finaliser. */
static inline uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

int main(int argc, char **argv)
{
	uint64_t start = rdtsc(), end, state = SEED, acc = 0, sum = 0, check;
	unsigned long iterations = DEFAULT_ITERATIONS, i;

	if (parse_size("arith", "ITERATIONS", argc, argv, ULONG_MAX, &iterations))
		return 1;

	for (i = 0; i < TABLE_SIZE; i++)
		table[i] = splitmix64(&state);

	for (i = 0; i < iterations; i++) {
		uint64_t x = splitmix64(&state);
		uint64_t *slot = &table[x >> (64 - TABLE_BITS)];
		uint64_t y = rotl64(*slot ^ x, 23) * 0xd6e8feb86659fd93ULL + i;

		*slot = y;
		acc = rotl64(acc ^ y, 17) * 0x9e6c63d0676a9a99ULL;
		sum += (y ^ acc) % PRIME;
	}

	check = acc ^ rotl64(sum, 32);
	for (i = 0; i < TABLE_SIZE; i++)
		check = rotl64(check ^ table[i], 29) * 0xbf58476d1ce4e5b9ULL;
	end = rdtsc();

	return report("arith", end - start, check);
}
