// SPDX-License-Identifier: GPL-2.0
/*
 * layouts - sizes and offsets of the structures that the compat sites of
 * the kernel pass, as userspace lays them out.  Built three times, -m64,
 * -mx32 and -m32, against the system's headers; scripts/abi-audit layouts
 * runs the three and prints one table.  Where x32 differs from i386, a
 * compat handler that reads the i386 layout needs an x32 case (or x32 must
 * reach the native handler); where x32 equals i386, the compat path serves
 * it as it is.
 *
 * Each line is "NAME VALUE"; NAME is the same in the three builds, VALUE
 * is "-" where the structure does not exist for that ABI.  Lines starting
 * "note " are remarks.
 *
 * Most structures come from the uapi headers (linux-libc-dev), some from
 * glibc, where glibc's is what a program passes (timeval, rusage,
 * siginfo_t, struct user, msghdr, statfs...).  A few uapi and glibc names
 * clash (sigaction, stat, statfs): the uapi ones are included first under
 * other names.
 */

/* glibc's off_t, stat and statfs are the 64-bit (LFS) ones, as i386
 * distributions build and as <xfs/xfs.h> requires. */
#define _FILE_OFFSET_BITS 64

/*
 * uapi structures whose names glibc uses too, renamed on the way in; the
 * uapi <linux/time.h> they pull in would clash with glibc's timeval.
 */
#define _LINUX_TIME_H
#define sigset_t uapi_sigset_t
#define sigaction uapi_sigaction
#define sigaltstack uapi_sigaltstack
#define stack_t uapi_stack_t
#include <asm/signal.h>
#undef sigset_t
#undef sigaction
#undef sigaltstack
#undef stack_t
#undef sa_handler
#undef sa_sigaction

#define stat uapi_stat
#define stat64 uapi_stat64
#define __old_kernel_stat uapi_old_kernel_stat
#include <asm/stat.h>
#undef stat
#undef stat64
#undef __old_kernel_stat

#define statfs uapi_statfs
#define statfs64 uapi_statfs64
#define compat_statfs64 uapi_compat_statfs64
#include <asm/statfs.h>
#undef statfs
#undef statfs64
#undef compat_statfs64
#undef _LINUX_TIME_H

/* glibc */
#include <stddef.h>
#include <stdio.h>
#include <signal.h>
#include <time.h>
#include <sys/time.h>
#include <sys/resource.h>
#include <sys/user.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/epoll.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <net/if.h>

/* uapi */
#include <linux/time_types.h>
#include <linux/input.h>
#include <linux/fuse.h>
#include <linux/videodev2.h>
#include <asm/ipcbuf.h>
#include <asm/msgbuf.h>
#include <asm/shmbuf.h>
#include <asm/sembuf.h>
#include <sound/asound.h>
#include <linux/version.h>

#if defined(__has_include)
# if __has_include(<xfs/xfs.h>)
#  include <xfs/xfs.h>
#  define HAVE_XFS 1
# endif
#endif

/*
 * Each value is printed when the program runs, and also written into the
 * assembly as a string (the kernel's asm-offsets trick), so that
 * 'gcc -S' gives the table without running the program: the build host
 * need not run x32 binaries.  The strings go to a section of their own.
 */
#define EMIT(NAME, VAL) do {						\
	asm volatile("\n.pushsection .discard.layouts\n"		\
		     ".ascii \"->" NAME " %c0\\n\"\n.popsection"		\
		     : : "i" ((long)(VAL)));				\
	printf("%s %ld\n", NAME, (long)(VAL));				\
} while (0)
#define NONE(NAME) do {							\
	asm volatile("\n.pushsection .discard.layouts\n"		\
		     ".ascii \"->" NAME " -\\n\"\n.popsection");		\
	printf("%s -\n", NAME);					\
} while (0)
#define NOTE(TEXT) do {							\
	asm volatile("\n.pushsection .discard.layouts\n"		\
		     ".ascii \"=>" TEXT "\\n\"\n.popsection");		\
	printf("note %s\n", TEXT);					\
} while (0)

