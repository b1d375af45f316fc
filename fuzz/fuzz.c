/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz.c: the harnesses' common part (see fuzz.h). */
#include <fcntl.h>
#include <ftw.h>
#include <getopt.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"

void __real_exit(int) __attribute__((noreturn));
int __real_fclose(FILE *);

static jmp_buf jb;
static int active, status;

void
__wrap_exit(int code)
{
	if (!active)
		__real_exit(code);
	status = code;
	longjmp(jb, 1);
}

int
__wrap_fclose(FILE *fp)
{
	if (fp == stdout)
		return fflush(fp) == EOF || ferror(fp) ? EOF : 0;
	return __real_fclose(fp);
}

int
fz_call(int (*fn)(int, char **), char **argv)
{
	int argc = 0;

	while (argv[argc])
		argc++;
	static int quiet;

	optind = 0;	/* getopt starts afresh */
	if (!quiet++ && !freopen("/dev/null", "w", stdout))
		fz_fail("cannot send stdout to /dev/null");
	active = 1;
	if (setjmp(jb) == 0)
		status = fn(argc, argv);
	active = 0;
	return status;
}

void
fz_write(const char *path, const uint8_t *data, size_t size)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0 || (size && write(fd, data, size) != (ssize_t)size) || close(fd))
		fz_fail("cannot write %s", path);
}

static char dir[64];

static void
rmdir_at_exit(void)
{
	fz_clean(dir);
	rmdir(dir);
}

const char *
fz_dir(void)
{
	if (!dir[0]) {
		snprintf(dir, sizeof(dir), "%s/kp-fuzz.XXXXXX",
		    getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
		if (!mkdtemp(dir))
			fz_fail("mkdtemp");
		atexit(rmdir_at_exit);
	}
	return dir;
}

static int
rm1(const char *p, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)type;
	if (ftw->level > 0)
		remove(p);
	return 0;
}

void
fz_clean(const char *dir)
{
	nftw(dir, rm1, 16, FTW_DEPTH | FTW_PHYS);
}

void
fz_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "fuzz: ");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	abort();
}
