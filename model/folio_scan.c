/*
 * folio_scan.c - the pages a reclaim pass scans, by folio size (split.h,
 * struct split_grain), and what whole-folio reclaim makes of a count of
 * cgroup limit walks.
 *
 * Kernel facts (mm/vmscan.c, v5.x to v6.18):
 *   - shrink_lruvec() takes each list's target in batches of
 *     min(nr[lru], SWAP_CLUSTER_MAX) pages, one shrink_list() call each;
 *   - isolate_lru_folios() takes folios from the list's tail
 *     "while (scan < nr_to_scan && !list_empty(src))", adding every page
 *     of each folio to scan and to nr_scanned ("Account all pages in a
 *     folio"), which PGSCAN_* and the tracepoint's nr_scanned count.
 * So a batch of b pages scans the folios it draws until b pages are
 * reached: with folios drawn as the census has them (the order on the list
 * is not known; each folio taken alike), the expected scan E(b) is
 * sum_k p_k (s_k + E(b - s_k)), E(x <= 0) = 0, p_k the share of folios
 * of s_k pages.  The lists are taken as one lruvec's: where a global walk
 * goes through many memory cgroups (shrink_node_memcgs()), each lruvec's
 * target is batched on its own and each batch takes a folio at least, so
 * the scan is more than this at the levels where the targets are small.
 */
#include <math.h>
#include <string.h>

#include "model_int.h"
#include "banned.h"

/* E(1..32) for one list from its folio counts per order */
static void batch_table(double *batch, const double *folios, int orders)
{
	double all = 0;
	int b, k;

	for (k = 0; folios && k < orders; k++)
		all += folios[k] > 0 ? folios[k] : 0;
	batch[0] = 0;
	for (b = 1; b <= SPLIT_GRAIN_BATCH; b++) {
		double e = 0;

		if (!(all > 0)) {
			batch[b] = b;          /* single pages */
			continue;
		}
		for (k = 0; k < orders; k++) {
			long s = 1L << k;

			if (folios[k] > 0)
				e += folios[k] / all * (s + (b > s ? batch[b - s] : 0));
		}
		batch[b] = e;
	}
}

void split_grain_init(struct split_grain *g, const double *anon_folios,
		      const double *file_folios, int orders)
{
	double folios = 0, pages = 0;
	int k;

	memset(g, 0, sizeof(*g));
	batch_table(g->anon, anon_folios, orders);
	batch_table(g->file, file_folios, orders);
	for (k = 0; file_folios && k < orders; k++)
		if (file_folios[k] > 0) {
			folios += file_folios[k];
			pages += file_folios[k] * (double)(1L << k);
		}
	g->folio_file = folios > 0 ? pages / folios : NAN;
	g->anon_largest = 1;
	for (k = 0; anon_folios && k < orders; k++)
		if (anon_folios[k] > 0)
			g->anon_largest = (double)(1L << k);
}

/* s pages of a pass at a target of t, as far as the list holds */
static double within_list(double s, double t, double list)
{
	/* the list runs out: isolate_lru_folios() stops at list_empty() */
	return fmin(s, fmax(list, t));
}

double split_grain_scan(const double *batch, double t, double list)
{
	double full, rem, s;

	if (!batch || !(t > 0))
		return t;
	full = floor(t / SPLIT_GRAIN_BATCH);
	rem = ceil(t - full * SPLIT_GRAIN_BATCH);
	s = full * batch[SPLIT_GRAIN_BATCH] + (rem > 0 ? batch[(int)rem] : 0);
	return within_list(s, t, list);
}

int split_grain_whole_folios(const struct split_grain *g)
{
	return g && g->folio_file >= SPLIT_GRAIN_BATCH;
}

/* the pages a batch of b pages takes in folios of `largest` pages */
static double batch_of_largest(double largest, double b)
{
	return b > 0 ? ceil(b / largest) * largest : 0;
}

double split_grain_largest(double largest, double t, double list)
{
	double full;

	if (!(t > 0))
		return 0;
	if (!(largest >= 1))
		largest = 1;
	full = floor(t / SPLIT_GRAIN_BATCH);
	return within_list(full * batch_of_largest(largest, SPLIT_GRAIN_BATCH) +
			   batch_of_largest(largest, ceil(t - full * SPLIT_GRAIN_BATCH)), t, list);
}

