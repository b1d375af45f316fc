/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lkft.c: LKFT's per-sample names of MMTests results.
 *
 * Linaro's test-definitions (automated/linux/mmtests/json-to-lava.py)
 * turn the --print-json output of MMTests' extract-mmtests.pl into one
 * LAVA test case per sample, <module>_<op>_<iteration>_<sample>: module
 * is _ModuleName without "Extract", lower-cased (shellpackwis-futex), op
 * an operation of _ResultData, whose '_' and '/' newer versions turn
 * into '-', iteration its index and sample its SampleNrs entry.  The
 * value is the measurement; no unit travels.  Taking that back to kp's
 * (suite, bench, test, op, metric, conc, rep, sub) is a reconstruction
 * from MMTests' operation names, benchmark by benchmark, written to give
 * what kp-parse-mmtests reads from the same logs; a benchmark without a
 * rule here is refused, not guessed. */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "rec.h"
#include "lkft.h"

/* the whole number at the end of s after its last '-', or -1 */
static long long
tailnum(char *s, char **dash)
{
	char *d = strrchr(s, '-'), *end;
	long long v;

	if (!d || !d[1] || strspn(d + 1, "0123456789") != strlen(d + 1))
		return -1;
	v = strtoll(d + 1, &end, 10);
	*dash = d;
	return v;
}

/* n bytes of p and a NUL at *b, then past them: its start */
static char *
put(char **b, const char *p, size_t n)
{
	char *s = *b;

	memmove(s, p, n);
	s[n] = '\0';
	*b += n + 1;
	return s;
}

static int
digits(const char *s, size_t n)
{
	return n > 0 && strspn(s, "0123456789") >= n;
}

int
kp_lkft_name(const char *name, kp_lkft *s, const char **why)
{
	const char *u1, *u3, *u4;
	char *op, *d, *b;
	size_t n = strlen(name), len;

	memset(s, 0, sizeof(*s));
	/* the last two '_'-fields are the iteration and the sample */
	for (u4 = name + n; u4 > name && u4[-1] != '_'; u4--)
		;
	for (u3 = u4 > name ? u4 - 1 : name; u3 > name && u3[-1] != '_'; u3--)
		;
	u1 = strchr(name, '_');
	if (u4 == name || u3 == name || !u1 || u1 + 1 >= u3 - 1 ||
	    !digits(u4, strlen(u4)) || !digits(u3, (size_t)(u4 - 1 - u3))) {
		*why = "expected <module>_<op>_<iteration>_<sample>";
		return -1;
	}
	if (strncmp(name, "shellpack", 9) || u1 == name + 9) {
		*why = "not a module of MMTests' shellpacks (shellpackBENCH)";
		return -1;
	}
	s->iter = strtoll(u3, NULL, 10);
	len = (size_t)(u3 - 1 - (u1 + 1));
	/* room for the job, the op and the fields made of them */
	s->buf = b = emalloc(8 * n + 64);
	s->job = put(&b, name + 9, (size_t)(u1 - name - 9));
	op = put(&b, u1 + 1, len);
	s->rep = strtoll(u4, NULL, 10);
	s->sub = 1;
	if (strncmp(s->job, "wis-", 4) == 0) {
		/* ops-futex1_threads-4 (or ops-futex1-threads-4): workload
		 * futex1 at 4 threads; the samples are one run's (sub) */
		if (strncmp(op, "ops-", 4) || (s->conc = tailnum(op, &d)) < 1 ||
		    d - op < 13 || (strncmp(d - 8, "_threads", 8) && strncmp(d - 8, "-threads", 8)))
			goto nop;
		s->suite = "wis";
		s->bench = s->op = put(&b, op + 4, (size_t)(d - 8 - (op + 4)));
		s->test = put(&b, op + 4, (size_t)(d - (op + 4)));
		((char *)s->test)[d - 8 - (op + 4)] = '-';
		s->metric = "ops";
		s->unit = "ops/s";
		s->better = KP_HIGHER;
		s->sub = s->rep;
		s->rep = 1;
	} else if (strcmp(s->job, "stressng") == 0) {
		/* bops-context-4: the stressor at 4 instances */
		if (strncmp(op, "bops-", 5) || (s->conc = tailnum(op, &d)) < 1 || d == op + 5)
			goto nop;
		s->suite = "stressng";
		s->bench = s->test = s->op = put(&b, op + 5, (size_t)(d - (op + 5)));
		s->metric = "bogo-ops/s";
		s->unit = "bogo-ops/s";
		s->better = KP_HIGHER;
	} else if (strcmp(s->job, "sysbenchcpu") == 0) {
		/* events/sec-4 (or events-sec-4) at 4 threads */
		if ((strncmp(op, "events/sec-", 11) && strncmp(op, "events-sec-", 11)) ||
		    (s->conc = tailnum(op, &d)) < 1 || d != op + 10)
			goto nop;
		s->suite = "sysbench";
		s->bench = s->test = "cpu";
		s->op = "events";
		s->metric = s->unit = "events/s";
		s->better = KP_HIGHER;
	} else if (strcmp(s->job, "sysbenchmutex") == 0) {
		/* latency-4: the 95th percentile at 4 threads */
		if (strncmp(op, "latency-", 8) || (s->conc = tailnum(op, &d)) < 1 || d != op + 7)
			goto nop;
		s->suite = "sysbench";
		s->bench = s->test = s->op = "mutex";
		s->metric = "latency-p95";
		s->unit = "ms";
		s->better = KP_LOWER;
	} else {
		/* unixbench, for one, numbers every sample 0 and names its
		 * test only in the command */
		*why = "a benchmark whose per-sample names kp cannot take back to "
		    "its measurements";
		kp_lkft_free(s);
		return -1;
	}
	if (s->rep < 1) {
		*why = "sample numbers start at 1";
		kp_lkft_free(s);
		return -1;
	}
	return 0;
nop:
	*why = "an operation name this benchmark does not give";
	kp_lkft_free(s);
	return -1;
}

void
kp_lkft_free(kp_lkft *s)
{
	free(s->buf);
	memset(s, 0, sizeof(*s));
}
