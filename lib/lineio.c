/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lineio.c: lines of plain or gzip-compressed input, read in large blocks.
 * zlib reads uncompressed files transparently, so one path serves both. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "kp.h"

#define BLOCK (256 * 1024)
#define SMALL 8192	/* zlib's default buffer */
/* A pipe's buffer, from its reader: at Linux's default 64 KiB, the
 * nightly's kp-classify | kp-systematic | kp-evidence switched between
 * writer and reader every 64 KiB and took 9.7 s of wall on two cores,
 * longer than kp-classify then the other two (9.2 s); at 1 MiB
 * (pipe-max-size, the most an unprivileged process may ask) 5.1 s.  A
 * pipe is only grown, never shrunk; a refusal (a lower limit, a user
 * past pipe-user-pages-soft) leaves it as it was: only slower. */
#define PIPE_SIZE (1024 * 1024)

struct kp_in {
	gzFile gz;
	char *name;
	char *buf;
	size_t cap;	/* allocated, one more for the NUL */
	size_t start;	/* first unread byte */
	size_t end;	/* end of valid data */
	long long base;	/* the offset in the stream of buf[0] */
	long long lineoff;	/* the offset of the last line returned */
	long lineno;
	int eof;
	int soft;	/* report read errors through kp_in_error(), not exit */
	int errnum;	/* errno of a soft read error (EIO: corrupt .gz) */
	int text;	/* kp_in_text(): skip a BOM, refuse NUL bytes */
	char *error;
};

/* block: the size of the read buffer; BLOCK for a stream, less for a
 * small file read whole (kp_slurp).  zlib's buffer is a quarter of a
 * stream's: gzread fills a request of twice its buffer or more straight
 * into ours, by read(2) or inflate, where a smaller request is copied
 * through zlib's output buffer, a second pass over every byte (5% of
 * kp-identify) */
static kp_in *
in_open(const char *path, int soft, size_t block)
{
	kp_in *in;
	int fd;
	gzFile gz;
	struct stat st;

	if (!path || strcmp(path, "-") == 0) {
		fd = STDIN_FILENO;
		path = NULL;
	} else if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		if (soft)
			return NULL;
		kp_die_at(path, 0, 0, "cannot open: %s", strerror(errno));
	}
#ifdef F_SETPIPE_SZ
	if (fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode) &&
	    fcntl(fd, F_GETPIPE_SZ) < PIPE_SIZE)
		(void)fcntl(fd, F_SETPIPE_SZ, PIPE_SIZE);
#endif
	if (!(gz = gzdopen(fd, "rb"))) {
		if (soft) {
			if (fd != STDIN_FILENO)
				close(fd);
			errno = ENOMEM;
			return NULL;
		}
		kp_die_at(path ? path : "<stdin>", 0, 0, "cannot read");
	}
	gzbuffer(gz, (unsigned)(block == BLOCK ? BLOCK / 4 : block));
	in = ecalloc(1, sizeof(*in));
	in->gz = gz;
	in->name = estrdup(path ? path : "<stdin>");
	in->cap = block;
	in->buf = emalloc(in->cap + 1);
	in->soft = soft;
	return in;
}

kp_in *
kp_in_open(const char *path)
{
	return in_open(path, 0, BLOCK);
}

kp_in *
kp_in_open_soft(const char *path)
{
	return in_open(path, 1, BLOCK);
}

/* Read more input after the unread part; 0 at end of input.  A stream
 * that ends inside a gzip member is corrupt, not short. */
