// SPDX-License-Identifier: GPL-2.0
/*
 * x32_xfs - the old XFS bulk ioctls (XFS_IOC_FSBULKSTAT, _FSBULKSTAT_SINGLE,
 * _FSINUMBERS) from x32: the request, struct xfs_fsop_bulkreq, holds three
 * pointers, so x32's ioctl numbers are the 32-bit ones (16-byte request) and
 * the kernel reads it the compat way; but the records it stores, struct
 * xfs_bstat and struct xfs_inogrp, have x86-64's layout on x32 (64-bit
 * tv_sec in xfs_bstime, 8-byte alignment of __u64), not i386's packed one.
 * Mainline fs/xfs/xfs_ioctl32.c stores the native records for x32 callers.
 *
 * The program makes an empty XFS image in /tmp with mkfs.xfs (xfsprogs,
 * from PATH; or takes a copy of the image named as its argument),
 * attaches it to a loop device, mounts it, creates a file, a directory and a file in it with
 * known sizes, owners, modes and timestamps past 2038 (and past 2^32 s),
 * and checks each ioctl's records against stat(), field by field, and the
 * number of bytes the kernel wrote into a poisoned buffer.  Built -mx32
 * -static (the x32 claim) and -m64 -static (the native answer, the same
 * records).  Needs root, CONFIG_XFS_FS and CONFIG_BLK_DEV_LOOP; without
 * them (or without mkfs.xfs) every result is skipped, saying why.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/loop.h>
#include <linux/posix_types.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "diag.h"
#include "../kselftest.h"

#define NTESTS		7
#define POISON		0xa5
#define MAXREC		16

#ifdef __ILP32__
#define ABI		"x32"
#else
#define ABI		"x86-64"
#endif

/*
 * The user-visible layouts of the v1 bulk interface, as in the kernel's
 * fs/xfs/libxfs/xfs_fs.h (6.12) and xfsprogs' <xfs/xfs_fs.h>; declared here
 * so the test builds without xfslibs-dev.  Compiled -mx32 they are x32's
 * layouts: __kernel_long_t is 64 bits there, pointers 32.
 */
struct xfs_bstime {
	__kernel_long_t	tv_sec;
	int32_t		tv_nsec;
};

struct xfs_bstat {
	uint64_t	bs_ino;
	uint16_t	bs_mode;
	uint16_t	bs_nlink;
	uint32_t	bs_uid;
	uint32_t	bs_gid;
	uint32_t	bs_rdev;
	int32_t		bs_blksize;
	int64_t		bs_size;
	struct xfs_bstime bs_atime;
	struct xfs_bstime bs_mtime;
	struct xfs_bstime bs_ctime;
	int64_t		bs_blocks;
	uint32_t	bs_xflags;
	int32_t		bs_extsize;
	int32_t		bs_extents;
	uint32_t	bs_gen;
	uint16_t	bs_projid_lo;
	uint16_t	bs_forkoff;
	uint16_t	bs_projid_hi;
	uint16_t	bs_sick;
	uint16_t	bs_checked;
	unsigned char	bs_pad[2];
	uint32_t	bs_cowextsize;
	uint32_t	bs_dmevmask;
	uint16_t	bs_dmstate;
	uint16_t	bs_aextents;
};

struct xfs_inogrp {
	uint64_t	xi_startino;
	int32_t		xi_alloccount;
	uint64_t	xi_allocmask;
};

struct xfs_fsop_bulkreq {
	uint64_t	*lastip;
	int32_t		icount;
	void		*ubuffer;
	int32_t		*ocount;
};

/* The same on x86-64 and x32; i386's are 108 and 20 (packed, 32-bit time). */
_Static_assert(sizeof(struct xfs_bstat) == 136, "xfs_bstat is 136 bytes on x86-64 and x32");
_Static_assert(offsetof(struct xfs_bstat, bs_mtime) == 56, "bs_mtime at 56");
_Static_assert(sizeof(struct xfs_inogrp) == 24, "xfs_inogrp is 24 bytes on x86-64 and x32");
_Static_assert(offsetof(struct xfs_inogrp, xi_allocmask) == 16, "xi_allocmask at 16");

