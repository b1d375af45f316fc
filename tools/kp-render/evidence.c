/* SPDX-License-Identifier: GPL-2.0-or-later */
/* evidence.c: the evidence records of kp-evidence(1) beside the findings
 * they back, as lines of plain text that text, md and junit print and
 * csv and json carry as the record's fields.  The numbers are the
 * record's; nothing is computed here but their formatting. */
#include <csv.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "strmap.h"
#include "render.h"

void
evidence_add(Report *r, kp_json *d, kp_recix *ix)
{
	kp_evidence *e;
	int isnew;

	if (!r->evmap)
		r->evmap = kp_strmap_new();
	r->ev = kp_grow(r->ev, r->nev, sizeof(*r->ev));
	e = &r->ev[r->nev];
	kp_rec_read(d, &kp_evidence_t, e, NULL, ix);
	if (r->visible)
		txt_visible_rec(&kp_evidence_t, e);
	/* the same record through two files (findings and -s) is one */
	kp_strmap_addv(r->evmap, &isnew, e->base_exp, e->target_exp, NULL);
	if (!isnew) {
		kp_rec_free(&kp_evidence_t, e);
		return;
	}
	r->nev++;
}

const kp_evidence *
evidence_of(const Report *r, const CmpRec *c)
{
	long i;

	if (!r->evmap || !c->base_exp || !c->target_exp)
		return NULL;
	i = kp_strmap_findv(r->evmap, c->base_exp, c->target_exp, NULL);
	return i < 0 ? NULL : &r->ev[i];
}

typedef struct {
	char **v;
	size_t n;
} Lines;

