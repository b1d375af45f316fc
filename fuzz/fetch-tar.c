/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fetch-tar.c: kp-fetch on an archive (tar, any compression libarchive
 * reads): entries with hostile names, links out of the archive, sparse
 * members.  Each input goes into a fresh store; what is fetched must pass
 * kp-fetch --verify, and a refusal is a message, not a crash. */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "../tools/kp-fetch/fetch.h"
#include "fuzz.h"

void fetch_tar(struct fetch *f, const char *file);
int store_verify(struct fetch *f, const char *dir, int clean);

static char tar[PATH_MAX], store[PATH_MAX];
static struct fetch fetch;

static int
run(int argc, char **argv)
{
	struct fetch *f = &fetch;

	(void)argc;
	(void)argv;
	f->nerrors = 0;
	f->nrecords = f->nlost = 0;
	budget_start(f);
	store_open(f, store, 1);
	fetch_tar(f, tar);
	store_close(f);
	f->nerrors = 0;
	if (store_verify(f, store, 0) != 0)
		fz_fail("the store fails --verify after fetching");
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[] = { "kp-fetch", NULL };
	const char *dir = fz_dir();

	if (!fetch.buf) {
		fetch.opt.maxsize = 1 << 20;	/* what a fuzzer's archive expands to */
		fetch.opt.timeout = 5;
		fetch.opt.maxtotal = 4 << 20;
		fetch.opt.maxpages = 1;
		fetch.opt.deadline = 60;
		fetch.out = open("/dev/null", O_WRONLY | O_CLOEXEC);
		fetch.buf = emalloc(BUFSZ);
	}
	fz_clean(dir);
	snprintf(tar, sizeof(tar), "%s/in.tar", dir);
	snprintf(store, sizeof(store), "%s/store", dir);
	fz_write(tar, data, size);
	fz_call(run, argv);
	return 0;
}
