/* kp-render -f html: the pages, from the kernel down to one comparison */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kp.h"
#include "html.h"

enum { SEV_RED, SEV_YELLOW, SEV_GREEN, SEV_NONE, NSEV };
static const char *const sevname[NSEV] = { "red", "yellow", "green", "none" };

struct counts {
	int n, reg[NSEV], imp[NSEV], unc, noc, uncl, sysreg, sysimp;
	int incomplete, unstable;
};

static void style(struct hsite *s);
static void head(FILE *fp, const char *title);
static void foot(FILE *fp);
static void crumbs(FILE *fp, struct hsite *s, int suite, int test,
    const struct hcmp *c);
static void count(struct hsite *s, int pair, int suite, struct counts *k);
static void countshead(FILE *fp);
static void countscells(FILE *fp, const struct counts *k);
static void cmptable(FILE *fp, struct hsite *s, int *idx, int n, int cols);
static void rolls(FILE *fp, struct hsite *s, int pair, int suite);
static void sysnote(FILE *fp, struct hsite *s, int test, int pair);
static void index_page(struct hsite *s);
static void suite_page(struct hsite *s, int suite);
static void test_page(struct hsite *s, int test);
static void cmp_page(struct hsite *s, struct hcmp *c);
static void pct(FILE *fp, double x);
static void num(FILE *fp, double x);
static void srclink(FILE *fp, struct hsite *s, const char *src);
static void pairname(FILE *fp, struct hsite *s, int pair);
static void measname(FILE *fp, const struct htest *t);
static int sevidx(const char *sev);
static void h_esc1(FILE *fp, char ch);
static int bysev(const void *a, const void *b);

enum { COL_PAIR = 1, COL_TEST = 2 };

static struct hsite *sortsite;

void
h_pages(struct hsite *s)
{
	int i;

	style(s);
	index_page(s);
	for (i = 0; i < s->nsuite; i++)
		suite_page(s, i);
	for (i = 0; i < s->ntest; i++)
		test_page(s, i);
	for (i = 0; i < s->ncmp; i++)
		cmp_page(s, &s->cmp[i]);
}

static void
style(struct hsite *s)
{
	FILE *fp = h_open(s, "style.css");

	fputs(
"body{font:13px/1.4 system-ui,-apple-system,\"Segoe UI\",sans-serif;"
"margin:0 auto;padding:8px 18px 40px;max-width:1400px;color:#1d1d1f;"
"background:#fbfbfc}\n"
"h1{font-size:19px;margin:6px 0 2px;overflow-wrap:anywhere}\n"
"h2{font-size:15px;margin:22px 0 6px;border-bottom:1px solid #ddd;"
"padding-bottom:2px;overflow-wrap:anywhere}\n"
"p.sub{color:#555;margin:0 0 10px}\n"
"div.crumbs{font-size:12px;color:#666;padding:4px 0;"
"border-bottom:1px solid #e3e3e3;overflow-wrap:anywhere}\n"
"div.crumbs a{color:#0550ae;text-decoration:none}\n"
"a{color:#0550ae}\n"
"table{border-collapse:collapse;margin:4px 0 10px;background:#fff}\n"
"th,td{border:1px solid #e1e1e6;padding:2px 6px;text-align:left;"
"vertical-align:top;max-width:420px;overflow-wrap:anywhere}\n"
"th{background:#f0f1f4;font-weight:600;white-space:nowrap}\n"
"table.sort th{cursor:pointer}\n"
"table.sort th:hover{background:#e2e5ec}\n"
"td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}\n"
"td.z{color:#bbb;text-align:right}\n"
"span.sev,span.cls{display:inline-block;padding:0 5px;border-radius:3px;"
"font-size:11px;font-weight:600}\n"
"span.red{background:#c62828;color:#fff}\n"
"span.yellow{background:#f9a825;color:#222}\n"
"span.green{background:#2e7d32;color:#fff}\n"
"span.none{background:#e0e0e0;color:#444}\n"
"span.regression{color:#b71c1c}span.improvement{color:#1b5e20}\n"
"span.uncertain{color:#6a1b9a}span.no-change{color:#666}\n"
"span.sys{background:#b71c1c;color:#fff;padding:0 4px;border-radius:3px;"
"font-size:11px}\n"
"span.sysi{background:#1565c0;color:#fff;padding:0 4px;border-radius:3px;"
"font-size:11px}\n"
"tr.diff td{background:#fff4d6}\n"
"tr.diff td:first-child{font-weight:600}\n"
"td.warn{color:#8a4b00}\n"
"ul.warn{margin:4px 0;padding-left:18px;color:#5d4000}\n"
"div.fig{margin:6px 0 12px}\n"
"div.note{background:#f4f6fa;border-left:3px solid #8da2c0;padding:4px 8px;"
"margin:6px 0}\n"
"div.note.sys{border-left-color:#b71c1c;background:#fdf2f2}\n"
"code,.mono{font:12px ui-monospace,Menlo,Consolas,monospace}\n"
"div.foot{margin-top:30px;color:#888;font-size:11px}\n", fp);
	h_close(s, fp, "style.css");
}

static void
head(FILE *fp, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
	    "\n<title>", fp);
	h_esc(fp, title);
	fputs(" - kp</title>\n<link rel=\"stylesheet\" href=\"style.css\">"
	    "\n</head><body>\n", fp);
}

