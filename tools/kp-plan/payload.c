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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "kp.h"
#include "plan.h"
#include "yamlcheck.h"

/* a payload is a page of YAML kept by people; its deepest node (a
 * target's parameters) is at depth 4 */
#define MAXSIZE (1024 * 1024)
#define MAXDEPTH 8

static const char *path;
static yaml_document_t doc;

static void __attribute__((noreturn, format(printf, 2, 3)))
bad(const yaml_node_t *n, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	kp_die_at(path, (long)n->start_mark.line + 1,
	    (long)n->start_mark.column + 1, "%s", msg);
}

static Where
where(const yaml_node_t *n)
{
	return (Where){ (long)n->start_mark.line + 1, (long)n->start_mark.column + 1 };
}

static yaml_node_t *
node(int i)
{
	return yaml_document_get_node(&doc, i);
}

static char *
scalar(yaml_node_t *n, const char *key)
{
	if (n->type != YAML_SCALAR_NODE)
		bad(n, "expected a single value for \"%s\"", key);
	if (n->data.scalar.length == 0 && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE)
		bad(n, "expected a value for \"%s\", found nothing", key);
	if (strlen((char *)n->data.scalar.value) != n->data.scalar.length)
		bad(n, "a NUL character in \"%s\"", key);
	return estrdup((char *)n->data.scalar.value);
}

/* letters, digits, '.', '_' and '-': names that become file names,
 * TuxSuite job names and MMTests run names */
static char *
name(yaml_node_t *n, const char *key)
{
	char *s = scalar(n, key);
	size_t len = strlen(s);

	if (len > 64 || strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "0123456789._-") != len || s[0] == '.' || s[0] == '-')
		bad(n, "expected a name for \"%s\" (up to 64 letters, digits, "
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
count(yaml_node_t *n, const char *key)
{
	char *s = scalar(n, key), *end;
	long long v;

	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno || end == s || *end || v < 1 || v > 1000)
		bad(n, "expected a whole number from 1 to 1000 for \"%s\", found \"%s\"",
		    key, s);
	free(s);
	return v;
}

/* a list of values, or one value as a list of one */
static char **
list(yaml_node_t *n, const char *key, size_t *len)
{
	yaml_node_item_t *it;
	char **v;

	if (n->type == YAML_SCALAR_NODE) {
		v = emalloc(sizeof(*v));
		v[0] = scalar(n, key);
		*len = 1;
		return v;
	}
	if (n->type != YAML_SEQUENCE_NODE)
		bad(n, "expected a list of values for \"%s\"", key);
	*len = 0;
	v = ecalloc((size_t)(n->data.sequence.items.top - n->data.sequence.items.start) + 1,
	    sizeof(*v));
	for (it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++)
		v[(*len)++] = scalar(node(*it), key);
	if (*len == 0)
		bad(n, "expected at least one value for \"%s\"", key);
	return v;
}

/* a mapping of names to single values; vars: the names must be shell
 * variable names; allow: NULL or the only names allowed */
