// SPDX-License-Identifier: GPL-2.0
/*
 * x32_regress - one test for each x32 bug of mainline's history, named
 * after it, so that none comes back:
 *
 *  - CVE-2014-0038: x32's recvmmsg took the timeout pointer from user space
 *    as a kernel pointer and wrote through it.  The timeout is read and
 *    written back as user memory: a pointer into the kernel, to an unmapped
 *    page or to a read-only page gives EFAULT.
 *  - The v5.4 table split: x32 numbers and 64-bit numbers are two sets.
 *    ioctl is 514 | bit 30; 16 | bit 30 and 514 without bit 30 give ENOSYS.
 *  - SysV IPC: msgctl, shmctl and semctl are x86-64's; IPC_STAT writes the
 *    x86-64 msqid64_ds, shmid64_ds and semid64_ds, and msgsnd and msgrcv
 *    take a 64-bit mtype.
 *  - preadv2 and pwritev2 (546, 547) take five arguments: the offset whole
 *    in one register, then the flags (i386's take the offset in two).
 *  - restart_syscall: a nanosleep interrupted by a stop restarts with x32's
 *    own restart_syscall, 0x40000000 | 219, as a tracer sees it (broken for
 *    x32 until 2015; strace's restart_syscall test still skips x32 for it).
 *  - The x32 vDSO is x86-64 code: where it falls back to a system call, the
 *    number is the 64-bit one (228 for clock_gettime), as a seccomp filter
 *    written for x32 processes must allow.
 *  - in_x32_syscall() outside a system call: it reads bit 30 of orig_ax,
 *    which is -1 in a trap, so it answers yes there, for every process.
 *    A uprobe's XOL area is mapped from the breakpoint trap by
 *    get_unmapped_area(), which then follows the 32-bit rules: with the
 *    top page taken, an x32 process gets it below 4 GiB, where its pointers
 *    reach, and so does a 64-bit process (mainline's placement, kept),
 *    whose next mmap() system call still gets a 64-bit address.  Skips
 *    without a uprobe PMU (CONFIG_UPROBE_EVENTS).
 *
 * Built -mx32 -static; the numbers are x32's, from <asm/unistd.h>.  On a
 * kernel without x32 the program does not start (ENOEXEC).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <linux/time_types.h>
#include <asm/unistd.h>

#include "diag.h"
#include "uprobe_xol.h"
#include "../kselftest.h"
#include "../vDSO/parse_vdso.h"

#define X32_BIT		0x40000000ULL
#define NATIVE(nr)	((nr) & ~X32_BIT)
#define FOUR_GIB	0x100000000ULL

/* ABI facts this file relies on: x32's own numbers. */
_Static_assert(__NR_ioctl == (X32_BIT | 514), "ioctl is x32's 514");
_Static_assert(__NR_recvmmsg == (X32_BIT | 537), "recvmmsg is x32's 537");
_Static_assert(__NR_preadv2 == (X32_BIT | 546), "preadv2 is x32's 546");
_Static_assert(__NR_pwritev2 == (X32_BIT | 547), "pwritev2 is x32's 547");
_Static_assert(__NR_restart_syscall == (X32_BIT | 219), "restart_syscall is 219");
_Static_assert(__NR_clock_gettime == (X32_BIT | 228), "clock_gettime is 228");

/* SysV IPC (glibc's <sys/msg.h> and friends would hide the raw layouts). */
#define IPC_CREAT	00001000
#define IPC_NOWAIT	00004000
#define IPC_PRIVATE	0
#define IPC_RMID	0
#define IPC_SET		1
#define IPC_STAT	2

/*
 * A system call with 64-bit arguments: x32 userland's long is 32 bits, and
 * some claims here need a full register (a kernel address, a 64-bit offset).
 */
static long long sys6(unsigned long long nr, unsigned long long a1,
		      unsigned long long a2, unsigned long long a3,
		      unsigned long long a4, unsigned long long a5,
		      unsigned long long a6)
{
	unsigned long long ret;
	register unsigned long long r10 __asm__("r10") = a4;
	register unsigned long long r8 __asm__("r8") = a5;
	register unsigned long long r9 __asm__("r9") = a6;

	__asm__ volatile ("syscall"
			  : "=a" (ret)
			  : "a" (nr), "D" (a1), "S" (a2), "d" (a3),
			  "r" (r10), "r" (r8), "r" (r9)
			  : "rcx", "r11", "memory");
	return (long long)ret;
}

