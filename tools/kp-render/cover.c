/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cover.c: the coverage records of a comparison (kp-records(5)), summed
 * up for the top of every format: what was compared, what is missing in
 * the target or new in it, kept apart by identity or merged under one
 * label, and what was not compared and why.  A report that compared
 * nothing says so before anything else, never "0 regressions".
 *
 * Lines are aggregated: one per pair, kind and cause, with its count and
 * the first few names, so a lab of thousands of groups gets a few lines. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "coverage.h"
#include "strmap.h"
#include "render.h"

#define NEG 3	/* names shown of each line */


static void
miss_add(Cover *cv, const kp_coverage *c)
{
	cv->miss = kp_grow(cv->miss, cv->nmiss, sizeof(*cv->miss));
	cv->miss[cv->nmiss].base = estrdup(c->base ? c->base : "?");
	cv->miss[cv->nmiss].target = estrdup(c->target ? c->target : "?");
	cv->miss[cv->nmiss].name = estrdup(c->name);
	cv->miss[cv->nmiss].why = c->why ? estrdup(c->why) : NULL;
	cv->miss[cv->nmiss].suite = c->suite ? estrdup(c->suite) : NULL;
	cv->miss[cv->nmiss].test = c->test ? estrdup(c->test) : NULL;
	cv->nmiss++;
}

void
cover_miss_at(const Report *r, size_t i, const char **name,
    const char **suite, const char **test)
{
	*name = r->cov.miss[i].name;
	*suite = r->cov.miss[i].suite;
	*test = r->cov.miss[i].test;
}

static void
add(Cover *cv, enum kp_cov_kind kind, const char *key, const char *text,
    const char *name)
{
	size_t k;
	int isnew;
	CovLine *l;

	if (!cv->linemap)
		cv->linemap = kp_strmap_new();
	k = kp_strmap_add(cv->linemap, key, strlen(key), &isnew);
	if (isnew) {
		cv->lines = kp_grow(cv->lines, cv->nlines, sizeof(*cv->lines));
		memset(&cv->lines[k], 0, sizeof(*cv->lines));
		cv->lines[k].kind = kind;
		cv->lines[k].text = estrdup(text);
		cv->lines[k].id = emalloc(strlen(kp_cov_kind_name[kind]) +
		    strlen(key) + 2);
		sprintf(cv->lines[k].id, "%s %s", kp_cov_kind_name[kind],
		    strchr(key, '\n') ? strchr(key, '\n') + 1 : key);
		for (char *p = cv->lines[k].id; *p; p++)
			if (*p == '\n')
				*p = ' ';
		cv->nlines++;
	}
	l = &cv->lines[k];
	if (name && l->neg < NEG)
		l->eg[l->neg++] = estrdup(name);
	l->n++;
}

