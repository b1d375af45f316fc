/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * escape.c: the one escaper of each format kp-render writes.  Every
 * page, section and figure prints the text of a record (a name, a
 * kernel, a reason, a path...) through the escaper of its format, and
 * none keeps a copy of its own, so that a rule fixed here is fixed
 * everywhere; kp-render(1) states them.  Text from records is whatever
 * a benchmark, a server or a user put there: markup, Markdown, quotes,
 * commas, newlines and terminal controls are data, never format.
 */
#include <ctype.h>
#include <errno.h>
#include <csv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kp.h"
#include "render.h"

/* U+FFFE or U+FFFF at p, valid UTF-8 but no character of XML 1.0, which
 * a JSON string may hold (\ufffe): a figure or a JUnit file holding one
 * does not parse */
static int
nonchar(const unsigned char *p)
{
	return p[0] == 0xef && p[1] == 0xbf && (p[2] == 0xbe || p[2] == 0xbf);
}

/* a character no one sees that changes what is seen (kp_unseen: U+202E
 * turns the rest of a line right to left) at p: written as the text
 * <U+202E> in the escapes of html, svg and junit (lt, gt), its length
 * returned; 0 if none */
static int
unseen(FILE *fp, const unsigned char *p, const char *lt, const char *gt)
{
	long cp;
	int n;

	if (*p < 0xc2 || !(n = kp_unseen(p, &cp)))
		return 0;
	fprintf(fp, "%sU+%04lX%s", lt, cp, gt);
	return n;
}

/* html and svg: text or a quoted attribute value.  C0 controls other
 * than tab and newline are not allowed in XML, not even as references:
 * each becomes U+FFFD, shown, never dropped, and so do U+FFFE and
 * U+FFFF.  Bidi controls and other unseen characters are shown as
 * <U+202E>. */
void
h_esc(FILE *fp, const char *s)
{
	const unsigned char *p;
	int n;

	if (s == NULL)
		return;
	for (p = (const unsigned char *)s; *p; p++) {
		if (nonchar(p)) {
			fputs("\xef\xbf\xbd", fp);
			p += 2;
			continue;
		}
		if ((n = unseen(fp, p, "&lt;", "&gt;"))) {
			p += n - 1;
			continue;
		}
		switch (*p) {
		case '&': fputs("&amp;", fp); break;
		case '<': fputs("&lt;", fp); break;
		case '>': fputs("&gt;", fp); break;
		case '"': fputs("&quot;", fp); break;
		case '\'': fputs("&#39;", fp); break;
		default:
			if (*p < 0x20 && *p != '\t' && *p != '\n')
				fputs("\xef\xbf\xbd", fp);
			else
				putc(*p, fp);
		}
	}
}

/* junit: the same in an attribute that keeps its tabs and newlines
 * (XML normalises raw ones to spaces there), for the CI systems that
 * read it */
void
xml_put(FILE *fp, const char *s)
{
	int n;

	for (; *s; s++) {
		if (nonchar((const unsigned char *)s)) {
			fputs("\xef\xbf\xbd", fp);
			s += 2;
			continue;
		}
		if ((n = unseen(fp, (const unsigned char *)s, "&lt;", "&gt;"))) {
			s += n - 1;
			continue;
		}
		switch (*s) {
		case '&': fputs("&amp;", fp); break;
		case '<': fputs("&lt;", fp); break;
		case '>': fputs("&gt;", fp); break;
		case '"': fputs("&quot;", fp); break;
		case '\'': fputs("&apos;", fp); break;
		case '\t': fputs("&#9;", fp); break;
		case '\n': fputs("&#10;", fp); break;
		case '\r': fputs("&#13;", fp); break;
		default:
			if ((unsigned char)*s < 0x20)
				fputs("\xef\xbf\xbd", fp);
			else
				fputc(*s, fp);
		}
	}
}

/* an e-mail address's '@' at p in s: a character of its local part
 * before it, and a domain with a dot after it, as GitHub's autolink
 * extension finds them */
static int
mailat(const unsigned char *s, const unsigned char *p)
{
	int dot = 0;

	if (p == s || !(isalnum(p[-1]) || strchr(".+-_", p[-1])))
		return 0;
	for (p++; isalnum(*p) || *p == '-' || *p == '_' || *p == '.'; p++)
		if (*p == '.' && (isalnum(p[1]) || p[1] == '-' || p[1] == '_'))
			dot = 1;
	return dot;
}

