/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hash.c: SHA-256 against FIPS 180-2 vectors; the canonical form and the
 * identity hash are independent of order and of white space. */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "../tap.h"

static void
sha(const char *msg, const char *want)
{
	unsigned char md[32];
	char hex[65];

	kp_sha256(msg, strlen(msg), md);
	kp_hex(md, 32, hex);
	is_str(hex, want, msg[0] ? "SHA-256 test vector" : "SHA-256 of the empty string");
}

int
main(void)
{
	kp_canon *a = kp_canon_new(), *b = kp_canon_new();
	char ha[17], hb[17], *t;
	size_t n;

	sha("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	sha("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	sha("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
	    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");

	kp_canon_add(a, "kernel", "v6.17");
	kp_canon_add(a, "cmdline", "  quiet \t splash\n");
	kp_canon_add(a, "a=b", "x\\y");
	kp_canon_add(b, "a=b", "x\\y");
	kp_canon_add(b, "cmdline", "quiet splash");
	kp_canon_add(b, "kernel", "v6.16");
	kp_canon_add(b, "kernel", "v6.17");	/* the last value wins */
	t = kp_canon_text(a, &n);
	is_str(t, "a\\=b=x\\\\y\ncmdline=quiet splash\nkernel=v6.17\n",
	    "canonical text: sorted, folded, escaped");
	ok(n == strlen(t), "canonical text length");
	free(t);
	kp_canon_hash(a, ha);
	kp_canon_hash(b, hb);
	is_str(ha, hb, "same pairs in another order give the same hash");
	ok(strlen(ha) == 16 && strspn(ha, "0123456789abcdef") == 16, "16 lowercase hex digits");
	/* independent: python3 -c "import hashlib;print(hashlib.sha256(
	 * b'a\\\\=b=x\\\\\\\\y\\ncmdline=quiet splash\\nkernel=v6.17\\n').hexdigest()[:16])" */
	is_str(ha, "dd70f2b73bce8e4a", "identity hash equals the truncated SHA-256 of the text");
	kp_canon_add(b, "kernel", "v6.18");
	kp_canon_hash(b, hb);
	ok(strcmp(ha, hb) != 0, "a changed value changes the hash");
	kp_canon_reset(b);
	kp_canon_hash(b, hb);
	is_str(hb, "e3b0c44298fc1c14", "the empty set hashes the empty text");
	kp_canon_free(a);
	kp_canon_free(b);
	/* kp_hexval reads back what kp_hex writes, in either case */
	{
		static const char digits[] = "0123456789abcdefABCDEF";
		int all = 1;

		for (size_t i = 0; digits[i]; i++)
			all &= kp_hexval(digits[i]) == (int)(i < 16 ? i : i - 6);
		ok(all, "kp_hexval of every hex digit, either case");
		ok(kp_hexval('g') < 0 && kp_hexval('/') < 0 && kp_hexval(':') < 0 &&
		    kp_hexval('@') < 0 && kp_hexval('G') < 0 && kp_hexval(0) < 0,
		    "kp_hexval of what is not one");
	}
	return done_testing();
}
