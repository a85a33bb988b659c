// SPDX-License-Identifier: GPL-2.0
/* x32_hello - the smallest x32 program: built -mx32 -static, it proves an
 * x32 ELF executes (or, on a kernel without x32, that exec refuses it).
 */
#include <stdio.h>

int main(void)
{
	printf("hello from x32: sizeof(void *) = %zu, sizeof(long) = %zu\n",
	       sizeof(void *), sizeof(long));
	return sizeof(void *) == 4 ? 0 : 1;
}
