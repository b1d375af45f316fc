/* SPDX-License-Identifier: GPL-2.0-or-later */
/* yamlcheck.h: the one way kp reads a YAML file.  Every YAML file a tool
 * reads (settings, subsystem map, payload, plan, triage file) is read
 * whole under a size bound, passes the checks below, and only then is
 * loaded by libyaml, which would otherwise keep the last of two equal
 * keys, ignore a second document and spend time quadratic in nesting.
 * libyaml is linked into the tools that read YAML only, not into libkp. */
#ifndef KP_YAMLCHECK_H
#define KP_YAMLCHECK_H
#include <stddef.h>
#include <yaml.h>

/* Dies (exit 2, path:line:col) on YAML libyaml cannot parse, a second
 * document, nesting deeper than maxdepth (at most KP_YAML_MAXDEPTH) or a
 * mapping key given twice (libyaml keeps both and the last would
 * silently win); "what" names the file's kind in the message ("a
 * settings file"). */
#define KP_YAML_MAXDEPTH 16
void kp_yaml_check(const char *path, const char *buf, size_t len,
    int maxdepth, const char *what);

/* The file path whole, NUL-terminated, its length in *len; dies (exit 2)
 * when it cannot be read or holds more than maxsize bytes, naming the
 * line and column of the first byte past the bound. */
char *kp_yaml_slurp(const char *path, size_t maxsize, size_t *len,
    const char *what);

/* buf checked by kp_yaml_check, then loaded into doc (the caller
 * deletes it); an empty text is a document without a root node. */
void kp_yaml_parse(yaml_document_t *doc, const char *path, const char *buf,
    size_t len, int maxdepth, const char *what);

/* kp_yaml_slurp and kp_yaml_parse: the reader of every YAML file. */
void kp_yaml_load(yaml_document_t *doc, const char *path, size_t maxsize,
    int maxdepth, const char *what);

#endif
