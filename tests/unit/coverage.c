/* SPDX-License-Identifier: GPL-2.0-or-later */
/* coverage.c: a coverage record reads back as it was written, and its
 * vocabulary names are distinct. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "coverage.h"
#include "../tap.h"

/* w's record as text */
static char *
written(const kp_coverage *c, size_t *len)
{
	char *buf = NULL;
	FILE *fp = open_memstream(&buf, len);
	kp_w *w = kp_w_open(fp, "<memory>");

	kp_coverage_write(w, c);
	kp_w_close(w);
	return buf;
}

static int
distinct(const char *const *v, int n)
{
	int i, j;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (!strcmp(v[i], v[j]))
				return 0;
	return 1;
}

int
main(void)
{
	static const char *absent[] = { "iter-3", "iter-4" };
	static const char *runs[] = { "a@h:1", "b@h:2" };
	kp_cov_diff differ[] = { { "toolchain", "gcc 13.2.0", "gcc 14.1.0" },
	    { "kconfig_hash", NULL, "0123456789abcdef" } };
	kp_coverage c, r;
	kp_json d;
	char *t1, *t2, err[128], name[256];
	size_t l1, l2, col;

	ok(distinct(kp_cov_kind_name, KP_COV_NKIND) &&
	    distinct(kp_cov_level_name, KP_COV_NLEVEL) &&
	    distinct(kp_cov_scope_name, KP_COV_NSCOPE), "vocabulary names are distinct");
	ok(kp_cov_lookup(kp_cov_kind_name, KP_COV_NKIND, "partial") == KP_COV_PARTIAL &&
	    kp_cov_lookup(kp_cov_kind_name, KP_COV_NKIND, "Partial") == -1,
	    "names look up exactly");

	kp_coverage_init(&c, KP_COV_PLAN, KP_COV_PARTIAL, KP_COV_LINSTANCE, "c7g.metal#2");
	c.plan = "kp-1234";
	c.job = "c7g";
	c.expected = 5;
	c.found = 3;
	c.absent = absent;
	c.nabsent = 2;
	c.differ = differ;
	c.ndiffer = 2;
	c.runs = runs;
	c.nruns = 2;
	c.label = "v6.18";
	c.why = "kp-identify -x toolchain";
	t1 = written(&c, &l1);
	is_str(t1, "{\"type\":\"coverage\",\"scope\":\"plan\",\"kind\":\"partial\","
	    "\"level\":\"instance\",\"name\":\"c7g.metal#2\",\"suite\":null,"
	    "\"bench\":null,\"test\":null,\"op\":null,\"metric\":null,\"conc\":null,"
	    "\"plan\":\"kp-1234\","
	    "\"job\":\"c7g\",\"instance\":null,\"base\":null,\"target\":null,"
	    "\"expected\":5,\"found\":3,\"absent\":[\"iter-3\",\"iter-4\"],"
	    "\"differ\":{\"toolchain\":[\"gcc 13.2.0\",\"gcc 14.1.0\"],"
	    "\"kconfig_hash\":[null,\"0123456789abcdef\"]},"
	    "\"runs\":[\"a@h:1\",\"b@h:2\"],\"label\":\"v6.18\","
	    "\"why\":\"kp-identify -x toolchain\"}\n",
	    "every field written, null where unknown, in the order of kp-records(5)");

	kp_json_init(&d);
	ok(kp_json_parse(&d, t1, l1 - 1, err, sizeof(err), &col) == 0, "it parses");
	d.file = "<memory>";
	d.line = 1;
	kp_coverage_read(&d, &r);
	t2 = written(&r, &l2);
	is_str(t2, t1, "it reads back as written");
	ok(r.kind == KP_COV_PARTIAL && r.level == KP_COV_LINSTANCE &&
	    r.expected == 5 && r.found == 3 && r.nabsent == 2 && r.ndiffer == 2 &&
	    r.differ[1].base == NULL && !strcmp(r.differ[1].target, "0123456789abcdef"),
	    "typed fields read back");
	kp_coverage_free(&r);
	free(t1);
	free(t2);

	kp_coverage_init(&c, KP_COV_COMPARE, KP_COV_NEW, KP_COV_LGROUP, NULL);
	kp_coverage_group(&c, "wis", "futex1", "futex1-threads", "futex1", "ops",
	    4, name, sizeof(name));
	c.base = "v6.17";
	c.target = "v6.18";
	t1 = written(&c, &l1);
	ok(strstr(t1, "\"expected\":null,\"found\":null,\"absent\":[],\"differ\":null,"
	    "\"runs\":[],\"label\":null,\"why\":null") != NULL, "a record without counts: null and empty");
	kp_json_parse(&d, t1, l1 - 1, err, sizeof(err), &col);
	kp_coverage_read(&d, &r);
	ok(r.expected == -1 && r.found == -1 && r.nabsent == 0 && r.ndiffer == 0 &&
	    !strcmp(r.target, "v6.18"), "and reads back so");
	ok(strstr(t1, "\"name\":\"wis/futex1/futex1-threads[futex1 ops]@4\","
	    "\"suite\":\"wis\",\"bench\":\"futex1\",\"test\":\"futex1-threads\","
	    "\"op\":\"futex1\",\"metric\":\"ops\",\"conc\":4,") != NULL,
	    "a group: its name and its measurement as fields");
	ok(!strcmp(r.suite, "wis") && !strcmp(r.test, "futex1-threads") &&
	    !strcmp(r.metric, "ops") && r.conc == 4, "... read back");
	kp_coverage_free(&r);
	free(t1);

	/* schema 1: the measurement in the name alone, a test with '/' and
	 * an op with ' ' */
	t1 = "{\"type\":\"coverage\",\"scope\":\"compare\",\"kind\":\"missing\","
	    "\"level\":\"group\",\"name\":\"lmbench/lat_syscall/lat_syscall/open[open 2 latency]@12\"}";
	kp_json_parse(&d, t1, strlen(t1), err, sizeof(err), &col);
	kp_coverage_read(&d, &r);
	ok(r.suite && !strcmp(r.suite, "lmbench") && !strcmp(r.bench, "lat_syscall") &&
	    !strcmp(r.test, "lat_syscall/open") && !strcmp(r.op, "open 2") &&
	    !strcmp(r.metric, "latency") && r.conc == 12,
	    "a record of schema 1 reads its measurement from its name");
	kp_coverage_free(&r);
	t1 = "{\"type\":\"coverage\",\"scope\":\"compare\",\"kind\":\"missing\","
	    "\"level\":\"group\",\"name\":\"no measurement\"}";
	kp_json_parse(&d, t1, strlen(t1), err, sizeof(err), &col);
	kp_coverage_read(&d, &r);
	ok(r.suite == NULL && r.conc == 0, "... and none from a name that is none");
	kp_coverage_free(&r);
	kp_json_free(&d);
	return done_testing();
}
