/* SPDX-License-Identifier: GPL-2.0-or-later */
/* store.c: the content-addressed store and its append-only index.
 *
 * An object reaches objects/ab/cdef... only complete: it is written to a
 * temporary file in tmp/, fsync'd and then linked into place, and the
 * index line naming it is appended after that, so a reader of the index
 * never meets an object that is not all there.  Temporary files carry the
 * writer's process id so --verify can tell a live one from a stray.
 *
 * A store that cannot be written (a full disk, an I/O error) ends the
 * fetch through fetch_fatal(), after the temporary file is removed and with the
 * index ending in a whole line. */
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "kp.h"
#include "rec.h"
#include "strmap.h"
#include "fetch.h"

static void
emkdir(struct fetch *f, const char *path)
{
	if (mkdir(path, 0755) == -1 && errno != EEXIST)
		fetch_fatal(f, path, "cannot create directory: %s", strerror(errno));
}

static void
fsyncdir(struct fetch *f, const char *path)
{
	int fd;

	if ((fd = open(path, O_RDONLY | O_DIRECTORY)) == -1)
		fetch_fatal(f, path, "%s", strerror(errno));
	if (fsync(fd) == -1 && errno != EINVAL)
		fetch_fatal(f, path, "fsync: %s", strerror(errno));
	close(fd);
}

/* why a name inside a source must not be used, or NULL.  Readers of the
 * index (kp-parse-mmtests) refuse a whole store over one such path, so
 * "." and empty components are refused here too. */
