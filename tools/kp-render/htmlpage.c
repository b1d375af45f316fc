/* kp-render -f html: the pages, from the kernel down to one comparison */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "kp.h"
#include "html.h"

enum { SEV_RED, SEV_YELLOW, SEV_GREEN, SEV_NONE, NSEV };
static const char *const sevname[NSEV] = { "red", "yellow", "green", "none" };

struct counts {
	int n, reg[NSEV], imp[NSEV], unc, noc, uncl, sysreg, sysimp;
	int interf, incomplete, unstable;
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
static void chips(FILE *fp, const char *reason);
static void changecell(FILE *fp, const struct hcmp *c);
static void systable(FILE *fp, struct hsite *s, int pair);
static void bylevel(FILE *fp, struct hsite *s, int test, int pair,
    const char *bexp, const char *texp);
static int interfcount(struct hsite *s, int test, int pair, const char *bexp,
    const char *texp, int *nreg, char *pct, size_t sz);
static void sysfacts(FILE *fp, const struct hsys *y);

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
"h3{font-size:13px;margin:14px 0 4px}\n"
"p.sub{color:#555;margin:0 0 10px}\n"
"div.crumbs{font-size:12px;color:#666;padding:4px 0;"
"border-bottom:1px solid #e3e3e3;overflow-wrap:anywhere}\n"
"div.crumbs a{color:#0550ae;text-decoration:none}\n"
"a{color:#0550ae}\n"
"table{border-collapse:collapse;margin:4px 0 10px;background:#fff}\n"
"th,td{border:1px solid #e1e1e6;padding:2px 6px;text-align:left;"
"vertical-align:top;max-width:420px;overflow-wrap:break-word}\n"
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
"div.foot{margin-top:30px;color:#888;font-size:11px}\n"
"td.cls{white-space:nowrap}\n"
"td.nc{color:#888}\n"
"span.chip{display:inline-block;padding:0 4px;margin:1px 3px 1px 0;"
"border-radius:3px;background:#eef0f4;color:#333;font-size:11px}\n"
"span.chip.intf{background:#ffe0b2;color:#6d3200;font-weight:600}\n"
"span.chip.unst{background:#efe3f5;color:#4a148c}\n"
"div.verdict{border:1px solid #ddd;border-left:5px solid #888;"
"background:#fff;padding:6px 10px;margin:8px 0;font-size:14px}\n"
"div.verdict.regression{border-left-color:#b2182b}\n"
"div.verdict.improvement{border-left-color:#2166ac}\n"
"div.verdict.uncertain{border-left-color:#6a1b9a}\n"
"div.intf{background:#fff3e0;border-left:3px solid #e65100;"
"padding:4px 8px;margin:6px 0}\n"
"details{margin:6px 0}\nsummary{cursor:pointer;color:#5d4000}\n"
"p.legend{color:#555;font-size:12px;margin:2px 0 8px}\n", fp);
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
	/* break opportunities after the separators, not inside words */
	h_esc(fp, t->suite);
	fputs("/<wbr>", fp);
	h_esc(fp, t->bench);
	fputs("/<wbr>", fp);
	h_esc(fp, t->test);
	fputs("<wbr>[", fp);
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
		if (c->cls && !strcmp(c->cls, "regression")) {
			char b[96];
			k->reg[sevidx(c->sev)]++;
			k->interf += h_interf(c->reason, b, sizeof(b));
		}
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
	/* tests, not roll-ups: both kernels of a pair have one per test */
	exps = pairexps(s, pair, suite, &nexp);
	for (i = 0; i < s->nroll; i++) {
		struct hroll *r = &s->roll[i];
		int inc, uns, j;

		if (!rollin(s, r, exps, nexp, suite))
			continue;
		inc = r->incomplete > 0 || r->nmissing > 0;
		uns = r->unstable > 0;
		for (j = 0; j < i && (inc || uns); j++) {
			struct hroll *q = &s->roll[j];
			if (!rollin(s, q, exps, nexp, suite) ||
			    strcmp(q->suite ? q->suite : "", r->suite ? r->suite :
			    "") || strcmp(q->bench ? q->bench : "", r->bench ?
			    r->bench : "") || strcmp(q->test ? q->test : "",
			    r->test ? r->test : ""))
				continue;
			if (q->incomplete > 0 || q->nmissing > 0)
				inc = 0;
			if (q->unstable > 0)
				uns = 0;
		}
		k->incomplete += inc;
		k->unstable += uns;
	}
	free(exps);
}

