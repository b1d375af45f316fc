/* SPDX-License-Identifier: GPL-2.0-or-later */
/* msg.c: kp-fetch's messages and progress line.
 *
 * A failure of one file is named and the fetch goes on (fail); a store
 * that cannot be written ends it (fatal).  Every record is written to
 * stdout as soon as the index holds it, so when kp-fetch dies the two
 * agree, and fetch_fatal() says so, or says how many records stdout lost. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kp.h"
#include "fetch.h"

double
fetch_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
showprogress(struct progress *p, const char *end)
{
	double t = fetch_now() - p->t0;

	fprintf(stderr, "\r%s: %lld files, %.1f MiB, %.1f MiB/s%s",
	    program_invocation_short_name, p->nfiles, p->nbytes / 1048576.0,
	    t > 0 ? p->nbytes / 1048576.0 / t : 0.0, end);
	p->shown = *end == '\0';
}

void
progress_add(struct fetch *f, long long bytes, int file)
{
	struct progress *p = &f->pr;
	double t;

	if (bytes < 0) {
		if (p->tty && p->nfiles + p->nbytes > 0)
			showprogress(p, "\n");
		return;
	}
	p->nbytes += bytes;
	p->nfiles += file;
	if (!p->tty)
		return;
	if ((t = fetch_now()) - p->tlast >= 0.25) {
		p->tlast = t;
		showprogress(p, "");
	}
}

/* clear the progress line, so a message starts on a line of its own */
void
progress_clear(struct fetch *f)
{
	if (f->pr.shown) {
		fputs("\r\033[K", stderr);
		f->pr.shown = 0;
	}
}

/* Every message goes out here, with the signature of a presigned URL
 * (url_redact) cut from where and from the text: a URL is named in
 * messages, and a CI log is read by more people than the store. */
static void
vmsg(struct fetch *f, const char *where, const char *fmt, va_list ap)
{
	char msg[1024], *w = where ? url_redact(where) : NULL, *m;

	progress_clear(f);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	m = url_redact(msg);
	kp_warn_at(w, 0, 0, "%s", m);
	free(w);
	free(m);
}

/* a message that is no failure */
void
fetch_note(struct fetch *f, const char *where, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(f, where, fmt, ap);
	va_end(ap);
}

void
fetch_fail(struct fetch *f, const char *where, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(f, where, fmt, ap);
	va_end(ap);
	f->nerrors++;
}

void
fetch_fatal(struct fetch *f, const char *where, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(f, where, fmt, ap);
	va_end(ap);
	if (f->nlost)
		kp_warn_at(NULL, 0, 0, "stopped: %ld records are in the store's "
		    "index, of which %ld did not reach the standard output",
		    f->nrecords + f->nlost, f->nlost);
	else
		kp_warn_at(NULL, 0, 0, "stopped: the %ld records in the store's "
		    "index from this run are all on the standard output; "
		    "the rest was not fetched", f->nrecords);
	exit(KP_EXIT_BAD);
}
