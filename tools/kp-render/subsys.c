/* SPDX-License-Identifier: GPL-2.0-or-later */
/* subsys.c: the findings grouped by kernel subsystem, which the text, md
 * and html reports open with.
 *
 * The subsystem is kp-classify's field (kp-subsystems(5)); a finding is
 * grouped under its first title, the subsystem the measurement exercises
 * most.  With -M, each group names the maintainers, reviewers and lists
 * of its MAINTAINERS section.  Input in which no record has the field
 * (a pipeline without kp-classify, or an older one) has no groups to
 * show, and shows none. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "maintainers.h"
#include "strmap.h"
#include "render.h"
#include "html.h"
#include "htmlpage.h"

/* regressions listed per subsystem, in text and md, and in the html
 * table, whose rows must stay short */
enum { LISTED = 10, LISTED_HTML = 5 };

typedef struct {	/* the findings of one subsystem */
	const char *name;
	size_t reg[KP_NSEV + 1], nreg, imp, unc, noc;
	List regs;	/* by severity */
	kp_strs also;	/* the other titles its measurements name */
} SGroup;

void
subsys_maintainers(Report *r, const char *path)
{
	r->maint = kp_maint_read(path);
	r->maintpath = path;
}

/* worst first: red, yellow, green regressions, then all regressions,
 * uncertain, improvements; unmapped and not assigned last; then by name */
static int
byworst(const void *pa, const void *pb)
{
	const SGroup *a = pa, *b = pb;
	int la = a->name == title_unmapped || a->name == title_unassigned;
	int lb = b->name == title_unmapped || b->name == title_unassigned;
	int s;

	if (la != lb)
		return la - lb;
	for (s = 0; s < KP_SEV_NONE; s++)
		if (a->reg[s] != b->reg[s])
			return a->reg[s] > b->reg[s] ? -1 : 1;
	if (a->nreg != b->nreg)
		return a->nreg > b->nreg ? -1 : 1;
	if (a->unc != b->unc)
		return a->unc > b->unc ? -1 : 1;
	if (a->imp != b->imp)
		return a->imp > b->imp ? -1 : 1;
	return strcmp(a->name, b->name);
}

static int
byfirst(const void *a, const void *b)
{
	return sevkey_cmp(&(*(const AlsoTally *const *)a)->first,
	    &(*(const AlsoTally *const *)b)->first);
}

/* the groups, worst first, in *n, from the counts over every comparison
 * (tally.c); v is cmps_by_severity's order, of which a group lists its
 * regressions */
static SGroup *
groups(const Report *r, const Cmp **v, size_t *n)
{
	const Tally *t = &r->tally;
	const TitleTally *u;
	const AlsoTally **also;
	SGroup *g, *x;
	const char *name;
	size_t i, j, k;

	*n = t->titlemap ? kp_strmap_len(t->titlemap) : 0;
	g = ecalloc(*n + 1, sizeof(*g));
	for (k = 0; k < *n; k++) {
		u = &t->title[k];
		x = &g[k];
		x->name = u->name;
		memcpy(x->reg, u->reg, sizeof(x->reg));
		x->nreg = u->nreg;
		x->imp = u->imp;
		x->unc = u->unc;
		x->noc = u->noc;
		/* the other titles in the order the comparisons in v name
		 * them first */
		also = ecalloc(u->nalso + 1, sizeof(*also));
		for (j = 0; j < u->nalso; j++)
			also[j] = &u->also[j];
		if (u->nalso)
			qsort(also, u->nalso, sizeof(*also), byfirst);
		x->also.v = ecalloc(u->nalso + 1, sizeof(*x->also.v));
		for (j = 0; j < u->nalso; j++)
			x->also.v[j] = also[j]->name;
		x->also.n = u->nalso;
		free(also);
	}
	for (i = 0; i < r->ncmp; i++) {
		if (v[i]->cls != KP_REGRESSION)
			continue;
		name = title_of(&v[i]->rec);
		k = (size_t)kp_strmap_find(t->titlemap, name, strlen(name));
		list_add(&g[k].regs, (int)(v[i] - r->cmp));
	}
	if (*n)
		qsort(g, *n, sizeof(*g), byworst);
	return g;
}

static void
groups_free(SGroup *g, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(g[i].regs.v);
		free(g[i].also.v);
	}
	free(g);
}

/* "3 regressions (2 red, 1 yellow)", with word "regression" */
static void
regcounts(FILE *fp, const SGroup *g, const char *word)
{
	int s, n = 0;

	fprintf(fp, "%zu%s%s%s", g->nreg, *word ? " " : "", word,
	    *word && g->nreg != 1 ? "s" : "");
	for (s = 0; s < KP_SEV_NONE; s++)
		if (g->reg[s])
			fprintf(fp, "%s%zu %s", n++ ? ", " : " (", g->reg[s],
			    sev_name(s));
	if (n)
		fputc(')', fp);
}

