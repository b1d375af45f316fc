/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kver.c: parsing of tags, describe strings and uname -r forms, and the
 * order kp-compare relies on to pick baselines. */
#include <string.h>

#include "kp.h"
#include "select.h"
#include "../tap.h"

/* the default baseline of kern[want[i].who] is kern[want[i].base] (-1 none) */
struct pick {
	const char *who, *base;
};

static void
baselines(char *const *kern, size_t n, const struct pick *want, size_t nwant)
{
	long base[16];
	int why[16];
	size_t i, k;
	const char *got;
	char name[128];

	kp_baselines(kern, n, base, why);
	for (i = 0; i < nwant; i++) {
		for (k = 0; k < n && strcmp(kern[k], want[i].who) != 0; k++)
			;
		got = k < n && base[k] >= 0 ? kern[base[k]] : "none";
		snprintf(name, sizeof(name), "baseline of %s", want[i].who);
		is_str(got, want[i].base ? want[i].base : "none", name);
	}
}

/* each version sorts strictly before the next */
static const char *ordered[] = {
	"v5.15.170", "v6.1-rc1", "v6.1", "6.1.0-27-amd64", "v6.11", "v6.11.3",
	"v6.12-rc1", "v6.12-rc3", "v6.12-rc3-2-g1234abcd", "v6.12", "v6.12-45-gabcdef0",
	"v6.12.1-rc1", "v6.12.1", "v6.12.2", "v6.13-rc1", "6.17.0-rc2",
	"6.17.0-rc2+", "v7.0-rc1", "v7.0",
};

/* each pair is one version spelt two ways: equal, and the same kernel */
static const char *same[][2] = {
	{ "v6.12", "6.12" }, { "6.12.0", "v6.12" }, { "6.17.0-rc2", "v6.17-rc2" },
	{ "v6.12-dirty", "6.12+" }, { "v6.12-45-gabcdef0", "6.12.0-45-gabcdef0" },
	{ "v6.12.1", "6.12.1" },
};

static const char *bad[] = {
	"", "v", "6", "v6.", "v6.x", "linux-6.1", "v6.12-", "v6.12-rc0", "6.12.",
	"v6.12 ", "99999999999.1",
};

