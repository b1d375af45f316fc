/* SPDX-License-Identifier: GPL-2.0-or-later */
/* store.c: a kp-fetch store (index.ndjson + objects/) or artifact
 * records on stdin, turned back into one file tree per source.  A run
 * that came through several sources (a directory and a tarball of it)
 * is read once: its files are compared by content, not by path. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pm.h"
#include "artifacts.h"

/* Does rel name a file that marks its directory as a run: rel is
 * D/mmtests-activity or D/iter-N/tests-activity (as MMTests finds runs)?
 * *dlen gets the length of D ("" for the source's top). */
static int
runmark(const char *rel, size_t *dlen)
{
	const char *base = strrchr(rel, '/'), *it;

	base = base ? base + 1 : rel;
	if (!strcmp(base, "mmtests-activity")) {
		*dlen = base > rel ? (size_t)(base - rel - 1) : 0;
		return 1;
	}
	if (strcmp(base, "tests-activity") || base == rel)
		return 0;
	for (it = base - 1; it > rel && it[-1] != '/'; it--)
		;
	if (strncmp(it, "iter-", 5) || strspn(it + 5, "0123456789") !=
	    (size_t)(base - 1 - it - 5) || base - 1 - it == 5)
		return 0;
	*dlen = it > rel ? (size_t)(it - rel - 1) : 0;
	return 1;
}

/* the files of t below dir (all of t when dir is ""): t is sorted, so
 * they are the run [*lo, *hi) */
static void
below(const vtree *t, const char *dir, size_t *lo, size_t *hi)
{
	size_t n = strlen(dir), i;

	for (i = 0; i < t->n && (n && (strncmp(t->f[i].rel, dir, n) < 0 ||
	    (strncmp(t->f[i].rel, dir, n) == 0 && t->f[i].rel[n] < '/'))); i++)
		;
	*lo = i;
	while (i < t->n && (!n || (strncmp(t->f[i].rel, dir, n) == 0 &&
	    t->f[i].rel[n] == '/')))
		i++;
	*hi = i;
}

/* what a run directory holds: the SHA-256 of each file's path below it
 * and its object (whose name is the SHA-256 of its content) */
static void
fingerprint(const vtree *t, size_t lo, size_t hi, size_t dlen, char out[65])
{
	unsigned char md[32];
	char *text = NULL;
	size_t len = 0, i;
	FILE *fp = open_memstream(&text, &len);
	const char *obj;

	if (!fp)
		kp_die_at(NULL, 0, 0, "open_memstream: %s", strerror(errno));
	for (i = lo; i < hi; i++) {
		obj = strrchr(t->f[i].real, '/');
		fprintf(fp, "%s%c%s\n", t->f[i].rel + dlen + !!dlen, 0,
		    obj ? obj + 1 : t->f[i].real);
	}
	if (fclose(fp) != 0)
		kp_die_at(NULL, 0, 0, "open_memstream: %s", strerror(errno));
	kp_sha256(text, len, md);
	kp_hex(md, 32, out);
	free(text);
}

struct seenrun {
	char print[65];
	const vtree *t;
	char *dir;
};

/* drop from trees [first, nt) every run directory whose files are those
 * of a run directory seen before, naming both, and a tree left with no
 * run; returns the new number of trees */
static size_t
dedupe(vtree **t, size_t first, size_t nt)
{
	struct seenrun *seen = NULL;
	size_t nseen = 0, i, j, k, lo, hi, dlen, keep = first;
	char print[65], *dir;
	int dropped, runs;
	vtree *v;

	for (i = first; i < nt; i++) {
		v = t[i];
		dropped = runs = 0;
		for (j = 0; j < v->n; j++) {
			if (!runmark(v->f[j].rel, &dlen))
				continue;
			dir = estrndup(v->f[j].rel, dlen);
			below(v, dir, &lo, &hi);
			fingerprint(v, lo, hi, dlen, print);
			for (k = 0; k < nseen; k++)
				if (!strcmp(seen[k].print, print))
					break;
			if (k < nseen && (seen[k].t != v || strcmp(seen[k].dir, dir))) {
				kp_warn_at(v->name, 0, 0, "%s: the same files as "
				    "%s: %s; read once", *dir ? dir : ".",
				    seen[k].t->name, *seen[k].dir ? seen[k].dir : ".");
				for (k = lo; k < hi; k++) {
					free(v->f[k].rel);
					free(v->f[k].real);
					free(v->f[k].shown);
				}
				memmove(v->f + lo, v->f + hi, (v->n - hi) * sizeof(*v->f));
				v->n -= hi - lo;
				j = lo - 1;	/* wraps to 0 on j++ when lo is 0 */
				dropped = 1;
				free(dir);
				continue;
			}
			runs = 1;
			if (k < nseen) {	/* its second mark */
				free(dir);
				continue;
			}
			seen = kp_grow(seen, nseen, sizeof(*seen));
			memcpy(seen[nseen].print, print, 65);
			seen[nseen].t = v;
			seen[nseen++].dir = dir;
		}
		if (dropped && !runs)
			vt_free(v);	/* every run of it was read elsewhere */
		else
			t[keep++] = v;
	}
	for (k = 0; k < nseen; k++)
		free(seen[k].dir);
	free(seen);
	return keep;
}

/* a tree and the first record of its source */
struct first {
	size_t seq;
	vtree *t;
};

static int
cmpfirst(const void *x, const void *y)
{
	size_t a = ((const struct first *)x)->seq, b = ((const struct first *)y)->seq;

	return (a > b) - (a < b);
}

/* store: the store directory given as an argument, or NULL when the
 * records come from stdin and carry their own "store" */
void
store_read(const char *store, const char *index, vtree ***trees, size_t *ntrees)
{
	struct first *fs = NULL;
	kp_artifact *a;
	vtree **t = *trees;
	size_t na, nf = 0, nt = *ntrees, first = *ntrees, i;

	a = kp_artifacts_read(store, index, &na);
	for (i = 0; i < na; i++) {
		if (i == 0 || strcmp(a[i].source, a[i - 1].source)) {
			fs = kp_grow(fs, nf, sizeof(*fs));
			fs[nf].t = ecalloc(1, sizeof(vtree));
			fs[nf].t->name = estrdup(a[i].source);
			fs[nf].t->shown = estrdup(a[i].source);
			fs[nf].t->store = 1;
			fs[nf++].seq = a[i].seq;
		}
		/* artifacts come sorted by path: the tree is sorted */
		vt_add(fs[nf - 1].t, a[i].path, a[i].file, a[i].file);
		if (a[i].seq < fs[nf - 1].seq)
			fs[nf - 1].seq = a[i].seq;
	}
	kp_artifacts_free(a, na);
	free(a);
	/* the trees in the order their sources first appear */
	if (nf)
		qsort(fs, nf, sizeof(*fs), cmpfirst);
	t = ereallocarray(t, nt + nf + 1, sizeof(*t));
	for (i = 0; i < nf; i++)
		t[nt++] = fs[i].t;
	free(fs);
	nt = dedupe(t, first, nt);
	*trees = t;
	*ntrees = nt;
}
