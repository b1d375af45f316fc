/* SPDX-License-Identifier: GPL-2.0-or-later */
/* payload.c: kp-plan's payload reader (payload_read, through the one
 * YAML reader of lib/yamlcheck.c).  Any file gives a payload with what
 * payload_read promises, or exit 2, quickly (the size and depth bounds),
 * never a crash. */
#include <stdio.h>
#include <string.h>

#include "kp.h"
#include "../tools/kp-plan/plan.h"
#include "fuzz.h"

static char path[128];

static int
readit(int argc, char **argv)
{
	Payload p;
	size_t i;

	(void)argc;
	(void)argv;
	payload_read(path, &p);
	/* what payload_read checks: the four parts, names once each */
	if (!p.name || !p.git_repo || !p.targets || !p.suites)
		fz_fail("a payload without name, kernel, targets or suites was accepted");
	if (!payload_sha_ok(p.git_sha) && p.git_sha)
		fz_fail("git_sha \"%s\" was accepted", p.git_sha);
	for (i = 1; i < p.ntargets; i++)
		if (strcmp(p.targets[i].name, p.targets[0].name) == 0)
			fz_fail("target \"%s\" twice was accepted", p.targets[0].name);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[] = { "kp-plan", NULL };

	snprintf(path, sizeof(path), "%s/payload.yaml", fz_dir());
	fz_write(path, data, size);
	fz_call(readit, argv);
	return 0;
}
