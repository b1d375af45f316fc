/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render.h: the model kp-render loads once (load.c) from libkp's typed
 * records (rec.h), its indexes (index.c), and one function per format
 * that renders it. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rec.h"

#define S(s) ((s) ? (s) : "")	/* a string to print */

/*
 * cmprec.c: of a cmp record, the fields some format shows, named as in
 * rec.h's kp_cmp, so that code reads either alike: the site holds every
 * comparison of a lab, 384,000 at 25 kernels, and kp_cmp's 832 bytes
 * were most of its memory.  Enums and flags are narrower here; numbers
 * and text are kp_cmp's.
 */
typedef struct {
	kp_has has;
	char *key, *job, *suite, *bench, *test, *op, *metric, *unit;
	char *base_kernel, *target_kernel, *base_exp, *target_exp;
	char *reason, *since, *still_in, *fixed_in, *triage_link;
	kp_strs base_runs, target_runs, base_groups, target_groups, subsystem;
	long long conc, n_base, n_target, need_n;
	double base_median, target_median, base_mean, target_mean, base_cv,
	    target_cv, change_pct, ci_low_pct, ci_high_pct;
	double p, q, hedges_g, cliffs_delta, score, run_sd_pct,
	    cpu_share_ratio, decided_low_pct, decided_high_pct, decided_level,
	    run_sd_df;
	double min_change_pct, min_effect, max_cv, gate_threshold_pct;
	unsigned caveats;
	int8_t better, base_multimodal, target_multimodal, obs_level,
	    single_run, method, class, severity, why, need_unit, run_sd_source,
	    interference, unstable, starved_side, cpu_cause, significant,
	    overruled, triage;
	int8_t one_run;	/* kp_cmp_single_run() of the record read */
} CmpRec;
/* the fields of c that CmpRec has moved into m; what is left of c is
 * the caller's to free */
void cmprec_take(CmpRec *m, kp_cmp *c);
void cmprec_free(CmpRec *m);

/* a comparison: the record, and what kp-render keeps beside it */
typedef struct {
	CmpRec rec;	/* first: full.c's rows point at it */
	char *line;	/* the record as read, with LOAD_LINES: csv and json */
	size_t len;	/* copy every field */
	int cls;	/* rec.class; KP_NCLASS when it has none */
	int sev;	/* rec.severity; KP_NSEV when none or another word */
	int pair, suite_idx, test_idx;	/* index.c */
	int fails;	/* it fails the gate of --fail-on (main.c) */
	/* the interval shown: shown_interval(), NAN when none */
	double lo, hi, level;
	size_t seq;	/* its number among the comparisons read */
} Cmp;

/* the order of cmps_by_severity, of a comparison or of what tally.c
 * keeps of one: the class, the worst severity, the highest score, the
 * largest change, then the names */
typedef struct {
	int cls, sev;
	double score, change;	/* -1 when no score; |change_pct|, 0 when none */
	const char *base_exp, *target_exp, *suite, *bench, *test, *op, *metric;
	long long conc;
} SevKey;

/*
 * tally.c: what the reports count over every comparison, counted as each
 * is read (load.c), so that a format that lists only some (text, keep.c)
 * need not hold the rest: the verdict line of each pair, the findings of
 * each subsystem, the comparisons whose run noise was assumed.
 */
/* with a gate, the runs of both sides of some comparisons, each once:
 * what stale_runs() needs of them, where it took every comparison */
