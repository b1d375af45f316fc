/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tool.c: a parser's whole main() on one input file: kp-parse-bpftrace
 * (text and JSON), kp-parse-results (results documents and lmbench
 * text) or kp-parse-lkft (LKFT's collector files), chosen by the Makefile, which builds the tool's source with
 * -Dmain=kp_tool_main.  Exit 2 on bad input is correct; a crash, a
 * sanitizer report or a hang is a finding. */
#include <stdio.h>

#include "fuzz.h"

int kp_tool_main(int, char **);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[128], *argv[] = { "kp-tool", path, NULL };
	int rc;

	snprintf(path, sizeof(path), "%s/in", fz_dir());
	fz_write(path, data, size);
	rc = fz_call(kp_tool_main, argv);
	if (rc != 0 && rc != 2)
		fz_fail("exit %d: expected 0 or 2", rc);
	return 0;
}