static void
foot(FILE *fp)
{
	/* click-to-sort without a framework: numbers by data-v, else text */
	fputs("<div class=\"foot\">kp " VERSION " - kp-render -f html</div>\n"
"<script>\n"
"document.querySelectorAll('table.sort th').forEach(function(th){\n"
" th.title='click to sort';th.onclick=function(){\n"
"  var t=th.closest('table'),b=t.tBodies[0],i=th.cellIndex,\n"
"   r=Array.prototype.slice.call(b.rows),d=th.dataset.d=th.dataset.d==='1'?'-1':'1';\n"
"  function v(row){var c=row.cells[i];if(!c)return '';\n"
"   return c.dataset.v!==undefined?c.dataset.v:c.textContent.trim();}\n"
"  r.sort(function(x,y){var a=v(x),c=v(y),m=parseFloat(a),n=parseFloat(c);\n"
"   var k=(!isNaN(m)&&!isNaN(n))?m-n:a.localeCompare(c);return k*d;});\n"
"  r.forEach(function(row){b.appendChild(row);});};});\n"
"</script>\n</body></html>\n", fp);
}

static void
crumbs(FILE *fp, struct hsite *s, int suite, int test, const struct hcmp *c)
{
	fputs("<div class=\"crumbs\"><a href=\"index.html\">kernels</a>", fp);
	if (suite >= 0) {
		fprintf(fp, " &rsaquo; <a href=\"%s\">", s->suite[suite].page);
		h_esc(fp, s->suite[suite].name);
		fputs("</a>", fp);
	}
	if (test >= 0) {
		fprintf(fp, " &rsaquo; <a href=\"%s\">", s->test[test].page);
		measname(fp, &s->test[test]);
		fputs("</a>", fp);
	}
	if (c) {
		fprintf(fp, " &rsaquo; <a href=\"%s\">conc %lld, ", c->page,
		    c->conc);
		pairname(fp, s, c->pair);
		fputs("</a>", fp);
	}
	fputs("</div>\n", fp);
}

static void
measname(FILE *fp, const struct htest *t)
{
	h_esc(fp, t->suite);
	putc('/', fp);
	h_esc(fp, t->bench);
	putc('/', fp);
	h_esc(fp, t->test);
	putc('[', fp);
	h_esc(fp, t->op);
	putc(' ', fp);
	h_esc(fp, t->metric);
	putc(']', fp);
}

static void
pairname(FILE *fp, struct hsite *s, int pair)
{
	h_esc(fp, s->pair[pair].bk);
	fputs(" &rarr; ", fp);
	h_esc(fp, s->pair[pair].tk);
}

static void
h_esc1(FILE *fp, char ch)
{
	char b[2] = { ch, '\0' };

	h_esc(fp, b);
}

static int
sevidx(const char *sev)
{
	int i;

	for (i = 0; i < SEV_NONE; i++)
		if (sev && strcmp(sev, sevname[i]) == 0)
			return i;
	return SEV_NONE;
}

static int
inlist(char **v, int n, const char *x)
{
	int i;

	for (i = 0; i < n; i++)
		if (x && strcmp(v[i], x) == 0)
			return 1;
	return 0;
}

/* the experiments compared in a pair (and suite), to find their roll-ups */
static char **
pairexps(struct hsite *s, int pair, int suite, int *n)
{
	char **v = NULL;
	int i;

	*n = 0;
	for (i = 0; i < s->ncmp; i++) {
		struct hcmp *c = &s->cmp[i];
		if (c->pair != pair || (suite >= 0 && c->suiteidx != suite))
			continue;
		if (!inlist(v, *n, c->bexp)) {
			v = ereallocarray(v, *n + 1, sizeof(*v));
			v[(*n)++] = c->bexp;
		}
		if (!inlist(v, *n, c->texp)) {
			v = ereallocarray(v, *n + 1, sizeof(*v));
			v[(*n)++] = c->texp;
		}
	}
	return v;
}

static int
rollin(struct hsite *s, struct hroll *r, char **exps, int nexp, int suite)
{
	if (strcmp(r->scope, "test") != 0 || !inlist(exps, nexp, r->exp))
		return 0;
	return suite < 0 || (r->suite && !strcmp(r->suite, s->suite[suite].name));
}

static void
count(struct hsite *s, int pair, int suite, struct counts *k)
{
	char **exps;
	int i, nexp;

	memset(k, 0, sizeof(*k));
	for (i = 0; i < s->ncmp; i++) {
		struct hcmp *c = &s->cmp[i];
		if (c->pair != pair || (suite >= 0 && c->suiteidx != suite))
			continue;
		k->n++;
		if (c->cls && !strcmp(c->cls, "regression"))
			k->reg[sevidx(c->sev)]++;
		else if (c->cls && !strcmp(c->cls, "improvement"))
			k->imp[sevidx(c->sev)]++;
		else if (c->cls && !strcmp(c->cls, "uncertain"))
			k->unc++;
		else if (c->cls)
			k->noc++;
		else
			k->uncl++;
	}
	for (i = 0; i < s->nsys; i++) {
		struct hsys *y = &s->sys[i];
		if (y->pair != pair || !y->systematic || (suite >= 0 &&
		    strcmp(y->suite, s->suite[suite].name)))
			continue;
		if (!strcmp(y->direction, "improvement"))
			k->sysimp++;
		else
			k->sysreg++;
	}
	exps = pairexps(s, pair, suite, &nexp);
	for (i = 0; i < s->nroll; i++) {
		struct hroll *r = &s->roll[i];
		if (!rollin(s, r, exps, nexp, suite))
			continue;
		if (r->incomplete > 0 || r->nmissing > 0)
			k->incomplete++;
		if (r->unstable > 0)
			k->unstable++;
	}
	free(exps);
}

