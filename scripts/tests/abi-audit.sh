#!/usr/bin/env bash
# Every place where the kernel tells compat callers apart gives x32
# mainline's answer: scripts/abi-audit on the pristine tree and the patched
# one passes (each x32-specific site is in abi/sites, covered by a patch of
# the series and a selftest, or kept/out-of-scope with a reason).
#
# First the audit's own checks, on two small made-up trees: it passes when
# the manifest covers every site, and fails, naming the site, when a site
# is unlisted or its patch is not in the series.  Then the real trees.
# Exit 0 pass, 1 fail, 4 skip (a tree is missing).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
audit=$top/scripts/abi-audit
# shellcheck source=scripts/versions
. "$top/scripts/versions"
pristine=${X32E_BUILD:-$top/build}/$(x32e_var PRISTINE)
patched=${X32E_BUILD:-$top/build}/linux
for t in "$pristine" "$patched"; do
	[[ -d $t/arch/x86 ]] || { echo "SKIP: $t missing (make base-tree series)"; exit 4; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# --- the audit's own checks -------------------------------------------------
mk() {	# mk DIR: a tree with one x32 site and one generic one
	mkdir -p "$1/arch/x86/kernel" "$1/kernel"
	cat >"$1/arch/x86/kernel/foo.c" <<'EOF'
int foo_layout(void)
{
	if (in_x32_syscall())
		return 64;
	return 32;
}
EOF
	cat >"$1/kernel/bar.c" <<'EOF'
int bar(void)
{
	return in_compat_syscall() ? 1 : 0;
}
EOF
}
mk "$tmp/a"
mk "$tmp/b"
# The patched tree changes foo_layout() and adds a site of its own; bar()
# differs in a comment only.
sed -i 's/return 64;/return 8 * 8;/' "$tmp/b/arch/x86/kernel/foo.c"
sed -i 's|return in_compat_syscall|/* compat */ return in_compat_syscall|' "$tmp/b/kernel/bar.c"
cat >>"$tmp/b/arch/x86/kernel/foo.c" <<'EOF'

int foo_extra(void)
{
	return in_x32_syscall();
}
EOF
mkdir -p "$tmp/patches" "$tmp/selftests"
cat >"$tmp/patches/0001-x86-foo.patch" <<'EOF'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
Subject: [PATCH 1/1] x86/foo: Give x32 callers the
 64-bit layout

diff --git a/arch/x86/kernel/foo.c b/arch/x86/kernel/foo.c
EOF
echo 0001-x86-foo.patch >"$tmp/patches/series"
echo 'TEST_GEN_PROGS_X32 := x32_foo' >"$tmp/selftests/Makefile"
cat >"$tmp/sites" <<'EOF'
patch foo = x86/foo: Give x32 callers the 64-bit layout
patch later = x86/bar: ...
arch/x86/kernel/foo.c:foo_layout | patch=foo test=x32_foo | 64
arch/x86/kernel/foo.c:foo_extra | patch=foo test=x32_foo | the x32 case
kernel/bar.c:bar | kept: a comment differs | compat branch
EOF
self() {	# self NAME EXPECTED-STATUS PATTERN MANIFEST
	local out rc
	out=$("$audit" --pristine "$tmp/a" --patched "$tmp/b" --manifest "$4" \
		--series "$tmp/patches/series" --selftests "$tmp/selftests/Makefile" 2>&1)
	rc=$?
	if [[ $rc != "$2" ]] || ! grep -q -- "$3" <<<"$out"; then
		echo "FAIL: self-check '$1': exit $rc (want $2), output:"
		sed 's/^/    /' <<<"$out"
		fail=1
	else
		echo "ok: self-check '$1'"
	fi
}
self "every site covered" 0 '2 covered, 1 kept' "$tmp/sites"
grep -v foo_extra "$tmp/sites" >"$tmp/sites-unlisted"
self "an unlisted site fails" 1 'error: arch/x86/kernel/foo.c:foo_extra: x32-specific site (only in the patched tree) not in abi/sites' "$tmp/sites-unlisted"
sed 's/foo_extra | patch=foo/foo_extra | patch=later/' "$tmp/sites" >"$tmp/sites-later"
self "a planned patch is not yet covered" 1 'foo_extra: not yet covered: patch "x86/bar: ..." is not in patches/series' "$tmp/sites-later"
sed 's/foo_layout | patch=foo test=x32_foo/foo_layout | kept: same/' "$tmp/sites" >"$tmp/sites-kept"
self "kept on changed code fails" 1 'foo_layout: abi/sites:3: .kept. but the site differs between the trees' "$tmp/sites-kept"
grep -v '^kernel/bar.c' "$tmp/sites" >"$tmp/sites-nobar"
self "a site differing in comments only is listed too" 1 'kernel/bar.c:bar: x32-specific site (differs in comments only)' "$tmp/sites-nobar"

# --- the real trees ---------------------------------------------------------
echo
echo "scripts/abi-audit: $pristine against $patched"
start=$(date +%s)
"$audit" --pristine "$pristine" --patched "$patched" --markdown >"$tmp/report.md" || fail=1
tail -1 "$tmp/report.md"
echo "(audit took $(( $(date +%s) - start ))s)"
# The committed report (abi/REPORT.md) and the README's layout table are
# this run's output, not an older one.  The report is the default base's:
# on another (make BASE=) the audit must pass, and how its report differs
# is shown, not held against it.
if [[ ${X32E_BASE:-} && $X32E_BASE != "$(x32e_var DEFAULT_BASE)" ]]; then
	cp "$tmp/report.md" "${X32E_BUILD:-$top/build}/abi-report.md"
	echo "$X32E_BASE: the audit's report is in ${X32E_BUILD:-$top/build}/abi-report.md;" \
		"$(diff "$top/abi/REPORT.md" "$tmp/report.md" | grep -c '^[<>]' || true) lines differ from abi/REPORT.md (debian-6.12's)"
elif ! diff -u "$top/abi/REPORT.md" "$tmp/report.md" >"$tmp/report.diff"; then
	echo "FAIL: abi/REPORT.md is not what the audit prints now (scripts/abi-audit --markdown >abi/REPORT.md):"
	head -20 "$tmp/report.diff" | sed 's/^/    /'
	fail=1
fi
# The layouts are the x32 ABI's, the same on every base; they are built
# against the pristine tree's uapi headers, exported as headers_install
# would.  Another base's may not build against glibc: 6.1's asm/signal.h
# includes linux/time.h, whose structures glibc's sys/time.h defines
# again.  There they are built against the system's (linux-libc-dev).
lay_headers=()
if [[ ${X32E_BASE:-} && $X32E_BASE != "$(x32e_var DEFAULT_BASE)" ]]; then
	lay_headers=(--headers system)
	echo "$X32E_BASE: the layout table is built against the system's uapi headers"
fi
"$audit" layouts --pristine "$pristine" --patched "$patched" "${lay_headers[@]}" >"$tmp/layouts.txt" || fail=1
sed -n '/^    value  *x86-64  *x32  *i386$/,/^$/s/^    //p' "$top/README" | sed -e '/^$/d' -e 's/ *$//' >"$tmp/readme-layouts.txt"
if ! diff -u "$tmp/readme-layouts.txt" <(sed -n '/^value/,/^$/p' "$tmp/layouts.txt" | sed -e '/^$/d' -e 's/ *$//') >"$tmp/layouts.diff"; then
	echo "FAIL: the README's layout table is not what 'scripts/abi-audit layouts' prints now:"
	head -20 "$tmp/layouts.diff" | sed 's/^/    /'
	fail=1
fi
exit $fail
