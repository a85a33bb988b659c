// SPDX-License-Identifier: GPL-2.0
/*
 * x32_alsa - ALSA's control and PCM ioctls, raw (no alsa-lib), on snd-dummy
 * (card 0: /dev/snd/controlC0, /dev/snd/pcmC0D0p).
 *
 * Built -mx32 -static (x32_alsa) it checks the x32 layouts the kernel has
 * to handle itself, because they are neither the i386 ones nor the x86-64
 * ones: struct snd_ctl_elem_value (the value union is 8-byte aligned, so
 * ELEM_READ/ELEM_WRITE have their own command numbers), struct
 * snd_pcm_channel_info (the x86-64 layout, reaching the compat handler),
 * and struct snd_pcm_sync_ptr (64-bit time, 64-bit alignment, 32-bit frame
 * counters; the same command number as on x86-64: on x86-64 the handler
 * for i386 programs with 64-bit time happens to produce this layout too, so
 * the SYNC_PTR checks guard the x32 path rather than tell kernels apart).
 * Built -m64 -static (x32_alsa64) the same source checks the native
 * handlers and gives the same answers: every check prints "# summary:"
 * lines, and the summary lines of the two builds are identical on a correct
 * kernel.  (Boundaries and ioctl numbers differ by design and are not in
 * the summaries.)
 *
 * The card is snd-dummy: "Master Volume" is a stereo integer control,
 * -50..100; the PCM plays S16_LE, 2 channels, 48 kHz, with a timer driving
 * its position.  The test adds (and removes) one user INTEGER64 control.
 *
 * Where the kernel has no x32 at all, the x32 build does not run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <sound/asound.h>

#include "diag.h"
#include "../kselftest.h"

#define CTL_DEV		"/dev/snd/controlC0"
#define PCM_DEV		"/dev/snd/pcmC0D0p"
#define VOL_NAME	"Master Volume"
#define I64_NAME	"x32_alsa INTEGER64"
#define RATE		48000
#define CHANNELS	2
#define PERIOD		1024
#define BUFFER		4096
#define NSEC		1000000000LL

#ifdef __ILP32__
#define ABI_NAME	"x32"
#else
#define ABI_NAME	"x86-64"
#endif

#define SUMMARY(fmt, ...)	ksft_print_msg("summary: " fmt "\n", ##__VA_ARGS__)

static int ctl_fd = -1, pcm_fd = -1;
static struct snd_ctl_elem_id vol_id;		/* as ELEM_LIST gave it */
static int vol_found;
static long vol_saved[2];
static int vol_saved_ok;
static int pcm_hw, pcm_ready, pcm_running;
static long long t_before_start, t_after_start;	/* CLOCK_MONOTONIC, ns */
static unsigned long sync_hw_ptr, sync_appl_ptr;
static long long sync_tstamp;

static int xioctl(int fd, unsigned long req, void *arg)
{
	return ioctl(fd, req, arg) < 0 ? -errno : 0;
}

static const char *eret(int ret)
{
	char *s = diag_buf();

	if (ret < 0)
		snprintf(s, 48, "-1 (%s)", ename(-ret));
	else
		snprintf(s, 48, "%d", ret);
	return s;
}

static long long mono_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * NSEC + t.tv_nsec;
}

static long long ts_ns(long long sec, long long nsec)
{
	return sec * NSEC + nsec;
}

/* A kernel timestamp: a normalized CLOCK_MONOTONIC time in [lo - 5 ms, hi]. */
static int ts_sane(const char *what, long long sec, long long nsec,
		   long long lo, long long hi)
{
	long long t = ts_ns(sec, nsec);

	if (nsec < 0 || nsec >= NSEC || t < lo - 5000000 || t > hi) {
		ksft_print_msg("%s: got %lld.%09lld, expected a CLOCK_MONOTONIC time in [%lld.%09lld, %lld.%09lld]\n",
			       what, sec, nsec, lo / NSEC, lo % NSEC, hi / NSEC, hi % NSEC);
		return 0;
	}
	return 1;
}

static void set_id_name(struct snd_ctl_elem_id *id, const char *name)
{
	memset(id, 0, sizeof(*id));
	id->iface = SNDRV_CTL_ELEM_IFACE_MIXER;
	snprintf((char *)id->name, sizeof(id->name), "%s", name);
}

/* ---- control ---- */

static void test_card_info(void)
{
	struct snd_ctl_card_info info;
	int ok = 1, ret = -ENOENT;

	ctl_fd = open(CTL_DEV, O_RDWR | O_CLOEXEC);
	if (ctl_fd < 0) {
		ksft_print_msg("open(%s): %s\n", CTL_DEV, strerror(errno));
		ok = 0;
	} else {
		memset(&info, 0, sizeof(info));
		ret = xioctl(ctl_fd, SNDRV_CTL_IOCTL_CARD_INFO, &info);
		EXPECT(ret == 0, "CARD_INFO: got %s, expected 0", eret(ret));
		EXPECT(ret || !strcmp((char *)info.driver, "Dummy"),
		       "CARD_INFO: driver \"%s\", expected \"Dummy\"", info.driver);
		if (!ret)
			SUMMARY("card_info: card=%d id=%s driver=%s", info.card,
				info.id, info.driver);
	}
	ksft_test_result(ok, "control: open %s, CARD_INFO says snd-dummy\n", CTL_DEV);
}

