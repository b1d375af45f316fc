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

#endif
