/* groupstat.c: the stat record of a group, its summary statistics and
 * the unit means at every level of replication, and its noise record
 * when it has more than one run.  kp_w_knum writes null for NAN, the
 * value of every statistic undefined for the group. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp-stats.h"

/* the group's strings are in record order, as their names in fname */
void
idfields(const Group *g, const char *scope, int upto)
{
	int i;

	kp_w_obj(out);
	kp_w_kstr(out, "type", "stat");
	kp_w_kstr(out, "scope", scope);
	for (i = 0; i <= upto; i++)
		kp_w_kstr(out, fname[i], str(g->s[i]));
}

/* the means of the units of one level (0 instance, 1 run, 2 iter,
 * 3 rep, 4 sub) into m, samples in unit order; returns their number */
static size_t
levelmeans(const Sample *s, const double *v, size_t n, int level, double *m)
{
	size_t i, start = 0, k = 0;

	for (i = 1; i <= n; i++) {
		if (i < n && sinst(&s[i]) == sinst(&s[i - 1]) && (level < 1 ||
		    (srun(&s[i]) == srun(&s[i - 1]) && (level < 2 ||
		    (s[i].iter == s[i - 1].iter && (level < 3 ||
		    (s[i].rep == s[i - 1].rep && level < 4)))))))
			continue;
		m[k++] = kp_mean(v + start, i - start);
		start = i;
	}
	return k;
}

static int
ridcmp(const void *a, const void *b)
{
	uint32_t x = srank[*(const uint32_t *)a], y = srank[*(const uint32_t *)b];

	return (x > y) - (x < y);
}

static char *subtxt;
static size_t subtxt_len, subtxt_cap;

static void
subtxt_add(const char *p, size_t len)
{
	while (subtxt_len + len > subtxt_cap) {
		subtxt_cap = subtxt_cap ? 2 * subtxt_cap : 4096;
		subtxt = erealloc(subtxt, subtxt_cap);
	}
	memcpy(subtxt + subtxt_len, p, len);
	subtxt_len += len;
}

/* "key": [the strings of ids[0..n)] */
static void
strarray(const char *key, const uint32_t *ids, size_t n)
{
	size_t i;

	kp_w_key(out, key);
	kp_w_arr(out);
	for (i = 0; i < n; i++)
		kp_w_str(out, str(ids[i]));
	kp_w_end(out);
}

/* run medians, in the order of the runs array (ids) */
static void
noise(const Group *g, const Sample *s, size_t n, const double *v, double *m,
    const uint32_t *ids, size_t nruns)
{
	double lo = INFINITY, hi = -INFINITY, med;
	size_t i, j, k;

	kp_w_obj(out);
	kp_w_kstr(out, "type", "noise");
	for (k = S_EXP; k <= S_METRIC; k++)
		kp_w_kstr(out, fname[k], str(g->s[k]));
	kp_w_kint(out, "conc", g->conc);
	kp_w_kint(out, "n_runs", (long long)nruns);
	strarray("runs", ids, nruns);
	kp_w_key(out, "run_medians");
	kp_w_arr(out);
	for (k = 0; k < nruns; k++) {
		for (i = 0, j = 0; i < n; i++)
			if (srun(&s[i]) == ids[k])
				m[j++] = v[i];
		med = kp_median_select(m, j);
		kp_w_num(out, med);
		lo = fmin(lo, med);
		hi = fmax(hi, med);
	}
	kp_w_end(out);
	kp_w_knum(out, "noise_pct", lo > 0 ? 100 * (hi / lo - 1) : NAN);
	kp_w_end(out);
}

