/* SPDX-License-Identifier: GPL-2.0-or-later */
/* csv.c: -f csv, one row per cmp record with every field.
 *
 * Columns: the cmp fields of kp-records(5) in the page's order, then any
 * other field found in the input, sorted by name, so the same fields give
 * the same columns whatever order the records came in. */
#include <errno.h>
#include <csv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
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

static int
known(const char *k, char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(k, v[i]) == 0)
			return 1;
	return 0;
}

static void
field(FILE *fp, const char *s, size_t len)
{
	if (csv_fwrite(fp, s, len) != 0)
		kp_die_at("<stdout>", 0, 0, "write error: %s", strerror(errno));
}

static void
parse(kp_json *d, const Cmp *c)
{
	char err[256];
	size_t col;

	/* the line parsed once already, so this cannot fail on good input */
	if (kp_json_parse(d, c->line, c->len, err, sizeof(err), &col) < 0)
		kp_die_at("<cmp record>", 0, (long)col, "%s", err);
}

int
render_csv(Report *r, FILE *fp)
{
	const Cmp **v = cmps_by_name(r);
	kp_json d;
	char **cols, **extra = NULL;
	size_t i, j, ncols, nextra = 0, len;
	const char *s;
	uint32_t m, k;
	int t;

	kp_json_init(&d);
	cols = emalloc(KP_LEN(contract) * sizeof(*cols));
	for (ncols = 0; ncols < KP_LEN(contract); ncols++)
		cols[ncols] = (char *)kp_cmp_t.f[contract[ncols]].name;
	for (i = 0; i < r->ncmp; i++) {
		parse(&d, v[i]);
		/* members: key token k, its value at k + 1 */
		for (m = 0, k = 1; m < d.tok[0].n; m++, k = d.tok[k + 1].next) {
			s = kp_json_str(&d, k);
			if (strcmp(s, "type") != 0 &&
			    strcmp(s, "not_significant") != 0 &&
			    !known(s, cols, ncols) &&
			    !known(s, extra, nextra)) {
				extra = kp_grow(extra, nextra, sizeof(*extra));
				extra[nextra++] = estrdup(s);
			}
		}
	}
	if (nextra)
		qsort(extra, nextra, sizeof(*extra), bystr);
	cols = ereallocarray(cols, ncols + nextra, sizeof(*cols));
	for (i = 0; i < nextra; i++)
		cols[ncols++] = extra[i];

	for (j = 0; j < ncols; j++) {
		if (j)
			fputc(',', fp);
		csv_text(fp, cols[j], strlen(cols[j]));
	}
	/* the "~" of the other formats as a typed column of kp-render's */
	fputs(",not_significant", fp);
	evidence_csv_head(fp, r);
	fputc('\n', fp);
	for (i = 0; i < r->ncmp; i++) {
		parse(&d, v[i]);
		for (j = 0; j < ncols; j++) {
			if (j)
				fputc(',', fp);
			if ((t = kp_json_get(&d, 0, cols[j])) < 0)
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
		fputs(not_significant(&v[i]->rec) ? ",true" : ",false", fp);
		evidence_csv_row(fp, r, &v[i]->rec);
		fputc('\n', fp);
	}
	kp_json_free(&d);
	free(v);
	return KP_EXIT_OK;
}