static void
countshead(FILE *fp)
{
	fputs("<th>cmp</th><th>regr. red</th><th>yellow</th><th>green</th>"
	    "<th>impr. red</th><th>yellow</th><th>green</th><th>uncertain</th>"
	    "<th>no change</th><th>systematic</th><th>incomplete</th>"
	    "<th>unstable</th>", fp);
}

static void
cell(FILE *fp, int v, const char *cls)
{
	if (v == 0)
		fputs("<td class=\"z\">0</td>", fp);
	else if (cls)
		fprintf(fp, "<td class=\"n\" data-v=\"%d\"><span class=\"sev %s\">"
		    "%d</span></td>", v, cls, v);
	else
		fprintf(fp, "<td class=\"n\">%d</td>", v);
}

static void
countscells(FILE *fp, const struct counts *k)
{
	int i;

	fprintf(fp, "<td class=\"n\">%d</td>", k->n);
	for (i = 0; i < SEV_NONE; i++)
		cell(fp, k->reg[i] + (i == SEV_GREEN ? k->reg[SEV_NONE] : 0),
		    sevname[i]);
	for (i = 0; i < SEV_NONE; i++)
		cell(fp, k->imp[i] + (i == SEV_GREEN ? k->imp[SEV_NONE] : 0),
		    sevname[i]);
	cell(fp, k->unc, NULL);
	cell(fp, k->noc, NULL);
	if (k->sysreg + k->sysimp == 0)
		fputs("<td class=\"z\">0</td>", fp);
	else {
		fprintf(fp, "<td class=\"n\" data-v=\"%d\">", k->sysreg);
		if (k->sysreg)
			fprintf(fp, "<span class=\"sys\">%d regr.</span> ",
			    k->sysreg);
		if (k->sysimp)
			fprintf(fp, "<span class=\"sysi\">%d impr.</span>",
			    k->sysimp);
		fputs("</td>", fp);
	}
	cell(fp, k->incomplete, NULL);
	cell(fp, k->unstable, NULL);
}

static void
pct(FILE *fp, double x)
{
	if (isfinite(x))
		fprintf(fp, "%+.1f%%", x);
	else
		fputs("-", fp);
}

static void
num(FILE *fp, double x)
{
	if (!isfinite(x))
		fputs("-", fp);
	else if (x != 0 && fabs(x) < 0.001)
		fprintf(fp, "%.1e", x);
	else
		fprintf(fp, "%.3g", x);
}

static int
bysev(const void *a, const void *b)
{
	const struct hcmp *x = &sortsite->cmp[*(const int *)a];
	const struct hcmp *y = &sortsite->cmp[*(const int *)b];
	int rx = h_sevrank(x), ry = h_sevrank(y);
	double sx = isfinite(x->score) ? x->score : -1;
	double sy = isfinite(y->score) ? y->score : -1;

	if (rx != ry)
		return rx - ry;
	if (sx != sy)
		return sx < sy ? 1 : -1;
	if (x->testidx != y->testidx)
		return x->testidx - y->testidx;
	if (x->pair != y->pair)
		return x->pair - y->pair;
	return x->conc < y->conc ? -1 : x->conc > y->conc;
}

/* every comparison in idx, most severe first, each linking to its evidence */
static void
cmptable(FILE *fp, struct hsite *s, int *idx, int n, int cols)
{
	int i;

	sortsite = s;
	qsort(idx, n, sizeof(*idx), bysev);
	fputs("<table class=\"sort\"><thead><tr><th>severity</th><th>class</th>",
	    fp);
	if (cols & COL_TEST)
		fputs("<th>measurement</th>", fp);
	if (cols & COL_PAIR)
		fputs("<th>baseline &rarr; target</th>", fp);
	fputs("<th>conc</th><th>change</th><th>95% CI</th><th>p</th><th>q</th>"
	    "<th>g</th><th>&delta;</th><th>n</th><th>score</th><th>reason</th>"
	    "<th>evidence</th></tr></thead><tbody>\n", fp);
	for (i = 0; i < n; i++) {
		struct hcmp *c = &s->cmp[idx[i]];
		char col[8];
		double g;

		fprintf(fp, "<tr><td data-v=\"%d\"><span class=\"sev %s\">",
		    h_sevrank(c), sevname[sevidx(c->sev)]);
		h_esc(fp, c->sev ? c->sev : "none");
		fputs("</span></td><td><span class=\"cls ", fp);
		h_esc(fp, c->cls ? c->cls : "none");
		fputs("\">", fp);
		h_esc(fp, c->cls ? c->cls : "-");
		fputs("</span></td>", fp);
		if (cols & COL_TEST) {
			fprintf(fp, "<td><a href=\"%s\">",
			    s->test[c->testidx].page);
			measname(fp, &s->test[c->testidx]);
			fputs("</a></td>", fp);
		}
		if (cols & COL_PAIR) {
			fputs("<td>", fp);
			pairname(fp, s, c->pair);
			fputs("</td>", fp);
		}
		fprintf(fp, "<td class=\"n\">%lld</td>", c->conc);
		if (h_goodness(c, &g) == 0) {
			svg_color(g, col);
			fprintf(fp, "<td class=\"n\" data-v=\"%g\" style=\"background:"
			    "%s\">", c->change, col);
		} else
			fputs("<td class=\"n\">", fp);
		pct(fp, c->change);
		fputs("</td><td class=\"n\">", fp);
		if (isfinite(c->cil) || isfinite(c->cih)) {
			putc('[', fp);
			pct(fp, c->cil);
			fputs(", ", fp);
			pct(fp, c->cih);
			putc(']', fp);
		} else
			fputs("-", fp);
		fprintf(fp, "</td><td class=\"n\" data-v=\"%g\">", c->p);
		num(fp, c->p);
		fprintf(fp, "</td><td class=\"n\" data-v=\"%g\">", c->q);
		num(fp, c->q);
		fputs("</td><td class=\"n\">", fp);
		num(fp, c->g);
		fputs("</td><td class=\"n\">", fp);
		num(fp, c->delta);
		fprintf(fp, "</td><td class=\"n\">%lld/%lld</td><td class=\"n\">",
		    c->nb, c->nt);
		num(fp, c->score);
		fputs("</td><td>", fp);
		h_esc(fp, c->reason);
		fprintf(fp, "</td><td class=\"n\"><a href=\"%s\">observations</a>"
		    "</td></tr>\n",
		    c->page);
	}
	fputs("</tbody></table>\n", fp);
}

