/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmprec.c: a cmp record as kp-render holds it (render.h's CmpRec): the
 * fields a format shows, moved out of the kp_cmp lib read it into */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"

/* a pointer moved: the kp_cmp no longer frees it */
#define MOVE(f) (m->f = c->f, c->f = NULL)
#define MOVES(f) (m->f = c->f, memset(&c->f, 0, sizeof(c->f)))
#define COPY(f) (m->f = c->f)

void
cmprec_take(CmpRec *m, kp_cmp *c)
{
	memset(m, 0, sizeof(*m));
	m->one_run = kp_cmp_single_run(c);
	COPY(has);
	MOVE(key); MOVE(job); MOVE(suite); MOVE(bench); MOVE(test); MOVE(op);
	MOVE(metric); MOVE(unit); MOVE(base_kernel); MOVE(target_kernel);
	MOVE(base_exp); MOVE(target_exp); MOVE(reason); MOVE(since);
	MOVE(still_in); MOVE(fixed_in); MOVE(triage_link);
	MOVES(base_runs); MOVES(target_runs); MOVES(base_groups);
	MOVES(target_groups); MOVES(subsystem);
	COPY(conc); COPY(n_base); COPY(n_target); COPY(need_n);
	COPY(base_median); COPY(target_median); COPY(base_mean);
	COPY(target_mean); COPY(base_cv); COPY(target_cv); COPY(change_pct);
	COPY(ci_low_pct); COPY(ci_high_pct); COPY(p); COPY(q); COPY(hedges_g);
	COPY(cliffs_delta); COPY(score); COPY(run_sd_pct);
	COPY(cpu_share_ratio); COPY(decided_low_pct); COPY(decided_high_pct);
	COPY(decided_level); COPY(run_sd_df); COPY(min_change_pct);
	COPY(min_effect); COPY(max_cv); COPY(gate_threshold_pct);
	COPY(caveats);
	COPY(better); COPY(base_multimodal); COPY(target_multimodal);
	COPY(obs_level); COPY(single_run); COPY(method); COPY(class);
	COPY(severity); COPY(why); COPY(need_unit); COPY(run_sd_source);
	COPY(interference); COPY(unstable); COPY(starved_side);
	COPY(cpu_cause); COPY(significant); COPY(overruled); COPY(triage);
}

void
cmprec_free(CmpRec *m)
{
	char *s[] = { m->key, m->job, m->suite, m->bench, m->test, m->op,
		m->metric, m->unit, m->base_kernel, m->target_kernel,
		m->base_exp, m->target_exp, m->reason, m->since, m->still_in,
		m->fixed_in, m->triage_link };
	size_t i;

	for (i = 0; i < KP_LEN(s); i++)
		free(s[i]);
	kp_strs_free(&m->base_runs);
	kp_strs_free(&m->target_runs);
	kp_strs_free(&m->base_groups);
	kp_strs_free(&m->target_groups);
	kp_strs_free(&m->subsystem);
}
