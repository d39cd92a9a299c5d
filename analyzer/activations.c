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

/* the counters read: the activations, the walk counters, the scans */
enum { RD_ACT, RD_PAGEOUTRUN, RD_SCAN_KSWAPD, RD_SCAN_DIRECT, RD_SCAN_ANON,
       RD_SCAN_FILE, NR_RD };
static const char *const names_read[NR_RD] = {
	"workingset_activate_file", "pageoutrun", "pgscan_kswapd", "pgscan_direct",
	"pgscan_anon", "pgscan_file",
};

struct slots {
	long rd[NR_RD];
	long *stall;               /* allocstall, allocstall_<zone>: -1 ends */
};

static int slots_of(const struct sample_iter *it, char *const *names,
		    struct slots *sl)
{
	size_t i, k, n = 0;

	for (k = 0; k < NR_RD; k++)
		sl->rd[k] = -1;
	sl->stall = malloc((it->c.nr + 1) * sizeof(*sl->stall));
	if (!sl->stall)
		return error("out of memory");
	for (i = 0; i < it->c.nr; i++) {
		for (k = 0; k < NR_RD; k++)
			if (!strcmp(names[i], names_read[k]))
				sl->rd[k] = (long)i;
		if (!strncmp(names[i], "allocstall", 10))
			sl->stall[n++] = (long)i;
	}
	sl->stall[n] = -1;
	return 0;
}

static double delta_of(const struct sample_iter *it, long k)
{
	return k >= 0 && it->delta_valid[k] ? fmax(0, (double)it->delta[k]) : 0;
}

/* One interval's activations and walks begun. */
static void read_iv(const struct sample_iter *it, const struct slots *sl,
		    struct act_iv *v)
{
	double scanned;
	long *s;

	v->act = delta_of(it, sl->rd[RD_ACT]);
	v->starts[ACT_KSWAPD] = delta_of(it, sl->rd[RD_PAGEOUTRUN]);
	for (s = sl->stall; *s >= 0; s++)
		v->starts[ACT_DIRECT] += delta_of(it, *s);
	scanned = delta_of(it, sl->rd[RD_SCAN_ANON]) + delta_of(it, sl->rd[RD_SCAN_FILE]);
	v->starts[ACT_OTHER] = scanned > delta_of(it, sl->rd[RD_SCAN_KSWAPD]) +
				         delta_of(it, sl->rd[RD_SCAN_DIRECT]);
}

/*
 * Each activation: one refault walk per reclaimer, spread over the walks
 * begun in its window.
 */
static void spread(struct activations *a)
{
	size_t j, i, lo = 0;
	int r;

	for (j = 0; j < a->n; j++) {
		const struct act_iv *s = &a->iv[j];
		double n[NR_ACT] = { 0 };
		size_t hi;

		if (!(s->act > 0))
			continue;
		while (lo < a->n && a->iv[lo].t1 <= s->t0 - SPLIT_VMSTAT_FOLD_S)
			lo++;
		for (hi = lo; hi < a->n && a->iv[hi].t0 < s->t1 + SPLIT_MEMCG_FLUSH_S; hi++)
			for (r = 0; r < NR_ACT; r++)
				n[r] += a->iv[hi].starts[r];
		for (i = lo; i < hi; i++)
			for (r = 0; r < NR_ACT; r++)
				if (n[r] > 0)
					a->iv[i].expected[r] += s->act * a->iv[i].starts[r] / n[r];
	}
}

int activations_load(struct activations *a, sqlite3 *db, const char *path,
		     int64_t run_id)
{
	struct sample_iter it;
	struct act_iv v;
	struct slots sl = { { 0 }, NULL };
	char **names;
	double prev = 0;
	int rc, first = 1;

	memset(a, 0, sizeof(*a));
	if (sample_iter_open(&it, db, path, run_id))
		return -1;
	names = sample_iter_metric_names(&it);
	rc = names ? slots_of(&it, names, &sl) : error("out of memory");
	while (!rc && sl.rd[RD_ACT] >= 0 && (rc = sample_iter_next(&it)) == 1) {
		memset(&v, 0, sizeof(v));
		v.t0 = prev;
		v.t1 = prev = (double)it.t_us / 1e6;
		read_iv(&it, &sl, &v);
		/* an interval with neither can hold no refault walk: not kept */
		rc = first || !(v.act > 0 || v.starts[ACT_KSWAPD] > 0 ||
				v.starts[ACT_DIRECT] > 0 || v.starts[ACT_OTHER] > 0) ?
		     0 : add(a, &v);
		first = 0;
	}
	free(sl.stall);
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

void activations_expected(struct activations *a, double t1, double *per_reclaimer)
{
	const double *e;
	int r;

	while (a->cursor < a->n && a->iv[a->cursor].t1 < t1 - 1e-7)
		a->cursor++;
	for (r = 0; r < NR_RECLAIMERS; r++)
		per_reclaimer[r] = 0;
	if (a->cursor == a->n || fabs(a->iv[a->cursor].t1 - t1) > 1e-7)
		return;
	e = a->iv[a->cursor].expected;
	for (r = 0; r < NR_RECLAIMERS; r++)
		per_reclaimer[r] = e[r == RC_KSWAPD ? ACT_KSWAPD :
				     r == RC_DIRECT ? ACT_DIRECT : ACT_OTHER];
}

void activations_release(struct activations *a)
{
	free(a->iv);
	memset(a, 0, sizeof(*a));
}
