/* SPDX-License-Identifier: GPL-2.0-or-later */
/* statline.c: kp_stat_line() against the JSON reader on stat lines
 * changed at random (bytes replaced, inserted, deleted, runs repeated):
 * a line it takes is one the JSON reader reads without a word, an object
 * of type stat and scope group and of the fields it gives, with the same
 * values. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "kp.h"
#include "rec.h"
#include "statline.h"
#include "../tap.h"

static const char *const base[] = {
	/* as kp-stats writes one */
	"{\"type\":\"stat\",\"scope\":\"group\",\"exp\":\"013e91063a8648c3\",\"key\":\"821da48228164032\",\"kernel\":\"v6.22\",\"job\":\"wis-futex\",\"suite\":\"wis\",\"bench\":\"futex1\",\"test\":\"futex1-0\",\"op\":\"futex1\",\"metric\":\"ops\",\"unit\":\"ops/s\",\"better\":\"higher\",\"conc\":1,\"group\":\"7036675a7d142718\",\"series_id\":\"33c35918694b9a19\",\"runs\":[\"v6.22-n0@host0:1791900800\",\"v6.22-n1@host1:1791901400\",\"v6.22-n2@host2:1791902000\",\"v6.22-n3@host3:1791902600\",\"v6.22-n4@host4:1791903200\"],\"instances\":[\"host0\",\"host1\",\"host2\",\"host3\",\"host4\"],\"n\":25,\"n_dropped\":0,\"n_instances\":5,\"n_runs\":5,\"n_iters\":5,\"n_reps\":25,\"median\":4337.652,\"mean\":4339.28148,\"sd\":44.72999841094709,\"mad\":34.365999999999985,\"mad_scaled\":50.95103159999998,\"cv\":0.010308157840672528,\"min\":4277.524,\"max\":4443.623,\"q1\":4303.286,\"q3\":4370.648,\"gmean\":4339.060919549404,\"hmean\":4338.84112057148,\"ci_low\":4303.301,\"ci_high\":4370.225,\"ci_method\":\"order-statistic\",\"multimodal\":false,\"per_instance\":[{\"instance\":\"host0\",\"n\":5,\"median\":4328.578,\"mean\":4331.9982,\"huber\":4331.865517569237},{\"instance\":\"host1\",\"n\":5,\"median\":4303.286,\"mean\":4309.1572,\"huber\":4301.336428165918},{\"instance\":\"host2\",\"n\":5,\"median\":4370.648,\"mean\":4361.7072,\"huber\":4361.7072},{\"instance\":\"host3\",\"n\":5,\"median\":4337.652,\"mean\":4324.6606,\"huber\":4328.3544933909725},{\"instance\":\"host4\",\"n\":5,\"median\":4403.56,\"mean\":4368.8842,\"huber\":4368.8841999999995}],\"obs\":{\"instance\":[4331.9982,4309.1572,4361.7072,4324.6606,4368.8842],\"run\":[4331.9982,4309.1572,4361.7072,4324.6606,4368.8842],\"iter\":[4331.9982,4309.1572,4361.7072,4324.6606,4368.8842],\"rep\":[4328.578,4388.958,4303.204,4296.564,4342.687,4277.524,4289.893,4303.286,4304.858,4370.225,4388.812,4376.896,4325.19,4346.99,4370.648,4349.47,4343.514,4337.652,4309.064,4283.603,4288.114,4403.56,4303.301,4443.623,4405.823],\"sub\":[4328.578,4388.958,4303.204,4296.564,4342.687,4277.524,4289.893,4303.286,4304.858,4370.225,4388.812,4376.896,4325.19,4346.99,4370.648,4349.47,4343.514,4337.652,4309.064,4283.603,4288.114,4403.56,4303.301,4443.623,4405.823]}}",
	/* nested values, a null, an empty list */
	"{\"type\":\"stat\",\"scope\":\"group\",\"exp\":\"e\",\"key\":\"k\",\"kernel\":\"v1\",\"job\":\"j\",\"suite\":\"s\",\"bench\":\"b\",\"test\":\"t\",\"op\":\"o\",\"metric\":\"m\",\"unit\":\"u\",\"better\":\"lower\",\"conc\":3,\"group\":null,\"runs\":[\"r1\",\"r2\"],\"instances\":[],\"n\":2,\"median\":1e3,\"mean\":-0.5,\"multimodal\":true,\"per_instance\":[{\"instance\":\"h\",\"median\":1,\"extra\":[1,{\"a\":null,\"b\":[]}]}],\"obs\":{\"run\":[1,2],\"sub\":[1,2]}}",
	"{\"type\":\"stat\",\"scope\":\"group\",\"exp\":\"e\",\"obs\":{}}",
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