typedef struct { struct kp_strmap *base, *target; } RunTally;
typedef struct {
	char *base_kernel, *target_kernel;
	size_t n, cnt[KP_NCLASS + 1], red, ns;
	size_t noise[4];	/* noise_kind()'s */
	RunTally runs;	/* md's stale baseline of a kernel pair */
} PairTally;
typedef struct {	/* a pair of experiments: junit's testsuite */
	RunTally runs;
} ExpTally;
typedef struct {	/* another title a subsystem's comparisons name */
	char *name;
	SevKey first;	/* the first naming it in cmps_by_severity's order;
			 * its names are copies */
} AlsoTally;
typedef struct {	/* a subsystem: the first title of its comparisons */
	const char *name;	/* title_unmapped, title_unassigned or a copy */
	size_t reg[KP_NSEV + 1], nreg, imp, unc, noc;
	AlsoTally *also;
	size_t nalso;
} TitleTally;
typedef struct {
	size_t ncmp;	/* comparisons read, kept or not */
	size_t assumed;	/* with the caveat noise-assumed */
	PairTally *pair;	/* in the order the records name them first */
	size_t npair;
	struct kp_strmap *pairmap;
	TitleTally *title;
	struct kp_strmap *titlemap;
	ExpTally *exp;	/* with a gate */
	struct kp_strmap *expmap;	/* (base_exp, target_exp) -> exp */
	/* the gate threshold the records typed (gate_threshold): the first,
	 * and whether another differed */
	double threshold;
	int nthreshold, mixed;
	/* keep.c: the comparisons not kept, by class and triaged away, for
	 * the gate */
	size_t dropped[KP_NCLASS + 1][2];
} Tally;
struct Report;
extern const char title_unmapped[], title_unassigned[];
const char *title_of(const CmpRec *c);	/* a comparison's subsystem */
void tally_cmp(struct Report *r, const Cmp *c);	/* load.c, every one */
/* where a comparison's run noise came from: 0 assumed, 1 reruns, 2 a
 * history, 3 seen across runs; -1 none of them */
int noise_kind(const CmpRec *c);

/* text's lists: the improvements and the uncertain ones, most severe
 * first, up to TEXT_LISTED of each, and the first TEXT_NEEDS uncertain
 * ones' units that would decide (text.c); keep.c keeps what they show */
enum { TEXT_LISTED = 10, TEXT_NEEDS = 5 };

typedef struct {
	kp_sys rec;
	char *line;	/* with LOAD_LINES */
	size_t len;
	int pair, test_idx;	/* index.c; test_idx -1: no cmp of its test */
} Sys;

/* one run record: a run has one per iteration */
typedef struct {
	kp_run rec;
	long long start;	/* rec.start as an integer, -1 when it is none */
	size_t next;	/* the next record of the same run, SIZE_MAX: none */
} Run;

/*
 * With LOAD_EVIDENCE, what the site shows behind a comparison.  Samples
 * can be millions, so of each only what the strip plot and the table of
 * sources show is kept, with its group id (kp_group_id), which finds it
 * from the groups of a comparison; a stat record of scope group keeps its
 * values.
 */
typedef struct {
	char group[KP_IDSZ];
	char *run, *instance, *src;
	long long iter, rep, sub;
	double value;
} Sample;

typedef struct {
	char group[KP_IDSZ];
	int multimodal;	/* kp-stats' gap rule: 1, 0, -1 not in the record */
	kp_strs runs;
	long long n_instances;	/* KP_NULL_INT when missing */
	/* obs.sub, every sample, and obs.run, one per run: only the site
	 * shows them, and only for a group without sample records, so their
	 * values wait in Report.grpvals at vals (group_values); their
	 * numbers here.  440,000 groups at 25 kernels: this is 80 bytes */
	long long vals;	/* -1: none kept */
	double hmean, mean;	/* the stat record's, NAN when null */
	uint32_t nsub, nrun;
} Group;

/* the full table's options (--centre, --names) */
enum { FULL_MEDIAN, FULL_HMEAN, FULL_AMEAN, FULL_MMTESTS };
typedef struct {
	int centre;	/* FULL_MEDIAN; FULL_HMEAN for rates; FULL_AMEAN;
			 * FULL_MMTESTS, the summary compare-kernels prints */
	int mmnames;	/* rows named as MMTests' compare-kernels names them */
} FullOpt;

typedef struct { int *v; int n; } List;	/* record indexes, ascending */
typedef struct { char *base_kernel, *target_kernel; } Pair;
typedef struct {	/* a measurement: (suite, bench, test, op, metric) */
	const CmpRec *first;	/* its first comparison: the names, unit, better */
	int suite_idx;
} Test;

/* cover.c: the coverage records (kp-records(5)) summed up one line per
 * pair, kind and cause, for the top of every format */
typedef struct {
	int kind;	/* enum kp_cov_kind */
	char *id;	/* kind, pair and cause: the same from run to run */
	char *text;
	size_t n;	/* records behind the line */
	char *eg[3];	/* the first names among them */
	size_t neg;
} CovLine;
/* a measurement missing in a target, or not comparable: a gate fails on
 * each */
