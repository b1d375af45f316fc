/* SPDX-License-Identifier: GPL-2.0-or-later */
/* squad.c: kp-parse-squad's main() on a store of one SQUAD testrun.  The
 * input is the testrun's documents one after another, each ended by a
 * NUL byte: testrun.json, the build's build.json, metrics.ndjson, the
 * testrun's metadata.json, environment.json, the build's metadata.json
 * and TuxMake's attachments/metadata.json; missing ones are not stored.
 * Exit 0 or 2 is correct; a crash, a sanitizer report, a hang, another
 * status, or a sample written without a number (a "value" of null, as
 * 1e999 once gave) is a finding. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

int kp_tool_main(int, char **);

#define BUILD "builds/v6.18/"
#define RUN BUILD "testruns/7/"

static const char *const paths[] = {
	RUN "testrun.json", BUILD "build.json", RUN "metrics.ndjson",
	RUN "metadata.json", RUN "environment.json", BUILD "metadata.json",
	RUN "attachments/metadata.json",
};

static int
noop(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char store[128], out[160], *argv[] = { "kp-parse-squad", "-s", store, NULL };
	static int once;
	static char *line;
	static size_t cap;
	char file[256];
	const uint8_t *p = data, *end = data + size, *nul;
	size_t i, n;
	FILE *idx, *fp;
	int rc;

	if (!once++) {
		snprintf(store, sizeof(store), "%s/store", fz_dir());
		snprintf(out, sizeof(out), "%s/out", fz_dir());
		fz_call(noop, argv);	/* stdout to /dev/null, once */
	}
	fz_clean(fz_dir());
	snprintf(file, sizeof(file), "%s/objects", store);
	if (mkdir(store, 0755) || mkdir(file, 0755))
		fz_fail("cannot make %s", file);
	snprintf(file, sizeof(file), "%s/index.ndjson", store);
	if (!(idx = fopen(file, "w")))
		fz_fail("cannot write %s", file);
	for (i = 0; i < sizeof(paths) / sizeof(*paths) && p < end; i++) {
		nul = memchr(p, '\0', (size_t)(end - p));
		n = nul ? (size_t)(nul - p) : (size_t)(end - p);
		snprintf(file, sizeof(file), "%s/objects/o%zu", store, i);
		fz_write(file, p, n);
		fprintf(idx, "{\"type\":\"artifact\",\"source\":\"squad+http://squad.test/lab/p/\","
		    "\"path\":\"%s\",\"object\":\"objects/o%zu\",\"url\":\"http://squad.test/api/%zu\"}\n",
		    paths[i], i, i);
		p += n + (nul != NULL);
	}
	fclose(idx);
	if (!freopen(out, "w", stdout))
		fz_fail("cannot send stdout to %s", out);
	rc = fz_call(kp_tool_main, argv);
	fflush(stdout);
	if (rc != 0 && rc != 2)
		fz_fail("exit %d: expected 0 or 2", rc);
	if (!(fp = fopen(out, "r")))
		fz_fail("cannot read %s", out);
	while (getline(&line, &cap, fp) > 0)
		if (strstr(line, "\"type\":\"sample\"") &&
		    strstr(line, "\"value\":null"))
			fz_fail("a sample without a number was written, exit %d", rc);
	fclose(fp);
	return 0;
}
