/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Issue SYSCALL with any value in rax.
 *
 * The x32 mechanism does not depend on the ELF type: a 64-bit program that
 * sets bit 30 in the number is, for the entry code, an x32 caller.  The
 * return value is the kernel's raw one (-errno on failure), never libc's.
 */
#ifndef X32E_SYSCALL_H
#define X32E_SYSCALL_H

#include <errno.h>
#include <stdint.h>
#include <sys/syscall.h>

#define X32_SYSCALL_BIT	0x40000000UL

static inline long raw_syscall6(unsigned long nr, unsigned long a1,
				unsigned long a2, unsigned long a3,
				unsigned long a4, unsigned long a5,
				unsigned long a6)
{
	unsigned long ret;
	register unsigned long r10 __asm__("r10") = a4;
	register unsigned long r8 __asm__("r8") = a5;
	register unsigned long r9 __asm__("r9") = a6;

	__asm__ volatile ("syscall"
			  : "=a" (ret)
			  : "a" (nr), "D" (a1), "S" (a2), "d" (a3),
			  "r" (r10), "r" (r8), "r" (r9)
			  : "rcx", "r11", "memory");
	return (long)ret;
}

#define raw_syscall0(nr)		raw_syscall6(nr, 0, 0, 0, 0, 0, 0)
#define raw_syscall3(nr, a, b, c)	raw_syscall6(nr, a, b, c, 0, 0, 0)

/* Whether the kernel runs x32 system calls: getpid with bit 30. */
static inline int x32_syscalls_work(void)
{
	return raw_syscall0(X32_SYSCALL_BIT | __NR_getpid) != -ENOSYS;
}

#endif
