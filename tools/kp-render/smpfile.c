/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * smpfile.c: the site's sample records, left in their files.
 *
 * A lab has millions of samples (10M at 25 kernels: held, 2.8 GB of the
 * site's 2.85), and a test page shows only its own test's.  So the samples
 * of a regular, uncompressed input file (-s) are read once, checked as
 * load.c checks every record, and noted by group as extents: runs of
 * consecutive sample lines of one group, an offset and a length each.  A
 * test page reads back its groups' extents (pread), parses those lines
 * again, and frees them before the next page.  Samples of a pipe or of a
 * compressed file are held, as before (load.c).
 *
 * The site's index says how many samples there are, each counted once
 * (load_done keeps one of equal samples).  A group whose lines came in
 * strictly ascending order (load.c's bysample) has no sample twice; any
 * other group, or one with samples held too, is read back and counted.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kp.h"
#include "sampleline.h"
#include "strmap.h"
#include "render.h"

enum { OFFBITS = 48 };	/* an extent's file above its offset */

typedef struct {
	uint64_t at;	/* file << OFFBITS | offset */
	uint32_t len;
	uint32_t next;	/* the group's next extent + 1; 0: none */
} Ext;

typedef struct {
	uint32_t first, last;	/* its extents + 1, in the order read */
	size_t n;	/* its sample lines */
	int unsure;	/* not strictly ascending: may hold a sample twice */
	/* the last sample's key, but for src; run NULL before the first */
	const char *run;
	long long iter, rep, sub;
	double value;
} SGrp;

struct SmpFiles {
	char **path;
	int *fd;
	struct stat *st;	/* each file as opened: it must stay so */
	size_t nfile;
	kp_strmap *grpmap;	/* group id -> SGrp */
	size_t lastgrp;	/* the last sample's, most often the next's */
	SGrp *grp;
	Ext *ext;
	size_t next;
	long nrec;	/* the record the last extent ends with (Report.nrec) */
	/* a page's samples, sorted as load_done sorts r->smp; their
	 * sources, each once */
	Sample *page;
	size_t npage;
	kp_strmap *pagesrc;
	kp_json d;
	char *buf;
	size_t cap;
};

/* what the site shows of a sample; load.c's readers[] reads its records */
static const kp_has *
want(void)
{
	static kp_has w;
	static int made;

	if (!made++)
		w = kp_has_of(KP_SAMPLE_RUN, KP_SAMPLE_ITER,
		    KP_SAMPLE_INSTANCE, KP_SAMPLE_GROUP, KP_SAMPLE_REP,
		    KP_SAMPLE_SUB, KP_SAMPLE_VALUE, KP_SAMPLE_SRC, -1);
	return &w;
}

/* s, freed, as the one copy of its text in m: a lab's millions of
 * samples name a few hundred runs and instances, a copy of each was a
 * fifth of the site's memory */
static char *
intern(kp_strmap **m, char *s)
{
	const char *k;

	if (!s)
		return NULL;
	if (!*m)
		*m = kp_strmap_new();
	k = kp_strmap_key(*m, kp_strmap_add(*m, s, strlen(s), NULL), NULL);
	free(s);
	return (char *)k;
}

/* intern's, but s is most often the one before (*last): a file's
 * samples come a run at a time */
static char *
intern_last(kp_strmap **m, char *s, const char **last)
{
	if (s && *last && strcmp(s, *last) == 0) {
		free(s);
		return (char *)*last;
	}
	return (char *)(*last = intern(m, s));
}

void
smp_read(Report *r, kp_json *d, Sample *m, int keepsrc)
{
	static kp_recix ix;
	static const char *run, *instance;
	kp_sample s;

	kp_rec_read(d, &kp_sample_t, &s, want(), &ix);
	/* kp-identify wrote its group; a sample of an older kp has none */
	kp_rec_upgrade(d, &kp_sample_t, &s, want());
	if (strlen(s.group) != KP_IDSZ - 1)
		kp_rec_die(d, -1, "group \"%s\": expected a group id of %d hex "
		    "digits (kp-records(5))", s.group, KP_IDSZ - 1);
	memcpy(m->group, s.group, KP_IDSZ);
	m->run = intern_last(&r->smpstr, s.run, &run);
	m->instance = intern_last(&r->smpstr, s.instance, &instance);
	m->src = NULL;
	if (keepsrc == 1)
		m->src = s.src;
	else if (keepsrc == 2)
		m->src = intern(&r->sf->pagesrc, s.src);
	else
		free(s.src);
	m->iter = s.iter;
	m->rep = s.rep;
	m->sub = s.sub;
	m->value = s.value;
	s.run = s.instance = s.src = NULL;	/* kept */
	kp_rec_free(&kp_sample_t, &s);
}

/* text of len bytes as the one copy in m, as intern_last's */
static const char *
intern_len(kp_strmap **m, const char *s, size_t len, const char **last)
{
	if (*last && strncmp(*last, s, len) == 0 && (*last)[len] == '\0')
		return *last;
	if (!*m)
		*m = kp_strmap_new();
	return *last = kp_strmap_key(*m, kp_strmap_add(*m, s, len, NULL), NULL);
}

/*
 * A sample line laid out as kp writes it (lib/sampleline.c), read as
 * smp_read reads it, without the JSON reader: parsing each of a lab's 10M
 * samples at load and again on its test page was a fifth of the site's
 * CPU.  0, m untouched, when the line is laid out otherwise or smp_read
 * could find fault with it: the JSON reader and smp_read read it then,
 * and say what.
 */
int
smp_fast(Report *r, const char *line, size_t len, Sample *m, int keepsrc)
{
	static const char *run, *instance;
	kp_sval v[KP_SAMPLE_NF];
	const kp_sval *g = &v[KP_SAMPLE_GROUP], *src = &v[KP_SAMPLE_SRC];
	long long iter, rep, sub;
	double x;

	if (!kp_sample_line(line, len, v) ||
	    !v[KP_SAMPLE_RUN].p || !v[KP_SAMPLE_RUN].str ||
	    !v[KP_SAMPLE_INSTANCE].p || !v[KP_SAMPLE_INSTANCE].str ||
	    !g->p || !g->str || g->len != KP_IDSZ - 1 ||
	    (src->p && !src->str) ||
	    (iter = kp_sval_count(&v[KP_SAMPLE_ITER], 18)) < 0 ||
	    (rep = kp_sval_count(&v[KP_SAMPLE_REP], 18)) < 1 ||
	    (sub = kp_sval_count(&v[KP_SAMPLE_SUB], 18)) < 1 ||
	    !v[KP_SAMPLE_VALUE].p || v[KP_SAMPLE_VALUE].str ||
	    kp_parse_num(v[KP_SAMPLE_VALUE].p, v[KP_SAMPLE_VALUE].len, &x) < 0 ||
	    !isfinite(x))
		return 0;
	memcpy(m->group, g->p, KP_IDSZ - 1);
	m->group[KP_IDSZ - 1] = '\0';
	m->run = (char *)intern_len(&r->smpstr, v[KP_SAMPLE_RUN].p,
	    v[KP_SAMPLE_RUN].len, &run);
	m->instance = (char *)intern_len(&r->smpstr, v[KP_SAMPLE_INSTANCE].p,
	    v[KP_SAMPLE_INSTANCE].len, &instance);
	m->src = NULL;
	if (src->p && keepsrc == 1)
		m->src = estrndup(src->p, src->len);
	else if (src->p && keepsrc == 2) {
		if (!r->sf->pagesrc)
			r->sf->pagesrc = kp_strmap_new();
		m->src = (char *)kp_strmap_key(r->sf->pagesrc,
		    kp_strmap_add(r->sf->pagesrc, src->p, src->len, NULL), NULL);
	}
	m->iter = iter;
	m->rep = rep;
	m->sub = sub;
	m->value = x;
	return 1;
}

int
smp_file(Report *r, const char *path)
{
	struct SmpFiles *f;
	struct stat st;
	int fd;

	if (!path || strcmp(path, "-") == 0 || stat(path, &st) == -1 ||
	    !S_ISREG(st.st_mode) || (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	if (!r->sf) {
		r->sf = ecalloc(1, sizeof(*r->sf));
		r->sf->grpmap = kp_strmap_new();
		kp_json_init(&r->sf->d);
	}
	f = r->sf;
	if (f->nfile >= 1u << (64 - OFFBITS))
		kp_die_at(path, 0, 0, "too many files of samples");
	f->path = kp_grow(f->path, f->nfile, sizeof(*f->path));
	f->fd = kp_grow(f->fd, f->nfile, sizeof(*f->fd));
	f->st = kp_grow(f->st, f->nfile, sizeof(*f->st));
	f->path[f->nfile] = estrdup(path);
	f->fd[f->nfile] = fd;
	if (fstat(fd, &f->st[f->nfile]) == -1)
		kp_die_at(path, 0, 0, "cannot stat: %s", strerror(errno));
	f->nrec = -1;
	return (int)f->nfile++;
}

/* bysample's order of a and b but for src: a sample that is not after
 * the one before it in its group */
static int
before(const SGrp *g, const Sample *m)
{
	int c = strcmp(g->run, m->run);

	if (c)
		return c > 0;
	if (g->iter != m->iter)
		return g->iter > m->iter;
	if (g->rep != m->rep)
		return g->rep > m->rep;
	if (g->sub != m->sub)
		return g->sub > m->sub;
	return !(g->value < m->value);
}

void
smp_note(Report *r, int file, long long off, size_t len, const Sample *m)
{
	struct SmpFiles *f = r->sf;
	SGrp *g;
	Ext *e;
	size_t i;
	int isnew;

	if (off < 0 || (unsigned long long)off >> OFFBITS || len > UINT32_MAX)
		kp_die_at(f->path[file], 0, 0, "too large to read back");
	/* a group's samples come a few at a time: 5 at 25 kernels */
	isnew = 0;
	if (f->next && memcmp(kp_strmap_key(f->grpmap, f->lastgrp, NULL),
	    m->group, KP_IDSZ) == 0)
		i = f->lastgrp;
	else
		i = f->lastgrp = kp_strmap_add(f->grpmap, m->group,
		    KP_IDSZ - 1, &isnew);
	if (isnew) {
		f->grp = kp_grow(f->grp, i, sizeof(*f->grp));
		memset(&f->grp[i], 0, sizeof(f->grp[i]));
	}
	g = &f->grp[i];
	if (g->run && before(g, m))
		g->unsure = 1;
	g->run = m->run;
	g->iter = m->iter;
	g->rep = m->rep;
	g->sub = m->sub;
	g->value = m->value;
	g->n++;
	/* the line after the group's last extent, the record after it */
	e = g->last ? &f->ext[g->last - 1] : NULL;
	if (e && f->nrec + 1 == r->nrec && e->at >> OFFBITS == (uint64_t)file &&
	    (uint64_t)off + len - (e->at & ((1ULL << OFFBITS) - 1)) <= UINT32_MAX &&
	    (size_t)(e - f->ext) + 1 == f->next) {
		e->len = (uint32_t)((uint64_t)off + len -
		    (e->at & ((1ULL << OFFBITS) - 1)));
		f->nrec = r->nrec;
		return;
	}
	if (f->next >= UINT32_MAX)
		kp_die_at(f->path[file], 0, 0, "too many runs of samples");
	f->ext = kp_grow(f->ext, f->next, sizeof(*f->ext));
	e = &f->ext[f->next++];
	e->at = (uint64_t)file << OFFBITS | (uint64_t)off;
	e->len = (uint32_t)len;
	e->next = 0;
	if (g->last)
		f->ext[g->last - 1].next = (uint32_t)f->next;
	else
		g->first = (uint32_t)f->next;
	g->last = (uint32_t)f->next;
	f->nrec = r->nrec;
}

static int
byat(const void *a, const void *b)
{
	uint64_t x = (*(Ext *const *)a)->at, y = (*(Ext *const *)b)->at;

	return (x > y) - (x < y);
}

/* the lines of e, read at buf, parsed onto the page */
static void
parse(Report *r, const Ext *e, char *buf)
{
	struct SmpFiles *f = r->sf;
	char err[256], *p = buf, *end = buf + e->len, *nl;
	size_t col, n;

	f->d.file = f->path[e->at >> OFFBITS];
	f->d.line = 0;
	for (; p < end; p = nl + 1) {
		if (!(nl = memchr(p, '\n', (size_t)(end - p))))
			nl = end;
		n = (size_t)(nl - p);
		if (n && p[n - 1] == '\r')
			n--;
		p[n] = '\0';
		if (strspn(p, " \t\r") == n)
			continue;	/* a blank line, as kp_in_record skips */
		f->page = kp_grow(f->page, f->npage, sizeof(*f->page));
		if (smp_fast(r, p, n, &f->page[f->npage], 2)) {
			f->npage++;
			continue;
		}
		if (kp_json_parse(&f->d, p, n, err, sizeof(err), &col) < 0)
			kp_die_at(f->d.file, 0, 0, "changed while read: %s", err);
		smp_read(r, &f->d, &f->page[f->npage++], 2);
	}
}

/*
 * A file rewritten in place while the site is built, even with its size
 * kept, would show other samples than those counted and checked: after
 * each read back, the file must still be the one opened, of the same
 * size and time.  (A change within the file system's tick of time, size
 * kept, is not seen.)
 */
static void
unchanged(const struct SmpFiles *f, size_t file)
{
	const struct stat *was = &f->st[file];
	struct stat st;

	if (fstat(f->fd[file], &st) == -1)
		kp_die_at(f->path[file], 0, 0, "cannot stat: %s", strerror(errno));
	if (st.st_size != was->st_size ||
	    st.st_mtim.tv_sec != was->st_mtim.tv_sec ||
	    st.st_mtim.tv_nsec != was->st_mtim.tv_nsec)
		kp_die_at(f->path[file], 0, 0, "changed while the site was "
		    "built: its samples are read back from it, expected it "
		    "unchanged (-s)");
}

/* read extents v[0..n-1], sorted by place, a few reads for many nearby */
static void
readback(Report *r, Ext **v, size_t n)
{
	enum { GAP = 64 * 1024, MAXREAD = 4 * 1024 * 1024 };
	struct SmpFiles *f = r->sf;
	const uint64_t mask = (1ULL << OFFBITS) - 1;
	size_t i, j, k;
	uint64_t from, to;
	ssize_t got;

	for (i = 0; i < n; i = j) {
		from = v[i]->at;
		to = from + v[i]->len;
		for (j = i + 1; j < n && v[j]->at >> OFFBITS == from >> OFFBITS &&
		    v[j]->at <= to + GAP && v[j]->at + v[j]->len - from <= MAXREAD;
		    j++)
			if (v[j]->at + v[j]->len > to)
				to = v[j]->at + v[j]->len;
		f->buf = kp_reserve(f->buf, &f->cap, (size_t)(to - from) + 1);
		got = pread(f->fd[from >> OFFBITS], f->buf, (size_t)(to - from),
		    (off_t)(from & mask));
		if (got != (ssize_t)(to - from))
			kp_die_at(f->path[from >> OFFBITS], 0, 0, "cannot read "
			    "back its samples: %s", got < 0 ? strerror(errno) :
			    "it is shorter than it was");
		unchanged(f, from >> OFFBITS);
		for (k = i; k < j; k++) {
			/* a line's end is overwritten by its NUL: the next
			 * extent starts after it */
			parse(r, v[k], f->buf + (v[k]->at - from));
		}
	}
}

/* the page's samples: those of the groups ids[0..n-1] in the files and
 * those held, sorted and each once */
static void
page(Report *r, const char *const *ids, size_t n)
{
	struct SmpFiles *f = r->sf;
	Ext **v = NULL;
	Sample *m;
	size_t i, k, nv = 0;
	long g;
	uint32_t x;

	smp_page_free(r);
	for (i = 0; i < n; i++) {
		if ((g = kp_strmap_find(f->grpmap, ids[i], strlen(ids[i]))) < 0)
			continue;
		for (x = f->grp[g].first; x; x = f->ext[x - 1].next) {
			v = kp_grow(v, nv, sizeof(*v));
			v[nv++] = &f->ext[x - 1];
		}
	}
	if (nv)
		qsort(v, nv, sizeof(*v), byat);
	/* a group named twice is read once */
	for (i = k = 0; i < nv; i++)
		if (k == 0 || v[k - 1] != v[i])
			v[k++] = v[i];
	readback(r, v, k);
	free(v);
	for (i = 0; i < n; i++) {
		m = index_held(r, ids[i], &k);
		if (k) {
			f->page = ereallocarray(f->page, f->npage + k + 1,
			    sizeof(*f->page));
			memcpy(f->page + f->npage, m, k * sizeof(*m));
			f->npage += k;
		}
	}
	f->npage = sample_sortuniq(f->page, f->npage);
}

static int
bystr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void
smp_page(Report *r, const char *const *ids, size_t n)
{
	const char **v;
	size_t i, k;

	if (!r->sf)
		return;
	/* each group once, or a group held would be added twice */
	v = emalloc((n + 1) * sizeof(*v));
	memcpy(v, ids, n * sizeof(*v));
	if (n)
		qsort(v, n, sizeof(*v), bystr);
	for (i = k = 0; i < n; i++)
		if (k == 0 || strcmp(v[k - 1], v[i]))
			v[k++] = v[i];
	page(r, v, k);
	free(v);
}

void
smp_page_free(Report *r)
{
	struct SmpFiles *f = r->sf;

	if (!f)
		return;
	free(f->page);
	f->page = NULL;
	f->npage = 0;
	kp_strmap_free(f->pagesrc);
	f->pagesrc = NULL;
}

Sample *
smp_paged(const Report *r, size_t *n)
{
	*n = r->sf ? r->sf->npage : 0;
	return r->sf ? r->sf->page : NULL;
}

size_t
smp_done(Report *r)
{
	struct SmpFiles *f = r->sf;
	size_t i, k, n = 0, held = 0;
	const char *id;

	if (!f)
		return r->nsmp;
	for (i = 0; i < kp_strmap_len(f->grpmap); i++) {
		id = kp_strmap_key(f->grpmap, i, NULL);
		index_held(r, id, &k);
		held += k;
		if (!f->grp[i].unsure && k == 0) {
			n += f->grp[i].n;
			continue;
		}
		page(r, &id, 1);
		n += f->npage;
	}
	smp_page_free(r);
	/* the samples held of groups no file has */
	return n + r->nsmp - held;
}
