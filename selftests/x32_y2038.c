// SPDX-License-Identifier: GPL-2.0
/*
 * x32_y2038 - x32 has had 64-bit time_t from the start: with the clock set
 * to 2040-01-01 00:00:00 UTC (2208988800, past 2^31), a real x32 program
 * (built -mx32 -static) reads it back through time(), clock_gettime() (the
 * vDSO and the system call), gettimeofday() and file timestamps; stores
 * 2100-01-01 with utimensat(); and waits on 2040 deadlines with a
 * CLOCK_REALTIME timerfd, a FUTEX_CLOCK_REALTIME futex, nanosleep() and
 * clock_nanosleep(TIMER_ABSTIME).
 *
 * It sets the system clock: run it as root in the guest, never on a host.
 * The clock is put back at the end and when the watchdog fires (best
 * effort: the saved time plus the CLOCK_MONOTONIC time that went by).
 * Without the right to set the clock (EPERM) every result is skipped.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"
#include "../kselftest.h"

#define Y2038		2147483648LL	/* 2^31: 2038-01-19 03:14:08 UTC */
#define Y2040		2208988800LL	/* 2040-01-01 00:00:00 UTC */
#define Y2100		4102444800LL	/* 2100-01-01 00:00:00 UTC */
#define SLACK_S		60		/* how far past 2040 "now" may be */
#define NSEC		1000000000L

/* Is @t within [2040, 2040 + SLACK_S)? */
static int in_2040(long long t)
{
	return t >= Y2040 && t < Y2040 + SLACK_S;
}

static struct timespec ts_add_ms(struct timespec t, long ms)
{
	t.tv_sec += ms / 1000;
	t.tv_nsec += ms % 1000 * 1000000;
	if (t.tv_nsec >= NSEC) {
		t.tv_sec++;
		t.tv_nsec -= NSEC;
	}
	return t;
}

static long long ts_ms(const struct timespec *t)
{
	return t->tv_sec * 1000LL + t->tv_nsec / 1000000;
}

/* The clock before the test, and CLOCK_MONOTONIC when it was read. */
static struct timespec saved_real, saved_mono;

/* Put the clock back: the saved time plus what went by.  Signal-safe. */
static int restore_clock(void)
{
	struct timespec mono, real;

	clock_gettime(CLOCK_MONOTONIC, &mono);
	real.tv_sec = saved_real.tv_sec + (mono.tv_sec - saved_mono.tv_sec);
	real.tv_nsec = saved_real.tv_nsec + (mono.tv_nsec - saved_mono.tv_nsec);
	if (real.tv_nsec < 0) {
		real.tv_sec--;
		real.tv_nsec += NSEC;
	} else if (real.tv_nsec >= NSEC) {
		real.tv_sec++;
		real.tv_nsec -= NSEC;
	}
	return clock_settime(CLOCK_REALTIME, &real);
}

static void watchdog(int sig)
{
	static const char msg[] = "Bail out! watchdog: the test hung; clock restored\n";

	restore_clock();
	if (write(STDOUT_FILENO, msg, sizeof(msg) - 1) < 0)
		_exit(KSFT_FAIL);
	_exit(KSFT_FAIL);
}

/*
 * time (201) as the kernel returns it: all 64 bits of rax.  glibc's
 * syscall() returns a long, 32 bits on x32, so it cannot show this.
 */
static long long raw_time(long long *tloc)
{
	unsigned long long ret;

	__asm__ volatile ("syscall"
			  : "=a" (ret)
			  : "a" ((unsigned long long)SYS_time),
			  "D" ((unsigned long long)(uintptr_t)tloc)
			  : "rcx", "r11", "memory");
	return (long long)ret;
}

/*
 * glibc 2.36's x32 time() returns the vDSO's (or the system call's) 64-bit
 * rax through a long, so its return value is cut to 32 bits past 2038: in
 * 2040 it returns 2208988800 - 2^32.  The kernel gives all 64 bits, both in
 * rax and in *tloc, and time(&t) stores them; the claim is about that, and
 * a truncated return value is only noted.
 */
