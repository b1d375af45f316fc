/* SPDX-License-Identifier: GPL-2.0-or-later */
/* record.c: NDJSON records, with errors that name file, line and column */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "kp.h"

static const char *const tname[] = {
	[KP_JNULL] = "null", [KP_JFALSE] = "false", [KP_JTRUE] = "true",
	[KP_JNUM] = "a number", [KP_JSTR] = "a string", [KP_JARR] = "an array",
	[KP_JOBJ] = "an object",
};

void
kp_rec_parse(kp_in *in, kp_json *d, const char *line, size_t len)
{
	char err[256];
	size_t col;

	d->file = kp_in_name(in);
	d->line = kp_in_lineno(in);
	if (kp_json_parse(d, line, len, err, sizeof err, &col) < 0)
		kp_die_at(d->file, d->line, col, "%s", err);
}

int
kp_rec_next(kp_in *in, kp_json *d)
{
	char *line;
	size_t len;

	if (!(line = kp_in_record(in, &len)))
		return 0;
	kp_rec_parse(in, d, line, len);
	return 1;
}

void
kp_rec_die(const kp_json *d, int i, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	long col = 0;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (i >= 0 && (uint32_t)i < d->ntok)
		col = d->tok[i].off + (d->tok[i].type == KP_JSTR ? 0 : 1);
	kp_die_at(d->file ? d->file : "<input>", d->line, col, "%s", msg);
}

/* index of field key of the top-level object, or -1 when it is missing
 * or null (null means "absent" to the optional accessors) */
static int
field(const kp_json *d, const char *key)
{
	int i = kp_json_get(d, 0, key);

	return i >= 0 && d->tok[i].type == KP_JNULL ? -1 : i;
}

void
kp_rec_missing(const kp_json *d, const char *key, const char *want)
{
	if (kp_json_get(d, 0, key) >= 0)
		kp_rec_die(d, kp_json_get(d, 0, key),
			"expected %s for \"%s\", got null", want, key);
	kp_rec_die(d, -1, "missing field \"%s\", expected %s", key, want);
}

void
kp_rec_wrong(const kp_json *d, int i, const char *key, const char *want)
{
	kp_rec_die(d, i, "expected %s for \"%s\", got %s", want, key,
		tname[d->tok[i].type]);
}

const char *
kp_rec_type(kp_json *d)
{
	return kp_req_str(d, "type");
}

const char *
kp_req_str(kp_json *d, const char *key)
{
	int i = field(d, key);

	if (i < 0)
		kp_rec_missing(d, key, "a string");
	if (d->tok[i].type != KP_JSTR)
		kp_rec_wrong(d, i, key, "a string");
	return kp_json_str(d, i);
}

double
kp_rec_num_at(kp_json *d, int i, const char *key)
{
	double x;

	if (d->tok[i].type != KP_JNUM)
		kp_rec_wrong(d, i, key, "a number");
	if (kp_json_num(d, i, &x) < 0 || !isfinite(x))
		kp_rec_die(d, i, "expected a finite number for \"%s\", got one out of range", key);
	return x;
}

long long
kp_rec_int_at(kp_json *d, int i, const char *key)
{
	long long v;

	if (d->tok[i].type != KP_JNUM)
		kp_rec_wrong(d, i, key, "an integer");
	if (kp_json_int(d, i, &v) < 0)
		kp_rec_die(d, i, "expected an integer for \"%s\", got %.*s", key,
			(int)d->tok[i].len, d->text + d->tok[i].off);
	return v;
}

double
kp_req_num(kp_json *d, const char *key)
{
	int i = field(d, key);

	if (i < 0)
		kp_rec_missing(d, key, "a number");
	return kp_rec_num_at(d, i, key);
}

long long
kp_req_int(kp_json *d, const char *key)
{
	int i = field(d, key);

	if (i < 0)
		kp_rec_missing(d, key, "an integer");
	return kp_rec_int_at(d, i, key);
}

const char *
kp_opt_str(kp_json *d, const char *key, const char *def)
{
	int i = field(d, key);

	if (i < 0)
		return def;
	if (d->tok[i].type != KP_JSTR)
		kp_rec_wrong(d, i, key, "a string or null");
	return kp_json_str(d, i);
}

double
kp_opt_num(kp_json *d, const char *key, double def)
{
	int i = field(d, key);

	return i < 0 ? def : kp_rec_num_at(d, i, key);
}

long long
kp_opt_int(kp_json *d, const char *key, long long def)
{
	int i = field(d, key);

	return i < 0 ? def : kp_rec_int_at(d, i, key);
}