/* v agrees with the parse of d: 1, or 0.  A string's value is its
 * bytes between the quotes, any other value's its whole text. */
static int
agrees(const kp_json *d, const kp_sval *v)
{
	const kp_rtype *t = &kp_stat_t;
	const kp_jtok *tk;
	const char *raw;
	size_t len;
	int f, i, ty, n = 1;

	ty = kp_json_get(d, 0, "type");
	if (ty < 0 || d->tok[ty].type != KP_JSTR || d->tok[ty].esc ||
	    d->tok[ty].len != 4 || memcmp(d->text + d->tok[ty].off, "stat", 4) != 0)
		return 0;
	for (f = 0; f < t->nf; f++) {
		i = kp_json_get(d, 0, t->f[f].name);
		if ((i < 0) != (v[f].p == NULL))
			return 0;
		if (i < 0)
			continue;
		n++;
		tk = &d->tok[i];
		raw = kp_json_raw(d, i, &len);
		if (v[f].str != (tk->type == KP_JSTR) || tk->esc ||
		    (v[f].str && (v[f].len != tk->len || v[f].p != d->text + tk->off)) ||
		    (!v[f].str && (v[f].len != len || v[f].p != raw)))
			return 0;
	}
	ty = kp_json_get(d, 0, "scope");
	if (ty < 0 || d->tok[ty].len != 5 ||
	    memcmp(d->text + d->tok[ty].off, "group", 5) != 0)
		return 0;
	return d->tok[0].type == KP_JOBJ && d->tok[0].n == (uint32_t)n;
}

/* A value nested as deep as the line reader goes (statline.c's DEPTH,
 * 8: the record's object and 7 more) is taken; one level more is left
 * to the JSON reader (64 deep), which reads both. */
static void
deep(kp_json *d, kp_sval *v)
{
	static const char head[] = "{\"type\":\"stat\",\"scope\":\"group\","
	    "\"exp\":\"e\",\"sd\":";
	char s[256], err[256];
	size_t len, col;
	int n, i, r;

	for (n = 6; n <= 9; n++) {
		len = (size_t)snprintf(s, sizeof(s), "%s", head);
		for (i = 0; i < n; i++)	/* {"a":[{"a":[ ... */
			len += (size_t)snprintf(s + len, sizeof(s) - len, "%s",
			    i % 2 ? "[" : "{\"a\":");
		s[len++] = '1';
		for (i = n - 1; i >= 0; i--)
			s[len++] = i % 2 ? ']' : '}';
		len += (size_t)snprintf(s + len, sizeof(s) - len, ",\"obs\":{}}");
		r = kp_stat_line(s, len, v);
		ok(kp_json_parse(d, s, len, err, sizeof(err), &col) == 0 &&
		    (n <= 7 ? r == 1 && agrees(d, v) : r == 0),
		    "a value of %d nested levels in a record: %s", n, n <= 7 ?
		    "taken, as the JSON reader reads it" : "left to the JSON reader");
	}
}

int
main(void)
{
	static char s[8192];
	kp_sval v[KP_STAT_NF];
	char err[256];
	size_t len, col, b, k, m;
	long taken = 0, refused = 0, wrong = 0, valid = 0;
	kp_json d;
	int r;

	kp_json_init(&d);
	for (b = 0; b < KP_LEN(base); b++) {
		len = strlen(base[b]);
		r = kp_stat_line(base[b], len, v);
		ok(r == 1 && kp_json_parse(&d, base[b], len, err, sizeof(err), &col) == 0 &&
		    agrees(&d, v), "base line %zu is taken, as the JSON reader reads it", b);
	}
	deep(&d, v);
	for (k = 0; k < 300000; k++) {
		b = rnd(KP_LEN(base));
		len = strlen(base[b]);
		memcpy(s, base[b], len);
		for (m = rnd(3) + 1; m > 0; m--)
			mutate(s, &len, sizeof(s) - 1);
		r = kp_stat_line(s, len, v);
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
