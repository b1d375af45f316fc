/* SPDX-License-Identifier: GPL-2.0-or-later */
/* csv.c: -f csv, one row per cmp record with every field, in name order:
 * the lines wait in a disk spool and their names in memory (names.c).
 *
 * Columns: the cmp fields of kp-records(5) in the page's order, then any
 * other field found in the input, sorted by name, so the same fields give
 * the same columns whatever order the records came in. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "strmap.h"
#include "render.h"

/* the columns every comparison fills, in the order of kp-records(5);
 * fields some comparisons have (df, kp-hist's quantiles, ...) are the
 * other fields */
static const int contract[] = {
	KP_CMP_KEY, KP_CMP_JOB, KP_CMP_SUITE, KP_CMP_BENCH, KP_CMP_TEST,
	KP_CMP_OP, KP_CMP_METRIC, KP_CMP_UNIT, KP_CMP_BETTER, KP_CMP_CONC,
	KP_CMP_BASE_KERNEL, KP_CMP_TARGET_KERNEL, KP_CMP_BASE_EXP,
	KP_CMP_TARGET_EXP, KP_CMP_BASE_RUNS, KP_CMP_TARGET_RUNS,
	KP_CMP_OBS_LEVEL, KP_CMP_N_BASE, KP_CMP_N_TARGET, KP_CMP_BASE_MEDIAN,
	KP_CMP_TARGET_MEDIAN, KP_CMP_BASE_MEAN, KP_CMP_TARGET_MEAN,
	KP_CMP_BASE_CV, KP_CMP_TARGET_CV, KP_CMP_CHANGE_PCT,
	KP_CMP_CHANGE_MEAN_PCT, KP_CMP_CI_LOW_PCT, KP_CMP_CI_HIGH_PCT,
	KP_CMP_METHOD, KP_CMP_P, KP_CMP_Q, KP_CMP_HEDGES_G, KP_CMP_CLIFFS_DELTA,
	KP_CMP_WORSE, KP_CMP_CLASS, KP_CMP_SEVERITY, KP_CMP_SCORE,
	KP_CMP_REASON, KP_CMP_NEED_N, KP_CMP_NEED_UNIT,
};

static int
bystr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* a field of every row: the contract's, and what csv adds or drops */
static int
known(const char *k)
{
	size_t i;

	if (strcmp(k, "type") == 0 || strcmp(k, "not_significant") == 0)
		return 1;
	for (i = 0; i < KP_LEN(contract); i++)
		if (strcmp(k, kp_cmp_t.f[contract[i]].name) == 0)
			return 1;
	return 0;
}

void
csv_fields(Report *r, kp_json *d)
{
	const char *s;
	uint32_t m, k;

	if (!r->csvcol)
		r->csvcol = kp_strmap_new();
	/* members: key token k, its value at k + 1 */
	for (m = 0, k = 1; m < d->tok[0].n; m++, k = d->tok[k + 1].next) {
		s = kp_json_str(d, k);
		kp_strmap_add(r->csvcol, s, strlen(s), NULL);
	}
}

/* s quoted, its quotes doubled, as csv_fwrite writes it, but in runs
 * rather than a character at a time: a row's numbers are most of -f
 * csv's output */
static void
field(FILE *fp, const char *s, size_t len)
{
	const char *q, *end = s + len;

	putc_unlocked('"', fp);
	while ((q = memchr(s, '"', (size_t)(end - s)))) {
		fwrite_unlocked(s, 1, (size_t)(q - s) + 1, fp);
		putc_unlocked('"', fp);
		s = q + 1;
	}
	fwrite_unlocked(s, 1, (size_t)(end - s), fp);
	if (putc_unlocked('"', fp) == EOF)
		kp_die_at("<stdout>", 0, 0, "write error: %s", strerror(errno));
}

static void
parse(kp_json *d, const char *line, size_t len)
{
	char err[256];
	size_t col;

	/* the line parsed once already, so this cannot fail on good input */
	if (kp_json_parse(d, line, len, err, sizeof(err), &col) < 0)
		kp_die_at("<cmp record>", 0, (long)col, "%s", err);
}

/* a column's value token of each field of the row d, in at[], -1 when
 * it has none: one look-up a member, where kp_json_get was one scan of
 * the members a column.  Rows name their fields in one order, so the
 * column of the member at each position is remembered (pos[]) and only
 * checked */
