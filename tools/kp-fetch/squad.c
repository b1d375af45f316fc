/* SPDX-License-Identifier: GPL-2.0-or-later */
/* squad.c: results from SQUAD's REST API (Linaro's test result store).
 *
 * A source squad+https://HOST/GROUP/PROJECT/ fetches every build of the
 * project; squad+https://HOST/GROUP/PROJECT/build/VERSION/ (the address
 * SQUAD's own pages give a build) fetches that build.  Each object the
 * API returns is stored as the server sent it, under a path that says
 * what it is (kp-fetch(1), SQUAD):
 *
 *	builds/VERSION/build.json, builds/VERSION/metadata.json
 *	builds/VERSION/testruns/ID/{testrun,environment,metadata}.json
 *	builds/VERSION/testruns/ID/metrics.ndjson (every page, one metric a line)
 *	builds/VERSION/testruns/ID/attachments/FILENAME
 *
 * Listings are followed by their "next" link whether the server pages
 * by offset or by cursor; a listing that fails or repeats a page is not
 * stored at all, so nothing in the store is a part taken for a whole.
 * The token comes from KP_SQUAD_TOKEN and goes only into the request
 * header: never into a message, a path or a record.  It goes to the
 * source's origin alone: an API link the server gives (a next page, a
 * testrun's environment, metadata_file or metrics) on another origin is
 * refused, an attachment there is fetched without it. */
#include <curl/curl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "fetch.h"

#define MAXPAGES 100000	/* a listing longer than this is a loop */

struct squad {
	struct fetch *f;
	const char *source;
	char *api;	/* scheme://host/api/ */
	char *origin;	/* the api's, which every API link must have */
	struct cred cred;	/* KP_SQUAD_TOKEN for the origin, or none */
};

/* a JSON document read from the server */
struct doc {
	char *text;
	size_t len;
	kp_json d;
};

static int
parse(struct squad *s, const char *url, struct doc *x)
{
	char err[256];
	size_t col;

	kp_json_init(&x->d);
	if (kp_json_parse(&x->d, x->text, x->len, err, sizeof(err), &col) == -1) {
		fetch_fail(s->f, url, "not JSON at byte %zu: %s", col, err);
		return -1;
	}
	return 0;
}

/* The "url" the server gives an object, recorded as the artifact's url
 * and by kp-parse-squad as the run's src: when it is not an http(s) URL
 * (a local path, which kp-render -f html would copy into the site), the
 * object is refused: 0 and *url, its own or the API's when it has none;
 * or -1 (reported, naming where the server said it). */
static int
objurl(struct squad *s, const char *where, const char *v, const char **url)
{
	char *cut;

	*url = v && *v ? v : s->api;
	if (strncmp(*url, "http://", 7) && strncmp(*url, "https://", 8)) {
		fetch_fail(s->f, s->source, "%s: the server's \"url\" \"%s\" is "
		    "not an http(s) URL; not stored", where, *url);
		return -1;
	}
	if ((cut = url_userinfo_cut(*url))) {
		fetch_fail(s->f, s->source, "%s: the server's \"url\" %s holds a "
		    "user name or password; not stored", where, cut);
		free(cut);
		return -1;
	}
	return 0;
}

/* GET url, an API link, on the source's own origin only: 0, or -1
 * (reported) */
static int
getbody(struct squad *s, const char *url, struct doc *x)
{
	memset(x, 0, sizeof(*x));
	if (!same_origin(url, s->origin)) {
		fetch_fail(s->f, url, "a link to another origin than the source's "
		    "(%s); not followed", s->origin);
		return -1;
	}
	return http_body(s->f, url, &s->cred, &x->text, &x->len);
}

/* GET url as a JSON object: 0, or -1 (reported) */
static int
getjson(struct squad *s, const char *url, struct doc *x)
{
	if (getbody(s, url, x) == -1)
		return -1;
	if (parse(s, url, x) == -1) {
		free(x->text);
		kp_json_free(&x->d);
		return -1;
	}
	return 0;
}

