/* SPDX-License-Identifier: GPL-2.0-or-later */
/* analyse.c: the change points, transients and drifts of one series, and
 * the places where a family of series changes.
 *
 * A series is worked on in the scale of y: the mean of the logarithms of
 * its units at each kernel (values that are not all positive are worked
 * on as they are, relative to their median).  Each kernel's mean has the
 * variance unit_var / n + kernel_var: the spread of the units inside a
 * kernel, plus what moves all units of a kernel together (a build, a
 * boot, a lab day), estimated from the kernel-to-kernel differences
 * inside the segments found.  See kp-trend(1). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "rec.h"
#include "segment.h"
#include "dist.h"
#include "strmap.h"
#include "trend.h"

#define Z95 1.959963984540054
#define MAD_SD KP_MAD_SD	/* sd / MAD of a normal distribution */

/* min(ndiff) for the kernel-to-kernel variance: below it the units'
 * spread alone is used */
enum { MIN_DIFFS = 7, MAX_PASSES = 6 };

static double
pct(const Series *s, double d, double before)
{
	if (s->logs)
		return 100 * expm1(d);
	return before != 0 ? 100 * d / fabs(before) : NAN;
}

/* y, v's first part and the pooled spread of the units */
static void
unit_stats(Series *s)
{
	double ref = 0, m, ss, x, *tmp, sum = 0, df = 0;
	size_t i, j;

	s->logs = 1;
	for (i = 0; i < s->np; i++)
		for (j = 0; j < s->p[i].nu; j++)
			if (!(s->p[i].u[j] > 0))
				s->logs = 0;
	if (!s->logs) {
		tmp = emalloc(s->np * sizeof(*tmp));
		for (i = 0; i < s->np; i++)
			tmp[i] = kp_mean(s->p[i].u, s->p[i].nu);
		ref = fabs(kp_median_select(tmp, s->np));
		if (!(ref > 0))
			ref = 1;
		free(tmp);
	}
	s->y = emalloc(s->np * sizeof(*s->y));
	s->v = emalloc(s->np * sizeof(*s->v));
	for (i = 0; i < s->np; i++) {
		m = 0;
		for (j = 0; j < s->p[i].nu; j++)
			m += s->logs ? log(s->p[i].u[j]) : s->p[i].u[j] / ref;
		m /= (double)s->p[i].nu;
		ss = 0;
		for (j = 0; j < s->p[i].nu; j++) {
			x = (s->logs ? log(s->p[i].u[j]) : s->p[i].u[j] / ref) - m;
			ss += x * x;
		}
		s->y[i] = m;
		sum += ss;
		df += (double)s->p[i].nu - 1;
	}
	s->unit_df = df;
	s->unit_var = df > 0 ? sum / df : 0;
	if (!s->logs)
		for (i = 0; i < s->np; i++)
			s->y[i] *= ref;	/* back to the values' own scale */
	if (!s->logs)
		s->unit_var *= ref * ref;
}

/* robust variance of a kernel's mean from the successive differences of
 * the kept points idx[0..n) inside each segment, a line's slope taken
 * off: (MAD about 0 of the differences)^2 / 2.  Sets s->ndiff. */
static double
diff_var(Series *s, const size_t *idx, size_t n, const Seg *seg, size_t ns)
{
	double *d = emalloc((n + 1) * sizeof(*d)), slope, r;
	size_t i, j, nd = 0;
	kp_segfit f;
	double *y = emalloc((n + 1) * sizeof(*y)), *w = emalloc((n + 1) * sizeof(*w));

	for (i = 0; i < n; i++) {
		y[i] = s->y[idx[i]];
		w[i] = 1;
	}
	for (j = 0; j < ns; j++) {
		slope = 0;
		if (seg[j].linear) {
			kp_seg_fit(y, w, seg[j].start, seg[j].end, 1, &f);
			slope = f.slope;
		}
		for (i = seg[j].start + 1; i < seg[j].end; i++)
			d[nd++] = fabs(y[i] - y[i - 1] - slope);
	}
	s->ndiff = nd;
	r = nd ? MAD_SD * kp_median_select(d, nd) : NAN;
	free(d);
	free(y);
	free(w);
	return r * r / 2;
}

static int
inside_run(const Series *s)
{
	size_t i;

	for (i = 0; i < s->np; i++)
		if (s->p[i].level > KP_LV_RUN)
			return 1;
	return 0;
}

/* kernel_var from the total variance of a kernel's mean */
static void
set_kernel_var(Series *s, double total, const size_t *idx, size_t n)
{
	double inv = 0;
	size_t i;

	for (i = 0; i < n; i++)
		inv += 1 / (double)s->p[idx[i]].nu;
	/* units inside one run cannot see what moves a whole run: then the
	 * differences are the only measure, however few */
	if (s->ndiff < MIN_DIFFS && s->unit_df > 0 && !inside_run(s))
		s->kernel_var = 0;
	else if (isnan(total))
		s->kernel_var = 0;
	else
		s->kernel_var = fmax(0, total - s->unit_var * inv / (double)n);
}

