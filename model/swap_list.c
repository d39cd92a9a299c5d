/*
 * swap_list.c - a run's swap-out along its inactive anon list
 * (swap_list.h).
 */
#include <math.h>
#include <stdlib.h>

#include "swap_list.h"
#include "banned.h"

/* written per page scanned once every page on the list is on its second
 * visit: the write, then the free of the rotated page (swap_list.h) */
#define SECOND_VISIT_RATE 0.5

static double count(double v)
{
	return isnan(v) || v < 0 ? 0 : v;
}

int swap_list_add(struct swap_list *l, double anon, double out)
{
	double a0 = l->n ? l->anon[l->n - 1] : 0, o0 = l->n ? l->out[l->n - 1] : 0;

	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 256;
		double *na = realloc(l->anon, cap * sizeof(*na)), *no;

		if (!na)
			return -1;
		l->anon = na;
		no = realloc(l->out, cap * sizeof(*no));
		if (!no)
			return -1;
		l->out = no;
		l->cap = cap;
	}
	l->anon[l->n] = a0 + count(anon);
	l->out[l->n] = o0 + count(out);
	l->n++;
	return 0;
}

void swap_list_saw(struct swap_list *l, double len)
{
	if (len > l->list_len)
		l->list_len = len;
}

double swap_list_scanned(const struct swap_list *l)
{
	return l->n ? l->anon[l->n - 1] : 0;
}

/* The first point whose anon reaches x (l->n if none does). */
static size_t first_reaching(const struct swap_list *l, double x)
{
	size_t lo = 0, hi = l->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->anon[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The run's curve at x, inside its scan. */
static double curve_at(const struct swap_list *l, double x)
{
	size_t i = first_reaching(l, x);
	double a0, o0;

	/* the writes of a batch can land in the sample after its scan
	 * (PSWPOUT at the bio's submission): they go with that scan */
	if (l->anon[i] == x) {
		while (i + 1 < l->n && l->anon[i + 1] == x)
			i++;
		return l->out[i];
	}
	a0 = i ? l->anon[i - 1] : 0;
	o0 = i ? l->out[i - 1] : 0;
	return o0 + (l->out[i] - o0) * (x - a0) / (l->anon[i] - a0);
}

/*
 * Past the run's scan: pages it did not reach, faulted in young since
 * reclaim last passed, write nothing until reclaim has passed over the
 * list once, which takes the list's length plus a scan more for every
 * page written on the way (freed when taken again).
 */
static double beyond(const struct swap_list *l, double x)
{
	double out = l->out[l->n - 1];
	double young_end = fmax(swap_list_scanned(l), l->list_len + out);

	return out + fmax(0, x - young_end) * SECOND_VISIT_RATE;
}

double swap_list_written(const struct swap_list *l, double x)
{
	double total = swap_list_scanned(l);

	if (!(total > 0))
		return NAN;
	if (!(x > 0))
		return 0;
	/* a page is written once a visit: writes beyond the pages scanned
	 * are of pages scanned before the run's first sample */
	return fmin(x, x < total ? curve_at(l, x) : beyond(l, x));
}

void swap_list_release(struct swap_list *l)
{
	free(l->anon);
	free(l->out);
	l->anon = l->out = NULL;
	l->n = l->cap = 0;
	l->list_len = 0;
}
