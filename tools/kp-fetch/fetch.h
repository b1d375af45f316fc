/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fetch.h: the parts of kp-fetch.  Every file takes the one context,
 * struct fetch, instead of sharing globals.  Files depend on each other
 * in one direction only:
 *
 *	main.c -> dir.c tar.c http.c squad.c tuxsuite.c verify.c -> store.c -> msg.c
 *	http.c -> html.c origin.c; squad.c tuxsuite.c -> http.c origin.c
 */
#ifndef FETCH_H
#define FETCH_H

#include <stdint.h>
#include <openssl/evp.h>

#include "kp.h"
#include "rec.h"
#include "strmap.h"

#define BUFSZ (1 << 20)	/* one read or write; large, for throughput */

/* what the index says about one (source, path): the latest line wins */
struct ent {
	char sha[65];
	long long size;
	long long mtime;	/* -1: unknown */
	char *etag;	/* or NULL */
};

struct store {
	char *dir;	/* absolute */
	char *index;	/* dir/index.ndjson */
	int ifd;	/* the index, O_APPEND */
	kp_strmap *keys;	/* (source, path, source_hash or "") -> its ent */
	unsigned char key[32];	/* for source_hash: DIR/key, read when needed */
	int haskey;
	struct ent *ent;
};

/* an object being written: a temporary file inside the store, hashed as
 * it is written, so every byte is read once */
struct sink {
	int fd;
	char *tmp;
	EVP_MD_CTX *md;
	long long size, max;
};

/* one file being fetched: what its artifact record (kp_artifact_rec,
 * written by store_emit) will say, with what the fetch needs on the way
 * (the object's hash as it is computed, whether it was new) */
struct art {
	const char *source, *path, *base;	/* base: the source's last name, for run */
	char sha[65];
	long long size, mtime;	/* mtime -1: unknown */
	const char *etag;
	const char *url;	/* what it was fetched from, or NULL */
	int isnew;
};

struct opts {
	int verbose;
	long long maxsize, rate;
	long timeout;
	/* one source's bounds: pages read into memory (-P), bytes received
	 * or expanded (-M), seconds (-T) */
	long long maxpages, maxtotal;
	long deadline;
};

/* what one source has used of its bounds; reset for each source */
struct budget {
	long long pages, bytes;
	double end;	/* fetch_now() past which it stops */
	int spent;	/* a bound was reached and reported: stop quietly */
};

/* a source's credential and the one origin it may be sent to */
struct cred {
	char *origin;	/* "scheme://host:port", lowercase; NULL: none */
	char *hdr;	/* the request header line */
};

/* the progress line on a terminal */
struct progress {
	int tty, shown;
	long long nfiles, nbytes;
	double t0, tlast;
};

struct http;	/* http.c: one libcurl handle, made when first needed */

/* one kp-fetch: options, the store, the output and what went wrong */
struct fetch {
	struct opts opt;
	struct store *st;
	int out;	/* records are written here, one write(2) each */
	long nrecords;	/* records written to out */
	long nlost;	/* records in the index that out did not take */
	int nerrors;	/* refused or failed files: exit 2 at the end */
	struct progress pr;
	char *buf;	/* BUFSZ bytes for reading files */
	struct http *http;
	struct budget bud;	/* of the source being fetched */
};

/* msg.c: messages, the progress line, and dying without losing records */
void fetch_fail(struct fetch *f, const char *where, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void fetch_note(struct fetch *f, const char *where, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* the store cannot be written: say what reached the index and stdout,
 * and exit 2 */
void fetch_fatal(struct fetch *f, const char *where, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 3, 4)));
void progress_clear(struct fetch *f);
/* bytes < 0: finish the line */
void progress_add(struct fetch *f, long long bytes, int file);
double fetch_now(void);

/* store.c */
struct store *store_open(struct fetch *f, const char *dir, int create);
void store_close(struct fetch *f);
/* the index's entry of path in source, a URL as given (signed or not) */
struct ent *store_lookup(struct fetch *f, const char *source, const char *path);
/* a URL as records and the index give it: without a signing query
 * (url_signed); NULL for NULL; the caller frees */
