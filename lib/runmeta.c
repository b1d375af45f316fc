/* SPDX-License-Identifier: GPL-2.0-or-later */
/* runmeta.c: the run record of a parser whose input carries its own
 * metadata as key/value pairs (CI results JSON, bpftrace output), so that
 * every such parser names runs, kernels and instances the same way. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kp.h"
#include "rec.h"
#include "runmeta.h"

#define F(f) KP_FNAME(kp_run_t, f)

typedef struct {
	char *key;
	char *val;	/* NULL: JSON null */
	int num;	/* val is the text of a JSON number */
} field;

struct kp_runmeta {
	field *f;
	size_t n;
};

kp_runmeta *
kp_runmeta_new(void)
{
	return ecalloc(1, sizeof(kp_runmeta));
}

void
kp_runmeta_set(kp_runmeta *m, const char *key, const char *val, int num)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (strcmp(m->f[i].key, key) == 0)
			break;
	if (i == m->n) {
		m->f = kp_grow(m->f, m->n, sizeof(*m->f));
		m->f[m->n++].key = estrdup(key);
	} else
		free(m->f[i].val);
	m->f[i].val = val ? estrdup(val) : NULL;
	m->f[i].num = val && num;
}

const char *
kp_runmeta_get(const kp_runmeta *m, const char *key)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (strcmp(m->f[i].key, key) == 0)
			return m->f[i].val;
	return NULL;
}

void
kp_runmeta_clear(kp_runmeta *m)
{
	size_t i;

	for (i = 0; i < m->n; i++) {
		free(m->f[i].key);
		free(m->f[i].val);
	}
	m->n = 0;
}