typedef struct { char *base, *target, *name, *why, *suite, *test; } CovMiss;
/* a pair's compared record: its found and expected, for its verdict */
typedef struct { char *base, *target; long long found, expected; } CovSeen;
typedef struct {
	CovLine *lines;
	size_t nlines, ncov, ncompared, nmeasured, nmissing, npairs;
	int nothing;	/* a record said nothing was compared */
	char **shifts;	/* a line per shift record: the pair-wide shift */
	size_t nshift;
	struct kp_strmap *linemap;	/* a line's key -> its index */
	CovMiss *miss;
	size_t nmiss;
	CovSeen *seen;
	size_t nseen;
} Cover;

/*
 * names.c: every comparison by its names alone, for the formats that
 * list every one in name order (csv, junit) but show in full only the
 * findings: the strings are each held once (Report.namestr), and a
 * comparison's record line, which csv copies, waits in a disk spool.
 */
typedef struct {
	const char *base_exp, *target_exp, *suite, *bench, *test, *op, *metric;
	const char *base_kernel, *target_kernel;
	long long conc;
	long long pos;	/* its line in Report.spool (csv); -1 none */
	size_t seq;	/* its number among the comparisons read */
	long kept;	/* its index in Report.cmp; -1 not kept */
	int ns;	/* not_significant() */
} Name;

/* keep.c: what of the comparisons read stays in Report.cmp */
enum {
	KEEP_ALL,	/* every one */
	KEEP_TEXT,	/* what -f text lists */
	KEEP_FINDINGS,	/* every one but no change: md, csv, junit, json */
};

typedef struct Report {
	/* the comparisons, in the order read: every one, or those keep
	 * says (keep.c) */
	Cmp *cmp;
	size_t ncmp;
	Tally tally;	/* tally.c: counted over every comparison */
	int keep;	/* KEEP_* */
	struct Keep *kept;	/* keep.c's candidates while reading */
	/* names.c: with names, every comparison's names; with spool, its
	 * line in the spool and the fields of every line beyond those
	 * csv.c always has (csvcol) */
	int names;
	Name *name;
	size_t nname;
	struct kp_strmap *namestr;
	struct kp_spool *spool;
	struct kp_strmap *csvcol;
	Sys *sys;
	size_t nsys;
	Run *run;
	size_t nrun;
	kp_runstat *rs;
	size_t nrs;
	Sample *smp;	/* held, sorted by group (load_done) */
	size_t nsmp;
	struct SmpFiles *sf;	/* smpfile.c: those left in their files */
	size_t smpcount;	/* every sample, each once */
	struct kp_strmap *smpstr;	/* their runs and instances, each once */
	struct Intern *intern;	/* intern.c: the site's text, each once */
	Group *grp;	/* sorted by group (load_done) */
	size_t ngrp;
	struct kp_spool *grpvals;	/* the site's: their values, on disk */
	kp_rollup *roll;
	size_t nroll;
	long nrec;	/* records read, of every type */
	/* text and table: each record's text made visible as it is read
	 * (txt_visible_rec), before anything finds a record by it */
	int visible;
	size_t count[KP_NCLASS + 1];	/* cmp records by cls */
	size_t regsev[KP_NSEV + 1];	/* regressions by sev */
	struct kp_strmap *runmap;	/* run name -> its first run record */
	size_t *runfirst;

	/*
	 * Indexes (index.c), so that a page or a table visits its own
	 * records, not every record for each line it writes.  Pairs,
	 * suites and tests are numbered in the order the cmp records name
	 * them first; lists are ascending, so a loop over one keeps the
	 * order of a loop over all.
	 */
	Pair *pair;
	int npair;
	char **suite;
	int nsuite;
	Test *test;
	int ntest;
	List *tcmp, *pcmp;	/* comparisons by test, by pair */
	List *tsys, *psys;	/* sys records by test, by pair */
	struct kp_strmap *pairmap, *suitemap, *testmap;
	struct kp_strmap *expmap;	/* experiment -> expkernel */
	const char **expkernel;	/* its kernel in the last comparison naming it */
	struct kp_strmap *rsmap;	/* run name -> its runstats, in rsof */
	List *rsof;

	/* the history (kp-trend, the site only) and the triage (kp-triage) */
	kp_trend *trend;
	size_t ntrend;
	struct kp_strmap *trendmap;	/* series -> trend */
	kp_triage *triage;
	size_t ntriage;
	FullOpt full;	/* for --full and full.html */
	/* kp-evidence's records, found by (base_exp, target_exp) */
	kp_evidence *ev;
	size_t nev;
	struct kp_strmap *evmap;
	/* the gate of --fail-on, decided once before any format renders,
	 * so that the exit status, the JUnit failures and the Markdown
	 * headline say the same */
	int gate;	/* --fail-on was given */
	int report_only;	/* --report-only: what it would decide, exit 0 */
	int fails;	/* the gate fails */
	int fail_missing;	/* missing measurements fail it */
	double max_age;	/* --max-age, in days: a baseline older is stale */
	double threshold;	/* --threshold, the gate's, to say; NAN: not given */
	int colour;	/* text: standard output is a terminal, NO_COLOR unset */
	const char *outdir;	/* html: -o, the site's directory */
	/* html: -R, the directories whose files the site may copy (the
	 * current one when none is given) */
	const char **srcroot;
	size_t nsrcroot;
	Cover cov;	/* cover.c */
	/* gate.c: --fail-on as given, to say; the differing identity
	 * fields of --apart's coverage records */
	const char *fail_on;
	struct GateDiffer *apart;
	size_t napart;
	/* -M: the MAINTAINERS file read (subsys.c), and its path */
	struct kp_maint *maint;
	const char *maintpath;
} Report;

