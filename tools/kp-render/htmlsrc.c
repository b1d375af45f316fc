/* SPDX-License-Identifier: GPL-2.0-or-later */
/* htmlsrc.c: the logs the site cites, copied into it (src/), one page a
 * file with an anchor a line, so that links stay inside the site: a site
 * copied elsewhere as a CI artifact keeps them.  A copy stops at SRC_MAX
 * bytes, so that one huge log cannot blow up the site; the page says so. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/*
 * Whether abs, a real path, may be copied: a record's src is data (a
 * SQUAD server or a results file chose it), and the site is published,
 * so only files under a source root (-R; the current directory when none
 * is given) are, and never the kernel's views of processes and devices,
 * whatever the root: /proc/self/environ holds the tokens kp-fetch ran
 * with.  Both sides are real paths, so ".." and symbolic links are
 * resolved before the prefix is compared.
 */
static int
under_root(struct hsite *s, const char *abs)
{
	static const char *const never[] = { "/proc", "/sys", "/dev" };
	static const char *const here[] = { "." };
	const char *const *root = s->r->nsrcroot ? s->r->srcroot : here;
	size_t i, n = s->r->nsrcroot ? s->r->nsrcroot : 1, len;

	for (i = 0; i < sizeof(never) / sizeof(*never); i++) {
		len = strlen(never[i]);
		if (strncmp(abs, never[i], len) == 0 &&
		    (abs[len] == '/' || abs[len] == '\0'))
			return 0;
	}
	if (s->rootabs == NULL) {
		s->rootabs = ecalloc(n, sizeof(*s->rootabs));
		for (i = 0; i < n; i++)
			if ((s->rootabs[i] = realpath(root[i], NULL)) == NULL)
				kp_die_at(root[i], 0, 0, "the source root (-R): "
				    "%s", strerror(errno));
	}
	for (i = 0; i < n; i++) {
		len = strlen(s->rootabs[i]);
		if (len == 1 || (strncmp(abs, s->rootabs[i], len) == 0 &&
		    (abs[len] == '/' || abs[len] == '\0')))
			return 1;
	}
	return 0;
}

/* the file at abs, a real path that under_root allowed, opened one
 * component at a time without following a symbolic link: a directory
 * of the path swapped for a link after realpath(3) looked (by whoever
 * can write the data directory while the site is written) fails here
 * rather than leading out of the root; -1 then */
static int
open_real(const char *abs)
{
	char comp[NAME_MAX + 1];
	const char *p = abs + 1, *e;
	size_t len;
	int dir = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC), fd;

	while (dir >= 0 && *p) {
		e = strchr(p, '/');
		len = e ? (size_t)(e - p) : strlen(p);
		if (len == 0 || len > NAME_MAX) {
			close(dir);
			return -1;
		}
		memcpy(comp, p, len);
		comp[len] = '\0';
		fd = openat(dir, comp, O_RDONLY | O_NOFOLLOW | O_CLOEXEC |
		    (e ? O_DIRECTORY : 0));
		close(dir);
		dir = fd;
		p += len + (e != NULL);
	}
	return dir;
}

/* the index in srcmap of the file path names, its copy made the first
 * time; -1 when it is no file */
static long
copyof(struct hsite *s, const char *path)
{
	char abs[PATH_MAX], name[48], page[64];
	struct stat st;
	size_t i;
	int isnew, fd;
	FILE *in;

	if (realpath(path, abs) == NULL)
		return -1;
	i = kp_strmap_add(s->srcmap, abs, strlen(abs), &isnew);
	if (!isnew)
		return i;
	s->srcpage = kp_grow(s->srcpage, i, sizeof(*s->srcpage));
	*s->srcpage[i] = '\0';
	if (!under_root(s, abs)) {
		s->nrefused++;
		return i;
	}
	if ((fd = open_real(abs)) < 0)
		return i;
	if ((in = fdopen(fd, "r")) == NULL) {
		close(fd);
		return i;
	}
	if (fstat(fileno(in), &st) == 0 && S_ISREG(st.st_mode)) {
		const char *base = strrchr(abs, '/');

		/* named by the path as the records give it, not by abs:
		 * the same lab rendered from another checkout or machine
		 * gives the same page names */
		h_name(name, sizeof(name), "", base ? base + 1 : abs, path, "html");
		snprintf(page, sizeof(page), "src/%s", name);
		copy(s, path, in, page);
		snprintf(s->srcpage[i], sizeof(s->srcpage[i]), "%s", page);
	}
	fclose(in);
	return i;
}

/* the file the path names, and its page: asked once a path as given
 * that names a file, because realpath(3) costs a system call a component
 * and a lab's samples name each file several times.  A path that names
 * none is not kept: it fails at its first missing component, and the
 * 25-kernel lab's samples name 2 million files that are not there */
/*
 * A relative path under a first directory that is not there names no
 * file.  The 25-kernel lab's 2 million missing files are all under one,
 * the runs' directory where the site is built elsewhere, and realpath(3)
 * of each cost a getcwd(3) and a readlink(2).  So such a directory is
 * looked at once (the tree is not expected to change while the site is
 * written).  top: 1 when path is under one known missing; after
 * realpath failed (top 0), notes path's first directory when it is not
 * there.
 */
static int
missing_dir(struct hsite *s, const char *path, int top)
{
	const char *slash = path[0] == '/' ? NULL : strchr(path, '/');
	char dir[NAME_MAX + 1];
	struct stat st;
	size_t len;

	if (!slash || (len = (size_t)(slash - path)) > NAME_MAX)
		return 0;
	if (s->srcmissing == NULL)
		s->srcmissing = kp_strmap_new();
	if (top)
		return kp_strmap_find(s->srcmissing, path, len) >= 0;
	memcpy(dir, path, len);
	dir[len] = '\0';
	if (lstat(dir, &st) == -1 && errno == ENOENT)
		kp_strmap_add(s->srcmissing, dir, len, NULL);
	return 0;
}

const char *
h_srccopy(struct hsite *s, const char *path)
{
	long g;
	long i;

	if (s->srcgiven == NULL)
		s->srcgiven = kp_strmap_new();
	if ((g = kp_strmap_find(s->srcgiven, path, strlen(path))) < 0) {
		if (missing_dir(s, path, 1))
			return NULL;
		if ((i = copyof(s, path)) < 0) {
			missing_dir(s, path, 0);
			return NULL;
		}
		g = (long)kp_strmap_add(s->srcgiven, path, strlen(path), NULL);
		s->srcof = kp_grow(s->srcof, (size_t)g, sizeof(*s->srcof));
		s->srcof[g] = i;
	}
	return *s->srcpage[s->srcof[g]] ? s->srcpage[s->srcof[g]] : NULL;
}
