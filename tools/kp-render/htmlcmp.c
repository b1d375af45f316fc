/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kp-render -f html: the comparisons of a test page, level by level.
 * Each comparison is a section with its verdict (the anchor its links
 * name); the observations of a level are shown once, a column per kernel,
 * because a kernel's samples at a level are the same in every comparison
 * that names them.  A page per comparison repeated them, and the page's
 * frame, in each: 93% of a lab's site (bench/README.md).
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"
#include "html.h"
#include "htmlpage.h"

/* the comparison in one sentence, as a triage note would put it */
static void
verdict(FILE *fp, struct hsite *s, const Cmp *c)
{
	const CmpRec *t = s->r->test[c->test_idx].first;
	const char *cls = class_name(c->cls);
	char pc[96], b1[32], b2[32];

	fprintf(fp, "<div class=\"verdict %s\"><b>", c->cls == KP_NCLASS ?
	    "none" : cls);
	if (c->cls == KP_NCLASS)
		fputs("Not classified", fp);
	else if (c->cls == KP_NO_CHANGE)
		fputs("No change", fp);
	else
		fprintf(fp, "%c%s", cls[0] - 'a' + 'A', cls + 1);
	fputs("</b>", fp);
	if (c->rec.severity >= 0 && c->rec.severity != KP_SEV_NONE)
		fprintf(fp, " <span class=\"sev %s\">%s</span>",
		    sev_name(h_sevidx(c)), sev_name(c->rec.severity));
	if (isfinite(c->rec.score)) {
		fputs(", score ", fp);
		h_num(fp, c->rec.score);
	}
	fputs(": ", fp);
	h_esc(fp, t->metric);
	if (isfinite(c->rec.change_pct)) {
		fprintf(fp, " %s %.1f%%", c->rec.change_pct < 0 ? "fell" : "rose",
		    fabs(c->rec.change_pct));
		if (isfinite(c->lo) && isfinite(c->hi)) {
			/* the interval that decided the class */
			fprintf(fp, " (%g%% interval ", c->level);
			h_pct(fp, c->lo);
			fputs(" to ", fp);
			h_pct(fp, c->hi);
			fputs(")", fp);
		}
		if (not_significant(&c->rec))
			fputs(" <span class=\"ns\" title=\"q not below "
			    "kp-classify's alpha\">~ not significant</span>", fp);
	} else
		fputs(" has no change estimate", fp);
	fputs(", median ", fp);
	/* in the form of the strip plot's axis and the scaling plot (fmt_si),
	 * not "2.40606e+06" beside its "2.406M" */
	fmt_si(b1, sizeof(b1), c->rec.base_median);
	fmt_si(b2, sizeof(b2), c->rec.target_median);
	fprintf(fp, "%s &rarr; %s", b1, b2);
	fputs(" ", fp);
	h_esc(fp, t->unit);
	fprintf(fp, " (%s is better); q ", h_better(t));
	h_num(fp, c->rec.q);
	fputs(", g ", fp);
	h_num(fp, c->rec.hedges_g);
	fprintf(fp, ", %s on %s units, n %lld vs %lld.",
	    c->rec.method < 0 ? "no test" : kp_word(&kp_method_v, c->rec.method),
	    c->rec.obs_level < 0 ? "-" : kp_word(&kp_level_v, c->rec.obs_level),
	    c->rec.n_base, c->rec.n_target);
	if (c->rec.why >= 0 || (c->rec.reason && *c->rec.reason)) {
		fputs(" ", fp);
		h_chips(fp, c->rec.why, c->rec.caveats, &c->rec);
	}
	fprintf(fp, " <a href=\"#o%lld\">Observations</a>, <a href=\"%s\">runs"
	    "</a>.</div>\n", c->rec.conc, h_runspage(s, c));
	if (h_interf(&c->rec, pc, sizeof(pc)))
		fprintf(fp, "<div class=\"intf\"><b>Interference:</b> kp-classify "
		    "found the %s; see <a href=\"#runs\">the CPU time "
		    "above</a>. A regression that comes with starvation is "
		    "suspect until the runs are repeated on a quiet machine.</div>"
		    "\n", pc);
}

static void
section(FILE *fp, struct hsite *s, const Cmp *c)
{
	fprintf(fp, "<div class=\"cmp\" id=\"c%zu\"><h3>", (size_t)(c - s->r->cmp));
	h_pairname(fp, s, c->pair);
	fputs(" <span class=\"sub\">experiments <code>", fp);
	h_esc(fp, c->rec.base_exp);
	fputs("</code> vs <code>", fp);
	h_esc(fp, c->rec.target_exp);
	fputs("</code></span></h3>\n", fp);
	verdict(fp, s, c);
	h_modalnote(fp, s, c);
	h_evidence(fp, s, c);
	fputs("</div>\n", fp);
}

