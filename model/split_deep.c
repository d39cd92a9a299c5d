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
 * A kind of deep walk: down to `level` (0, or 1 for a walk that saw a
 * refault: deact_file_refault), `zero` anon pages at most in its level-0
 * pass; and what the others take at least (first_pass()) and its anon
 * with no file (deep_file()), neither of which depends on how many.
 */
struct deep_kind {
	int level;
	double zero, first, anon;
};

/*
 * The anon a level-0 pass scans before the walk has its pages: SCAN_EQUAL
 * takes the inactive anon list first in each round of batches
 * (for_each_evictable_lru(), shrink_lruvec()), 32 pages at a time, until
 * nr_to_reclaim, max(nr_pages, SWAP_CLUSTER_MAX), is freed (v6.1, v6.18):
 * 32 for a charge of one page, as a hog's anon faults make; a writer's
 * 1 MiB page-cache folio asks 256, and which charges the deep walks
 * served is not recorded (taking 256: the cgroup within one level in 239
 * of the host's 348 intervals against 236, in 12 of the two fixtures' 16
 * against 14).
 * With swap on a block device, a page frees in the pass only where its
 * swap copy is written already (swapped out before, in the swap cache,
 * the writeback done: folio_end_writeback() puts it back at the list's
 * tail); any other starts its write.  So 32 over the share of the anon
 * the interval freed (pgsteal_anon / pgscan_anon), and the whole list
 * before the run has swapped out a page, or where the share is not
 * known.  (A 6.18 host sweep in a 128 MB group: a run's first interval
 * freed 5136 of the 40593 anon pages it scanned, those above level 0,
 * and its level-0 passes went through the whole 24818-page list, 24192
 * pages; a later one, over swap-cached pages, 288 at level 0, all
 * freed: nine walks' batches.)  Not for zram or zswap, whose stores free
 * a page in the pass that writes it and count no pswpout.
 */
static double zero_anon_measured(const struct split_in *in)
{
	double e = in->eff_anon_now >= 0 ? fmin(1, in->eff_anon_now) :
		   sw_efficiency(in->eff_anon);

	if (!(in->swapped_before > 0) || !(e > 0))
		return INFINITY;
	return SWAP_CLUSTER_MAX / e;
}

/*
 * The lists a deep walk scans: the interval's end's, or its start's where
 * the end's hold no inactive anon (the deep walks swapped it all out).
 */
static void deep_ctx(const struct split_in *in, const struct split_cost *cost,
		     int level, struct walk_ctx *c)
{
	int start = (in->has_prev || in->has_cg_start) && !(in->cg.inactive_anon > 0);

	sw_fill_ctx(c, in, cost, 1, start, sw_cgroup_view(in, RC_CGROUP));
	c->deact_file_refault = level == 1;
}

/*
 * One deep walk of kind k from 12 down, each level's targets on the lists
 * as sampled, its file passes taking `file` pages in all.  A file page
 * that does not free leaves the inactive list (dirty or under writeback:
 * activated, shrink_folio_list(), v6.1 and v6.18), so the walk takes none
 * twice and its file is what the interval's scan gives it (deep_file());
 * an anon page that does not free goes back to the list (its swap write
 * under way), where a walk whose targets pass the whole list meets it
 * again.
 */
static void deep_walk(const struct split_in *in, const struct split_cost *cost,
		      const struct deep_kind *k, double file, struct walk_res *res)
{
	struct walk_ctx c;
	double a, f;
	enum cause why;
	int q;

	deep_ctx(in, cost, k->level, &c);
	memset(res, 0, sizeof(*res));
	res->deep = DEF_PRIORITY;
	for (q = DEF_PRIORITY; q >= k->level; q--) {
		sw_level_scan(&c, q, &a, &f, &why);
		f = fmin(f, fmax(0, file));
		if (q == 0)
			a = fmin(a, k->zero);
		file -= f;
		if (!(a + f > 0))
			continue;
		res->anon[why] += a;
		res->anon_total += a;
		res->qsum += q * (a + f);
		res->scanned += a + f;
		res->deep = q;
	}
}

/* What one of the other walks scans at least: its first pass that takes
 * a page (a level-12 target of 0 pages scans nothing) */
static double first_pass(const struct split_in *in, const struct split_cost *cost)
{
	struct walk_ctx c;
	double a, f;
	enum cause why;
	int q;

	deep_ctx(in, cost, 0, &c);
	for (q = DEF_PRIORITY; q >= 0; q--) {
		sw_level_scan(&c, q, &a, &f, &why);
		if (a + f > 0)
			return a + f;
	}
	return 0;
}

/* kind k's level-0 stop and the n-independent parts of deep_file() */
static void deep_kind_init(const struct split_in *in, const struct split_cost *cost,
			   int level, double zero, struct deep_kind *k)
{
	struct walk_res no_file;

	k->level = level;
	k->zero = zero;
	k->first = first_pass(in, cost);
	deep_walk(in, cost, k, 0, &no_file);
	k->anon = no_file.anon_total;
}