/* md: a name must stay inside its table cell or list item and must not
 * turn into markup: pipes, backticks, emphasis, links and HTML are
 * escaped with a backslash (CommonMark allows it before any ASCII
 * punctuation); controls, C1 controls and line breaks become spaces.
 * GitHub's and GitLab's Markdown also make a link of a bare URL and of a
 * www. name (GFM's autolinks): the ':' of "://" and the '.' of "www."
 * are escaped too, which the renderer then does not match.  An e-mail
 * address it finds in the text after its escapes are undone, so no
 * escape hides one: an empty <span></span> before its '@' puts the two
 * halves in two texts, and neither is an address.  Bidi controls and
 * other unseen characters are shown as \<U+202E\>. */
void
md_put(FILE *fp, const char *s)
{
	const unsigned char *p;
	long cp;
	int n;

	for (p = (const unsigned char *)s; *p; p++) {
		if (*p < 0x20 || *p == 0x7f)
			fputc(' ', fp);
		else if (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {
			fputc(' ', fp);
			p++;
		} else if (*p >= 0xc2 && (n = kp_unseen(p, &cp))) {
			fprintf(fp, "\\<U+%04lX\\>", cp);
			p += n - 1;
		} else {
			if (*p == '@' && mailat((const unsigned char *)s, p))
				fputs("<span></span>", fp);
			if (strchr("\\`*_[]<>|~&#!", *p) ||
			    (*p == ':' && p[1] == '/' && p[2] == '/') ||
			    (*p == '.' && p - (const unsigned char *)s >= 3 &&
			    strncasecmp((const char *)p - 3, "www", 3) == 0))
				fputc('\\', fp);
			fputc(*p, fp);
		}
	}
}

/* csv: a text cell, quoted by libcsv when it holds a separator, a quote
 * or a line break.  A cell that starts with = + - @ (or a tab or carriage
 * return) is a formula to a spreadsheet: "=HYPERLINK(...)" in a test name
 * would run when the report is opened.  OWASP's advice for CSV injection:
 * begin such a cell with a single quote, which the spreadsheet shows as
 * text.  Numbers are not text and are written as they are (-3.2 stays a
 * number). */
void
csv_text(FILE *fp, const char *s, size_t len)
{
	char *q = NULL;

	if (len && memchr("=+-@\t\r", s[0], 6)) {
		q = emalloc(len + 1);
		q[0] = '\'';
		memcpy(q + 1, s, len);
		s = q;
		len++;
	}
	if (csv_fwrite(fp, s, len) != 0)
		kp_die_at("<stdout>", 0, 0, "write error: %s", strerror(errno));
	free(q);
}

/*
 * text and table: for a terminal, where a control character in a name
 * (ESC [ ... clears the screen, moves the cursor, sets the title) would
 * act.  Each is shown in caret notation (kp_visible, lib/die.c, as every
 * message of kp's is): ESC as ^[, newline ^J, CSI (U+009B) ^[[.  Nothing
 * is dropped and a name stays on its line.
 */
char *
txt_visible(const char *s)
{
	char *out;

	if (s == NULL)
		return NULL;
	out = emalloc(kp_visible(NULL, s));
	kp_visible(out, s);
	return out;
}

void
txt_put(FILE *fp, const char *s)
{
	char *v = txt_visible(s);

	if (v)
		fputs(v, fp);
	free(v);
}

/* *p, a string of the record, replaced by its visible form when that
 * differs (most strings hold no control) */
static void
vis(char **p)
{
	char *v;

	if (*p == NULL || kp_visible(NULL, *p) == strlen(*p) + 1)
		return;
	v = txt_visible(*p);
	free(*p);
	*p = v;
}

void
txt_visible_rec(const kp_rtype *t, void *rec)
{
	const kp_field *f;
	size_t i;
	char *p;
	int k;

	for (k = 0; k < t->nf; k++) {
		f = &t->f[k];
		p = (char *)rec + f->off;
		switch (f->kind) {
		case KP_F_STR:
			vis((char **)p);
			break;
		case KP_F_STRS:
			for (i = 0; i < ((kp_strs *)p)->n; i++)
				vis(&((kp_strs *)p)->v[i]);
			break;
		case KP_F_PAIRS:
			for (i = 0; i < ((kp_pairs *)p)->n; i++) {
				vis(&((kp_pairs *)p)->name[i]);
				vis(&((kp_pairs *)p)->val[i]);
			}
			break;
		case KP_F_COUNTS:
			for (i = 0; i < ((kp_counts *)p)->n; i++)
				vis(&((kp_counts *)p)->name[i]);
			break;
		case KP_F_INSTS:
			for (i = 0; i < ((kp_insts *)p)->n; i++)
				vis(&((kp_insts *)p)->v[i].instance);
			break;
		case KP_F_OBJS:
			for (i = 0; i < ((kp_objs *)p)->n; i++)
				txt_visible_rec(f->sub, (char *)((kp_objs *)p)->v +
				    i * f->sub->size);
			break;
		}
	}
}
