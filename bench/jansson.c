/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jansson: the reader benchmark done with Jansson, for comparison only
 * (reader.sh builds it when jansson.h is installed; kp does not link it).
 * Same work as `ndjson read`: parse each line, touch every member. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
main(int argc, char *argv[])
{
	FILE *fp = argc > 1 ? fopen(argv[1], "r") : stdin;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	unsigned long long nrec = 0;
	double sum = 0;
	json_error_t e;
	json_t *o, *v;
	const char *k;

	if (!fp)
		return 2;
	while ((n = getline(&line, &cap, fp)) > 0) {
		o = json_loadb(line, n, 0, &e);
		if (!o || !json_is_object(o)) {
			fprintf(stderr, "jansson: %llu:%d: %s\n", nrec + 1, e.column, e.text);
			return 2;
		}
		json_object_foreach(o, k, v) {
			if (json_is_number(v))
				sum += json_number_value(v);
			else if (json_is_string(v))
				sum += json_string_value(v)[0];
		}
		json_decref(o);
		nrec++;
	}
	fprintf(stderr, "%llu records, checksum %g\n", nrec, sum);
	free(line);
	return 0;
}
