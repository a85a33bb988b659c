// SPDX-License-Identifier: GPL-2.0
/*
 * x32_time64 - generic compat code gives x32 callers 64-bit time.  Built
 * -mx32 -static, this program reaches the kernel code that converts times
 * for compat callers unless COMPAT_USE_64BIT_TIME says the caller has the
 * 64-bit layout: socket receive and send timeouts, the SCM_TIMESTAMP*
 * control messages and SIOCGSTAMP* of a UDP socket on loopback, struct
 * input_event on uinput and evdev, and the rusage of a raw waitid().
 *
 * x32's struct timeval and timespec are 16 bytes, its input_event 24 and
 * its rusage 144, as on x86-64; the i386 layouts (8, 16, 72) are what a
 * kernel that takes x32 callers for i386 ones hands back.
 *
 * On a kernel without x32 the program does not start (ENOEXEC).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <netinet/in.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/errqueue.h>
#include <linux/input.h>
#include <linux/net_tstamp.h>
#include <linux/sockios.h>
#include <linux/uinput.h>

#include "diag.h"
#include "../kselftest.h"

#define PATTERN		0xa5

/* A timeval within an hour of now, with a valid tv_usec. */
static int timeval_sane(const struct timeval *tv)
{
	long long now = time(NULL);

	return tv->tv_usec >= 0 && tv->tv_usec < 1000000 &&
	       tv->tv_sec > now - 3600 && tv->tv_sec <= now + 1;
}

static int timespec_sane(const struct timespec *ts)
{
	long long now = time(NULL);

	return ts->tv_nsec >= 0 && ts->tv_nsec < 1000000000 &&
	       ts->tv_sec > now - 3600 && ts->tv_sec <= now + 1;
}

static void test_sizes(void)
{
	int ok = 1;

	EXPECT(sizeof(void *) == 4, "sizeof(void *) %zu, expected 4 (built -mx32?)",
	       sizeof(void *));
	EXPECT(sizeof(struct timeval) == 16 && sizeof(struct timespec) == 16,
	       "timeval %zu timespec %zu, expected 16 16",
	       sizeof(struct timeval), sizeof(struct timespec));
	EXPECT(sizeof(struct input_event) == 24 && sizeof(struct rusage) == 144,
	       "input_event %zu rusage %zu, expected 24 144",
	       sizeof(struct input_event), sizeof(struct rusage));
	ksft_test_result(ok, "x32 program with 64-bit timeval, timespec, input_event, rusage\n");
}

/*
 * A socket option that takes a timeval: set it to 0.3 s, read it back
 * (16 bytes, the same value).
 */
static int timeo_roundtrip(int fd, int opt, const char *name, long usec)
{
	struct timeval tv = { .tv_sec = 0, .tv_usec = usec }, back;
	socklen_t len = sizeof(back);
	int ok = 1;

	EXPECT(setsockopt(fd, SOL_SOCKET, opt, &tv, sizeof(tv)) == 0,
	       "setsockopt(%s, {0, %ld}): %s, expected 0", name, usec, strerror(errno));
	memset(&back, PATTERN, sizeof(back));
	EXPECT(getsockopt(fd, SOL_SOCKET, opt, &back, &len) == 0,
	       "getsockopt(%s): %s, expected 0", name, strerror(errno));
	EXPECT(len == sizeof(back) && back.tv_sec == 0 && back.tv_usec == usec,
	       "getsockopt(%s) gave %u bytes {%lld, %lld}; expected 16 bytes {0, %ld}",
	       name, len, (long long)back.tv_sec, (long long)back.tv_usec, usec);
	return ok;
}

static void test_rcvtimeo(void)
{
	struct timespec t0;
	int sv[2], ok = 1;
	long long ms;
	char c;

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv)) {
		ksft_test_result(0, "SO_RCVTIMEO 0.3 s reads back and expires # socketpair: %s\n",
				 strerror(errno));
		return;
	}
	ok = timeo_roundtrip(sv[0], SO_RCVTIMEO, "SO_RCVTIMEO", 300000);
	if (ok) {
		/* A receive timeout that is misread never expires: bound it. */
		alarm(5);
		clock_gettime(CLOCK_MONOTONIC, &t0);
		errno = 0;
		EXPECT(recv(sv[0], &c, 1, 0) == -1 && errno == EAGAIN,
		       "recv on an empty socket: errno %s, expected EAGAIN", ename(errno));
		ms = ms_since(&t0);
		alarm(60);
		EXPECT(ms >= 250 && ms < 2000,
		       "recv returned after %lld ms, expected about 300", ms);
	}
	close(sv[0]);
	close(sv[1]);
	ksft_test_result(ok, "SO_RCVTIMEO 0.3 s reads back and expires\n");
}