/* load.c: the fields each format reads, and what to keep beyond the cmp,
 * sys and run records */
enum { LOAD_REPORT, LOAD_TABLE, LOAD_SITE,
	LOAD_FULL };	/* as LOAD_REPORT, and stat records of scope group */
void load_file(Report *r, const char *path, int format, int lines);	/* NULL: stdin */
void load_done(Report *r);	/* after the last file */
/* intern.c: the site's comparisons, and a stat group's runs, keep their
 * strings and lists as one copy each; nothing may free them */
void intern_cmp(Report *r, CmpRec *c);
void intern_runs(Report *r, kp_strs *runs);
/* g's obs.sub and obs.run values, read back: the caller frees them */
void group_values(Report *r, const Group *g, double **sub, double **run);
/* the first of equal samples in v[0..n-1], sorted by group: the new n */
size_t sample_sortuniq(Sample *v, size_t n);

/*
 * smpfile.c: the site's samples of a regular file, left there and read
 * back a page at a time.  smp_read: the sample in d, its source kept
 * (keepsrc 1), dropped (0) or the page's (2).  smp_file: the number of a
 * file whose samples are noted, -1 when it cannot be read back.
 * smp_note: a sample at off (len bytes) of that file.  smp_done: every
 * sample counted once, after load_done sorted those held.  smp_page: the
 * samples of groups ids for index_samples, until smp_page_free.
 */
void smp_read(Report *r, kp_json *d, Sample *m, int keepsrc);
/* smp_read's of a line laid out as kp writes it, unparsed: 1; 0 when
 * smp_read is to read it parsed */
int smp_fast(Report *r, const char *line, size_t len, Sample *m, int keepsrc);
int smp_file(Report *r, const char *path);
void smp_note(Report *r, int file, long long off, size_t len, const Sample *m);
size_t smp_done(Report *r);
void smp_page(Report *r, const char *const *ids, size_t n);
void smp_page_free(Report *r);
Sample *smp_paged(const Report *r, size_t *n);

/* index.c */
void index_report(Report *r);
Run *index_run(const Report *r, const char *run);	/* its first record, or NULL */
const List *index_runstats(const Report *r, const char *run);	/* or NULL */
/* the first comparison of a pair and test at a level, or NULL */
Cmp *index_cell(const Report *r, int pair, int test, long long conc);
/* the samples of a group: *n of them from the one returned */
/* a group's samples: of the page smp_page read, with samples left in
 * files; of those held otherwise */
Sample *index_samples(const Report *r, const char *group, size_t *n);
Sample *index_held(const Report *r, const char *group, size_t *n);
Group *index_group(const Report *r, const char *group);	/* or NULL */

