/*
 * split_direct.c - a direct reclaim walk that outlasts a sample.
 *
 * do_try_to_free_pages() counts ALLOCSTALL once, when a walk begins, and
 * walks its levels from DEF_PRIORITY down until the pages reclaimed reach
 * sc->nr_to_reclaim, SWAP_CLUSTER_MAX for an allocation (v6.1 and
 * v6.18: the loop breaks after the first level that got there).  A walk
 * whose levels take anon it cannot free at once (a swap write keeps the
 * folio until its writeback ends: swappiness 200 after a refault, where
 * SCAN_FRACT gives file nothing) goes down level after level, each pass
 * twice the one before, and a pass that frees nothing scans its whole
 * target: shrink_lruvec() stops a pass early only once nr_to_reclaim is
 * met.  Such a walk spans samples: the interval after it scans on at its
 * deep levels with no ALLOCSTALL of its own, beside the walks that began
 * there.  In labBB run 8 at 9.0 s (6.1, swappiness 200, 512 MB) five new
 * walks trimmed the cache at levels 12 to 8 (267 file pages) while one
 * begun two intervals before scanned 24066 anon pages at 3 and 2; taken
 * as five new walks only, the replay put that scan on the file list.
 * Each pass decides its targets when it begins (prepare_scan_count(), per
 * shrink_node()), so the pass under way at the sample goes on as it
 * began, over anon (direct_goes_on() in split_walk.c).
 */
#include <math.h>
#include <stddef.h>
#include "model.h"
#include "model_int.h"
#include "split_int.h"
#include "banned.h"

/* The point where one walk of kind c has reclaimed SWAP_CLUSTER_MAX
 * pages at these rates. */
static double walk_done(const struct walk_ctx *c, double eff_anon, double eff_file)
{
	return sw_progress_for(c, SWAP_CLUSTER_MAX, eff_anon, eff_file, 1);
}

/*
 * The pages one new walk of kind c scans to its end, as the kernel ends
 * it: after the first level at which it has reclaimed SWAP_CLUSTER_MAX,
 * that level's pass whole, not the share of it that the replay's
 * progress points take (a walk trimming the cache at levels 12 to 8, 2
 * to 32 pages a level, 0.9 of them freed, scans 62 pages, not 36).
 * shrink_lruvec() cuts a pass short only between batches of
 * SWAP_CLUSTER_MAX, once the pass alone has reclaimed nr_to_reclaim
 * (nr_reclaimed is a local of the pass; never at DEF_PRIORITY:
 * proportional_reclaim; v6.1 and v6.18), which the few-batch passes of
 * the levels where such walks end seldom do.
 */
static double new_walk_scan(const struct walk_ctx *c, double eff_anon, double eff_file)
{
	/* the level it ends in whole; past the floor only once (level 0 is
	 * do_try_to_free_pages()'s last) */
	double p = fmin(ceil(walk_done(c, eff_anon, eff_file)), DEF_PRIORITY + 1 - c->floor);
	struct walk_res res;

	sw_walk_at(c, p, &res);
	return res.scanned;
}

/*
 * Only a walk that took mostly anon (sw_mostly_anon()): one over file
 * frees its pages and ends.  Without that line the 30 lab fixtures'
 * direct reclaim came within one level of its traced priority in 169 of
 * 187 6.1 intervals and 373 of 394 6.12 ones, against 182 and 375 (labB
 * run 19 at 4.8 s, 6.1, swappiness 60: 4.9 for a traced 8.0), the four
 * TCG sweeps' 6.1 in 1124 of 1158 against 1128.
 *
 * Whether it still fell short of its pages at the sample is read from
 * the interval's own direct reclaim (pgsteal_direct / pgscan_direct),
 * not from the replay's anon rate, which is the one measured before: a
 * walk that dives frees nothing while those before it freed (labBB run 8
 * at 8.3 s: the last anon rate 0.38, the interval's direct reclaim 0
 * pages of 13559).  The next interval's counters tell whether it went on
 * (direct_goes_on() in split_walk.c: the scan its new walks leave).
 * Without the rate (every walk carried that went down over anon) the
 * fixtures' direct reclaim within one level in 167 and 356 intervals
 * (against 182 and 375), the sweeps' in 1126 and 843 (1128, 849).  The
 * rate is the interval's, the walks that ended beside it included: taken
 * as the rate of the one that dives, what those reclaimed counted as
 * theirs (each its SWAP_CLUSTER_MAX, its last pass whole), it carried
 * walks that freed their anon, 11 fewer 6.1 fixture intervals within one
 * level and 5 fewer 6.12 ones.
 */
double sw_direct_long_walk(const struct split_in *in, const struct walk_ctx *c, double p)
{
	double e = sw_efficiency(in->reclaimed[RC_DIRECT] / in->scanned[RC_DIRECT]);

	if (!(p > 0) || !(p < DEF_PRIORITY + 1) || !sw_mostly_anon(c, p))
		return 0;
	if (isnan(e))
		e = 0;     /* nothing reclaimed */
	return p < walk_done(c, e, e) ? p : 0;
}

double sw_direct_new_scan(const struct split_in *in, const struct split_cost *cost,
			  double walks, double nref)
{
	const double n[2] = { walks - nref, nref };
	double ea = sw_known_efficiency(in->eff_anon), ef = sw_known_efficiency(in->eff_file);
	struct walk_ctx kinds[2];
	double s = 0;
	int k;

	sw_fill_ctx(&kinds[0], in, cost, 0, 0, NULL);
	kinds[1] = kinds[0];
	kinds[1].deact_file_refault = 1;
	for (k = 0; k < 2; k++)
		if (n[k] > 0)
			s += n[k] * new_walk_scan(&kinds[k], ea, ef);
	return s;
}

void split_direct_goes_on(struct split_in *next, const struct split_reclaim_out *d)
{
	next->direct_resume = d->active ? d->going_on : 0;
}
