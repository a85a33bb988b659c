/* SPDX-License-Identifier: GPL-2.0 */
/*
 * uprobe_xol.h - hit a uprobe in this process and say where the kernel
 * mapped its XOL area ("[uprobes]", the page the probed instruction runs
 * from out of line).  Shared by x32_regress (an x32 process) and tracee64
 * (a 64-bit one).
 *
 * The kernel maps that page when the probe first hits, from the
 * breakpoint trap, outside any system call: orig_ax is -1 there, and
 * get_unmapped_area() asks in_32bit_syscall().  It tries the top page of
 * the address space first, which the caller may take beforehand so that
 * the kernel has to choose.
 */
#ifndef X32E_UPROBE_XOL_H
#define X32E_UPROBE_XOL_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/perf_event.h>

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE	0x100000
#endif

/* The probed function: one instruction that runs out of line, and a ret. */
static __attribute__((noinline)) int xol_probed(int x)
{
	__asm__ volatile ("" ::: "memory");
	return x * 3 + 1;
}

/* The start and end of the first mapping of /proc/self/maps naming @what. */
static int xol_find_map(const char *what, unsigned long long *start, unsigned long long *end)
{
	char line[512];
	FILE *f = fopen("/proc/self/maps", "r");
	int found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f))
		found = strstr(line, what) &&
			sscanf(line, "%llx-%llx", start, end) == 2;
	fclose(f);
	return found;
}

/* The offset in /proc/self/exe of the code at @addr, or -1. */
static long long xol_file_offset(unsigned long long addr)
{
	char line[512], perms[8];
	unsigned long long start, end, off;
	long long ret = -1;
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f)
		return -1;
	while (ret < 0 && fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx-%llx %7s %llx", &start, &end, perms, &off) == 4 &&
		    addr >= start && addr < end && perms[2] == 'x')
			ret = addr - start + off;
	fclose(f);
	return ret;
}

/*
 * Take the page at @hint (MAP_FIXED_NOREPLACE: a hint the address space
 * cannot hold is left alone), put a uprobe on xol_probed(), call it once,
 * and give the [uprobes] mapping in *@xol.  0 on success; 4 (KSFT_SKIP)
 * without a uprobe PMU (CONFIG_UPROBE_EVENTS); 1 with @why saying what
 * went wrong.
 */
static int xol_hit(const unsigned long long *hints, int nhints, unsigned long long *xol,
		   char *why, size_t len)
{
	struct perf_event_attr attr;
	unsigned long long end, count = 0;
	long long off;
	int type, fd, r;
	FILE *f;

	f = fopen("/sys/bus/event_source/devices/uprobe/type", "r");
	if (!f) {
		snprintf(why, len, "no uprobe PMU: %s", strerror(errno));
		return 4;
	}
	r = fscanf(f, "%d", &type);
	fclose(f);
	if (r != 1) {
		snprintf(why, len, "uprobe PMU type unreadable");
		return 1;
	}
	off = xol_file_offset((unsigned long long)(uintptr_t)xol_probed);
	if (off < 0) {
		snprintf(why, len, "xol_probed() not found in /proc/self/maps");
		return 1;
	}
	for (int i = 0; i < nhints; i++)
		mmap((void *)(uintptr_t)hints[i], 4096, PROT_NONE,
		     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = type;
	attr.config1 = (uintptr_t)"/proc/self/exe";	/* uprobe_path */
	attr.config2 = off;				/* probe_offset */
	fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
	if (fd < 0) {
		snprintf(why, len, "perf_event_open(uprobe at %#llx): %s", off, strerror(errno));
		return 1;
	}
	r = xol_probed(14);
	if (read(fd, &count, sizeof(count)) != sizeof(count))
		count = ~0ULL;
	close(fd);
	if (r != 43 || count != 1) {
		snprintf(why, len, "the probed function returned %d (expected 43), the probe counted %llu hits (expected 1)",
			 r, count);
		return 1;
	}
	if (!xol_find_map("[uprobes]", xol, &end)) {
		snprintf(why, len, "the probe hit, but no [uprobes] mapping");
		return 1;
	}
	return 0;
}

#endif