static void
docfree(struct doc *x)
{
	free(x->text);
	kp_json_free(&x->d);
}

/* the string member key of object i, or NULL */
static const char *
member(struct doc *x, int i, const char *key)
{
	int v = kp_json_get(&x->d, i, key);

	return v >= 0 && x->d.tok[v].type == KP_JSTR ? kp_json_str(&x->d, v) : NULL;
}

/* a path component from a name the server gave: '/' and '%' escaped,
 * so no name climbs out of its directory */
static char *
component(const char *s)
{
	char *out = emalloc(3 * strlen(s) + 4), *o = out;

	if (strcmp(s, ".") == 0 || strcmp(s, "..") == 0 || !*s) {
		o += sprintf(o, "%%%02X", *s ? '.' : '_');
		s += *s != 0;
	}
	for (; *s; s++)
		if (*s == '/' || *s == '%' || (unsigned char)*s < 0x20)
			o += sprintf(o, "%%%02X", (unsigned char)*s);
		else
			*o++ = *s;
	*o = '\0';
	return out;
}

/* store len bytes of p as path */
static void
putobj(struct squad *s, const char *path, const char *url, const char *p,
    size_t len)
{
	struct art a = { .source = s->source, .path = path, .url = url,
		.mtime = -1 };
	struct sink sk;

	sink_open(s->f, &sk);
	if (sink_write(s->f, &sk, p, len) == -1) {
		sink_abort(&sk);
		fetch_fail(s->f, url, "larger than %lld bytes (-m), not stored",
		    s->f->opt.maxsize);
		return;
	}
	sink_commit(s->f, &sk, &a);
	store_emit(s->f, &a);
}

/* token i of x as one line: JSON's white space between tokens may hold
 * newlines, its strings cannot */
static void
putline(char **buf, size_t *len, size_t *cap, struct doc *x, int i)
{
	size_t n, k;
	const char *raw = kp_json_raw(&x->d, i, &n);

	*buf = kp_reserve(*buf, cap, *len + n + 2);
	for (k = 0; k < n; k++)
		(*buf)[(*len)++] = raw[k] == '\n' || raw[k] == '\r' ? ' ' : raw[k];
	(*buf)[(*len)++] = '\n';
}

/* One page of a listing, read from url: fn(arg, x, element) for each
 * element of its "results", and its "next" link (or NULL, the caller's
 * to free) in *next.  0, or -1 when it is not a listing (reported).  x
 * is freed.  The fuzz harness fuzz/fetch-squad.c reads pages here. */
static int
page(struct squad *s, const char *url, struct doc *x,
    void (*fn)(void *, struct doc *, int), void *arg, char **next)
{
	int res, i, nx;

	*next = NULL;
	res = x->d.tok[0].type == KP_JOBJ ? kp_json_get(&x->d, 0, "results") : -1;
	if (res < 0 || x->d.tok[res].type != KP_JARR) {
		fetch_fail(s->f, url, "not a SQUAD listing: expected an object "
		    "with \"results\" and \"next\"");
		docfree(x);
		return -1;
	}
	for (i = kp_json_first(&x->d, res); i >= 0 && (uint32_t)i < x->d.tok[res].next;
	    i = (int)x->d.tok[i].next)
		fn(arg, x, i);
	nx = kp_json_get(&x->d, 0, "next");
	if (nx >= 0 && x->d.tok[nx].type == KP_JSTR)
		*next = estrdup(kp_json_str(&x->d, nx));
	docfree(x);
	return 0;
}

/* Every element of a listing, following "next" from url: fn(arg, page,
 * element) for each.  0, or -1 when a page failed, was not a listing or
 * came round again (reported); fn has then seen only a part. */
