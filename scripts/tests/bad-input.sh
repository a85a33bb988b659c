#!/usr/bin/env bash
# Bad input gets a clear error and leaves nothing half-done: a kernel tree
# of another version, a patch that does not apply, a config option that
# does not take.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# A tree of another version: one that no base is (a base's own version,
# 6.1 on debian-6.1, would be accepted and replace that base's tree).
# shellcheck source=scripts/versions
. "$top/scripts/versions"
want=$(x32e_var KVERSION)
mkdir -p "$tmp/old"
printf 'VERSION = 5\nPATCHLEVEL = 4\nSUBLEVEL = 99\n' >"$tmp/old/Makefile"
out=$("$top/scripts/prepare-base" --ksrc "$tmp/old" 2>&1) && bad "a 5.4 tree was accepted"
grep -qF "is Linux 5.4.99; this series is for ${want%.*}.y" <<<"$out" || bad "no clear version error: $out"
echo "ok: another version is refused: $(head -n 1 <<<"$out")"

# A patch that does not apply: named, with its file; the tree as it was.
tree=$tmp/tree
git -C "${X32E_BUILD:-$top/build}/base" worktree add -q --detach "$tree" base || bad "no worktree"
head_before=$(git -C "$tree" rev-parse HEAD)
mkdir -p "$tmp/patches"
# The series as this base applies it (base/NAME/patches stand in).
while read -r p; do cp "$p" "$tmp/patches/"; done < <("$top/scripts/series-files")
cp "$top/patches/series" "$tmp/patches/series"
cat >"$tmp/patches/9999-broken.patch" <<'P'
From: x32-entry test <x32-entry@localhost>
Subject: [PATCH] test: A patch that does not apply

Signed-off-by: x32-entry test <x32-entry@localhost>
---
 Makefile | 1 +
 1 file changed, 1 insertion(+)

diff --git a/Makefile b/Makefile
--- a/Makefile
+++ b/Makefile
@@ -1,3 +1,4 @@
 # This line is not in the kernel's Makefile
+# nor this one
 VERSION = 6
 PATCHLEVEL = 12
-- 
P
echo 9999-broken.patch >>"$tmp/patches/series"
out=$("$top/scripts/apply-series" "$tmp/patches" "$tree" 2>&1) && bad "a broken patch applied"
grep -q 'patch .*9999-broken.patch, does not apply to the base (at Makefile)' <<<"$out" ||
	bad "the error does not name the patch and file: $out"
[[ $(git -C "$tree" rev-parse HEAD) == "$head_before" ]] || bad "the tree moved"
[[ -z $(git -C "$tree" status --porcelain --untracked-files=no) ]] || bad "the tree is dirty"
echo "ok: a broken patch is named: $(head -n 1 <<<"$out")"
rm -rf "$tree"
git -C "${X32E_BUILD:-$top/build}/base" worktree prune

# A config option that does not take (and one that does not exist).
printf 'CONFIG_X86_X32_NOT_AN_OPTION=y\n' >"$tmp/bad.config"
out=$("$top/scripts/build-kernel" "${X32E_BUILD:-$top/build}/base" "$tmp/obj" "$tmp/bzImage" \
	"$top/configs/base.config" "$tmp/bad.config" 2>&1) && bad "a bogus option was accepted"
grep -q 'CONFIG_X86_X32_NOT_AN_OPTION=y (have: not in .config)' <<<"$out" ||
	bad "the missing option is not named: $out"
echo "ok: an option that did not take is named"
exit $fail
