// SPDX-License-Identifier: GPL-2.0
/*
 * x32_abi - real x32 programs work: built -mx32 -static, this program goes
 * through glibc's x32 port for file I/O, directories, stat, fork, exec and
 * wait, threads and robust futexes, sockets with SCM_RIGHTS and mmsg,
 * timers, select/poll/epoll, and memory mappings, and checks the 4 GiB
 * address space an x32 task lives in: every mapping (stack, heap, vDSO,
 * mmap) is below 4 GiB and mmap runs out with ENOMEM there.
 *
 * Every test is one TAP result.  Signals and 64-bit time have their own
 * programs (x32_signals, x32_y2038); ptrace of an x32 child is x32_trace's.
 *
 * On a kernel without x32 the program does not start: execve() refuses it
 * with ENOEXEC (a shell then tries it as a script and exits 2).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"
#include "../kselftest.h"

#define FOUR_GIB	0x100000000ULL
#define MIB		(1024 * 1024)
#define CHILD_ARG	"--child"
#define CHILD_STATUS	5	/* what the re-executed program exits with */

/* A path in /tmp (tmpfs in the guest) unique to this process. */
static const char *tmp_path(const char *name)
{
	static char bufs[2][64];
	static int n;
	char *s = bufs[n++ % 2];

	snprintf(s, sizeof(bufs[0]), "/tmp/x32_abi.%d.%s", getpid(), name);
	return s;
}

/* /proc/self/maps, read into a table. */
struct mapping {
	unsigned long long start, end;
	char name[32];
};

static struct mapping maps[512];

static int read_maps(void)
{
	char line[512];
	FILE *f = fopen("/proc/self/maps", "r");
	int n = 0;

	if (!f)
		return -1;
	while (n < (int)ARRAY_SIZE(maps) && fgets(line, sizeof(line), f)) {
		struct mapping *m = &maps[n];
		char *name;

		if (sscanf(line, "%llx-%llx", &m->start, &m->end) != 2)
			continue;
		/* Only the kernel's names, "[heap]" and the like. */
		name = strchr(line, '[');
		m->name[0] = '\0';
		if (name)
			sscanf(name, "%31[^\n]", m->name);
		n++;
	}
	fclose(f);
	return n;
}

/* The mapping named @name, "[stack]" say (one of the first @n), or NULL. */
static const struct mapping *find_map(int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(maps[i].name, name))
			return &maps[i];
	return NULL;
}

/* Is [@addr, @addr + @len) inside one mapping? */
static int map_covers(int n, unsigned long long addr, unsigned long long len)
{
	for (int i = 0; i < n; i++)
		if (maps[i].start <= addr && addr + len <= maps[i].end)
			return 1;
	return 0;
}

static void test_sizes(void)
{
	int ok = 1;

	EXPECT(sizeof(void *) == 4, "sizeof(void *) is %zu, expected 4", sizeof(void *));
	EXPECT(sizeof(long) == 4, "sizeof(long) is %zu, expected 4", sizeof(long));
	EXPECT(sizeof(time_t) == 8, "sizeof(time_t) is %zu, expected 8", sizeof(time_t));
	EXPECT(sizeof(struct timespec) == 16,
	       "sizeof(struct timespec) is %zu, expected 16", sizeof(struct timespec));
	EXPECT(sizeof(off_t) == 8, "sizeof(off_t) is %zu, expected 8", sizeof(off_t));
	ksft_test_result(ok,
			 "x32 types: 4-byte pointers and longs, 8-byte time_t and off_t, 16-byte timespec\n");
}

static void test_file_io(void)
{
	const char *path = tmp_path("file");
	const off_t far = 5LL << 30;	/* 5 GiB: an offset that needs 64 bits */
	char buf[16] = "";
	long w, r;
	off_t end, off;
	int fd, ok = 1;

	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	EXPECT(fd >= 0, "open(%s) returned %s, expected a descriptor", path, rstr(fd));
	w = write(fd, "hello x32 world", 15);
	EXPECT(w == 15, "write returned %s, expected 15", rstr(w));
	r = pread(fd, buf, 5, 6);
	EXPECT(r == 5 && !memcmp(buf, "x32 w", 5),
	       "pread of 5 at 6 returned %s \"%.5s\", expected 5 \"x32 w\"", rstr(r), buf);
	end = lseek(fd, 0, SEEK_END);
	EXPECT(end == 15, "lseek(0, SEEK_END) returned %lld, expected 15", (long long)end);
	off = lseek(fd, far, SEEK_SET);
	EXPECT(off == far, "lseek to 5 GiB returned %lld, expected %lld",
	       (long long)off, (long long)far);
	r = fsync(fd);
	EXPECT(r == 0, "fsync returned %s, expected 0", rstr(r));
	r = close(fd);
	EXPECT(r == 0, "close returned %s, expected 0", rstr(r));
	unlink(path);
	ksft_test_result(ok,
			 "open, write, pread, lseek (to 15 and to 5 GiB), fsync and close a file in /tmp\n");
}

