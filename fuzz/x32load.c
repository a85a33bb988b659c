// SPDX-License-Identifier: GPL-2.0
/*
 * x32load - many x32 and native processes at once, and x32 turned off for
 * good in the middle of it (the sysctl abi.x32, the series' own).
 *
 * WORKERS x32 workers and WORKERS native ones (64-bit processes; an x32
 * worker sets bit 30 in every number it issues) each loop over real work:
 * a write and a read through a pipe, a futex wake, a signal queued to
 * itself and handled, a timerfd armed and read, getpid, clock_gettime and
 * a zero nanosleep.  After LOCK-AFTER seconds (default 30) the parent
 * writes 0 to /proc/sys/abi/x32.  From then on an x32 call returns
 * -ENOSYS: an x32 worker that sees it exits cleanly, saying how many
 * calls it made; a native worker goes on to the end (SECONDS) untouched,
 * and any error it sees fails the run.  The workers start together once all are forked;
 * an x32 worker runs until x32 is off (three times SECONDS at most), and
 * every worker is bounded in time (alarm).
 *
 * Output: a line a kind, "x32|native: N workers, N calls, N calls/s, N
 * errors", then "ok" or "FAIL: why"; exit 0 or 1.
 *
 * usage: x32load [--workers N] [--seconds S] [--lock-after S]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../selftests/x32_syscall.h"	/* raw_syscall6(), the selftests' */

#define X32_BIT		X32_SYSCALL_BIT

/* What a worker tells the parent. */
struct report {
	unsigned long calls, errors;
	int x32;		/* an x32 worker */
	int enosys;		/* stopped by -ENOSYS (x32 turned off) */
	double stopped;		/* seconds after the start */
	long first_error;	/* the first unexpected result, with its number */
	unsigned long first_error_nr;
};

static volatile sig_atomic_t handled;

static void on_usr1(int sig)
{
	handled++;
}

static unsigned long bit;	/* X32_BIT in an x32 worker */
static struct report rep;
static struct timespec t0;	/* the start */

static double since_start(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0.tv_sec) + (t.tv_nsec - t0.tv_nsec) / 1e9;
}

/* x32 queues signals through its own number, with the compat siginfo. */
#define X32_RT_TGSIGQUEUEINFO	536

/* One call; 1 if it returned -ENOSYS where x32 is off, else 0. */
static int call(unsigned long nr, unsigned long a1, unsigned long a2, unsigned long a3,
		unsigned long a4, long want_min)
{
	long r = raw_syscall6(nr | bit, a1, a2, a3, a4, 0, 0);

	rep.calls++;
	if (r == -ENOSYS && bit)
		return 1;
	if (r < want_min && r != -EAGAIN && r != -EINTR) {
		if (!rep.errors++) {
			rep.first_error = r;
			rep.first_error_nr = nr | bit;
		}
	}
	return 0;
}

static void worker(int fd_report, int fd_go, int seconds)
{
	int p[2], tfd;
	uint32_t word = 0;
	char buf[8];
	struct itimerspec its = { .it_value.tv_nsec = 1000 };
	struct timespec ts, zero = { 0, 0 };
	siginfo_t si;
	struct sigaction sa = { .sa_handler = on_usr1 };
	/* Native workers run their time; x32 ones until x32 is turned off,
	 * three times as long at most.
	 */
	double end = bit ? 3.0 * seconds : seconds;

	alarm(4 * seconds + 60);	/* bounded, whatever happens */
	/* All start together, when the parent has forked them all. */
	if (read(fd_go, buf, 1) != 0)
		_exit(3);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	sigaction(SIGUSR1, &sa, NULL);
	if (pipe(p) || (tfd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK)) < 0)
		_exit(3);
	memset(&si, 0, sizeof(si));
	si.si_code = SI_QUEUE;
	si.si_pid = getpid();
	while (since_start() < end) {
		if (call(SYS_write, p[1], (unsigned long)"load", 4, 0, 4) ||
		    call(SYS_read, p[0], (unsigned long)buf, sizeof(buf), 0, 4) ||
		    call(SYS_futex, (unsigned long)&word, FUTEX_WAKE_PRIVATE, 1, 0, 0) ||
		    call(bit ? X32_RT_TGSIGQUEUEINFO : SYS_rt_tgsigqueueinfo, getpid(), getpid(),
			 SIGUSR1, (unsigned long)&si, 0) ||
		    call(SYS_timerfd_settime, tfd, 0, (unsigned long)&its, 0, 0) ||
		    call(SYS_read, tfd, (unsigned long)buf, 8, 0, -EAGAIN) ||
		    call(SYS_getpid, 0, 0, 0, 0, 1) ||
		    call(SYS_clock_gettime, CLOCK_MONOTONIC, (unsigned long)&ts, 0, 0, 0) ||
		    call(SYS_nanosleep, (unsigned long)&zero, 0, 0, 0, 0)) {
			rep.enosys = 1;
			break;
		}
	}
	rep.x32 = !!bit;
	rep.stopped = since_start();
	if (write(fd_report, &rep, sizeof(rep)) != sizeof(rep))
		_exit(3);
	_exit(0);
}

