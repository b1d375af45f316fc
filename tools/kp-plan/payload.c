/* SPDX-License-Identifier: GPL-2.0-or-later */
/* payload.c: the payload, as its users keep it in version control:
 *
 *   name: graviton-baseline
 *   kernel:
 *     git_repo: https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git
 *     git_sha: 0123456789abcdef0123456789abcdef01234567
 *     toolchain: gcc-13
 *     kconfig: [defconfig, CONFIG_HZ_1000=y]
 *   targets:
 *     - {name: c7g, target_arch: arm64, instance_type: c7g.metal}
 *   suites:
 *     - {name: wis-futex, flags: {WIS_MIN_THREADS: 1}}
 *   instances: 5
 *   repetitions: 3
 *
 * Every rule TuxSuite applies to a build (a full git_sha, a URL for
 * git_repo, the make_variables allow-list) is checked here, where the
 * line and column of the mistake are still known. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "plan.h"
#include "yamlcheck.h"

/* a payload is a page of YAML kept by people; its deepest node (a
 * target's parameters) is at depth 4 */
#define MAXSIZE (1024 * 1024)
#define MAXDEPTH 8

static Where
where(const kp_ynode *n)
{
	return (Where){ n->line, n->col };
}

static char *
scalar(const kp_ynode *n, const char *key)
{
	if (n->type != KP_Y_SCALAR)
		kp_ydie(n, "expected a single value for \"%s\", found %s", key,
		    kp_ykind(n));
	if (n->len == 0 && n->plain)
		kp_ydie(n, "expected a value for \"%s\", found nothing", key);
	if (strlen(n->s) != n->len)
		kp_ydie(n, "a NUL character in \"%s\"", key);
	return estrdup(n->s);
}

/* letters, digits, '.', '_' and '-': names that become file names,
 * TuxSuite job names and MMTests run names */
static char *
name(const kp_ynode *n, const char *key)
{
	char *s = scalar(n, key);
	size_t len = strlen(s);

	if (len > 64 || strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "0123456789._-") != len || s[0] == '.' || s[0] == '-')
		kp_ydie(n, "expected a name for \"%s\" (up to 64 letters, digits, "
		    "'.', '_' or '-', not starting with '.' or '-'), found \"%s\"",
		    key, s);
	return s;
}