void
cover_read(Report *r, kp_json *d)
{
	Cover *cv = &r->cov;
	kp_coverage c;
	char key[2048], text[2048], diff[1024], pair[512];
	size_t i, len = 0;

	kp_coverage_read(d, &c);
	cv->ncov++;
	if (c.scope != KP_COV_COMPARE) {
		kp_coverage_free(&c);
		return;
	}
	snprintf(pair, sizeof(pair), "%s -> %s", c.base ? c.base : "?",
	    c.target ? c.target : "?");
	diff[0] = '\0';
	for (i = 0; i < c.ndiffer && len < sizeof(diff); i++)
		len += (size_t)snprintf(diff + len, sizeof(diff) - len,
		    "%s%s \"%s\" against \"%s\"", i ? ", " : "", c.differ[i].field,
		    c.differ[i].base ? c.differ[i].base : "null",
		    c.differ[i].target ? c.differ[i].target : "null");
	switch (c.kind) {
	case KP_COV_COMPARED:
		cv->npairs++;
		if (c.found >= 0)
			cv->ncompared += (size_t)c.found;
		if (c.expected >= 0)
			cv->nmeasured += (size_t)c.expected;
		if (c.found == 0)
			cv->nothing = 1;
		cv->seen = kp_grow(cv->seen, cv->nseen, sizeof(*cv->seen));
		cv->seen[cv->nseen].base = estrdup(c.base ? c.base : "?");
		cv->seen[cv->nseen].target = estrdup(c.target ? c.target : "?");
		cv->seen[cv->nseen].found = c.found;
		cv->seen[cv->nseen++].expected = c.expected;
		snprintf(key, sizeof(key), "c\n%s", pair);
		snprintf(text, sizeof(text), "%s: %lld of %lld measurements compared%s%s",
		    pair, c.found, c.expected, c.why ? "; " : "", c.why ? c.why : "");
		add(cv, c.kind, key, text, NULL);
		break;
	case KP_COV_MISSING:
		cv->nmissing++;
		miss_add(cv, &c);
		snprintf(key, sizeof(key), "m\n%s", pair);
		snprintf(text, sizeof(text), "%s: missing in the target", pair);
		add(cv, c.kind, key, text, c.name);
		break;
	case KP_COV_NEW:
		snprintf(key, sizeof(key), "n\n%s", pair);
		snprintf(text, sizeof(text), "%s: new in the target (no baseline)", pair);
		add(cv, c.kind, key, text, c.name);
		break;
	case KP_COV_APART:
		snprintf(key, sizeof(key), "a\n%s\n%s\n%s", pair, diff, S(c.why));
		snprintf(text, sizeof(text), "%s: kept apart by identity%s%s%s%s", pair,
		    *diff ? ", " : "", diff, c.why ? "; " : "", S(c.why));
		add(cv, c.kind, key, text,
		    c.level == KP_COV_LKERNEL && c.job ? c.job : c.name);
		break;
	case KP_COV_MERGED:
		snprintf(key, sizeof(key), "r\n%s\n%s", pair, S(c.label));
		len = (size_t)snprintf(text, sizeof(text), "%s: %s merges %zu runs:",
		    pair, S(c.label), c.nruns);
		for (i = 0; i < c.nruns && len < sizeof(text); i++)
			len += (size_t)snprintf(text + len, sizeof(text) - len, " %s",
			    c.runs[i]);
		add(cv, c.kind, key, text, NULL);
		break;
	case KP_COV_UNCOMPARED:
		if (c.level == KP_COV_LPAIR)
			cv->nothing = 1;
		/* a measurement of both sides that could not be compared (a
		 * histogram that counted nothing) is as missing to a gate */
		if (c.level == KP_COV_LGROUP) {
			cv->nmissing++;
			miss_add(cv, &c);
		}
		snprintf(key, sizeof(key), "u\n%s\n%s", c.name, S(c.why));
		if (c.level == KP_COV_LKERNEL)
			snprintf(text, sizeof(text), "kernel %s not compared: %s",
			    c.name, S(c.why));
		else
			snprintf(text, sizeof(text), "nothing compared: %s", S(c.why));
		add(cv, c.kind, key, text,
		    c.level == KP_COV_LKERNEL ? c.job : NULL);
		break;
	default:
		snprintf(key, sizeof(key), "%d\n%s\n%s", (int)c.kind, c.name, S(c.why));
		snprintf(text, sizeof(text), "%s %s: %s", kp_cov_kind_name[c.kind],
		    c.name, S(c.why));
		add(cv, c.kind, key, text, NULL);
	}
	kp_coverage_free(&c);
}

/* a shift record (kp-records(5)): the change every family of a pair
 * shares, said once beside the coverage, since no level's verdict shows it */
