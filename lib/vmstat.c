/* SPDX-License-Identifier: GPL-2.0-or-later */
/* vmstat.c: which /proc/vmstat fields are levels.
 *
 * /proc/vmstat prints the kernel's zone and node state items, the
 * writeback thresholds, then the event counters (mm/vmstat.c,
 * vmstat_text).  The state items (nr_free_pages, nr_dirty, ...) are
 * levels that go up and down; the events (pgfault, pgscan_kswapd, ...)
 * only count up since boot.  The names do not say it alone: a few node
 * items named nr_* count events (nr_dirtied, nr_written,
 * nr_vmscan_write, nr_vmscan_immediate_reclaim, nr_throttled_written,
 * nr_foll_pin_acquired, nr_foll_pin_released), the TLB flush events are
 * named nr_tlb_*, and workingset_nodes is a level among the workingset_*
 * events.  A level's change over a benchmark is not a rate. */
#include <string.h>

#include "rec.h"

int
kp_vmstat_level(const char *name)
{
	static const char *const events[] = {
		"nr_dirtied", "nr_written", "nr_vmscan_write",
		"nr_vmscan_immediate_reclaim", "nr_throttled_written",
		"nr_foll_pin_acquired", "nr_foll_pin_released",
	};
	size_t i;

	if (strcmp(name, "workingset_nodes") == 0)
		return 1;
	if (strncmp(name, "nr_", 3) != 0 || strncmp(name, "nr_tlb_", 7) == 0)
		return 0;
	for (i = 0; i < KP_LEN(events); i++)
		if (strcmp(name, events[i]) == 0)
			return 0;
	return 1;
}
