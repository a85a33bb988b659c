#!/usr/bin/env bash
# Numbers are ABI: the uapi asm/unistd_x32.h the patched kernel generates
# defines every x32 number that userspace was built with (Debian's
# linux-libc-dev header, which glibc's and musl's x32 ports follow) with
# the same value, and nothing at 512-547 that userspace does not know.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
mapfile -t patches < <("$top/scripts/series-files")
((${#patches[@]})) || { echo "the series is empty"; exit 4; }
installed=/usr/include/x86_64-linux-gnu/asm/unistd_x32.h
gen=${X32E_BUILD:-$top/build}/obj-patched/arch/x86/include/generated/uapi/asm/unistd_x32.h
[[ -f $installed ]] || { echo "FAIL: $installed missing: apt-get install linux-libc-dev"; exit 1; }
[[ -f $gen ]] || { echo "FAIL: $gen missing: the patched kernel does not generate it"; exit 1; }
defs() { sed -n 's/^#define __NR_\([a-z0-9_]*\) (__X32_SYSCALL_BIT + \([0-9]*\))$/\1 \2/p' "$1" | sort; }
fail=0
missing=$(comm -23 <(defs "$installed") <(defs "$gen"))
if [[ -n $missing ]]; then
	echo "FAIL: userspace numbers the kernel does not define the same way:"
	echo "$missing" | head -n 20
	fail=1
fi
extra=$(comm -13 <(defs "$installed") <(defs "$gen") | awk '$2 >= 512 && $2 < 548')
if [[ -n $extra ]]; then
	echo "FAIL: x32-only numbers userspace does not know:"; echo "$extra"; fail=1
fi
echo "checked $(defs "$installed" | wc -l) numbers of $installed against $(defs "$gen" | wc -l) generated"
exit $fail
