/* SPDX-License-Identifier: GPL-2.0-or-later */
/* load.c: the records of every input file into one model (render.h),
 * read by libkp's tables (rec.h): of each record only the fields the
 * format shows, so that a field it does not show may be missing.
 *
 * Every format reads cmp, sys, run and triage records; csv and json also
 * keep each record's line, and the site the history (trend records) and
 * the evidence behind a comparison: runstat, sample and stat records.
 * readers[] below says which. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "spool.h"
#include "strmap.h"
#include "render.h"

/* what one call of load_file() reads of each record type */
typedef struct {
	int format, lines;
	kp_has cmp, sys, run, runstat, stat, rollup;
	kp_recix cmpix, sysix, runix, rsix, statix, rollix, trendix, triix;
	kp_recix evix;
	/* the site's samples: the file's number in smpfile.c, where they
	 * stay; -1 held (another format, a pipe, a compressed file), -2 not
	 * decided before the first */
	const char *path;
	kp_in *in;
	int file;
} Reader;

static void
wants(Reader *rd)
{
	kp_has *c = &rd->cmp;

	*c = kp_has_of(KP_CMP_JOB, KP_CMP_SUITE, KP_CMP_BENCH, KP_CMP_TEST, KP_CMP_OP,
	    KP_CMP_METRIC, KP_CMP_UNIT, KP_CMP_CONC, KP_CMP_BASE_KERNEL,
	    KP_CMP_TARGET_KERNEL, KP_CMP_BASE_EXP, KP_CMP_TARGET_EXP,
	    KP_CMP_SINGLE_RUN, KP_CMP_BASE_MEDIAN, KP_CMP_TARGET_MEDIAN,
	    KP_CMP_BASE_CV, KP_CMP_TARGET_CV, KP_CMP_BASE_RUNS,
	    KP_CMP_TARGET_RUNS, KP_CMP_BASE_GROUPS, KP_CMP_TARGET_GROUPS,
	    KP_CMP_BETTER,
	    KP_CMP_CHANGE_PCT, KP_CMP_CI_LOW_PCT, KP_CMP_CI_HIGH_PCT, KP_CMP_Q,
	    KP_CMP_CLASS, KP_CMP_SEVERITY, KP_CMP_SCORE, KP_CMP_REASON,
	    KP_CMP_WHY, KP_CMP_CAVEATS, KP_CMP_RUN_SD_PCT, KP_CMP_RUN_SD_SOURCE,
	    KP_CMP_NEED_N, KP_CMP_NEED_UNIT, KP_CMP_CPU_SHARE_RATIO,
	    KP_CMP_INTERFERENCE, KP_CMP_DECIDED_LOW_PCT, KP_CMP_DECIDED_HIGH_PCT,
	    KP_CMP_DECIDED_LEVEL, KP_CMP_RUN_SD_DF, KP_CMP_STARVED_SIDE,
	    KP_CMP_CPU_CAUSE,
	    KP_CMP_OBS_LEVEL,	/* one run a side when single_run is missing */
	    KP_CMP_SINCE, KP_CMP_STILL_IN, KP_CMP_FIXED_IN, KP_CMP_TRIAGE,
	    KP_CMP_TRIAGE_LINK, KP_CMP_SUBSYSTEM,
	    KP_CMP_BASE_GROUPS, KP_CMP_TARGET_GROUPS,	/* modal.c */
	    KP_CMP_BASE_MULTIMODAL, KP_CMP_TARGET_MULTIMODAL,
	    KP_CMP_METHOD,	/* junit.c: bucket bounds are no CI */
	    /* the facts of the reason (reason_render) and the "~" */
	    KP_CMP_SIGNIFICANT, KP_CMP_MIN_CHANGE_PCT, KP_CMP_MIN_EFFECT,
	    KP_CMP_MAX_CV, KP_CMP_GATE_THRESHOLD_PCT, KP_CMP_OVERRULED,
	    -1);
	if (rd->format == LOAD_SITE) {
		kp_has_set(c, KP_CMP_KEY);	/* its trend (history.c) */
		kp_has_set(c, KP_CMP_JOB);
		kp_has_set(c, KP_CMP_BETTER);
		kp_has_set(c, KP_CMP_BASE_GROUPS);
		kp_has_set(c, KP_CMP_TARGET_GROUPS);
		kp_has_set(c, KP_CMP_OBS_LEVEL);
		kp_has_set(c, KP_CMP_N_BASE);
		kp_has_set(c, KP_CMP_N_TARGET);
		kp_has_set(c, KP_CMP_METHOD);
		kp_has_set(c, KP_CMP_P);
		kp_has_set(c, KP_CMP_HEDGES_G);
		kp_has_set(c, KP_CMP_CLIFFS_DELTA);
		kp_has_set(c, KP_CMP_UNSTABLE);
		kp_has_set(c, KP_CMP_BASE_MEAN);	/* sd = cv x mean, */
		kp_has_set(c, KP_CMP_TARGET_MEAN);	/* htmlscaling.c */
	}
	rd->sys = kp_has_of(KP_SYS_SUITE, KP_SYS_BENCH, KP_SYS_TEST, KP_SYS_OP,
	    KP_SYS_METRIC, KP_SYS_BASE_EXP, KP_SYS_TARGET_EXP,
	    KP_SYS_BASE_KERNEL, KP_SYS_TARGET_KERNEL, KP_SYS_DIRECTION,
	    KP_SYS_LEVELS, KP_SYS_AFFECTED, KP_SYS_UNCERTAIN, KP_SYS_OPPOSITE,
	    KP_SYS_MISSING, KP_SYS_SEVERITY_COUNTS, KP_SYS_AVG_SCORE,
	    KP_SYS_CHANGE_MIN_PCT, KP_SYS_CHANGE_MAX_PCT, KP_SYS_SYSTEMATIC,
	    KP_SYS_P_COMBINED, KP_SYS_Q_COMBINED, KP_SYS_COMBINE_METHOD,
	    KP_SYS_TRIAGE, KP_SYS_TRIAGE_LINK, -1);
	/* the table's host, CPU and dates; the site's metadata (htmlruns.c) */
	rd->run = kp_has_of(KP_RUN_RUN, KP_RUN_RUN_NAME, KP_RUN_KERNEL, KP_RUN_KERNEL_SHA,
	    KP_RUN_EXP, KP_RUN_INSTANCE, KP_RUN_INSTANCE_TYPE, KP_RUN_HOST,
	    KP_RUN_ARCH, KP_RUN_CPU_MODEL, KP_RUN_CPUS, KP_RUN_MEM_KB,
	    KP_RUN_CPU_TOPOLOGY, KP_RUN_OS, KP_RUN_CMDLINE, KP_RUN_TOOLCHAIN,
	    KP_RUN_KCONFIG_HASH, KP_RUN_FRAMEWORK, KP_RUN_FRAMEWORK_VERSION,
	    KP_RUN_DMESG_WARNINGS, KP_RUN_START, KP_RUN_FINISH, KP_RUN_UNAME,
	    KP_RUN_SRC, -1);
	rd->runstat = kp_has_of(KP_RUNSTAT_RUN, KP_RUNSTAT_ITER, KP_RUNSTAT_JOB,
	    KP_RUNSTAT_SUITE, KP_RUNSTAT_RC, KP_RUNSTAT_USER_S,
	    KP_RUNSTAT_SYS_S, KP_RUNSTAT_ELAPSED_S, KP_RUNSTAT_PARTIAL, -1);
	rd->stat = kp_has_of(KP_STAT_EXP, KP_STAT_SUITE, KP_STAT_BENCH,
	    KP_STAT_TEST, KP_STAT_OP, KP_STAT_METRIC, KP_STAT_CONC,
	    KP_STAT_GROUP, KP_STAT_RUNS, KP_STAT_N_INSTANCES, KP_STAT_OBS,
	    KP_STAT_HMEAN, KP_STAT_MEAN, KP_STAT_MULTIMODAL, -1);
	/* the text and md reports: a flagged group's id, for their caveat */
	if (rd->format == LOAD_REPORT || rd->format == LOAD_TABLE)
		rd->stat = kp_has_of(KP_STAT_EXP, KP_STAT_SUITE, KP_STAT_BENCH,
		    KP_STAT_TEST, KP_STAT_OP, KP_STAT_METRIC, KP_STAT_CONC,
		    KP_STAT_GROUP, KP_STAT_MULTIMODAL, -1);
	rd->rollup = kp_has_of(KP_ROLLUP_SCOPE, KP_ROLLUP_EXP, KP_ROLLUP_SUITE,
	    KP_ROLLUP_BENCH, KP_ROLLUP_TEST, KP_ROLLUP_N_GROUPS,
	    KP_ROLLUP_INCOMPLETE_GROUPS, KP_ROLLUP_MISSING_CONC,
	    KP_ROLLUP_CV_MAX, KP_ROLLUP_UNSTABLE_GROUPS, -1);
}