/* util.c */
/* the names kp-render shows for a cls and a sev: the record's words, and
 * "unclassified" for a comparison that has no class */
const char *class_name(int cls);
const char *sev_name(int sev);
void list_add(List *l, int i);
void sevkey_of(SevKey *k, const Cmp *c);
int sevkey_cmp(const SevKey *a, const SevKey *b);
/* the comparisons in the order a format lists them; the caller frees */
const Cmp **cmps_by_severity(const Report *r);
const Cmp **cmps_by_name(const Report *r);
size_t measurement_name(char *buf, size_t sz, const CmpRec *c);	/* suite/bench/test[op metric] */
size_t utf8_width(const char *s);	/* characters, for column alignment */
/* a number for people: 4 significant digits and k, M, G (3.091M) */
void fmt_si(char *buf, size_t sz, double v);
/* kp-classify found the benchmark starved of CPU: the target's CPU share
 * in percent of the baseline's, in *pct (shown with %.0f, as the reason) */
int cpu_starved(const CmpRec *c, double *pct);
/* what kp-classify found of the CPU, for people: "starved? CPU share 57%
 * of baseline", "starved? baseline's CPU share 51% of target's", "less CPU,
 * CPUs idle: target's share 58% of baseline's"; 0 when nothing */
size_t cpu_text(char *buf, size_t sz, const CmpRec *c);
/* "run noise assumed 8% (no reruns, no history)" when kp-classify's
 * caveat noise-assumed says so; 0 when not */
size_t noise_text(char *buf, size_t sz, const CmpRec *c);
/* how many comparisons rest on an assumed run noise (of every one read) */
size_t noise_assumed(const Report *r);
/* how to learn it, one sentence, after noise_assumed's count */
extern const char noise_hint[];
/* the interval the class was decided on (kp-classify's decided_*), else
 * kp-compare's 95% one, and its confidence in percent: 0 when none */
int shown_interval(const CmpRec *c, double *lo, double *hi, double *level);
/* kp-classify's rule (why) in words: "not significant, interval wide" */
const char *why_text(int why);
/* an uncertain comparison whose test was not significant (its q not below
 * kp-classify's alpha, as its significant says, or on an older record its
 * why): shown as "~"; 0 for any other */
int not_significant(const CmpRec *c);
/* the reason in lib's words (kp_cmp_reason), from the typed facts of a
 * record that has them all; any other keeps the reason it was written
 * with.  load.c, once a record, so every format shows the same words */
void reason_render(kp_cmp *c);
/* the gate's threshold to say: --threshold, else the one kp-classify
 * typed on the records (gate_threshold_pct) when they agree; NAN: none */
double gate_threshold(const Report *r);

/* modal.c: kp-stats' multimodal flag of a side (0 baseline, 1 target)
 * from its groups' stat records: 1, 0, or -1 when none says */
int modal_side(const Report *r, const CmpRec *c, int side);
/* "baseline", "target", "both sides", or NULL when neither is */
const char *modal_sides(const Report *r, const CmpRec *c);

/* history.c */
size_t history_text(char *buf, size_t sz, const CmpRec *c);	/* "since ..." or "" */
const char *triage_word(int triage);	/* NULL: not triaged */
int triaged_away(const CmpRec *c);	/* acknowledged or invalid */
size_t triage_known_text(char *buf, size_t sz, const kp_triage *t);
void trend_add(Report *r, const kp_trend *t);	/* load.c */
const kp_trend *trend_of(const Report *r, const CmpRec *c);	/* or NULL */

/* evidence.c: kp-evidence's record of a comparison's pair of
 * experiments (or NULL), and its lines in each format; a report with
 * evidence records says so where a finding has none */
void evidence_add(Report *r, kp_json *d, kp_recix *ix);	/* load.c */
const kp_evidence *evidence_of(const Report *r, const CmpRec *c);
/* under a finding; shown: the pairs already shown in full (or NULL) */
void evidence_plain(FILE *fp, const Report *r, const CmpRec *c,
    const char *indent, struct kp_strmap *shown);
void evidence_each(const Report *r, const CmpRec *c,
    void (*put)(FILE *, const char *), FILE *fp);	/* junit */
