/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kver.c: kernel versions.  Parsing any text ends without a sanitizer
 * report; the order is a total preorder on what parses: reflexive,
 * antisymmetric in sign, and kp_kver_same agrees with it. */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "fuzz.h"

static int
sign(int x)
{
	return (x > 0) - (x < 0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1), *t;
	kp_kver a, b;
	int pa, pb;

	memcpy(s, data, size);
	s[size] = '\0';
	/* two versions: the text before and after the first newline */
	t = strchr(s, '\n');
	if (t)
		*t++ = '\0';
	else
		t = s + strlen(s);
	pa = kp_kver_parse(s, &a);
	pb = kp_kver_parse(t, &b);
	if (pa == 0) {
		if (kp_kver_cmp(&a, &a) != 0)
			fz_fail("\"%s\" is not equal to itself", s);
		kp_kver_is_release(&a);
		kp_kver_is_stable(&a);
	}
	if (pa == 0 && pb == 0 &&
	    sign(kp_kver_cmp(&a, &b)) != -sign(kp_kver_cmp(&b, &a)))
		fz_fail("\"%s\" and \"%s\" compare one way both ways", s, t);
	kp_kver_same(s, t);
	free(s);
	return 0;
}
