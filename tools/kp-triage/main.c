/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-triage: each finding with its history (since which kernel, still in
 * or fixed in which) and its triage (known, acknowledged, ...).  See
 * kp-triage(1).
 *
 * trend records are read into an index; cmp and sys records wait in a
 * spool file until the end of the input, when every trend record has been
 * seen, and are then written with the new fields, in the order read;
 * every other record passes through as it is read.  In memory is only
 * what the end needs of a finding: regressions (their history), and
 * records a pattern of the triage file names (its counts). */
#include <fnmatch.h>
#include <math.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "rec.h"
#include "spool.h"
#include "strmap.h"
#include "triage.h"

typedef struct {
	size_t ord;	/* its place among the spooled records */
	int sys;
	char *name;	/* suite/bench/test/op/metric */
	char *series;	/* key, name and conc: the trend's index */
	long long conc;
	const char *base, *target;	/* kernels, interned */
	int regression;
	/* what kp-triage adds */
	const kp_tchange *since;
	const char *newest;
	const Known *known;
} Held;

/* what kp-triage holds until the end of its input */
typedef struct {
	kp_strmap *trendmap;	/* series id -> index in trends */
	kp_trend *trends;
	kp_spool *spool;	/* every cmp and sys line */
	kp_strmap *kernels;	/* the held records' kernel names */
	Held *held;
	size_t nheld;
	Known *known;
	size_t nknown;
} Triage;

/* a < b in the order of kp(7): 1, 0 when not, -1 when either does not
 * parse (a pooled side, "v6.17+v6.17.1", has no place) */
static int
before(const char *a, const char *b)
{
	kp_kver x, y;

	if (!a || !b || kp_kver_parse(a, &x) < 0 || kp_kver_parse(b, &y) < 0)
		return -1;
	return kp_kver_cmp(&x, &y) < 0;
}

/* suite/bench/test/op/metric: what a pattern of the triage file
 * matches (kp-triage(1)) */
static char *
name_of(const char *suite, const char *bench, const char *test,
    const char *op, const char *metric)
{
	size_t len = strlen(suite) + strlen(bench) + strlen(test) + strlen(op) +
	    strlen(metric) + 5;
	char *s = emalloc(len);

	snprintf(s, len, "%s/%s/%s/%s/%s", suite, bench, test, op, metric);
	return s;
}

static void
readtrend(Triage *tg, kp_json *d)
{
	kp_has want = kp_has_of(KP_TREND_SERIES_ID, KP_TREND_NEWEST,
	    KP_TREND_CHANGES, -1);
	kp_trend t;
	size_t i;
	int isnew;

	kp_rec_read(d, &kp_trend_t, &t, &want, NULL);
	kp_rec_upgrade(d, &kp_trend_t, &t, &want);
	i = kp_strmap_add(tg->trendmap, t.series_id, strlen(t.series_id), &isnew);
	if (!isnew)
		kp_rec_die(d, -1, "a second trend record of one series");
	tg->trends = kp_grow(tg->trends, i, sizeof(*tg->trends));
	tg->trends[i] = t;
}

#define CHANGE(t, j) ((const kp_tchange *)(t)->changes.v + (j))

static const char *
intern(Triage *tg, const char *k)
{
	return k ? kp_strmap_key(tg->kernels,
	    kp_strmap_add(tg->kernels, k, strlen(k), NULL), NULL) : NULL;
}

/* a record the end needs: a regression, or one a pattern names */
static int
needed(const Triage *tg, const char *name, int regression)
{
	size_t j;

	if (regression)
		return 1;
	for (j = 0; j < tg->nknown; j++)
		if (fnmatch(tg->known[j].pattern, name, 0) == 0)
			return 1;
	return 0;
}

/* the line to the spool; the record to memory when the end needs it
 * (NULL when not: its name is freed).  name is NULL when no pattern can
 * want it: a record that is no regression, without a triage file. */
