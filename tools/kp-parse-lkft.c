/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-parse-lkft: run and sample records from the files LKFT's MMTests
 * collector writes (Linaro test-definitions, automated/linux/mmtests/
 * collector.py), BENCHMARK<bench>_CONFIG<config>.json: the results of
 * MMTests' extract-mmtests.pl --print-json with the machine's facts.
 * Each sample's names are taken back as kp-parse-mmtests gives them
 * (lib/lkft.c).  See kp-parse-lkft(1). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "rec.h"
#include "artifacts.h"
#include "lkft.h"

static const char synopsis[] =
    "usage: kp-parse-lkft -s store\n"
    "       kp-parse-lkft file ...";

/* the options, one line each for --help, as in the man page */
static const struct kp_option options[] = {
	{ 's', NULL, "store",
	    "read the collector's files of a kp-fetch store" },
	{ 0 }
};

/* one kp-parse-lkft */
struct lkft {
	kp_w *w;
	int nbad;	/* files left out: exit 2 at the end */
	/* the runs written: the files of one job (one per benchmark)
	 * share it */
	char **runs;
	size_t nruns;
};

/* whether run was written already; remembers it */
static int
written(struct lkft *c, const char *run)
{
	size_t i;

	for (i = 0; i < c->nruns; i++)
		if (strcmp(c->runs[i], run) == 0)
			return 1;
	c->runs = kp_grow(c->runs, c->nruns, sizeof(*c->runs));
	c->runs[c->nruns++] = estrdup(run);
	return 0;
}

/* member key of object i (a dotted key walks down), or -1 */
static int
get(kp_json *d, int i, const char *key)
{
	char part[128];
	const char *dot;

	for (;;) {
		dot = strchr(key, '.');
		snprintf(part, sizeof(part), "%.*s", dot ? (int)(dot - key) :
		    (int)strlen(key), key);
		if (i < 0 || d->tok[i].type != KP_JOBJ || (i = kp_json_get(d, i, part)) < 0)
			return -1;
		if (!dot)
			return i;
		key = dot + 1;
	}
}

/* the string at key, NULL when missing or the collector's UNKNOWN */
static char *
sget(kp_json *d, int i, const char *key)
{
	const char *s;

	if ((i = get(d, i, key)) < 0 || d->tok[i].type != KP_JSTR)
		return NULL;
	s = kp_json_str(d, i);
	return *s && strcmp(s, "UNKNOWN") ? (char *)s : NULL;
}

/* a number or a string holding one (MMTests writes values as strings),
 * as its text: NULL when it is neither */
static char *
numtext(kp_json *d, int i, char *buf, size_t len)
{
	const char *raw;
	size_t n;

	if (d->tok[i].type == KP_JSTR)
		snprintf(buf, len, "%s", kp_json_str(d, i));
	else if (d->tok[i].type == KP_JNUM) {
		raw = kp_json_raw(d, i, &n);
		snprintf(buf, len, "%.*s", (int)n, raw);
	} else
		return NULL;
	return buf;
}

/* file: the collector's file to read; shown: its name in messages and
 * records (a store's source and path) */