/* "2026-11-30", "2026-11-30T12:00:00Z", "2026-11-30 12:00" or epoch seconds */
int
kp_parse_date(const char *s, long long *out)
{
	struct tm tm;
	const char *p;
	char *e;
	int n = 0, m = 0;

	memset(&tm, 0, sizeof(tm));
	if (sscanf(s, "%4d-%2d-%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &n) == 3) {
		p = s + n;
		if ((*p == 'T' || *p == ' ') &&
		    sscanf(p + 1, "%2d:%2d%n", &tm.tm_hour, &tm.tm_min, &m) == 2) {
			p += 1 + m;
			if (*p == ':' && sscanf(p + 1, "%2d%n", &tm.tm_sec, &m) == 1)
				p += 1 + m;
		}
		if (*p == 'Z')
			p++;
		if (*p != '\0' || tm.tm_mon < 1 || tm.tm_mon > 12 ||
		    tm.tm_mday < 1 || tm.tm_mday > 31)
			return -1;
		tm.tm_year -= 1900;
		tm.tm_mon -= 1;
		*out = timegm(&tm);
		return 0;
	}
	*out = strtoll(s, &e, 10);
	return *s != '\0' && *e == '\0' ? 0 : -1;
}

char *
kp_run_id(const char *name, const char *host, int has_start, long long start)
{
	char *s;
	int n;

	n = has_start ? asprintf(&s, "%s@%s:%lld", name, host, start) :
	    asprintf(&s, "%s@%s", name, host);
	if (n < 0)
		kp_die("out of memory");
	return s;
}

void
kp_meta_opt(char ***meta, size_t *n, char *arg, const char *synopsis)
{
	if (strchr(arg, '=') == NULL || arg[0] == '=') {
		kp_warn("--meta %s: expected key=value", arg);
		kp_usage(synopsis);
	}
	*meta = kp_grow(*meta, *n, sizeof(**meta));
	(*meta)[(*n)++] = arg;
}

void
kp_runmeta_write(kp_runmeta *m, kp_w *w, const char *framework, const char *src,
    char *const *meta, size_t nmeta, kp_runid *id)
{
	/* the fields written first, in the order of the table */
	static const int done[] = { KP_RUN_RUN, KP_RUN_RUN_NAME, KP_RUN_KERNEL,
	    KP_RUN_HOST, KP_RUN_INSTANCE, KP_RUN_CPU_MODEL, KP_RUN_ITER,
	    KP_RUN_FRAMEWORK, KP_RUN_START, KP_RUN_FINISH };
	const char *base, *dot, *date, *host;
	char name[256], key[128], *eq;
	long long start = 0;
	int have_start = 0;
	size_t i, j;

	/* a run is named after its file unless the input names it */
	base = strrchr(src, '/');
	base = base ? base + 1 : src;
	dot = strchr(base, '.');
	snprintf(name, sizeof(name), "%.*s", dot && dot != base ?
	    (int)(dot - base) : (int)strlen(base), base);
	if (!kp_runmeta_get(m, F(KP_RUN_RUN_NAME)))
		kp_runmeta_set(m, F(KP_RUN_RUN_NAME), name, 0);
	for (i = 0; i < nmeta; i++) {
		eq = strchr(meta[i], '=');
		snprintf(key, sizeof(key), "%.*s", (int)(eq - meta[i]), meta[i]);
		kp_runmeta_set(m, key, eq + 1, 0);
	}
	if ((date = kp_runmeta_get(m, F(KP_RUN_DATE)))) {
		if (kp_parse_date(date, &start) != 0)
			kp_die_at(src, 0, 0, "date \"%s\" is not YYYY-MM-DD[THH:MM[:SS]][Z] "
			    "or epoch seconds", date);
		have_start = 1;
	}
	host = kp_runmeta_get(m, F(KP_RUN_HOST)) ? kp_runmeta_get(m, F(KP_RUN_HOST)) : "unknown";
	if (kp_runmeta_get(m, F(KP_RUN_RUN)))
		snprintf(id->run, sizeof(id->run), "%s", kp_runmeta_get(m, F(KP_RUN_RUN)));
	else {
		char *run = kp_run_id(kp_runmeta_get(m, F(KP_RUN_RUN_NAME)), host,
		    have_start, start);

		snprintf(id->run, sizeof(id->run), "%s", run);
		free(run);
	}
	snprintf(id->kernel, sizeof(id->kernel), "%s", kp_runmeta_get(m, F(KP_RUN_KERNEL)) ?
	    kp_runmeta_get(m, F(KP_RUN_KERNEL)) : "unknown");
	snprintf(id->instance, sizeof(id->instance), "%s",
	    kp_runmeta_get(m, F(KP_RUN_INSTANCE)) ? kp_runmeta_get(m, F(KP_RUN_INSTANCE)) : host);

	/* names with a control character are refused (kp-records(5)) */
	kp_str_check(src, 0, F(KP_RUN_RUN), id->run);
	kp_str_check(src, 0, F(KP_RUN_KERNEL), id->kernel);
	kp_str_check(src, 0, F(KP_RUN_HOST), host);
	kp_str_check(src, 0, F(KP_RUN_INSTANCE), id->instance);
	kp_str_check(src, 0, F(KP_RUN_SRC), src);
	for (i = 0; i < m->n; i++)
		if (m->f[i].val && !m->f[i].num)
			kp_str_check(src, 0, m->f[i].key, m->f[i].val);

	/* the run record: the fields every parser knows, then the
	 * document's own metadata in its order, then src */
	kp_w_obj(w);
	kp_w_kstr(w, "type", kp_run_t.name);
	kp_w_kstr(w, F(KP_RUN_RUN), id->run);
	kp_w_kstr(w, F(KP_RUN_RUN_NAME), kp_runmeta_get(m, F(KP_RUN_RUN_NAME)));
	kp_w_kint(w, F(KP_RUN_ITER), 0);
	kp_w_kstr(w, F(KP_RUN_KERNEL), id->kernel);
	kp_w_kstr(w, F(KP_RUN_HOST), host);
	kp_w_kstr(w, F(KP_RUN_INSTANCE), id->instance);
	kp_w_kstr(w, F(KP_RUN_CPU_MODEL), kp_runmeta_get(m, F(KP_RUN_CPU_MODEL)));
	kp_w_kstr(w, F(KP_RUN_FRAMEWORK), framework);
	kp_w_key(w, F(KP_RUN_START));
	if (have_start)
		kp_w_int(w, start);
	else
		kp_w_null(w);
	kp_w_key(w, F(KP_RUN_FINISH));
	if (have_start)
		kp_w_int(w, start);
	else
		kp_w_null(w);
	for (i = 0; i < m->n; i++) {
		for (j = 0; j < KP_LEN(done) && strcmp(m->f[i].key, F(done[j])); j++)
			;
		if (j < KP_LEN(done) || strcmp(m->f[i].key, "type") == 0)
			continue;
		if (!m->f[i].val)
			kp_w_knull(w, m->f[i].key);
		else if (m->f[i].num) {
			kp_w_key(w, m->f[i].key);
			kp_w_raw(w, m->f[i].val, strlen(m->f[i].val));
		} else
			kp_w_kstr(w, m->f[i].key, m->f[i].val);
	}
	kp_w_kstr(w, F(KP_RUN_SRC), src);
	kp_w_end(w);
}

void
kp_runmeta_partial(kp_w *w, const kp_runid *id, const char *suite)
{
	kp_runstat x;

	memset(&x, 0, sizeof(x));
	kp_has_range(&x.has, KP_RUNSTAT_RUN, KP_RUNSTAT_SUITE);
	kp_has_set(&x.has, KP_RUNSTAT_PARTIAL);
	x.run = (char *)id->run;
	x.iter = 0;
	x.job = (char *)suite;
	x.suite = (char *)suite;
	x.partial = 1;
	kp_rec_write(w, &kp_runstat_t, &x);
}
