/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsonw.c: NDJSON writer with its own output buffer, so a record costs
 * memcpy()s and one fwrite() per 64 KiB instead of a stdio call per token */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"

#define WBUF (64 * 1024)
#define WDEPTH 256

struct kp_w {
	FILE *fp;
	const char *name;
	size_t len;
	int depth;
	int afterkey;	/* a key was written; its value comes next */
	uint8_t comma[WDEPTH];	/* a comma goes before the next item */
	uint8_t isobj[WDEPTH];
	char buf[WBUF];
};

kp_w *
kp_w_open(FILE *fp, const char *name)
{
	kp_w *w = ecalloc(1, sizeof *w);

	w->fp = fp;
	w->name = name ? name : "<stdout>";
	return w;
}

static void
flush(kp_w *w)
{
	if (w->len && fwrite(w->buf, 1, w->len, w->fp) != w->len)
		kp_die_at(w->name, 0, 0, "write error: %s", strerror(errno));
	w->len = 0;
}

static void
put(kp_w *w, const char *s, size_t n)
{
	if (WBUF - w->len < n) {
		flush(w);
		if (n > WBUF) {
			if (fwrite(s, 1, n, w->fp) != n)
				kp_die_at(w->name, 0, 0, "write error: %s", strerror(errno));
			return;
		}
	}
	memcpy(w->buf + w->len, s, n);
	w->len += n;
}

static inline void
putc1(kp_w *w, char c)
{
	if (w->len == WBUF)
		flush(w);
	w->buf[w->len++] = c;
}

void
kp_w_close(kp_w *w)
{
	if (w->depth)
		kp_die("kp_w_close: %d unclosed object(s) or array(s)", w->depth);
	flush(w);
	efshut(w->fp, w->name);
	free(w);
}

/* before a value: the comma, unless it follows its key */
static void
pre(kp_w *w)
{
	if (w->afterkey) {
		w->afterkey = 0;
		return;
	}
	if (w->depth && w->isobj[w->depth - 1])
		kp_die("kp_w: a value inside an object needs a key first");
	if (w->depth && w->comma[w->depth - 1])
		putc1(w, ',');
}

/* after a value: the next item needs a comma; a top-level value ends the line */
static void
post(kp_w *w)
{
	if (w->depth)
		w->comma[w->depth - 1] = 1;
	else
		putc1(w, '\n');
}

static void
open_(kp_w *w, int obj)
{
	pre(w);
	if (w->depth == WDEPTH)
		kp_die("kp_w: nesting deeper than %d", WDEPTH);
	putc1(w, obj ? '{' : '[');
	w->comma[w->depth] = 0;
	w->isobj[w->depth] = obj;
	w->depth++;
}

void
kp_w_obj(kp_w *w)
{
	open_(w, 1);
}

void
kp_w_arr(kp_w *w)
{
	open_(w, 0);
}

void
kp_w_end(kp_w *w)
{
	if (!w->depth || w->afterkey)
		kp_die("kp_w_end: %s", w->afterkey ? "a key without a value" : "nothing open");
	w->depth--;
	putc1(w, w->isobj[w->depth] ? '}' : ']');
	post(w);
}

/* s as a JSON string: quotes, escapes for '"', '\\' and control
 * characters; well-formed UTF-8 passes through, and each byte that is
 * not part of it becomes U+FFFD, so the output is always valid JSON */
static void
put_string(kp_w *w, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	const char *p = s, *end = s + n, *run;
	char e[6] = { '\\', 'u', '0', '0' };
	unsigned char c;
	int l;

	putc1(w, '"');
	while (p < end) {
		run = p;
		p = kp_json_special(p, end);
		put(w, run, p - run);
		if (p == end)
			break;
		c = *p;
		if (c >= 0x80) {
			l = kp_utf8_len((const unsigned char *)p, (const unsigned char *)end);
			if (l) {
				put(w, p, l);
				p += l;
			} else {
				put(w, "\xef\xbf\xbd", 3);
				p++;
			}
			continue;
		}
		p++;
		switch (c) {
		case '"': put(w, "\\\"", 2); break;
		case '\\': put(w, "\\\\", 2); break;
		case '\b': put(w, "\\b", 2); break;
		case '\f': put(w, "\\f", 2); break;
		case '\n': put(w, "\\n", 2); break;
		case '\r': put(w, "\\r", 2); break;
		case '\t': put(w, "\\t", 2); break;
		default:
			e[4] = hex[c >> 4];
			e[5] = hex[c & 15];
			put(w, e, 6);
			break;
		}
	}
	putc1(w, '"');
}