static void test_sndtimeo(void)
{
	char buf[4096] = { 0 };
	struct timespec t0;
	int sv[2], ok = 1, n = 0;
	long long ms;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv)) {
		ksft_test_result(0, "SO_SNDTIMEO 0.2 s reads back and expires # socketpair: %s\n",
				 strerror(errno));
		return;
	}
	ok = timeo_roundtrip(sv[0], SO_SNDTIMEO, "SO_SNDTIMEO", 200000);
	/* Fill the socket, then a blocking send must time out. */
	while (send(sv[0], buf, sizeof(buf), MSG_DONTWAIT) > 0 && n < 100000)
		n++;
	if (ok) {
		alarm(5);
		clock_gettime(CLOCK_MONOTONIC, &t0);
		errno = 0;
		EXPECT(send(sv[0], buf, sizeof(buf), 0) == -1 && errno == EAGAIN,
		       "send on a full socket: errno %s, expected EAGAIN", ename(errno));
		ms = ms_since(&t0);
		alarm(60);
		EXPECT(ms >= 150 && ms < 2000,
		       "send returned after %lld ms, expected about 200", ms);
	}
	close(sv[0]);
	close(sv[1]);
	ksft_test_result(ok, "SO_SNDTIMEO 0.2 s reads back and expires\n");
}

/* Bring up lo, and bind a UDP socket on it; returns the socket or -1. */
static int udp_loopback(struct sockaddr_in *addr)
{
	struct ifreq ifr = { 0 };
	socklen_t len = sizeof(*addr);
	int fd;

	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0)
		return -1;
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "lo");
	if (ioctl(fd, SIOCGIFFLAGS, &ifr) == 0 && !(ifr.ifr_flags & IFF_UP)) {
		ifr.ifr_flags |= IFF_UP;
		ioctl(fd, SIOCSIFFLAGS, &ifr);
	}
	memset(addr, 0, sizeof(*addr));
	addr->sin_family = AF_INET;
	addr->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)addr, sizeof(*addr)) ||
	    getsockname(fd, (struct sockaddr *)addr, &len)) {
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * Send a datagram to ourselves with timestamping option @opt on, and
 * receive it with recvmsg(): the control message of type @type must carry
 * @size bytes of payload, copied to @out.
 */
static int recv_stamped(int opt, int val, int type, void *out, size_t size,
			const char *what)
{
	union {
		char buf[CMSG_SPACE(64)];
		struct cmsghdr align;
	} control;
	struct sockaddr_in addr;
	struct cmsghdr *cm;
	char data[8] = "stamp";
	struct iovec iov = { .iov_base = data, .iov_len = sizeof(data) };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = control.buf, .msg_controllen = sizeof(control.buf),
	};
	int fd, ok = 1, found = 0;

	fd = udp_loopback(&addr);
	if (fd < 0) {
		ksft_print_msg("%s: no UDP socket on loopback: %s\n", what, strerror(errno));
		return 0;
	}
	EXPECT(setsockopt(fd, SOL_SOCKET, opt, &val, sizeof(val)) == 0,
	       "%s: setsockopt: %s", what, strerror(errno));
	EXPECT(sendto(fd, data, sizeof(data), 0, (struct sockaddr *)&addr,
		      sizeof(addr)) == sizeof(data), "%s: sendto: %s", what, strerror(errno));
	memset(&control, PATTERN, sizeof(control));
	alarm(5);
	EXPECT(recvmsg(fd, &msg, 0) == sizeof(data), "%s: recvmsg: %s", what, strerror(errno));
	alarm(60);
	for (cm = CMSG_FIRSTHDR(&msg); ok && cm; cm = CMSG_NXTHDR(&msg, cm)) {
		if (cm->cmsg_level != SOL_SOCKET || cm->cmsg_type != type)
			continue;
		found = 1;
		EXPECT(cm->cmsg_len == CMSG_LEN(size),
		       "%s: cmsg_len %zu, expected CMSG_LEN(%zu) = %zu",
		       what, (size_t)cm->cmsg_len, size, (size_t)CMSG_LEN(size));
		memcpy(out, CMSG_DATA(cm), size);
	}
	EXPECT(!ok || found, "%s: no control message of type %d", what, type);
	close(fd);
	return ok && found;
}

