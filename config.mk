# SPDX-License-Identifier: GPL-2.0-or-later
# kp version
VERSION = 0.1

# paths
PREFIX = /usr/local
MANPREFIX = $(PREFIX)/share/man

# Debian packages kp needs: `make` checks the build ones, `make demo` the
# run ones, `make check` the run and test ones (each installs what is
# missing when run as root); `make deps` installs them all, and the
# browser the HTML test uses, which skips without it
DEBS_BUILD = gcc make pkg-config zlib1g-dev libssl-dev libyaml-dev libcsv-dev \
	libcurl4-openssl-dev/libcurl4-gnutls-dev libarchive-dev liblzma-dev r-mathlib
DEBS_RUN = jq parallel
DEBS_TEST = mandoc groff-base datamash python3 python3-numpy python3-scipy python3-yaml libxml2-utils cmark-gfm \
	r-base-core r-cran-strucchange r-bioc-limma r-cran-nlme r-cran-mass openssh-server openssh-client rsync \
	perl gzip xz-utils tar bc time curl
DEBS_BROWSER = chromium
# make fuzz, fuzz-smoke: clang and its libFuzzer runtime, which Debian 12
# ships in libclang-rt-14-dev, only a Recommends of clang
DEBS_FUZZ = clang libclang-rt-14-dev
DEBS = $(DEBS_BUILD) $(DEBS_RUN) $(DEBS_TEST) $(DEBS_BROWSER) $(DEBS_FUZZ)

# flags
CPPFLAGS = -D_GNU_SOURCE -DVERSION=\"$(VERSION)\" -Ilib
CFLAGS = -std=c11 -O2 -g -Wall -Wextra -Wno-unused-parameter $(SAN_CFLAGS) $(EXTRA_CFLAGS)
LDFLAGS = $(SAN_LDFLAGS) $(EXTRA_LDFLAGS)
# libRmath (Debian's r-mathlib, which ships Rmath.h in /usr/include; its
# libRmath.pc points at R's own include directory instead) holds the
# distributions of lib/dist.c
LDLIBS = -lRmath -lcrypto -lz -lm

# libraries of single tools (pkg-config would give the same on Debian 12)
LDLIBS_kp-fetch = -lcurl -larchive
LDLIBS_kp-classify = -lyaml
LDLIBS_kp-triage = -lyaml
LDLIBS_kp-plan = -lyaml
LDLIBS_kp-parse-mmtests = -llzma
LDLIBS_kp-render = -lcsv

CC = cc
AR = ar
