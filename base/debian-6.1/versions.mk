# BASE=debian-6.1: Debian 12's linux-source-6.1 (the kernel of Debian 12,
# bookworm), installed as a binary package like the default base's: its
# /usr/src tarball is the pristine tree.  Overrides versions.mk.
KSRC_PKG    := linux-source-6.1
KSRC_PKGVER := 6.1.192-3
PRISTINE    := linux-source-6.1
KVERSION    := 6.1.192