/* data completeness and stability warnings from the stat roll-ups */
static void
rolls(FILE *fp, struct hsite *s, int pair, int suite)
{
	char **exps;
	int i, nexp, any = 0;

	exps = pairexps(s, pair, suite, &nexp);
	for (i = 0; i < s->nroll; i++) {
		struct hroll *r = &s->roll[i];
		const char *kernel = "?";
		int j;

		if (!rollin(s, r, exps, nexp, suite) ||
		    (r->incomplete == 0 && r->nmissing == 0 && r->unstable == 0))
			continue;
		for (j = 0; j < s->ncmp; j++) {
			if (!strcmp(s->cmp[j].bexp, r->exp))
				kernel = s->cmp[j].bk;
			else if (!strcmp(s->cmp[j].texp, r->exp))
				kernel = s->cmp[j].tk;
		}
		if (!any++)
			fputs("<ul class=\"warn\">\n", fp);
		fputs("<li>", fp);
		h_esc(fp, kernel);
		fputs(" <code>", fp);
		h_esc(fp, r->exp);
		fputs("</code> ", fp);
		h_esc(fp, r->bench);
		putc('/', fp);
		h_esc(fp, r->test);
		fputs(": ", fp);
		if (r->incomplete)
			fprintf(fp, "%lld of %lld groups incomplete; ",
			    r->incomplete, r->n_groups);
		if (r->nmissing) {
			fputs("concurrency levels missing: ", fp);
			h_esc(fp, r->missing);
			fputs("; ", fp);
		}
		if (r->unstable) {
			fprintf(fp, "%lld of %lld groups unstable (cv max ",
			    r->unstable, r->n_groups);
			num(fp, 100 * r->cv_max);
			fputs("%)", fp);
		}
		fputs("</li>\n", fp);
	}
	if (any)
		fputs("</ul>\n", fp);
	free(exps);
}

static void
reasons(FILE *fp, struct hsite *s, int pair, int suite)
{
	const char *seen[64];
	int cnt[64], nseen = 0, i, j;

	for (i = 0; i < s->ncmp; i++) {
		struct hcmp *c = &s->cmp[i];
		if (c->pair != pair || (suite >= 0 && c->suiteidx != suite) ||
		    !c->cls || strcmp(c->cls, "uncertain") || !c->reason)
			continue;
		for (j = 0; j < nseen && strcmp(seen[j], c->reason); j++)
			;
		if (j == nseen) {
			if (nseen == (int)KP_LEN(seen))
				continue;
			seen[nseen] = c->reason;
			cnt[nseen++] = 0;
		}
		cnt[j]++;
	}
	for (i = 0; i < nseen; i++) {
		fprintf(fp, "%s%d&times; ", i ? ", " : "", cnt[i]);
		h_esc(fp, seen[i]);
	}
	for (i = j = 0; i < s->ncmp; i++)
		j += s->cmp[i].pair == pair && (suite < 0 ||
		    s->cmp[i].suiteidx == suite) && s->cmp[i].cls == NULL;
	if (j)
		fprintf(fp, "%s<b>%d not classified</b> (no class: run "
		    "kp-classify)", nseen ? "; " : "", j);
}

