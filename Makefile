# x32-entry: the x32 system-call ABI as a patch series, and the harness
# that builds, boots and tests it.
#
#   make            get what is missing, prepare the base, apply the series,
#                   build the kernels and the initramfs, boot them under
#                   QEMU, run the selftests, print a summary
#   make check      the whole test suite (ends with 'N passed, N failed')
#   make help       this, and every target with what it does: the '## '
#                   lines above each target in this Makefile
#   make KSRC=/path/to/linux ...   use your own 6.12 tree as the base
#   make LLVM=-19 ...              the kernels built with clang-19 and
#                   ld.lld-19, in build/llvm/ (README)
#   make BASE=vanilla-6.12 ...     another tested base (README, Bases):
#                   debian-6.12 (the default), vanilla-6.12 or
#                   debian-6.1; its build output goes to build/BASE/
#
# Build output goes to build/.

MAKEFILE_SELF := $(lastword $(MAKEFILE_LIST))
include versions.mk

# The base: debian-6.12 (versions.mk) or another whose base/NAME/versions.mk
# says where its tree comes from and overrides versions.mk.
BASE      ?= $(DEFAULT_BASE)
ifneq ($(BASE),$(DEFAULT_BASE))
ifeq ($(wildcard base/$(BASE)/versions.mk),)
$(error BASE=$(BASE) is not a base of this series: use $(DEFAULT_BASE) or one of $(patsubst base/%/versions.mk,%,$(wildcard base/*/versions.mk)))
endif
include base/$(BASE)/versions.mk
endif
export X32E_BASE := $(BASE)

# LLVM=-19 (Debian 12's clang-19, lld-19 and llvm-objcopy-19; LLVM=1 takes
# the unversioned clang) builds every kernel with LLVM, in a build
# directory of its own, build/llvm/ (README, Building with LLVM).  The make
# of the kernel reads LLVM from the command line, as for any kernel build.
BUILD     := $(CURDIR)/build$(if $(filter-out $(DEFAULT_BASE),$(BASE)),/$(BASE))$(if $(LLVM),/llvm)
ifneq ($(LLVM),)
# make bench's committed results for the LLVM kernels are files of their own.
export X32E_RESULTS := bench/RESULTS-llvm.md
export X32E_CHART := bench/bench-llvm.svg
endif
export X32E_BUILD := $(BUILD)
KSRC      ?=
BASETREE  := $(BUILD)/base
TREE      := $(BUILD)/linux
CONFIGS   := $(CURDIR)/configs/base.config
CONFIGS_X32 := $(CONFIGS) $(CURDIR)/configs/x32.config
# $(1) goes to the shell in single quotes: each of its own is written '\''.
STEP       = @printf '\n==> %s  [%s, %ss since start]\n' '$(subst ','\'',$(1))' "$$(date +%T)" "$$(( $$(date +%s) - $(START) ))"
START     := $(shell date +%s)

# The patched kernel gets x32 once the series brings the Kconfig option.
SERIES_LEN := $(shell sed -e 's/\#.*//' -e '/^[[:space:]]*$$/d' patches/series 2>/dev/null | wc -l)
PATCHED_CONFIGS := $(if $(filter 0,$(SERIES_LEN)),$(CONFIGS),$(CONFIGS_X32))

# The kernels the suites boot: the series (x32 on; and built without x32,
# and without IA32_EMULATION), the base, and mainline's x32 (the reference:
# Debian's pristine tree, absent when KSRC= names another base).
SUITE_KERNELS := kernel nox32-kernel noia32-kernel base-kernel $(if $(KSRC),,reference-kernel)
export X32E_NO_REFERENCE := $(if $(KSRC),1)

## get what is missing, prepare the base, apply the series, build the
## kernels and the initramfs, boot them under QEMU, run the selftests,
## print a summary (what 'make' does)
all: deps $(SUITE_KERNELS) initramfs
	$(call STEP,booting the kernels and running the selftests)
	@scripts/check --suites

## the whole test suite: the guest suites, the x86 selftests and the
## repository checks (scripts/tests); ends with 'N passed, N failed'
check: deps $(SUITE_KERNELS) initramfs x86-selftests
	$(call STEP,make check: guest suites and x86 selftests; repository checks)
	@scripts/check

## the guest suites and upstream's x86 selftests, compared test by test,
## without the repository checks
check-x86: deps $(SUITE_KERNELS) initramfs x86-selftests
	$(call STEP,guest suites and the x86 selftests of the kernel tree)
	@scripts/check --x86

## the x32 suite on another kernel: KERNEL=/boot/vmlinuz-... (booted with
## syscall.x32=y) and, for a modular one, MODULES=/lib/modules/VERSION
check-kernel: deps initramfs
	$(call STEP,the x32 suite on $(KERNEL))
	@test -n "$(KERNEL)" || { echo "check-kernel: give KERNEL=/path/to/vmlinuz (and MODULES=/lib/modules/VERSION)" >&2; exit 2; }
	@scripts/check --kernel $(KERNEL) $(if $(MODULES),--modules $(MODULES))

## the x32 suite, the fuzzer (DEBUG_CALLS=, 100000) and the load test on
## the patched kernel built with KASAN, UBSAN, KFENCE, lockdep and the
## kernel's debug checks (configs/debug.config); any report in its kernel
## log fails
check-debug: deps debug-kernel initramfs
	$(call STEP,make check-debug: the x32 suite on the debug kernel; its log scanned)
	@scripts/check --kernel $(BUILD)/bzImage-debug --reports
	$(call STEP,make check-debug: the fuzzer on the debug kernel; its log scanned)
	@scripts/fuzz --ours $(BUILD)/bzImage-debug --alone --calls $(or $(DEBUG_CALLS),100000)
	$(call STEP,make check-debug: x32 and native load on the debug kernel; its log scanned)
	@scripts/load --kernel $(BUILD)/bzImage-debug

## 64 x32 and 64 native processes for 60 s on the patched kernel, x32
## turned off halfway
load: deps kernel
	$(call STEP,make load: x32 and native load on the patched kernel)
	@scripts/load

## the patched and the pristine tree built with Debian's own config of
## the same kernel (versions.mk DISTRO_PKG, X86_X32_DISABLED=y): warnings
## compared, the x32 suite booted on ours and on Debian's binary kernel,
## syscall cost against Debian's; build/distro/report.txt (about 45 min;
## not in CI)
distro-check: deps series initramfs
	$(call STEP,make distro-check: the series with the config of Debian and against its kernel)
	@scripts/distro-check

## the same x32 programs (differential/) on the patched kernel and on the
## reference, everything they print compared: what a signal handler starts
## with, the frame, what sigreturn restores (OURS=bzImage to compare another)
differential: deps kernel reference-kernel
	$(call STEP,make differential: differential/ on the patched kernel and on the reference)
	@scripts/differential $(if $(OURS),--ours $(OURS))

## the dispatch built without IBT and retpolines: every number that
## do_syscall_64() hands a switch is clamped to that switch's range
dispatch-check: deps kernel
	$(call STEP,make dispatch-check: the entry objects without IBT and retpolines)
	@scripts/dispatch-check $(TREE) $(BUILD)/obj-patched/.config $(BUILD)/obj-dispatch

## the differential x32 fuzzer: the same seed on the patched kernel and on
## the reference; build/fuzz.json (SEED=, CALLS= to change them)
fuzz: deps kernel reference-kernel
	$(call STEP,make fuzz: x32fuzz on the patched kernel and on the reference)
	@scripts/fuzz $(if $(SEED),--seed $(SEED)) $(if $(CALLS),--calls $(CALLS))

## install the Debian packages the build, the runner and the selftests
## need (scripts/install-deps; not as root, it prints the apt-get line)
deps:
	$(call STEP,checking Debian packages)
	@scripts/install-deps

## the base, Debian's tree (or KSRC=) with x32 removed: build/base, a git
## repository tagged 'base'
base-tree: deps
	$(call STEP,preparing the $(BASE) base tree (x32 removed) in $(BASETREE))
	@scripts/prepare-base $(if $(KSRC),--ksrc $(KSRC))

## patches/series applied with git am to build/linux, a worktree of the
## base ('git -C build/linux log --oneline base..' lists it)
series: base-tree
	$(call STEP,applying patches/series to $(TREE))
	@scripts/apply-series

## the patched kernel, x32 on: build/bzImage-patched (objects, vmlinux
## and .config in build/obj-patched)
kernel: series
	$(call STEP,building the patched kernel)
	@scripts/build-kernel $(TREE) $(BUILD)/obj-patched $(BUILD)/bzImage-patched $(PATCHED_CONFIGS)

# Variants of the patched kernel start from its objects (build-kernel
# --seed): Kbuild rebuilds only what the changed options reach.
## the patched kernel without x32 (CONFIG_X86_X32_ABI=n): build/bzImage-nox32
nox32-kernel: kernel
	$(call STEP,building the patched kernel without x32 (CONFIG_X86_X32_ABI=n))
	@scripts/build-kernel --seed $(BUILD)/obj-patched $(TREE) $(BUILD)/obj-nox32 $(BUILD)/bzImage-nox32 $(CONFIGS) $(CURDIR)/configs/nox32.config

## the patched kernel with x32 and without IA32_EMULATION:
## build/bzImage-noia32
noia32-kernel: kernel
	$(call STEP,building the patched kernel with x32 and without IA32_EMULATION)
	@scripts/build-kernel --seed $(BUILD)/obj-patched $(TREE) $(BUILD)/obj-noia32 $(BUILD)/bzImage-noia32 $(CONFIGS_X32) $(CURDIR)/configs/noia32.config

## the base kernel, without x32: build/bzImage-base
base-kernel: base-tree
	$(call STEP,building the base kernel)
	@scripts/build-kernel $(BASETREE) $(BUILD)/obj-base $(BUILD)/bzImage-base $(CONFIGS)

REFERENCE_CHECK = @test -d $(BUILD)/$(PRISTINE) || { echo "$@: $(BUILD)/$(PRISTINE) missing: it is the pristine tree, unpacked by 'make base-tree' without KSRC=" >&2; exit 1; }

## the reference: the pristine tree with mainline's own x32 (not with
## KSRC=): build/bzImage-reference
reference-kernel: base-tree
	$(call STEP,building the reference kernel: the pristine $(BASE) tree with its own x32)
	$(REFERENCE_CHECK)
	@$(if $(LLVM),X32E_MAKE_ARGS="OBJCOPY=objcopy LD=ld" )scripts/build-kernel $(BUILD)/$(PRISTINE) $(BUILD)/obj-reference $(BUILD)/bzImage-reference $(CONFIGS_X32)

## the patched kernel with sanitizers and lockdep (configs/debug.config):
## build/bzImage-debug
debug-kernel: series
	$(call STEP,building the sanitizer and debug kernel)
	@scripts/build-kernel $(TREE) $(BUILD)/obj-debug $(BUILD)/bzImage-debug $(CONFIGS_X32) $(CURDIR)/configs/debug.config

# Its vmlinux has measured the same size as the base kernel's (the base
# removes only code under CONFIG_X86_X32_ABI), so make bench does without
# this kernel and uses it when it is there.
## the pristine tree without x32, the reference's own footprint baseline:
## build/bzImage-reference-nox32
reference-nox32-kernel: base-tree
	$(call STEP,building the reference tree without x32)
	$(REFERENCE_CHECK)
	@$(if $(LLVM),X32E_MAKE_ARGS="OBJCOPY=objcopy LD=ld" )scripts/build-kernel $(BUILD)/$(PRISTINE) $(BUILD)/obj-reference-nox32 $(BUILD)/bzImage-reference-nox32 $(CONFIGS)

# With LLVM= the reference is linked by GNU ld and the base by ld.lld, whose
# data layouts differ: the reference's own build without x32 is then its
# footprint baseline.
## syscall cost, footprint and userland figures (-m64, -mx32, -m32) of x32
## on the base, patched and reference kernels (README); BENCH_ARGS= for
## scripts/bench (--update-results writes bench/RESULTS.md)
bench: kernel base-kernel reference-kernel $(if $(LLVM),reference-nox32-kernel) initramfs
	$(call STEP,make bench: syscall cost and footprint of x32; userland -m64 -mx32 -m32)
	@scripts/bench $(BENCH_ARGS)

## the x32 kselftests, built and installed from the patched tree by
## kselftest's own Makefile (make -C tools/testing/selftests TARGETS=x32
## install), with the harness's runner and helpers beside them: build/stage
selftests: series
	$(call STEP,building the x32 kselftests from $(TREE))
	@scripts/build-selftests $(TREE) $(BUILD)/stage

## the guests' initramfs: busybox, the harness's init and the staged
## selftests: build/initramfs.cpio
initramfs: selftests base-tree
	$(call STEP,building the initramfs)
	@scripts/mkinitramfs $(BASETREE) $(BUILD)/stage $(BUILD)/initramfs.cpio

# Checked by scripts/tests/export.sh in make check.
## the series as an mbox (git am, b4), a quilt directory (quilt, patch -p1)
## and a Debian drop-in with DEP-3 headers, signed by you (git config):
## build/export/
export:
	$(call STEP,make export: the series as an mbox and as quilt and Debian patch directories in $(BUILD)/export)
	@scripts/export $(BUILD)/export

## every place where the kernel tells compat callers apart, in mainline's
## tree and in ours, against abi/sites (also run by make check)
abi-audit: series
	$(call STEP,abi-audit: the compat sites of mainline's tree and ours)
	@scripts/abi-audit --pristine $(BUILD)/$(PRISTINE) --patched $(TREE)

## upstream's tools/testing/selftests/x86, 64- and 32-bit, in an initramfs
## of their own: build/initramfs-x86.cpio (make check runs them on the
## base, the patched kernel and the reference)
x86-selftests: initramfs base-tree
	$(call STEP,building the x86 selftests of the kernel tree)
	@scripts/x86-selftests $(BASETREE) $(BUILD)/initramfs.cpio $(BUILD)/initramfs-x86.cpio

# scripts/peer says more; CI runs some of them (.ci/run).
## test suites nobody here wrote (upstream's x86 selftests, libseccomp's
## live tests, strace's x32 tests) and ours as kselftest runs it, on the
## base, the patched kernel with x32 off and on, and the reference: one
## table (build/peer.txt, build/peer.json); PEER_SUITES="..." runs some
peer: deps $(SUITE_KERNELS) initramfs x86-selftests
	$(call STEP,make peer: the peer suites on base / x32-off / x32-on / reference)
	@scripts/peer $(if $(PEER_SUITES),--suites "$(PEER_SUITES)")

## with BASE=NAME: the series moved onto that base's tree patch by patch,
## a report per patch (clean, offsets, fuzz, needs a human), then make
## check there
refresh: base-tree
	$(call STEP,make refresh: patches/series onto the $(BASE) base, patch by patch)
	@scripts/refresh $(BASETREE)
	@$(MAKE) --no-print-directory check

## the kernel built at every patch of the series, x32 on and off;
## ONLY=FIRST-LAST or ONLY=N: only those patches (from 1)
bisect-check: base-tree
	$(call STEP,building the kernel at every patch of the series$(if $(ONLY), (patches $(ONLY))))
	@scripts/bisect-check $(if $(ONLY),--patches $(ONLY))

## remove the kernels' objects and images, the stage, the initramfs and
## the logs; the trees stay
clean:
	rm -rf $(BUILD)/obj-* $(BUILD)/kselftest $(BUILD)/stage $(BUILD)/*.cpio $(BUILD)/bzImage-* $(BUILD)/logs

## remove build/ (build/BASE/ with BASE=) and everything in it
distclean:
	rm -rf $(BUILD)

## every target and what it does (from the '## ' lines in this Makefile)
help:
	@scripts/make-help $(MAKEFILE_SELF)

.PHONY: help differential dispatch-check distro-check refresh export all check check-x86 check-kernel check-debug debug-kernel fuzz load peer deps base-tree series kernel nox32-kernel noia32-kernel base-kernel selftests initramfs x86-selftests abi-audit bisect-check clean distclean reference-kernel reference-nox32-kernel bench