/* kernels in kp(7) order, names that are no version after them */
static int
kernelcmp(const char *a, const char *b)
{
	kp_kver u, v;
	int pu = kp_kver_parse(a, &u) == 0, pv = kp_kver_parse(b, &v) == 0, r;

	if (pu != pv)
		return pv - pu;
	if (pu && (r = kp_kver_cmp(&u, &v)))
		return r;
	return strcmp(a, b);
}

static int
bykernel(const void *a, const void *b)
{
	const StripCol *x = a, *y = b;
	int r;

	if ((r = kernelcmp(x->kernel, y->kernel)))
		return r;
	return strcmp(x->exp, y->exp);
}

/* the observations of side of comparison c, as a new column unless an
 * earlier comparison of the level had its experiment */
static void
addcol(struct hsite *s, const Cmp *c, int side, StripCol **col, int *n,
    int *fromstat)
{
	const char *exp = side ? c->rec.target_exp : c->rec.base_exp;
	StripCol *k;
	int i;

	for (i = 0; i < *n; i++)
		if (strcmp((*col)[i].exp, exp) == 0)
			return;
	*col = kp_grow(*col, (size_t)*n, sizeof(**col));
	k = &(*col)[(*n)++];
	k->c = c;
	k->side = side;
	k->kernel = side ? c->rec.target_kernel : c->rec.base_kernel;
	k->exp = exp;
	k->own = NULL;
	/* only the runs the comparison used: an experiment can have more */
	k->m = h_samplesof(s, c, side, &k->n);
	if (k->n == 0) {
		free(k->m);
		k->own = h_statsamples(s, c, side, &k->n);
		k->m = emalloc((k->n + 1) * sizeof(*k->m));
		for (i = 0; i < k->n; i++)
			k->m[i] = &k->own[i];
		*fromstat |= k->n > 0;
	}
}

/* "path" and "line" of a source "path:line" */
static size_t
srcpath(const char *src, const char **line)
{
	const char *colon = strrchr(src, ':');

	*line = NULL;
	if (colon && colon[1] && strspn(colon + 1, "0123456789") ==
	    strlen(colon + 1)) {
		*line = colon + 1;
		return colon - src;
	}
	return strlen(src);
}

/*
 * The samples of a column, a row per run, iteration and source file:
 * each value links to its line in the site's copy of the file, which the
 * row names once.  The first H_SOURCES_MAX samples of a column: a bound.
 */
static void
sources(FILE *fp, struct hsite *s, const StripCol *k)
{
	char path[PATH_MAX], buf[KP_NUMBUF];
	const char *page = NULL, *line;
	int i, j, n = k->n < H_SOURCES_MAX ? k->n : H_SOURCES_MAX;

	for (i = 0; i < n; i = j) {
		const Sample *m = k->m[i];
		size_t len = m->src ? srcpath(m->src, &line) : 0;

		fputs("<tr><td>", fp);
		h_esc(fp, k->kernel);
		fputs("</td><td>", fp);
		h_esc(fp, m->instance);
		fputs("</td><td class=\"mono\">", fp);
		h_esc(fp, m->run);
		fprintf(fp, "</td><td class=\"n\">%lld</td><td>", m->iter);
		page = NULL;
		if (m->src && len < sizeof(path)) {
			memcpy(path, m->src, len);
			path[len] = '\0';
			page = h_srccopy(s, path);
		}
		/* the row: the samples that follow of the same run and file */
		for (j = i; j < n; j++) {
			const Sample *o = k->m[j];
			const char *ol;

			if (strcmp(o->run, m->run) || o->iter != m->iter ||
			    !o->src != !m->src || (m->src &&
			    (srcpath(o->src, &ol) != len ||
			    strncmp(o->src, m->src, len))))
				break;
			kp_fmt_num(buf, o->value);
			if (j > i)
				putc(' ', fp);
			if (page && o->src && (srcpath(o->src, &ol), ol))
				fprintf(fp, "<a href=\"%s#L%s\">%s</a>", page,
				    ol, buf);
			else
				fputs(buf, fp);
		}
		fputs("</td><td>", fp);
		if (m->src == NULL)
			fputs("-", fp);
		else if (page) {
			fprintf(fp, "<a class=\"mono\" href=\"%s\">", page);
			h_esc(fp, path);
			fputs("</a>", fp);
		} else {
			/* no copy: the path as text, with the lines of its values */
			fputs("<span class=\"mono\">", fp);
			if (len < sizeof(path))
				h_esc(fp, path);
			else
				h_esc(fp, m->src);
			for (int e = i; len < sizeof(path) && e < j; e++) {
				const char *el;

				srcpath(k->m[e]->src, &el);
				if (el)
					fprintf(fp, "%c%s", e == i ? ':' : ',', el);
			}
			fputs("</span>", fp);
		}
		fputs("</td></tr>\n", fp);
	}
	if (k->n > H_SOURCES_MAX)
		fprintf(fp, "<tr><td colspan=\"6\">The first %d of %d samples; "
		    "the sample records have them all.</td></tr>\n",
		    H_SOURCES_MAX, k->n);
}

