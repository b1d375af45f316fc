/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pool.c: the side of a group pooled over its stat records.  Pooling
 * adds units, so the records must hold different ones: a run or an
 * instance in two of them would be counted twice. */
#include <stdlib.h>
#include <string.h>

#include "compare.h"

/* the instances of a stat: per_instance's names, else its instances */
static const char *
instname(const Stat *s, size_t i)
{
	return s->s.per_instance.n ? s->side.inst[i] :
	    s->s.instances.v[i];
}

static size_t
ninst(const Stat *s)
{
	return s->s.per_instance.n ? s->s.per_instance.n : s->s.instances.n;
}

/* each run and instance of s[0..n) in one of them only */
static void
disjoint(Stat **s, size_t n, const char *side)
{
	kp_strmap *m = kp_strmap_new();
	size_t i, j, *of = NULL, nof = 0, k;
	const char *what;
	char buf[512];
	int isnew;

	for (i = 0; i < n; i++)
		for (j = 0; j < s[i]->s.runs.n + ninst(s[i]); j++) {
			what = j < s[i]->s.runs.n ? "run" : "instance";
			k = kp_strmap_addv(m, &isnew, what, j < s[i]->s.runs.n ?
			    s[i]->s.runs.v[j] : instname(s[i], j - s[i]->s.runs.n), NULL);
			if (isnew) {
				of = kp_grow(of, nof++, sizeof(*of));
				of[k] = i;
			} else if (of[k] != i)
				kp_die_at(s[i]->file, s[i]->line, 0, "the %s of %s pools "
				    "this stat record with the one at %s:%ld, and both "
				    "hold %s \"%s\"; expected each unit in one record",
				    side, stat_name(s[i], buf, sizeof(buf)),
				    s[of[k]]->file, s[of[k]]->line, what,
				    j < s[i]->s.runs.n ? s[i]->s.runs.v[j] :
				    instname(s[i], j - s[i]->s.runs.n));
		}
	free(of);
	kp_strmap_free(m);
}

void
pool_side(Stat **s, size_t n, Side *out, const char *side)
{
	size_t i, l, k;
	double *v;

	if (n == 1) {
		*out = s[0]->side;
		return;
	}
	disjoint(s, n, side);
	memset(out, 0, sizeof(*out));
	out->better = s[0]->side.better;
	for (l = 0; l < NLV; l++) {
		for (i = 0; i < n; i++)
			out->nobs[l] += s[i]->side.nobs[l];
		out->obs[l] = ereallocarray(NULL, out->nobs[l] + 1, sizeof(double));
		for (i = 0, k = 0; i < n; i++) {
			if (s[i]->side.nobs[l] == 0)
				continue;	/* its obs is NULL, which memcpy may not take */
			memcpy(out->obs[l] + k, s[i]->side.obs[l],
			    s[i]->side.nobs[l] * sizeof(double));
			k += s[i]->side.nobs[l];
		}
	}
	/* instances only when every record names its instances */
	for (i = 0; i < n && s[i]->side.ninst == s[i]->side.nobs[LV_INSTANCE]; i++)
		;
	if (i == n) {
		out->inst = ereallocarray(NULL, out->nobs[LV_INSTANCE] + 1, sizeof(char *));
		out->instloc = ereallocarray(NULL, out->nobs[LV_INSTANCE] + 1, sizeof(double));
		for (i = 0; i < n; i++)
			for (k = 0; k < s[i]->side.ninst; k++) {
				out->inst[out->ninst] = s[i]->side.inst[k];
				out->instloc[out->ninst++] = s[i]->side.instloc[k];
			}
	}
	k = out->nobs[LV_SUB];
	v = ereallocarray(NULL, k + 1, sizeof(*v));
	memcpy(v, out->obs[LV_SUB], k * sizeof(*v));
	kp_sort(v, k);
	out->median = kp_median(v, k);
	out->mean = kp_mean(v, k);
	out->cv = kp_sd(v, k) / out->mean;
	free(v);
}
