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
 * samples; -1 when either has fewer than 2 values.  Equal means with no
 * variance give 1; different means with no variance give 0.
 */
double welch_p(const struct summary *a, const struct summary *b);

/* Regularized incomplete beta I_x(a, b), for the t distribution. */
double incomplete_beta(double a, double b, double x);

#endif
