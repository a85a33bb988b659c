// SPDX-License-Identifier: GPL-2.0
/*
 * x32_fuse - a FUSE server learns which ABI an ioctl caller uses from the
 * flags in struct fuse_ioctl_in, so it can decode the argument: an x32
 * caller (ioctl reaches ->compat_ioctl through x32 number 514) is reported
 * as FUSE_IOCTL_COMPAT | FUSE_IOCTL_32BIT | FUSE_IOCTL_COMPAT_X32 (mainline
 * fs/fuse/ioctl.c: 32-bit pointers and longs, but 64-bit time_t), with
 * FUSE_IOCTL_DIR added on a directory; a 64-bit caller as 0 (DIR alone on a
 * directory).
 *
 * The program is its own FUSE server: a thread answers /dev/fuse (INIT,
 * LOOKUP, GETATTR, OPEN, OPENDIR, IOCTL, FLUSH, RELEASE, RELEASEDIR) for a
 * mount with one file, and the main thread issues ioctls on the file and
 * on the root directory and checks what the server saw and what came back.
 * Built -mx32 -static (the x32 claim) and -m64 -static (the native answer).
 * Needs root and CONFIG_FUSE_FS; without /dev/fuse every result is skipped.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/fuse.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "diag.h"
#include "../kselftest.h"

#define NTESTS		6
#define FILE_NODE	2
#define FILE_NAME	"file"
#define RESULT_FILE	42
#define RESULT_DIR	43

/* 16 bytes in every ABI: no pointers, no longs. */
struct probe {
	uint32_t magic;
	uint32_t seq;
	uint64_t value;
};

#define PROBE_IOWR	_IOWR(0xE3, 1, struct probe)
#define PROBE_IOR	_IOR(0xE3, 2, struct probe)

#ifdef __ILP32__
#define ABI		"x32"
/* What mainline reports for a caller that came in through ->compat_ioctl. */
#define WANT_FLAGS	(FUSE_IOCTL_COMPAT | FUSE_IOCTL_32BIT | FUSE_IOCTL_COMPAT_X32)
#else
#define ABI		"x86-64"
#define WANT_FLAGS	0
#endif

/* What the server saw in one FUSE_IOCTL request. */
struct seen {
	int count;
	uint64_t nodeid, fh, arg;
	uint32_t flags, cmd, in_size, out_size;
	struct probe in;
};

static int fuse_fd = -1;
static char mnt[64];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct seen seen_file, seen_dir;
static int verbose;

static void flags_str(char *buf, size_t len, uint32_t f)
{
	static const struct { uint32_t bit; const char *name; } names[] = {
		{ FUSE_IOCTL_COMPAT, "COMPAT" },
		{ FUSE_IOCTL_UNRESTRICTED, "UNRESTRICTED" },
		{ FUSE_IOCTL_RETRY, "RETRY" },
		{ FUSE_IOCTL_32BIT, "32BIT" },
		{ FUSE_IOCTL_DIR, "DIR" },
		{ FUSE_IOCTL_COMPAT_X32, "COMPAT_X32" },
	};
	size_t n = 0;

	n += snprintf(buf + n, len - n, "%#x", f);
	for (size_t i = 0; i < ARRAY_SIZE(names) && n < len; i++) {
		if (f & names[i].bit)
			n += snprintf(buf + n, len - n, "%s%s",
				      (f & (names[i].bit - 1)) ? "|" : " (", names[i].name);
	}
	if (f && n < len)
		snprintf(buf + n, len - n, ")");
}

static void reply(uint64_t unique, int error, const void *data, size_t len)
{
	struct fuse_out_header oh = {
		.len = sizeof(oh) + (error ? 0 : len),
		.error = error,
		.unique = unique,
	};
	struct iovec iov[2] = {
		{ &oh, sizeof(oh) },
		{ (void *)data, error ? 0 : len },
	};

	if (writev(fuse_fd, iov, 2) < 0 && errno != ENOENT)
		ksft_print_msg("server: reply to %llu: %s\n",
			       (unsigned long long)unique, strerror(errno));
}

