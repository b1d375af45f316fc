/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sampleline.c: kp_sample_line() against the JSON reader on sample lines
 * changed at random (bytes replaced, inserted, deleted, runs repeated):
 * a line it takes is one the JSON reader reads without a word, an object
 * of type sample and of the fields it gives, with the same values. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "kp.h"
#include "rec.h"
#include "sampleline.h"
#include "../tap.h"

static const char *const base[] = {
	"{\"type\":\"sample\",\"run\":\"v6.0-n0@host0:1790000000\",\"iter\":0,\"kernel\":\"v6.0\",\"instance\":\"host0\",\"job\":\"wis-futex\",\"suite\":\"wis\",\"bench\":\"futex1\",\"test\":\"futex1-19\",\"op\":\"futex1\",\"metric\":\"ops\",\"unit\":\"ops/s\",\"better\":\"higher\",\"conc\":256,\"rep\":5,\"sub\":1,\"value\":2621.097,\"src\":\"work/log/v6.0-n0/iter-0/wis-futex/logs/futex1-19-256:5\",\"exp\":\"8358eb3e3803389d\",\"key\":\"821da48228164032\",\"group\":\"64a0fd8f600e7d6a\"}",
	"{\"type\":\"sample\",\"run\":\"r\",\"iter\":10,\"kernel\":\"k\",\"instance\":\"h\",\"job\":\"j\",\"suite\":\"s\",\"bench\":\"b\",\"test\":\"t\",\"op\":\"o\",\"metric\":\"m\",\"unit\":\"u\",\"better\":\"lower\",\"conc\":1,\"rep\":1,\"sub\":2,\"value\":-1.5e-3,\"iterations\":7,\"src\":\"x:1\"}",
	"{\"type\":\"sample\",\"run\":\"\",\"iter\":0,\"value\":0,\"src\":\"a\"}",
};

/* the characters of JSON's syntax and a few others */
static const char pick[] = "\"\\:,{}[] 0123456789-+.eEantlfru\t\001\177\200\377";

static uint64_t seed = 0x9e3779b97f4a7c15ULL;

static uint32_t
rnd(uint32_t n)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return (uint32_t)(seed % n);
}

static void
mutate(char *s, size_t *len, size_t cap)
{
	size_t i = rnd((uint32_t)*len + 1), n;

	switch (rnd(4)) {
	case 0:	/* a byte replaced */
		if (i < *len)
			s[i] = pick[rnd(sizeof(pick) - 1)];
		break;
	case 1:	/* a byte inserted */
		if (*len + 1 < cap) {
			memmove(s + i + 1, s + i, *len - i);
			s[i] = pick[rnd(sizeof(pick) - 1)];
			(*len)++;
		}
		break;
	case 2:	/* a byte deleted */
		if (i < *len) {
			memmove(s + i, s + i + 1, *len - i - 1);
			(*len)--;
		}
		break;
	default:	/* a run of up to 40 bytes repeated where it is */
		n = rnd(40) + 1;
		if (i + n <= *len && *len + n < cap) {
			memmove(s + i + n, s + i, *len - i);
			(*len) += n;
		}
		break;
	}
}

/* v agrees with the parse of d: 1, or 0 */
static int
agrees(const kp_json *d, const kp_sval *v)
{
	const kp_rtype *t = &kp_sample_t;
	const kp_jtok *tk;
	int f, i, ty, n = 1;

	ty = kp_json_get(d, 0, "type");
	if (ty < 0 || d->tok[ty].type != KP_JSTR || d->tok[ty].esc ||
	    d->tok[ty].len != 6 || memcmp(d->text + d->tok[ty].off, "sample", 6) != 0)
		return 0;
	for (f = 0; f < t->nf; f++) {
		i = kp_json_get(d, 0, t->f[f].name);
		if ((i < 0) != (v[f].p == NULL))
			return 0;
		if (i < 0)
			continue;
		n++;
		tk = &d->tok[i];
		if (v[f].str != (tk->type == KP_JSTR) ||
		    (!v[f].str && tk->type != KP_JNUM) || tk->esc ||
		    v[f].len != tk->len || v[f].p != d->text + tk->off)
			return 0;
	}
	return d->tok[0].type == KP_JOBJ && d->tok[0].n == (uint32_t)n;
}

int
main(void)
{
	static char s[4096];
	kp_sval v[KP_SAMPLE_NF];
	char err[256];
	size_t len, col, b, k, m;
	long taken = 0, refused = 0, wrong = 0, valid = 0;
	kp_json d;
	int r;

	kp_json_init(&d);
	for (b = 0; b < KP_LEN(base); b++) {
		len = strlen(base[b]);
		r = kp_sample_line(base[b], len, v);
		ok(r == 1 && kp_json_parse(&d, base[b], len, err, sizeof(err), &col) == 0 &&
		    agrees(&d, v), "base line %zu is taken, as the JSON reader reads it", b);
	}
	for (k = 0; k < 300000; k++) {
		b = rnd(KP_LEN(base));
		len = strlen(base[b]);
		memcpy(s, base[b], len);
		for (m = rnd(3) + 1; m > 0; m--)
			mutate(s, &len, sizeof(s) - 1);
		s[len] = '\0';
		r = kp_sample_line(s, len, v);
		if (kp_json_parse(&d, s, len, err, sizeof(err), &col) == 0)
			valid++;
		if (!r) {
			refused++;
			continue;
		}
		taken++;
		if (kp_json_parse(&d, s, len, err, sizeof(err), &col) != 0 || !agrees(&d, v)) {
			if (wrong++ < 5)
				printf("# taken, but the JSON reader says otherwise: %s\n", s);
		}
	}
	ok(wrong == 0, "of 300000 lines changed at random, none taken that the "
	    "JSON reader refuses or reads otherwise (%ld taken, %ld refused, "
	    "%ld valid JSON)", taken, refused, valid);
	ok(taken > 10000 && refused > 100000,
	    "both kinds are many: the test tries both ways");
	kp_json_free(&d);
	return done_testing();
}