void
group_stat(Group *g, Brief *b, double *v, double *sv, double *m, uint32_t *ids)
{
	Sample *s = S + g->off;
	size_t n = g->n, i, j, k, ninst, nruns, niters, nreps;
	double mean, sd, lo, hi, cv, med, mad;
	const char *method;

	sortunits(s, n);
	for (i = 0; i < n; i++)
		sv[i] = v[i] = s[i].v;
	kp_sort(sv, n);
	for (i = 1; i < n; i++)
		if (unitcmp(&s[i - 1], &s[i]) == 0) {
			/* name the later of the two, and the earlier */
			long lj, lk;
			const char *fj, *fk;

			j = s[i].pos > s[i - 1].pos ? i : i - 1;
			k = i + i - 1 - j;
			fj = posfile(s[j].pos, &lj);
			fk = posfile(s[k].pos, &lk);
			kp_die_at(fj, lj, 0,
			    "a second sample of %s/%s/%s[%s %s] at %lld in run "
			    "\"%s\" iter %d rep %d sub %d (the first is at "
			    "%s:%ld); expected one",
			    str(g->s[S_SUITE]), str(g->s[S_BENCH]),
			    str(g->s[S_TEST]), str(g->s[S_OP]),
			    str(g->s[S_METRIC]), g->conc, str(srun(&s[i])),
			    s[i].iter, s[i].rep, s[i].sub, fk, lk);
		}
	mean = kp_mean(v, n);
	sd = kp_sd(v, n);
	cv = mean != 0 ? sd / mean : NAN;
	med = kp_median(sv, n);

	idfields(g, "group", S_BETTER);
	kp_w_kint(out, "conc", g->conc);
	/* runs: each run lies inside one instance, so distinct neighbours */
	for (i = 0, nruns = 0; i < n; i++)
		if (i == 0 || s[i].ri != s[i - 1].ri)
			ids[nruns++] = srun(&s[i]);
	qsort(ids, nruns, sizeof(*ids), ridcmp);
	for (i = 0, j = 0; i < nruns; i++)
		if (j == 0 || ids[i] != ids[j - 1])
			ids[j++] = ids[i];
	nruns = j;
	strarray("runs", ids, nruns);
	kp_w_key(out, "instances");
	kp_w_arr(out);
	for (i = 0, ninst = 0; i < n; i++)
		if (i == 0 || sinst(&s[i]) != sinst(&s[i - 1])) {
			kp_w_str(out, str(sinst(&s[i])));
			ninst++;
		}
	kp_w_end(out);
	niters = n ? levelmeans(s, v, n, 2, m) : 0;
	nreps = n ? levelmeans(s, v, n, 3, m) : 0;
	kp_w_kint(out, "n", (long long)n);
	kp_w_kint(out, "n_dropped", (long long)g->ndrop);
	kp_w_kint(out, "n_instances", (long long)ninst);
	kp_w_kint(out, "n_runs", (long long)nruns);
	kp_w_kint(out, "n_iters", (long long)niters);
	kp_w_kint(out, "n_reps", (long long)nreps);
	kp_w_knum(out, "median", med);
	kp_w_knum(out, "mean", mean);
	kp_w_knum(out, "sd", sd);
	mad = kp_mad(sv, n);
	kp_w_knum(out, "mad", mad);
	kp_w_knum(out, "mad_scaled", 1.4826 * mad);
	kp_w_knum(out, "cv", cv);
	kp_w_knum(out, "min", n ? sv[0] : NAN);
	kp_w_knum(out, "max", n ? sv[n - 1] : NAN);
	kp_w_knum(out, "q1", kp_quantile(sv, n, 0.25));
	kp_w_knum(out, "q3", kp_quantile(sv, n, 0.75));
	kp_w_knum(out, "gmean", n ? kp_gmean(v, n) : NAN);
	kp_w_knum(out, "hmean", n ? kp_hmean(v, n) : NAN);
	ci_centre(sv, n, mean, sd, &lo, &hi, &method);
	kp_w_knum(out, "ci_low", lo);
	kp_w_knum(out, "ci_high", hi);
	kp_w_kstr(out, "ci_method", method);
	kp_w_kbool(out, "multimodal", multimodal(sv, n));
	kp_w_key(out, "per_instance");
	kp_w_arr(out);
	for (i = 0, j = 0; i <= n; i++) {
		if (n == 0 || (i < n && sinst(&s[i]) == sinst(&s[j])))
			continue;
		memcpy(m, v + j, (i - j) * sizeof(*m));
		kp_w_obj(out);
		kp_w_kstr(out, "instance", str(sinst(&s[j])));
		kp_w_kint(out, "n", (long long)(i - j));
		kp_w_knum(out, "median", kp_median_select(m, i - j));
		kp_w_knum(out, "mean", kp_mean(v + j, i - j));
		kp_w_end(out);
		j = i;
	}
	kp_w_end(out);
	/* a level whose units are single samples repeats obs.sub: format
	 * the values once (a third of the output time went to formatting) */
	subtxt_len = 0;
	subtxt_add("[", 1);
	for (i = 0; i < n; i++) {
		char buf[KP_NUMBUF];

		if (i)
			subtxt_add(",", 1);
		subtxt_add(buf, kp_fmt_num(buf, v[i]));
	}
	subtxt_add("]", 1);
	kp_w_key(out, "obs");
	kp_w_obj(out);
	for (k = 0; k < 5; k++) {
		static const char *const lname[] = { "instance", "run",
			"iter", "rep", "sub" };
		size_t nm = n && k < 4 ? levelmeans(s, v, n, (int)k, m) : n;

		kp_w_key(out, lname[k]);
		if (nm == n) {
			kp_w_raw(out, subtxt, subtxt_len);
			continue;
		}
		kp_w_arr(out);
		for (i = 0; i < nm; i++)
			kp_w_num(out, m[i]);
		kp_w_end(out);
	}
	kp_w_end(out);
	kp_w_end(out);

	b->series[0] = g->s[S_BENCH];
	b->series[1] = g->s[S_TEST];
	b->series[2] = g->s[S_OP];
	b->series[3] = g->s[S_METRIC];
	b->conc = g->conc;
	b->n = n;
	b->cv = cv;
	b->min = n ? sv[0] : NAN;
	b->max = n ? sv[n - 1] : NAN;

	if (nruns >= 2)
		noise(g, s, n, v, m, ids, nruns);
}
