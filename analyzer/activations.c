/* activations.c - file activations read ahead of the replay (see activations.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "activations.h"
#include "err.h"
#include "model.h"
#include "rundb.h"
#include "banned.h"

static int add(struct activations *a, double t0, double t1)
{
	if (a->n == a->cap) {
		size_t cap = a->cap ? 2 * a->cap : 64;
		double *x = realloc(a->t0, cap * sizeof(*x)), *y;

		if (!x)
			return error("out of memory");
		a->t0 = x;
		if (!(y = realloc(a->t1, cap * sizeof(*y))))
			return error("out of memory");
		a->t1 = y;
		a->cap = cap;
	}
	a->t0[a->n] = t0;
	a->t1[a->n++] = t1;
	return 0;
}

/* The slot of workingset_activate_file, or -1. */
static long slot_of(const struct sample_iter *it, char *const *names)
{
	size_t i;

	for (i = 0; i < it->c.nr; i++)
		if (!strcmp(names[i], "workingset_activate_file"))
			return (long)i;
	return -1;
}

int activations_load(struct activations *a, sqlite3 *db, const char *path,
		     int64_t run_id)
{
	struct sample_iter it;
	char **names;
	double prev = 0;
	long k;
	int rc;

	memset(a, 0, sizeof(*a));
	if (sample_iter_open(&it, db, path, run_id))
		return -1;
	names = sample_iter_metric_names(&it);
	rc = names ? 0 : error("out of memory");
	k = names ? slot_of(&it, names) : -1;
	while (!rc && k >= 0 && (rc = sample_iter_next(&it)) == 1) {
		double t = (double)it.t_us / 1e6;

		rc = it.delta_valid[k] && it.delta[k] > 0 ? add(a, prev, t) : 0;
		prev = t;
	}
	sample_iter_free_names(&it, names);
	sample_iter_release(&it);
	return rc < 0 ? -1 : 0;
}

int activations_near(struct activations *a, double t0, double t1)
{
	size_t i;

	/* passed for good: no later interval can meet their window */
	while (a->next < a->n && !split_refault_window(t0, INFINITY,
						       a->t0[a->next], a->t1[a->next]))
		a->next++;
	for (i = a->next; i < a->n && a->t0[i] - SPLIT_VMSTAT_FOLD_S < t1; i++)
		if (split_refault_window(t0, t1, a->t0[i], a->t1[i]))
			return 1;
	return 0;
}

void activations_release(struct activations *a)
{
	free(a->t0);
	free(a->t1);
	memset(a, 0, sizeof(*a));
}
