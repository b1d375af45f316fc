/* SPDX-License-Identifier: GPL-2.0-or-later */
/* yamlcheck.h: the one way kp reads a YAML file.  Every YAML file a tool
 * reads (settings, subsystem map, payload, plan, triage file) is read
 * whole under a size bound and walked once, event by event, into a small
 * tree whose every node knows its file, line and column: a reader then
 * asks for what it expects and a mistake is said where it is
 * ("FILE:LINE:COL: expected a mapping, found a list").  The walk refuses
 * what libyaml alone would accept: a mapping key given twice (libyaml
 * keeps both and the last would silently win), a second document (it
 * would be ignored), nesting past a bound (libyaml spends time quadratic
 * in it).  libyaml is linked into the tools that read YAML only, not into
 * libkp. */
#ifndef KP_YAMLCHECK_H
#define KP_YAMLCHECK_H
#include <stddef.h>

#define KP_YAML_MAXDEPTH 16

enum kp_ytype { KP_Y_SCALAR, KP_Y_LIST, KP_Y_MAP };

typedef struct kp_ynode kp_ynode;
struct kp_ynode {
	enum kp_ytype type;
	const char *path;	/* the file, for messages */
	long line, col;	/* where the node starts, from 1 */
	const char *s;	/* a scalar: its text, NUL-terminated ("" else) */
	size_t len;	/* its length; more than strlen(s) when it holds a NUL */
	int plain;	/* a scalar written without quotes */
	size_t n;	/* a list: its items; a mapping: its pairs */
	kp_ynode **v;	/* a list: v[i]; a mapping: v[2i] a key, v[2i+1] its value */
};

typedef struct kp_ydoc kp_ydoc;

/* The file path whole, NUL-terminated, its length in *len; dies (exit 2)
 * when it cannot be read or holds more than maxsize bytes, naming the
 * line and column of the first byte past the bound.  "what" names the
 * file's kind in messages ("a settings file"). */
char *kp_yaml_slurp(const char *path, size_t maxsize, size_t *len,
    const char *what);

/* buf (len bytes, from path) walked into a tree; dies (exit 2,
 * path:line:col) on YAML libyaml cannot parse, a second document,
 * nesting deeper than maxdepth (at most KP_YAML_MAXDEPTH), a key given
 * twice, an undefined alias or an anchor given twice.  The tree's
 * strings are its own: buf may be freed. */
kp_ydoc *kp_yaml_parse(const char *path, const char *buf, size_t len,
    int maxdepth, const char *what);
/* kp_yaml_slurp and kp_yaml_parse: the reader of every YAML file */
kp_ydoc *kp_yaml_load(const char *path, size_t maxsize, int maxdepth,
    const char *what);
/* the document's node, NULL for a file without one (empty, or comments) */
const kp_ynode *kp_yaml_root(const kp_ydoc *d);
void kp_yaml_free(kp_ydoc *d);

/* path:line:col of n, then the message; exit 2 */
void kp_ydie(const kp_ynode *n, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 2, 3)));
/* what n is, for "found ...": "a mapping", "a list", "nothing" (an
 * empty plain scalar), "a value" */
const char *kp_ykind(const kp_ynode *n);
/* n, which must be of type t, or death: "expected WHAT, found KIND" */
const kp_ynode *kp_ywant(const kp_ynode *n, enum kp_ytype t, const char *what);
/* NULL, or a scalar of no text: a key written with nothing after it */
int kp_yempty(const kp_ynode *n);
/* the value of key in mapping m; NULL when m is not a mapping or has no
 * such key */
const kp_ynode *kp_yget(const kp_ynode *m, const char *key);
/* pair i of mapping m */
#define KP_YKEY(m, i) ((m)->v[2 * (i)])
#define KP_YVAL(m, i) ((m)->v[2 * (i) + 1])

#endif
