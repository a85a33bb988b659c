// SPDX-License-Identifier: GPL-2.0
/*
 * x32_compat - the x32 numbers 512..547 use the x32 layouts: each call below
 * passes a structure whose pointers and longs are 32 bits (iovec, msghdr,
 * cmsghdr, sigaction, sigset, robust_list_head, siginfo, stack_t, sigevent)
 * and the kernel reads and writes it the way x32 lays it out.
 *
 * This is a 64-bit static non-PIE program that sets bit 30 itself.  Every
 * structure an x32 call sees, and every buffer such a structure points to,
 * is static storage, below 4 GiB; ptr32() checks each address it stores.
 *
 * On a kernel without x32 every call returns -ENOSYS and every result
 * fails: the claims are false there.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"
#include "../kselftest.h"
#include "x32_syscall.h"

#ifndef SA_RESTORER
#define SA_RESTORER	0x04000000
#endif

/* x32 numbers (the rows of syscall_64.tbl marked "x32") */
#define X32_rt_sigaction	512
#define X32_ioctl		514
#define X32_readv		515
#define X32_writev		516
#define X32_sendmsg		518
#define X32_recvmsg		519
#define X32_rt_sigpending	522
#define X32_sigaltstack		525
#define X32_timer_create	526
#define X32_waitid		529
#define X32_set_robust_list	530
#define X32_get_robust_list	531
#define X32_preadv		534
#define X32_pwritev		535
#define X32_preadv2		546

/* The x32 layouts: every pointer, long and size_t is 32 bits. */
struct iovec_x32 {
	uint32_t iov_base;
	uint32_t iov_len;
};

struct msghdr_x32 {
	uint32_t msg_name;
	uint32_t msg_namelen;
	uint32_t msg_iov;
	uint32_t msg_iovlen;
	uint32_t msg_control;
	uint32_t msg_controllen;
	uint32_t msg_flags;
};

struct cmsghdr_x32 {
	uint32_t cmsg_len;
	int32_t cmsg_level;
	int32_t cmsg_type;
};

/* The kernel's compat_sigaction (sa_ names are libc macros); the sigset
 * is two 32-bit words.
 */
struct sigaction_x32 {
	uint32_t handler;
	uint32_t flags;
	uint32_t restorer;
	uint32_t mask[2];
};

/* What native rt_sigaction (13) reads and writes. */
struct sigaction_k64 {
	uint64_t handler;
	uint64_t flags;
	uint64_t restorer;
	uint64_t mask;
};

struct robust_list_head_x32 {
	uint32_t next;
	int32_t futex_offset;
	uint32_t list_op_pending;
};

/* compat_siginfo with the x32 SIGCHLD fields (si_ names are libc macros). */
struct siginfo_x32 {
	int32_t signo;		/* 0 */
	int32_t err;		/* 4 */
	int32_t code;		/* 8 */
	int32_t pid;		/* 12 */
	uint32_t uid;		/* 16 */
	int32_t status;		/* 20 */
	uint8_t rest[104];	/* utime, stime, padding to 128 */
};

struct stack_x32 {
	uint32_t ss_sp;
	int32_t ss_flags;
	uint32_t ss_size;
};

struct sigevent_x32 {
	uint32_t sigev_value;
	int32_t sigev_signo;
	int32_t sigev_notify;
	int32_t sigev_pad[13];	/* the union; the thread id at offset 12 */
};

_Static_assert(sizeof(struct iovec_x32) == 8, "x32 iovec is 8 bytes");
_Static_assert(sizeof(struct msghdr_x32) == 28, "x32 msghdr is 28 bytes");
_Static_assert(offsetof(struct msghdr_x32, msg_flags) == 24, "msg_flags at 24");
_Static_assert(sizeof(struct cmsghdr_x32) == 12, "x32 cmsghdr is 12 bytes");
_Static_assert(sizeof(struct sigaction_x32) == 20, "compat_sigaction is 20 bytes");
_Static_assert(sizeof(struct robust_list_head_x32) == 12, "x32 robust list head is 12 bytes");
_Static_assert(sizeof(struct siginfo_x32) == 128, "siginfo is 128 bytes");
_Static_assert(offsetof(struct siginfo_x32, pid) == 12, "pid at 12");
_Static_assert(offsetof(struct siginfo_x32, status) == 20, "status at 20");
_Static_assert(sizeof(struct stack_x32) == 12, "x32 stack_t is 12 bytes");
_Static_assert(sizeof(struct sigevent_x32) == 64, "compat_sigevent is 64 bytes");