#define XFS_IOC_FSBULKSTAT		_IOWR('X', 101, struct xfs_fsop_bulkreq)
#define XFS_IOC_FSBULKSTAT_SINGLE	_IOWR('X', 102, struct xfs_fsop_bulkreq)
#define XFS_IOC_FSINUMBERS		_IOWR('X', 103, struct xfs_fsop_bulkreq)

/* What the test creates, and what stat() says about it afterwards. */
struct node {
	const char *name;	/* under the mount; "" is its root */
	mode_t mode;		/* S_IFREG or S_IFDIR | permissions */
	size_t size;
	uid_t uid;
	gid_t gid;
	struct timespec times[2];	/* atime, mtime */
	struct stat st;
	int seen;
};

static struct node nodes[] = {
	{ .name = "", .mode = S_IFDIR | 0755,
	  .times = { { .tv_nsec = UTIME_OMIT }, { .tv_nsec = UTIME_OMIT } } },
	{ .name = "file", .mode = S_IFREG | 0640, .size = 12345, .uid = 1234, .gid = 5678,
	  .times = { { 4000000000LL, 987654321 }, { 5000000000LL, 123456789 } } },
	{ .name = "dir", .mode = S_IFDIR | 0750, .uid = 4321, .gid = 8765,
	  .times = { { 2200000000LL, 1 }, { 2300000000LL, 999999999 } } },
	{ .name = "dir/small", .mode = S_IFREG | 0604, .size = 100, .uid = 77, .gid = 88,
	  .times = { { 1, 2 }, { 4294967297LL, 500000000 } } },
};

static char mnt[64];
static char loopdev[32];
static int loopfd = -1;	/* held until the mount holds the device (autoclear) */

static int nbytes_written(const unsigned char *buf, size_t len)
{
	size_t n = len;

	while (n && buf[n - 1] == POISON)
		n--;
	return n;
}

static struct node *node_by_ino(uint64_t ino)
{
	for (size_t i = 0; i < ARRAY_SIZE(nodes); i++)
		if (nodes[i].st.st_ino == ino)
			return &nodes[i];
	return NULL;
}

/* One record against stat(); clears *okp on a mismatch. */
static void check_bstat(const char *what, const struct xfs_bstat *b, const struct node *n, int *okp)
{
	const struct stat *st = &n->st;
	int ok = 1;

	EXPECT(b->bs_ino == st->st_ino, "%s /%s: bs_ino %llu, stat %llu", what, n->name,
	       (unsigned long long)b->bs_ino, (unsigned long long)st->st_ino);
	EXPECT(b->bs_mode == st->st_mode, "%s /%s: bs_mode %#o, stat %#o", what, n->name,
	       b->bs_mode, st->st_mode);
	EXPECT(b->bs_nlink == st->st_nlink, "%s /%s: bs_nlink %u, stat %llu", what, n->name,
	       b->bs_nlink, (unsigned long long)st->st_nlink);
	EXPECT(b->bs_uid == st->st_uid && b->bs_gid == st->st_gid,
	       "%s /%s: bs_uid:gid %u:%u, stat %u:%u", what, n->name, b->bs_uid, b->bs_gid,
	       st->st_uid, st->st_gid);
	EXPECT(b->bs_size == st->st_size, "%s /%s: bs_size %lld, stat %lld", what, n->name,
	       (long long)b->bs_size, (long long)st->st_size);
	EXPECT(b->bs_atime.tv_sec == st->st_atim.tv_sec &&
	       b->bs_atime.tv_nsec == st->st_atim.tv_nsec,
	       "%s /%s: bs_atime %lld.%09d, stat %lld.%09ld", what, n->name,
	       (long long)b->bs_atime.tv_sec, b->bs_atime.tv_nsec,
	       (long long)st->st_atim.tv_sec, (long)st->st_atim.tv_nsec);
	EXPECT(b->bs_mtime.tv_sec == st->st_mtim.tv_sec &&
	       b->bs_mtime.tv_nsec == st->st_mtim.tv_nsec,
	       "%s /%s: bs_mtime %lld.%09d, stat %lld.%09ld", what, n->name,
	       (long long)b->bs_mtime.tv_sec, b->bs_mtime.tv_nsec,
	       (long long)st->st_mtim.tv_sec, (long)st->st_mtim.tv_nsec);
	EXPECT(b->bs_ctime.tv_sec == st->st_ctim.tv_sec &&
	       b->bs_ctime.tv_nsec == st->st_ctim.tv_nsec,
	       "%s /%s: bs_ctime %lld.%09d, stat %lld.%09ld", what, n->name,
	       (long long)b->bs_ctime.tv_sec, b->bs_ctime.tv_nsec,
	       (long long)st->st_ctim.tv_sec, (long)st->st_ctim.tv_nsec);
	EXPECT((long long)b->bs_blocks * b->bs_blksize == (long long)st->st_blocks * 512,
	       "%s /%s: bs_blocks %lld x bs_blksize %d, stat %lld x 512", what, n->name,
	       (long long)b->bs_blocks, b->bs_blksize, (long long)st->st_blocks);
	if (!ok)
		*okp = 0;
}

