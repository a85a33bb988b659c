# The base this series is developed and tested against.
KSRC_PKG    := linux-source-6.12
KSRC_PKGVER := 6.12.118-1~deb12u1
KVERSION    := 6.12.118
