// SPDX-License-Identifier: GPL-2.0
/*
 * x32_siginfo - a SIGCHLD siginfo that an x32 program passes to the kernel
 * keeps its 64-bit si_utime and si_stime.  Built -mx32 -static, this
 * program queues a SIGCHLD to itself, with times above 2^32, through
 * rt_sigqueueinfo() (x32 number 524), rt_tgsigqueueinfo() (536) and
 * pidfd_send_signal() (424, shared), and its SA_SIGINFO handler must get
 * the times back.  x32's clock_t is 64 bits: si_utime sits at 0x18 and
 * si_stime at 0x20, where the i386 layout has two 32-bit fields at 0x18
 * and 0x1c.  (PTRACE_SETSIGINFO by an x32 tracer is x32_ptrace's.)
 *
 * On a kernel without x32 the program does not start (ENOEXEC).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "diag.h"
#include "../kselftest.h"

#define UTIME		0x100000001LL
#define STIME		0x200000002LL

static volatile sig_atomic_t got;
static volatile long long got_utime, got_stime;
static volatile int got_status, got_code;

static void on_sigchld(int sig, siginfo_t *si, void *uc)
{
	got = 1;
	got_code = si->si_code;
	got_status = si->si_status;
	got_utime = si->si_utime;
	got_stime = si->si_stime;
}

static void sigchld_info(siginfo_t *si)
{
	memset(si, 0, sizeof(*si));
	si->si_signo = SIGCHLD;
	si->si_code = CLD_EXITED;
	si->si_pid = getpid();
	si->si_uid = getuid();
	si->si_status = 5;
	si->si_utime = UTIME;
	si->si_stime = STIME;
}

/* The send returned @ret; the handler must have run, with the times. */
static void check(long ret, const char *how)
{
	int ok = 1;

	EXPECT(ret == 0, "%s returned %s, expected 0", how, rstr(ret));
	EXPECT(!ret && got, "%s: the handler did not run", how);
	EXPECT(!got || (got_code == CLD_EXITED && got_status == 5),
	       "%s: si_code %d si_status %d, expected %d 5", how, got_code, got_status,
	       CLD_EXITED);
	EXPECT(!got || (got_utime == UTIME && got_stime == STIME),
	       "%s: si_utime 0x%llx si_stime 0x%llx, expected 0x%llx 0x%llx",
	       how, got_utime, got_stime, UTIME, STIME);
	ksft_test_result(ok, "%s of a SIGCHLD keeps 64-bit si_utime and si_stime\n", how);
	got = 0;
}

static void test_layout(void)
{
	int ok = 1;

	EXPECT(sizeof(void *) == 4 && sizeof(((siginfo_t *)0)->si_utime) == 8,
	       "pointer %zu bytes, si_utime %zu; expected 4 and 8 (built -mx32?)",
	       sizeof(void *), sizeof(((siginfo_t *)0)->si_utime));
	EXPECT(offsetof(siginfo_t, si_utime) == 0x18 && offsetof(siginfo_t, si_stime) == 0x20,
	       "si_utime at 0x%zx, si_stime at 0x%zx; expected 0x18 0x20",
	       offsetof(siginfo_t, si_utime), offsetof(siginfo_t, si_stime));
	ksft_test_result(ok, "x32 siginfo_t: si_utime at 0x18, si_stime at 0x20, 64 bits each\n");
}

static void test_rt_sigqueueinfo(void)
{
	siginfo_t si;

	sigchld_info(&si);
	check(syscall(SYS_rt_sigqueueinfo, getpid(), SIGCHLD, &si), "rt_sigqueueinfo");
}

static void test_rt_tgsigqueueinfo(void)
{
	siginfo_t si;

	sigchld_info(&si);
	check(syscall(SYS_rt_tgsigqueueinfo, getpid(), gettid(), SIGCHLD, &si),
	      "rt_tgsigqueueinfo");
}

static void test_pidfd_send_signal(void)
{
	siginfo_t si;
	int fd;

	fd = syscall(SYS_pidfd_open, getpid(), 0);
	if (fd < 0) {
		ksft_test_result(0,
				 "pidfd_send_signal of a SIGCHLD keeps 64-bit si_utime and si_stime # pidfd_open: %s\n",
				 strerror(errno));
		return;
	}
	sigchld_info(&si);
	check(syscall(SYS_pidfd_send_signal, fd, SIGCHLD, &si, 0), "pidfd_send_signal");
	close(fd);
}

static void (*const tests[])(void) = {
	test_layout,
	test_rt_sigqueueinfo,
	test_rt_tgsigqueueinfo,
	test_pidfd_send_signal,
};

int main(void)
{
	struct sigaction sa = { .sa_sigaction = on_sigchld, .sa_flags = SA_SIGINFO };

	alarm(60);
	sigaction(SIGCHLD, &sa, NULL);
	ksft_print_header();
	ksft_set_plan(ARRAY_SIZE(tests));
	for (size_t i = 0; i < ARRAY_SIZE(tests); i++)
		tests[i]();
	ksft_finished();
}
