/* SPDX-License-Identifier: GPL-2.0-or-later */
/* subsys.h: the map from benchmark measurements to kernel subsystems
 * (kp-subsystems(5)), and its lookup.
 *
 * A map is a list of entries read from YAML: an fnmatch(3) pattern over
 * SUITE/BENCH/TEST/OP/METRIC, the MAINTAINERS section titles it names and
 * why.  Files are tried in the order they were loaded and the first
 * entry that matches wins, so a user's file loaded before the built-in
 * one overrides it.  Needs -lyaml. */
#ifndef KP_SUBSYS_H
#define KP_SUBSYS_H

#include <stddef.h>

#include "rec.h"

typedef struct kp_subsys_map kp_subsys_map;

kp_subsys_map *kp_subsys_new(void);
/* append the entries of the YAML text[0..len), named path in messages;
 * dies (exit 2) naming path:line:col at anything else than the format */
void kp_subsys_load(kp_subsys_map *m, const char *path, const char *text,
    size_t len);
/* the same for a file */
void kp_subsys_load_file(kp_subsys_map *m, const char *path);
/* the map kp ships (share/kp/subsystems.yaml, compiled in) */
extern const char kp_subsys_builtin[];
extern const size_t kp_subsys_builtin_len;
/* the subsystems of a measurement, the first one first: n == 0 when no
 * entry matches (unmapped); *why (when not NULL) the entry's reason, or
 * NULL.  Owned by the map. */
const kp_strs *kp_subsys_match(kp_subsys_map *m, const char *suite,
    const char *bench, const char *test, const char *op, const char *metric,
    const char **why);

#endif
