/* SPDX-License-Identifier: GPL-2.0-or-later */
/* statline.h: a stat line laid out as kp-stats writes it, read without
 * the JSON reader (statline.c). */
#ifndef KP_STATLINE_H
#define KP_STATLINE_H

#include <stddef.h>

#include "sampleline.h"

/* 1 and v[f] the value of each field f of kp_stat_t (KP_STAT_NF of them)
 * when line is a stat of scope group laid out as kp-stats writes it,
 * which the JSON reader parses without a word; else 0, and the JSON
 * reader is to read it and say what is wrong, if anything.  A value is
 * a string's bytes without its quotes (str 1), or the text of any other
 * value: a number, true, false, null, an array or an object (str 0). */
int kp_stat_line(const char *line, size_t len, kp_sval *v);

#endif
