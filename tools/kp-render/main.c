/* kp-render: the last stage: classified comparisons and systematic groups
 * as text, Markdown, CSV, JUnit XML, JSON, a gate table or a static site.
 *
 * Only kp-render knows presentation; it reads every record into memory
 * because every format orders findings (most severe first) before it
 * writes the first line. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "html.h"
#include "render.h"

const char *const sev_names[NSEVRANK] = {
	"red", "yellow", "green", "none", "other" };
const char *const class_names[NCLASS] = {
	"regression", "improvement", "no-change", "uncertain", "unclassified" };

enum { OPT_FAIL_ON = 256, OPT_MAX_AGE };

static const struct option longopts[] = {
	{ "fail-on", required_argument, NULL, OPT_FAIL_ON },
	{ "max-age", required_argument, NULL, OPT_MAX_AGE },
	{ NULL, 0, NULL, 0 },
};

static void
usage(void)
{
	fputs("usage: kp-render -f FORMAT [--fail-on CLASS | SEVERITY] "
	    "[--max-age DAYS] [-o DIR] [-s SAMPLES] [FILE ...]\n", stderr);
	exit(KP_EXIT_BAD);
}

static char *
dupstr(kp_json *d, const char *key, int required)
{
	return estrdup(required ? kp_req_str(d, key) : kp_opt_str(d, key, ""));
}

static char **
strarray(kp_json *d, const char *key, size_t *n)
{
	int a = kp_json_get(d, 0, key), t;
	char **v;
	size_t i;

	*n = 0;
	if (a < 0 || d->tok[a].type == KP_JNULL)
		return NULL;
	if (d->tok[a].type != KP_JARR)
		kp_rec_die(d, a, "expected an array of strings for \"%s\"", key);
	v = ecalloc(d->tok[a].n + 1, sizeof(*v));
	for (i = 0, t = a + 1; i < d->tok[a].n; i++, t = d->tok[t].next) {
		if (d->tok[t].type != KP_JSTR)
			kp_rec_die(d, t, "expected a string in \"%s\"", key);
		v[i] = estrdup(kp_json_str(d, t));
	}
	*n = i;
	return v;
}

static long long *
intarray(kp_json *d, const char *key, size_t *n)
{
	int a = kp_json_get(d, 0, key), t;
	long long *v;
	size_t i;

	*n = 0;
	if (a < 0 || d->tok[a].type == KP_JNULL)
		return NULL;
	if (d->tok[a].type != KP_JARR)
		kp_rec_die(d, a, "expected an array of integers for \"%s\"",
		    key);
	v = ecalloc(d->tok[a].n + 1, sizeof(*v));
	for (i = 0, t = a + 1; i < d->tok[a].n; i++, t = d->tok[t].next)
		if (kp_json_int(d, t, &v[i]) < 0)
			kp_rec_die(d, t, "expected an integer in \"%s\"", key);
	*n = i;
	return v;
}

/* room for element n of an array whose capacity is the power of 2 at
 * or above n: growing by one at a time is quadratic under a realloc
 * that always copies (AddressSanitizer's) */
static void *
grow(void *p, size_t n, size_t size)
{
	if (n & (n - 1))
		return p;
	return ereallocarray(p, n ? 2 * n : 1, size);
}

