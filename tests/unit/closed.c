/* SPDX-License-Identifier: GPL-2.0-or-later */
/* closed.c: kp-compare's closed test (tools/kp-compare/closed.c) skips
 * the sets of levels whose bound says they change nothing; its adjusted
 * p must be those of every set, to the bit, or kp-compare's output would
 * change.  Random families of 2 to 12 levels: p uniform, tiny, tied, 0
 * and 1, lone and common shifts, contrasts from hopeless to decisive. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../tools/kp-compare/compare.h"
#include "../tap.h"

#define NFAM 3000
#define MAXK 12

static uint64_t rng = 88172645463325252ull;

/* uniform on [0, 1), xorshift64 */
static double
unif(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (double)(rng >> 11) / 9007199254740992.0;
}

/* one random family of k levels into r[0..k) */
static void
family(Result *r, size_t k, Family *f)
{
	size_t l, nb = 2 + (size_t)(unif() * 8), nt = 2 + (size_t)(unif() * 8);
	double shift = unif() < 0.3 ? unif() : 0, kind;

	memset(f, 0, sizeof(*f));
	for (l = 0; l < k; l++) {
		memset(&r[l], 0, sizeof(r[l]));
		kind = unif();
		r[l].p = kind < 0.4 ? unif() : kind < 0.6 ? unif() * 1e-4 :
		    kind < 0.7 && l > 0 ? r[l - 1].p : kind < 0.75 ? 1 :
		    kind < 0.8 ? 0 : unif() * 0.05;
		r[l].ldiff = shift + (unif() - 0.5) * 0.02 +
		    (unif() < 0.1 ? unif() * 0.3 : 0);
		r[l].logok = 1;
		r[l].nb = nb;
		r[l].nt = nt;
		r[l].ct_p = r[l].ct_fam = NAN;
	}
	f->k = k;
	f->cs = 1;
	f->mse = pow(10, -7 + 7 * unif());
	f->dfe = 1 + (double)(size_t)(unif() * 40);
}

int
main(void)
{
	static Result a[MAXK], b[MAXK];
	static Result *ra[MAXK], *rb[MAXK];
	Family fa, fb;
	size_t i, l, k, bad = 0, raised = 0;

	for (l = 0; l < MAXK; l++) {
		ra[l] = &a[l];
		rb[l] = &b[l];
	}
	for (i = 0; i < NFAM; i++) {
		k = 2 + i % (MAXK - 1);
		family(a, k, &fa);
		memcpy(b, a, sizeof(a));
		fb = fa;
		fa.r = ra;
		fb.r = rb;
		test_closed(&fa, 1);
		test_closed_every(&fb, 1);
		for (l = 0; l < k; l++) {
			if (memcmp(&a[l].ct_p, &b[l].ct_p, sizeof(double)) ||
			    memcmp(&a[l].ct_fam, &b[l].ct_fam, sizeof(double))) {
				if (bad++ < 5)
					printf("# family %zu level %zu of %zu: ct_p %.17g "
					    "against %.17g, ct_fam %.17g against %.17g\n",
					    i, l, k, a[l].ct_p, b[l].ct_p, a[l].ct_fam,
					    b[l].ct_fam);
			}
			raised += b[l].ct_p > b[l].p;
		}
	}
	ok(bad == 0, "%d families: adjusted p with sets skipped by their bound "
	    "are those of every set, to the bit (%zu levels differ)", NFAM, bad);
	ok(raised > NFAM, "the families are not all trivial: %zu levels' p raised "
	    "by a set", raised);
	return done_testing();
}
