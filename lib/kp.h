/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp.h: the kp library (libkp.a), linked into every tool.
 *
 * Ownership rule, kept everywhere: a pointer returned by a kp_json_*
 * accessor or by kp_in_line() points into memory owned by the document or
 * the reader and stays valid until the next kp_json_parse*() on that
 * document or the next kp_in_line() on that reader.  Copy what you keep
 * (estrdup).  Everything else a function returns is the caller's to free.
 *
 * Exit statuses of every tool: 0 ok, 1 findings (gates), 2 usage or bad
 * input (including unreadable input and failed writes).
 */
#ifndef KP_H
#define KP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { KP_EXIT_OK = 0, KP_EXIT_FINDINGS = 1, KP_EXIT_BAD = 2 };

#define KP_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* ealloc.c: allocation that dies (exit 2) with a message instead of failing */
void *emalloc(size_t n);
void *ecalloc(size_t nmemb, size_t size);
void *erealloc(void *p, size_t n);
void *ereallocarray(void *p, size_t nmemb, size_t size);
char *estrdup(const char *s);
char *estrndup(const char *s, size_t n);
/* room for element n of p, an array of elements of size bytes holding n:
 * the capacity is the power of 2 at or above n, so growing one at a time
 * stays linear under a realloc that always copies (AddressSanitizer's) */
void *kp_grow(void *p, size_t n, size_t size);
/* room for need bytes in p, a byte buffer (text, decompressed data) whose
 * capacity is *cap: doubled from at least 64 until it fits, *cap updated */
void *kp_reserve(void *p, size_t *cap, size_t need);

/* die.c: diagnostics in the one form every tool uses:
 *   prog: FILE:LINE:COL: message        (line/col omitted when 0,
 *   prog: message                        file NULL)
 * kp_die exits 2 (bad input, usage, failures); kp_warn goes on. */
