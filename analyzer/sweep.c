/* sweep.c - per-run figures of a swappiness sweep (see sweep.h). */
#include <math.h>
#include <stdlib.h>

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

static int cmp_groups(const void *a, const void *b)
{
	const struct group *x = a, *y = b;
	char *ex, *ey;
	double vx = strtod(x->value, &ex), vy = strtod(y->value, &ey);

	if (*ex || *ey || ex == x->value || ey == y->value)
		return 0;
	return (vx > vy) - (vx < vy);
}

void sweep_sort_groups(struct group_list *g)
{
	qsort(g->v, g->nr, sizeof(*g->v), cmp_groups);
}