/*
 * A private copy of the image in /tmp, unlinked at once: the image given
 * stays empty, so the test can run again (and twice in one boot).
 */
static int copy_image(const char *image)
{
	static char data[65536];
	char path[64];
	int in, out;
	ssize_t n;

	in = open(image, O_RDONLY | O_CLOEXEC);
	if (in < 0) {
		ksft_print_msg("open %s: %s (an empty XFS image: mkfs.xfs on a 16 MiB file)\n",
			       image, rstr(-1));
		return -1;
	}
	snprintf(path, sizeof(path), "/tmp/x32_xfs.%d.img", (int)getpid());
	out = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (out < 0) {
		ksft_print_msg("create %s: %s\n", path, rstr(-1));
		close(in);
		return -1;
	}
	unlink(path);
	while ((n = read(in, data, sizeof(data))) > 0 && write(out, data, n) == n)
		;
	if (n) {
		ksft_print_msg("copy %s to %s: %s\n", image, path, rstr(-1));
		close(out);
		out = -1;
	}
	close(in);
	return out;
}

/*
 * A new empty image in /tmp, unlinked at once: 16 MiB, sparse, made by
 * mkfs.xfs.  mkfs.xfs (xfsprogs >= 5.19) makes filesystems under 300 MB
 * only for fstests, which it recognises by TEST_DIR, TEST_DEV and
 * QA_CHECK_FS; their values are not used.  bigtime: the test stores times
 * past 2^32 s.
 */
static int make_image(void)
{
	char path[64];
	int fd, status = 0;
	pid_t pid;

	snprintf(path, sizeof(path), "/tmp/x32_xfs.%d.img", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || ftruncate(fd, 16 << 20)) {
		ksft_print_msg("create %s: %s\n", path, rstr(-1));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		dup2(null, 1);
		setenv("TEST_DIR", "/nonexistent", 1);
		setenv("TEST_DEV", "/nonexistent", 1);
		setenv("QA_CHECK_FS", "1", 1);
		execlp("mkfs.xfs", "mkfs.xfs", "-q", "-f", "-m", "bigtime=1", path, (char *)NULL);
		_exit(errno == ENOENT ? 127 : 126);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		if (pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 127)
			ksft_print_msg("mkfs.xfs not found (xfsprogs): no XFS image to mount\n");
		else
			ksft_print_msg("mkfs.xfs %s failed (status %#x)\n", path, status);
		unlink(path);
		close(fd);
		return -1;
	}
	unlink(path);
	return fd;
}

