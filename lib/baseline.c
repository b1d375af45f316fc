/* SPDX-License-Identifier: GPL-2.0-or-later */
/* baseline.c: the default baseline of each kernel of a key; the policy
 * is in select.h and kp-compare(1). */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "select.h"

/* release indexes by version, then by index (first named first) */
static int
byversion(const void *a, const void *b, void *kv)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int c = kp_kver_cmp(&((kp_kver *)kv)[x], &((kp_kver *)kv)[y]);

	return c ? c : (x > y) - (x < y);
}

/* a tag as git names it: no commits after it, no local changes or part */
static int
istag(const kp_kver *v)
{
	return v->commits == 0 && !v->dirty && v->local[0] == '\0';
}

/* the release candidate tag a build is on top of (v6.18-rc3 of
 * 6.18.0-rc3-00042-gabcdef012, v6.18-rc3-dirty or 6.18.0-rc3-foo):
 * the last named of the rc tags[0..n) sorted by version, or -1 */
static long
rcbase(const kp_kver *kv, const size_t *tag, size_t n, const kp_kver *ki)
{
	kp_kver t = *ki;
	size_t lo = 0, hi = n, mid;

	t.commits = t.dirty = 0;
	t.local[0] = t.sha[0] = '\0';
	/* the first tag after t's version: the one before it is t's */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (kp_kver_cmp(&kv[tag[mid]], &t) <= 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 && kp_kver_cmp(&kv[tag[lo - 1]], &t) == 0 ? (long)tag[lo - 1] : -1;
}

void
kp_baselines(char *const *kern, size_t n, long *base, int *why)
{
	kp_kver *kv = ecalloc(n + 1, sizeof(*kv)), *ki;
	size_t *rel = ecalloc(n + 1, sizeof(*rel)), nrel, lo, hi, mid, i, j, best;
	size_t *rct = ecalloc(n + 1, sizeof(*rct)), nrct = 0;
	int *isbase = ecalloc(n + 1, sizeof(int)), *ok = ecalloc(n + 1, sizeof(int));
	int ontop;

	for (i = 0, nrel = 0; i < n; i++) {
		base[i] = -1;
		why[i] = KP_BASE_OK;
		if (kp_kver_parse(kern[i], &kv[i]) < 0)
			why[i] = KP_BASE_UNORDERED;
		else {
			ok[i] = 1;
			if (kp_kver_is_release(&kv[i]))
				rel[nrel++] = i;
			else if (kv[i].rc > 0 && istag(&kv[i]))
				rct[nrct++] = i;
		}
	}
	qsort_r(rel, nrel, sizeof(*rel), byversion, kv);
	qsort_r(rct, nrct, sizeof(*rct), byversion, kv);
	for (i = 0; i < n; i++) {
		if (!ok[i])
			continue;
		ki = &kv[i];
		/* a build on top of an rc: what its own commits changed */
		if (ki->rc > 0 && !istag(ki) && (base[i] = rcbase(kv, rct, nrct, ki)) >= 0) {
			isbase[base[i]] = 1;
			continue;
		}
		ontop = ki->rc == 0 && !kp_kver_is_release(ki);
		/* rel[lo] is the first release of i's major.minor or later */
		for (lo = 0, hi = nrel; lo < hi;) {
			mid = lo + (hi - lo) / 2;
			if (kv[rel[mid]].major < ki->major || (kv[rel[mid]].major == ki->major &&
			    kv[rel[mid]].minor < ki->minor))
				lo = mid + 1;
			else
				hi = mid;
		}
		best = n;
		if (ontop) {
			for (j = lo; j < nrel && kv[rel[j]].major == ki->major &&
			    kv[rel[j]].minor == ki->minor; j++)
				if (rel[j] != i && (best == n || rel[j] > best))
					best = rel[j];
		} else if (lo > 0) {
			for (j = lo - 1; j > 0 && kp_kver_cmp(&kv[rel[j - 1]],
			    &kv[rel[lo - 1]]) == 0; j--)
				;
			best = rel[j];
		}
		if (best == n)
			continue;
		base[i] = (long)best;
		isbase[best] = 1;
	}
	for (i = 0; i < n; i++)
		if (ok[i] && base[i] < 0 && !isbase[i])
			why[i] = kv[i].rc == 0 && !kp_kver_is_release(&kv[i]) ?
			    KP_BASE_NO_RELEASE : KP_BASE_NO_EARLIER;
	free(kv);
	free(rel);
	free(rct);
	free(isbase);
	free(ok);
}
