/* SPDX-License-Identifier: GPL-2.0-or-later */
/* settings.c: kp-classify -c, the YAML settings.  Any file gives settings
 * or exit 2, quickly (the bounds of config.c), never a report. */
#include <stdio.h>

#include "kp.h"
#include "../tools/kp-classify/classify.h"
#include "fuzz.h"

static char path[128];

static int
readit(int argc, char **argv)
{
	Config c;

	(void)argc;
	(void)argv;
	config_default(&c);
	config_read(&c, path);
	if (c.red < c.yellow)
		fz_fail("red %g below yellow %g was accepted", c.red, c.yellow);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[] = { "kp-classify", NULL };

	snprintf(path, sizeof(path), "%s/settings.yaml", fz_dir());
	fz_write(path, data, size);
	fz_call(readit, argv);
	return 0;
}