static void
pairs(yaml_node_t *n, const char *key, Pairs *ps, int vars,
    const char *const *allow)
{
	yaml_node_pair_t *p;
	yaml_node_t *kn;
	const char *const *a;
	size_t i;

	if (n->type != YAML_MAPPING_NODE)
		bad(n, "expected a mapping of names to values for \"%s\"", key);
	ps->v = ecalloc((size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start) + 1,
	    sizeof(*ps->v));
	for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		kn = node(p->key);
		ps->v[ps->n].key = scalar(kn, key);
		ps->v[ps->n].val = scalar(node(p->value), ps->v[ps->n].key);
		ps->v[ps->n].at = where(kn);
		if (vars && !isvar(ps->v[ps->n].key))
			bad(kn, "expected a shell variable name in \"%s\", found \"%s\"",
			    key, ps->v[ps->n].key);
		if (allow) {
			for (a = allow; *a && strcmp(*a, ps->v[ps->n].key); a++)
				;
			if (!*a)
				bad(kn, "\"%s\" is not one of TuxSuite's make_variables: "
				    "expected C, W, LLVM, LLVM_IAS, LD, AR, NM, STRIP, "
				    "OBJCOPY, OBJDUMP, READELF, HOSTAR or HOSTLD",
				    ps->v[ps->n].key);
		}
		for (i = 0; i < ps->n; i++)
			if (strcmp(ps->v[i].key, ps->v[ps->n].key) == 0)
				bad(kn, "\"%s\" given twice in \"%s\"", ps->v[i].key, key);
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
kernel(yaml_node_t *m, Payload *p)
{
	static const char *const makevars[] = { "C", "W", "LLVM", "LLVM_IAS", "LD",
		"AR", "NM", "STRIP", "OBJCOPY", "OBJDUMP", "READELF", "HOSTAR",
		"HOSTLD", NULL };
	yaml_node_pair_t *pr;
	yaml_node_t *kn, *vn;
	char *key;

	if (m->type != YAML_MAPPING_NODE)
		bad(m, "expected a mapping for \"kernel\": git_repo, git_sha, "
		    "toolchain, kconfig and make_variables");
	for (pr = m->data.mapping.pairs.start; pr < m->data.mapping.pairs.top; pr++) {
		kn = node(pr->key);
		vn = node(pr->value);
		key = scalar(kn, "a key");
		if (strcmp(key, "git_repo") == 0) {
			p->git_repo = scalar(vn, key);
			if (strncmp(p->git_repo, "https://", 8) &&
			    strncmp(p->git_repo, "http://", 7) &&
			    strncmp(p->git_repo, "git://", 6))
				bad(vn, "expected an http://, https:// or git:// URL "
				    "for \"git_repo\", found \"%s\"", p->git_repo);
		} else if (strcmp(key, "git_sha") == 0) {
			p->git_sha = scalar(vn, key);
			if (!payload_sha_ok(p->git_sha))
				bad(vn, "expected a full commit id (40 lowercase hex "
				    "digits) for \"git_sha\", found \"%s\"", p->git_sha);
		} else if (strcmp(key, "toolchain") == 0)
			p->toolchain = scalar(vn, key);
		else if (strcmp(key, "kconfig") == 0)
			p->kconfig = list(vn, key, &p->nkconfig);
		else if (strcmp(key, "make_variables") == 0)
			pairs(vn, key, &p->make_variables, 0, makevars);
		else
			bad(kn, "unknown key \"%s\" in \"kernel\": expected git_repo, "
			    "git_sha, toolchain, kconfig or make_variables", key);
		free(key);
	}
	if (!p->git_repo)
		bad(m, "\"kernel\" without \"git_repo\", the repository to build");
	p->at_kernel = where(m);
	if (!p->toolchain)
		bad(m, "\"kernel\" without \"toolchain\" (such as gcc-13 or clang-17)");
	if (!p->kconfig)
		bad(m, "\"kernel\" without \"kconfig\" (such as defconfig)");
}

static void
target(yaml_node_t *m, Target *t)
{
	yaml_node_pair_t *pr;
	yaml_node_t *kn, *vn;
	char *key;

	t->at = where(m);
	if (m->type != YAML_MAPPING_NODE)
		bad(m, "expected a target: a mapping with name, target_arch and "
		    "instance_type");
	for (pr = m->data.mapping.pairs.start; pr < m->data.mapping.pairs.top; pr++) {
		kn = node(pr->key);
		vn = node(pr->value);
		key = scalar(kn, "a key");
		if (strcmp(key, "name") == 0)
			t->name = name(vn, key);
		else if (strcmp(key, "target_arch") == 0)
			t->arch = scalar(vn, key);
		else if (strcmp(key, "instance_type") == 0)
			t->instance_type = scalar(vn, key);
		else
			bad(kn, "unknown key \"%s\" in a target: expected name, "
			    "target_arch or instance_type", key);
		free(key);
	}
	if (!t->name)
		bad(m, "a target without \"name\"");
	if (!t->arch)
		bad(m, "target \"%s\" without \"target_arch\" (such as arm64)", t->name);
	if (!t->instance_type)
		bad(m, "target \"%s\" without \"instance_type\" (such as c7g.metal)",
		    t->name);
}

static void
suite(yaml_node_t *m, Suite *s)
{
	yaml_node_pair_t *pr;
	yaml_node_t *kn, *vn, *tests = NULL;
	char *key;
	size_t i, j;

	s->at = where(m);
	if (m->type != YAML_MAPPING_NODE)
		bad(m, "expected a suite: a mapping with name, and optionally "
		    "tests, tests_var and flags");
	for (pr = m->data.mapping.pairs.start; pr < m->data.mapping.pairs.top; pr++) {
		kn = node(pr->key);
		vn = node(pr->value);
		key = scalar(kn, "a key");
		if (strcmp(key, "name") == 0)
			s->name = name(vn, key);
		else if (strcmp(key, "tests") == 0) {
			s->tests = list(vn, key, &s->ntests);
			tests = vn;
		} else if (strcmp(key, "tests_var") == 0) {
			s->tests_var = scalar(vn, key);
			if (!isvar(s->tests_var))
				bad(vn, "expected a shell variable name for "
				    "\"tests_var\", found \"%s\"", s->tests_var);
		} else if (strcmp(key, "flags") == 0)
			pairs(vn, key, &s->flags, 1, NULL);
		else
			bad(kn, "unknown key \"%s\" in a suite: expected name, tests, "
			    "tests_var or flags", key);
		free(key);
	}
	if (!s->name)
		bad(m, "a suite without \"name\" (the MMTests benchmark)");
	if (tests && !s->tests_var)
		bad(tests, "suite \"%s\" lists tests without \"tests_var\", the "
		    "MMTests variable that selects them", s->name);
	for (i = 0; i < s->ntests; i++)
		for (j = 0; j < i; j++)
			if (strcmp(s->tests[i], s->tests[j]) == 0)
				bad(tests, "test \"%s\" listed twice in suite \"%s\"",
				    s->tests[i], s->name);
	s->keep_test = ecalloc(s->ntests + 1, sizeof(*s->keep_test));
	for (i = 0; i < s->ntests; i++)
		s->keep_test[i] = 1;
	s->keep = 1;
}

/* a list of mappings, each read by fn into an element of size sz */
static void *
items(yaml_node_t *n, const char *key, size_t sz, size_t *len,
    void (*fn)(yaml_node_t *, void *))
{
	yaml_node_item_t *it;
	char *v;

	if (n->type != YAML_SEQUENCE_NODE || n->data.sequence.items.top ==
	    n->data.sequence.items.start)
		bad(n, "expected a list of %s", key);
	v = ecalloc((size_t)(n->data.sequence.items.top - n->data.sequence.items.start),
	    sz);
	*len = 0;
	for (it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++)
		fn(node(*it), v + sz * (*len)++);
	return v;
}

static void
target_fn(yaml_node_t *n, void *t)
{
	target(n, t);
	((Target *)t)->keep = 1;
}

static void
suite_fn(yaml_node_t *n, void *s)
{
	suite(n, s);
}

void
payload_read(const char *file, Payload *p)
{
	yaml_node_t *root, *kn, *vn;
	yaml_node_pair_t *pr;
	char *key;
	size_t i, j;

	memset(p, 0, sizeof(*p));
	p->file = path = file;
	kp_yaml_load(&doc, file, MAXSIZE, MAXDEPTH, "a payload");
	if ((root = yaml_document_get_root_node(&doc)) == NULL)
		kp_die_at(file, 0, 0, "empty; expected a payload: a mapping with "
		    "name, kernel, targets and suites");
	if (root->type != YAML_MAPPING_NODE)
		bad(root, "expected a payload: a mapping with name, kernel, "
		    "targets and suites");
	for (pr = root->data.mapping.pairs.start; pr < root->data.mapping.pairs.top; pr++) {
		kn = node(pr->key);
		vn = node(pr->value);
		key = scalar(kn, "a key");
		if (strcmp(key, "name") == 0)
			p->name = name(vn, key);
		else if (strcmp(key, "description") == 0)
			p->description = scalar(vn, key);
		else if (strcmp(key, "kernel") == 0)
			kernel(vn, p);
		else if (strcmp(key, "targets") == 0)
			p->targets = items(vn, "targets", sizeof(Target), &p->ntargets,
			    target_fn); else if (strcmp(key, "suites") == 0)
			p->suites = items(vn, "suites", sizeof(Suite), &p->nsuites,
			    suite_fn); else if (strcmp(key, "instances") == 0) {
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
			bad(kn, "unknown key \"%s\": expected name, description, "
			    "kernel, targets, suites, instances, repetitions, "
			    "parameters or commands", key);
		free(key);
	}
	if (!p->name)
		bad(root, "a payload without \"name\"");
	if (!p->git_repo)
		bad(root, "a payload without \"kernel\" (git_repo, git_sha, "
		    "toolchain and kconfig)");
	if (!p->targets)
		bad(root, "a payload without \"targets\"");
	if (!p->suites)
		bad(root, "a payload without \"suites\"");
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
	yaml_document_delete(&doc);
}