static void test_elem_list(void)
{
	static struct snd_ctl_elem_id ids[256];
	struct snd_ctl_elem_list list;
	int ok = 1, ret;
	unsigned int i, count = 0;

	memset(&list, 0, sizeof(list));
	ret = xioctl(ctl_fd, SNDRV_CTL_IOCTL_ELEM_LIST, &list);
	EXPECT(ret == 0, "ELEM_LIST (space 0): got %s, expected 0", eret(ret));
	count = list.count;
	EXPECT(!ret && count > 0 && count <= 256,
	       "ELEM_LIST: count %u, expected 1..256", count);
	if (ok) {
		memset(&list, 0, sizeof(list));
		list.space = count;
		list.pids = ids;
		ret = xioctl(ctl_fd, SNDRV_CTL_IOCTL_ELEM_LIST, &list);
		EXPECT(ret == 0, "ELEM_LIST (space %u): got %s, expected 0",
		       count, eret(ret));
		EXPECT(list.used == count, "ELEM_LIST: used %u, expected %u",
		       list.used, count);
	}
	for (i = 0; ok && i < list.used; i++) {
		if (!strcmp((char *)ids[i].name, VOL_NAME) &&
		    ids[i].iface == SNDRV_CTL_ELEM_IFACE_MIXER) {
			vol_id = ids[i];
			vol_found = 1;
		}
	}
	EXPECT(!ok || vol_found, "ELEM_LIST: no \"%s\" among %u elements",
	       VOL_NAME, list.used);
	if (ok)
		SUMMARY("elem_list: count=%u %s numid=%u iface=%d", count,
			VOL_NAME, vol_id.numid, vol_id.iface);
	ksft_test_result(ok, "control: ELEM_LIST lists the elements, \"%s\" among them\n",
			 VOL_NAME);
}

static void test_elem_info(void)
{
	struct snd_ctl_elem_info info;
	int ok = 1, ret;

	memset(&info, 0, sizeof(info));
	info.id = vol_id;
	ret = xioctl(ctl_fd, SNDRV_CTL_IOCTL_ELEM_INFO, &info);
	EXPECT(ret == 0, "ELEM_INFO: got %s, expected 0", eret(ret));
	EXPECT(ret || (info.type == SNDRV_CTL_ELEM_TYPE_INTEGER && info.count == 2 &&
		       info.value.integer.min == -50 && info.value.integer.max == 100),
	       "ELEM_INFO: type %d count %u min %ld max %ld, expected INTEGER (%d), 2, -50, 100",
	       info.type, info.count, (long)info.value.integer.min,
	       (long)info.value.integer.max, SNDRV_CTL_ELEM_TYPE_INTEGER);
	EXPECT(ret || !strcmp((char *)info.id.name, VOL_NAME),
	       "ELEM_INFO: id name \"%s\", expected \"%s\"", info.id.name, VOL_NAME);
	if (!ret)
		SUMMARY("elem_info: type=%d count=%u min=%ld max=%ld step=%ld access=%#x",
			info.type, info.count, (long)info.value.integer.min,
			(long)info.value.integer.max, (long)info.value.integer.step,
			info.access);
	ksft_test_result(ok, "control: ELEM_INFO: \"%s\" is INTEGER, 2 values, -50..100\n",
			 VOL_NAME);
}

/* ELEM_READ by numid only: the kernel fills in the rest of the id. */
static int vol_read(long v[2])
{
	struct snd_ctl_elem_value val;
	int ret;

	memset(&val, 0, sizeof(val));
	val.id.numid = vol_id.numid;
	ret = xioctl(ctl_fd, SNDRV_CTL_IOCTL_ELEM_READ, &val);
	if (ret)
		return ret;
	if (strcmp((char *)val.id.name, VOL_NAME) || val.id.numid != vol_id.numid) {
		ksft_print_msg("ELEM_READ: id came back as numid %u \"%s\", expected %u \"%s\"\n",
			       val.id.numid, val.id.name, vol_id.numid, VOL_NAME);
		return -EPROTO;
	}
	v[0] = val.value.integer.value[0];
	v[1] = val.value.integer.value[1];
	return 0;
}

static int vol_write(const long v[2])
{
	struct snd_ctl_elem_value val;

	memset(&val, 0, sizeof(val));
	val.id = vol_id;
	val.value.integer.value[0] = v[0];
	val.value.integer.value[1] = v[1];
	return xioctl(ctl_fd, SNDRV_CTL_IOCTL_ELEM_WRITE, &val);
}

static void test_elem_read(void)
{
	int ok = 1, ret;

	ret = vol_read(vol_saved);
	EXPECT(ret == 0, "ELEM_READ \"%s\": got %s, expected 0", VOL_NAME, eret(ret));
	EXPECT(ret || (vol_saved[0] >= -50 && vol_saved[0] <= 100 &&
		       vol_saved[1] >= -50 && vol_saved[1] <= 100),
	       "ELEM_READ: values %ld %ld, expected both in -50..100",
	       vol_saved[0], vol_saved[1]);
	vol_saved_ok = !ret;
	if (!ret)
		SUMMARY("elem_read: %s = %ld %ld", VOL_NAME, vol_saved[0], vol_saved[1]);
	ksft_test_result(ok, "control: ELEM_READ \"%s\" (by numid; the id comes back whole)\n",
			 VOL_NAME);
}

static void test_elem_write(void)
{
	const long want[2] = { 37, -12 };
	long got[2] = { 0, 0 };
	int ok = 1, ret, ret2 = -1;

	ret = vol_write(want);
	EXPECT(ret == 0, "ELEM_WRITE %ld %ld: got %s, expected 0", want[0], want[1],
	       eret(ret));
	if (!ret) {
		ret2 = vol_read(got);
		EXPECT(ret2 == 0, "ELEM_READ after ELEM_WRITE: got %s, expected 0",
		       eret(ret2));
		EXPECT(ret2 || (got[0] == want[0] && got[1] == want[1]),
		       "read back %ld %ld, expected %ld %ld", got[0], got[1],
		       want[0], want[1]);
	}
	if (!ret2)
		SUMMARY("elem_write: wrote %ld %ld, read back %ld %ld", want[0], want[1],
			got[0], got[1]);
	if (vol_saved_ok) {
		ret = vol_write(vol_saved);
		if (ret)
			ksft_print_msg("putting \"%s\" back: ELEM_WRITE got %s\n", VOL_NAME,
				       eret(ret));
	}
	ksft_test_result(ok, "control: ELEM_WRITE \"%s\" = %ld %ld, ELEM_READ gives them back\n",
			 VOL_NAME, want[0], want[1]);
}

