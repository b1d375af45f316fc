/* SPDX-License-Identifier: GPL-2.0-or-later */
/* recstr.c: the rule of kp-records(5)'s STRINGS on the records a parser
 * writes.  Names travel from a log to a report, a bisect script and a
 * sourced configuration; a newline in one becomes a line of its own
 * there.  Every string field of the table (names, kernel, unit, src, ...)
 * is text without control characters; the string lists (a run's
 * warnings, a histogram's keys) are text from logs and are not names. */
#include <stdio.h>

#include "kp.h"
#include "rec.h"

void
kp_str_check(const char *file, long line, const char *field, const char *s)
{
	const char *c;

	if (s && (c = kp_ctl(s)))
		kp_die_at(file, line, 0, "%s \"%.*s...\": a control character "
		    "(0x%02x); expected none (kp-records(5), STRINGS)", field,
		    (int)(c - s), s, (unsigned char)*c);
}

void
kp_rec_check(const kp_rtype *t, const void *rec, const char *file, long line)
{
	int f;

	for (f = 0; f < t->nf; f++)
		if (t->f[f].kind == KP_F_STR && kp_has_get(rec, f))
			kp_str_check(file, line, t->f[f].name, *(char *const *)
			    (const void *)((const char *)rec + t->f[f].off));
}
