/* SPDX-License-Identifier: GPL-2.0-or-later */
/* recwrite.c: kp_rec_write()'s flat writer (kp_w_flat_*) against the
 * writer of every other record (kp_w_obj, kp_rec_members, kp_w_end), byte
 * for byte, on records of every type made at random: each field of a
 * flat kind present or not, strings with escapes, UTF-8 and bytes that
 * are not, nulls, numbers of every size, long strings that cross the
 * writer's buffer. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "rec.h"
#include "../tap.h"

static uint64_t seed = 0x2545f4914f6cdd1dULL;

static uint64_t
rnd64(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return seed;
}

static uint32_t
rnd(uint32_t n)
{
	return (uint32_t)(rnd64() % n);
}

/* a string: NULL, plain, or with what JSON escapes or UTF-8 holds; now
 * and then longer than the writer's buffer.  Freed with the record's
 * arena (never: the test is short). */
static char *
str(void)
{
	static const char *const piece[] = { "a", "host0", "v6.22-n0@host0:1",
		"\"", "\\", "\n", "\t", "\001", "\037", "\177", "\303\251",
		"\342\202\254", "\360\237\230\200", "\200", "\377", "\303",
		"\355\240\200", " ", "/", "0" };
	size_t n, len = 0, i, cap;
	char *s;

	if (rnd(10) == 0)
		return NULL;
	n = rnd(1000) == 0 ? 30000 + rnd(30000) : rnd(12);
	cap = 16 * n + 1;	/* the longest piece */
	s = emalloc(cap);
	for (i = 0; i < n; i++) {
		const char *p = piece[rnd(rnd(3) ? 3 : KP_LEN(piece))];

		memcpy(s + len, p, strlen(p));
		len += strlen(p);
	}
	s[len] = '\0';
	return s;
}

static double
num(void)
{
	static const double odd[] = { NAN, INFINITY, -INFINITY, 0.0, -0.0,
		1e-320, 5e-324, 1.7976931348623157e308, 9007199254740992.0,
		9007199254740993.0, 0.1, 1e15, 1e-4, 123456789012345.6 };
	uint64_t b;
	double x;

	switch (rnd(5)) {
	case 0:
		return odd[rnd(KP_LEN(odd))];
	case 1:	/* a measurement of a few decimals */
		return (double)((int64_t)rnd(2000000) - 1000000) / (double)(1 + rnd(3) * 500);
	case 2:	/* an integer */
		return (double)((int64_t)(rnd64() >> rnd(64)) * (rnd(2) ? 1 : -1));
	case 3:	/* any bits */
		b = rnd64();
		memcpy(&x, &b, sizeof(x));
		return x;
	default:	/* a p, a change */
		return (double)rnd64() / 18446744073709551616.0 * pow(10, (double)rnd(12) - 6);
	}
}

static long long
integer(void)
{
	static const long long odd[] = { KP_NULL_INT, INT64_MAX, INT64_MIN + 1,
		0, -1, 1, 10, 1000000007 };

	if (rnd(3) == 0)
		return odd[rnd(KP_LEN(odd))];
	return (long long)(rnd64() >> rnd(64)) * (rnd(2) ? 1 : -1);
}

/* field f of rec, set at random when of a kind kp_w_flat writes; 0 and
 * not set otherwise */
static int
field(void *rec, const kp_field *f)
{
	void *p = (char *)rec + f->off;
	kp_strs *s;
	size_t i;

	switch (f->kind) {
	case KP_F_STR:
		*(char **)p = str();
		break;
	case KP_F_INT:
		*(long long *)p = integer();
		break;
	case KP_F_NUM:
		*(double *)p = num();
		break;
	case KP_F_BOOL:
		*(int *)p = (int)rnd(4) - 1;
		break;
	case KP_F_ENUM:
		*(int *)p = (int)rnd((uint32_t)f->vocab->n + 3) - 1;
		break;
	case KP_F_STRS:
		s = p;
		s->n = rnd(5);
		s->v = emalloc((s->n + 1) * sizeof(*s->v));
		for (i = 0; i < s->n; i++)
			s->v[i] = str();
		break;
	case KP_F_FLAGS:
		*(unsigned *)p = (unsigned)rnd64();
		break;
	default:
		return 0;
	}
	return 1;
}

/* the bytes of the writer's calls w(), through a memory stream */
static char *
written(void (*w)(kp_w *, const kp_rtype *, const void *),
    const kp_rtype *t, void *const *rec, size_t n, size_t *len)
{
	char *mem = NULL;
	FILE *fp = open_memstream(&mem, len);
	kp_w *kw = kp_w_open(fp, "<mem>");
	size_t i;

	for (i = 0; i < n; i++)
		w(kw, t, rec[i]);
	kp_w_close(kw);
	return mem;
}

static void
generic(kp_w *w, const kp_rtype *t, const void *rec)
{
	kp_w_obj(w);
	kp_w_kstr(w, "type", t->name);
	kp_rec_members(w, t, rec);
	kp_w_end(w);
}

enum { NREC = 2000 };

int
main(void)
{
	static void *rec[NREC];
	const kp_rtype *t;
	size_t k, i, la, lb, d, flat, nflat = 0;
	char *a, *b;
	int f;

	for (k = 0; (t = kp_rtypes[k]); k++) {
		if (t->extra)
			continue;	/* run: kp_rec_members' extra members */
		nflat++;
		for (i = 0, flat = 0; i < NREC; i++) {
			rec[i] = ecalloc(1, t->size);
			for (f = 0; f < t->nf; f++)
				if (field(rec[i], &t->f[f]) && rnd(8))
					kp_has_set(rec[i], f);
			flat += kp_rec_flat(t, rec[i]);
		}
		a = written(kp_rec_write, t, rec, NREC, &la);
		b = written(generic, t, rec, NREC, &lb);
		for (d = 0; d < la && d < lb && a[d] == b[d]; d++)
			;
		ok(flat == NREC && la == lb && d == la, "%s: %zu records by the "
		    "flat writer, the same bytes as by kp_rec_members()", t->name,
		    flat);
		if (d < la || d < lb)
			printf("# first difference at byte %zu: flat \"%.60s\", "
			    "generic \"%.60s\"\n", d, a + (d > 20 ? d - 20 : 0),
			    b + (d > 20 ? d - 20 : 0));
		free(a);
		free(b);
	}
	ok(nflat >= 10, "every type but run tried (%zu)", nflat);
	return done_testing();
}
