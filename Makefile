# x32-entry: the x32 system-call ABI as a patch series, and the harness
# that builds, boots and tests it.
#
#   make            get what is missing, prepare the base, apply the series,
#                   build both kernels and the initramfs, boot them under
#                   QEMU, run the selftests, print a summary
#   make check      the whole test suite (ends with 'N passed, N failed')
#   make KSRC=/path/to/linux ...   use your own 6.12 tree as the base
#
#   make bench      syscall cost, footprint and userland figures (README)
#
# Other targets: deps base-tree series kernel base-kernel reference-kernel
# reference-nox32-kernel selftests initramfs bisect-check clean distclean.
# Build output goes to build/.

include versions.mk

BUILD     := $(CURDIR)/build
KSRC      ?=
BASE      := $(BUILD)/base
TREE      := $(BUILD)/linux
CONFIGS   := $(CURDIR)/configs/base.config
CONFIGS_X32 := $(CONFIGS) $(CURDIR)/configs/x32.config
STEP       = @printf '\n==> %s  [%s, %ss since start]\n' '$(1)' "$$(date +%T)" "$$(( $$(date +%s) - $(START) ))"
START     := $(shell date +%s)

# The patched kernel gets x32 once the series brings the Kconfig option.
SERIES_LEN := $(shell sed -e 's/\#.*//' -e '/^[[:space:]]*$$/d' patches/series 2>/dev/null | wc -l)
PATCHED_CONFIGS := $(if $(filter 0,$(SERIES_LEN)),$(CONFIGS),$(CONFIGS_X32))

all: deps kernel base-kernel initramfs
	$(call STEP,booting the kernels and running the selftests)
	@scripts/check --suites

check: deps kernel base-kernel initramfs
	$(call STEP,make check: guest suites and repository checks)
	@scripts/check

deps:
	$(call STEP,checking Debian packages)
	@scripts/install-deps

base-tree: deps
	$(call STEP,preparing the base tree (x32 removed) in build/base)
	@scripts/prepare-base $(if $(KSRC),--ksrc $(KSRC))

series: base-tree
	$(call STEP,applying patches/series to build/linux)
	@scripts/apply-series

kernel: series
	$(call STEP,building the patched kernel)
	@scripts/build-kernel $(TREE) $(BUILD)/obj-patched $(BUILD)/bzImage-patched $(PATCHED_CONFIGS)

base-kernel: base-tree
	$(call STEP,building the base kernel)
	@scripts/build-kernel $(BASE) $(BUILD)/obj-base $(BUILD)/bzImage-base $(CONFIGS)

REFERENCE_CHECK = @test -d $(BUILD)/$(KSRC_PKG) || { echo "$@: $(BUILD)/$(KSRC_PKG) missing: it is Debian's pristine tree, unpacked by 'make base-tree' without KSRC=" >&2; exit 1; }

reference-kernel: base-tree
	$(call STEP,building the reference kernel: the pristine Debian tree with its own x32)
	$(REFERENCE_CHECK)
	@scripts/build-kernel $(BUILD)/$(KSRC_PKG) $(BUILD)/obj-reference $(BUILD)/bzImage-reference $(CONFIGS_X32)

# The same tree without x32: the reference's own footprint baseline.  Its
# vmlinux has measured the same size as the base kernel's (the base removes
# only code under CONFIG_X86_X32_ABI), so make bench does without it and
# uses it when it is there.
reference-nox32-kernel: base-tree
	$(call STEP,building the reference tree without x32)
	$(REFERENCE_CHECK)
	@scripts/build-kernel $(BUILD)/$(KSRC_PKG) $(BUILD)/obj-reference-nox32 $(BUILD)/bzImage-reference-nox32 $(CONFIGS)

bench: kernel base-kernel reference-kernel initramfs
	$(call STEP,make bench: syscall cost and footprint of x32; userland -m64 -mx32 -m32)
	@scripts/bench

selftests: deps
	$(call STEP,building the selftests)
	@rm -rf $(BUILD)/stage
	@$(MAKE) -s -C selftests install OUTPUT=$(BUILD)/selftests INSTALL_PATH=$(BUILD)/stage >/dev/null

initramfs: selftests base-tree
	$(call STEP,building the initramfs)
	@scripts/mkinitramfs $(BASE) $(BUILD)/stage $(BUILD)/initramfs.cpio

bisect-check: base-tree
	$(call STEP,building the kernel at every patch of the series)
	@scripts/bisect-check

clean:
	rm -rf $(BUILD)/obj-* $(BUILD)/selftests $(BUILD)/stage $(BUILD)/*.cpio $(BUILD)/bzImage-* $(BUILD)/logs

distclean:
	rm -rf $(BUILD)

.PHONY: all check deps base-tree series kernel base-kernel selftests initramfs bisect-check clean distclean reference-kernel reference-nox32-kernel bench
