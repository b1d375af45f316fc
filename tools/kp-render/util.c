/* SPDX-License-Identifier: GPL-2.0-or-later */
/* util.c: ordering and naming shared by the formats */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"

const char *
class_name(int cls)
{
	return cls == KP_NCLASS ? "unclassified" : kp_word(&kp_class_v, cls);
}

const char *
sev_name(int sev)
{
	return kp_word(&kp_severity_v, sev);
}

void
list_add(List *l, int i)
{
	l->v = kp_grow(l->v, l->n, sizeof(*l->v));
	l->v[l->n++] = i;
}

static int byname(const Cmp *x, const Cmp *y);

static int
byname_q(const void *a, const void *b)
{
	return byname(*(const Cmp *const *)a, *(const Cmp *const *)b);
}

/* the class in its usual order, then the worst severity, the highest
 * score and the largest change first; names break ties so that the same
 * records always print in the same order */
void
sevkey_of(SevKey *k, const Cmp *c)
{
	const CmpRec *a = &c->rec;

	k->cls = c->cls;
	k->sev = c->sev;
	k->score = isnan(a->score) ? -1 : a->score;
	k->change = isnan(a->change_pct) ? 0 : fabs(a->change_pct);
	k->base_exp = a->base_exp;
	k->target_exp = a->target_exp;
	k->suite = a->suite;
	k->bench = a->bench;
	k->test = a->test;
	k->op = a->op;
	k->metric = a->metric;
	k->conc = a->conc;
}

static int
namecmp(const SevKey *a, const SevKey *b)
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

int
sevkey_cmp(const SevKey *a, const SevKey *b)
{

	if (a->cls != b->cls)
		return a->cls - b->cls;
	if (a->sev != b->sev)
		return a->sev - b->sev;
	if (a->score != b->score)
		return a->score < b->score ? 1 : -1;
	if (a->change != b->change)
		return a->change < b->change ? 1 : -1;
	return namecmp(a, b);
}

/* by names alone: the experiments, the measurement and the level */
static int
byname(const Cmp *x, const Cmp *y)
{
	SevKey a, b;

	sevkey_of(&a, x);
	sevkey_of(&b, y);
	return namecmp(&a, &b);
}