static void
index_page(struct hsite *s)
{
	FILE *fp = h_open(s, "index.html");
	struct counts k;
	int *idx = emalloc((s->ncmp + 1) * sizeof(*idx));
	int p, i, n;

	head(fp, "Kernel comparisons");
	crumbs(fp, s, -1, -1, NULL);
	fprintf(fp, "<h1>Kernel comparisons</h1>\n<p class=\"sub\">%d "
	    "baseline/target pairs, %d suites, %d measurements, %d comparisons, "
	    "%d systematic-group records, %d samples, from %ld records.</p>\n",
	    s->npair, s->nsuite, s->ntest, s->ncmp, s->nsys, s->nsmp, s->nrec);
	fputs("<table class=\"sort\"><thead><tr><th>baseline</th><th>target</th>",
	    fp);
	countshead(fp);
	fputs("<th>uncertain because</th></tr></thead><tbody>\n", fp);
	for (p = 0; p < s->npair; p++) {
		count(s, p, -1, &k);
		fprintf(fp, "<tr><td><a href=\"#pair%d\">", p);
		h_esc(fp, s->pair[p].bk);
		fprintf(fp, "</a></td><td><a href=\"#pair%d\">", p);
		h_esc(fp, s->pair[p].tk);
		fputs("</a></td>", fp);
		countscells(fp, &k);
		fputs("<td>", fp);
		reasons(fp, s, p, -1);
		fputs("</td></tr>\n", fp);
	}
	fputs("</tbody></table>\n", fp);
	for (p = 0; p < s->npair; p++) {
		fprintf(fp, "<h2 id=\"pair%d\">", p);
		pairname(fp, s, p);
		fputs("</h2>\n<table class=\"sort\"><thead><tr><th>suite</th>", fp);
		countshead(fp);
		fputs("</tr></thead><tbody>\n", fp);
		for (i = 0; i < s->nsuite; i++) {
			count(s, p, i, &k);
			if (k.n == 0)
				continue;
			fprintf(fp, "<tr><td><a href=\"%s#pair%d\">",
			    s->suite[i].page, p);
			h_esc(fp, s->suite[i].name);
			fputs("</a></td>", fp);
			countscells(fp, &k);
			fputs("</tr>\n", fp);
		}
		fputs("</tbody></table>\n", fp);
		rolls(fp, s, p, -1);
		for (n = i = 0; i < s->ncmp; i++)
			if (s->cmp[i].pair == p && s->cmp[i].cls &&
			    (!strcmp(s->cmp[i].cls, "regression") ||
			    !strcmp(s->cmp[i].cls, "improvement")))
				idx[n++] = i;
		if (n) {
			fprintf(fp, "<p>%d findings (regressions and improvements; "
			    "the suite pages list every comparison):</p>\n", n);
			cmptable(fp, s, idx, n, COL_TEST);
		} else
			fputs("<p>No regressions or improvements.</p>\n", fp);
	}
	free(idx);
	foot(fp);
	h_close(s, fp, "index.html");
}

static void
suite_page(struct hsite *s, int suite)
{
	const char *name = s->suite[suite].page;
	FILE *fp = h_open(s, name);
	struct counts k;
	int *idx = emalloc((s->ncmp + 1) * sizeof(*idx));
	int p, i, t, n;

	head(fp, s->suite[suite].name);
	crumbs(fp, s, suite, -1, NULL);
	fputs("<h1>Suite ", fp);
	h_esc(fp, s->suite[suite].name);
	fputs("</h1>\n<table class=\"sort\"><thead><tr><th>baseline</th>"
	    "<th>target</th>", fp);
	countshead(fp);
	fputs("<th>uncertain because</th></tr></thead><tbody>\n", fp);
	for (p = 0; p < s->npair; p++) {
		count(s, p, suite, &k);
		if (k.n == 0)
			continue;
		fprintf(fp, "<tr><td><a href=\"#pair%d\">", p);
		h_esc(fp, s->pair[p].bk);
		fprintf(fp, "</a></td><td><a href=\"#pair%d\">", p);
		h_esc(fp, s->pair[p].tk);
		fputs("</a></td>", fp);
		countscells(fp, &k);
		fputs("<td>", fp);
		reasons(fp, s, p, suite);
		fputs("</td></tr>\n", fp);
	}
	fputs("</tbody></table>\n", fp);

	fputs("<h2>Tests</h2>\n<table class=\"sort\"><thead><tr>"
	    "<th>measurement</th><th>unit</th><th>better</th>", fp);
	for (p = 0; p < s->npair; p++) {
		count(s, p, suite, &k);
		if (k.n == 0)
			continue;
		fputs("<th>", fp);
		pairname(fp, s, p);
		fputs("</th>", fp);
	}
	fputs("</tr></thead><tbody>\n", fp);
	for (t = 0; t < s->ntest; t++) {
		struct htest *te = &s->test[t];
		if (te->suiteidx != suite)
			continue;
		fprintf(fp, "<tr><td><a href=\"%s\">", te->page);
		measname(fp, te);
		fputs("</a></td><td>", fp);
		h_esc(fp, te->unit);
		fputs("</td><td>", fp);
		h_esc(fp, te->better);
		fputs("</td>", fp);
		for (p = 0; p < s->npair; p++) {
			int reg = 0, imp = 0, tot = 0, sys = 0;

			count(s, p, suite, &k);
			if (k.n == 0)
				continue;
			for (i = 0; i < s->ncmp; i++) {
				struct hcmp *c = &s->cmp[i];
				if (c->testidx != t || c->pair != p)
					continue;
				tot++;
				reg += c->cls && !strcmp(c->cls, "regression");
				imp += c->cls && !strcmp(c->cls, "improvement");
			}
			for (i = 0; i < s->nsys; i++)
				if (s->sys[i].testidx == t && s->sys[i].pair == p &&
				    s->sys[i].systematic)
					sys = !strcmp(s->sys[i].direction,
					    "improvement") ? 2 : 1;
			fprintf(fp, "<td data-v=\"%d\">", reg * 1000 + imp);
			if (tot == 0)
				fputs("-", fp);
			else
				fprintf(fp, "%d/%d regr., %d impr.", reg, tot, imp);
			if (sys == 1)
				fputs(" <span class=\"sys\">systematic</span>", fp);
			else if (sys == 2)
				fputs(" <span class=\"sysi\">systematic</span>", fp);
			fputs("</td>", fp);
		}
		fputs("</tr>\n", fp);
	}
	fputs("</tbody></table>\n", fp);

	for (p = 0; p < s->npair; p++) {
		char svg[96], id[512];

		count(s, p, suite, &k);
		if (k.n == 0)
			continue;
		fprintf(fp, "<h2 id=\"pair%d\">", p);
		pairname(fp, s, p);
		fputs("</h2>\n", fp);
		snprintf(id, sizeof(id), "%s\x1f%s\x1f%s", s->suite[suite].name,
		    s->pair[p].bk, s->pair[p].tk);
		h_name(svg, sizeof(svg), "heat-", s->suite[suite].name, id, "svg");
		svg_heatmap(s, svg, suite, p);
		fprintf(fp, "<div class=\"fig\"><object type=\"image/svg+xml\" "
		    "data=\"%s\">heat map: %s</object></div>\n", svg, svg);
		rolls(fp, s, p, suite);
		for (n = i = 0; i < s->ncmp; i++)
			if (s->cmp[i].pair == p && s->cmp[i].suiteidx == suite)
				idx[n++] = i;
		cmptable(fp, s, idx, n, COL_TEST);
	}
	free(idx);
	foot(fp);
	h_close(s, fp, name);
}

