#!/usr/bin/env bash
# make help lists every target of .PHONY with its text (the '## ' lines
# above the target in Makefile, scripts/make-help) and exits 0, in a copy
# of the repository's files without build/: as on a fresh clone.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The files a clone has (tracked, and new ones not ignored), nothing built.
while IFS= read -r -d '' f; do
	if [[ -e $top/$f ]]; then printf '%s\0' "$f"; fi
done < <(git -C "$top" ls-files -z --cached --others --exclude-standard) |
	tar -C "$top" --null -T - -cf - | tar -C "$tmp" -xf -
[[ ! -e $tmp/build ]] || { echo "FAIL: the copy has a build/"; exit 1; }

# Not the make check's make: its jobserver and command-line variables.
rc=0
out=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$tmp" help 2>&1) || rc=$?
if ((rc != 0)); then
	echo "FAIL: make help exits $rc:"
	echo "$out"
	exit 1
fi

# Every .PHONY target (backslash-continued lines joined), in the list with
# a text: '  NAME  TEXT', or '  NAME' alone then the text indented.
phony=$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$tmp/Makefile" | sed -n 's/^\.PHONY[[:space:]]*:\(.*\)/\1/p')
[[ -n ${phony// /} ]] || { echo "FAIL: no .PHONY targets in Makefile"; exit 1; }
fail=0 n=0
for t in $phony; do
	n=$((n + 1))
	if ! awk -v t="$t" '
		alone { ok = /^   +[^ ]/; exit }
		$1 == t && /^  [^ ]/ { if (NF > 1) { ok = 1; exit } alone = 1 }
		END { exit !ok }' <<<"$out"; then
		echo "FAIL: make help does not list $t with a text ('## ' lines above '$t:' in Makefile)"
		fail=1
	fi
done
((fail == 0)) || exit 1
echo "ok: make help exits 0 and lists all $n .PHONY targets with a text"