static void fill_attr(struct fuse_attr *a, uint64_t nodeid)
{
	memset(a, 0, sizeof(*a));
	a->ino = nodeid;
	a->blksize = 4096;
	if (nodeid == FUSE_ROOT_ID) {
		a->mode = S_IFDIR | 0755;
		a->nlink = 2;
	} else {
		a->mode = S_IFREG | 0644;
		a->nlink = 1;
	}
}

static void do_ioctl(struct fuse_in_header *ih, const struct fuse_ioctl_in *in)
{
	struct {
		struct fuse_ioctl_out out;
		struct probe data;
	} r;
	struct seen *s = ih->nodeid == FUSE_ROOT_ID ? &seen_dir : &seen_file;
	const struct probe *pin = (const void *)(in + 1);

	memset(&r, 0, sizeof(r));

	pthread_mutex_lock(&lock);
	s->count++;
	s->nodeid = ih->nodeid;
	s->fh = in->fh;
	s->arg = in->arg;
	s->flags = in->flags;
	s->cmd = in->cmd;
	s->in_size = in->in_size;
	s->out_size = in->out_size;
	if (in->in_size >= sizeof(struct probe))
		s->in = *pin;
	pthread_mutex_unlock(&lock);

	if (in->cmd == PROBE_IOWR && in->in_size == sizeof(struct probe)) {
		r.out.result = RESULT_FILE;
		r.data.magic = ~pin->magic;
		r.data.seq = pin->seq + 1;
		r.data.value = pin->value ^ 0xffffffff00000000ULL;
	} else if (in->cmd == PROBE_IOR) {
		r.out.result = RESULT_DIR;
		r.data.magic = 0x5eed;
		r.data.seq = in->flags;
		r.data.value = 0x0123456789abcdefULL;
	} else {
		reply(ih->unique, -ENOTTY, NULL, 0);
		return;
	}
	reply(ih->unique, 0, &r, sizeof(r.out) +
	      (in->out_size < sizeof(r.data) ? in->out_size : sizeof(r.data)));
}

static void *server(void *unused)
{
	static char buf[FUSE_MIN_READ_BUFFER + 65536];

	for (;;) {
		struct fuse_in_header *ih = (void *)buf;
		void *arg = buf + sizeof(*ih);
		ssize_t n = read(fuse_fd, buf, sizeof(buf));

		if (n < 0) {
			if (errno == EINTR || errno == ENOENT || errno == EAGAIN)
				continue;
			if (errno != ENODEV)	/* ENODEV: unmounted */
				ksft_print_msg("server: read /dev/fuse: %s\n", rstr(-1));
			break;
		}
		if ((size_t)n < sizeof(*ih))
			continue;
		if (verbose)
			ksft_print_msg("server: opcode %u nodeid %llu\n", ih->opcode,
				       (unsigned long long)ih->nodeid);

		switch (ih->opcode) {
		case FUSE_INIT: {
			const struct fuse_init_in *ii = arg;
			struct fuse_init_out io = {
				.major = FUSE_KERNEL_VERSION,
				.minor = ii->minor < FUSE_KERNEL_MINOR_VERSION ?
					 ii->minor : FUSE_KERNEL_MINOR_VERSION,
				.max_readahead = ii->max_readahead,
				.max_write = 4096,
			};

			reply(ih->unique, 0, &io, sizeof(io));
			break;
		}
		case FUSE_LOOKUP: {
			struct fuse_entry_out eo = {
				.nodeid = FILE_NODE,
				.generation = 1,
				.entry_valid = 3600,
				.attr_valid = 3600,
			};

			if (ih->nodeid != FUSE_ROOT_ID || strcmp(arg, FILE_NAME)) {
				reply(ih->unique, -ENOENT, NULL, 0);
				break;
			}
			fill_attr(&eo.attr, FILE_NODE);
			reply(ih->unique, 0, &eo, sizeof(eo));
			break;
		}
		case FUSE_GETATTR: {
			struct fuse_attr_out ao = { .attr_valid = 3600 };

			fill_attr(&ao.attr, ih->nodeid);
			reply(ih->unique, 0, &ao, sizeof(ao));
			break;
		}
		case FUSE_OPEN:
		case FUSE_OPENDIR: {
			struct fuse_open_out oo = { .fh = 1000 + ih->nodeid };

			reply(ih->unique, 0, &oo, sizeof(oo));
			break;
		}
		case FUSE_IOCTL:
			do_ioctl(ih, arg);
			break;
		case FUSE_FLUSH:
		case FUSE_RELEASE:
		case FUSE_RELEASEDIR:
		case FUSE_DESTROY:
			reply(ih->unique, 0, NULL, 0);
			break;
		case FUSE_FORGET:
		case FUSE_BATCH_FORGET:
		case FUSE_INTERRUPT:
			break;	/* no reply */
		default:
			reply(ih->unique, -ENOSYS, NULL, 0);
			break;
		}
	}
	return NULL;
}

