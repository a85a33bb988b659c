# BASE=vanilla-6.12: kernel.org's 6.12.38, as the upstream tarball of
# Debian's source package 'linux' 6.12.38-1 (Debian 13, trixie) carries it.
# Overrides versions.mk.  Debian 12's security suite lists linux-6.12
# 6.12.118 but serves none of its source files, and trixie's newer
# versions are not served either: 6.12.38 is the newest kernel.org 6.12
# tarball Debian's archive gives this machine (base/README).
#
# KSRC_PKG is then a source package, fetched with apt-get source
# --download-only from KSRC_SUITE through an apt state of the build's own
# (the machine's apt sources are left alone); its orig tarball unpacks to
# PRISTINE.
KSRC_PKG    := linux
KSRC_PKGVER := 6.12.38-1
KSRC_SUITE  := trixie
PRISTINE    := linux-6.12.38
KVERSION    := 6.12.38
