/* kp-plan: compile a payload into a TuxSuite plan and the MMTests
 * configuration it runs.  See kp-plan(1). */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "plan.h"

static const char synopsis[] =
    "usage: kp-plan [-n] [-c commit] [-o dir] [-s suite] [-T test] [-t target] "
    "payload";

static void
add(char ***v, size_t *n, char *s)
{
	*v = ereallocarray(*v, *n + 1, sizeof(**v));
	(*v)[(*n)++] = s;
}

int
main(int argc, char *argv[])
{
	char **targets = NULL, **suites = NULL, **tests = NULL;
	size_t nt = 0, ns = 0, ntests = 0, plen, clen;
	const char *dir = "plans", *commit = NULL;
	char hash[17], *id, *plan, *config, *pfile, *cfile;
	int c, dry = 0;
	Payload p;

	kp_std_options(argc, argv, synopsis);
	while ((c = getopt(argc, argv, "c:no:s:T:t:")) != -1)
		switch (c) {
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
	if (argc != 1)
		kp_usage(synopsis);

	payload_read(argv[0], &p);
	/* a payload kept as a template for a trigger names no commit */
	if (commit)
		p.git_sha = estrdup(commit);
	if (!p.git_sha)
		kp_die_at(p.file, p.at_kernel.line, p.at_kernel.col, "\"kernel\" "
		    "without \"git_sha\", the commit to build; expected one, or -c");
	if (!p.instances)
		kp_die_at(p.file, 0, 0, "no \"instances\": expected the number of "
		    "machines of each target");
	if (!p.repetitions)
		kp_die_at(p.file, 0, 0, "no \"repetitions\": expected the number "
		    "of MMTests iterations on each machine");
	payload_select(&p, targets, nt, suites, ns, tests, ntests);
	plan_hash(&p, hash);
	if (asprintf(&id, "%s-%s", p.name, hash) < 0 ||
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