void
kp_w_key(kp_w *w, const char *key)
{
	size_t n;
	unsigned char c;

	if (!w->depth || !w->isobj[w->depth - 1] || w->afterkey)
		kp_die("kp_w_key: \"%s\" outside an object or after another key", key);
	if (w->comma[w->depth - 1])
		putc1(w, ',');
	/* a key is a name of the schema: plain ASCII, written as it is
	 * without put_string's calls for each piece (a quarter of what a
	 * key cost kp-classify) */
	for (n = 0; (c = (unsigned char)key[n]) >= 0x20 && c < 0x80 &&
	    c != '"' && c != '\\'; n++)
		;
	if (key[n] || WBUF - w->len < n + 3) {
		put_string(w, key, strlen(key));
		putc1(w, ':');
	} else {
		w->buf[w->len] = '"';
		memcpy(w->buf + w->len + 1, key, n);
		w->buf[w->len + n + 1] = '"';
		w->buf[w->len + n + 2] = ':';
		w->len += n + 3;
	}
	w->afterkey = 1;
}

void
kp_w_strn(kp_w *w, const char *s, size_t len)
{
	pre(w);
	put_string(w, s, len);
	post(w);
}

void
kp_w_str(kp_w *w, const char *s)
{
	if (!s) {
		kp_w_null(w);
		return;
	}
	kp_w_strn(w, s, strlen(s));
}

void
kp_w_num(kp_w *w, double x)
{
	char b[KP_NUMBUF];

	pre(w);
	put(w, b, kp_fmt_num(b, x));
	post(w);
}

/* x's decimal text, ending at the end of b[24]: where it starts */
static char *
int_text(char *b, long long x)
{
	char *p = b + 24;
	unsigned long long u = x < 0 ? 0 - (unsigned long long)x : (unsigned long long)x;

	do {
		*--p = '0' + u % 10;
		u /= 10;
	} while (u);
	if (x < 0)
		*--p = '-';
	return p;
}

void
kp_w_int(kp_w *w, long long x)
{
	char b[24], *p = int_text(b, x);

	pre(w);
	put(w, p, b + sizeof b - p);
	post(w);
}

void
kp_w_bool(kp_w *w, int b)
{
	pre(w);
	if (b)
		put(w, "true", 4);
	else
		put(w, "false", 5);
	post(w);
}

void
kp_w_null(kp_w *w)
{
	pre(w);
	put(w, "null", 4);
	post(w);
}

void
kp_w_raw(kp_w *w, const char *json, size_t len)
{
	pre(w);
	put(w, json, len);
	post(w);
}

void
kp_w_kstr(kp_w *w, const char *key, const char *s)
{
	kp_w_key(w, key);
	kp_w_str(w, s);
}

void
kp_w_knum(kp_w *w, const char *key, double x)
{
	kp_w_key(w, key);
	kp_w_num(w, x);
}

void
kp_w_kint(kp_w *w, const char *key, long long x)
{
	kp_w_key(w, key);
	kp_w_int(w, x);
}

void
kp_w_kbool(kp_w *w, const char *key, int b)
{
	kp_w_key(w, key);
	kp_w_bool(w, b);
}

void
kp_w_knull(kp_w *w, const char *key)
{
	kp_w_key(w, key);
	kp_w_null(w);
}

void
kp_w_line(kp_w *w, const char *line, size_t len)
{
	if (w->depth)
		kp_die("kp_w_line: inside an open object or array");
	put(w, line, len);
	putc1(w, '\n');
}

/* The flat writer: kp_rec_write()'s records of plain members, each
 * written straight into the buffer, without the checks and the comma
 * and nesting state of the calls above, which were half of what writing
 * a cmp record cost.  The bytes are theirs: tests/unit/recwrite.c. */
int
kp_w_flat_open(kp_w *w, const char *type)
{
	if (w->depth || w->afterkey)
		return 0;
	putc1(w, '{');
	put(w, "\"type\":", 7);
	kp_w_flat_str(w, type);
	return 1;
}

void
kp_w_flat_key(kp_w *w, const char *key, size_t len)
{
	char *b;

	if (WBUF - w->len < len + 4)
		flush(w);
	b = w->buf + w->len;
	b[0] = ',';
	b[1] = '"';
	memcpy(b + 2, key, len);
	b[len + 2] = '"';
	b[len + 3] = ':';
	w->len += len + 4;
}

void
kp_w_flat_str(kp_w *w, const char *s)
{
	size_t n;

	if (!s) {
		put(w, "null", 4);
		return;
	}
	n = strlen(s);
	if (WBUF - w->len < n + 2 || kp_json_special(s, s + n) != s + n) {
		put_string(w, s, n);
		return;
	}
	w->buf[w->len] = '"';
	memcpy(w->buf + w->len + 1, s, n);
	w->buf[w->len + n + 1] = '"';
	w->len += n + 2;
}