/*
 * Everything the x32 calls read or write: static storage, below 4 GiB in a
 * non-PIE program.  Never the stack or the heap, which are above it.
 */
static struct iovec_x32 iov[2], iov_in[2];
static char piece[2][16], piece_in[2][16];
static struct msghdr_x32 msg_out, msg_in;
static union {
	struct cmsghdr_x32 hdr;
	uint8_t bytes[32];
} cmsg_out, cmsg_in;
static int32_t ioctl_int;
static uint8_t termios_native[64], termios_x32[64];
static struct sigaction_x32 sa_set, sa_get;
static struct robust_list_head_x32 robust_head;
static uint32_t robust_head_got, robust_len_got;
static struct siginfo_x32 wait_info;
static uint8_t alt_stack[16384] __attribute__((aligned(16)));
static struct stack_x32 ss_set, ss_get;
static uint32_t pending[2];
static struct sigevent_x32 timer_event;
static int32_t timer_id;

/*
 * The 32-bit value an x32 structure (or argument) holds for @p.  An address
 * at or above 4 GiB cannot be expressed: the program was built wrong (PIE),
 * and no result would mean anything.
 */
static uint32_t ptr32(const void *p)
{
	if ((uintptr_t)p > UINT32_MAX) {
		printf("Bail out! %p is above 4 GiB: x32 data must be static storage of a non-PIE program\n",
		       p);
		fflush(stdout);
		exit(KSFT_FAIL);
	}
	return (uint32_t)(uintptr_t)p;
}

static long x32_call(unsigned long nr, unsigned long a1, unsigned long a2,
		     unsigned long a3, unsigned long a4, unsigned long a5)
{
	return raw_syscall6(nr | X32_SYSCALL_BIT, a1, a2, a3, a4, a5, 0);
}

static void set_iov(struct iovec_x32 *v, void *base, uint32_t len)
{
	v->iov_base = ptr32(base);
	v->iov_len = len;
}

/* A non-blocking pipe already holding @data, so no read can wait. */
static int pipe_holding(int p[2], const char *data)
{
	size_t len = strlen(data);

	if (pipe2(p, O_NONBLOCK | O_CLOEXEC))
		return -1;
	if (write(p[1], data, len) != (ssize_t)len) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	return 0;
}

static void close_pair(int p[2])
{
	close(p[0]);
	close(p[1]);
}

/*
 * Run @fn in a child, which fills @out (n longs) and exits; the parent gets
 * @out back through a pipe.  State that an x32 call changes for the whole
 * task (the robust list, the alternate signal stack) stays in the child.
 * Returns 0, or -1 after a diagnostic when the child did not report.
 */