/*
 * The file pages each of n deep walks of kind k passed: what the interval
 * scanned beyond the other walks' first passes, shared among them, less
 * their anon.  Over whole-folio passes a walk ends at the first folio
 * that frees it, and the folios that do not free lie together (the
 * writer's newest, dirty or under writeback, behind the clean ones the
 * flusher has written): the other walks end at their first pass and the
 * deep ones took the rest, a folio the others took at a second level
 * among it.  (The 6.18 host's traces, 1 MiB folios: of 448 walks of an
 * interval, 446 took a folio at 12, 47 one at 11, and about 8 the 204
 * folios at 10 to 3 before their level-0 batch of anon.  The deep walks
 * taken over whole levels' targets with the whole anon list at 0, a
 * hundredth of one such walk held the anon, the other walks sharing the
 * rest alike, each a little past 12: 11.6 for a traced 10.0; now 10.0.)
 * Over single pages, whole levels' targets (split_grain_whole_folios()).
 */
static double deep_file(const struct split_in *in, const struct deep_kind *k, double n)
{
	double walks = sw_walk_count(in, RC_CGROUP);

	if (!split_grain_whole_folios(in->grain_cg))
		return INFINITY;
	return fmax(0, (in->scanned[RC_CGROUP] - fmax(0, walks - n) * k->first) / n - k->anon);
}

/*
 * n of the interval's cgroup walks taken as deep walks of kind k, the
 * others replayed alike on the rest of the scan: their anon by cause,
 * anon and priority into *o (the rest as the replay leaves it).  Returns
 * the anon they scan; *taken, the walks taken (n, or fewer where the scan
 * holds fewer).
 */
static double with_deep(const struct split_in *in, const struct split_cost *cost,
			const struct walk_fit *fit, const struct deep_kind *k,
			double n, struct split_reclaim_out *o, double *taken)
{
	struct split_in rest = *in;
	struct split_reclaim_out ro;
	struct walk_res deep;
	double s = in->scanned[RC_CGROUP], share;
	int c;

	deep_walk(in, cost, k, deep_file(in, k, n), &deep);
	*taken = n = deep.scanned > 0 ? fmin(n, s / deep.scanned) : 0;
	rest.walks[RC_CGROUP] = sw_walk_count(in, RC_CGROUP) - n;
	rest.scanned[RC_CGROUP] = s - n * deep.scanned;
	sw_replay_reclaimer(&rest, RC_CGROUP, cost, fit, &ro, &share);
	if (!ro.active)
		memset(&ro, 0, sizeof(ro));
	for (c = 0; c < NR_CAUSES; c++)
		o->anon_by[c] = n * deep.anon[c] + ro.anon_by[c];
	o->anon_pred = n * deep.anon_total + ro.anon_pred;
	o->p_est = n * deep.qsum / s;
	if (ro.active && !isnan(ro.p_est))
		o->p_est += ro.p_est * rest.scanned[RC_CGROUP] / s;
	return o->anon_pred;
}

/* n walks of o went down to k's level: the deepest level is known. */
static void went_to(struct split_reclaim_out *o, double n, const struct deep_kind *k)
{
	o->zero_walks = n;
	o->zero_level = k->level;
	o->zero_anon = k->zero;
	o->p_deep = k->level;
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
 * the rest of the scan (bisection; no more walks than there were).  Such
 * walks scan each level's targets from 12 down (their file as the scan
 * leaves it over whole folios: deep_file()): at 0, SCAN_EQUAL (near_oom),
 * above it what the level's branch lets in.  (Three 6.18 host sweeps'
 * traces: swapping intervals whose anon was all at level 0, or a quarter
 * to two thirds of it with the rest at 12..1, doubling a level.  Taking
 * the deep walks down to 0 rather than to a level above it put the
 * cgroup's priority within one level of the traced one in 135 of 224
 * intervals, against 122 and 121 for levels 1 and 3, and left no sweep's
 * run with 5% of its swap-out unexplained, where level 3 left one with
 * 32%.  Five later sweeps and two fixtures, 348 intervals: 201 with the
 * deep walks over whole levels' targets and the whole anon list at 0,
 * 236 with deep_file() and zero_anon_measured().)
 */
#define DEEP_STEPS 16
/* the least of a walk the refault walk down to 1 is taken for, and the
 * least share of anon in its scan */
#define DEEP_REFAULT_WALK 0.9
#define DEEP_ANON_ONLY 0.95

/*
 * As many deep walks of kind k as scan the anon measured (want), no more
 * than the walks; none where the lists hold file and no file was scanned
 * (a walk passes file at the levels it goes through: a fresh cgroup's
 * first interval scans anon only, its walks having decided on lists with
 * no file).  Their anon, or -1 where none fits.  *best: the replay with
 * them, *n_out how many.
 */
