/* SPDX-License-Identifier: GPL-2.0-or-later */
/* meta.c: the run record of an iteration: what kernel.version, lscpu,
 * os-release, dmesg and the kconfig say of the kernel and the machine,
 * with --meta and -l settings over them, and a hash of every file. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "pm.h"
#include "toolchain.h"

void
iter_remember_hash(iterinfo *it, const vfile *f, const vtext *x)
{
	unsigned char md[32];

	if (it->nh == KP_LEN(it->hf))
		return;
	kp_sha256(x->buf, x->len, md);
	kp_hex(md, 8, it->hh[it->nh]);
	it->hf[it->nh++] = f;
}

static char *
value_after(const char *l, const char *key)
{
	const char *p = strstr(l, key);
	size_t n;

	if (!p)
		return NULL;
	p += strlen(key);
	p += strspn(p, " \t");
	n = strlen(p);
	while (n && isspace((unsigned char)p[n - 1]))
		n--;
	return estrndup(p, n);
}

/* the first lines counted as warnings, for the reports beside a
 * regression (kp-evidence(1)); cut on a character boundary */
#define NWARN 5
#define WARNLEN 200
static void
keep_warning(iterinfo *it, const char *l)
{
	size_t n = strlen(l);

	if (it->warn.n == NWARN)
		return;
	if (n > WARNLEN)
		for (n = WARNLEN; n && ((unsigned char)l[n] & 0xc0) == 0x80; n--)
			;
	while (n && isspace((unsigned char)l[n - 1]))
		n--;
	it->warn.v = kp_grow(it->warn.v, it->warn.n, sizeof(char *));
	it->warn.v[it->warn.n++] = estrndup(l, n);
}

static void
read_dmesg(iterinfo *it, const vtree *t)
{
	const vfile *f = vt_find(t, it->dir, "dmesg");
	vtext x;
	char *l, *p;
	int depth;
	const char *s;

	if (!f || vt_load(f, &x) < 0)
		return;
	iter_remember_hash(it, f, &x);
	while ((l = vt_line(&x, NULL))) {
		if (strstr(l, "WARNING:") || strstr(l, "Oops:")) {
			it->warnings++;
			keep_warning(it, l);
		}
		if (!it->cmdline && (p = strstr(l, "Command line: ")))
			it->cmdline = estrdup(p + 14);
		/* Linux version V (user@host) (gcc ..., GNU ld ...) #1 ... */
		if (!it->toolchain && (p = strstr(l, "Linux version "))) {
			p = strchr(p, '(');
			for (depth = 0; p && *p; p++) {
				depth += (*p == '(') - (*p == ')');
				if (!depth)
					break;
			}
			if (p && *p && (p = strchr(p, '('))) {
				for (s = p, depth = 0; *s; s++) {
					depth += (*s == '(') - (*s == ')');
					if (!depth)
						break;
				}
				if (*s) {
					/* the name build metadata gives too */
					char *raw = estrndup(p + 1, s - p - 1);

					it->toolchain = kp_toolchain(raw);
					free(raw);
				}
			}
		}
	}
	vt_done(&x);
}

void
iter_read_meta(iterinfo *it, const vtree *t)
{
	const vfile *f;
	vtext x;
	char *l, *v;
	size_t fn, i;
	const vfile *fl;

	if ((l = runs_firstline(t, it->dir, "kernel.version"))) {
		size_t n, n0;
		const char *w0 = job_field(l, 0, &n0);
		const char *w = job_field(l, 2, &n);
		it->uname = l;
		/* MMTests writes uname -a; any other line would give a
		 * kernel of a word that is no release ("#1"), or none
		 * without a word said */
		if (w && w0 && n0 == 5 && !strncmp(w0, "Linux", 5))
			it->release = estrndup(w, n);
		else if ((f = vt_find(t, it->dir, "kernel.version")))
			kp_warn_at(f->shown, 1, 0, "expected the output of uname -a "
			    "(Linux HOST RELEASE ...): the kernel is not known "
			    "(--meta kernel=NAME names it)");
	}
	if ((f = vt_find(t, it->dir, "lscpu.txt")) && vt_load(f, &x) == 0) {
		while ((l = vt_line(&x, NULL))) {
			if (!it->cpu_model && !strncmp(l, "Model name:", 11))
				it->cpu_model = value_after(l, "Model name:");
			else if (!it->has_cpus && !strncmp(l, "CPU(s):", 7))
				it->has_cpus = job_getlong(l + 7, &it->cpus) == 0;
			else if (!it->arch && !strncmp(l, "Architecture:", 13))
				it->arch = value_after(l, "Architecture:");
		}
		vt_done(&x);
	}
	if ((f = vt_find(t, it->dir, "cpu-topology-mmtests.txt")))
		vt_hash16(f, it->cpu_topology);
	if ((f = vt_find(t, it->dir, "os-release")) && vt_load(f, &x) == 0) {
		while ((l = vt_line(&x, NULL)))
			if (!strncmp(l, "PRETTY_NAME=", 12)) {
				v = l + 12;
				i = strlen(v);
				if (i >= 2 && (*v == '"' || *v == '\'') && v[i - 1] == *v) {
					v[i - 1] = '\0';
					v++;
				}
				it->os = estrdup(v);
				break;
			}
		vt_done(&x);
	}
	fl = vt_list(t, it->dir, &fn);
	for (i = 0; i < fn; i++)
		if (!strncmp(vt_base(&fl[i]), "kconfig-", 8)) {
			vt_hash16(&fl[i], it->kconfig);
			break;
		}
	free((void *)fl);
	iter_read_timestamp(it, t);
	iter_read_sysstate(it, t);
	read_dmesg(it, t);
}