/* a record read; for text and table with its text made visible, before
 * a map keys on it, so that a name and the names that refer to it stay
 * equal */
static void
read_rec(Report *r, kp_json *d, const kp_rtype *t, void *rec,
    const kp_has *want, kp_recix *ix)
{
	kp_rec_read(d, t, rec, want, ix);
	if (r->visible)
		txt_visible_rec(t, rec);
}

/* a class the record's vocabulary does not have decides nothing: an
 * error, where another severity or method is only shown as "other" */
static void
unknown_class(kp_json *d)
{
	int tok[KP_CMP_NF + 1];	/* kp_rec_index writes the token of "type" after the fields */
	char list[128];

	kp_rec_index(d, &kp_cmp_t, tok, NULL);
	kp_rec_die(d, tok[KP_CMP_CLASS], "unknown class \"%s\", expected %s",
	    kp_json_str(d, tok[KP_CMP_CLASS]),
	    kp_vocab_list(&kp_class_v, list, sizeof(list)));
}

static void
add_cmp(Report *r, kp_json *d, Reader *rd)
{
	/* an older comparison's groups (modal.c, htmlsamples.c) */
	static const kp_has groups = { { 1u << KP_CMP_BASE_GROUPS |
	    1u << KP_CMP_TARGET_GROUPS, 0 } };
	kp_cmp rec;
	Cmp *c;
	Name *name;
	size_t n;

	read_rec(r, d, &kp_cmp_t, &rec, &rd->cmp, &rd->cmpix);
	kp_rec_upgrade(d, &kp_cmp_t, &rec, &groups);
	reason_render(&rec);
	if (rec.class == KP_NCLASS)
		unknown_class(d);
	r->cmp = kp_grow(r->cmp, r->ncmp, sizeof(*r->cmp));
	c = &r->cmp[r->ncmp++];
	memset(c, 0, sizeof(*c));
	cmprec_take(&c->rec, &rec);
	kp_rec_free(&kp_cmp_t, &rec);
	if (rd->format == LOAD_SITE)
		intern_cmp(r, &c->rec);
	if (rd->lines) {
		c->line = estrndup(d->text, d->len);
		c->len = d->len;
	}
	c->cls = c->rec.class < 0 ? KP_NCLASS : c->rec.class;
	c->sev = c->rec.severity < 0 ? KP_NSEV : c->rec.severity;
	if (!shown_interval(&c->rec, &c->lo, &c->hi, &c->level))
		c->lo = c->hi = c->level = NAN;
	r->count[c->cls]++;
	if (c->cls == KP_REGRESSION)
		r->regsev[c->sev]++;
	c->seq = r->tally.ncmp;
	tally_cmp(r, c);
	n = r->ncmp;
	name = r->names ? names_add(r, d, c) : NULL;
	if (r->keep)
		keep_cmp(r);
	if (name && r->ncmp < n)
		name->kept = -1;
}