void kp_die_at(const char *file, long line, long col, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 4, 5)));
void kp_warn_at(const char *file, long line, long col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void kp_die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
void kp_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* the visible form of s, control characters in caret notation (^J, ^[),
 * invisible format characters as <U+XXXX> (kp_unseen), as every message
 * is shown (tabs aside): written to out (when not NULL), its size with
 * the NUL returned */
size_t kp_visible(char *out, const char *s);
/* the length of the UTF-8 sequence at p when it is a character a reader
 * cannot see that changes what they see (bidi controls U+202A-U+202E and
 * U+2066-U+2069, U+200B-U+200F, U+2028/U+2029, U+FEFF, tags...), its code
 * point in *cp; else 0 */
int kp_unseen(const unsigned char *p, long *cp);
/* flush and close a stream we wrote; on any error report it and exit 2 */
void efshut(FILE *fp, const char *name);

/* opts.c: what every tool's options share.
 * kp_std_options: --help prints synopsis (the man page's SYNOPSIS, as
 * "usage: ...") on the standard output and exits 0; --version prints
 * "PROG VERSION" and exits 0; either may come anywhere before "--".
 * kp_usage: the synopsis on the standard error, exit 2. */
void kp_std_options(int argc, char *const argv[], const char *synopsis);
void kp_usage(const char *synopsis) __attribute__((noreturn));
/* kp_getopt: getopt_long over a tool's table of options, ended by {0}.
 * An entry is a short option (val its letter, name NULL) or a long one
 * (name set; val what kp_getopt returns, a letter or KP_OPT_LONG + n);
 * arg names its argument (NULL: it takes none); help is its one line,
 * as the man page's DESCRIPTION says. --help prints the synopsis, a
 * blank line and one line an option on the standard output, exit 0;
 * --version as kp_std_options. An unknown option or a missing argument
 * is "prog: unknown option --foo" and the synopsis, exit 2: the caller
 * never sees '?' or ':'. Returns -1 at the end of the options. */
#define KP_OPT_LONG 256
struct kp_option {
	int val;
	const char *name;
	const char *arg;
	const char *help;
};
int kp_getopt(int argc, char *const argv[], const char *synopsis,
    const struct kp_option *opts);
/* an option's value: the whole of s as a number in [min, max], else exit 2
 * with "OPT S: expected WHAT" (as sbase's estrtonum) */
long long kp_opt_ll(const char *opt, const char *s, long long min, long long max,
    const char *what);
double kp_opt_dbl(const char *opt, const char *s, double min, double max,
    const char *what);

/* lineio.c: lines of a plain or gzip-compressed file, read in large blocks.
 * A truncated or corrupt .gz stream is an error (exit 2), never a short read.
 * Lines are returned without the '\n' (and without a '\r' before it),
 * NUL-terminated and writable. */
typedef struct kp_in kp_in;
kp_in *kp_in_open(const char *path);	/* NULL or "-" is stdin; dies on failure */
/* like kp_in_open, but NULL on failure (errno set), and read errors end the
 * input (kp_in_line returns NULL) with kp_in_error() saying why */
kp_in *kp_in_open_soft(const char *path);
const char *kp_in_error(const kp_in *in);	/* NULL unless a soft read failed */
char *kp_in_line(kp_in *in, size_t *len);	/* NULL at end of input */
/* the next line that is not blank (spaces, tabs, CRs): a record's line,
 * as kp-records(5) skips the others; NULL at end of input */
char *kp_in_record(kp_in *in, size_t *len);
long kp_in_lineno(const kp_in *in);	/* 1-based number of the last line returned */
/* the byte offset in the file of the last line returned, for a reader
 * that reads it back with pread(2); -1 when the input is compressed */
long long kp_in_offset(const kp_in *in);
const char *kp_in_name(const kp_in *in);	/* "<stdin>" for stdin */
void kp_in_close(kp_in *in);
/* read a whole (possibly gzipped) file into memory; *len gets its size.
 * NUL-terminated.  Returns NULL and sets errno when it cannot be read or
 * is corrupt (EIO for a truncated or corrupt .gz). */
char *kp_slurp(const char *path, size_t *len);

/* shquote.c: values for a shell script or a file sh sources */
const char *kp_ctl(const char *s);	/* the first control character, or NULL */
/* s in single quotes for sh, reading back as s; NULL when s holds a
 * control character (refuse it); caller frees */
char *kp_shquote(const char *s);

/* text.c: what the text parsers do with bytes that are not text.  A UTF-8
 * byte order mark at the start is skipped; a NUL byte is refused (it would
 * end a C string and lose the rest silently). */
size_t kp_text_bom(const char *buf, size_t len);	/* 3 after a BOM, else 0 */
/* 0 when buf[0..len) holds no NUL; else -1 with its 1-based line and column */
int kp_text_nul(const char *buf, size_t len, long *line, long *col);
/* both on a file read whole: the text after a BOM (*len shortened), or
 * exit 2 with "NAME:LINE:COL: a NUL byte: expected text" */
char *kp_text(const char *name, char *buf, size_t *len);
/* a reader of text lines: a BOM before line 1 is skipped, a NUL in a line
 * is exit 2 with its place */
void kp_in_text(kp_in *in);

/* json.c: strict RFC 8259 reader for one NDJSON line.
 * A line holds exactly one value, which must be an object.  Whitespace-only
 * lines are skipped by kp_rec_next().  Rejected: trailing commas, leading
 * zeros, NaN/Infinity, bare control characters in strings, invalid UTF-8,
 * escapes of lone surrogates, \u0000 (kp holds strings as C strings), a second value or any garbage after the
 * first, nesting deeper than KP_JSON_MAXDEPTH.
 *
 * A parsed document is a flat array of tokens in document order.  Token 0
 * is the top-level object.  An object token is followed by its members,
 * each a string key token then the value's tokens; an array token by its
 * elements.  tok[i].next is the index just past token i's subtree, so
 * children are walked with i = first; i = tok[i].next. */
#define KP_JSON_MAXDEPTH 64
enum kp_jtype { KP_JNULL, KP_JFALSE, KP_JTRUE, KP_JNUM, KP_JSTR, KP_JARR, KP_JOBJ };
typedef struct {
	uint8_t type;	/* enum kp_jtype */
	uint8_t esc;	/* string: contains backslash escapes */
	uint32_t off;	/* byte offset: strings, first byte after the quote;
			 * others, first byte of the value */
	uint32_t len;	/* strings: raw length between the quotes;
			 * others: length of the whole value text */
	uint32_t next;	/* index of the first token after this subtree */
	uint32_t n;	/* objects: members, arrays: elements */
	uint32_t dec;	/* strings: 1 + arena offset once decoded, else 0 */
} kp_jtok;
typedef struct {
	const char *text;	/* the line being parsed (not owned) */
	size_t len;
	kp_jtok *tok;
	uint32_t ntok, cap;
	char *arena;	/* decoded strings; reset by each parse */
	size_t arenalen, arenacap;
	const char *file;	/* for messages; set by kp_rec_next() */
	long line;
} kp_json;
void kp_json_init(kp_json *d);
void kp_json_free(kp_json *d);
/* parse text[0..len); 0 on success, else -1 with a message in err
 * (what was wrong and what was expected) and the 1-based column */
int kp_json_parse(kp_json *d, const char *text, size_t len,
	char *err, size_t errsz, size_t *col);
/* index of the value of key in object obj, or -1 (first occurrence) */
int kp_json_get(const kp_json *d, int obj, const char *key);
/* first child of a container (for objects: the first key), or -1 */
int kp_json_first(const kp_json *d, int i);
/* does string token i equal s (compares decoded text)? */
int kp_json_streq(const kp_json *d, int i, const char *s);
/* decoded, NUL-terminated string of token i (in the arena), NULL if not a string */
const char *kp_json_str(kp_json *d, int i);
/* the same, with its decoded length in *len */
const char *kp_json_strn(kp_json *d, int i, size_t *len);
/* number of token i; 0 on success, -1 if not a number */
int kp_json_num(const kp_json *d, int i, double *out);
/* integer of token i (a number with no fraction that fits); 0 or -1 */
int kp_json_int(const kp_json *d, int i, long long *out);
/* raw JSON text of token i's value (strings include their quotes) */
const char *kp_json_raw(const kp_json *d, int i, size_t *len);
/* length of the well-formed UTF-8 sequence at p (*p >= 0x80), or 0 when
 * it is not one (overlong, surrogate, above U+10FFFF, cut short by end) */
int kp_utf8_len(const unsigned char *p, const unsigned char *end);
/* the first byte at or after p that needs care in a JSON string ('"',
 * '\\', control, >= 0x80), or end: the reader's and the writer's scan */
const char *kp_json_special(const char *p, const char *end);

/* record.c: reading NDJSON records with errors that name the place.
 * kp_rec_next() reads the next non-blank line of in and parses it into d
 * (dying with FILE:LINE:COL on bad JSON or a non-object); returns 0 at end.
 * The original line stays available as d->text / d->len for pass-through. */
int kp_rec_next(kp_in *in, kp_json *d);
/* the same for a line kp_in_record() gave, which a reader looked at
 * before parsing it */
void kp_rec_parse(kp_in *in, kp_json *d, const char *line, size_t len);
const char *kp_rec_type(kp_json *d);	/* value of "type", or dies */
/* field accessors on the top-level object that die, naming file:line:col,
 * when the field is missing or of the wrong type */
const char *kp_req_str(kp_json *d, const char *key);
double kp_req_num(kp_json *d, const char *key);	/* finite number */
long long kp_req_int(kp_json *d, const char *key);
/* optional fields: def when missing or null; dies on the wrong type */
const char *kp_opt_str(kp_json *d, const char *key, const char *def);
double kp_opt_num(kp_json *d, const char *key, double def);
long long kp_opt_int(kp_json *d, const char *key, long long def);
/* a top-level field as text, for selectors and display: a string decoded,
 * any other value as its JSON text; NULL when missing or null.  The caller
 * frees it. */
/* die at token i of the current record (i < 0: at the line) */
void kp_rec_die(const kp_json *d, int i, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 3, 4)));
/* the messages of a field missing, and of token i of the wrong type,
 * saying what (want) was expected */