void evidence_md(FILE *fp, const Report *r, const Cmp **v);
void evidence_json(kp_w *w, const Report *r);
void evidence_csv_head(FILE *fp, const Report *r);
void evidence_csv_row(FILE *fp, const Report *r, const CmpRec *c);

/* escape.c: the one escaper of each format (kp-render(1)); record text
 * reaches no output but through these */
void h_esc(FILE *fp, const char *s);	/* html, svg: text or attribute value */
void xml_put(FILE *fp, const char *s);	/* junit: text or attribute value */
void md_put(FILE *fp, const char *s);	/* md: in a table cell or a list */
/* csv: a text cell, quoted, and neutralised when a spreadsheet would take
 * it for a formula */
void csv_text(FILE *fp, const char *s, size_t len);
/* text, table: control characters made visible (^[, ^J, ...) */
void txt_put(FILE *fp, const char *s);
char *txt_visible(const char *s);	/* the same, a new string */
/* every text field of rec, of table t, replaced by its visible form */
void txt_visible_rec(const kp_rtype *t, void *rec);

/* keep.c: with r->keep, after tally_cmp(), the comparison just read at
 * the end of r->cmp stays there (a regression), waits among the
 * candidates for text's lists, or is freed; keep_done(), from
 * load_done(), puts the candidates left back in the order read */
void keep_cmp(struct Report *r);
void keep_done(struct Report *r);

/* names.c: the comparison just read, c, by its names (r->names) and, with
 * r->spool, its line d; called before keep_cmp, which may free c: the
 * caller marks it not kept (Name.kept -1) when it is gone */
Name *names_add(struct Report *r, kp_json *d, const Cmp *c);
void names_sort(struct Report *r);	/* by name, as cmps_by_name */
/* its line, valid until the next call */
const char *names_line(struct Report *r, const Name *n, size_t *len);
/* csv.c: the fields of a comparison's line d, for csv's columns */
void csv_fields(struct Report *r, kp_json *d);
/* tally.c: with a gate, the runs of the comparisons of a pair of
 * experiments (or NULL) */
const RunTally *tally_exp_runs(const struct Report *r, const char *base_exp,
    const char *target_exp);

/* format.c: the formats of -f, one row each */
enum {
	FMT_LINES = 1,	/* keeps each cmp record's line: it copies every field */
	FMT_VISIBLE = 2,	/* record text made visible as it is read */
	/* a site: files in -o's directory, with -s's samples and the full
	 * table (--centre, --names) without --full; a history alone, with
	 * no comparison, is a site and not "nothing compared" */
	FMT_SITE = 4,
	FMT_SHUTS = 8,	/* closes standard output itself, or writes none */
	/* holds in full only the comparisons it lists (keep.c), and
	 * counts the rest (tally.c), unless --full */
	FMT_KEEP = 16,
	/* holds in full only the findings, every comparison but no change
	 * (keep.c), unless --full */
	FMT_FINDINGS = 32,
	FMT_NAMES = 64,	/* every comparison's names (names.c) */
	FMT_SPOOL = 128,	/* and its line, in a disk spool (csv) */
};
typedef struct {
	const char *name;
	int load;	/* LOAD_*, the records and fields it reads */
	unsigned flags;	/* FMT_* */
	int (*render)(Report *r, FILE *fp);
	int (*full)(Report *r, FILE *fp);	/* --full; NULL: none */
} Format;
extern const Format formats[];	/* ends with a NULL name */
const Format *format_find(const char *name);	/* or NULL */
char *format_names(int full);

/* one function per format (format.c's table); each writes to fp and
 * returns an exit status; the site writes files into r->outdir instead */
int render_text(Report *r, FILE *fp);	/* in colour with r->colour */
int render_md(Report *r, FILE *fp);
int render_csv(Report *r, FILE *fp);
int render_junit(Report *r, FILE *fp);
int render_json(Report *r, FILE *fp);	/* closes fp itself */
int render_table(Report *r, FILE *fp);	/* stale after r->max_age days */
/* table.c: why the baseline of some comparisons is stale (host or CPU
 * differ, older than r->max_age, dated after the target), or NULL, from
 * their runs as tally.c kept them (NULL: none); the caller frees it */
