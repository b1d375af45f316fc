/* kp-classify: decide what each comparison means: regression,
 * improvement, no change or uncertain, with a severity and a score.
 * Every rule is in kp-classify(1). */
#include <err.h>
#include <fnmatch.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "dist.h"
#include "strmap.h"
#include "classify.h"

/* A job's CPU seconds and wall-clock seconds in one run and iteration:
 * their ratio is the share of the machine the benchmark got. */
typedef struct {
	double cpu, elapsed;
	size_t next;	/* the next of the same run and job, SIZE_MAX: none */
} Cpu;

typedef struct {
	char *line, *file;
	size_t len;
	long lineno;
} Held;

/* Looked up once per cmp record, so by hash, not by a scan of them all:
 * the noise learned for a measurement (key, suite, bench, test, op,
 * metric, conc), and the runstat records of a run and job in the order
 * read, a chain from cpufirst through Cpu.next. */
static kp_strmap *noisemap;
static double *noise;
static unsigned char *noise_hist;	/* the largest came from history */
static kp_strmap *cpumap;
static size_t *cpufirst, *cpulast;
static Cpu *cpus;
static size_t ncpus;
static Held *held;
static size_t nheld;
static Config cf;
static int gate;
static double gate_pct;

static void
usage(void)
{
	fprintf(stderr, "usage: kp-classify [-D] [-c file] [-P profile] [-T pct] [file ...]\n");
	exit(KP_EXIT_BAD);
}

static char *
measurement(kp_json *d, int withkey)
{
	char buf[1024];

	snprintf(buf, sizeof(buf), "%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%lld",
	    withkey ? kp_req_str(d, "key") : "", kp_req_str(d, "suite"),
	    kp_req_str(d, "bench"), kp_req_str(d, "test"), kp_req_str(d, "op"),
	    kp_req_str(d, "metric"), kp_req_int(d, "conc"));
	return estrdup(buf);
}

/* room for element n of an array whose capacity is the power of 2 at
 * or above its length: growing by one at a time is quadratic under a
 * realloc that always copies (AddressSanitizer's) */
static void *
grow(void *p, size_t n, size_t size)
{
	if (n & (n - 1))
		return p;
	return ereallocarray(p, n ? 2 * n : 1, size);
}

static void
readfile(const char *path, kp_w *w)
{
	kp_in *in = kp_in_open(path);
	kp_json d;
	const char *type;
	Held *h;
	double u, s, e, pct;
	const char *run, *job;
	char *id;
	size_t k;
	int isnew;

	kp_json_init(&d);
	while (kp_rec_next(in, &d)) {
		type = kp_rec_type(&d);
		if (strcmp(type, "cmp") == 0) {
			/* held to the end: noise and runstat records may follow */
			held = grow(held, nheld, sizeof(*held));
			h = &held[nheld++];
			h->line = estrndup(d.text, d.len);
			h->len = d.len;
			h->file = estrdup(kp_in_name(in));
			h->lineno = d.line;
			continue;
		}
		kp_w_line(w, d.text, d.len);
		if (strcmp(type, "noise") == 0) {
			/* of several for one measurement, the largest */
			id = measurement(&d, 1);
			pct = kp_req_num(&d, "noise_pct");
			k = kp_strmap_add(noisemap, id, strlen(id), &isnew);
			if (isnew) {
				noise = grow(noise, k, sizeof(*noise));
				noise_hist = grow(noise_hist, k, 1);
				noise[k] = NAN;
			}
			if (!(pct <= noise[k])) {
				noise[k] = pct;
				/* learned from the lab's history (kp-trend), or
				 * from reruns of one kernel (kp-stats) */
				noise_hist[k] = strcmp(kp_opt_str(&d, "source", "reruns"),
				    "history") == 0;
			}
			free(id);
		} else if (strcmp(type, "runstat") == 0) {
			u = kp_opt_num(&d, "user_s", NAN);
			s = kp_opt_num(&d, "sys_s", NAN);
			e = kp_opt_num(&d, "elapsed_s", NAN);
			if (isnan(u) || isnan(s) || !(e > 0))
				continue;
			run = kp_req_str(&d, "run");
			job = kp_req_str(&d, "job");
			k = kp_strmap_addv(cpumap, &isnew, run, job, NULL);
			if (isnew) {
				cpufirst = grow(cpufirst, k, sizeof(*cpufirst));
				cpulast = grow(cpulast, k, sizeof(*cpulast));
				cpufirst[k] = ncpus;
			} else
				cpus[cpulast[k]].next = ncpus;
			cpulast[k] = ncpus;
			cpus = grow(cpus, ncpus, sizeof(*cpus));
			cpus[ncpus].cpu = u + s;
			cpus[ncpus].elapsed = e;
			cpus[ncpus++].next = SIZE_MAX;
		}
	}
	kp_json_free(&d);
	kp_in_close(in);
}