void kp_rec_missing(const kp_json *d, const char *key, const char *want)
	__attribute__((noreturn));
void kp_rec_wrong(const kp_json *d, int i, const char *key, const char *want)
	__attribute__((noreturn));
/* token i of field key as a finite number, as an integer; dies if not */
double kp_rec_num_at(kp_json *d, int i, const char *key);
long long kp_rec_int_at(kp_json *d, int i, const char *key);

/* jsonw.c: NDJSON writer.  Commas and nesting are handled by the writer;
 * keys are written in the order the caller gives them (tools use the order
 * of kp-records(5), so output is stable). */
typedef struct kp_w kp_w;
kp_w *kp_w_open(FILE *fp, const char *name);	/* name for messages */
void kp_w_close(kp_w *w);	/* flushes, checks the stream (efshut) */
void kp_w_obj(kp_w *w);	/* { */
void kp_w_arr(kp_w *w);	/* [ */
void kp_w_end(kp_w *w);	/* closes the innermost object or array;
			 * closing a top-level value ends the line */
void kp_w_key(kp_w *w, const char *key);
/* strings are escaped as JSON needs; bytes that are not well-formed UTF-8
 * are written as U+FFFD, so the output is always valid.  NULL is null. */
void kp_w_str(kp_w *w, const char *s);
void kp_w_strn(kp_w *w, const char *s, size_t len);
void kp_w_num(kp_w *w, double x);	/* shortest round trip; null if not finite */
void kp_w_int(kp_w *w, long long x);
void kp_w_bool(kp_w *w, int b);
void kp_w_null(kp_w *w);
void kp_w_raw(kp_w *w, const char *json, size_t len);	/* a valid JSON value */
/* key + value in one call */
void kp_w_kstr(kp_w *w, const char *key, const char *s);
void kp_w_knum(kp_w *w, const char *key, double x);
void kp_w_kint(kp_w *w, const char *key, long long x);
void kp_w_kbool(kp_w *w, const char *key, int b);
void kp_w_knull(kp_w *w, const char *key);
/* pass-through: write a record line byte for byte, plus '\n' */
void kp_w_line(kp_w *w, const char *line, size_t len);
/* open a top-level object holding every member of d's top-level object
 * except the keys in skip (NULL-terminated list, may be NULL), copied raw;
 * the caller adds its own members and calls kp_w_end() */
