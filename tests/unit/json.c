/* SPDX-License-Identifier: GPL-2.0-or-later */
/* json: the reader's tokens, accessors, limits and error columns, and the
 * record accessors' messages (run in a child, since they exit) */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kp.h"
#include "../tap.h"

static kp_json d;
static char err[256];
static size_t col;

static int
parse(const char *s)
{
	return kp_json_parse(&d, s, strlen(s), err, sizeof err, &col);
}

static void
good(const char *s)
{
	if (!ok(parse(s) == 0, "accept %s", s))
		printf("#   %zu: %s\n", col, err);
}

/* rejected at column c, with a message containing want */
static void
bad(const char *s, size_t c, const char *want)
{
	int rc = parse(s);

	if (!ok(rc == -1 && col == c && strstr(err, want), "reject %s at column %zu", s, c))
		printf("#   rc %d, column %zu: %s\n", rc, col, err);
}

/* run f in a child with stderr captured; its exit status and message */
static int
child(void (*f)(void), char *msg, size_t n)
{
	int fd[2], st;
	ssize_t r;
	size_t got = 0;
	pid_t pid;

	fflush(stdout);
	if (pipe(fd) < 0 || (pid = fork()) < 0)
		return -1;
	if (pid == 0) {
		close(fd[0]);
		dup2(fd[1], 2);
		f();
		_exit(0);
	}
	close(fd[1]);
	while (got < n - 1 && (r = read(fd[0], msg + got, n - 1 - got)) > 0)
		got += r;
	msg[got] = '\0';
	close(fd[0]);
	waitpid(pid, &st, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static const char rec[] = "{\"type\":\"sample\",\"value\":\"oops\",\"conc\":2.5,\"n\":null,\"rc\":3}";

static void
load(void)
{
	if (parse(rec) < 0)
		exit(99);
	d.file = "s.ndjson";
	d.line = 3;
}

static void req_num_str(void) { load(); kp_req_num(&d, "value"); }
static void req_missing(void) { load(); kp_req_str(&d, "kernel"); }
static void req_int_frac(void) { load(); kp_req_int(&d, "conc"); }
static void req_null(void) { load(); kp_req_int(&d, "n"); }
static void opt_wrong(void) { load(); kp_opt_str(&d, "rc", "x"); }

static void
dies(void (*f)(void), const char *want, const char *name)
{
	char msg[512];
	int st = child(f, msg, sizeof msg);

	if (!ok(st == 2 && strstr(msg, want), "%s", name))
		printf("#   status %d, message: %s", st, msg);
}

int
main(void)
{
	char buf[4096], deep[300];
	const char *s, *p1, *p2;
	long long ll;
	double x;
	size_t len;
	int i, v;

	kp_json_init(&d);

	/* tokens of a small record */
	good("{\"a\":[1,{\"b\":null},\"x\"],\"c\":true}");
	ok(d.ntok == 10, "10 tokens (%u)", d.ntok);
	ok(d.tok[0].type == KP_JOBJ && d.tok[0].n == 2 && d.tok[0].next == 10, "object: 2 members, next 10");
	i = kp_json_get(&d, 0, "a");
	ok(i == 2 && d.tok[i].type == KP_JARR && d.tok[i].n == 3 && d.tok[i].next == 8, "array of 3");
	ok(kp_json_first(&d, i) == 3, "first element");
	ok(d.tok[4].type == KP_JOBJ && d.tok[4].next == 7, "inner object subtree");
	i = kp_json_get(&d, 0, "c");
	ok(i == 9 && d.tok[i].type == KP_JTRUE, "c is true");
	ok(kp_json_get(&d, 0, "b") == -1, "b is not a top-level key");
	ok(kp_json_get(&d, 4, "b") == 6, "b in the inner object");
	s = kp_json_raw(&d, 2, &len);
	ok(len == 18 && memcmp(s, "[1,{\"b\":null},\"x\"]", 18) == 0, "raw array text");
	s = kp_json_raw(&d, 7, &len);
	ok(len == 3 && memcmp(s, "\"x\"", 3) == 0, "raw string includes quotes");
	ok(kp_json_first(&d, 7) == -1, "a string has no children");

	good("{\"k\":\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u00e9\\u20ac\\ud83d\\ude00z\"}");
	i = kp_json_get(&d, 0, "k");
	ok(d.tok[i].esc, "escaped string marked");
	s = kp_json_strn(&d, i, &len);
	ok(len == 22 && memcmp(s, "a\"b\\c/d\b\f\n\r\t\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80z", 22) == 0,
		"escapes decode to UTF-8 (%zu bytes)", len);
	ok(kp_json_str(&d, i) == s, "decoded once, cached");
	good("{\"\\u0074ype\":\"sample\"}");
	ok(kp_json_get(&d, 0, "type") == 2, "escaped key found by its decoded name");
	ok(kp_json_streq(&d, 2, "sample") && !kp_json_streq(&d, 2, "sampl"), "streq");

	/* pointers into the arena stay put while more strings decode */
	strcpy(buf, "{");
	for (v = 0; v < 60; v++)
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s\"k%d\":\"v\\u00e9%d\"", v ? "," : "", v, v);
	strcat(buf, "}");
	good(buf);
	p1 = kp_json_str(&d, kp_json_get(&d, 0, "k0"));
	for (v = 0; v < 60; v++) {
		char k[16];
		snprintf(k, sizeof k, "k%d", v);
		kp_json_str(&d, kp_json_get(&d, 0, k));
		kp_json_str(&d, kp_json_get(&d, 0, k));
	}
	p2 = kp_json_str(&d, kp_json_get(&d, 0, "k0"));
	ok(p1 == p2 && strcmp(p1, "v\xc3\xa9" "0") == 0, "arena pointers stable");

	/* numbers */
	good("{\"a\":5845.82,\"b\":-0,\"c\":1e400,\"d\":9223372036854775807,\"e\":-9223372036854775808,"
		"\"f\":9223372036854775808,\"g\":2.0,\"h\":1e3,\"i\":2.5,\"j\":\"7\"}");
	ok(kp_json_num(&d, kp_json_get(&d, 0, "a"), &x) == 0 && x == 5845.82, "5845.82");
	ok(kp_json_num(&d, kp_json_get(&d, 0, "b"), &x) == 0 && x == 0 && signbit(x), "-0");
	ok(kp_json_num(&d, kp_json_get(&d, 0, "c"), &x) == 0 && isinf(x), "1e400 is inf (kp_req_num rejects it)");
	ok(kp_json_int(&d, kp_json_get(&d, 0, "d"), &ll) == 0 && ll == 9223372036854775807LL, "INT64_MAX");
	ok(kp_json_int(&d, kp_json_get(&d, 0, "e"), &ll) == 0 && ll == (-9223372036854775807LL - 1), "INT64_MIN");
	ok(kp_json_int(&d, kp_json_get(&d, 0, "f"), &ll) == -1, "INT64_MAX + 1 does not fit");
	ok(kp_json_int(&d, kp_json_get(&d, 0, "g"), &ll) == 0 && ll == 2, "2.0 is an integer");
	ok(kp_json_int(&d, kp_json_get(&d, 0, "h"), &ll) == 0 && ll == 1000, "1e3 is an integer");
	ok(kp_json_int(&d, kp_json_get(&d, 0, "i"), &ll) == -1, "2.5 is not");
	ok(kp_json_num(&d, kp_json_get(&d, 0, "j"), &x) == -1, "a string is not a number");
	ok(kp_json_str(&d, kp_json_get(&d, 0, "a")) == NULL, "a number is not a string");

	/* structure and white space */
	good("{}");
	good(" \t{ } \r");
	good("{\"a\":[],\"b\":{},\"c\":[[]],\"d\":[{}]}");
	good("{\"a\" : [ 1 , 2 ] , \"b\" : { \"c\" : \"d\" } }");
	good("{\"\":\"\"}");
	good("{\"a\":\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf\"}");
	good("{\"a\":\"0123456789abcdef0123456789abcdef\xc3\xa9\"}");

	/* depth: 64 levels in all are allowed, 65 are not */
	memset(deep, 0, sizeof deep);
	strcpy(deep, "{\"a\":");
	for (v = 0; v < 63; v++)
		strcat(deep, "[");
	for (v = 0; v < 63; v++)
		strcat(deep, "]");
	strcat(deep, "}");
	good(deep);
	strcpy(deep, "{\"a\":");
	for (v = 0; v < 64; v++)
		strcat(deep, "[");
	for (v = 0; v < 64; v++)
		strcat(deep, "]");
	strcat(deep, "}");
	bad(deep, 69, "nesting deeper than 64");

	/* errors and their columns */
	bad("", 1, "empty line");
	bad("[1]", 1, "array, expected an object");
	bad("\"x\"", 1, "expected an object");
	bad("{\"a\":1,}", 8, "trailing comma before '}'");
	bad("{\"a\":[1,]}", 9, "trailing comma before ']'");
	bad("{\"a\":01}", 6, "leading zero");
	bad("{\"a\":-01}", 7, "leading zero");
	bad("{\"a\":NaN}", 6, "NaN and Infinity");
	bad("{\"a\":Infinity}", 6, "NaN and Infinity");
	bad("{\"a\":-Infinity}", 6, "-Infinity");
	bad("{\"a\":\"x\ty\"}", 8, "control character U+0009");
	bad("{\"a\":\"x\\u0000y\"}", 8, "\\u0000 (NUL) in a string, expected text without NUL");
	bad("{\"a\":\"\xc0\xaf\"}", 7, "invalid UTF-8");
	bad("{\"a\":\"\xe0\x80\xaf\"}", 7, "invalid UTF-8");
	bad("{\"a\":\"\xed\xa0\x80\"}", 7, "invalid UTF-8");
	bad("{\"a\":\"\xf4\x90\x80\x80\"}", 7, "invalid UTF-8");
	bad("{\"a\":\"\xc3\"}", 7, "invalid UTF-8");
	bad("{\"a\":\"\x80\"}", 7, "invalid UTF-8");
	bad("{\"a\":\"\\ud800\"}", 7, "lone high surrogate");
	bad("{\"a\":\"\\ud800\\u0041\"}", 7, "lone high surrogate");
	bad("{\"a\":\"\\udc00\"}", 7, "lone low surrogate");
	bad("{\"a\":\"\\u12g4\"}", 7, "four hex digits");
	bad("{\"a\":\"\\x\"}", 7, "invalid escape");
	/* a name twice: kp took the first, jq the last; now refused */
	bad("{\"a\":1,\"a\":2}", 8, "a second member \"a\"");
	bad("{\"a\":1,\"b\":{\"c\":1,\"c\":2}}", 19, "a second member \"c\"");
	bad("{\"run\":1,\"r\\u0075n\":2}", 10, "a second member");
	good("{\"a\":{\"a\":{\"a\":1}},\"b\":[{\"a\":1},{\"a\":2}],\"\":1,\"ab\":1,\"ba\":1}");
	{	/* past the table on the stack: 200 names, then one again */
		char big[4096];
		size_t n = 0;

		n += snprintf(big + n, sizeof(big) - n, "{");
		for (int k = 0; k < 200; k++)
			n += snprintf(big + n, sizeof(big) - n, "\"k%d\":%d,", k, k);
		big[n - 1] = '}';
		good(big);
		snprintf(big + n - 1, sizeof(big) - n, ",\"k199\":1}");
		bad(big, n + 1, "a second member \"k199\"");
	}
	bad("{\"a\":1}{}", 8, "after the object");
	bad("{\"a\":1} x", 9, "after the object");
	bad("{\"a\":1", 7, "expected ',' or '}'");
	bad("{\"a\" 1}", 6, "expected ':'");
	bad("{a:1}", 2, "member name");
	bad("{\"a\":tru}", 6, "expected a value");
	bad("{\"a\":1.}", 8, "decimal point");
	bad("{\"a\":1e}", 8, "exponent");
	bad("{\"a\":.5}", 6, "expected a value");
	bad("{\"a\":+1}", 6, "expected a value");
	bad("{\"a\":\"abc", 10, "unterminated string");
	bad("{\"a\":[1}", 8, "expected ',' or ']'");
	bad("{\"a\":{]}", 7, "expected '}'");
	bad("{\"a\":1,,\"b\":2}", 8, "member name");
	bad("{\"a\":'x'}", 6, "expected a value");
	ok(parse("{\"a\":1}\0") == 0, "NUL after the length is not looked at");
	ok(kp_json_parse(&d, "{\"a\":\"\0\"}", 9, err, sizeof err, &col) == -1 && col == 7,
		"NUL byte inside the line is a control character");

	/* record accessors */
	load();
	ok(strcmp(kp_rec_type(&d), "sample") == 0, "kp_rec_type");
	ok(kp_req_int(&d, "rc") == 3 && kp_req_num(&d, "rc") == 3, "kp_req_int, kp_req_num");
	ok(kp_opt_int(&d, "n", 7) == 7 && kp_opt_int(&d, "zz", 8) == 8, "kp_opt_int: null and missing give the default");
	ok(strcmp(kp_opt_str(&d, "kernel", "none"), "none") == 0, "kp_opt_str default");
	ok(kp_opt_num(&d, "rc", 0) == 3, "kp_opt_num present");
	dies(req_num_str, "s.ndjson:3:26: expected a number for \"value\", got a string", "kp_req_num on a string");
	dies(req_missing, "s.ndjson:3: missing field \"kernel\", expected a string", "kp_req_str on a missing field");
	dies(req_int_frac, "s.ndjson:3:40: expected an integer for \"conc\", got 2.5", "kp_req_int on 2.5");
	dies(req_null, "expected an integer for \"n\", got null", "kp_req_int on null");
	dies(opt_wrong, "expected a string or null for \"rc\", got a number", "kp_opt_str on a number");

	kp_json_free(&d);
	return done_testing();
}
