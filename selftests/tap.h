/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tap.h - the little TAP 13 writer the x32-entry selftests use, with
 * kselftest's exit codes (pass 0, fail 1, skip 4).
 */
#ifndef X32E_TAP_H
#define X32E_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define KSFT_PASS	0
#define KSFT_FAIL	1
#define KSFT_SKIP	4

static int tap_num, tap_failed, tap_passed, tap_skipped;

static inline void tap_plan(int n)
{
	printf("TAP version 13\n1..%d\n", n);
	fflush(stdout);
}

static inline void tap_vresult(int ok, const char *directive, const char *fmt, va_list ap)
{
	printf("%sok %d ", ok ? "" : "not ", ++tap_num);
	vprintf(fmt, ap);
	if (directive)
		printf(" # %s", directive);
	printf("\n");
	fflush(stdout);
}

/* One result: ok when @ok, with the description; diagnostics go before it. */
static inline int tap_result(int ok, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vresult(ok, NULL, fmt, ap);
	va_end(ap);
	if (ok)
		tap_passed++;
	else
		tap_failed++;
	return ok;
}

static inline void tap_skip(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vresult(1, "SKIP", fmt, ap);
	va_end(ap);
	tap_skipped++;
}

/* A diagnostic line: what was expected and what came. */
static inline void tap_diag(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

static inline int tap_exit(void)
{
	printf("# Totals: pass:%d fail:%d skip:%d\n", tap_passed, tap_failed, tap_skipped);
	fflush(stdout);
	if (tap_failed)
		exit(KSFT_FAIL);
	if (!tap_passed && tap_skipped)
		exit(KSFT_SKIP);
	exit(KSFT_PASS);
}

#endif
