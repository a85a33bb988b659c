// SPDX-License-Identifier: GPL-2.0
/*
 * ptrtree - a pointer-heavy workload: an unbalanced binary search tree of
 * individually malloc'd nodes.
 *
 * This is the kind of program x32 is for.  A node is a 32-bit key and two
 * pointers: 12 bytes with 4-byte pointers (x32, i386), 24 with 8-byte ones
 * (x86-64), so one malloc chunk of 16 bytes against 32, and the tree takes
 * half the memory (and half the cache and page faults) under x32.  x32 keeps
 * the 64-bit register set, so it should also run about as few instructions
 * as x86-64, where i386 pays for its eight registers in spills.
 *
 * The work: insert NODES keys (default 2000000) from a fixed-seed xorshift32
 * generator (full period, so the keys are distinct), look every one of them
 * up again, then walk the tree in order.  The checksum mixes the total
 * search depth and the height with the keys in order; it depends only on the
 * keys, never on an address, so it must be the same under all three ABIs.
 *
 * Under qemu-system-x86_64 -icount shift=0,sleep=off the guest TSC advances
 * one per guest instruction, so the RDTSC delta is the instruction count of
 * the work, the kernel's (page faults, timer ticks) included, and the same
 * every run.
 *
 * usage: ptrtree [NODES]
 * Prints one line:
 *   ptrtree abi=<m64|mx32|m32> instructions=N maxrss_kb=K check=<16 hex>
 * and exits 0, or 1 on a failure (allocation, a key not found, a bad walk).
 */
#include "workload.h"

#define DEFAULT_NODES	2000000UL
#define MAX_NODES	100000000UL
#define KEY_SEED	0x2545f491U

struct node {
	uint32_t key;
	struct node *left;
	struct node *right;
};

/* Marsaglia's xorshift32: period 2^32 - 1, so no key repeats. */
static inline uint32_t xorshift32(uint32_t *state)
{
	uint32_t x = *state;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*state = x;
	return x;
}

/* Fold @v into the running checksum @h: hash_combine, then a mixing step. */
static inline uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 27;
	return h;
}

/* Insert @n under *@root; keys are distinct, so never a match. */
static void insert(struct node **root, struct node *n)
{
	struct node **link = root;

	while (*link)
		link = n->key < (*link)->key ? &(*link)->left : &(*link)->right;
	*link = n;
}

/* Depth (root = 1) at which @key is found, or 0 if it is not there. */
static unsigned int lookup(const struct node *t, uint32_t key)
{
	unsigned int depth = 1;

	while (t) {
		if (key == t->key)
			return depth;
		t = key < t->key ? t->left : t->right;
		depth++;
	}
	return 0;
}

/*
 * In-order walk with an explicit stack of @stack_size entries (the tree's
 * height bounds what it needs).  Mixes each key into *@check and returns the
 * number of nodes, or -1 if the keys do not come out strictly increasing or
 * the stack is too small.
 */
static long walk(struct node *t, struct node **stack, unsigned int stack_size,
		 uint64_t *check)
{
	unsigned int sp = 0;
	uint64_t prev = 0;
	int first = 1;
	long count = 0;

	while (t || sp) {
		while (t) {
			if (sp == stack_size)
				return -1;
			stack[sp++] = t;
			t = t->left;
		}
		t = stack[--sp];
		if (!first && t->key <= prev)
			return -1;
		first = 0;
		prev = t->key;
		*check = mix(*check, t->key);
		count++;
		t = t->right;
	}
	return count;
}

int main(int argc, char **argv)
{
	uint64_t start = rdtsc(), end, depths = 0, check = 0;
	unsigned long nodes = DEFAULT_NODES, i;
	struct node *root = NULL, **stack;
	unsigned int h = 0, depth;
	uint32_t state;
	long count;

	if (parse_size("ptrtree", "NODES", argc, argv, MAX_NODES, &nodes))
		return 1;

	state = KEY_SEED;
	for (i = 0; i < nodes; i++) {
		struct node *n = malloc(sizeof(*n));

		if (!n) {
			fprintf(stderr,
				"ptrtree: out of memory at node %lu of %lu (%zu bytes each)\n",
				i + 1, nodes, sizeof(*n));
			return 1;
		}
		n->key = xorshift32(&state);
		n->left = n->right = NULL;
		insert(&root, n);
	}

	state = KEY_SEED;
	for (i = 0; i < nodes; i++) {
		uint32_t key = xorshift32(&state);

		depth = lookup(root, key);
		if (!depth) {
			fprintf(stderr, "ptrtree: key %#x (node %lu of %lu) not found\n",
				key, i + 1, nodes);
			return 1;
		}
		depths += depth;
		if (depth > h)
			h = depth;
	}

	/* Every node was looked up, so the deepest lookup is the height. */
	stack = malloc(h * sizeof(*stack));
	if (!stack) {
		fprintf(stderr, "ptrtree: out of memory for a walk stack of %u (%lu nodes)\n",
			h, nodes);
		return 1;
	}
	check = mix(mix(0, nodes), depths);
	check = mix(check, h);
	count = walk(root, stack, h, &check);
	if (count < 0 || (unsigned long)count != nodes) {
		fprintf(stderr, "ptrtree: in-order walk of %lu nodes went wrong (%ld)\n",
			nodes, count);
		return 1;
	}
	end = rdtsc();

	return report("ptrtree", end - start, check);
}
