# The base this series is developed and tested against.
KSRC_PKG    := linux-source-6.12
KSRC_PKGVER := 6.12.118-1~deb12u1
KVERSION    := 6.12.118

# The peer suites' sources (make peer), from Debian with apt-get source:
# the versions their results were recorded against.
STRACE_PKGVER     := 6.1-0.1
LIBSECCOMP_PKGVER := 2.5.4-1+deb12u1