const char *
store_badpath(const char *p)
{
	const char *c, *slash;
	long n;

	if (!*p)
		return "an empty name";
	if (*p == '/')
		return "an absolute path";
	/* a newline would split the run's name across records' lines of
	 * text (its "run" names it), a terminal control act on a screen */
	for (c = p; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			return "a control character";
	for (c = p; ; c = slash + 1) {
		slash = strchr(c, '/');
		n = slash ? slash - c : (long)strlen(c);
		if (n == 2 && c[0] == '.' && c[1] == '.')
			return "a \"..\" component";
		if (n == 1 && c[0] == '.')
			return "a \".\" component";
		if (n == 0)
			return "an empty component";
		if (!slash)
			return NULL;
	}
}

/* s is n lowercase hex digits and ends there */
int
store_ishex(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return s[n] == '\0';
}

/* One line of the index, read through the artifact table: 1 an
 * artifact record kp-fetch can use (in *a, owned: kp_rec_free), -1 an
 * artifact record without a valid source, path, sha256 or size, 0 a
 * record of another type.  An index is read leniently (a line a crash
 * tore is skipped, not fatal), so each field is checked before the
 * table's reader, which dies on a field of the wrong kind, decodes it;
 * a field kp-fetch can do without (mtime, etag, object, source_hash)
 * that is of the wrong kind reads as unknown. */
static int
readart(kp_json *d, kp_artifact_rec *a)
{
	int tok[KP_ARTIFACT_NF + 1], t;
	kp_has want = kp_has_of(KP_ARTIFACT_SOURCE, KP_ARTIFACT_PATH,
	    KP_ARTIFACT_SHA256, KP_ARTIFACT_SIZE, -1);
	const char *sha;
	long long v;

	memset(a, 0, sizeof(*a));
	t = kp_rec_index(d, &kp_artifact_t, tok, NULL);
	if (t < 0 || !kp_json_streq(d, t, kp_artifact_t.name))
		return 0;
	if (!kp_json_str(d, tok[KP_ARTIFACT_SOURCE]) ||
	    !kp_json_str(d, tok[KP_ARTIFACT_PATH]) ||
	    !(sha = kp_json_str(d, tok[KP_ARTIFACT_SHA256])) ||
	    strlen(sha) != 64 || !store_ishex(sha, 64) ||
	    kp_json_int(d, tok[KP_ARTIFACT_SIZE], &v) < 0)
		return -1;
	if (kp_json_int(d, tok[KP_ARTIFACT_MTIME], &v) == 0)
		kp_has_set(&want, KP_ARTIFACT_MTIME);
	if (kp_json_str(d, tok[KP_ARTIFACT_ETAG]))
		kp_has_set(&want, KP_ARTIFACT_ETAG);
	if (kp_json_str(d, tok[KP_ARTIFACT_OBJECT]))
		kp_has_set(&want, KP_ARTIFACT_OBJECT);
	if (kp_json_str(d, tok[KP_ARTIFACT_SOURCE_HASH]))
		kp_has_set(&want, KP_ARTIFACT_SOURCE_HASH);
	kp_rec_read(d, &kp_artifact_t, a, &want, NULL);
	if (!kp_has_get(&a->has, KP_ARTIFACT_MTIME))
		a->mtime = -1;
	return 1;
}

/* Calls fn for every artifact line of the index.  A line that does not
 * parse (a write torn by a crash) is named and skipped; the caller counts
 * it.  Returns the number of such lines. */
long
store_readindex(struct fetch *f, const char *index,
    void (*fn)(void *, const kp_artifact_rec *, long), void *arg)
{
	kp_in *in;
	kp_json d;
	kp_artifact_rec a;
	char errbuf[256], *line;
	size_t len, col;
	long bad = 0;
	int r;

	if (!(in = kp_in_open_soft(index))) {
		if (errno == ENOENT)
			return 0;
		fetch_fatal(f, index, "%s", strerror(errno));
	}
	kp_json_init(&d);
	while ((line = kp_in_line(in, &len))) {
		if (len == 0)
			continue;
		if (kp_json_parse(&d, line, len, errbuf, sizeof(errbuf), &col) < 0) {
			progress_clear(f);
			kp_warn_at(index, kp_in_lineno(in), (long)col,
			    "%s; line skipped", errbuf);
			bad++;
			continue;
		}
		if ((r = readart(&d, &a)) > 0)
			fn(arg, &a, kp_in_lineno(in));
		else if (r < 0) {
			progress_clear(f);
			kp_warn_at(index, kp_in_lineno(in), 0,
			    "artifact record without a valid source, path, "
			    "sha256 or size; line skipped");
			bad++;
		}
		kp_rec_free(&kp_artifact_t, &a);
	}
	kp_json_free(&d);
	kp_in_close(in);
	return bad;
}

/* An index entry is known by its source as recorded, its path and, for a
 * source that was signed, the source's keyed hash: two sources that
 * differ only in a signing value (an API key that picks what the server
 * answers) are two, and one must not take the other's object for "not
 * modified".  A source signed anew each time (a presigned URL that
 * expires) is then a new one each time, fetched whole, as an HTTP cache
 * would. */
struct ent *
store_lookup(struct fetch *f, const char *source, const char *path)
{
	char *rec = store_recorded(source), *hash = store_hash(f, source);
	long k = kp_strmap_findv(f->st->keys, rec, path, hash ? hash : "", NULL);

	free(rec);
	free(hash);
	return k < 0 ? NULL : &f->st->ent[k];
}

/* later lines for the same (source, path, hash) supersede earlier ones */
static void
remember(struct store *st, const char *source, const char *path,
    const char *hash, const char *sha, long long size, long long mtime,
    const char *etag)
{
	struct ent *e;
	size_t k;
	int isnew;

	k = kp_strmap_addv(st->keys, &isnew, source, path, hash ? hash : "", NULL);
	if (isnew)
		st->ent = kp_grow(st->ent, k, sizeof(*st->ent));
	else
		free(st->ent[k].etag);
	e = &st->ent[k];
	memcpy(e->sha, sha, 65);
	e->size = size;
	e->mtime = mtime;
	e->etag = etag ? estrdup(etag) : NULL;
}

static void
loadone(void *arg, const kp_artifact_rec *a, long line)
{
	remember(arg, a->source, a->path, a->source_hash, a->sha256, a->size,
	    a->mtime, a->etag);
}

struct store *
store_open(struct fetch *f, const char *dir, int create)
{
	struct store *st = ecalloc(1, sizeof(*st));
	char path[PATH_MAX];

	st->keys = kp_strmap_new();
	if (create)
		emkdir(f, dir);
	if (!(st->dir = realpath(dir, NULL)))
		fetch_fatal(f, dir, "store: %s", strerror(errno));
	snprintf(path, sizeof(path), "%s/objects", st->dir);
	emkdir(f, path);
	snprintf(path, sizeof(path), "%s/tmp", st->dir);
	emkdir(f, path);
	snprintf(path, sizeof(path), "%s/index.ndjson", st->dir);
	st->index = estrdup(path);
	if ((st->ifd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0644)) == -1)
		fetch_fatal(f, path, "%s", strerror(errno));
	/* a shared lock: no line is read half-appended */
	if (flock(st->ifd, LOCK_SH) == -1)
		fetch_fatal(f, path, "flock: %s", strerror(errno));
	store_readindex(f, path, loadone, st);
	flock(st->ifd, LOCK_UN);
	f->st = st;
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
sink_open(struct fetch *f, struct sink *sk)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/tmp/%ld.XXXXXX", f->st->dir, (long)getpid());
	if ((sk->fd = mkostemp(path, O_CLOEXEC)) == -1)
		fetch_fatal(f, path, "%s", strerror(errno));
	sk->tmp = estrdup(path);
	if (!(sk->md = EVP_MD_CTX_new()) ||
	    !EVP_DigestInit_ex(sk->md, EVP_sha256(), NULL))
		fetch_fatal(f, NULL, "cannot set up SHA-256 (libcrypto)");
	sk->size = 0;
	sk->max = f->opt.maxsize;
}