static void test_directory(void)
{
	static const char *const names[] = { "a", "bb", "ccc" };
	const char *dir = tmp_path("dir");
	char path[128];
	int seen[3] = { 0 }, dots = 0, fd, ok = 1;
	struct dirent *de;
	DIR *d;

	if (mkdir(dir, 0700)) {
		ksft_test_result(0,
				 "mkdir and readdir (getdents64) see the created entries # mkdir(%s): %s\n",
				 dir, strerror(errno));
		return;
	}
	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
		EXPECT(fd >= 0, "creating %s returned %s", path, rstr(fd));
		if (fd >= 0)
			close(fd);
	}
	d = opendir(dir);
	EXPECT(d, "opendir(%s) failed: %s", dir, strerror(errno));
	while (d && (de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..")) {
			dots++;
			continue;
		}
		for (int i = 0; i < 3; i++) {
			if (strcmp(de->d_name, names[i]))
				continue;
			seen[i]++;
			EXPECT(de->d_type == DT_REG, "%s has d_type %d, expected DT_REG (%d)",
			       names[i], de->d_type, DT_REG);
		}
	}
	if (d)
		closedir(d);
	for (int i = 0; i < 3; i++)
		EXPECT(seen[i] == 1, "entry %s seen %d times, expected once", names[i], seen[i]);
	EXPECT(dots == 2, "saw %d of . and .., expected 2", dots);
	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		unlink(path);
	}
	EXPECT(rmdir(dir) == 0, "rmdir(%s) failed: %s", dir, strerror(errno));
	ksft_test_result(ok, "mkdir and readdir (getdents64) see the created entries\n");
}

static void test_stat(void)
{
	const char *path = tmp_path("stat");
	const char *name = strrchr(path, '/') + 1;
	static char data[1234];
	struct stat st, fst, ast;
	time_t t0, t1;
	int fd, dfd, ok = 1;

	memset(&st, 0, sizeof(st));
	memset(&fst, 0xff, sizeof(fst));
	memset(&ast, 0x5a, sizeof(ast));
	t0 = time(NULL);
	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0 || write(fd, data, sizeof(data)) != sizeof(data)) {
		ksft_test_result(0,
				 "stat, fstat and fstatat agree on size, inode and mtime # creating %s: %s\n",
				 path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return;
	}
	t1 = time(NULL);
	EXPECT(stat(path, &st) == 0, "stat failed: %s", strerror(errno));
	EXPECT(fstat(fd, &fst) == 0, "fstat failed: %s", strerror(errno));
	dfd = open("/tmp", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	EXPECT(fstatat(dfd, name, &ast, 0) == 0, "fstatat(/tmp, %s) failed: %s",
	       name, strerror(errno));
	EXPECT(st.st_size == 1234 && fst.st_size == 1234 && ast.st_size == 1234,
	       "sizes %lld, %lld, %lld; expected 1234 from each",
	       (long long)st.st_size, (long long)fst.st_size, (long long)ast.st_size);
	EXPECT(st.st_ino == fst.st_ino && st.st_ino == ast.st_ino && st.st_ino,
	       "inodes %llu, %llu, %llu; expected one nonzero inode",
	       (unsigned long long)st.st_ino, (unsigned long long)fst.st_ino,
	       (unsigned long long)ast.st_ino);
	EXPECT(S_ISREG(st.st_mode) && st.st_nlink == 1 && st.st_uid == getuid(),
	       "mode %#o nlink %llu uid %u; expected a regular file, 1 link, uid %u",
	       st.st_mode, (unsigned long long)st.st_nlink, st.st_uid, getuid());
	EXPECT(st.st_mtime >= t0 - 2 && st.st_mtime <= t1 + 2 &&
	       st.st_mtim.tv_nsec >= 0 && st.st_mtim.tv_nsec < 1000000000 &&
	       fst.st_mtime == st.st_mtime && ast.st_mtime == st.st_mtime,
	       "mtimes %lld.%09ld, %lld, %lld; expected one time within [%lld, %lld]",
	       (long long)st.st_mtime, (long)st.st_mtim.tv_nsec, (long long)fst.st_mtime,
	       (long long)ast.st_mtime, (long long)t0 - 2, (long long)t1 + 2);
	if (dfd >= 0)
		close(dfd);
	close(fd);
	unlink(path);
	ksft_test_result(ok, "stat, fstat and fstatat agree on size, inode and mtime\n");
}

static void test_wait4(void)
{
	struct rusage ru;
	int status = -1, ok = 1;
	pid_t pid, got;

	pid = fork();
	if (pid < 0) {
		ksft_test_result(0,
				 "wait4 gets a child's exit status 3 and its rusage # fork: %s\n",
				 strerror(errno));
		return;
	}
	if (pid == 0)
		_exit(3);
	memset(&ru, 0xff, sizeof(ru));
	got = wait4(pid, &status, 0, &ru);
	EXPECT(got == pid, "wait4 returned %s, expected %d", rstr(got), pid);
	EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 3,
	       "status %#x, expected an exit with 3", status);
	EXPECT(ru.ru_utime.tv_sec >= 0 && ru.ru_utime.tv_usec >= 0 &&
	       ru.ru_utime.tv_usec < 1000000 && ru.ru_stime.tv_sec >= 0 &&
	       ru.ru_stime.tv_usec >= 0 && ru.ru_stime.tv_usec < 1000000,
	       "ru_utime %lld.%06lld ru_stime %lld.%06lld; expected valid timevals",
	       (long long)ru.ru_utime.tv_sec, (long long)ru.ru_utime.tv_usec,
	       (long long)ru.ru_stime.tv_sec, (long long)ru.ru_stime.tv_usec);
	EXPECT(ru.ru_maxrss > 0 && ru.ru_maxrss < 512 * 1024 && ru.ru_nvcsw >= 0,
	       "ru_maxrss %lld KiB ru_nvcsw %lld; expected between 0 and 512 MiB, >= 0",
	       (long long)ru.ru_maxrss, (long long)ru.ru_nvcsw);
	ksft_test_result(ok, "wait4 gets a child's exit status 3 and its rusage\n");
}