static int run_in_child(void (*fn)(long *out), long *out, int n)
{
	size_t size = n * sizeof(*out);
	int pfd[2], status;
	ssize_t got;
	pid_t pid;

	if (pipe(pfd)) {
		ksft_print_msg("pipe: %s\n", strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		ksft_print_msg("fork: %s\n", strerror(errno));
		close_pair(pfd);
		return -1;
	}
	if (pid == 0) {
		close(pfd[0]);
		alarm(10);
		fn(out);
		_exit(write(pfd[1], out, size) == (ssize_t)size ? 0 : 3);
	}
	close(pfd[1]);
	got = read(pfd[0], out, size);
	close(pfd[0]);
	waitpid(pid, &status, 0);
	if (got == (ssize_t)size)
		return 0;
	if (WIFSIGNALED(status))
		ksft_print_msg("child killed by signal %d before it reported\n", WTERMSIG(status));
	else
		ksft_print_msg("child exited %d without a report\n", WEXITSTATUS(status));
	return -1;
}

static void test_readv(void)
{
	const char *what = "readv 515 with a 32-bit iovec of two pieces reads \"hello world\"";
	long ret;
	int p[2], ok;

	if (pipe_holding(p, "hello world")) {
		ksft_test_result(0, "%s # pipe: %s\n", what, strerror(errno));
		return;
	}
	memset(piece, 0, sizeof(piece));
	set_iov(&iov[0], piece[0], 5);
	set_iov(&iov[1], piece[1], 6);
	ret = x32_call(X32_readv, p[0], ptr32(iov), 2, 0, 0);
	ok = ret == 11 && !memcmp(piece[0], "hello", 5) && !memcmp(piece[1], " world", 6);
	if (!ok)
		ksft_print_msg("readv returned %s, pieces \"%.5s\" \"%.6s\"; expected 11, \"hello\" \" world\"\n",
			       raw_rstr(ret), piece[0], piece[1]);
	close_pair(p);
	ksft_test_result(ok, "%s\n", what);
}

static void test_writev(void)
{
	const char *what = "writev 516 with a 32-bit iovec writes both pieces";
	char buf[32] = "";
	long ret, n;
	int p[2], ok;

	if (pipe2(p, O_NONBLOCK | O_CLOEXEC)) {
		ksft_test_result(0, "%s # pipe: %s\n", what, strerror(errno));
		return;
	}
	memcpy(piece[0], "x32 ", 4);
	memcpy(piece[1], "writev", 6);
	set_iov(&iov[0], piece[0], 4);
	set_iov(&iov[1], piece[1], 6);
	ret = x32_call(X32_writev, p[1], ptr32(iov), 2, 0, 0);
	n = read(p[0], buf, sizeof(buf) - 1);	/* non-blocking */
	ok = ret == 10 && n == 10 && !memcmp(buf, "x32 writev", 10);
	if (!ok)
		ksft_print_msg("writev returned %s, a native read of the pipe %s \"%s\"; expected 10 and \"x32 writev\"\n",
			       raw_rstr(ret), raw_rstr(n < 0 ? -errno : n), buf);
	close_pair(p);
	ksft_test_result(ok, "%s\n", what);
}

/* An unlinked file in /tmp (tmpfs in the guest). */
static int scratch_file(void)
{
	char path[] = "/tmp/x32_compat.XXXXXX";
	int fd = mkstemp(path);

	if (fd >= 0)
		unlink(path);
	return fd;
}

static void test_pwritev_preadv(int fd)
{
	const char *what = "pwritev 535 and preadv 534 with 32-bit iovecs at offset 4096";
	char native[16] = "";
	long w, r, n;
	int ok;

	memcpy(piece[0], "0123", 4);
	memcpy(piece[1], "456789", 6);
	set_iov(&iov[0], piece[0], 4);
	set_iov(&iov[1], piece[1], 6);
	w = x32_call(X32_pwritev, fd, ptr32(iov), 2, 4096, 0);
	n = pread(fd, native, 10, 4096);

	memset(piece, 0, sizeof(piece));
	set_iov(&iov[0], piece[0], 6);
	set_iov(&iov[1], piece[1], 4);
	r = x32_call(X32_preadv, fd, ptr32(iov), 2, 4096, 0);

	ok = w == 10 && n == 10 && !memcmp(native, "0123456789", 10) &&
	     r == 10 && !memcmp(piece[0], "012345", 6) && !memcmp(piece[1], "6789", 4);
	if (!ok)
		ksft_print_msg("pwritev returned %s, native pread at 4096 got %ld \"%.10s\", preadv returned %s with \"%.6s\" \"%.4s\"; expected 10, 10 \"0123456789\", 10 \"012345\" \"6789\"\n",
			       raw_rstr(w), n, native, raw_rstr(r), piece[0], piece[1]);
	ksft_test_result(ok, "%s\n", what);
}

static void test_preadv2(int fd)
{
	const char *what = "preadv2 546 with flags 0 reads at an offset";
	long r;
	int ok;

	if (pwrite(fd, "abcdefghij", 10, 8192) != 10) {
		ksft_test_result(0, "%s # pwrite: %s\n", what, strerror(errno));
		return;
	}
	memset(piece, 0, sizeof(piece));
	set_iov(&iov[0], piece[0], 4);
	r = x32_call(X32_preadv2, fd, ptr32(iov), 1, 8195, 0);
	ok = r == 4 && !memcmp(piece[0], "defg", 4);
	if (!ok)
		ksft_print_msg("preadv2 at 8195 returned %s with \"%.4s\", expected 4 and \"defg\"\n",
			       raw_rstr(r), piece[0]);
	ksft_test_result(ok, "%s\n", what);
}

static void test_file_vectors(void)
{
	int fd = scratch_file();

	if (fd < 0) {
		ksft_test_result(0,
				 "pwritev 535 and preadv 534 with 32-bit iovecs at offset 4096 # mkstemp: %s\n",
				 strerror(errno));
		ksft_test_result(0, "preadv2 546 with flags 0 reads at an offset # mkstemp: %s\n",
				 strerror(errno));
		return;
	}
	test_pwritev_preadv(fd);
	test_preadv2(fd);
	close(fd);
}

static void test_fionread(void)
{
	const char *what = "ioctl 514 FIONREAD on a pipe holding 5 bytes gives 5";
	long ret;
	int p[2], ok;

	if (pipe_holding(p, "12345")) {
		ksft_test_result(0, "%s # pipe: %s\n", what, strerror(errno));
		return;
	}
	ioctl_int = -1;
	ret = x32_call(X32_ioctl, p[0], FIONREAD, ptr32(&ioctl_int), 0, 0);
	ok = ret == 0 && ioctl_int == 5;
	if (!ok)
		ksft_print_msg("ioctl returned %s and %d, expected 0 and 5\n",
			       raw_rstr(ret), ioctl_int);
	close_pair(p);
	ksft_test_result(ok, "%s\n", what);
}

static void test_tcgets(void)
{
	const char *what = "ioctl 514 TCGETS on a pty gives the native struct termios";
	long ret, native;
	int fd, ok;

	fd = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		ksft_test_result_skip("%s (cannot open /dev/ptmx: %s)\n", what, strerror(errno));
		return;
	}
	/* Same filler in both, so bytes the kernel does not write compare too. */
	memset(termios_native, 0xa5, sizeof(termios_native));
	memset(termios_x32, 0xa5, sizeof(termios_x32));
	native = ioctl(fd, TCGETS, termios_native) ? -errno : 0;
	ret = x32_call(X32_ioctl, fd, TCGETS, ptr32(termios_x32), 0, 0);
	ok = native == 0 && ret == 0 &&
	     !memcmp(termios_native, termios_x32, sizeof(termios_x32));
	if (!ok)
		ksft_print_msg("x32 TCGETS returned %s, native %s; the termios bytes %s\n",
			       raw_rstr(ret), raw_rstr(native),
			       memcmp(termios_native, termios_x32, sizeof(termios_x32)) ?
			       "differ" : "match");
	close(fd);
	ksft_test_result(ok, "%s\n", what);
}

