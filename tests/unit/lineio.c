/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lineio.c: lines from plain and gzip files, odd endings, long lines, and
 * a truncated .gz reported as an error rather than a short file. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "kp.h"
#include "../tap.h"

static char dir[] = "/tmp/kp-lineio.XXXXXX";

static char *
path(const char *name)
{
	static char buf[256];

	snprintf(buf, sizeof(buf), "%s/%s", dir, name);
	return buf;
}

static void
write_file(const char *name, const char *data, size_t n)
{
	FILE *fp = fopen(path(name), "wb");

	fwrite(data, 1, n, fp);
	fclose(fp);
}

static void
write_gz(const char *name, const char *data, size_t n)
{
	gzFile gz = gzopen(path(name), "wb");

	gzwrite(gz, data, (unsigned)n);
	gzclose(gz);
}

/* all lines joined with '|' */
static char *
lines(const char *name, long *count)
{
	kp_in *in = kp_in_open(path(name));
	static char out[4096];
	char *l;
	size_t n;

	out[0] = '\0';
	while ((l = kp_in_line(in, &n))) {
		if (strlen(l) != n)
			strcat(out, "<len mismatch>");
		if (strlen(out) + n + 2 < sizeof(out)) {
			strcat(out, l);
			strcat(out, "|");
		}
	}
	*count = kp_in_lineno(in);
	kp_in_close(in);
	return out;
}

/* may a process here grow a pipe to size bytes? */
static int
allowed(int size)
{
	int p[2], r;

	if (pipe(p) != 0)
		return 0;
	r = fcntl(p[0], F_SETPIPE_SZ, size) >= size;
	close(p[0]);
	close(p[1]);
	return r;
}

/* a pipe of size0 bytes (as the system allows) holding "x\ny\n" as the
 * standard input of kp_in_open("-"): its size before, and after the
 * open; *lineok when the first line read is "x".  stdin is restored. */
static int
piped_stdin(int size0, int *before, int *lineok)
{
	int fds[2], keep, after;
	kp_in *in;
	size_t n;
	char *l;

	if (pipe(fds) != 0)
		exit(99);
	(void)fcntl(fds[1], F_SETPIPE_SZ, size0);
	*before = fcntl(fds[1], F_GETPIPE_SZ);
	if (write(fds[1], "x\ny\n", 4) != 4 || (keep = dup(STDIN_FILENO)) < 0 ||
	    dup2(fds[0], STDIN_FILENO) < 0)
		exit(99);
	close(fds[1]);
	close(fds[0]);
	in = kp_in_open("-");
	after = fcntl(STDIN_FILENO, F_GETPIPE_SZ);
	l = kp_in_line(in, &n);
	*lineok = l && n == 1 && l[0] == 'x';
	kp_in_close(in);	/* closes fd 0 */
	dup2(keep, STDIN_FILENO);
	close(keep);
	return after;
}