static int
listing(struct squad *s, const char *url, void (*fn)(void *, struct doc *, int),
    void *arg)
{
	char **seen = NULL;
	size_t nseen = 0, k;
	char *next = estrdup(url);
	struct doc x;
	int r = 0;

	while (next) {
		for (k = 0; k < nseen; k++)
			if (strcmp(seen[k], next) == 0)
				break;
		if (k < nseen || nseen == MAXPAGES) {
			fetch_fail(s->f, next, "the listing came back to a page it "
			    "had read (a repeating cursor); not stored");
			free(next);
			r = -1;
			break;
		}
		seen = kp_grow(seen, nseen, sizeof(*seen));
		seen[nseen++] = next;
		if (getjson(s, next, &x) == -1 ||
		    page(s, next, &x, fn, arg, &next) == -1) {
			r = -1;
			break;
		}
	}
	for (k = 0; k < nseen; k++)
		free(seen[k]);
	free(seen);
	return r;
}

/* the elements of a listing collected as lines */
struct lines {
	char *buf;
	size_t len, cap;
	long n;
};

static void
addline(void *arg, struct doc *x, int i)
{
	struct lines *l = arg;

	putline(&l->buf, &l->len, &l->cap, x, i);
	l->n++;
}

/* the elements that are objects, as documents of their own */
struct objs {
	struct doc *v;
	size_t n;
};

static void
addobj(void *arg, struct doc *x, int i)
{
	struct objs *o = arg;
	struct doc *y;
	size_t n;
	const char *raw;

	if (x->d.tok[i].type != KP_JOBJ)
		return;
	raw = kp_json_raw(&x->d, i, &n);
	o->v = kp_grow(o->v, o->n, sizeof(*o->v));
	y = &o->v[o->n];
	memset(y, 0, sizeof(*y));
	y->text = estrndup(raw, n);
	y->len = n;
	kp_json_init(&y->d);
	if (kp_json_parse(&y->d, y->text, y->len, NULL, 0, NULL) == -1) {
		docfree(y);
		return;
	}
	o->n++;
}

static void
objsfree(struct objs *o)
{
	size_t i;

	for (i = 0; i < o->n; i++)
		docfree(&o->v[i]);
	free(o->v);
}

/* GET url and store its body as path when it is JSON */
static void
putget(struct squad *s, const char *url, const char *path)
{
	struct doc x;

	if (getjson(s, url, &x) == 0) {
		putobj(s, path, url, x.text, x.len);
		docfree(&x);
	}
}

/* A testrun's metadata_file: SQUAD serves the field as it was stored,
 * and one submitted without metadata has none, which it sends as the
 * text None (api/rest.py returns HttpResponse(testrun.metadata_file)).
 * That is an empty metadata, not a broken answer: nothing is stored. */
static void
putmetadata(struct squad *s, const char *url, const char *path)
{
	struct doc x;

	if (getbody(s, url, &x) == -1)
		return;
	if (!(x.len == 4 && memcmp(x.text, "None", 4) == 0) && parse(s, url, &x) == 0)
		putobj(s, path, url, x.text, x.len);
	docfree(&x);
}

/* GET url into the store as path; n its length when known, else -1 */
static void
putfile(struct squad *s, const char *path, const char *url,
    const struct cred *c, long long n)
{
	struct art a;

	memset(&a, 0, sizeof(a));
	a.source = s->source;
	a.path = path;
	a.url = url;
	a.mtime = -1;
	if (http_object(s->f, url, c, &a, n) == 0) {
		store_emit(s->f, &a);
		free((char *)a.etag);
	}
}

