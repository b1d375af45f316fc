/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tar.c: an archive source (tar, tar.gz, tgz and whatever else libarchive
 * reads), streamed: entries are hashed as they are decompressed.
 *
 * Nothing is ever extracted by name, so a hostile name cannot write
 * outside the store; such names are still refused, because a record that
 * says "../x" or "/etc/x" would mislead whoever reads it.  An entry below
 * a symlink entry (the "symlink to /etc, then etc-link/passwd" trick) is
 * refused too.  Hard links, and symlinks to files inside the archive seen
 * earlier, get a record pointing at the same object.
 *
 * Beside each member's bound (-m), the members together are bounded (-M):
 * a few kilobytes of .tar.xz can expand to terabytes.  Their sizes are
 * added up from the headers first, so that an archive past the bound is
 * refused whole, not stored in part; the bytes are counted again as they
 * are expanded, for formats whose headers give no size. */
#include <archive.h>
#include <archive_entry.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kp.h"
#include "fetch.h"

/* names seen in this archive: files (with their object) and symlinks */
struct seen {
	char *name;
	int islink;
	char sha[65];
	long long size;
};

struct list {
	struct seen *v;
	size_t n;
};

/* files and symlinks apart: every name is checked against the (few)
 * symlinks, while files are looked up only for links */
struct tarstate {
	struct list files, links;
};

static void
see(struct tarstate *ts, const char *name, int islink, const struct art *a)
{
	struct list *l = islink ? &ts->links : &ts->files;
	struct seen *s;

	l->v = kp_grow(l->v, l->n, sizeof(*l->v));
	s = &l->v[l->n++];
	s->name = estrdup(name);
	s->islink = islink;
	if (a) {
		memcpy(s->sha, a->sha, 65);
		s->size = a->size;
	} else
		s->sha[0] = '\0';
}

/* the latest entry of that name (a later entry replaces an earlier one,
 * as tar -x would) */
static struct seen *
lookup(struct list *l, const char *name, size_t len)
{
	size_t i;

	for (i = l->n; i-- > 0; )
		if (strlen(l->v[i].name) == len && memcmp(l->v[i].name, name, len) == 0)
			return &l->v[i];
	return NULL;
}

/* the symlink entry a name passes through, or NULL */
static struct seen *
throughlink(struct tarstate *ts, const char *name)
{
	const char *slash;
	struct seen *s;

	for (slash = strchr(name, '/'); slash; slash = strchr(slash + 1, '/'))
		if ((s = lookup(&ts->links, name, (size_t)(slash - name))))
			return s;
	return NULL;
}

/* a symlink's target as a name inside the archive, or NULL when it
 * leaves the archive; caller frees */
static char *
resolve(const char *name, const char *target)
{
	char *buf, *c, *slash, *outp;
	size_t n;

	if (*target == '/')
		return NULL;
	n = strlen(name) + strlen(target) + 2;
	buf = emalloc(n);
	snprintf(buf, n, "%s", name);
	if ((slash = strrchr(buf, '/')))
		slash[1] = '\0';
	else
		buf[0] = '\0';
	strcat(buf, target);
	/* fold "." and ".." lexically, failing on a step above the top */
	outp = buf;
	for (c = buf; *c; ) {
		size_t len = strcspn(c, "/");

		if (len == 0 || (len == 1 && c[0] == '.')) {
			;
		} else if (len == 2 && c[0] == '.' && c[1] == '.') {
			if (outp == buf) {
				free(buf);
				return NULL;
			}
			while (outp > buf && outp[-1] != '/')
				outp--;
			if (outp > buf)
				outp--;
		} else {
			/* outp never passes c: each name read had a '/' before it */
			if (outp > buf)
				*outp++ = '/';
			memmove(outp, c, len);
			outp += len;
		}
		c += len;
		if (*c == '/')
			c++;
	}
	*outp = '\0';
	return buf;
}

static void
alias(struct fetch *f, struct tarstate *ts, struct art *a, const char *target,
    const char *what)
{
	struct seen *s = lookup(&ts->files, target, strlen(target));

	if (!s) {
		fetch_note(f, a->source, "%s: %s to %s, which is not a file "
		    "stored earlier in the archive; no record", a->path, what, target);
		return;
	}
	memcpy(a->sha, s->sha, 65);
	a->size = s->size;
	a->isnew = 0;
	store_emit(f, a);
	see(ts, a->path, 0, a);
}