#define SZ(T)		EMIT("sizeof(" #T ")", sizeof(T))
#define OFF(T, F)	EMIT("offsetof(" #T ", " #F ")", offsetof(T, F))
#define SZF(T, F)	EMIT("sizeof(" #T "." #F ")", sizeof(((T *)0)->F))
/* A field named differently on i386: shown under the x86-64 name. */
#define OFF_AS(T, NAME, F) \
	EMIT("offsetof(" #T ", " NAME ")", offsetof(T, F))
#define ALIGNOF(T)	EMIT("alignof(" #T ")", _Alignof(T))
/* The same, for a type shown under another name (the renamed uapi ones). */
#define SZ_AS(T, NAME)	EMIT("sizeof(" NAME ")", sizeof(T))
#define OFF_OF(T, NAME, F) \
	EMIT("offsetof(" NAME ", " #F ")", offsetof(T, F))
#define SZF_AS(T, NAME, F) \
	EMIT("sizeof(" NAME "." #F ")", sizeof(((T *)0)->F))

int main(void)
{
	/* Which headers: shown as a note, not a row. */
	EMIT("version LINUX_VERSION_CODE", LINUX_VERSION_CODE);
	EMIT("version __GLIBC__", __GLIBC__ * 1000 + __GLIBC_MINOR__);

	/* Time: SO_RCVTIMEO/SO_SNDTIMEO, SO_TIMESTAMP*, SIOCGSTAMP* */
	SZ(struct timeval);
	SZ(struct timespec);
	SZ(struct __kernel_old_timeval);
	SZ(struct __kernel_sock_timeval);
	SZ(struct __kernel_timespec);
	SZ(struct __kernel_old_timespec);
	SZ(time_t);
	SZ(long);
	SZ(void *);
	ALIGNOF(long long);

	/* evdev, uinput: input_event_size(), COMPAT_USE_64BIT_TIME */
	SZ(struct input_event);
	OFF(struct input_event, type);

	/* waitid(), wait4(), getrusage(): put_compat_rusage() */
	SZ(struct rusage);
	OFF(struct rusage, ru_maxrss);

	/* siginfo_t: SIGCHLD times, copy_siginfo_{to,from}_user32() */
	SZ(siginfo_t);
	OFF(siginfo_t, si_pid);
	OFF(siginfo_t, si_status);
	OFF(siginfo_t, si_utime);
	OFF(siginfo_t, si_stime);
	SZF(siginfo_t, si_utime);

	/* ptrace: the user area (compat_arch_ptrace()) */
	SZ(struct user_regs_struct);
	SZ(struct user);
#ifdef __i386__
	OFF_AS(struct user, "regs.cs", regs.xcs);
	OFF_AS(struct user, "regs.orig_rax", regs.orig_eax);
#else
	OFF(struct user, regs.cs);
	OFF(struct user, regs.orig_rax);
#endif
	OFF(struct user, u_debugreg);
	SZ(struct user_fpregs_struct);

	/* signals: rt_sigaction(), sigaltstack() */
	SZ_AS(struct uapi_sigaction, "struct sigaction [uapi]");
	OFF_OF(struct uapi_sigaction, "struct sigaction [uapi]", sa_flags);
	OFF_OF(struct uapi_sigaction, "struct sigaction [uapi]", sa_mask);
	SZF_AS(struct uapi_sigaction, "struct sigaction [uapi]", sa_mask);
	SZ(stack_t);
	OFF(stack_t, ss_size);
#if defined(__x86_64__) && defined(__ILP32__)
	NOTE("x32: the uapi struct sigaction has a 4-byte sigset_t (unsigned "
	     "long); rt_sigaction() takes 8 (compat_sigaction: handler, flags, "
	     "restorer, then the 8-byte mask at 12), which is what glibc "
	     "passes.");
#endif

	/* sockets: sendmsg/recvmsg (x32's own numbers), readv/writev */
	SZ(struct msghdr);
	OFF(struct msghdr, msg_control);
	OFF(struct msghdr, msg_controllen);
	SZ(struct cmsghdr);
	SZ(struct iovec);
	SZ(struct ifreq);
	SZ(struct epoll_event);

	/* SysV IPC: the 64-bit structures, ipc(2) and msgctl/shmctl/semctl */
	SZ(struct ipc64_perm);
	SZ(struct msqid64_ds);
	OFF(struct msqid64_ds, msg_stime);
	OFF(struct msqid64_ds, msg_qnum);
	SZ(struct shmid64_ds);
	OFF(struct shmid64_ds, shm_segsz);
	SZ(struct semid64_ds);

	/* stat, statfs */
	SZ_AS(struct stat, "struct stat [glibc]");
	OFF_OF(struct stat, "struct stat [glibc]", st_size);
	OFF_OF(struct stat, "struct stat [glibc]", st_mtim);
	SZ_AS(struct uapi_stat, "struct stat [uapi]");
	SZ_AS(struct statfs, "struct statfs [glibc]");
	SZF_AS(struct statfs, "struct statfs [glibc]", f_blocks);
	SZ_AS(struct uapi_statfs, "struct statfs [uapi]");
	SZF_AS(struct uapi_statfs, "struct statfs [uapi]", f_blocks);
#if defined(__x86_64__) && defined(__ILP32__)
	NOTE("x32: the uapi struct statfs has 32-bit words (__BITS_PER_LONG "
	     "is 32), but x32's statfs() is the native one with 64-bit words: "
	     "glibc's struct statfs is the layout x32 gets.");
#endif

	/* ALSA: control_compat.c, pcm_compat.c */
	SZ(struct snd_ctl_elem_value);
	OFF(struct snd_ctl_elem_value, value);
	SZ(struct snd_ctl_elem_info);
	SZ(struct snd_ctl_elem_list);
	SZ(struct snd_pcm_channel_info);
	OFF(struct snd_pcm_channel_info, offset);
	OFF(struct snd_pcm_channel_info, first);
	SZ(struct snd_pcm_mmap_status);
	OFF(struct snd_pcm_mmap_status, hw_ptr);
	OFF(struct snd_pcm_mmap_status, tstamp);
	OFF(struct snd_pcm_mmap_status, suspended_state);
	OFF(struct snd_pcm_mmap_status, audio_tstamp);
	SZ(struct snd_pcm_mmap_control);
	SZ(struct snd_pcm_sync_ptr);
	OFF(struct snd_pcm_sync_ptr, s);
	OFF(struct snd_pcm_sync_ptr, c);

	/* FUSE: fuse_do_ioctl() */
	SZ(struct fuse_ioctl_in);
	SZ(struct fuse_ioctl_out);

	/* V4L2: v4l2-compat-ioctl32.c (struct v4l2_buffer32) */
	SZ(struct v4l2_buffer);
	OFF(struct v4l2_buffer, timestamp);
	OFF(struct v4l2_buffer, timecode);
	OFF(struct v4l2_buffer, m);

	/* XFS: xfs_compat_ioc_fsbulkstat() */
#ifdef HAVE_XFS
	SZ(struct xfs_bstat);
	OFF(struct xfs_bstat, bs_size);
	OFF(struct xfs_bstat, bs_atime);
	SZ(struct xfs_inogrp);
	SZ(struct xfs_fsop_bulkreq);
	OFF(struct xfs_fsop_bulkreq, ubuffer);
#else
	NONE("sizeof(struct xfs_bstat)");
	NONE("sizeof(struct xfs_inogrp)");
	NONE("sizeof(struct xfs_fsop_bulkreq)");
	NOTE("<xfs/xfs.h> is not installed (apt-get install xfslibs-dev): "
	     "no xfs_bstat, xfs_inogrp, xfs_fsop_bulkreq");
#endif
	return 0;
}