int main(int argc, char **argv)
{
	int workers = 64, seconds = 60, lock_after = 30;
	struct { unsigned long calls, errors, reports, enosys, workers; } kind[2] = { 0 };
	int ok = 1, p[2], go[2];
	double secs[2];
	pid_t *pids;

	for (int i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--workers"))
			workers = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--seconds"))
			seconds = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--lock-after"))
			lock_after = atoi(argv[i + 1]);
	}
	if (raw_syscall6(X32_BIT | SYS_getpid, 0, 0, 0, 0, 0, 0) == -ENOSYS) {
		printf("FAIL: x32 is off before the run\n");
		return 1;
	}
	pids = calloc(2 * workers, sizeof(*pids));
	if (!pids || pipe(p) || pipe(go))
		return 1;
	for (int i = 0; i < 2 * workers; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			close(p[0]);
			close(go[1]);
			bit = i < workers ? X32_BIT : 0;
			worker(p[1], go[0], seconds);
		}
		if (pids[i] < 0) {
			printf("FAIL: fork: %s\n", strerror(errno));
			return 1;
		}
	}
	close(p[1]);
	close(go[0]);
	close(go[1]);	/* go */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (since_start() < lock_after)
		usleep(100000);
	{
		int fd = open("/proc/sys/abi/x32", O_WRONLY);

		if (fd < 0 || write(fd, "0", 1) != 1) {
			printf("FAIL: writing 0 to /proc/sys/abi/x32: %s\n", strerror(errno));
			ok = 0;
		}
		if (fd >= 0)
			close(fd);
	}
	if (ok)
		printf("x32 turned off after %d s\n", lock_after);
	for (int i = 0; i < 2 * workers; i++) {
		int status, k = i < workers ? 0 : 1;

		if (waitpid(pids[i], &status, 0) != pids[i] || !WIFEXITED(status) ||
		    WEXITSTATUS(status)) {
			printf("FAIL: %s worker %d: status %#x\n", k ? "native" : "x32", i, status);
			ok = 0;
		}
	}
	secs[0] = secs[1] = 0;
	for (;;) {
		struct report r;
		ssize_t n = read(p[0], &r, sizeof(r));
		int k;

		if (n != sizeof(r))
			break;
		k = r.x32 ? 0 : 1;
		if (r.x32 && r.enosys && r.stopped < lock_after - 0.5) {
			printf("FAIL: an x32 worker got ENOSYS at %.1f s, before the lock\n",
			       r.stopped);
			ok = 0;
		}
		kind[k].calls += r.calls;
		kind[k].errors += r.errors;
		kind[k].enosys += r.enosys;
		kind[k].reports++;
		if (r.stopped > secs[k])	/* the kind's time: its last worker's */
			secs[k] = r.stopped;
		if (r.errors)
			printf("# a worker's first unexpected result: %ld from number %#lx\n",
			       r.first_error, r.first_error_nr);
	}
	for (int k = 0; k < 2; k++)
		printf("%s: %lu workers, %lu calls, %.0f calls/s, %lu errors, %lu stopped by ENOSYS\n",
		       k ? "native" : "x32", kind[k].reports, kind[k].calls,
		       secs[k] > 0 ? kind[k].calls / secs[k] : 0, kind[k].errors, kind[k].enosys);
	if (kind[0].reports + kind[1].reports != (unsigned long)(2 * workers)) {
		printf("FAIL: %lu reports from %d workers\n", kind[0].reports + kind[1].reports,
		       2 * workers);
		ok = 0;
	}
	if (kind[0].enosys != (unsigned long)workers) {
		printf("FAIL: %lu of %d x32 workers stopped on ENOSYS\n", kind[0].enosys, workers);
		ok = 0;
	}
	if (kind[0].errors || kind[1].errors) {
		printf("FAIL: unexpected results: %lu (x32), %lu (native)\n", kind[0].errors,
		       kind[1].errors);
		ok = 0;
	}
	if (raw_syscall6(X32_BIT | SYS_getpid, 0, 0, 0, 0, 0, 0) != -ENOSYS) {
		printf("FAIL: x32 getpid works after the lock\n");
		ok = 0;
	}
	printf("%s\n", ok ? "ok" : "FAIL");
	return !ok;
}
