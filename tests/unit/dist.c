/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dist.c: the distributions behind kp's tests, at points where a
 * home-grown approximation drifts: closed forms where there are some,
 * else R 4.2.2's own values (the Rscript line is given beside each). */
#include <math.h>

#include "kp.h"
#include "dist.h"
#include "../tap.h"

int
main(void)
{
	double b[] = { 1, 2, 3, 4, 5 }, t[] = { 2.2, 4.1, 6.3, 8.4 };
	kp_test r;

	/* with ncp 0 the power of a level-alpha test is alpha itself */
	is_num(kp_t_power(0, 2, 0.05), 0.05, 1e-13, "power at ncp 0, df 2, is alpha");
	is_num(kp_t_power(0, 3, 0.05), 0.05, 1e-13, "power at ncp 0, df 3, is alpha");
	is_num(kp_t_power(0, 4.5, 0.01), 0.01, 1e-13, "power at ncp 0, df 4.5, is alpha");
	/* 1 - pt(qt(0.975, 3), 3, 2) + pt(-qt(0.975, 3), 3, 2) */
	is_num(kp_t_power(2, 3, 0.05), 0.28875241640184213, 1e-13, "power at ncp 2, df 3 (R's pnt)");

	/* the quantiles of t with 1 and 2 df in closed form: -cot(pi p) and
	 * (2p - 1) / sqrt(2 p (1 - p)) */
	is_num(kp_t_quantile(1e-300, 1), -1 / (M_PI * 1e-300), 1e-13, "t quantile, df 1, p 1e-300");
	is_num(kp_t_quantile(1e-300, 2), -1 / sqrt(2e-300), 1e-13, "t quantile, df 2, p 1e-300");
	is_num(kp_t_quantile(0.975, 1), 1 / tan(M_PI * 0.025), 1e-13, "t quantile, df 1, p 0.975");
	/* qt(1e-300, 30) */
	is_num(kp_t_quantile(1e-300, 30), -50178575360.505234, 1e-13, "t quantile, df 30, p 1e-300");
	is_num(kp_t_quantile(0.3, INFINITY), kp_norm_quantile(0.3), 0, "t quantile, infinite df, is the normal's");
	ok(kp_t_quantile(0, 5) == -INFINITY && kp_t_quantile(1, 5) == INFINITY &&
	    isnan(kp_t_quantile(1.5, 5)) && isnan(kp_t_quantile(0.5, 0)),
	    "t quantile at 0 and 1 is infinite, outside is NaN");

	/* pt(2.5, 1e6, lower.tail = FALSE); 2 * pt(-1.96, 1e6) */
	is_num(kp_t_sf(2.5, 1e6), 0.0062097447510816167, 1e-13, "t upper tail, df 1e6");
	is_num(kp_t_p2(-1.96, 1e6), 0.049996067585269796, 1e-13, "t two-sided p, df 1e6");
	is_num(kp_t_p2(40, 10), 2 * kp_t_sf(40, 10), 1e-13, "two-sided p keeps a tiny tail");
	ok(kp_t_p2(40, 10) > 0 && kp_t_p2(40, 10) < 1e-11, "two-sided p at t 40, df 10, tiny and positive");
	ok(isnan(kp_t_sf(NAN, 3)) && isnan(kp_t_p2(1, 0)), "t tails of NaN or df 0 are NaN");

	/* qnorm(1e-300), and the normal's tails */
	is_num(kp_norm_quantile(1e-300), -37.047096299361201, 1e-13, "normal quantile at 1e-300");
	is_num(kp_norm_sf(9), kp_norm_cdf(-9), 0, "normal upper tail by symmetry");

	/* digamma(1) = -Euler's gamma, trigamma(1) = pi^2 / 6 */
	is_num(kp_digamma(1), -0.57721566490153286, 1e-14, "digamma(1)");
	is_num(kp_trigamma(1), M_PI * M_PI / 6, 1e-14, "trigamma(1)");
	is_num(kp_trigamma(kp_trigamma_inv(0.37)), 0.37, 1e-13, "trigamma of its inverse");

	/* scipy.stats.f.sf(2.5, 3, 10), f.sf(0.7, 5, 2.5): the F upper tail
	 * kp-compare uses to keep a level's own variance */
	is_num(kp_f_sf(2.5, 3, 10), 0.11903956265827814, 1e-12, "F upper tail as scipy");
	is_num(kp_f_sf(0.7, 5, 2.5), 0.6678519092443077, 1e-12, "F upper tail, fractional df");
	ok(isnan(kp_f_sf(1, 0, 3)), "F of df 0 is NaN");

	/* wilcox.test(c(2.2, 4.1, 6.3, 8.4), c(1, 2, 3, 4, 5))$p.value */
	kp_mwu(b, 5, t, 4, 1, &r);
	is_num(r.p, 0.19047619047619047, 1e-14, "exact Mann-Whitney p as R's wilcox.test");
	is_num(r.stat, 16, 0, "U of the target");

	/* scipy.stats.ttest_rel([2.2, 4.1, 6.3, 8.4], [1, 2, 3, 4]): the
	 * paired t-test of kp-compare -m paired, n - 1 df */
	kp_paired_t(b, t, 4, &r);
	is_num(r.stat, 3.9386318072168804, 1e-13, "paired t as scipy's ttest_rel");
	is_num(r.df, 3, 0, "paired t: n - 1 df");
	is_num(r.p, 0.029162807883293906, 1e-12, "paired t: p as scipy's ttest_rel");
	return done_testing();
}
