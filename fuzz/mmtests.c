/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mmtests.c: kp-parse-mmtests on a run of one benchmark.  The first byte
 * of the input picks a benchmark log (or a run-level file) from the table
 * below, the rest is its content; the run around it is the least the
 * parser reads as a run.  So one harness reaches every benchmark parser;
 * the seed corpus holds the fixtures' logs behind their selector byte. */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

int kp_tool_main(int, char **);

static const struct {
	const char *job, *file;
} logs[] = {
	{ "stressng", "stressng-1-1.log" },
	{ "sysbenchcpu", "benchlog-1-_-1" },
	{ "sysbenchmutex", "benchlog-1-_-1" },
	{ "unixbenchd", "unixbenchd.log" },
	{ "wis-futex", "benchlog-futex1_threads-1" },
	{ "futexbench-hash", "hash-4.log" },
	{ "futexbench-wake", "wake-4.log" },
	{ "hackbench-process-pipes", "hackbench-1" },
	{ "schbench", "schbench-2.log" },
	{ "stressng", "commands.log" },
	{ "stressng", "time-1-1" },
	{ NULL, "tests-timestamp" },	/* iter-0/ */
	{ NULL, "tests-activity" },
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char run[PATH_MAX], p[PATH_MAX], *argv[] = { "kp-parse-mmtests", "-k", run, NULL };
	const char *dir = fz_dir();
	size_t k;
	int rc;

	if (size < 1)
		return 0;
	k = data[0] % (sizeof(logs) / sizeof(logs[0]));
	fz_clean(dir);
	snprintf(run, sizeof(run), "%s/run", dir);
	mkdir(run, 0755);
	snprintf(p, sizeof(p), "%s/iter-0", run);
	mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/iter-0/tests-activity", run);
	fz_write(p, (const uint8_t *)"", 0);
	if (logs[k].job) {
		snprintf(p, sizeof(p), "%s/iter-0/%s", run, logs[k].job);
		mkdir(p, 0755);
		snprintf(p, sizeof(p), "%s/iter-0/%s/logs", run, logs[k].job);
		mkdir(p, 0755);
		snprintf(p, sizeof(p), "%s/iter-0/%s/logs/%s", run, logs[k].job, logs[k].file);
	} else {
		/* a run-level file, with one benchmark beside it */
		snprintf(p, sizeof(p), "%s/iter-0/sysbenchcpu", run);
		mkdir(p, 0755);
		strcat(p, "/logs");
		mkdir(p, 0755);
		snprintf(p, sizeof(p), "%s/iter-0/sysbenchcpu/logs/benchlog-1-_-1", run);
		fz_write(p, (const uint8_t *)"CPU speed:\n    events per second:  1203.18\n", 44);
		snprintf(p, sizeof(p), "%s/iter-0/%s", run, logs[k].file);
	}
	fz_write(p, data + 1, size - 1);
	/* -k: a damaged log is skipped, so a bad first log does not hide the
	 * rest of the run from the fuzzer */
	argv[1] = data[0] & 0x80 ? "-k" : "--";
	rc = fz_call(kp_tool_main, argv);
	if (rc != 0 && rc != 2)
		fz_fail("exit %d: expected 0 or 2", rc);
	return 0;
}
