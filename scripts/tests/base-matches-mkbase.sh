#!/usr/bin/env bash
# The base is reproducible: scripts/mkbase on the pristine tree gives the
# same tree as base/0001-x86-Remove-the-x32-ABI.patch, and no removed
# identifier is left outside uapi headers and Documentation/.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=scripts/versions
. "$top/scripts/versions"
pkg=$(x32e_var PRISTINE)
if [[ ${X32E_BASE:-} && $X32E_BASE != "$(x32e_var DEFAULT_BASE)" ]]; then
	echo "base/0001 is $(x32e_var DEFAULT_BASE)'s base; $X32E_BASE's is mkbase's output alone"
	exit 4
fi
if grep -q '^ksrc ' "${X32E_BUILD:-$top/build}/.base-stamp" 2>/dev/null; then
	echo "the base is a KSRC= tree, not made by mkbase"
	exit 4
fi
exec "$top/scripts/check-base" "${X32E_BUILD:-$top/build}/$pkg"
