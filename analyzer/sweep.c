/* sweep.c - per-run figures of a swappiness sweep (see sweep.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rundb.h"
#include "runstats.h"
#include "sweep.h"
#include "banned.h"

int sweep_run_figures(const struct run_set *set, const struct run_ref *r,
		      double fig[NR_FIGS], struct run_stats *stats)
{
	sqlite3 *db = set->dbs[r->db];
	const char *path = set->paths[r->db];
	struct run_stats st;
	int io, swap, cache;

	if ((io = rundb_result(db, path, r->id, "io_mbps", &fig[FIG_IO])) < 0 ||
	    (swap = rundb_result(db, path, r->id, "swap_used_mb", &fig[FIG_SWAP])) < 0 ||
	    (cache = rundb_result(db, path, r->id, "page_cache_mb", &fig[FIG_CACHE])) < 0)
		return -1;
	if (!io)
		fig[FIG_IO] = NAN;
	if (swap && cache && !stats)
		return 0;
	if (run_stats_compute(db, path, r->id, -1, 1e300, &st))
		return -1;
	if (stats)
		*stats = st;
	if (!swap)
		fig[FIG_SWAP] = st.last[METRIC_swap_used].state == STAT_OK ?
				st.last[METRIC_swap_used].v / 1024 : NAN;
	if (!cache)
		fig[FIG_CACHE] = st.last[METRIC_file_pages].state == STAT_OK ?
				 st.last[METRIC_file_pages].v *
				 (double)r->page_size / (1 << 20) : NAN;
	return 0;
}

int sweep_run_oom(const struct run_set *set, const struct run_ref *r)
{
	double kills = 0;
	int found = rundb_result(set->dbs[r->db], set->paths[r->db], r->id,
				 "oom_kills", &kills);

	return found < 0 ? -1 : found && kills > 0;
}

/* 1 and the value when s is a whole number-like string ("60", "0.5") */
static int group_number(const char *s, double *v)
{
	char *end;

	*v = strtod(s, &end);
	return end != s && !*end && !isnan(*v);
}

/*
 * A total order, as qsort needs: numbers ascending, then other values by
 * strcmp, then "-" (runs without the tag) last.  Calling every pair with a
 * non-number "equal" is not an order, and qsort then misplaced numbers.
 */
static int cmp_groups(const void *a, const void *b)
{
	const struct group *x = a, *y = b;
	int nx, ny, mx = !strcmp(x->value, "-"), my = !strcmp(y->value, "-");
	double vx, vy;

	if (mx != my)
		return mx - my;
	nx = group_number(x->value, &vx);
	ny = group_number(y->value, &vy);
	if (nx != ny)
		return ny - nx;
	if (nx && vx != vy)
		return (vx > vy) - (vx < vy);
	return strcmp(x->value, y->value);
}

void sweep_sort_groups(struct group_list *g)
{
	qsort(g->v, g->nr, sizeof(*g->v), cmp_groups);
}
