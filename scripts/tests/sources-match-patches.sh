#!/usr/bin/env bash
# One source of truth: every readable source in this repository is the
# file the series adds to the kernel tree, byte for byte.
#   Kconfig.x32          -> arch/x86/Kconfig.x32
#   arch-x86-entry/X     -> arch/x86/entry/X
#   syscall-tables/X     -> arch/x86/entry/syscalls/X
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
[[ -f $top/Kconfig.x32 ]] && check Kconfig.x32 arch/x86/Kconfig.x32
while IFS= read -r f; do
	check "arch-x86-entry/$f" "arch/x86/entry/$f"
done < <(cd "$top/arch-x86-entry" && find . -type f -printf '%P\n' | sort)
while IFS= read -r f; do
	check "syscall-tables/$f" "arch/x86/entry/syscalls/$f"
done < <(cd "$top/syscall-tables" && find . -type f -printf '%P\n' | sort)
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