static void test_time(void)
{
	long long raw, raw_loc = 0;
	time_t t = 0, ret;
	int ok = 1;

	ret = time(&t);
	raw = raw_time(&raw_loc);
	EXPECT(t > Y2038 && in_2040(t), "time(&t) stored %lld, expected %lld to %lld",
	       (long long)t, Y2040, Y2040 + SLACK_S);
	EXPECT(in_2040(raw) && raw_loc == raw && raw >= t,
	       "the time system call returned %lld and stored %lld; expected one 2040 value (%lld), not before %lld",
	       raw, raw_loc, Y2040, (long long)t);
	if (ret != t)
		ksft_print_msg("note: time() returned %lld, not %lld: %s\n",
			       (long long)ret, (long long)t,
			       ret == (int32_t)t ? "the libc cut the return value to 32 bits (glibc 2.36's x32 time() does), not the kernel"
			       : "the value itself differs");
	EXPECT(ret == t || ret == (int32_t)t,
	       "time() returned %lld, expected %lld (or, with the libc's 32-bit cut, %d)",
	       (long long)ret, (long long)t, (int32_t)t);
	ksft_test_result(ok,
			 "time(&t) and the time system call give 2040, past 2^31, in 64 bits\n");
}

static void test_clock_gettime(void)
{
	struct timespec vdso = { 0, -1 }, sys = { 0, -1 };
	long ret;
	int ok = 1;

	ret = clock_gettime(CLOCK_REALTIME, &vdso);
	EXPECT(ret == 0 && in_2040(vdso.tv_sec) && vdso.tv_nsec >= 0 && vdso.tv_nsec < NSEC,
	       "clock_gettime returned %s with %lld.%09ld, expected 0 with 2040 (%lld)",
	       rstr(ret), (long long)vdso.tv_sec, (long)vdso.tv_nsec, Y2040);
	ret = syscall(SYS_clock_gettime, CLOCK_REALTIME, &sys);
	EXPECT(ret == 0 && in_2040(sys.tv_sec) && sys.tv_nsec >= 0 && sys.tv_nsec < NSEC &&
	       sys.tv_sec >= vdso.tv_sec,
	       "the clock_gettime system call returned %s with %lld.%09ld, expected 0 with 2040, not before %lld",
	       rstr(ret), (long long)sys.tv_sec, (long)sys.tv_nsec, (long long)vdso.tv_sec);
	ksft_test_result(ok,
			 "clock_gettime(CLOCK_REALTIME) by the vDSO and by the system call returns 2040\n");
}

static void test_gettimeofday(void)
{
	struct timeval tv = { 0, -1 };
	long ret;
	int ok = 1;

	ret = gettimeofday(&tv, NULL);
	EXPECT(ret == 0 && in_2040(tv.tv_sec) && tv.tv_usec >= 0 && tv.tv_usec < 1000000,
	       "gettimeofday returned %s with %lld.%06lld, expected 0 with 2040 (%lld)",
	       rstr(ret), (long long)tv.tv_sec, (long long)tv.tv_usec, Y2040);
	ksft_test_result(ok, "gettimeofday returns 2040 in tv_sec\n");
}

static const char *tmp_path(const char *name)
{
	static char buf[64];

	snprintf(buf, sizeof(buf), "/tmp/x32_y2038.%d.%s", getpid(), name);
	return buf;
}

static void test_file_times(void)
{
	const char *what = "a file created now has 2040 timestamps by stat, fstat and fstatat";
	const char *path = tmp_path("new");
	struct stat st, fst, ast;
	int fd, dfd, ok = 1;

	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0) {
		ksft_test_result(0, "%s # creating %s: %s\n", what, path, strerror(errno));
		return;
	}
	memset(&st, 0, sizeof(st));
	memset(&fst, 0, sizeof(fst));
	memset(&ast, 0, sizeof(ast));
	EXPECT(stat(path, &st) == 0, "stat failed: %s", strerror(errno));
	EXPECT(fstat(fd, &fst) == 0, "fstat failed: %s", strerror(errno));
	dfd = open("/tmp", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	EXPECT(fstatat(dfd, strrchr(path, '/') + 1, &ast, 0) == 0, "fstatat failed: %s",
	       strerror(errno));
	EXPECT(in_2040(st.st_mtime) && in_2040(st.st_atime) && in_2040(st.st_ctime),
	       "stat: mtime %lld atime %lld ctime %lld, expected 2040 (%lld)",
	       (long long)st.st_mtime, (long long)st.st_atime, (long long)st.st_ctime, Y2040);
	EXPECT(fst.st_mtime == st.st_mtime && ast.st_mtime == st.st_mtime &&
	       ast.st_mtim.tv_nsec == st.st_mtim.tv_nsec,
	       "fstat mtime %lld, fstatat mtime %lld.%09ld; expected the stat mtime %lld.%09ld",
	       (long long)fst.st_mtime, (long long)ast.st_mtime, (long)ast.st_mtim.tv_nsec,
	       (long long)st.st_mtime, (long)st.st_mtim.tv_nsec);
	if (dfd >= 0)
		close(dfd);
	close(fd);
	unlink(path);
	ksft_test_result(ok, "%s\n", what);
}

