// SPDX-License-Identifier: GPL-2.0
/* tracee64 - a 64-bit program that does nothing: x32_ptrace's 64-bit tracee. */
int main(void)
{
	return 0;
}
