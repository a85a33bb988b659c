#!/usr/bin/env bash
# The runner returns the guest's status, runs added files from /opt, and
# turns a hung guest, a panic and a crashing test into clear failures.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
k=${X32E_BUILD:-$top/build}/bzImage-base
rq() { "$top/scripts/run-qemu" --quiet --kernel "$k" "$@"; }
fail=0
expect() {	# description expected-status actual-status
	if [[ $2 == "$3" ]]; then echo "ok: $1"; else echo "FAIL: $1: exit $3, expected $2"; fail=1; fi
}

rq -- sh -c 'exit 3' >/dev/null 2>&1
expect "guest status 3 comes back as 3" 3 $?

out=$(rq --add "${X32E_BUILD:-$top/build}/stage/x32/native_sanity" -- native_sanity 2>&1)
expect "an added static program runs from /opt" 0 $?
grep -q '^ok 1 native getpid' <<<"$out" || { echo "FAIL: its output is printed"; fail=1; }

out=$(rq -- echo "it's quoted" 2>&1)
[[ $out == "it's quoted" ]] || { echo "FAIL: arguments keep their quoting: got '$out'"; fail=1; }

out=$(rq --timeout 8 -- sleep 600 2>&1)
expect "a hung guest times out" 124 $?
grep -q 'did not finish within 8s' <<<"$out" || { echo "FAIL: the timeout is explained: $out"; fail=1; }

out=$(rq --timeout 60 --append rdinit=/bin/busybox -- true 2>&1)
expect "a panicking guest (init exits) is an error" 125 $?
grep -q 'without reporting a status' <<<"$out" || { echo "FAIL: the panic is explained: $out"; fail=1; }
grep -q 'Kernel panic' <<<"$out" || { echo "FAIL: the log tail shows the panic"; fail=1; }

out=$(rq --add "${X32E_BUILD:-$top/build}/stage/harness_crash" -- run_tests.sh /opt/harness_crash native_sanity 2>&1)
expect "a suite with a crashing test fails" 1 $?
grep -q '^not ok 1 selftests: x32: harness_crash # killed by SIGSEGV' <<<"$out" ||
	{ echo "FAIL: the crash is reported with its signal"; fail=1; }
grep -q '^ok 2 selftests: x32: native_sanity' <<<"$out" ||
	{ echo "FAIL: the suite goes on after the crash"; fail=1; }

# --hostroot: the host's programs in the guest, its own /proc (the host's
# mount points must not collide in the 9p export), --share writes reaching
# the host.
d=$(mktemp -d)
out=$(rq --hostroot --share "$d" -- sh -c "bash -c 'echo bash \$BASH_VERSINFO'; stat -f -c %T /proc /sys; echo written >$d/f" 2>&1)
expect "--hostroot runs the host's programs" 0 $?
grep -qx 'bash [0-9]*' <<<"$out" || { echo "FAIL: the host's bash runs in the guest: $out"; fail=1; }
[[ $(grep -x 'proc\|sysfs' <<<"$out" | tr '\n' ' ') == "proc sysfs " ]] ||
	{ echo "FAIL: /proc and /sys in the chroot are proc and sysfs: $out"; fail=1; }
[[ $(cat "$d/f" 2>/dev/null) == written ]] || { echo "FAIL: a file written to --share reaches the host"; fail=1; }
rm -rf "$d"

"$top/scripts/run-qemu" --kernel /nonexistent -- true >/dev/null 2>&1
expect "a missing kernel is a usage error" 2 $?
exit $fail
