/* SPDX-License-Identifier: GPL-2.0-or-later */
/* http.c: HTTP and HTTPS sources (libcurl): single files, and directory
 * index pages (python -m http.server, nginx autoindex, Apache) followed
 * recursively, never above the starting URL nor to another host.
 *
 * A file fetched before is asked for again conditionally (If-None-Match
 * with its ETag, If-Modified-Since with its Last-Modified); a 304 costs
 * no transfer.  A URL ending in '/' is a directory; so is one that
 * redirects to such a URL and serves HTML.
 *
 * Every source has bounds of its own (-P pages read into memory, -M
 * bytes, -T seconds): a server that pages forever, or sends a byte now
 * and then, stops at them with a message naming the option. */
#include <curl/curl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "kp.h"
#include "fetch.h"
#include "strmap.h"

#define PAGEMAX (64LL << 20)	/* an index page larger than this is not one */
#define MAXDEPTH 64

struct http {
	CURL *h;
};

struct xfer {
	struct fetch *f;
	struct sink sk;
	int tofile;	/* write to sk */
	int keep;	/* keep the body in mem, whatever its type */
	const struct cred *cred;	/* sent to its origin only, or NULL */
	int html;
	int tohttp;	/* the last response redirects to plain http */
	int toobig;
	int over;	/* past the source's -M */
	int nothtml;	/* a page that is not an index */
	char *etag;
	char *mem;	/* the body, kept when it may be an index page */
	size_t memlen, memcap;
	curl_off_t seen;	/* bytes received so far */
	struct timespec moved;	/* when the last of them arrived */
	int stalled;
	int late;	/* past the source's -T */
};

void
budget_start(struct fetch *f)
{
	memset(&f->bud, 0, sizeof(f->bud));
	f->bud.end = fetch_now() + (double)f->opt.deadline;
}

int
budget_bytes(struct fetch *f, long long n)
{
	f->bud.bytes += n;
	if (f->bud.bytes <= f->opt.maxtotal)
		return 0;
	f->bud.spent = 1;
	return -1;
}

/* the largest body kept in memory: -m, or PAGEMAX when -m is larger */
static long long
pagemax(const struct fetch *f)
{
	return f->opt.maxsize < PAGEMAX ? f->opt.maxsize : PAGEMAX;
}

static double
since(const struct timespec *t)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - t->tv_sec) + (now.tv_nsec - t->tv_nsec) / 1e9;
}

/* Abort a transfer that received nothing for the -t time.  curl's own
 * low-speed check averages over several seconds, so a body that stops
 * after its first bytes ran for about seven seconds at -t 1. */
static int
onprogress(void *p, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
    curl_off_t ulnow)
{
	struct xfer *x = p;

	/* a byte now and then never stalls: the source's deadline ends it,
	 * and is named first when both are past */
	if (fetch_now() > x->f->bud.end) {
		x->late = 1;
		return 1;
	}
	if (dlnow != x->seen) {
		x->seen = dlnow;
		clock_gettime(CLOCK_MONOTONIC, &x->moved);
	} else if (since(&x->moved) > (double)x->f->opt.timeout) {
		x->stalled = 1;
		return 1;
	}
	return 0;
}

/* 1 if url was added to the URLs seen, 0 if it was there */
static int
seen_add(kp_strmap *seen, const char *url)
{
	int isnew;

	kp_strmap_add(seen, url, strlen(url), &isnew);
	return isnew;
}

static size_t
onheader(char *b, size_t size, size_t n, void *arg)
{
	struct xfer *x = arg;
	size_t len = size * n, k;
	char *v, *e;

	if (len >= 5 && strncmp(b, "HTTP/", 5) == 0) {
		/* a new response (after a redirect): forget the last one's */
		free(x->etag);
		x->etag = NULL;
		x->html = 0;
		x->tohttp = 0;
		return len;
	}
	for (k = 0; k < len && b[k] != ':'; k++)
		;
	if (k == len)
		return len;
	for (v = b + k + 1; v < b + len && (*v == ' ' || *v == '\t'); v++)
		;
	for (e = b + len; e > v && (e[-1] == '\r' || e[-1] == '\n' ||
	    e[-1] == ' '); e--)
		;
	if (k == 4 && strncasecmp(b, "etag", 4) == 0) {
		free(x->etag);
		x->etag = estrndup(v, (size_t)(e - v));
	} else if (k == 12 && strncasecmp(b, "content-type", 12) == 0)
		x->html = e - v >= 9 && strncasecmp(v, "text/html", 9) == 0;
	else if (k == 8 && strncasecmp(b, "location", 8) == 0)
		x->tohttp = e - v >= 7 && strncasecmp(v, "http://", 7) == 0;
	return len;
}

