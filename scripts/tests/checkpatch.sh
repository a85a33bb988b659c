#!/usr/bin/env bash
# scripts/checkpatch.pl --strict from the tree, on every patch of the
# series: whatever it still reports must be justified in the cover letter,
# under a line 'TYPE (NNNN, NNNN): why' naming the patch numbers.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tree=${X32E_BUILD:-$top/build}/linux
mapfile -t patches < <("$top/scripts/series-files")
((${#patches[@]})) || { echo "the series is empty"; exit 4; }
cover=$top/patches/0000-cover-letter.patch
[[ -f $cover ]] || { echo "FAIL: no cover letter $cover"; exit 1; }
# spdxcheck.py wants Debian's python3 (python3-ply, python3-git).
# One style for every base: the checkpatch.pl of the default base's tree
# (Debian's linux-source-6.12), run on this base's tree.  An older tree's
# checkpatch says other things of the same lines (6.1's calls the
# '#define __SYSCALL(nr, sym) case nr: return ...;' of syscall_64.c's own
# pattern a multi-statement macro, in the default's 0003 as in 6.1's).
checkpatch=$tree/scripts/checkpatch.pl
# shellcheck source=scripts/versions
. "$top/scripts/versions"
default=$(X32E_BASE= x32e_var DEFAULT_BASE)
if [[ ${X32E_BASE:-$default} != "$default" ]]; then
	dpkg=$(X32E_BASE= x32e_var KSRC_PKG) dpristine=$(X32E_BASE= x32e_var PRISTINE)
	ck=$(mktemp -d)
	trap 'rm -rf "$ck"' EXIT
	tar -C "$ck" -xJf "/usr/src/$dpkg.tar.xz" "$dpristine/scripts/checkpatch.pl" \
		"$dpristine/scripts/spelling.txt" "$dpristine/scripts/const_structs.checkpatch" ||
		{ echo "FAIL: no checkpatch.pl of $default's tree: /usr/src/$dpkg.tar.xz (make deps)"; exit 1; }
	checkpatch=$ck/$dpristine/scripts/checkpatch.pl
	echo "checkpatch: $default's checkpatch.pl (from /usr/src/$dpkg.tar.xz) on $X32E_BASE's tree"
fi
out=$(cd "$tree" && PATH=/usr/bin:$PATH "$checkpatch" --root="$tree" --strict --show-types --terse \
	--no-summary "${patches[@]}" 2>&1) || true
if grep -q 'Traceback\|No module named' <<<"$out"; then
	echo "FAIL: checkpatch's helpers failed (apt-get install python3-ply python3-git):"
	grep -m3 'Error\|module' <<<"$out"
	exit 1
fi
fail=0 n=0
while IFS= read -r line; do
	[[ $line =~ /([0-9]{4})-[^:]*:[0-9]+:\ (ERROR|WARNING|CHECK):([A-Z_0-9]+): ]] || continue
	num=${BASH_REMATCH[1]} sev=${BASH_REMATCH[2]} type=${BASH_REMATCH[3]}
	n=$((n + 1))
	if [[ $sev == ERROR ]]; then
		echo "FAIL: $line"; fail=1
	elif ! grep -qE "^$type \(([0-9]{4}, )*$num(, [0-9]{4})*\):" "$cover"; then
		echo "FAIL: not justified in the cover letter: $line"; fail=1
	fi
done <<<"$out"
echo "checkpatch: $n messages on ${#patches[@]} patches, each justified in the cover letter"
exit $fail
