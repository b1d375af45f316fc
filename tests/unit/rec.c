/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rec.c: the record model of libkp: the vocabulary, the one-run rule,
 * kp_rec_index, whose cache of the previous record's layout must never
 * give a field the token of another, and a stat's obs, whose levels of
 * the same text are read once. */
#include <math.h>
#include <string.h>

#include "kp.h"
#include "rec.h"
#include "../tap.h"

static kp_json d;

static void
parse(const char *text)
{
	char err[256];
	size_t col;

	if (kp_json_parse(&d, text, strlen(text), err, sizeof(err), &col) < 0)
		printf("# %s: %s\n", text, err);
}

/* the string value of field f after kp_rec_index, or "-" */
static const char *
val(const int *tok, int f)
{
	return tok[f] < 0 ? "-" : kp_json_str(&d, tok[f]);
}

int
main(void)
{
	static const char *const recs[] = {
		"{\"type\":\"sample\",\"run\":\"r1\",\"test\":\"t1\",\"src\":\"s1\"}",
		/* the same keys in another order */
		"{\"src\":\"s2\",\"test\":\"t2\",\"run\":\"r2\",\"type\":\"sample\"}",
		/* a longer key where a shorter one was, a shared prefix */
		"{\"type\":\"sample\",\"runx\":\"no\",\"testing\":\"no\",\"src\":\"s3\"}",
		/* an escaped key (a repeated one is refused by the reader) */
		"{\"type\":\"sample\",\"r\\u0075n\":\"r4\",\"src\":\"s4\"}",
		/* a short key at the end of the line */
		"{\"a\":1,\"run\":\"r5\"}",
	};
	static const char *const want[][4] = {
		{ "sample", "r1", "t1", "s1" }, { "sample", "r2", "t2", "s2" },
		{ "sample", "-", "-", "s3" }, { "sample", "r4", "-", "s4" },
		{ "-", "r5", "-", "-" },
	};
	int tok[KP_SAMPLE_NF + 1], t;
	kp_recix ix;
	size_t i, pass;
	char buf[256], w[256];

	kp_json_init(&d);
	memset(&ix, 0, sizeof(ix));
	for (pass = 0; pass < 2; pass++)	/* the second with a warm cache */
		for (i = 0; i < KP_LEN(recs); i++) {
			parse(recs[i]);
			t = kp_rec_index(&d, &kp_sample_t, tok, pass || i ? &ix : NULL);
			snprintf(buf, sizeof(buf), "%s %s %s %s",
			    t < 0 ? "-" : kp_json_str(&d, t), val(tok, KP_SAMPLE_RUN),
			    val(tok, KP_SAMPLE_TEST), val(tok, KP_SAMPLE_SRC));
			snprintf(w, sizeof(w), "%s %s %s %s", want[i][0], want[i][1],
			    want[i][2], want[i][3]);
			is_str(buf, w, recs[i]);
		}

	/* the vocabulary: one table per word list */
	ok(kp_vocab_find(&kp_class_v, "no-change", 9) == KP_NO_CHANGE &&
	    kp_vocab_find(&kp_class_v, "no-chang", 8) == -1, "words match whole");
	is_str(kp_word(&kp_severity_v, KP_NSEV), "other", "a severity outside the table is other");
	ok(kp_word(&kp_level_v, KP_NLV) == NULL, "a level has no other");
	is_str(kp_vocab_list(&kp_better_v, buf, sizeof(buf)), "\"higher\" or \"lower\"",
	    "the words for a message");

	/* one run a side: the one rule */
	ok(!kp_single_run(KP_LV_INSTANCE, 5, 5) && !kp_single_run(KP_LV_RUN, 2, 2),
	    "instances or runs on both sides: several runs");
	ok(kp_single_run(KP_LV_ITER, 5, 5) && kp_single_run(KP_LV_REP, 5, 5) &&
	    kp_single_run(KP_LV_SUB, 5, 5), "iter, rep or sub: one run");
	ok(kp_single_run(KP_LV_RUN, 1, 3), "one histogram (run) on a side: one run");

	/* obs: a level written as one before it is a copy of its numbers,
	 * its own block; a level that differs by a digit is its own */
	{
		kp_has want = kp_has_of(KP_STAT_OBS, -1);
		kp_stat st;

		parse("{\"type\":\"stat\",\"obs\":{\"instance\":[1.5,2],"
		    "\"run\":[1.5,2],\"iter\":[1.5,3],\"rep\":[1.5,2],\"sub\":[1.5,2,4]}}");
		kp_rec_read(&d, &kp_stat_t, &st, &want, NULL);
		ok(st.obs.lv[KP_LV_RUN].n == 2 && st.obs.lv[KP_LV_RUN].v[0] == 1.5 &&
		    st.obs.lv[KP_LV_RUN].v[1] == 2 && st.obs.lv[KP_LV_REP].n == 2 &&
		    st.obs.lv[KP_LV_REP].v[1] == 2, "obs: a level as an earlier one reads the same");
		ok(st.obs.lv[KP_LV_RUN].v != st.obs.lv[KP_LV_INSTANCE].v &&
		    st.obs.lv[KP_LV_REP].v != st.obs.lv[KP_LV_RUN].v,
		    "obs: each level its own array, freed on its own");
		ok(st.obs.lv[KP_LV_ITER].n == 2 && st.obs.lv[KP_LV_ITER].v[1] == 3 &&
		    st.obs.lv[KP_LV_SUB].n == 3 && st.obs.lv[KP_LV_SUB].v[2] == 4,
		    "obs: a level of other text is its own numbers");
		kp_rec_free(&kp_stat_t, &st);
	}

	{	/* lines passed through unparsed: only kp's own opening */
		static const char *const cmp[] = { "cmp", NULL };
		static const char noise[] = "{\"type\":\"noise\",\"x\":1}";
		static const char c[] = "{\"type\":\"cmp\",\"x\":1}";
		static const char sp[] = "{ \"type\":\"noise\",\"x\":1}";
		static const char esc[] = "{\"type\":\"n\\u006fise\",\"x\":1}";
		static const char last[] = "{\"type\":\"noise\"}";

		ok(kp_line_type_other(noise, sizeof(noise) - 1, cmp) &&
		    !kp_line_type_other(c, sizeof(c) - 1, cmp),
		    "line type: another type's line is known unparsed, a named one is not");
		ok(!kp_line_type_other(sp, sizeof(sp) - 1, cmp) &&
		    !kp_line_type_other(esc, sizeof(esc) - 1, cmp) &&
		    !kp_line_type_other(last, sizeof(last) - 1, cmp) &&
		    !kp_line_type_other(noise, 10, cmp),
		    "line type: white space, an escape, type last or a cut line must be parsed");
		{
			static const char glued[] = "{\"type\":\"noise\",\"run\":\"x\"{\"type\":\"cmp\",\"x\":1}";
			static const char glued2[] = "{\"type\":\"noise\",\"x\":1}{\"x\":1,\"type\":\"cmp\"}";
			static const char open_[] = "{\"type\":\"noise\",\"x\":{\"a\":1}";
			static const char str[] = "{\"type\":\"noise\",\"x\":\"}{\\\"[\",\"y\":[{},[]]}";

			ok(!kp_line_type_other(glued, sizeof(glued) - 1, cmp) &&
			    !kp_line_type_other(glued2, sizeof(glued2) - 1, cmp) &&
			    !kp_line_type_other(open_, sizeof(open_) - 1, cmp),
			    "line type: a line glued to the next record, or not closed, must be parsed");
			ok(kp_line_type_other(str, sizeof(str) - 1, cmp),
			    "line type: braces inside strings and nested values do not count");
		}
	}

	kp_json_free(&d);
	return done_testing();
}