/* A user INTEGER64 control: its values are where the x32 alignment shows. */
static void test_elem_int64(void)
{
	const long long want[2] = { (1LL << 35) + 5, -(1LL << 33) - 7 };
	struct snd_ctl_elem_info info;
	struct snd_ctl_elem_value val;
	int ok = 1, ret, added;

	memset(&info, 0, sizeof(info));
	set_id_name(&info.id, I64_NAME);
	xioctl(ctl_fd, SNDRV_CTL_IOCTL_ELEM_REMOVE, &info.id);	/* a leftover */
	info.type = SNDRV_CTL_ELEM_TYPE_INTEGER64;
	info.access = SNDRV_CTL_ELEM_ACCESS_READWRITE;
	info.count = 2;
	info.value.integer64.min = -(1LL << 40);
	info.value.integer64.max = 1LL << 40;
	info.value.integer64.step = 0;
	ret = xioctl(ctl_fd, SNDRV_CTL_IOCTL_ELEM_ADD, &info);
	EXPECT(ret == 0, "ELEM_ADD INTEGER64 \"%s\": got %s, expected 0", I64_NAME,
	       eret(ret));
	added = !ret;

	if (ok) {
		memset(&info, 0, sizeof(info));
		set_id_name(&info.id, I64_NAME);
		ret = xioctl(ctl_fd, SNDRV_CTL_IOCTL_ELEM_INFO, &info);
		EXPECT(ret == 0, "ELEM_INFO \"%s\": got %s, expected 0", I64_NAME, eret(ret));
		EXPECT(ret || (info.type == SNDRV_CTL_ELEM_TYPE_INTEGER64 && info.count == 2 &&
			       info.value.integer64.min == -(1LL << 40) &&
			       info.value.integer64.max == 1LL << 40),
		       "ELEM_INFO: type %d count %u min %lld max %lld, expected INTEGER64, 2, %lld, %lld",
		       info.type, info.count, (long long)info.value.integer64.min,
		       (long long)info.value.integer64.max, -(1LL << 40), 1LL << 40);
	}
	if (ok) {
		memset(&val, 0, sizeof(val));
		set_id_name(&val.id, I64_NAME);
		val.value.integer64.value[0] = want[0];
		val.value.integer64.value[1] = want[1];
		ret = xioctl(ctl_fd, SNDRV_CTL_IOCTL_ELEM_WRITE, &val);
		EXPECT(ret == 0, "ELEM_WRITE \"%s\": got %s, expected 0", I64_NAME, eret(ret));
	}
	if (ok) {
		memset(&val, 0, sizeof(val));
		set_id_name(&val.id, I64_NAME);
		ret = xioctl(ctl_fd, SNDRV_CTL_IOCTL_ELEM_READ, &val);
		EXPECT(ret == 0, "ELEM_READ \"%s\": got %s, expected 0", I64_NAME, eret(ret));
		EXPECT(ret || (val.value.integer64.value[0] == want[0] &&
			       val.value.integer64.value[1] == want[1]),
		       "read back %lld %lld, expected %lld %lld",
		       (long long)val.value.integer64.value[0],
		       (long long)val.value.integer64.value[1], want[0], want[1]);
		if (!ret)
			SUMMARY("elem_int64: wrote %lld %lld, read back %lld %lld",
				want[0], want[1], (long long)val.value.integer64.value[0],
				(long long)val.value.integer64.value[1]);
	}
	if (added) {
		struct snd_ctl_elem_id id;

		set_id_name(&id, I64_NAME);
		ret = xioctl(ctl_fd, SNDRV_CTL_IOCTL_ELEM_REMOVE, &id);
		EXPECT(ret == 0, "ELEM_REMOVE \"%s\": got %s, expected 0", I64_NAME,
		       eret(ret));
	}
	ksft_test_result(ok,
			 "control: a user INTEGER64 control: ELEM_ADD, ELEM_WRITE, ELEM_READ, ELEM_REMOVE\n");
}

/* ---- PCM ---- */

static struct snd_mask *hw_mask(struct snd_pcm_hw_params *p, int param)
{
	return &p->masks[param - SNDRV_PCM_HW_PARAM_FIRST_MASK];
}

static struct snd_interval *hw_ival(struct snd_pcm_hw_params *p, int param)
{
	return &p->intervals[param - SNDRV_PCM_HW_PARAM_FIRST_INTERVAL];
}

/* Everything allowed, as alsa-lib's snd_pcm_hw_params_any() starts. */
static void hw_any(struct snd_pcm_hw_params *p)
{
	int i;

	memset(p, 0, sizeof(*p));
	for (i = SNDRV_PCM_HW_PARAM_FIRST_MASK; i <= SNDRV_PCM_HW_PARAM_LAST_MASK; i++)
		memset(hw_mask(p, i), 0xff, sizeof(struct snd_mask));
	for (i = SNDRV_PCM_HW_PARAM_FIRST_INTERVAL; i <= SNDRV_PCM_HW_PARAM_LAST_INTERVAL; i++) {
		hw_ival(p, i)->min = 0;
		hw_ival(p, i)->max = UINT_MAX;
	}
	p->rmask = ~0U;
}

static void hw_mask_only(struct snd_pcm_hw_params *p, int param, unsigned int bit)
{
	struct snd_mask *m = hw_mask(p, param);

	memset(m, 0, sizeof(*m));
	m->bits[bit / 32] = 1U << (bit % 32);
}