int
main(void)
{
	kp_kver a, b;
	size_t i, j;

	for (i = 0; i + 1 < KP_LEN(ordered); i++) {
		ok(kp_kver_parse(ordered[i], &a) == 0 && kp_kver_parse(ordered[i + 1], &b) == 0 &&
		    kp_kver_cmp(&a, &b) < 0 && kp_kver_cmp(&b, &a) > 0,
		    "%s < %s", ordered[i], ordered[i + 1]);
	}
	for (i = 0, j = 0; i < KP_LEN(ordered); i++) {
		kp_kver_parse(ordered[i], &a);
		j += kp_kver_cmp(&a, &a) == 0;
	}
	ok(j == KP_LEN(ordered), "every version equals itself");
	for (i = 0; i < KP_LEN(bad); i++)
		ok(kp_kver_parse(bad[i], &a) < 0, "'%s' is not a version", bad[i]);
	for (i = 0; i < KP_LEN(same); i++) {
		ok(kp_kver_parse(same[i][0], &a) == 0 && kp_kver_parse(same[i][1], &b) == 0 &&
		    kp_kver_cmp(&a, &b) == 0 && kp_kver_cmp(&b, &a) == 0,
		    "%s == %s", same[i][0], same[i][1]);
		ok(kp_kver_same(same[i][0], same[i][1]), "%s is the kernel %s",
		    same[i][0], same[i][1]);
	}
	ok(!kp_kver_same("v6.12", "v6.12.1") && !kp_kver_same("6.12.0-27-amd64", "v6.12") &&
	    kp_kver_same("not a version", "not a version") &&
	    !kp_kver_same("not a version", "v6.12"), "different kernels are not the same");

	kp_kver_parse("v6.12-45-gabcdef0", &a);
	ok(a.major == 6 && a.minor == 12 && a.patch == 0 && a.rc == 0 && a.commits == 45 &&
	    strcmp(a.sha, "abcdef0") == 0 && !kp_kver_is_release(&a), "describe string fields");
	kp_kver_parse("6.17.0-rc2+", &a);
	ok(a.rc == 2 && a.dirty && a.patch == 0 && a.local[0] == '\0', "uname -r with rc and +");
	kp_kver_parse("6.1.0-27-amd64", &a);
	is_str(a.local, "27-amd64", "Debian uname -r keeps its ABI and flavour as local part");
	kp_kver_parse("6.18.44-fc-v595", &a);
	ok(a.patch == 44 && strcmp(a.local, "fc-v595") == 0, "local version suffix");
	kp_kver_parse("v6.12-rc3-dirty", &a);
	ok(a.rc == 3 && a.dirty && a.local[0] == '\0', "-dirty");
	kp_kver_parse("6.12.0-rc3-00045-gabcdef0", &a);
	ok(a.rc == 3 && a.commits == 45 && strcmp(a.sha, "abcdef0") == 0,
	    "CONFIG_LOCALVERSION_AUTO form");
	kp_kver_parse("v6.11", &a);
	ok(kp_kver_is_release(&a) && !kp_kver_is_stable(&a), "v6.11 is a release");
	kp_kver_parse("v6.11.3", &a);
	ok(!kp_kver_is_release(&a) && kp_kver_is_stable(&a), "v6.11.3 is a stable point");
	kp_kver_parse("v6.12-rc1", &a);
	ok(!kp_kver_is_release(&a) && !kp_kver_is_stable(&a), "an rc is neither");

	/* builds on top of an rc: git describe, CONFIG_LOCALVERSION_AUTO,
	 * -dirty and a localversion, each with the rc it is built on */
	kp_kver_parse("6.18.0-rc3-00042-gabcdef012", &a);
	ok(a.major == 6 && a.minor == 18 && a.rc == 3 && a.commits == 42 &&
	    strcmp(a.sha, "abcdef012") == 0 && !a.dirty && a.local[0] == '\0',
	    "6.18.0-rc3-00042-gabcdef012");
	kp_kver_parse("v6.18-rc3-42-gabcdef0-dirty", &a);
	ok(a.rc == 3 && a.commits == 42 && strcmp(a.sha, "abcdef0") == 0 && a.dirty &&
	    a.local[0] == '\0', "v6.18-rc3-42-gabcdef0-dirty");
	kp_kver_parse("6.18.0-rc3-00042-gabcdef012-mybuild", &a);
	ok(a.rc == 3 && a.commits == 42 && strcmp(a.local, "mybuild") == 0,
	    "describe string with a localversion");
	kp_kver_parse("6.18.0-rc3-mybuild", &a);
	ok(a.rc == 3 && a.commits == 0 && strcmp(a.local, "mybuild") == 0,
	    "an rc with a localversion");
	ok(kp_kver_same("6.18.0-rc3-00042-gabcdef012", "v6.18-rc3-42-gabcdef012"),
	    "one describe string spelt two ways");
	{
		char *k1[] = { "6.18.0-rc3", "6.18.0-rc3-00042-gabcdef012",
		    "v6.18-rc3-42-gabcdef0-dirty", "6.18.0-rc3+", "6.18.0-rc3-mybuild",
		    "v6.18-rc3", "v6.18-rc2-5-g1234567", "v6.17", "v6.18-rc4" };
		struct pick w1[] = {
			{ "6.18.0-rc3-00042-gabcdef012", "v6.18-rc3" },
			{ "v6.18-rc3-42-gabcdef0-dirty", "v6.18-rc3" },
			{ "6.18.0-rc3+", "v6.18-rc3" },
			{ "6.18.0-rc3-mybuild", "v6.18-rc3" },
			/* its rc absent: the earlier release, as before */
			{ "v6.18-rc2-5-g1234567", "v6.17" },
			{ "6.18.0-rc3", "v6.17" },
			{ "v6.18-rc4", "v6.17" },
			{ "v6.17", NULL },
		};
		char *k2[] = { "6.18.0-rc3", "6.18.0-rc3-00042-gabcdef012" };
		struct pick w2[] = {
			{ "6.18.0-rc3-00042-gabcdef012", "6.18.0-rc3" },
			{ "6.18.0-rc3", NULL },
		};

		baselines(k1, KP_LEN(k1), w1, KP_LEN(w1));
		baselines(k2, KP_LEN(k2), w2, KP_LEN(w2));
	}
	return done_testing();
}