/* why the systematic flag was, or was not, raised for one pair */
static void
sysnote(FILE *fp, struct hsite *s, int test, int pair)
{
	const char *p;
	int i, any = 0;

	for (i = 0; i < s->nsys; i++) {
		struct hsys *y = &s->sys[i];
		if (y->testidx != test || y->pair != pair)
			continue;
		any++;
		fprintf(fp, "<div class=\"note%s\"><b>", y->systematic ?
		    " sys" : "");
		pairname(fp, s, pair);
		fputs(":</b> ", fp);
		if (y->systematic)
			fputs("<b>systematic ", fp);
		else
			fputs("not systematic ", fp);
		h_esc(fp, y->direction);
		fputs(y->systematic ? "</b>" : "", fp);
		fprintf(fp, ": %d of %d tested levels moved (", y->naffected,
		    y->nlevels);
		h_esc(fp, y->affected);
		fputs(" of ", fp);
		h_esc(fp, y->levels);
		fputs(")", fp);
		if (y->nmissing) {
			fputs("; not tested: ", fp);
			h_esc(fp, y->missing);
		}
		fputs("; severity ", fp);
		for (p = y->sevcounts; p && *p; p++)
			if (!strchr("{}\"", *p))
				h_esc1(fp, *p == ':' ? ' ' : *p);
		fputs("; average score ", fp);
		num(fp, y->avg_score);
		fputs("; change ", fp);
		pct(fp, y->chmin);
		fputs(" to ", fp);
		pct(fp, y->chmax);
		fputs("; combined p ", fp);
		num(fp, y->p);
		if (y->method) {
			fputs(" (", fp);
			h_esc(fp, y->method);
			fputs(")", fp);
		}
		fputs(".</div>\n", fp);
	}
	if (!any) {
		fputs("<div class=\"note\"><b>", fp);
		pairname(fp, s, pair);
		fputs(":</b> no sys record: no level moved in one direction, or "
		    "kp-systematic did not run.</div>\n", fp);
	}
}

static void
test_page(struct hsite *s, int test)
{
	struct htest *t = &s->test[test];
	FILE *fp = h_open(s, t->page);
	int *idx = emalloc((s->ncmp + 1) * sizeof(*idx));
	char svg[96], title[1024];
	int p, i, n;

	snprintf(title, sizeof(title), "%s/%s/%s[%s %s]", t->suite, t->bench,
	    t->test, t->op, t->metric);
	head(fp, title);
	crumbs(fp, s, t->suiteidx, test, NULL);
	fputs("<h1>", fp);
	measname(fp, t);
	fputs("</h1>\n<p class=\"sub\">unit ", fp);
	h_esc(fp, t->unit);
	fputs(", ", fp);
	h_esc(fp, t->better);
	fputs(" is better</p>\n", fp);
	snprintf(svg, sizeof(svg), "%.*s.svg", (int)strlen(t->page) - 5,
	    t->page);
	svg_chart(s, svg, test);
	fprintf(fp, "<div class=\"fig\"><object type=\"image/svg+xml\" "
	    "data=\"%s\">change by concurrency level: %s</object></div>\n",
	    svg, svg);
	fputs("<h2>Systematic?</h2>\n", fp);
	for (p = 0; p < s->npair; p++) {
		for (i = 0; i < s->ncmp; i++)
			if (s->cmp[i].testidx == test && s->cmp[i].pair == p)
				break;
		if (i < s->ncmp)
			sysnote(fp, s, test, p);
	}
	fputs("<h2>Every comparison</h2>\n", fp);
	for (n = i = 0; i < s->ncmp; i++)
		if (s->cmp[i].testidx == test)
			idx[n++] = i;
	cmptable(fp, s, idx, n, COL_PAIR);
	free(idx);
	foot(fp);
	h_close(s, fp, t->page);
}

static int
bysample(const void *a, const void *b)
{
	const struct hsample *x = *(struct hsample *const *)a;
	const struct hsample *y = *(struct hsample *const *)b;
	int r;

	if ((r = strcmp(x->instance ? x->instance : "", y->instance ?
	    y->instance : "")))
		return r;
	if ((r = strcmp(x->run, y->run)))
		return r;
	if (x->iter != y->iter)
		return x->iter < y->iter ? -1 : 1;
	if (x->rep != y->rep)
		return x->rep < y->rep ? -1 : 1;
	return x->sub < y->sub ? -1 : x->sub > y->sub;
}