static void hw_ival_only(struct snd_pcm_hw_params *p, int param, unsigned int v)
{
	struct snd_interval *i = hw_ival(p, param);

	i->min = i->max = v;
	i->integer = 1;
}

/* The single value a chosen interval holds, or -1. */
static long hw_ival_val(struct snd_pcm_hw_params *p, int param)
{
	struct snd_interval *i = hw_ival(p, param);

	return i->min == i->max && !i->openmin && !i->openmax && !i->empty ? (long)i->min : -1;
}

static void test_pcm_open(void)
{
	struct snd_pcm_info info;
	int ok = 1, ret = -ENOENT, ver = 0;

	pcm_fd = open(PCM_DEV, O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (pcm_fd < 0) {
		ksft_print_msg("open(%s): %s\n", PCM_DEV, strerror(errno));
		ok = 0;
	} else {
		ret = xioctl(pcm_fd, SNDRV_PCM_IOCTL_PVERSION, &ver);
		EXPECT(ret == 0, "PVERSION: got %s, expected 0", eret(ret));
		memset(&info, 0, sizeof(info));
		ret = xioctl(pcm_fd, SNDRV_PCM_IOCTL_INFO, &info);
		EXPECT(ret == 0, "INFO: got %s, expected 0", eret(ret));
		EXPECT(ret || (info.device == 0 && info.stream == SNDRV_PCM_STREAM_PLAYBACK),
		       "INFO: device %u stream %d, expected 0, playback", info.device,
		       info.stream);
		if (!ret)
			SUMMARY("pcm_info: device=%u stream=%d id=%s name=%s", info.device,
				info.stream, info.id, info.name);
		/* as alsa-lib does: the protocol this program speaks */
		ver = SNDRV_PCM_VERSION;
		ret = xioctl(pcm_fd, SNDRV_PCM_IOCTL_USER_PVERSION, &ver);
		EXPECT(ret == 0, "USER_PVERSION: got %s, expected 0", eret(ret));
	}
	ksft_test_result(ok, "pcm: open %s, PVERSION, INFO, USER_PVERSION\n", PCM_DEV);
}

static void test_hw_params(void)
{
	struct snd_pcm_hw_params p;
	int ok = 1, ret;

	hw_any(&p);
	hw_mask_only(&p, SNDRV_PCM_HW_PARAM_ACCESS, SNDRV_PCM_ACCESS_RW_INTERLEAVED);
	hw_mask_only(&p, SNDRV_PCM_HW_PARAM_FORMAT, SNDRV_PCM_FORMAT_S16_LE);
	hw_mask_only(&p, SNDRV_PCM_HW_PARAM_SUBFORMAT, SNDRV_PCM_SUBFORMAT_STD);
	hw_ival_only(&p, SNDRV_PCM_HW_PARAM_CHANNELS, CHANNELS);
	hw_ival_only(&p, SNDRV_PCM_HW_PARAM_RATE, RATE);
	hw_ival_only(&p, SNDRV_PCM_HW_PARAM_PERIOD_SIZE, PERIOD);
	hw_ival_only(&p, SNDRV_PCM_HW_PARAM_BUFFER_SIZE, BUFFER);
	ret = xioctl(pcm_fd, SNDRV_PCM_IOCTL_HW_PARAMS, &p);
	EXPECT(ret == 0, "HW_PARAMS: got %s, expected 0", eret(ret));
	if (!ret) {
		long ch = hw_ival_val(&p, SNDRV_PCM_HW_PARAM_CHANNELS);
		long rate = hw_ival_val(&p, SNDRV_PCM_HW_PARAM_RATE);
		long period = hw_ival_val(&p, SNDRV_PCM_HW_PARAM_PERIOD_SIZE);
		long buffer = hw_ival_val(&p, SNDRV_PCM_HW_PARAM_BUFFER_SIZE);
		long periods = hw_ival_val(&p, SNDRV_PCM_HW_PARAM_PERIODS);
		long fbits = hw_ival_val(&p, SNDRV_PCM_HW_PARAM_FRAME_BITS);

		EXPECT(ch == CHANNELS && rate == RATE && period == PERIOD &&
		       buffer == BUFFER && periods == BUFFER / PERIOD && fbits == 32,
		       "HW_PARAMS chose channels %ld rate %ld period %ld buffer %ld periods %ld frame_bits %ld, expected %d %d %d %d %d 32",
		       ch, rate, period, buffer, periods, fbits, CHANNELS, RATE,
		       PERIOD, BUFFER, BUFFER / PERIOD);
		EXPECT(p.msbits == 16 && p.rate_num == RATE && p.rate_den == 1,
		       "HW_PARAMS: msbits %u rate %u/%u, expected 16, %d/1",
		       p.msbits, p.rate_num, p.rate_den, RATE);
		EXPECT(p.info & SNDRV_PCM_INFO_MMAP,
		       "HW_PARAMS: info %#x lacks SNDRV_PCM_INFO_MMAP", p.info);
		SUMMARY("hw_params: access=%#x format=%#x channels=%ld rate=%ld period=%ld buffer=%ld periods=%ld frame_bits=%ld msbits=%u rate=%u/%u info=%#x fifo=%lu",
			hw_mask(&p, SNDRV_PCM_HW_PARAM_ACCESS)->bits[0],
			hw_mask(&p, SNDRV_PCM_HW_PARAM_FORMAT)->bits[0], ch, rate,
			period, buffer, periods, fbits, p.msbits, p.rate_num,
			p.rate_den, p.info, (unsigned long)p.fifo_size);
	}
	pcm_hw = pcm_ready = ok;
	ksft_test_result(ok,
			 "pcm: HW_PARAMS RW_INTERLEAVED S16_LE %d ch %d Hz, period %d, buffer %d\n",
			 CHANNELS, RATE, PERIOD, BUFFER);
}

static int sw_params(snd_pcm_uframes_t stop, snd_pcm_uframes_t *boundary)
{
	struct snd_pcm_sw_params sw;
	int ret;

	memset(&sw, 0, sizeof(sw));
	sw.tstamp_mode = SNDRV_PCM_TSTAMP_ENABLE;
	sw.period_step = 1;
	sw.avail_min = PERIOD;
	sw.xfer_align = 1;
	sw.start_threshold = LONG_MAX;		/* START by hand */
	sw.stop_threshold = stop;
	sw.proto = SNDRV_PCM_VERSION;
	sw.tstamp_type = SNDRV_PCM_TSTAMP_TYPE_MONOTONIC;
	ret = xioctl(pcm_fd, SNDRV_PCM_IOCTL_SW_PARAMS, &sw);
	if (!ret)
		*boundary = sw.boundary;
	return ret;
}

/* struct snd_pcm_sync_ptr, one round: returns 0 or -errno. */
static int sync_ptr(unsigned int flags, unsigned long appl, unsigned long avail_min,
		    struct snd_pcm_sync_ptr *sp)
{
	memset(sp, 0, sizeof(*sp));
	sp->flags = flags;
	sp->c.control.appl_ptr = appl;
	sp->c.control.avail_min = avail_min;
	return xioctl(pcm_fd, SNDRV_PCM_IOCTL_SYNC_PTR, sp);
}

#define SYNC_READ	(SNDRV_PCM_SYNC_PTR_HWSYNC | SNDRV_PCM_SYNC_PTR_APPL | \
			 SNDRV_PCM_SYNC_PTR_AVAIL_MIN)