static size_t
onbody(char *p, size_t size, size_t n, void *arg)
{
	struct xfer *x = arg;
	size_t len = size * n;

	x->f->bud.bytes += (long long)len;
	if (x->f->bud.bytes > x->f->opt.maxtotal) {
		x->over = 1;
		return 0;
	}
	if ((x->html || x->keep) && (long long)(x->memlen + len) <= pagemax(x->f)) {
		x->mem = kp_reserve(x->mem, &x->memcap, x->memlen + len + 1);
		memcpy(x->mem + x->memlen, p, len);
		x->memlen += len;
		x->mem[x->memlen] = '\0';
	} else if (!x->tofile) {
		if (x->html || x->keep)
			x->toobig = 1;
		else
			x->nothtml = 1;
		return 0;
	}
	if (x->tofile && sink_write(x->f, &x->sk, p, len) == -1) {
		x->toobig = 1;
		return 0;
	}
	if (!x->tofile)
		progress_add(x->f, (long long)len, 0);
	return len;
}

void
http_done(struct fetch *f)
{
	if (f->http) {
		curl_easy_cleanup(f->http->h);
		curl_global_cleanup();
		free(f->http);
		f->http = NULL;
	}
}

static CURL *
setup(struct fetch *f)
{
	if (f->http)
		return f->http->h;
	f->http = ecalloc(1, sizeof(*f->http));
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != 0 ||
	    !(f->http->h = curl_easy_init()))
		fetch_fatal(f, NULL, "cannot set up libcurl");
	return f->http->h;
}

/* GET url: 0 ok (status 200), 1 not modified, -1 failed (reported).
 * cond: what the index knows, for a conditional request, or NULL. */