static void
counts(FILE *fp, const SGroup *g)
{
	regcounts(fp, g, "regression");
	fprintf(fp, ", %zu uncertain, %zu improvement%s, %zu no "
	    "change", g->unc, g->imp,
	    g->imp == 1 ? "" : "s", g->noc);
}

static void
join(FILE *fp, const char *tag, const kp_strs *a, int *first,
    void (*put)(FILE *, const char *))
{
	size_t i;

	if (!a->n)
		return;
	fprintf(fp, "%s%s ", *first ? "" : "; ", tag);
	for (i = 0; i < a->n; i++) {
		if (i)
			fputs(", ", fp);
		put(fp, a->v[i]);
	}
	*first = 0;
}

/*
 * The section of a title.  MAINTAINERS splits a section by naming the
 * parts "PARENT - PART" ("MEMORY MANAGEMENT - CORE", since 6.14) or
 * "NETWORKING [PART]" beside "NETWORKING [GENERAL]", so an older file
 * that lacks the part has the parent, which covered its files: that one
 * is used, and said.
 */
static const kp_maint_sec *
lookup(const Report *r, const char *title, int *parent)
{
	const kp_maint_sec *sec;
	char buf[512];
	const char *p;

	*parent = 0;
	if ((sec = kp_maint_find(r->maint, title)))
		return sec;
	*parent = 1;
	if ((p = strstr(title, " - ")) && (size_t)(p - title) < sizeof(buf)) {
		snprintf(buf, sizeof(buf), "%.*s", (int)(p - title), title);
		return kp_maint_find(r->maint, buf);
	}
	if ((p = strstr(title, " [")) && title[strlen(title) - 1] == ']' &&
	    (size_t)(p - title) < sizeof(buf) - 12) {
		snprintf(buf, sizeof(buf), "%.*s [GENERAL]", (int)(p - title), title);
		return kp_maint_find(r->maint, buf);
	}
	return NULL;
}

/* "M: a, b; R: c; L: list; S: Maintained", or why there is none */
static void
people(FILE *fp, const Report *r, const char *title,
    void (*put)(FILE *, const char *))
{
	const kp_maint_sec *sec;
	int first = 1, parent;

	if (!(sec = lookup(r, title, &parent))) {
		fputs("no section of this title in ", fp);
		put(fp, r->maintpath);
		return;
	}
	if (parent) {
		fputs("(no section of this title; its parent ", fp);
		put(fp, sec->title);
		fputs(") ", fp);
	}
	join(fp, "M:", &sec->m, &first, put);
	join(fp, "R:", &sec->r, &first, put);
	join(fp, "L:", &sec->l, &first, put);
	join(fp, "S:", &sec->s, &first, put);
	if (first)
		fputs("no maintainers or lists listed", fp);
}

static void
regline(FILE *fp, const Report *r, const Cmp *c, int md)
{
	char name[1024];
	double share;

	measurement_name(name, sizeof(name), &c->rec);
	fputs("  - ", fp);
	(md ? md_put : txt_put)(fp, name);
	fprintf(fp, " at %lld: ", c->rec.conc);
	if (isnan(c->rec.change_pct))
		fputs("n/a", fp);
	else
		fprintf(fp, "%+.1f%%", c->rec.change_pct);
	fprintf(fp, " %s, ", sev_name(c->sev));
	(md ? md_put : txt_put)(fp, c->rec.base_kernel);
	fputs(" -> ", fp);
	(md ? md_put : txt_put)(fp, c->rec.target_kernel);
	/* the caveats of the full line below, so that a glance at the
	 * group does not read more into it */
	if (c->rec.one_run == 1)
		fputs(" {single run}", fp);
	if (cpu_starved(&c->rec, &share))
		fputs(" {starved?}", fp);
	if (c->rec.caveats >> KP_CAV_NOISE_ASSUMED & 1)
		fputs(" {noise assumed}", fp);
	fputc('\n', fp);
}