static void test_utimensat(void)
{
	const char *what = "utimensat stores 2100-01-01 (4102444800) and stat reads it back exactly";
	const char *path = tmp_path("utime");
	struct timespec times[2] = { { Y2100, 123456789 }, { Y2100 + 1, 987654321 } };
	struct stat st;
	int fd, ret, ok = 1;

	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0) {
		ksft_test_result(0, "%s # creating %s: %s\n", what, path, strerror(errno));
		return;
	}
	close(fd);
	ret = utimensat(AT_FDCWD, path, times, 0);
	EXPECT(ret == 0, "utimensat returned %s, expected 0", rstr(ret));
	memset(&st, 0, sizeof(st));
	EXPECT(stat(path, &st) == 0, "stat failed: %s", strerror(errno));
	EXPECT(st.st_atim.tv_sec == times[0].tv_sec && st.st_atim.tv_nsec == times[0].tv_nsec &&
	       st.st_mtim.tv_sec == times[1].tv_sec && st.st_mtim.tv_nsec == times[1].tv_nsec,
	       "atime %lld.%09ld mtime %lld.%09ld, expected %lld.%09ld and %lld.%09ld",
	       (long long)st.st_atim.tv_sec, (long)st.st_atim.tv_nsec,
	       (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec,
	       (long long)times[0].tv_sec, (long)times[0].tv_nsec,
	       (long long)times[1].tv_sec, (long)times[1].tv_nsec);
	EXPECT(in_2040(st.st_ctime), "ctime %lld, expected 2040 (%lld)",
	       (long long)st.st_ctime, Y2040);
	unlink(path);
	ksft_test_result(ok, "%s\n", what);
}

static void test_timerfd(void)
{
	const char *what = "a CLOCK_REALTIME timerfd with an absolute 2040 expiry 1 s ahead fires once";
	struct itimerspec its = { { 0, 0 }, { 0, 0 } }, cur;
	struct timespec now, t0;
	struct pollfd pfd;
	uint64_t expiries = 0;
	int fd, ret, ok = 1;
	long long ms;
	long r;

	fd = timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC);
	if (fd < 0) {
		ksft_test_result(0, "%s # timerfd_create: %s\n", what, strerror(errno));
		return;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	clock_gettime(CLOCK_REALTIME, &now);
	its.it_value = ts_add_ms(now, 1000);
	ret = timerfd_settime(fd, TFD_TIMER_ABSTIME, &its, NULL);
	EXPECT(ret == 0, "timerfd_settime at %lld.%09ld returned %s, expected 0",
	       (long long)its.it_value.tv_sec, (long)its.it_value.tv_nsec, rstr(ret));
	memset(&cur, 0xff, sizeof(cur));
	ret = timerfd_gettime(fd, &cur);
	EXPECT(ret == 0 && cur.it_value.tv_sec >= 0 && ts_ms(&cur.it_value) <= 1000 &&
	       (cur.it_value.tv_sec || cur.it_value.tv_nsec),
	       "timerfd_gettime returned %s with %lld.%09ld left, expected 0 with (0, 1 s]",
	       rstr(ret), (long long)cur.it_value.tv_sec, (long)cur.it_value.tv_nsec);
	pfd.fd = fd;
	pfd.events = POLLIN;
	ret = poll(&pfd, 1, 5000);
	ms = ms_since(&t0);
	EXPECT(ret == 1 && ms >= 900 && ms < 3000,
	       "poll returned %s after %lld ms, expected 1 after about 1000 ms (less than 3 s)",
	       rstr(ret), ms);
	if (ret == 1) {
		r = read(fd, &expiries, sizeof(expiries));
		EXPECT(r == 8 && expiries == 1, "read returned %s with %llu, expected 8 with 1",
		       rstr(r), (unsigned long long)expiries);
	}
	close(fd);
	ksft_test_result(ok, "%s\n", what);
}

