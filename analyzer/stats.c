/*
 * stats.c - mean, spread and Welch's t-test (see stats.h).
 *
 * The t distribution's tail is the regularized incomplete beta function,
 * evaluated by its continued fraction (modified Lentz's method), which
 * converges fast for x < (a + 1) / (a + b + 2); the symmetry
 * I_x(a, b) = 1 - I_{1-x}(b, a) covers the other side.
 */
#include <math.h>

#include "stats.h"
#include "banned.h"

void summary_of(const double *x, size_t n, struct summary *out)
{
	double sum = 0, ss = 0;
	size_t i;

	out->n = n;
	out->mean = out->sd = out->min = out->max = 0;
	if (!n)
		return;
	out->min = out->max = x[0];
	for (i = 0; i < n; i++) {
		sum += x[i];
		if (x[i] < out->min)
			out->min = x[i];
		if (x[i] > out->max)
			out->max = x[i];
	}
	out->mean = sum / (double)n;
	for (i = 0; i < n; i++)
		ss += (x[i] - out->mean) * (x[i] - out->mean);
	out->sd = n > 1 ? sqrt(ss / (double)(n - 1)) : 0;
}

/* Continued fraction for I_x(a, b), valid for x < (a+1)/(a+b+2). */
static double beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300, eps = 1e-14;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;
	int m;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (m = 1; m <= 300; m++) {
		double m2 = 2.0 * m, num, del;

		num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
		d = 1 + num * d;
		c = 1 + num / c;
		d = fabs(d) < tiny ? 1 / tiny : 1 / d;
		c = fabs(c) < tiny ? tiny : c;
		h *= d * c;
		num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
		d = 1 + num * d;
		c = 1 + num / c;
		d = fabs(d) < tiny ? 1 / tiny : 1 / d;
		c = fabs(c) < tiny ? tiny : c;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < eps)
			break;
	}
	return h;
}

double incomplete_beta(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) +
		    a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(a, b, x) / a;
	return 1 - front * beta_cf(b, a, 1 - x) / b;
}

double welch_p(const struct summary *a, const struct summary *b)
{
	double va, vb, se2, t, df;

	if (a->n < 2 || b->n < 2)
		return -1;
	va = a->sd * a->sd / (double)a->n;
	vb = b->sd * b->sd / (double)b->n;
	se2 = va + vb;
	/* one side constant: va or vb is 0 and df below is n - 1 of the other */
	if (se2 == 0)
		return a->mean == b->mean ? 1 : 0;
	t = (a->mean - b->mean) / sqrt(se2);
	df = se2 * se2 / (va * va / (double)(a->n - 1) +
			  vb * vb / (double)(b->n - 1));
	/* two-sided tail of Student's t with df degrees of freedom */
	return incomplete_beta(df / 2, 0.5, df / (df + t * t));
}