static void
level(FILE *fp, struct hsite *s, const char *page, long long conc,
    const int *idx, int n)
{
	const Cmp *c0 = &s->r->cmp[idx[0]];
	StripCol *col = NULL;
	char svg[160];
	int ncol = 0, i, fromstat = 0, any = 0;

	fprintf(fp, "<h2 id=\"l%lld\">At conc %lld</h2>\n", conc, conc);
	for (i = 0; i < n; i++)
		section(fp, s, &s->r->cmp[idx[i]]);
	for (i = 0; i < n; i++) {
		addcol(s, &s->r->cmp[idx[i]], 0, &col, &ncol, &fromstat);
		addcol(s, &s->r->cmp[idx[i]], 1, &col, &ncol, &fromstat);
	}
	qsort(col, ncol, sizeof(*col), bykernel);
	for (i = 0; i < ncol; i++)
		any |= col[i].n > 0;
	fprintf(fp, "<h3 id=\"o%lld\">Observations at conc %lld</h3>\n", conc,
	    conc);
	if (!any)
		fputs("<p>No sample or stat records for these comparisons: pass "
		    "them through the pipeline or give them with -s.</p>\n", fp);
	else {
		if (fromstat)
			fputs("<p class=\"legend\">No sample records were given, "
			    "so the values are the stat records' <code>obs.sub"
			    "</code>, without their source files; give the "
			    "samples (kp-identify's output) with -s for sources."
			    "</p>\n", fp);
		snprintf(svg, sizeof(svg), "%.*s-l%lld.svg",
		    (int)strlen(page) - 5, page, conc);
		svg_strip(s, svg, &c0->rec, col, ncol);
		fprintf(fp, "<div class=\"fig\"><img src=\"%s\" alt=\"every "
		    "observation by kernel, run and repetition\"></div>\n", svg);
		if (h_scaling_has(s, c0->test_idx))
			fputs("<p class=\"legend\">Every kernel at every level "
			    "of this test: <a href=\"#scaling\">the scaling plot"
			    "</a>.</p>\n", fp);
		fputs("<details><summary>Sources</summary><table class=\"sort\">"
		    "<thead><tr><th>kernel</th><th>instance</th><th>run</th>"
		    "<th>iter</th><th>values</th><th>source</th></tr></thead>"
		    "<tbody>\n", fp);
		for (i = 0; i < ncol; i++)
			sources(fp, s, &col[i]);
		fputs("</tbody></table></details>\n", fp);
	}
	for (i = 0; i < ncol; i++) {
		free(col[i].m);
		free(col[i].own);
	}
	free(col);
}

static int
byconc(const void *a, const void *b, void *arg)
{
	const Cmp *cmp = arg;
	const Cmp *x = &cmp[*(const int *)a], *y = &cmp[*(const int *)b];

	int r;

	if (x->rec.conc != y->rec.conc)
		return x->rec.conc < y->rec.conc ? -1 : 1;
	/* a level's comparisons by target, then baseline, in kp(7) order */
	if (x->pair != y->pair &&
	    ((r = kernelcmp(x->rec.target_kernel, y->rec.target_kernel)) ||
	    (r = kernelcmp(x->rec.base_kernel, y->rec.base_kernel))))
		return r;
	return *(const int *)a - *(const int *)b;
}

void
h_cmp_levels(FILE *fp, struct hsite *s, int test, const char *page)
{
	const List *l = &s->r->tcmp[test];
	int *idx = emalloc((l->n + 1) * sizeof(*idx)), i, j;

	const char **ids = NULL;
	size_t nids = 0, g;

	/* the page's samples, read back from their file (smpfile.c) */
	for (i = 0; i < l->n; i++)
		for (j = 0; j < 2; j++) {
			const kp_strs *v = h_groupsof(&s->r->cmp[l->v[i]], j);

			for (g = 0; g < v->n; g++) {
				ids = kp_grow(ids, nids, sizeof(*ids));
				ids[nids++] = v->v[g];
			}
		}
	smp_page(s->r, ids, nids);
	free(ids);
	memcpy(idx, l->v, l->n * sizeof(*idx));
	qsort_r(idx, l->n, sizeof(*idx), byconc, s->r->cmp);
	for (i = 0; i < l->n; i = j) {
		for (j = i; j < l->n && s->r->cmp[idx[j]].rec.conc ==
		    s->r->cmp[idx[i]].rec.conc; j++)
			;
		level(fp, s, page, s->r->cmp[idx[i]].rec.conc, idx + i,
		    j - i);
	}
	smp_page_free(s->r);
	free(idx);
}