static struct hsample **
samplesof(struct hsite *s, const struct hcmp *c, const char *exp,
    char **runs, int nruns, int *n)
{
	struct hsample **v = NULL;
	char g[2048];
	int i;

	snprintf(g, sizeof(g), "%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%lld",
	    exp, c->suite, c->bench, c->test, c->op, c->metric, c->conc);
	*n = 0;
	for (i = 0; i < s->nsmp; i++)
		if (strcmp(s->smp[i].gkey, g) == 0 && (nruns == 0 ||
		    inlist(runs, nruns, s->smp[i].run))) {
			v = ereallocarray(v, *n + 1, sizeof(*v));
			v[(*n)++] = &s->smp[i];
		}
	if (*n)
		qsort(v, *n, sizeof(*v), bysample);
	return v;
}

static struct hrun *
runof(struct hsite *s, const char *run)
{
	int i;

	for (i = 0; i < s->nrun; i++)
		if (strcmp(s->run[i].run, run) == 0)
			return &s->run[i];
	return NULL;
}

static void
runtable(FILE *fp, struct hsite *s, const struct hcmp *c)
{
	struct hrun **r;
	int nr = c->nbruns + c->ntruns, i, f;

	if (nr == 0) {
		fputs("<p>The comparison names no runs.</p>\n", fp);
		return;
	}
	r = ecalloc(nr, sizeof(*r));
	for (i = 0; i < nr; i++)
		r[i] = runof(s, i < c->nbruns ? c->bruns[i] :
		    c->truns[i - c->nbruns]);
	fputs("<p>Rows where the baseline and target runs differ are "
	    "highlighted.</p>\n<table><thead><tr><th>field</th>", fp);
	for (i = 0; i < nr; i++) {
		fprintf(fp, "<th>%s<br><span class=\"mono\">", i < c->nbruns ?
		    "baseline" : "target");
		h_esc(fp, i < c->nbruns ? c->bruns[i] : c->truns[i - c->nbruns]);
		fputs("</span></th>", fp);
	}
	fputs("</tr></thead><tbody>\n", fp);
	for (f = 0; f < HR_N; f++) {
		int diff = 0;
		const char *v0 = r[0] ? r[0]->f[f] : NULL;

		for (i = 1; i < nr; i++) {
			const char *v = r[i] ? r[i]->f[f] : NULL;
			if ((v == NULL) != (v0 == NULL) || (v && strcmp(v, v0)))
				diff = 1;
		}
		/* start and finish differ between any two runs */
		if (f == HR_start || f == HR_finish || f == HR_src)
			diff = 0;
		fprintf(fp, "<tr%s><td>%s</td>", diff ? " class=\"diff\"" : "",
		    h_runfield[f]);
		for (i = 0; i < nr; i++) {
			fputs("<td class=\"mono\">", fp);
			if (r[i] == NULL)
				fputs("<i>no run record</i>", fp);
			else if (r[i]->f[f] == NULL)
				fputs("-", fp);
			else
				h_esc(fp, r[i]->f[f]);
			fputs("</td>", fp);
		}
		fputs("</tr>\n", fp);
	}
	fputs("</tbody></table>\n", fp);
	free(r);
}

static void
runstats(FILE *fp, struct hsite *s, const struct hcmp *c)
{
	int i, any = 0;

	for (i = 0; i < s->nrs; i++) {
		struct hrunstat *r = &s->rs[i];
		int base = inlist(c->bruns, c->nbruns, r->run);

		if (!base && !inlist(c->truns, c->ntruns, r->run))
			continue;
		if (c->job && r->job ? strcmp(c->job, r->job) != 0 :
		    (r->suite == NULL || strcmp(c->suite, r->suite) != 0))
			continue;
		if (!any++)
			fputs("<p>CPU time the benchmark itself used: user + sys "
			    "well below elapsed &times; threads, or a change "
			    "between the sides, points to interference.</p>\n"
			    "<table><thead><tr><th>side</th><th>run</th><th>iter"
			    "</th><th>job</th><th>user s</th><th>sys s</th>"
			    "<th>elapsed s</th><th>(user+sys)/elapsed</th>"
			    "<th>rc</th><th>partial</th></tr></thead><tbody>\n",
			    fp);
		fprintf(fp, "<tr><td>%s</td><td class=\"mono\">", base ?
		    "baseline" : "target");
		h_esc(fp, r->run);
		fprintf(fp, "</td><td class=\"n\">%lld</td><td>", r->iter);
		h_esc(fp, r->job);
		fputs("</td><td class=\"n\">", fp);
		num(fp, r->user_s);
		fputs("</td><td class=\"n\">", fp);
		num(fp, r->sys_s);
		fputs("</td><td class=\"n\">", fp);
		num(fp, r->elapsed_s);
		fputs("</td><td class=\"n\">", fp);
		num(fp, r->elapsed_s > 0 ? (r->user_s + r->sys_s) /
		    r->elapsed_s : NAN);
		fputs("</td><td class=\"n\">", fp);
		if (r->rc >= 0)
			fprintf(fp, "%lld", r->rc);
		else
			fputs("-", fp);
		fprintf(fp, "</td><td%s>%s</td></tr>\n", r->partial ?
		    " class=\"warn\"" : "", r->partial ? "yes" : "no");
	}
	if (any)
		fputs("</tbody></table>\n", fp);
	else
		fputs("<p>No runstat records for these runs.</p>\n", fp);
}