static void test_waitid(void)
{
	siginfo_t si;
	int ok = 1;
	pid_t pid;
	long ret;

	pid = fork();
	if (pid < 0) {
		ksft_test_result(0,
				 "waitid gets si_pid and si_status 7 of an exited child # fork: %s\n",
				 strerror(errno));
		return;
	}
	if (pid == 0)
		_exit(7);
	memset(&si, 0xa5, sizeof(si));
	ret = waitid(P_PID, pid, &si, WEXITED);
	EXPECT(ret == 0, "waitid returned %s, expected 0", rstr(ret));
	if (ret)
		waitpid(pid, NULL, 0);
	EXPECT(si.si_signo == SIGCHLD && si.si_code == CLD_EXITED &&
	       si.si_pid == pid && si.si_uid == getuid() && si.si_status == 7,
	       "signo %d code %d pid %d uid %u status %d; expected %d %d %d %u 7",
	       si.si_signo, si.si_code, si.si_pid, si.si_uid, si.si_status,
	       SIGCHLD, CLD_EXITED, pid, getuid());
	ksft_test_result(ok, "waitid gets si_pid and si_status 7 of an exited child\n");
}

static void test_exec(void)
{
	char *const argv[] = { "x32_abi", CHILD_ARG, NULL };
	int status = -1, ok = 1;
	pid_t pid, got;

	pid = fork();
	if (pid < 0) {
		ksft_test_result(0,
				 "execve of this x32 program from x32 runs it (%s exits %d) # fork: %s\n",
				 CHILD_ARG, CHILD_STATUS, strerror(errno));
		return;
	}
	if (pid == 0) {
		execv("/proc/self/exe", argv);
		_exit(127);
	}
	got = waitpid(pid, &status, 0);
	EXPECT(got == pid && WIFEXITED(status) && WEXITSTATUS(status) == CHILD_STATUS,
	       "waitpid returned %s, status %#x; expected an exit with %d (127: execve failed)",
	       rstr(got), status, CHILD_STATUS);
	ksft_test_result(ok, "execve of this x32 program from x32 runs it (%s exits %d)\n",
			 CHILD_ARG, CHILD_STATUS);
}

/* Two threads count under a mutex, then report through a condvar. */
#define COUNT_PER_THREAD	10000

static struct {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int counter, done;
} shared = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0 };

static void *counter_thread(void *arg)
{
	for (int i = 0; i < COUNT_PER_THREAD; i++) {
		pthread_mutex_lock(&shared.lock);
		shared.counter++;
		pthread_mutex_unlock(&shared.lock);
	}
	pthread_mutex_lock(&shared.lock);
	shared.done++;
	pthread_cond_signal(&shared.cond);
	pthread_mutex_unlock(&shared.lock);
	return arg;
}

static void test_threads(void)
{
	pthread_t t[2];
	void *ret[2] = { NULL, NULL };
	int err[2], ok = 1, done;

	for (int i = 0; i < 2; i++)
		err[i] = pthread_create(&t[i], NULL, counter_thread, (void *)(intptr_t)(i + 1));
	EXPECT(!err[0] && !err[1], "pthread_create returned %s and %s, expected 0",
	       ename(err[0]), ename(err[1]));
	pthread_mutex_lock(&shared.lock);
	while (shared.done < !err[0] + !err[1])
		pthread_cond_wait(&shared.cond, &shared.lock);
	done = shared.done;
	pthread_mutex_unlock(&shared.lock);
	for (int i = 0; i < 2; i++)
		if (!err[i])
			pthread_join(t[i], &ret[i]);
	EXPECT(ret[0] == (void *)1 && ret[1] == (void *)2,
	       "threads returned %p and %p, expected 0x1 and 0x2", ret[0], ret[1]);
	EXPECT(shared.counter == 2 * COUNT_PER_THREAD && done == 2,
	       "counter %d, done %d; expected %d, 2", shared.counter, done,
	       2 * COUNT_PER_THREAD);
	ksft_test_result(ok, "two threads with a mutex, a condvar and pthread_join\n");
}

static pthread_mutex_t robust;

static void *robust_owner(void *arg)
{
	return (void *)(intptr_t)pthread_mutex_lock(&robust);	/* and exit holding it */
}

