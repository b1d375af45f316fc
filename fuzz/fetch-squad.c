/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fetch-squad.c: kp-fetch's reading of a SQUAD listing page (squad.c,
 * included here for its static parts): the page's results as lines and
 * as objects, then each object as a build and as a testrun, what it
 * stores and the links it would follow.  Nothing goes to the network: the
 * source's bounds are spent, so every request fails at once, and a link
 * to another origin is refused before that.
 *
 * Checks: each element is one line of metrics.ndjson (JSON's white space
 * may hold newlines, a string cannot); the store passes --verify, so no
 * name from the page made a path outside it. */
#include <fcntl.h>
#include <limits.h>
#include <unistd.h>

#include "../tools/kp-fetch/squad.c"
#include "fuzz.h"

int store_verify(struct fetch *f, const char *dir, int clean);

static struct fetch fetch;
static char store[PATH_MAX];
static const char *text;
static size_t textlen;

static int
doc_of(struct squad *s, struct doc *x)
{
	memset(x, 0, sizeof(*x));
	/* as http_body() gives it: len bytes, NULs included, and a NUL */
	x->text = emalloc(textlen + 1);
	memcpy(x->text, text, textlen);
	x->text[textlen] = '\0';
	x->len = textlen;
	if (parse(s, "page", x) == -1) {
		docfree(x);
		return -1;
	}
	return 0;
}

static int
run(int argc, char **argv)
{
	struct fetch *f = &fetch;
	struct squad s = { .f = f, .source = "squad+http://squad.example/g/p/" };
	struct lines l = { 0 };
	struct objs o = { 0 };
	struct doc x;
	char *next = NULL, *nl;
	size_t i;
	long n;

	(void)argc;
	(void)argv;
	f->nerrors = 0;
	f->nrecords = f->nlost = 0;
	budget_start(f);
	f->bud.spent = 1;	/* no request reaches the network */
	s.api = estrdup("http://squad.example/api/");
	s.origin = origin_of(s.api);
	store_open(f, store, 1);
	if (doc_of(&s, &x) == 0 && page(&s, "page", &x, addline, &l, &next) == 0) {
		for (n = 0, nl = l.buf; nl && (nl = memchr(nl, '\n', l.buf + l.len - nl)); nl++)
			n++;
		if (n != l.n)
			fz_fail("%ld elements made %ld lines", l.n, n);
		free(next);
		next = NULL;
		if (doc_of(&s, &x) == 0 && page(&s, "page", &x, addobj, &o, &next) == 0)
			for (i = 0; i < o.n; i++) {
				build(&s, &o.v[i]);
				testrun(&s, "builds/v", &o.v[i]);
			}
	}
	free(next);
	free(l.buf);
	objsfree(&o);
	free(s.api);
	free(s.origin);
	store_close(f);
	f->nerrors = 0;
	if (store_verify(f, store, 0) != 0)
		fz_fail("the store fails --verify after reading a page");
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[] = { "kp-fetch", NULL };
	const char *dir = fz_dir();

	if (!fetch.buf) {
		fetch.opt.maxsize = 1 << 20;
		fetch.opt.timeout = 5;
		fetch.opt.maxpages = 1;
		fetch.opt.maxtotal = 1 << 20;
		fetch.opt.deadline = 60;
		fetch.out = open("/dev/null", O_WRONLY | O_CLOEXEC);
		fetch.buf = emalloc(BUFSZ);
	}
	fz_clean(dir);
	snprintf(store, sizeof(store), "%s/store", dir);
	text = (const char *)data;
	textlen = size;
	fz_call(run, argv);
	return 0;
}
