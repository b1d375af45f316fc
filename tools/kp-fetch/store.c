/* store.c: the content-addressed store and its append-only index.
 *
 * An object reaches objects/ab/cdef... only complete: it is written to a
 * temporary file in tmp/, fsync'd and then linked into place, and the
 * index line naming it is appended after that, so a reader of the index
 * never meets an object that is not all there.  Temporary files carry the
 * writer's process id so --verify can tell a live one from a stray. */
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kp.h"
#include "fetch.h"


static void
emkdir(const char *path)
{
	if (mkdir(path, 0755) == -1 && errno != EEXIST)
		err(KP_EXIT_BAD, "%s: cannot create directory", path);
}

static void
fsyncdir(const char *path)
{
	int fd;

	if ((fd = open(path, O_RDONLY | O_DIRECTORY)) == -1)
		err(KP_EXIT_BAD, "%s", path);
	if (fsync(fd) == -1 && errno != EINVAL)
		err(KP_EXIT_BAD, "%s: fsync", path);
	close(fd);
}

static int
ishex(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return s[n] == '\0';
}

static uint64_t
fnv(const char *p, size_t n)
{
	uint64_t h = 1469598103934665603ULL;

	while (n--) {
		h ^= (unsigned char)*p++;
		h *= 1099511628211ULL;
	}
	return h;
}

static struct ent *
slot(struct store *st, const char *key, size_t keylen)
{
	size_t i = fnv(key, keylen) & (st->cap - 1);

	while (st->tab[i].key && (st->tab[i].keylen != keylen ||
	    memcmp(st->tab[i].key, key, keylen) != 0))
		i = (i + 1) & (st->cap - 1);
	return &st->tab[i];
}

static char *
mkkey(const char *source, const char *path, size_t *len)
{
	size_t a = strlen(source), b = strlen(path);
	char *k = emalloc(a + b + 2);

	memcpy(k, source, a + 1);
	memcpy(k + a + 1, path, b + 1);
	*len = a + 1 + b;
	return k;
}

struct ent *
store_lookup(struct store *st, const char *source, const char *path)
{
	size_t len;
	char *k;
	struct ent *e;

	if (st->cap == 0)
		return NULL;
	k = mkkey(source, path, &len);
	e = slot(st, k, len);

	free(k);
	return e->key ? e : NULL;
}

/* later lines for the same (source, path) supersede earlier ones */
static void
remember(struct store *st, const struct art *a)
{
	struct ent *e, *old;
	size_t i, len, oldcap;
	char *k;

	if (2 * (st->n + 1) > st->cap) {
		old = st->tab;
		oldcap = st->cap;
		st->cap = oldcap ? 2 * oldcap : 1024;
		st->tab = ecalloc(st->cap, sizeof(*st->tab));
		for (i = 0; i < oldcap; i++)
			if (old[i].key)
				*slot(st, old[i].key, old[i].keylen) = old[i];
		free(old);
	}
	k = mkkey(a->source, a->path, &len);
	e = slot(st, k, len);
	if (e->key) {
		free(k);
		free(e->etag);
	} else {
		e->key = k;
		e->keylen = len;
		st->n++;
	}
	memcpy(e->sha, a->sha, 65);
	e->size = a->size;
	e->mtime = a->mtime;
	e->etag = a->etag ? estrdup(a->etag) : NULL;
}

/* one artifact record from an index line; 0 when it is one */
static int
readart(kp_json *d, struct art *a)
{
	const char *s;
	long long v;
	int i;

	memset(a, 0, sizeof(*a));
	a->mtime = -1;
	if ((i = kp_json_get(d, 0, "type")) < 0 || !kp_json_streq(d, i, "artifact"))
		return -1;
	if ((i = kp_json_get(d, 0, "sha256")) < 0 || !(s = kp_json_str(d, i)) ||
	    strlen(s) != 64 || !ishex(s, 64))
		return -1;
	memcpy(a->sha, s, 65);
	if ((i = kp_json_get(d, 0, "size")) < 0 || kp_json_int(d, i, &a->size) < 0)
		return -1;
	if ((i = kp_json_get(d, 0, "mtime")) >= 0 && kp_json_int(d, i, &v) == 0)
		a->mtime = v;
	if ((i = kp_json_get(d, 0, "etag")) >= 0 && (s = kp_json_str(d, i)))
		a->etag = estrdup(s);
	if ((i = kp_json_get(d, 0, "source")) < 0 || !(s = kp_json_str(d, i)))
		return -1;
	a->source = estrdup(s);
	if ((i = kp_json_get(d, 0, "path")) < 0 || !(s = kp_json_str(d, i)))
		return -1;
	a->path = estrdup(s);
	if ((i = kp_json_get(d, 0, "object")) >= 0 && (s = kp_json_str(d, i)))
		a->object = estrdup(s);
	return 0;
}

