/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-plan: compile a payload into a TuxSuite plan and the MMTests
 * configuration it runs.  See kp-plan(1). */
#include <sys/stat.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "plan.h"

static const char synopsis[] =
    "usage: kp-plan [-n] [-c commit] [-H history -d change [-a alpha] [-p power]] "
    "[-o dir] [-r ref] [-s suite] [-T test] [-t target] payload\n"
    "       kp-plan -C plan [file ...]";

/* the options, one line each for --help, as in the man page */
static const struct kp_option options[] = {
	{ 'a', NULL, "alpha",
	    "the per-test level of -H" },
	{ 'C', NULL, "plan",
	    "report the completeness of the results of plan" },
	{ 'c', NULL, "commit",
	    "build commit instead of the payload's git_sha" },
	{ 'd', NULL, "change",
	    "the change, in percent, that -H sizes the plan to detect" },
	{ 'H', NULL, "history",
	    "sample records of past runs to size the plan from" },
	{ 'n', NULL, NULL,
	    "write the plan to the standard output, and no file" },
	{ 'o', NULL, "dir",
	    "the directory to write to; default plans" },
	{ 'p', NULL, "power",
	    "the power of -H" },
	{ 'r', NULL, "ref",
	    "the tag or branch the commit was named by" },
	{ 's', NULL, "suite",
	    "keep this suite" },
	{ 'T', NULL, "test",
	    "keep this test" },
	{ 't', NULL, "target",
	    "keep this target" },
	{ 0 }
};

static void
add(char ***v, size_t *n, char *s)
{
	*v = kp_grow(*v, *n, sizeof(**v));
	(*v)[(*n)++] = s;
}

int
main(int argc, char *argv[])
{
	char **targets = NULL, **suites = NULL, **tests = NULL;
	size_t nt = 0, ns = 0, ntests = 0, plen, clen;
	const char *dir = "plans", *commit = NULL, *ref = NULL;
	char hash[17], *id, *plan, *config, *pfile, *cfile;
	int c, dry = 0;
	Payload p;
	Sizing z = { .alpha = 0.01, .power = 0.8 };
	const char *history = NULL, *check = NULL;

	while ((c = kp_getopt(argc, argv, synopsis, options)) != -1)
		switch (c) {
		case 'a':
			z.alpha = kp_opt_dbl("-a", optarg, 1e-9, 0.5, "a per-test "
			    "level above 0 and at most 0.5");
			break;
		case 'C':
			check = optarg;
			break;
		case 'd':
			z.change = kp_opt_dbl("-d", optarg, 0.01, 1000, "a change "
			    "in percent, from 0.01") / 100;
			break;
		case 'H':
			history = optarg;
			break;
		case 'p':
			z.power = kp_opt_dbl("-p", optarg, 0.5, 0.999, "a power "
			    "from 0.5 to 0.999");
			break;
		case 'c':
			if (!payload_sha_ok(optarg))
				kp_die("-c %s: expected a full commit id (40 lowercase "
				    "hex digits)", optarg);
			commit = optarg;
			break;

		case 'n':
			dry = 1;
			break;
		case 'o':
			dir = optarg;
			break;
		case 'r':
			/* a plan's name: letters, digits, '.', '_' and '-' */
			if (!*optarg || strspn(optarg, "abcdefghijklmnopqrstuvwxyz"
			    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") != strlen(optarg))
				kp_die("-r %s: expected a ref of letters, digits, '.', "
				    "'_' and '-'", optarg);
			ref = optarg;
			break;
		case 's':
			add(&suites, &ns, optarg);
			break;
		case 'T':
			add(&tests, &ntests, optarg);
			break;
		case 't':
			add(&targets, &nt, optarg);
			break;
		default:
			kp_usage(synopsis);
		}
	argc -= optind;
	argv += optind;
	if (check)
		return plan_check(check, argv, argc);
	if (argc != 1 || !history != !z.change)
		kp_usage(synopsis);

	payload_read(argv[0], &p);
	/* a payload kept as a template for a trigger names no commit */
	if (commit)
		p.git_sha = estrdup(commit);
	if (!p.git_sha)
		kp_die_at(p.file, p.at_kernel.line, p.at_kernel.col, "\"kernel\" "
		    "without \"git_sha\", the commit to build; expected one, or -c");
	if (history) {
		size_read(history, &z);
		if (size_plan(&z) == -1)
			kp_die("%s: no plan of at most 200 instances x 20 repetitions "
			    "detects a %g%% change with power %g at alpha %g: the "
			    "instance sd is %.2f%%, the repetition sd %.2f%%", history,
			    100 * z.change, z.power, z.alpha, 100 * sqrt(z.inst_var),
			    100 * sqrt(z.rep_var));
		p.instances = z.n;
		p.repetitions = z.r;
		p.note = size_note(&z);
	}
	if (!p.instances)
		kp_die_at(p.file, 0, 0, "no \"instances\": expected the number of "
		    "machines of each target, or -H and -d");
	if (!p.repetitions)
		kp_die_at(p.file, 0, 0, "no \"repetitions\": expected the number "
		    "of MMTests iterations on each machine, or -H and -d");
	payload_select(&p, targets, nt, suites, ns, tests, ntests);
	plan_hash(&p, hash);
	/* the ref the commit was named by (a tag, for watch.sh) goes into
	 * the name, so that a lab's list of plans says which it has */
	if (asprintf(&id, "%s-%s%s%s", p.name, ref ? ref : "", ref ? "-" : "",
	    hash) < 0 ||
	    asprintf(&pfile, "%s.yaml", id) < 0 ||
	    asprintf(&cfile, "%s.config", id) < 0)
		kp_die("out of memory");
	plan = plan_text(&p, id, &plen);
	config = config_text(&p, id, &clen);
	if (dry) {
		fwrite(plan, 1, plen, stdout);
		efshut(stdout, "<stdout>");
		return KP_EXIT_OK;
	}
	if (mkdir(dir, 0777) == -1 && errno != EEXIST)
		kp_die("%s: %s", dir, strerror(errno));
	/* the configuration first: a plan on disk always has its own */
	write_atomic(dir, cfile, config, clen);
	write_atomic(dir, pfile, plan, plen);
	printf("%s/%s\n%s/%s\n", dir, pfile, dir, cfile);
	efshut(stdout, "<stdout>");
	return KP_EXIT_OK;
}
