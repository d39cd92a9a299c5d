/* activations.c - file activations read ahead of the replay (see activations.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "activations.h"
#include "err.h"
#include "model.h"
#include "rundb.h"
#include "banned.h"

static int add(struct activations *a, const struct act_iv *v)
{
	if (a->n == a->cap) {
		size_t cap = a->cap ? 2 * a->cap : 256;
		struct act_iv *x = realloc(a->iv, cap * sizeof(*x));

		if (!x)
			return error("out of memory");
		a->iv = x;
		a->cap = cap;
	}
	a->iv[a->n++] = *v;
	return 0;
}

/* the counters read: the activations, then the scans that mean "walked" */
static const char *const names_read[] = {
	"workingset_activate_file", "pgscan_kswapd", "pgscan_direct",
	"pgscan_anon", "pgscan_file", "pgscan_khugepaged", "pgscan_proactive",
};
#define NR_READ (sizeof(names_read) / sizeof(names_read[0]))

static void slots_of(const struct sample_iter *it, char *const *names,
		     long slot[NR_READ])
{
	size_t i, k;

	for (k = 0; k < NR_READ; k++)
		slot[k] = -1;
	for (i = 0; i < it->c.nr; i++)
		for (k = 0; k < NR_READ; k++)
			if (!strcmp(names[i], names_read[k]))
				slot[k] = (long)i;
}

static double delta_of(const struct sample_iter *it, long k)
{
	return k >= 0 && it->delta_valid[k] ? (double)it->delta[k] : 0;
}

/* Spread each activation's one walk over the window's reclaiming intervals. */
static void spread(struct activations *a)
{
	size_t j, i, lo = 0, n;

	for (j = 0; j < a->n; j++) {
		const struct act_iv *s = &a->iv[j];

		if (!(s->act > 0))
			continue;
		while (lo < a->n && a->iv[lo].t1 <= s->t0 - SPLIT_VMSTAT_FOLD_S)
			lo++;
		for (n = 0, i = lo; i < a->n && a->iv[i].t0 < s->t1 + SPLIT_MEMCG_FLUSH_S; i++)
			n += a->iv[i].walked;
		for (i = lo; n && i < a->n && a->iv[i].t0 < s->t1 + SPLIT_MEMCG_FLUSH_S; i++)
			if (a->iv[i].walked)
				a->iv[i].expected += s->act / (double)n;
	}
}

int activations_load(struct activations *a, sqlite3 *db, const char *path,
		     int64_t run_id)
{
	struct sample_iter it;
	struct act_iv v;
	char **names;
	double prev = 0;
	long slot[NR_READ];
	size_t k;
	int rc, first = 1;

	memset(a, 0, sizeof(*a));
	if (sample_iter_open(&it, db, path, run_id))
		return -1;
	names = sample_iter_metric_names(&it);
	rc = names ? 0 : error("out of memory");
	if (names)
		slots_of(&it, names, slot);
	while (!rc && names && slot[0] >= 0 && (rc = sample_iter_next(&it)) == 1) {
		memset(&v, 0, sizeof(v));
		v.t0 = prev;
		v.t1 = prev = (double)it.t_us / 1e6;
		v.act = fmax(0, delta_of(&it, slot[0]));
		for (k = 1; k < NR_READ; k++)
			v.walked |= delta_of(&it, slot[k]) > 0;
		rc = first ? 0 : add(a, &v);
		first = 0;
	}
	sample_iter_free_names(&it, names);
	sample_iter_release(&it);
	if (rc < 0)
		return -1;
	spread(a);
	return 0;
}

int activations_near(struct activations *a, double t0, double t1)
{
	size_t i;

	/* passed for good: no later interval can meet their window */
	while (a->near < a->n && !split_refault_window(t0, INFINITY,
						       a->iv[a->near].t0, a->iv[a->near].t1))
		a->near++;
	for (i = a->near; i < a->n && a->iv[i].t0 - SPLIT_VMSTAT_FOLD_S < t1; i++)
		if (a->iv[i].act > 0 && split_refault_window(t0, t1, a->iv[i].t0, a->iv[i].t1))
			return 1;
	return 0;
}

double activations_expected(struct activations *a, double t1)
{
	while (a->cursor < a->n && a->iv[a->cursor].t1 < t1 - 1e-7)
		a->cursor++;
	return a->cursor < a->n && fabs(a->iv[a->cursor].t1 - t1) <= 1e-7 ?
	       a->iv[a->cursor].expected : 0;
}

void activations_release(struct activations *a)
{
	free(a->iv);
	memset(a, 0, sizeof(*a));
}
