/* SPDX-License-Identifier: GPL-2.0-or-later */
/* opts.c: what the options of every tool share: --help and --version,
 * the usage message, and option values checked whole. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"

void
kp_std_options(int argc, char *const argv[], const char *synopsis)
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++) {
		if (strcmp(argv[i], "--help") == 0) {
			puts(synopsis);
			efshut(stdout, "<stdout>");
			exit(KP_EXIT_OK);
		}
		if (strcmp(argv[i], "--version") == 0) {
			printf("%s %s\n", program_invocation_short_name, VERSION);
			efshut(stdout, "<stdout>");
			exit(KP_EXIT_OK);
		}
	}
}

/* "-s n" or "--meta key=value": an option as --help and errors show it */
static int
optspec(char *buf, size_t len, const struct kp_option *o)
{
	if (o->name)
		return snprintf(buf, len, "--%s%s%s", o->name, o->arg ? " " : "",
		    o->arg ? o->arg : "");
	return snprintf(buf, len, "-%c%s%s", o->val, o->arg ? " " : "",
	    o->arg ? o->arg : "");
}

static void
help(const char *synopsis, const struct kp_option *opts)
{
	static const struct kp_option std[] = {
		{ KP_OPT_LONG, "help", NULL, "print this help and exit" },
		{ KP_OPT_LONG, "version", NULL, "print the name and version and exit" },
		{ 0 }
	};
	const struct kp_option *o, *tab[] = { opts, std };
	char buf[128];
	int w = 0, n, i;

	/* the columns line up at the widest option, up to 24 */
	for (i = 0; i < 2; i++)
		for (o = tab[i]; o->val; o++)
			if ((n = optspec(buf, sizeof buf, o)) > w && n <= 24)
				w = n;
	printf("%s\n\n", synopsis);
	for (i = 0; i < 2; i++)
		for (o = tab[i]; o->val; o++) {
			n = optspec(buf, sizeof buf, o);
			if (n > w)
				printf("  %s\n  %*s  %s\n", buf, w, "", o->help);
			else
				printf("  %-*s  %s\n", w, buf, o->help);
		}
	efshut(stdout, "<stdout>");
	exit(KP_EXIT_OK);
}

/* the entry for an option getopt_long named by val, if it is long */
static const struct kp_option *
findlong(const struct kp_option *opts, int val)
{
	for (; opts->val; opts++)
		if (opts->val == val && opts->name)
			return opts;
	return NULL;
}

/* why getopt_long refused argv[optind - 1] (or optopt), then the usage */
static void __attribute__((noreturn))
refuse(int c, char *const argv[], const char *synopsis,
    const struct kp_option *opts)
{
	const char *a = optind > 0 ? argv[optind - 1] : "";
	const struct kp_option *o;
	size_t n;

	/* a short option's error inside "-ab" leaves optind before it */
	o = optopt ? findlong(opts, optopt) : NULL;
	if (strncmp(a, "--", 2) == 0 && a[2] && (!optopt || o)) {
		n = strcspn(a + 2, "=");
		if (o && c == ':')
			kp_warn("option --%s needs an argument %s", o->name, o->arg);
		else if (o)
			kp_warn("option --%s takes no argument", o->name);
		else
			kp_warn("unknown option --%.*s", (int)n, a + 2);
	} else if (c == ':')
		kp_warn("option -%c needs an argument", optopt);
	else if (optopt >= 0x20 && optopt < 0x7f)
		kp_warn("unknown option -%c", optopt);
	else
		kp_warn("unknown option %s", a);
	kp_usage(synopsis);
}

int
kp_getopt(int argc, char *const argv[], const char *synopsis,
    const struct kp_option *opts)
{
	/* built once from opts: the short options' string, the long table */
	static const struct kp_option *built;
	static struct option *lopts;
	static char *sopts;
	const struct kp_option *o;
	size_t n, s = 0, l = 0;
	int i, c;

	if (built != opts) {
		for (i = 1; i < argc && strcmp(argv[i], "--"); i++)
			if (strcmp(argv[i], "--help") == 0)
				help(synopsis, opts);
		kp_std_options(argc, argv, synopsis);
		for (n = 0; opts[n].val; n++)
			;
		free(sopts);
		free(lopts);
		sopts = ecalloc(3 * n + 2, 1);
		lopts = ecalloc(n + 1, sizeof *lopts);
		sopts[s++] = ':';	/* ':' for a missing argument, not '?' */
		for (o = opts; o->val; o++)
			if (o->name)
				lopts[l++] = (struct option){ o->name,
				    o->arg ? required_argument : no_argument,
				    NULL, o->val };
			else {
				sopts[s++] = (char)o->val;
				if (o->arg)
					sopts[s++] = ':';
			}
		built = opts;
	}
	opterr = 0;
	c = getopt_long(argc, argv, sopts, lopts, NULL);
	if (c == '?' || c == ':')
		refuse(c, argv, synopsis, opts);
	return c;
}

void
kp_usage(const char *synopsis)
{
	fflush(stdout);
	fprintf(stderr, "%s\n", synopsis);
	exit(KP_EXIT_BAD);
}

long long
kp_opt_ll(const char *opt, const char *s, long long min, long long max,
    const char *what)
{
	long long v;
	char *end;

	errno = 0;
	v = strtoll(s, &end, 10);
	if (end == s || *end || errno || v < min || v > max)
		kp_die("%s %s: expected %s", opt, s, what);
	return v;
}

double
kp_opt_dbl(const char *opt, const char *s, double min, double max,
    const char *what)
{
	double v;
	char *end;

	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end || errno || !(v >= min && v <= max))
		kp_die("%s %s: expected %s", opt, s, what);
	return v;
}
