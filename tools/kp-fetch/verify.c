/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verify.c: reading the index, and --verify: every object hashed again
 * and compared with its name, every index record checked against its
 * object, temporary files of dead processes reported (and removed with
 * --clean). */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "fetch.h"

/* --verify */

#define vwarn(...) (progress_clear(f), kp_warn_at(__VA_ARGS__))

struct vobj {
	char sha[65];
	long long size;
	int ok;
};

struct vstate {
	kp_artifact_rec *arts;	/* owned: kp_rec_free */
	long *lines;
	size_t n;
};

static void
keepone(void *arg, const kp_artifact_rec *a, long line)
{
	struct vstate *v = arg;
	kp_artifact_rec *k;

	v->arts = kp_grow(v->arts, v->n, sizeof(*v->arts));
	v->lines = kp_grow(v->lines, v->n, sizeof(*v->lines));
	k = memset(&v->arts[v->n], 0, sizeof(*k));
	/* what --verify checks: the record's object against its sha256 */
	k->source = estrdup(a->source);
	k->path = estrdup(a->path);
	k->sha256 = estrdup(a->sha256);
	k->size = a->size;
	k->object = a->object ? estrdup(a->object) : NULL;
	v->lines[v->n++] = line;
}

static int
cmpobj(const void *a, const void *b)
{
	return strcmp(((const struct vobj *)a)->sha, ((const struct vobj *)b)->sha);
}

static int
hashfile(struct fetch *f, const char *path, unsigned char md[32], long long *size)
{
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	char *buf = f->buf;
	unsigned int mdlen;
	ssize_t r;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	EVP_DigestInit_ex(ctx, EVP_sha256(), NULL);
	*size = 0;
	while ((r = read(fd, buf, BUFSZ)) != 0) {
		if (r == -1) {
			if (errno == EINTR)
				continue;
			close(fd);
			EVP_MD_CTX_free(ctx);
			return -1;
		}
		EVP_DigestUpdate(ctx, buf, (size_t)r);
		*size += r;
		progress_add(f, r, 0);
	}
	close(fd);
	EVP_DigestFinal_ex(ctx, md, &mdlen);
	EVP_MD_CTX_free(ctx);
	return 0;
}

static int
pidalive(const char *name)
{
	char *end;
	long pid = strtol(name, &end, 10);

	if (end == name || *end != '.' || pid <= 0)
		return 0;
	return kill((pid_t)pid, 0) == 0 || errno == EPERM;
}

