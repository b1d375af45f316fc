/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ndjson: drive the libkp reader and writer, to measure and to test them.
 *
 *   ndjson read  [file]  parse every record and touch every field
 *   ndjson pass  [file]  parse each record, write its line with kp_w_line
 *   ndjson cat   [file]  parse each record, rewrite it with kp_w_copy_obj
 *   ndjson judge [file]  for each line: "ok " and the record re-serialised
 *                        from decoded values, or "err COL message";
 *                        never stops at a bad line (for the corpus tests)
 *   ndjson rec   [file]  read each record of a type of rec.h into its
 *                        struct and write it from there; others as read
 *                        (kp-records(5) against the tables of libkp)
 *   ndjson tables        every field of every table: "TYPE FIELD"
 *   ndjson fields        the fields of libkp's tables that hold text, one
 *                        a line: "TYPE SCOPES PATH KIND", SCOPES "-" or
 *                        the stat scopes joined by ",", PATH "a.b" for a
 *                        field b of the objects of a, KIND str, strs,
 *                        pairs (names and values), counts (names) or
 *                        insts (their instance); tests/hostile-strings.t
 *                        fills them all
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "rec.h"

static void
usage(void)
{
	fputs("usage: ndjson read | pass | cat | judge | rec | tables | fields [file]\n", stderr);
	exit(KP_EXIT_BAD);
}

/* write token i and its subtree from decoded values; returns the next token */
static int
emit(kp_w *w, kp_json *d, int i)
{
	kp_jtok *t = &d->tok[i];
	const char *s;
	double x;
	size_t len;
	uint32_t j;

	switch (t->type) {
	case KP_JNULL: kp_w_null(w); break;
	case KP_JTRUE: kp_w_bool(w, 1); break;
	case KP_JFALSE: kp_w_bool(w, 0); break;
	case KP_JNUM:
		if (kp_json_num(d, i, &x) < 0)
			errx(2, "token %d: not a number", i);
		kp_w_num(w, x);
		break;
	case KP_JSTR:
		/* decoded strings may hold NUL (\u0000): use the length */
		s = kp_json_strn(d, i, &len);
		kp_w_strn(w, s, len);
		break;
	case KP_JARR:
		kp_w_arr(w);
		for (j = i + 1; j < t->next;)
			j = emit(w, d, j);
		kp_w_end(w);
		break;
	case KP_JOBJ:
		kp_w_obj(w);
		for (j = i + 1; j < d->tok[i].next;) {
			kp_w_key(w, kp_json_str(d, j));
			j = emit(w, d, j + 1);
		}
		kp_w_end(w);
		break;
	}
	return d->tok[i].next;
}

/* the record through its struct, or as it is */
static void
rec(kp_w *w, kp_json *d)
{
	static kp_recix ix[32];
	char buf[4096];	/* kp_rec_read zeroes what it fills */
	size_t i;

	for (i = 0; kp_rtypes[i]; i++)
		if (kp_rec_is(d, kp_rtypes[i])) {
			if (kp_rtypes[i]->size > sizeof(buf) || i >= KP_LEN(ix))
				errx(2, "%s: struct too large", kp_rtypes[i]->name);
			kp_rec_read(d, kp_rtypes[i], buf, NULL, &ix[i]);
			kp_rec_write(w, kp_rtypes[i], buf);
			kp_rec_free(kp_rtypes[i], buf);
			return;
		}
	kp_w_line(w, d->text, d->len);
}

/* every field of every table, "TYPE FIELD" a line, in table order
 * (tests/records.t holds kp-records(5) to them) */
static void
tables(void)
{
	size_t i;
	int f;

	for (i = 0; kp_rtypes[i]; i++)
		for (f = 0; f < kp_rtypes[i]->nf; f++)
			printf("%s %s\n", kp_rtypes[i]->name, kp_rtypes[i]->f[f].name);
}

