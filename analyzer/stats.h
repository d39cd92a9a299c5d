/*
 * stats.h - summary statistics over trials and Welch's t-test.
 */
#ifndef VMSCOPE_STATS_H
#define VMSCOPE_STATS_H

#include <stddef.h>

struct summary {
	size_t n;
	double mean, sd, min, max;   /* sd: sample standard deviation (n-1) */
};

void summary_of(const double *x, size_t n, struct summary *out);

/*
 * Two-sided p-value of Welch's unequal-variance t-test between two
 * samples; -1 when either has fewer than 2 values.
 *
 * Trials without variance (every baseline trial swapped 0 pages) are the
 * main use case, not a corner: with one side constant, Welch's statistic
 * is the one-sample t-test of the other side against that constant, and
 * the Welch-Satterthwaite df reduces to n - 1 of the varying side; the
 * formula gives exactly that, so it is used as it is.  With both sides
 * constant there is no t: equal means give 1, different means 0 (the
 * trials agree perfectly that the values differ).
 */
double welch_p(const struct summary *a, const struct summary *b);

/* Regularized incomplete beta I_x(a, b), for the t distribution. */
double incomplete_beta(double a, double b, double x);

#endif