static Held *
held_new(Triage *tg, kp_json *d, const char *file, int sys, char *name,
    int regression)
{
	Held *h;

	kp_spool_put(tg->spool, d->text, d->len, file, d->line);
	if (!needed(tg, name, regression)) {
		free(name);
		return NULL;
	}
	tg->held = kp_grow(tg->held, tg->nheld, sizeof(*tg->held));
	h = &tg->held[tg->nheld++];
	memset(h, 0, sizeof(*h));
	h->ord = kp_spool_count(tg->spool) - 1;
	h->sys = sys;
	h->name = name;
	h->regression = regression;
	return h;
}

static void
hold_cmp(Triage *tg, kp_json *d, const char *file)
{
	kp_has want = kp_has_of(KP_CMP_SUITE, KP_CMP_BENCH, KP_CMP_TEST,
	    KP_CMP_OP, KP_CMP_METRIC, KP_CMP_CONC, KP_CMP_SERIES_ID,
	    KP_CMP_BASE_KERNEL, KP_CMP_TARGET_KERNEL, KP_CMP_CLASS, -1);
	kp_cmp c;
	Held *h;

	kp_rec_read(d, &kp_cmp_t, &c, &want, NULL);
	kp_rec_upgrade(d, &kp_cmp_t, &c, &want);
	h = held_new(tg, d, file, 0, c.class == KP_REGRESSION || tg->nknown ?
	    name_of(c.suite, c.bench, c.test, c.op, c.metric) : NULL,
	    c.class == KP_REGRESSION);
	if (h) {
		h->conc = c.conc;
		h->series = c.series_id;
		c.series_id = NULL;	/* kept */
		h->target = intern(tg, c.target_kernel);
		h->base = intern(tg, c.base_kernel);
	}
	kp_rec_free(&kp_cmp_t, &c);
}

static void
hold_sys(Triage *tg, kp_json *d, const char *file)
{
	kp_has want = kp_has_of(KP_SYS_SUITE, KP_SYS_BENCH, KP_SYS_TEST,
	    KP_SYS_OP, KP_SYS_METRIC, KP_SYS_BASE_KERNEL, KP_SYS_TARGET_KERNEL,
	    KP_SYS_DIRECTION, -1);
	kp_sys y;
	Held *h;

	kp_rec_read(d, &kp_sys_t, &y, &want, NULL);
	h = held_new(tg, d, file, 1, y.direction == KP_DIR_REGRESSION ||
	    tg->nknown ? name_of(y.suite, y.bench, y.test, y.op, y.metric) :
	    NULL, y.direction == KP_DIR_REGRESSION);
	if (h) {
		h->conc = -1;
		h->target = intern(tg, y.target_kernel);
		h->base = intern(tg, y.base_kernel);
	}
	kp_rec_free(&kp_sys_t, &y);
}

static void
readfile(Triage *tg, kp_w *w, const char *path)
{
	kp_in *in = kp_in_open(path);
	kp_json d;

	kp_json_init(&d);
	while (kp_rec_next(in, &d)) {
		if (kp_rec_is(&d, &kp_trend_t)) {
			readtrend(tg, &d);
			kp_w_line(w, d.text, d.len);
		} else if (kp_rec_is(&d, &kp_cmp_t))
			hold_cmp(tg, &d, kp_in_name(in));
		else if (kp_rec_is(&d, &kp_sys_t))
			hold_sys(tg, &d, kp_in_name(in));
		else
			kp_w_line(w, d.text, d.len);
	}
	kp_json_free(&d);
	kp_in_close(in);
}

/* a change's size; one from a zero level has no percentage (kp(7)) and
 * is larger than any that has */
static double
mag(const kp_tchange *c)
{
	return isnan(c->size_pct) ? INFINITY : fabs(c->size_pct);
}

/* the change of the series that the regression base -> target shows:
 * the largest change for the worse after base, up to target */