static void set_msg(struct msghdr_x32 *m, struct iovec_x32 *v, uint32_t n,
		    void *control, uint32_t controllen)
{
	memset(m, 0, sizeof(*m));
	m->msg_iov = ptr32(v);
	m->msg_iovlen = n;
	m->msg_control = control ? ptr32(control) : 0;
	m->msg_controllen = controllen;
}

static void test_sendmsg_recvmsg(void)
{
	const char *what = "sendmsg 518 and recvmsg 519 with a 32-bit msghdr carry two iovecs";
	long s, r;
	int sv[2], ok;

	if (socketpair(AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, sv)) {
		ksft_test_result(0, "%s # socketpair: %s\n", what, strerror(errno));
		return;
	}
	memcpy(piece[0], "ping", 4);
	memcpy(piece[1], "pong", 4);
	set_iov(&iov[0], piece[0], 4);
	set_iov(&iov[1], piece[1], 4);
	set_msg(&msg_out, iov, 2, NULL, 0);
	s = x32_call(X32_sendmsg, sv[0], ptr32(&msg_out), 0, 0, 0);

	memset(piece_in, 0, sizeof(piece_in));
	set_iov(&iov_in[0], piece_in[0], 4);
	set_iov(&iov_in[1], piece_in[1], 4);
	set_msg(&msg_in, iov_in, 2, NULL, 0);
	msg_in.msg_flags = 0xffffffff;
	r = x32_call(X32_recvmsg, sv[1], ptr32(&msg_in), 0, 0, 0);

	ok = s == 8 && r == 8 && !memcmp(piece_in[0], "ping", 4) &&
	     !memcmp(piece_in[1], "pong", 4) && msg_in.msg_flags == 0;
	if (!ok)
		ksft_print_msg("sendmsg returned %s, recvmsg %s with \"%.4s\" \"%.4s\" and msg_flags %#x; expected 8, 8, \"ping\" \"pong\", 0\n",
			       raw_rstr(s), raw_rstr(r), piece_in[0], piece_in[1],
			       msg_in.msg_flags);
	close_pair(sv);
	ksft_test_result(ok, "%s\n", what);
}