static void test_scm_timestamp(void)
{
	struct timeval tv;
	int ok;

	ok = recv_stamped(SO_TIMESTAMP, 1, SCM_TIMESTAMP, &tv, sizeof(tv), "SO_TIMESTAMP");
	if (ok)
		EXPECT(timeval_sane(&tv), "SCM_TIMESTAMP {%lld, %lld}, expected about now",
		       (long long)tv.tv_sec, (long long)tv.tv_usec);
	ksft_test_result(ok, "SCM_TIMESTAMP is a 16-byte timeval of now\n");
}

static void test_scm_timestampns(void)
{
	struct timespec ts;
	int ok;

	ok = recv_stamped(SO_TIMESTAMPNS, 1, SCM_TIMESTAMPNS, &ts, sizeof(ts),
			  "SO_TIMESTAMPNS");
	if (ok)
		EXPECT(timespec_sane(&ts), "SCM_TIMESTAMPNS {%lld, %lld}, expected about now",
		       (long long)ts.tv_sec, (long long)ts.tv_nsec);
	ksft_test_result(ok, "SCM_TIMESTAMPNS is a 16-byte timespec of now\n");
}

static void test_scm_timestamping(void)
{
	struct scm_timestamping tss;
	int ok;

	ok = recv_stamped(SO_TIMESTAMPING,
			  SOF_TIMESTAMPING_RX_SOFTWARE | SOF_TIMESTAMPING_SOFTWARE,
			  SCM_TIMESTAMPING, &tss, sizeof(tss), "SO_TIMESTAMPING");
	if (ok)
		EXPECT(sizeof(tss) == 48 && timespec_sane(&tss.ts[0]),
		       "SCM_TIMESTAMPING (%zu bytes) ts[0] {%lld, %lld}, expected 48 bytes, about now",
		       sizeof(tss), (long long)tss.ts[0].tv_sec, (long long)tss.ts[0].tv_nsec);
	ksft_test_result(ok, "SCM_TIMESTAMPING is three 16-byte timespecs, the software one now\n");
}

/* SIOCGSTAMP and SIOCGSTAMPNS: the time of the last datagram received. */
static void test_siocgstamp(void)
{
	struct sockaddr_in addr;
	struct timeval tv;
	struct timespec ts;
	char data[4] = "abc";
	int fd, ok = 1;

	fd = udp_loopback(&addr);
	if (fd < 0) {
		ksft_test_result(0,
				 "SIOCGSTAMP and SIOCGSTAMPNS give 16-byte times # no UDP socket: %s\n",
				 strerror(errno));
		return;
	}
	sendto(fd, data, sizeof(data), 0, (struct sockaddr *)&addr, sizeof(addr));
	alarm(5);
	EXPECT(recv(fd, data, sizeof(data), 0) == sizeof(data), "recv: %s", strerror(errno));
	alarm(60);
	memset(&tv, PATTERN, sizeof(tv));
	EXPECT(ioctl(fd, SIOCGSTAMP, &tv) == 0, "SIOCGSTAMP: %s", strerror(errno));
	EXPECT(timeval_sane(&tv), "SIOCGSTAMP {%lld, %lld}, expected a timeval of now",
	       (long long)tv.tv_sec, (long long)tv.tv_usec);
	memset(&ts, PATTERN, sizeof(ts));
	EXPECT(ioctl(fd, SIOCGSTAMPNS, &ts) == 0, "SIOCGSTAMPNS: %s", strerror(errno));
	EXPECT(timespec_sane(&ts), "SIOCGSTAMPNS {%lld, %lld}, expected a timespec of now",
	       (long long)ts.tv_sec, (long long)ts.tv_nsec);
	close(fd);
	ksft_test_result(ok, "SIOCGSTAMP and SIOCGSTAMPNS give 16-byte times\n");
}