static void test_robust_mutex(void)
{
	const char *what = "a robust mutex whose owner thread exits gives EOWNERDEAD (set_robust_list 530, futex)";
	pthread_mutexattr_t attr;
	void *owner_ret = (void *)-1;
	pthread_t t;
	int err, ok = 1;

	pthread_mutexattr_init(&attr);
	err = pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
	if (!err)
		err = pthread_mutex_init(&robust, &attr);
	pthread_mutexattr_destroy(&attr);
	if (err) {
		/* ENOTSUP: glibc found set_robust_list missing at startup. */
		ksft_test_result(0, "%s # robust mutex init: %s\n", what, ename(err));
		return;
	}
	err = pthread_create(&t, NULL, robust_owner, NULL);
	if (err) {
		ksft_test_result(0, "%s # pthread_create: %s\n", what, ename(err));
		return;
	}
	pthread_join(t, &owner_ret);
	EXPECT(!owner_ret, "the owner's lock returned %s, expected 0",
	       ename((intptr_t)owner_ret));
	err = pthread_mutex_lock(&robust);
	EXPECT(err == EOWNERDEAD, "lock after the owner died returned %s, expected EOWNERDEAD",
	       err ? ename(err) : "0");
	if (err == EOWNERDEAD) {
		err = pthread_mutex_consistent(&robust);
		EXPECT(err == 0, "pthread_mutex_consistent returned %s, expected 0", ename(err));
		err = pthread_mutex_unlock(&robust);
		EXPECT(err == 0, "unlock returned %s, expected 0", ename(err));
		err = pthread_mutex_lock(&robust);
		EXPECT(err == 0, "lock after recovery returned %s, expected 0", ename(err));
		pthread_mutex_unlock(&robust);
	}
	ksft_test_result(ok, "%s\n", what);
}

static void test_scm_rights(void)
{
	union {
		struct cmsghdr hdr;
		char buf[CMSG_SPACE(sizeof(int))];
	} out, in;
	char data = 'x', got = 0, pbuf[8] = "";
	struct iovec iov = { &data, 1 }, iov_in = { &got, 1 };
	struct msghdr msg = { 0 }, msg_in = { 0 };
	struct cmsghdr *c;
	int sv[2] = { -1, -1 }, p[2] = { -1, -1 }, fd = -1, ok = 1;
	long s, r, n = -1;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) || pipe2(p, O_CLOEXEC) ||
	    write(p[1], "fdok", 4) != 4) {
		ksft_test_result(0,
				 "sendmsg and recvmsg pass a pipe in SCM_RIGHTS over socketpair(AF_UNIX) # setup: %s\n",
				 strerror(errno));
		goto out;
	}
	memset(&out, 0, sizeof(out));
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	msg.msg_control = out.buf;
	msg.msg_controllen = sizeof(out.buf);
	c = CMSG_FIRSTHDR(&msg);
	c->cmsg_len = CMSG_LEN(sizeof(int));
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	memcpy(CMSG_DATA(c), &p[0], sizeof(int));
	s = sendmsg(sv[0], &msg, 0);
	EXPECT(s == 1, "sendmsg returned %s, expected 1", rstr(s));

	memset(&in, 0xff, sizeof(in));
	msg_in.msg_iov = &iov_in;
	msg_in.msg_iovlen = 1;
	msg_in.msg_control = in.buf;
	msg_in.msg_controllen = sizeof(in.buf);
	r = recvmsg(sv[1], &msg_in, MSG_DONTWAIT);
	EXPECT(r == 1 && got == 'x', "recvmsg returned %s with '%c', expected 1 with 'x'",
	       rstr(r), got ? got : '?');
	c = CMSG_FIRSTHDR(&msg_in);
	EXPECT(!(msg_in.msg_flags & MSG_CTRUNC) && c && c->cmsg_level == SOL_SOCKET &&
	       c->cmsg_type == SCM_RIGHTS && c->cmsg_len == CMSG_LEN(sizeof(int)),
	       "msg_flags %#x, controllen %zu, cmsg level %d type %d len %zu; expected no MSG_CTRUNC, %d %d %zu",
	       msg_in.msg_flags, (size_t)msg_in.msg_controllen, c ? c->cmsg_level : -1,
	       c ? c->cmsg_type : -1, c ? (size_t)c->cmsg_len : 0,
	       SOL_SOCKET, SCM_RIGHTS, (size_t)CMSG_LEN(sizeof(int)));
	if (ok) {
		memcpy(&fd, CMSG_DATA(c), sizeof(int));
		n = read(fd, pbuf, sizeof(pbuf) - 1);
		EXPECT(fd != p[0] && n == 4 && !memcmp(pbuf, "fdok", 4),
		       "the passed fd %d (original %d) read %s \"%s\", expected a new fd reading \"fdok\"",
		       fd, p[0], rstr(n), pbuf);
		close(fd);
	}
	ksft_test_result(ok,
			 "sendmsg and recvmsg pass a pipe in SCM_RIGHTS over socketpair(AF_UNIX)\n");
out:
	for (int i = 0; i < 2; i++) {
		if (sv[i] >= 0)
			close(sv[i]);
		if (p[i] >= 0)
			close(p[i]);
	}
}