char *store_recorded(const char *url);
/* what tells a signed url apart where it is recorded without its query:
 * a keyed hash of it whole (hex); NULL when url is not signed; the
 * caller frees */
char *store_hash(struct fetch *f, const char *url);
int store_has(struct store *st, const char *sha, long long size);
void sink_open(struct fetch *f, struct sink *sk);
int sink_write(struct fetch *f, struct sink *sk, const void *p, size_t n);	/* -1: over max */
void sink_commit(struct fetch *f, struct sink *sk, struct art *a);
void sink_abort(struct sink *sk);
/* the artifact record of a: appended to the index, then written out */
void store_emit(struct fetch *f, const struct art *a);
/* copy the open file fd into the store as a, and emit nothing: 0 ok,
 * -1 refused (reported) */
int store_fd(struct fetch *f, int fd, struct art *a);
/* why a name inside a source must not be used, or NULL */
const char *store_badpath(const char *p);
/* s is n lowercase hex digits and ends there */
int store_ishex(const char *s, size_t n);
/* the run a path belongs to (see kp-records(5)), or NULL; caller frees */
char *store_runof(const char *path, const char *base);

/* calls fn for every artifact line of an index; returns the number of
 * lines that could not be read (each is named) */
long store_readindex(struct fetch *f, const char *index,
    void (*fn)(void *, const kp_artifact_rec *, long), void *arg);

/* verify.c */
int store_verify(struct fetch *f, const char *dir, int clean);

/* dir.c, tar.c */
void fetch_dir(struct fetch *f, const char *dir);
void fetch_tar(struct fetch *f, const char *file);

/* html.c: the links of a directory index page, resolved against its URL:
 * fn(arg, url) for each link to follow (http or https, without query or
 * fragment, dot segments removed); the url is the caller's to free */
void html_links(const char *pageurl, char *page,
    void (*fn)(void *, char *), void *arg);
/* %XX decoded; NULL when that yields a NUL byte; caller frees */
char *html_unescape(const char *s);

/* origin.c */
/* "scheme://host:port" of url, lowercase, the port explicit; NULL when
 * url is not one; caller frees */
char *origin_of(const char *url);
/* url without its user information, or NULL when it has none; caller
 * frees */
char *url_userinfo_cut(const char *url);
/* the '?' of url when its query signs it (a presigned URL, a token=),
 * else NULL */
const char *url_signed(const char *url);
/* s with the value of each signing parameter of a URL's query as
 * REDACTED, for a message; caller frees */
char *url_redact(const char *s);
/* url is on origin (as origin_of gives it; NULL is no origin) */
int same_origin(const char *url, const char *origin);
/* the credential "hdrname: scheme token" for url's origin; none (hdr
 * NULL) without a token */
void cred_set(struct cred *c, const char *url, const char *hdrname,
    const char *scheme, const char *token);
void cred_free(struct cred *c);
/* the header to send to url: c's when url is on c's origin, else NULL */
const char *cred_for(const struct cred *c, const char *url);

/* http.c */
void http_done(struct fetch *f);
void fetch_url(struct fetch *f, const char *url);
/* a new source: its bounds start again (-P, -M, -T) */
void budget_start(struct fetch *f);
/* n more bytes of the source (received or expanded): 0, or -1 past -M
 * (the caller says so) */
int budget_bytes(struct fetch *f, long long n);
/* GET url into memory, with c's credential when url is on c's origin
 * (c may be NULL): 0 and the body (NUL-terminated, the caller's) in
 * *body, or -1 (reported) */
int http_body(struct fetch *f, const char *url, const struct cred *c,
    char **body, size_t *len);
/* GET url into the store as a (source and path set by the caller), with
 * c's credential only on c's origin: 0, or -1 (reported, nothing
 * stored); expect >= 0: the size the server announced, a body of
 * another size is refused.  Emits no record; a->etag is the caller's to
 * free. */
int http_object(struct fetch *f, const char *url, const struct cred *c,
    struct art *a, long long expect);

/* squad.c: a SQUAD project, or one build of it */
void fetch_squad(struct fetch *f, const char *source);
/* tuxsuite.c: a TuxSuite build's status, metadata.json and config */
void fetch_tuxsuite(struct fetch *f, const char *source);

#endif