static void
freeart(struct art *a)
{
	free((char *)a->source);
	free((char *)a->path);
	free((char *)a->etag);
	free((char *)a->object);
}

/* Calls fn for every artifact line of the index.  A line that does not
 * parse (a write torn by a crash) is named and skipped; the caller counts
 * it.  Returns the number of such lines. */
static long
readindex(const char *index, void (*fn)(void *, const struct art *, long), void *arg)
{
	kp_in *in;
	kp_json d;
	struct art a;
	char errbuf[256], *line;
	size_t len, col;
	long bad = 0;
	int t;

	if (!(in = kp_in_open_soft(index))) {
		if (errno == ENOENT)
			return 0;
		err(KP_EXIT_BAD, "%s", index);
	}
	kp_json_init(&d);
	while ((line = kp_in_line(in, &len))) {
		if (len == 0)
			continue;
		if (kp_json_parse(&d, line, len, errbuf, sizeof(errbuf), &col) < 0) {
			unprogress();
			kp_warn_at(index, kp_in_lineno(in), (long)col,
			    "%s; line skipped", errbuf);
			bad++;
			continue;
		}
		if (readart(&d, &a) == 0)
			fn(arg, &a, kp_in_lineno(in));
		else if ((t = kp_json_get(&d, 0, "type")) >= 0 &&
		    kp_json_streq(&d, t, "artifact")) {
			unprogress();
			kp_warn_at(index, kp_in_lineno(in), 0,
			    "artifact record without a valid source, path, "
			    "sha256 or size; line skipped");
			bad++;
		}
		freeart(&a);
	}
	kp_json_free(&d);
	kp_in_close(in);
	return bad;
}

static void
loadone(void *arg, const struct art *a, long line)
{
	remember(arg, a);
}

struct store *
store_open(const char *dir, int create)
{
	struct store *st = ecalloc(1, sizeof(*st));
	char path[PATH_MAX];

	if (create)
		emkdir(dir);
	if (!(st->dir = realpath(dir, NULL)))
		err(KP_EXIT_BAD, "%s: store", dir);
	snprintf(path, sizeof(path), "%s/objects", st->dir);
	emkdir(path);
	snprintf(path, sizeof(path), "%s/tmp", st->dir);
	emkdir(path);
	snprintf(path, sizeof(path), "%s/index.ndjson", st->dir);
	st->index = estrdup(path);
	if ((st->ifd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0644)) == -1)
		err(KP_EXIT_BAD, "%s", path);
	/* a shared lock: no line is read half-appended */
	if (flock(st->ifd, LOCK_SH) == -1)
		err(KP_EXIT_BAD, "%s: flock", path);
	readindex(path, loadone, st);
	flock(st->ifd, LOCK_UN);
	return st;
}

static void
objpath(const struct store *st, const char *sha, char *buf, size_t n)
{
	snprintf(buf, n, "%s/objects/%.2s/%s", st->dir, sha, sha + 2);
}

int
store_has(struct store *st, const char *sha, long long size)
{
	char path[PATH_MAX];
	struct stat sb;

	objpath(st, sha, path, sizeof(path));
	return stat(path, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size == size;
}

void
sink_open(struct store *st, struct sink *sk)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/tmp/%ld.XXXXXX", st->dir, (long)getpid());
	if ((sk->fd = mkostemp(path, O_CLOEXEC)) == -1)
		err(KP_EXIT_BAD, "%s", path);
	sk->tmp = estrdup(path);
	if (!(sk->md = EVP_MD_CTX_new()) ||
	    !EVP_DigestInit_ex(sk->md, EVP_sha256(), NULL))
		errx(KP_EXIT_BAD, "cannot set up SHA-256 (libcrypto)");
	sk->size = 0;
	sk->max = opt.maxsize;
}