void
cover_shift(Report *r, kp_json *d)
{
	Cover *cv = &r->cov;
	kp_shift x;
	char buf[512];

	memset(&x, 0, sizeof(x));
	kp_rec_read(d, &kp_shift_t, &x, NULL, NULL);
	if (isnan(x.shift_pct))
		snprintf(buf, sizeof(buf), "%s -> %s: the change all families "
		    "share could not be estimated (%lld and %lld instances)",
		    x.base ? x.base : "?", x.target ? x.target : "?", x.n_base,
		    x.n_target);
	else
		snprintf(buf, sizeof(buf), "%s -> %s: the change all %lld families "
		    "share, instances as units: %+.1f%% [%+.1f%%, %+.1f%%], p %.2g "
		    "(%lld and %lld instances)", x.base ? x.base : "?",
		    x.target ? x.target : "?", x.n_families, x.shift_pct,
		    x.ci_low_pct, x.ci_high_pct, x.p, x.n_base, x.n_target);
	cv->shifts = kp_grow(cv->shifts, cv->nshift, sizeof(*cv->shifts));
	cv->shifts[cv->nshift++] = estrdup(buf);
	kp_rec_free(&kp_shift_t, &x);
}

const CovLine *
cover_lines(const Report *r, size_t *n)
{
	const Cover *cv = &r->cov;

	*n = cv->nlines;
	return cv->lines;
}

/* input that holds no comparison at all, not even a coverage record
 * that says why: nothing was compared, as when one says so */
void
cover_empty(Report *r)
{
	Cover *cv = &r->cov;

	cv->nothing = 1;
}

int
cover_nothing(const Report *r)
{
	const Cover *cv = &r->cov;

	return cv->nothing && cv->ncompared == 0;
}

size_t
cover_missing(const Report *r)
{
	const Cover *cv = &r->cov;

	return cv->nmissing;
}

int
cover_any(const Report *r)
{
	const Cover *cv = &r->cov;

	return cv->ncov > 0;
}

/* "text (N: a, b, c, ...)" */
void
cover_line_text(const CovLine *l, char *buf, size_t sz)
{
	size_t len, i;

	len = (size_t)snprintf(buf, sz, "%s", l->text);
	if (l->kind == KP_COV_COMPARED || l->kind == KP_COV_MERGED || len >= sz)
		return;
	len += (size_t)snprintf(buf + len, sz - len, " (%zu%s", l->n,
	    l->neg ? ": " : "");
	for (i = 0; i < l->neg && len < sz; i++)
		len += (size_t)snprintf(buf + len, sz - len, "%s%s", i ? ", " : "",
		    l->eg[i]);
	if (len < sz)
		snprintf(buf + len, sz - len, "%s)", l->n > l->neg && l->neg ? ", ..." : "");
}

/* the text and md formats: a heading, then one line each */
void
cover_plain(FILE *fp, const Report *r, int md)
{
	const Cover *cv = &r->cov;
	char buf[8192];
	size_t i;

	if (cover_nothing(r))
		fprintf(fp, md ? "**Nothing compared.** No finding below means no "
		    "regression.\n\n" : "NOTHING COMPARED: no finding below means "
		    "no regression.\n");
	if (!cv->ncov && !cv->nshift)
		return;
	fprintf(fp, md ? "## Coverage\n\n" : "Coverage:\n");
	for (i = 0; i < cv->nlines; i++) {
		cover_line_text(&cv->lines[i], buf, sizeof(buf));
		fputs(md ? "- " : "  ", fp);
		(md ? md_put : txt_put)(fp, buf);
		fputc('\n', fp);
	}
	for (i = 0; i < cv->nshift; i++) {
		fputs(md ? "- pair-wide shift: " : "  pair-wide shift: ", fp);
		(md ? md_put : txt_put)(fp, cv->shifts[i]);
		fputc('\n', fp);
	}
	fputc('\n', fp);
}

/* a line that a CI system must show as an error: data that is not there */
static int
is_error(const Cover *cv, const CovLine *l)
{
	return l->kind == KP_COV_MISSING || l->kind == KP_COV_APART ||
	    l->kind == KP_COV_UNCOMPARED ||
	    (l->kind == KP_COV_COMPARED && cv->nothing && cv->ncompared == 0);
}

