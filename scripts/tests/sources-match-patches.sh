#!/usr/bin/env bash
# One source of truth: every readable source in this repository is the
# file the series adds to the kernel tree, byte for byte.
#   Kconfig.x32          -> its block in arch/x86/Kconfig (less its
#                           leading comment lines)
#   arch-x86-entry/X     -> arch/x86/entry/X
#   syscall-tables/syscall_64-x32-rows.tbl
#                        -> the rows of arch/x86/entry/syscalls/syscall_64.tbl
#                           whose abi is x32 (the series puts them there,
#                           where mainline has them)
#   selftests/X          -> tools/testing/selftests/x32/X
# and the series adds nothing under tools/testing/selftests/x32/ that is
# not in selftests/.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tree=${X32E_BUILD:-$top/build}/linux
mapfile -t patches < <("$top/scripts/series-files")
((${#patches[@]})) || { echo "the series is empty"; exit 4; }
fail=0 n=0
check() {	# repo-file tree-path
	n=$((n + 1))
	if ! grep -qxF "+++ b/$2" "${patches[@]}"; then
		echo "FAIL: no patch in the series adds $2 (source $1)"; fail=1
	elif ! cmp -s "$top/$1" "$tree/$2"; then
		# On another base, a file its own patches change for a reason
		# they give ("[NAME: ...]" in the changelog) is that base's.
		own=
		if [[ -n ${X32E_BASE:-} && -d $top/base/$X32E_BASE/patches ]]; then
			own=$(grep -lxF "+++ b/$2" "$top/base/$X32E_BASE/patches"/*.patch 2>/dev/null |
				xargs -r grep -l "^\[$X32E_BASE: " | sed 's|.*/||' | tr '\n' ' ')
		fi
		if [[ -n $own ]]; then
			echo "ok: $1 differs on $X32E_BASE, as base/$X32E_BASE/patches/ ${own% } say(s):"
			diff -u "$top/$1" "$tree/$2" | grep '^[-+][^-+]' | head -n 10 | sed 's/^/    /' || true
		else
			echo "FAIL: $1 differs from $2 as the series leaves it:"
			diff -u "$tree/$2" "$top/$1" | head -n 20 || true
			fail=1
		fi
	else
		echo "ok: $1 = $2"
	fi
}
# The x32 options: Kconfig.x32 less its leading comments is a block of
# arch/x86/Kconfig, from config X86_X32_ABI to the line before COMPAT_32.
if [[ -f $top/Kconfig.x32 ]]; then
	n=$((n + 1))
	kbody() { awk 'f || (!/^#/ && !/^$/) { f = 1; print }' "$top/Kconfig.x32"; }
	kblock() { sed -n '/^config X86_X32_ABI$/,/^config COMPAT_32$/p' "$tree/arch/x86/Kconfig" | sed '$d'; }
	if diff -u <(kbody; echo) <(kblock) >/dev/null; then
		echo "ok: Kconfig.x32 = its block of arch/x86/Kconfig"
	else
		echo "FAIL: Kconfig.x32 differs from its block of arch/x86/Kconfig as the series leaves it:"
		diff -u <(kblock) <(kbody; echo) | head -n 20 || true
		fail=1
	fi
fi
while IFS= read -r f; do
	check "arch-x86-entry/$f" "arch/x86/entry/$f"
done < <(cd "$top/arch-x86-entry" && find . -type f -printf '%P\n' | sort)
# x32's rows of the 64-bit table.
n=$((n + 1))
rows=syscall-tables/syscall_64-x32-rows.tbl tbl=arch/x86/entry/syscalls/syscall_64.tbl
if [[ ! -f $top/$rows ]]; then
	echo "FAIL: no $rows"; fail=1
elif ! diff -u "$top/$rows" <(grep -P '^\d+\tx32\t' "$tree/$tbl") >/dev/null; then
	echo "FAIL: $rows differs from the x32 rows of $tbl as the series leaves it:"
	diff -u "$top/$rows" <(grep -P '^\d+\tx32\t' "$tree/$tbl") | head -n 20 || true
	fail=1
else
	echo "ok: $rows = the x32 rows of $tbl"
fi
for f in $(cd "$top/syscall-tables" && find . -type f ! -name syscall_64-x32-rows.tbl -printf '%P\n' | sort); do
	check "syscall-tables/$f" "arch/x86/entry/syscalls/$f"
done
while IFS= read -r f; do
	check "selftests/$f" "tools/testing/selftests/x32/$f"
done < <(cd "$top/selftests" && find . -type f -printf '%P\n' | sort)
# The other way: a file of the series with no readable source here.
while IFS= read -r p; do
	[[ $p == tools/testing/selftests/x32/* ]] || continue
	r=selftests/${p#tools/testing/selftests/x32/}
	n=$((n + 1))
	if [[ -f $top/$r ]]; then
		echo "ok: $p has its source $r"
	else
		echo "FAIL: the series adds $p, which has no readable source $r"; fail=1
	fi
done < <(sed -n 's|^+++ b/||p' "${patches[@]}" | sort -u)
((n)) || { echo "FAIL: no readable sources"; exit 1; }
exit $fail