static int setup(void)
{
	char opts[128];
	pthread_t tid;

	fuse_fd = open("/dev/fuse", O_RDWR | O_CLOEXEC);
	if (fuse_fd < 0) {
		ksft_print_msg("open /dev/fuse: %s\n", rstr(-1));
		return errno == ENOENT || errno == ENODEV ? -1 : 0;
	}
	snprintf(mnt, sizeof(mnt), "/tmp/x32_fuse.%d", (int)getpid());
	if (mkdir(mnt, 0755) && errno != EEXIST) {
		ksft_print_msg("mkdir %s: %s\n", mnt, rstr(-1));
		return 0;
	}
	snprintf(opts, sizeof(opts), "fd=%d,rootmode=40000,user_id=0,group_id=0", fuse_fd);
	if (mount("x32_fuse", mnt, "fuse", MS_NOSUID | MS_NODEV, opts)) {
		ksft_print_msg("mount -t fuse -o %s %s: %s\n", opts, mnt, rstr(-1));
		return errno == ENODEV ? -1 : 0;
	}
	/*
	 * /dev/fuse answers reads only once a mount owns it (EPERM before);
	 * the INIT request waits in the queue for the server.
	 */
	if (pthread_create(&tid, NULL, server, NULL)) {
		ksft_print_msg("pthread_create failed\n");
		umount2(mnt, MNT_DETACH);
		return 0;
	}
	pthread_detach(tid);
	return 1;
}

static int check_flags(const char *what, const struct seen *s, uint32_t want)
{
	char got[96], exp[96];
	int ok = 1;

	flags_str(got, sizeof(got), s->flags);
	flags_str(exp, sizeof(exp), want);
	EXPECT(s->count == 1, "%s: server saw %d FUSE_IOCTL requests, expected 1", what, s->count);
	EXPECT(s->flags == want, "%s: fuse_ioctl_in.flags expected %s, got %s", what, exp, got);
	ksft_test_result(ok, "%s ioctl from %s: server sees fuse_ioctl_in.flags %s\n",
			 what, ABI, exp);
	return ok;
}

