/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the x32 selftests say when a check fails: EXPECT(),
 * and return values with the names of their errors.
 */
#ifndef X32E_DIAG_H
#define X32E_DIAG_H

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../kselftest.h"

/* A failed check: say what was expected and what came, and clear ok. */
#define EXPECT(cond, fmt, ...)				\
	do {						\
		if (!(cond)) {				\
			ksft_print_msg(fmt "\n", ##__VA_ARGS__); \
			ok = 0;				\
		}					\
	} while (0)

/*
 * Skip the whole test on a kernel without x32 (kselftest's convention for
 * a missing feature).  A harness that knows the kernel has x32 tells a
 * skip from a pass itself.
 */
static inline void x32_require(int available)
{
	if (!available)
		ksft_exit_skip("this kernel does not run x32 system calls (CONFIG_X86_X32_ABI off, or syscall.x32=n)\n");
}

/* The path of @name in this program's directory (they are installed together). */
static inline char *beside_self(const char *name)
{
	static char path[4096];
	ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);
	char *slash;

	path[n > 0 ? n : 0] = 0;
	slash = strrchr(path, '/');
	snprintf(slash ? slash + 1 : path, sizeof(path) - (slash ? slash + 1 - path : 0), "%s",
		 name);
	return path;
}

/*
 * An error number as "ENOMEM": the ones these tests meet by name (glibc's
 * strerrorname_np() is 2.32's and glibc's only), any other as "E<n>".
 */
static inline const char *ename(int err)
{
	static char other[16];

	switch (err) {
	case 0: return "0";
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case ESRCH: return "ESRCH";
	case EINTR: return "EINTR";
	case EIO: return "EIO";
	case ENXIO: return "ENXIO";
	case E2BIG: return "E2BIG";
	case ENOEXEC: return "ENOEXEC";
	case EBADF: return "EBADF";
	case ECHILD: return "ECHILD";
	case EAGAIN: return "EAGAIN";
	case ENOMEM: return "ENOMEM";
	case EACCES: return "EACCES";
	case EFAULT: return "EFAULT";
	case EBUSY: return "EBUSY";
	case EEXIST: return "EEXIST";
	case ENODEV: return "ENODEV";
	case ENOTDIR: return "ENOTDIR";
	case EISDIR: return "EISDIR";
	case EINVAL: return "EINVAL";
	case EMFILE: return "EMFILE";
	case ENOTTY: return "ENOTTY";
	case ENOSPC: return "ENOSPC";
	case ESPIPE: return "ESPIPE";
	case EROFS: return "EROFS";
	case EPIPE: return "EPIPE";
	case ERANGE: return "ERANGE";
	case ENOSYS: return "ENOSYS";
	case ENOTSUP: return "EOPNOTSUPP";
	case ENOTSOCK: return "ENOTSOCK";
	case ENOPROTOOPT: return "ENOPROTOOPT";
	case EAFNOSUPPORT: return "EAFNOSUPPORT";
	case EOVERFLOW: return "EOVERFLOW";
	case ETIMEDOUT: return "ETIMEDOUT";
	case ENOTCONN: return "ENOTCONN";
	}
	snprintf(other, sizeof(other), "E%d", err);
	return other;
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
