/* SPDX-License-Identifier: GPL-2.0-or-later */
/* summary.c: descriptive statistics against values computed independently
 * with numpy and scipy (python3-scipy), to 1e-12 relative. */
#include <math.h>
#include <string.h>

#include "kp.h"
#include "../tap.h"

int
main(void)
{
	double v[] = { 3.5, -2.0, 7.25, 7.25, 1e-3, 1e6, 42.0 };
	double w[] = { 1203.18, 1202.00, 1184.90, 1e-9 };
	double s[KP_LEN(v)], one = 5, big[3] = { 1e15 + 1, 1e15 + 2, 1e15 + 3 };
	size_t n = KP_LEN(v);

	memcpy(s, v, sizeof(v));
	kp_sort(s, n);
	ok(s[0] == -2.0 && s[n - 1] == 1e6, "sorted ascending");
	is_num(kp_median(s, n), 7.25, 0, "median");
	is_num(kp_quantile(s, n, 0.25), 1.7505, 1e-12, "q1, R type 7 (numpy)");
	is_num(kp_quantile(s, n, 0.75), 24.625, 1e-12, "q3");
	is_num(kp_quantile(s, n, 0.1), -0.7993999999999998, 1e-12, "p10");
	is_num(kp_quantile(s, n, 0.9), 400025.20000000036, 1e-12, "p90");
	is_num(kp_quantile(s, n, 0), -2.0, 0, "p0 is the minimum");
	is_num(kp_quantile(s, n, 1), 1e6, 0, "p100 is the maximum");
	is_num(kp_mean(v, n), 142865.42871428572, 1e-12, "mean");
	is_num(kp_sd(v, n), 377960.81958173006, 1e-12, "sample sd (n-1)");
	is_num(kp_var(v, n), 142854381138.8931, 1e-12, "sample variance");
	is_num(kp_mad(s, n), 7.249, 1e-12, "raw MAD");
	is_num(kp_gmean(w, 4), 1.144140062446769, 1e-12, "geometric mean (scipy)");
	is_num(kp_hmean(w, 4), 3.999999999989972e-09, 1e-12, "harmonic mean (scipy)");
	is_num(kp_gmean(v, n), NAN, 0, "gmean undefined with a value <= 0");
	is_num(kp_hmean(v, n), NAN, 0, "hmean undefined with a value <= 0");
	is_num(kp_sd(&one, 1), NAN, 0, "sd of one value is undefined");
	is_num(kp_median(&one, 1), 5, 0, "median of one value");
	is_num(kp_median(s, 0), NAN, 0, "median of nothing");
	is_num(kp_sd(big, 3), 1, 1e-12, "sd survives a large common offset");
	is_num(kp_mean(big, 3), 1e15 + 2, 0, "mean with a large common offset");
	{
		double tiny[3] = { 1e-300, 2e-300, 3e-300 }, huge[3] = { 1e300, 2e300, 3e300 };

		is_num(kp_sd(tiny, 3), 1e-300, 1e-12, "sd of values near 1e-300 does not underflow");
		is_num(kp_sd(huge, 3), 1e300, 1e-12, "sd of values near 1e300 does not overflow");
		is_num(kp_mean((double[]){ 1.5e308, 1.7e308 }, 2), 1.6e308, 1e-12,
		    "mean whose sum overflows");
	}
	return done_testing();
}
