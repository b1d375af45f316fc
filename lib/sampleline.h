/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sampleline.h: a sample line laid out as kp writes it, read without the
 * JSON reader (sampleline.c). */
#ifndef KP_SAMPLELINE_H
#define KP_SAMPLELINE_H

#include <stddef.h>

/* a field's value: a string's bytes without its quotes, or a number's
 * text; p NULL when the line has none */
typedef struct {
	const char *p;
	size_t len;
	int str;
} kp_sval;

/* 1 and v[f] the value of each field f of kp_sample_t (KP_SAMPLE_NF of
 * them) when line is a sample laid out as kp writes them, which the
 * JSON reader reads without a word; else 0, and the JSON reader is to
 * read it and say what is wrong, if anything */
int kp_sample_line(const char *line, size_t len, kp_sval *v);

/* the value of a number of digits alone, at most max of them (max <= 18,
 * so that it fits), or -1 for anything else: a count such as iter, rep
 * or conc, taken whole where a reader would take it; inline, as the
 * tools call it for each of tens of millions of lines */
static inline long long
kp_sval_count(const kp_sval *x, size_t max)
{
	long long v = 0;
	size_t k;

	if (!x->p || x->str || x->len > max)
		return -1;
	for (k = 0; k < x->len; k++) {
		if (x->p[k] < '0' || x->p[k] > '9')
			return -1;
		v = 10 * v + (x->p[k] - '0');
	}
	return v;
}

#endif
