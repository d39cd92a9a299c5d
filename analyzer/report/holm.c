/* holm.c - Holm's step-down adjusted p-values (see holm.h). */
#include <stdlib.h>

#include "err.h"
#include "holm.h"
#include "banned.h"

static const double *sort_base;

static int by_p(const void *a, const void *b)
{
	double x = sort_base[*(const size_t *)a], y = sort_base[*(const size_t *)b];

	return (x > y) - (x < y);
}

int holm_adjust(const double *p, size_t n, double *adj)
{
	size_t *order = malloc((n ? n : 1) * sizeof(*order)), m = 0, k;
	double run_max = 0;

	if (!order)
		return error("out of memory");
	for (k = 0; k < n; k++) {
		adj[k] = -1;
		if (p[k] >= 0)
			order[m++] = k;
	}
	sort_base = p;
	qsort(order, m, sizeof(*order), by_p);
	for (k = 0; k < m; k++) {
		double a = (double)(m - k) * p[order[k]];

		/* step-down: an adjusted p never falls below an earlier one */
		if (a > run_max)
			run_max = a;
		adj[order[k]] = run_max < 1 ? run_max : 1;
	}
	free(order);
	return 0;
}