static void
countshead(FILE *fp)
{
	fputs("<th title=\"comparisons: one per test and concurrency level\">"
	    "cmp</th><th>regr. red</th><th>yellow</th><th>green</th>"
	    "<th>impr. red</th><th>yellow</th><th>green</th><th>uncertain</th>"
	    "<th>no change</th><th title=\"regressions whose target runs got "
	    "less CPU time than the baseline's (kp-classify): the machine, not "
	    "the kernel, may be the cause\">interference</th>"
	    "<th title=\"groups of one test that move the same way at every "
	    "concurrency level (kp-systematic)\">systematic</th>"
	    "<th title=\"tests with missing concurrency levels or incomplete "
	    "groups\">incomplete</th><th title=\"tests with groups whose "
	    "coefficient of variation is high (kp-stats)\">unstable</th>", fp);
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
	if (k->interf)
		fprintf(fp, "<td class=\"n\" data-v=\"%d\"><span class=\"chip "
		    "intf\">%d</span></td>", k->interf, k->interf);
	else
		fputs("<td class=\"z\">0</td>", fp);
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

/*
 * The change, coloured by how bad it is only when it is a finding: a -20%
 * that kp-classify calls no change (below the noise floor of a noisy test)
 * must not look like a regression.  Uncertain changes get a faint colour.
 */
static void
changecell(FILE *fp, const struct hcmp *c)
{
	char col[8];
	double g;

	if (h_goodness(c, &g) == 0 && (c->cls == NULL || h_finding(c) ||
	    !strcmp(c->cls, "uncertain"))) {
		svg_cmpcolor(c, col);
		fprintf(fp, "<td class=\"n\" data-v=\"%g\" style=\"background:"
		    "%s;color:%s\">", c->change, col, svg_ink(col));
	} else
		fprintf(fp, "<td class=\"n nc\" data-v=\"%g\">", c->change);
	pct(fp, c->change);
	fputs("</td>", fp);
}

/*
 * kp-classify's reason, one chip per part, in words; interference and
 * instability stand out because they say the change may not be the
 * kernel's.  The record's own text stays in the tooltip.
 */
static void
chips(FILE *fp, const char *reason)
{
	const char *p, *e;

	if (reason == NULL || *reason == '\0') {
		fputs("-", fp);
		return;
	}
	fputs("<span title=\"", fp);
	h_esc(fp, reason);
	fputs("\">", fp);
	for (p = reason; *p; p = *e ? e + 1 : e) {
		const char *cls = "chip", *q;

		if (strncmp(p, "single-run:", 11) == 0) {
			fputs("<span class=\"chip\" title=\"one run per side: the "
			    "test saw no run-to-run noise, so the change is held "
			    "against a noise floor\">single run</span>", fp);
			p += 11;
		}
		e = p + strcspn(p, ";");
		if (e == p)
			continue;
		if (strncmp(p, "interference:", 13) == 0)
			cls = "chip intf";
		else if (strncmp(p, "unstable", 8) == 0)
			cls = "chip unst";
		fprintf(fp, "<span class=\"%s\">", cls);
		for (q = p; q < e; q++) {
			if (*q == '-' && q > p && ((q[-1] >= 'a' && q[-1] <= 'z') ||
			    (q[-1] >= 'A' && q[-1] <= 'Z') || q[-1] == '%'))
				putc(' ', fp);
			else if (*q == ':' && q > p)
				fputs(": ", fp);
			else if (*q == ',')
				fputs(", ", fp);
			else if (*q == '>' || *q == '<')
				fprintf(fp, " %s ", *q == '>' ? "&gt;" : "&lt;");
			else
				h_esc1(fp, *q);
		}
		fputs("</span>", fp);
	}
	fputs("</span>", fp);
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

		fprintf(fp, "<tr><td data-v=\"%d\"><span class=\"sev %s\">",
		    h_sevrank(c), sevname[sevidx(c->sev)]);
		h_esc(fp, c->sev ? c->sev : "none");
		fputs("</span></td><td class=\"cls\"><span class=\"cls ", fp);
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
		changecell(fp, c);
		fputs("<td class=\"n\">", fp);
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
		chips(fp, c->reason);
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
	for (i = 0; i < s->nroll; i++)
		any += rollin(s, &s->roll[i], exps, nexp, suite) &&
		    (s->roll[i].incomplete || s->roll[i].nmissing ||
		    s->roll[i].unstable);
	/* worth knowing, but below the findings: folded */
	if (any)
		fprintf(fp, "<details><summary>Data quality: %d warning%s from "
		    "the stat roll-ups (incomplete groups, missing levels, "
		    "unstable groups)</summary>\n", any, any == 1 ? "" : "s");
	for (i = 0, any = 0; i < s->nroll; i++) {
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
		fputs("</ul></details>\n", fp);
	free(exps);
}

/*
 * A reason without its numbers: "single-run:below-noise-floor(97%,learned);
 * interference:target-cpu-time-51%-of-baseline" becomes
 * "below-noise-floor;interference", so that comparisons uncertain for the
 * same cause count together.
 */
static void
reasonkind(const char *r, char *out, size_t sz)
{
	size_t n = 0;
	int depth = 0;

	if (strncmp(r, "single-run:", 11) == 0)
		r += 11;
	for (; *r && n + 1 < sz; r++) {
		if (*r == '(')
			depth++;
		else if (*r == ')')
			depth -= depth > 0;
		else if (depth == 0)
			out[n++] = *r;
		if (strncmp(r, "interference", 12) == 0 && (r[12] == ':' ||
		    r[12] == '-')) {
			n += snprintf(out + n, sz - n, "nterference");
			n = n < sz ? n : sz - 1;
			r += strcspn(r, ";") - 1;
		}
	}
	out[n] = '\0';
}

static void
reasons(FILE *fp, struct hsite *s, int pair, int suite)
{
	char seen[32][128];
	int cnt[32], nseen = 0, i, j;

	for (i = 0; i < s->ncmp; i++) {
		struct hcmp *c = &s->cmp[i];
		char k[128];

		if (c->pair != pair || (suite >= 0 && c->suiteidx != suite) ||
		    !c->cls || strcmp(c->cls, "uncertain") || !c->reason)
			continue;
		reasonkind(c->reason, k, sizeof(k));
		for (j = 0; j < nseen && strcmp(seen[j], k); j++)
			;
		if (j == nseen) {
			if (nseen == (int)KP_LEN(seen))
				continue;
			memcpy(seen[nseen], k, sizeof(k));
			cnt[nseen++] = 0;
		}
		cnt[j]++;
	}
	for (i = 0; i < nseen; i++) {
		fprintf(fp, "%s%d&times; ", i ? "<br>" : "", cnt[i]);
		chips(fp, seen[i]);
	}
	for (i = j = 0; i < s->ncmp; i++)
		j += s->cmp[i].pair == pair && (suite < 0 ||
		    s->cmp[i].suiteidx == suite) && s->cmp[i].cls == NULL;
	if (j)
		fprintf(fp, "%s<b>%d not classified</b> (no class: run "
		    "kp-classify)", nseen ? "; " : "", j);
}

/* one sentence per pair: what a reader must not miss */
static void
headline(FILE *fp, struct hsite *s, int pair)
{
	struct counts k;
	int i, n = 0, r;

	count(s, pair, -1, &k);
	r = k.reg[SEV_RED] + k.reg[SEV_YELLOW] + k.reg[SEV_GREEN] +
	    k.reg[SEV_NONE];
	fprintf(fp, "<div class=\"verdict%s\"><b>%d regression%s</b>",
	    r ? " regression" : "", r, r == 1 ? "" : "s");
	if (r) {
		fputs(" (", fp);
		for (i = 0; i < SEV_NONE; i++)
			if (k.reg[i])
				fprintf(fp, "%s%d %s", n++ ? ", " : "", k.reg[i],
				    sevname[i]);
		fputs(")", fp);
	}
	fprintf(fp, " in %d comparisons", k.n);
	if (k.sysreg) {
		fprintf(fp, "; <b>systematic</b> (every level) in ");
		for (i = n = 0; i < s->nsys; i++) {
			struct hsys *y = &s->sys[i];
			if (y->pair != pair || !y->systematic ||
			    !strcmp(y->direction, "improvement"))
				continue;
			fputs(n++ ? ", " : "", fp);
			if (y->testidx >= 0) {
				fprintf(fp, "<a href=\"%s\">",
				    s->test[y->testidx].page);
				measname(fp, &s->test[y->testidx]);
				fputs("</a>", fp);
			} else
				h_esc(fp, y->test);
		}
	}
	if (k.interf)
		fprintf(fp, "; <span class=\"chip intf\">%d of %d with "
		    "interference evidence</span>", k.interf, r);
	fprintf(fp, "; %d improvement%s, %d uncertain, %d no change.</div>\n",
	    k.imp[SEV_RED] + k.imp[SEV_YELLOW] + k.imp[SEV_GREEN] +
	    k.imp[SEV_NONE], k.imp[SEV_RED] + k.imp[SEV_YELLOW] +
	    k.imp[SEV_GREEN] + k.imp[SEV_NONE] == 1 ? "" : "s", k.unc, k.noc);
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
	    "%d systematic-group records, %d samples", s->npair, s->nsuite,
	    s->ntest, s->ncmp, s->nsys, s->nsmp);
	if (s->nsmp == 0 && s->ngrp > 0)
		fprintf(fp, " (the comparison pages plot the values of %d stat "
		    "groups instead, without source files)", s->ngrp);
	fprintf(fp, ", from %ld records.</p>\n", s->nrec);
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
		fputs("</h2>\n", fp);
		headline(fp, s, p);
		fputs("<table class=\"sort\"><thead><tr><th>suite</th>", fp);
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
		fputs("<h3>Across concurrency levels</h3>\n", fp);
		systable(fp, s, p);
		for (n = i = 0; i < s->ncmp; i++)
			if (s->cmp[i].pair == p && h_finding(&s->cmp[i]))
				idx[n++] = i;
		fprintf(fp, "<h3>Findings</h3>\n");
		if (n) {
			fprintf(fp, "<p class=\"legend\">%d regressions and "
			    "improvements, most severe first; the suite pages list "
			    "every comparison. Change is of the median, target vs "
			    "baseline, with its 95%% confidence interval; the colour "
			    "says worse (red) or better (blue) after the metric's "
			    "direction.</p>\n", n);
			cmptable(fp, s, idx, n, COL_TEST);
		} else
			fputs("<p>No regressions or improvements.</p>\n", fp);
		rolls(fp, s, p, -1);
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
		for (n = i = 0; i < s->ncmp; i++)
			if (s->cmp[i].pair == p && s->cmp[i].suiteidx == suite)
				idx[n++] = i;
		cmptable(fp, s, idx, n, COL_TEST);
		rolls(fp, s, p, suite);
	}
	free(idx);
	foot(fp);
	h_close(s, fp, name);
}

