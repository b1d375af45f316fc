/* SPDX-License-Identifier: GPL-2.0-or-later */
/* subsys.c: kp-classify's subsystem map (kp-subsystems(5)) and kp-render
 * -M's MAINTAINERS reader.  The first byte picks which; any text gives a
 * map or sections, or exit 2, never a report; a map read answers a
 * lookup with a reason, and a section found is the one asked for. */
#include <stdio.h>
#include <string.h>

#include "kp.h"
#include "maintainers.h"
#include "subsys.h"
#include "fuzz.h"

static char path[128];
static const uint8_t *text;
static size_t len;

static int
readmap(int argc, char **argv)
{
	kp_subsys_map *m = kp_subsys_new();
	const kp_strs *s;
	const char *why;

	(void)argc;
	(void)argv;
	kp_subsys_load(m, "map.yaml", (const char *)text, len);
	s = kp_subsys_match(m, "wis", "futex1", "futex1-threads", "futex1", "ops", &why);
	if (s->n && !why)
		fz_fail("a subsystem without a reason");
	return 0;
}

static int
readmaint(int argc, char **argv)
{
	kp_maint *mt;
	const kp_maint_sec *sec;

	(void)argc;
	(void)argv;
	mt = kp_maint_read(path);
	if ((sec = kp_maint_find(mt, "FUTEX SUBSYSTEM")) &&
	    strcmp(sec->title, "FUTEX SUBSYSTEM"))
		fz_fail("asked for FUTEX SUBSYSTEM, found \"%s\"", sec->title);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[] = { "kp-subsys", NULL };

	if (size == 0)
		return 0;
	text = data + 1;
	len = size - 1;
	if (data[0] & 1) {
		snprintf(path, sizeof(path), "%s/MAINTAINERS", fz_dir());
		fz_write(path, text, len);
		fz_call(readmaint, argv);
	} else
		fz_call(readmap, argv);
	return 0;
}
