/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dir.c: a directory source: every regular file below it.
 *
 * A file whose size and mtime match what the index holds for its path is
 * not read again; the files read count against the source's -M.  Symlinks are followed only to files inside the tree;
 * the store itself is skipped when it lies below the source. */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kp.h"
#include "fetch.h"

struct walk {
	struct fetch *f;
	const char *root;	/* realpath of the source */
	const char *base;
	dev_t sdev;	/* the store, not to be fetched into itself */
	ino_t sino;
};

static int
cmpstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
file(struct walk *w, int fd, const char *rel, const struct stat *sb)
{
	struct art a = { .source = w->root, .path = rel, .base = w->base };
	struct ent *e;
	struct stat after;

	if (w->f->bud.spent)
		return;	/* past -M, said once: the rest is not fetched */
	a.mtime = sb->st_mtime;
	a.size = sb->st_size;
	if (sb->st_size > w->f->opt.maxsize) {
		fetch_fail(w->f, w->root, "%s: %lld bytes, larger than %lld (-m), "
		    "not fetched",
		    rel, (long long)sb->st_size, w->f->opt.maxsize);
		return;
	}
	e = store_lookup(w->f, w->root, rel);
	if (e && e->size == sb->st_size && e->mtime == sb->st_mtime &&
	    store_has(w->f->st, e->sha, e->size)) {
		memcpy(a.sha, e->sha, 65);
		a.isnew = 0;
		store_emit(w->f, &a);
		return;
	}
	/* -M: what a directory brings is what is read from it; a file
	 * stored before and unchanged (above) costs nothing */
	if (budget_bytes(w->f, sb->st_size) == -1) {
		fetch_fail(w->f, w->root, "more than %lld bytes from this source (-M); "
		    "the rest of it is not fetched", w->f->opt.maxtotal);
		return;
	}
	if (store_fd(w->f, fd, &a) == -1)
		return;
	/* A file written to while we read it, or within the last second
	 * (mtime has whole seconds here), gets no mtime: the next run reads
	 * it again rather than trust a validator that cannot tell. */
	if (fstat(fd, &after) == -1 || after.st_mtime != sb->st_mtime ||
	    after.st_size != a.size || after.st_mtime >= time(NULL) - 1) {
		if (after.st_mtime != sb->st_mtime || after.st_size != a.size)
			fetch_note(w->f, w->root, "%s: changed while being read; "
			    "stored as read", rel);
		a.mtime = -1;
	}
	store_emit(w->f, &a);
}

static int
inside(const char *root, const char *p)
{
	size_t n = strlen(root);

	return strncmp(root, p, n) == 0 && (p[n] == '/' || p[n] == '\0');
}

static void
symlink_(struct walk *w, int dfd, const char *name, const char *rel)
{
	char full[PATH_MAX], target[PATH_MAX], *real;
	ssize_t n;
	struct stat sb;
	int fd;

	if ((n = readlinkat(dfd, name, target, sizeof(target) - 1)) == -1)
		n = 0;
	target[n] = '\0';
	snprintf(full, sizeof(full), "%s/%s", w->root, rel);
	if (!(real = realpath(full, NULL))) {
		fetch_fail(w->f, w->root, "%s: symlink to %s: %s; not fetched", rel, target,
		    strerror(errno));
		return;
	}
	if (!inside(w->root, real)) {
		fetch_fail(w->f, w->root, "%s: symlink to %s, outside the tree; refused",
		    rel, target);
	} else if (stat(real, &sb) == -1) {
		fetch_fail(w->f, w->root, "%s: %s", rel, strerror(errno));
	} else if (S_ISDIR(sb.st_mode)) {
		if (w->f->opt.verbose)
			fetch_note(w->f, w->root, "%s: symlink to a directory inside "
			    "the tree; its files are fetched under their own names",
			    rel);
	} else if (!S_ISREG(sb.st_mode)) {
		fetch_fail(w->f, w->root, "%s: symlink to %s, not a regular file; "
		    "not fetched",
		    rel, target);
	} else if ((fd = open(real, O_RDONLY | O_CLOEXEC)) == -1) {
		fetch_fail(w->f, w->root, "%s: %s", rel, strerror(errno));
	} else {
		file(w, fd, rel, &sb);
		close(fd);
	}
	free(real);
}