static int
bylonglong(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

static int
cmpin(const struct hcmp *c, int test, int pair, const char *bexp,
    const char *texp)
{
	return c->testidx == test && c->pair == pair &&
	    (bexp == NULL || !strcmp(c->bexp, bexp)) &&
	    (texp == NULL || !strcmp(c->texp, texp));
}

/* "regressed at 1, 2; uncertain at 4; no change at 3": the levels by class */
static void
bylevel(FILE *fp, struct hsite *s, int test, int pair, const char *bexp,
    const char *texp)
{
	static const char *const cls[] = { "regression", "improvement",
	    "uncertain", "no-change", NULL };
	static const char *const word[] = { "regressed", "improved",
	    "uncertain", "no change", "not classified" };
	long long *lv = emalloc((s->ncmp + 1) * sizeof(*lv));
	int k, i, n, any = 0;

	for (k = 0; k < (int)KP_LEN(cls); k++) {
		for (n = i = 0; i < s->ncmp; i++) {
			struct hcmp *c = &s->cmp[i];
			if (cmpin(c, test, pair, bexp, texp) && (cls[k] ?
			    c->cls && !strcmp(c->cls, cls[k]) : c->cls == NULL))
				lv[n++] = c->conc;
		}
		if (n == 0)
			continue;
		qsort(lv, n, sizeof(*lv), bylonglong);
		fprintf(fp, "%s%s at ", any++ ? "; " : "", word[k]);
		for (i = 0; i < n; i++)
			fprintf(fp, "%s%lld", i ? ", " : "", lv[i]);
	}
	free(lv);
}

/* regressions of one group that kp-classify flagged for interference */
static int
interfcount(struct hsite *s, int test, int pair, const char *bexp,
    const char *texp, int *nreg, char *pct, size_t sz)
{
	int i, n = 0;

	*nreg = 0;
	pct[0] = '\0';
	for (i = 0; i < s->ncmp; i++) {
		struct hcmp *c = &s->cmp[i];
		char b[96];
		if (!cmpin(c, test, pair, bexp, texp) || !c->cls ||
		    strcmp(c->cls, "regression"))
			continue;
		(*nreg)++;
		if (h_interf(c->reason, b, sizeof(b)) && n++ == 0)
			snprintf(pct, sz, "%s", b);
	}
	return n;
}

static void
sysfacts(FILE *fp, const struct hsys *y)
{
	const char *p;

	if (y->sevcounts && strcmp(y->sevcounts, "{}")) {
		fputs("severity ", fp);
		for (p = y->sevcounts; *p; p++)
			if (!strchr("{}\"", *p))
				h_esc1(fp, *p == ':' ? ' ' : *p == ',' ? ';' : *p);
		fputs(", ", fp);
	}
	fputs("change ", fp);
	pct(fp, y->chmin);
	fputs(" to ", fp);
	pct(fp, y->chmax);
	fputs(", average score ", fp);
	num(fp, y->avg_score);
	fputs(", combined p ", fp);
	num(fp, y->p);
	if (isfinite(y->q)) {
		fputs(" (q ", fp);
		num(fp, y->q);
		fputs(")", fp);
	}
	if (y->method) {
		fputs(" by ", fp);
		h_esc(fp, y->method);
	}
}

static void
interfnote(FILE *fp, struct hsite *s, int test, int pair, const char *bexp,
    const char *texp)
{
	char pc[96];
	int nreg, n = interfcount(s, test, pair, bexp, texp, &nreg, pc,
	    sizeof(pc));

	if (n == 0)
		return;
	fprintf(fp, "<div class=\"intf\"><b>Interference:</b> %d of %d "
	    "regressed levels were flagged by kp-classify (%s): the benchmark "
	    "got less of the machine in the target runs, so the slowdown may be "
	    "the machine (starvation), not the kernel. Check the CPU time on the "
	    "comparison pages before bisecting.</div>\n", n, nreg, pc);
}

/* why the systematic flag was, or was not, raised for one pair */
static void
sysnote(FILE *fp, struct hsite *s, int test, int pair)
{
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
		if (y->systematic) {
			fputs("<b>systematic ", fp);
			h_esc(fp, y->direction);
			fprintf(fp, "</b>: every tested level moved (%d of %d) "
			    "&mdash; ", y->naffected, y->nlevels);
		} else {
			fputs("<b>not systematic</b>: ", fp);
			h_esc(fp, y->direction);
			fprintf(fp, " at %d of %d tested levels", y->naffected,
			    y->nlevels);
			if (y->nmissing) {
				fputs(", expected levels not tested: ", fp);
				h_esc(fp, y->missing);
			}
			fputs("; systematic needs every level &mdash; ", fp);
		}
		bylevel(fp, s, test, pair, y->bexp, y->texp);
		fputs(".<br>", fp);
		sysfacts(fp, y);
		fputs(".</div>\n", fp);
		interfnote(fp, s, test, pair, y->bexp, y->texp);
	}
	if (!any) {
		int nreg, nimp = 0;
		char pc[96];

		interfcount(s, test, pair, NULL, NULL, &nreg, pc, sizeof(pc));
		for (i = 0; i < s->ncmp; i++)
			nimp += cmpin(&s->cmp[i], test, pair, NULL, NULL) &&
			    s->cmp[i].cls && !strcmp(s->cmp[i].cls, "improvement");
		fputs("<div class=\"note\"><b>", fp);
		pairname(fp, s, pair);
		fputs(":</b> not systematic: ", fp);
		bylevel(fp, s, test, pair, NULL, NULL);
		fputs(nreg + nimp ? ". Fewer than two levels moved the same way, "
		    "so kp-systematic wrote no group.</div>\n" :
		    ". No level regressed or improved.</div>\n", fp);
		interfnote(fp, s, test, pair, NULL, NULL);
	}
}