static void test_mmsg(void)
{
	const char *what = "sendmmsg and recvmmsg (with a timeout) carry 2 datagrams";
	char out0[] = "one", out1[] = "two!", in0[8] = "", in1[8] = "";
	struct iovec iov[2] = { { out0, 3 }, { out1, 4 } };
	struct iovec iov_in[2] = { { in0, sizeof(in0) }, { in1, sizeof(in1) } };
	struct mmsghdr m[2], m_in[2];
	struct timespec timeout = { 2, 0 };
	int sv[2], ok = 1;
	long s, r;

	if (socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, sv)) {
		ksft_test_result(0, "%s # socketpair: %s\n", what, strerror(errno));
		return;
	}
	memset(m, 0, sizeof(m));
	memset(m_in, 0, sizeof(m_in));
	for (int i = 0; i < 2; i++) {
		m[i].msg_hdr.msg_iov = &iov[i];
		m[i].msg_hdr.msg_iovlen = 1;
		m_in[i].msg_hdr.msg_iov = &iov_in[i];
		m_in[i].msg_hdr.msg_iovlen = 1;
		m_in[i].msg_len = 0xdead;
	}
	s = sendmmsg(sv[0], m, 2, 0);
	EXPECT(s == 2 && m[0].msg_len == 3 && m[1].msg_len == 4,
	       "sendmmsg returned %s with msg_len %u %u, expected 2 with 3 4",
	       rstr(s), m[0].msg_len, m[1].msg_len);
	r = recvmmsg(sv[1], m_in, 2, 0, &timeout);
	EXPECT(r == 2 && m_in[0].msg_len == 3 && m_in[1].msg_len == 4 &&
	       !strcmp(in0, "one") && !strcmp(in1, "two!"),
	       "recvmmsg returned %s with msg_len %u %u, \"%s\" \"%s\"; expected 2 with 3 4, \"one\" \"two!\"",
	       rstr(r), m_in[0].msg_len, m_in[1].msg_len, in0, in1);
	close(sv[0]);
	close(sv[1]);
	ksft_test_result(ok, "%s\n", what);
}

#ifndef sigev_notify_thread_id
#define sigev_notify_thread_id	_sigev_un._tid
#endif

static void test_timer_create(void)
{
	const char *what = "timer_create with SIGEV_THREAD_ID delivers its signal and value to sigtimedwait";
	const int sig = SIGRTMIN + 1;
	struct itimerspec its = { .it_value = { 0, 20 * 1000 * 1000 } };
	struct timespec wait = { 5, 0 };
	struct sigevent sev;
	sigset_t set, old;
	siginfo_t si;
	timer_t timer;
	int got, ok = 1;

	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_BLOCK, &set, &old);
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = sig;
	sev.sigev_value.sival_int = 0x1234;
	sev.sigev_notify_thread_id = gettid();
	if (timer_create(CLOCK_MONOTONIC, &sev, &timer)) {
		ksft_test_result(0, "%s # timer_create: %s\n", what, strerror(errno));
		sigprocmask(SIG_SETMASK, &old, NULL);
		return;
	}
	EXPECT(timer_settime(timer, 0, &its, NULL) == 0, "timer_settime failed: %s",
	       strerror(errno));
	memset(&si, 0, sizeof(si));
	got = sigtimedwait(&set, &si, &wait);
	EXPECT(got == sig && si.si_signo == sig && si.si_code == SI_TIMER &&
	       si.si_value.sival_int == 0x1234,
	       "sigtimedwait returned %s: signo %d code %d value %#x; expected %d: %d %d 0x1234",
	       rstr(got), si.si_signo, si.si_code, si.si_value.sival_int, sig, sig, SI_TIMER);
	timer_delete(timer);
	sigprocmask(SIG_SETMASK, &old, NULL);
	ksft_test_result(ok, "%s\n", what);
}

static void test_timerfd(void)
{
	const char *what = "timerfd_create, timerfd_settime 20 ms, poll and read give 1 expiry";
	struct itimerspec its = { .it_value = { 0, 20 * 1000 * 1000 } }, cur;
	struct pollfd pfd;
	uint64_t expiries = 0;
	int fd, ret, ok = 1;
	long r;

	fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
	if (fd < 0) {
		ksft_test_result(0, "%s # timerfd_create: %s\n", what, strerror(errno));
		return;
	}
	ret = timerfd_settime(fd, 0, &its, NULL);
	EXPECT(ret == 0, "timerfd_settime returned %s, expected 0", rstr(ret));
	memset(&cur, 0xff, sizeof(cur));
	ret = timerfd_gettime(fd, &cur);
	EXPECT(ret == 0 && cur.it_value.tv_sec == 0 && cur.it_value.tv_nsec > 0 &&
	       cur.it_value.tv_nsec <= 20 * 1000 * 1000 && cur.it_interval.tv_sec == 0 &&
	       cur.it_interval.tv_nsec == 0,
	       "timerfd_gettime returned %s, value %lld.%09ld interval %lld.%09ld; expected 0, value in (0, 20 ms], interval 0",
	       rstr(ret), (long long)cur.it_value.tv_sec, (long)cur.it_value.tv_nsec,
	       (long long)cur.it_interval.tv_sec, (long)cur.it_interval.tv_nsec);
	pfd.fd = fd;
	pfd.events = POLLIN;
	ret = poll(&pfd, 1, 3000);
	EXPECT(ret == 1, "poll returned %s, expected 1 within 3 s", rstr(ret));
	if (ret == 1) {
		r = read(fd, &expiries, sizeof(expiries));
		EXPECT(r == 8 && expiries == 1, "read returned %s with %llu, expected 8 with 1",
		       rstr(r), (unsigned long long)expiries);
	}
	close(fd);
	ksft_test_result(ok, "%s\n", what);
}

