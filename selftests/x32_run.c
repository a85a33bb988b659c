// SPDX-License-Identifier: GPL-2.0
/*
 * x32_run - the 64-bit launcher of an x32 test: installed as NAME, it runs
 * NAME.x32, the x32 program beside it, with the same arguments.
 *
 * A kernel without x32 refuses to execute x32 programs (ENOEXEC, which a
 * shell then tries to read as a script), so the x32 tests cannot tell for
 * themselves that x32 is absent.  The launcher asks the kernel (getpid
 * with bit 30) and skips where x32 does not run.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "../kselftest.h"
#include "diag.h"
#include "x32_syscall.h"

int main(int argc, char **argv)
{
	static char prog[4096];
	ssize_t n = readlink("/proc/self/exe", prog, sizeof(prog) - 5);

	if (n <= 0) {
		ksft_print_header();
		ksft_exit_fail_msg("readlink /proc/self/exe: %s\n", strerror(errno));
	}
	memcpy(prog + n, ".x32", 5);
	if (access(prog, F_OK)) {
		ksft_print_header();
		ksft_exit_skip("%s was not built (the compiler cannot build -mx32 programs: gcc-multilib, libc6-dev-x32)\n",
			       prog);
	}
	if (!x32_syscalls_work()) {
		ksft_print_header();
		x32_require(0);
	}
	execv(prog, argv);
	ksft_print_header();
	ksft_exit_fail_msg("cannot execute %s: %s\n", prog, strerror(errno));
}