static int
bysys(const void *a, const void *b)
{
	const struct hsys *x = *(struct hsys *const *)a;
	const struct hsys *y = *(struct hsys *const *)b;
	double sx = isfinite(x->avg_score) ? x->avg_score : -1;
	double sy = isfinite(y->avg_score) ? y->avg_score : -1;

	if (x->systematic != y->systematic)
		return y->systematic - x->systematic;
	if (strcmp(x->direction, y->direction))
		return strcmp(y->direction, x->direction);	/* regression first */
	if (x->naffected != y->naffected)
		return y->naffected - x->naffected;
	return sx < sy ? 1 : sx > sy ? -1 : 0;
}

/* the kernel page's list of groups across concurrency levels */
static void
systable(FILE *fp, struct hsite *s, int pair)
{
	struct hsys **v = emalloc((s->nsys + 1) * sizeof(*v));
	int i, n = 0;

	for (i = 0; i < s->nsys; i++)
		if (s->sys[i].pair == pair)
			v[n++] = &s->sys[i];
	if (n == 0) {
		fputs("<p>No group moved at two or more concurrency levels "
		    "(no <code>sys</code> records for this pair).</p>\n", fp);
		free(v);
		return;
	}
	qsort(v, n, sizeof(*v), bysys);
	fprintf(fp, "<p>%d tests moved the same way at two or more "
	    "concurrency levels; systematic means at every tested level.</p>\n"
	    "<table class=\"sort\"><thead><tr><th>verdict</th><th>measurement"
	    "</th><th>levels</th><th>why (class by level)</th><th>severity, "
	    "change, score, combined p</th><th>interference</th></tr></thead>"
	    "<tbody>\n", n);
	for (i = 0; i < n; i++) {
		struct hsys *y = v[i];
		char pc[96];
		int nreg, ni = y->testidx >= 0 ? interfcount(s, y->testidx, pair,
		    y->bexp, y->texp, &nreg, pc, sizeof(pc)) : 0;

		fprintf(fp, "<tr><td class=\"cls\" data-v=\"%d\">", !y->systematic);
		if (y->systematic)
			fprintf(fp, "<span class=\"%s\">systematic ",
			    strcmp(y->direction, "improvement") ? "sys" : "sysi");
		else
			fputs("<span class=\"cls\">not systematic ", fp);
		h_esc(fp, y->direction);
		fputs("</span></td><td>", fp);
		if (y->testidx >= 0) {
			fprintf(fp, "<a href=\"%s\">", s->test[y->testidx].page);
			measname(fp, &s->test[y->testidx]);
			fputs("</a>", fp);
		} else {
			h_esc(fp, y->suite);
			putc('/', fp);
			h_esc(fp, y->bench);
			putc('/', fp);
			h_esc(fp, y->test);
		}
		fprintf(fp, "</td><td class=\"n\" data-v=\"%d\">%d of %d</td><td>",
		    y->naffected, y->naffected, y->nlevels);
		if (y->testidx >= 0)
			bylevel(fp, s, y->testidx, pair, y->bexp, y->texp);
		if (y->nmissing) {
			fputs("; not tested: ", fp);
			h_esc(fp, y->missing);
		}
		fputs("</td><td>", fp);
		sysfacts(fp, y);
		fputs("</td><td>", fp);
		if (ni)
			fprintf(fp, "<span class=\"chip intf\">%d of %d regressed "
			    "levels: %s</span>", ni, nreg, pc);
		else
			fputs("-", fp);
		fputs("</td></tr>\n", fp);
	}
	fputs("</tbody></table>\n", fp);
	free(v);
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
	int lo = 0, hi = s->nsmp, i;

	snprintf(g, sizeof(g), "%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%lld",
	    exp, c->suite, c->bench, c->test, c->op, c->metric, c->conc);
	*n = 0;
	/* the samples are sorted by group (html.c): the first of g */
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (strcmp(s->smp[mid].gkey, g) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i < s->nsmp && strcmp(s->smp[i].gkey, g) == 0; i++)
		if (nruns == 0 || inlist(runs, nruns, s->smp[i].run)) {
			v = ereallocarray(v, *n + 1, sizeof(*v));
			v[(*n)++] = &s->smp[i];
		}
	if (*n)
		qsort(v, *n, sizeof(*v), bysample);
	return v;
}