size_t
cover_errors(const Report *r)
{
	const Cover *cv = &r->cov;
	size_t i, n = 0;

	for (i = 0; i < cv->nlines; i++)
		n += is_error(cv, &cv->lines[i]);
	return n;
}

/* junit: a test suite "coverage", each line a test case named by its
 * kind, pair and cause (never a number, so its history keeps from run to
 * run), an error when data is not there.  In a gate that fails on
 * missing measurements each is a failing test case named as its
 * comparison would be, and the line that sums them is not an error. */
void
cover_junit(FILE *fp, const Report *r, JCount *n)
{
	const Cover *cv = &r->cov;
	char buf[8192], *s, *op, *conc;
	size_t i, nt = 0, nf = 0, ne = 0, ns = 0;
	FILE *body;
	char *text = NULL;
	size_t len = 0;
	int gatemiss = r->gate && r->fail_missing;

	if (!cv->ncov && !cover_nothing(r))
		return;
	if (!(body = open_memstream(&text, &len)))
		kp_die("cannot allocate memory");
	if (cover_nothing(r) && r->gate) {
		nt++;
		fputs("    <testcase classname=\"coverage\" name=\"nothing compared\"", body);
		if (r->report_only) {
			ns++;
			fputs(">\n      <skipped message=\"report-only: would fail: "
			    "nothing compared\"/>\n    </testcase>\n", body);
		} else {
			nf++;
			fputs(">\n      <failure type=\"nothing-compared\" "
			    "message=\"nothing compared: no finding is no "
			    "regression\"/>\n    </testcase>\n", body);
		}
	}
	for (i = 0; i < cv->nlines; i++) {
		int err = is_error(cv, &cv->lines[i]) && !(gatemiss &&
		    (cv->lines[i].kind == KP_COV_MISSING ||
		    (cv->lines[i].kind == KP_COV_UNCOMPARED && !cv->nothing)));

		nt++;
		cover_line_text(&cv->lines[i], buf, sizeof(buf));
		fputs("    <testcase classname=\"coverage\" name=\"", body);
		xml_put(body, cv->lines[i].id);
		fputc('"', body);
		if (err) {
			ne++;
			fputs(">\n      <error type=\"", body);
			xml_put(body, kp_cov_kind_name[cv->lines[i].kind]);
			fputs("\" message=\"", body);
			xml_put(body, buf);
			fputs("\"/>\n    </testcase>\n", body);
		} else {
			fputs(">\n      <system-out>", body);
			xml_put(body, buf);
			fputs("</system-out>\n    </testcase>\n", body);
		}
	}
	for (i = 0; gatemiss && i < cv->nmiss; i++) {
		/* suite/bench/test[op metric]@conc */
		s = estrdup(cv->miss[i].name);
		op = strrchr(s, '[');
		conc = strrchr(s, '@');
		nt++;
		fputs("    <testcase ", body);
		if (op && conc && conc > op) {
			*op++ = '\0';
			*conc++ = '\0';
			if (conc[-2] == ']')
				conc[-2] = '\0';
			junit_names(body, cv->miss[i].base, cv->miss[i].target,
			    s, NULL,
			    NULL, op, NULL, strtoll(conc, NULL, 10));
		} else {
			fputs("classname=\"", body);
			xml_put(body, cv->miss[i].base);
			fputs("..", body);
			xml_put(body, cv->miss[i].target);
			fputs("\" name=\"", body);
			xml_put(body, cv->miss[i].name);
			fputc('"', body);
		}
		snprintf(buf, sizeof(buf), "missing in the target%s%s",
		    cv->miss[i].why ? ": " : "", S(cv->miss[i].why));
		if (r->report_only) {
			ns++;
			fputs(">\n      <skipped message=\"report-only: would fail: ", body);
			xml_put(body, buf);
			fputs("\"/>\n    </testcase>\n", body);
		} else {
			nf++;
			fputs(">\n      <failure type=\"missing\" message=\"", body);
			xml_put(body, buf);
			fputs("\"/>\n    </testcase>\n", body);
		}
		free(s);
	}
	if (fclose(body) != 0)
		kp_die("cannot allocate memory");
	fprintf(fp, "  <testsuite name=\"coverage\" tests=\"%zu\" failures=\"%zu\" "
	    "errors=\"%zu\" skipped=\"%zu\">\n", nt, nf, ne, ns);
	fwrite(text, 1, len, fp);
	fputs("  </testsuite>\n", fp);
	free(text);
	n->tests += nt;
	n->failures += nf;
	n->errors += ne;
	n->skipped += ns;
}

