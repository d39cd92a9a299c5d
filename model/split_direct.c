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
 * shrink_node()), so the walk going on scans as the kind it was.
 */
#include <math.h>
#include <stddef.h>
#include "model.h"
#include "model_int.h"
#include "split_int.h"
#include "banned.h"

/*
 * How deep a walk that saw a refault must have gone for the sample to
 * find it under way: 6 levels passed (its pass at level 6 or below, a
 * 64th of its lists or more).  A walk that trims the cache or frees its
 * anon ends within its first levels, well inside an interval; one that
 * dives spends most of its time in its last, largest passes.  A measured
 * line, not the kernel's: on four TCG lab sweeps (labBA-BD, Debian 6.1
 * and 6.12, 512 and 768 MB) a walk carried from 4, 6 or 8 levels down
 * put 6.1's direct reclaim within one level of its traced priority in
 * 1128 of 1158 intervals (1123 carrying none) and the anon prediction
 * within 10% in 129, 128 and 127 of 384 intervals (121); from any level,
 * 1128 and 130, but the 30 lab fixtures' 6.1 direct reclaim within one
 * level in 182 of 187 intervals, against 183.
 */
#define DIRECT_LONG_LEVELS 6

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
	enum cause why;
	double a, f, got = 0, scanned = 0;
	int q;

	for (q = DEF_PRIORITY; q >= c->floor && got < SWAP_CLUSTER_MAX; q--) {
		sw_level_scan(c, q, &a, &f, &why);
		got += a * eff_anon + f * eff_file;
		scanned += a + f;
	}
	return scanned;
}

/*
 * Whether it still fell short of its pages at the sample is read from
 * the interval's own direct reclaim (pgsteal_direct / pgscan_direct),
 * not from the replay's anon rate, which is the one measured before: a
 * walk that dives frees nothing while those before it freed (labBB run
 * 8 at 8.3 s: the last anon rate 0.38, the interval's direct reclaim 0
 * pages of 13559).  The next interval's counters tell whether it went on
 * (direct_goes_on() in split_walk.c: the scan its new walks leave).
 * Without that reading, walks that scanned anon at levels 8 to 7 and freed
 * it (labB runs 19 and 22, 6.1 at swappiness 60 and 100: 3000 to 12000
 * anon pages an interval) were carried, and the next intervals' new walks
 * left to them: direct reclaim at 2 to 6 for a traced 7.5 to 8.2, out of
 * one level in 8 intervals of the two runs.
 */
double sw_direct_long_walk(const struct split_in *in, const struct walk_ctx *refault,
			   double p)
{
	double e = sw_efficiency(in->reclaimed[RC_DIRECT] / in->scanned[RC_DIRECT]);

	if (!(p >= DIRECT_LONG_LEVELS) || !(p < DEF_PRIORITY + 1))
		return 0;
	if (isnan(e))
		e = 0;     /* nothing reclaimed */
	return p < walk_done(refault, e, e) ? p : 0;
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