char *stale_runs(const Report *r, const RunTally *t);
/* --full: every measurement, kernels as columns, as text, md or csv */
int render_full_text(Report *r, FILE *fp);
int render_full_md(Report *r, FILE *fp);
int render_full_csv(Report *r, FILE *fp);

/* full.c: the full table's model, which -f html shows too */
typedef struct {
	const CmpRec *name;	/* the row's first comparison: names, unit */
	const CmpRec **at;	/* by column: the comparison holding its value */
	char *side;	/* by column: 'b' its baseline side, 't' its target */
} FullRow;
typedef struct {
	const char **kern;	/* the columns: the baseline first */
	int nk;
	FullRow *row;	/* by name, then concurrency */
	size_t nrow;
	const Report *r;	/* its groups, for hmean */
	FullOpt o;
} Full;
void full_build(Full *f, const Report *r);
void full_free(Full *f);
/* a cell's "3.091M ±1.2%", "-" when none; its "-12.7% R:red" against
 * the baseline, "" when none; the caller frees both */
char *full_centre(const Full *f, const FullRow *w, int k);
char *full_change(const Full *f, const FullRow *w, int k);
/* the row's centre: "median", "hmean" or "amean" */
const char *full_centre_name(const Full *f, const FullRow *w);
/* the sentence that says what the table shows, for text, md and html */
char *full_legend(const Full *f, const char *base);
/* the row's name: kp's, "name at conc", or with --names mmtests
 * MMTests' "Hmean ops-futex1_threads-2" */
void full_rowname(char *buf, size_t sz, const Full *f, const FullRow *w);

/* a static site in the directory r->outdir, created when missing; fp is
 * not written */
int render_html(Report *r, FILE *fp);

/* subsys.c: the findings by subsystem, which reports open with; with
 * -M the sections of a MAINTAINERS file name each one's people */
void subsys_maintainers(Report *r, const char *path);
void subsys_plain(Report *r, FILE *fp, int md);	/* text (md 0) and md */
struct hsite;
void subsys_html(FILE *fp, struct hsite *s);	/* the kernel page */

/* cover.c */
/* a coverage record, a shift record, from load_file() */
void cover_read(Report *r, kp_json *d);
void cover_shift(Report *r, kp_json *d);
const CovLine *cover_lines(const Report *r, size_t *n);
int cover_any(const Report *r);	/* any coverage record read */
int cover_nothing(const Report *r);	/* they say nothing was compared */
void cover_empty(Report *r);	/* no cmp record read: nothing compared */
size_t cover_missing(const Report *r);	/* missing in a target */
/* the i-th of them, i < cover_missing(): its coverage name, and for a
 * measurement its suite and test (NULL when it has none) */
void cover_miss_at(const Report *r, size_t i, const char **name,
    const char **suite, const char **test);
/* gate.c: -f gate, the gate's closing line, and -f gate-caveat, the line
 * that says it compared across differing identity fields (--apart) */
void gate_apart(Report *r, const char *path);
int render_gate(Report *r, FILE *fp);
int render_gate_caveat(Report *r, FILE *fp);
size_t cover_errors(const Report *r);	/* lines that are data not there */
/* the measurements of a pair found and expected by its coverage record
 * "compared"; 0 when there is none */
int cover_pair(const Report *r, const char *base, const char *target,
    long long *found, long long *expected);
void cover_line_text(const CovLine *l, char *buf, size_t sz);
/* text, table (md 0) and md */
void cover_plain(FILE *fp, const Report *r, int md);
/* junit: the coverage test suite; the gate's missing measurements are
 * test cases named as their comparison would be.  Adds its counts. */
typedef struct { size_t tests, failures, errors, skipped; } JCount;
void cover_junit(FILE *fp, const Report *r, JCount *n);
/* junit.c: a testcase's classname and name from a group's name,
 * suite/bench/test[op metric]@conc, and the pair's kernels */
void junit_names(FILE *fp, const char *base, const char *target,
    const char *suite, const char *bench, const char *test, const char *op,
    const char *metric, long long conc);
void cover_json(kp_w *w, const Report *r);
void cover_html(FILE *fp, const Report *r, void (*esc)(FILE *, const char *));
