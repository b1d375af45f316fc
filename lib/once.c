/* SPDX-License-Identifier: GPL-2.0-or-later */
/* once.c: see once.h */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "once.h"
#include "strmap.h"

struct kp_once {
	kp_strmap *keys;	/* key -> its slot in at[] */
	kp_strmap *files;	/* file names, kept for the messages */
	struct {
		size_t file;
		long line;
	} *at;
};

kp_once *
kp_once_new(void)
{
	kp_once *o = ecalloc(1, sizeof(*o));

	o->keys = kp_strmap_new();
	o->files = kp_strmap_new();
	return o;
}

void
kp_once_free(kp_once *o)
{
	if (!o)
		return;
	kp_strmap_free(o->keys);
	kp_strmap_free(o->files);
	free(o->at);
	free(o);
}

void
kp_once_check(kp_once *o, const kp_json *d, const char *what, ...)
{
	va_list ap;
	const char *s, *file = d->file ? d->file : "<stdin>";
	char *key = NULL;
	size_t len = 0, n, k;
	int isnew;

	va_start(ap, what);
	while ((s = va_arg(ap, const char *))) {
		n = strlen(s) + 1;
		key = erealloc(key, len + n);
		memcpy(key + len, s, n);
		len += n;
	}
	va_end(ap);
	k = kp_strmap_add(o->keys, key ? key : "", len, &isnew);
	free(key);
	if (!isnew)
		kp_rec_die(d, -1, "a second %s (the first is at %s:%ld); expected one",
		    what, kp_strmap_key(o->files, o->at[k].file, NULL), o->at[k].line);
	o->at = kp_grow(o->at, k, sizeof(*o->at));
	o->at[k].file = kp_strmap_add(o->files, file, strlen(file), NULL);
	o->at[k].line = d->line;
}