static void test_sw_params(void)
{
	snd_pcm_uframes_t boundary = 0, boundary2 = 0;
	int ok = 1, ret;

	ret = sw_params(BUFFER, &boundary);
	EXPECT(ret == 0, "SW_PARAMS: got %s, expected 0", eret(ret));
	EXPECT(ret || (boundary >= BUFFER && boundary % BUFFER == 0),
	       "SW_PARAMS: boundary %lu, expected a multiple of %d", (unsigned long)boundary,
	       BUFFER);
	if (ok) {
		/* stop_threshold = boundary: never stop on an underrun */
		ret = sw_params(boundary, &boundary2);
		EXPECT(ret == 0, "SW_PARAMS (stop_threshold %lu): got %s, expected 0",
		       (unsigned long)boundary, eret(ret));
		EXPECT(ret || boundary2 == boundary, "SW_PARAMS: boundary %lu, then %lu",
		       (unsigned long)boundary, (unsigned long)boundary2);
	}
	ksft_print_msg("boundary %lu (%s: differs between the ABIs by design)\n",
		       (unsigned long)boundary, ABI_NAME);
	if (ok)
		SUMMARY("sw_params: ok, boundary is a multiple of the buffer");
	pcm_ready &= ok;
	ksft_test_result(ok,
			 "pcm: SW_PARAMS (tstamp ENABLE, MONOTONIC, stop_threshold = boundary)\n");
}

static void test_prepare(void)
{
	struct snd_pcm_sync_ptr sp;
	int ok = 1, ret;

	ret = xioctl(pcm_fd, SNDRV_PCM_IOCTL_PREPARE, NULL);
	EXPECT(ret == 0, "PREPARE: got %s, expected 0", eret(ret));
	if (!ret) {
		ret = sync_ptr(SYNC_READ, 0, 0, &sp);
		EXPECT(ret == 0, "SYNC_PTR: got %s, expected 0", eret(ret));
		EXPECT(ret || (sp.s.status.state == SNDRV_PCM_STATE_PREPARED &&
			       sp.s.status.hw_ptr == 0 && sp.c.control.appl_ptr == 0 &&
			       sp.c.control.avail_min == PERIOD),
		       "SYNC_PTR: state %d hw_ptr %lu appl_ptr %lu avail_min %lu, expected PREPARED (%d), 0, 0, %d",
		       sp.s.status.state, (unsigned long)sp.s.status.hw_ptr,
		       (unsigned long)sp.c.control.appl_ptr,
		       (unsigned long)sp.c.control.avail_min,
		       SNDRV_PCM_STATE_PREPARED, PERIOD);
		if (!ret)
			SUMMARY("prepare: state=%d hw_ptr=%lu appl_ptr=%lu avail_min=%lu",
				sp.s.status.state, (unsigned long)sp.s.status.hw_ptr,
				(unsigned long)sp.c.control.appl_ptr,
				(unsigned long)sp.c.control.avail_min);
	}
	pcm_ready &= ok;
	ksft_test_result(ok,
			 "pcm: PREPARE; SYNC_PTR says PREPARED, hw_ptr 0, appl_ptr 0, avail_min %d\n",
			 PERIOD);
}

static void test_write_start(void)
{
	static int16_t frames[2 * PERIOD * CHANNELS];
	struct snd_xferi x;
	int ok = 1, ret;

	memset(&x, 0, sizeof(x));
	x.buf = frames;
	x.frames = 2 * PERIOD;
	ret = xioctl(pcm_fd, SNDRV_PCM_IOCTL_WRITEI_FRAMES, &x);
	EXPECT(ret == 0, "WRITEI_FRAMES %d frames: got %s, expected 0", 2 * PERIOD,
	       eret(ret));
	EXPECT(ret || x.result == 2 * PERIOD, "WRITEI_FRAMES: result %ld, expected %d",
	       (long)x.result, 2 * PERIOD);
	if (ok) {
		t_before_start = mono_ns();
		ret = xioctl(pcm_fd, SNDRV_PCM_IOCTL_START, NULL);
		t_after_start = mono_ns();
		EXPECT(ret == 0, "START: got %s, expected 0", eret(ret));
	}
	if (ok)
		SUMMARY("writei_start: wrote %ld frames, started", (long)x.result);
	pcm_running = ok;
	ksft_test_result(ok, "pcm: WRITEI_FRAMES %d frames, START\n", 2 * PERIOD);
}