#define sys3(nr, a, b, c)	sys6(nr, a, b, c, 0, 0, 0)
#define sys5(nr, a, b, c, d, e)	sys6(nr, a, b, c, d, e, 0)
#define P(ptr)			((unsigned long long)(uintptr_t)(ptr))

/* The page after a page of ours: unmapped. */
static void *unmapped_page(void)
{
	char *p = mmap(NULL, 2 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	munmap(p + 4096, 4096);
	return p + 4096;
}

/* --- CVE-2014-0038 --------------------------------------------------------- */

/* x32's timespec: 64-bit tv_sec and tv_nsec, then a canary. */
struct ts_canary {
	int64_t sec, nsec;
	uint32_t canary[2];
};

static long long recvmmsg_one(int fd, char *buf, unsigned long long timeout)
{
	struct iovec iov = { .iov_base = buf, .iov_len = 8 };
	struct mmsghdr mm = { .msg_hdr = { .msg_iov = &iov, .msg_iovlen = 1 } };

	memset(buf, 0, 8);
	return sys5(__NR_recvmmsg, fd, P(&mm), 1, MSG_DONTWAIT, timeout);
}

static void test_cve_2014_0038(void)
{
	const char *what = "CVE-2014-0038: recvmmsg 537 reads and writes its timeout as user memory (kernel, unmapped, read-only pointers: EFAULT)";
	struct ts_canary *ro, ts = { .sec = 5, .canary = { 0xdeadbeef, 0xfeedface } };
	long long r, queued;
	int sv[2], ok = 1;
	void *hole;
	char buf[8];

	/* The hole last: a later mmap could fill it. */
	ro = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	hole = unmapped_page();
	if (!hole || ro == MAP_FAILED || socketpair(AF_UNIX, SOCK_DGRAM, 0, sv)) {
		ksft_test_result(0, "%s # mmap/socketpair: %s\n", what, strerror(errno));
		return;
	}
	ro->sec = 0;
	ro->nsec = 500000000;
	mprotect(ro, 4096, PROT_READ);

	send(sv[0], "a", 1, 0);
	/* Read first: nothing is received when the timeout cannot be read. */
	r = recvmmsg_one(sv[1], buf, 0xffffffff81000000ULL);
	EXPECT(r == -EFAULT, "timeout in kernel space: %s, expected -14 (EFAULT)", raw_rstr(r));
	r = recvmmsg_one(sv[1], buf, P(hole));
	EXPECT(r == -EFAULT, "unmapped timeout: %s, expected -14 (EFAULT)", raw_rstr(r));
	queued = 0;
	ioctl(sv[1], FIONREAD, &queued);
	EXPECT(queued == 1, "%lld bytes queued after the faults, expected the 1 sent", queued);
	/* Written back: received, then the remaining time cannot be stored. */
	r = recvmmsg_one(sv[1], buf, P(ro));
	EXPECT(r == -EFAULT && ro->sec == 0 && ro->nsec == 500000000,
	       "read-only timeout: %s, timeout now {%lld, %lld}; expected -14 (EFAULT), {0, 500000000}",
	       raw_rstr(r), (long long)ro->sec, (long long)ro->nsec);
	/* And a good one: 64-bit fields, nothing past them. */
	send(sv[0], "b", 1, 0);
	r = recvmmsg_one(sv[1], buf, P(&ts));
	EXPECT(r == 1 && buf[0] == 'b' && ts.sec >= 0 && ts.sec <= 5 &&
	       ts.nsec >= 0 && ts.nsec < 1000000000 &&
	       ts.canary[0] == 0xdeadbeef && ts.canary[1] == 0xfeedface,
	       "valid timeout: %s, \"%.1s\", left {%lld, %lld}, canary %#x %#x; expected 1, \"b\", {0..5, ns}, deadbeef feedface",
	       raw_rstr(r), buf, (long long)ts.sec, (long long)ts.nsec, ts.canary[0], ts.canary[1]);
	close(sv[0]);
	close(sv[1]);
	munmap(ro, 4096);
	ksft_test_result(ok, "%s\n", what);
}

/* --- The v5.4 table split -------------------------------------------------- */

static void test_table_split(void)
{
	const char *what = "v5.4 table split: x32 ioctl is 514 | bit 30; 16 | bit 30 and 514 without it give ENOSYS";
	long long r, r16, r514;
	int p[2], n = -1, ok = 1;

	if (pipe(p) || write(p[1], "hello", 5) != 5) {
		ksft_test_result(0, "%s # pipe: %s\n", what, strerror(errno));
		return;
	}
	r = sys3(__NR_ioctl, p[0], FIONREAD, P(&n));
	EXPECT(r == 0 && n == 5, "ioctl 514|bit 30 FIONREAD: %s, %d; expected 0, 5", raw_rstr(r), n);
	r16 = sys3(X32_BIT | 16, p[0], FIONREAD, P(&n));
	EXPECT(r16 == -ENOSYS, "16|bit 30 (x86-64's ioctl): %s, expected -38 (ENOSYS)", raw_rstr(r16));
	r514 = sys3(NATIVE(__NR_ioctl), p[0], FIONREAD, P(&n));
	EXPECT(r514 == -ENOSYS, "514 without bit 30: %s, expected -38 (ENOSYS)", raw_rstr(r514));
	close(p[0]);
	close(p[1]);
	ksft_test_result(ok, "%s\n", what);
}

/* --- SysV IPC -------------------------------------------------------------- */

/*
 * x86-64's layouts, which x32 shares (a fact of the ABI): ipc64_perm is 48
 * bytes with mode at 20; then the fields below; IPC_STAT writes exactly the
 * structure's size.
 */
#define PERM_UID	4
#define PERM_MODE	20
#define MSQ_SIZE	120
#define MSQ_STIME	48
#define MSQ_CBYTES	72
#define MSQ_QNUM	80
#define MSQ_QBYTES	88
#define MSQ_LSPID	96
#define SHM_SIZE	112
#define SHM_SEGSZ	48
#define SHM_ATIME	56
#define SHM_CPID	80
#define SHM_LPID	84
#define SHM_NATTCH	88
#define SEM_SIZE	104
#define SEM_OTIME	48
#define SEM_NSEMS	80

/* The uapi headers, as an x32 compiler sees them, agree. */
#include <asm/msgbuf.h>
#include <asm/shmbuf.h>
#include <asm/sembuf.h>
_Static_assert(sizeof(struct msqid64_ds) == MSQ_SIZE, "msqid64_ds");
_Static_assert(offsetof(struct msqid64_ds, msg_qnum) == MSQ_QNUM, "msg_qnum");
_Static_assert(offsetof(struct msqid64_ds, msg_lspid) == MSQ_LSPID, "msg_lspid");
_Static_assert(sizeof(struct shmid64_ds) == SHM_SIZE, "shmid64_ds");
_Static_assert(offsetof(struct shmid64_ds, shm_nattch) == SHM_NATTCH, "shm_nattch");
_Static_assert(sizeof(struct semid64_ds) == SEM_SIZE, "semid64_ds");
_Static_assert(offsetof(struct semid64_ds, sem_nsems) == SEM_NSEMS, "sem_nsems");

static unsigned char stat_buf[256];

static uint64_t at64(size_t off)
{
	uint64_t v;

	memcpy(&v, stat_buf + off, sizeof(v));
	return v;
}

static uint32_t at32(size_t off)
{
	uint32_t v;

	memcpy(&v, stat_buf + off, sizeof(v));
	return v;
}

/* IPC_STAT into stat_buf (filled with 0xa5 first): how many bytes it wrote. */
static size_t ipc_stat(long long nr, int id, long long *ret)
{
	size_t n = sizeof(stat_buf);

	memset(stat_buf, 0xa5, sizeof(stat_buf));
	if (nr == __NR_semctl)
		*ret = sys6(nr, id, 0, IPC_STAT, P(stat_buf), 0, 0);
	else
		*ret = sys3(nr, id, IPC_STAT, P(stat_buf));
	while (n && stat_buf[n - 1] == 0xa5)
		n--;
	return n;
}

static void test_sysv_ipc_layouts(void)
{
	const char *what = "SysV IPC: IPC_STAT of a message queue, a shm segment and a semaphore set writes x86-64's msqid64_ds, shmid64_ds and semid64_ds";
	struct { int64_t mtype; char text[8]; } msg = { 0x100000007LL, "hello" };
	struct { unsigned short num; short op, flg; } sop = { 2, 1, 0 };
	long long msq, shm, sem, r, addr;
	time_t t0 = time(NULL);
	int ok = 1, pid = getpid();
	size_t n;

	msq = sys3(__NR_msgget, IPC_PRIVATE, IPC_CREAT | 0600, 0);
	shm = sys3(__NR_shmget, IPC_PRIVATE, 8192, IPC_CREAT | 0600);
	sem = sys3(__NR_semget, IPC_PRIVATE, 3, IPC_CREAT | 0600);
	if (msq < 0 || shm < 0 || sem < 0) {
		ksft_test_result(0, "%s # msgget %s, shmget %s, semget %s\n", what,
				 raw_rstr(msq), raw_rstr(shm), raw_rstr(sem));
		goto out;
	}

	r = sys6(__NR_msgsnd, msq, P(&msg), 5, 0, 0, 0);
	EXPECT(r == 0, "msgsnd: %s", raw_rstr(r));
	n = ipc_stat(__NR_msgctl, msq, &r);
	EXPECT(r == 0 && n == MSQ_SIZE, "msgctl IPC_STAT: %s, %zu bytes written; expected 0, %d",
	       raw_rstr(r), n, MSQ_SIZE);
	EXPECT((at32(PERM_MODE) & 0777) == 0600 && at32(PERM_UID) == getuid() &&
	       at64(MSQ_QNUM) == 1 && at64(MSQ_CBYTES) == 5 && at32(MSQ_LSPID) == (uint32_t)pid &&
	       at64(MSQ_STIME) >= (uint64_t)t0 && at64(MSQ_STIME) <= (uint64_t)time(NULL) + 1 &&
	       at64(MSQ_QBYTES) > 5,
	       "msqid64_ds: mode %#o uid %u qnum %llu cbytes %llu lspid %u stime %llu qbytes %llu; expected 0600, %u, 1, 5, %d, %lld.., >5",
	       at32(PERM_MODE), at32(PERM_UID), (unsigned long long)at64(MSQ_QNUM),
	       (unsigned long long)at64(MSQ_CBYTES), at32(MSQ_LSPID),
	       (unsigned long long)at64(MSQ_STIME), (unsigned long long)at64(MSQ_QBYTES),
	       getuid(), pid, (long long)t0);
	/* IPC_SET reads the same layout back. */
	memcpy(stat_buf + MSQ_QBYTES, &(uint64_t){ 1000 }, 8);
	r = sys3(__NR_msgctl, msq, IPC_SET, P(stat_buf));
	ipc_stat(__NR_msgctl, msq, &r);
	EXPECT(at64(MSQ_QBYTES) == 1000, "msg_qbytes after IPC_SET of 1000: %llu",
	       (unsigned long long)at64(MSQ_QBYTES));

	n = ipc_stat(__NR_shmctl, shm, &r);
	EXPECT(r == 0 && n == SHM_SIZE, "shmctl IPC_STAT: %s, %zu bytes written; expected 0, %d",
	       raw_rstr(r), n, SHM_SIZE);
	EXPECT(at64(SHM_SEGSZ) == 8192 && at32(SHM_CPID) == (uint32_t)pid && at64(SHM_NATTCH) == 0,
	       "shmid64_ds: segsz %llu cpid %u nattch %llu; expected 8192, %d, 0",
	       (unsigned long long)at64(SHM_SEGSZ), at32(SHM_CPID),
	       (unsigned long long)at64(SHM_NATTCH), pid);
	addr = sys3(__NR_shmat, shm, 0, 0);
	EXPECT(addr > 0 && (unsigned long long)addr < FOUR_GIB, "shmat: %#llx, expected an address below 4 GiB",
	       addr);
	ipc_stat(__NR_shmctl, shm, &r);
	EXPECT(at64(SHM_NATTCH) == 1 && at32(SHM_LPID) == (uint32_t)pid &&
	       at64(SHM_ATIME) >= (uint64_t)t0 && at64(SHM_ATIME) <= (uint64_t)time(NULL) + 1,
	       "shmid64_ds after shmat: nattch %llu lpid %u atime %llu; expected 1, %d, %lld..",
	       (unsigned long long)at64(SHM_NATTCH), at32(SHM_LPID),
	       (unsigned long long)at64(SHM_ATIME), pid, (long long)t0);
	if (addr > 0 && (unsigned long long)addr < FOUR_GIB)
		sys3(__NR_shmdt, addr, 0, 0);

	r = sys3(__NR_semop, sem, P(&sop), 1);
	EXPECT(r == 0, "semop: %s", raw_rstr(r));
	n = ipc_stat(__NR_semctl, sem, &r);
	EXPECT(r == 0 && n == SEM_SIZE, "semctl IPC_STAT: %s, %zu bytes written; expected 0, %d",
	       raw_rstr(r), n, SEM_SIZE);
	EXPECT(at64(SEM_NSEMS) == 3 && at64(SEM_OTIME) >= (uint64_t)t0 &&
	       at64(SEM_OTIME) <= (uint64_t)time(NULL) + 1,
	       "semid64_ds: nsems %llu otime %llu; expected 3, %lld..",
	       (unsigned long long)at64(SEM_NSEMS), (unsigned long long)at64(SEM_OTIME),
	       (long long)t0);
	ksft_test_result(ok, "%s\n", what);
out:
	if (msq >= 0)
		sys3(__NR_msgctl, msq, IPC_RMID, 0);
	if (shm >= 0)
		sys3(__NR_shmctl, shm, IPC_RMID, 0);
	if (sem >= 0)
		sys6(__NR_semctl, sem, 0, IPC_RMID, 0, 0, 0);
}

static void test_sysv_msg_mtype(void)
{
	const char *what = "SysV IPC: msgsnd and msgrcv carry a 64-bit mtype, and msgrcv's type is 64-bit";
	struct { int64_t mtype; char text[8]; } in, out = { 0x100000007LL, "x32!" };
	long long msq, r, r7;
	int ok = 1;

	msq = sys3(__NR_msgget, IPC_PRIVATE, IPC_CREAT | 0600, 0);
	if (msq < 0) {
		ksft_test_result(0, "%s # msgget: %s\n", what, raw_rstr(msq));
		return;
	}
	r = sys6(__NR_msgsnd, msq, P(&out), 4, 0, 0, 0);
	EXPECT(r == 0, "msgsnd of mtype 0x100000007: %s", raw_rstr(r));
	memset(&in, 0, sizeof(in));
	r7 = sys5(__NR_msgrcv, msq, P(&in), 8, 7, IPC_NOWAIT);
	EXPECT(r7 == -ENOMSG, "msgrcv of type 7: %s, expected -42 (ENOMSG): no message has type 7",
	       raw_rstr(r7));
	r = sys5(__NR_msgrcv, msq, P(&in), 8, 0x100000007ULL, IPC_NOWAIT);
	EXPECT(r == 4 && in.mtype == 0x100000007LL && !memcmp(in.text, "x32!", 4),
	       "msgrcv of type 0x100000007: %s, mtype %#llx \"%.4s\"; expected 4, 0x100000007, \"x32!\"",
	       raw_rstr(r), (long long)in.mtype, in.text);
	sys3(__NR_msgctl, msq, IPC_RMID, 0);
	ksft_test_result(ok, "%s\n", what);
}

/* --- preadv2 and pwritev2 ------------------------------------------------- */

static void test_preadv2_pwritev2(void)
{
	const char *what = "preadv2 546 and pwritev2 547: a 64-bit offset in one register, then the flags";
	const unsigned long long off = FOUR_GIB + 10;
	char path[64], buf[8];
	struct iovec iov = { .iov_base = buf, .iov_len = 4 };
	struct stat st;
	long long r, pos;
	int fd, ok = 1;

	snprintf(path, sizeof(path), "/tmp/x32_regress.%d", getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0) {
		ksft_test_result(0, "%s # open %s: %s\n", what, path, strerror(errno));
		return;
	}
	unlink(path);

	memcpy(buf, "wxyz", 4);
	r = sys5(__NR_pwritev2, fd, P(&iov), 1, off, 0);
	fstat(fd, &st);
	EXPECT(r == 4 && (unsigned long long)st.st_size == off + 4,
	       "pwritev2 at 4 GiB + 10: %s, size %lld; expected 4, %llu", raw_rstr(r),
	       (long long)st.st_size, off + 4);
	memset(buf, 0, sizeof(buf));
	r = sys5(__NR_preadv2, fd, P(&iov), 1, off, 0);
	EXPECT(r == 4 && !memcmp(buf, "wxyz", 4),
	       "preadv2 at 4 GiB + 10: %s, \"%.4s\"; expected 4, \"wxyz\"", raw_rstr(r), buf);

	/* RWF_APPEND writes at the end, whatever the offset. */
	memcpy(buf, "tail", 4);
	r = sys5(__NR_pwritev2, fd, P(&iov), 1, 0, RWF_APPEND);
	fstat(fd, &st);
	EXPECT(r == 4 && (unsigned long long)st.st_size == off + 8,
	       "pwritev2 RWF_APPEND at 0: %s, size %lld; expected 4, %llu", raw_rstr(r),
	       (long long)st.st_size, off + 8);

	/* Offset -1: the file position, which moves. */
	lseek(fd, off + 4, SEEK_SET);
	memset(buf, 0, sizeof(buf));
	r = sys5(__NR_preadv2, fd, P(&iov), 1, -1LL, 0);
	pos = lseek(fd, 0, SEEK_CUR);
	EXPECT(r == 4 && !memcmp(buf, "tail", 4) && (unsigned long long)pos == off + 8,
	       "preadv2 at offset -1: %s, \"%.4s\", position %lld; expected 4, \"tail\", %llu",
	       raw_rstr(r), buf, pos, off + 8);

	/* Flags the kernel does not know. */
	r = sys5(__NR_preadv2, fd, P(&iov), 1, 0, 0x80000000U);
	EXPECT(r == -EOPNOTSUPP, "preadv2 with flags 0x80000000: %s, expected -95 (EOPNOTSUPP)",
	       raw_rstr(r));
	close(fd);
	ksft_test_result(ok, "%s\n", what);
}

/* --- restart_syscall ------------------------------------------------------- */

/* Long enough that the stop (or the signal) comes during it, even on a busy machine. */
static const struct __kernel_timespec nap = { .tv_sec = 1, .tv_nsec = 0 };

static void test_restart_stopped(void)
{
	const char *what = "restart_syscall: an x32 nanosleep stopped and continued sleeps its time and returns 0";
	struct timespec t0;
	int p[2], status, ok = 1;
	pid_t pid;
	char c;

	pid = pipe(p) ? -1 : fork();
	if (pid < 0) {
		ksft_test_result(0, "%s # fork/pipe: %s\n", what, strerror(errno));
		return;
	}
	if (pid == 0) {
		long long r;

		close(p[0]);
		clock_gettime(CLOCK_MONOTONIC, &t0);
		if (write(p[1], "s", 1) != 1)
			_exit(3);
		r = sys3(__NR_nanosleep, P(&nap), 0, 0);
		if (r) {
			ksft_print_msg("child: nanosleep returned %s, expected 0\n", raw_rstr(r));
			_exit(1);
		}
		if (ms_since(&t0) < 990) {
			ksft_print_msg("child: nanosleep of 1 s returned after %lld ms\n",
				       ms_since(&t0));
			_exit(2);
		}
		_exit(0);
	}
	close(p[1]);
	EXPECT(read(p[0], &c, 1) == 1, "the child did not start its nanosleep");
	close(p[0]);
	usleep(100000);
	kill(pid, SIGSTOP);
	EXPECT(waitpid(pid, &status, WUNTRACED) == pid && WIFSTOPPED(status),
	       "child not stopped (status %#x)", status);
	usleep(100000);
	kill(pid, SIGCONT);
	waitpid(pid, &status, 0);
	EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child: status %#x, expected exit 0",
	       status);
	ksft_test_result(ok, "%s\n", what);
}

