#!/usr/bin/env bash
# perf keeps a copy of the 64-bit system call table
# (tools/perf/arch/x86/entry/syscalls/syscall_64.tbl) and its
# check-headers.sh reports where the kernel's differs.  The base, with
# x32's rows removed, differs; the series puts them back as mainline has
# them, so on the patched tree check-headers.sh must not name the table.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${X32E_BUILD:-$top/build}
tbl=arch/x86/entry/syscalls/syscall_64.tbl
named() {	# tree: does tools/perf/check-headers.sh name syscall_64.tbl?
	(cd "$1/tools/perf" && bash ./check-headers.sh 2>&1) | grep -q "$tbl"
}
for t in "$build/base" "$build/linux"; do
	[[ -f $t/tools/perf/check-headers.sh ]] || { echo "no $t/tools/perf/check-headers.sh ('make series')"; exit 4; }
done
fail=0
if named "$build/base"; then
	echo "ok: on the base (x32's rows removed) check-headers.sh names $tbl"
else
	echo "FAIL: on the base check-headers.sh does not name $tbl: this test cannot fail"; fail=1
fi
if named "$build/linux"; then
	echo "FAIL: on the patched tree check-headers.sh names $tbl:"
	diff -u "$build/linux/tools/perf/$tbl" "$build/linux/$tbl" | head -n 20 || true
	fail=1
else
	echo "ok: on the patched tree check-headers.sh finds $tbl as perf's copy has it"
fi
exit $fail