static int setup_loop(const char *image)
{
	struct loop_info64 li;
	int ctl, img, dev, nr;

	img = image ? copy_image(image) : make_image();
	if (img < 0)
		return -1;
	ctl = open("/dev/loop-control", O_RDWR | O_CLOEXEC);
	if (ctl < 0) {
		ksft_print_msg("open /dev/loop-control: %s\n", rstr(-1));
		close(img);
		return -1;
	}
	nr = ioctl(ctl, LOOP_CTL_GET_FREE);
	close(ctl);
	if (nr < 0) {
		ksft_print_msg("LOOP_CTL_GET_FREE: %s\n", rstr(nr));
		close(img);
		return 0;
	}
	snprintf(loopdev, sizeof(loopdev), "/dev/loop%d", nr);
	dev = open(loopdev, O_RDWR | O_CLOEXEC);
	if (dev < 0 || ioctl(dev, LOOP_SET_FD, img)) {
		ksft_print_msg("attach %s to %s: %s\n", image ? image : "the image", loopdev,
			       rstr(-1));
		close(img);
		return 0;
	}
	close(img);
	memset(&li, 0, sizeof(li));
	li.lo_flags = LO_FLAGS_AUTOCLEAR;
	if (ioctl(dev, LOOP_SET_STATUS64, &li))
		ksft_print_msg("LOOP_SET_STATUS64 (autoclear): %s\n", rstr(-1));
	loopfd = dev;
	return 1;
}

static int make_nodes(void)
{
	char path[128], data[16384];
	int ok = 1;

	memset(data, 'x', sizeof(data));
	for (size_t i = 0; i < ARRAY_SIZE(nodes); i++) {
		struct node *n = &nodes[i];
		int fd;

		snprintf(path, sizeof(path), "%s/%s", mnt, n->name);
		if (i && S_ISDIR(n->mode)) {
			EXPECT(mkdir(path, n->mode & 07777) == 0, "mkdir %s: %s", path, rstr(-1));
		} else if (i) {
			fd = open(path, O_WRONLY | O_CREAT | O_EXCL, n->mode & 07777);
			EXPECT(fd >= 0, "create %s: %s", path, rstr(fd));
			if (fd >= 0) {
				EXPECT(write(fd, data, n->size) == (ssize_t)n->size,
				       "write %s: %s", path, rstr(-1));
				close(fd);
			}
		}
		if (i) {
			EXPECT(chown(path, n->uid, n->gid) == 0, "chown %s: %s", path, rstr(-1));
			EXPECT(chmod(path, n->mode & 07777) == 0, "chmod %s: %s", path, rstr(-1));
			EXPECT(utimensat(AT_FDCWD, path, n->times, 0) == 0, "utimensat %s: %s",
			       path, rstr(-1));
		}
	}
	/* bulkstat reports the on-disk size: write everything back first */
	sync();
	for (size_t i = 0; i < ARRAY_SIZE(nodes); i++) {
		snprintf(path, sizeof(path), "%s/%s", mnt, nodes[i].name);
		EXPECT(lstat(path, &nodes[i].st) == 0, "stat %s: %s", path, rstr(-1));
	}
	return ok;
}

