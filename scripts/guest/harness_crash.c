// SPDX-License-Identifier: GPL-2.0
/* harness_crash - used only by the harness's own checks: prints a TAP
 * header and one result, then dies by SIGSEGV, to prove the runner reports
 * a crashing test as failed (naming the signal) and goes on. */
#include <signal.h>
#include <stdio.h>

int main(void)
{
	printf("TAP version 13\n1..2\nok 1 about to crash\n");
	fflush(stdout);
	raise(SIGSEGV);
	return 0;
}
