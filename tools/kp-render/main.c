/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-render: the last stage: classified comparisons and systematic groups
 * as text, Markdown, CSV, JUnit XML, JSON, a gate table or a static site.
 *
 * Only kp-render knows presentation.  It loads its input once into one
 * model (load.c), because every format orders findings (most severe
 * first) before it writes the first line, then renders it in one format;
 * the gate of --fail-on is decided on the same model. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "spool.h"
#include "render.h"

enum { OPT_FAIL_ON = 256, OPT_FAIL_ON_TRIAGED, OPT_MAX_AGE, OPT_FULL,
	OPT_CENTRE, OPT_NAMES, OPT_REPORT_ONLY, OPT_THRESHOLD, OPT_APART };

static const char synopsis[] = "usage: kp-render -f format "
    "[--fail-on class | severity | missing] [--fail-on-triaged] "
    "[--report-only] [--threshold pct] [--full] "
    "[--centre median | hmean | amean | mmtests] [--names kp | mmtests] [--max-age days] "
    "[-M MAINTAINERS] [-o dir] [-R dir] [-s samples] [--apart file] "
    "[file ...]";

/* the options, one line each for --help, as in the man page */
static const struct kp_option options[] = {
	{ 'f', NULL, "format",
	    "the format: text, md, csv, junit, json, table, html, gate or gate-caveat" },
	{ OPT_FAIL_ON, "fail-on", "class|severity|missing",
	    "exit 1 when any comparison matches" },
	{ OPT_FAIL_ON_TRIAGED, "fail-on-triaged", NULL,
	    "with --fail-on: count acknowledged and invalid ones too" },
	{ OPT_REPORT_ONLY, "report-only", NULL,
	    "with --fail-on: report, but exit 0" },
	{ OPT_THRESHOLD, "threshold", "pct",
	    "with --fail-on: the threshold the comparisons were classified with" },
	{ OPT_FULL, "full", NULL,
	    "for text, md and csv: the full table" },
	{ OPT_CENTRE, "centre", "median|hmean|amean|mmtests",
	    "the centre of the full table's cells" },
	{ OPT_NAMES, "names", "kp|mmtests",
	    "name the full table's rows as kp or MMTests does" },
	{ OPT_MAX_AGE, "max-age", "days",
	    "for the table: the age of a stale baseline; default 30" },
	{ 'M', NULL, "MAINTAINERS",
	    "the kernel's MAINTAINERS file, for each subsystem" },
	{ 'o', NULL, "dir",
	    "for html: the directory to write the site to" },
	{ 'R', NULL, "dir",
	    "for html: copy source files from under dir only; repeatable" },
	{ 's', NULL, "samples",
	    "for html: a file of sample records" },
	{ OPT_APART, "apart", "file",
	    "for gate: the coverage records of an earlier comparison, apart by identity" },
	{ 0 }
};

/* --fail-on: a comma-separated list of classes and severities, and
 * "missing"; a severity matches regressions of that severity or worse */
static int
parse_fail_on(const char *arg, int *cls, int *sev, int *missing)
{
	char *s = estrdup(arg), *tok, *save = NULL;
	int i;

	for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (strcmp(tok, "missing") == 0)
			*missing = 1;
		else if ((i = kp_vocab_find(&kp_class_v, tok, strlen(tok))) >= 0)
			cls[i] = 1;
		else if ((i = kp_vocab_find(&kp_severity_v, tok, strlen(tok))) >= 0 &&
		    i < KP_SEV_NONE)
			*sev = *sev < 0 || i > *sev ? i : *sev;
		else {
			free(s);
			return -1;
		}
	}
	free(s);
	return 0;
}

/* the gate: which comparisons fail it, and whether it fails.  A finding
 * triaged as acknowledged or invalid (kp-triage) fails it only when
 * asked: it is known */
static void
decide(Report *r, const int *cls, int sev, int triaged)
{
	size_t i;
	Cmp *x;

	/* a gate over nothing compared must not pass: no finding is not no
	 * regression; and with missing, a measurement the target lacks */
	r->fails = cover_nothing(r) || (r->fail_missing &&
	    cover_missing(r) > 0);
	for (i = 0; i < r->ncmp; i++) {
		x = &r->cmp[i];
		if (!triaged && triaged_away(&x->rec))
			continue;
		x->fails = cls[x->cls] || (sev >= 0 && x->cls == KP_REGRESSION &&
		    x->sev <= sev);
		r->fails |= x->fails;
	}
	/* those -f text did not keep (keep.c): never a regression */
	for (i = 0; i <= KP_NCLASS; i++)
		r->fails |= cls[i] && (r->tally.dropped[i][0] ||
		    (triaged && r->tally.dropped[i][1]));
}

