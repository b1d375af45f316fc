/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-triage: each finding with its history (since which kernel, still in
 * or fixed in which) and its triage (known, acknowledged, ...).  See
 * kp-triage(1).
 *
 * trend records are read into an index; cmp and sys records are held
 * (their lines, a few hundred bytes each) until the end of the input,
 * when every trend record has been seen, and then written with the new
 * fields; every other record passes through as it is read. */
#include <fnmatch.h>
#include <math.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "rec.h"
#include "strmap.h"
#include "triage.h"

typedef struct {
	char *line;
	size_t len;
	char *file;
	long lineno;
	int sys;
	char *name;	/* suite/bench/test/op/metric */
	char *series;	/* key, name and conc: the trend's index */
	long long conc;
	char *base, *target;	/* kernels */
	int regression;
	/* what kp-triage adds */
	const kp_tchange *since;
	const char *newest;
	const Known *known;
} Held;

static kp_strmap *trendmap;
static kp_trend *trends;
static Held *held;
static size_t nheld;
static Known *known;
static size_t nknown;

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

static char *
series_id(kp_json *d, long long conc)
{
	const char *f[] = { "key", "suite", "bench", "test", "op", "metric" };
	size_t i, len = 32;
	char *s;

	for (i = 0; i < KP_LEN(f); i++)
		len += strlen(kp_req_str(d, f[i])) + 1;
	s = emalloc(len);
	s[0] = '\0';
	for (i = 0; i < KP_LEN(f); i++) {
		strcat(s, kp_req_str(d, f[i]));
		strcat(s, "\x1f");
	}
	snprintf(s + strlen(s), 32, "%lld", conc);
	return s;
}

static char *
name_of(kp_json *d)
{
	size_t len = strlen(kp_req_str(d, "suite")) + strlen(kp_req_str(d, "bench")) +
	    strlen(kp_req_str(d, "test")) + strlen(kp_req_str(d, "op")) +
	    strlen(kp_req_str(d, "metric")) + 5;
	char *s = emalloc(len);

	snprintf(s, len, "%s/%s/%s/%s/%s", kp_req_str(d, "suite"), kp_req_str(d, "bench"),
	    kp_req_str(d, "test"), kp_req_str(d, "op"), kp_req_str(d, "metric"));
	return s;
}

static void
readtrend(kp_json *d)
{
	char *id = series_id(d, kp_req_int(d, "conc"));
	int isnew;
	size_t i = kp_strmap_add(trendmap, id, strlen(id), &isnew);
	kp_has want;

	free(id);
	if (!isnew)
		kp_rec_die(d, -1, "a second trend record of one series");
	want = kp_has_of(KP_TREND_NEWEST, KP_TREND_CHANGES, -1);

	trends = kp_grow(trends, i, sizeof(*trends));
	kp_rec_read(d, &kp_trend_t, &trends[i], &want, NULL);
}

#define CHANGE(t, j) ((const kp_tchange *)(t)->changes.v + (j))

static void
hold(kp_json *d, const char *file, int sys)
{
	Held *h;
	const char *cls;

	held = kp_grow(held, nheld, sizeof(*held));
	h = &held[nheld++];
	memset(h, 0, sizeof(*h));
	h->line = estrndup(d->text, d->len);
	h->len = d->len;
	h->file = estrdup(file);
	h->lineno = d->line;
	h->sys = sys;
	h->name = name_of(d);
	h->target = estrdup(kp_req_str(d, "target_kernel"));
	h->base = estrdup(kp_req_str(d, "base_kernel"));
	if (sys) {
		h->conc = -1;
		h->regression = strcmp(kp_req_str(d, "direction"), "regression") == 0;
		return;
	}
	h->conc = kp_req_int(d, "conc");
	h->series = series_id(d, h->conc);
	cls = kp_opt_str(d, "class", NULL);
	h->regression = cls && strcmp(cls, "regression") == 0;
}