static void
fill(kp_json *d, const kp_strmap *colmap, char **cols, const size_t *collen,
    size_t ncols, int *at, long *pos, size_t npos)
{
	const char *s;
	size_t j, len;
	uint32_t m, k;
	long c;

	for (j = 0; j < ncols; j++)
		at[j] = -1;
	for (m = 0, k = 1; m < d->tok[0].n; m++, k = d->tok[k + 1].next) {
		if (d->tok[k].esc)
			s = kp_json_strn(d, k, &len);
		else {
			s = d->text + d->tok[k].off;
			len = d->tok[k].len;
		}
		c = m < npos ? pos[m] : -1;
		if (c < 0 || collen[c] != len || memcmp(cols[c], s, len) != 0) {
			c = kp_strmap_find(colmap, s, len);
			if (m < npos)
				pos[m] = c;
		}
		if (c >= 0)
			at[c] = (int)k + 1;
	}
}

int
render_csv(Report *r, FILE *fp)
{
	kp_json d;
	char **cols;
	size_t i, j, ncols, nkeys, len;
	const char *s, *line;
	const Name *n;
	CmpRec exps;
	kp_strmap *colmap = kp_strmap_new();
	size_t *collen;
	long pos[256];
	int t, *at;

	kp_json_init(&d);
	/* the contract's columns, then the other fields of the lines read
	 * (csv_fields), sorted */
	nkeys = r->csvcol ? kp_strmap_len(r->csvcol) : 0;
	cols = emalloc((KP_LEN(contract) + nkeys + 1) * sizeof(*cols));
	for (ncols = 0; ncols < KP_LEN(contract); ncols++)
		cols[ncols] = (char *)kp_cmp_t.f[contract[ncols]].name;
	for (i = 0; i < nkeys; i++) {
		s = kp_strmap_key(r->csvcol, i, NULL);
		if (!known(s))
			cols[ncols++] = (char *)s;
	}
	if (ncols > KP_LEN(contract))
		qsort(cols + KP_LEN(contract), ncols - KP_LEN(contract),
		    sizeof(*cols), bystr);

	collen = emalloc((ncols + 1) * sizeof(*collen));
	at = emalloc((ncols + 1) * sizeof(*at));
	for (j = 0; j < ncols; j++) {
		collen[j] = strlen(cols[j]);
		kp_strmap_add(colmap, cols[j], collen[j], NULL);
	}
	for (j = 0; j < KP_LEN(pos); j++)
		pos[j] = -1;
	for (j = 0; j < ncols; j++) {
		if (j)
			fputc(',', fp);
		csv_text(fp, cols[j], strlen(cols[j]));
	}
	/* the "~" of the other formats as a typed column of kp-render's */
	fputs(",not_significant", fp);
	evidence_csv_head(fp, r);
	fputc('\n', fp);
	names_sort(r);
	memset(&exps, 0, sizeof(exps));
	for (i = 0; i < r->nname; i++) {
		n = &r->name[i];
		line = names_line(r, n, &len);
		parse(&d, line, len);
		fill(&d, colmap, cols, collen, ncols, at, pos, KP_LEN(pos));
		for (j = 0; j < ncols; j++) {
			if (j)
				putc_unlocked(',', fp);
			if ((t = at[j]) < 0)
				continue;
			switch (d.tok[t].type) {
			case KP_JNULL:
				break;
			case KP_JSTR:
				s = kp_json_strn(&d, t, &len);
				csv_text(fp, s, len);	/* no NUL: the reader refuses \u0000 */
				break;
			default:	/* numbers, booleans, arrays as JSON text */
				s = kp_json_raw(&d, t, &len);
				field(fp, s, len);
			}
		}
		fputs(n->ns ? ",true" : ",false", fp);
		/* the evidence of its experiments */
		exps.base_exp = (char *)n->base_exp;
		exps.target_exp = (char *)n->target_exp;
		evidence_csv_row(fp, r, &exps);
		fputc('\n', fp);
	}
	kp_json_free(&d);
	kp_strmap_free(colmap);
	free(collen);
	free(at);
	free(cols);
	return KP_EXIT_OK;
}
