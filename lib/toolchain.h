/* SPDX-License-Identifier: GPL-2.0-or-later */
/* toolchain.h: the canonical name of the compiler a kernel was built with */
#ifndef TOOLCHAIN_H
#define TOOLCHAIN_H

/* "gcc 15.3.0" for "gcc (GCC) 15.3.0, GNU ld (GNU Binutils) 2.46" (the
 * dmesg banner), "gcc (Debian 12.2.0-14) 12.2.0" (gcc --version, TuxMake's
 * compiler.version_full) or "gcc version 15.3.0 (...)"; "clang 16.0.6" for
 * "Debian clang version 16.0.6 (15), Debian LLD 16.0.6"; "gcc 13" for the
 * TuxMake toolchain name "gcc-13" (so only a full version matches a full
 * version).  Text naming no gcc or clang comes back trimmed, as it is.
 * NULL for NULL; otherwise the caller frees. */
char *kp_toolchain(const char *s);

#endif
