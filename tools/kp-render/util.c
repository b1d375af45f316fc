/* util.c: ordering and naming shared by the formats */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"

/* room for element n of an array whose capacity is the power of 2 at
 * or above n */
void *
grow(void *p, size_t n, size_t size)
{
	if (n & (n - 1))
		return p;
	return ereallocarray(p, n ? 2 * n : 1, size);
}

int
lookup(const char *s, const char *const *names, int n)
{
	int i;

	for (i = 0; s && i < n; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

void
list_add(List *l, int i)
{
	l->v = grow(l->v, l->n, sizeof(*l->v));
	l->v[l->n++] = i;
}

static int
byname(const Cmp *a, const Cmp *b)
{
	int r;

	if ((r = strcmp(a->base_exp, b->base_exp)) ||
	    (r = strcmp(a->target_exp, b->target_exp)) ||
	    (r = strcmp(a->suite, b->suite)) ||
	    (r = strcmp(a->bench, b->bench)) ||
	    (r = strcmp(a->test, b->test)) ||
	    (r = strcmp(a->op, b->op)) ||
	    (r = strcmp(a->metric, b->metric)))
		return r;
	return (a->conc > b->conc) - (a->conc < b->conc);
}

static int
byname_q(const void *a, const void *b)
{
	return byname(*(const Cmp *const *)a, *(const Cmp *const *)b);
}

/* the class in its usual order, then the worst severity, the highest
 * score and the largest change first; names break ties so that the same
 * records always print in the same order */
static int
byseverity_q(const void *pa, const void *pb)
{
	const Cmp *a = *(const Cmp *const *)pa, *b = *(const Cmp *const *)pb;
	double sa = isnan(a->score) ? -1 : a->score;
	double sb = isnan(b->score) ? -1 : b->score;
	double ca = isnan(a->change) ? 0 : fabs(a->change);
	double cb = isnan(b->change) ? 0 : fabs(b->change);

	if (a->cls != b->cls)
		return a->cls - b->cls;
	if (a->sev != b->sev)
		return a->sev - b->sev;
	if (sa != sb)
		return sa < sb ? 1 : -1;
	if (ca != cb)
		return ca < cb ? 1 : -1;
	return byname(a, b);
}

static const Cmp **
sorted(const Report *r, int (*cmp)(const void *, const void *))
{
	const Cmp **v = emalloc((r->ncmp + 1) * sizeof(*v));
	size_t i;

	for (i = 0; i < r->ncmp; i++)
		v[i] = &r->cmp[i];
	if (r->ncmp)
		qsort(v, r->ncmp, sizeof(*v), cmp);
	return v;
}

const Cmp **
by_severity(const Report *r)
{
	return sorted(r, byseverity_q);
}

const Cmp **
by_name(const Report *r)
{
	return sorted(r, byname_q);
}

size_t
measurement(char *buf, size_t sz, const Cmp *c)
{
	int n = snprintf(buf, sz, "%s/%s/%s[%s%s%s]", c->suite, c->bench,
	    c->test, c->op, *c->metric ? " " : "", c->metric);

	return n < 0 ? 0 : (size_t)n;
}

/* Names come from benchmark output: an escape sequence in one must not
 * reach a terminal.  C0 controls, DEL and the UTF-8 encoded C1 controls
 * (U+0080..U+009F, which some terminals obey) are removed. */
char *
strip_controls(char *s)
{
	unsigned char *r = (unsigned char *)s, *w = r;

	if (!s)
		return s;
	while (*r) {
		if (*r < 0x20 || *r == 0x7f) {
			r++;
		} else if (r[0] == 0xc2 && r[1] >= 0x80 && r[1] <= 0x9f) {
			r += 2;
		} else {
			*w++ = *r++;
		}
	}
	*w = '\0';
	return s;
}

void
strip_report(Report *r)
{
	size_t i, j;

	for (i = 0; i < r->ncmp; i++) {
		Cmp *c = &r->cmp[i];
		char *f[] = { c->key, c->suite, c->bench, c->test, c->op,
			c->metric, c->unit, c->base_kernel, c->target_kernel,
			c->base_exp, c->target_exp, c->severity,
			c->reason, c->method };

		for (j = 0; j < KP_LEN(f); j++)
			strip_controls(f[j]);
	}
	for (i = 0; i < r->nsys; i++) {
		Sys *s = &r->sys[i];
		char *f[] = { s->suite, s->bench, s->test, s->op, s->metric,
			s->base_kernel, s->target_kernel, s->base_exp,
			s->target_exp, s->direction, s->combine_method };

		for (j = 0; j < KP_LEN(f); j++)
			strip_controls(f[j]);
		for (j = 0; j < s->nsev; j++)
			strip_controls(s->sevname[j]);
	}
	for (i = 0; i < r->nrun; i++) {
		strip_controls(r->run[i].f[RF_host]);
		strip_controls(r->run[i].f[RF_cpu_model]);
		strip_controls(r->run[i].f[RF_kernel]);
	}
}

size_t
utf8_width(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n;
}