static void
add_sys(Report *r, kp_json *d, Reader *rd)
{
	Sys *s;

	r->sys = kp_grow(r->sys, r->nsys, sizeof(*r->sys));
	s = &r->sys[r->nsys++];
	memset(s, 0, sizeof(*s));
	read_rec(r, d, &kp_sys_t, &s->rec, &rd->sys, &rd->sysix);
	/* a group with no level affected is news only when its family-wide
	 * test is significant at kp-systematic's default; older versions
	 * listed such groups from Stouffer's test over dependent levels */
	if (!rd->lines && s->rec.affected.n == 0 && !(s->rec.q_combined <= 0.01)) {
		kp_rec_free(&kp_sys_t, &s->rec);
		r->nsys--;
		return;
	}
	if (rd->lines) {
		s->line = estrndup(d->text, d->len);
		s->len = d->len;
	}
	s->rec.systematic = s->rec.systematic == 1;	/* null: not */
}

/* start as a number of seconds, for the table's dates and ages */
static long long
seconds(const kp_scalar *s)
{
	char *end;
	long long t;

	if (s->type != KP_JNUM)
		return -1;
	t = strtoll(s->text, &end, 10);
	return *end ? -1 : t;
}

static void
add_run(Report *r, kp_json *d, Reader *rd)
{
	Run *u;
	size_t j;
	int isnew;

	r->run = kp_grow(r->run, r->nrun, sizeof(*r->run));
	u = &r->run[r->nrun];
	read_rec(r, d, &kp_run_t, &u->rec, &rd->run, &rd->runix);
	u->start = seconds(&u->rec.start);
	u->next = SIZE_MAX;
	j = kp_strmap_add(r->runmap, u->rec.run, strlen(u->rec.run), &isnew);
	if (isnew) {
		r->runfirst = kp_grow(r->runfirst, j, sizeof(*r->runfirst));
		r->runfirst[j] = r->nrun;
	} else {
		/* the chain's last: run records of one run are few */
		for (j = r->runfirst[j]; r->run[j].next != SIZE_MAX;
		    j = r->run[j].next)
			;
		r->run[j].next = r->nrun;
	}
	r->nrun++;
}