static void
testrun(struct squad *s, const char *dir, struct doc *tr)
{
	char *path, *url, *name;
	const char *v, *fname;
	struct lines ml = { 0 };
	int att, i, len;
	long long n;
	long id;

	if (kp_json_get(&tr->d, 0, "id") < 0 ||
	    kp_json_int(&tr->d, kp_json_get(&tr->d, 0, "id"), &n) == -1) {
		fetch_fail(s->f, s->source, "%s: a testrun without an id; skipped", dir);
		return;
	}
	id = (long)n;
	if (asprintf(&path, "%s/testruns/%ld/testrun.json", dir, id) < 0)
		kp_die("out of memory");
	if (objurl(s, path, member(tr, 0, "url"), &v) == -1) {
		free(path);
		return;
	}
	putobj(s, path, v, tr->text, tr->len);
	free(path);
	if ((v = member(tr, 0, "environment"))) {
		if (asprintf(&path, "%s/testruns/%ld/environment.json", dir, id) < 0)
			kp_die("out of memory");
		putget(s, v, path);
		free(path);
	}
	if ((v = member(tr, 0, "metadata_file"))) {
		if (asprintf(&path, "%s/testruns/%ld/metadata.json", dir, id) < 0)
			kp_die("out of memory");
		putmetadata(s, v, path);
		free(path);
	}
	if ((v = member(tr, 0, "metrics"))) {
		if (listing(s, v, addline, &ml) == 0) {
			if (asprintf(&path, "%s/testruns/%ld/metrics.ndjson", dir, id) < 0)
				kp_die("out of memory");
			putobj(s, path, v, ml.buf ? ml.buf : "", ml.len);
			free(path);
		}
		free(ml.buf);
	}
	att = kp_json_get(&tr->d, 0, "attachments");
	if (att < 0 || tr->d.tok[att].type != KP_JARR)
		return;
	for (i = kp_json_first(&tr->d, att); i >= 0 && (uint32_t)i < tr->d.tok[att].next;
	    i = (int)tr->d.tok[i].next) {
		if (tr->d.tok[i].type != KP_JOBJ)
			continue;
		fname = member(tr, i, "filename");
		v = member(tr, i, "download_url");
		if (!fname || !v) {
			fetch_fail(s->f, s->source, "%s/testruns/%ld: an attachment "
			    "without filename or download_url; skipped", dir, id);
			continue;
		}
		url = estrdup(v);
		name = component(fname);
		len = kp_json_get(&tr->d, i, "length");
		if (len < 0 || kp_json_int(&tr->d, len, &n) == -1)
			n = -1;
		if (asprintf(&path, "%s/testruns/%ld/attachments/%s", dir, id, name) < 0)
			kp_die("out of memory");
		putfile(s, path, url, &s->cred, n);
		free(path);
		free(name);
		free(url);
	}
}

/* The kernel's .config, for runs that did not attach it: SQUAD's
 * TuxSuite backend gives the build testrun's metadata "config", the URL
 * of the build's config in TuxSuite's storage, and the build's metadata
 * (the union of its testruns') has it when its builds agree.  Another
 * host: the SQUAD token is not sent there. */
static void
buildconfig(struct squad *s, const char *dir, struct doc *md)
{
	const char *url;
	char *path;

	if (md->d.tok[0].type != KP_JOBJ || !(url = member(md, 0, "config")) ||
	    (strncmp(url, "http://", 7) && strncmp(url, "https://", 8)))
		return;
	if (asprintf(&path, "%s/config", dir) < 0)
		kp_die("out of memory");
	putfile(s, path, url, NULL, -1);
	free(path);
}

static void
build(struct squad *s, struct doc *b)
{
	const char *version = member(b, 0, "version"), *v;
	struct objs trs = { 0 };
	char *dir, *path, *comp;
	size_t i;

	if (!version) {
		fetch_fail(s->f, s->source, "a build without a version; skipped");
		return;
	}
	comp = component(version);
	if (asprintf(&dir, "builds/%s", comp) < 0 ||
	    asprintf(&path, "%s/build.json", dir) < 0)
		kp_die("out of memory");
	if (objurl(s, path, member(b, 0, "url"), &v) == -1) {
		free(path);
		free(dir);
		free(comp);
		return;
	}
	putobj(s, path, v, b->text, b->len);
	free(path);
	if ((v = member(b, 0, "metadata"))) {
		struct doc md;

		if (asprintf(&path, "%s/metadata.json", dir) < 0)
			kp_die("out of memory");
		if (getjson(s, v, &md) == 0) {
			putobj(s, path, v, md.text, md.len);
			buildconfig(s, dir, &md);
			docfree(&md);
		}
		free(path);
	}
	if ((v = member(b, 0, "testruns")) && listing(s, v, addobj, &trs) == 0)
		for (i = 0; i < trs.n; i++)
			testrun(s, dir, &trs.v[i]);
	objsfree(&trs);
	free(dir);
	free(comp);
}

