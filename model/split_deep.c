/*
 * split_deep.c - memory cgroup limit walks that went down to priority 0,
 * found from the anon measured (the attribution) or known (the
 * what-if's replay of them).
 */
#include <math.h>
#include <string.h>

#include "model.h"
#include "model_int.h"
#include "split_int.h"
#include "banned.h"

/*
 * n of the interval's cgroup walks taken as walks `deep` (down to 0), the
 * others replayed alike on the rest of the scan: their anon by cause,
 * anon and priority into *o (the rest as the replay leaves it).  Returns
 * the anon they scan.
 */
static double with_deep(const struct split_in *in, const struct split_cost *cost,
			const struct walk_fit *fit, const struct walk_res *deep,
			double n, struct split_reclaim_out *o)
{
	struct split_in rest = *in;
	struct split_reclaim_out ro;
	double s = in->scanned[RC_CGROUP], share;
	int c;

	rest.walks[RC_CGROUP] = sw_walk_count(in, RC_CGROUP) - n;
	rest.scanned[RC_CGROUP] = s - n * deep->scanned;
	sw_replay_reclaimer(&rest, RC_CGROUP, cost, fit, &ro, &share);
	if (!ro.active)
		memset(&ro, 0, sizeof(ro));
	for (c = 0; c < NR_CAUSES; c++)
		o->anon_by[c] = n * deep->anon[c] + ro.anon_by[c];
	o->anon_pred = n * deep->anon_total + ro.anon_pred;
	o->p_est = n * deep->qsum / s;
	if (ro.active && !isnan(ro.p_est))
		o->p_est += ro.p_est * rest.scanned[RC_CGROUP] / s;
	return o->anon_pred;
}

/*
 * One cgroup walk down to 0 on the lists its walks decide on: the end's,
 * or the start's where the end's hold no inactive anon page, the list
 * level 0 scans: the walks that went down swapped all of it out (a 6.18
 * host run at swappiness 200 went from 37363 inactive anon pages to none
 * in a quarter second, 37349 of them scanned at level 0).
 */
static void walk_to_zero(const struct split_in *in, const struct split_cost *cost,
			 struct walk_res *deep)
{
	struct walk_ctx c;
	int start = in->has_prev && !(in->cg.inactive_anon > 0);

	sw_fill_ctx(&c, in, cost, 1, start, sw_cgroup_view(in, RC_CGROUP));
	sw_walk_at(&c, DEF_PRIORITY + 1, deep);
}

/* n walks of o went down to 0: the deepest level is known, 0. */
static void went_to_zero(struct split_reclaim_out *o, double n)
{
	o->zero_walks = n;
	o->p_deep = 0;
	o->deep_estimable = 1;
}

/*
 * Cgroup limit walks that went deeper than the replayed ones.  The replay
 * takes an interval's walks as alike, but a walk goes down a level only
 * while it has not reclaimed its 32 pages (do_try_to_free_pages(), v6.1
 * and v6.18), and over large file folios a level's pass is one folio that
 * frees the walk or not: most walks end at 12, a few meet a run of folios
 * that will not free (dirty ones are activated) and go far down.  Where
 * the anon measured exceeds what the replayed walks scanned, some walks
 * went down to 0: as many as scan the anon measured, the others sharing
 * the rest of the scan (bisection; no more walks than there were, nor
 * than the file besides the anon can hold).  Such walks scan every
 * level's targets from 12 down: at 0, SCAN_EQUAL (near_oom), above it
 * what the level's branch lets in.  (Three 6.18 host sweeps' traces:
 * swapping intervals whose anon was all at level 0, or a quarter to two
 * thirds of it with the rest at 12..1, doubling a level.  Taking the deep
 * walks down to 0 rather than to a level above it put the cgroup's
 * priority within one level of the traced one in 135 of 224 intervals,
 * against 122 and 121 for levels 1 and 3, and left no sweep's run with 5% of
 * its swap-out unexplained, where level 3 left one with 32%.)
 */
#define DEEP_STEPS 16
static void deep_walks(const struct split_in *in, const struct split_cost *cost,
		       const struct walk_fit *fit, double want,
		       struct split_reclaim_out *o)
{
	struct split_reclaim_out best = *o, probe = *o;
	struct walk_res deep;
	double s = in->scanned[RC_CGROUP], lo = 0, hi, n;
	int i;

	walk_to_zero(in, cost, &deep);
	if (!(deep.anon_total > 0) || !(deep.scanned > 0))
		return;
	hi = fmin(sw_walk_count(in, RC_CGROUP), s / deep.scanned);
	/* their file: no more than the scan besides the anon holds (a fresh
	 * cgroup's first interval scans anon only, its walks having decided
	 * on lists with no file) */
	if (deep.scanned > deep.anon_total)
		hi = fmin(hi, fmax(0, s - want) / (deep.scanned - deep.anon_total));
	if (!(hi > 0))
		return;
	if (with_deep(in, cost, fit, &deep, hi, &probe) <= want) {
		best = probe;
		lo = hi;
	} else {
		for (i = 0; i < DEEP_STEPS; i++) {
			n = (lo + hi) / 2;
			if (with_deep(in, cost, fit, &deep, n, &probe) <= want) {
				lo = n;
				best = probe;
			} else {
				hi = n;
			}
		}
	}
	if (!(lo > 0))
		return;
	*o = best;
	went_to_zero(o, lo);
}

/*
 * n walks known to have gone down to 0 (split_in.zero_walks), replayed on
 * these lists at this swappiness: at 0 SCAN_EQUAL, or SCAN_FILE for a
 * cgroup at swappiness 0, and above it what each level lets in.
 */
static void known_deep_walks(const struct split_in *in, const struct split_cost *cost,
			     const struct walk_fit *fit, double n,
			     struct split_reclaim_out *o)
{
	struct walk_res deep;

	walk_to_zero(in, cost, &deep);
	if (!(deep.scanned > 0))
		return;
	n = fmin(fmin(n, sw_walk_count(in, RC_CGROUP)), in->scanned[RC_CGROUP] / deep.scanned);
	with_deep(in, cost, fit, &deep, n, o);
	went_to_zero(o, n);
}

/*
 * The cgroup walks with those that went deeper: found from the anon
 * measured, or known (the what-if's).  Where no level but 0 lets anon in
 * (sw_anon_only_at_zero()), anon measured beyond the walks placed was
 * scanned at 0 all the same: near_oom (SCAN_EQUAL), though the lists
 * cannot hold the walks that scanned it (a fresh cgroup's first interval,
 * its walks having decided on lists with no file).
 */
void sw_deep_cgroup(const struct split_in *in, const struct split_cost *cg_cost,
		    const struct walk_fit *fit, struct split_out *out)
{
	struct split_reclaim_out *o = &out->r[RC_CGROUP];
	double others = out->anon_pred - o->anon_pred;
	double want = in->anon_measured - others;

	if (!o->active)
		return;
	if (in->has_cg && isnan(in->anon_measured) && in->zero_walks > 0)
		known_deep_walks(in, cg_cost, fit, in->zero_walks, o);
	else if (in->has_cg && want > o->anon_pred)
		deep_walks(in, cg_cost, fit, want, o);
	if (o->anon_only_at_zero && want > o->anon_pred) {
		o->anon_by[CAUSE_NEAR_OOM] += want - o->anon_pred;
		o->anon_pred = want;
	}
	out->anon_pred = others + o->anon_pred;
}