static void
readfile(kp_w *w, const char *path)
{
	kp_in *in = kp_in_open(path);
	kp_json d;
	const char *type;

	kp_json_init(&d);
	while (kp_rec_next(in, &d)) {
		type = kp_rec_type(&d);
		if (strcmp(type, "trend") == 0) {
			readtrend(&d);
			kp_w_line(w, d.text, d.len);
		} else if (strcmp(type, "cmp") == 0)
			hold(&d, kp_in_name(in), 0);
		else if (strcmp(type, "sys") == 0)
			hold(&d, kp_in_name(in), 1);
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
find_since(Held *h)
{
	long i = kp_strmap_find(trendmap, h->series, strlen(h->series));
	const kp_trend *t;
	const kp_tchange *c;
	size_t j;

	if (i < 0 || !h->regression)
		return;
	t = &trends[i];
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

static void
write_held(kp_w *w, Held *h)
{
	static const char *const added[] = { "since", "since_before", "still_in",
	    "fixed_in", "triage", "triage_link", "triage_note", NULL };
	kp_json d;
	kp_cmp c;
	kp_sys y;
	char err[128];
	size_t col;

	kp_json_init(&d);
	if (kp_json_parse(&d, h->line, h->len, err, sizeof(err), &col) < 0)
		kp_die_at(h->file, h->lineno, (long)col, "%s", err);
	kp_w_copy_obj(w, &d, added);
	if (h->sys) {
		memset(&y, 0, sizeof(y));
		kp_has_range(&y.has, KP_SYS_TRIAGE, KP_SYS_TRIAGE_NOTE);
		y.triage = h->known ? h->known->status : -1;
		y.triage_link = h->known ? h->known->link : NULL;
		y.triage_note = h->known ? h->known->note : NULL;
		kp_rec_members(w, &kp_sys_t, &y);
	} else {
		memset(&c, 0, sizeof(c));
		kp_has_range(&c.has, KP_CMP_SINCE, KP_CMP_TRIAGE_NOTE);
		c.since = h->since ? h->since->first : NULL;
		c.since_before = h->since ? h->since->before : NULL;
		c.still_in = h->since && h->since->persists ? (char *)h->newest : NULL;
		c.fixed_in = h->since ? h->since->reverted_in : NULL;
		c.triage = h->known ? h->known->status : -1;
		c.triage_link = h->known ? h->known->link : NULL;
		c.triage_note = h->known ? h->known->note : NULL;
		kp_rec_members(w, &kp_cmp_t, &c);
	}
	kp_w_end(w);
	kp_json_free(&d);
}

/* where a known finding that no longer reproduces was seen fixed: the
 * trend's revert of its change, else the first target that compared
 * without it */
static void
seen_fixed(Known *k)
{
	size_t i, j;
	const kp_trend *t;
	const char *best = NULL, *cand;

	for (i = 0; i < nheld; i++) {
		Held *h = &held[i];
		long ti;

		if (h->sys || fnmatch(k->pattern, h->name, 0) != 0 ||
		    (k->conc >= 0 && k->conc != h->conc))
			continue;
		cand = NULL;
		if ((ti = kp_strmap_find(trendmap, h->series, strlen(h->series))) >= 0) {
			t = &trends[ti];
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
	kp_w *w;
	const char *tfile = NULL;
	size_t i, j;
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
		known = triage_read(tfile, &nknown);
	trendmap = kp_strmap_new();
	w = kp_w_open(stdout, "<stdout>");
	if (argc == 0)
		readfile(w, NULL);
	for (i = 0; i < (size_t)argc; i++)
		readfile(w, argv[i]);

	for (i = 0; i < nheld; i++) {
		Held *h = &held[i];

		if (!h->sys)
			find_since(h);
		for (j = 0; j < nknown; j++) {
			if (!covers(&known[j], h))
				continue;
			if (!h->sys)
				known[j].nmeasured++;
			if (h->regression && !returned(&known[j], h)) {
				if (!h->known)
					h->known = &known[j];
				if (!h->sys)
					known[j].nfound++;
			}
		}
		write_held(w, h);
	}
	for (j = 0; j < nknown; j++) {
		seen_fixed(&known[j]);
		write_known(w, &known[j]);
	}
	kp_w_close(w);
	return 0;
}
