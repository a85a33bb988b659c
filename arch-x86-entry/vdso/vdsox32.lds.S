/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Linker script for the x32 vDSO: the 64-bit vDSO's time and getcpu
 * code in an ELF32 x86-64 shared object, for x32 processes.
 */

#include "vdso-layout.lds.S"

/* What x32 userland (glibc's x32 port) looks up in the vDSO. */
VERSION {
	LINUX_2.6 {
	global:
		__vdso_clock_gettime;
		__vdso_gettimeofday;
		__vdso_getcpu;
		__vdso_time;
		__vdso_clock_getres;
	local: *;
	};
}
