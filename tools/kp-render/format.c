/* SPDX-License-Identifier: GPL-2.0-or-later */
/* format.c: kp-render's formats, one row each, as GNU datamash's
 * op-defs.c has its operations: the name -f takes, what it loads, its
 * writer and --full's, and what main does around them.  A new format is
 * a row here and its writer; main asks the row, never the name.
 *
 * The site is a row too, not a program of its own: it renders the same
 * model (load.c, index.c) with the same gate, coverage, subsystems, full
 * table and escapers as the other formats, which are most of what is not
 * html*.c and svg*.c, and -f html is what the pipelines and docs call. */
#include <stdio.h>
#include <string.h>

#include "kp.h"
#include "render.h"

const Format formats[] = {
	{ "text", LOAD_REPORT, FMT_VISIBLE | FMT_KEEP, render_text, render_full_text },
	{ "md", LOAD_REPORT, FMT_FINDINGS, render_md, render_full_md },
	{ "csv", LOAD_REPORT, FMT_FINDINGS | FMT_NAMES | FMT_SPOOL, render_csv,
	    render_full_csv },
	{ "junit", LOAD_REPORT, FMT_FINDINGS | FMT_NAMES, render_junit, NULL },
	{ "json", LOAD_REPORT, FMT_LINES | FMT_SHUTS | FMT_FINDINGS, render_json,
	    NULL },
	{ "table", LOAD_TABLE, FMT_VISIBLE, render_table, NULL },
	{ "html", LOAD_SITE, FMT_SITE | FMT_SHUTS, render_html, NULL },
	{ "gate", LOAD_REPORT, FMT_VISIBLE, render_gate, NULL },
	{ "gate-caveat", LOAD_REPORT, FMT_VISIBLE, render_gate_caveat, NULL },
	{ NULL }
};

const Format *
format_find(const char *name)
{
	const Format *f;

	for (f = formats; f->name; f++)
		if (strcmp(f->name, name) == 0)
			return f;
	return NULL;
}

/* "text, md or csv": the names of every format (full 0), or of those
 * with a --full writer (full 1), for messages; the caller frees it */
char *
format_names(int full)
{
	const Format *f;
	char *s = NULL;
	size_t len = 0, n = 0, i = 0;
	FILE *fp;

	for (f = formats; f->name; f++)
		n += !full || f->full;
	if (!(fp = open_memstream(&s, &len)))
		kp_die("cannot allocate memory");
	for (f = formats; f->name; f++) {
		if (full && !f->full)
			continue;
		fprintf(fp, "%s%s", i == 0 ? "" : i + 1 < n ? ", " : " or ",
		    f->name);
		i++;
	}
	if (fclose(fp) != 0)
		kp_die("cannot allocate memory");
	return s;
}