void
iter_free(iterinfo *it)
{
	size_t i;

	for (i = 0; i < it->njs; i++)
		jstat_free(&it->js[i]);
	free(it->js);
	free(it->dir);
	free(it->uname);
	free(it->release);
	free(it->arch);
	free(it->cpu_model);
	free(it->os);
	free(it->cmdline);
	kp_strs_free(&it->warn);
	free(it->toolchain);
	free(it->version);
}

/* a field read, or as --meta set it: a string */
static void
str(pm *p, const run *r, kp_run *x, int f, const char *v)
{
	const char *m = pm_meta_get(p, r, RUNF(f));

	kp_rec_set_str(&kp_run_t, x, f, m ? m : v);
}

/* a number read (have), or as --meta set it: a string */
static void
num(pm *p, const run *r, kp_run *x, int f, int have, long long v)
{
	const char *m = pm_meta_get(p, r, RUNF(f));

	if (m || !have)
		kp_rec_set_str(&kp_run_t, x, f, m);
	else
		kp_rec_set_int(&kp_run_t, x, f, v);
}

/* the file names of the iteration and their hashes */
static void
files(iterinfo *it, const vtree *t, kp_pairs *out)
{
	size_t n, i, k;
	const vfile *fl = vt_list(t, it->dir, &n);
	const char *b;
	char h[17];

	out->name = ereallocarray(NULL, n + 1, sizeof(*out->name));
	out->val = ereallocarray(NULL, n + 1, sizeof(*out->val));
	for (i = 0; i < n; i++) {
		b = strrchr(fl[i].rel, '/');
		b = b ? b + 1 : fl[i].rel;
		/* these three are in the record field by field */
		if (!strcmp(b, "tests-timestamp") || !strcmp(b, "tests-activity") ||
		    !strcmp(b, "kernel.version"))
			continue;
		for (k = 0; k < it->nh; k++)
			if (!strcmp(it->hf[k]->rel, fl[i].rel))
				break;
		if (k < it->nh) {
			out->name[out->n] = estrdup(b);
			out->val[out->n++] = estrdup(it->hh[k]);
		} else if (vt_hash16(&fl[i], h) == 0) {
			out->name[out->n] = estrdup(b);
			out->val[out->n++] = estrdup(h);
		}
	}
	free((void *)fl);
}

void
iter_write_run(kp_w *w, pm *p, iterinfo *it)
{
	const run *r = it->r;
	const vtree *t = r->t;
	char *src;
	kp_run x;
	int f;

	memset(&x, 0, sizeof(x));
	x.iter = it->iter;
	kp_has_set(&x.has, KP_RUN_ITER);
	str(p, r, &x, KP_RUN_RUN, r->id);
	str(p, r, &x, KP_RUN_RUN_NAME, r->name);
	str(p, r, &x, KP_RUN_KERNEL, it->release);
	str(p, r, &x, KP_RUN_KERNEL_SHA, NULL);
	str(p, r, &x, KP_RUN_UNAME, it->uname);
	str(p, r, &x, KP_RUN_HOST, r->host);
	str(p, r, &x, KP_RUN_INSTANCE, r->host);
	str(p, r, &x, KP_RUN_INSTANCE_TYPE, NULL);
	str(p, r, &x, KP_RUN_ARCH, it->arch);
	str(p, r, &x, KP_RUN_CPU_MODEL, it->cpu_model);
	num(p, r, &x, KP_RUN_CPUS, it->has_cpus, it->cpus);
	str(p, r, &x, KP_RUN_CPU_TOPOLOGY, *it->cpu_topology ? it->cpu_topology : NULL);
	num(p, r, &x, KP_RUN_MEM_KB, it->has_mem, it->mem_kb);
	str(p, r, &x, KP_RUN_OS, it->os);
	str(p, r, &x, KP_RUN_CMDLINE, it->cmdline);
	str(p, r, &x, KP_RUN_TOOLCHAIN, it->toolchain);
	str(p, r, &x, KP_RUN_KCONFIG_HASH, *it->kconfig ? it->kconfig : NULL);
	str(p, r, &x, KP_RUN_FRAMEWORK, "mmtests");
	str(p, r, &x, KP_RUN_FRAMEWORK_VERSION, it->version);
	num(p, r, &x, KP_RUN_START, it->has_start, it->start);
	num(p, r, &x, KP_RUN_FINISH, it->has_finish, it->finish);
	num(p, r, &x, KP_RUN_DMESG_WARNINGS, 1, it->warnings);
	/* handed to the record, which frees them */
	x.warnings = it->warn;
	memset(&it->warn, 0, sizeof(it->warn));
	kp_has_set(&x.has, KP_RUN_WARNINGS);
	files(it, t, &x.files);
	kp_has_set(&x.has, KP_RUN_FILES);
	src = runs_join(t->shown, r->dir);
	str(p, r, &x, KP_RUN_SRC, src);
	free(src);
	/* what --meta sets beyond these: date and env in their place, any
	 * other field after them */
	for (f = KP_RUN_DATE; f < KP_RUN_NF; f++)
		if (f != KP_RUN_SRC && pm_meta_get(p, r, RUNF(f)))
			str(p, r, &x, f, NULL);
	pm_meta_extra(p, r, &x);
	kp_rec_check(&kp_run_t, &x, x.src, 0);
	kp_rec_write(w, &kp_run_t, &x);
	kp_rec_free(&kp_run_t, &x);
}