static void test_scm_rights(void)
{
	const char *what = "sendmsg 518 and recvmsg 519 pass a pipe's read end in a 32-bit SCM_RIGHTS cmsg";
	char buf[8] = "";
	int p[2], sv[2], fd = -1, ok;
	long s, r, n = -1;

	if (pipe_holding(p, "fdok")) {
		ksft_test_result(0, "%s # pipe: %s\n", what, strerror(errno));
		return;
	}
	if (socketpair(AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, sv)) {
		ksft_test_result(0, "%s # socketpair: %s\n", what, strerror(errno));
		close_pair(p);
		return;
	}
	/* One fd: a 12-byte header and 4 bytes of data, 16 in all. */
	memset(&cmsg_out, 0, sizeof(cmsg_out));
	cmsg_out.hdr.cmsg_len = sizeof(struct cmsghdr_x32) + sizeof(int);
	cmsg_out.hdr.cmsg_level = SOL_SOCKET;
	cmsg_out.hdr.cmsg_type = SCM_RIGHTS;
	memcpy(cmsg_out.bytes + sizeof(struct cmsghdr_x32), &p[0], sizeof(int));
	memcpy(piece[0], "x", 1);
	set_iov(&iov[0], piece[0], 1);
	set_msg(&msg_out, iov, 1, &cmsg_out, 16);
	s = x32_call(X32_sendmsg, sv[0], ptr32(&msg_out), 0, 0, 0);

	memset(&cmsg_in, 0xff, sizeof(cmsg_in));
	set_iov(&iov_in[0], piece_in[0], 1);
	set_msg(&msg_in, iov_in, 1, &cmsg_in, sizeof(cmsg_in));
	r = x32_call(X32_recvmsg, sv[1], ptr32(&msg_in), 0, 0, 0);

	ok = s == 1 && r == 1 && msg_in.msg_controllen == 16 &&
	     cmsg_in.hdr.cmsg_len == 16 && cmsg_in.hdr.cmsg_level == SOL_SOCKET &&
	     cmsg_in.hdr.cmsg_type == SCM_RIGHTS;
	if (ok) {
		memcpy(&fd, cmsg_in.bytes + sizeof(struct cmsghdr_x32), sizeof(int));
		n = read(fd, buf, sizeof(buf) - 1);
		ok = n == 4 && !memcmp(buf, "fdok", 4);
		close(fd);
	}
	if (!ok)
		ksft_print_msg("sendmsg returned %s, recvmsg %s, msg_controllen %u, cmsg len %u level %d type %d, the passed fd %d read %ld \"%s\"; expected 1, 1, 16, 16 %d %d, \"fdok\"\n",
			       raw_rstr(s), raw_rstr(r), msg_in.msg_controllen,
			       cmsg_in.hdr.cmsg_len, cmsg_in.hdr.cmsg_level,
			       cmsg_in.hdr.cmsg_type, fd, n, buf, SOL_SOCKET, SCM_RIGHTS);
	close_pair(sv);
	close_pair(p);
	ksft_test_result(ok, "%s\n", what);
}