static double
var_of(const Series *s, size_t i)
{
	return s->unit_var / (double)s->p[i].nu + s->kernel_var;
}

static void
fit(const Series *s, const size_t *idx, const Seg *g, kp_segfit *f)
{
	size_t n = g->end, i;
	double *y = emalloc(n * sizeof(*y)), *w = emalloc(n * sizeof(*w));

	for (i = g->start; i < g->end; i++) {
		y[i] = s->y[idx[i]];
		w[i] = 1 / var_of(s, idx[i]);
	}
	kp_seg_fit(y, w, g->start, g->end, g->linear, f);
	free(y);
	free(w);
}

static void
add_transient(Series *s, size_t i, double level, double lvar)
{
	Transient *t;

	s->t = kp_grow(s->t, s->nt, sizeof(*s->t));
	t = &s->t[s->nt++];
	t->kern = s->p[i].kern;
	t->size = pct(s, s->y[i] - level, level);
	t->z = (s->y[i] - level) / sqrt(var_of(s, i) + lvar);
}

static void
report(Series *s, const size_t *idx, const Seg *seg, size_t ns,
    const unsigned char *famcp, double pen)
{
	kp_segfit *f = emalloc((ns + 1) * sizeof(*f));
	double a, va, b, vb, d, se, lb, l;
	size_t i, j;
	Change *c;

	for (i = 0; i < ns; i++)
		fit(s, idx, &seg[i], &f[i]);
	for (i = 0; i < ns; i++) {
		if (i == 0)
			continue;
		a = kp_segfit_at(&f[i - 1], (double)seg[i - 1].end - 1, &va);
		b = kp_segfit_at(&f[i], (double)seg[i].start, &vb);
		d = b - a;
		se = sqrt(va + vb);
		/* the end of a drift is a step only when it jumps */
		if ((seg[i].linear || seg[i - 1].linear) && d * d / (se * se) < pen)
			continue;
		s->c = kp_grow(s->c, s->nc, sizeof(*s->c));
		c = &s->c[s->nc++];
		c->kern = s->p[idx[seg[i].start]].kern;
		c->before = s->p[idx[seg[i - 1].end - 1]].kern;
		c->size = pct(s, d, a);
		c->abs = s->logs ? exp(b) - exp(a) : d;
		c->lo = pct(s, d - Z95 * se, a);
		c->hi = pct(s, d + Z95 * se, a);
		c->z = d / se;
		c->p = 2 * kp_norm_sf(fabs(c->z));
		c->family = famcp && famcp[c->kern] & FAM_CHANGE;
		c->provisional = i == ns - 1 && seg[i].end - seg[i].start == 1;
		c->reverted = -1;
		lb = a;
		for (j = i + 1; j < ns; j++) {
			l = kp_segfit_at(&f[j], (double)seg[j].start, NULL);
			if ((d > 0 ? l - lb : lb - l) < fabs(d) / 2) {
				c->reverted = (long)s->p[idx[seg[j].start]].kern;
				break;
			}
		}
	}
	free(f);
}

/* segment the kept points idx[0..n) with the current variances */
static size_t
segment(Series *s, const size_t *idx, size_t n, const Settings *set,
    const unsigned char *famcp, int gone, double beta, Seg *seg)
{
	int k;
	double *y = emalloc((n + 1) * sizeof(*y)), *w = emalloc((n + 1) * sizeof(*w));
	double *pen = emalloc((n + 1) * sizeof(*pen));
	size_t i, ns, *start = emalloc((n + 1) * sizeof(*start));

	for (i = 0; i < n; i++) {
		y[i] = s->y[idx[i]];
		w[i] = 1 / var_of(s, idx[i]);
		if (!(w[i] < INFINITY))
			w[i] = 1e300;
		k = famcp ? famcp[s->p[idx[i]].kern] : 0;
		pen[i] = k & FAM_CHANGE || (k & FAM_TRANSIENT && !gone) ?
		    set->fampen : beta;
	}
	ns = kp_seg_optimal(y, w, n, pen, 1, start);
	for (i = 0; i < ns; i++) {
		seg[i].start = start[i];
		seg[i].end = i + 1 < ns ? start[i + 1] : n;
		seg[i].linear = 0;
	}
	free(start);
	free(y);
	free(w);
	free(pen);
	return ns;
}

