/* SPDX-License-Identifier: GPL-2.0-or-later */
/* spool.c: record lines kept on disk until the end of the input */
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
	char *buf;
	size_t cap;
};

kp_spool *
kp_spool_new(const char *what)
{
	kp_spool *sp = ecalloc(1, sizeof(*sp));

	sp->what = estrdup(what);
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

void
kp_spool_put(kp_spool *sp, const char *text, size_t len, const char *file,
    long lineno)
{
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
}

size_t
kp_spool_count(const kp_spool *sp)
{
	return sp->n;
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
	if (fread(&h, sizeof(h), 1, sp->fp) != 1)
		kp_die("the spool of %s: short read", sp->what);
	if (h.len + 1 > sp->cap) {
		sp->cap = h.len + 1;
		sp->buf = erealloc(sp->buf, sp->cap);
	}
	if (fread(sp->buf, 1, h.len, sp->fp) != h.len)
		kp_die("the spool of %s: short read", sp->what);
	sp->buf[h.len] = '\0';
	sp->next++;
	*text = sp->buf;
	*len = h.len;
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