/* Installed for SIGUSR1 but never run: the signal is never raised. */
static void unused_handler(int sig, siginfo_t *si, void *uc)
{
}

static void unused_restorer(void)
{
}

#define SA_SET_FLAGS	(SA_RESTORER | SA_RESTART | SA_SIGINFO)
#define SIGUSR2_BIT	(1u << (SIGUSR2 - 1))

static void test_rt_sigaction(void)
{
	const char *what = "rt_sigaction 512 stores an x32 sigaction and reads it back";
	long set, get;
	int ok;

	memset(&sa_set, 0, sizeof(sa_set));
	sa_set.handler = ptr32(unused_handler);
	sa_set.flags = SA_SET_FLAGS;
	sa_set.restorer = ptr32(unused_restorer);
	sa_set.mask[0] = SIGUSR2_BIT;
	set = x32_call(X32_rt_sigaction, SIGUSR1, ptr32(&sa_set), 0, 8, 0);

	memset(&sa_get, 0xff, sizeof(sa_get));
	get = x32_call(X32_rt_sigaction, SIGUSR1, 0, ptr32(&sa_get), 8, 0);
	ok = set == 0 && get == 0 &&
	     sa_get.handler == sa_set.handler &&
	     sa_get.restorer == sa_set.restorer &&
	     (sa_get.flags & SA_SET_FLAGS) == SA_SET_FLAGS &&
	     sa_get.mask[0] == SIGUSR2_BIT && sa_get.mask[1] == 0;
	if (!ok)
		ksft_print_msg("set returned %s, get %s: handler %#x restorer %#x flags %#x mask %#x:%#x; expected 0, 0, %#x %#x, flags with %#x, mask %#x:0\n",
			       raw_rstr(set), raw_rstr(get), sa_get.handler,
			       sa_get.restorer, sa_get.flags, sa_get.mask[0],
			       sa_get.mask[1], sa_set.handler, sa_set.restorer,
			       SA_SET_FLAGS, SIGUSR2_BIT);
	ksft_test_result(ok, "%s\n", what);
}

/* After test_rt_sigaction(): what a 64-bit caller sees of the x32 action. */
static void test_rt_sigaction_native_view(void)
{
	const char *what = "native rt_sigaction 13 sees the x32 handler and restorer zero-extended";
	struct sigaction_k64 k;
	long get;
	int ok;

	memset(&k, 0xff, sizeof(k));
	get = raw_syscall6(__NR_rt_sigaction, SIGUSR1, 0, (unsigned long)&k, 8, 0, 0);
	ok = get == 0 &&
	     k.handler == (uint64_t)(uintptr_t)unused_handler &&
	     k.restorer == (uint64_t)(uintptr_t)unused_restorer &&
	     (k.flags & SA_SET_FLAGS) == SA_SET_FLAGS &&
	     k.mask == SIGUSR2_BIT;
	if (!ok)
		ksft_print_msg("native get returned %s: handler %#llx restorer %#llx flags %#llx mask %#llx; expected 0, %#llx %#llx, flags with %#x, mask %#x\n",
			       raw_rstr(get), (unsigned long long)k.handler,
			       (unsigned long long)k.restorer,
			       (unsigned long long)k.flags,
			       (unsigned long long)k.mask,
			       (unsigned long long)(uintptr_t)unused_handler,
			       (unsigned long long)(uintptr_t)unused_restorer,
			       SA_SET_FLAGS, SIGUSR2_BIT);
	signal(SIGUSR1, SIG_DFL);
	ksft_test_result(ok, "%s\n", what);
}

static void test_rt_sigaction_sigsetsize(void)
{
	const char *what = "rt_sigaction 512 with sigsetsize 16 returns -EINVAL (the x32 sigset is 8 bytes)";
	long ret = x32_call(X32_rt_sigaction, SIGUSR1, 0, ptr32(&sa_get), 16, 0);

	if (ret != -EINVAL)
		ksft_print_msg("returned %s, expected %s\n", raw_rstr(ret), raw_rstr(-EINVAL));
	ksft_test_result(ret == -EINVAL, "%s\n", what);
}

