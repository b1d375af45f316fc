/* SPDX-License-Identifier: GPL-2.0-or-later */
/* toolchain.c: the compiler of the dmesg banner, of TuxMake's metadata
 * and of a toolchain name gives one canonical string. */
#include <stdlib.h>

#include "kp.h"
#include "toolchain.h"
#include "../tap.h"

static const char *const cases[][2] = {
	/* the kernel's banner, as kp-parse-mmtests cuts it out of dmesg */
	{ "gcc (GCC) 15.3.0, GNU ld (GNU Binutils) 2.46", "gcc 15.3.0" },
	{ "gcc-12 (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40",
	  "gcc 12.2.0" },
	{ "gcc version 9.3.0 (Ubuntu 9.3.0-17ubuntu1~20.04) ", "gcc 9.3.0" },
	{ "Debian clang version 16.0.6 (15), Debian LLD 16.0.6", "clang 16.0.6" },
	{ "Android (8508608, based on r450784e) clang version 14.0.7 "
	  "(https://android.googlesource.com/toolchain/llvm-project 4c603efb0cca), "
	  "LLD 14.0.7", "clang 14.0.7" },
	{ "Ubuntu clang version 14.0.0-1ubuntu1.1", "clang 14.0.0" },
	/* TuxMake compiler.version_full: gcc --version | head -1 */
	{ "gcc (Debian 12.2.0-14) 12.2.0", "gcc 12.2.0" },
	{ "aarch64-linux-gnu-gcc (Debian 12.2.0-14) 12.2.0", "gcc 12.2.0" },
	{ "x86_64-linux-gnu-gcc-12 (Debian 12.2.0-14) 12.2.0", "gcc 12.2.0" },
	{ "clang version 17.0.6 (https://github.com/llvm/llvm-project "
	  "6009708b4367171ccdbf4b5905cb6a803753fe18)", "clang 17.0.6" },
	/* toolchain names: the major version only */
	{ "gcc-13", "gcc 13" },
	{ "clang-17", "clang 17" },
	{ "llvm-17", "clang 17" },
	/* what is not a known compiler stays as it was, trimmed */
	{ "  icc (ICC) 2021.1 ", "icc (ICC) 2021.1" },
	{ "gcc", "gcc" },
};

int
main(void)
{
	size_t i;
	char *a, *b;

	for (i = 0; i < KP_LEN(cases); i++) {
		a = kp_toolchain(cases[i][0]);
		is_str(a, cases[i][1], cases[i][0]);
		/* canonical is a fixed point */
		b = kp_toolchain(a);
		is_str(b, a, "canonical text stays as it is");
		free(a);
		free(b);
	}
	ok(kp_toolchain(NULL) == NULL, "NULL stays NULL");
	return done_testing();
}