/* json: "coverage" in the report object */
void
cover_json(kp_w *w, const Report *r)
{
	const Cover *cv = &r->cov;
	char buf[8192];
	size_t i, k;

	kp_w_key(w, "coverage");
	kp_w_obj(w);
	kp_w_kbool(w, "known", cv->ncov > 0);
	kp_w_kbool(w, "nothing_compared", cover_nothing(r));
	kp_w_kint(w, "compared", (long long)cv->ncompared);
	kp_w_kint(w, "measurements", (long long)cv->nmeasured);
	kp_w_kint(w, "missing", (long long)cv->nmissing);
	kp_w_key(w, "lines");
	kp_w_arr(w);
	for (i = 0; i < cv->nlines; i++) {
		kp_w_obj(w);
		kp_w_kstr(w, "kind", kp_cov_kind_name[cv->lines[i].kind]);
		kp_w_kint(w, "count", (long long)cv->lines[i].n);
		kp_w_kbool(w, "error", is_error(cv, &cv->lines[i]));
		cover_line_text(&cv->lines[i], buf, sizeof(buf));
		kp_w_kstr(w, "text", buf);
		kp_w_key(w, "examples");
		kp_w_arr(w);
		for (k = 0; k < cv->lines[i].neg; k++)
			kp_w_str(w, cv->lines[i].eg[k]);
		kp_w_end(w);
		kp_w_end(w);
	}
	kp_w_end(w);
	kp_w_end(w);
}

/* html: a section at the top of the index page */
void
cover_html(FILE *fp, const Report *r, void (*esc)(FILE *, const char *))
{
	const Cover *cv = &r->cov;
	char buf[8192];
	size_t i;

	if (!cv->ncov && !cv->nshift)
		return;
	fputs("<div class=\"coverage\">\n", fp);
	if (cover_nothing(r))
		fputs("<p><strong>Nothing compared.</strong> No finding below means "
		    "no regression.</p>\n", fp);
	fputs("<h2>Coverage</h2>\n<ul>\n", fp);
	for (i = 0; i < cv->nlines; i++) {
		cover_line_text(&cv->lines[i], buf, sizeof(buf));
		fprintf(fp, "<li%s>", is_error(cv, &cv->lines[i]) ?
		    " class=\"missing\"" : "");
		esc(fp, buf);
		fputs("</li>\n", fp);
	}
	for (i = 0; i < cv->nshift; i++) {
		fputs("<li>pair-wide shift: ", fp);
		esc(fp, cv->shifts[i]);
		fputs("</li>\n", fp);
	}
	fputs("</ul>\n</div>\n", fp);
}

int
cover_pair(const Report *r, const char *base, const char *target,
    long long *found, long long *expected)
{
	const Cover *cv = &r->cov;
	size_t i;

	for (i = 0; i < cv->nseen; i++)
		if (strcmp(cv->seen[i].base, base) == 0 &&
		    strcmp(cv->seen[i].target, target) == 0) {
			*found = cv->seen[i].found;
			*expected = cv->seen[i].expected;
			return 1;
		}
	return 0;
}
