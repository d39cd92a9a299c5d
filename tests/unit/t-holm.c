/*
 * t-holm.c - Holm's correction against a textbook example worked by hand.
 *
 * Four tests, p = 0.01, 0.04, 0.03, 0.005, family alpha 0.05.  Sorted:
 * 0.005, 0.01, 0.03, 0.04; multiplied by 4, 3, 2, 1: 0.02, 0.03, 0.06,
 * 0.04; made non-decreasing: 0.02, 0.03, 0.06, 0.06.  So only the tests
 * with p 0.005 and 0.01 are rejected, where plain p < 0.05 would have
 * rejected all four and Bonferroni (0.05 / 4 = 0.0125) the same two.
 */
#include <math.h>

#include "report/holm.h"
#include "tap.h"

static int near(double got, double want)
{
	return fabs(got - want) < 1e-12;
}

int main(void)
{
	const double p[] = { 0.01, 0.04, 0.03, 0.005 };
	const double q[] = { 0.01, -1, 0.04, 0.03, -1, 0.005 };
	const double big[] = { 0.4, 0.5, 0.9 };
	double adj[6];

	holm_adjust(p, 4, adj);
	tap_ok(near(adj[3], 0.02) && near(adj[0], 0.03),
	       "holm-1.1 smallest p times 4, next times 3: %g %g", adj[3], adj[0]);
	tap_ok(near(adj[2], 0.06) && near(adj[1], 0.06),
	       "holm-1.2 step-down keeps them non-decreasing: %g %g", adj[2], adj[1]);
	tap_ok(adj[0] < 0.05 && adj[3] < 0.05 && adj[1] >= 0.05 && adj[2] >= 0.05,
	       "holm-1.3 two of four rejected at 0.05");
	holm_adjust(q, 6, adj);
	tap_ok(adj[1] == -1 && adj[4] == -1 && near(adj[5], 0.02) &&
	       near(adj[0], 0.03) && near(adj[2], 0.06),
	       "holm-2.1 untested entries (p < 0) are left out of the family");
	holm_adjust(big, 3, adj);
	tap_ok(adj[0] == 1 && adj[1] == 1 && adj[2] == 1,
	       "holm-2.2 adjusted p-values are capped at 1: %g %g %g",
	       adj[0], adj[1], adj[2]);
	return tap_done();
}
