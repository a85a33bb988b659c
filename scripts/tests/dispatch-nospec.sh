#!/usr/bin/env bash
# No user-chosen number reaches a jump table unclamped: the patched tree's
# entry objects, built with the patched kernel's config less IBT and
# retpolines (where switches become jump tables), read by
# scripts/dispatch-check: every call from do_syscall_64() to
# x64_sys_call() or x32_sys_call() passes a number that
# array_index_nospec() clamped to that switch's own range.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${X32E_BUILD:-$top/build}
if [[ ! -f $build/obj-patched/.config || ! -d $build/linux ]]; then
	echo "no patched kernel built in $build/obj-patched ('make kernel')"
	exit 4
fi
exec "$top/scripts/dispatch-check" "$build/linux" "$build/obj-patched/.config" "$build/obj-dispatch"