void
sink_abort(struct sink *sk)
{
	if (!sk->tmp)
		return;
	close(sk->fd);
	unlink(sk->tmp);
	free(sk->tmp);
	EVP_MD_CTX_free(sk->md);
	sk->tmp = NULL;
	sk->md = NULL;
}

/* the object cannot be written: no temporary file stays behind.  where
 * names what failed, NULL for the temporary file itself. */
static void
sink_fatal(struct fetch *f, struct sink *sk, const char *where, const char *what)
{
	int e = errno;
	char tmp[PATH_MAX];

	snprintf(tmp, sizeof(tmp), "%s", where ? where : sk->tmp);
	sink_abort(sk);
	fetch_fatal(f, tmp, "%s: %s (the object being written was removed)",
	    what, strerror(e));
}

int
sink_write(struct fetch *f, struct sink *sk, const void *p, size_t n)
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
			sink_fatal(f, sk, NULL, "write");
		}
		c += w;
		left -= (size_t)w;
	}
	sk->size += (long long)n;
	progress_add(f, (long long)n, 0);
	return 0;
}

void
sink_commit(struct fetch *f, struct sink *sk, struct art *a)
{
	unsigned char md[32];
	unsigned int mdlen;
	char path[PATH_MAX], dir[PATH_MAX];
	struct stat sb;
	struct store *st = f->st;

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
		sink_fatal(f, sk, NULL, "fsync");
	/* objects are never edited in place */
	if (fchmod(sk->fd, 0444) == -1)
		sink_fatal(f, sk, NULL, "chmod");
	if (close(sk->fd) == -1) {
		sk->fd = -1;
		sink_fatal(f, sk, NULL, "close");
	}
	sk->fd = -1;
	snprintf(dir, sizeof(dir), "%s/objects/%.2s", st->dir, a->sha);
	if (mkdir(dir, 0755) == 0) {
		snprintf(path, sizeof(path), "%s/objects", st->dir);
		fsyncdir(f, path);
	} else if (errno != EEXIST)
		sink_fatal(f, sk, dir, "mkdir");
	objpath(st, a->sha, path, sizeof(path));
	/* link, not rename: it fails when another process stored the same
	 * content first, which tells "new" from "present" exactly */
	if (link(sk->tmp, path) == 0)
		a->isnew = 1;
	else if (errno != EEXIST)
		sink_fatal(f, sk, path, "link");
	else if (stat(path, &sb) == -1 || sb.st_size != sk->size) {
		/* a damaged object: replace it with the good copy */
		if (rename(sk->tmp, path) == -1)
			sink_fatal(f, sk, path, "rename");
		a->isnew = 1;
	}
	fsyncdir(f, dir);
	sink_abort(sk);
}

int
store_fd(struct fetch *f, int fd, struct art *a)
{
	struct sink sk;
	ssize_t r;

	sink_open(f, &sk);
	while ((r = read(fd, f->buf, BUFSZ)) != 0) {
		if (r == -1) {
			if (errno == EINTR)
				continue;
			fetch_fail(f, a->source, "%s: read error: %s", a->path, strerror(errno));
			sink_abort(&sk);
			return -1;
		}
		if (sink_write(f, &sk, f->buf, (size_t)r) == -1) {
			fetch_fail(f, a->source, "%s: larger than %lld bytes (-m), not fetched",
			    a->path, f->opt.maxsize);
			sink_abort(&sk);
			return -1;
		}
	}
	sink_commit(f, &sk, a);
	return 0;
}

