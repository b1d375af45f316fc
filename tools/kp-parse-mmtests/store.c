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

/* Paths come from records: one with "..", an absolute path or an empty
 * component would let an index name files outside its source. */
static int
safepath(const char *p)
{
	const char *s;

	if (!*p || *p == '/')
		return 0;
	for (s = p; *s; ) {
		size_t n = strcspn(s, "/");
		if (n == 0 || (n == 1 && s[0] == '.') || (n == 2 && s[0] == '.' && s[1] == '.'))
			return 0;
		s += n;
		if (*s)
			s++;
	}
	return s[-1] != '/';
}

static int
cmpseq(const void *a, const void *b)
{
	const vfile *x = a, *y = b;
	int c = strcmp(x->rel, y->rel);

	return c ? c : (x->seq > y->seq) - (x->seq < y->seq);
}

/* The next record of an index.  kp-fetch appends each record in one write
 * under a lock, so only a crash mid-write leaves an unreadable line; like
 * kp-fetch, skip it with a warning instead of refusing the whole store.
 * Records on stdin come from a pipe and stay strict. */
static int
next_record(kp_in *in, kp_json *d, int tolerant)
{
	char *line, err[256];
	size_t len, col;

	if (!tolerant)
		return kp_rec_next(in, d);
	while ((line = kp_in_line(in, &len))) {
		if (strspn(line, " \t") == len)
			continue;
		if (kp_json_parse(d, line, len, err, sizeof(err), &col) == 0 &&
		    d->tok[0].type == KP_JOBJ) {
			d->file = kp_in_name(in);
			d->line = kp_in_lineno(in);
			return 1;
		}
		kp_warn_at(kp_in_name(in), kp_in_lineno(in), (long)col,
		    "unreadable record skipped (torn by a crash?): %s", err);
	}
	return 0;
}

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
			seen = ereallocarray(seen, nseen + 1, sizeof(*seen));
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

/* store: the store directory given as an argument, or NULL when the
 * records come from stdin and carry their own "store" */
void
store_read(const char *store, const char *index, vtree ***trees, size_t *ntrees)
{
	kp_in *in = kp_in_open(index);
	kp_json d;
	vtree **t = *trees, *cur;
	size_t nt = *ntrees, i, first = *ntrees;
	const char *type, *source, *path, *object, *st;
	char real[PATH_MAX];
	size_t seq = 0;

	kp_json_init(&d);
	while (next_record(in, &d, store != NULL)) {
		type = kp_rec_type(&d);
		if (strcmp(type, "artifact") != 0)
			continue;	/* other records are not files */
		source = kp_req_str(&d, "source");
		path = kp_req_str(&d, "path");
		if (!safepath(path))
			kp_rec_die(&d, kp_json_get(&d, 0, "path"),
			    "\"path\" must be a relative path without \".\" or \"..\" components");
		object = kp_req_str(&d, "object");
		if (!safepath(object))
			kp_rec_die(&d, kp_json_get(&d, 0, "object"),
			    "\"object\" must be a path relative to the store");
		st = store ? store : kp_req_str(&d, "store");
		if ((size_t)snprintf(real, sizeof(real), "%s/%s", st, object) >= sizeof(real))
			kp_rec_die(&d, -1, "path too long");
		for (cur = NULL, i = first; i < nt; i++)
			if (!strcmp(t[i]->name, source))
				cur = t[i];
		if (!cur) {
			t = ereallocarray(t, nt + 1, sizeof(*t));
			cur = t[nt++] = ecalloc(1, sizeof(*cur));
			cur->name = estrdup(source);
			cur->shown = estrdup(source);
			cur->store = 1;
		}
		vt_add(cur, path, real, real);
		cur->f[cur->n - 1].seq = seq++;
	}
	kp_json_free(&d);
	kp_in_close(in);
	/* a later record for the same path supersedes an earlier one:
	 * sort by (path, position in the index) and keep the last of each */
	for (i = first; i < nt; i++) {
		vtree *v = t[i];
		size_t a, b;

		qsort(v->f, v->n, sizeof(*v->f), cmpseq);
		for (a = 0, b = 0; a < v->n; a++) {
			if (b && !strcmp(v->f[b - 1].rel, v->f[a].rel)) {
				free(v->f[b - 1].rel);
				free(v->f[b - 1].real);
				free(v->f[b - 1].shown);
			} else {
				b++;
			}
			v->f[b - 1] = v->f[a];
		}
		v->n = b;
	}
	nt = dedupe(t, first, nt);
	*trees = t;
	*ntrees = nt;
}