static void
add_runstat(Report *r, kp_json *d, Reader *rd)
{
	kp_runstat *u;

	r->rs = kp_grow(r->rs, r->nrs, sizeof(*r->rs));
	u = &r->rs[r->nrs++];
	read_rec(r, d, &kp_runstat_t, u, &rd->runstat, &rd->rsix);
	u->partial = u->partial == 1;	/* null: not */
}

/* the site's samples of this file: left there (smpfile.c) when it is a
 * regular one, decided at its first sample */
static void
sample_file(Report *r, Reader *rd)
{
	if (rd->file == -2)
		rd->file = kp_in_offset(rd->in) >= 0 ? smp_file(r, rd->path) : -1;
}

/* a sample of len bytes: noted by smpfile.c, or held */
static void
keep_sample(Report *r, Reader *rd, const Sample *m, size_t len)
{
	if (rd->file >= 0) {
		smp_note(r, rd->file, kp_in_offset(rd->in), len, m);
		return;
	}
	r->smp = kp_grow(r->smp, r->nsmp, sizeof(*r->smp));
	r->smp[r->nsmp++] = *m;
}

static void
add_sample(Report *r, kp_json *d, Reader *rd)
{
	Sample m;

	sample_file(r, rd);
	smp_read(r, d, &m, rd->file < 0);
	keep_sample(r, rd, &m, d->len);
}

/* a sample line laid out as kp writes it, read unparsed (smp_fast): 1;
 * 0 when the JSON reader is to read the line */
static int
fast_sample(Report *r, Reader *rd, const char *line, size_t len)
{
	static const char head[] = "{\"type\":\"sample\",";
	Sample m;

	if (len < sizeof(head) || memcmp(line, head, sizeof(head) - 1) != 0)
		return 0;
	sample_file(r, rd);
	if (!smp_fast(r, line, len, &m, rd->file < 0))
		return 0;
	keep_sample(r, rd, &m, len);
	return 1;
}

static void
add_group(Report *r, kp_json *d, Reader *rd)
{
	kp_stat s;
	Group *g;
	int m;

	/* the reports want only the flagged groups (modal.c): the others
	 * stay unread there, as every record the reports do not show */
	if ((rd->format == LOAD_REPORT || rd->format == LOAD_TABLE) &&
	    ((m = kp_json_get(d, 0, KP_FNAME(kp_stat_t,
	    KP_STAT_MULTIMODAL))) < 0 || d->tok[m].type != KP_JTRUE))
		return;
	kp_rec_read(d, &kp_stat_t, &s, &rd->stat, &rd->statix);
	r->grp = kp_grow(r->grp, r->ngrp, sizeof(*r->grp));
	g = &r->grp[r->ngrp++];
	/* a stat record written before it had its id: lib derives it */
	kp_rec_upgrade(d, &kp_stat_t, &s, &rd->stat);
	snprintf(g->group, sizeof(g->group), "%s", s.group);
	g->runs = s.runs;
	if (rd->format == LOAD_SITE)
		intern_runs(r, &g->runs);
	g->n_instances = s.n_instances;
	g->multimodal = s.multimodal;
	g->hmean = s.hmean;
	g->mean = s.mean;
	if (s.obs.lv[KP_LV_SUB].n > UINT32_MAX ||
	    s.obs.lv[KP_LV_RUN].n > UINT32_MAX)
		kp_rec_die(d, -1, "group \"%s\": more than %lu values",
		    s.group, (unsigned long)UINT32_MAX);
	g->nsub = (uint32_t)s.obs.lv[KP_LV_SUB].n;
	g->nrun = (uint32_t)s.obs.lv[KP_LV_RUN].n;
	g->vals = -1;
	/* a lab's stat groups hold every sample's value, 10M at 25
	 * kernels, and the samples' files most often show them: on disk */
	if (rd->format == LOAD_SITE && g->nsub > 0) {
		kp_nums *v = &s.obs.lv[KP_LV_SUB];

		if (!r->grpvals)
			r->grpvals = kp_spool_new("stat groups' values");
		/* sub's values, then run's */
		v->v = ereallocarray(v->v, (size_t)g->nsub + g->nrun,
		    sizeof(*v->v));
		if (g->nrun)
			memcpy(v->v + g->nsub, s.obs.lv[KP_LV_RUN].v,
			    g->nrun * sizeof(*v->v));
		g->vals = kp_spool_put(r->grpvals, (const char *)v->v,
		    ((size_t)g->nsub + g->nrun) * sizeof(*v->v), NULL, 0);
	}
	memset(&s.runs, 0, sizeof(s.runs));	/* kept */
	kp_rec_free(&kp_stat_t, &s);
}

