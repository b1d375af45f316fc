/* SPDX-License-Identifier: GPL-2.0-or-later */
/* modal.c: kp-stats' multimodal flag on the sides of a comparison, for
 * every format: kp-compare copies it into the cmp record
 * (base_multimodal, target_multimodal), so that the reports need no stat
 * records; a cmp record without it is looked up in the stat records of
 * its groups (base_groups, target_groups).  kp-render never recomputes
 * it. */
#include "kp.h"
#include "render.h"

int
modal_side(const Report *r, const CmpRec *c, int side)
{
	const kp_strs *groups;
	const Group *g;
	size_t i;
	int known = 0, f = side ? KP_CMP_TARGET_MULTIMODAL : KP_CMP_BASE_MULTIMODAL;

	if (kp_has_get(&c->has, f) && (side ? c->target_multimodal :
	    c->base_multimodal) >= 0)
		return side ? c->target_multimodal : c->base_multimodal;
	/* an older record's are its side's one group (kp_rec_upgrade) */
	groups = side ? &c->target_groups : &c->base_groups;
	for (i = 0; i < groups->n; i++) {
		if (!(g = index_group(r, groups->v[i])) || g->multimodal < 0)
			continue;
		if (g->multimodal)
			return 1;
		known = 1;
	}
	return known ? 0 : -1;
}

const char *
modal_sides(const Report *r, const CmpRec *c)
{
	int b = modal_side(r, c, 0) == 1, t = modal_side(r, c, 1) == 1;

	return b && t ? "both sides" : b ? "baseline" : t ? "target" : NULL;
}