static int
lookup(const char *s, const char *const *names, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

static void
add_cmp(Report *r, kp_json *d)
{
	Cmp *c;
	int i;

	r->cmp = grow(r->cmp, r->ncmp, sizeof(*r->cmp));
	c = &r->cmp[r->ncmp++];
	memset(c, 0, sizeof(*c));
	c->line = estrndup(d->text, d->len);
	c->len = d->len;
	c->key = dupstr(d, "key", 0);
	c->suite = dupstr(d, "suite", 1);
	c->bench = dupstr(d, "bench", 1);
	c->test = dupstr(d, "test", 1);
	c->op = dupstr(d, "op", 1);
	c->metric = dupstr(d, "metric", 1);
	c->unit = dupstr(d, "unit", 0);
	c->base_kernel = dupstr(d, "base_kernel", 1);
	c->target_kernel = dupstr(d, "target_kernel", 1);
	c->base_exp = dupstr(d, "base_exp", 1);
	c->target_exp = dupstr(d, "target_exp", 1);
	c->class = dupstr(d, "class", 0);
	c->severity = dupstr(d, "severity", 0);
	c->reason = dupstr(d, "reason", 0);
	c->method = dupstr(d, "method", 0);
	c->base_runs = strarray(d, "base_runs", &c->nbase_runs);
	c->target_runs = strarray(d, "target_runs", &c->ntarget_runs);
	c->conc = kp_req_int(d, "conc");
	c->n_base = kp_opt_int(d, "n_base", -1);
	c->n_target = kp_opt_int(d, "n_target", -1);
	c->need_n = kp_opt_int(d, "need_n", -1);
	c->change = kp_opt_num(d, "change_pct", NAN);
	c->ci_low = kp_opt_num(d, "ci_low_pct", NAN);
	c->ci_high = kp_opt_num(d, "ci_high_pct", NAN);
	c->p = kp_opt_num(d, "p", NAN);
	c->q = kp_opt_num(d, "q", NAN);
	c->score = kp_opt_num(d, "score", NAN);
	c->base_median = kp_opt_num(d, "base_median", NAN);
	c->target_median = kp_opt_num(d, "target_median", NAN);
	i = lookup(c->class, class_names, CL_UNCLASSIFIED);
	c->cls = i < 0 ? CL_UNCLASSIFIED : i;
	if (*c->class && i < 0)
		kp_rec_die(d, kp_json_get(d, 0, "class"), "unknown class "
		    "\"%s\", expected regression, improvement, no-change or "
		    "uncertain", c->class);
	i = lookup(c->severity, sev_names, SEV_OTHER);
	c->sev = i < 0 ? SEV_OTHER : i;
	r->count[c->cls]++;
	if (c->cls == CL_REGRESSION)
		r->regsev[c->sev]++;
}

static void
add_sys(Report *r, kp_json *d)
{
	Sys *s;
	int o, t;
	size_t i;

	r->sys = grow(r->sys, r->nsys, sizeof(*r->sys));
	s = &r->sys[r->nsys++];
	memset(s, 0, sizeof(*s));
	s->line = estrndup(d->text, d->len);
	s->len = d->len;
	s->suite = dupstr(d, "suite", 1);
	s->bench = dupstr(d, "bench", 1);
	s->test = dupstr(d, "test", 1);
	s->op = dupstr(d, "op", 1);
	s->metric = dupstr(d, "metric", 1);
	s->base_kernel = dupstr(d, "base_kernel", 1);
	s->target_kernel = dupstr(d, "target_kernel", 1);
	s->base_exp = dupstr(d, "base_exp", 1);
	s->target_exp = dupstr(d, "target_exp", 1);
	s->direction = dupstr(d, "direction", 1);
	s->combine_method = dupstr(d, "combine_method", 0);
	s->levels = intarray(d, "levels", &s->nlevels);
	s->affected = intarray(d, "affected", &s->naffected);
	s->missing = intarray(d, "missing", &s->nmissing);
	s->uncertain = intarray(d, "uncertain", &s->nuncertain);
	s->avg_score = kp_opt_num(d, "avg_score", NAN);
	s->chmin = kp_opt_num(d, "change_min_pct", NAN);
	s->chmax = kp_opt_num(d, "change_max_pct", NAN);
	s->p_combined = kp_opt_num(d, "p_combined", NAN);
	o = kp_json_get(d, 0, "systematic");
	s->systematic = o >= 0 && d->tok[o].type == KP_JTRUE;
	o = kp_json_get(d, 0, "severity_counts");
	if (o >= 0 && d->tok[o].type == KP_JOBJ) {
		s->sevname = ecalloc(d->tok[o].n + 1, sizeof(*s->sevname));
		s->sevcount = ecalloc(d->tok[o].n + 1, sizeof(*s->sevcount));
		for (i = 0, t = o + 1; i < d->tok[o].n; i++) {
			s->sevname[i] = estrdup(kp_json_str(d, t));
			t = d->tok[t].next;
			if (kp_json_int(d, t, &s->sevcount[i]) < 0)
				kp_rec_die(d, t, "expected an integer count in "
				    "\"severity_counts\"");
			t = d->tok[t].next;
		}
		s->nsev = i;
	} else if (o >= 0) {
		kp_rec_die(d, o, "expected an object for \"severity_counts\"");
	}
}

static void
add_run(Report *r, kp_json *d)
{
	Run *u;

	r->run = grow(r->run, r->nrun, sizeof(*r->run));
	u = &r->run[r->nrun++];
	u->run = dupstr(d, "run", 1);
	u->host = dupstr(d, "host", 0);
	u->cpu_model = dupstr(d, "cpu_model", 0);
	u->kernel = dupstr(d, "kernel", 0);
	u->start = kp_opt_int(d, "start", -1);
}

static void
load(Report *r, const char *path)
{
	kp_in *in = kp_in_open(path);
	kp_json d;
	const char *type;

	kp_json_init(&d);
	while (kp_rec_next(in, &d)) {
		type = kp_rec_type(&d);
		if (strcmp(type, "cmp") == 0)
			add_cmp(r, &d);
		else if (strcmp(type, "sys") == 0)
			add_sys(r, &d);
		else if (strcmp(type, "run") == 0)
			add_run(r, &d);
	}
	kp_json_free(&d);
	kp_in_close(in);
}

/* --fail-on: a comma-separated list of classes and severities; a severity
 * matches regressions of that severity or worse */
static int
parse_fail_on(const char *arg, int *cls, int *sev)
{
	char *s = estrdup(arg), *tok, *save = NULL;
	int i;

	for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if ((i = lookup(tok, class_names, CL_UNCLASSIFIED)) >= 0)
			cls[i] = 1;
		else if ((i = lookup(tok, sev_names, SEV_NONE)) >= 0)
			*sev = *sev < 0 || i > *sev ? i : *sev;
		else {
			free(s);
			return -1;
		}
	}
	free(s);
	return 0;
}