/*
 * Without sample records (kp-stats consumes them) the stat group still
 * holds every value in obs.sub, in unit order: by instance, run,
 * iteration, repetition.  With one instance, the run of each value is
 * found by cutting obs.sub into consecutive pieces whose means are
 * obs.run, in order; when that does not work out exactly, the values are
 * shown as the pooled runs they are.  Sources are not in stat records.
 */
static struct hsample *
statsamples(struct hsite *s, const struct hcmp *c, const char *exp, int *n)
{
	struct hgroup key, *g;
	struct hsample *v;
	char k[2048], *pooled;
	int i, j, at, *cut = NULL, ok = 0;
	size_t len = 0;

	snprintf(k, sizeof(k), "%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%lld",
	    exp, c->suite, c->bench, c->test, c->op, c->metric, c->conc);
	key.gkey = k;
	*n = 0;
	if (s->ngrp == 0 || (g = bsearch(&key, s->grp, s->ngrp, sizeof(*s->grp),
	    h_groupcmp)) == NULL || g->nsub == 0)
		return NULL;
	if (g->nruns >= 1 && g->ninstances <= 1 && g->nrun == g->nruns) {
		cut = emalloc((g->nruns + 1) * sizeof(*cut));
		cut[0] = 0;
		for (j = 0, at = 0; j < g->nruns; j++) {
			double sum = 0;
			int e;

			for (e = at; e < g->nsub; e++) {
				sum += g->sub[e];
				if (fabs(sum / (e - at + 1) - g->run[j]) <=
				    1e-9 * fmax(1, fabs(g->run[j])) &&
				    (j + 1 < g->nruns || e + 1 == g->nsub))
					break;
			}
			if (e == g->nsub)
				break;
			at = cut[j + 1] = e + 1;
		}
		ok = j == g->nruns && at == g->nsub;
	}
	for (i = 0; i < g->nruns; i++)
		len += strlen(g->runs[i]) + 2;
	pooled = emalloc(len + 16);
	pooled[0] = '\0';
	for (i = 0; i < g->nruns; i++)
		strcat(strcat(pooled, i ? ", " : ""), g->runs[i]);
	if (g->nruns > 1)
		strcat(pooled, " (pooled)");
	v = ecalloc(g->nsub, sizeof(*v));
	for (i = j = 0; i < g->nsub; i++) {
		while (ok && i >= cut[j + 1])
			j++;
		v[i].gkey = g->gkey;
		v[i].run = ok ? g->runs[j] : pooled;
		v[i].iter = 0;
		v[i].rep = 1;
		v[i].sub = ok ? i - cut[j] + 1 : i + 1;
		v[i].value = g->sub[i];
	}
	free(cut);
	*n = g->nsub;
	return v;
}

