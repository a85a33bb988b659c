#!/usr/bin/env bash
# The base is reproducible: scripts/mkbase on the pristine tree gives the
# same tree as base/0001-x86-Remove-the-x32-ABI.patch, and no removed
# identifier is left outside uapi headers and Documentation/.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
pkg=$(sed -n 's/^KSRC_PKG *:*= *//p' "$top/versions.mk")
if grep -q '^ksrc ' "$top/build/.base-stamp" 2>/dev/null; then
	echo "the base is a KSRC= tree, not made by mkbase"
	exit 4
fi
exec "$top/scripts/check-base" "$top/build/$pkg"