void
group_values(Report *r, const Group *g, double **sub, double **run)
{
	const char *text;
	size_t len;

	*sub = emalloc(((size_t)g->nsub + 1) * sizeof(**sub));
	*run = emalloc(((size_t)g->nrun + 1) * sizeof(**run));
	if (g->vals < 0)
		return;
	kp_spool_at(r->grpvals, g->vals, &text, &len);
	memcpy(*sub, text, g->nsub * sizeof(**sub));
	memcpy(*run, text + g->nsub * sizeof(**sub), g->nrun * sizeof(**run));
}

static void
add_rollup(Report *r, kp_json *d, Reader *rd)
{
	kp_rollup *u;

	r->roll = kp_grow(r->roll, r->nroll, sizeof(*r->roll));
	u = &r->roll[r->nroll++];
	read_rec(r, d, &kp_rollup_t, u, &rd->rollup, &rd->rollix);
	/* a count the record leaves out is none */
	if (u->incomplete_groups == KP_NULL_INT)
		u->incomplete_groups = 0;
	if (u->unstable_groups == KP_NULL_INT)
		u->unstable_groups = 0;
}

static void
add_triage(Report *r, kp_json *d, Reader *rd)
{
	r->triage = kp_grow(r->triage, r->ntriage, sizeof(*r->triage));
	read_rec(r, d, &kp_triage_t, &r->triage[r->ntriage++], NULL, &rd->triix);
}

static void
add_trend(Report *r, kp_json *d, Reader *rd)
{
	kp_trend t;

	read_rec(r, d, &kp_trend_t, &t, NULL, &rd->trendix);
	trend_add(r, &t);
}

static void
add_ev(Report *r, kp_json *d, Reader *rd)
{
	evidence_add(r, d, &rd->evix);	/* evidence.c */
}

/*
 * What kp-render reads, by record type: a new record type for the
 * reports is one line here and one add_ function.  The site alone shows
 * the history and the evidence behind a comparison; other records are
 * skipped unread.
 */
static const struct {
	const kp_rtype *t;
	void (*add)(Report *, kp_json *, Reader *);
	int site_only;
} readers[] = {
	{ &kp_cmp_t, add_cmp, 0 },
	{ &kp_sys_t, add_sys, 0 },
	{ &kp_run_t, add_run, 0 },
	{ &kp_triage_t, add_triage, 0 },
	{ &kp_evidence_t, add_ev, 0 },
	{ &kp_trend_t, add_trend, 1 },
	{ &kp_runstat_t, add_runstat, 1 },
	{ &kp_sample_t, add_sample, 1 },
	{ &kp_stat_t, add_group, 0 },	/* scope group: kp_stat_t's scopes */
	{ &kp_rollup_t, add_rollup, 1 },
};

/*
 * A line that opens as kp's tools write a record of a type no format
 * reads, {"type":"noise", ..., is counted without a parse: at 25 kernels
 * the 400,000 noise records are half the lines of the findings.  A
 * record that opens otherwise (white space, another order, an escape) is
 * parsed as before.
 */
static int
unread_type(const char *line, size_t len)
{
	/* the readers' types, and coverage and shift, read in load_file */
	static const char *read[KP_LEN(readers) + 3] = { "coverage", "shift" };
	size_t k;

	if (!read[2])
		for (k = 0; k < KP_LEN(readers); k++)
			read[k + 2] = readers[k].t->name;
	return kp_line_type_other(line, len, read);
}

