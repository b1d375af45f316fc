/* SPDX-License-Identifier: GPL-2.0-or-later */
/* maintainers.c: the sections of MAINTAINERS, see maintainers.h.
 *
 * The preamble is prose, and its description of the tags is indented, so
 * the first section is the first line at the margin that is followed by a
 * tag line.  From there on the shape is strict: a title, its tag lines, a
 * blank line; anything else is reported rather than guessed at, since a
 * misread entry would name the wrong people. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "maintainers.h"
#include "strmap.h"

/* the tags the file's header documents */
static const char tags[] = "MRLSWQBCPTFXNK";

struct kp_maint {
	kp_maint_sec *v;
	size_t n;
	kp_strmap *idx;	/* title -> index in v */
};

/* "X:" then a blank: a tag line; its letter, or 0 */
static int
tagof(const char *s)
{
	if (s[0] >= 'A' && s[0] <= 'Z' && s[1] == ':' && (s[2] == '\t' || s[2] == ' ' || s[2] == '\0'))
		return s[0];
	return 0;
}

static void
push(kp_strs *a, const char *s)
{
	a->v = kp_grow(a->v, a->n, sizeof(*a->v));
	a->v[a->n++] = estrdup(s);
}

static void
section(kp_maint *mt, const char *path, long line, const char *title)
{
	int isnew;
	size_t k;

	k = kp_strmap_add(mt->idx, title, strlen(title), &isnew);
	if (!isnew)
		kp_die_at(path, line, 1, "section \"%s\" given twice (first at "
		    "line %ld); expected each title once", title, mt->v[k].line);
	mt->v = kp_grow(mt->v, mt->n, sizeof(*mt->v));
	memset(&mt->v[mt->n], 0, sizeof(mt->v[mt->n]));
	mt->v[mt->n].title = estrdup(title);
	mt->v[mt->n++].line = line;
}

kp_maint *
kp_maint_read(const char *path)
{
	kp_maint *mt = ecalloc(1, sizeof(*mt));
	FILE *fp;
	char *buf = NULL, *prev = NULL, *s, *v;
	size_t cap = 0;
	ssize_t len;
	long line = 0;
	int t, insec = 0, started = 0, prevmargin = 0;
	kp_maint_sec *sec;

	mt->idx = kp_strmap_new();
	if (!(fp = fopen(path, "r")))
		kp_die_at(path, 0, 0, "cannot open: %s", strerror(errno));
	while ((len = getline(&buf, &cap, fp)) >= 0) {
		line++;
		while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
			buf[--len] = '\0';
		if (strlen(buf) != (size_t)len)
			kp_die_at(path, line, 0, "a NUL byte; expected text");
		t = tagof(buf);
		if (!started) {
			/* the preamble: prose until a title and its first tag */
			if (t && prev && prevmargin) {
				section(mt, path, line - 1, prev);
				started = insec = 1;
			} else {
				free(prev);
				prev = estrdup(buf);
				prevmargin = len > 0 && buf[0] != ' ' && buf[0] != '\t';
				continue;
			}
		} else if (len == 0) {
			insec = 0;
			continue;
		} else if (!t) {
			if (insec)
				kp_die_at(path, line, 1, "\"%.40s\": expected an entry "
				    "(a tag of %s, a colon and a tab) or a blank line "
				    "after section \"%s\"", buf, tags,
				    mt->v[mt->n - 1].title);
			if (buf[0] == ' ' || buf[0] == '\t')
				kp_die_at(path, line, 1, "an indented line between "
				    "sections; expected a section title at the margin");
			section(mt, path, line, buf);
			insec = 1;
			continue;
		}
		if (!insec)
			kp_die_at(path, line, 1, "entry \"%c:\" after a blank line; "
			    "expected a section title before the entries", t);
		if (!strchr(tags, t))
			kp_die_at(path, line, 1, "unknown tag \"%c:\"; expected one "
			    "of %s", t, tags);
		/* an entry of the title just read: a title line alone is bad */
		for (v = buf + 2; *v == ' ' || *v == '\t'; v++)
			;
		if (!*v)
			kp_die_at(path, line, 3, "empty entry \"%c:\"; expected a "
			    "value after the tab", t);
		sec = &mt->v[mt->n - 1];
		s = v;
		switch (t) {
		case 'M': push(&sec->m, s); break;
		case 'R': push(&sec->r, s); break;
		case 'L': push(&sec->l, s); break;
		case 'S': push(&sec->s, s); break;
		default: break;
		}
	}
	if (ferror(fp))
		kp_die_at(path, line, 0, "read error: %s", strerror(errno));
	fclose(fp);
	free(buf);
	free(prev);
	if (mt->n == 0)
		kp_die_at(path, line, 0, "no section: expected a title line "
		    "followed by entries such as \"M:\\tName <address>\"");
	return mt;
}

const kp_maint_sec *
kp_maint_find(const kp_maint *mt, const char *title)
{
	long k = kp_strmap_find(mt->idx, title, strlen(title));

	return k < 0 ? NULL : &mt->v[k];
}

size_t
kp_maint_count(const kp_maint *mt)
{
	return mt->n;
}