static void test_sync_ptr_running(void)
{
	/*
	 * The kernel stamps the status when the position moves: give it
	 * time to move off 0 first, or tstamp is still the zero of PREPARE.
	 */
	const struct timespec nap = { 0, 20000000 };
	struct snd_pcm_sync_ptr sp;
	long long lo, hi;
	int ok = 1, ret;

	nanosleep(&nap, NULL);
	lo = mono_ns();
	ret = sync_ptr(SYNC_READ, 0, 0, &sp);
	hi = mono_ns();
	EXPECT(ret == 0, "SYNC_PTR: got %s, expected 0", eret(ret));
	if (!ret) {
		EXPECT(sp.s.status.state == SNDRV_PCM_STATE_RUNNING,
		       "SYNC_PTR: state %d, expected RUNNING (%d)", sp.s.status.state,
		       SNDRV_PCM_STATE_RUNNING);
		EXPECT(sp.c.control.appl_ptr == 2 * PERIOD && sp.c.control.avail_min == PERIOD,
		       "SYNC_PTR: appl_ptr %lu avail_min %lu, expected %d %d",
		       (unsigned long)sp.c.control.appl_ptr,
		       (unsigned long)sp.c.control.avail_min, 2 * PERIOD, PERIOD);
		/* moved, but at most the time since START allows at 48 kHz */
		EXPECT(sp.s.status.hw_ptr > 0 &&
		       sp.s.status.hw_ptr <= (unsigned long)((hi - t_before_start) * RATE / NSEC + PERIOD),
		       "SYNC_PTR: hw_ptr %lu, expected 1 to %lld ms at %d Hz plus a period",
		       (unsigned long)sp.s.status.hw_ptr, (hi - t_before_start) / 1000000, RATE);
		ok &= ts_sane("SYNC_PTR tstamp", sp.s.status.tstamp.tv_sec,
			      sp.s.status.tstamp.tv_nsec, t_before_start, hi);
		EXPECT(sp.s.status.audio_tstamp.tv_nsec >= 0 &&
		       sp.s.status.audio_tstamp.tv_nsec < NSEC &&
		       sp.s.status.audio_tstamp.tv_sec >= 0 &&
		       ts_ns(sp.s.status.audio_tstamp.tv_sec, sp.s.status.audio_tstamp.tv_nsec) <=
		       hi - t_before_start + NSEC / 10,
		       "SYNC_PTR: audio_tstamp %lld.%09lld, expected the time since START",
		       (long long)sp.s.status.audio_tstamp.tv_sec,
		       (long long)sp.s.status.audio_tstamp.tv_nsec);
		EXPECT(sp.s.status.suspended_state == 0,
		       "SYNC_PTR: suspended_state %d, expected 0", sp.s.status.suspended_state);
		ksft_print_msg("SYNC_PTR: hw_ptr %lu tstamp %lld.%09lld (called at %lld.%09lld)\n",
			       (unsigned long)sp.s.status.hw_ptr,
			       (long long)sp.s.status.tstamp.tv_sec,
			       (long long)sp.s.status.tstamp.tv_nsec, lo / NSEC, lo % NSEC);
		sync_hw_ptr = sp.s.status.hw_ptr;
		sync_appl_ptr = sp.c.control.appl_ptr;
		sync_tstamp = ts_ns(sp.s.status.tstamp.tv_sec, sp.s.status.tstamp.tv_nsec);
		SUMMARY("sync_ptr_running: state=%d appl_ptr=%lu avail_min=%lu suspended_state=%d tstamp=%s",
			sp.s.status.state, (unsigned long)sp.c.control.appl_ptr,
			(unsigned long)sp.c.control.avail_min, sp.s.status.suspended_state,
			ok ? "sane" : "bad");
	}
	ksft_test_result(ok,
			 "pcm: SYNC_PTR while running: RUNNING, appl_ptr %d, avail_min %d, a CLOCK_MONOTONIC tstamp\n",
			 2 * PERIOD, PERIOD);
}

static void test_sync_ptr_advances(void)
{
	const struct timespec nap = { 0, 200000000 };
	struct snd_pcm_sync_ptr sp;
	long long lo, hi, dt;
	unsigned long dframes;
	int ok = 1, ret;

	nanosleep(&nap, NULL);
	lo = mono_ns();
	ret = sync_ptr(SYNC_READ, 0, 0, &sp);
	hi = mono_ns();
	EXPECT(ret == 0, "SYNC_PTR: got %s, expected 0", eret(ret));
	if (!ret) {
		dframes = sp.s.status.hw_ptr - sync_hw_ptr;
		dt = ts_ns(sp.s.status.tstamp.tv_sec, sp.s.status.tstamp.tv_nsec) - sync_tstamp;
		EXPECT(sp.s.status.state == SNDRV_PCM_STATE_RUNNING,
		       "SYNC_PTR: state %d, expected RUNNING (%d)", sp.s.status.state,
		       SNDRV_PCM_STATE_RUNNING);
		EXPECT(sp.s.status.hw_ptr > sync_hw_ptr,
		       "SYNC_PTR: hw_ptr %lu after 200 ms, was %lu: expected it to advance",
		       (unsigned long)sp.s.status.hw_ptr, sync_hw_ptr);
		EXPECT(dt >= 200000000, "SYNC_PTR: tstamp advanced %lld ns in a 200 ms sleep",
		       dt);
		/* frames played: no more than the time gone by allows, plus a period */
		EXPECT(sp.s.status.hw_ptr <= sync_hw_ptr + (unsigned long)((hi - sync_tstamp) * RATE / NSEC) + PERIOD,
		       "SYNC_PTR: hw_ptr advanced %lu frames in %lld ms, more than %d Hz allows",
		       dframes, (hi - sync_tstamp) / 1000000, RATE);
		EXPECT(sp.c.control.appl_ptr == sync_appl_ptr,
		       "SYNC_PTR: appl_ptr %lu, expected %lu",
		       (unsigned long)sp.c.control.appl_ptr, sync_appl_ptr);
		ok &= ts_sane("SYNC_PTR tstamp", sp.s.status.tstamp.tv_sec,
			      sp.s.status.tstamp.tv_nsec, lo, hi);
		ksft_print_msg("SYNC_PTR: hw_ptr %lu -> %lu (%lu frames) in %lld us of tstamp\n",
			       sync_hw_ptr, (unsigned long)sp.s.status.hw_ptr, dframes, dt / 1000);
		sync_hw_ptr = sp.s.status.hw_ptr;
		sync_tstamp = ts_ns(sp.s.status.tstamp.tv_sec, sp.s.status.tstamp.tv_nsec);
		SUMMARY("sync_ptr_advances: state=%d hw_ptr=%s tstamp=%s appl_ptr=%lu",
			sp.s.status.state, dframes > 0 ? "advanced" : "stuck",
			ok ? "sane" : "bad",
			(unsigned long)sp.c.control.appl_ptr);
	}
	ksft_test_result(ok,
			 "pcm: SYNC_PTR 200 ms later: still RUNNING, hw_ptr and tstamp advanced\n");
}

