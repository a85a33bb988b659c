#!/usr/bin/env bash
# scripts/kernel-reports, which make check-debug trusts to fail a run: it
# finds each kind of report a debug kernel prints, and none in what such a
# kernel prints when all is well.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
# What a clean debug boot prints (the banners of the checks themselves).
clean='kasan: KernelAddressSanitizer initialized (generic)
kfence: initialized - using 2097152 bytes for 255 objects at 0xffff88806a600000-0xffff88806a800000
Lock dependency validator: Copyright (c) 2006 Red Hat, Inc., Ingo Molnar
... MAX_LOCKDEP_SUBCLASSES:  8
kmemleak: Kernel memory leak detector initialized (mem pool available: 15676)
ok 1 selftests: x32: x32_regress'
printf '%s\n' "$clean" >"$tmp/clean"
if out=$("$top/scripts/kernel-reports" "$tmp/clean"); then
	echo "ok: a clean debug boot has no report"
else
	echo "FAIL: reports found in a clean log: $out"; fail=1
fi
# One line of each report, as the kernel prints it.
while IFS= read -r line; do
	printf '%s\n%s\r\n' "$clean" "$line" >"$tmp/log"
	if out=$("$top/scripts/kernel-reports" "$tmp/log"); then
		echo "FAIL: not found: $line"; fail=1
	elif [[ $out != "$line" ]]; then
		echo "FAIL: for '$line' it printed '$out'"; fail=1
	else
		echo "ok: found: $line"
	fi
done <<'R'
BUG: KASAN: slab-out-of-bounds in x32_compat_sys_call+0x12/0x34
BUG: KFENCE: out-of-bounds read in __se_compat_sys_preadv64v2+0x1/0x2
UBSAN: shift-out-of-bounds in arch/x86/entry/common.c:60:3
WARNING: CPU: 0 PID: 1 at kernel/signal.c:100 get_signal+0x0/0x10
WARNING: possible recursive locking detected
BUG: sleeping function called from invalid context at mm/memory.c:6000
kmemleak: 2 new suspected memory leaks (see /sys/kernel/debug/kmemleak)
usercopy: Kernel memory exposure attempt detected from SLUB object 'kmalloc-64' (offset 0, size 80)!
list_add corruption. prev->next should be next (ffff888003e0a000), but was 0000000000000000.
detected buffer overflow in memcpy
Oops: general protection fault, probably for non-canonical address 0xdffffc0000000000: 0000 [#1] SMP KASAN
R
exit $fail
