/* flushes.c - root memcg statistics flushes read ahead (see flushes.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "flushes.h"
#include "banned.h"

void flushes_resolve(struct run_flushes *f, const struct metric_stream *ms)
{
	size_t i;

	memset(f, 0, sizeof(*f));
	f->slot = -1;
	for (i = 0; i < ms->it.c.nr; i++)
		if (!strcmp(ms->it.c.source[i], "trace") &&
		    !strcmp(ms->it.c.name[i], "memcg_flush_t_us"))
			f->slot = (long)i;
}

int flushes_sample(struct run_flushes *f, const struct metric_stream *ms)
{
	double t;

	if (f->slot < 0 || !ms->it.present[f->slot] || !(ms->it.value[f->slot] > 0))
		return 0;
	t = (double)ms->it.value[f->slot] / 1e6;
	if (f->n > 0 && !(t > f->t[f->n - 1]))
		return 0;            /* the same flush again, or a step back */
	if (f->n == f->cap) {
		size_t cap = f->cap ? 2 * f->cap : 64;
		double *x = realloc(f->t, cap * sizeof(*x));

		if (!x)
			return error("out of memory");
		f->t = x;
		f->cap = cap;
	}
	f->t[f->n++] = t;
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median gap; the periodic flush's 2 s where fewer than two (or no
 * memory for the gaps: a figure for the first flush's predecessor only). */
void flushes_done(struct run_flushes *f)
{
	double *gap;
	size_t i;

	f->period = 2.0;
	if (f->n < 2 || !(gap = malloc((f->n - 1) * sizeof(*gap))))
		return;
	for (i = 1; i < f->n; i++)
		gap[i - 1] = f->t[i] - f->t[i - 1];
	qsort(gap, f->n - 1, sizeof(*gap), cmp_double);
	f->period = gap[(f->n - 1) / 2];
	free(gap);
}

/* How many of the flushes are at or before t (bisection). */
static size_t count_upto(const struct run_flushes *f, double t)
{
	size_t lo = 0, hi = f->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (f->t[mid] <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int flushes_view(const struct run_flushes *f, double t0, double t1,
		 double *before, double *inside)
{
	size_t n0, n1;

	if (!f->n)
		return 0;
	n0 = count_upto(f, t0);
	n1 = count_upto(f, t1);
	*before = n0 ? f->t[n0 - 1] : f->t[0] - f->period;
	*inside = n1 > n0 ? f->t[n1 - 1] : NAN;
	return 1;
}

double flushes_after(const struct run_flushes *f, double t)
{
	double first, last, at;
	size_t n;

	if (!f->n)
		return NAN;
	n = count_upto(f, t);
	first = f->t[0];
	last = f->t[f->n - 1];
	if (n == 0)              /* before the first seen: the period back */
		at = first - f->period * floor((first - t) / f->period);
	else if (n < f->n)
		return f->t[n];
	else
		at = last + f->period * (floor((t - last) / f->period) + 1);
	return at > t ? at : at + f->period;    /* rounding aside */
}

void flushes_release(struct run_flushes *f)
{
	free(f->t);
	memset(f, 0, sizeof(*f));
	f->slot = -1;
}