static void test_restart_traced(void)
{
	const char *what = "restart_syscall: an x32 tracer sees the interrupted nanosleep resume as restart_syscall 0x40000000|219";
	unsigned long long restart_nr = 0, restart_ret = 1;
	struct user_regs_struct regs;
	int status, ok = 1, in_call = 0, interrupted = 0, sig = 0;
	pid_t pid;

	pid = fork();
	if (pid < 0) {
		ksft_test_result(0, "%s # fork: %s\n", what, strerror(errno));
		return;
	}
	if (pid == 0) {
		struct itimerval itv = { .it_value.tv_usec = 200000 };

		/* A traced task stops for ignored signals too: SIGALRM interrupts. */
		signal(SIGALRM, SIG_IGN);
		if (ptrace(PTRACE_TRACEME, 0, 0, 0))
			_exit(3);
		raise(SIGSTOP);
		setitimer(ITIMER_REAL, &itv, NULL);
		_exit(sys3(__NR_nanosleep, P(&nap), 0, 0) ? 1 : 0);
	}
	waitpid(pid, &status, 0);
	if (!WIFSTOPPED(status) || ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACESYSGOOD)) {
		ksft_test_result(0, "%s # child status %#x, PTRACE_SETOPTIONS: %s\n", what,
				 status, strerror(errno));
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		return;
	}
	for (int stops = 0; stops < 200; stops++) {
		if (ptrace(PTRACE_SYSCALL, pid, 0, sig) || waitpid(pid, &status, 0) != pid ||
		    !WIFSTOPPED(status))
			break;
		sig = 0;
		if (WSTOPSIG(status) != (SIGTRAP | 0x80)) {
			/* A signal: SIGALRM is dropped, as ignored; others go on. */
			if (WSTOPSIG(status) != SIGALRM)
				sig = WSTOPSIG(status);
			continue;
		}
		if (ptrace(PTRACE_GETREGS, pid, 0, &regs))
			break;
		in_call = !in_call;
		if (!in_call && regs.orig_rax == __NR_nanosleep &&
		    regs.rax == (unsigned long long)-516 /* ERESTART_RESTARTBLOCK */)
			interrupted = 1;
		else if (in_call && interrupted && !restart_nr)
			restart_nr = regs.orig_rax;
		else if (!in_call && restart_nr && restart_ret == 1)
			restart_ret = regs.rax;
	}
	if (!WIFEXITED(status)) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
	}
	EXPECT(interrupted, "no nanosleep exit with ERESTART_RESTARTBLOCK seen");
	EXPECT(restart_nr == __NR_restart_syscall,
	       "the call after the interrupted nanosleep: orig_rax %#llx, expected %#llx",
	       restart_nr, (unsigned long long)__NR_restart_syscall);
	EXPECT(restart_ret == 0, "restart_syscall returned %lld, expected 0", (long long)restart_ret);
	EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	       "tracee: status %#x, expected exit 0 (its nanosleep returned 0)", status);
	ksft_test_result(ok, "%s\n", what);
}

