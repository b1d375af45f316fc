/* SPDX-License-Identifier: GPL-2.0-or-later */
/* identity.c: the identity fields of a run and how they compare; see
 * identity.h and kp-identify(1). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "identity.h"

/* An allow-list, not a deny-list: a field a parser adds later (a
 * timestamp, a counter) must not silently split experiments. */
const kp_idfield kp_idfields[] = {
	{ "arch", 0 },
	{ "cmdline", 0 },
	{ "cpu_model", 0 },
	{ "cpu_topology", 0 },
	{ "cpus", 0 },
	/* the environment a run ran in (native, a VM, an emulator): a
	 * run's numbers are its environment's.  Keyed only when a run has
	 * one, so ids of runs without it do not move */
	{ "env", 0 },
	{ "framework", 0 },
	{ "framework_version", 0 },
	{ "instance_type", 0 },
	/* the same base configuration resolves to a different .config
	 * (and hash) in every kernel version, so it cannot be in key */
	{ "kconfig_hash", 1 },
	{ "kernel", 1 },
	{ "kernel_sha", 1 },
	{ "mem_kb", 0 },
	{ "os", 0 },
	{ "toolchain", 0 },
};
const size_t kp_nidfields = KP_LEN(kp_idfields);

char *
kp_id_cmdline(const char *s)
{
	char *o = emalloc(strlen(s) + 1), *p = o;
	const char *t;
	size_t n;

	while (*s) {
		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		for (t = s; *t && *t != ' ' && *t != '\t' && *t != '\n'; t++)
			;
		n = (size_t)(t - s);
		if (n && strncmp(s, "BOOT_IMAGE=", 11) != 0 &&
		    strncmp(s, "initrd=", 7) != 0) {
			if (p != o)
				*p++ = ' ';
			memcpy(p, s, n);
			p += n;
		}
		s = t;
	}
	*p = '\0';
	return o;
}

static const char *
fv(const kp_fvs *f, const char *name)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		if (strcmp(f->v[i].name, name) == 0)
			return f->v[i].val;
	return NULL;
}

/* a field's value as kp-identify keys it: the command line normalised,
 * memory in GiB (MemTotal moves by megabytes with the kernel's size) */
static char *
idvalue(const char *field, const char *v)
{
	char buf[32], *end;
	double kb;

	if (!v)
		return NULL;
	if (strcmp(field, "cmdline") == 0)
		return kp_id_cmdline(v);
	if (strcmp(field, "mem_kb") == 0 && (kb = strtod(v, &end)) >= 0 && !*end) {
		snprintf(buf, sizeof(buf), "%.0f GiB", round(kb / 1048576));
		return estrdup(buf);
	}
	return estrdup(v);
}

size_t
kp_id_differ(const kp_fvs *a, const kp_fvs *b, kp_cov_diff *out, size_t max)
{
	size_t i, n = 0;
	char *x, *y;

	for (i = 0; i < kp_nidfields && n < max; i++) {
		if (kp_idfields[i].kernel)
			continue;
		x = idvalue(kp_idfields[i].name, fv(a, kp_idfields[i].name));
		y = idvalue(kp_idfields[i].name, fv(b, kp_idfields[i].name));
		if ((!x && !y) || (x && y && strcmp(x, y) == 0)) {
			free(x);
			free(y);
			continue;
		}
		out[n].field = kp_idfields[i].name;
		out[n].base = x;
		out[n++].target = y;
	}
	return n;
}

void
kp_id_differ_free(kp_cov_diff *d, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free((char *)d[i].base);
		free((char *)d[i].target);
	}
}
