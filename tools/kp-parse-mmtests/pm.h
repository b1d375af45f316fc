/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pm.h: the parts of kp-parse-mmtests, shared between its files. */
#ifndef PM_H
#define PM_H

#include <stdarg.h>
#include <stddef.h>

#include "kp.h"
#include "rec.h"
#include "runmeta.h"

/* vfs.c: one code path for directories and kp-fetch stores.  A tree is
 * the list of files of one source, by path relative to it. */
typedef struct vtree vtree;

typedef struct {
	char *rel;	/* path inside the source, '/' separated */
	char *real;	/* the file to open */
	char *shown;	/* its name in messages and in src */
	const vtree *t;	/* the tree it is in */
} vfile;

struct vtree {
	char *name;	/* the directory or source as given */
	char *shown;	/* prefix for paths of directories in messages */
	vfile *f;	/* sorted by rel */
	size_t n;
	int store;
	int keep;	/* -k: a damaged file is reported and skipped */
};

/* a loaded (decompressed) file, read line by line */
typedef struct {
	const vfile *vf;
	char *buf;
	size_t len, pos;
	long line;
} vtext;

vtree *vt_dir(const char *dir);
void vt_add(vtree *t, const char *rel, const char *real, const char *shown);
void vt_sort(vtree *t);
void vt_free(vtree *t);
/* the file dir/name, or dir/name.gz or dir/name.xz; NULL if none */
const vfile *vt_find(const vtree *t, const char *dir, const char *name);
/* files directly inside dir, sorted; *n gets their number; the caller
 * frees the array (not the files) */
const vfile *vt_list(const vtree *t, const char *dir, size_t *n);
/* names of the subdirectories directly inside dir (caller frees each and
 * the array) */
char **vt_subdirs(const vtree *t, const char *dir, size_t *n);
int vt_isdir(const vtree *t, const char *dir);
/* the base name without .gz or .xz, in a static buffer */
const char *vt_base(const vfile *f);
/* load and decompress (gzip, xz or plain, by content): 0 ok; on a
 * corrupt file dies, or with -k warns and returns -1 */
int vt_load(const vfile *f, vtext *x);
char *vt_line(vtext *x, size_t *len);	/* next line, NUL-terminated, or NULL */
void vt_done(vtext *x);
/* SHA-256 of the decompressed content as 16 hex digits; -1 if unreadable */
int vt_hash16(const vfile *f, char out[17]);

/* stores: read an index of artifact records into one tree per source */
void store_read(const char *store, const char *index, vtree ***trees, size_t *ntrees);

/* one measured value */
typedef struct {
	const char *suite, *bench, *test, *op, *metric, *unit;
	int higher;
	long conc, rep, sub;
	double value;
	char *src;
} sample;

/* what a parser gets and gives */
typedef struct {
	const vtree *t;
	const char *logs;	/* rel path of iter-N/JOB/logs */
	const char *where;	/* the same as shown in messages */
	const char *job;
	sample *s;
	size_t n;
	int partial;
	char *params;
	char **strs;	/* strings owned by the job */
	size_t nstrs;
} job;

/* a benchmark parser: fills j->s and j->params */
typedef struct {
	const char *name;	/* shellpack name: job names are name or name-* */
	const char *suite;
	void (*parse)(job *j);
} parser;

extern const parser parsers[];

void wis_parse(job *j);
void stressng_parse(job *j);
void sysbenchcpu_parse(job *j);
void sysbenchmutex_parse(job *j);
void unixbench_parse(job *j);
void hackbench_parse(job *j);
void schbench_parse(job *j);
void futexbench_parse(job *j);

/* job.c: helpers for parsers */
/* a new sample of value read at f:line; the parser fills in the rest */
sample *job_add(job *j, const vfile *f, long line, double value);
/* a copy of s (or s[0..n)) that lives as long as the job, kept once */
const char *job_str(job *j, const char *s);
const char *job_strn(job *j, const char *s, size_t n);
/* a number filling the whole token s[0..n): 0 ok; otherwise reports
 * file:line:col (dies, or warns with -k and marks the job partial) */