/* the run a file belongs to: the directory holding mmtests-activity or
 * an iter-N directory, first on the path; base stands for the source
 * itself */
char *
store_runof(const char *path, const char *base)
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

/* Append one line under the lock.  A failed write is cut back off, so
 * the index never ends in a torn line of ours; -1 then, errno set. */
static int
appendindex(struct fetch *f, const char *line, size_t len)
{
	struct store *st = f->st;
	struct stat sb;
	char last;
	ssize_t w;
	int e = 0;

	if (flock(st->ifd, LOCK_EX) == -1)
		fetch_fatal(f, st->index, "flock: %s", strerror(errno));
	if (fstat(st->ifd, &sb) == -1)
		fetch_fatal(f, st->index, "%s", strerror(errno));
	/* a line torn by a crash must not swallow this one */
	if (sb.st_size > 0 && pread(st->ifd, &last, 1, sb.st_size - 1) == 1 &&
	    last != '\n') {
		if (write(st->ifd, "\n", 1) != 1)
			e = errno ? errno : EIO;
		else
			sb.st_size++;
	}
	while (!e && len > 0) {
		if ((w = write(st->ifd, line, len)) == -1) {
			if (errno == EINTR)
				continue;
			e = errno;
			break;
		}
		line += w;
		len -= (size_t)w;
	}
	if (e && ftruncate(st->ifd, sb.st_size) == -1)
		kp_warn_at(st->index, 0, 0, "cannot cut off a torn last line: %s",
		    strerror(errno));
	flock(st->ifd, LOCK_UN);
	errno = e;
	return e ? -1 : 0;
}

/* the record, whole, to the output; a failure is counted, not fatal:
 * the store is sound, and fetch_fatal() or the end will say what was lost */
static void
writeout(struct fetch *f, const char *line, size_t len)
{
	ssize_t w;

	while (len > 0) {
		if ((w = write(f->out, line, len)) == -1) {
			if (errno == EINTR)
				continue;
			if (f->nlost == 0)
				kp_warn_at("<stdout>", 0, 0, "write error: %s",
				    strerror(errno));
			f->nlost++;
			return;
		}
		line += w;
		len -= (size_t)w;
	}
	f->nrecords++;
}

/* url as the record gives it: without its query when the query signs
 * it (url_signed): that is a credential for whoever reads the record,
 * the store's index or a report's src.  NULL for none; caller frees. */
char *
store_recorded(const char *url)
{
	const char *q;

	if (!url)
		return NULL;
	return (q = url_signed(url)) ? estrndup(url, (size_t)(q - url)) :
	    estrdup(url);
}

/* The store's key for source_hash: 32 random bytes in DIR/key (0600),
 * made when a signed source first needs it.  A plain hash of a URL whose
 * password= is weak would let whoever reads a record try passwords
 * against it; under a key that stays in the store, it tells nothing. */
static void
storekey(struct fetch *f, struct store *st)
{
	char path[PATH_MAX], tmp[PATH_MAX];
	int fd;

	snprintf(path, sizeof(path), "%s/key", st->dir);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1 && errno == ENOENT) {
		snprintf(tmp, sizeof(tmp), "%s/tmp/%ld.key", st->dir, (long)getpid());
		if (getrandom(st->key, sizeof(st->key), 0) != (ssize_t)sizeof(st->key) ||
		    (fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600)) == -1 ||
		    write(fd, st->key, sizeof(st->key)) != (ssize_t)sizeof(st->key) ||
		    fsync(fd) == -1 || close(fd) == -1)
			fetch_fatal(f, path, "cannot make the store's key: %s",
			    strerror(errno));
		/* link, not rename: the key of a kp-fetch that made one first
		 * stays, and both use it */
		if (link(tmp, path) == -1 && errno != EEXIST)
			fetch_fatal(f, path, "%s", strerror(errno));
		unlink(tmp);
		fd = open(path, O_RDONLY | O_CLOEXEC);
	}
	if (fd == -1)
		fetch_fatal(f, path, "%s", strerror(errno));
	if (read(fd, st->key, sizeof(st->key)) != (ssize_t)sizeof(st->key))
		fetch_fatal(f, path, "the store's key: expected %zu bytes",
		    sizeof(st->key));
	close(fd);
	st->haskey = 1;
}