int
sink_write(struct sink *sk, const void *p, size_t n)
{
	const char *c = p;
	ssize_t w;
	size_t left = n;

	if (sk->size + (long long)n > sk->max)
		return -1;
	EVP_DigestUpdate(sk->md, p, n);
	while (left > 0) {
		if ((w = write(sk->fd, c, left)) == -1) {
			if (errno == EINTR)
				continue;
			err(KP_EXIT_BAD, "%s", sk->tmp);
		}
		c += w;
		left -= (size_t)w;
	}
	sk->size += (long long)n;
	progress((long long)n, 0);
	return 0;
}

void
sink_abort(struct sink *sk)
{
	close(sk->fd);
	unlink(sk->tmp);
	free(sk->tmp);
	EVP_MD_CTX_free(sk->md);
	sk->tmp = NULL;
	sk->md = NULL;
}

void
sink_commit(struct store *st, struct sink *sk, struct art *a)
{
	unsigned char md[32];
	unsigned int mdlen;
	char path[PATH_MAX], dir[PATH_MAX];
	struct stat sb;

	EVP_DigestFinal_ex(sk->md, md, &mdlen);
	kp_hex(md, 32, a->sha);
	a->size = sk->size;
	a->isnew = 0;
	objpath(st, a->sha, path, sizeof(path));
	if (stat(path, &sb) == 0 && sb.st_size == sk->size) {
		sink_abort(sk);
		return;
	}
	if (fsync(sk->fd) == -1)
		err(KP_EXIT_BAD, "%s: fsync", sk->tmp);
	/* objects are never edited in place */
	if (fchmod(sk->fd, 0444) == -1)
		err(KP_EXIT_BAD, "%s: chmod", sk->tmp);
	if (close(sk->fd) == -1)
		err(KP_EXIT_BAD, "%s", sk->tmp);
	snprintf(dir, sizeof(dir), "%s/objects/%.2s", st->dir, a->sha);
	if (mkdir(dir, 0755) == 0) {
		snprintf(path, sizeof(path), "%s/objects", st->dir);
		fsyncdir(path);
	} else if (errno != EEXIST)
		err(KP_EXIT_BAD, "%s", dir);
	objpath(st, a->sha, path, sizeof(path));
	/* link, not rename: it fails when another process stored the same
	 * content first, which tells "new" from "present" exactly */
	if (link(sk->tmp, path) == 0)
		a->isnew = 1;
	else if (errno != EEXIST)
		err(KP_EXIT_BAD, "%s", path);
	else if (stat(path, &sb) == -1 || sb.st_size != sk->size) {
		/* a damaged object: replace it with the good copy */
		if (rename(sk->tmp, path) == -1)
			err(KP_EXIT_BAD, "%s", path);
		a->isnew = 1;
	}
	fsyncdir(dir);
	unlink(sk->tmp);
	free(sk->tmp);
	EVP_MD_CTX_free(sk->md);
	sk->tmp = NULL;
	sk->md = NULL;
}

/* the run a file belongs to: the directory holding mmtests-activity or
 * an iter-N directory, first on the path; base stands for the source
 * itself */
static char *
runof(const char *path, const char *base)
{
	const char *p = path, *prev = NULL, *c, *slash;
	size_t prevlen = 0, n;

	for (c = p; *c; c = slash + 1) {
		slash = strchr(c, '/');
		n = slash ? (size_t)(slash - c) : strlen(c);
		if ((!slash && n == 16 && memcmp(c, "mmtests-activity", 16) == 0) ||
		    (slash && n > 5 && memcmp(c, "iter-", 5) == 0 &&
		    strspn(c + 5, "0123456789") == n - 5)) {
			if (prev)
				return estrndup(prev, prevlen);
			return base && *base ? estrdup(base) : NULL;
		}
		if (!slash)
			break;
		prev = c;
		prevlen = n;
	}
	return NULL;
}