/* A slow drift makes a staircase of small steps one way.  Each run of
 * two or more steps the same way is fitted as a ramp: a level, a straight
 * line over at least rampmin kernels, another level.  The ramp has two
 * places to choose where the staircase has one per step, and replaces it
 * when that costs less (residuals plus beta per place).  Writes the drift
 * and returns the new number of segments. */
static size_t
ramps(Series *s, const size_t *idx, size_t n, Seg *seg, size_t ns,
    const Settings *set, double beta)
{
	double *y = emalloc((n + 1) * sizeof(*y)), *w = emalloc((n + 1) * sizeof(*w));
	double *lv = emalloc((ns + 1) * sizeof(*lv)), stair, d, se;
	Seg *out = emalloc((2 * ns + 3) * sizeof(*out));
	size_t i, j, k, nout = 0, b0, b1;
	kp_segfit f;
	kp_ramp r;
	Drift *dr;
	int dir;

	for (i = 0; i < n; i++) {
		y[i] = s->y[idx[i]];
		w[i] = 1 / var_of(s, idx[i]);
	}
	for (i = 0; i < ns; i++) {
		kp_seg_fit(y, w, seg[i].start, seg[i].end, 0, &f);
		lv[i] = f.level;
	}
	for (i = 0; i < ns; ) {
		/* the steps b0 .. b1 all go one way */
		b0 = i + 1;
		for (b1 = b0; b1 < ns; b1++) {
			dir = lv[b1] > lv[b1 - 1] ? 1 : -1;
			if (b1 > b0 && dir != (lv[b0] > lv[b0 - 1] ? 1 : -1))
				break;
		}
		b1--;
		if (b0 < ns && b1 >= b0) {
			stair = 0;
			for (k = b0 - 1; k <= b1; k++) {
				kp_seg_fit(y, w, seg[k].start, seg[k].end, 0, &f);
				stair += f.rss;
			}
			stair += beta * (double)(b1 - b0 + 1);
			if (kp_seg_ramp(y, w, seg[b0 - 1].start, seg[b1].end,
			    set->rampmin, &r) == 0 && r.rss + 1.5 * beta < stair) {
				out[nout++] = (Seg){ seg[b0 - 1].start, r.a, 0 };
				out[nout++] = (Seg){ r.a, r.b + 1, 1 };
				out[nout++] = (Seg){ r.b + 1, seg[b1].end, 0 };
				s->d = kp_grow(s->d, s->nd, sizeof(*s->d));
				dr = &s->d[s->nd++];
				dr->first = s->p[idx[r.a]].kern;
				dr->last = s->p[idx[r.b]].kern;
				kp_seg_fit(y, w, seg[b0 - 1].start, r.a, 0, &f);
				d = r.diff;
				se = sqrt(r.var);
				dr->size = pct(s, d, f.level);
				dr->lo = pct(s, d - Z95 * se, f.level);
				dr->hi = pct(s, d + Z95 * se, f.level);
				dr->slope = pct(s, d / (double)(r.b - r.a + 2), f.level);
				i = b1 + 1;
				continue;
			}
		}
		out[nout++] = seg[i++];
	}
	for (j = 0; j < nout; j++)
		seg[j] = out[j];
	free(y);
	free(w);
	free(lv);
	free(out);
	return nout;
}