static void test_nanosleep(void)
{
	struct timespec req = { 0, 50 * 1000 * 1000 }, t0;
	long long ms;
	int ret, ok = 1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	ret = nanosleep(&req, NULL);
	ms = ms_since(&t0);
	EXPECT(ret == 0 && ms >= 50 && ms < 2000,
	       "nanosleep returned %s after %lld ms, expected 0 after 50 ms to 2 s", rstr(ret), ms);
	ksft_test_result(ok, "nanosleep of 50 ms sleeps 50 ms by CLOCK_MONOTONIC\n");
}

static void test_clock_nanosleep(void)
{
	struct timespec req = { 0, 50 * 1000 * 1000 }, t0, target, now;
	long long ms;
	int ret, ok = 1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	ret = clock_nanosleep(CLOCK_MONOTONIC, 0, &req, NULL);
	ms = ms_since(&t0);
	EXPECT(ret == 0 && ms >= 50 && ms < 2000,
	       "relative clock_nanosleep returned %d after %lld ms, expected 0 after 50 ms to 2 s",
	       ret, ms);

	clock_gettime(CLOCK_MONOTONIC, &target);
	target.tv_nsec += 50 * 1000 * 1000;
	if (target.tv_nsec >= 1000000000) {
		target.tv_sec++;
		target.tv_nsec -= 1000000000;
	}
	ret = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, NULL);
	clock_gettime(CLOCK_MONOTONIC, &now);
	EXPECT(ret == 0 && (now.tv_sec > target.tv_sec ||
			    (now.tv_sec == target.tv_sec && now.tv_nsec >= target.tv_nsec)),
	       "TIMER_ABSTIME clock_nanosleep returned %d at %lld.%09ld, expected 0 at or after %lld.%09ld",
	       ret, (long long)now.tv_sec, (long)now.tv_nsec,
	       (long long)target.tv_sec, (long)target.tv_nsec);
	ksft_test_result(ok,
			 "clock_nanosleep of 50 ms on CLOCK_MONOTONIC, relative and TIMER_ABSTIME\n");
}

/* select, poll and epoll on one pipe: not readable, then readable. */
static void test_select(void)
{
	struct timeval zero = { 0, 0 }, one = { 1, 0 };
	int p[2], ret, ok = 1;
	fd_set rfds;

	if (pipe2(p, O_CLOEXEC)) {
		ksft_test_result(0,
				 "select on a pipe: 0 when empty, readable after a write # pipe: %s\n",
				 strerror(errno));
		return;
	}
	FD_ZERO(&rfds);
	FD_SET(p[0], &rfds);
	ret = select(p[0] + 1, &rfds, NULL, NULL, &zero);
	EXPECT(ret == 0, "select on the empty pipe returned %s, expected 0", rstr(ret));
	if (write(p[1], "x", 1) != 1)
		ksft_print_msg("write to the pipe: %s\n", strerror(errno));
	FD_ZERO(&rfds);
	FD_SET(p[0], &rfds);
	ret = select(p[0] + 1, &rfds, NULL, NULL, &one);
	EXPECT(ret == 1 && FD_ISSET(p[0], &rfds),
	       "select after a write returned %s, fd %s; expected 1, set", rstr(ret),
	       FD_ISSET(p[0], &rfds) ? "set" : "not set");
	close(p[0]);
	close(p[1]);
	ksft_test_result(ok, "select on a pipe: 0 when empty, readable after a write\n");
}

static void test_poll(void)
{
	struct pollfd pfd;
	int p[2], ret, ok = 1;

	if (pipe2(p, O_CLOEXEC)) {
		ksft_test_result(0,
				 "poll on a pipe: 0 when empty, POLLIN after a write # pipe: %s\n",
				 strerror(errno));
		return;
	}
	pfd.fd = p[0];
	pfd.events = POLLIN;
	pfd.revents = -1;
	ret = poll(&pfd, 1, 0);
	EXPECT(ret == 0 && pfd.revents == 0,
	       "poll on the empty pipe returned %s, revents %#x; expected 0, 0",
	       rstr(ret), pfd.revents);
	if (write(p[1], "x", 1) != 1)
		ksft_print_msg("write to the pipe: %s\n", strerror(errno));
	ret = poll(&pfd, 1, 1000);
	EXPECT(ret == 1 && pfd.revents == POLLIN,
	       "poll after a write returned %s, revents %#x; expected 1, POLLIN",
	       rstr(ret), pfd.revents);
	close(p[0]);
	close(p[1]);
	ksft_test_result(ok, "poll on a pipe: 0 when empty, POLLIN after a write\n");
}