void kp_w_copy_obj(kp_w *w, const kp_json *d, const char *const *skip);

/* kp_rec_write()'s flat records (rec.c), one line of ,"key":value
 * members written as the calls above write them, but without their
 * checks: the caller writes valid JSON.  kp_w_flat_open() writes
 * {"type":TYPE and returns 1, or 0 and nothing when a value is open. */
int kp_w_flat_open(kp_w *w, const char *type);
void kp_w_flat_key(kp_w *w, const char *key, size_t len);	/* ,"key": */
void kp_w_flat_str(kp_w *w, const char *s);	/* NULL: null */
void kp_w_flat_num(kp_w *w, double x);
void kp_w_flat_int(kp_w *w, long long x);
void kp_w_flat_lit(kp_w *w, const char *text, size_t n);	/* as it is */
void kp_w_flat_close(kp_w *w);	/* }\n */

/* numfmt.c: shortest decimal text that reads back as exactly x
 * ("5845.82", not "5845.8199999999997"); integers print without a fraction
 * when |x| < 2^53.  buf must hold KP_NUMBUF bytes.  Returns the length.
 * Non-finite values print as "null". */
#define KP_NUMBUF 32
size_t kp_fmt_num(char *buf, double x);
/* strict decimal number (JSON grammar) to double, correctly rounded;
 * 0 on success, -1 on bad syntax */
int kp_parse_num(const char *s, size_t len, double *out);
/* a number for people: 4 significant digits and k, M, G ("3.091M",
 * "5845", "0.0123"); the one form every report shows a value in */
void kp_fmt_si(char *buf, size_t sz, double v);

/* progress.c: for a stage that can take more than a few seconds on a
 * lab, "prog: what i of n" on the standard error, redrawn in place, when
 * it is a terminal; nothing otherwise.  i == n ends the line; kp_warn and
 * kp_die break it first. */