static int
byseverity_q(const void *pa, const void *pb)
{
	SevKey a, b;

	sevkey_of(&a, *(const Cmp *const *)pa);
	sevkey_of(&b, *(const Cmp *const *)pb);
	return sevkey_cmp(&a, &b);
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
cmps_by_severity(const Report *r)
{
	return sorted(r, byseverity_q);
}

const Cmp **
cmps_by_name(const Report *r)
{
	return sorted(r, byname_q);
}

size_t
measurement_name(char *buf, size_t sz, const CmpRec *c)
{
	int n = snprintf(buf, sz, "%s/%s/%s[%s%s%s]", c->suite, c->bench,
	    c->test, c->op, *c->metric ? " " : "", c->metric);

	return n < 0 ? 0 : (size_t)n;
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

int
cpu_starved(const CmpRec *c, double *pct)
{
	if (c->interference != 1 || !isfinite(c->cpu_share_ratio))
		return 0;
	/* the starved side's share in percent of the other's */
	*pct = c->starved_side == KP_SIDE_BASE ? 100 / c->cpu_share_ratio :
	    100 * c->cpu_share_ratio;
	return 1;
}

size_t
cpu_text(char *buf, size_t sz, const CmpRec *c)
{
	double pct;
	int base = c->starved_side == KP_SIDE_BASE;

	if (cpu_starved(c, &pct))
		return (size_t)snprintf(buf, sz, base ?
		    "starved? baseline's CPU share %.0f%% of target's%s" :
		    "starved? CPU share %.0f%% of baseline%s", pct,
		    c->cpu_cause == KP_CAUSE_OTHER_TASKS ? ", other tasks ran" : "");
	if (!(c->caveats >> KP_CAV_CPU_IDLE & 1) || !isfinite(c->cpu_share_ratio))
		return 0;
	return (size_t)snprintf(buf, sz, "less CPU, CPUs idle: %s's share %.0f%% of %s's",
	    base ? "baseline" : "target", base ? 100 / c->cpu_share_ratio :
	    100 * c->cpu_share_ratio, base ? "target" : "baseline");
}

size_t
noise_text(char *buf, size_t sz, const CmpRec *c)
{
	if (!(c->caveats >> KP_CAV_NOISE_ASSUMED & 1) || !isfinite(c->run_sd_pct))
		return 0;
	return (size_t)snprintf(buf, sz, "run noise assumed %g%% (no reruns, no history)",
	    round(c->run_sd_pct * 10) / 10);
}

size_t
noise_assumed(const Report *r)
{
	return r->tally.assumed;
}

int
noise_kind(const CmpRec *c)
{
	if (c->caveats >> KP_CAV_NOISE_ASSUMED & 1)
		return 0;
	if (c->run_sd_source == KP_SD_RERUNS)
		return 1;
	if (c->run_sd_source == KP_SD_HISTORY)
		return 2;
	if (c->one_run == 0 && !isnan(c->p))
		return 3;
	return -1;
}

const char noise_hint[] = "learn it from reruns: run the baseline kernel "
    "again and give both runs as the baseline, or keep a history "
    "(kp-trend)";

int
shown_interval(const CmpRec *c, double *lo, double *hi, double *level)
{
	if (isfinite(c->decided_low_pct) && isfinite(c->decided_high_pct)) {
		*lo = c->decided_low_pct;
		*hi = c->decided_high_pct;
		*level = isfinite(c->decided_level) ? 100 * c->decided_level : 95;
		return 1;
	}
	if (isfinite(c->ci_low_pct) && isfinite(c->ci_high_pct)) {
		*lo = c->ci_low_pct;
		*hi = c->ci_high_pct;
		*level = 95;
		return 1;
	}
	return 0;
}

/* lib's, so that every report and tool shows a value in one form */
void
fmt_si(char *buf, size_t sz, double v)
{
	kp_fmt_si(buf, sz, v);
}

/* kp-classify's rules (why), in words */
static const char *const whytext[KP_NWHY] = {
	[KP_WHY_TOO_FEW_SAMPLES] = "too few samples to test",
	[KP_WHY_SIGNIFICANT] = "significant, change past the minimum",
	[KP_WHY_SMALL_EFFECT] = "significant, small effect",
	[KP_WHY_CHANGE_BELOW_MIN] = "significant, change below the minimum",
	[KP_WHY_CI_WITHIN_MIN] = "not significant, interval within the minimum",
	[KP_WHY_CI_WIDE] = "not significant, interval wide",
	[KP_WHY_SR_NO_CHANGE] = "no change to widen",
	[KP_WHY_SR_BEYOND_NOISE] = "significant, change past the run noise",
	[KP_WHY_SR_WITHIN_MIN] = "interval with run noise within the minimum",
	[KP_WHY_SR_WIDE_SIGNIFICANT] = "significant, interval with run noise "
	    "beyond the minimum",
	[KP_WHY_SR_WIDE] = "not significant, interval with run noise beyond "
	    "the minimum",
	[KP_WHY_RESOLUTION_LIMITED] = "resolution limited: inside one bucket",
	[KP_WHY_GATE_WITHIN] = "gate: change within the threshold",
	[KP_WHY_GATE_SIGNIFICANT] = "gate: significant, change past the threshold",
	[KP_WHY_GATE_NOT_SIGNIFICANT] = "gate: not significant, change past the "
	    "threshold",
	[KP_WHY_GATE_THRESHOLD_ONLY] = "gate: change past the threshold",
	[KP_WHY_GATE_SR_PAST] = "gate: interval with run noise past the threshold",
	[KP_WHY_GATE_SR_NOT_PAST] = "gate: interval with run noise not past the "
	    "threshold",
};

const char *
why_text(int why)
{
	return why >= 0 && why < KP_NWHY ? whytext[why] : kp_word(&kp_why_v, why);
}

/* An uncertain comparison whose test was not significant: q not below
 * kp-classify's alpha, as its significant says.  A record written before
 * kp-classify typed it says so only by its rule: ci-wide, single-run-wide
 * (which a significant but small change also has) or
 * gate-not-significant. */
int
not_significant(const CmpRec *c)
{
	if (c->class != KP_UNCERTAIN)
		return 0;
	if (kp_has_get(&c->has, KP_CMP_SIGNIFICANT) && c->significant >= 0)
		return !c->significant;
	return c->why == KP_WHY_CI_WIDE || c->why == KP_WHY_SR_WIDE ||
	    c->why == KP_WHY_GATE_NOT_SIGNIFICANT;
}

void
reason_render(kp_cmp *c)
{
	char buf[320];

	/* significant: written by a kp-classify that types every fact
	 * of its reason */
	if (!kp_has_get(&c->has, KP_CMP_SIGNIFICANT) ||
	    kp_cmp_reason(c, buf, sizeof(buf)) < 0)
		return;
	free(c->reason);
	c->reason = estrdup(buf);
}

double
gate_threshold(const Report *r)
{
	const Tally *t = &r->tally;

	if (!isnan(r->threshold))
		return r->threshold;
	/* over every comparison read (tally.c); classified at several:
	 * none to say */
	return t->nthreshold == 0 || t->mixed ? NAN : t->threshold;
}
