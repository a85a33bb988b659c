#!/usr/bin/env bash
# One series for every base: what another base (base/NAME/) carries in
# place of the default's is only what its tree makes differ, and says why.
#   base/NAME/patches/P replaces patches/P: P is in patches/series, has
#     the same subject, changelog and files, and base/NAME/README names it;
#     the lines that differ (beyond index and hunk headers) are printed.
#     Where the code must differ by more than context, the changelog says
#     why in one paragraph of its own, "[NAME: ...]", which is the only
#     difference allowed in the changelog; with it, the patch may touch
#     other files than the default's (the same change where that tree
#     keeps it), and the files are printed.
#   base/NAME/mkbase-edits redefines only mkbase's step functions.
#   base/NAME/fixups/F replaces (or, empty, drops) base/fixups/F: F exists
#     there, and its header starts with "NAME:" saying why.
#   base/NAME/versions.mk gives what prepare-base needs.
#   base/NAME/series-from, if there, names the commit of this repository
#     whose patches/ the base's own patches were ported from: a backport
#     that lags the default series is compared with what it was ported
#     from (and says so), not with patches/ as they are now.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
fail=0 n=0
bad() { echo "FAIL: $*"; fail=1; }
body() {	# the patch without what a different base changes by itself
	grep -vE '^(index [0-9a-f]+\.\.[0-9a-f]+|@@ .* @@)' "$1"
}
msg() {	# subject and changelog: up to the first diff, without a base's note
	sed -n '/^Subject:/,/^---$/p' "$1" | awk -v tag="[$2: " '
		index($0, tag) == 1 { skip = 1 }
		skip { if ($0 == "") { skip = 0 } ; next }
		{ print }'
}
note() {	# the base's "[NAME: ...]" paragraph of a changelog, on one line
	sed -n '/^Subject:/,/^---$/p' "$1" | awk -v tag="[$2: " '
		index($0, tag) == 1 { on = 1 }
		on && $0 == "" { exit }
		on { printf "%s%s", sep, $0; sep = " " }'
}
files() { sed -n 's|^diff --git a/\(.*\) b/.*|\1|p' "$1" | sort; }
mapfile -t series < <(sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$top/patches/series")
for d in "$top"/base/*/; do
	name=$(basename "$d")
	[[ $name == fixups ]] && continue
	n=$((n + 1))
	v=$d/versions.mk
	for k in KSRC_PKG KSRC_PKGVER PRISTINE KVERSION; do
		grep -q "^$k *:*=" "$v" 2>/dev/null || bad "$name: versions.mk gives no $k"
	done
	[[ -f $d/README ]] || bad "$name: no README saying what differs and why"
	from=
	if [[ -f $d/series-from ]]; then
		from=$(sed -n 's/^\([0-9a-f]\{7,40\}\).*/\1/p' "$d/series-from" | head -n 1)
		if [[ -z $from ]] || ! git -C "$top" cat-file -e "$from:patches/series" 2>/dev/null; then
			bad "$name: series-from names no commit of this repository with patches/ ('${from:-none}'; a shallow clone lacks it: git fetch --unshallow)"
			continue
		fi
		echo "ok: $name's own patches are ported from patches/ at $from, $(git -C "$top" rev-list --count "$from"..HEAD) commits ago: $(sed -n 2p "$d/series-from")"
		grep -qF "series-from" "$d/README" 2>/dev/null || bad "$name: README does not say that the base lags (series-from)"
	fi
	for p in "$d"patches/*.patch; do
		[[ -f $p ]] || continue
		b=${p##*/}
		if ! printf '%s\n' "${series[@]}" | grep -qxF "$b"; then
			bad "$name: patches/$b is not in patches/series"
			continue
		fi
		main=$top/patches/$b
		# A lagging base compares its own patches with patches/ at
		# series-from; one that patches/ did not have then is ported
		# from the current series, and compared with it.
		tmpmain=
		if [[ -n $from ]] && git -C "$top" cat-file -e "$from:patches/$b" 2>/dev/null; then
			main=$(mktemp) tmpmain=$main
			git -C "$top" show "$from:patches/$b" >"$main"
		elif [[ -n $from ]]; then
			echo "ok: $name's $b is not in $from: compared with the current patches/$b"
		fi
		why=$(note "$p" "$name")
		[[ $(msg "$p" "$name") == "$(msg "$main" "$name")" ]] ||
			bad "$name: $b's subject or changelog differs from patches/$b (beyond a '[$name: ...]' paragraph)"
		if [[ $(files "$p") != "$(files "$main")" ]]; then
			if [[ -n $why ]]; then
				echo "ok: $name's $b touches other files, as its changelog says:"
				diff <(files "$main") <(files "$p") | grep '^[<>]' | sed 's/^/    /' || true
			else
				bad "$name: $b touches other files than patches/$b and its changelog has no '[$name: ...]' saying why"
			fi
		fi
		[[ -z $why ]] || echo "ok: $name's $b says why it differs: ${why:0:200}$( ((${#why} > 200)) && echo ...)"
		grep -qF "$b" "$d/README" 2>/dev/null || bad "$name: README does not name $b"
		delta=$(diff <(body "$main") <(body "$p") | grep -c '^[<>]' || true)
		if ((delta == 0)) && [[ -n $tmpmain ]] && ! cmp -s "$p" "$top/patches/$b"; then
			echo "ok: $name holds $b as it was at $from (patches/$b has moved on)"
		elif ((delta == 0)); then
			bad "$name: $b is the same as patches/$b: drop it"
		else
			echo "ok: $name carries its own $b ($delta lines differ):"
			diff <(body "$main") <(body "$p") | grep '^[<>]' | head -n 12 | sed 's/^/    /' || true
		fi
		[[ -z $tmpmain ]] || rm -f "$tmpmain"
	done
	e=$d/mkbase-edits
	if [[ -f $e ]]; then
		while read -r fn; do
			if grep -q "^$fn() {" "$top/scripts/mkbase"; then
				echo "ok: $name's mkbase-edits redefines $fn()"
			else
				bad "$name: mkbase-edits defines $fn(), which is not a step function of scripts/mkbase"
			fi
		done < <(sed -n 's/^\([a-z_][a-z0-9_]*\)() *{.*/\1/p' "$e")
		grep -q "^# $name: " "$e" || bad "$name: mkbase-edits does not start its comment with '# $name: ' and why"
	fi
	for f in "$d"fixups/*.patch; do
		[[ -f $f ]] || continue
		b=${f##*/}
		[[ -f $top/base/fixups/$b ]] || bad "$name: fixups/$b replaces no base/fixups/$b"
		if [[ ! -s $f ]]; then
			echo "ok: $name drops base/fixups/$b"
		elif head -n 1 "$f" | grep -q "^$name: "; then
			echo "ok: $name carries its own fixups/$b: $(head -n 1 "$f" | cut -c1-60)..."
		else
			bad "$name: fixups/$b does not start with '$name: ' and why it differs"
		fi
	done
done
((n)) || { echo "SKIP: no base but the default"; exit 4; }
((fail == 0)) && echo "$n other base(s): their patches and fixups differ only where their trees do"
exit "$fail"