static void
find_since(const Triage *tg, Held *h)
{
	long i = kp_strmap_find(tg->trendmap, h->series, strlen(h->series));
	const kp_trend *t;
	const kp_tchange *c;
	size_t j;

	if (i < 0 || !h->regression)
		return;
	t = &tg->trends[i];
	for (j = 0; j < t->changes.n; j++) {
		c = CHANGE(t, j);
		if (!c->worse || before(h->base, c->first) != 1 ||
		    before(h->target, c->first) != 0)
			continue;
		if (!h->since || mag(c) > mag(h->since))
			h->since = c;
	}
	h->newest = t->newest;
}

static int
covers(const Known *k, const Held *h)
{
	if (fnmatch(k->pattern, h->name, 0) != 0)
		return 0;
	if (k->conc >= 0 && !h->sys && k->conc != h->conc)
		return 0;
	if (k->since && (h->since ? strcmp(h->since->first, k->since) != 0 :
	    before(h->target, k->since) == 1))
		return 0;
	return 1;
}

/* a finding fixed in a kernel that shows again from that kernel on is
 * a new finding */
static int
returned(const Known *k, const Held *h)
{
	return k->status == KP_TRIAGE_FIXED_IN && before(h->target, k->fixed_in) == 0;
}

/* a spooled record with what kp-triage adds; h is NULL for one the end
 * did not need, which gets nothing but nulls */
static void
write_held(kp_w *w, const Held *h, const char *text, size_t len,
    const char *file, long lineno)
{
	const char *added[KP_CMP_NF - KP_CMP_SINCE + 1];
	kp_json d;
	kp_cmp c;
	kp_sys y;
	char err[128];
	size_t col;
	int k;

	/* what kp-triage writes, dropped from the record as read: the
	 * cmp's fields from since on, a sys's triage among them */
	for (k = KP_CMP_SINCE; k < KP_CMP_NF; k++)
		added[k - KP_CMP_SINCE] = KP_FNAME(kp_cmp_t, k);
	added[k - KP_CMP_SINCE] = NULL;
	kp_json_init(&d);
	if (kp_json_parse(&d, text, len, err, sizeof(err), &col) < 0)
		kp_die_at(file, lineno, (long)col, "%s", err);
	kp_w_copy_obj(w, &d, added);
	if (kp_rec_is(&d, &kp_sys_t)) {
		memset(&y, 0, sizeof(y));
		kp_has_range(&y.has, KP_SYS_TRIAGE, KP_SYS_TRIAGE_NOTE);
		y.triage = h && h->known ? h->known->status : -1;
		y.triage_link = h && h->known ? h->known->link : NULL;
		y.triage_note = h && h->known ? h->known->note : NULL;
		kp_rec_members(w, &kp_sys_t, &y);
	} else {
		memset(&c, 0, sizeof(c));
		kp_has_range(&c.has, KP_CMP_SINCE, KP_CMP_TRIAGE_NOTE);
		if (h && h->since) {
			c.since = h->since->first;
			c.since_before = h->since->before;
			c.still_in = h->since->persists ? (char *)h->newest : NULL;
			c.fixed_in = h->since->reverted_in;
		}
		c.triage = h && h->known ? h->known->status : -1;
		c.triage_link = h && h->known ? h->known->link : NULL;
		c.triage_note = h && h->known ? h->known->note : NULL;
		kp_rec_members(w, &kp_cmp_t, &c);
	}
	kp_w_end(w);
	kp_json_free(&d);
}

/* where a known finding that no longer reproduces was seen fixed: the
 * trend's revert of its change, else the first target that compared
 * without it */