/* --- The x32 vDSO's fallback ----------------------------------------------- */

typedef int (*vdso_gettime_t)(clockid_t clk, struct timespec *ts);

/* In a child: a filter failing calls numbered @nr with @err; then the vDSO's
 * clock_gettime of a clock it leaves to the kernel, and x32's system call.
 */
static void vdso_under_filter(vdso_gettime_t gettime, uint32_t nr, uint16_t err,
			      int *vdso, int *x32)
{
	struct sock_filter insns[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | err),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = ARRAY_SIZE(insns), .filter = insns };
	int p[2], res[2] = { 1, 1 };
	struct timespec ts;
	pid_t pid;

	*vdso = *x32 = 1;
	if (pipe(p))
		return;
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
		    syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog))
			_exit(3);
		res[0] = gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
		res[1] = sys3(__NR_clock_gettime, CLOCK_PROCESS_CPUTIME_ID, P(&ts), 0);
		_exit(write(p[1], res, sizeof(res)) == sizeof(res) ? 0 : 3);
	}
	close(p[1]);
	if (pid > 0 && read(p[0], res, sizeof(res)) == sizeof(res)) {
		*vdso = res[0];
		*x32 = res[1];
	}
	close(p[0]);
	if (pid > 0)
		waitpid(pid, NULL, 0);
}

