/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsonnum.h: where a JSON number ends, by the reader's grammar, for the
 * fast line readers (sampleline.c, statline.c).  Inline: they call it for
 * every number of tens of millions of lines. */
#ifndef KP_JSONNUM_H
#define KP_JSONNUM_H

/* a JSON number at p: its end, or NULL */
static inline const char *
kp_json_number_end(const char *p, const char *end)
{
	if (p < end && *p == '-')
		p++;
	if (p == end || *p < '0' || *p > '9')
		return NULL;
	if (*p == '0')
		p++;
	else
		while (p < end && *p >= '0' && *p <= '9')
			p++;
	if (p < end && *p == '.') {
		if (++p == end || *p < '0' || *p > '9')
			return NULL;
		while (p < end && *p >= '0' && *p <= '9')
			p++;
	}
	if (p < end && (*p == 'e' || *p == 'E')) {
		if (++p < end && (*p == '+' || *p == '-'))
			p++;
		if (p == end || *p < '0' || *p > '9')
			return NULL;
		while (p < end && *p >= '0' && *p <= '9')
			p++;
	}
	return p;
}

#endif