static size_t
fill(kp_in *in)
{
	int n, errnum, syserr;
	const char *msg;

	if (in->eof)
		return 0;
	if (in->start > 0) {
		memmove(in->buf, in->buf + in->start, in->end - in->start);
		in->end -= in->start;
		in->base += (long long)in->start;
		in->start = 0;
	}
	if (in->end == in->cap) {
		in->cap *= 2;
		in->buf = erealloc(in->buf, in->cap + 1);
	}
	errno = 0;
	n = gzread(in->gz, in->buf + in->end, (unsigned)(in->cap - in->end));
	syserr = errno;
	if (n < 0 || (n == 0 && (msg = gzerror(in->gz, &errnum)) && errnum != Z_OK)) {
		msg = gzerror(in->gz, &errnum);
		/* the read's own errno (EBADF on a closed stdin), not EIO */
		in->errnum = errnum == Z_ERRNO && syserr ? syserr : EIO;
		if (errnum == Z_ERRNO)
			msg = strerror(in->errnum);
		else if (errnum == Z_BUF_ERROR)
			msg = "truncated compressed data";
		if (!in->soft)
			kp_die_at(in->name, in->lineno + 1, 0, "read error: %s", msg);
		in->error = estrdup(msg);
		in->eof = 1;
		return 0;
	}
	if (n == 0) {
		in->eof = 1;
		return 0;
	}
	in->end += (size_t)n;
	return (size_t)n;
}

char *
kp_in_line(kp_in *in, size_t *len)
{
	char *nl, *line;
	size_t scanned = 0, n;

	for (;;) {
		nl = memchr(in->buf + in->start + scanned, '\n',
		    in->end - in->start - scanned);
		if (nl)
			break;
		scanned = in->end - in->start;
		if (fill(in) == 0) {
			if (in->start == in->end)
				return NULL;
			/* last line without a newline */
			nl = in->buf + in->end;
			break;
		}
	}
	line = in->buf + in->start;
	in->lineoff = in->base + (long long)in->start;
	n = (size_t)(nl - line);
	in->start += n + (nl < in->buf + in->end);
	if (n > 0 && line[n - 1] == '\r')
		n--;
	line[n] = '\0';
	in->lineno++;
	if (in->text) {
		long l, col;
		size_t skip = in->lineno == 1 ? kp_text_bom(line, n) : 0;

		line += skip;
		n -= skip;
		if (kp_text_nul(line, n, &l, &col) != 0)
			kp_die_at(in->name, in->lineno, col + (long)skip,
			    "a NUL byte: expected text");
	}
	if (len)
		*len = n;
	return line;
}

void
kp_in_text(kp_in *in)
{
	in->text = 1;
}

char *
kp_in_record(kp_in *in, size_t *len)
{
	char *line;
	size_t i;

	while ((line = kp_in_line(in, len))) {
		for (i = 0; i < *len; i++)
			if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
				return line;
	}
	return NULL;
}

long long
kp_in_offset(const kp_in *in)
{
	return gzdirect(in->gz) ? in->lineoff : -1;
}

long
kp_in_lineno(const kp_in *in)
{
	return in->lineno;
}

const char *
kp_in_error(const kp_in *in)
{
	return in->error;
}

const char *
kp_in_name(const kp_in *in)
{
	return in->name;
}

void
kp_in_close(kp_in *in)
{
	if (!in)
		return;
	gzclose(in->gz);
	free(in->buf);
	free(in->error);
	free(in->name);
	free(in);
}

char *
kp_slurp(const char *path, size_t *len)
{
	struct stat st;
	size_t block = BLOCK;
	kp_in *in;
	char *p;
	size_t n;
	int e;

	/* buffers of the file's size, not of a stream's: a parser reads
	 * hundreds of small logs whole, and two 256 KiB buffers and zlib's
	 * 512 KiB output buffer each cost it more than the read (the buffer
	 * still doubles for what a gzip file inflates to) */
	if (path && strcmp(path, "-") != 0 && stat(path, &st) == 0 &&
	    S_ISREG(st.st_mode) && st.st_size < BLOCK)
		block = st.st_size < SMALL ? SMALL : (size_t)st.st_size + 1;
	if (!(in = in_open(path, 1, block)))
		return NULL;
	while (fill(in) > 0)
		;
	if (in->error) {
		e = in->errnum;
		kp_in_close(in);
		errno = e;
		return NULL;
	}
	n = in->end;
	p = in->buf;
	p[n] = '\0';
	in->buf = NULL;
	kp_in_close(in);
	if (len)
		*len = n;
	return p;
}
