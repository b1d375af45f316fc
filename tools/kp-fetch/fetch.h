/* fetch.h: the parts of kp-fetch, shared between its files. */
#ifndef FETCH_H
#define FETCH_H

#include <stdint.h>
#include <openssl/evp.h>

#include "kp.h"

#define BUFSZ (1 << 20)	/* one read or write; large, for throughput */

/* what the index says about one (source, path): the latest line wins */
struct ent {
	char *key;	/* source '\0' path */
	size_t keylen;
	char sha[65];
	long long size;
	long long mtime;	/* -1: unknown */
	char *etag;	/* or NULL */
};

struct store {
	char *dir;	/* absolute */
	char *index;	/* dir/index.ndjson */
	int ifd;	/* the index, O_APPEND */
	struct ent *tab;	/* open addressing on key */
	size_t cap, n;
};

/* an object being written: a temporary file inside the store, hashed as
 * it is written, so every byte is read once */
struct sink {
	int fd;
	char *tmp;
	EVP_MD_CTX *md;
	long long size, max;
};

/* one file fetched, as its artifact record will say */
struct art {
	const char *source, *path, *base;	/* base: the source's last name, for run */
	char sha[65];
	long long size, mtime;	/* mtime -1: unknown */
	const char *etag;
	const char *object;	/* as read from the index, for --verify */
	int isnew;
};

struct opts {
	int verbose;
	long long maxsize, rate;
	long timeout;
};
extern struct opts opt;
extern kp_w *out;
extern int nerrors;	/* refused or failed files: exit 2 at the end */

/* store.c */
struct store *store_open(const char *dir, int create);
void store_close(struct store *st);
struct ent *store_lookup(struct store *st, const char *source, const char *path);
int store_has(struct store *st, const char *sha, long long size);
void sink_open(struct store *st, struct sink *sk);
int sink_write(struct sink *sk, const void *p, size_t n);	/* -1: over max */
void sink_commit(struct store *st, struct sink *sk, struct art *a);
void sink_abort(struct sink *sk);
void store_emit(struct store *st, const struct art *a);
int store_verify(const char *dir, int clean);

/* main.c */
void fail(const char *where, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void note(const char *where, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void unprogress(void);
void progress(long long bytes, int file);	/* bytes < 0: finish the line */
const char *badpath(const char *p);
/* fetch one local file or stream already opened: shared by dir.c */
int fetch_fd(struct store *st, int fd, struct art *a);

/* dir.c, tar.c, http.c */
void fetch_dir(struct store *st, const char *dir);
void fetch_tar(struct store *st, const char *file);
void http_init(void);
void http_done(void);
void fetch_url(struct store *st, const char *url);

#endif
