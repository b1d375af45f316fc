/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lab: write a generated nightly lab in kp-records(5) form, as the
 * parsers would: one file per run, its run record, its runstats, then
 * its samples (the order kp-records(5) asks for).
 *
 *   lab [-c] [-k kernels] [-i instances] [-m measurements] [-r reps]
 *       [-s i/n] DIR
 *
 * Kernels are the releases v6.0, v6.1, ... (each compared with the one
 * before); with -c, releases and release candidates alternate, v6.0,
 * v6.1-rc1, v6.1, v6.2-rc1, ... (each compared with the release before
 * it, kp-compare(1)), as a lab that also tests rcs has them.  Each kernel
 * runs once on each instance.  The measurements are spread
 * over 4 jobs of 10 concurrency levels each.  Values are a per-
 * measurement level with 1% noise; about 1 measurement in 500 steps by
 * 10% at some kernel, so there are findings to classify and render.
 * Everything comes from a hash of the indices, so the lab is the same
 * on every machine and for every -s split.  -s i/n writes only the runs
 * whose number is i-1 modulo n, so that make -j can share the work. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct {
	const char *job, *suite, *bench, *metric, *unit, *better;
} jobs[] = {
	{ "wis-futex", "wis", "futex1", "ops", "ops/s", "higher" },
	{ "stressng", "stressng", "context", "bogo-ops", "bogo-ops/s", "higher" },
	{ "sysbench-cpu", "sysbench", "cpu", "events", "events/s", "higher" },
	{ "hackbench-pipes", "hackbench", "pipes", "time", "s", "lower" },
};
#define NJOB (sizeof(jobs) / sizeof(jobs[0]))
#define NCONC 10

/* splitmix64: a value from the indices, without state */
static uint64_t
mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static double
unif(uint64_t a, uint64_t b, uint64_t c)	/* in (0, 1) */
{
	return ((mix(mix(mix(a) ^ b) ^ c) >> 11) + 0.5) / 9007199254740992.0;
}

static double
gauss(uint64_t a, uint64_t b, uint64_t c)
{
	return sqrt(-2 * log(unif(a, b, c))) * cos(6.283185307179586 * unif(c, b, a ^ 7));
}

static void
usage(void)
{
	fputs("usage: lab [-c] [-k kernels] [-i instances] [-m measurements] [-r reps] [-s i/n] DIR\n", stderr);
	exit(2);
}

static long
num(const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v < 1)
		usage();
	return v;
}