int job_num(job *j, const vtext *x, const char *line, const char *s, size_t n, double *out);
/* bad input: dies, or with -k warns and marks the job partial */
void job_bad(job *j, const vfile *f, long line, long col, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* a warning that marks the job partial */
void job_warn(job *j, const vfile *f, long line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* bad input in f: dies, or with -k warns, saying it was then (skipped,
 * ignored) */
void job_bad_input(const vfile *f, long line, long col, const char *then,
    const char *fmt, va_list ap) __attribute__((format(printf, 5, 0)));
/* MMTests times each run of a benchmark into logs/time-A-B: warn (and
 * mark the job partial) for each whose log, PREFIX A MID B SUFFIX, is
 * missing, since its samples are */
void job_timed_logs(job *j, const char *prefix, const char *mid, const char *suffix);
/* a whole decimal integer string: 0 ok */
int job_parse_long(const char *s, size_t n, long *out);
/* the whole first whitespace-separated field of s as a long: 0 ok */
int job_getlong(const char *s, long *v);
/* nth whitespace-separated field (0-based) of s: pointer and length */
const char *job_field(const char *s, int nth, size_t *len);
/* the commands of commands.log with the concurrency argument replaced by
 * N (the word after opt, or the value of opt=), unique, joined by "; " */
char *job_commands_params(job *j, const char *opt);

/* main.c: a --meta or -l setting; more specific ones win: --meta
 * KEY=VALUE, then the labels file, then --meta RUN:KEY=VALUE; among
 * equals the last */
typedef struct {
	char *run, *key, *val;
	int prio, used;
} meta;

/* what the options set, passed to what needs it */
typedef struct {
	int sflag;	/* -s: unknown benchmarks are errors */
	meta *metas;
	size_t nmetas;
	char **unknown;	/* the unknown benchmarks warned about */
	size_t nunknown;
} pm;

/* runs.c: runs in trees, in order */
typedef struct {
	const vtree *t;
	char *dir;	/* path inside the tree; "" for its root */
	char *name;	/* run_name */
	char *host;
	char *id;	/* run_name@host:start */
	long start;
} run;
/* add the runs of t to *runs */
void runs_find(const vtree *t, run **runs, size_t *n);
/* by name, then start time; ties by id, tree and directory */
void runs_sort(run *runs, size_t n);
/* the records of every iteration of r, iter-N in numeric order */
void run_emit(kp_w *w, pm *p, const run *r);
/* frees what runs_find allocated for r */
void run_free(run *r);
/* a/b; a alone when b is "", b alone when a is "" (caller frees) */
char *runs_join(const char *a, const char *b);
/* the first line of dir/name, or NULL (caller frees) */
char *runs_firstline(const vtree *t, const char *dir, const char *name);

/* one snapshot of counters, in file order */
typedef struct {
	char **k;
	long long *v;
	size_t n;
} counters;

/* a benchmark as tests-timestamp and tests-sysstate saw it */
typedef struct {
	char *name;
	long begin, end, rc;
	int has_begin, has_end, has_time;
	double user, sys, elapsed;
	counters vm0, vm1, sc0, sc1;
} jstat;

/* what one iteration (iter-N) says of its kernel, machine and jobs */
typedef struct {
	const run *r;
	char *dir;	/* iter-N */
	long iter;
	char *uname, *release, *arch, *cpu_model, *os, *cmdline, *toolchain;
	char *version;
	char cpu_topology[17], kconfig[17];
	long cpus, start, finish;
	long long mem_kb;
	int has_cpus, has_start, has_finish, has_mem, warnings;
	kp_strs warn;	/* the first of the warnings' lines */
	jstat *js;
	size_t njs;
	/* hashes computed while a file was read anyway */
	const vfile *hf[8];
	char hh[8][17];
	size_t nh;
} iterinfo;

/* run.c: one iteration's run, runstat and sample records */
void iter_emit(kp_w *w, pm *p, const run *r, const char *itname, long iter);

/* meta.c: the run record */
/* read what the files of it->dir say, tests-timestamp and tests-sysstate too */
void iter_read_meta(iterinfo *it, const vtree *t);
/* note the hash of f, loaded in x, for the record's "files" */
void iter_remember_hash(iterinfo *it, const vfile *f, const vtext *x);
/* the run record of the iteration */
void iter_write_run(kp_w *w, pm *p, iterinfo *it);
/* frees what read_meta and the jobs added to it */
void iter_free(iterinfo *it);

/* runstat.c: the runstat records */
/* the job called name[0..n), added if new */
jstat *jstat_get(iterinfo *it, const char *name, size_t n);
/* frees its name and snapshots */
void jstat_free(jstat *st);
/* begin, end, exit status and times of each job; start and finish */
void iter_read_timestamp(iterinfo *it, const vtree *t);
/* each job's vmstat and schedstat snapshots; version, arch, MemTotal */
void iter_read_sysstate(iterinfo *it, const vtree *t);
/* the runstat record of job j of run (its id, or as --meta names it) */
void runstat_write(kp_w *w, const char *run, long iter, const job *j,
    const char *suite, const jstat *st);

/* the name of field f of the run record */
#define RUNF(f) KP_FNAME(kp_run_t, f)

/* main.c: --meta and -l */
/* the value set for key in this run, or NULL */
const char *pm_meta_get(pm *p, const run *r, const char *key);
/* the keys set for this run that the run record's table has not, as its
 * extra members */
void pm_meta_extra(pm *p, const run *r, kp_run *rec);

#endif