int main(void)
{
	struct probe p = { .magic = 0xfeedf00d, .seq = 7, .value = 0x1122334455667788ULL };
	struct probe q;
	char path[96];
	int fd, dfd, st, ok;
	long r;

	verbose = !!getenv("X32_FUSE_VERBOSE");
	alarm(90);	/* a server that never answers must not hang the run */
	ksft_print_header();
	ksft_set_plan(NTESTS);

	st = setup();
	if (st < 0) {
		for (int i = 0; i < NTESTS; i++)
			ksft_test_result_skip("FUSE is not available\n");
		ksft_finished();
	}
	ok = st > 0;
	ksft_test_result(ok, "mount -t fuse on %s, served by this program\n", mnt);
	if (!ok) {
		for (int i = 1; i < NTESTS; i++)
			ksft_test_result(0, "(no mount)\n");
		ksft_finished();
	}

	/* 2-4: _IOWR on the file */
	snprintf(path, sizeof(path), "%s/%s", mnt, FILE_NAME);
	fd = open(path, O_RDWR);
	ok = fd >= 0;
	EXPECT(ok, "open %s: %s", path, rstr(fd));
	if (fd >= 0) {
		r = ioctl(fd, PROBE_IOWR, &p);
		EXPECT(r == RESULT_FILE, "ioctl(PROBE_IOWR) expected %d, got %s",
		       RESULT_FILE, rstr(r));
		EXPECT(p.magic == ~0xfeedf00dU && p.seq == 8 &&
		       p.value == (0x1122334455667788ULL ^ 0xffffffff00000000ULL),
		       "data back: magic %#x seq %u value %#llx, expected %#x 8 %#llx",
		       p.magic, p.seq, (unsigned long long)p.value, ~0xfeedf00dU,
		       0x1122334455667788ULL ^ 0xffffffff00000000ULL);
		close(fd);
	}
	ksft_test_result(ok,
			 "file _IOWR ioctl: result and %zu bytes round-trip through the server\n",
			 sizeof(struct probe));

	pthread_mutex_lock(&lock);
	check_flags("file", &seen_file, WANT_FLAGS);
	ok = seen_file.count == 1;
	EXPECT(ok, "no FUSE_IOCTL request for the file reached the server");
	if (seen_file.count) {
		EXPECT(seen_file.cmd == PROBE_IOWR, "cmd expected %#x, got %#x",
		       (unsigned int)PROBE_IOWR, seen_file.cmd);
		EXPECT(seen_file.arg == (uint64_t)(uintptr_t)&p, "arg expected %#llx, got %#llx",
		       (unsigned long long)(uintptr_t)&p, (unsigned long long)seen_file.arg);
		EXPECT(seen_file.nodeid == FILE_NODE && seen_file.fh == 1000 + FILE_NODE,
		       "nodeid %llu fh %llu, expected %d %d",
		       (unsigned long long)seen_file.nodeid, (unsigned long long)seen_file.fh,
		       FILE_NODE, 1000 + FILE_NODE);
		EXPECT(seen_file.in_size == sizeof(struct probe) &&
		       seen_file.out_size == sizeof(struct probe),
		       "in_size %u out_size %u, expected %zu %zu", seen_file.in_size,
		       seen_file.out_size, sizeof(struct probe), sizeof(struct probe));
		EXPECT(seen_file.in.magic == 0xfeedf00d && seen_file.in.seq == 7 &&
		       seen_file.in.value == 0x1122334455667788ULL,
		       "server read magic %#x seq %u value %#llx", seen_file.in.magic,
		       seen_file.in.seq, (unsigned long long)seen_file.in.value);
	}
	pthread_mutex_unlock(&lock);
	ksft_test_result(ok,
			 "file ioctl: server sees cmd, the caller's pointer as arg, sizes and data\n");

	/* 5-6: _IOR on the root directory */
	memset(&q, 0, sizeof(q));
	dfd = open(mnt, O_RDONLY | O_DIRECTORY);
	ok = dfd >= 0;
	EXPECT(ok, "open %s: %s", mnt, rstr(dfd));
	if (dfd >= 0) {
		r = ioctl(dfd, PROBE_IOR, &q);
		EXPECT(r == RESULT_DIR, "ioctl(PROBE_IOR) expected %d, got %s",
		       RESULT_DIR, rstr(r));
		EXPECT(q.magic == 0x5eed && q.value == 0x0123456789abcdefULL,
		       "data back: magic %#x value %#llx, expected 0x5eed 0x123456789abcdef",
		       q.magic, (unsigned long long)q.value);
		close(dfd);
	}
	ksft_test_result(ok, "directory _IOR ioctl: result and data come back\n");

	pthread_mutex_lock(&lock);
	check_flags("directory", &seen_dir, WANT_FLAGS | FUSE_IOCTL_DIR);
	pthread_mutex_unlock(&lock);

	if (umount2(mnt, 0))
		ksft_print_msg("umount %s: %s\n", mnt, rstr(-1));
	else
		rmdir(mnt);
	ksft_finished();
}
