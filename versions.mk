# The base this series is developed and tested against (make BASE=NAME
# takes another: base/NAME/versions.mk overrides what follows).
DEFAULT_BASE := debian-6.12
# Debian's binary package whose /usr/src tarball is the pristine tree,
# the directory it unpacks to, and the kernel version in it.
KSRC_PKG    := linux-source-6.12
KSRC_PKGVER := 6.12.118-1~deb12u1
PRISTINE    := linux-source-6.12
KVERSION    := 6.12.118
# make distro-check: Debian's own kernel of that version, whose config the
# series is built with and whose binary its figures are compared with.
DISTRO_PKG    := linux-image-6.12.118+deb12-amd64-unsigned
DISTRO_PKGVER := 6.12.118-1~deb12u1

# The peer suites' sources (make peer), from Debian with apt-get source:
# the versions their results were recorded against.
STRACE_PKGVER     := 6.1-0.1
LIBSECCOMP_PKGVER := 2.5.4-1+deb12u1
