/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ndjson.c: the NDJSON reader and writer.  A line the reader accepts is
 * copied by the writer (kp_w_copy_obj) and must read back as the same
 * tree of tokens with the same strings and numbers; every string must
 * survive kp_w_strn, and any line must give a verdict without a sanitizer
 * report. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "fuzz.h"

static void
same(kp_json *a, kp_json *b)
{
	uint32_t i;
	size_t la, lb;
	const char *sa, *sb;
	double xa, xb;

	if (a->ntok != b->ntok)
		fz_fail("%u tokens, %u after the round trip", a->ntok, b->ntok);
	for (i = 0; i < a->ntok; i++) {
		if (a->tok[i].type != b->tok[i].type || a->tok[i].n != b->tok[i].n ||
		    a->tok[i].next != b->tok[i].next)
			fz_fail("token %u differs after the round trip", i);
		if (a->tok[i].type == KP_JSTR) {
			sa = kp_json_strn(a, (int)i, &la);
			sb = kp_json_strn(b, (int)i, &lb);
			if (la != lb || memcmp(sa, sb, la))
				fz_fail("string %u differs after the round trip", i);
		} else if (a->tok[i].type == KP_JNUM) {
			if (kp_json_num(a, (int)i, &xa) || kp_json_num(b, (int)i, &xb))
				fz_fail("number %u unreadable", i);
			/* the writer prints a number outside double range as null */
			if (isfinite(xa) && xa != xb)
				fz_fail("number %u: %.17g became %.17g", i, xa, xb);
		}
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static kp_json a, b;
	static int init;
	char err[256], *out = NULL;
	size_t col, olen = 0;
	FILE *fp;
	kp_w *w;

	if (!init++) {
		kp_json_init(&a);
		kp_json_init(&b);
	}
	/* a line, as kp_in_line() gives it: a record never holds a newline
	 * (one inside the value would be JSON white space, copied raw) */
	if (memchr(data, '\n', size))
		size = (size_t)((const uint8_t *)memchr(data, '\n', size) - data);
	if (kp_json_parse(&a, (const char *)data, size, err, sizeof(err), &col) != 0) {
		if (col < 1 || col > size + 1)
			fz_fail("error column %zu outside a line of %zu bytes", col, size);
		return 0;
	}
	if (!(fp = open_memstream(&out, &olen)))
		return 0;
	w = kp_w_open(fp, "<mem>");
	kp_w_copy_obj(w, &a, NULL);
	kp_w_end(w);
	for (uint32_t i = 0; i < a.ntok; i++)
		if (a.tok[i].type == KP_JSTR) {
			size_t n;
			const char *s = kp_json_strn(&a, (int)i, &n);

			kp_w_obj(w);
			kp_w_key(w, "s");
			kp_w_strn(w, s, n);
			kp_w_end(w);
		}
	kp_w_close(w);	/* fclose: the memstream is complete */
	/* the first line is the copy; each further line one string */
	{
		char *nl = memchr(out, '\n', olen);

		if (!nl)
			fz_fail("the writer wrote no line");
		if (kp_json_parse(&b, out, (size_t)(nl - out), err, sizeof(err), &col))
			fz_fail("the copy does not read back: %s at %zu", err, col);
		same(&a, &b);
		/* then one line {"s": STRING} per string, in token order */
		for (uint32_t i = 0; i < a.ntok; i++) {
			char *line = nl + 1;
			size_t la, lb;
			const char *sa, *sb;

			if (a.tok[i].type != KP_JSTR)
				continue;
			if (!(nl = memchr(line, '\n', olen - (size_t)(line - out))))
				fz_fail("a string's line is missing");
			if (kp_json_parse(&b, line, (size_t)(nl - line), err, sizeof(err), &col))
				fz_fail("a written string does not read back: %s", err);
			sa = kp_json_strn(&a, (int)i, &la);
			sb = kp_json_strn(&b, 2, &lb);
			if (la != lb || memcmp(sa, sb, la))
				fz_fail("string %u changed when written alone", i);
		}
	}
	free(out);
	return 0;
}
