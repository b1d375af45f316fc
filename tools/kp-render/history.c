/* SPDX-License-Identifier: GPL-2.0-or-later */
/* history.c: what kp-trend and kp-triage said of a finding, as every
 * format says it: since which kernel it exists, and its triage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "strmap.h"
#include "render.h"

/* "since v6.17-rc3, still in v6.18", "since v6.16-rc2, fixed in
 * v6.16-rc5", "since v6.17-rc3", or "" without a history */
size_t
history_text(char *buf, size_t sz, const CmpRec *c)
{
	if (!c->since)
		return (size_t)snprintf(buf, sz, "%s", "");
	if (c->still_in)
		return (size_t)snprintf(buf, sz, "since %s, still in %s", c->since,
		    c->still_in);
	if (c->fixed_in)
		return (size_t)snprintf(buf, sz, "since %s, fixed in %s", c->since,
		    c->fixed_in);
	return (size_t)snprintf(buf, sz, "since %s", c->since);
}

/* a known finding: "acknowledged", "fixed-in", ...; NULL when none */
const char *
triage_word(int triage)
{
	return triage < 0 ? NULL : kp_word(&kp_triage_v, triage);
}

/* what the gate leaves out unless asked: a known finding the user said
 * is being handled or is not the kernel's */
int
triaged_away(const CmpRec *c)
{
	return c->triage == KP_TRIAGE_ACKNOWLEDGED || c->triage == KP_TRIAGE_INVALID;
}

/* "lab/context/[*] since v6.15-rc2: fixed-in v6.15-rc6; no longer
 * reproduces, seen fixed in v6.15-rc6" */
size_t
triage_known_text(char *buf, size_t sz, const kp_triage *t)
{
	size_t n = 0;

#define ADD(...) (n += (size_t)snprintf(buf + (n < sz ? n : sz), n < sz ? sz - n : 0, __VA_ARGS__))
	ADD("%s", t->pattern);
	if (t->conc != KP_NULL_INT)
		ADD(" at %lld", t->conc);
	if (t->since)
		ADD(" since %s", t->since);
	ADD(": %s", kp_word(&kp_triage_v, t->status));
	if (t->fixed_in)
		ADD(" %s", t->fixed_in);
	if (t->state == KP_TSTATE_REPRODUCES)
		ADD("; reproduces (%lld finding%s)", t->n_findings,
		    t->n_findings == 1 ? "" : "s");
	else if (t->state == KP_TSTATE_FIXED)
		ADD("; no longer reproduces%s%s", t->seen_fixed_in ?
		    ", fixed in " : "", t->seen_fixed_in ? t->seen_fixed_in : "");
	else
		ADD("; not measured");
	if (t->link)
		ADD(" <%s>", t->link);
	if (t->note)
		ADD(" (%s)", t->note);
#undef ADD
	return n;
}

static void
series_key(char *buf, size_t sz, const char *key, const char *suite,
    const char *bench, const char *test, const char *op, const char *metric,
    long long conc)
{
	snprintf(buf, sz, "%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%lld", S(key), suite,
	    bench, test, op, metric, conc);
}

void
trend_add(Report *r, const kp_trend *t)
{
	char k[2048];
	int isnew;
	size_t i;

	if (!r->trendmap)
		r->trendmap = kp_strmap_new();
	series_key(k, sizeof(k), t->key, t->suite, t->bench, t->test, t->op,
	    t->metric, t->conc);
	i = kp_strmap_add(r->trendmap, k, strlen(k), &isnew);
	if (!isnew)
		return;	/* the first trend of a series is the one shown */
	r->trend = kp_grow(r->trend, i, sizeof(*r->trend));
	r->trend[i] = *t;
	r->ntrend = i + 1;
}

const kp_trend *
trend_of(const Report *r, const CmpRec *c)
{
	char k[2048];
	long i;

	if (!r->trendmap)
		return NULL;
	series_key(k, sizeof(k), c->key, c->suite, c->bench, c->test, c->op,
	    c->metric, c->conc);
	i = kp_strmap_find(r->trendmap, k, strlen(k));
	return i < 0 ? NULL : &r->trend[i];
}