int kp_progress_on(void);	/* the standard error is a terminal */
void kp_progress(const char *what, size_t i, size_t n);
void kp_progress_break(void);

/* kver.c: Linux kernel versions: tags (v6.12, v6.12-rc3, v6.12.1),
 * git describe strings (v6.12-45-gabcdef0) and uname -r forms
 * (6.17.0-rc2+, 6.1.0-27-amd64).  Order: see kp(7). */
typedef struct {
	int major, minor, patch;
	int rc;		/* release candidate number; 0 for a release */
	int commits;	/* commits after the tag (describe); 0 none */
	int dirty;	/* '+' suffix or -dirty: local changes */
	char sha[41];	/* abbreviated sha of a describe string, or "" */
	char local[64];	/* the rest of a uname -r (e.g. "27-amd64"), or "" */
} kp_kver;
int kp_kver_parse(const char *s, kp_kver *v);	/* 0 ok, -1 unparseable */
int kp_kver_cmp(const kp_kver *a, const kp_kver *b);	/* <0, 0, >0 */
/* a tagged mainline release (vX.Y, no rc, no commits, no local part) */
int kp_kver_is_release(const kp_kver *v);
/* a stable point release vX.Y.Z (Z > 0) */
int kp_kver_is_stable(const kp_kver *v);
/* the same kernel: equal as versions, or as strings when either is none */
int kp_kver_same(const char *a, const char *b);

/* hash.c: SHA-256 (libcrypto) and the identity hash */
void kp_sha256(const void *p, size_t n, unsigned char out[32]);
void kp_hex(const unsigned char *p, size_t n, char *out);	/* out: 2n+1 */
/* the value of hex digit c (either case), -1 when c is not one */
int kp_hexval(int c);
/* canonical form of a set of key/value pairs: keys sorted bytewise, each
 * value with leading/trailing white space removed and inner runs of white
 * space folded to one space, serialised as key '=' value '\n' with '\\',
 * '\n' and '=' (in keys) escaped.  The hash is the first 8 bytes of the
 * SHA-256 of that text, as 16 lowercase hex digits. */
typedef struct kp_canon kp_canon;
kp_canon *kp_canon_new(void);
void kp_canon_add(kp_canon *c, const char *key, const char *val);
void kp_canon_reset(kp_canon *c);
char *kp_canon_text(kp_canon *c, size_t *len);	/* caller frees */
void kp_canon_hash(kp_canon *c, char out[17]);
void kp_canon_free(kp_canon *c);

/* summary.c: descriptive statistics.  Functions taking "sorted" need
 * ascending input (kp_sort).  Undefined statistics are NAN. */
void kp_sort(double *v, size_t n);	/* no NaN */
double kp_quantile(const double *sorted, size_t n, double p);	/* R type 7 */
double kp_median(const double *sorted, size_t n);
double kp_median_select(double *v, size_t n);	/* unsorted; reorders v, O(n) */
double kp_mean(const double *v, size_t n);
double kp_sd(const double *v, size_t n);	/* sample sd (n-1); NAN for n < 2 */
double kp_var(const double *v, size_t n);	/* sample variance (n-1) */
double kp_mad(const double *sorted, size_t n);	/* raw median absolute deviation, O(n) */
/* the standard deviation of a normal distribution over its MAD,
 * 1 / Phi^-1(3/4): a MAD times this estimates the sd */
#define KP_MAD_SD 1.482602218505602
/* the same rounded to 1.4826, the constant of R's mad() and GNU datamash's
 * mad: a stat record's mad_scaled is defined by it (kp-records(5)), so
 * that it equals theirs to the digit */
#define KP_MAD_R 1.4826
/* Huber's M-estimate of location, k 1.5, MAD scale, as MASS::huber;
 * unsorted input */
double kp_huber(const double *v, size_t n);
double kp_gmean(const double *v, size_t n);	/* NAN if any v <= 0 */
double kp_hmean(const double *v, size_t n);	/* NAN if any v <= 0 */

#endif