static void test_vdso_fallback(void)
{
	const char *what = "x32 vDSO: clock_gettime falls back with x86-64's number 228, which a seccomp filter for x32 must allow";
	vdso_gettime_t gettime;
	int vdso, x32, ok = 1;

	vdso_init_from_sysinfo_ehdr(getauxval(AT_SYSINFO_EHDR));
	gettime = (vdso_gettime_t)vdso_sym("LINUX_2.6", "__vdso_clock_gettime");
	if (!gettime) {
		ksft_test_result(0, "%s # no __vdso_clock_gettime in the vDSO (AT_SYSINFO_EHDR %#lx)\n",
				 what, getauxval(AT_SYSINFO_EHDR));
		return;
	}
	vdso_under_filter(gettime, NATIVE(__NR_clock_gettime), 77, &vdso, &x32);
	EXPECT(vdso == -77 && x32 == 0,
	       "filter failing 228: vDSO gives %s, x32's 228|bit 30 %s; expected -77, 0",
	       raw_rstr(vdso), raw_rstr(x32));
	vdso_under_filter(gettime, __NR_clock_gettime, 78, &vdso, &x32);
	EXPECT(vdso == 0 && x32 == -78,
	       "filter failing 228|bit 30: vDSO gives %s, x32's call %s; expected 0, -78",
	       raw_rstr(vdso), raw_rstr(x32));
	ksft_test_result(ok, "%s\n", what);
}