int
store_verify(struct fetch *f, const char *dir, int clean)
{
	struct vstate v = { 0 };
	struct vobj *objs = NULL, key, *o;
	size_t nobj = 0, i;
	char path[PATH_MAX], want[80], hex[65];
	unsigned char md[32];
	long problems, ntmp = 0;
	long long size, bytes = 0;
	struct dirent *de, *fe;
	struct stat sb;
	DIR *d, *sub;

	snprintf(path, sizeof(path), "%s/objects", dir);
	if (stat(path, &sb) == -1 || !S_ISDIR(sb.st_mode))
		kp_die("%s: not a store (no objects directory)", dir);
	/* the index first: whatever it names was complete before the line
	 * was written, so a fetch running beside us cannot fool the check */
	snprintf(path, sizeof(path), "%s/index.ndjson", dir);
	problems = store_readindex(f, path, keepone, &v);

	snprintf(path, sizeof(path), "%s/objects", dir);
	if (!(d = opendir(path)))
		kp_die("%s: %s", path, strerror(errno));
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.' && (!de->d_name[1] ||
		    (de->d_name[1] == '.' && !de->d_name[2])))
			continue;
		snprintf(path, sizeof(path), "%s/objects/%s", dir, de->d_name);
		if (strlen(de->d_name) != 2 || !store_ishex(de->d_name, 2) ||
		    !(sub = opendir(path))) {
			vwarn(path, 0, 0, "not an object directory "
			    "(expected two hex digits)");
			problems++;
			continue;
		}
		while ((fe = readdir(sub))) {
			if (fe->d_name[0] == '.' && (!fe->d_name[1] ||
			    (fe->d_name[1] == '.' && !fe->d_name[2])))
				continue;
			snprintf(path, sizeof(path), "%s/objects/%s/%s", dir,
			    de->d_name, fe->d_name);
			if (strlen(fe->d_name) != 62 || !store_ishex(fe->d_name, 62) ||
			    lstat(path, &sb) == -1 || !S_ISREG(sb.st_mode)) {
				vwarn(path, 0, 0, "not an object (expected a "
				    "regular file named by 62 hex digits)");
				problems++;
				continue;
			}
			objs = kp_grow(objs, nobj, sizeof(*objs));
			o = &objs[nobj++];
			memcpy(o->sha, de->d_name, 2);
			memcpy(o->sha + 2, fe->d_name, 63);
			o->ok = 0;
			o->size = -1;
			if (hashfile(f, path, md, &size) == -1) {
				vwarn(path, 0, 0, "cannot read: %s", strerror(errno));
				problems++;
				continue;
			}
			o->size = size;
			bytes += size;
			kp_hex(md, 32, hex);
			if (strcmp(hex, o->sha) != 0) {
				vwarn(path, 0, 0, "corrupt object: content has "
				    "SHA-256 %s, expected the name", hex);
				problems++;
				continue;
			}
			o->ok = 1;
			progress_add(f, 0, 1);
		}
		closedir(sub);
	}
	closedir(d);
	if (objs)
		qsort(objs, nobj, sizeof(*objs), cmpobj);

	snprintf(path, sizeof(path), "%s/index.ndjson", dir);
	for (i = 0; i < v.n; i++) {
		kp_artifact_rec *a = &v.arts[i];

		memcpy(key.sha, a->sha256, 65);
		o = objs ? bsearch(&key, objs, nobj, sizeof(*objs), cmpobj) : NULL;
		snprintf(want, sizeof(want), "objects/%.2s/%s", a->sha256,
		    a->sha256 + 2);
		if (!a->object || strcmp(a->object, want) != 0) {
			vwarn(path, v.lines[i], 0, "%s %s: object is %s, expected "
			    "%s from its sha256", a->source, a->path,
			    a->object ? a->object : "missing", want);
			problems++;
		} else if (!o) {
			vwarn(path, v.lines[i], 0, "%s %s: object %s is missing",
			    a->source, a->path, want);
			problems++;
		} else if (!o->ok) {
			vwarn(path, v.lines[i], 0, "%s %s: object %s is corrupt",
			    a->source, a->path, want);
			problems++;
		} else if (o->size != a->size) {
			vwarn(path, v.lines[i], 0, "%s %s: size %lld, "
			    "expected the object's %lld", a->source, a->path,
			    a->size, o->size);
			problems++;
		}
		kp_rec_free(&kp_artifact_t, a);
	}

	snprintf(path, sizeof(path), "%s/tmp", dir);
	if ((d = opendir(path))) {
		while ((de = readdir(d))) {
			if (de->d_name[0] == '.')
				continue;
			if (pidalive(de->d_name))
				continue;	/* a fetch is writing it now */
			snprintf(path, sizeof(path), "%s/tmp/%s", dir, de->d_name);
			ntmp++;
			if (clean && unlink(path) == 0)
				vwarn(path, 0, 0, "stray temporary file "
				    "(an interrupted fetch) removed");
			else
				vwarn(path, 0, 0, "stray temporary file "
				    "(an interrupted fetch), not an object; "
				    "--clean removes it");
		}
		closedir(d);
	}
	progress_add(f, -1, 0);
	kp_warn_at(dir, 0, 0, "%zu objects, %lld bytes, %zu index records, "
	    "%ld problems, %ld stray temporary files", nobj, bytes, v.n,
	    problems, ntmp);
	free(objs);
	free(v.arts);
	free(v.lines);
	return problems ? KP_EXIT_FINDINGS : KP_EXIT_OK;
}