static int
isvar(const char *s)
{
	size_t i;

	if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || *s == '_'))
		return 0;
	for (i = 1; s[i]; i++)
		if (!((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
			return 0;
	return 1;
}

static long long
count(const kp_ynode *n, const char *key)
{
	char *s = scalar(n, key), *end;
	long long v;

	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno || end == s || *end || v < 1 || v > 1000)
		kp_ydie(n, "expected a whole number from 1 to 1000 for \"%s\", found \"%s\"",
		    key, s);
	free(s);
	return v;
}

/* a list of values, or one value as a list of one */
static char **
list(const kp_ynode *n, const char *key, size_t *len)
{
	char **v;
	size_t i;

	if (n->type == KP_Y_SCALAR) {
		v = emalloc(sizeof(*v));
		v[0] = scalar(n, key);
		*len = 1;
		return v;
	}
	if (n->type != KP_Y_LIST)
		kp_ydie(n, "expected a list of values for \"%s\", found %s", key,
		    kp_ykind(n));
	*len = 0;
	v = ecalloc(n->n + 1, sizeof(*v));
	for (i = 0; i < n->n; i++)
		v[(*len)++] = scalar(n->v[i], key);
	if (*len == 0)
		kp_ydie(n, "expected at least one value for \"%s\"", key);
	return v;
}

/* a mapping of names to single values; vars: the names must be shell
 * variable names; allow: NULL or the only names allowed */
static void
pairs(const kp_ynode *n, const char *key, Pairs *ps, int vars,
    const char *const *allow)
{
	const kp_ynode *kn;
	const char *const *a;
	size_t i, j;

	if (n->type != KP_Y_MAP)
		kp_ydie(n, "expected a mapping of names to values for \"%s\", "
		    "found %s", key, kp_ykind(n));
	ps->v = ecalloc(n->n + 1, sizeof(*ps->v));
	for (j = 0; j < n->n; j++) {
		kn = KP_YKEY(n, j);
		ps->v[ps->n].key = scalar(kn, key);
		ps->v[ps->n].val = scalar(KP_YVAL(n, j), ps->v[ps->n].key);
		ps->v[ps->n].at = where(kn);
		if (vars && !isvar(ps->v[ps->n].key))
			kp_ydie(kn, "expected a shell variable name in \"%s\", found \"%s\"",
			    key, ps->v[ps->n].key);
		if (allow) {
			for (a = allow; *a && strcmp(*a, ps->v[ps->n].key); a++)
				;
			if (!*a)
				kp_ydie(kn, "\"%s\" is not one of TuxSuite's make_variables: "
				    "expected C, W, LLVM, LLVM_IAS, LD, AR, NM, STRIP, "
				    "OBJCOPY, OBJDUMP, READELF, HOSTAR or HOSTLD",
				    ps->v[ps->n].key);
		}
		for (i = 0; i < ps->n; i++)
			if (strcmp(ps->v[i].key, ps->v[ps->n].key) == 0)
				kp_ydie(kn, "\"%s\" given twice in \"%s\"", ps->v[i].key, key);
		ps->n++;
	}
}

int
payload_sha_ok(const char *s)
{
	size_t i;

	for (i = 0; s[i] && strchr("0123456789abcdef", s[i]); i++)
		;
	return i == 40 && !s[i];
}


static void
kernel(const kp_ynode *m, Payload *p)
{
	static const char *const makevars[] = { "C", "W", "LLVM", "LLVM_IAS", "LD",
		"AR", "NM", "STRIP", "OBJCOPY", "OBJDUMP", "READELF", "HOSTAR",
		"HOSTLD", NULL };
	size_t pi;
	const kp_ynode *kn, *vn;
	char *key;

	kp_ywant(m, KP_Y_MAP, "a mapping for \"kernel\": git_repo, git_sha, "
	    "toolchain, kconfig and make_variables");
	for (pi = 0; pi < m->n; pi++) {
		kn = KP_YKEY(m, pi);
		vn = KP_YVAL(m, pi);
		key = scalar(kn, "a key");
		if (strcmp(key, "git_repo") == 0) {
			p->git_repo = scalar(vn, key);
			if (strncmp(p->git_repo, "https://", 8) &&
			    strncmp(p->git_repo, "http://", 7) &&
			    strncmp(p->git_repo, "git://", 6))
				kp_ydie(vn, "expected an http://, https:// or git:// URL "
				    "for \"git_repo\", found \"%s\"", p->git_repo);
		} else if (strcmp(key, "git_sha") == 0) {
			p->git_sha = scalar(vn, key);
			if (!payload_sha_ok(p->git_sha))
				kp_ydie(vn, "expected a full commit id (40 lowercase hex "
				    "digits) for \"git_sha\", found \"%s\"", p->git_sha);
		} else if (strcmp(key, "toolchain") == 0)
			p->toolchain = scalar(vn, key);
		else if (strcmp(key, "kconfig") == 0)
			p->kconfig = list(vn, key, &p->nkconfig);
		else if (strcmp(key, "make_variables") == 0)
			pairs(vn, key, &p->make_variables, 0, makevars);
		else
			kp_ydie(kn, "unknown key \"%s\" in \"kernel\": expected git_repo, "
			    "git_sha, toolchain, kconfig or make_variables", key);
		free(key);
	}
	if (!p->git_repo)
		kp_ydie(m, "\"kernel\" without \"git_repo\", the repository to build");
	p->at_kernel = where(m);
	if (!p->toolchain)
		kp_ydie(m, "\"kernel\" without \"toolchain\" (such as gcc-13 or clang-17)");
	if (!p->kconfig)
		kp_ydie(m, "\"kernel\" without \"kconfig\" (such as defconfig)");
}

static void
target(const kp_ynode *m, Target *t)
{
	size_t pi;
	const kp_ynode *kn, *vn;
	char *key;

	t->at = where(m);
	kp_ywant(m, KP_Y_MAP, "a target: a mapping with name, target_arch and "
	    "instance_type");
	for (pi = 0; pi < m->n; pi++) {
		kn = KP_YKEY(m, pi);
		vn = KP_YVAL(m, pi);
		key = scalar(kn, "a key");
		if (strcmp(key, "name") == 0)
			t->name = name(vn, key);
		else if (strcmp(key, "target_arch") == 0)
			t->arch = scalar(vn, key);
		else if (strcmp(key, "instance_type") == 0)
			t->instance_type = scalar(vn, key);
		else
			kp_ydie(kn, "unknown key \"%s\" in a target: expected name, "
			    "target_arch or instance_type", key);
		free(key);
	}
	if (!t->name)
		kp_ydie(m, "a target without \"name\"");
	if (!t->arch)
		kp_ydie(m, "target \"%s\" without \"target_arch\" (such as arm64)", t->name);
	if (!t->instance_type)
		kp_ydie(m, "target \"%s\" without \"instance_type\" (such as c7g.metal)",
		    t->name);
}

static void
suite(const kp_ynode *m, Suite *s)
{
	size_t pi;
	const kp_ynode *kn, *vn, *tests = NULL;
	char *key;
	size_t i, j;

	s->at = where(m);
	kp_ywant(m, KP_Y_MAP, "a suite: a mapping with name, and optionally "
	    "tests, tests_var and flags");
	for (pi = 0; pi < m->n; pi++) {
		kn = KP_YKEY(m, pi);
		vn = KP_YVAL(m, pi);
		key = scalar(kn, "a key");
		if (strcmp(key, "name") == 0)
			s->name = name(vn, key);
		else if (strcmp(key, "tests") == 0) {
			s->tests = list(vn, key, &s->ntests);
			tests = vn;
		} else if (strcmp(key, "tests_var") == 0) {
			s->tests_var = scalar(vn, key);
			if (!isvar(s->tests_var))
				kp_ydie(vn, "expected a shell variable name for "
				    "\"tests_var\", found \"%s\"", s->tests_var);
		} else if (strcmp(key, "flags") == 0)
			pairs(vn, key, &s->flags, 1, NULL);
		else
			kp_ydie(kn, "unknown key \"%s\" in a suite: expected name, tests, "
			    "tests_var or flags", key);
		free(key);
	}
	if (!s->name)
		kp_ydie(m, "a suite without \"name\" (the MMTests benchmark)");
	if (tests && !s->tests_var)
		kp_ydie(tests, "suite \"%s\" lists tests without \"tests_var\", the "
		    "MMTests variable that selects them", s->name);
	for (i = 0; i < s->ntests; i++)
		for (j = 0; j < i; j++)
			if (strcmp(s->tests[i], s->tests[j]) == 0)
				kp_ydie(tests, "test \"%s\" listed twice in suite \"%s\"",
				    s->tests[i], s->name);
	s->keep_test = ecalloc(s->ntests + 1, sizeof(*s->keep_test));
	for (i = 0; i < s->ntests; i++)
		s->keep_test[i] = 1;
	s->keep = 1;
}

/* a list of mappings, each read by fn into an element of size sz */
static void *
items(const kp_ynode *n, const char *key, size_t sz, size_t *len,
    void (*fn)(const kp_ynode *, void *))
{
	char *v;
	size_t i;

	if (n->type != KP_Y_LIST || n->n == 0)
		kp_ydie(n, "expected a list of %s, found %s", key, n->type ==
		    KP_Y_LIST ? "an empty list" : kp_ykind(n));
	v = ecalloc(n->n, sz);
	*len = 0;
	for (i = 0; i < n->n; i++)
		fn(n->v[i], v + sz * (*len)++);
	return v;
}

static void
target_fn(const kp_ynode *n, void *t)
{
	target(n, t);
	((Target *)t)->keep = 1;
}

static void
suite_fn(const kp_ynode *n, void *s)
{
	suite(n, s);
}

void
payload_read(const char *file, Payload *p)
{
	kp_ydoc *doc;
	const kp_ynode *root, *kn, *vn;
	char *key;
	size_t i, j, pi;

	memset(p, 0, sizeof(*p));
	p->file = file;
	doc = kp_yaml_load(file, MAXSIZE, MAXDEPTH, "a payload");
	if ((root = kp_yaml_root(doc)) == NULL)
		kp_die_at(file, 0, 0, "empty; expected a payload: a mapping with "
		    "name, kernel, targets and suites");
	kp_ywant(root, KP_Y_MAP, "a payload: a mapping with name, kernel, "
	    "targets and suites");
	for (pi = 0; pi < root->n; pi++) {
		kn = KP_YKEY(root, pi);
		vn = KP_YVAL(root, pi);
		key = scalar(kn, "a key");
		if (strcmp(key, "name") == 0)
			p->name = name(vn, key);
		else if (strcmp(key, "description") == 0)
			p->description = scalar(vn, key);
		else if (strcmp(key, "kernel") == 0)
			kernel(vn, p);
		else if (strcmp(key, "targets") == 0)
			p->targets = items(vn, "targets", sizeof(Target), &p->ntargets,
			    target_fn);
		else if (strcmp(key, "suites") == 0)
			p->suites = items(vn, "suites", sizeof(Suite), &p->nsuites,
			    suite_fn);
		else if (strcmp(key, "instances") == 0) {
			p->instances = count(vn, key);
			p->at_instances = where(vn);
		} else if (strcmp(key, "repetitions") == 0) {
			p->repetitions = count(vn, key);
			p->at_repetitions = where(vn);
		} else if (strcmp(key, "parameters") == 0) {
			pairs(vn, key, &p->parameters, 0, NULL);
			for (i = 0; i < p->parameters.n; i++)
				if (strcmp(p->parameters.v[i].key, "dut") == 0)
					kp_die_at(file, p->parameters.v[i].at.line,
					    p->parameters.v[i].at.col, "\"dut\" in "
					    "\"parameters\": kp-plan sets it from "
					    "each target's instance_type");
		} else if (strcmp(key, "commands") == 0)
			p->commands = list(vn, key, &p->ncommands);
		else
			kp_ydie(kn, "unknown key \"%s\": expected name, description, "
			    "kernel, targets, suites, instances, repetitions, "
			    "parameters or commands", key);
		free(key);
	}
	if (!p->name)
		kp_ydie(root, "a payload without \"name\"");
	if (!p->git_repo)
		kp_ydie(root, "a payload without \"kernel\" (git_repo, git_sha, "
		    "toolchain and kconfig)");
	if (!p->targets)
		kp_ydie(root, "a payload without \"targets\"");
	if (!p->suites)
		kp_ydie(root, "a payload without \"suites\"");
	for (i = 0; i < p->ntargets; i++)
		for (j = 0; j < i; j++)
			if (strcmp(p->targets[i].name, p->targets[j].name) == 0)
				kp_die_at(file, p->targets[i].at.line, p->targets[i].at.col,
				    "target \"%s\" given twice", p->targets[i].name);
	for (i = 0; i < p->nsuites; i++)
		for (j = 0; j < i; j++)
			if (strcmp(p->suites[i].name, p->suites[j].name) == 0)
				kp_die_at(file, p->suites[i].at.line, p->suites[i].at.col,
				    "suite \"%s\" given twice", p->suites[i].name);
	kp_yaml_free(doc);
}
