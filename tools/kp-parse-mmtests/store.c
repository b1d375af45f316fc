/* store.c: a kp-fetch store (index.ndjson + objects/) or artifact
 * records on stdin, turned back into one file tree per source. */
#include <limits.h>
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
	*trees = t;
	*ntrees = nt;
}