/* n zero bytes into the sink: a hole of a sparse entry */
static int
zeros(struct fetch *f, struct sink *sk, long long n)
{
	size_t k;

	memset(f->buf, 0, BUFSZ);
	for (; n > 0; n -= (long long)k) {
		k = n < BUFSZ ? (size_t)n : BUFSZ;
		if (sink_write(f, sk, f->buf, k) == -1)
			return -1;
	}
	return 0;
}

enum { ENTRY_OK, ENTRY_BIG, ENTRY_DAMAGED, ENTRY_BACK, ENTRY_LONG, ENTRY_TOTAL };

/* the sizes of the members with data, from their headers, added up as
 * far as max: more than max when the archive expands past it */
static long long
declared(const char *path, long long max)
{
	struct archive *ar = archive_read_new();
	struct archive_entry *ae;
	long long sum = 0;

	archive_read_support_filter_all(ar);
	archive_read_support_format_all(ar);
	if (archive_read_open_filename(ar, path, BUFSZ) == ARCHIVE_OK)
		while (sum <= max && archive_read_next_header(ar, &ae) >= ARCHIVE_WARN)
			if (archive_entry_filetype(ae) == AE_IFREG &&
			    !archive_entry_hardlink(ae) &&
			    archive_entry_size_is_set(ae) && archive_entry_size(ae) > 0)
				sum += archive_entry_size(ae) > max ? max + 1 :
				    archive_entry_size(ae);
	archive_read_free(ar);
	return sum;
}

/* The data of the current entry into the sink, block by block, so that
 * the holes of a sparse entry (between blocks, and after the last up to
 * the entry's size) become zeros: archive_read_data() gives nothing at
 * all for an entry that is one hole. */
static int
readentry(struct fetch *f, struct archive *ar, struct archive_entry *ae,
    struct sink *sk)
{
	const void *p;
	size_t len;
	la_int64_t off, pos = 0;
	int r;

	while ((r = archive_read_data_block(ar, &p, &len, &off)) == ARCHIVE_OK) {
		if (off < pos)
			return ENTRY_BACK;
		if (budget_bytes(f, off - pos + (long long)len) == -1)
			return ENTRY_TOTAL;
		if (zeros(f, sk, off - pos) == -1 ||
		    sink_write(f, sk, p, len) == -1)
			return ENTRY_BIG;
		pos = off + (la_int64_t)len;
	}
	if (r != ARCHIVE_EOF)
		return ENTRY_DAMAGED;
	if (archive_entry_size_is_set(ae)) {
		if (pos > archive_entry_size(ae))
			return ENTRY_LONG;
		if (budget_bytes(f, archive_entry_size(ae) - pos) == -1)
			return ENTRY_TOTAL;
		if (zeros(f, sk, archive_entry_size(ae) - pos) == -1)
			return ENTRY_BIG;
	}
	return ENTRY_OK;
}

