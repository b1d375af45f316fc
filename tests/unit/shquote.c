/* SPDX-License-Identifier: GPL-2.0-or-later */
/* shquote.c: kp_shquote gives one sh word that reads back as the value
 * (checked by sh itself), and refuses a control character. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "../tap.h"

/* what sh makes of the word q */
static char *
readback(const char *q)
{
	char cmd[1024], out[256] = "";
	FILE *p;
	size_t n;

	snprintf(cmd, sizeof(cmd), "printf %%s %s", q);
	if (!(p = popen(cmd, "r")))
		return estrdup("(popen)");
	n = fread(out, 1, sizeof(out) - 1, p);
	out[n] = '\0';
	pclose(p);
	return estrdup(out);
}

int
main(void)
{
	static const char *const v[] = { "v6.19", "", "it's", "'", "''x''",
		"$(touch pwned)", "`id`", "a b\\c", "\"$HOME\"", "*", "-n", "é ü" };
	static const char *const bad[] = { "a\nb", "\n", "a\tb", "\033[2J", "x\177",
		"v6.19\r" };
	char *q, *r, name[256];
	size_t i;

	for (i = 0; i < KP_LEN(v); i++) {
		q = kp_shquote(v[i]);
		r = readback(q);
		snprintf(name, sizeof(name), "sh reads %s back as written", q);
		is_str(r, v[i], name);
		free(r);
		free(q);
	}
	is_str(kp_shquote("it's"), "'it'\\''s'", "a quote closes, escapes, reopens");
	for (i = 0; i < KP_LEN(bad); i++) {
		ok(kp_shquote(bad[i]) == NULL, "a control character is refused (%zu)", i);
		ok(kp_ctl(bad[i]) != NULL, "kp_ctl finds it (%zu)", i);
	}
	ok(kp_ctl("v6.19 é") == NULL, "no control character in text with UTF-8");
	return done_testing();
}
