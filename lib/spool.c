/* SPDX-License-Identifier: GPL-2.0-or-later */
/* spool.c: record lines kept on disk until the end of the input */
#include <sys/types.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "spool.h"

/* what precedes each line in the file */
typedef struct {
	long lineno;
	size_t len, file;	/* the text's length, the index of its input */
} Head;

struct kp_spool {
	FILE *fp;	/* opened at the first line */
	char *what;
	char **files;	/* the inputs' names */
	size_t nfiles;
	size_t n, next;	/* lines put, lines read back */
	long long size;	/* bytes put: where the next line goes */
	long long at;	/* kp_spool_at: where the stream is; -1 writing */
	char *buf;
	size_t cap;
};

kp_spool *
kp_spool_new(const char *what)
{
	kp_spool *sp = ecalloc(1, sizeof(*sp));

	sp->what = estrdup(what);
	sp->at = -1;
	return sp;
}

static void
spool_open(kp_spool *sp)
{
	const char *dir = getenv("TMPDIR");
	char *path;
	int fd;

	if (!dir || !*dir)
		dir = "/tmp";
	path = emalloc(strlen(dir) + sizeof("/kp-spool.XXXXXX"));
	sprintf(path, "%s/kp-spool.XXXXXX", dir);
	if ((fd = mkstemp(path)) < 0 || unlink(path) < 0 ||
	    !(sp->fp = fdopen(fd, "w+")))
		kp_die("%s: cannot make the spool of %s (TMPDIR, else /tmp, "
		    "must be a writable directory): %s", path, sp->what,
		    strerror(errno));
	free(path);
}

long long
kp_spool_put(kp_spool *sp, const char *text, size_t len, const char *file,
    long lineno)
{
	long long pos = sp->size;
	Head h;

	if (!sp->fp)
		spool_open(sp);
	if (!file)
		file = "<stdin>";
	if (!sp->nfiles || strcmp(sp->files[sp->nfiles - 1], file) != 0) {
		sp->files = kp_grow(sp->files, sp->nfiles, sizeof(*sp->files));
		sp->files[sp->nfiles++] = estrdup(file);
	}
	h.lineno = lineno;
	h.len = len;
	h.file = sp->nfiles - 1;
	if (fwrite(&h, sizeof(h), 1, sp->fp) != 1 ||
	    fwrite(text, 1, len, sp->fp) != len)
		kp_die("the spool of %s: %s", sp->what, strerror(errno));
	sp->n++;
	sp->at = -1;
	sp->size += (long long)(sizeof(h) + len);
	return pos;
}

size_t
kp_spool_count(const kp_spool *sp)
{
	return sp->n;
}

/* the head and text at the stream's position into sp->buf */
static void
spool_read(kp_spool *sp, const char **text, size_t *len, Head *h)
{
	if (fread(h, sizeof(*h), 1, sp->fp) != 1)
		kp_die("the spool of %s: short read", sp->what);
	if (h->len + 1 > sp->cap) {
		sp->cap = h->len + 1;
		sp->buf = erealloc(sp->buf, sp->cap);
	}
	if (fread(sp->buf, 1, h->len, sp->fp) != h->len)
		kp_die("the spool of %s: short read", sp->what);
	sp->buf[h->len] = '\0';
	*text = sp->buf;
	*len = h->len;
}

void
kp_spool_at(kp_spool *sp, long long pos, const char **text, size_t *len)
{
	Head h;

	/* a seek ends the writing; a line that follows the last one read
	 * is where the stream is already, and reading on keeps its buffer */
	if (pos != sp->at && fseeko(sp->fp, (off_t)pos, SEEK_SET) < 0)
		kp_die("the spool of %s: %s", sp->what, strerror(errno));
	spool_read(sp, text, len, &h);
	sp->at = pos + (long long)(sizeof(h) + h.len);
}

int
kp_spool_next(kp_spool *sp, const char **text, size_t *len,
    const char **file, long *lineno)
{
	Head h;

	if (sp->next == sp->n)
		return 0;
	if (sp->next == 0 &&
	    (fflush(sp->fp) == EOF || fseek(sp->fp, 0, SEEK_SET) < 0))
		kp_die("the spool of %s: %s", sp->what, strerror(errno));
	spool_read(sp, text, len, &h);
	sp->next++;
	*file = sp->files[h.file];
	*lineno = h.lineno;
	return 1;
}

void
kp_spool_free(kp_spool *sp)
{
	size_t i;

	if (!sp)
		return;
	if (sp->fp)
		fclose(sp->fp);
	for (i = 0; i < sp->nfiles; i++)
		free(sp->files[i]);
	free(sp->files);
	free(sp->buf);
	free(sp->what);
	free(sp);
}
