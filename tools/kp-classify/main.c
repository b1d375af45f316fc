/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-classify: decide what each comparison means: regression,
 * improvement, no change or uncertain, with a severity and a score.
 * Every rule is in kp-classify(1). */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "kp.h"
#include "strmap.h"
#include "rec.h"
#include "classify.h"
#include "spool.h"
#include "subsys.h"

/*
 * The cmp records wait in a spool file until the end of the input: the
 * noise and runstat records their rules read may follow them, and every
 * other record is written as it is read, before any cmp record.  On disk,
 * not in memory, so that memory stays flat however many comparisons a
 * night holds: each record is read back and classified one at a time
 * (lib/spool.c).  A record keeps its input's name and line for the
 * messages about it.
 */

static const char synopsis[] =
    "usage: kp-classify [-D] [-c file] [-P profile] [-S map] [-T pct] [file ...]";

/* the options, one line each for --help, as in the man page */
static const struct kp_option options[] = {
	{ 'D', NULL, NULL,
	    "print the built-in settings as YAML and exit" },
	{ 'c', NULL, "file",
	    "read settings from a YAML file" },
	{ 'P', NULL, "profile",
	    "the profile: default or gate" },
	{ 'S', NULL, "map",
	    "a subsystem map of your own (else $KP_SUBSYSTEMS)" },
	{ 'T', NULL, "pct",
	    "the gate profile's threshold (else $KP_GATE_THRESHOLD)" },
	{ 0 }
};

/* every cmp record spooled, classified in the order read */
static void
spool_classify(Classify *c, kp_spool *sp, kp_w *w)
{
	const char *text, *file;
	size_t len;
	long lineno;

	while (kp_spool_next(sp, &text, &len, &file, &lineno))
		classify_cmp(c, text, len, file, lineno, w);
}

/* how kp-compare's cmp records open: such a line is spooled unparsed and
 * parsed once, when it is classified, which says its file and line when
 * it is not JSON; any other line is parsed here */
static const char cmp_open[] = "{\"type\":\"cmp\",";

/* Every record of a file but the cmp records, which go to sp, or with
 * sp NULL are left for reclassify to read again. */
static void
readfile(Classify *c, kp_spool *sp, const char *path, kp_w *w)
{
	kp_in *in = kp_in_open(path);
	kp_json d;
	char *line;
	size_t len;

	kp_json_init(&d);
	while ((line = kp_in_record(in, &len))) {
		if (len >= sizeof(cmp_open) - 1 &&
		    memcmp(line, cmp_open, sizeof(cmp_open) - 1) == 0) {
			if (sp)
				kp_spool_put(sp, line, len, kp_in_name(in),
				    kp_in_lineno(in));
			continue;
		}
		kp_rec_parse(in, &d, line, len);
		if (kp_rec_is(&d, &kp_cmp_t)) {
			if (sp)
				kp_spool_put(sp, d.text, d.len, kp_in_name(in), d.line);
			continue;
		}
		kp_w_line(w, d.text, d.len);
		if (kp_rec_is(&d, &kp_noise_t))
			noise_read(c, &d);
		else if (kp_rec_is(&d, &kp_runstat_t))
			cpu_read(c, &d);
	}
	kp_json_free(&d);
	kp_in_close(in);
}

/* The cmp records of a file read again, in order, as the spool would
 * give them: readfile has read the rest. */
static void
reclassify(Classify *c, const char *path, kp_w *w)
{
	kp_in *in = kp_in_open(path);
	kp_json d;
	char *line;
	size_t len;

	kp_json_init(&d);
	while ((line = kp_in_record(in, &len))) {
		if (len >= sizeof(cmp_open) - 1 &&
		    memcmp(line, cmp_open, sizeof(cmp_open) - 1) == 0) {
			classify_cmp(c, line, len, kp_in_name(in), kp_in_lineno(in), w);
			continue;
		}
		kp_rec_parse(in, &d, line, len);
		if (kp_rec_is(&d, &kp_cmp_t))
			classify_cmp(c, d.text, d.len, kp_in_name(in), d.line, w);
	}
	kp_json_free(&d);
	kp_in_close(in);
}

/* Can each input be read twice?  Files can: their cmp records are read
 * again after the rest instead of spooled, which wrote and read back the
 * night's 740 MB (a fifth of kp-classify's time, most of it in the
 * kernel).  The standard input and pipes are spooled. */