static void test_futex(void)
{
	const char *what = "FUTEX_WAIT_BITSET with FUTEX_CLOCK_REALTIME and a 2040 deadline 50 ms ahead times out in about 50 ms";
	static uint32_t word;
	struct timespec now, deadline, t0;
	long long ms;
	long ret;
	int err, ok = 1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	clock_gettime(CLOCK_REALTIME, &now);
	deadline = ts_add_ms(now, 50);
	ret = syscall(SYS_futex, &word, FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME, 0,
		      &deadline, NULL, FUTEX_BITSET_MATCH_ANY);
	err = errno;
	ms = ms_since(&t0);
	errno = err;
	EXPECT(ret == -1 && err == ETIMEDOUT && ms >= 45 && ms < 2000,
	       "futex returned %s after %lld ms, expected -1 (ETIMEDOUT) after 50 ms (less than 2 s)",
	       rstr(ret), ms);
	ksft_test_result(ok, "%s\n", what);
}

static void test_nanosleep(void)
{
	struct timespec req = { 0, 50 * 1000 * 1000 }, t0, r0, r1;
	long long ms, real_ms;
	long ret;
	int ok = 1;

	clock_gettime(CLOCK_REALTIME, &r0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ret = nanosleep(&req, NULL);
	ms = ms_since(&t0);
	clock_gettime(CLOCK_REALTIME, &r1);
	real_ms = ts_ms(&r1) - ts_ms(&r0);
	EXPECT(ret == 0 && ms >= 50 && ms < 2000 && real_ms >= 50 && in_2040(r1.tv_sec),
	       "nanosleep returned %s after %lld ms (CLOCK_REALTIME moved %lld ms to %lld); expected 0 after 50 ms to 2 s, in 2040",
	       rstr(ret), ms, real_ms, (long long)r1.tv_sec);
	ksft_test_result(ok, "nanosleep of 50 ms in 2040 sleeps 50 ms\n");
}

static void test_clock_nanosleep(void)
{
	struct timespec target, now, t0;
	long long ms;
	int ret, ok = 1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	clock_gettime(CLOCK_REALTIME, &now);
	target = ts_add_ms(now, 50);
	ret = clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &target, NULL);
	ms = ms_since(&t0);
	clock_gettime(CLOCK_REALTIME, &now);
	EXPECT(ret == 0 && ms >= 45 && ms < 2000 &&
	       (now.tv_sec > target.tv_sec ||
		(now.tv_sec == target.tv_sec && now.tv_nsec >= target.tv_nsec)),
	       "clock_nanosleep returned %d after %lld ms at %lld.%09ld; expected 0 after 50 ms (less than 2 s), at or after %lld.%09ld",
	       ret, ms, (long long)now.tv_sec, (long)now.tv_nsec,
	       (long long)target.tv_sec, (long)target.tv_nsec);
	ksft_test_result(ok,
			 "clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME) to 50 ms past a 2040 now\n");
}

static void (*const tests[])(void) = {
	test_time,
	test_clock_gettime,
	test_gettimeofday,
	test_file_times,
	test_utimensat,
	test_timerfd,
	test_futex,
	test_nanosleep,
	test_clock_nanosleep,
};

int main(void)
{
	const struct timespec y2040 = { Y2040, 0 };
	const size_t n = ARRAY_SIZE(tests);
	const char *set_what = "clock_settime(CLOCK_REALTIME) to 2040-01-01 (2208988800)";
	int err;

	ksft_print_header();
	ksft_set_plan(1 + n);
	clock_gettime(CLOCK_REALTIME, &saved_real);
	clock_gettime(CLOCK_MONOTONIC, &saved_mono);
	signal(SIGALRM, watchdog);
	alarm(30);

	if (clock_settime(CLOCK_REALTIME, &y2040)) {
		err = errno;
		if (err == EPERM)
			ksft_test_result_skip("%s (EPERM: run as root, in the guest)\n", set_what);
		else
			ksft_test_result(0, "%s # got -1 (%s), expected 0\n", set_what,
					 ename(err));
		for (size_t i = 0; i < n; i++)
			ksft_test_result_skip("the clock is not in 2040 (clock_settime: %s)\n",
					      ename(err));
		ksft_finished();
	}
	ksft_test_result(1, "%s\n", set_what);
	for (size_t i = 0; i < n; i++)
		tests[i]();

	alarm(0);
	if (restore_clock())
		ksft_print_msg("putting the clock back failed: %s; it is still in 2040\n",
			       strerror(errno));
	ksft_finished();
}