/*
 * The least a cgroup limit walk that succeeds reclaims: nr_to_reclaim =
 * max(nr_pages, SWAP_CLUSTER_MAX), 32 pages, but a walk reclaims whole
 * folios, one at least: the inactive file list's folio on average stands
 * for it (256 pages on the 6.18 host's 1 MiB ext4 folios).  Not the
 * smallest folio: a few single pages among the large ones (the end of a
 * file) would bring it back to 32.
 */
static double walk_least(const struct split_grain *g)
{
	/* fmax() takes 32 where no file folio was counted (NAN) */
	return g ? fmax(SPLIT_GRAIN_BATCH, g->folio_file) : SPLIT_GRAIN_BATCH;
}

/*
 * The most it reclaims where its passes scan one list type: a page short
 * of its 32, then one batch (6.12 lab guests in a v2 group: 63 pages a
 * walk over single pages, 31 at levels 12-9 and a batch of 32 at 8).
 * do_try_to_free_pages() checks after each level, shrink_lruvec() after
 * each round of batches, and stops there with a single type; with anon
 * and file both a walk that has its 32 pages goes on over the larger
 * list in proportion to what the smaller one scanned (scan_adjusted, for
 * memcg and kswapd; v6.1, v6.18), so nothing bounds it.
 */
static double walk_most(const struct split_grain *g)
{
	return SPLIT_GRAIN_BATCH - 1 + walk_least(g);
}

/* The fewest walks that reclaimed r pages: one, or r over walk_most(). */
static double walks_at_least(double r, int one_type, const struct split_grain *g)
{
	if (!(r > 0))
		return 0;
	return fmax(1, one_type ? r / walk_most(g) : 0);
}

/*
 * try_charge_memcg() (v6.1, v6.18) fails a charge before each
 * try_to_free_mem_cgroup_pages() call (the first time twice where
 * nr_pages is under MEMCG_CHARGE_BATCH: the batch, then nr_pages), and
 * every task charging while the group sits at its limit fails too: v1
 * memory.failcnt, a count of failed charges, bounds the walks from
 * above, loosely where many tasks charge (the 6.1 lab guests' writers:
 * about 50 failed charges a walk, 53 in labV1 run 6; the 6.18 host's:
 * about one).  The pages reclaimed over the least a walk reclaims bound
 * the walks that succeeded from above too (where they reclaimed any, the
 * one that did counts): the tighter of the two is taken (taking the
 * looser put 4 of the 6.1 guests' 375 cgroup intervals within one level
 * of the traced priority, the tighter 348).  walks_at_least() bounds
 * them from below.
 */
double split_cgroup_walks(double fail, double reclaimed, int one_type,
			  const struct split_grain *g)
{
	double r = reclaimed > 0 ? reclaimed : 0;
	double upper = r > 0 ? fmax(1, floor(r / walk_least(g))) : 0;

	if (fail > 0)
		upper = r > 0 ? fmin(fail, upper) : fail;
	return fmax(upper, walks_at_least(r, one_type, g));
}

/*
 * v2's memory.events count the walks exactly: try_charge_memcg() raises
 * "max" once before each try_to_free_mem_cgroup_pages() call, and
 * reclaim_high() "high" once before each of its calls (v6.1, v6.18).  Not
 * the pages reclaimed over 32: a walk reclaims up to a batch more
 * (walk_most()), and reclaimed / 32 took each interval's walks of the
 * 6.12 guests as twice as many, each ending at level 9 (traced 8.8,
 * estimated 9.6).  The event comes before the walk's passes, so a sample
 * can fall between them and an interval hold more walks than it counted
 * (6.12: 77 pages reclaimed in passes of 3 walks, 1 counted):
 * walks_at_least() bounds them from below.  NAN: not recorded, the pages
 * reclaimed bound them (split_cgroup_walks()).
 */
double split_cgroup_walks_counted(double events, double reclaimed, int one_type,
				  const struct split_grain *g)
{
	if (isnan(events))
		return split_cgroup_walks(NAN, reclaimed, one_type, g);
	return fmax(events > 0 ? events : 0, walks_at_least(reclaimed, one_type, g));
}