static int
rereadable(int argc, char *argv[], struct stat *was)
{
	struct stat out;
	int i, ok = argc > 0, hasout = fstat(STDOUT_FILENO, &out) == 0 &&
	    S_ISREG(out.st_mode);

	for (i = 0; i < argc; i++) {
		if (strcmp(argv[i], "-") == 0 || stat(argv[i], &was[i]) != 0 ||
		    !S_ISREG(was[i].st_mode)) {
			ok = 0;
			continue;
		}
		/* as cat(1): what it writes would be read again, without end */
		if (hasout && was[i].st_dev == out.st_dev &&
		    was[i].st_ino == out.st_ino)
			kp_die_at(argv[i], 0, 0, "is also the standard output; "
			    "expected an input that is not the output");
	}
	return ok;
}

/* a file read twice must be the same file both times: one replaced or
 * grown between the passes would mix the records of two contents */
static void
unchanged(const char *path, const struct stat *was)
{
	struct stat now;

	if (stat(path, &now) != 0 || now.st_dev != was->st_dev ||
	    now.st_ino != was->st_ino || now.st_size != was->st_size ||
	    now.st_mtim.tv_sec != was->st_mtim.tv_sec ||
	    now.st_mtim.tv_nsec != was->st_mtim.tv_nsec)
		kp_die_at(path, 0, 0, "changed while kp-classify read it twice; "
		    "expected it unchanged (give it on the standard input)");
}

int
main(int argc, char *argv[])
{
	Classify c;
	kp_spool *sp;
	kp_w *w;
	const char *cfile = NULL, *profile = "default", *tpct = NULL, *env, *topt = "-T";
	const char *sfile = NULL;
	struct stat *was;
	int ch, dump = 0, i;

	while ((ch = kp_getopt(argc, argv, synopsis, options)) != -1) {
		switch (ch) {
		case 'D':
			dump = 1;
			break;
		case 'c':
			cfile = optarg;
			break;
		case 'P':
			profile = optarg;
			break;
		case 'S':
			sfile = optarg;
			break;
		case 'T':
			tpct = optarg;
			break;
		default:
			kp_usage(synopsis);
		}
	}
	argc -= optind;
	argv += optind;
	memset(&c, 0, sizeof(c));
	config_default(&c.cf);
	if (cfile)
		config_read(&c.cf, cfile);
	if (dump) {
		config_print(&c.cf);
		efshut(stdout, "<stdout>");
		return KP_EXIT_OK;
	}
	if (strcmp(profile, "gate") == 0)
		c.gate = 1;
	else if (strcmp(profile, "default"))
		kp_die("unknown profile \"%s\": expected default or gate", profile);
	c.gate_pct = c.cf.gate_threshold_pct;
	if (!tpct && (env = getenv("KP_GATE_THRESHOLD")) && *env) {
		tpct = env;
		topt = "KP_GATE_THRESHOLD";
	}
	if (tpct)
		c.gate_pct = kp_opt_dbl(topt, tpct, 0, DBL_MAX, "a percentage >= 0");
	/* the user's map first, so that its entries win; then kp's */
	c.subsys = kp_subsys_new();
	if (!sfile && (env = getenv("KP_SUBSYSTEMS")) && *env)
		sfile = env;
	if (sfile)
		kp_subsys_load_file(c.subsys, sfile);
	kp_subsys_load(c.subsys, "<built-in subsystems.yaml>", kp_subsys_builtin,
	    kp_subsys_builtin_len);
	w = kp_w_open(stdout, "<stdout>");
	c.noisemap = kp_strmap_new();
	c.cpumap = kp_strmap_new();
	classify_init(&c);
	was = ecalloc((size_t)argc + 1, sizeof(*was));
	if (rereadable(argc, argv, was)) {
		for (i = 0; i < argc; i++)
			readfile(&c, NULL, argv[i], w);
		for (i = 0; i < argc; i++)
			unchanged(argv[i], &was[i]);
		for (i = 0; i < argc; i++)
			reclassify(&c, argv[i], w);
		for (i = 0; i < argc; i++)
			unchanged(argv[i], &was[i]);
		kp_w_close(w);
		return KP_EXIT_OK;
	}
	sp = kp_spool_new("cmp records");
	if (argc == 0)
		readfile(&c, sp, "-", w);
	for (i = 0; i < argc; i++)
		readfile(&c, sp, argv[i], w);
	spool_classify(&c, sp, w);
	kp_w_close(w);
	return KP_EXIT_OK;
}
