#!/usr/bin/env bash
# Native 64-bit callers do not pay for x32: the native line of
# do_syscall_64() in the patched kernel (x32 built in) is the base kernel's,
# instruction for instruction, registers aside (scripts/native-line); make
# bench counts the instructions a native call executes.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
for k in base patched; do
	if [[ ! -f ${X32E_BUILD:-$top/build}/obj-$k/vmlinux ]]; then
		echo "build/obj-$k/vmlinux not built ('make')"
		exit 4
	fi
done
exec "$top/scripts/native-line" "${X32E_BUILD:-$top/build}/obj-base/vmlinux" "${X32E_BUILD:-$top/build}/obj-patched/vmlinux"