static void test_uprobe_xol(void)
{
	const char *what = "in_x32_syscall() outside a system call: a uprobe's XOL area is placed by the 32-bit rules, below 4 GiB, for x32 and 64-bit processes";
	static const unsigned long long hint = 0xffffd000;	/* x32's TASK_SIZE - PAGE_SIZE */
	unsigned long long xol = 0, xol64 = 0, mmap64 = 0;
	char why[256], out[256] = "";
	int p[2], status, ok = 1, r;
	ssize_t n;
	pid_t pid;

	r = xol_hit(&hint, 1, &xol, why, sizeof(why));
	if (r == KSFT_SKIP) {
		ksft_test_result_skip("%s # %s\n", what, why);
		return;
	}
	EXPECT(r == 0, "x32 process: %s", why);
	EXPECT(r || xol < FOUR_GIB, "x32 process: [uprobes] at %#llx, expected below 4 GiB", xol);

	if (pipe(p)) {
		ksft_test_result(0, "%s # pipe: %s\n", what, strerror(errno));
		return;
	}
	pid = fork();
	if (pid < 0) {
		ksft_test_result(0, "%s # fork: %s\n", what, strerror(errno));
		return;
	}
	if (pid == 0) {
		dup2(p[1], 1);
		execl(beside_self("tracee64"), "tracee64", "uprobe", (char *)NULL);
		_exit(102);
	}
	close(p[1]);
	n = read(p[0], out, sizeof(out) - 1);
	out[n > 0 ? n : 0] = 0;
	close(p[0]);
	waitpid(pid, &status, 0);
	out[strcspn(out, "\n")] = 0;
	EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
	       sscanf(out, "xol %llx mmap %llx", &xol64, &mmap64) == 2,
	       "64-bit process (tracee64 uprobe): status %#x, said \"%s\"", status, out);
	EXPECT(xol64 && xol64 < FOUR_GIB, "64-bit process: [uprobes] at %#llx, expected below 4 GiB", xol64);
	EXPECT(mmap64 >= FOUR_GIB, "64-bit process: mmap() after the trap at %#llx, expected above 4 GiB",
	       mmap64);
	ksft_print_msg("[uprobes]: x32 process %#llx, 64-bit process %#llx (its next mmap %#llx)\n",
		       xol, xol64, mmap64);
	ksft_test_result(ok, "%s\n", what);
}

static void (*const tests[])(void) = {
	test_cve_2014_0038,
	test_table_split,
	test_sysv_ipc_layouts,
	test_sysv_msg_mtype,
	test_preadv2_pwritev2,
	test_restart_stopped,
	test_restart_traced,
	test_vdso_fallback,
	test_uprobe_xol,
};

int main(void)
{
	alarm(60);
	ksft_print_header();
	if (sizeof(void *) != 4)
		ksft_exit_fail_msg("x32_regress is built -mx32: sizeof(void *) is %zu\n",
				   sizeof(void *));
	ksft_set_plan(ARRAY_SIZE(tests));
	for (size_t i = 0; i < ARRAY_SIZE(tests); i++)
		tests[i]();
	ksft_finished();
}
