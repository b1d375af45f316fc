/* SPDX-License-Identifier: GPL-2.0-or-later */
/* write.c: the plan (TuxSuite's version 1 format) and the MMTests
 * configuration it runs, named by the content hash of what they say.
 *
 * Every string in the plan is written as a double-quoted scalar with
 * JSON's escapes, which YAML reads as it is: no value can turn into a
 * number, a boolean or a second key. */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "plan.h"

/* the text being built */
typedef struct {
	char *s;
	size_t len, cap;
} Buf;

static void
put(Buf *b, const char *s, size_t n)
{
	b->s = kp_reserve(b->s, &b->cap, b->len + n + 1);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

/* a string literal */
#define PUTS(b, lit) put(b, lit, sizeof(lit) - 1)

static void __attribute__((format(printf, 2, 3)))
putf(Buf *b, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		kp_die("out of memory");
	put(b, s, (size_t)n);
	free(s);
}

/* s as a YAML double-quoted scalar */
static void
quoted(Buf *b, const char *s)
{
	char esc[8];

	put(b, "\"", 1);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\') {
			esc[0] = '\\';
			esc[1] = *s;
			put(b, esc, 2);
		} else if ((unsigned char)*s < 0x20 || *s == 0x7f) {
			snprintf(esc, sizeof(esc), "\\x%02x", (unsigned char)*s);
			put(b, esc, 4);
		} else
			put(b, s, 1);
	}
	put(b, "\"", 1);
}

/* the payload's file name without its directory: a plan says the same
 * wherever it was made.  It goes into a comment line of the plan and of
 * the configuration the test machine sources, where no quoting keeps a
 * newline from starting a line of its own: a name with a control
 * character is refused. */
static const char *
base(const char *path)
{
	const char *s = strrchr(path, '/');

	if (kp_ctl(path))
		kp_die("%s: a control character in the payload's file name; "
		    "expected none: it is written into the plan and the MMTests "
		    "configuration", path);
	return s ? s + 1 : path;
}

static char *
kept_tests(const Suite *s)
{
	Buf b = { 0 };
	size_t i;

	PUTS(&b, "");
	for (i = 0; i < s->ntests; i++)
		if (s->keep_test[i]) {
			if (b.len)
				PUTS(&b, " ");
			put(&b, s->tests[i], strlen(s->tests[i]));
		}
	return b.s;
}

static char *
suite_list(const Payload *p)
{
	Buf b = { 0 };
	size_t i;

	PUTS(&b, "");
	for (i = 0; i < p->nsuites; i++)
		if (p->suites[i].keep) {
			if (b.len)
				PUTS(&b, " ");
			put(&b, p->suites[i].name, strlen(p->suites[i].name));
		}
	return b.s;
}

/* The variables the tests get, in the configuration and as parameters:
 * MMTESTS, MMTEST_ITERATIONS (the name run-mmtests.sh reads; LKFT's
 * collector records MMTESTS_ITERATIONS, which MMTests itself ignores),
 * the suites' flags and test lists.  Two suites giving one variable
 * different values cannot both be honoured. */
static Pairs
vars(const Payload *p)
{
	Pairs v = { 0 };
	size_t i, j, k, cap = 2;
	char buf[32];

	for (i = 0; i < p->nsuites; i++)
		cap += p->suites[i].flags.n + 1;
	v.v = ecalloc(cap, sizeof(*v.v));
	v.v[v.n].key = estrdup("MMTESTS");
	v.v[v.n++].val = suite_list(p);
	snprintf(buf, sizeof(buf), "%lld", p->repetitions);
	v.v[v.n].key = estrdup("MMTEST_ITERATIONS");
	v.v[v.n++].val = estrdup(buf);
	for (i = 0; i < p->nsuites; i++) {
		const Suite *s = &p->suites[i];

		if (!s->keep)
			continue;
		for (j = 0; j < s->flags.n + (s->ntests > 0); j++) {
			Pair a;

			if (j < s->flags.n)
				a = s->flags.v[j];
			else
				a = (Pair){ s->tests_var, kept_tests(s), s->at };
			for (k = 0; k < v.n; k++)
				if (strcmp(v.v[k].key, a.key) == 0)
					break;
			if (k < v.n && strcmp(v.v[k].val, a.val))
				kp_die_at(p->file, a.at.line, a.at.col, "suite \"%s\" "
				    "sets %s to \"%s\", another part of the payload "
				    "to \"%s\"; expected one value", s->name, a.key,
				    a.val, v.v[k].val);
			if (k == v.n)
				v.v[v.n++] = (Pair){ estrdup(a.key), estrdup(a.val), a.at };
		}
	}
	for (i = 0; i < p->parameters.n; i++) {
		const Pair *a = &p->parameters.v[i];

		for (k = 0; k < v.n; k++)
			if (strcmp(v.v[k].key, a->key) == 0)
				break;
		if (k < v.n || strncmp(a->key, "KP_", 3) == 0)
			kp_die_at(p->file, a->at.line, a->at.col, "\"%s\" in "
			    "\"parameters\": kp-plan sets it; expected another name",
			    a->key);
	}
	return v;
}

