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

static const char *const contract[] = {
	"key", "job", "suite", "bench", "test", "op", "metric", "unit",
	"better", "conc", "base_kernel", "target_kernel", "base_exp",
	"target_exp", "base_runs", "target_runs", "obs_level", "n_base",
	"n_target", "base_median", "target_median", "base_mean",
	"target_mean", "base_cv", "target_cv", "change_pct",
	"change_mean_pct", "ci_low_pct", "ci_high_pct", "method", "p", "q",
	"hedges_g", "cliffs_delta", "worse", "class", "severity", "score",
	"reason", "need_n",
};

static char **cols;
static size_t ncols;

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
	const Cmp **v = by_name(r);
	kp_json d;
	char **extra = NULL;
	size_t i, j, nextra = 0, len;
	const char *s;
	uint32_t m, k;
	int t;

	kp_json_init(&d);
	cols = emalloc(KP_LEN(contract) * sizeof(*cols));
	for (ncols = 0; ncols < KP_LEN(contract); ncols++)
		cols[ncols] = (char *)contract[ncols];
	for (i = 0; i < r->ncmp; i++) {
		parse(&d, v[i]);
		/* members: key token k, its value at k + 1 */
		for (m = 0, k = 1; m < d.tok[0].n; m++, k = d.tok[k + 1].next) {
			s = kp_json_str(&d, k);
			if (strcmp(s, "type") != 0 && !known(s, cols, ncols) &&
			    !known(s, extra, nextra)) {
				extra = ereallocarray(extra, nextra + 1,
				    sizeof(*extra));
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
		field(fp, cols[j], strlen(cols[j]));
	}
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
				s = kp_json_str(&d, t);
				field(fp, s, strlen(s));
				break;
			default:	/* numbers, booleans, arrays as JSON text */
				s = kp_json_raw(&d, t, &len);
				field(fp, s, len);
			}
		}
		fputc('\n', fp);
	}
	kp_json_free(&d);
	free(v);
	return KP_EXIT_OK;
}
