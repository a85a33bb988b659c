#!/usr/bin/env bash
# make export's forms, each used as its users use it, must give the tree
# the series gives (build/linux): the mbox with git am onto the base, the
# quilt directory with quilt push -a and with patch -p1 onto Debian's
# pristine tree, the Debian directory's series.add with quilt onto that
# tree (Debian's queue applied, as linux-source ships it).  The export runs
# in a copy of what it reads, with no identity configured (it must refuse,
# naming git config) and then with one (every patch must carry it, and
# nothing of the placeholder).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${X32E_BUILD:-$top/build}
# shellcheck source=scripts/versions
. "$top/scripts/versions"
if [[ ${X32E_BASE:-} && $X32E_BASE != "$(x32e_var DEFAULT_BASE)" ]]; then
	echo "the export is of the $(x32e_var DEFAULT_BASE) base; this is $X32E_BASE"
	exit 4
fi
pristine=$build/$(x32e_var PRISTINE) tree=$build/linux base=$build/base
for d in "$pristine" "$tree" "$base"; do
	[[ -d $d ]] || { echo "SKIP: $d missing (make series, without KSRC=)"; exit 4; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# A copy of what the export reads, in a repository of its own.
sb=$tmp/sandbox
mkdir -p "$sb/scripts"
cp -a "$top/versions.mk" "$top/patches" "$top/base" "$sb/"
cp -a "$top/scripts/export" "$top/scripts/series-files" "$top/scripts/versions" "$sb/scripts/"
git -C "$sb" init -q
noid=(env HOME="$tmp" GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null)
if msg=$("${noid[@]}" "$sb/scripts/export" "$tmp/out" 2>&1); then
	bad "the export ran with no identity configured"
elif grep -q "git config --global user.name" <<<"$msg"; then
	echo "ok: with no identity the export refuses and says how to set one"
else
	bad "with no identity the export failed without saying how to set one: $msg"
fi
ident='Exporter Test <exporter@example.org>'
git -C "$sb" config user.name 'Exporter Test'
git -C "$sb" config user.email exporter@example.org
"${noid[@]}" "$sb/scripts/export" "$tmp/out" >"$tmp/export.log" 2>&1 ||
	{ cat "$tmp/export.log"; bad "the export failed"; exit 1; }
out=$tmp/out
mapfile -t names < <("$top/scripts/series-files" | xargs -n1 basename)
n=${#names[@]}

# Identity: each patch From: the exporter and signed off by them.
for f in "$out"/quilt/patches/*.patch "$out"/debian/features/x86/x32-entry/*.patch; do
	grep -qx "From: $ident" "$f" && grep -qx "Signed-off-by: $ident" "$f" ||
		bad "$(basename "$f") lacks the exporter's From: or Signed-off-by:"
	! grep -q 'x32-entry@localhost' "$f" || bad "$(basename "$f") keeps the placeholder identity"
done
[[ $(grep -c "^Signed-off-by: $ident" "$out/mbox/"*.mbox) == $((n + 1)) ]] ||
	bad "the mbox has not $((n + 1)) sign-offs of the exporter"
grep -q '^Applies to: ' "$out/mbox/"*.mbox || bad "the mbox's cover letter has no Applies to: line"
grep -q '^Link: https://lore.kernel.org/' "$out/mbox/"*.mbox || bad "the mbox's cover letter has no Link: to the threads it cites"
((fail)) || echo "ok: $n patches and the cover letter carry the exporter's identity, Applies to: and Link:s"

# DEP-3: the fields Debian's patch tooling reads.
for f in "$out"/debian/features/x86/x32-entry/*.patch; do
	for h in From Subject Origin Forwarded Last-Update; do
		sed '/^$/q' "$f" | grep -q "^$h: " || bad "$(basename "$f"): no DEP-3 $h: in its header"
	done
done
((fail)) || echo "ok: the Debian patches have DEP-3 headers"

# The files the base patch and the series touch, from the pristine tree.
sparse() {
	local d=$1 f
	mkdir -p "$d"
	for f in $(cat "$out"/quilt/patches/*.patch | sed -n 's|^diff --git a/\(.*\) b/.*|\1|p' | sort -u); do
		if [[ -f $pristine/$f ]]; then
			mkdir -p "$d/$(dirname "$f")"
			cp "$pristine/$f" "$d/$f"
		fi
	done
}
# A tree after base patch and series must equal build/linux, file by file.
same() {
	local d=$1 what=$2 f ok=1
	for f in $(cat "$out"/quilt/patches/*.patch | sed -n 's|^diff --git a/.* b/\(.*\)|\1|p' | sort -u); do
		if [[ -e $tree/$f ]]; then
			cmp -s "$d/$f" "$tree/$f" || { bad "$what: $f differs from build/linux"; ok=0; }
		elif [[ -s $d/$f ]]; then
			bad "$what: $f exists, but not in build/linux"; ok=0
		fi
	done
	((ok)) && echo "ok: $what gives build/linux's files"
}

# quilt push -a, then patch -p1 in series order.
sparse "$tmp/quilt"
cp -a "$out/quilt/patches" "$tmp/quilt/patches"
if (cd "$tmp/quilt" && QUILT_PATCHES=patches quilt push -a -q >"$tmp/quilt.log" 2>&1); then
	same "$tmp/quilt" "quilt push -a of quilt/patches onto $(x32e_var KSRC_PKG)"
else
	bad "quilt push -a of quilt/patches failed: $(tail -n 3 "$tmp/quilt.log")"
fi
sparse "$tmp/p1"
while read -r q; do
	patch -p1 -s --batch --no-backup-if-mismatch -d "$tmp/p1" <"$out/quilt/patches/$q" ||
		{ bad "$q does not apply with patch -p1"; break; }
done <"$out/quilt/patches/series"
same "$tmp/p1" "patch -p1 of quilt/patches in series order"

# Debian: series.add appended to a queue, pushed with quilt.
sparse "$tmp/deb"
mkdir -p "$tmp/deb/debian/patches"
cp -a "$out/debian/features" "$tmp/deb/debian/patches/"
cp "$out/debian/series.add" "$tmp/deb/debian/patches/series"
if (cd "$tmp/deb" && QUILT_PATCHES=debian/patches quilt push -a -q >"$tmp/deb.log" 2>&1); then
	same "$tmp/deb" "quilt push -a of debian/series.add onto $(x32e_var KSRC_PKG)"
else
	bad "quilt push -a of debian/series.add failed: $(tail -n 3 "$tmp/deb.log")"
fi

# git am of the mbox onto the base: the same tree as build/linux's.
wt=$tmp/am
git -C "$base" worktree add -q --detach "$wt" base
if git -C "$wt" -c user.name=t -c user.email=t@t am -q --empty=drop "$out/mbox/"*.mbox >"$tmp/am.log" 2>&1; then
	if [[ $(git -C "$wt" rev-parse 'HEAD^{tree}') == $(git -C "$tree" rev-parse 'HEAD^{tree}') ]]; then
		echo "ok: git am --empty=drop of the mbox gives build/linux's tree ($(git -C "$wt" rev-list --count base..HEAD) commits)"
	else
		bad "git am of the mbox gives another tree than build/linux's"
	fi
	[[ $(git -C "$wt" log --format='%an <%ae>' base..HEAD | sort -u) == "$ident" ]] ||
		bad "git am of the mbox gives commits not authored by the exporter"
else
	bad "git am of the mbox failed: $(tail -n 3 "$tmp/am.log")"
fi
git -C "$base" worktree remove --force "$wt"
exit $fail