/* A uinput keyboard with KEY_A, and its evdev node opened; 0 or -1. */
static int uinput_keyboard(int *ufd, int *efd)
{
	struct uinput_setup setup = {
		.id = { .bustype = BUS_VIRTUAL, .vendor = 0x32, .product = 0x32 },
	};
	char sysname[64], path[128];
	int i;

	*ufd = open("/dev/uinput", O_RDWR | O_NONBLOCK);
	if (*ufd < 0)
		return -1;
	snprintf(setup.name, sizeof(setup.name), "x32_time64 keyboard");
	if (ioctl(*ufd, UI_SET_EVBIT, EV_KEY) || ioctl(*ufd, UI_SET_KEYBIT, KEY_A) ||
	    ioctl(*ufd, UI_DEV_SETUP, &setup) || ioctl(*ufd, UI_DEV_CREATE) ||
	    ioctl(*ufd, UI_GET_SYSNAME(sizeof(sysname)), sysname) < 0)
		return -1;
	/* /sys/devices/virtual/input/inputN/eventM names the evdev node. */
	for (i = 0; i < 32; i++) {
		snprintf(path, sizeof(path), "/sys/devices/virtual/input/%s/event%d", sysname, i);
		if (access(path, F_OK) == 0)
			break;
	}
	if (i == 32)
		return -1;
	snprintf(path, sizeof(path), "/dev/input/event%d", i);
	/* devtmpfs makes the node as the device appears; give it a moment. */
	for (int tries = 0; tries < 50; tries++) {
		*efd = open(path, O_RDWR | O_NONBLOCK);
		if (*efd >= 0)
			return 0;
		usleep(20000);
	}
	return -1;
}

/* Read one event from evdev, waiting up to a second. */
static ssize_t read_event(int efd, struct input_event *ev, size_t size)
{
	ssize_t n = -1;

	for (int tries = 0; tries < 100; tries++) {
		n = read(efd, ev, size);
		if (n >= 0 || errno != EAGAIN)
			break;
		usleep(10000);
	}
	return n;
}

static void test_input_events(void)
{
	struct input_event ev[2] = {
		{ .type = EV_KEY, .code = KEY_A, .value = 1 },
		{ .type = EV_SYN, .code = SYN_REPORT, .value = 0 },
	};
	struct input_event got[4];
	int ufd = -1, efd = -1, ok = 1;
	ssize_t n;

	if (uinput_keyboard(&ufd, &efd)) {
		ksft_test_result(0,
				 "struct input_event is 24 bytes on uinput and evdev # no uinput device: %s\n",
				 strerror(errno));
		goto out;
	}
	/* uinput: two events in, 48 bytes. */
	n = write(ufd, ev, sizeof(ev));
	EXPECT(n == (ssize_t)sizeof(ev), "write of 2 events to uinput: %s, expected %zu",
	       rstr(n), sizeof(ev));
	memset(got, PATTERN, sizeof(got));
	n = read_event(efd, got, sizeof(got));
	EXPECT(n == 2 * (ssize_t)sizeof(got[0]),
	       "read from evdev: %s, expected 48 (two 24-byte events)", rstr(n));
	if (n == 2 * (ssize_t)sizeof(got[0])) {
		EXPECT(got[0].type == EV_KEY && got[0].code == KEY_A && got[0].value == 1 &&
		       got[1].type == EV_SYN && got[1].code == SYN_REPORT,
		       "events (%u,%u,%d) (%u,%u,%d), expected (%d,%d,1) (%d,%d,0)",
		       got[0].type, got[0].code, got[0].value,
		       got[1].type, got[1].code, got[1].value,
		       EV_KEY, KEY_A, EV_SYN, SYN_REPORT);
		EXPECT(timeval_sane(&got[0].time),
		       "event time {%lld, %lld}, expected a timeval of now",
		       (long long)got[0].time.tv_sec, (long long)got[0].time.tv_usec);
	}
	/*
	 * evdev: the key's release and a report written in (48 bytes), and
	 * read back, as evdev passes injected events to its readers.
	 */
	ev[0].value = 0;
	n = write(efd, ev, sizeof(ev));
	EXPECT(n == (ssize_t)sizeof(ev), "write of 2 events to evdev: %s, expected 48",
	       rstr(n));
	memset(got, PATTERN, sizeof(got));
	n = read_event(efd, got, sizeof(got));
	EXPECT(n == 2 * (ssize_t)sizeof(got[0]) && got[0].type == EV_KEY &&
	       got[0].code == KEY_A && got[0].value == 0,
	       "read back %s bytes, event (%u,%u,%d); expected 48, (%d,%d,0)",
	       rstr(n), got[0].type, got[0].code, got[0].value, EV_KEY, KEY_A);
	ioctl(ufd, UI_DEV_DESTROY);
	ksft_test_result(ok, "struct input_event is 24 bytes on uinput and evdev\n");
out:
	if (efd >= 0)
		close(efd);
	if (ufd >= 0)
		close(ufd);
}