static void
appendindex(struct store *st, const char *line, size_t len)
{
	struct stat sb;
	char last;
	ssize_t w;

	if (flock(st->ifd, LOCK_EX) == -1)
		err(KP_EXIT_BAD, "%s: flock", st->index);
	/* a line torn by a crash must not swallow this one */
	if (fstat(st->ifd, &sb) == -1)
		err(KP_EXIT_BAD, "%s", st->index);
	if (sb.st_size > 0 && pread(st->ifd, &last, 1, sb.st_size - 1) == 1 &&
	    last != '\n' && write(st->ifd, "\n", 1) != 1)
		err(KP_EXIT_BAD, "%s", st->index);
	while (len > 0) {
		if ((w = write(st->ifd, line, len)) == -1) {
			if (errno == EINTR)
				continue;
			err(KP_EXIT_BAD, "%s", st->index);
		}
		line += w;
		len -= (size_t)w;
	}
	flock(st->ifd, LOCK_UN);
}

void
store_emit(struct store *st, const struct art *a)
{
	struct ent *e = store_lookup(st, a->source, a->path);
	char obj[80], *buf = NULL, *run;
	size_t len = 0;
	FILE *fp;
	kp_w *w;

	if (!(fp = open_memstream(&buf, &len)))
		err(KP_EXIT_BAD, "open_memstream");
	w = kp_w_open(fp, "<record>");
	snprintf(obj, sizeof(obj), "objects/%.2s/%s", a->sha, a->sha + 2);
	kp_w_obj(w);
	kp_w_kstr(w, "type", "artifact");
	kp_w_kstr(w, "source", a->source);
	kp_w_kstr(w, "path", a->path);
	if ((run = runof(a->path, a->base)))
		kp_w_kstr(w, "run", run);
	else
		kp_w_knull(w, "run");
	free(run);
	kp_w_kstr(w, "sha256", a->sha);
	kp_w_kint(w, "size", a->size);
	kp_w_kstr(w, "object", obj);
	kp_w_kstr(w, "store", st->dir);
	kp_w_kint(w, "fetched", (long long)time(NULL));
	kp_w_kstr(w, "status", a->isnew ? "new" : "present");
	if (a->mtime >= 0)
		kp_w_kint(w, "mtime", a->mtime);
	else
		kp_w_knull(w, "mtime");
	if (a->etag)
		kp_w_kstr(w, "etag", a->etag);
	else
		kp_w_knull(w, "etag");
	kp_w_end(w);
	kp_w_close(w);
	kp_w_line(out, buf, len - 1);
	/* the index grows only when it learns something: a re-run that
	 * finds everything unchanged appends nothing */
	if (!e || strcmp(e->sha, a->sha) != 0 || e->size != a->size ||
	    e->mtime != a->mtime || (!e->etag) != (!a->etag) ||
	    (e->etag && strcmp(e->etag, a->etag) != 0)) {
		appendindex(st, buf, len);
		remember(st, a);
	}
	free(buf);
	if (opt.verbose)
		fprintf(stderr, "%s: %s %s %s %lld\n", program_invocation_short_name,
		    a->isnew ? "new" : "present", a->source, a->path, a->size);
	progress(0, 1);
}

/* --verify */

#define vwarn(...) (unprogress(), kp_warn_at(__VA_ARGS__))

struct vobj {
	char sha[65];
	long long size;
	int ok;
};

struct vstate {
	struct art *arts;
	long *lines;
	size_t n, cap;
};

static void
keepone(void *arg, const struct art *a, long line)
{
	struct vstate *v = arg;

	if (v->n == v->cap) {
		v->cap = v->cap ? 2 * v->cap : 1024;
		v->arts = ereallocarray(v->arts, v->cap, sizeof(*v->arts));
		v->lines = ereallocarray(v->lines, v->cap, sizeof(*v->lines));
	}
	v->arts[v->n] = *a;
	v->arts[v->n].source = estrdup(a->source);
	v->arts[v->n].path = estrdup(a->path);
	v->arts[v->n].etag = NULL;
	v->arts[v->n].object = a->object ? estrdup(a->object) : NULL;
	v->lines[v->n++] = line;
}