int
main(int argc, char *argv[])
{
	long nk = 25, ni = 5, nm = 16000, nr = 5, si = 1, sn = 1, ntest, k, i, m, r, j;
	char path[4096], run[128], kv[32], *slash;
	int rcs = 0;
	uint64_t mi;
	FILE *f;
	int c;

	while ((c = getopt(argc, argv, "ck:i:m:r:s:")) != -1) {
		switch (c) {
		case 'c': rcs = 1; break;
		case 'k': nk = num(optarg); break;
		case 'i': ni = num(optarg); break;
		case 'm': nm = num(optarg); break;
		case 'r': nr = num(optarg); break;
		case 's':
			if (!(slash = strchr(optarg, '/')))
				usage();
			*slash = '\0';
			si = num(optarg);
			sn = num(slash + 1);
			if (si > sn)
				usage();
			break;
		default: usage();
		}
	}
	if (argc - optind != 1)
		usage();
	ntest = (nm + NJOB * NCONC - 1) / (NJOB * NCONC);
	for (k = 0; k < nk; k++)
		for (i = 0; i < ni; i++) {
			long start = 1790000000 + 86400 * k + 600 * i;

			if (rcs && k % 2)
				snprintf(kv, sizeof(kv), "v6.%ld-rc1", (k + 1) / 2);
			else
				snprintf(kv, sizeof(kv), "v6.%ld", rcs ? k / 2 : k);

			if ((k * ni + i) % sn != si - 1)
				continue;
			snprintf(run, sizeof(run), "%s-n%ld@host%ld:%ld", kv, i, i, start);
			snprintf(path, sizeof(path), "%s/%s-host%ld.ndjson", argv[optind], kv, i);
			if (!(f = fopen(path, "w"))) {
				perror(path);
				return 2;
			}
			fprintf(f, "{\"type\":\"run\",\"run\":\"%s\",\"run_name\":\"%s-n%ld\",\"iter\":0,"
			    "\"kernel\":\"%s\",\"kernel_sha\":null,\"host\":\"host%ld\",\"instance\":\"host%ld\","
			    "\"instance_type\":\"lab-2s\",\"arch\":\"x86_64\",\"cpu_model\":\"AMD EPYC 7713\",\"cpus\":128,"
			    "\"cpu_topology\":null,\"mem_kb\":263856000,\"os\":\"Debian 12\","
			    "\"cmdline\":\"BOOT_IMAGE=/boot/vmlinuz-6.%ld root=/dev/sda1 ro\",\"toolchain\":\"gcc 12.2.0\","
			    "\"kconfig_hash\":\"%016llx\",\"framework\":\"mmtests\",\"framework_version\":\"638401e07e70\","
			    "\"start\":%ld,\"finish\":%ld}\n",
			    run, kv, i, kv, i, i, k, (unsigned long long)mix((uint64_t)k), start, start + 20000);
			for (j = 0; j < (long)NJOB; j++)
				fprintf(f, "{\"type\":\"runstat\",\"run\":\"%s\",\"iter\":0,\"job\":\"%s\",\"suite\":\"%s\","
				    "\"params\":\"./%s N\",\"begin\":%ld,\"end\":%ld,\"rc\":0,\"user_s\":%.2f,\"sys_s\":%.2f,"
				    "\"elapsed_s\":%.2f,\"partial\":false}\n", run, jobs[j].job, jobs[j].suite,
				    jobs[j].bench, start + 5000 * j, start + 5000 * j + 4800,
				    2000 + 100 * unif(k, i, j), 300 + 10 * unif(i, k, j), 4800.0);
			for (m = 0; m < nm; m++) {
				long jb = m / (ntest * NCONC), t = m / NCONC % ntest, conc = 1L << (m % NCONC);
				double level, step;

				mi = (uint64_t)m;
				level = 1000 * exp(4 * unif(mi, 1, 2));
				/* a step at kernel sk, for 1 measurement in 500 */
				step = unif(mi, 3, 4) < 0.002 && k >= 1 + (long)(unif(mi, 5, 6) * (nk - 1)) ? 1.1 : 1;
				if (!strcmp(jobs[jb].better, "lower"))
					level /= 1000;
				for (r = 1; r <= nr; r++)
					fprintf(f, "{\"type\":\"sample\",\"run\":\"%s\",\"iter\":0,\"kernel\":\"%s\","
					    "\"instance\":\"host%ld\",\"job\":\"%s\",\"suite\":\"%s\",\"bench\":\"%s\","
					    "\"test\":\"%s-%ld\",\"op\":\"%s\",\"metric\":\"%s\",\"unit\":\"%s\",\"better\":\"%s\","
					    "\"conc\":%ld,\"rep\":%ld,\"sub\":1,\"value\":%.7g,"
					    "\"src\":\"work/log/%s-n%ld/iter-0/%s/logs/%s-%ld-%ld:%ld\"}\n",
					    run, kv, i, jobs[jb].job, jobs[jb].suite, jobs[jb].bench, jobs[jb].bench, t,
					    jobs[jb].bench, jobs[jb].metric, jobs[jb].unit, jobs[jb].better, conc, r,
					    level * step * (1 + 0.01 * gauss(mi, (uint64_t)(k * ni + i), (uint64_t)r)),
					    kv, i, jobs[jb].job, jobs[jb].bench, t, conc, r);
			}
			if (fclose(f) == EOF) {
				perror(path);
				return 2;
			}
		}
	return 0;
}
