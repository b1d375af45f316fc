/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-classify: decide what each comparison means: regression,
 * improvement, no change or uncertain, with a severity and a score.
 * Every rule is in kp-classify(1). */
#include <errno.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "strmap.h"
#include "rec.h"
#include "classify.h"
#include "subsys.h"

/*
 * The cmp records wait in a spool file until the end of the input: the
 * noise and runstat records their rules read may follow them, and every
 * other record is written as it is read, before any cmp record.  On disk,
 * not in memory, so that memory stays flat however many comparisons a
 * night holds: each record is read back and classified one at a time.
 * A record keeps its input's name and line for the messages about it.
 */
typedef struct {
	long lineno;
	size_t len, file;	/* the text's length, the index of its input */
} Spooled;

typedef struct {
	FILE *fp;
	char **files;	/* the inputs' names */
	size_t nfiles;
	size_t n;	/* records spooled */
} Spool;

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

static void
spool_open(Spool *sp)
{
	const char *dir = getenv("TMPDIR");
	char *path;
	int fd;

	if (!dir || !*dir)
		dir = "/tmp";
	path = emalloc(strlen(dir) + sizeof("/kp-classify.XXXXXX"));
	sprintf(path, "%s/kp-classify.XXXXXX", dir);
	/* unlinked at once: it goes with the process, however it ends */
	if ((fd = mkstemp(path)) < 0 || unlink(path) < 0 ||
	    !(sp->fp = fdopen(fd, "w+")))
		kp_die("%s: cannot make the spool of cmp records (TMPDIR, "
		    "else /tmp, must be a writable directory): %s", path,
		    strerror(errno));
	free(path);
}

static void
spool_put(Spool *sp, const char *text, size_t len, long lineno)
{
	Spooled h;

	if (!sp->fp)
		spool_open(sp);
	h.lineno = lineno;
	h.len = len;
	h.file = sp->nfiles - 1;
	if (fwrite(&h, sizeof(h), 1, sp->fp) != 1 ||
	    fwrite(text, 1, len, sp->fp) != len)
		kp_die("the spool of cmp records: %s", strerror(errno));
	sp->n++;
}

/* every cmp record spooled, classified in the order read */
static void
spool_classify(Classify *c, Spool *sp, kp_w *w)
{
	char *buf = NULL;
	size_t cap = 0, i;
	Spooled h;

	if (!sp->fp)
		return;
	if (fflush(sp->fp) == EOF || fseek(sp->fp, 0, SEEK_SET) < 0)
		kp_die("the spool of cmp records: %s", strerror(errno));
	for (i = 0; i < sp->n; i++) {
		if (fread(&h, sizeof(h), 1, sp->fp) != 1)
			kp_die("the spool of cmp records: short read");
		if (h.len + 1 > cap) {
			cap = h.len + 1;
			buf = erealloc(buf, cap);
		}
		if (fread(buf, 1, h.len, sp->fp) != h.len)
			kp_die("the spool of cmp records: short read");
		buf[h.len] = '\0';
		classify_cmp(c, buf, h.len, sp->files[h.file], h.lineno, w);
	}
	free(buf);
	fclose(sp->fp);
}

/* how kp-compare's cmp records open: such a line is spooled unparsed and
 * parsed once, when it is classified, which says its file and line when
 * it is not JSON; any other line is parsed here */
static const char cmp_open[] = "{\"type\":\"cmp\",";

static void
readfile(Classify *c, Spool *sp, const char *path, kp_w *w)
{
	kp_in *in = kp_in_open(path);
	kp_json d;
	char *line;
	size_t len;

	sp->files = kp_grow(sp->files, sp->nfiles, sizeof(*sp->files));
	sp->files[sp->nfiles++] = estrdup(kp_in_name(in));
	kp_json_init(&d);
	while ((line = kp_in_record(in, &len))) {
		if (len >= sizeof(cmp_open) - 1 &&
		    memcmp(line, cmp_open, sizeof(cmp_open) - 1) == 0) {
			spool_put(sp, line, len, kp_in_lineno(in));
			continue;
		}
		kp_rec_parse(in, &d, line, len);
		if (kp_rec_is(&d, &kp_cmp_t)) {
			spool_put(sp, d.text, d.len, d.line);
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

int
main(int argc, char *argv[])
{
	Classify c;
	Spool sp;
	kp_w *w;
	const char *cfile = NULL, *profile = "default", *tpct = NULL, *env, *topt = "-T";
	const char *sfile = NULL;
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
	memset(&sp, 0, sizeof(sp));
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
	if (argc == 0)
		readfile(&c, &sp, "-", w);
	for (i = 0; i < argc; i++)
		readfile(&c, &sp, argv[i], w);
	spool_classify(&c, &sp, w);
	kp_w_close(w);
	return KP_EXIT_OK;
}