static int
cmpobj(const void *a, const void *b)
{
	return strcmp(((const struct vobj *)a)->sha, ((const struct vobj *)b)->sha);
}

static int
hashfile(const char *path, unsigned char md[32], long long *size)
{
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	static char *buf;
	unsigned int mdlen;
	ssize_t r;
	int fd;

	if (!buf)
		buf = emalloc(BUFSZ);
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
		progress(r, 0);
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
store_verify(const char *dir, int clean)
{
	struct vstate v = { 0 };
	struct vobj *objs = NULL, key, *o;
	size_t nobj = 0, capobj = 0, i;
	char path[PATH_MAX], want[80], hex[65];
	unsigned char md[32];
	long problems, ntmp = 0;
	long long size, bytes = 0;
	struct dirent *de, *fe;
	struct stat sb;
	DIR *d, *sub;

	snprintf(path, sizeof(path), "%s/objects", dir);
	if (stat(path, &sb) == -1 || !S_ISDIR(sb.st_mode))
		errx(KP_EXIT_BAD, "%s: not a store (no objects directory)", dir);
	/* the index first: whatever it names was complete before the line
	 * was written, so a fetch running beside us cannot fool the check */
	snprintf(path, sizeof(path), "%s/index.ndjson", dir);
	problems = readindex(path, keepone, &v);

	snprintf(path, sizeof(path), "%s/objects", dir);
	if (!(d = opendir(path)))
		err(KP_EXIT_BAD, "%s", path);
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.' && (!de->d_name[1] ||
		    (de->d_name[1] == '.' && !de->d_name[2])))
			continue;
		snprintf(path, sizeof(path), "%s/objects/%s", dir, de->d_name);
		if (strlen(de->d_name) != 2 || !ishex(de->d_name, 2) ||
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
			if (strlen(fe->d_name) != 62 || !ishex(fe->d_name, 62) ||
			    lstat(path, &sb) == -1 || !S_ISREG(sb.st_mode)) {
				vwarn(path, 0, 0, "not an object (expected a "
				    "regular file named by 62 hex digits)");
				problems++;
				continue;
			}
			if (nobj == capobj) {
				capobj = capobj ? 2 * capobj : 1024;
				objs = ereallocarray(objs, capobj, sizeof(*objs));
			}
			o = &objs[nobj++];
			memcpy(o->sha, de->d_name, 2);
			memcpy(o->sha + 2, fe->d_name, 63);
			o->ok = 0;
			o->size = -1;
			if (hashfile(path, md, &size) == -1) {
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
			progress(0, 1);
		}
		closedir(sub);
	}
	closedir(d);
	if (objs)
		qsort(objs, nobj, sizeof(*objs), cmpobj);

	snprintf(path, sizeof(path), "%s/index.ndjson", dir);
	for (i = 0; i < v.n; i++) {
		struct art *a = &v.arts[i];

		memcpy(key.sha, a->sha, 65);
		o = objs ? bsearch(&key, objs, nobj, sizeof(*objs), cmpobj) : NULL;
		snprintf(want, sizeof(want), "objects/%.2s/%s", a->sha, a->sha + 2);
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
		free((char *)a->source);
		free((char *)a->path);
		free((char *)a->object);
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
	progress(-1, 0);
	fprintf(stderr, "%s: %s: %zu objects, %lld bytes, %zu index records, "
	    "%ld problems, %ld stray temporary files\n",
	    program_invocation_short_name, dir, nobj, bytes, v.n, problems, ntmp);
	free(objs);
	free(v.arts);
	free(v.lines);
	return problems ? KP_EXIT_FINDINGS : KP_EXIT_OK;
}

void
store_close(struct store *st)
{
	if (fsync(st->ifd) == -1 && errno != EINVAL)
		err(KP_EXIT_BAD, "%s: fsync", st->index);
	close(st->ifd);
	for (size_t i = 0; i < st->cap; i++) {
		free(st->tab[i].key);
		free(st->tab[i].etag);
	}
	free(st->tab);
	free(st->index);
	free(st->dir);
	free(st);
}