/* SYNC_PTR without the APPL and AVAIL_MIN flags: the kernel takes ours. */
static void test_sync_ptr_set(void)
{
	const unsigned long appl = 2 * PERIOD + PERIOD / 2, avail_min = PERIOD / 2;
	struct snd_pcm_sync_ptr sp;
	int ok = 1, ret;

	ret = sync_ptr(SNDRV_PCM_SYNC_PTR_HWSYNC, appl, avail_min, &sp);
	EXPECT(ret == 0, "SYNC_PTR (set appl_ptr %lu avail_min %lu): got %s, expected 0",
	       appl, avail_min, eret(ret));
	EXPECT(ret || (sp.c.control.appl_ptr == appl && sp.c.control.avail_min == avail_min),
	       "SYNC_PTR (set): returned appl_ptr %lu avail_min %lu, expected %lu %lu",
	       (unsigned long)sp.c.control.appl_ptr,
	       (unsigned long)sp.c.control.avail_min, appl, avail_min);
	if (!ret) {
		ret = sync_ptr(SYNC_READ, 0, 0, &sp);
		EXPECT(ret == 0, "SYNC_PTR (read): got %s, expected 0", eret(ret));
		EXPECT(ret || (sp.c.control.appl_ptr == appl &&
			       sp.c.control.avail_min == avail_min),
		       "SYNC_PTR (read): appl_ptr %lu avail_min %lu, expected %lu %lu",
		       (unsigned long)sp.c.control.appl_ptr,
		       (unsigned long)sp.c.control.avail_min, appl, avail_min);
		if (!ret) {
			sync_appl_ptr = sp.c.control.appl_ptr;
			SUMMARY("sync_ptr_set: appl_ptr=%lu avail_min=%lu",
				(unsigned long)sp.c.control.appl_ptr,
				(unsigned long)sp.c.control.avail_min);
		}
	}
	ksft_test_result(ok,
			 "pcm: SYNC_PTR sets appl_ptr %lu and avail_min %lu, and reads them back\n",
			 appl, avail_min);
}

static void test_status(void)
{
	struct snd_pcm_status st;
	long long lo, hi;
	int ok = 1, ret;

	memset(&st, 0, sizeof(st));
	lo = mono_ns();
	ret = xioctl(pcm_fd, SNDRV_PCM_IOCTL_STATUS, &st);
	hi = mono_ns();
	EXPECT(ret == 0, "STATUS: got %s, expected 0", eret(ret));
	if (!ret) {
		EXPECT(st.state == SNDRV_PCM_STATE_RUNNING, "STATUS: state %d, expected RUNNING",
		       st.state);
		EXPECT(st.appl_ptr == sync_appl_ptr, "STATUS: appl_ptr %lu, expected %lu",
		       (unsigned long)st.appl_ptr, sync_appl_ptr);
		EXPECT(st.hw_ptr >= sync_hw_ptr &&
		       st.hw_ptr <= sync_hw_ptr + (unsigned long)((hi - sync_tstamp) * RATE / NSEC) + PERIOD,
		       "STATUS: hw_ptr %lu, expected from %lu on, at %d Hz",
		       (unsigned long)st.hw_ptr, sync_hw_ptr, RATE);
		ok &= ts_sane("STATUS trigger_tstamp", st.trigger_tstamp.tv_sec,
			      st.trigger_tstamp.tv_nsec, t_before_start, t_after_start);
		ok &= ts_sane("STATUS tstamp", st.tstamp.tv_sec, st.tstamp.tv_nsec, lo, hi);
		EXPECT(st.suspended_state == 0, "STATUS: suspended_state %d, expected 0",
		       st.suspended_state);
		SUMMARY("status: state=%d appl_ptr=%lu suspended_state=%d trigger_tstamp+tstamp=%s",
			st.state, (unsigned long)st.appl_ptr, st.suspended_state,
			ok ? "sane" : "bad");
	}
	ksft_test_result(ok,
			 "pcm: STATUS: RUNNING, the same appl_ptr, CLOCK_MONOTONIC trigger_tstamp and tstamp\n");
}