static void test_epoll(void)
{
	const uint64_t cookie = 0x1122334455667788ULL;
	struct epoll_event ev = { .events = EPOLLIN, .data.u64 = cookie }, got[2];
	int p[2], ep, ret, ok = 1;

	ep = epoll_create1(EPOLL_CLOEXEC);
	if (ep < 0 || pipe2(p, O_CLOEXEC)) {
		ksft_test_result(0,
				 "epoll on a pipe: no event when empty, EPOLLIN with the 64-bit data after a write # setup: %s\n",
				 strerror(errno));
		if (ep >= 0)
			close(ep);
		return;
	}
	ret = epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev);
	EXPECT(ret == 0, "epoll_ctl returned %s, expected 0", rstr(ret));
	ret = epoll_wait(ep, got, 2, 0);
	EXPECT(ret == 0, "epoll_wait on the empty pipe returned %s, expected 0", rstr(ret));
	if (write(p[1], "x", 1) != 1)
		ksft_print_msg("write to the pipe: %s\n", strerror(errno));
	memset(got, 0, sizeof(got));
	ret = epoll_wait(ep, got, 2, 1000);
	EXPECT(ret == 1 && got[0].events == EPOLLIN && got[0].data.u64 == cookie,
	       "epoll_wait after a write returned %s, events %#x data %#llx; expected 1, %#x %#llx",
	       rstr(ret), got[0].events, (unsigned long long)got[0].data.u64, EPOLLIN,
	       (unsigned long long)cookie);
	close(ep);
	close(p[0]);
	close(p[1]);
	ksft_test_result(ok,
			 "epoll on a pipe: no event when empty, EPOLLIN with the 64-bit data after a write\n");
}

static void test_mmap_mprotect(void)
{
	const char *what = "mmap 1 MiB, write it, mprotect it read-only; a child's write dies by SIGSEGV; munmap";
	const size_t len = 1 * MIB;
	int status = -1, ok = 1, n, ret;
	unsigned char *p;
	size_t bad = len;
	pid_t pid;

	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		ksft_test_result(0, "%s # mmap: %s\n", what, strerror(errno));
		return;
	}
	n = read_maps();
	EXPECT(map_covers(n, (uintptr_t)p, len),
	       "no mapping in /proc/self/maps covers %p..%p: the kernel returned another address",
	       (void *)p, (void *)(p + len));
	for (size_t i = 0; i < len; i += 4096)
		p[i] = (unsigned char)(i >> 12);
	ret = mprotect(p, len, PROT_READ);
	EXPECT(ret == 0, "mprotect returned %s, expected 0", rstr(ret));
	for (size_t i = 0; i < len && bad == len; i += 4096)
		if (p[i] != (unsigned char)(i >> 12))
			bad = i;
	EXPECT(bad == len, "read-only page at offset %zu holds %u, expected %u",
	       bad, p[bad % len], (unsigned int)((bad >> 12) & 0xff));
	pid = fork();
	if (pid == 0) {
		p[4096] = 0xff;	/* must fault */
		_exit(0);
	}
	EXPECT(pid > 0 && waitpid(pid, &status, 0) == pid && WIFSIGNALED(status) &&
	       WTERMSIG(status) == SIGSEGV,
	       "the child writing the read-only mapping ended with status %#x, expected death by SIGSEGV",
	       status);
	ret = munmap(p, len);
	EXPECT(ret == 0, "munmap returned %s, expected 0", rstr(ret));
	n = read_maps();
	EXPECT(!map_covers(n, (uintptr_t)p, 4096),
	       "after munmap, /proc/self/maps still maps %p", (void *)p);
	ksft_test_result(ok, "%s\n", what);
}

static void test_maps_below_4g(void)
{
	int n = read_maps(), ok = 1, i;

	EXPECT(n > 0, "reading /proc/self/maps failed: %s", strerror(errno));
	for (i = 0; i < n; i++)
		EXPECT(maps[i].end <= FOUR_GIB,
		       "mapping %llx-%llx %s ends above 4 GiB", maps[i].start, maps[i].end,
		       maps[i].name);
	ksft_test_result(ok, "every mapping in /proc/self/maps (%d) is below 4 GiB\n", n);
}

#define CHUNK		(256ULL * MIB)
#define MAX_CHUNKS	32		/* 8 GiB: far more than x32 can have */

