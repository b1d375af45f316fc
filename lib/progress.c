/* SPDX-License-Identifier: GPL-2.0-or-later */
/* progress.c: how far a long stage is, as one line on the standard error
 * redrawn in place, when that is a terminal (someone is watching); nothing
 * otherwise, so that logs, pipes and tests see only the diagnostics. */
#include <errno.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "kp.h"

static int tty = -1;	/* isatty(2), asked once */
static int pending;	/* a progress line is drawn and not ended */
static struct timespec last;	/* when it was drawn */

int
kp_progress_on(void)
{
	if (tty < 0)
		tty = isatty(STDERR_FILENO);
	return tty;
}

/* "prog: what i of n", at most five times a second, and always at the
 * first and the last (i == n), which ends the line */
void
kp_progress(const char *what, size_t i, size_t n)
{
	struct timespec now;

	if (!kp_progress_on())
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (i != 0 && i != n && (now.tv_sec - last.tv_sec) * 1000 +
	    (now.tv_nsec - last.tv_nsec) / 1000000 < 200)
		return;
	last = now;
	pending = i != n;
	/* one write with its newline: under make -j another job's line
	 * must not land between the text and the end of the line */
	fprintf(stderr, "\r%s: %s %zu of %zu%s", program_invocation_short_name,
	    what, i, n, pending ? "" : "\n");
}

/* a diagnostic is about to be written: it starts on a line of its own */
void
kp_progress_break(void)
{
	if (pending)
		fputc('\n', stderr);
	pending = 0;
}
