/* meta.c: the run record of an iteration: what kernel.version, lscpu,
 * os-release, dmesg and the kconfig say of the kernel and the machine,
 * with --meta and -l settings over them, and a hash of every file. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "pm.h"
#include "toolchain.h"

void
remember_hash(iterinfo *it, const vfile *f, const vtext *x)
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
	remember_hash(it, f, &x);
	while ((l = vt_line(&x, NULL))) {
		if (strstr(l, "WARNING:") || strstr(l, "Oops:"))
			it->warnings++;
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
read_meta(iterinfo *it, const vtree *t)
{
	const vfile *f;
	vtext x;
	char *l, *v;
	size_t fn, i;
	const vfile *fl;

	if ((l = firstline(t, it->dir, "kernel.version"))) {
		size_t n;
		const char *w = field(l, 2, &n);
		it->uname = l;
		if (w)
			it->release = estrndup(w, n);
	}
	if ((f = vt_find(t, it->dir, "lscpu.txt")) && vt_load(f, &x) == 0) {
		while ((l = vt_line(&x, NULL))) {
			if (!it->cpu_model && !strncmp(l, "Model name:", 11))
				it->cpu_model = value_after(l, "Model name:");
			else if (!it->has_cpus && !strncmp(l, "CPU(s):", 7))
				it->has_cpus = getlong(l + 7, &it->cpus) == 0;
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
	read_timestamp(it, t);
	read_sysstate(it, t);
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
	free(it->toolchain);
	free(it->version);
}

static const char *const runkeys[] = {
	"type", "run", "run_name", "iter", "kernel", "kernel_sha", "uname", "host",
	"instance", "instance_type", "arch", "cpu_model", "cpus", "cpu_topology",
	"mem_kb", "os", "cmdline", "toolchain", "kconfig_hash", "framework",
	"framework_version", "start", "finish", "dmesg_warnings", "files", "src", NULL
};

/* --meta replaces what was read, as a string */
static void
kstr(kp_w *w, const run *r, const char *key, const char *v)
{
	const char *m = meta_get(r, key);

	kp_w_key(w, key);
	if (m || v)
		kp_w_str(w, m ? m : v);
	else
		kp_w_null(w);
}

static void
kint(kp_w *w, const run *r, const char *key, int have, long long v)
{
	const char *m = meta_get(r, key);

	kp_w_key(w, key);
	if (m)
		kp_w_str(w, m);
	else if (have)
		kp_w_int(w, v);
	else
		kp_w_null(w);
}

static void
write_files(kp_w *w, iterinfo *it, const vtree *t)
{
	size_t n, i, k;
	const vfile *fl = vt_list(t, it->dir, &n);
	const char *b;
	char h[17];

	kp_w_key(w, "files");
	kp_w_obj(w);
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
		if (k < it->nh)
			kp_w_kstr(w, b, it->hh[k]);
		else if (vt_hash16(&fl[i], h) == 0)
			kp_w_kstr(w, b, h);
	}
	kp_w_end(w);
	free((void *)fl);
}

void
write_run(kp_w *w, iterinfo *it)
{
	const run *r = it->r;
	const vtree *t = r->t;
	char *src;

	kp_w_obj(w);
	kp_w_kstr(w, "type", "run");
	kstr(w, r, "run", r->id);
	kstr(w, r, "run_name", r->name);
	kp_w_kint(w, "iter", it->iter);
	kstr(w, r, "kernel", it->release);
	kstr(w, r, "kernel_sha", NULL);
	kstr(w, r, "uname", it->uname);
	kstr(w, r, "host", r->host);
	kstr(w, r, "instance", r->host);
	kstr(w, r, "instance_type", NULL);
	kstr(w, r, "arch", it->arch);
	kstr(w, r, "cpu_model", it->cpu_model);
	kint(w, r, "cpus", it->has_cpus, it->cpus);
	kstr(w, r, "cpu_topology", *it->cpu_topology ? it->cpu_topology : NULL);
	kint(w, r, "mem_kb", it->has_mem, it->mem_kb);
	kstr(w, r, "os", it->os);
	kstr(w, r, "cmdline", it->cmdline);
	kstr(w, r, "toolchain", it->toolchain);
	kstr(w, r, "kconfig_hash", *it->kconfig ? it->kconfig : NULL);
	kstr(w, r, "framework", "mmtests");
	kstr(w, r, "framework_version", it->version);
	kint(w, r, "start", it->has_start, it->start);
	kint(w, r, "finish", it->has_finish, it->finish);
	kint(w, r, "dmesg_warnings", 1, it->warnings);
	write_files(w, it, t);
	src = join(t->shown, r->dir);
	kstr(w, r, "src", src);
	free(src);
	meta_extra(w, r, runkeys);
	kp_w_end(w);
}
