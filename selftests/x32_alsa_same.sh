#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# x32_alsa_same - the -mx32 and -m64 builds of x32_alsa get the same answers
# from ALSA: every check of x32_alsa prints "# summary:" lines, which must
# be identical for the two builds (and non-empty).  Exit as kselftest;
# skips where either build skips (x32 absent, no ALSA).
dir=$(dirname "$0")
echo "TAP version 13"
echo "1..1"
for b in x32_alsa x32_alsa64; do
	if [ ! -x "$dir/$b" ]; then
		echo "ok 1 # SKIP $dir/$b not built"
		exit 4
	fi
	"$dir/$b" >"/tmp/$b.out" 2>&1
	if [ $? -eq 4 ]; then
		# x32 absent, or no ALSA: nothing to compare.
		echo "ok 1 # SKIP $b skipped: $(grep -m 1 SKIP "/tmp/$b.out")"
		exit 4
	fi
	grep '^# summary:' "/tmp/$b.out" >"/tmp/$b.summary"
done
n=$(wc -l <"/tmp/x32_alsa.summary")
if [ "$n" -gt 0 ] && cmp -s /tmp/x32_alsa.summary /tmp/x32_alsa64.summary; then
	echo "ok 1 x32 and 64-bit builds of x32_alsa give the same $n answers"
	exit 0
fi
echo "# x32 (<) and 64-bit (>) answers differ:"
diff /tmp/x32_alsa.summary /tmp/x32_alsa64.summary | sed 's/^/# /'
echo "not ok 1 x32 and 64-bit builds of x32_alsa give the same answers"
exit 1