static void
walk(struct walk *w, int dfd, const char *rel)
{
	char **names = NULL, *path;
	size_t n = 0, i;
	struct dirent *de;
	struct stat sb;
	DIR *d;
	int fd;

	if (!(d = fdopendir(dfd))) {
		fetch_fail(w->f, w->root, "%s: %s", *rel ? rel : ".", strerror(errno));
		close(dfd);
		return;
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.' && (!de->d_name[1] ||
		    (de->d_name[1] == '.' && !de->d_name[2])))
			continue;
		names = kp_grow(names, n, sizeof(*names));
		names[n++] = estrdup(de->d_name);
	}
	/* sorted, so the output does not depend on the file system */
	qsort(names, n, sizeof(*names), cmpstr);
	for (i = 0; i < n; i++) {
		if (*rel) {
			path = emalloc(strlen(rel) + strlen(names[i]) + 2);
			sprintf(path, "%s/%s", rel, names[i]);
		} else
			path = estrdup(names[i]);
		/* a name holding a newline would be a run's name across two
		 * lines of every text that names it (store_badpath) */
		if (store_badpath(names[i])) {
			fetch_fail(w->f, w->root, "%s: %s in the name; not "
			    "fetched", path, store_badpath(names[i]));
		} else if (fstatat(dirfd(d), names[i], &sb, AT_SYMLINK_NOFOLLOW) == -1) {
			fetch_fail(w->f, w->root, "%s: %s", path, strerror(errno));
		} else if (S_ISDIR(sb.st_mode)) {
			if (sb.st_dev == w->sdev && sb.st_ino == w->sino)
				;	/* the store itself */
			else if ((fd = openat(dirfd(d), names[i], O_RDONLY |
			    O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) == -1)
				fetch_fail(w->f, w->root, "%s: %s", path, strerror(errno));
			else
				walk(w, fd, path);
		} else if (S_ISREG(sb.st_mode)) {
			if ((fd = openat(dirfd(d), names[i], O_RDONLY | O_NOFOLLOW |
			    O_CLOEXEC)) == -1)
				fetch_fail(w->f, w->root, "%s: %s", path, strerror(errno));
			else {
				if (fstat(fd, &sb) == 0)
					file(w, fd, path, &sb);
				close(fd);
			}
		} else if (S_ISLNK(sb.st_mode)) {
			symlink_(w, dirfd(d), names[i], path);
		} else {
			fetch_fail(w->f, w->root, "%s: not a regular file, directory or symlink; "
			    "not fetched", path);
		}
		free(path);
		free(names[i]);
	}
	free(names);
	closedir(d);
}

void
fetch_dir(struct fetch *f, const char *dir)
{
	struct walk w = { .f = f };
	struct stat sb;
	char *root, *slash;
	int fd;

	if (!(root = realpath(dir, NULL))) {
		fetch_fail(f, dir, "%s", strerror(errno));
		return;
	}
	w.root = root;
	slash = strrchr(root, '/');
	w.base = slash ? slash + 1 : root;
	if (*w.base && store_badpath(w.base)) {
		fetch_fail(f, dir, "%s in the directory's name, which names its "
		    "runs; not fetched", store_badpath(w.base));
		free(root);
		return;
	}
	if (stat(f->st->dir, &sb) == 0) {
		w.sdev = sb.st_dev;
		w.sino = sb.st_ino;
	}
	if ((fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		fetch_fail(f, dir, "%s", strerror(errno));
	else
		walk(&w, fd, "");
	free(root);
}
