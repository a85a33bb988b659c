#!/usr/bin/env bash
# The series applies with patch -p1 (quilt, Gentoo) and gives the same
# files as git am: only the files the series touches are copied from the
# base, patched in order, and compared with build/linux.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
base=${X32E_BUILD:-$top/build}/base tree=${X32E_BUILD:-$top/build}/linux
mapfile -t patches < <("$top/scripts/series-files")
((${#patches[@]})) || { echo "the series is empty"; exit 4; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mapfile -t files < <("$top/scripts/series-files" --files)
for f in "${files[@]}"; do
	if git -C "$base" cat-file -e "base:$f" 2>/dev/null; then
		mkdir -p "$tmp/$(dirname "$f")"
		git -C "$base" show "base:$f" >"$tmp/$f"
	fi
done
for p in "${patches[@]}"; do
	if ! patch -p1 -s --batch --no-backup-if-mismatch -d "$tmp" <"$p"; then
		echo "FAIL: $(basename "$p") does not apply with patch -p1"
		exit 1
	fi
	echo "ok: $(basename "$p") applies with patch -p1"
done
fail=0
for f in "${files[@]}"; do
	if [[ -e $tree/$f ]]; then
		cmp -s "$tmp/$f" "$tree/$f" || { echo "FAIL: $f differs between patch -p1 and git am"; fail=1; }
	elif [[ -e $tmp/$f && -s $tmp/$f ]]; then
		echo "FAIL: $f exists after patch -p1 but not after git am"; fail=1
	fi
done
((fail)) || echo "ok: ${#files[@]} files identical to git am's"
exit $fail