static void
addf(Lines *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void
addf(Lines *l, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		kp_die("out of memory");
	va_end(ap);
	l->v = kp_grow(l->v, l->n, sizeof(*l->v));
	l->v[l->n++] = s;	/* each format escapes it (escape.c) */
}

/* "177.3 -> 178.7" of a duration, "n/a" for a side without one */
static void
secs(char *b, size_t sz, double base, double target)
{
	char x[32], y[32];

	snprintf(x, sizeof(x), isnan(base) ? "n/a" : "%.1f", base);
	snprintf(y, sizeof(y), isnan(target) ? "n/a" : "%.1f", target);
	snprintf(b, sz, "%s -> %s s", x, y);
}

static void
value(char *b, size_t sz, double v, double sd)
{
	char x[32], y[32];

	if (isnan(v)) {
		snprintf(b, sz, "n/a");
		return;
	}
	fmt_si(x, sizeof(x), v);
	if (isnan(sd)) {
		snprintf(b, sz, "%s", x);
		return;
	}
	fmt_si(y, sizeof(y), sd);
	snprintf(b, sz, "%s \u00b1%s", x, y);
}

static const char *
ranking(const kp_evidence *e)
{
	switch (e->rank_by) {
	case KP_ER_POOLED_SD:
		return "ranked by change over pooled run-to-run sd (Cohen's d)";
	case KP_ER_CHOSEN:
		return "one run a side: the counters chosen, not tested for "
		    "significance";
	case KP_ER_RELATIVE:
		return "one run a side: largest relative changes, not tested "
		    "for significance";
	}
	return "ranking unknown";
}

static void
runlist(char *b, size_t sz, const kp_strs *v)
{
	size_t i, n = 0;

	b[0] = '\0';
	for (i = 0; i < v->n && n + 1 < sz; i++)
		n += (size_t)snprintf(b + n, sz - n, "%s%s", i ? ", " : "",
		    v->v[i]);
}

/* "2 in 2 runs" */
static void
dmesg(char *b, size_t sz, long long n, long long runs)
{
	if (n == KP_NULL_INT)
		snprintf(b, sz, "n/a");
	else
		snprintf(b, sz, "%lld in %lld run%s", n, runs, runs == 1 ? "" : "s");
}

static int
among(const kp_strs *v, const char *s)
{
	size_t i;

	for (i = 0; i < v->n; i++)
		if (strcmp(v->v[i], s) == 0)
			return 1;
	return 0;
}

/* the lines of an evidence record; a line that begins with two spaces
 * belongs to the one before it */
static Lines
lines(const Report *r, const CmpRec *c)
{
	const kp_evidence *e = evidence_of(r, c);
	Lines l = { NULL, 0 };
	char a[96], b[96], t[96], buf[4096];
	size_t i;

	if (!e) {
		if (r->nev)
			addf(&l, "evidence: none for exp %s/%s", S(c->base_exp),
			    S(c->target_exp));
		return l;
	}
	if (e->base_params && e->target_params &&
	    strcmp(e->base_params, e->target_params) != 0)
		addf(&l, "command: %s -> %s", e->base_params, e->target_params);
	else if (e->base_params || e->target_params)
		addf(&l, "command: %s", e->base_params ? e->base_params :
		    e->target_params);
	if (e->n_base == 0 || e->n_target == 0)
		addf(&l, "no runstat records for the %s side: no durations "
		    "or counters", e->n_base == 0 && e->n_target == 0 ? "base "
		    "or the target" : e->n_base == 0 ? "base" : "target");
	if (e->missing.n) {
		runlist(buf, sizeof(buf), &e->missing);
		addf(&l, "no runstat for run%s %s", e->missing.n > 1 ? "s" : "",
		    buf);
	}
	if (e->n_base && e->n_target) {
		secs(a, sizeof(a), e->base_user_s, e->target_user_s);
		secs(b, sizeof(b), e->base_sys_s, e->target_sys_s);
		secs(t, sizeof(t), e->base_elapsed_s, e->target_elapsed_s);
		addf(&l, "time: user %s, sys %s, elapsed %s (mean of %lld -> "
		    "%lld)", a, b, t, e->n_base, e->n_target);
	}
	if (e->base_dmesg_warnings == KP_NULL_INT &&
	    e->target_dmesg_warnings == KP_NULL_INT)
		addf(&l, "dmesg warnings: not known");
	else {
		dmesg(a, sizeof(a), e->base_dmesg_warnings, e->base_dmesg_runs);
		dmesg(b, sizeof(b), e->target_dmesg_warnings,
		    e->target_dmesg_runs);
		addf(&l, "dmesg warnings: %s -> %s", a, b);
		/* only what the target says new: a boot warning of both sides
		 * (SRSO) under every finding says nothing about any */
		if (kp_has_get(&e->has, KP_EV_NEW_WARNINGS)) {
			for (i = 0; i < e->new_warnings.n; i++)
				addf(&l, "  new in the target: %s",
				    e->new_warnings.v[i]);
		} else {	/* evidence written before new_warnings */
			for (i = 0; i < e->target_warnings.n; i++)
				addf(&l, "  target: %s", e->target_warnings.v[i]);
			/* the base's lines the target has too say nothing new */
			for (i = 0; i < e->base_warnings.n; i++)
				if (!among(&e->target_warnings,
				    e->base_warnings.v[i]))
					addf(&l, "  base only: %s",
					    e->base_warnings.v[i]);
		}
	}
	if (e->n_base && e->n_target) {
		if (e->counters.n == 0)
			addf(&l, "counters: none moved (%s)", ranking(e));
		else
			addf(&l, "counters, %zu of %lld (%s):", e->counters.n,
			    e->n_counters, ranking(e));
	}
	for (i = 0; i < e->counters.n; i++) {
		const kp_ectr *k = (const kp_ectr *)e->counters.v + i;

		value(a, sizeof(a), k->base, k->base_sd);
		value(b, sizeof(b), k->target, k->target_sd);
		if (isnan(k->change_pct))
			snprintf(t, sizeof(t), "from 0");
		else
			snprintf(t, sizeof(t), "%+.1f%%", k->change_pct);
		if (!isnan(k->d))
			snprintf(t + strlen(t), sizeof(t) - strlen(t),
			    ", d=%+.2f", k->d);
		addf(&l, "  %s %s -> %s %s (%s)", k->name, a, b,
		    k->kind == KP_EK_RATE ? "/s" : "level", t);
	}
	return l;
}

static void
freelines(Lines *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
}

/* text: under a finding, each line indented; the pairs already shown in
 * full are named only, so that eight levels of one job read once */
void
evidence_plain(FILE *fp, const Report *r, const CmpRec *c,
    const char *indent, struct kp_strmap *shown)
{
	Lines l;
	size_t i;
	int isnew = 1;

	if (shown && c->base_exp && c->target_exp)
		kp_strmap_addv(shown, &isnew, c->base_exp, c->target_exp, NULL);
	if (!isnew && evidence_of(r, c)) {
		fprintf(fp, "%sevidence: as above for exp %s/%s\n", indent,
		    c->base_exp, c->target_exp);
		return;
	}
	l = lines(r, c);
	for (i = 0; i < l.n; i++)
		fprintf(fp, "%s%s%s\n", indent, l.v[i][0] == ' ' ? "  " : "",
		    l.v[i]);
	freelines(&l);
}

/* junit: the lines joined with newlines, through the format's escaper */
void
evidence_each(const Report *r, const CmpRec *c, void (*put)(FILE *,
    const char *), FILE *fp)
{
	Lines l = lines(r, c);
	size_t i;

	for (i = 0; i < l.n; i++) {
		put(fp, "\n");
		put(fp, l.v[i]);
	}
	freelines(&l);
}

/* md: one section per pair of experiments with a finding, the findings it
 * backs counted, its lines as a list */
void
evidence_md(FILE *fp, const Report *r, const Cmp **v)
{
	kp_strmap *seen;
	size_t i, j, nreg, nimp;
	int isnew;
	Lines l;

	if (!r->nev)
		return;
	seen = kp_strmap_new();
	fputs("### Evidence beside the findings\n\n", fp);
	for (i = 0; i < r->ncmp; i++) {
		const CmpRec *c = &v[i]->rec;

		if (v[i]->cls != KP_REGRESSION && v[i]->cls != KP_IMPROVEMENT)
			continue;
		kp_strmap_addv(seen, &isnew, c->base_exp, c->target_exp, NULL);
		if (!isnew)
			continue;
		for (j = nreg = nimp = 0; j < r->ncmp; j++)
			if (strcmp(r->cmp[j].rec.base_exp, c->base_exp) == 0 &&
			    strcmp(r->cmp[j].rec.target_exp, c->target_exp) == 0) {
				nreg += r->cmp[j].cls == KP_REGRESSION;
				nimp += r->cmp[j].cls == KP_IMPROVEMENT;
			}
		fputs("- **", fp);
		md_put(fp, c->job);
		fputs("** ", fp);
		md_put(fp, c->base_kernel);
		fputs(" \u2192 ", fp);
		md_put(fp, c->target_kernel);
		fputs(" (exp ", fp);
		md_put(fp, c->base_exp);
		fputc('/', fp);
		md_put(fp, c->target_exp);
		fprintf(fp, "): %zu regression%s, %zu improvement%s\n", nreg,
		    nreg == 1 ? "" : "s", nimp, nimp == 1 ? "" : "s");
		l = lines(r, c);
		for (j = 0; j < l.n; j++) {
			fputs(l.v[j][0] == ' ' ? "    - " : "  - ", fp);
			md_put(fp, l.v[j] + (l.v[j][0] == ' ' ? 2 : 0));
			fputc('\n', fp);
		}
		freelines(&l);
	}
	fputc('\n', fp);
	kp_strmap_free(seen);
}

/* json: the evidence records, typed, as kp-evidence wrote them */
void
evidence_json(kp_w *w, const Report *r)
{
	size_t i;

	if (!r->nev)
		return;
	kp_w_key(w, "evidence");
	kp_w_arr(w);
	for (i = 0; i < r->nev; i++)
		kp_rec_write(w, &kp_evidence_t, &r->ev[i]);
	kp_w_end(w);
}

/* csv: the record's fields after the cmp's, named evidence_FIELD, but
 * base_exp and target_exp, which the cmp columns have; arrays as JSON */
static int
csvcol(int f)
{
	return f != KP_EV_BASE_EXP && f != KP_EV_TARGET_EXP;
}

void
evidence_csv_head(FILE *fp, const Report *r)
{
	char name[64];
	int f;

	if (!r->nev)
		return;
	for (f = 0; f < kp_evidence_t.nf; f++)
		if (csvcol(f)) {
			snprintf(name, sizeof(name), "evidence_%s",
			    kp_evidence_t.f[f].name);
			fputc(',', fp);
			csv_text(fp, name, strlen(name));
		}
}

void
evidence_csv_row(FILE *fp, const Report *r, const CmpRec *c)
{
	const kp_evidence *e;
	char *buf = NULL, err[256];
	size_t sz = 0, len;
	FILE *m;
	kp_w *w;
	kp_json d;
	const char *s;
	int f, t;

	if (!r->nev)
		return;
	if (!(e = evidence_of(r, c))) {
		for (f = 0; f < kp_evidence_t.nf; f++)
			if (csvcol(f))
				fputc(',', fp);
		return;
	}
	/* the record as kp-evidence wrote it, then each field's JSON */
	if (!(m = open_memstream(&buf, &sz)))
		kp_die("open_memstream: %s", strerror(errno));
	w = kp_w_open(m, "<evidence>");
	kp_rec_write(w, &kp_evidence_t, e);
	kp_w_close(w);
	kp_json_init(&d);
	if (kp_json_parse(&d, buf, sz, err, sizeof(err), NULL) < 0)
		kp_die("<evidence record>: %s", err);
	for (f = 0; f < kp_evidence_t.nf; f++) {
		if (!csvcol(f))
			continue;
		fputc(',', fp);
		if ((t = kp_json_get(&d, 0, kp_evidence_t.f[f].name)) < 0 ||
		    d.tok[t].type == KP_JNULL)
			continue;
		if (d.tok[t].type == KP_JSTR) {
			s = kp_json_strn(&d, t, &len);
			csv_text(fp, s, len);
		} else {
			s = kp_json_raw(&d, t, &len);
			if (csv_fwrite(fp, s, len) != 0)
				kp_die_at("<stdout>", 0, 0, "write error: %s",
				    strerror(errno));
		}
	}
	kp_json_free(&d);
	free(buf);
}
