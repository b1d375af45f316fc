/* SPDX-License-Identifier: GPL-2.0-or-later */
/* shortg.h: the shortest of printf's %.15g, %.16g and %.17g that reads
 * back as x, written without printf (lib/numfmt.c's slow case) */
#ifndef SHORTG_H
#define SHORTG_H
#include <stddef.h>

/* Writes to buf (KP_NUMBUF bytes) the text snprintf("%.*g", P, x) gives
 * for the first P of 15, 16, 17 whose text strtod reads back as x, and
 * returns its length; returns -1, writing nothing, when x is zero,
 * subnormal or not finite, or in the rare case the error bound cannot
 * decide a rounding (a tie, or a decimal on the edge of x's rounding
 * interval): then the caller asks printf and strtod. */
int kp_fmt_shortg(char *buf, double x);
#endif
