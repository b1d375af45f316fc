/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsonw: the writer's commas, nesting, escaping, copying and buffering,
 * checked on its output read back through a memory stream */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "../tap.h"

static char *mem;
static size_t memlen;
static FILE *fp;
static kp_w *w;

static void
start(void)
{
	fp = open_memstream(&mem, &memlen);
	w = kp_w_open(fp, "<mem>");
}

/* close the writer (which closes the stream) and compare */
static void
expect(const char *want, const char *name)
{
	kp_w_close(w);
	is_str(mem, want, name);
	free(mem);
	mem = NULL;
}

int
main(void)
{
	static const char *const skip[] = { "exp", "key", NULL };
	static const char rec[] = "{\"exp\":\"1\", \"a\" : [1, 2],\"key\":\"2\",\"b\\u0041\":{\"c\":\"d\"} }";
	char big[100000];
	kp_json d;
	size_t i, n;
	int ok1;

	start();
	kp_w_obj(w);
	kp_w_kstr(w, "type", "sample");
	kp_w_kint(w, "conc", 2);
	kp_w_knum(w, "value", 5845.82);
	kp_w_kbool(w, "ok", 1);
	kp_w_kbool(w, "bad", 0);
	kp_w_knull(w, "rc");
	kp_w_key(w, "a");
	kp_w_arr(w);
	kp_w_int(w, -9223372036854775807LL - 1);
	kp_w_num(w, 0.1);
	kp_w_num(w, 1.0 / 0.0);
	kp_w_obj(w);
	kp_w_end(w);
	kp_w_arr(w);
	kp_w_end(w);
	kp_w_raw(w, "{\"x\":1}", 7);
	kp_w_str(w, NULL);
	kp_w_end(w);
	kp_w_end(w);
	kp_w_obj(w);
	kp_w_end(w);
	expect("{\"type\":\"sample\",\"conc\":2,\"value\":5845.82,\"ok\":true,\"bad\":false,\"rc\":null,"
		"\"a\":[-9223372036854775808,0.1,null,{},[],{\"x\":1},null]}\n{}\n",
		"commas, nesting, scalars, one record per line");

	start();
	kp_w_obj(w);
	kp_w_kstr(w, "s", "q\"b\\n\nt\tr\rb\bf\f\x01\x1f\x7f/\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
	kp_w_kstr(w, "bad", "a\xff" "b\xc3" "c\xed\xa0\x80" "d");
	kp_w_key(w, "k\"ey");
	kp_w_strn(w, "nul\0in", 6);
	kp_w_end(w);
	expect("{\"s\":\"q\\\"b\\\\n\\nt\\tr\\rb\\bf\\f\\u0001\\u001f\x7f/\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\","
		"\"bad\":\"a\xef\xbf\xbd" "b\xef\xbf\xbd" "c\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd" "d\","
		"\"k\\\"ey\":\"nul\\u0000in\"}\n",
		"escapes; UTF-8 passes; bytes outside UTF-8 become U+FFFD");

	/* a long string crosses the 64 KiB buffer more than once */
	for (i = 0; i < sizeof big - 1; i++)
		big[i] = "abcdefgh\"\\\n"[i % 11];
	big[sizeof big - 1] = '\0';
	start();
	kp_w_obj(w);
	kp_w_kstr(w, "big", big);
	kp_w_end(w);
	kp_w_close(w);
	kp_json_init(&d);
	ok1 = kp_json_parse(&d, mem, memlen - 1, NULL, 0, NULL) == 0 &&
		strcmp(kp_json_str(&d, kp_json_get(&d, 0, "big")), big) == 0;
	ok(ok1, "a 100 kB string with escapes reads back the same");
	free(mem);

	/* pass-through and copy */
	ok(kp_json_parse(&d, rec, strlen(rec), NULL, 0, NULL) == 0, "parse a record to copy");
	start();
	kp_w_copy_obj(w, &d, skip);
	kp_w_kstr(w, "exp", "new");
	kp_w_end(w);
	kp_w_copy_obj(w, &d, NULL);
	kp_w_end(w);
	kp_w_line(w, d.text, d.len);
	expect("{\"a\":[1, 2],\"b\\u0041\":{\"c\":\"d\"},\"exp\":\"new\"}\n"
		"{\"exp\":\"1\",\"a\":[1, 2],\"key\":\"2\",\"b\\u0041\":{\"c\":\"d\"}}\n"
		"{\"exp\":\"1\", \"a\" : [1, 2],\"key\":\"2\",\"b\\u0041\":{\"c\":\"d\"} }\n",
		"kp_w_copy_obj skips keys and copies raw values; kp_w_line is byte for byte");

	ok(kp_json_parse(&d, "{\"exp\":1}", 9, NULL, 0, NULL) == 0, "parse");
	start();
	kp_w_copy_obj(w, &d, skip);
	kp_w_kint(w, "n", 1);
	kp_w_end(w);
	expect("{\"n\":1}\n", "no comma after an object copied empty");

	/* a compact line is copied in runs of members: a skipped member, a
	 * key with white space or an escape ends one */
	{
		static const char compact[] = "{\"a\":1,\"exp\":2,\"b\":[3],"
		    "\"c\":\"x\",\"key\":5,\"d\" :6,\"e\":7,\"\\u0066\":8}";

		ok(kp_json_parse(&d, compact, strlen(compact), NULL, 0, NULL) == 0,
		    "parse a compact record");
		start();
		kp_w_copy_obj(w, &d, skip);
		kp_w_end(w);
		expect("{\"a\":1,\"b\":[3],\"c\":\"x\",\"d\":6,\"e\":7,\"\\u0066\":8}\n",
		    "kp_w_copy_obj copies the members between skipped ones");
	}

	/* many records: buffer flushes land in order */
	start();
	for (i = 0; i < 20000; i++) {
		kp_w_obj(w);
		kp_w_kint(w, "i", i);
		kp_w_end(w);
	}
	kp_w_close(w);
	for (i = n = 0; i < memlen; i++)
		n += mem[i] == '\n';
	ok(n == 20000 && strncmp(mem + memlen - 10, "\"i\":19999}\n" + 1, 9) == 0,
		"20000 records through the buffer (%zu lines)", n);
	free(mem);
	kp_json_free(&d);
	return done_testing();
}
