#!/usr/bin/env bash
# make bench's report, without the guests: bench/report.py on made-up
# measurements writes the results file and the chart data, and
# bench/bench.gp draws the chart.  The results show '-' for an x32 call
# that only returns -ENOSYS; the chart's data have the differences
# (patched minus base, x32 minus native, patched minus reference) and no
# row for such a call or for the invalid number.  The footprint counts the
# x32 dispatch symbols and not the others.  A broken goal is FAIL in the results (an x32 shared
# call dearer than the reference's; a native line not the base's), and the
# committed bench/RESULTS.md is one the report wrote (its header).
# Exit 0 pass, 1 fail, 4 skip (no gnuplot).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
command -v gnuplot >/dev/null || { echo "SKIP: gnuplot not installed (apt-get install gnuplot-nox)"; exit 4; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# work DIR X32_GETPID_PATCHED [NATIVE_LINE]: a workdir as scripts/bench leaves it
work() {
	local w=$1
	mkdir -p "$w/runs" "$w/size" "$w/nm" "$w/dispatch"
	run() {	# config: native getpid, read; x32 getpid, read, readv, ioctl; invalid; x32 return
		local r
		for r in 1 2; do
			printf 'loop 8.00\nnative_getpid %s 42\nnative_read_badfd %s -9\nx32_getpid %s %s\nx32_read_badfd %s %s\nx32_readv_badfd %s %s\nx32_ioctl_badfd %s %s\ninvalid_number %s -38\n' \
				"$2" "$3" "$4" "${9/-9/42}" "$5" "$9" "$6" "$9" "$7" "$9" "$8" >"$w/runs/$1.$r"
		done
	}
	run base 100.00 110.00 50.00 50.00 50.00 50.00 50.00 -38
	run patched 100.00 110.00 "$2" 112.00 120.00 118.00 51.00 -9
	run patched-x32off 100.00 110.00 52.00 52.00 52.00 52.00 52.00 -38
	run reference 100.00 110.00 109.00 113.00 120.00 125.00 53.00 -9
	run reference-x32off 100.00 110.00 51.00 51.00 51.00 51.00 51.00 -38
	local k
	for k in base patched reference; do
		printf '   text    data     bss     dec     hex filename\n%s 2000 300 0 0 vmlinux\n' \
			"$((1000 + ${#k}))" >"$w/size/$k"
	done
	printf '0000000000000010 0000000000000040 T do_syscall_64\n' >"$w/nm/base"
	# counted: x32_sys_call 32, x32_param_set 8 and do_syscall_64's
	# growth 8; not: the sysctl, x32_enabled_verbose
	printf '%s\n' '0000000000000010 0000000000000048 T do_syscall_64' \
		'0000000000000100 0000000000000020 T x32_sys_call' \
		'0000000000000300 0000000000000008 t x32_param_set' \
		'0000000000000600 0000000000000050 t x32_sysctl_handler' \
		'0000000000000700 0000000000000020 T x32_enabled_verbose' >"$w/nm/patched"
	printf '0000000000000010 0000000000000044 T do_syscall_64\n0000000000000100 0000000000000100 T x32_sys_call\n' >"$w/nm/reference"
	local nr
	for nr in $(seq 512 547); do
		echo "$nr 5 __x64_compat_sys_h$nr" >>"$w/dispatch/patched"
		echo "$nr 9 __ia32_compat_sys_h$nr" >>"$w/dispatch/reference"
	done
	printf 'iterations=20000\nruns=2\nfootprint_baseline=base\nnative_line=%s\ndate=2026-01-01 00:00 UTC\nseries=abcdef0\n' "${3:-same}" >"$w/meta"
	for k in ptrtree arith; do
		for a in m64 mx32 m32; do
			echo "$k abi=$a instructions=1000000 maxrss_kb=1024 check=0123456789abcdef"
		done
	done >"$w/userland"
}

work "$tmp/good" 107.00
if ! python3 "$top/bench/report.py" "$tmp/good" "$tmp/good.json" "$tmp/good.md" >"$tmp/good.out" 2>&1; then
	bad "bench/report.py failed:"; sed 's/^/    /' "$tmp/good.out"
fi
cmp -s "$tmp/good.md" "$tmp/good.out" || bad "bench/report.py did not print the results file it wrote"
grep -q '^    goals       all pass$' "$tmp/good.md" || bad "made-up figures within the goals: the results do not say 'all pass'"
grep -qx '    x32 getpid                  -        107          -        109          -' "$tmp/good.md" ||
	bad "the results' x32 getpid row is not '- 107 - 109 -'"
d=$tmp/good/chart
[[ $(cat "$d/native.dat") == $'"call" "x32=y" "x32=n"\n"getpid" 0 0\n"read(-1)" 0 0' ]] ||
	bad "native.dat is not patched minus base, 0 everywhere: $(cat "$d/native.dat")"
[[ $(cat "$d/x32-native.dat") == $'"call" "patched (ours)" "reference"\n"getpid" 7 9\n"read(-1)" 2 3' ]] ||
	bad "x32-native.dat is not x32 minus native: $(cat "$d/x32-native.dat")"
[[ $(cat "$d/ours-reference.dat") == $'"call" "ours minus reference"\n"getpid" -2\n"read(-1)" -1\n"readv 515" 0\n"ioctl 514" -7' ]] ||
	bad "ours-reference.dat is not patched minus reference: $(cat "$d/ours-reference.dat")"
grep -qi 'invalid' "$d"/*.dat && bad "the chart's data have an invalid-number row"
grep -q budget "$d/vars.gp" && bad "vars.gp still has a budget: $(cat "$d/vars.gp")"
grep -qx '          x32_getpid: patched 107, reference 109, patched extra 7, reference extra 9' "$tmp/good.md" ||
	bad "the shared-call goal does not give patched, reference and each one's extra over native for getpid"
grep -q '^        dispatch 48: x32_sys_call 32, x32_param_set 8, do_syscall_64' "$tmp/good.md" ||
	bad "the patched dispatch footprint is not 48: $(grep -A2 '^    patched over' "$tmp/good.md")"
grep -A3 '^    patched over' "$tmp/good.md" | grep -q 'x32_sysctl\|x32_enabled' &&
	bad "the patched dispatch footprint counts the sysctl or x32_enabled_verbose"
if ! gnuplot -e "dir='$d'; out='$tmp/good.svg'" "$top/bench/bench.gp" >"$tmp/gnuplot.out" 2>&1 ||
	! grep -q '</svg>' "$tmp/good.svg"; then
	bad "bench/bench.gp did not draw the chart:"; sed 's/^/    /' "$tmp/gnuplot.out"
fi

work "$tmp/over" 110.00		# x32 getpid one instruction dearer than the reference's
python3 "$top/bench/report.py" "$tmp/over" "$tmp/over.json" "$tmp/over.md" >/dev/null 2>&1
grep -q '^    FAIL  x32_shared_vs_reference$' "$tmp/over.md" || bad "x32 getpid 110 vs 109: the results do not say FAIL x32_shared_vs_reference"
grep -q '^    goals       FAILED: x32_shared_vs_reference$' "$tmp/over.md" || bad "x32 getpid 110 vs 109: the header does not name the failed goal"

work "$tmp/regs" 107.00 identical	# native line identical to the base's: a pass
python3 "$top/bench/report.py" "$tmp/regs" "$tmp/regs.json" "$tmp/regs.md" >/dev/null 2>&1
grep -q '^    goals       all pass$' "$tmp/regs.md" || bad "native line identical: the results do not say 'all pass'"
work "$tmp/line" 107.00 different	# native line not the base's
python3 "$top/bench/report.py" "$tmp/line" "$tmp/line.json" "$tmp/line.md" >/dev/null 2>&1
grep -q '^    goals       FAILED: native_unchanged$' "$tmp/line.md" || bad "native line different: the header does not say FAILED: native_unchanged"

r=$top/bench/RESULTS.md
if [[ ! -f $r ]]; then
	bad "no bench/RESULTS.md (scripts/bench --update-results writes it)"
else
	[[ $(head -n 2 "$r") == $(head -n 2 "$tmp/good.md") &&
		$(sed -n 4p "$r") == "Written by scripts/bench (make bench) on "* ]] ||
		bad "bench/RESULTS.md does not start as the report's: write it with scripts/bench --update-results"
fi
((fail == 0)) && echo "ok: bench/report.py and bench/bench.gp on made-up figures; bench/RESULTS.md from the report"
exit "$fail"