void
plan_hash(const Payload *p, char out[17])
{
	kp_canon *c = kp_canon_new();
	char key[256], *t;
	size_t i, j, n;

	/* the format of what kp-plan writes: change it when the same
	 * payload would give another plan */
	kp_canon_add(c, "kp-plan", "2");
	kp_canon_add(c, "name", p->name);
	if (p->description)
		kp_canon_add(c, "description", p->description);
	kp_canon_add(c, "git_repo", p->git_repo);
	kp_canon_add(c, "git_sha", p->git_sha);
	kp_canon_add(c, "toolchain", p->toolchain);
	for (i = 0; i < p->nkconfig; i++) {
		snprintf(key, sizeof(key), "kconfig.%zu", i);
		kp_canon_add(c, key, p->kconfig[i]);
	}
	for (i = 0; i < p->make_variables.n; i++) {
		snprintf(key, sizeof(key), "make_variables.%s", p->make_variables.v[i].key);
		kp_canon_add(c, key, p->make_variables.v[i].val);
	}
	for (i = n = 0; i < p->ntargets; i++) {
		if (!p->targets[i].keep)
			continue;
		snprintf(key, sizeof(key), "target.%zu.name", n);
		kp_canon_add(c, key, p->targets[i].name);
		snprintf(key, sizeof(key), "target.%zu.target_arch", n);
		kp_canon_add(c, key, p->targets[i].arch);
		snprintf(key, sizeof(key), "target.%zu.instance_type", n++);
		kp_canon_add(c, key, p->targets[i].instance_type);
	}
	for (i = n = 0; i < p->nsuites; i++) {
		const Suite *s = &p->suites[i];

		if (!s->keep)
			continue;
		snprintf(key, sizeof(key), "suite.%zu.name", n);
		kp_canon_add(c, key, s->name);
		if (s->ntests) {
			snprintf(key, sizeof(key), "suite.%zu.tests", n);
			kp_canon_add(c, key, t = kept_tests(s));
			free(t);
			snprintf(key, sizeof(key), "suite.%zu.tests_var", n);
			kp_canon_add(c, key, s->tests_var);
		}
		for (j = 0; j < s->flags.n; j++) {
			snprintf(key, sizeof(key), "suite.%zu.flags.%s", n, s->flags.v[j].key);
			kp_canon_add(c, key, s->flags.v[j].val);
		}
		n++;
	}
	snprintf(key, sizeof(key), "%lld", p->instances);
	kp_canon_add(c, "instances", key);
	snprintf(key, sizeof(key), "%lld", p->repetitions);
	kp_canon_add(c, "repetitions", key);
	for (i = 0; i < p->parameters.n; i++) {
		snprintf(key, sizeof(key), "parameters.%s", p->parameters.v[i].key);
		kp_canon_add(c, key, p->parameters.v[i].val);
	}
	for (i = 0; i < p->ncommands; i++) {
		snprintf(key, sizeof(key), "commands.%zu", i);
		kp_canon_add(c, key, p->commands[i]);
	}
	if (p->note)
		kp_canon_add(c, "note", p->note);
	kp_canon_hash(c, out);
	kp_canon_free(c);
}

/* the test entries of target t: one per instance, each a machine of
 * its own only as far as the lab makes it one (kp-plan(1)) */
static void
tests_text(Buf *b, const Payload *p, const Pairs *v, const char *id,
    const Target *t)
{
	char run[256];
	long long k;
	size_t j;

	for (k = 1; k <= p->instances; k++) {
		snprintf(run, sizeof(run), "%s-%lld", t->name, k);
		PUTS(b, "  - device: \"ssh-device\"\n    test_name: ");
		quoted(b, run);
		PUTS(b, "\n    parameters:\n      dut: ");
		quoted(b, t->instance_type);
		PUTS(b, "\n      KP_PLAN: ");
		quoted(b, id);
		PUTS(b, "\n      KP_TARGET: ");
		quoted(b, t->name);
		PUTS(b, "\n      KP_RUN: ");
		quoted(b, run);
		PUTS(b, "\n      KP_INSTANCE: ");
		putf(b, "\"%lld\"\n", k);
		for (j = 0; j < v->n; j++) {
			putf(b, "      %s: ", v->v[j].key);
			quoted(b, v->v[j].val);
			PUTS(b, "\n");
		}
		for (j = 0; j < p->parameters.n; j++) {
			PUTS(b, "      ");
			quoted(b, p->parameters.v[j].key);
			PUTS(b, ": ");
			quoted(b, p->parameters.v[j].val);
			PUTS(b, "\n");
		}
		PUTS(b, "    commands:\n");
		if (p->ncommands)
			for (j = 0; j < p->ncommands; j++) {
				PUTS(b, "    - ");
				quoted(b, p->commands[j]);
				PUTS(b, "\n");
			}
		else
			putf(b, "    - \"./run-mmtests.sh --no-monitor --config "
			    "%s.config %s\"\n", id, run);
	}
}

