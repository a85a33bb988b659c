#!/usr/bin/env bash
# x32's own numbers are decoded after the shared range (x32_decode()), so a
# native system call numbered 512 or more would take them for shared ones:
# the build must refuse that.  Compiles the patched kernel's
# arch/x86/entry/common.c with its own command line twice: as it is (it
# must build), and with a generated asm/unistd_64.h whose __NR_syscalls is
# 513 put first on the include path (it must fail on the assertion).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
obj=${X32E_BUILD:-$top/build}/obj-patched
cmdf=$obj/arch/x86/entry/.common.o.cmd
if [[ ! -f $cmdf ]] || ! grep -q '^CONFIG_X86_X32_ABI=y' "$obj/.config"; then
	echo "no x32 build of the patched kernel in $obj ('make kernel')"
	exit 4
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The compiler command Kbuild used, writing elsewhere (savedcmd_ since
# 6.3, cmd_ before: debian-6.1).
cmd=$(sed -n 's/^\(saved\)\{0,1\}cmd_[^ ]* := //p' "$cmdf")
[[ -n $cmd ]] || { echo "FAIL: no saved command in $cmdf"; exit 1; }
# The compiler alone: 6.1's saved command goes on to run objtool on the
# build's own common.o ('; ./tools/objtool/objtool ...'), which must not
# be touched, and whose status would hide the compiler's.
cmd=${cmd%%;*}
cmd=${cmd/ -o arch\/x86\/entry\/common.o / -o $work/common.o }
cmd=${cmd/-Wp,-MMD,arch\/x86\/entry\/.common.o.d/-Wp,-MMD,$work/common.d}
run() { (cd "$obj" && eval "$1") >"$work/out" 2>&1; }

if ! run "$cmd"; then
	echo "FAIL: common.c does not build with its own command line:"
	tail -n 20 "$work/out"
	exit 1
fi
echo "ok: common.c builds with NR_syscalls $(sed -n 's/^#define __NR_syscalls \([0-9]*\).*/\1/p' "$obj/arch/x86/include/generated/uapi/asm/unistd_64.h")"

mkdir -p "$work/inc/asm"
sed 's/^#define __NR_syscalls .*/#define __NR_syscalls 513/' \
	"$obj/arch/x86/include/generated/uapi/asm/unistd_64.h" >"$work/inc/asm/unistd_64.h"
grep -q '__NR_syscalls 513' "$work/inc/asm/unistd_64.h" ||
	{ echo "FAIL: no __NR_syscalls in the generated unistd_64.h"; exit 1; }
if run "${cmd/ -nostdinc / -nostdinc -I$work/inc }"; then
	echo "FAIL: common.c builds with a native number 512: no build-time guard"
	exit 1
fi
if ! grep -q 'static assert.*NR_syscalls <= X32_OWN_FIRST\|NR_syscalls <= X32_OWN_FIRST' "$work/out"; then
	echo "FAIL: common.c fails with NR_syscalls 513, but not on the guard:"
	grep -m5 'error' "$work/out"
	exit 1
fi
echo "ok: with NR_syscalls 513 the build stops: $(grep -m1 'error' "$work/out" | sed 's/^.*error: //')"