void
load_file(Report *r, const char *path, int format, int lines)
{
	kp_in *in = kp_in_open(path);
	Reader rd = { .format = format, .lines = lines, .path = path,
	    .in = in, .file = format == LOAD_SITE ? -2 : -1 };
	const char *type;
	char *line;
	kp_json d;
	size_t i, len;

	wants(&rd);
	if (!r->runmap)
		r->runmap = kp_strmap_new();
	kp_json_init(&d);
	while ((line = kp_in_record(in, &len))) {
		r->nrec++;
		if (unread_type(line, len) ||
		    (format == LOAD_SITE && fast_sample(r, &rd, line, len)))
			continue;
		kp_rec_parse(in, &d, line, len);
		type = kp_rec_type(&d);
		if (strcmp(type, "coverage") == 0) {
			cover_read(r, &d);
			continue;
		}
		if (strcmp(type, "shift") == 0) {
			cover_shift(r, &d);
			continue;
		}
		for (i = 0; i < KP_LEN(readers); i++) {
			if (strcmp(type, readers[i].t->name) != 0 ||
			    (readers[i].t->scopes && !kp_rec_is(&d, readers[i].t)))
				continue;
			if (format == LOAD_SITE || !readers[i].site_only)
				readers[i].add(r, &d, &rd);
			break;
		}
	}
	kp_json_free(&d);
	kp_in_close(in);
}

static int
bysample(const void *a, const void *b)
{
	const Sample *x = a, *y = b;
	int r;

	/* a group id is always 16 hex digits and a NUL (kp_group_id): a
	 * comparison of fixed size, which the compiler inlines, gives the
	 * order strcmp gives, at millions of samples a lab */
	if ((r = memcmp(x->group, y->group, KP_IDSZ)) || (r = strcmp(x->run, y->run)))
		return r;
	if (x->iter != y->iter)
		return x->iter < y->iter ? -1 : 1;
	if (x->rep != y->rep)
		return x->rep < y->rep ? -1 : 1;
	if (x->sub != y->sub)
		return x->sub < y->sub ? -1 : 1;
	if (x->value != y->value)
		return x->value < y->value ? -1 : 1;
	return strcmp(S(x->src), S(y->src));
}

static int
bygroup(const void *a, const void *b)
{
	return strcmp(((const Group *)a)->group, ((const Group *)b)->group);
}

/* sort v[0..n-1] and keep the first of equal ones: the new n */
static size_t
sortuniq(void *v, size_t n, size_t sz, int (*cmp)(const void *, const void *))
{
	char *b = v;
	size_t i, m;

	if (n)
		qsort(b, n, sz, cmp);
	for (i = m = 0; i < n; i++)
		if (m == 0 || cmp(b + (m - 1) * sz, b + i * sz) != 0)
			memmove(b + m++ * sz, b + i * sz, sz);
	return m;
}

size_t
sample_sortuniq(Sample *v, size_t n)
{
	return sortuniq(v, n, sizeof(*v), bysample);
}

/*
 * The pipeline's files overlap: kp-stats, kp-compare and the later
 * stages pass run, runstat and stat records through, so the findings and
 * a file of samples given with -s may both hold them.  Each is kept once.
 */
void
load_done(Report *r)
{
	kp_strmap *seen = kp_strmap_new();
	char has[8], iter[32];
	size_t i, n;
	int isnew;

	/* has: which of the optional fields are there, so that a missing
	 * one and an empty one stay different */
	for (i = n = 0; i < r->nroll; i++) {
		kp_rollup *u = &r->roll[i];
		snprintf(has, sizeof(has), "%d%d%d%d", u->scope, !!u->suite,
		    !!u->bench, !!u->test);
		kp_strmap_addv(seen, &isnew, has, u->exp, S(u->suite),
		    S(u->bench), S(u->test), NULL);
		if (isnew)
			r->roll[n++] = *u;
	}
	r->nroll = n;
	kp_strmap_free(seen);
	seen = kp_strmap_new();
	for (i = n = 0; i < r->nrs; i++) {
		kp_runstat *u = &r->rs[i];
		snprintf(iter, sizeof(iter), "%lld", u->iter);
		kp_strmap_addv(seen, &isnew, u->run, iter, u->job, u->suite,
		    NULL);
		if (isnew)
			r->rs[n++] = *u;
	}
	r->nrs = n;
	kp_strmap_free(seen);
	/* sorted by group, samples and groups are found by binary search */
	r->nsmp = sample_sortuniq(r->smp, r->nsmp);
	r->smpcount = smp_done(r);
	r->ngrp = sortuniq(r->grp, r->ngrp, sizeof(*r->grp), bygroup);
	keep_done(r);
}