char *
plan_text(const Payload *p, const char *id, size_t *len)
{
	Buf b = { 0 };
	Pairs v = vars(p);
	size_t i, j;

	putf(&b, "# written by kp-plan from %s: change the payload, not this file\n",
	    base(p->file));
	if (p->note)
		put(&b, p->note, strlen(p->note));
	PUTS(&b, "version: 1\nname: ");
	quoted(&b, id);
	/* tuxsuite plan submit prints the description and fails without
	 * one (KeyError), though its schema calls it optional */
	PUTS(&b, "\ndescription: ");
	if (p->description)
		quoted(&b, p->description);
	else {
		char *d;

		if (asprintf(&d, "%s: MMTests on %lld instances of each target, "
		    "planned by kp-plan", p->name, p->instances) < 0)
			kp_die("out of memory");
		quoted(&b, d);
		free(d);
	}
	PUTS(&b, "\njobs:\n");
	/* Kernel, kconfig and toolchain are the payload's, so the build
	 * differs only by architecture: one job per architecture builds it
	 * once and tests it on every target of that architecture. */
	for (i = 0; i < p->ntargets; i++) {
		const Target *t = &p->targets[i];
		size_t m;

		if (!t->keep)
			continue;
		for (m = 0; m < i; m++)
			if (p->targets[m].keep && strcmp(p->targets[m].arch, t->arch) == 0)
				break;
		if (m < i)
			continue;	/* its job is written */
		PUTS(&b, "- name: ");
		quoted(&b, t->arch);
		PUTS(&b, "\n  build:\n    git_repo: ");
		quoted(&b, p->git_repo);
		PUTS(&b, "\n    git_sha: ");
		quoted(&b, p->git_sha);
		PUTS(&b, "\n    target_arch: ");
		quoted(&b, t->arch);
		PUTS(&b, "\n    toolchain: ");
		quoted(&b, p->toolchain);
		PUTS(&b, "\n    kconfig:\n");
		for (j = 0; j < p->nkconfig; j++) {
			PUTS(&b, "    - ");
			quoted(&b, p->kconfig[j]);
			PUTS(&b, "\n");
		}
		if (p->make_variables.n) {
			PUTS(&b, "    make_variables:\n");
			for (j = 0; j < p->make_variables.n; j++) {
				putf(&b, "      %s: ", p->make_variables.v[j].key);
				quoted(&b, p->make_variables.v[j].val);
				PUTS(&b, "\n");
			}
		}
		PUTS(&b, "  tests:\n");
		for (m = i; m < p->ntargets; m++) {
			const Target *u = &p->targets[m];

			if (!u->keep || strcmp(u->arch, t->arch))
				continue;
			tests_text(&b, p, &v, id, u);
		}
	}
	for (j = 0; j < v.n; j++) {
		free(v.v[j].key);
		free(v.v[j].val);
	}
	free(v.v);
	*len = b.len;
	return b.s;
}

char *
config_text(const Payload *p, const char *id, size_t *len)
{
	Buf b = { 0 };
	Pairs v = vars(p);
	size_t j;

	putf(&b, "# MMTests configuration of plan %s, written by kp-plan from %s.\n"
	    "# Repetitions are MMTests iterations; instances are the plan's "
	    "test entries.\n", id, base(p->file));
	if (p->note)
		put(&b, p->note, strlen(p->note));
	for (j = 0; j < v.n; j++) {
		char *q = kp_shquote(v.v[j].val);

		/* the machine sources this file: every value is one word */
		if (!q)
			kp_die_at(p->file, v.v[j].at.line, v.v[j].at.col, "%s: a "
			    "control character in its value; expected none: it is "
			    "written into the MMTests configuration", v.v[j].key);
		putf(&b, "export %s=%s\n", v.v[j].key, q);
		free(q);
		free(v.v[j].key);
		free(v.v[j].val);
	}
	free(v.v);
	*len = b.len;
	return b.s;
}

void
write_atomic(const char *dir, const char *file, const char *text, size_t len)
{
	char *tmp, *dst;
	ssize_t n;
	size_t off;
	int fd;

	if (asprintf(&tmp, "%s/.%s.XXXXXX", dir, file) < 0 ||
	    asprintf(&dst, "%s/%s", dir, file) < 0)
		kp_die("out of memory");
	if ((fd = mkstemp(tmp)) == -1)
		kp_die("%s: %s", tmp, strerror(errno));
	for (off = 0; off < len; off += (size_t)n)
		if ((n = write(fd, text + off, len - off)) < 0) {
			if (errno == EINTR) {
				n = 0;
				continue;
			}
			unlink(tmp);
			kp_die("%s: %s", tmp, strerror(errno));
		}
	if (fchmod(fd, 0644) == -1 || fsync(fd) == -1 || close(fd) == -1) {
		unlink(tmp);
		kp_die("%s: %s", tmp, strerror(errno));
	}
	if (rename(tmp, dst) == -1) {
		unlink(tmp);
		kp_die("%s: %s", dst, strerror(errno));
	}
	free(tmp);
	free(dst);
}