static void test_channel_info(void)
{
	struct snd_pcm_channel_info ci;
	unsigned int ch;
	int ok = 1, ret;

	for (ch = 0; ch <= CHANNELS; ch++) {
		memset(&ci, 0, sizeof(ci));
		ci.channel = ch;
		ci.offset = 12345;	/* the kernel clears it */
		ret = xioctl(pcm_fd, SNDRV_PCM_IOCTL_CHANNEL_INFO, &ci);
		if (ch == CHANNELS) {
			EXPECT(ret == -EINVAL,
			       "CHANNEL_INFO channel %u: got %s, expected -1 (EINVAL)",
			       ch, eret(ret));
			SUMMARY("channel_info: ch=%u ret=%s", ch, eret(ret));
			continue;
		}
		EXPECT(ret == 0, "CHANNEL_INFO channel %u: got %s, expected 0", ch, eret(ret));
		if (ret)
			continue;
		EXPECT(ci.channel == ch && ci.offset == 0 && ci.first == ch * 16 && ci.step == 32,
		       "CHANNEL_INFO channel %u: channel %u offset %lld first %u step %u, expected %u 0 %u 32",
		       ch, ci.channel, (long long)ci.offset, ci.first, ci.step, ch, ch * 16);
		SUMMARY("channel_info: ch=%u offset=%lld first=%u step=%u", ci.channel,
			(long long)ci.offset, ci.first, ci.step);
	}
	ksft_test_result(ok,
			 "pcm: CHANNEL_INFO: channel n starts at bit 16n, steps 32 bits; channel %d is EINVAL\n",
			 CHANNELS);
}

static void test_drop(void)
{
	struct snd_pcm_sync_ptr sp;
	int ok = 1, ret;

	ret = xioctl(pcm_fd, SNDRV_PCM_IOCTL_DROP, NULL);
	EXPECT(ret == 0, "DROP: got %s, expected 0", eret(ret));
	if (!ret) {
		/* no HWSYNC: that is EBADFD once the stream is stopped */
		ret = sync_ptr(SNDRV_PCM_SYNC_PTR_APPL | SNDRV_PCM_SYNC_PTR_AVAIL_MIN,
			       0, 0, &sp);
		EXPECT(ret == 0, "SYNC_PTR: got %s, expected 0", eret(ret));
		EXPECT(ret || sp.s.status.state == SNDRV_PCM_STATE_SETUP,
		       "SYNC_PTR after DROP: state %d, expected SETUP (%d)",
		       sp.s.status.state, SNDRV_PCM_STATE_SETUP);
		if (!ret)
			SUMMARY("drop: state=%d", sp.s.status.state);
	}
	ret = xioctl(pcm_fd, SNDRV_PCM_IOCTL_HW_FREE, NULL);
	EXPECT(ret == 0, "HW_FREE: got %s, expected 0", eret(ret));
	ksft_test_result(ok, "pcm: DROP; SYNC_PTR says SETUP; HW_FREE\n");
}

static void watchdog(int sig)
{
	static const char msg[] = "Bail out! x32_alsa: watchdog (60 s)\n";

	write(1, msg, sizeof(msg) - 1);
	_exit(KSFT_FAIL);
}

/* What a check needs from the ones before it. */
enum need { NONE, CTL, VOL, PCM, PCM_HW, PCM_SETUP, PCM_RUNNING };

struct check {
	void (*fn)(void);
	enum need need;
	const char *what;
};

static const struct check checks[] = {
	{ test_card_info, NONE, "control: CARD_INFO" },
	{ test_elem_list, CTL, "control: ELEM_LIST" },
	{ test_elem_info, VOL, "control: ELEM_INFO" },
	{ test_elem_read, VOL, "control: ELEM_READ" },
	{ test_elem_write, VOL, "control: ELEM_WRITE" },
	{ test_elem_int64, CTL, "control: INTEGER64 user control" },
	{ test_pcm_open, NONE, "pcm: open" },
	{ test_hw_params, PCM, "pcm: HW_PARAMS" },
	{ test_sw_params, PCM_SETUP, "pcm: SW_PARAMS" },
	{ test_prepare, PCM_SETUP, "pcm: PREPARE" },
	{ test_write_start, PCM_SETUP, "pcm: WRITEI_FRAMES, START" },
	{ test_sync_ptr_running, PCM_RUNNING, "pcm: SYNC_PTR while running" },
	{ test_sync_ptr_advances, PCM_RUNNING, "pcm: SYNC_PTR advances" },
	{ test_sync_ptr_set, PCM_RUNNING, "pcm: SYNC_PTR sets appl_ptr" },
	{ test_status, PCM_RUNNING, "pcm: STATUS" },
	{ test_channel_info, PCM_HW, "pcm: CHANNEL_INFO" },
	{ test_drop, PCM_HW, "pcm: DROP" },
};

static int have(enum need need)
{
	switch (need) {
	case NONE: return 1;
	case CTL: return ctl_fd >= 0;
	case VOL: return vol_found;
	case PCM: return pcm_fd >= 0;
	case PCM_HW: return pcm_hw;
	case PCM_SETUP: return pcm_ready;
	case PCM_RUNNING: return pcm_running;
	}
	return 0;
}

int main(void)
{
	const int n = ARRAY_SIZE(checks);
	int i;

	ksft_print_header();
	ksft_set_plan(n);
	ksft_print_msg("ABI %s: sizeof(snd_ctl_elem_value) %zu, sizeof(snd_pcm_sync_ptr) %zu, sizeof(snd_pcm_channel_info) %zu\n",
		       ABI_NAME, sizeof(struct snd_ctl_elem_value), sizeof(struct snd_pcm_sync_ptr),
		       sizeof(struct snd_pcm_channel_info));
	signal(SIGALRM, watchdog);
	alarm(60);
	for (i = 0; i < n; i++) {
		if (have(checks[i].need))
			checks[i].fn();
		else
			ksft_test_result(0, "%s # not run: an earlier step failed\n",
					 checks[i].what);
	}
	if (ctl_fd >= 0)
		close(ctl_fd);
	if (pcm_fd >= 0)
		close(pcm_fd);
	ksft_finished();
}