static void
parse(struct lkft *c, const char *file, const char *shown)
{
	char *text, err[256], *end, *base, *cfg, name[1024], vb[64], sb[64], *v, *sn;
	kp_json d;
	size_t len, col;
	int res, data, op, it, vals, nrs, x, y, i;
	long long k, iters = 0;
	const char *module, *why, *opname;
	kp_run r;
	kp_sample s;
	kp_lkft l;
	double val;
	kp_extra ex[2];

	if (!(text = kp_slurp(file, &len)))
		kp_die("%s: %s", shown, strerror(errno));
	kp_json_init(&d);
	if (kp_json_parse(&d, text, len, err, sizeof(err), &col) == -1 ||
	    d.tok[0].type != KP_JOBJ) {
		kp_warn("%s:1:%zu: %s", shown, col, *err ? err : "expected a JSON object");
		c->nbad++;
		goto out;
	}
	res = get(&d, 0, "results");
	data = get(&d, res, "_ResultData");
	if (!(module = sget(&d, res, "_ModuleName")) || data < 0 ||
	    d.tok[data].type != KP_JOBJ || strncmp(module, "Extract", 7)) {
		kp_warn("%s: expected \"results\" with \"_ModuleName\" and "
		    "\"_ResultData\" (MMTests' extract-mmtests.pl --print-json)", shown);
		c->nbad++;
		goto out;
	}
	base = strrchr(shown, '/') ? strrchr(shown, '/') + 1 : (char *)shown;
	if (!(cfg = sget(&d, 0, "variables.MMTESTS_CONFIG")))
		cfg = base;
	/* the iterations: the longest operation's list */
	for (op = kp_json_first(&d, data); op >= 0 && (uint32_t)op < d.tok[data].next;
	    op = (int)d.tok[op + 1].next)
		if (d.tok[op + 1].type == KP_JARR && (long long)d.tok[op + 1].n > iters)
			iters = d.tok[op + 1].n;

	memset(&r, 0, sizeof(r));
	kp_has_range(&r.has, KP_RUN_RUN, KP_RUN_FINISH);
	kp_has_set(&r.has, KP_RUN_SRC);
	r.run_name = cfg;
	r.instance = r.host = cfg;
	r.kernel = r.uname = sget(&d, 0, "sys_info.Kernel.Version");
	r.instance_type = sget(&d, 0, "sys_info.Instance type");
	r.arch = sget(&d, 0, "sys_info.CPU.Arch");
	r.os = sget(&d, 0, "sys_info.OS.Name");
	r.framework = "mmtests";
	r.cpus.type = (i = get(&d, 0, "sys_info.CPU.Cores")) >= 0 &&
	    d.tok[i].type == KP_JNUM ? KP_JNUM : KP_JNULL;
	r.cpus.text = r.cpus.type == KP_JNUM ? numtext(&d, i, vb, sizeof(vb)) : NULL;
	r.mem_kb.type = r.dmesg_warnings.type = KP_JNULL;
	r.src = (char *)shown;
	/* the kernel image's hash, kept as the collector names it */
	r.extra = ex;
	if ((ex[0].v.text = sget(&d, 0, "sys_info.Kernel.SHA256"))) {
		ex[0].name = "kernel_sha256";
		ex[0].v.type = KP_JSTR;
		r.nextra = 1;
	}
	if (asprintf(&r.run, "%s@%s:%s", cfg, cfg, r.kernel ? r.kernel : "-") < 0)
		kp_die("out of memory");
	for (r.iter = written(c, r.run) ? iters : 0; r.iter < iters; r.iter++) {
		char key[64], sb2[64], fb[64];

		snprintf(key, sizeof(key), "times.iter-%lld.start", r.iter);
		r.start.type = (i = get(&d, 0, key)) >= 0 && d.tok[i].type == KP_JNUM ?
		    KP_JNUM : KP_JNULL;
		r.start.text = r.start.type == KP_JNUM ? numtext(&d, i, sb2, sizeof(sb2)) : NULL;
		snprintf(key, sizeof(key), "times.iter-%lld.finish", r.iter);
		r.finish.type = (i = get(&d, 0, key)) >= 0 && d.tok[i].type == KP_JNUM ?
		    KP_JNUM : KP_JNULL;
		r.finish.text = r.finish.type == KP_JNUM ? numtext(&d, i, fb, sizeof(fb)) : NULL;
		kp_rec_write(c->w, &kp_run_t, &r);
	}

	memset(&s, 0, sizeof(s));
	kp_has_range(&s.has, KP_SAMPLE_RUN, KP_SAMPLE_VALUE);
	kp_has_set(&s.has, KP_SAMPLE_SRC);
	s.run = r.run;
	s.kernel = r.kernel;
	s.instance = cfg;
	s.src = (char *)shown;
	for (op = kp_json_first(&d, data); op >= 0 && (uint32_t)op < d.tok[data].next;
	    op = (int)d.tok[op + 1].next) {
		opname = kp_json_str(&d, op);
		if (d.tok[op + 1].type != KP_JARR)
			continue;
		for (it = kp_json_first(&d, op + 1), k = 0; it >= 0 &&
		    (uint32_t)it < d.tok[op + 1].next; it = (int)d.tok[it].next, k++) {
			vals = get(&d, it, "Values");
			nrs = get(&d, it, "SampleNrs");
			if (vals < 0 || nrs < 0 || d.tok[vals].type != KP_JARR ||
			    d.tok[nrs].type != KP_JARR || d.tok[vals].n != d.tok[nrs].n) {
				kp_warn("%s: \"%s\" iteration %lld: expected \"Values\" and "
				    "\"SampleNrs\" of one length; left out", shown, opname, k);
				c->nbad++;
				continue;
			}
			for (x = kp_json_first(&d, vals), y = kp_json_first(&d, nrs); x >= 0 &&
			    (uint32_t)x < d.tok[vals].next; x = (int)d.tok[x].next,
			    y = (int)d.tok[y].next) {
				v = numtext(&d, x, vb, sizeof(vb));
				sn = numtext(&d, y, sb, sizeof(sb));
				/* the sample's name as json-to-lava.py gives it */
				snprintf(name, sizeof(name), "%s_%s_%lld_%s", module + 7,
				    opname, k, sn ? sn : "");
				for (i = 0; name[i] && name[i] != '_'; i++)
					name[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ?
					    name[i] - 'A' + 'a' : name[i]);
				errno = 0;
				val = v ? strtod(v, &end) : NAN;
				if (!v || errno || end == v || *end || !isfinite(val)) {
					kp_warn("%s: \"%s\" iteration %lld: value \"%s\" is not "
					    "a number; left out", shown, opname, k, v ? v : "");
					c->nbad++;
					continue;
				}
				if (kp_lkft_name(name, &l, &why) == -1) {
					kp_warn("%s: \"%s\": %s; left out", shown, name, why);
					c->nbad++;
					continue;
				}
				s.job = (char *)l.job;
				s.suite = (char *)l.suite;
				s.bench = (char *)l.bench;
				s.test = (char *)l.test;
				s.op = (char *)l.op;
				s.metric = (char *)l.metric;
				s.unit = (char *)l.unit;
				s.better = l.better;
				s.conc = l.conc;
				s.iter = l.iter;
				s.rep = l.rep;
				s.sub = l.sub;
				s.value = val;
				kp_rec_write(c->w, &kp_sample_t, &s);
				kp_lkft_free(&l);
			}
		}
	}
	free(r.run);
out:
	kp_json_free(&d);
	free(text);
}

