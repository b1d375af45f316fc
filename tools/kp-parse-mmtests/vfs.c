/* SPDX-License-Identifier: GPL-2.0-or-later */
/* vfs.c: the virtual file layer.  A directory and a kp-fetch store both
 * become a sorted list of (path inside the source -> file to open), so
 * every parser reads both through one code path.  Files are decompressed
 * by content, not by name: store objects have no suffix. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <lzma.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pm.h"

/* runs lie within 3 levels and their files 4 below a run (iter-N/JOB/logs/F);
 * a few more for benchmarks that keep subdirectories of logs */
#define MAXDEPTH 12

void
vt_add(vtree *t, const char *rel, const char *real, const char *shown)
{
	t->f = kp_grow(t->f, t->n, sizeof(*t->f));
	t->f[t->n].rel = estrdup(rel);
	t->f[t->n].real = estrdup(real);
	t->f[t->n].shown = estrdup(shown);
	t->f[t->n].t = t;
	t->n++;
}

static int
cmpfile(const void *a, const void *b)
{
	return strcmp(((const vfile *)a)->rel, ((const vfile *)b)->rel);
}

void
vt_sort(vtree *t)
{
	if (t->n > 0)	/* an empty tree has no array: qsort(NULL) is undefined */
		qsort(t->f, t->n, sizeof(*t->f), cmpfile);
}

static int
inside(const char *root, const char *p)
{
	size_t n = strlen(root);

	if (n == 1)	/* "/" */
		return 1;
	return strncmp(root, p, n) == 0 && (p[n] == '/' || p[n] == '\0');
}

/* A symlink is followed, as kp-fetch follows one, only to a file inside
 * the tree.  One that leads out of it would read what is not the run's
 * (a log linked to /etc/passwd), and one to a directory inside it would
 * read the same files twice or loop (iter-0/loop -> ..): a phantom run
 * with the same samples.  Both are refused with a warning.  1: follow. */
static int
link_ok(const char *root, const char *path, int *isdir)
{
	struct stat st;
	char *real;

	if (!(real = realpath(path, NULL)))
		return 0;	/* a dangling link holds no data */
	if (!inside(root, real)) {
		kp_warn_at(path, 0, 0, "a symlink to %s, outside the tree; refused", real);
		free(real);
		return 0;
	}
	free(real);
	if (stat(path, &st) != 0)
		return 0;
	if (S_ISDIR(st.st_mode)) {
		kp_warn_at(path, 0, 0, "a symlink to a directory inside the tree; "
		    "refused, its files are read under their own names");
		return 0;
	}
	*isdir = 0;
	return S_ISREG(st.st_mode);
}

static void
walk(vtree *t, const char *root, char *path, size_t plen, char *rel, size_t rlen,
    int depth)
{
	DIR *d;
	struct dirent *e;
	struct stat st;
	size_t nl;
	int isdir;

	if (!(d = opendir(path)))
		kp_die_at(path, 0, 0, "cannot open directory: %s", strerror(errno));
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' && (!e->d_name[1] ||
		    (e->d_name[1] == '.' && !e->d_name[2])))
			continue;
		nl = strlen(e->d_name);
		if (plen + nl + 2 >= PATH_MAX || rlen + nl + 2 >= PATH_MAX)
			kp_die_at(path, 0, 0, "path too long");
		path[plen] = '/';
		memcpy(path + plen + 1, e->d_name, nl + 1);
		if (rlen)
			rel[rlen] = '/';
		memcpy(rel + rlen + !!rlen, e->d_name, nl + 1);
		if (e->d_type == DT_DIR || e->d_type == DT_REG)
			isdir = e->d_type == DT_DIR;
		else if (lstat(path, &st) != 0)
			continue;
		else if (S_ISLNK(st.st_mode)) {
			if (!link_ok(root, path, &isdir))
				continue;
		} else if (S_ISDIR(st.st_mode) || S_ISREG(st.st_mode))
			isdir = S_ISDIR(st.st_mode);
		else
			continue;	/* a fifo or device holds no log */
		if (isdir) {
			if (depth < MAXDEPTH)
				walk(t, root, path, plen + 1 + nl, rel, rlen + !!rlen + nl,
				    depth + 1);
		} else {
			vt_add(t, rel, path, path);
		}
	}
	path[plen] = '\0';
	rel[rlen] = '\0';
	closedir(d);
}