/* a relative link from the site to a source file that exists, else text */
static void
srclink(FILE *fp, struct hsite *s, const char *src)
{
	char path[PATH_MAX], abs[PATH_MAX];
	const char *colon, *p, *q, *line = NULL;
	size_t len, i, last;
	int up = 0;

	if (src == NULL) {
		fputs("-", fp);
		return;
	}
	len = strlen(src);
	if ((colon = strrchr(src, ':')) && colon[1] &&
	    strspn(colon + 1, "0123456789") == strlen(colon + 1)) {
		len = colon - src;
		line = colon + 1;
	}
	if (len >= sizeof(path) || (memcpy(path, src, len), path[len] = '\0',
	    realpath(path, abs) == NULL)) {
		fputs("<span class=\"mono\">", fp);
		h_esc(fp, src);
		fputs("</span>", fp);
		return;
	}
	/* up from the site to the deepest common directory, then down */
	for (i = last = 0; s->outabs[i] && s->outabs[i] == abs[i]; i++)
		if (abs[i] == '/')
			last = i;
	if (s->outabs[i] == '\0' && abs[i] == '/')
		last = i;
	for (p = s->outabs + last; *p; p++)
		if (*p == '/' && p[1])
			up++;
	q = abs + last + 1;
	fputs("<a class=\"mono\" href=\"", fp);
	while (up-- > 0)
		fputs("../", fp);
	for (; *q; q++) {
		unsigned char ch = *q;
		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    (ch >= '0' && ch <= '9') || strchr("/-_.~+,=@", ch))
			putc(ch, fp);
		else
			fprintf(fp, "%%%02X", ch);
	}
	fputs("\">", fp);
	h_esc(fp, path);
	fputs("</a>", fp);
	if (line)
		fprintf(fp, ":%s", line);
}

static void
cmp_page(struct hsite *s, struct hcmp *c)
{
	struct htest *t = &s->test[c->testidx];
	struct hsample **bs, **ts;
	FILE *fp = h_open(s, c->page);
	char svg[96], title[1024];
	int nb, nt, i;

	snprintf(title, sizeof(title), "%s[%s %s] conc %lld %s vs %s", t->test,
	    t->op, t->metric, c->conc, c->bk, c->tk);
	head(fp, title);
	crumbs(fp, s, t->suiteidx, c->testidx, c);
	fputs("<h1>", fp);
	measname(fp, t);
	fprintf(fp, " at conc %lld</h1>\n<p class=\"sub\">", c->conc);
	pairname(fp, s, c->pair);
	fputs(" &middot; experiments <code>", fp);
	h_esc(fp, c->bexp);
	fputs("</code> vs <code>", fp);
	h_esc(fp, c->texp);
	fputs("</code> &middot; ", fp);
	h_esc(fp, t->unit);
	fputs(", ", fp);
	h_esc(fp, t->better);
	fputs(" is better</p>\n", fp);
	i = c - s->cmp;
	cmptable(fp, s, &i, 1, 0);
	fprintf(fp, "<p>Medians %.6g &rarr; %.6g", c->bmed, c->tmed);
	fputs(" ", fp);
	h_esc(fp, t->unit);
	fputs("; test ", fp);
	h_esc(fp, c->method ? c->method : "-");
	fputs(" on the ", fp);
	h_esc(fp, c->obs_level ? c->obs_level : "-");
	fputs(" level.</p>\n", fp);

	/* only the runs the comparison used: an experiment can have more */
	bs = samplesof(s, c, c->bexp, c->bruns, c->nbruns, &nb);
	ts = samplesof(s, c, c->texp, c->truns, c->ntruns, &nt);
	fputs("<h2>Observations</h2>\n", fp);
	snprintf(svg, sizeof(svg), "%.*s.svg", (int)strlen(c->page) - 5,
	    c->page);
	if (nb + nt > 0) {
		svg_strip(s, svg, c, bs, nb, ts, nt);
		fprintf(fp, "<div class=\"fig\"><img src=\"%s\" alt=\"every "
		    "observation by instance, run and repetition\"></div>\n",
		    svg);
	} else
		fputs("<p>No sample records for this comparison: pass them "
		    "through the pipeline or give them with -s.</p>\n", fp);

	fputs("<h2>Runs</h2>\n", fp);
	runtable(fp, s, c);
	fputs("<h2>Interference evidence</h2>\n", fp);
	runstats(fp, s, c);

	if (nb + nt > 0) {
		fputs("<h2>Sources</h2>\n<table class=\"sort\"><thead><tr>"
		    "<th>side</th><th>instance</th><th>run</th><th>iter</th>"
		    "<th>rep</th><th>sub</th><th>value</th><th>source</th></tr>"
		    "</thead><tbody>\n", fp);
		for (i = 0; i < nb + nt; i++) {
			struct hsample *m = i < nb ? bs[i] : ts[i - nb];
			char buf[KP_NUMBUF];

			fprintf(fp, "<tr><td>%s</td><td>", i < nb ? "baseline" :
			    "target");
			h_esc(fp, m->instance);
			fputs("</td><td class=\"mono\">", fp);
			h_esc(fp, m->run);
			kp_fmt_num(buf, m->value);
			fprintf(fp, "</td><td class=\"n\">%lld</td><td class=\"n\">"
			    "%lld</td><td class=\"n\">%lld</td><td class=\"n\">"
			    "%s</td><td>", m->iter, m->rep, m->sub, buf);
			srclink(fp, s, m->src);
			fputs("</td></tr>\n", fp);
		}
		fputs("</tbody></table>\n", fp);
	}
	free(bs);
	free(ts);
	foot(fp);
	h_close(s, fp, c->page);
}