int
main(void)
{
	static const char text[] = "a\nbb\r\n\nlast";
	char *big, *l, *data;
	size_t n, i, biglen = 3 * 1024 * 1024;
	long count;
	kp_in *in;

	if (!mkdtemp(dir))
		return 1;
	write_file("plain", text, strlen(text));
	is_str(lines("plain", &count), "a|bb||last|", "plain: CRLF, empty line, no final newline");
	ok(count == 4, "four lines counted");
	write_gz("text.gz", text, strlen(text));
	is_str(lines("text.gz", &count), "a|bb||last|", "gzip read transparently");
	write_file("empty", "", 0);
	is_str(lines("empty", &count), "", "empty file has no lines");

	big = malloc(biglen + 3);
	memset(big, 'x', biglen);
	strcpy(big + biglen, "\ny");
	write_file("big", big, biglen + 2);
	in = kp_in_open(path("big"));
	l = kp_in_line(in, &n);
	ok(l && n == biglen && l[n - 1] == 'x', "a 3 MiB line arrives whole");
	l = kp_in_line(in, &n);
	ok(l && strcmp(l, "y") == 0 && kp_in_lineno(in) == 2, "the line after it");
	ok(kp_in_line(in, &n) == NULL, "then end of input");
	kp_in_close(in);

	/* truncate a gzip stream of many lines in the middle */
	for (i = 0; i < biglen; i++)
		big[i] = i % 61 == 60 ? '\n' : (char)('a' + i * 7 % 26);
	write_gz("trunc.gz", big, biglen);
	data = kp_slurp(path("trunc.gz"), &n);
	ok(data && n == biglen && memcmp(data, big, n) == 0, "kp_slurp of a whole .gz");
	free(data);
	data = kp_slurp(path("trunc.gz"), &n);
	{
		FILE *fp = fopen(path("trunc.gz"), "rb");
		char *gzbytes = malloc(biglen);
		size_t m = fread(gzbytes, 1, biglen, fp);

		fclose(fp);
		write_file("trunc.gz", gzbytes, m / 2);
		free(gzbytes);
	}
	free(data);
	ok(kp_slurp(path("trunc.gz"), &n) == NULL, "kp_slurp refuses a truncated .gz");
	in = kp_in_open_soft(path("trunc.gz"));
	while (kp_in_line(in, &n))
		;
	ok(kp_in_error(in) != NULL, "soft reader reports a truncated .gz: %s",
	    kp_in_error(in) ? kp_in_error(in) : "(none)");
	kp_in_close(in);
	ok(kp_in_open_soft(path("missing")) == NULL, "soft open of a missing file");

	/* text: a BOM is skipped, a NUL found with its place */
	{
		long line = 0, col = 0;
		char t[] = "\xef\xbb\xbf{}\nx", *b;

		ok(kp_text_bom("\xef\xbb\xbfx", 4) == 3 && kp_text_bom("\xef\xbb", 2) == 0,
		    "a BOM is three bytes at the start");
		ok(kp_text_nul("ab\ncd", 5, &line, &col) == 0, "text without NUL");
		i = (size_t)kp_text_nul("ab\ncd\nx\0y", 10, &line, &col);
		ok(i == (size_t)-1 && line == 3 && col == 2,
		    "a NUL at line 3 column 2 (%ld:%ld)", line, col);
		n = 7;
		b = kp_text("t", t, &n);
		ok(n == 4 && memcmp(b, "{}\nx", 4) == 0, "kp_text skips the BOM");
		write_file("bom", "\xef\xbb\xbf" "a\n\xef\xbb\xbf" "b\n", 10);
		in = kp_in_open(path("bom"));
		kp_in_text(in);
		l = kp_in_line(in, &n);
		ok(l && n == 1 && l[0] == 'a', "kp_in_text: a BOM before line 1 is not read");
		l = kp_in_line(in, &n);
		ok(l && n == 4, "... and one later is kept (it is text)");
		kp_in_close(in);
		unlink(path("bom"));
	}

	/* a pipe read is widened to 1 MiB: at 64 KiB, three tools piped on
	 * two cores switched every 64 KiB and took longer than run apart.
	 * Only where the system lets a process ask for it (a user past
	 * pipe-user-pages-soft may not), and never shrunk. */
	if (fcntl(STDIN_FILENO, F_GETFD) < 0 &&
	    open("/dev/null", O_RDONLY) != STDIN_FILENO)
		return 99;	/* no stdin: fd 0 would be a pipe's */
	{
		int before, after, lineok, mib = 1024 * 1024;

		after = piped_stdin(64 * 1024, &before, &lineok);
		ok(before < mib, "a pipe set to 64 KiB is below 1 MiB (%d)", before);
		ok(after == (allowed(mib) ? mib : before),
		    "kp_in_open widens a pipe it reads to 1 MiB where allowed (%d)", after);
		ok(lineok, "... and reads what was in it");
		if (allowed(2 * mib)) {	/* root, or a higher pipe-max-size */
			after = piped_stdin(2 * mib, &before, &lineok);
			ok(before == 2 * mib && after == before && lineok,
			    "... and leaves one of 2 MiB as it is (%d)", after);
		}
	}

	free(big);
	unlink(path("plain"));
	unlink(path("text.gz"));
	unlink(path("empty"));
	unlink(path("big"));
	unlink(path("trunc.gz"));
	rmdir(dir);
	return done_testing();
}