static double fit_deep(const struct split_in *in, const struct split_cost *cost,
		       const struct walk_fit *fit, const struct deep_kind *k,
		       double want, struct split_reclaim_out *best, double *n_out)
{
	struct split_reclaim_out probe = *best;
	struct walk_res whole;
	double lo = 0, hi, n, got = -1, a, file, taken;
	int i;

	*n_out = 0;
	deep_walk(in, cost, k, INFINITY, &whole);
	if (!(whole.anon_total > 0))
		return -1;
	hi = sw_walk_count(in, RC_CGROUP);
	file = whole.scanned - whole.anon_total;
	if (!split_grain_whole_folios(in->grain_cg)) {
		hi = fmin(hi, in->scanned[RC_CGROUP] / whole.scanned);
		if (file > 0)
			hi = fmin(hi, fmax(0, in->scanned[RC_CGROUP] - want) / file);
	}
	if (!(hi > 0) || (file > 0 && !(in->scanned[RC_CGROUP] - want > 0)))
		return -1;
	if ((a = with_deep(in, cost, fit, k, hi, &probe, &taken)) <= want) {
		*best = probe;
		lo = taken;
		got = a;
	} else {
		for (i = 0; i < DEEP_STEPS; i++) {
			n = (lo + hi) / 2;
			if ((a = with_deep(in, cost, fit, k, n, &probe, &taken)) <= want) {
				lo = taken;
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

/* Whether a walk of kind k scans anon only (DEEP_ANON_ONLY of its pages) */
static int anon_only(const struct split_in *in, const struct split_cost *cost,
		     const struct deep_kind *k)
{
	struct walk_res w;

	deep_walk(in, cost, k, INFINITY, &w);
	return w.scanned > 0 && w.anon_total >= DEEP_ANON_ONLY * w.scanned;
}

/*
 * Walks down to 0 first.  Where they cannot scan enough of the anon
 * measured and the cgroup showed an activation, the refault walk itself
 * went deep: at swappiness 200 after a refault (SCAN_FRACT, fp = 0) a
 * walk passes anon only and frees nothing at once, so it goes down until
 * its first writes free pages, level 1 in a 6.1 lab run (59906 anon pages
 * from 12 to 1, no file below 8; to 0, the 1402 file pages allowed 0.12
 * of a walk, a quarter of the anon, and 36% of the run's swap-out went
 * unexplained).
 */
static void deep_walks(const struct split_in *in, const struct split_cost *cost,
		       const struct walk_fit *fit, double want,
		       struct split_reclaim_out *o)
{
	struct split_reclaim_out best[2] = { *o, *o };
	struct deep_kind kinds[2];
	double got[2] = { -1, -1 }, n[2] = { 0, 0 };
	int pick = 0;

	deep_kind_init(in, cost, 0, split_grain_whole_folios(in->grain_cg) ?
		       zero_anon_measured(in) : INFINITY, &kinds[0]);
	got[0] = fit_deep(in, cost, fit, &kinds[0], want, &best[0], &n[0]);
	if (got[0] < SPLIT_ANON_EXPLAINED * want && in->cg_activate_file > 0) {
		deep_kind_init(in, cost, 1, INFINITY, &kinds[1]);
		/* anon only: a pass that takes file frees it and ends the walk */
		if (anon_only(in, cost, &kinds[1]))
			got[1] = fit_deep(in, cost, fit, &kinds[1], want, &best[1], &n[1]);
		/* a whole walk: one that scanned half of it stopped higher */
		pick = got[1] > got[0] && n[1] >= DEEP_REFAULT_WALK;
	}
	if (!(n[pick] > 0) || !(got[pick] >= 0))
		return;
	*o = best[pick];
	went_to(o, n[pick], &kinds[pick]);
}

/*
 * n walks known to have gone down to 0 (split_in.zero_walks, zero_anon
 * anon pages at 0 each), replayed on these lists at this swappiness: at 0
 * SCAN_EQUAL, or SCAN_FILE for a cgroup at swappiness 0, and above it
 * what each level lets in; or the refault walk known to have gone down to
 * 1 (zero_level 1).
 */
static void known_deep_walks(const struct split_in *in, const struct split_cost *cost,
			     const struct walk_fit *fit, struct split_reclaim_out *o)
{
	struct split_reclaim_out probe = *o;
	struct deep_kind k;
	double n = fmin(in->zero_walks, sw_walk_count(in, RC_CGROUP));

	if (!(n > 0))
		return;
	deep_kind_init(in, cost, in->zero_level,
		       in->zero_anon > 0 ? in->zero_anon : INFINITY, &k);
	with_deep(in, cost, fit, &k, n, &probe, &n);
	if (!(n > 0))
		return;
	*o = probe;
	went_to(o, n, &k);
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
		known_deep_walks(in, cg_cost, fit, o);
	else if (in->has_cg && want > o->anon_pred)
		deep_walks(in, cg_cost, fit, want, o);
	if (o->anon_only_at_zero && want > o->anon_pred) {
		o->anon_by[CAUSE_NEAR_OOM] += want - o->anon_pred;
		o->anon_pred = want;
	}
	out->anon_pred = others + o->anon_pred;
}
