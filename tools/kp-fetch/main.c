/* kp-fetch: copy benchmark artifacts into a content-addressed store.
 *
 * Sources are directories, archives and HTTP(S) URLs; every file becomes
 * one object (named by its SHA-256) and one artifact record, written to
 * stdout and appended to the store's index.  A file refused (unsafe name,
 * too big, HTTP error) is named and the rest still fetched; the exit
 * status then says so. */
#include <sys/stat.h>

#include <err.h>
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

struct opts opt = { 0, 1LL << 30, 0, 30 };
kp_w *out;
int nerrors;

static int tty;
static long long nfiles, nbytes;
static double t0, tlast;
static int shown;

static void
usage(void)
{
	fprintf(stderr, "usage: %s [-v] [-L list] [-m maxsize] [-r rate] "
	    "[-s store] [-t timeout] [source ...]\n"
	    "       %s --verify [--clean] [-s store]\n",
	    program_invocation_short_name, program_invocation_short_name);
	exit(KP_EXIT_BAD);
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
showprogress(const char *end)
{
	double t = now() - t0;

	fprintf(stderr, "\r%s: %lld files, %.1f MiB, %.1f MiB/s%s",
	    program_invocation_short_name, nfiles, nbytes / 1048576.0,
	    t > 0 ? nbytes / 1048576.0 / t : 0.0, end);
	shown = *end == '\0';
}

void
progress(long long bytes, int file)
{
	double t;

	if (bytes < 0) {
		if (tty && nfiles + nbytes > 0)
			showprogress("\n");
		return;
	}
	nbytes += bytes;
	nfiles += file;
	if (!tty)
		return;
	if ((t = now()) - tlast >= 0.25) {
		tlast = t;
		showprogress("");
	}
}

/* clear the progress line, so a message starts on a line of its own */
void
unprogress(void)
{
	if (shown) {
		fputs("\r\033[K", stderr);
		shown = 0;
	}
}

/* a message that is no failure */
void
note(const char *where, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	unprogress();
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	kp_warn_at(where, 0, 0, "%s", msg);
}

void
fail(const char *where, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	unprogress();
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	kp_warn_at(where, 0, 0, "%s", msg);
	nerrors++;
}

/* why a name inside a source must not be used, or NULL.  Readers of the
 * index (kp-parse-mmtests) refuse a whole store over one such path, so
 * "." and empty components are refused here too. */
const char *
badpath(const char *p)
{
	const char *c, *slash;
	long n;

	if (!*p)
		return "an empty name";
	if (*p == '/')
		return "an absolute path";
	for (c = p; ; c = slash + 1) {
		slash = strchr(c, '/');
		n = slash ? slash - c : (long)strlen(c);
		if (n == 2 && c[0] == '.' && c[1] == '.')
			return "a \"..\" component";
		if (n == 1 && c[0] == '.')
			return "a \".\" component";
		if (n == 0)
			return "an empty component";
		if (!slash)
			return NULL;
	}
}

int
fetch_fd(struct store *st, int fd, struct art *a)
{
	static char *buf;
	struct sink sk;
	ssize_t r;

	if (!buf)
		buf = emalloc(BUFSZ);
	sink_open(st, &sk);
	while ((r = read(fd, buf, BUFSZ)) != 0) {
		if (r == -1) {
			if (errno == EINTR)
				continue;
			fail(a->source, "%s: read error: %s", a->path, strerror(errno));
			sink_abort(&sk);
			return -1;
		}
		if (sink_write(&sk, buf, (size_t)r) == -1) {
			fail(a->source, "%s: larger than %lld bytes (-m), not fetched",
			    a->path, opt.maxsize);
			sink_abort(&sk);
			return -1;
		}
	}
	sink_commit(st, &sk, a);
	return 0;
}

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
fetch_source(struct store *st, const char *src)
{
	struct stat sb;

	if (strstr(src, "://")) {
		if (strncasecmp(src, "http://", 7) && strncasecmp(src, "https://", 8))
			fail(src, "unsupported URL scheme, expected http:// or https://");
		else
			fetch_url(st, src);
	} else if (stat(src, &sb) == -1)
		fail(src, "%s", strerror(errno));
	else if (S_ISDIR(sb.st_mode))
		fetch_dir(st, src);
	else if (S_ISREG(sb.st_mode))
		fetch_tar(st, src);
	else
		fail(src, "not a directory, an archive or a URL");
}

static void
fetch_list(struct store *st, const char *list)
{
	kp_in *in = kp_in_open(list);
	char *line, *s, *e;
	size_t len;

	while ((line = kp_in_line(in, &len))) {
		for (s = line; *s == ' ' || *s == '\t'; s++)
			;
		for (e = line + len; e > s && (e[-1] == ' ' || e[-1] == '\t'); e--)
			;
		*e = '\0';
		if (*s && *s != '#')
			fetch_source(st, s);
	}
	kp_in_close(in);
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "clean", no_argument, NULL, 'C' },
		{ "verify", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const char *storedir = getenv("KP_STORE"), *list = NULL;
	int c, verify = 0, clean = 0;
	struct store *st;
	char *end;
	int i;

	if (!storedir || !*storedir)
		storedir = "store";
	while ((c = getopt_long(argc, argv, "L:m:r:s:t:v", longopts, NULL)) != -1) {
		switch (c) {
		case 'C':
			clean = 1;
			break;
		case 'L':
			list = optarg;
			break;
		case 'm':
			if ((opt.maxsize = parsesize(optarg)) <= 0)
				errx(KP_EXIT_BAD, "-m %s: expected a size in bytes, "
				    "with K, M or G for binary multiples", optarg);
			break;
		case 'r':
			if ((opt.rate = parsesize(optarg)) <= 0)
				errx(KP_EXIT_BAD, "-r %s: expected bytes per second, "
				    "with K, M or G for binary multiples", optarg);
			break;
		case 's':
			storedir = optarg;
			break;
		case 't':
			errno = 0;
			opt.timeout = strtol(optarg, &end, 10);
			if (end == optarg || *end || errno || opt.timeout <= 0)
				errx(KP_EXIT_BAD, "-t %s: expected whole seconds", optarg);
			break;
		case 'V':
			verify = 1;
			break;
		case 'v':
			opt.verbose = 1;
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	tty = isatty(STDERR_FILENO);
	t0 = now();

	if (verify) {
		if (argc || list)
			usage();
		return store_verify(storedir, clean);
	}
	if (clean || (!argc && !list))
		usage();

	out = kp_w_open(stdout, "<stdout>");
	st = store_open(storedir, 1);
	if (list)
		fetch_list(st, list);
	for (i = 0; i < argc; i++)
		fetch_source(st, argv[i]);
	http_done();
	store_close(st);
	progress(-1, 0);
	kp_w_close(out);
	return nerrors ? KP_EXIT_BAD : KP_EXIT_OK;
}
