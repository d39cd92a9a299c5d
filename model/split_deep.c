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
static void walk_to_level(const struct split_in *in, const struct split_cost *cost,
			  int level, int refault, struct walk_res *deep)
{
	struct walk_ctx c;
	int start = in->has_prev && !(in->cg.inactive_anon > 0);

	sw_fill_ctx(&c, in, cost, 1, start, sw_cgroup_view(in, RC_CGROUP));
	c.deact_file_refault = refault;
	sw_walk_at(&c, DEF_PRIORITY + 1 - level, deep);
}

/* n walks of o went down to `level`: the deepest level is known. */
static void went_to(struct split_reclaim_out *o, double n, int level)
{
	o->zero_walks = n;
	o->zero_level = level;
	o->p_deep = level;
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
/* the least of a walk the refault walk down to 1 is taken for, and the
 * least share of anon in its scan */
#define DEEP_REFAULT_WALK 0.9
#define DEEP_ANON_ONLY 0.95

/*
 * As many walks `deep` as scan the anon measured (want), no more than the
 * walks nor than the scan besides the anon holds; their anon, or -1
 * where none fits.  *best: the replay with them, *n_out how many.
 */
static double fit_deep(const struct split_in *in, const struct split_cost *cost,
		       const struct walk_fit *fit, const struct walk_res *deep,
		       double want, struct split_reclaim_out *best, double *n_out)
{
	struct split_reclaim_out probe = *best;
	double s = in->scanned[RC_CGROUP], lo = 0, hi, n, got = -1, a;
	int i;

	*n_out = 0;
	if (!(deep->anon_total > 0) || !(deep->scanned > 0))
		return -1;
	hi = fmin(sw_walk_count(in, RC_CGROUP), s / deep->scanned);
	/* their file: no more than the scan besides the anon holds (a fresh
	 * cgroup's first interval scans anon only, its walks having decided
	 * on lists with no file) */
	if (deep->scanned > deep->anon_total)
		hi = fmin(hi, fmax(0, s - want) / (deep->scanned - deep->anon_total));
	if (!(hi > 0))
		return -1;
	if ((a = with_deep(in, cost, fit, deep, hi, &probe)) <= want) {
		*best = probe;
		lo = hi;
		got = a;
	} else {
		for (i = 0; i < DEEP_STEPS; i++) {
			n = (lo + hi) / 2;
			if ((a = with_deep(in, cost, fit, deep, n, &probe)) <= want) {
				lo = n;
				got = a;
				*best = probe;
			} else {
				hi = n;
			}
		}
	}
	*n_out = lo;
	return lo > 0 ? got : -1;
}

/*
 * Walks down to 0 first.  Where the file scanned cannot hold enough of
 * them for the anon measured (at 0 SCAN_EQUAL takes file too) and the
 * cgroup showed an activation, the refault walk itself went deep: at
 * swappiness 200 after a refault (SCAN_FRACT, fp = 0) a walk passes anon
 * only and frees nothing at once, so it goes down until its first writes
 * free pages, level 1 in a 6.1 lab run (59906 anon pages from 12 to 1,
 * no file below 8; to 0, the 1402 file pages allowed 0.12 of a walk, a
 * quarter of the anon, and 36% of the run's swap-out went unexplained).
 */
static void deep_walks(const struct split_in *in, const struct split_cost *cost,
		       const struct walk_fit *fit, double want,
		       struct split_reclaim_out *o)
{
	struct split_reclaim_out best[2] = { *o, *o };
	struct walk_res deep;
	double got[2] = { -1, -1 }, n[2] = { 0, 0 };
	int k = 0;

	walk_to_level(in, cost, 0, 0, &deep);
	got[0] = fit_deep(in, cost, fit, &deep, want, &best[0], &n[0]);
	if (got[0] < SPLIT_ANON_EXPLAINED * want && in->cg_activate_file > 0) {
		walk_to_level(in, cost, 1, 1, &deep);
		/* anon only: a pass that takes file frees it and ends the walk */
		if (deep.anon_total >= DEEP_ANON_ONLY * deep.scanned)
			got[1] = fit_deep(in, cost, fit, &deep, want, &best[1], &n[1]);
		/* a whole walk: one that scanned half of it stopped higher */
		k = got[1] > got[0] && n[1] >= DEEP_REFAULT_WALK;
	}
	if (!(n[k] > 0) || !(got[k] >= 0))
		return;
	*o = best[k];
	went_to(o, n[k], k);
}

/*
 * n walks known to have gone down to 0 (split_in.zero_walks), replayed on
 * these lists at this swappiness: at 0 SCAN_EQUAL, or SCAN_FILE for a
 * cgroup at swappiness 0, and above it what each level lets in; or the
 * refault walk known to have gone down to 1 (zero_level 1).
 */
static void known_deep_walks(const struct split_in *in, const struct split_cost *cost,
			     const struct walk_fit *fit, double n, int level,
			     struct split_reclaim_out *o)
{
	struct walk_res deep;

	walk_to_level(in, cost, level, level == 1, &deep);
	if (!(deep.scanned > 0))
		return;
	n = fmin(fmin(n, sw_walk_count(in, RC_CGROUP)), in->scanned[RC_CGROUP] / deep.scanned);
	with_deep(in, cost, fit, &deep, n, o);
	went_to(o, n, level);
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
		known_deep_walks(in, cg_cost, fit, in->zero_walks, in->zero_level, o);
	else if (in->has_cg && want > o->anon_pred)
		deep_walks(in, cg_cost, fit, want, o);
	if (o->anon_only_at_zero && want > o->anon_pred) {
		o->anon_by[CAUSE_NEAR_OOM] += want - o->anon_pred;
		o->anon_pred = want;
	}
	out->anon_pred = others + o->anon_pred;
}