void
kp_w_flat_num(kp_w *w, double x)
{
	if (WBUF - w->len < KP_NUMBUF)
		flush(w);
	w->len += kp_fmt_num(w->buf + w->len, x);
}

void
kp_w_flat_int(kp_w *w, long long x)
{
	char b[24], *p = int_text(b, x);

	put(w, p, b + sizeof b - p);
}

void
kp_w_flat_lit(kp_w *w, const char *text, size_t n)
{
	put(w, text, n);
}

void
kp_w_flat_close(kp_w *w)
{
	putc1(w, '}');
	putc1(w, '\n');
}

/* the skip keys' lengths, computed once a call: comparing each member's
 * key with each skip key by kp_json_streq took a strlen a pair, a fifth
 * of kp-classify's time at 70 members and 30 keys */
enum { SKIP_MAX = 128, SKIP_BITS = 1024 };

typedef struct {
	const char *const *key;
	size_t n, len[SKIP_MAX];
	/* a bit for each skip key's hash (keyhash): most members of a
	 * record are no skip key, and this says so without comparing them
	 * with each */
	uint64_t bit[SKIP_BITS / 64];
} Skip;

/* a key's length and its first and last bytes: enough to tell apart
 * the names of one record */
static unsigned
keyhash(const char *s, size_t len)
{
	return (unsigned)(len * 61 + (unsigned char)s[0] * 7 +
	    (unsigned char)s[len - 1]) % SKIP_BITS;
}

static void
skip_init(Skip *sk, const char *const *skip)
{
	size_t n;
	unsigned h;

	memset(sk->bit, 0, sizeof(sk->bit));
	sk->key = skip;
	for (n = 0; skip && skip[n]; n++) {
		if (n == SKIP_MAX)
			kp_die("kp_w_copy_obj: more than %d keys to skip", SKIP_MAX);
		sk->len[n] = strlen(skip[n]);
		if (sk->len[n]) {
			h = keyhash(skip[n], sk->len[n]);
			sk->bit[h / 64] |= (uint64_t)1 << h % 64;
		}
	}
	sk->n = n;
}

/* key k of d is one of the skip keys */
static int
skipped(const kp_json *d, uint32_t k, const Skip *sk)
{
	const kp_jtok *t = &d->tok[k];
	const char *s = d->text + t->off;
	size_t i;
	unsigned h;

	if (!t->esc && t->len) {
		h = keyhash(s, t->len);
		if (!(sk->bit[h / 64] >> h % 64 & 1))
			return 0;
	}
	for (i = 0; i < sk->n; i++)
		if (t->esc ? kp_json_streq(d, k, sk->key[i]) : sk->len[i] == t->len &&
		    memcmp(s, sk->key[i], sk->len[i]) == 0)
			return 1;
	return 0;
}

/*
 * The members kept are written as key, ':' and the value's text.  Where
 * the line holds them so already, one after another with a comma
 * between and no white space, they are copied as one run of its text:
 * a record is then a few copies, not two for each member.
 */
void
kp_w_copy_obj(kp_w *w, const kp_json *d, const char *const *skip)
{
	const kp_jtok *t = d->tok;
	const char *raw, *ks, *ke, *rs = NULL, *re = NULL;
	size_t len;
	uint32_t k;
	Skip sk;

	skip_init(&sk, skip);
	kp_w_obj(w);
	if (!d->ntok || t[0].type != KP_JOBJ)
		return;
	for (k = 1; k < t[0].next; k = t[k + 1].next) {
		if (skipped(d, k, &sk))
			continue;
		/* key and value are contiguous apart from white space */
		ks = d->text + t[k].off - 1;
		ke = ks + t[k].len + 2;
		raw = kp_json_raw(d, k + 1, &len);
		if (*ke == ':' && raw == ke + 1) {
			/* the member as the line holds it: after the run
			 * before it, when only a comma lies between */
			if (rs && *re == ',' && re + 1 == ks) {
				re = raw + len;
				continue;
			}
			if (rs)
				put(w, rs, re - rs);
			if (w->comma[w->depth - 1])
				putc1(w, ',');
			rs = ks;
			re = raw + len;
			w->comma[w->depth - 1] = 1;
			continue;
		}
		if (rs)
			put(w, rs, re - rs);
		rs = NULL;
		if (w->comma[w->depth - 1])
			putc1(w, ',');
		put(w, ks, ke - ks);
		putc1(w, ':');
		put(w, raw, len);
		w->comma[w->depth - 1] = 1;
	}
	if (rs)
		put(w, rs, re - rs);
}