void
fetch_tar(struct fetch *f, const char *file)
{
	struct archive *ar = archive_read_new();
	struct archive_entry *ae;
	struct tarstate ts = { 0 };
	struct art a;
	struct sink sk;
	struct seen *via;
	const char *name, *why, *base;
	char *source, *clean, *target;
	size_t i;
	int rc, r;

	if (!(source = realpath(file, NULL))) {
		fetch_fail(f, file, "cannot resolve the path");
		archive_read_free(ar);
		return;
	}
	base = strrchr(source, '/') ? strrchr(source, '/') + 1 : source;
	archive_read_support_filter_all(ar);
	archive_read_support_format_all(ar);
	if (archive_read_open_filename(ar, source, BUFSZ) != ARCHIVE_OK) {
		fetch_fail(f, file, "not a directory, and not an archive: %s",
		    archive_error_string(ar));
		goto done;
	}
	if (declared(source, f->opt.maxtotal - f->bud.bytes) >
	    f->opt.maxtotal - f->bud.bytes) {
		f->bud.spent = 1;
		fetch_fail(f, file, "its members expand to more than %lld bytes (-M); "
		    "refused", f->opt.maxtotal);
		goto done;
	}
	while ((rc = archive_read_next_header(ar, &ae)) != ARCHIVE_EOF) {
		if (rc == ARCHIVE_WARN)
			fetch_note(f, file, "%s", archive_error_string(ar));
		else if (rc != ARCHIVE_OK) {
			fetch_fail(f, file, "%s; the rest of the archive is not read",
			    archive_error_string(ar));
			break;
		}
		name = archive_entry_pathname(ae);
		if (!name) {
			fetch_fail(f, file, "an entry without a readable name; refused");
			continue;
		}
		while (name[0] == '.' && name[1] == '/')
			name += 2;
		clean = estrdup(name);
		for (i = strlen(clean); i > 0 && clean[i - 1] == '/'; i--)
			clean[i - 1] = '\0';
		memset(&a, 0, sizeof(a));
		a.source = source;
		a.path = clean;
		a.base = base;
		a.mtime = archive_entry_mtime_is_set(ae) ? archive_entry_mtime(ae) : -1;
		if (!*clean && archive_entry_filetype(ae) == AE_IFDIR)
			goto next;	/* "./" itself */
		if ((why = store_badpath(clean))) {
			fetch_fail(f, file, "%s: %s; refused", name, why);
			goto next;
		}
		if ((via = throughlink(&ts, clean))) {
			fetch_fail(f, file, "%s: goes through the symlink %s; refused",
			    name, via->name);
			goto next;
		}
		if (archive_entry_hardlink(ae)) {
			const char *h = archive_entry_hardlink(ae);

			while (h[0] == '.' && h[1] == '/')
				h += 2;
			if ((why = store_badpath(h)))
				fetch_fail(f, file, "%s: hard link to %s, %s; refused", name,
				    archive_entry_hardlink(ae), why);
			else
				alias(f, &ts, &a, h, "hard link");
			goto next;
		}
		switch (archive_entry_filetype(ae)) {
		case AE_IFDIR:
			break;
		case AE_IFLNK:
			see(&ts, clean, 1, NULL);
			if (!(target = resolve(clean, archive_entry_symlink(ae) ?
			    archive_entry_symlink(ae) : ""))) {
				fetch_fail(f, file, "%s: symlink to %s, outside the archive; "
				    "refused", name, archive_entry_symlink(ae));
				break;
			}
			alias(f, &ts, &a, target, "symlink");
			free(target);
			break;
		case AE_IFREG:
			if (archive_entry_size_is_set(ae) &&
			    archive_entry_size(ae) > f->opt.maxsize) {
				fetch_fail(f, file, "%s: %lld bytes, larger than %lld (-m), "
				    "not fetched", name,
				    (long long)archive_entry_size(ae), f->opt.maxsize);
				break;
			}
			sink_open(f, &sk);
			if ((r = readentry(f, ar, ae, &sk)) != ENTRY_OK) {
				sink_abort(&sk);
				if (r == ENTRY_TOTAL) {
					/* a size the headers did not give */
					fetch_fail(f, file, "%s: the members expand to more "
					    "than %lld bytes (-M); the rest of the "
					    "archive is not read", name, f->opt.maxtotal);
					free(clean);
					goto done;
				} else if (r == ENTRY_BIG)
					fetch_fail(f, file, "%s: larger than %lld bytes (-m), "
					    "not fetched", name, f->opt.maxsize);
				else if (r == ENTRY_BACK)
					fetch_fail(f, file, "%s: sparse blocks that overlap "
					    "or go back; not fetched", name);
				else if (r == ENTRY_LONG)
					fetch_fail(f, file, "%s: more data than the size in "
					    "its header; not fetched", name);
				else {
					/* a damaged stream: stop, what came before stays */
					fetch_fail(f, file, "%s: %s; the rest of the archive "
					    "is not read", name, archive_error_string(ar) ?
					    archive_error_string(ar) : "damaged entry");
					free(clean);
					goto done;
				}
				break;
			}
			sink_commit(f, &sk, &a);
			store_emit(f, &a);
			see(&ts, clean, 0, &a);
			break;
		default:
			fetch_fail(f, file, "%s: not a regular file, directory or link; "
			    "refused", name);
		}
next:
		free(clean);
	}
done:
	archive_read_free(ar);
	for (i = 0; i < ts.files.n; i++)
		free(ts.files.v[i].name);
	for (i = 0; i < ts.links.n; i++)
		free(ts.links.v[i].name);
	free(ts.files.v);
	free(ts.links.v);
	free(source);
}