void
subsys_plain(Report *r, FILE *fp, int md)
{
	const Cmp **v = cmps_by_severity(r);
	void (*put)(FILE *, const char *) = md ? md_put : txt_put;
	SGroup *g;
	size_t n, i, j, quiet = 0;

	g = groups(r, v, &n);
	if (n == 0 || (n == 1 && g[0].name == title_unassigned))
		goto out;
	fprintf(fp, md ? "## Findings by subsystem\n\n" :
	    "Findings by subsystem:\n");
	for (i = 0; i < n; i++) {
		if (g[i].nreg + g[i].unc + g[i].imp == 0) {
			quiet++;
			continue;
		}
		fputs(md ? "- **" : "", fp);
		put(fp, g[i].name);
		fputs(md ? "**: " : ": ", fp);
		counts(fp, &g[i]);
		fputc('\n', fp);
		if (g[i].name == title_unmapped)
			fprintf(fp, "  no entry of the subsystem map matches; a "
			    "map of your own can say (kp-classify -S, "
			    "kp-subsystems(5))\n");
		else if (g[i].name == title_unassigned)
			fprintf(fp, "  kp-classify wrote no subsystem field: run a "
			    "kp-classify that does\n");
		else if (r->maint) {
			fputs("  ", fp);
			people(fp, r, g[i].name, put);
			fputc('\n', fp);
		}
		if (g[i].also.n) {
			/* in md a list item of its own: an indented line
			 * would run on into the one above */
			fputs(md ? "  - also exercised: " : "  also exercised: ", fp);
			for (j = 0; j < g[i].also.n; j++) {
				if (j)
					fputs(", ", fp);
				put(fp, g[i].also.v[j]);
			}
			fputc('\n', fp);
		}
		for (j = 0; j < (size_t)g[i].regs.n && j < LISTED; j++)
			regline(fp, r, &r->cmp[g[i].regs.v[j]], md);
		if (g[i].regs.n > LISTED)
			fprintf(fp, "  - and %d more regressions\n",
			    g[i].regs.n - LISTED);
	}
	if (quiet) {
		fprintf(fp, "%sNo findings in: ", md ? "\n" : "");
		for (i = j = 0; i < n; i++)
			if (g[i].nreg + g[i].unc + g[i].imp == 0) {
				if (j++)
					fputs(", ", fp);
				put(fp, g[i].name);
				fprintf(fp, " (%zu no change)", g[i].noc);
			}
		fputc('\n', fp);
	}
	fputc('\n', fp);
	groups_free(g, n);
out:
	free(v);
}

void
subsys_html(FILE *fp, struct hsite *s)
{
	Report *r = s->r;
	const Cmp **v = cmps_by_severity(r);
	SGroup *g;
	size_t n, i, j;
	int k;

	g = groups(r, v, &n);
	if (n == 0 || (n == 1 && g[0].name == title_unassigned))
		goto out;
	fputs("<h2>Findings by subsystem</h2>\n<p class=\"legend\">Each "
	    "comparison is grouped under the first subsystem kp-classify's map "
	    "names for it (kp-subsystems(5)): the MAINTAINERS section its "
	    "benchmark exercises most.</p>\n<table>"
	    "<thead><tr><th>subsystem</th>", fp);
	if (r->maint)
		fputs("<th>maintainers and lists</th>", fp);
	fputs("<th>regressions</th><th>uncertain</th><th>improvements</th>"
	    "<th>no change</th><th>worst regressions</th></tr></thead><tbody>\n", fp);
	for (i = 0; i < n; i++) {
		fputs("<tr><td>", fp);
		h_esc(fp, g[i].name);
		if (g[i].also.n) {
			fputs("<br><small>also ", fp);
			for (j = 0; j < g[i].also.n; j++) {
				if (j)
					fputs(", ", fp);
				h_esc(fp, g[i].also.v[j]);
			}
			fputs("</small>", fp);
		}
		fputs("</td>", fp);
		if (r->maint) {
			fputs("<td>", fp);
			if (g[i].name == title_unmapped || g[i].name == title_unassigned)
				fputs("-", fp);
			else
				people(fp, r, g[i].name, h_esc);
			fputs("</td>", fp);
		}
		fputs("<td>", fp);
		regcounts(fp, &g[i], "");
		fprintf(fp, "</td><td>%zu</td><td>%zu</td><td>%zu</td><td>",
		    g[i].unc, g[i].imp, g[i].noc);
		for (k = 0; k < g[i].regs.n && k < LISTED_HTML; k++) {
			const Cmp *c = &r->cmp[g[i].regs.v[k]];

			fprintf(fp, "%s<a href=\"%s\">", k ? "<br>" : "",
			    h_cmppage(s, c));
			h_esc(fp, c->rec.test);
			fprintf(fp, " at %lld</a> ", c->rec.conc);
			h_pct(fp, c->rec.change_pct);
			fputc(' ', fp);
			h_esc(fp, sev_name(c->sev));
		}
		if (g[i].regs.n > LISTED_HTML)
			fprintf(fp, "<br>and %d more", g[i].regs.n - LISTED_HTML);
		fputs("</td></tr>\n", fp);
	}
	fputs("</tbody></table>\n", fp);
	groups_free(g, n);
out:
	free(v);
}