void
series_analyse(Series *s, const Settings *set, const unsigned char *famcp)
{
	size_t *idx, n, ns = 0, i, j, k, pass, nnew;
	double beta, old, lv, at;
	unsigned char *gone;
	Seg *seg;
	kp_segfit f;

	unit_stats(s);
	/* every series of a kernel moved by its shock (shock.c): tested
	 * against it */
	if (s->logs && set->shock_of)
		for (i = 0; i < s->np; i++)
			s->y[i] -= set->shock_of[s->p[i].kern];
	idx = emalloc((s->np + 1) * sizeof(*idx));
	gone = ecalloc(s->np + 1, 1);
	seg = emalloc((2 * s->np + 3) * sizeof(*seg));
	for (i = 0; i < s->np; i++)
		idx[i] = i;
	n = s->np;
	seg[0] = (Seg){ 0, n, 0 };
	set_kernel_var(s, diff_var(s, idx, n, seg, 1), idx, n);
	beta = set->pen * log(s->np > 3 ? (double)s->np : 3.0);
	for (pass = 0; pass < MAX_PASSES; pass++) {
		ns = segment(s, idx, n, set, famcp, n < s->np, beta, seg);
		/* a lone kernel that is not the newest is a transient: take
		 * it out and segment the rest again */
		nnew = 0;
		for (i = 0; i + 1 < ns; i++)
			if (seg[i].end - seg[i].start == 1 && !seg[i].linear) {
				gone[idx[seg[i].start]] = 1;
				nnew++;
			}
		if (nnew) {
			for (i = j = 0; i < n; i++)
				if (!gone[idx[i]])
					idx[j++] = idx[i];
			n = j;
			/* the new steps are not known yet: one segment */
			seg[0] = (Seg){ 0, n, 0 };
			set_kernel_var(s, diff_var(s, idx, n, seg, 1), idx, n);
			continue;
		}
		old = s->kernel_var;
		set_kernel_var(s, diff_var(s, idx, n, seg, ns), idx, n);
		if (fabs(s->kernel_var - old) <= 1e-3 * (old + s->unit_var))
			break;
	}
	if (pass == MAX_PASSES)	/* settle on the last variance */
		ns = segment(s, idx, n, set, famcp, n < s->np, beta, seg);
	for (i = 0; i < s->np; i++)
		s->v[i] = var_of(s, i);
	ns = ramps(s, idx, n, seg, ns, set, beta);
	report(s, idx, seg, ns, famcp, beta);
	/* the transients, against the level of the segment they sit in */
	for (i = 0; i < s->np; i++) {
		if (!gone[i])
			continue;
		for (k = 0; k + 1 < ns && s->p[idx[seg[k].end - 1]].kern < s->p[i].kern; k++)
			;
		fit(s, idx, &seg[k], &f);
		at = (double)seg[k].start;
		for (j = seg[k].start; j < seg[k].end && s->p[idx[j]].kern < s->p[i].kern; j++)
			at = (double)j;
		add_transient(s, i, kp_segfit_at(&f, at, &lv), lv);
	}
	/* the centres written are the data's */
	if (s->logs && set->shock_of)
		for (i = 0; i < s->np; i++)
			s->y[i] += set->shock_of[s->p[i].kern];
	free(idx);
	free(gone);
	free(seg);
}

/* the family's units at each kernel: each instance's geometric mean over
 * the levels, when it ran every level of that kernel; otherwise one unit,
 * the geometric mean of the levels' means.  Values that are not all
 * positive are not pooled. */
void
family_changes(Series **s, size_t n, size_t nkern, const Settings *set,
    unsigned char *famcp)
{
	Series fam;
	size_t *at = ecalloc(n, sizeof(*at)), k, i, j, m;
	Point *p, *q;
	double sum;
	int all;

	for (i = 0; i < n; i++)
		for (j = 0; j < s[i]->np; j++)
			for (m = 0; m < s[i]->p[j].nu; m++)
				if (!(s[i]->p[j].u[m] > 0)) {
					free(at);
					return;
				}
	memset(&fam, 0, sizeof(fam));
	fam.p = ecalloc(nkern + 1, sizeof(*fam.p));
	for (k = 0; k < nkern; k++) {
		all = 1;
		for (i = 0; i < n; i++) {
			while (at[i] < s[i]->np && s[i]->p[at[i]].kern < k)
				at[i]++;
			if (at[i] == s[i]->np || s[i]->p[at[i]].kern != k)
				all = 0;
		}
		if (!all)
			continue;
		p = &fam.p[fam.np++];
		p->kern = k;
		p->u = emalloc((s[0]->p[at[0]].nu + 1) * sizeof(*p->u));
		for (j = 0; j < s[0]->p[at[0]].nu && s[0]->p[at[0]].inst; j++) {
			sum = log(s[0]->p[at[0]].u[j]);
			for (i = 1; i < n && !isnan(sum); i++) {
				q = &s[i]->p[at[i]];
				for (m = 0; m < q->nu && (!q->inst ||
				    q->inst[m] != s[0]->p[at[0]].inst[j]); m++)
					;
				sum = m < q->nu ? sum + log(q->u[m]) : NAN;
			}
			if (!isnan(sum))
				p->u[p->nu++] = exp(sum / (double)n);
		}
		if (p->nu < 2) {
			sum = 0;
			for (i = 0; i < n; i++)
				sum += log(kp_mean(s[i]->p[at[i]].u, s[i]->p[at[i]].nu));
			p->u[0] = exp(sum / (double)n);
			p->nu = 1;
		}
	}
	free(at);
	if (fam.np >= 3) {
		series_analyse(&fam, set, NULL);
		for (i = 0; i < fam.nc; i++)
			famcp[fam.c[i].kern] |= FAM_CHANGE;
		for (i = 0; i < fam.nt; i++) {
			famcp[fam.t[i].kern] |= FAM_TRANSIENT;
			if (fam.t[i].kern + 1 < nkern)
				famcp[fam.t[i].kern + 1] |= FAM_TRANSIENT;
		}
	}
	for (i = 0; i < fam.np; i++)
		free(fam.p[i].u);
	free(fam.p);
	free(fam.y);
	free(fam.v);
	free(fam.c);
	free(fam.t);
	free(fam.d);
}
