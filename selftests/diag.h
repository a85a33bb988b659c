/* SPDX-License-Identifier: GPL-2.0 */
/*
 * diag.h - what the x32-entry selftests say when a check fails: EXPECT(),
 * and return values with the names of their errors.  Include after
 * defining _GNU_SOURCE (strerrorname_np()).
 */
#ifndef X32E_DIAG_H
#define X32E_DIAG_H

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "tap.h"

/* A failed check: say what was expected and what came, and clear ok. */
#define EXPECT(cond, ...)				\
	do {						\
		if (!(cond)) {				\
			tap_diag(__VA_ARGS__);		\
			ok = 0;				\
		}					\
	} while (0)

/* An error number as "ENOMEM". */
static inline const char *ename(int err)
{
	const char *name = strerrorname_np(err);

	return name ? name : "?";
}

/* A buffer for one of the last four results formatted. */
static inline char *diag_buf(void)
{
	static char bufs[4][48];
	static int n;

	return bufs[n++ % 4];
}

/* A libc call's result: "0", "3", or "-1 (ENOENT)", with errno as it is. */
static inline const char *rstr(long ret)
{
	char *s = diag_buf();

	if (ret == -1)
		snprintf(s, 48, "-1 (%s)", ename(errno));
	else
		snprintf(s, 48, "%ld", ret);
	return s;
}

/* A raw system call's result: "5", or "-14 (EFAULT)". */
static inline const char *raw_rstr(long ret)
{
	char *s = diag_buf();

	if (ret < 0 && ret >= -4095)
		snprintf(s, 48, "%ld (%s)", ret, ename(-ret));
	else
		snprintf(s, 48, "%ld", ret);
	return s;
}

/* Milliseconds of CLOCK_MONOTONIC since *@t0. */
static inline long long ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000LL + (t.tv_nsec - t0->tv_nsec) / 1000000;
}

#endif /* X32E_DIAG_H */
