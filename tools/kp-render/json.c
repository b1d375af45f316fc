/* SPDX-License-Identifier: GPL-2.0-or-later */
/* json.c: -f json, the findings as one JSON document: counts, then the
 * regressions (most severe first), improvements, uncertain comparisons
 * and the groups across concurrency levels, each record as it was read */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"

/* the record as read, with not_significant added: the "~" of the other
 * formats as a typed field */
static void
record(kp_w *w, const Cmp *c)
{
	size_t len = c->len;
	char *buf;
	int n;

	while (len && c->line[len - 1] != '}')	/* an object: kp-records(5) */
		len--;
	if (len < 2) {
		kp_w_raw(w, c->line, c->len);
		return;
	}
	buf = emalloc(len + 32);
	memcpy(buf, c->line, len - 1);
	n = sprintf(buf + len - 1, ",\"not_significant\":%s}",
	    not_significant(&c->rec) ? "true" : "false");
	kp_w_raw(w, buf, len - 1 + (size_t)n);
	free(buf);
}

static void
list(kp_w *w, const char *key, const Report *r, const Cmp **v, int cls)
{
	size_t i;

	kp_w_key(w, key);
	kp_w_arr(w);
	for (i = 0; i < r->ncmp; i++)
		if (v[i]->cls == cls)
			record(w, v[i]);
	kp_w_end(w);
}

int
render_json(Report *r, FILE *fp)
{
	kp_w *w = kp_w_open(fp, "<stdout>");
	const Cmp **v = cmps_by_severity(r);
	size_t i, nsystematic = 0;
	int k;

	for (i = 0; i < r->nsys; i++)
		nsystematic += r->sys[i].rec.systematic;
	kp_w_obj(w);
	kp_w_kstr(w, "type", "report");
	cover_json(w, r);
	kp_w_key(w, "summary");
	kp_w_obj(w);
	kp_w_kint(w, "comparisons", (long long)r->tally.ncmp);
	for (k = 0; k <= KP_NCLASS; k++)
		kp_w_kint(w, class_name(k), (long long)r->count[k]);
	kp_w_key(w, "regression_severity");
	kp_w_obj(w);
	for (k = 0; k <= KP_NSEV; k++)
		kp_w_kint(w, sev_name(k), (long long)r->regsev[k]);
	kp_w_end(w);
	kp_w_kint(w, "groups", (long long)r->nsys);
	kp_w_kint(w, "systematic_groups", (long long)nsystematic);
	kp_w_end(w);
	list(w, "regressions", r, v, KP_REGRESSION);
	list(w, "improvements", r, v, KP_IMPROVEMENT);
	list(w, "uncertain", r, v, KP_UNCERTAIN);
	kp_w_key(w, "groups");
	kp_w_arr(w);
	for (i = 0; i < r->nsys; i++)
		kp_w_raw(w, r->sys[i].line, r->sys[i].len);
	kp_w_end(w);
	evidence_json(w, r);
	kp_w_end(w);
	kp_w_close(w);	/* checks and closes fp */
	free(v);
	return KP_EXIT_OK;
}