/* epoch seconds as UTC, the number kept */
static void
when(FILE *fp, const char *v)
{
	char buf[32], *end;
	long long t = strtoll(v, &end, 10);
	time_t tt = (time_t)t;
	struct tm tm;

	if (*v == '\0' || *end != '\0' || gmtime_r(&tt, &tm) == NULL ||
	    strftime(buf, sizeof(buf), "%Y-%m-%d %H:%M:%S UTC", &tm) == 0) {
		h_esc(fp, v);
		return;
	}
	fprintf(fp, "%s (%s)", buf, v);
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
			else if (f == HR_src)
				srclink(fp, s, r[i]->f[f]);
			else if (f == HR_start || f == HR_finish)
				when(fp, r[i]->f[f]);
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
	double cpu[2] = { 0, 0 }, wall[2] = { 0, 0 };
	int i, any = 0, side, nrun[2] = { 0, 0 };
	char pc[96];

	/*
	 * The share of the machine each side gave the benchmark, CPU time
	 * over wall-clock time summed over its runs and iterations, as
	 * kp-classify measures interference; and CPU time per run.
	 */
	for (side = 0; side < 2; side++) {
		char **runs = side ? c->truns : c->bruns;
		int nr = side ? c->ntruns : c->nbruns, j, seen;

		for (j = 0; j < nr; j++) {
			for (seen = i = 0; i < s->nrs; i++) {
				struct hrunstat *r = &s->rs[i];
				if (strcmp(r->run, runs[j]) || (c->job && r->job ?
				    strcmp(c->job, r->job) != 0 : (r->suite == NULL ||
				    strcmp(c->suite, r->suite) != 0)) ||
				    !isfinite(r->user_s) || !isfinite(r->sys_s) ||
				    !isfinite(r->elapsed_s))
					continue;
				cpu[side] += r->user_s + r->sys_s;
				wall[side] += r->elapsed_s;
				seen = 1;
			}
			nrun[side] += seen;
		}
	}
	if (nrun[0] && nrun[1] && wall[0] > 0 && wall[1] > 0 && cpu[0] > 0) {
		int flagged = h_interf(c->reason, pc, sizeof(pc));
		double sb = cpu[0] / wall[0], st = cpu[1] / wall[1];

		fprintf(fp, "<div class=\"%s\">CPU share of the benchmark "
		    "(user + sys over elapsed, all runs and iterations): baseline "
		    "%.2f, target %.2f CPUs: <b>target %.0f%% of baseline</b>. "
		    "CPU time per run: baseline %.1f s (%d run%s), target %.1f s "
		    "(%d run%s).%s</div>\n", flagged ? "intf" : "note", sb, st,
		    100 * st / sb, cpu[0] / nrun[0], nrun[0], nrun[0] == 1 ? "" :
		    "s", cpu[1] / nrun[1], nrun[1], nrun[1] == 1 ? "" : "s",
		    flagged ? " kp-classify flagged this as interference: the "
		    "benchmark kept fewer CPUs busy, which is what a competing "
		    "load (or a throttled machine) looks like, not a slower "
		    "kernel path." : "");
	}
	for (i = 0; i < s->nrs; i++) {
		struct hrunstat *r = &s->rs[i];
		int base = inlist(c->bruns, c->nbruns, r->run);

		if (!base && !inlist(c->truns, c->ntruns, r->run))
			continue;
		if (c->job && r->job ? strcmp(c->job, r->job) != 0 :
		    (r->suite == NULL || strcmp(c->suite, r->suite) != 0))
			continue;
		if (!any++)
			fputs("<p>One runstat per job, run and iteration: it covers "
			    "every concurrency level of the job. (user+sys)/elapsed "
			    "is the CPUs the benchmark kept busy; well below the "
			    "threads it ran, or lower on one side, points to "
			    "interference.</p>\n"
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

/* the comparison in one sentence, as a triage note would put it */
static void
verdict(FILE *fp, struct hsite *s, const struct hcmp *c)
{
	struct htest *t = &s->test[c->testidx];
	char pc[96];

	fputs("<div class=\"verdict ", fp);
	h_esc(fp, c->cls ? c->cls : "none");
	fputs("\"><b>", fp);
	if (c->cls == NULL)
		fputs("Not classified", fp);
	else if (!strcmp(c->cls, "no-change"))
		fputs("No change", fp);
	else {
		h_esc1(fp, c->cls[0] - 'a' + 'A');
		h_esc(fp, c->cls + 1);
	}
	fputs("</b>", fp);
	if (c->sev && strcmp(c->sev, "none")) {
		fprintf(fp, " <span class=\"sev %s\">", sevname[sevidx(c->sev)]);
		h_esc(fp, c->sev);
		fputs("</span>", fp);
	}
	if (isfinite(c->score)) {
		fputs(", score ", fp);
		num(fp, c->score);
	}
	fputs(": ", fp);
	h_esc(fp, t->metric);
	if (isfinite(c->change)) {
		fprintf(fp, " %s %.1f%%", c->change < 0 ? "fell" : "rose",
		    fabs(c->change));
		if (isfinite(c->cil) && isfinite(c->cih)) {
			fputs(" (95% CI ", fp);
			pct(fp, c->cil);
			fputs(" to ", fp);
			pct(fp, c->cih);
			fputs(")", fp);
		}
	} else
		fputs(" has no change estimate", fp);
	fputs(", median ", fp);
	fprintf(fp, "%.6g &rarr; %.6g", c->bmed, c->tmed);
	fputs(" ", fp);
	h_esc(fp, t->unit);
	fprintf(fp, " (%s is better); q ", strcmp(t->better, "lower") ?
	    "higher" : "lower");
	num(fp, c->q);
	fputs(", ", fp);
	h_esc(fp, c->method ? c->method : "no test");
	fputs(" on ", fp);
	h_esc(fp, c->obs_level ? c->obs_level : "-");
	fprintf(fp, " units, n %lld vs %lld.</div>\n", c->nb, c->nt);
	if (h_interf(c->reason, pc, sizeof(pc)))
		fprintf(fp, "<div class=\"intf\"><b>Interference:</b> kp-classify "
		    "found the %s; see <a href=\"#interference\">the CPU time "
		    "below</a>. A regression that comes with starvation is "
		    "suspect until the runs are repeated on a quiet machine.</div>"
		    "\n", pc);
}

static void
cmp_page(struct hsite *s, struct hcmp *c)
{
	struct htest *t = &s->test[c->testidx];
	struct hsample **bs, **ts, *bv = NULL, *tv = NULL;
	FILE *fp = h_open(s, c->page);
	char svg[96], title[1024];
	int nb, nt, i, fromstat;

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
	verdict(fp, s, c);
	i = c - s->cmp;
	cmptable(fp, s, &i, 1, 0);

	/* only the runs the comparison used: an experiment can have more */
	bs = samplesof(s, c, c->bexp, c->bruns, c->nbruns, &nb);
	ts = samplesof(s, c, c->texp, c->truns, c->ntruns, &nt);
	fromstat = nb + nt == 0;
	if (fromstat) {
		free(bs);
		free(ts);
		bv = statsamples(s, c, c->bexp, &nb);
		tv = statsamples(s, c, c->texp, &nt);
		bs = emalloc((nb + 1) * sizeof(*bs));
		ts = emalloc((nt + 1) * sizeof(*ts));
		for (i = 0; i < nb; i++)
			bs[i] = &bv[i];
		for (i = 0; i < nt; i++)
			ts[i] = &tv[i];
	}
	fputs("<h2>Observations</h2>\n", fp);
	if (fromstat && nb + nt > 0)
		fputs("<p class=\"legend\">No sample records were given, so the "
		    "values are the stat records' <code>obs.sub</code>, without "
		    "their source files; give the samples (kp-identify's output) "
		    "with -s for sources.</p>\n", fp);
	snprintf(svg, sizeof(svg), "%.*s.svg", (int)strlen(c->page) - 5,
	    c->page);
	if (nb + nt > 0) {
		svg_strip(s, svg, c, bs, nb, ts, nt);
		fprintf(fp, "<div class=\"fig\"><img src=\"%s\" alt=\"every "
		    "observation by instance, run and repetition\"></div>\n",
		    svg);
	} else
		fputs("<p>No sample or stat records for this comparison: pass "
		    "them through the pipeline or give them with -s.</p>\n", fp);

	fputs("<h2>Runs</h2>\n", fp);
	runtable(fp, s, c);
	fputs("<h2 id=\"interference\">Interference evidence</h2>\n", fp);
	runstats(fp, s, c);

	if (nb + nt > 0 && !fromstat) {
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
	free(bv);
	free(tv);
	foot(fp);
	h_close(s, fp, c->page);
}