static void
seen_fixed(const Triage *tg, Known *k)
{
	size_t i, j;
	const kp_trend *t;
	const char *best = NULL, *cand;

	for (i = 0; i < tg->nheld; i++) {
		const Held *h = &tg->held[i];
		long ti;

		if (h->sys || fnmatch(k->pattern, h->name, 0) != 0 ||
		    (k->conc >= 0 && k->conc != h->conc))
			continue;
		cand = NULL;
		if ((ti = kp_strmap_find(tg->trendmap, h->series, strlen(h->series))) >= 0) {
			t = &tg->trends[ti];
			for (j = 0; j < t->changes.n; j++)
				if (CHANGE(t, j)->worse && CHANGE(t, j)->reverted_in &&
				    (!k->since || strcmp(CHANGE(t, j)->first, k->since) == 0))
					cand = CHANGE(t, j)->reverted_in;
		}
		if (!cand && !h->regression &&
		    (!k->since || before(h->target, k->since) == 0))
			cand = h->target;
		if (cand && (!best || before(cand, best) == 1))
			best = cand;
	}
	k->seen_fixed = best ? estrdup(best) : NULL;
}

static void
write_known(kp_w *w, const Known *k)
{
	kp_triage t;

	memset(&t, 0, sizeof(t));
	kp_has_range(&t.has, 0, KP_TRIAGE_NF - 1);
	t.pattern = k->pattern;
	t.conc = k->conc >= 0 ? k->conc : KP_NULL_INT;
	t.since = k->since;
	t.status = k->status;
	t.fixed_in = k->fixed_in;
	t.link = k->link;
	t.note = k->note;
	t.n_findings = (long long)k->nfound;
	t.n_measured = (long long)k->nmeasured;
	t.state = k->nfound ? KP_TSTATE_REPRODUCES : k->nmeasured ? KP_TSTATE_FIXED :
	    KP_TSTATE_NOT_MEASURED;
	t.seen_fixed_in = k->nfound ? NULL : k->seen_fixed;
	kp_rec_write(w, &kp_triage_t, &t);
}

static const char synopsis[] = "usage: kp-triage [-t triage.yaml] [file ...]";

/* the options, one line each for --help, as in the man page */
static const struct kp_option options[] = {
	{ 't', NULL, "triage.yaml",
	    "the triage file of known findings" },
	{ 0 }
};

int
main(int argc, char *argv[])
{
	static Triage tg;	/* reachable when a diagnostic exits */
	kp_w *w;
	const char *tfile = NULL, *text, *file;
	size_t i, j, len, next;
	long lineno;
	int ch;

	while ((ch = kp_getopt(argc, argv, synopsis, options)) != -1) {
		switch (ch) {
		case 't':
			tfile = optarg;
			break;
		default:
			kp_usage(synopsis);
		}
	}
	argc -= optind;
	argv += optind;
	if (tfile)
		tg.known = triage_read(tfile, &tg.nknown);
	tg.trendmap = kp_strmap_new();
	tg.kernels = kp_strmap_new();
	tg.spool = kp_spool_new("cmp and sys records");
	w = kp_w_open(stdout, "<stdout>");
	if (argc == 0)
		readfile(&tg, w, NULL);
	for (i = 0; i < (size_t)argc; i++)
		readfile(&tg, w, argv[i]);

	for (i = 0; i < tg.nheld; i++) {
		Held *h = &tg.held[i];

		if (!h->sys)
			find_since(&tg, h);
		for (j = 0; j < tg.nknown; j++) {
			Known *k = &tg.known[j];

			if (!covers(k, h))
				continue;
			if (!h->sys)
				k->nmeasured++;
			if (h->regression && !returned(k, h)) {
				if (!h->known)
					h->known = k;
				if (!h->sys)
					k->nfound++;
			}
		}
	}
	for (i = next = 0; kp_spool_next(tg.spool, &text, &len, &file, &lineno); i++)
		write_held(w, next < tg.nheld && tg.held[next].ord == i ?
		    &tg.held[next++] : NULL, text, len, file, lineno);
	for (j = 0; j < tg.nknown; j++) {
		seen_fixed(&tg, &tg.known[j]);
		write_known(w, &tg.known[j]);
	}
	kp_w_close(w);
	return 0;
}