static int
get(struct fetch *f, const char *url, const struct ent *cond, struct xfer *x,
    char **effective)
{
	char errbuf[CURL_ERROR_SIZE] = "", *hdr = NULL, *eff = NULL;
	struct curl_slist *hl = NULL;
	const char *auth = cred_for(x->cred, url);
	const char *netrc = getenv("KP_NETRC");
	/* an https source's content comes over https only: from plain http
	 * anyone on the path could alter it */
	int https = strncasecmp(url, "https://", 8) == 0;
	char *cut;
	long code = 0;
	CURLcode rc;
	int unmet = 0;
	long rv;
	CURL *h;

	x->f = f;
	if (f->bud.spent)
		return -1;	/* the source is past a bound, said once */
	/* a link a server gave: the user's own were refused before */
	if ((cut = url_userinfo_cut(url))) {
		fetch_fail(f, cut, "a link with a user name or password; not "
		    "followed");
		free(cut);
		return -1;
	}
	if (!x->tofile && ++f->bud.pages > f->opt.maxpages) {
		f->bud.spent = 1;
		fetch_fail(f, url, "more than %lld pages from this source (-P); the "
		    "rest of it is not fetched", f->opt.maxpages);
		return -1;
	}
	if (fetch_now() > f->bud.end) {
		f->bud.spent = 1;
		fetch_fail(f, url, "the source took more than %ld s (-T); the rest of "
		    "it is not fetched", f->opt.deadline);
		return -1;
	}
	h = setup(f);
	curl_easy_reset(h);
	curl_easy_setopt(h, CURLOPT_URL, url);
	curl_easy_setopt(h, CURLOPT_ERRORBUFFER, errbuf);
	curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(h, CURLOPT_FAILONERROR, 1L);
	/* A redirect to another origin must not take the credential along.
	 * Since 7.83.0 libcurl keeps a custom Authorization header to the
	 * scheme, host and port it was first given, unless UNRESTRICTED_AUTH
	 * is on (tests/fetch-origin.t sees the token reach the other origin
	 * then); with an older one a request that carries it follows no
	 * redirect. */
	curl_easy_setopt(h, CURLOPT_UNRESTRICTED_AUTH, 0L);
	/* Through a proxy (https_proxy) an https request's headers, the
	 * credential among them, go inside the CONNECT tunnel to the server
	 * only, never in clear to the proxy: libcurl's default since 7.42.0,
	 * said here so that it stays (tests/edges-fetch.t logs the CONNECT) */
	curl_easy_setopt(h, CURLOPT_HEADEROPT, (long)CURLHEADER_SEPARATE);
	/* KP_NETRC: libcurl gives the host's login from that file to that
	 * host; a redirect is not followed then, as libcurl before 8.11.1
	 * could send the first host's password to the next one */
	if (netrc && *netrc) {
		curl_easy_setopt(h, CURLOPT_NETRC, (long)CURL_NETRC_OPTIONAL);
		curl_easy_setopt(h, CURLOPT_NETRC_FILE, netrc);
	}
	curl_easy_setopt(h, CURLOPT_FOLLOWLOCATION, (netrc && *netrc) ||
	    (auth && curl_version_info(CURLVERSION_NOW)->version_num < 0x075300) ?
	    0L : 1L);
	curl_easy_setopt(h, CURLOPT_MAXREDIRS, 10L);
#if LIBCURL_VERSION_NUM >= 0x075500
	curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(h, CURLOPT_REDIR_PROTOCOLS_STR, https ? "https" :
	    "http,https");
#else
	curl_easy_setopt(h, CURLOPT_PROTOCOLS,
	    (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
	curl_easy_setopt(h, CURLOPT_REDIR_PROTOCOLS, https ?
	    (long)CURLPROTO_HTTPS : (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
	curl_easy_setopt(h, CURLOPT_USERAGENT, "kp-fetch/" VERSION);
	curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT, f->opt.timeout);
	/* a stalled transfer fails instead of hanging the pipeline */
	curl_easy_setopt(h, CURLOPT_LOW_SPEED_LIMIT, 1L);
	curl_easy_setopt(h, CURLOPT_LOW_SPEED_TIME, f->opt.timeout);
	x->seen = 0;
	x->stalled = 0;
	x->tohttp = 0;
	clock_gettime(CLOCK_MONOTONIC, &x->moved);
	curl_easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
	curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, onprogress);
	curl_easy_setopt(h, CURLOPT_XFERINFODATA, x);
	curl_easy_setopt(h, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)f->opt.maxsize);
	if (f->opt.rate > 0)
		curl_easy_setopt(h, CURLOPT_MAX_RECV_SPEED_LARGE, (curl_off_t)f->opt.rate);
	curl_easy_setopt(h, CURLOPT_FILETIME, 1L);
	curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, onheader);
	curl_easy_setopt(h, CURLOPT_HEADERDATA, x);
	curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, onbody);
	curl_easy_setopt(h, CURLOPT_WRITEDATA, x);
	if (cond && cond->etag) {
		hdr = emalloc(strlen(cond->etag) + 32);
		sprintf(hdr, "If-None-Match: %s", cond->etag);
		hl = curl_slist_append(hl, hdr);
	}
	if (auth)
		hl = curl_slist_append(hl, auth);
	if (hl)
		curl_easy_setopt(h, CURLOPT_HTTPHEADER, hl);
	if (cond && cond->mtime >= 0) {
		curl_easy_setopt(h, CURLOPT_TIMECONDITION, (long)CURL_TIMECOND_IFMODSINCE);
		curl_easy_setopt(h, CURLOPT_TIMEVALUE_LARGE, (curl_off_t)cond->mtime);
	}
	rc = curl_easy_perform(h);
	curl_slist_free_all(hl);
	free(hdr);
	curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
	if (rc != CURLE_OK) {
		if (x->nothtml)
			fetch_fail(f, url, "not an HTML index page; not followed");
		else if (x->over) {
			f->bud.spent = 1;
			fetch_fail(f, url, "more than %lld bytes from this source (-M); "
			    "the rest of it is not fetched", f->opt.maxtotal);
		} else if (x->late) {
			f->bud.spent = 1;
			fetch_fail(f, url, "the source took more than %ld s (-T); the "
			    "rest of it is not fetched", f->opt.deadline);
		} else if (https && x->tohttp && rc == CURLE_UNSUPPORTED_PROTOCOL)
			fetch_fail(f, url, "redirected from https to plain http, "
			    "where anyone on the path could alter it; not followed");
		else if (x->toobig || rc == CURLE_FILESIZE_EXCEEDED)
			fetch_fail(f, url, "larger than %lld bytes (%s), not fetched",
			    x->tofile ? f->opt.maxsize : pagemax(f),
			    x->tofile || pagemax(f) == f->opt.maxsize ? "-m" :
			    "the largest page kp-fetch reads");
		else if (rc == CURLE_HTTP_RETURNED_ERROR)
			fetch_fail(f, url, "HTTP status %ld, expected 200; not fetched", code);
		else if (x->stalled)
			fetch_fail(f, url, "no data for %ld s (-t); not fetched",
			    (long)f->opt.timeout);
		else
			fetch_fail(f, url, "%s; not fetched", *errbuf ? errbuf :
			    curl_easy_strerror(rc));
		return -1;
	}
	curl_easy_getinfo(h, CURLINFO_CONDITION_UNMET, &rv);
	unmet = rv != 0;
	if (code == 304 || unmet)
		return 1;
	if (code >= 300 && code < 400 && netrc && *netrc) {
		fetch_fail(f, url, "HTTP status %ld, a redirect: not followed "
		    "with KP_NETRC set, whose logins go to their own hosts only",
		    code);
		return -1;
	}
	if (code != 200) {
		fetch_fail(f, url, "HTTP status %ld, expected 200; not fetched", code);
		return -1;
	}
	curl_easy_getinfo(h, CURLINFO_EFFECTIVE_URL, &eff);
	*effective = estrdup(eff ? eff : url);
	return 0;
}