static int
failing(const Report *r, const int *cls, int sev)
{
	size_t i;

	for (i = 0; i < r->ncmp; i++) {
		if (cls[r->cmp[i].cls])
			return 1;
		if (sev >= 0 && r->cmp[i].cls == CL_REGRESSION &&
		    r->cmp[i].sev <= sev)
			return 1;
	}
	return 0;
}

/* the site writer reads its inputs itself; stdin can be read only once,
 * so when the gate needs it too it is kept in a temporary file */
static char *
spool_stdin(void)
{
	const char *dir = getenv("TMPDIR");
	char *path, buf[65536];
	size_t n;
	FILE *fp;
	int fd;

	if (!dir || !*dir)
		dir = "/tmp";
	path = emalloc(strlen(dir) + sizeof("/kp-render.XXXXXX"));
	strcpy(path, dir);
	strcat(path, "/kp-render.XXXXXX");
	if ((fd = mkstemp(path)) < 0 || !(fp = fdopen(fd, "w")))
		kp_die_at(path, 0, 0, "cannot create: %s", strerror(errno));
	while ((n = fread(buf, 1, sizeof(buf), stdin)) > 0)
		if (fwrite(buf, 1, n, fp) != n)
			break;
	if (ferror(stdin))
		kp_die_at("<stdin>", 0, 0, "read error: %s", strerror(errno));
	efshut(fp, path);
	return path;
}

int
main(int argc, char *argv[])
{
	Report r;
	const char *format = NULL, *outdir = NULL, *samples = NULL;
	char *end, *spool = NULL, *one[1];
	double max_age = 30;
	int ch, i, rc, fail_cls[NCLASS] = { 0 }, fail_sev = -1, gate = 0;
	int colour;

	while ((ch = getopt_long(argc, argv, "f:o:s:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			format = optarg;
			break;
		case 'o':
			outdir = optarg;
			break;
		case 's':
			samples = optarg;
			break;
		case OPT_FAIL_ON:
			if (parse_fail_on(optarg, fail_cls, &fail_sev) < 0)
				kp_die_at(NULL, 0, 0, "--fail-on %s: expected "
				    "classes (regression, improvement, "
				    "no-change, uncertain) or severities (red, "
				    "yellow, green), separated by commas",
				    optarg);
			gate = 1;
			break;
		case OPT_MAX_AGE:
			errno = 0;
			max_age = strtod(optarg, &end);
			if (errno || *end || end == optarg || !(max_age >= 0))
				kp_die_at(NULL, 0, 0, "--max-age %s: expected "
				    "a number of days", optarg);
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (!format)
		usage();
	if (strcmp(format, "html") == 0) {
		if (!outdir)
			kp_die_at(NULL, 0, 0, "-f html: expected -o DIR, the "
			    "directory to write the site to");
		if (gate && argc == 0) {
			one[0] = spool = spool_stdin();
			argv = one;
			argc = 1;
		}
		rc = render_html(argv, argc, samples, outdir);
		if (rc == 0 && gate) {
			memset(&r, 0, sizeof(r));
			for (i = 0; i < argc; i++)
				load(&r, argv[i]);
			rc = failing(&r, fail_cls, fail_sev);
		}
		if (spool)
			unlink(spool);
		return rc;
	}
	if (outdir || samples)
		kp_die_at(NULL, 0, 0, "-o and -s apply to -f html only; the "
		    "other formats write to standard output");

	memset(&r, 0, sizeof(r));
	if (argc == 0)
		load(&r, NULL);
	for (i = 0; i < argc; i++)
		load(&r, argv[i]);

	colour = isatty(STDOUT_FILENO) && !(getenv("NO_COLOR") &&
	    *getenv("NO_COLOR"));
	if (strcmp(format, "text") == 0)
		rc = render_text(&r, stdout, colour);
	else if (strcmp(format, "md") == 0)
		rc = render_md(&r, stdout);
	else if (strcmp(format, "csv") == 0)
		rc = render_csv(&r, stdout);
	else if (strcmp(format, "junit") == 0)
		rc = render_junit(&r, stdout);
	else if (strcmp(format, "json") == 0)
		rc = render_json(&r, stdout);
	else if (strcmp(format, "table") == 0)
		rc = render_table(&r, stdout, max_age);
	else
		kp_die_at(NULL, 0, 0, "-f %s: expected text, md, csv, junit, "
		    "json, table or html", format);
	/* the json writer checked and closed stdout itself */
	if (strcmp(format, "json") != 0)
		efshut(stdout, "<stdout>");
	if (rc == 0 && gate && failing(&r, fail_cls, fail_sev))
		rc = KP_EXIT_FINDINGS;
	return rc;
}
