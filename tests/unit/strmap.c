/* SPDX-License-Identifier: GPL-2.0-or-later */
/* strmap.c: dense indexes in first-added order, tuples, growth past many
 * table doublings, and keys that differ only after a NUL. */
#include <stdio.h>
#include <string.h>

#include "kp.h"
#include "strmap.h"
#include "../tap.h"

int
main(void)
{
	kp_strmap *m = kp_strmap_new();
	char buf[32];
	size_t i, len, bad;
	int isnew;

	ok(kp_strmap_len(m) == 0 && kp_strmap_find(m, "a", 1) == -1, "empty");
	ok(kp_strmap_add(m, "b", 1, &isnew) == 0 && isnew, "the first key is 0");
	ok(kp_strmap_add(m, "a", 1, &isnew) == 1 && isnew, "the second is 1");
	ok(kp_strmap_add(m, "b", 1, &isnew) == 0 && !isnew, "a key added again keeps its index");
	ok(kp_strmap_add(m, "", 0, NULL) == 2 && kp_strmap_find(m, "", 0) == 2,
	    "the empty key is a key");
	ok(kp_strmap_add(m, "a\0b", 3, NULL) == 3 && kp_strmap_find(m, "a\0c", 3) == -1 &&
	    kp_strmap_find(m, "a", 1) == 1, "keys may hold NUL");
	is_str(kp_strmap_key(m, 3, &len), "a", "a key is returned NUL-terminated");
	ok(len == 3 && memcmp(kp_strmap_key(m, 3, NULL), "a\0b", 4) == 0,
	    "with its whole length");

	ok(kp_strmap_addv(m, &isnew, "x", "yz", NULL) == 4 && isnew, "a tuple is a key");
	ok(kp_strmap_findv(m, "xy", "z", NULL) == -1 && kp_strmap_findv(m, "x", "yz", NULL) == 4,
	    "tuples split differently are different keys");
	ok(kp_strmap_find(m, "x\0yz", 5) == 4, "a tuple is its strings, each ended by NUL");
	ok(kp_strmap_addv(m, NULL, NULL) == 2, "the empty tuple is the empty key");
	kp_strmap_free(m);

	m = kp_strmap_new();
	for (i = bad = 0; i < 100000; i++) {
		snprintf(buf, sizeof(buf), "k%zu", i * 7919 % 100003);
		bad += kp_strmap_add(m, buf, strlen(buf), NULL) != i;
	}
	ok(bad == 0 && kp_strmap_len(m) == 100000, "100000 keys get 0 .. 99999 in order");
	for (i = bad = 0; i < 100000; i++) {
		snprintf(buf, sizeof(buf), "k%zu", i * 7919 % 100003);
		bad += kp_strmap_find(m, buf, strlen(buf)) != (long)i ||
		    strcmp(kp_strmap_key(m, i, NULL), buf) != 0;
	}
	ok(bad == 0, "each is found again after the table grew");
	ok(kp_strmap_find(m, "k100003", 7) == -1, "a key never added is not found");
	kp_strmap_free(m);
	kp_strmap_free(NULL);

	return done_testing();
}
