#!/bin/sh
# Run selftest binaries in the guest, kselftest style: a TAP 13 plan over
# the binaries, each binary's own TAP output indented with '# '.  A binary
# killed by a signal or by the timeout is reported as a failed test (the
# signal named) and the suite goes on.  Exit: 0 all passed (or skipped),
# 1 any failed, 4 all skipped.
#
# The harness's runner for programs that are not in a kselftest collection
# (upstream's x86 selftests, its own checks); the x32 tests run through
# kselftest's run_kselftest.sh (x32-tests).
#
# usage: run_tests.sh TEST...   (a path, or a name in /selftests/x32)
dir=/selftests/x32
timeout=$(sed -n 's/^timeout=//p' "$dir/settings" 2>/dev/null)
[ -n "$timeout" ] || timeout=120
[ $# -gt 0 ] || { echo "usage: run_tests.sh TEST..." >&2; exit 2; }

signame() {
	case "$1" in
	4) echo SIGILL ;; 5) echo SIGTRAP ;; 6) echo SIGABRT ;; 7) echo SIGBUS ;;
	8) echo SIGFPE ;; 9) echo SIGKILL ;; 11) echo SIGSEGV ;; 15) echo SIGTERM ;;
	31) echo SIGSYS ;; *) echo "signal $1" ;;
	esac
}

echo "TAP version 13"
echo "1..$#"
n=0 failed=0 passed=0 skipped=0
for t in "$@"; do
	n=$((n + 1))
	case "$t" in
	/*) path=$t; t=${t##*/} ;;
	*) path=$dir/$t ;;
	esac
	echo "# selftests: x32: $t"
	if [ ! -x "$path" ]; then
		echo "# not ok 1 $t is not in the initramfs"
		echo "not ok $n selftests: x32: $t # missing"
		failed=$((failed + 1))
		continue
	fi
	# timeout(1) sends SIGTERM; the pipe keeps the indented output.
	rcfile=/tmp/.rc.$$
	( timeout "$timeout" "$path"; echo $? >"$rcfile" ) 2>&1 | sed 's/^/# /'
	rc=$(cat "$rcfile"); rm -f "$rcfile"
	case "$rc" in
	0) echo "ok $n selftests: x32: $t"; passed=$((passed + 1)) ;;
	4) echo "ok $n selftests: x32: $t # SKIP"; skipped=$((skipped + 1)) ;;
	124|143)
		echo "# not ok - $t timed out after ${timeout}s"
		echo "not ok $n selftests: x32: $t # TIMEOUT ${timeout}s"
		failed=$((failed + 1)) ;;
	*)
		if [ "$rc" -gt 128 ]; then
			sig=$(signame $((rc - 128)))
			echo "# not ok - $t killed by $sig"
			echo "not ok $n selftests: x32: $t # killed by $sig"
		else
			echo "not ok $n selftests: x32: $t # exit=$rc"
		fi
		failed=$((failed + 1)) ;;
	esac
done
echo "# binaries: $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ] || exit 1
[ $passed -gt 0 ] || [ $skipped -eq 0 ] || exit 4
exit 0
