/* runmeta.c: the run record of a parser whose input carries its own
 * metadata as key/value pairs (CI results JSON, bpftrace output), so that
 * every such parser names runs, kernels and instances the same way. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kp.h"
#include "runmeta.h"

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
		m->f = ereallocarray(m->f, m->n + 1, sizeof(*m->f));
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

void
kp_runmeta_write(kp_runmeta *m, kp_w *w, const char *framework, const char *src,
    char *const *meta, size_t nmeta, kp_runid *id)
{
	static const char *const done[] = { "run", "run_name", "kernel", "host",
	    "instance", "cpu_model", "type", "iter", "framework", "start",
	    "finish", NULL };
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
	if (!kp_runmeta_get(m, "run_name"))
		kp_runmeta_set(m, "run_name", name, 0);
	for (i = 0; i < nmeta; i++) {
		eq = strchr(meta[i], '=');
		snprintf(key, sizeof(key), "%.*s", (int)(eq - meta[i]), meta[i]);
		kp_runmeta_set(m, key, eq + 1, 0);
	}
	if ((date = kp_runmeta_get(m, "date"))) {
		if (kp_parse_date(date, &start) != 0)
			kp_die_at(src, 0, 0, "date \"%s\" is not YYYY-MM-DD[THH:MM[:SS]][Z] "
			    "or epoch seconds", date);
		have_start = 1;
	}
	host = kp_runmeta_get(m, "host") ? kp_runmeta_get(m, "host") : "unknown";
	if (kp_runmeta_get(m, "run"))
		snprintf(id->run, sizeof(id->run), "%s", kp_runmeta_get(m, "run"));
	else if (have_start)
		snprintf(id->run, sizeof(id->run), "%s@%s:%lld",
		    kp_runmeta_get(m, "run_name"), host, start);
	else
		snprintf(id->run, sizeof(id->run), "%s@%s",
		    kp_runmeta_get(m, "run_name"), host);
	snprintf(id->kernel, sizeof(id->kernel), "%s", kp_runmeta_get(m, "kernel") ?
	    kp_runmeta_get(m, "kernel") : "unknown");
	snprintf(id->instance, sizeof(id->instance), "%s",
	    kp_runmeta_get(m, "instance") ? kp_runmeta_get(m, "instance") : host);

	kp_w_obj(w);
	kp_w_kstr(w, "type", "run");
	kp_w_kstr(w, "run", id->run);
	kp_w_kstr(w, "run_name", kp_runmeta_get(m, "run_name"));
	kp_w_kint(w, "iter", 0);
	kp_w_kstr(w, "kernel", id->kernel);
	kp_w_kstr(w, "host", host);
	kp_w_kstr(w, "instance", id->instance);
	if (kp_runmeta_get(m, "cpu_model"))
		kp_w_kstr(w, "cpu_model", kp_runmeta_get(m, "cpu_model"));
	else
		kp_w_knull(w, "cpu_model");
	kp_w_kstr(w, "framework", framework);
	if (have_start) {
		kp_w_kint(w, "start", start);
		kp_w_kint(w, "finish", start);
	} else {
		kp_w_knull(w, "start");
		kp_w_knull(w, "finish");
	}
	for (i = 0; i < m->n; i++) {
		for (j = 0; done[j] && strcmp(m->f[i].key, done[j]); j++)
			;
		if (done[j])
			continue;
		if (!m->f[i].val)
			kp_w_knull(w, m->f[i].key);
		else if (m->f[i].num) {
			kp_w_key(w, m->f[i].key);
			kp_w_raw(w, m->f[i].val, strlen(m->f[i].val));
		} else
			kp_w_kstr(w, m->f[i].key, m->f[i].val);
	}
	kp_w_kstr(w, "src", src);
	kp_w_end(w);
}
