/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-fetch: copy benchmark artifacts into a content-addressed store.
 *
 * Sources are directories, archives and HTTP(S) URLs; every file becomes
 * one object (named by its SHA-256) and one artifact record, written to
 * stdout and appended to the store's index.  A file refused (unsafe name,
 * too big, HTTP error) is named and the rest still fetched; the exit
 * status then says so. */
#include <sys/stat.h>

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "kp.h"
#include "fetch.h"

static const char synopsis[] =
    "usage: kp-fetch [-v] [-L list] [-M total] [-m maxsize] [-P pages] "
    "[-r rate] [-s store]\n"
    "                [-T deadline] [-t timeout] [source ...]\n"
    "       kp-fetch --verify [--clean] [-s store]";

/* the options, one line each for --help, as in the man page */
static const struct kp_option options[] = {
	{ 'v', NULL, NULL,
	    "a line per file on the standard error" },
	{ 'L', NULL, "list",
	    "read sources, one per line, from list (- the standard input)" },
	{ 'M', NULL, "total",
	    "the most bytes one source may bring" },
	{ 'm', NULL, "maxsize",
	    "refuse files larger than maxsize bytes (suffix K, M, G, T)" },
	{ 'P', NULL, "pages",
	    "the most pages one source may read into memory" },
	{ 'r', NULL, "rate",
	    "limit HTTP transfers to rate bytes per second" },
	{ 's', NULL, "store",
	    "the store directory, created if missing" },
	{ 'T', NULL, "deadline",
	    "the most seconds one source may take" },
	{ 't', NULL, "timeout",
	    "seconds to wait for a connection or a stalled transfer; default 30" },
	{ 'V', "verify", NULL,
	    "check the store instead of fetching" },
	{ 'C', "clean", NULL,
	    "with --verify, remove stray temporary files" },
	{ 0 }
};

static long long
parsesize(const char *s)
{
	char *end;
	long long v;
	int shift = 0;

	errno = 0;
	v = strtoll(s, &end, 10);
	if (end == s || errno || v < 0)
		return -1;
	switch (*end) {
	case 'K': case 'k': shift = 10; end++; break;
	case 'M': case 'm': shift = 20; end++; break;
	case 'G': case 'g': shift = 30; end++; break;
	case 'T': case 't': shift = 40; end++; break;
	}
	if (*end || v > (LLONG_MAX >> shift))
		return -1;
	return v << shift;
}

static void
fetch_source(struct fetch *f, const char *src)
{
	struct stat sb;
	char *cut, *where;
	int pre;

	budget_start(f);
	pre = strncmp(src, "squad+", 6) == 0 ? 6 :
	    strncmp(src, "tuxsuite+", 9) == 0 ? 9 : 0;
	if (strstr(src, "://") && (cut = url_userinfo_cut(src + pre))) {
		/* it would reach messages, records, the index and every
		 * page's src; and a credential goes to its origin only */
		if (asprintf(&where, "%.*s%s", pre, src, cut) < 0)
			kp_die("out of memory");
		free(cut);
		cut = where;
		fetch_fail(f, cut, "a URL with a user name or password: not "
		    "fetched; give the credential in a netrc file (KP_NETRC), "
		    "or the token in KP_SQUAD_TOKEN or KP_TUXSUITE_TOKEN");
		free(cut);
	} else if (strncmp(src, "squad+", 6) == 0)
		fetch_squad(f, src);
	else if (strncmp(src, "tuxsuite+", 9) == 0)
		fetch_tuxsuite(f, src);
	else if (strstr(src, "://")) {
		if (strncasecmp(src, "http://", 7) && strncasecmp(src, "https://", 8))
			fetch_fail(f, src, "unsupported URL scheme, expected http:// or https://");
		else
			fetch_url(f, src);
	} else if (stat(src, &sb) == -1)
		fetch_fail(f, src, "%s", strerror(errno));
	else if (S_ISDIR(sb.st_mode))
		fetch_dir(f, src);
	else if (S_ISREG(sb.st_mode))
		fetch_tar(f, src);
	else
		fetch_fail(f, src, "not a directory, an archive or a URL");
}

static void
fetch_list(struct fetch *f, const char *list)
{
	kp_in *in = kp_in_open(list);
	char *line, *s, *e;
	size_t len;

	kp_in_text(in);
	while ((line = kp_in_line(in, &len))) {
		for (s = line; *s == ' ' || *s == '\t'; s++)
			;
		for (e = line + len; e > s && (e[-1] == ' ' || e[-1] == '\t'); e--)
			;
		*e = '\0';
		if (*s && *s != '#')
			fetch_source(f, s);
	}
	kp_in_close(in);
}

int
main(int argc, char *argv[])
{
	const char *storedir = getenv("KP_STORE"), *list = NULL;
	int c, verify = 0, clean = 0;
	struct fetch fetch = {
		.opt = { .maxsize = 1LL << 30, .timeout = 30,
			.maxpages = 10000, .maxtotal = 16LL << 30,
			.deadline = 3600 },
		.out = STDOUT_FILENO,
	}, *f = &fetch;
	int i;

	if (!storedir || !*storedir)
		storedir = "store";
	while ((c = kp_getopt(argc, argv, synopsis, options)) != -1) {
		switch (c) {
		case 'C':
			clean = 1;
			break;
		case 'L':
			list = optarg;
			break;
		case 'M':
			if ((f->opt.maxtotal = parsesize(optarg)) <= 0)
				kp_die("-M %s: expected a size in bytes, "
				    "with K, M or G for binary multiples", optarg);
			break;
		case 'm':
			if ((f->opt.maxsize = parsesize(optarg)) <= 0)
				kp_die("-m %s: expected a size in bytes, "
				    "with K, M or G for binary multiples", optarg);
			break;
		case 'P':
			f->opt.maxpages = kp_opt_ll("-P", optarg, 1, LLONG_MAX,
			    "a number of pages");
			break;
		case 'r':
			if ((f->opt.rate = parsesize(optarg)) <= 0)
				kp_die("-r %s: expected bytes per second, "
				    "with K, M or G for binary multiples", optarg);
			break;
		case 's':
			storedir = optarg;
			break;
		case 'T':
			f->opt.deadline = kp_opt_ll("-T", optarg, 1, LONG_MAX,
			    "whole seconds");
			break;
		case 't':
			f->opt.timeout = kp_opt_ll("-t", optarg, 1, LONG_MAX,
			    "whole seconds");
			break;
		case 'V':
			verify = 1;
			break;
		case 'v':
			f->opt.verbose = 1;
			break;
		default:
			kp_usage(synopsis);
		}
	}
	argc -= optind;
	argv += optind;
	f->pr.tty = isatty(STDERR_FILENO);
	f->pr.t0 = fetch_now();
	f->buf = emalloc(BUFSZ);

	if (verify) {
		if (argc || list)
			kp_usage(synopsis);
		return store_verify(f, storedir, clean);
	}
	if (clean || (!argc && !list))
		kp_usage(synopsis);

	store_open(f, storedir, 1);
	if (list)
		fetch_list(f, list);
	for (i = 0; i < argc; i++)
		fetch_source(f, argv[i]);
	http_done(f);
	store_close(f);
	progress_add(f, -1, 0);
	if (f->nlost)
		kp_die("%ld of %ld records in the store's index did "
		    "not reach the standard output", f->nlost,
		    f->nlost + f->nrecords);
	return f->nerrors ? KP_EXIT_BAD : KP_EXIT_OK;
}