static int
endslash(const char *s)
{
	size_t n = strlen(s);

	return n > 0 && s[n - 1] == '/';
}

/* Fetch one file of a source; when it turns out to be an index page,
 * return the page (and its URL) instead of storing it. */
static int
getfile(struct fetch *f, const char *source, const char *path, const char *url,
    char **page, char **pageurl)
{
	struct ent *e = store_lookup(f, source, path);
	struct xfer x = { .tofile = 1 };
	size_t n, i;
	struct art a = { .source = source, .path = path, .url = url };
	char *eff = NULL, *base;
	curl_off_t ft = -1;
	int r;

	/* the source's last name stands for the run when files sit directly
	 * in the run directory */
	n = strcspn(source, "?#");
	while (n > 0 && source[n - 1] == '/')
		n--;
	for (i = n; i > 0 && source[i - 1] != '/'; i--)
		;
	a.base = base = estrndup(source + i, n - i);

	if (e && !store_has(f->st, e->sha, e->size))
		e = NULL;	/* the object is gone: fetch it again */
	sink_open(f, &x.sk);
	r = get(f, url, e, &x, &eff);
	if (r == -1) {
		sink_abort(&x.sk);
	} else if (r == 1) {
		sink_abort(&x.sk);
		memcpy(a.sha, e->sha, 65);
		a.size = e->size;
		a.mtime = e->mtime;
		a.etag = e->etag;
		store_emit(f, &a);
	} else if (page && x.html && endslash(eff)) {
		sink_abort(&x.sk);
		*page = x.mem;
		*pageurl = eff;
		x.mem = NULL;
		eff = NULL;
		r = 2;
	} else {
		curl_easy_getinfo(f->http->h, CURLINFO_FILETIME_T, &ft);
		/* Last-Modified has whole seconds: too recent to tell a later
		 * change apart, it is not kept (see dir.c) */
		a.mtime = ft >= 0 && ft < (curl_off_t)time(NULL) - 1 ?
		    (long long)ft : -1;
		a.etag = x.etag;
		sink_commit(f, &x.sk, &a);
		store_emit(f, &a);
	}
	free(x.mem);
	free(x.etag);
	free(eff);
	free(base);
	return r;
}

struct queue {
	char **v;
	size_t head, n;
};

static void
push(struct queue *q, char *s)
{
	q->v = kp_grow(q->v, q->n, sizeof(*q->v));
	q->v[q->n++] = s;
}

/* one crawl: where it started, what it has seen, what is left */
struct crawl {
	struct fetch *f;
	const char *start;
	size_t startlen;
	kp_strmap *seen;	/* the URLs seen in this crawl */
	struct queue dirs;
};

/* a link of an index page below the start: a file is fetched, a
 * directory queued */