vtree *
vt_dir(const char *dir)
{
	vtree *t = ecalloc(1, sizeof(*t));
	char path[PATH_MAX], rel[PATH_MAX], *root;
	size_t n = strlen(dir);

	while (n > 1 && dir[n - 1] == '/')
		n--;
	if (n >= PATH_MAX)
		kp_die_at(dir, 0, 0, "path too long");
	memcpy(path, dir, n);
	path[n] = '\0';
	rel[0] = '\0';
	t->name = estrdup(path);
	t->shown = estrdup(path);
	if (!(root = realpath(path, NULL)))
		kp_die_at(path, 0, 0, "cannot open directory: %s", strerror(errno));
	walk(t, root, path, n, rel, 0, 0);
	free(root);
	vt_sort(t);
	return t;
}

void
vt_free(vtree *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->n; i++) {
		free(t->f[i].rel);
		free(t->f[i].real);
		free(t->f[i].shown);
	}
	free(t->f);
	free(t->name);
	free(t->shown);
	free(t);
}

static const vfile *
lookup(const vtree *t, const char *rel)
{
	vfile key = { .rel = (char *)rel };

	return bsearch(&key, t->f, t->n, sizeof(*t->f), cmpfile);
}

const vfile *
vt_find(const vtree *t, const char *dir, const char *name)
{
	static const char *const sfx[] = { "", ".gz", ".xz" };
	char rel[PATH_MAX];
	const vfile *f;
	size_t i;

	for (i = 0; i < KP_LEN(sfx); i++) {
		if ((size_t)snprintf(rel, sizeof(rel), "%s%s%s%s", dir, *dir ? "/" : "",
		    name, sfx[i]) >= sizeof(rel))
			return NULL;
		if ((f = lookup(t, rel)))
			return f;
	}
	return NULL;
}