/*
 * waitid() with a rusage: glibc passes none, so call it raw (x32's own
 * number, 529).  The kernel must fill all 144 bytes of x32's rusage.
 */
static void test_waitid_rusage(void)
{
	unsigned char tail[8];
	struct rusage ru;
	siginfo_t si;
	int ok = 1;
	pid_t pid;
	long ret;

	pid = fork();
	if (pid < 0) {
		ksft_test_result(0, "raw waitid fills x32's 144-byte rusage # fork: %s\n",
				 strerror(errno));
		return;
	}
	if (pid == 0) {
		/* Some pages and some CPU for the counters. */
		static volatile char mem[1 << 20];

		for (unsigned int i = 0; i < sizeof(mem); i += 4096)
			mem[i] = 1;
		_exit(9);
	}
	memset(&ru, PATTERN, sizeof(ru));
	memset(&si, 0, sizeof(si));
	ret = syscall(SYS_waitid, P_PID, pid, &si, WEXITED, &ru);
	EXPECT(ret == 0, "waitid returned %s, expected 0", rstr(ret));
	if (ret)
		waitpid(pid, NULL, 0);
	EXPECT(si.si_pid == pid && si.si_status == 9,
	       "si_pid %d si_status %d, expected %d 9", si.si_pid, si.si_status, pid);
	EXPECT(ru.ru_utime.tv_usec >= 0 && ru.ru_utime.tv_usec < 1000000 &&
	       ru.ru_stime.tv_usec >= 0 && ru.ru_stime.tv_usec < 1000000 &&
	       ru.ru_utime.tv_sec >= 0 && ru.ru_utime.tv_sec < 3600,
	       "ru_utime {%lld, %lld} ru_stime {%lld, %lld}, expected valid timevals",
	       (long long)ru.ru_utime.tv_sec, (long long)ru.ru_utime.tv_usec,
	       (long long)ru.ru_stime.tv_sec, (long long)ru.ru_stime.tv_usec);
	EXPECT(ru.ru_maxrss > 0 && ru.ru_maxrss < 512 * 1024 &&
	       ru.ru_minflt > 0 && ru.ru_minflt < 1 << 20,
	       "ru_maxrss %lld ru_minflt %lld, expected plausible counts",
	       (long long)ru.ru_maxrss, (long long)ru.ru_minflt);
	/* The last field, past the 72 bytes of i386's rusage. */
	memset(tail, PATTERN, sizeof(tail));
	EXPECT(memcmp(&ru.ru_nivcsw, tail, sizeof(tail)),
	       "ru_nivcsw (offset %zu) not written", offsetof(struct rusage, ru_nivcsw));
	ksft_test_result(ok, "raw waitid fills x32's 144-byte rusage\n");
}

static void (*const tests[])(void) = {
	test_sizes,
	test_rcvtimeo,
	test_sndtimeo,
	test_scm_timestamp,
	test_scm_timestampns,
	test_scm_timestamping,
	test_siocgstamp,
	test_input_events,
	test_waitid_rusage,
};

int main(void)
{
	alarm(60);
	ksft_print_header();
	ksft_set_plan(ARRAY_SIZE(tests));
	for (size_t i = 0; i < ARRAY_SIZE(tests); i++)
		tests[i]();
	ksft_finished();
}