static void
onlink(void *arg, char *url)
{
	struct crawl *c = arg;
	char *v, *rel, *ipage, *iurl;
	const char *why;
	size_t n;

	if (strncmp(url, c->start, c->startlen) != 0 ||
	    strlen(url) == c->startlen || !seen_add(c->seen, url)) {
		free(url);	/* above the start, another host, or done */
		return;
	}
	if ((rel = html_unescape(url + c->startlen)) && endslash(rel))
		rel[strlen(rel) - 1] = '\0';	/* a directory */
	if (!rel || (why = store_badpath(rel))) {
		fetch_fail(c->f, url, "a link with %s; not followed",
		    rel ? why : "an encoded NUL");
		free(rel);
		free(url);
		return;
	}
	if (endslash(url)) {
		/* a server-side symlink loop makes endless new URLs */
		for (n = 0, v = rel; (v = strchr(v, '/')); v++)
			n++;
		if (n > MAXDEPTH) {
			fetch_fail(c->f, url, "more than %d directories deep; not followed "
			    "(a symlink loop on the server?)", MAXDEPTH);
			free(rel);
			free(url);
			return;
		}
		push(&c->dirs, url);
		free(rel);
		return;
	}
	ipage = iurl = NULL;
	if (getfile(c->f, c->start, rel, url, &ipage, &iurl) == 2) {
		/* a directory linked without its slash */
		if (strncmp(iurl, c->start, c->startlen) == 0 &&
		    seen_add(c->seen, iurl)) {
			push(&c->dirs, iurl);
			iurl = NULL;
		}
		free(ipage);
		free(iurl);
	}
	free(rel);
	free(url);
}

static void
crawl(struct fetch *f, const char *start, char *firstpage)
{
	struct crawl c = { .f = f, .start = start, .startlen = strlen(start) };
	struct xfer x;
	char *eff;
	int r;

	c.seen = kp_strmap_new();
	seen_add(c.seen, start);
	html_links(start, firstpage, onlink, &c);
	for (; c.dirs.head < c.dirs.n; c.dirs.head++) {
		char *url = c.dirs.v[c.dirs.head];

		memset(&x, 0, sizeof(x));
		eff = NULL;
		r = get(f, url, NULL, &x, &eff);
		if (r == 0 && (!x.html || !x.mem))
			fetch_fail(f, url, "not an HTML index page; not followed");
		else if (r == 0 && strncmp(eff, start, c.startlen) != 0)
			fetch_fail(f, url, "redirected to %s, outside %s; not followed",
			    eff, start);
		else if (r == 0)
			html_links(eff, x.mem, onlink, &c);
		free(x.mem);
		free(x.etag);
		free(eff);
		free(url);
	}
	free(c.dirs.v);
	kp_strmap_free(c.seen);
}

void
fetch_url(struct fetch *f, const char *url)
{
	struct xfer x = { .tofile = 0 };
	char *page = NULL, *pageurl = NULL, *path, *eff = NULL;
	const char *last;
	size_t n;

	if (endslash(url)) {
		if (get(f, url, NULL, &x, &eff) == 0) {
			if (!x.html || !x.mem)
				fetch_fail(f, url, "not an HTML index page; not followed");
			else
				crawl(f, eff, x.mem);
		}
		free(x.mem);
		free(x.etag);
		free(eff);
		return;
	}
	n = strcspn(url, "?#");
	for (last = url + n; last > url && last[-1] != '/'; last--)
		;
	path = estrndup(last, (size_t)(url + n - last));
	if (!(eff = html_unescape(path)) || !*eff || store_badpath(eff)) {
		fetch_fail(f, url, "no file name in the URL; expected one, or a "
		    "directory URL ending in /");
	} else if (getfile(f, url, eff, url, &page, &pageurl) == 2) {
		crawl(f, pageurl, page);
	}
	free(eff);
	free(path);
	free(page);
	free(pageurl);
}

int
http_body(struct fetch *f, const char *url, const struct cred *c, char **body,
    size_t *len)
{
	struct xfer x = { .keep = 1, .cred = c };
	char *eff = NULL;
	int r = get(f, url, NULL, &x, &eff);

	free(eff);
	free(x.etag);
	if (r != 0) {
		free(x.mem);
		return -1;
	}
	*body = x.mem ? x.mem : estrdup("");
	*len = x.memlen;
	return 0;
}

int
http_object(struct fetch *f, const char *url, const struct cred *c,
    struct art *a, long long expect)
{
	struct xfer x = { .tofile = 1, .cred = c };
	char *eff = NULL;
	int r;

	sink_open(f, &x.sk);
	r = get(f, url, NULL, &x, &eff);
	free(eff);
	free(x.mem);
	if (r == 0 && expect >= 0 && x.sk.size != expect) {
		fetch_fail(f, url, "%lld bytes, expected %lld; truncated, not stored",
		    x.sk.size, expect);
		r = -1;
	}
	if (r != 0) {
		sink_abort(&x.sk);
		free(x.etag);
		return -1;
	}
	a->etag = x.etag;	/* the caller's to free */
	sink_commit(f, &x.sk, a);
	return 0;
}
