/* SPDX-License-Identifier: GPL-2.0-or-later */
/* runmeta.h: the run record of parsers whose input names its metadata */
#ifndef RUNMETA_H
#define RUNMETA_H

typedef struct kp_runmeta kp_runmeta;
typedef struct {
	char run[512], kernel[256], instance[256];	/* for the samples */
} kp_runid;

kp_runmeta *kp_runmeta_new(void);
/* num: val is the text of a JSON number, written raw */
void kp_runmeta_set(kp_runmeta *m, const char *key, const char *val, int num);
const char *kp_runmeta_get(const kp_runmeta *m, const char *key);
void kp_runmeta_clear(kp_runmeta *m);
/* apply the --meta KEY=VALUE arguments, name the run after src unless the
 * metadata names it, write the run record and say what samples carry */
void kp_runmeta_write(kp_runmeta *m, kp_w *w, const char *framework,
    const char *src, char *const *meta, size_t nmeta, kp_runid *id);
/* a runstat record saying the run's input was not all read (lines a
 * parser did not understand): "partial" reaches the records, not only
 * the warning on the standard error */
void kp_runmeta_partial(kp_w *w, const kp_runid *id, const char *suite);
/* the id of a run (kp-records(5), RUN): NAME@HOST:START, START in
 * epoch seconds, or NAME@HOST when the start is not known (has_start
 * 0); the caller frees */
char *kp_run_id(const char *name, const char *host, int has_start,
    long long start);
/* one --meta KEY=VALUE argument appended to (*meta)[0..*n), the argument
 * itself kept; anything without a key and an '=' is a usage error */
void kp_meta_opt(char ***meta, size_t *n, char *arg, const char *synopsis);
/* "2026-11-30", "2026-11-30T12:00:00Z", "2026-11-30 12:00" or epoch seconds */
int kp_parse_date(const char *s, long long *out);

#endif
