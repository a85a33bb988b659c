#!/usr/bin/env bash
# make vdso_install installs the x32 vDSO's debug image with the others
# (the patched kernel's build, into a scratch directory).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
obj=${X32E_BUILD:-$top/build}/obj-patched
if [[ ! -f $obj/vmlinux ]] || ! grep -q '^CONFIG_X86_X32_ABI=y' "$obj/.config"; then
	echo "no x32 build of the patched kernel in $obj ('make kernel')"
	exit 4
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
make -s -C "${X32E_BUILD:-$top/build}/linux" O="$obj" INSTALL_MOD_PATH="$work" vdso_install >"$work/log" 2>&1 ||
	{ echo "FAIL: make vdso_install failed:"; tail -n 20 "$work/log"; exit 1; }
found=$(cd "$work" && find . -name '*.so*' -printf '%f\n' | sort | tr '\n' ' ')
echo "installed: $found"
for f in vdso64.so vdsox32.so; do
	[[ " $found " == *" $f "* ]] || { echo "FAIL: make vdso_install did not install $f"; exit 1; }
done
echo "ok: vdso_install installs vdsox32.so next to vdso64.so"
