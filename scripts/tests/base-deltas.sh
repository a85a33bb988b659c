#!/usr/bin/env bash
# One series for every base: what another base (base/NAME/) carries in
# place of the default's is only what its tree makes differ, and says why.
#   base/NAME/patches/P replaces patches/P: P is in patches/series, has
#     the same subject, changelog and files, and base/NAME/README names it;
#     the lines that differ (beyond index and hunk headers) are printed.
#   base/NAME/fixups/F replaces (or, empty, drops) base/fixups/F: F exists
#     there, and its header starts with "NAME:" saying why.
#   base/NAME/versions.mk gives what prepare-base needs.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
fail=0 n=0
bad() { echo "FAIL: $*"; fail=1; }
body() {	# the patch without what a different base changes by itself
	grep -vE '^(index [0-9a-f]+\.\.[0-9a-f]+|@@ .* @@)' "$1"
}
msg() {	# subject and changelog: up to the first diff
	sed -n '/^Subject:/,/^---$/p' "$1"
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
	for p in "$d"patches/*.patch; do
		[[ -f $p ]] || continue
		b=${p##*/}
		if ! printf '%s\n' "${series[@]}" | grep -qxF "$b"; then
			bad "$name: patches/$b is not in patches/series"
			continue
		fi
		main=$top/patches/$b
		[[ $(msg "$p") == "$(msg "$main")" ]] || bad "$name: $b's subject or changelog differs from patches/$b"
		[[ $(files "$p") == "$(files "$main")" ]] || bad "$name: $b touches other files than patches/$b"
		grep -qF "$b" "$d/README" 2>/dev/null || bad "$name: README does not name $b"
		delta=$(diff <(body "$main") <(body "$p") | grep -c '^[<>]' || true)
		if ((delta == 0)); then
			bad "$name: $b is the same as patches/$b: drop it"
		else
			echo "ok: $name carries its own $b ($delta lines differ):"
			diff <(body "$main") <(body "$p") | grep '^[<>]' | head -n 12 | sed 's/^/    /' || true
		fi
	done
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