/* The share of the machine a side's runs gave the job: CPU seconds over
 * wall-clock seconds, summed over its runs and iterations; NAN unless every
 * run has its runstat.  A share, not CPU time, because a fixed-work
 * benchmark on a faster kernel needs less CPU time without being starved,
 * while a fixed-time one that is starved gets less in the same time. */
static double
sideshare(kp_json *d, const char *key, const char *job)
{
	int arr = kp_json_get(d, 0, key), e;
	double cpu = 0, el = 0;
	size_t n = 0, i;
	const char *run;
	long k;

	if (arr < 0 || d->tok[arr].type != KP_JARR)
		kp_rec_die(d, arr, "expected an array of runs for \"%s\"", key);
	for (e = kp_json_first(d, arr); e >= 0 && n < d->tok[arr].n; e = (int)d->tok[e].next) {
		if (!(run = kp_json_str(d, e)))
			kp_rec_die(d, e, "expected a string in \"%s\"", key);
		if ((k = kp_strmap_findv(cpumap, run, job, NULL)) < 0)
			return NAN;
		for (i = cpufirst[k]; i != SIZE_MAX; i = cpus[i].next) {
			cpu += cpus[i].cpu;
			el += cpus[i].elapsed;
		}
		n++;
	}
	return n && el > 0 ? cpu / el : NAN;
}

static double
optnum(kp_json *d, const char *key)
{
	return kp_opt_num(d, key, NAN);
}