static char *
escape(const char *s)
{
	char *e = curl_easy_escape(NULL, s, 0), *r;

	if (!e)
		kp_die("out of memory");
	r = estrdup(e);
	curl_free(e);
	return r;
}

void
fetch_squad(struct fetch *f, const char *source)
{
	struct squad s = { .f = f, .source = source };
	const char *url = source + strlen("squad+"), *p, *tok;
	char *c[4] = { NULL }, *q, *eg, *ep, *ev;
	struct objs projs = { 0 }, builds = { 0 };
	long long pid = -1;
	size_t n = 0, i, len;
	int idx;

	/* squad+SCHEME://HOST/GROUP/PROJECT[/build/VERSION][/] */
	if (strncmp(url, "http://", 7) && strncmp(url, "https://", 8)) {
		fetch_fail(f, source, "expected squad+http:// or squad+https://");
		return;
	}
	p = strstr(url, "://") + 3;
	p += strcspn(p, "/");
	s.api = emalloc((size_t)(p - url) + 8);
	sprintf(s.api, "%.*s/api/", (int)(p - url), url);
	while (*p == '/' && n < 4) {
		p++;
		len = strcspn(p, "/");
		if (!len)
			break;
		c[n++] = estrndup(p, len);
		p += len;
	}
	if (*p && strcmp(p, "/") != 0)
		n = 0;
	if (!(n == 2 || (n == 4 && strcmp(c[2], "build") == 0))) {
		fetch_fail(f, source, "expected squad+URL/GROUP/PROJECT/ or "
		    "squad+URL/GROUP/PROJECT/build/VERSION/");
		goto out;
	}
	s.origin = origin_of(s.api);
	tok = getenv("KP_SQUAD_TOKEN");
	cred_set(&s.cred, s.api, "Authorization", "Token ", tok);

	/* the project: by slug, then its group's slug in full_name */
	ep = escape(c[1]);
	if (asprintf(&q, "%sprojects/?slug=%s", s.api, ep) < 0)
		kp_die("out of memory");
	free(ep);
	if (listing(&s, q, addobj, &projs) == 0) {
		if (asprintf(&eg, "%s/%s", c[0], c[1]) < 0)
			kp_die("out of memory");
		for (i = 0; i < projs.n; i++) {
			const char *fn = member(&projs.v[i], 0, "full_name");

			idx = kp_json_get(&projs.v[i].d, 0, "id");
			if (fn && strcmp(fn, eg) == 0 && idx >= 0)
				kp_json_int(&projs.v[i].d, idx, &pid);
		}
		free(eg);
		if (pid < 0)
			fetch_fail(f, source, "no project %s/%s on the server%s", c[0],
			    c[1], s.cred.hdr ? "" : " (a private one needs KP_SQUAD_TOKEN)");
	}
	free(q);
	if (pid < 0)
		goto out;
	if (n == 4) {
		ev = escape(c[3]);
		if (asprintf(&q, "%sbuilds/?project=%lld&version=%s", s.api, pid, ev) < 0)
			kp_die("out of memory");
		free(ev);
	} else if (asprintf(&q, "%sbuilds/?project=%lld", s.api, pid) < 0)
		kp_die("out of memory");
	if (listing(&s, q, addobj, &builds) == 0) {
		if (n == 4 && builds.n == 0)
			fetch_fail(f, source, "no build %s in %s/%s", c[3], c[0], c[1]);
		for (i = 0; i < builds.n; i++)
			build(&s, &builds.v[i]);
	}
	free(q);
out:
	objsfree(&projs);
	objsfree(&builds);
	for (i = 0; i < 4; i++)
		free(c[i]);
	free(s.api);
	free(s.origin);
	cred_free(&s.cred);
}