/* In a child: register a 12-byte x32 robust list head (an empty list: next
 * points to the head itself), read it back, then try the native length.
 */
static void robust_list_child(long *out)
{
	robust_head.next = ptr32(&robust_head);
	robust_head.futex_offset = 0;
	robust_head.list_op_pending = 0;
	robust_head_got = robust_len_got = 0xffffffff;
	out[0] = x32_call(X32_set_robust_list, ptr32(&robust_head), 12, 0, 0, 0);
	out[1] = x32_call(X32_get_robust_list, 0, ptr32(&robust_head_got),
			  ptr32(&robust_len_got), 0, 0);
	out[2] = robust_head_got;
	out[3] = robust_len_got;
	out[4] = x32_call(X32_set_robust_list, ptr32(&robust_head), 24, 0, 0, 0);
}

static void test_robust_list(void)
{
	const char *what_get = "set_robust_list 530 takes a 12-byte head and get_robust_list 531 gives back its address and 12 as 32-bit values";
	const char *what_24 = "set_robust_list 530 with the native length 24 returns -EINVAL";
	long out[5];
	int ok;

	if (run_in_child(robust_list_child, out, 5)) {
		ksft_test_result(0, "%s\n", what_get);
		ksft_test_result(0, "%s\n", what_24);
		return;
	}
	ok = out[0] == 0 && out[1] == 0 && out[2] == ptr32(&robust_head) && out[3] == 12;
	if (!ok)
		ksft_print_msg("set returned %s, get %s with head %#lx len %ld; expected 0, 0, %#x, 12\n",
			       raw_rstr(out[0]), raw_rstr(out[1]), out[2], out[3],
			       ptr32(&robust_head));
	ksft_test_result(ok, "%s\n", what_get);

	if (out[4] != -EINVAL)
		ksft_print_msg("set with len 24 returned %s, expected %s\n",
			       raw_rstr(out[4]), raw_rstr(-EINVAL));
	ksft_test_result(out[4] == -EINVAL, "%s\n", what_24);
}

static void test_waitid(void)
{
	const char *what = "waitid 529 fills an x32 siginfo for a child that exited 42";
	struct siginfo_x32 *si = &wait_info;
	long ret;
	pid_t pid;
	int ok;

	pid = fork();
	if (pid < 0) {
		ksft_test_result(0, "%s # fork: %s\n", what, strerror(errno));
		return;
	}
	if (pid == 0)
		_exit(42);
	memset(si, 0xa5, sizeof(*si));
	ret = x32_call(X32_waitid, P_PID, pid, ptr32(si), WEXITED, 0);
	if (ret)
		waitpid(pid, NULL, 0);	/* not reaped by the x32 call */
	ok = ret == 0 && si->signo == SIGCHLD && si->code == CLD_EXITED &&
	     si->pid == pid && si->uid == getuid() && si->status == 42;
	if (!ok)
		ksft_print_msg("waitid returned %s: signo %d code %d pid %d uid %u status %d; expected 0: %d %d %d %u 42\n",
			       raw_rstr(ret), si->signo, si->code, si->pid,
			       si->uid, si->status, SIGCHLD, CLD_EXITED, pid, getuid());
	ksft_test_result(ok, "%s\n", what);
}

/* In a child: set a low 16 KiB alternate stack, read it back. */
static void sigaltstack_child(long *out)
{
	ss_set.ss_sp = ptr32(alt_stack);
	ss_set.ss_flags = 0;
	ss_set.ss_size = sizeof(alt_stack);
	memset(&ss_get, 0xff, sizeof(ss_get));
	out[0] = x32_call(X32_sigaltstack, ptr32(&ss_set), 0, 0, 0, 0);
	out[1] = x32_call(X32_sigaltstack, 0, ptr32(&ss_get), 0, 0, 0);
	out[2] = ss_get.ss_sp;
	out[3] = ss_get.ss_flags;
	out[4] = ss_get.ss_size;
}

