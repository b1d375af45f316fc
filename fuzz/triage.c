/* SPDX-License-Identifier: GPL-2.0-or-later */
/* triage.c: kp-triage -t, the triage file (triage_read, through the one
 * YAML reader of lib/yamlcheck.c).  Any file gives known findings each
 * with a pattern and a status (and fixed_in when the status says so), or
 * exit 2, quickly, never a crash. */
#include <stdio.h>

#include "kp.h"
#include "rec.h"
#include "../tools/kp-triage/triage.h"
#include "fuzz.h"

static char path[128];

static int
readit(int argc, char **argv)
{
	Known *k;
	size_t i, n;

	(void)argc;
	(void)argv;
	k = triage_read(path, &n);
	for (i = 0; i < n; i++) {
		if (!k[i].pattern || k[i].status < 0)
			fz_fail("finding %zu: no pattern or status was accepted", i);
		if (k[i].status == KP_TRIAGE_FIXED_IN && !k[i].fixed_in)
			fz_fail("finding %zu: fixed-in without fixed_in was accepted", i);
	}
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[] = { "kp-triage", NULL };

	snprintf(path, sizeof(path), "%s/triage.yaml", fz_dir());
	fz_write(path, data, size);
	fz_call(readit, argv);
	return 0;
}