int main(int argc, char **argv)
{
	const char *image = argc > 1 ? argv[1] : NULL;
	static unsigned char buf[(MAXREC + 1) * sizeof(struct xfs_bstat)];
	struct xfs_fsop_bulkreq req;
	uint64_t last;
	int32_t ocount;
	int ok, st, dfd, total, calls;
	long r;

	ksft_print_header();
	ksft_set_plan(NTESTS);
	ksft_print_msg("%s: FSBULKSTAT %#lx FSBULKSTAT_SINGLE %#lx FSINUMBERS %#lx, xfs_bstat %zu bytes, xfs_inogrp %zu\n",
		       ABI, (unsigned long)XFS_IOC_FSBULKSTAT,
		       (unsigned long)XFS_IOC_FSBULKSTAT_SINGLE,
		       (unsigned long)XFS_IOC_FSINUMBERS, sizeof(struct xfs_bstat),
		       sizeof(struct xfs_inogrp));

	/* 1: the image mounted */
	st = setup_loop(image);
	snprintf(mnt, sizeof(mnt), "/tmp/x32_xfs.%d", (int)getpid());
	if (st > 0) {
		if (mkdir(mnt, 0755) && errno != EEXIST) {
			ksft_print_msg("mkdir %s: %s\n", mnt, rstr(-1));
			st = 0;
		} else if (mount(loopdev, mnt, "xfs", 0, NULL)) {
			ksft_print_msg("mount -t xfs %s %s: %s\n", loopdev, mnt, rstr(-1));
			st = errno == ENODEV ? -1 : 0;
		}
	}
	if (loopfd >= 0)
		close(loopfd);	/* the loop device goes away with the mount */
	if (st < 0) {
		for (int i = 0; i < NTESTS; i++)
			ksft_test_result_skip("no XFS image (mkfs.xfs), loop device or XFS in this kernel\n");
		ksft_finished();
	}
	ok = st > 0;
	ksft_test_result(ok, "XFS image %s mounted on %s (%s)\n", image ? image : "from mkfs.xfs",
			 mnt, loopdev);
	if (!ok) {
		for (int i = 1; i < NTESTS; i++)
			ksft_test_result(0, "(no mount)\n");
		ksft_finished();
	}

	/* 2: the files */
	ok = make_nodes();
	ksft_test_result(ok,
			 "created /file, /dir, /dir/small with known owners, modes, times past 2038\n");

	dfd = open(mnt, O_RDONLY | O_DIRECTORY);
	if (dfd < 0)
		ksft_print_msg("open %s: %s\n", mnt, rstr(-1));

	/* 3-4: FSBULKSTAT over the whole filesystem, a few records per call */
	ok = 1;
	total = 0;
	calls = 0;
	last = 0;
	for (;;) {
		int written;

		memset(buf, POISON, sizeof(buf));
		ocount = -1;
		req = (struct xfs_fsop_bulkreq){ &last, 3, buf, &ocount };
		r = ioctl(dfd, XFS_IOC_FSBULKSTAT, &req);
		calls++;
		if (r) {
			EXPECT(0, "FSBULKSTAT call %d: %s", calls, rstr(r));
			break;
		}
		if (ocount <= 0 || calls > 64) {
			EXPECT(ocount == 0, "FSBULKSTAT call %d: ocount %d", calls, ocount);
			break;
		}
		written = nbytes_written(buf, sizeof(buf));
		EXPECT(written == ocount * (int)sizeof(struct xfs_bstat),
		       "FSBULKSTAT call %d: %d records, kernel wrote %d bytes, expected %d x %zu",
		       calls, ocount, written, ocount, sizeof(struct xfs_bstat));
		for (int i = 0; i < ocount; i++) {
			const struct xfs_bstat *b = (const void *)(buf + i * sizeof(*b));
			struct node *n = node_by_ino(b->bs_ino);

			total++;
			if (!n) {
				EXPECT(0, "FSBULKSTAT record %d: bs_ino %llu is none of ours",
				       total, (unsigned long long)b->bs_ino);
				continue;
			}
			n->seen++;
			check_bstat("FSBULKSTAT", b, n, &ok);
		}
	}
	ksft_test_result(ok, "FSBULKSTAT from %s: native struct xfs_bstat records match stat()\n",
			 ABI);

	ok = 1;
	for (size_t i = 0; i < ARRAY_SIZE(nodes); i++)
		EXPECT(nodes[i].seen == 1, "/%s (ino %llu) reported %d times", nodes[i].name,
		       (unsigned long long)nodes[i].st.st_ino, nodes[i].seen);
	EXPECT(total == (int)ARRAY_SIZE(nodes), "%d records, expected %zu",
	       total, ARRAY_SIZE(nodes));
	ksft_test_result(ok,
			 "FSBULKSTAT walk: each of the %zu inodes exactly once, %d records in all\n",
			 ARRAY_SIZE(nodes), total);

	/* 5: FSBULKSTAT_SINGLE on each inode */
	ok = 1;
	for (size_t i = 0; i < ARRAY_SIZE(nodes); i++) {
		int written;

		memset(buf, POISON, sizeof(buf));
		last = nodes[i].st.st_ino;
		ocount = -1;
		req = (struct xfs_fsop_bulkreq){ &last, 1, buf, &ocount };
		r = ioctl(dfd, XFS_IOC_FSBULKSTAT_SINGLE, &req);
		if (r) {
			EXPECT(0, "FSBULKSTAT_SINGLE /%s: %s", nodes[i].name, rstr(r));
			continue;
		}
		written = nbytes_written(buf, sizeof(buf));
		EXPECT(ocount == 1, "FSBULKSTAT_SINGLE /%s: ocount %d, expected 1",
		       nodes[i].name, ocount);
		EXPECT(written == (int)sizeof(struct xfs_bstat),
		       "FSBULKSTAT_SINGLE /%s: kernel wrote %d bytes, expected %zu", nodes[i].name,
		       written, sizeof(struct xfs_bstat));
		check_bstat("FSBULKSTAT_SINGLE", (const void *)buf, &nodes[i], &ok);
	}
	ksft_test_result(ok,
			 "FSBULKSTAT_SINGLE from %s: one native struct xfs_bstat per inode, matching stat()\n", ABI);

	/* 6-7: FSINUMBERS */
	ok = 1;
	memset(buf, POISON, sizeof(buf));
	last = 0;
	ocount = -1;
	req = (struct xfs_fsop_bulkreq){ &last, MAXREC, buf, &ocount };
	r = ioctl(dfd, XFS_IOC_FSINUMBERS, &req);
	EXPECT(r == 0, "FSINUMBERS: %s", rstr(r));
	if (r == 0) {
		int written = nbytes_written(buf, sizeof(buf));

		EXPECT(ocount >= 1 && ocount <= MAXREC, "FSINUMBERS: ocount %d", ocount);
		EXPECT(written == ocount * (int)sizeof(struct xfs_inogrp),
		       "FSINUMBERS: %d records, kernel wrote %d bytes, expected %d x %zu",
		       ocount, written, ocount, sizeof(struct xfs_inogrp));
		for (int i = 0; i < ocount && i < MAXREC; i++) {
			const struct xfs_inogrp *g = (const void *)(buf + i * sizeof(*g));

			EXPECT(g->xi_alloccount == __builtin_popcountll(g->xi_allocmask),
			       "FSINUMBERS record %d: xi_startino %llu xi_alloccount %d, but xi_allocmask %#llx has %d bits",
			       i, (unsigned long long)g->xi_startino, g->xi_alloccount,
			       (unsigned long long)g->xi_allocmask,
			       __builtin_popcountll(g->xi_allocmask));
		}
	}
	ksft_test_result(ok,
			 "FSINUMBERS from %s: native struct xfs_inogrp records, alloccount = bits in allocmask\n", ABI);

	ok = r == 0;
	for (size_t i = 0; r == 0 && i < ARRAY_SIZE(nodes); i++) {
		uint64_t ino = nodes[i].st.st_ino;
		int found = 0;

		for (int j = 0; j < ocount && j < MAXREC; j++) {
			const struct xfs_inogrp *g = (const void *)(buf + j * sizeof(*g));

			if (ino >= g->xi_startino && ino < g->xi_startino + 64 &&
			    (g->xi_allocmask >> (ino - g->xi_startino) & 1))
				found++;
		}
		EXPECT(found == 1, "/%s (ino %llu) is allocated in %d of the %d groups",
		       nodes[i].name, (unsigned long long)ino, found, ocount);
	}
	ksft_test_result(ok,
			 "FSINUMBERS: every inode created is in exactly one group's allocmask\n");

	if (dfd >= 0)
		close(dfd);
	if (umount2(mnt, 0))
		ksft_print_msg("umount %s: %s\n", mnt, rstr(-1));
	else
		rmdir(mnt);
	ksft_finished();
}