char *
store_hash(struct fetch *f, const char *url)
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int n = 0, i;
	char *hex;

	if (!url || !url_signed(url))
		return NULL;
	if (!f->st->haskey)
		storekey(f, f->st);
	if (!HMAC(EVP_sha256(), f->st->key, (int)sizeof(f->st->key),
	    (const unsigned char *)url, strlen(url), md, &n))
		fetch_fatal(f, NULL, "HMAC-SHA256 failed");
	hex = emalloc(2 * n + 1);
	for (i = 0; i < n; i++)
		sprintf(hex + 2 * i, "%02x", md[i]);
	return hex;
}

void
store_emit(struct fetch *f, const struct art *a)
{
	char obj[80], *buf = NULL, *run, *url, *source = store_recorded(a->source);
	char *hash = store_hash(f, a->source);
	/* the index knows a source as recorded: a lookup by the signed URL
	 * found nothing, and every night appended every file again */
	struct ent *e = store_lookup(f, a->source, a->path);
	size_t len = 0;
	FILE *fp;
	kp_artifact_rec r = { .size = a->size };
	kp_w *w;

	if (!(fp = open_memstream(&buf, &len)))
		fetch_fatal(f, NULL, "open_memstream: %s", strerror(errno));
	snprintf(obj, sizeof(obj), "objects/%.2s/%s", a->sha, a->sha + 2);
	/* every field, null when unknown; url only when fetched from one */
	kp_has_range(&r.has, 0, KP_ARTIFACT_URL - 1);
	r.source = source;
	r.path = (char *)a->path;
	r.run = run = store_runof(a->path, a->base);
	r.sha256 = (char *)a->sha;
	r.object = obj;
	r.store = f->st->dir;
	r.fetched = (long long)time(NULL);
	r.status = a->isnew ? "new" : "present";
	r.mtime = a->mtime >= 0 ? a->mtime : KP_NULL_INT;
	r.etag = (char *)a->etag;
	if ((r.url = url = store_recorded(a->url)))
		kp_has_set(&r.has, KP_ARTIFACT_URL);
	if ((r.source_hash = hash))
		kp_has_set(&r.has, KP_ARTIFACT_SOURCE_HASH);
	w = kp_w_open(fp, "<record>");
	kp_rec_write(w, &kp_artifact_t, &r);
	kp_w_close(w);
	free(run);
	free(url);
	/* the index grows only when it learns something: a re-run that
	 * finds everything unchanged appends nothing */
	if (!e || strcmp(e->sha, a->sha) != 0 || e->size != a->size ||
	    e->mtime != a->mtime || (!e->etag) != (!a->etag) ||
	    (e->etag && strcmp(e->etag, a->etag) != 0)) {
		if (appendindex(f, buf, len) == -1) {
			int err = errno;

			free(buf);
			fetch_fatal(f, f->st->index, "%s %s: stored as %s, but its "
			    "record could not be added: %s", a->source, a->path,
			    obj, strerror(err));
		}
		remember(f->st, source, a->path, hash, a->sha, a->size, a->mtime,
		    a->etag);
	}
	free(source);
	free(hash);
	writeout(f, buf, len);
	free(buf);
	if (f->opt.verbose) {
		source = url_redact(a->source);
		kp_warn("%s %s %s %lld", a->isnew ? "new" : "present", source,
		    a->path, a->size);
		free(source);
	}
	progress_add(f, 0, 1);
}

void
store_close(struct fetch *f)
{
	struct store *st = f->st;

	if (fsync(st->ifd) == -1 && errno != EINVAL)
		fetch_fatal(f, st->index, "fsync: %s", strerror(errno));
	close(st->ifd);
	for (size_t i = 0; i < kp_strmap_len(st->keys); i++)
		free(st->ent[i].etag);
	free(st->ent);
	kp_strmap_free(st->keys);
	free(st->index);
	free(st->dir);
	free(st);
	f->st = NULL;
}
