/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cpu.c: the share of the machine each side of a comparison gave its
 * benchmark, from the runstat records of its runs, and whether a side
 * was starved (kp-classify(1), Interference). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "kp.h"
#include "rec.h"
#include "strmap.h"
#include "classify.h"

void
cpu_read(Classify *c, kp_json *d)
{
	static const kp_has want = { { 1u << KP_RUNSTAT_RUN | 1u << KP_RUNSTAT_JOB |
	    1u << KP_RUNSTAT_USER_S | 1u << KP_RUNSTAT_SYS_S |
	    1u << KP_RUNSTAT_ELAPSED_S | 1u << KP_RUNSTAT_SCHEDSTAT, 0 } };
	kp_runstat x;
	double queued = NAN;
	size_t k;
	int isnew;

	kp_rec_read(d, &kp_runstat_t, &x, &want, &c->rsix);
	if (isnan(x.user_s) || isnan(x.sys_s) || !(x.elapsed_s > 0)) {
		kp_rec_free(&kp_runstat_t, &x);
		return;
	}
	/* the run time of every task on the CPUs, in ns (schedstat 15 on) */
	for (k = 0; k < x.schedstat.n; k++)
		if (strcmp(x.schedstat.name[k], "rq_cpu_time") == 0)
			queued = (double)x.schedstat.v[k] / 1e9;
	k = kp_strmap_addv(c->cpumap, &isnew, x.run, x.job, NULL);
	if (isnew) {
		c->cpufirst = kp_grow(c->cpufirst, k, sizeof(*c->cpufirst));
		c->cpulast = kp_grow(c->cpulast, k, sizeof(*c->cpulast));
		c->cpufirst[k] = c->ncpus;
	} else
		c->cpus[c->cpulast[k]].next = c->ncpus;
	c->cpulast[k] = c->ncpus;
	c->cpus = kp_grow(c->cpus, c->ncpus, sizeof(*c->cpus));
	c->cpus[c->ncpus].cpu = x.user_s + x.sys_s;
	c->cpus[c->ncpus].elapsed = x.elapsed_s;
	c->cpus[c->ncpus].queued = queued;
	c->cpus[c->ncpus++].next = SIZE_MAX;
	kp_rec_free(&kp_runstat_t, &x);
}

/* The share of the machine a side's runs gave the job: CPU seconds over
 * wall-clock seconds, summed over its runs and iterations; NAN unless every
 * run has its runstat.  A share, not CPU time, because a fixed-work
 * benchmark on a faster kernel needs less CPU time without being starved,
 * while a fixed-time one that is starved gets less in the same time. */
static double
sideshare(const Classify *c, const kp_strs *runs, const char *job, double *others)
{
	double cpu = 0, el = 0, q = 0;
	size_t i, r;
	long k;

	*others = NAN;
	for (r = 0; r < runs->n; r++) {
		if ((k = kp_strmap_findv(c->cpumap, runs->v[r], job, NULL)) < 0)
			return NAN;
		for (i = c->cpufirst[k]; i != SIZE_MAX; i = c->cpus[i].next) {
			cpu += c->cpus[i].cpu;
			el += c->cpus[i].elapsed;
			q += c->cpus[i].queued;
		}
	}
	if (!runs->n || !(el > 0))
		return NAN;
	/* what the other tasks ran, in CPUs: every task's run time less
	 * the benchmark's own; NAN when a run has no schedstat */
	if (!isnan(q))
		*others = fmax(0, q - cpu) / el;
	return cpu / el;
}

/*
 * Both sides' CPU shares.  A side whose benchmark got less than
 * interference_ratio of the other's share was starved, and a starved
 * side looks like a change either way: a slower target, or a faster
 * target against a starved baseline.  Where its CPU went decides what
 * it is: other tasks' run time (schedstat's rq_cpu_time less the
 * benchmark's own) that grew by half the benchmark's loss or more is
 * interference; CPUs left idle instead are the kernel's own doing (a
 * scheduler that leaves work waiting), a change, not interference;
 * without schedstat on both sides the records cannot tell, and it stays
 * interference of unknown cause.  Returns o->interference.
 */
int
cpu_check(const Classify *c, const kp_cmp *x, kp_cmp *o)
{
	double lost, gained;
	int t;

	o->cpu_share_base = sideshare(c, &x->base_runs, x->job, &o->others_share_base);
	o->cpu_share_target = sideshare(c, &x->target_runs, x->job,
	    &o->others_share_target);
	o->cpu_share_ratio = o->cpu_share_base > 0 && !isnan(o->cpu_share_target) ?
	    o->cpu_share_target / o->cpu_share_base : NAN;
	o->starved_side = o->cpu_cause = -1;
	o->interference = 0;
	if (o->cpu_share_ratio < c->cf.interference_ratio)
		o->starved_side = KP_SIDE_TARGET;
	else if (o->cpu_share_ratio * c->cf.interference_ratio > 1)
		o->starved_side = KP_SIDE_BASE;
	else
		return 0;
	t = o->starved_side == KP_SIDE_TARGET;
	lost = t ? o->cpu_share_base - o->cpu_share_target :
	    o->cpu_share_target - o->cpu_share_base;
	gained = t ? o->others_share_target - o->others_share_base :
	    o->others_share_base - o->others_share_target;
	if (isnan(gained))
		o->cpu_cause = KP_CAUSE_UNKNOWN;
	else if (gained >= lost / 2)
		o->cpu_cause = KP_CAUSE_OTHER_TASKS;
	else
		o->cpu_cause = KP_CAUSE_IDLE;
	if (o->cpu_cause == KP_CAUSE_IDLE) {
		o->caveats |= 1u << KP_CAV_CPU_IDLE;
		return 0;
	}
	o->caveats |= 1u << KP_CAV_INTERFERENCE;
	return o->interference = 1;
}
