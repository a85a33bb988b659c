// SPDX-License-Identifier: GPL-2.0
/*
 * tracee64 - a 64-bit helper.  Without arguments it does nothing:
 * x32_ptrace's 64-bit tracee.  "tracee64 uprobe" hits a uprobe in itself
 * with the top page of its address space taken, and prints where the
 * kernel mapped the XOL area, then where an mmap() system call puts a
 * page ("xol ADDR mmap ADDR"): x32_regress's 64-bit process.
 */
#include <string.h>
#include "uprobe_xol.h"

int main(int argc, char **argv)
{
	/* TASK_SIZE - PAGE_SIZE with 4-level and with 5-level paging. */
	static const unsigned long long hints[] = { 0x7fffffffe000ULL, 0xffffffffffe000ULL };
	unsigned long long xol = 0;
	char why[256];
	void *p;
	int r;

	if (argc < 2 || strcmp(argv[1], "uprobe"))
		return 0;
	r = xol_hit(hints, 2, &xol, why, sizeof(why));
	if (r) {
		printf("%s\n", why);
		return r;
	}
	p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	printf("xol %#llx mmap %#llx\n", xol, (unsigned long long)(uintptr_t)p);
	return 0;
}