/* the collector's files in a kp-fetch store: BENCHMARK*_CONFIG*.json
 * anywhere in a source, such as the output/ of LKFT's archive */
static int
collector_file(const char *path)
{
	const char *b = strrchr(path, '/');
	size_t n;

	b = b ? b + 1 : path;
	n = strlen(b);
	return strncmp(b, "BENCHMARK", 9) == 0 && strstr(b, "_CONFIG") &&
	    n > 5 && strcmp(b + n - 5, ".json") == 0;
}

int
main(int argc, char *argv[])
{
	const char *store = NULL;
	kp_artifact *a;
	char *index, *shown;
	size_t n, i, found = 0;
	struct lkft x = { 0 };
	int c;

	while ((c = kp_getopt(argc, argv, synopsis, options)) != -1)
		switch (c) {
		case 's':
			store = optarg;
			break;
		default:
			kp_usage(synopsis);
		}
	argc -= optind;
	argv += optind;
	if (!store == !argc)
		kp_usage(synopsis);
	x.w = kp_w_open(stdout, "<stdout>");
	if (store) {
		if (asprintf(&index, "%s/index.ndjson", store) < 0)
			kp_die("out of memory");
		a = kp_artifacts_read(store, index, &n);
		free(index);
		for (i = 0; i < n; i++) {
			if (!collector_file(a[i].path))
				continue;
			if (asprintf(&shown, "%s%s%s", a[i].source,
			    a[i].source[strlen(a[i].source) - 1] == '/' ? "" : "/",
			    a[i].path) < 0)
				kp_die("out of memory");
			parse(&x, a[i].file, shown);
			free(shown);
			found++;
		}
		kp_artifacts_free(a, n);
		free(a);
		if (!found) {
			kp_warn("%s: no file of LKFT's collector "
			    "(BENCHMARK<bench>_CONFIG<config>.json) in the store", store);
			x.nbad++;
		}
	} else
		for (i = 0; i < (size_t)argc; i++)
			parse(&x, argv[i], argv[i]);
	kp_w_close(x.w);
	return x.nbad ? KP_EXIT_BAD : KP_EXIT_OK;
}
