/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-render -f html: the site: its pages' file names, and what the pages
 * share about a comparison */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kp.h"
#include "strmap.h"
#include "render.h"
#include "html.h"

FILE *
h_open(struct hsite *s, const char *name)
{
	char path[PATH_MAX];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", s->outdir, name);
	if ((fp = fopen(path, "w")) == NULL)
		kp_die_at(path, 0, 0, "cannot create: %s", strerror(errno));
	return fp;
}

void
h_close(struct hsite *s, FILE *fp, const char *name)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", s->outdir, name);
	efshut(fp, path);
}

/*
 * File names never come from the data as such: a short slug keeps them
 * recognisable, a hash of the full identity keeps them unique and safe.
 */
void
h_name(char *out, size_t sz, const char *prefix, const char *slugof,
    const char *hashof, const char *ext)
{
	unsigned char md[32];
	char hex[65], slug[25];
	size_t i, n = 0;

	kp_sha256(hashof, strlen(hashof), md);
	kp_hex(md, 5, hex);
	for (i = 0; slugof[i] && n < sizeof(slug) - 1; i++) {
		unsigned char c = slugof[i];
		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		    c == '_' || c == '.' || c == '+')
			slug[n++] = c;
		else if (c >= 'A' && c <= 'Z')
			slug[n++] = c - 'A' + 'a';
		else if (n > 0 && slug[n - 1] != '-')
			slug[n++] = '-';
	}
	while (n > 0 && slug[n - 1] == '-')
		n--;
	slug[n] = '\0';
	snprintf(out, sz, "%s%s%s%s.%s", prefix, slug, n ? "-" : "", hex, ext);
}

/* made when asked, not held: 37 MB at 25 kernels */
const char *
h_cmppage(const struct hsite *s, const Cmp *c)
{
	static char page[96];
	size_t i = (size_t)(c - s->r->cmp);

	snprintf(page, sizeof(page), "%s#c%zu",
	    s->testpage[s->r->cmp[i].test_idx], i);
	return page;
}

const char *
h_better(const CmpRec *c)
{
	return c->better == KP_LOWER ? "lower" : "higher";
}

int
h_goodness(const Cmp *c, double *g)
{
	double x = c->rec.change_pct;

	if (!isfinite(x))
		return -1;
	*g = c->rec.better == KP_LOWER ? -x : x;
	return 0;
}

int
h_sevrank(const Cmp *c)
{
	static const int clsrank[KP_NCLASS + 1] = { [KP_REGRESSION] = 0,
		[KP_UNCERTAIN] = 1, [KP_IMPROVEMENT] = 2, [KP_NO_CHANGE] = 3,
		[KP_NCLASS] = 4 };

	/* a red improvement matters more than a yellow one, but less than
	 * any regression */
	return clsrank[c->cls] * 5 + c->sev;
}

int
h_finding(const Cmp *c)
{
	return c->cls == KP_REGRESSION || c->cls == KP_IMPROVEMENT;
}

int
h_bylonglong(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

/* kp-classify's interference flag and CPU share ratio as words,
 * "target cpu share 51% of baseline"; 0 when it found none */
int
h_interf(const CmpRec *c, char *out, size_t sz)
{
	double pct;

	if (!cpu_starved(c, &pct))
		return 0;
	if (c->starved_side == KP_SIDE_BASE)
		snprintf(out, sz, "baseline cpu share %.0f%% of target", pct);
	else
		snprintf(out, sz, "target cpu share %.0f%% of baseline", pct);
	return 1;
}

int
render_html(Report *r, FILE *fp)
{
	const char *outdir = r->outdir;
	struct hsite site = { 0 };
	char abs[PATH_MAX], id[1024];
	size_t i;
	int t;

	site.r = r;
	site.outdir = outdir;
	if (mkdir(outdir, 0777) == -1 && errno != EEXIST)
		kp_die_at(outdir, 0, 0, "cannot create directory: %s",
		    strerror(errno));
	snprintf(abs, sizeof(abs), "%s/src", outdir);
	if (mkdir(abs, 0777) == -1 && errno != EEXIST)
		kp_die_at(abs, 0, 0, "cannot create directory: %s",
		    strerror(errno));
	site.srcmap = kp_strmap_new();
	site.runsmap = kp_strmap_new();
	index_report(r);
	site.testpage = ecalloc(r->ntest + 1, sizeof(*site.testpage));
	for (t = 0; t < r->ntest; t++) {
		const CmpRec *te = r->test[t].first;

		snprintf(id, sizeof(id), "%s\x1f%s\x1f%s\x1f%s\x1f%s", te->suite,
		    te->bench, te->test, te->op, te->metric);
		h_name(site.testpage[t], sizeof(site.testpage[t]), "test-",
		    te->test, id, "html");
	}
	site.suitepage = ecalloc(r->nsuite + 1, sizeof(*site.suitepage));
	for (t = 0; t < r->nsuite; t++)
		h_name(site.suitepage[t], sizeof(site.suitepage[t]), "suite-",
		    r->suite[t], r->suite[t], "html");
	for (i = 0; i < r->nsys; i++) {
		const kp_sys *y = &r->sys[i].rec;

		if (r->sys[i].test_idx < 0)
			kp_warn_at(outdir, 0, 0, "sys record for %s/%s/%s[%s %s] "
			    "has no cmp records; listed on the kernel page only",
			    y->suite, y->bench, y->test, y->op, y->metric);
	}
	h_pages(&site);
	if (site.nrefused)
		kp_warn_at(outdir, 0, 0, "%zu source file%s outside the "
		    "source root%s (-R) shown as text, not copied",
		    site.nrefused, site.nrefused == 1 ? "" : "s",
		    r->nsrcroot > 1 ? "s" : "");
	return KP_EXIT_OK;
}
