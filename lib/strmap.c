/* SPDX-License-Identifier: GPL-2.0-or-later */
/* strmap.c: see strmap.h.  Open addressing with linear probing on a
 * 64-bit FNV-1a hash; the table doubles when half full, so a probe
 * sequence stays short and an add costs O(1) amortised. */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "strmap.h"

typedef struct {
	char *s;
	size_t len;
	uint64_t hash;
} Key;

struct kp_strmap {
	Key *key;	/* by index */
	size_t n, cap;
	uint32_t *slot;	/* 1 + index, 0 for empty; a power of 2 of them */
	size_t nslot;
	char *tmp;	/* the tuple being looked up */
	size_t tmpcap;
};

static uint64_t
fnv1a(const char *s, size_t len)
{
	uint64_t h = 14695981039346656037ULL;
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 1099511628211ULL;
	}
	return h;
}

kp_strmap *
kp_strmap_new(void)
{
	kp_strmap *m = ecalloc(1, sizeof(*m));

	m->nslot = 64;
	m->slot = ecalloc(m->nslot, sizeof(*m->slot));
	return m;
}

void
kp_strmap_free(kp_strmap *m)
{
	size_t i;

	if (!m)
		return;
	for (i = 0; i < m->n; i++)
		free(m->key[i].s);
	free(m->key);
	free(m->slot);
	free(m->tmp);
	free(m);
}

size_t
kp_strmap_len(const kp_strmap *m)
{
	return m->n;
}

/* the slot holding key, or the empty slot where it would go */
static size_t
probe(const kp_strmap *m, const char *s, size_t len, uint64_t h)
{
	size_t mask = m->nslot - 1, i = (size_t)h & mask;
	const Key *k;

	for (; m->slot[i]; i = (i + 1) & mask) {
		k = &m->key[m->slot[i] - 1];
		if (k->hash == h && k->len == len && memcmp(k->s, s, len) == 0)
			break;
	}
	return i;
}

static void
grow(kp_strmap *m)
{
	size_t i, j, mask;

	free(m->slot);
	m->nslot *= 2;
	m->slot = ecalloc(m->nslot, sizeof(*m->slot));
	mask = m->nslot - 1;
	for (i = 0; i < m->n; i++) {
		for (j = (size_t)m->key[i].hash & mask; m->slot[j]; j = (j + 1) & mask)
			;
		m->slot[j] = (uint32_t)(i + 1);
	}
}

size_t
kp_strmap_add(kp_strmap *m, const char *key, size_t len, int *isnew)
{
	uint64_t h = fnv1a(key, len);
	size_t i = probe(m, key, len, h);
	Key *k;

	if (isnew)
		*isnew = !m->slot[i];
	if (m->slot[i])
		return m->slot[i] - 1;
	if (m->n == UINT32_MAX - 1)
		kp_die("more than %lu distinct names", (unsigned long)m->n);
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 64;
		m->key = ereallocarray(m->key, m->cap, sizeof(*m->key));
	}
	k = &m->key[m->n];
	k->s = emalloc(len + 1);
	memcpy(k->s, key, len);
	k->s[len] = '\0';
	k->len = len;
	k->hash = h;
	m->slot[i] = (uint32_t)(++m->n);
	if (2 * m->n > m->nslot)
		grow(m);
	return m->n - 1;
}

long
kp_strmap_find(const kp_strmap *m, const char *key, size_t len)
{
	size_t i = probe(m, key, len, fnv1a(key, len));

	return m->slot[i] ? (long)m->slot[i] - 1 : -1;
}

const char *
kp_strmap_key(const kp_strmap *m, size_t i, size_t *len)
{
	if (len)
		*len = m->key[i].len;
	return m->key[i].s;
}

/* the tuple of the NULL-ended strings in ap, into m->tmp */
static size_t
tuple(kp_strmap *m, va_list ap)
{
	const char *s;
	size_t len = 0, l;

	while ((s = va_arg(ap, const char *))) {
		l = strlen(s) + 1;
		if (len + l > m->tmpcap) {
			m->tmpcap = 2 * (len + l);
			m->tmp = erealloc(m->tmp, m->tmpcap);
		}
		memcpy(m->tmp + len, s, l);
		len += l;
	}
	return len;
}

size_t
kp_strmap_addv(kp_strmap *m, int *isnew, ...)
{
	va_list ap;
	size_t len;

	va_start(ap, isnew);
	len = tuple(m, ap);
	va_end(ap);
	return kp_strmap_add(m, m->tmp ? m->tmp : "", len, isnew);
}

long
kp_strmap_findv(kp_strmap *m, ...)
{
	va_list ap;
	size_t len;

	va_start(ap, m);
	len = tuple(m, ap);
	va_end(ap);
	return kp_strmap_find(m, m->tmp ? m->tmp : "", len);
}