int
main(int argc, char *argv[])
{
	Report r = { 0 };
	const char *format = NULL, *samples = NULL;
	const Format *fmt;
	double max_age = 30, threshold = NAN;
	int ch, i, rc, fail_cls[KP_NCLASS + 1] = { 0 }, fail_sev = -1;
	int gate = 0, triaged = 0, full = 0, site, load_as, lines;
	int fullopt = 0, centre = -1, report_only = 0;
	char *names;

	while ((ch = kp_getopt(argc, argv, synopsis, options)) != -1) {
		switch (ch) {
		case 'f':
			format = optarg;
			break;
		case 'M':
			subsys_maintainers(&r, optarg);
			break;
		case 'o':
			r.outdir = optarg;
			break;
		case 'R':
			r.srcroot = kp_grow(r.srcroot, r.nsrcroot,
			    sizeof(*r.srcroot));
			r.srcroot[r.nsrcroot++] = optarg;
			break;
		case 's':
			samples = optarg;
			break;
		case OPT_FAIL_ON:
			if (parse_fail_on(optarg, fail_cls, &fail_sev,
			    &r.fail_missing) < 0)
				kp_die("--fail-on %s: expected classes "
				    "(regression, improvement, no-change, "
				    "uncertain) or severities (red, yellow, "
				    "green) or missing, separated by commas", optarg);
			gate = 1;
			r.fail_on = optarg;
			break;
		case OPT_APART:
			gate_apart(&r, optarg);
			break;
		case OPT_FULL:
			full = 1;
			break;
		case OPT_CENTRE:
			centre = strcmp(optarg, "median") == 0 ? FULL_MEDIAN :
			    strcmp(optarg, "hmean") == 0 ? FULL_HMEAN :
			    strcmp(optarg, "amean") == 0 ? FULL_AMEAN :
			    strcmp(optarg, "mmtests") == 0 ? FULL_MMTESTS : -1;
			if (centre < 0)
				kp_die("--centre %s: expected median, hmean, "
				    "amean or mmtests", optarg);
			fullopt = 1;
			break;
		case OPT_NAMES:
			if (strcmp(optarg, "kp") && strcmp(optarg, "mmtests"))
				kp_die("--names %s: expected kp or mmtests", optarg);
			r.full.mmnames = strcmp(optarg, "mmtests") == 0;
			fullopt = 1;
			break;
		case OPT_FAIL_ON_TRIAGED:
			triaged = 1;
			break;
		case OPT_REPORT_ONLY:
			report_only = 1;
			break;
		case OPT_THRESHOLD:
			threshold = kp_opt_dbl("--threshold", optarg, 0,
			    INFINITY, "a percentage");
			break;
		case OPT_MAX_AGE:
			max_age = kp_opt_dbl("--max-age", optarg, 0, INFINITY,
			    "a number of days");
			break;
		default:
			kp_usage(synopsis);
		}
	}
	argc -= optind;
	argv += optind;
	if (!format)
		kp_usage(synopsis);
	fmt = format_find(format);
	site = fmt && fmt->flags & FMT_SITE;
	if (site && !r.outdir)
		kp_die("-f %s: expected -o DIR, the directory to write the "
		    "site to", format);
	if (!site && (r.outdir || samples || r.nsrcroot))
		kp_die("-o, -R and -s apply to -f html only; the other formats "
		    "write to standard output");
	if (!fmt) {
		names = format_names(0);
		kp_die("-f %s: expected %s", format, names);
	}
	if (full && !fmt->full) {
		names = format_names(1);
		kp_die("--full: expected -f %s", names);
	}
	if (fullopt && !full && !site)
		kp_die("--centre and --names apply to the full table: "
		    "expected --full or -f html");
	/* MMTests' names come with MMTests' summaries unless told */
	r.full.centre = centre >= 0 ? centre : r.full.mmnames ? FULL_MMTESTS :
	    FULL_MEDIAN;
	/* hmean and mean are in the stat records of scope group */
	load_as = full && r.full.centre != FULL_MEDIAN ? LOAD_FULL : fmt->load;
	lines = !full && fmt->flags & FMT_LINES;
	r.visible = !!(fmt->flags & FMT_VISIBLE);
	r.keep = full ? KEEP_ALL : fmt->flags & FMT_KEEP ? KEEP_TEXT :
	    /* junit fails a no-change comparison in full */
	    fmt->flags & FMT_FINDINGS && !fail_cls[KP_NO_CHANGE] ?
	    KEEP_FINDINGS : KEEP_ALL;
	r.names = !full && fmt->flags & FMT_NAMES;
	if (r.names && fmt->flags & FMT_SPOOL)
		r.spool = kp_spool_new("cmp records");
	/* the runs of each pair of comparisons, for a stale baseline */
	r.gate = gate;
	if (argc == 0)
		load_file(&r, NULL, load_as, lines);
	for (i = 0; i < argc; i++)
		load_file(&r, argv[i], load_as, lines);
	if (samples)
		load_file(&r, samples, load_as, lines);
	load_done(&r);
	/* no comparison at all is nothing compared, never "0 regressions";
	 * a site may be a history alone */
	if (r.tally.ncmp == 0 && !site)
		cover_empty(&r);
	r.max_age = max_age;
	r.gate = gate;
	r.report_only = report_only;
	r.threshold = threshold;
	if (!isnan(threshold) && !gate)
		kp_die("--threshold: expected --fail-on, the gate it is said in");
	if (report_only && !gate)
		kp_die("--report-only: expected --fail-on, the gate to report on");
	if (gate)
		decide(&r, fail_cls, fail_sev, triaged);

	r.colour = isatty(STDOUT_FILENO) && !(getenv("NO_COLOR") &&
	    *getenv("NO_COLOR"));
	rc = (full ? fmt->full : fmt->render)(&r, stdout);
	/* the json writer checked and closed stdout itself; the site is
	 * in files, each checked as it was closed */
	if (!(fmt->flags & FMT_SHUTS))
		efshut(stdout, "<stdout>");
	if (rc == 0 && gate && r.fails && !report_only)
		rc = KP_EXIT_FINDINGS;
	return rc;
}
