/*
 * t-stats.c - summaries and Welch's t-test against values computed
 * independently: t and df by hand, the p-value by Simpson integration of
 * Student's t density (200000 steps), not by the incomplete beta used
 * here.
 */
#include <math.h>

#include "stats.h"
#include "tap.h"

static int near(double got, double want, double tol)
{
	return fabs(got - want) <= tol;
}

int main(void)
{
	const double a[] = { 10, 12, 11, 13, 9 }, b[] = { 20, 22, 19, 21, 23 };
	const double c[] = { 10.1, 9.8, 10.3, 10.0 }, d[] = { 10.2, 9.9, 10.4, 10.1 };
	const double same[] = { 5, 5, 5 }, other[] = { 6, 6, 6 };
	struct summary sa, sb, sc, sd, s1, s2;
	double p;

	summary_of(a, 5, &sa);
	tap_ok(near(sa.mean, 11, 1e-12) && near(sa.sd, sqrt(2.5), 1e-12) &&
	       sa.min == 9 && sa.max == 13, "stats-1.1 mean, sd (n-1), min, max");
	summary_of(b, 5, &sb);
	/* t = -10 / sqrt(2.5/5 + 2.5/5) = -10, df = 8: p = 8.48818e-06 */
	p = welch_p(&sa, &sb);
	tap_ok(near(p, 8.48818e-06, 1e-10), "stats-2.1 clearly different means: p = %.5e", p);
	summary_of(c, 4, &sc);
	summary_of(d, 4, &sd);
	/* means 10.05 vs 10.15, same spread: t = -0.67937, df = 6, p = 0.522236 */
	p = welch_p(&sc, &sd);
	tap_ok(near(p, 0.522236, 1e-5), "stats-2.2 overlapping trials: p = %.6f", p);
	summary_of(same, 3, &s1);
	summary_of(other, 3, &s2);
	tap_ok(welch_p(&s1, &s1) == 1 && welch_p(&s1, &s2) == 0,
	       "stats-2.3 no variance: equal means p = 1, different p = 0");
	/*
	 * stats-2.5: unequal sizes and variances, where Student's pooled t
	 * and Welch's disagree.  x = {2, 9, 16}: n 3, mean 9, var 49;
	 * y = {4.0, 4.2, ..., 5.4}: n 8, mean 4.7, var 0.24.  By hand:
	 * se^2 = 49/3 + 0.24/8 = 16.36333, t = 4.3 / 4.045162 = 1.062998,
	 * df = se^4 / ((49/3)^2/2 + (0.03)^2/7) = 2.007352.  p by numerical
	 * integration of Student's t density with that df (mpmath quad):
	 * 0.3988067 (the closed form at exactly df = 2, 1 - t / sqrt(2 + t^2),
	 * gives a close 0.3992).  Student's t would give t = 1.9085, df 9, p = 0.08867.
	 */
	{
		const double x[] = { 2, 9, 16 };
		const double y[] = { 4.0, 4.2, 4.4, 4.6, 4.8, 5.0, 5.2, 5.4 };
		struct summary sx, sy;

		summary_of(x, 3, &sx);
		summary_of(y, 8, &sy);
		p = welch_p(&sx, &sy);
		tap_ok(near(p, 0.3988067, 2e-6),
		       "stats-2.5 unequal n and variances: Welch's p = %.7f, not Student's 0.0887", p);
		tap_ok(near(welch_p(&sy, &sx), p, 1e-12), "stats-2.6 symmetric in its arguments");
	}
	/*
	 * stats-2.7, the main use case: every baseline trial swapped 0 pages,
	 * then 5020, 5010, 5030.  One constant side: t = -5020 / sqrt(100/3)
	 * = -869.4895, df = n - 1 = 2 (the Welch-Satterthwaite formula with
	 * va = 0), p = 1 - |t| / sqrt(2 + t^2) = 1.322728e-06 (df = 2 closed
	 * form; mpmath quad of the density agrees).
	 */
	{
		const double zero[] = { 0, 0, 0 }, swapped[] = { 5020, 5010, 5030 };
		struct summary sz, sw;

		summary_of(zero, 3, &sz);
		summary_of(swapped, 3, &sw);
		p = welch_p(&sz, &sw);
		tap_ok(near(p, 1.322728e-06, 1e-11),
		       "stats-2.7 a constant baseline of 0 against 5020 pages: p = %.6e", p);
	}
	summary_of(a, 1, &s1);
	tap_ok(welch_p(&s1, &sb) < 0, "stats-2.4 one trial: no test");
	/* I_0.5(2, 3) = 0.6875 exactly */
	tap_ok(near(incomplete_beta(2, 3, 0.5), 0.6875, 1e-12),
	       "stats-3.1 incomplete beta I_0.5(2,3)");
	tap_ok(near(incomplete_beta(0.5, 0.5, 0.25), 1.0 / 3, 1e-10),
	       "stats-3.2 incomplete beta I_0.25(1/2,1/2) = 1/3");
	return tap_done();
}