static void test_sigaltstack(void)
{
	const char *what = "sigaltstack 525 sets and reads back an x32 stack_t";
	long out[5];
	int ok;

	if (run_in_child(sigaltstack_child, out, 5)) {
		ksft_test_result(0, "%s\n", what);
		return;
	}
	ok = out[0] == 0 && out[1] == 0 && out[2] == ptr32(alt_stack) &&
	     out[3] == 0 && out[4] == (long)sizeof(alt_stack);
	if (!ok)
		ksft_print_msg("set returned %s, get %s: sp %#lx flags %ld size %ld; expected 0, 0: %#x 0 %zu\n",
			       raw_rstr(out[0]), raw_rstr(out[1]), out[2], out[3], out[4],
			       ptr32(alt_stack), sizeof(alt_stack));
	ksft_test_result(ok, "%s\n", what);
}

static void test_rt_sigpending(void)
{
	const char *what = "rt_sigpending 522 writes an 8-byte set with a blocked SIGUSR2 pending";
	sigset_t usr2, old;
	long ret;
	int sig, ok;

	sigemptyset(&usr2);
	sigaddset(&usr2, SIGUSR2);
	if (sigprocmask(SIG_BLOCK, &usr2, &old) || raise(SIGUSR2)) {
		ksft_test_result(0, "%s # sigprocmask/raise: %s\n", what, strerror(errno));
		return;
	}
	memset(pending, 0, sizeof(pending));
	ret = x32_call(X32_rt_sigpending, ptr32(pending), 8, 0, 0, 0);
	ok = ret == 0 && pending[0] == SIGUSR2_BIT && pending[1] == 0;
	if (!ok)
		ksft_print_msg("returned %s with set %#x:%#x, expected 0 with %#x:0\n",
			       raw_rstr(ret), pending[0], pending[1], SIGUSR2_BIT);
	sigwait(&usr2, &sig);	/* drain it: it is pending, so no wait */
	sigprocmask(SIG_SETMASK, &old, NULL);
	ksft_test_result(ok, "%s\n", what);
}

static void test_timer_create(void)
{
	const char *what = "timer_create 526 with an x32 sigevent (SIGEV_NONE) writes a timer id";
	long ret, del = -1;
	int ok;

	memset(&timer_event, 0, sizeof(timer_event));
	timer_event.sigev_notify = SIGEV_NONE;
	/* The thread id, unused with SIGEV_NONE; a native reading of the
	 * structure would take it (offset 12) for sigev_notify and refuse it.
	 */
	timer_event.sigev_pad[0] = -1;
	timer_id = -1;
	ret = x32_call(X32_timer_create, CLOCK_MONOTONIC, ptr32(&timer_event),
		       ptr32(&timer_id), 0, 0);
	if (ret == 0)
		del = raw_syscall6(__NR_timer_delete, timer_id, 0, 0, 0, 0, 0);
	ok = ret == 0 && timer_id >= 0 && del == 0;
	if (!ok && ret == 0)
		ksft_print_msg("timer_create returned 0 with id %d, native timer_delete of it %s; expected an id that deletes with 0\n",
			       timer_id, raw_rstr(del));
	else if (!ok)
		ksft_print_msg("timer_create returned %s, expected 0\n", raw_rstr(ret));
	ksft_test_result(ok, "%s\n", what);
}

int main(void)
{
	long ret;

	alarm(20);
	ksft_print_header();
	x32_require(x32_syscalls_work());
	ksft_set_plan(17);

	ret = raw_syscall0(__NR_getpid | X32_SYSCALL_BIT);
	if (ret != getpid())
		ksft_print_msg("x32 getpid returned %s, expected %d: no x32 here, every result below will fail\n",
			       raw_rstr(ret), getpid());

	test_readv();
	test_writev();
	test_file_vectors();
	test_fionread();
	test_tcgets();
	test_sendmsg_recvmsg();
	test_scm_rights();
	test_rt_sigaction();
	test_rt_sigaction_native_view();
	test_rt_sigaction_sigsetsize();
	test_robust_list();
	test_waitid();
	test_sigaltstack();
	test_rt_sigpending();
	test_timer_create();

	ksft_finished();
}
