/* htmlsrc.c: the logs the site cites, copied into it (src/), one page a
 * file with an anchor a line, so that links stay inside the site: a site
 * copied elsewhere as a CI artifact keeps them.  A copy stops at SRC_MAX
 * bytes, so that one huge log cannot blow up the site; the page says so. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kp.h"
#include "strmap.h"
#include "render.h"
#include "html.h"
#include "htmlpage.h"

enum { SRC_MAX = 1 << 20 };

static void
copy(struct hsite *s, const char *path, FILE *in, const char *page)
{
	FILE *fp = h_open(s, page);
	size_t n = 0, line = 1;
	int ch, bol = 1;

	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
	    "\n<title>", fp);
	h_esc(fp, path);
	fputs(" - kp</title>\n<link rel=\"stylesheet\" href=\"../style.css\">"
	    "\n</head><body>\n<h1 class=\"mono\">", fp);
	h_esc(fp, path);
	fputs("</h1>\n<pre class=\"src\">", fp);
	while (n < SRC_MAX && (ch = getc(in)) != EOF) {
		char c[2] = { (char)ch, '\0' };

		if (bol)
			fprintf(fp, "<span id=\"L%zu\" class=\"ln\">%6zu</span> ",
			    line, line);
		bol = ch == '\n';
		line += bol;
		h_esc(fp, c);
		n++;
	}
	fputs("</pre>\n", fp);
	if (n == SRC_MAX && getc(in) != EOF)
		fprintf(fp, "<p class=\"note\">The copy stops after %d bytes; "
		    "the rest is in the original file.</p>\n", SRC_MAX);
	fputs("</body></html>\n", fp);
	h_close(s, fp, page);
}

const char *
h_srccopy(struct hsite *s, const char *path)
{
	char abs[PATH_MAX], name[48], page[64];
	struct stat st;
	size_t i;
	int isnew;
	FILE *in;

	if (realpath(path, abs) == NULL)
		return NULL;
	i = kp_strmap_add(s->srcmap, abs, strlen(abs), &isnew);
	if (!isnew)
		return *s->srcpage[i] ? s->srcpage[i] : NULL;
	s->srcpage = kp_grow(s->srcpage, i, sizeof(*s->srcpage));
	*s->srcpage[i] = '\0';
	if ((in = fopen(abs, "r")) == NULL)
		return NULL;
	if (fstat(fileno(in), &st) == 0 && S_ISREG(st.st_mode)) {
		const char *base = strrchr(abs, '/');

		h_name(name, sizeof(name), "", base ? base + 1 : abs, abs, "html");
		snprintf(page, sizeof(page), "src/%s", name);
		copy(s, path, in, page);
		snprintf(s->srcpage[i], sizeof(s->srcpage[i]), "%s", page);
	}
	fclose(in);
	return *s->srcpage[i] ? s->srcpage[i] : NULL;
}