/* the text fields of t, under the objects of prefix (NULL: the record) */
static void
textfields(const kp_rtype *top, const char *scopes, const kp_rtype *t,
    const char *prefix)
{
	static const char *const kinds[] = { [KP_F_STR] = "str",
		[KP_F_STRS] = "strs", [KP_F_PAIRS] = "pairs",
		[KP_F_COUNTS] = "counts", [KP_F_INSTS] = "insts" };
	char path[256];
	int f, k;

	for (f = 0; f < t->nf; f++) {
		snprintf(path, sizeof(path), "%s%s%s", prefix ? prefix : "",
		    prefix ? "." : "", t->f[f].name);
		k = t->f[f].kind;
		if (k == KP_F_OBJS)
			textfields(top, scopes, t->f[f].sub, path);
		else if ((size_t)k < KP_LEN(kinds) && kinds[k])
			printf("%s %s %s %s\n", top->name, scopes, path, kinds[k]);
	}
}

static void
fields(void)
{
	char scopes[128];
	size_t i, n;
	int s;

	for (i = 0; kp_rtypes[i]; i++) {
		/* coverage has its own fill (tests/hostile-strings.t), and no
		 * C tool writes bisect records */
		if (kp_rtypes[i] == &kp_cov_t || kp_rtypes[i] == &kp_bisect_t)
			continue;
		n = 0;
		scopes[0] = '\0';
		for (s = 0; s < KP_NSCOPE; s++)
			if (kp_rtypes[i]->scopes & 1u << s)
				n += (size_t)snprintf(scopes + n, sizeof(scopes) - n,
				    "%s%s", n ? "," : "", kp_word(&kp_scope_v, s));
		textfields(kp_rtypes[i], n ? scopes : "-", kp_rtypes[i], NULL);
	}
}

int
main(int argc, char *argv[])
{
	kp_json d;
	kp_in *in;
	kp_w *w;
	char *line, err[256], msg[300];
	const char *mode;
	size_t len, col;
	unsigned long long nrec = 0, nfield = 0;
	double sum = 0, x;
	uint32_t i;

	if (argc < 2 || argc > 3)
		usage();
	mode = argv[1];
	if (strcmp(mode, "tables") == 0) {
		tables();
		return fflush(stdout) == 0 && !ferror(stdout) ? 0 : KP_EXIT_BAD;
	}
	if (strcmp(mode, "fields") == 0) {
		fields();
		return fflush(stdout) == 0 && !ferror(stdout) ? 0 : KP_EXIT_BAD;
	}
	in = kp_in_open(argc == 3 ? argv[2] : NULL);
	w = kp_w_open(stdout, "<stdout>");
	kp_json_init(&d);
	if (strcmp(mode, "judge") == 0) {
		while ((line = kp_in_line(in, &len))) {
			if (kp_json_parse(&d, line, len, err, sizeof err, &col) < 0) {
				snprintf(msg, sizeof msg, "err %zu %s", col, err);
				kp_w_line(w, msg, strlen(msg));
			} else {
				emit(w, &d, 0);
			}
		}
	} else if (strcmp(mode, "read") == 0) {
		while (kp_rec_next(in, &d)) {
			nrec++;
			for (i = 1; i < d.ntok; i++) {
				nfield++;
				if (d.tok[i].type == KP_JNUM) {
					if (kp_json_num(&d, i, &x) == 0)
						sum += x;
				} else if (d.tok[i].type == KP_JSTR) {
					sum += kp_json_str(&d, i)[0];
				}
			}
		}
		fprintf(stderr, "%llu records, %llu tokens, checksum %g\n", nrec, nfield, sum);
	} else if (strcmp(mode, "pass") == 0) {
		while (kp_rec_next(in, &d))
			kp_w_line(w, d.text, d.len);
	} else if (strcmp(mode, "cat") == 0) {
		while (kp_rec_next(in, &d)) {
			kp_w_copy_obj(w, &d, NULL);
			kp_w_end(w);
		}
	} else if (strcmp(mode, "rec") == 0) {
		while (kp_rec_next(in, &d))
			rec(w, &d);
	} else {
		usage();
	}
	kp_json_free(&d);
	kp_in_close(in);
	kp_w_close(w);
	return 0;
}