static double
clamp01(double x)
{
	return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* The score table of kp-classify(1): each part grows with the evidence
 * and none falls when another grows, so the score is monotone. */
static double
score(double q, double change, double g, int tested, double cv, double max_cv)
{
	double s = 0;

	if (!isnan(q))
		s += 40 * clamp01(-log10(fmax(q, 1e-300)) / 3);
	if (!isnan(change))
		s += 30 * clamp01(fabs(change) / 20);
	if (!isnan(g))
		s += 20 * clamp01(fabs(g) / 2);
	else if (tested)
		s += 20;	/* no spread at all: an unbounded effect */
	if (!isnan(cv))
		s += 10 * (1 - clamp01(cv / max_cv));
	return round(s * 10) / 10;
}

static const char *
band(double s, int cap)
{
	const char *b = s >= cf.red ? "red" : s >= cf.yellow ? "yellow" : "green";

	if (cap && strcmp(b, "red") == 0)
		b = "yellow";
	return b;
}

static void
classify(Held *h, kp_w *w)
{
	static const char *const skip[] = { "class", "severity", "score", "reason",
		"need_n", NULL };
	kp_json d;
	char err[256], reason[256], buf[64], *id, name[1024];
	size_t col, i, nb, nt;
	double p, q, change, g, cvb, cvt, cv, lo, hi, floor, mc, mabs, learned = NAN;
	double absd, sc, cb, ct, sd, delta, z, need = NAN;
	const char *cls, *sev = "none", *level, *job;
	int worse, single, sig, big, cap = 0, tested, lim, hist = 0;
	size_t r;
	long ni;

	kp_json_init(&d);
	if (kp_json_parse(&d, h->line, h->len, err, sizeof(err), &col) < 0)
		kp_die_at(h->file, h->lineno, (long)col, "%s", err);
	d.file = h->file;
	d.line = h->lineno;
	p = optnum(&d, "p");
	q = optnum(&d, "q");
	change = optnum(&d, "change_pct");
	g = optnum(&d, "hedges_g");
	cvb = optnum(&d, "base_cv");
	cvt = optnum(&d, "target_cv");
	lo = optnum(&d, "ci_low_pct");
	hi = optnum(&d, "ci_high_pct");
	absd = fabs(optnum(&d, "target_median") - optnum(&d, "base_median"));
	level = kp_req_str(&d, "obs_level");
	nb = (size_t)kp_req_int(&d, "n_base");
	nt = (size_t)kp_req_int(&d, "n_target");
	i = (size_t)kp_json_get(&d, 0, "worse");
	if ((int)i < 0 || (d.tok[i].type != KP_JTRUE && d.tok[i].type != KP_JFALSE))
		kp_rec_die(&d, (int)i, "expected a boolean \"worse\"");
	worse = d.tok[i].type == KP_JTRUE;
	job = kp_req_str(&d, "job");
	cv = fmax(isnan(cvb) ? 0 : fabs(cvb), isnan(cvt) ? 0 : fabs(cvt));
	if (isnan(cvb) && isnan(cvt))
		cv = NAN;
	tested = !isnan(p);
	single = strcmp(level, "instance") && strcmp(level, "run");
	sig = !isnan(q) && q < cf.alpha;

	/* the measurement's rule: first pattern that matches */
	snprintf(name, sizeof(name), "%s/%s/%s/%s/%s", kp_req_str(&d, "suite"),
	    kp_req_str(&d, "bench"), kp_req_str(&d, "test"), kp_req_str(&d, "op"),
	    kp_req_str(&d, "metric"));
	floor = cf.noise_floor_pct;
	mc = cf.min_change_pct;
	mabs = cf.min_abs;
	for (r = 0; r < cf.nrules; r++)
		if (fnmatch(cf.rules[r].pattern, name, 0) == 0) {
			if (!isnan(cf.rules[r].noise_floor_pct))
				floor = cf.rules[r].noise_floor_pct;
			if (!isnan(cf.rules[r].min_change_pct))
				mc = cf.rules[r].min_change_pct;
			if (!isnan(cf.rules[r].min_abs))
				mabs = cf.rules[r].min_abs;
			break;
		}
	id = measurement(&d, 1);
	if ((ni = kp_strmap_find(noisemap, id, strlen(id))) >= 0) {
		learned = noise[ni];
		hist = noise_hist[ni];
	}
	free(id);
	if (!isnan(learned))
		floor = fmax(learned, cf.min_noise_floor_pct);
	big = !isnan(change) && fabs(change) >= mc && !(absd < mabs);
	sc = score(q, change, g, tested, cv, cf.max_cv);

	/* need_n: units per side for the power asked at alpha, to detect the
	 * larger of the observed change and the minimum change, with the
	 * unit spread the confidence interval implies */
	if (!isnan(lo) && !isnan(hi) && lo > -100 && nb > 0 && nt > 0) {
		z = kp_norm_quantile(1 - cf.alpha / 2) + kp_norm_quantile(cf.power);
		sd = (log1p(hi / 100) - log1p(lo / 100)) / (2 * kp_norm_quantile(0.975)) /
		    sqrt(1 / (double)nb + 1 / (double)nt);
		delta = fmax(isnan(change) ? 0 : fabs(log1p(change / 100)), log1p(mc / 100));
		need = fmax(2, ceil(2 * z * z * sd * sd / (delta * delta)));
	}

	if (gate) {
		int units2 = nb >= 2 && nt >= 2 && tested;

		if (!isnan(change) && fabs(change) > gate_pct && (!units2 || sig)) {
			cls = worse ? "regression" : "improvement";
			sev = worse ? "red" : "green";
			snprintf(reason, sizeof(reason), "gate:%s;change>%g%%",
			    units2 ? "significant" : "threshold-only", gate_pct);
		} else if (!isnan(change) && fabs(change) > gate_pct) {
			cls = "uncertain";
			snprintf(reason, sizeof(reason), "gate:not-significant;change>%g%%", gate_pct);
		} else {
			cls = "no-change";
			snprintf(reason, sizeof(reason), "gate:%schange<=%g%%",
			    units2 ? "" : "threshold-only;", gate_pct);
		}
	} else if (!tested) {
		cls = "uncertain";
		snprintf(reason, sizeof(reason), "%stoo-few-samples",
		    single ? "single-run:" : "");
	} else if (single) {
		/* one run per side: the test saw only noise inside a run */
		cap = 1;
		snprintf(buf, sizeof(buf), "noise-floor(%g%%%s)", round(floor * 10) / 10,
		    isnan(learned) ? "" : hist ? ",learned-from-history" : ",learned");
		if (fabs(change) > floor && sig && big) {
			cls = worse ? "regression" : "improvement";
			snprintf(reason, sizeof(reason), "single-run:significant;change>%s", buf);
		} else if (fabs(change) > floor) {
			cls = "uncertain";
			snprintf(reason, sizeof(reason), "single-run:not-significant;change>%s", buf);
		} else if (sig && big) {
			cls = "uncertain";
			snprintf(reason, sizeof(reason), "single-run:below-%s", buf);
		} else {
			cls = "no-change";
			snprintf(reason, sizeof(reason), "single-run:not-significant;below-%s", buf);
		}
	} else if (sig && big && !(fabs(g) < cf.min_effect)) {
		cls = worse ? "regression" : "improvement";
		snprintf(reason, sizeof(reason), "significant;change>%g%%", mc);
	} else if (sig && big) {
		cls = "uncertain";
		snprintf(reason, sizeof(reason), "significant;small-effect(g<%g)", cf.min_effect);
	} else if (sig) {
		cls = "no-change";
		snprintf(reason, sizeof(reason), "significant;change<%g%%", mc);
	} else if (lo >= -mc && hi <= mc) {
		cls = "no-change";
		snprintf(reason, sizeof(reason), "not-significant;ci-within-%g%%", mc);
	} else {
		cls = "uncertain";
		snprintf(reason, sizeof(reason), "not-significant;ci-wide");
	}
	/* kp-hist: a quantile shift inside one bucket is below what the
	 * bucketing can resolve, whatever change_pct says */
	lim = kp_json_get(&d, 0, "resolution_limited");
	if (lim >= 0 && d.tok[lim].type == KP_JTRUE &&
	    (strcmp(cls, "regression") == 0 || strcmp(cls, "improvement") == 0)) {
		cls = "uncertain";
		sev = "none";
		memmove(reason + 19, reason, sizeof(reason) - 19);
		memcpy(reason, "resolution-limited;", 19);
		reason[sizeof(reason) - 1] = '\0';
	}
	if (!gate && !isnan(cv) && cv > cf.max_cv && strcmp(cls, "regression") == 0) {
		cap = 1;
		snprintf(buf, sizeof(buf), ";unstable(cv>%g%%)", 100 * cf.max_cv);
		strncat(reason, buf, sizeof(reason) - strlen(reason) - 1);
	}
	/* starvation looks like a regression: say so, and never call it red */
	cb = sideshare(&d, "base_runs", job);
	ct = sideshare(&d, "target_runs", job);
	if (cb > 0 && !isnan(ct) && ct / cb < cf.interference_ratio) {
		snprintf(buf, sizeof(buf), ";interference:target-cpu-share-%.0f%%-of-baseline",
		    100 * ct / cb);
		strncat(reason, buf, sizeof(reason) - strlen(reason) - 1);
		if (!gate)
			cap = 1;
	}
	if (!gate) {
		if (strcmp(cls, "regression") == 0)
			sev = band(sc, cap);
		else if (strcmp(cls, "improvement") == 0)
			sev = "green";
	}

	kp_w_copy_obj(w, &d, skip);
	kp_w_kstr(w, "class", cls);
	kp_w_kstr(w, "severity", sev);
	kp_w_knum(w, "score", sc);
	kp_w_kstr(w, "reason", reason);
	if (strcmp(cls, "uncertain") == 0 && !isnan(need))
		kp_w_kint(w, "need_n", (long long)need);
	else
		kp_w_knull(w, "need_n");
	kp_w_end(w);
	kp_json_free(&d);
}

int
main(int argc, char *argv[])
{
	kp_w *w;
	const char *cfile = NULL, *profile = "default", *tpct = NULL, *env;
	char *end;
	int c, dump = 0, i;
	size_t k;

	while ((c = getopt(argc, argv, "Dc:P:T:")) != -1) {
		switch (c) {
		case 'D':
			dump = 1;
			break;
		case 'c':
			cfile = optarg;
			break;
		case 'P':
			profile = optarg;
			break;
		case 'T':
			tpct = optarg;
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	config_default(&cf);
	if (cfile)
		config_read(&cf, cfile);
	if (dump) {
		config_print(&cf);
		efshut(stdout, "<stdout>");
		return KP_EXIT_OK;
	}
	if (strcmp(profile, "gate") == 0)
		gate = 1;
	else if (strcmp(profile, "default"))
		errx(KP_EXIT_BAD, "unknown profile \"%s\": expected default or gate", profile);
	gate_pct = cf.gate_threshold_pct;
	if (!tpct && (env = getenv("KP_GATE_THRESHOLD")) && *env)
		tpct = env;
	if (tpct) {
		gate_pct = strtod(tpct, &end);
		if (*end || !(gate_pct >= 0) || isinf(gate_pct))
			errx(KP_EXIT_BAD, "bad threshold \"%s\": expected a percentage >= 0", tpct);
	}
	w = kp_w_open(stdout, "<stdout>");
	noisemap = kp_strmap_new();
	cpumap = kp_strmap_new();
	if (argc == 0)
		readfile("-", w);
	for (i = 0; i < argc; i++)
		readfile(argv[i], w);
	for (k = 0; k < nheld; k++)
		classify(&held[k], w);
	kp_w_close(w);
	return KP_EXIT_OK;
}
