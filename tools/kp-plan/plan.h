/* SPDX-License-Identifier: GPL-2.0-or-later */
/* plan.h: the parts of kp-plan.  payload.c reads the payload (and says
 * where it is wrong), select.c cuts it to the subset asked for, write.c
 * writes the plan and the MMTests configuration, each whole or not at
 * all.  See kp-plan(1). */
#ifndef PLAN_H
#define PLAN_H

#include <stddef.h>

/* a place in the payload, for messages */
typedef struct {
	long line, col;
} Where;

typedef struct {
	char *key, *val;
	Where at;
} Pair;

typedef struct {
	Pair *v;
	size_t n;
} Pairs;

typedef struct {
	char *name, *arch, *instance_type;
	Where at;
	int keep;
} Target;

typedef struct {
	char *name;	/* the MMTests benchmark (a config's MMTESTS word) */
	char **tests;	/* the tests inside it, or none: all */
	int *keep_test;
	size_t ntests;
	char *tests_var;	/* the config variable that selects tests */
	Pairs flags;	/* exported in the config, and test parameters */
	Where at;
	int keep;
} Suite;

typedef struct {
	const char *file;
	char *name, *description;
	char *git_repo, *git_sha, *toolchain;
	char **kconfig;
	size_t nkconfig;
	Pairs make_variables, parameters;
	Target *targets;
	size_t ntargets;
	Suite *suites;
	size_t nsuites;
	Where at_kernel;
	long long instances, repetitions;	/* 0: not given */
	Where at_instances, at_repetitions;
	char **commands;	/* run on each instance; NULL: the default */
	size_t ncommands;
	char *note;	/* comment lines for the plan and the configuration */
} Payload;

/* payload.c: the payload, or exit 2 naming FILE:LINE:COL and what was
 * expected */
void payload_read(const char *file, Payload *p);
/* a full commit id, as TuxSuite requires */
int payload_sha_ok(const char *s);

/* size.c: instances and repetitions from the samples of past runs */
typedef struct {
	double change, alpha, power;	/* asked for: fractions */
	double inst_var, rep_var;	/* relative variance components */
	long groups;	/* measurements they are averaged over */
	long long n, r;	/* the smallest plan */
	double achieved;	/* its power */
} Sizing;
/* the variance components of the samples in file */
void size_read(const char *file, Sizing *z);
/* the power of n instances a side with r repetitions each */
double size_power(const Sizing *z, long long n, long long r);
/* the smallest n x r reaching z->power: 0, or -1 when none within
 * 200 instances and 20 repetitions */
int size_plan(Sizing *z);
/* what the plan says of it, as YAML and sh comments; caller frees */
char *size_note(const Sizing *z);

/* select.c: keep the targets, suites and tests named (none named: all);
 * a name that matches nothing is an error */
void payload_select(Payload *p, char **targets, size_t nt, char **suites,
    size_t ns, char **tests, size_t ntests);

/* check.c: coverage records of the plan in planfile against the run and
 * sample records of files (none: stdin); 1 when something is missing */
int plan_check(const char *planfile, char **files, int nfiles);

/* write.c: the content hash of what is kept (16 hex digits) */
void plan_hash(const Payload *p, char out[17]);
/* the plan's text and the MMTests configuration's, for name-hash */
char *plan_text(const Payload *p, const char *id, size_t *len);
char *config_text(const Payload *p, const char *id, size_t *len);
/* write dir/file from text atomically: a temporary file, fsync, rename */
void write_atomic(const char *dir, const char *file, const char *text, size_t len);

#endif
