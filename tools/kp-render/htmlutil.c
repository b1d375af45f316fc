/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-render -f html: small pieces of markup the pages share */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"
#include "html.h"
#include "htmlpage.h"

void
h_measname(FILE *fp, const Test *t)
{
	/* break opportunities after the separators, not inside words */
	h_esc(fp, t->first->suite);
	fputs("/<wbr>", fp);
	h_esc(fp, t->first->bench);
	fputs("/<wbr>", fp);
	h_esc(fp, t->first->test);
	fputs("<wbr>[", fp);
	h_esc(fp, t->first->op);
	putc(' ', fp);
	h_esc(fp, t->first->metric);
	putc(']', fp);
}

void
h_testlink(FILE *fp, struct hsite *s, int test)
{
	fprintf(fp, "<a href=\"%s\">", s->testpage[test]);
	h_measname(fp, &s->r->test[test]);
	fputs("</a>", fp);
}

void
h_pairname(FILE *fp, struct hsite *s, int pair)
{
	h_esc(fp, s->r->pair[pair].base_kernel);
	fputs(" &rarr; ", fp);
	h_esc(fp, s->r->pair[pair].target_kernel);
}

void
h_svgname(char *out, size_t sz, const char *page)
{
	snprintf(out, sz, "%.*s.svg", (int)strlen(page) - 5, page);
}

void
h_esc1(FILE *fp, char ch)
{
	char b[2] = { ch, '\0' };

	h_esc(fp, b);
}

int
h_sevidx(const Cmp *c)
{
	return c->sev < KP_SEV_NONE ? c->sev : KP_SEV_NONE;
}

int
h_inlist(char **v, size_t n, const char *x)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (x && strcmp(v[i], x) == 0)
			return 1;
	return 0;
}

void
h_levels(FILE *fp, const long long *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		fprintf(fp, "%s%lld", i ? ", " : "", v[i]);
}

void
h_pct(FILE *fp, double x)
{
	if (isfinite(x))
		fprintf(fp, "%+.1f%%", x);
	else
		fputs("-", fp);
}

void
h_num(FILE *fp, double x)
{
	if (!isfinite(x))
		fputs("-", fp);
	else if (x != 0 && fabs(x) < 0.001)
		fprintf(fp, "%.1e", x);	/* a p or q */
	else if (fabs(x) >= 1e4) {	/* a value: as fmt_si, not 1.23e+06 */
		char b[32];
		fmt_si(b, sizeof(b), x);
		fputs(b, fp);
	} else
		fprintf(fp, "%.3g", x);
}

/*
 * A source "path[:line]": a link to the copy of the file in the site
 * (htmlsrc.c) at that line, so that the site keeps its links when it is
 * copied elsewhere as a CI artifact; text when it is no regular file.
 */
void
h_srclink(FILE *fp, struct hsite *s, const char *src)
{
	char path[PATH_MAX];
	const char *colon, *page, *line = NULL;
	size_t len;

	if (src == NULL) {
		fputs("-", fp);
		return;
	}
	len = strlen(src);
	if ((colon = strrchr(src, ':')) && colon[1] &&
	    strspn(colon + 1, "0123456789") == strlen(colon + 1)) {
		len = colon - src;
		line = colon + 1;
	}
	if (len >= sizeof(path) || (memcpy(path, src, len), path[len] = '\0',
	    (page = h_srccopy(s, path)) == NULL)) {
		fputs("<span class=\"mono\">", fp);
		h_esc(fp, src);
		fputs("</span>", fp);
		return;
	}
	fprintf(fp, "<a class=\"mono\" href=\"%s%s%s\">", page,
	    line ? "#L" : "", line ? line : "");
	h_esc(fp, path);
	fputs("</a>", fp);
	if (line)
		fprintf(fp, ":%s", line);
}
