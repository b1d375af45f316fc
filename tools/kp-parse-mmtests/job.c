/* SPDX-License-Identifier: GPL-2.0-or-later */
/* job.c: what the benchmark parsers share: numbers and fields of log
 * lines, samples and strings owned by a job, and how bad input is
 * reported. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pm.h"

int
job_parse_long(const char *s, size_t n, long *out)
{
	char buf[32], *e;

	if (n == 0 || n >= sizeof(buf) || !isdigit((unsigned char)s[0]))
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	errno = 0;
	*out = strtol(buf, &e, 10);
	return *e || errno ? -1 : 0;
}

const char *
job_field(const char *s, int nth, size_t *len)
{
	for (;;) {
		s += strspn(s, " \t");
		if (!*s)
			return NULL;
		*len = strcspn(s, " \t");
		if (nth-- == 0)
			return s;
		s += *len;
	}
}

int
job_getlong(const char *s, long *v)
{
	size_t n;
	const char *t = job_field(s, 0, &n);

	return t ? job_parse_long(t, n, v) : -1;
}

const char *
job_strn(job *j, const char *s, size_t n)
{
	size_t i;

	for (i = j->nstrs; i-- > 0; )
		if (strlen(j->strs[i]) == n && !strncmp(j->strs[i], s, n))
			return j->strs[i];
	j->strs = kp_grow(j->strs, j->nstrs, sizeof(*j->strs));
	return j->strs[j->nstrs++] = estrndup(s, n);
}

const char *
job_str(job *j, const char *s)
{
	return job_strn(j, s, strlen(s));
}

sample *
job_add(job *j, const vfile *f, long line, double value)
{
	sample *s;
	char buf[PATH_MAX + 32];

	j->s = kp_grow(j->s, j->n, sizeof(*j->s));
	s = &j->s[j->n++];
	memset(s, 0, sizeof(*s));
	s->value = value;
	snprintf(buf, sizeof(buf), "%s:%ld", f->shown, line);
	s->src = estrdup(buf);
	return s;
}

void
job_bad_input(const vfile *f, long line, long col, const char *then, const char *fmt, va_list ap)
{
	char msg[1024];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (!f->t->keep)
		kp_die_at(f->shown, line, col, "%s", msg);
	kp_warn_at(f->shown, line, col, "%s; %s", msg, then);
}

void
job_bad(job *j, const vfile *f, long line, long col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	job_bad_input(f, line, col, "skipped", fmt, ap);
	va_end(ap);
	j->partial = 1;
}

void
job_warn(job *j, const vfile *f, long line, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	kp_warn_at(f->shown, line, 0, "%s", msg);
	j->partial = 1;
}

void
job_timed_logs(job *j, const char *prefix, const char *mid, const char *suffix)
{
	const vfile *fl;
	const char *base, *dash;
	char want[512];
	size_t nf, i;

	fl = vt_list(j->t, j->logs, &nf);
	for (i = 0; i < nf; i++) {
		base = vt_base(&fl[i]);
		if (strncmp(base, "time-", 5) != 0 || !(dash = strrchr(base, '-')) ||
		    dash == base + 4)
			continue;
		snprintf(want, sizeof(want), "%s%.*s%s%s%s", prefix,
		    (int)(dash - base - 5), base + 5, mid, dash + 1, suffix);
		if (!vt_find(j->t, j->logs, want))
			job_warn(j, &fl[i], 0, "no %s beside it: the samples of "
			    "this run of the benchmark are missing", want);
	}
	free((void *)fl);
}

int
job_num(job *j, const vtext *x, const char *line, const char *s, size_t n, double *out)
{
	char buf[64], *e;

	if (n > 0 && n < sizeof(buf)) {
		memcpy(buf, s, n);
		buf[n] = '\0';
		errno = 0;
		*out = strtod(buf, &e);
		if (!*e && e != buf && !errno && (isdigit((unsigned char)buf[0]) ||
		    ((buf[0] == '-' || buf[0] == '.') && (isdigit((unsigned char)buf[1]) || buf[1] == '.'))))
			return 0;
	}
	job_bad(j, x->vf, x->line, (long)(s - line) + 1,
	    "\"%.*s\" is not a number, expected the benchmark's value here", (int)(n > 40 ? 40 : n), s);
	return -1;
}

char *
job_commands_params(job *j, const char *opt)
{
	const vfile *f;
	vtext x;
	char *line, *out = NULL, *p;
	size_t olen = 0, n, ol = opt ? strlen(opt) : 0, k;
	const char *w;
	int nextn, i;
	char buf[4096];

	if (!(f = vt_find(j->t, j->logs, "commands.log")) || vt_load(f, &x) < 0)
		return estrdup("");
	while ((line = vt_line(&x, NULL))) {
		k = 0;
		nextn = 0;
		for (i = 0; (w = job_field(line, i, &n)); i++) {
			if (k)
				buf[k++] = ' ';
			if (k + n + 2 >= sizeof(buf))
				break;
			if (nextn && job_parse_long(w, n, &(long){0}) == 0) {
				buf[k++] = 'N';
			} else if (ol && opt[ol - 1] == '=' && (p = memmem(w, n, opt, ol)) &&
			    job_parse_long(p + ol, n - (p + ol - w), &(long){0}) == 0) {
				memcpy(buf + k, w, p + ol - w);
				k += p + ol - w;
				buf[k++] = 'N';
			} else {
				memcpy(buf + k, w, n);
				k += n;
			}
			nextn = ol && n == ol && !strncmp(w, opt, n);
		}
		buf[k] = '\0';
		if (!k)
			continue;
		/* one command per concurrency level and iteration: keep each once */
		if (out) {
			for (p = out; p; p = strstr(p, "; ")) {
				if (p != out)
					p += 2;
				if (!strncmp(p, buf, k) && (!p[k] || !strncmp(p + k, "; ", 2)))
					break;
				if (p == out && !strstr(p, "; ")) {
					p = NULL;
					break;
				}
			}
			if (p)
				continue;
		}
		out = erealloc(out, olen + k + 3);
		if (olen) {
			memcpy(out + olen, "; ", 2);
			olen += 2;
		}
		memcpy(out + olen, buf, k + 1);
		olen += k;
	}
	vt_done(&x);
	return out ? out : estrdup("");
}