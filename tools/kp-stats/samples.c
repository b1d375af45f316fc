/* SPDX-License-Identifier: GPL-2.0-or-later */
/* samples.c: the samples held, in blocks of 2 MiB that never move or
 * grow.  Each block is asked of the kernel as one huge page: a shard of
 * 20 million samples faults in 2 MiB at a time, not 4 kB, and reading
 * each group's chain, which jumps across the inputs' samples, misses
 * the TLB far less (a miss costs most in a virtual machine).  One array
 * grown by realloc did not keep its huge pages when moved, and held up
 * to twice the samples' memory with them. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "kp-stats.h"

Sample *
sample_new(Stats *st)
{
	const size_t bytes = SBLOCK * sizeof(Sample);
	Sample *b;

	/* a sample's index is 32 bits, as in its group's chain */
	if (st->ns == NOSAMPLE)
		kp_die("more than %lu samples in one process; expected fewer "
		    "(-s splits them)", (unsigned long)NOSAMPLE - 1);
	if (st->ns % SBLOCK == 0) {
		if (!(b = aligned_alloc(bytes, bytes)))
			kp_die("aligned_alloc %zu bytes: %s", bytes, strerror(errno));
		/* advice only: a kernel without huge pages says no */
		(void)madvise(b, bytes, MADV_HUGEPAGE);
		st->blk = kp_grow(st->blk, st->nblk, sizeof(*st->blk));
		st->blk[st->nblk++] = b;
	}
	return samp(st, (uint32_t)st->ns++);
}