static void test_address_space(void)
{
	const char *what = "mmap of 256 MiB PROT_NONE chunks fails with ENOMEM after at least 3 GiB, all below 4 GiB";
	void *chunk[MAX_CHUNKS];
	int n = 0, nmaps, err = 0, ok = 1;

	while (n < MAX_CHUNKS) {
		void *p = mmap(NULL, CHUNK, PROT_NONE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

		if (p == MAP_FAILED) {
			err = errno;
			break;
		}
		chunk[n++] = p;
	}
	nmaps = read_maps();
	for (int i = 0; i < n; i++)
		EXPECT(map_covers(nmaps, (uintptr_t)chunk[i], CHUNK) &&
		       (uintptr_t)chunk[i] + CHUNK <= FOUR_GIB,
		       "chunk %d at %p is not mapped there below 4 GiB in /proc/self/maps",
		       i, chunk[i]);
	for (int i = 0; i < nmaps; i++)
		EXPECT(maps[i].end <= FOUR_GIB,
		       "with the chunks mapped, %llx-%llx %s ends above 4 GiB",
		       maps[i].start, maps[i].end, maps[i].name);
	EXPECT(n < MAX_CHUNKS && err == ENOMEM,
	       "mmap stopped after %d chunks with %s, expected ENOMEM before %d",
	       n, err ? ename(err) : "no error", MAX_CHUNKS);
	EXPECT(n * CHUNK >= 3 * 1024ULL * MIB && n * CHUNK < FOUR_GIB,
	       "%d chunks (%llu MiB) mapped, expected 3 GiB to 4 GiB", n, n * CHUNK / MIB);
	ksft_print_msg("%d chunks of 256 MiB mapped before %s\n", n, err ? ename(err) : "the cap");
	for (int i = 0; i < n; i++)
		munmap(chunk[i], CHUNK);
	ksft_test_result(ok, "%s\n", what);
}

static void test_brk(void)
{
	const char *what = "sbrk grows the heap by 1 MiB below 4 GiB, usable, and shrinks it back";
	const struct mapping *heap;
	char *old, *cur, *grown;
	int n, ok = 1;

	old = sbrk(0);
	grown = sbrk(MIB);
	if (grown == (void *)-1) {
		ksft_test_result(0, "%s # sbrk(1 MiB): %s\n", what, strerror(errno));
		return;
	}
	cur = sbrk(0);
	EXPECT(grown == old && cur == old + MIB,
	       "sbrk(1 MiB) returned %p, then the break is %p; expected %p, %p",
	       (void *)grown, (void *)cur, (void *)old, (void *)(old + MIB));
	memset(grown, 0x5a, MIB);
	n = read_maps();
	heap = find_map(n, "[heap]");
	EXPECT(heap && heap->end <= FOUR_GIB && map_covers(n, (uintptr_t)grown, MIB),
	       "[heap] is %llx-%llx, expected it below 4 GiB and covering %p..%p",
	       heap ? heap->start : 0, heap ? heap->end : 0, (void *)grown,
	       (void *)(grown + MIB));
	EXPECT(sbrk(-MIB) == cur && sbrk(0) == old,
	       "shrinking did not bring the break back to %p (it is %p)",
	       (void *)old, sbrk(0));
	ksft_test_result(ok, "%s\n", what);
}

static void test_stack(void)
{
	const struct mapping *stack;
	int local = 0, n, ok = 1;

	n = read_maps();
	stack = find_map(n, "[stack]");
	EXPECT(stack && stack->end <= FOUR_GIB && stack->start <= (uintptr_t)&local &&
	       (uintptr_t)&local < stack->end,
	       "[stack] is %llx-%llx and a local is at %p; expected the local inside it, below 4 GiB",
	       stack ? stack->start : 0, stack ? stack->end : 0, (void *)&local);
	ksft_test_result(ok, "the stack is below 4 GiB and holds this function's locals\n");
}

static void test_vdso(void)
{
	unsigned long ehdr = getauxval(AT_SYSINFO_EHDR);
	const struct mapping *vdso;
	int n, ok = 1;

	n = read_maps();
	vdso = find_map(n, "[vdso]");
	EXPECT(ehdr && vdso && vdso->start == ehdr && vdso->end <= FOUR_GIB &&
	       !memcmp((void *)ehdr, "\177ELF", 4),
	       "AT_SYSINFO_EHDR %#lx, [vdso] %llx-%llx; expected the ELF header of a vDSO below 4 GiB",
	       ehdr, vdso ? vdso->start : 0, vdso ? vdso->end : 0);
	ksft_test_result(ok, "AT_SYSINFO_EHDR points at the [vdso] mapping, below 4 GiB\n");
}

static void (*const tests[])(void) = {
	test_sizes,
	test_file_io,
	test_directory,
	test_stat,
	test_wait4,
	test_waitid,
	test_exec,
	test_threads,
	test_robust_mutex,
	test_scm_rights,
	test_mmsg,
	test_timer_create,
	test_timerfd,
	test_nanosleep,
	test_clock_nanosleep,
	test_select,
	test_poll,
	test_epoll,
	test_mmap_mprotect,
	test_maps_below_4g,
	test_address_space,
	test_brk,
	test_stack,
	test_vdso,
};

int main(int argc, char **argv)
{
	/* Re-executed by test_exec(): show the x32 ELF ran, and nothing more. */
	if (argc == 2 && !strcmp(argv[1], CHILD_ARG))
		return sizeof(void *) == 4 ? CHILD_STATUS : 1;

	alarm(60);
	ksft_print_header();
	ksft_set_plan(ARRAY_SIZE(tests));
	for (size_t i = 0; i < ARRAY_SIZE(tests); i++)
		tests[i]();
	ksft_finished();
}