/* index of the first file whose path starts with prefix */
static size_t
lower(const vtree *t, const char *prefix)
{
	size_t lo = 0, hi = t->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (strcmp(t->f[mid].rel, prefix) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* files directly in dir: those under it with no further '/' */
const vfile *
vt_list(const vtree *t, const char *dir, size_t *n)
{
	vfile *out = NULL;
	char prefix[PATH_MAX];
	size_t i, pl, k = 0;

	pl = (size_t)snprintf(prefix, sizeof(prefix), "%s%s", dir, *dir ? "/" : "");
	for (i = lower(t, prefix); i < t->n && strncmp(t->f[i].rel, prefix, pl) == 0; i++) {
		if (strchr(t->f[i].rel + pl, '/'))
			continue;
		out = kp_grow(out, k, sizeof(*out));
		out[k++] = t->f[i];
	}
	*n = k;
	return out;
}

static int
cmpstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **
vt_subdirs(const vtree *t, const char *dir, size_t *n)
{
	char prefix[PATH_MAX], **out = NULL;
	const char *p, *sl;
	size_t i, pl, k = 0, j;

	pl = (size_t)snprintf(prefix, sizeof(prefix), "%s%s", dir, *dir ? "/" : "");
	for (i = lower(t, prefix); i < t->n && strncmp(t->f[i].rel, prefix, pl) == 0; i++) {
		p = t->f[i].rel + pl;
		if (!(sl = strchr(p, '/')))
			continue;
		for (j = 0; j < k; j++)
			if (strlen(out[j]) == (size_t)(sl - p) && !strncmp(out[j], p, sl - p))
				break;
		if (j < k)
			continue;
		out = kp_grow(out, k, sizeof(*out));
		out[k++] = estrndup(p, sl - p);
	}
	if (k)
		qsort(out, k, sizeof(*out), cmpstr);
	*n = k;
	return out;
}

int
vt_isdir(const vtree *t, const char *dir)
{
	char prefix[PATH_MAX];
	size_t i, pl;

	if (!*dir)
		return t->n > 0;
	pl = (size_t)snprintf(prefix, sizeof(prefix), "%s/", dir);
	i = lower(t, prefix);
	return i < t->n && strncmp(t->f[i].rel, prefix, pl) == 0;
}

const char *
vt_base(const vfile *f)
{
	static char buf[PATH_MAX];
	const char *b = strrchr(f->rel, '/');
	size_t n;

	b = b ? b + 1 : f->rel;
	n = strlen(b);
	if (n > 3 && (!strcmp(b + n - 3, ".gz") || !strcmp(b + n - 3, ".xz")))
		n -= 3;
	memcpy(buf, b, n);
	buf[n] = '\0';
	return buf;
}

static char *
unxz(const char *in, size_t inlen, size_t *len, const char **why)
{
	lzma_stream z = LZMA_STREAM_INIT;
	size_t cap = inlen * 4 + 4096, n = 0;
	char *out = emalloc(cap);
	lzma_ret r;

	if (lzma_stream_decoder(&z, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
		kp_die_at(NULL, 0, 0, "liblzma: out of memory");
	z.next_in = (const uint8_t *)in;
	z.avail_in = inlen;
	for (;;) {
		out = kp_reserve(out, &cap, n + 65536 + 1);
		z.next_out = (uint8_t *)out + n;
		z.avail_out = cap - n - 1;
		r = lzma_code(&z, z.avail_in ? LZMA_RUN : LZMA_FINISH);
		n = cap - 1 - z.avail_out;
		if (r == LZMA_STREAM_END)
			break;
		if (r == LZMA_OK)
			continue;
		*why = r == LZMA_BUF_ERROR ? "truncated xz stream" : "corrupt xz stream";
		lzma_end(&z);
		free(out);
		return NULL;
	}
	lzma_end(&z);
	out[n] = '\0';
	*len = n;
	return out;
}

/* The file's text: lib's kp_slurp reads it whole and inflates gzip by
 * content (store objects have no suffix), several members too; xz, which
 * lib does not read, is decoded here. */
static char *
load(const vfile *f, size_t *len, const char **why)
{
	char *raw, *out;
	size_t rlen;

	if (!(raw = kp_slurp(f->real, &rlen))) {
		/* kp_slurp's EIO: the gzip stream ends early or is damaged */
		*why = errno == EIO ? "truncated or corrupt gzip stream" : strerror(errno);
		return NULL;
	}
	if (rlen < 6 || memcmp(raw, "\xfd" "7zXZ\0", 6))
		return *len = rlen, raw;
	out = unxz(raw, rlen, len, why);
	free(raw);
	return out;
}

/* a damaged file: exit 2, or with -k a warning and -1 */
static int
unreadable(const vfile *f, const char *why)
{
	if (!f->t->keep)
		kp_die_at(f->shown, 0, 0, "cannot read: %s (use -k to skip damaged files)", why);
	kp_warn_at(f->shown, 0, 0, "cannot read: %s; skipped", why);
	return -1;
}

int
vt_load(const vfile *f, vtext *x)
{
	const char *why = NULL;
	long line, col;

	memset(x, 0, sizeof(*x));
	x->vf = f;
	if (!(x->buf = load(f, &x->len, &why)))
		return unreadable(f, why);
	/* a log is text: a BOM is skipped, a NUL would cut a line short */
	x->pos = kp_text_bom(x->buf, x->len);
	if (kp_text_nul(x->buf + x->pos, x->len - x->pos, &line, &col) == 0)
		return 0;
	if (line == 1)
		col += (long)x->pos;
	if (!f->t->keep)
		kp_die_at(f->shown, line, col, "a NUL byte: expected text (use -k to skip damaged files)");
	kp_warn_at(f->shown, line, col, "a NUL byte: expected text; skipped");
	vt_done(x);
	return -1;
}

char *
vt_line(vtext *x, size_t *len)
{
	char *s, *e;
	size_t n;

	if (!x->buf || x->pos >= x->len)
		return NULL;
	s = x->buf + x->pos;
	if ((e = memchr(s, '\n', x->len - x->pos))) {
		n = e - s;
		x->pos += n + 1;
	} else {
		n = x->len - x->pos;
		x->pos = x->len;
	}
	if (n && s[n - 1] == '\r')
		n--;
	s[n] = '\0';
	x->line++;
	if (len)
		*len = n;
	return s;
}

void
vt_done(vtext *x)
{
	free(x->buf);
	x->buf = NULL;
}

int
vt_hash16(const vfile *f, char out[17])
{
	const char *why = NULL;
	unsigned char md[32];
	size_t len;
	char *buf;

	/* any file, text or not: only its content is named */
	if (!(buf = load(f, &len, &why)))
		return unreadable(f, why);
	kp_sha256(buf, len, md);
	kp_hex(md, 8, out);
	free(buf);
	return 0;
}
