/*
 * split_kswapd.c - kswapd's walks of an interval: short ones that stop
 * at the compaction gap, long ones that run until the node is balanced,
 * watermark-boosted ones held at DEF_PRIORITY - 2, and the walk of the
 * interval before that ends in this one.
 */
#include <math.h>
#include <string.h>

#include "model.h"
#include "model_int.h"
#include "split_int.h"
#include "banned.h"

/* w scaled by c (a span within one level: every part alike). */
static void scale_res(struct walk_res *w, double c)
{
	int k;

	for (k = 0; k < NR_CAUSES; k++)
		w->anon[k] *= c;
	w->anon_total *= c;
	w->qsum *= c;
	w->scanned *= c;
}

/*
 * kswapd's pass over a level stops once it has reclaimed nr_to_reclaim
 * (shrink_lruvec() counts its own nr_reclaimed against it, with no
 * proportional_reclaim for kswapd; v6.1 and v6.18), the zones' high
 * watermarks and the boosts the interval's start showed
 * (sw_high_wmarks(): a boosted zone asks a pass for that much more; rr7
 * run 14 at 14.0 s, 6.12: a level-4 pass scanned 1783 anon pages of a
 * target of about 1870, with a boost of 1468 pages on high watermarks
 * of 1011): w, one whole pass, cut to what reclaims that much at the
 * efficiencies measured before; left whole where they are not known.
 */
static void pass_stop(struct walk_res *w, const struct split_in *in)
{
	double ea = sw_efficiency(in->eff_anon), ef = sw_efficiency(in->eff_file);
	double file = w->scanned - w->anon_total;
	double got = (w->anon_total > 0 ? w->anon_total * ea : 0) +
		     (file > 0 ? file * ef : 0);
	double nr_to_reclaim = sw_high_wmarks(in, in->boost_start);

	if (nr_to_reclaim > 0 && got > nr_to_reclaim)
		scale_res(w, nr_to_reclaim / got);
}

/* a short walk reclaims compact_gap(3) = 16 pages (sw_walk_lengths()) */
#define KSWAPD_SHORT_ORDER 3

/* A short kswapd walk of this kind (sw_walk_lengths()). */
static void short_walk(const struct walk_ctx *kind, const struct split_in *in,
		       struct walk_res *res)
{
	sw_walk_at(kind, sw_progress_for(kind, 2 << KSWAPD_SHORT_ORDER,
				   sw_known_efficiency(in->eff_anon),
				   sw_known_efficiency(in->eff_file), 0), res);
}

/*
 * The rest of the pass the walk of the interval before stood in (struct
 * split_pass), a share frac of it scanned before the sample, cut at
 * nr_to_reclaim (pass_stop()).  None where it stood between two passes.
 */
static void pass_rest(const struct split_in *in, double frac, struct walk_res *res)
{
	const struct split_pass *pass = &in->kswapd_resume_pass;
	double whole = pass->anon + pass->file, left;

	memset(res, 0, sizeof(*res));
	res->deep = DEF_PRIORITY;
	if (pass->level < 0 || !(whole > 0) || !(frac > 0))
		return;
	res->anon[pass->cause] = res->anon_total = pass->anon;
	res->scanned = whole;
	res->qsum = pass->level * whole;
	res->deep = pass->level;
	pass_stop(res, in);
	left = res->scanned - frac * whole;
	scale_res(res, left > 0 ? left / res->scanned : 0);
}

/*
 * The rest of the pass a kswapd walk of the interval before stood in
 * (pass_rest()), scanned in this one: balance_pgdat() checks
 * pgdat_balanced() only between two levels, so the walk finishes its
 * pass before it can end.  Where the interval counted a new PAGEOUTRUN
 * (kswapd runs one walk at a time), the walk ended after that pass: where
 * it went after it is unknown, so no more is taken, and the new walks'
 * least is left to them: level 12 each; where walks of different
 * lengths are replayed (m->lengths), a short walk each but the last,
 * which may be under way at the end (a short walk is the least
 * sw_walk_lengths() gives a walk; a finish that took more put the scan
 * of 44 walks that went no deeper than level 9 at level 4, one of the
 * 6.1 lab's misses).  Where it counted none (m->from: the walk goes on),
 * the whole interval's scan is room.  Adds to o (weight w) and returns
 * the pages it takes.
 */
double sw_finish_walk(const struct walk_mix *m, const struct walk_ctx *const kinds[2],
		      const struct split_in *in, double w,
		      struct split_reclaim_out *o, double *deep)
{
	struct walk_res res;
	double c, a, f, room = m->s;
	enum cause why;
	int cause;

	sw_level_scan(kinds[0], DEF_PRIORITY, &a, &f, &why);
	if (!(m->from > 0))
		room = m->s - (m->n[0] + m->n[1]) * (a + f);
	if (m->lengths && m->n[0] + m->n[1] > 1) {
		struct walk_res least;

		short_walk(kinds[0], in, &least);
		room = m->s - (m->n[0] + m->n[1] - 1) * least.scanned - (a + f);
	}
	pass_rest(in, m->finish - floor(m->finish), &res);
	if (!(res.scanned > 0) || !(room > 0))
		return 0;
	c = fmin(1, room / res.scanned);
	for (cause = 0; cause < NR_CAUSES; cause++)
		o->anon_by[cause] += w * c * res.anon[cause];
	o->anon_pred += w * c * res.anon_total;
	o->p_est += w * c * res.qsum / m->norm;
	*deep = fmin(*deep, res.deep);
	return c * res.scanned;
}

/*
 * Whether reclaim had balanced the node at the interval's end sample, so
 * that no walk stood there for the next interval to finish
 * (sw_finish_walk()).  balance_pgdat() ends a walk at the top of its
 * priority loop once the node is balanced; a pass that balances it
 * mid-level runs on to its end first, so a sample above the high
 * watermarks' sum (with the boosts the sample shows: pgdat_balanced()
 * checks high_wmark_pages(), sw_high_wmarks()) may find a walk
 * finishing its level, but more often
 * finds kswapd after its walk, the free pages still above the sum: in
 * the 6.1 lab's traces walks went down to level 2 over anon that frees
 * nothing at once and ended there, and the next interval's walks began
 * at 12 (split-17.1, 17.2; 17.20, 17.21 where several walks ran).
 * Finishing no walk after such a sample put kswapd within one level of
 * its traced priority in 9 more of 1561 6.12 intervals of eight 2-trial
 * lab sweeps (Debian guests, 0.25 s samples), and in 3 more of 348 of
 * two fresh ones; on 6.1 in 7 more of 1695, and 5 fewer of 376.  Not
 * where the free pages rose by more than all reclaim freed in the
 * interval: a task's exit freed them, maybe at the sample, in the midst
 * of a walk (split-17.8, 17.10).  Without a start sample, reclaim is
 * taken to have freed them.  Pages reclaimed in the interval by any
 * reclaimer count (NAN: none).
 *
 * pgdat_balanced() asks each zone, not the sum: some zone above its high
 * watermark and its lowmem reserve (in->balanced_end).  A zone so shown
 * ends the walk though the sum falls short (a lower zone balanced, the
 * highest one short): 6.1's kswapd within one level in 54 more of 2972
 * intervals of seven 768 MB / 1 GB lab sweeps, 6.12's in 49 more of
 * 2833; on twelve 512 MB ones 0 and 3 more.  No zone so shown is not
 * taken as a walk standing where the sum passes: the walk may have ended
 * balanced and the allocations since have drawn the zones below high,
 * not yet to low, where kswapd wakes (taking it so: 84 fewer 6.1
 * intervals of 4118 on the 512 MB sweeps, 114 fewer of 2972 on the big
 * ones).
 */
static int node_balanced(const struct split_in *in)
{
	double freed = 0, high = sw_high_wmarks(in, in->boost_end);
	int r, balanced = in->balanced_end == BALANCE_MET || (high > 0 && in->free >= high);

	for (r = 0; r < NR_RECLAIMERS; r++)
		if (in->reclaimed[r] > 0)
			freed += in->reclaimed[r];
	return balanced && !(in->free - in->free_start > freed);
}

/*
 * Whether kswapd's last walk had ended at the end sample, the node
 * balanced (node_balanced()), so that none stands in `pass` for the
 * next interval to finish.  Not where the walk spent the whole interval
 * in the pass it stood in: balance_pgdat() checks the balance between
 * passes only, so it stands in it still (held19 run 15: a level-2 pass
 * over anon under writeback went on across a sample with 4092 pages
 * free, the high watermarks summing to 3023 with their boosts).  A walk
 * that began in the interval may stand in a pass too (held19 run 3: one
 * that saw a refault stood in its level-7 pass at a sample with 1024
 * pages free, having reclaimed 48), but taking every walk that
 * reclaimed less than the high watermarks' sum as standing put kswapd
 * within one level in 7 more 6.1 intervals of thirteen lab sweeps and
 * 10 fewer 6.12 ones (rr1-rr3).
 */
int sw_kswapd_ended(const struct split_in *in, const struct split_pass *pass)
{
	return node_balanced(in) && !pass->outlasted;
}

/* kswapd_try_to_sleep()'s nap between two walks: schedule_timeout(HZ / 10) */
#define KSWAPD_NAP_S 0.1

/*
 * What the per-cpu lists gave back of one walk's need: the pages their
 * count fell by in the interval (split_in.pcp_released), shared out over
 * its walks, need at most.  A page freed goes to the freeing CPU's list,
 * not to the zone's free count, which pgdat_balanced() reads
 * (NR_FREE_PAGES), and goes there once the list holds nr_pcp_high()
 * pages, a batch or more at a time (free_unref_page_commit(),
 * free_pcppages_bulk(); mm/page_alloc.c, v6.1 and v6.12).  While kswapd
 * walks, balance_pgdat() sets ZONE_RECLAIM_ACTIVE (set_reclaim_active())
 * and that limit drops to batch << 2, so the next free on each CPU gives
 * the rest of its list to the free count; from 6.7 on the limit is also
 * tuned between high_min and high_max (a zone's managed pages / 8 over
 * its CPUs), cut while the zone is below its high watermark
 * (ZONE_BELOW_HIGH) and decayed by an eighth a second
 * (decay_pcp_high()), each of which drains the list beyond it.  Those
 * pages lift the free count towards the high watermark as reclaimed
 * ones do.  The 6.12 guests' lists swung by about a thousand pages
 * between two samples (512 MB, 1 GB), the 6.1 ones' by a hundred.
 */
static double pcp_share(const struct split_in *in, double need)
{
	double walks = in->walks[RC_KSWAPD];

	if (!(in->pcp_released > 0) || !(walks >= 1) || !(need > 0))
		return 0;
	return fmin(need, in->pcp_released / walks);
}

/*
 * What a kswapd walk that runs until the node is balanced reclaims: from
 * the watermark that woke it to the high one.  An order-0 allocation
 * wakes kswapd below the low watermark; one that direct reclaim served
 * had gone below min.  Summed over the zones as nr_to_reclaim is, an
 * approximation: pgdat_balanced() is satisfied by any one zone above its
 * high watermark (v6.1 and v6.18).  0 where the watermarks are not known.
 *
 * No more than the allocations took in the nap before it, though: a walk
 * ends with the node balanced, and kswapd_try_to_sleep() then naps for
 * HZ / 10 before it sleeps for good.  A wakeup_kswapd() meanwhile ends
 * the nap (KSWAPD_LOW_WMARK_HIT_QUICKLY): an allocation that failed the
 * low watermark, for its order, or a zone whose watermark a fallback
 * boosted (rmqueue()), the next walk starting there.  A node short of
 * high at the nap's end (KSWAPD_HIGH_WMARK_HIT_QUICKLY, counted too
 * where the walk ended short of high and kswapd took no nap) starts it
 * there, high less what the nap's allocations took (v6.1 and v6.18; the
 * nap came with its two counters, first named
 * kswapd_slept_prematurely_fast and _slow).  Where the watermarks lie
 * far apart, that is the shorter: a guest of 1 GB has transparent huge
 * pages on (below 512 MB the kernel leaves them off) and khugepaged
 * raises min_free_kbytes for them, to a low-to-high gap of 2815 pages
 * where a nap's allocations took about 1500, and kswapd walked twice a
 * 0.25 s interval, after a high-wmark hit each, for 1450-1900 pages
 * (split-23.1).  Sized by the gap those walks were replayed 1.1-1.7
 * levels too deep: kswapd within one level of its traced priority in
 * 182 of 398 intervals of the 6.1 guests and 148 of 376 of the 6.12
 * ones (labAE), 292 and 257 sized by the nap; on two sweeps recorded
 * after the rule was chosen, 271 -> 395 of 565 and 180 -> 372 of 592
 * (1 GB, --reread), 162 -> 225 of 340 and 124 -> 186 of 315 (768 MB).
 * On the 512 MB guests the gap, 169 pages, is less than a nap takes but
 * where the allocations all but stop: over twelve sweeps 3 and 2 more
 * intervals of 4118 and 3728, three later ones within 2 either way.
 * Taken for every walk of the interval and for the min-to-high gap
 * alike: the walks after a full sleep, woken at low whatever the rate
 * (pageoutrun less the two counters), were 0.2-10% of a sweep's walks,
 * and taking them at the gap put kswapd within one level in 8 and 16
 * fewer of labAE's intervals.  The rate is the interval's average
 * (split_in.alloc_rate) and its counters are rough: 6.1's per-cpu lists
 * count PGALLOC and PGFREE once for a high-order page, some frees that
 * bypass those lists count no PGFREE (v6.0 until a 2024 fix), and the
 * slab pages shrinkers free count as other tasks' frees.
 *
 * Less what the zones' per-cpu lists gave back (pcp_share()).  And a
 * walk that begins where kswapd's nap left the node short of high
 * (the nap's allocations less than the low-to-high gap) ends sooner
 * where a lower zone fills first: pgdat_balanced() takes the node as
 * balanced once any eligible zone meets its high watermark
 * (zone_watermark_ok_safe(), zones bottom-up; mm/vmscan.c v6.1 and
 * v6.18), while the allocations take from the first zone of the zonelist
 * still above its low one (get_page_from_freelist(): DMA32 before DMA),
 * so a lower zone keeps what reclaim frees in it.  The walk then
 * reclaims until the zone that gains its low-to-high gap soonest, at its
 * share of the interval's reclaim, has (split_in.zone_need).  The 768 MB
 * and 1 GB guests' DMA zone has a gap of 44 pages of 2815 and took 17%
 * (6.1) and 39% (6.12) of the frees, medians, in the intervals whose
 * walks the nap alone replayed too deep, none in those it replayed
 * right: over six such sweeps kswapd within one level of its traced
 * priority in 1741 -> 1894 of 2562 intervals (6.1) and 1605 -> 1882 of
 * 2461 (6.12); on one recorded after, 264 -> 303 of 410 and 212 -> 286
 * of 372, and 545 of 312642 pages out unexplained -> 0.  Not for walks
 * woken at low, after allocations that had drained every zone to its
 * low watermark, DMA too: taken for every walk, on the 512 MB guests
 * (DMA's gap 5 pages, a fifth to a half of the frees in it) 6.1's kswapd
 * within one level in 261 fewer of 1004 intervals of three sweeps.
 */
static double kswapd_deficit(const struct split_in *in)
{
	double gap = in->walks[RC_DIRECT] > 0 || in->scanned[RC_DIRECT] > 0 ?
		     in->min_gap_sum : in->low_gap_sum;
	double nap = in->alloc_rate > 0 ? in->alloc_rate * KSWAPD_NAP_S : NAN;
	double need = nap < gap ? nap : gap;

	need -= pcp_share(in, need);
	if (nap < gap && in->zone_need > 0)
		need = fmin(need, in->zone_need);
	return need;
}

/*
 * balance_pgdat() checks the balance only between two levels, so a walk
 * scans the whole level in which it meets its need.  With the levels'
 * scans doubling, and the needs spread evenly on a log scale, that is
 * 1 / ln 2 = 1.44 times the need on average (the integral of 2c / x
 * over x in [c, 2c], per ln 2).  Above the walk's floor level only
 * (sw_walk_floor()): there the passes repeat and do not double.
 */
#define LEVEL_OVERSHOOT 1.4427

/* counts[k] of the walks of kind k in mm taken as walks res[k] */
static void take_walks(struct walk_mix *mm, const struct walk_res res[2],
		       const double counts[2], double w, struct split_reclaim_out *o,
		       double *deep)
{
	int k, c;

	for (k = 0; k < 2; k++) {
		double nk = fmin(counts[k], mm->n[k]);

		if (!(nk > 0))
			continue;
		for (c = 0; c < NR_CAUSES; c++)
			o->anon_by[c] += w * nk * res[k].anon[c];
		o->anon_pred += w * nk * res[k].anon_total;
		o->p_est += w * nk * res[k].qsum / mm->norm;
		mm->s -= nk * res[k].scanned;
		mm->n[k] -= nk;
		*deep = fmin(*deep, res[k].deep);
	}
}

/*
 * The same share f of the walks of each kind of length a, for all of
 * them to scan s pages (left: s less all of them at length b): 0 (counts
 * 0) where no share between 0 and 1 fits.
 */
static double spread_lengths(const double n[2], const double a[2], const double b[2],
			     double left, double counts[2])
{
	double per = n[0] * (a[0] - b[0]) + n[1] * (a[1] - b[1]);
	double f = per != 0 ? left / per : 0;

	counts[0] = counts[1] = 0;
	if (!(f > 0 && f <= 1))
		return 0;
	counts[0] = f * n[0];
	counts[1] = f * n[1];
	return counts[0] + counts[1];
}

/*
 * How many of the walks n[k] (trim, refault) are of length a (a[k] pages
 * a walk of kind k), the rest of length b, for all of them to scan s
 * pages; the trim walks take length a first (sw_walk_lengths()), or
 * (spread) either kind alike.  Returns that count, split per kind in
 * counts; 0 (counts 0) where no count between 0 and all the walks fits.
 * The count is an expected number, fractional as the scan gives it.
 */
static double solve_lengths(const double n[2], const double a[2], const double b[2],
			    double s, int spread, double counts[2])
{
	static const int trim_first[2] = { 0, 1 };
	double left = s - (n[0] * b[0] + n[1] * b[1]);
	int i;

	if (spread)
		return spread_lengths(n, a, b, left, counts);
	counts[0] = counts[1] = 0;
	for (i = 0; i < 2; i++) {
		int k = trim_first[i];
		double d = a[k] - b[k], m = d != 0 ? left / d : 0;

		if (!(n[k] > 0))
			continue;
		if (!(m > 0))
			break;          /* the scan is on the other side */
		counts[k] = fmin(m, n[k]);
		left -= counts[k] * d;
		if (m <= n[k])
			return counts[0] + counts[1];
	}
	counts[0] = counts[1] = 0;
	return 0;
}

/*
 * The least anon kswapd scanned in the interval: pgscan_anon counts the
 * anon pages every reclaimer scanned, pgscan_kswapd, pgscan_direct and
 * the others a global reclaimer's only, so that cgroup limit reclaim is
 * the rest (shrink_inactive_list(): PGSCAN_ANON + file always, the
 * reclaimer's own item if !cgroup_reclaim(); v5.8+, 6.1 and 6.18).  The
 * others' scans all taken as anon, what is left of pgscan_anon is
 * kswapd's.  NAN where pgscan_anon is not known.
 */
double sw_kswapd_anon_least(const struct split_in *in)
{
	double others = 0;
	int r;

	for (r = 0; r < NR_RECLAIMERS; r++)
		if (r != RC_KSWAPD && in->scanned[r] > 0)
			others += in->scanned[r];
	return in->anon_measured - others;
}

/*
 * The least that kswapd's normal walks scanned: a walk that scans anon
 * (sc->may_swap on) scans file beside it where get_scan_count() gives
 * both lists their fraction (SCAN_FRACT), so its scan is the anon kswapd
 * scanned (sw_kswapd_anon_least()) over the anon share of its passes.
 * Taken as the share of a whole walk's targets, DEF_PRIORITY down to 1,
 * for the kind of walk that takes the most: a walk's deep passes hold
 * most of its scan, and at level 12 the shift truncates a small file
 * list to nothing (split-15.17: the restarted walks scanned 82-90%
 * anon, where the level-12 targets give 92-100% and a whole walk's
 * 90-95%).  Where neither takes anon, the anon itself.  0 where
 * kswapd's anon is not known to be more than none (or not known at all).
 * The anon of a pass finished first (sw_finish_walk()) is counted again
 * here: a bound on the safe side (taking it out left 376 more pages of
 * swap-out unexplained over twelve lab sweeps).  What boosted walks
 * scanned (file only, may_swap off: take_boosted()) is at most the rest
 * of kswapd's scan.  The anon alone as the bound left 6.12 lab
 * intervals' normal walks too little scan for their anon: 3526 pages of
 * swap-out unexplained against 2516 (of 506904), labS run 11 at 5.4%; no
 * bound, 20426 and sixteen runs at 5% or more, and 6.12's kswapd within
 * one level in 30 fewer intervals; the share at level 12 alone, 2516
 * too, and 4 fewer intervals.
 */
static double normal_scan_least(const struct walk_ctx *const kinds[2],
				const struct split_in *in)
{
	double anon = sw_kswapd_anon_least(in), share = 0, a, f;
	enum cause why;
	int k;

	if (!(anon > 0))
		return 0;
	for (k = 0; k < 2; k++) {
		double sa = 0, sf = 0;
		int q;

		for (q = DEF_PRIORITY; q >= 1; q--) {
			sw_level_scan(kinds[k], q, &a, &f, &why);
			sa += a;
			sf += f;
		}
		if (sa + sf > 0)
			share = fmax(share, sa / (sa + sf));
	}
	return share > 0 ? anon / share : anon;
}

/*
 * sb pages of the interval's scan taken as boosted reclaim: a boosted
 * walk's levels (12 and 11 once, then DEF_PRIORITY - 2 over and over;
 * sw_boost_ctx()) as one that reclaims `boost` pages scans them, file only;
 * one_walk: no more than that one walk scans; never what the normal
 * walks need for kswapd's anon (mm->normal_least).  Adds them to o
 * (weight w), takes them out of mm.
 */
static void take_boosted(struct walk_mix *mm, const struct walk_ctx *kind,
			   const struct split_in *in, double boost, double sb,
			   int one_walk, double w, struct split_reclaim_out *o,
			   double *deep)
{
	double ea = sw_known_efficiency(in->eff_anon), ef = sw_known_efficiency(in->eff_file);
	struct walk_ctx boosted = *kind;
	struct walk_res one;

	sw_boost_ctx(&boosted);
	sw_walk_at(&boosted, sw_progress_for(&boosted, boost, ea, ef, 0), &one);
	sb = fmin(one_walk ? fmin(sb, one.scanned) : sb,
		  mm->s - mm->normal_least);
	if (!(sb > 0) || !(one.scanned > 0))
		return;
	o->p_est += w * sb * one.qsum / one.scanned / mm->norm;
	o->boosted += w * sb;
	*deep = fmin(*deep, one.deep);
	mm->s -= sb;
}

/*
 * Whether the run's boosts were reclaimed by boosted walks at all: not in
 * a run whose kcompactd woke for fewer than one kswapd walk in twenty
 * (in->boost_rate; balance_pgdat() wakes it after every walk that
 * entered boosted).  There the reclaim beyond the watermark gap is the
 * walks' running longer because the allocations went on while they ran
 * (split-15.5), and a boost a sample shows was not reclaimed at level 10
 * either (split-15.14: a boosted walk that frees nothing at its first
 * level stops, `if (nr_boost_reclaim && !nr_reclaimed) break`, v5.0+,
 * 6.1 and 6.18).  In three lab sweeps the 6.1 guests' runs woke it for
 * 0-2.2% of their walks (about their order-1 walks; their traces show no
 * level-10 excess), the 6.12 guests' for 8-89%.  Without the gate on
 * the reclaim beyond the gap 6.1's kswapd would be within one level of
 * its traced priority in 5-10 fewer intervals of each of five lab
 * sweeps (lab12: 446 of 480, not 456); 6.12's would not change.  On
 * four fresh sweeps the 6.1 guests' samples showed a boost at the start
 * of 54 intervals, after which 2 traced a level-10 excess over 30% of
 * kswapd's scan (the 6.12 guests': 251 of 461); without the gate on the
 * boost a sample shows, 6.1's kswapd within one level in 0, 0, 7 and 5
 * fewer intervals (of 380, 246, 449, 325) and 2 more.  A run that did
 * not record kcompactd's wakes (NAN) may have had any number.
 */
#define BOOSTED_RUN_RATE 0.05

static int run_boosts(const struct split_in *in)
{
	return !(in->boost_rate < BOOSTED_RUN_RATE);
}

/*
 * The boost the start sample shows where the node there was balanced
 * with it, which a boosted walk reclaims; 0 where it was not (the walk
 * drops it, boost_seen()), none is shown, or the run's boosts went
 * unreclaimed (run_boosts()).  Balanced as pgdat_balanced() asks it
 * where the zones were recorded (in->balanced_start: some zone above
 * high_wmark_pages(), its boost in it, and its lowmem reserve; the
 * free pages' sum counts the pages DMA keeps from movable allocations):
 * 6.12's kswapd within one level in 19 more of 3728 intervals of twelve
 * 512 MB lab sweeps, 6.1's unchanged (its runs' boosts go unreclaimed).
 * Else the free pages' sum against the high watermarks and the boost; a
 * start whose free pages were not recorded is taken as balanced.
 */
static double boost_reclaimed_at_start(const struct split_in *in)
{
	double boost = in->boost_start > 0 ? in->boost_start : 0;

	if (!run_boosts(in))
		return 0;
	if (in->balanced_start != BALANCE_UNKNOWN)
		return in->balanced_start == BALANCE_MET ? boost : 0;
	return in->free_start < sw_high_wmarks(in, boost) ? 0 : boost;
}

/*
 * A watermark boost the zoneinfo sample shows at the interval's start is
 * reclaimed by a boosted walk in it (v5.0+; v6.1 and v6.12 alike):
 * steal_suitable_fallback() -> boost_watermark() raises a zone's
 * watermark_boost by a pageblock and sets ZONE_BOOSTED_WATERMARK, on
 * which rmqueue() wakes kswapd; balance_pgdat() takes nr_boost_reclaim =
 * the zones' boosts at its entry and, the node being balanced at order 0,
 * reclaims that many pages at DEF_PRIORITY - 2 with may_swap off, then
 * clears those boosts at `out`.  The boost a sample shows is thus the
 * size of one boosted walk's reclaim after it: by the walk under way (its
 * reduction at out comes after the sample) or the next to enter.  The
 * end's sample is the next interval's start: its boost is taken there,
 * not twice.  (The larger of the two, for a boosted walk that spans the
 * interval, put 6.12's kswapd within one level of its traced priority
 * in 53% of a 6-trial lab sweep's intervals, against 56% with the
 * start's; 6.1's in 86% against 87%.)  A floor, as boosts raised and
 * reclaimed between two samples do not show.  The rest of the scan
 * stays for the walks of the interval's PAGEOUTRUN count, each of which scans the compaction gap at
 * least (s_short).  (Taking a walk out of that count where the end shows
 * a boost, as the boosted walk's entry, fits the 6.12 lab a little
 * better, 3 to 6 intervals in 261-273, but no walk written from the
 * kernel's code tells the two apart: not done.)  Not where the free
 * pages at that sample fall short of the high watermarks and that boost
 * (sw_high_wmarks()): balance_pgdat() checks pgdat_balanced() at every
 * level, and a walk that finds the node unbalanced with a boost to
 * reclaim drops it and restarts as a normal walk (`if (!balanced &&
 * nr_boost_reclaim)`: nr_boost_reclaim = 0, goto restart; v5.0+, 6.1 and
 * 6.18), which may swap and reclaims up to the boosted high watermark
 * (split-15.9).  On fourteen lab sweeps this put 6.12's kswapd within
 * one level in 18 more intervals of 2454, 6.1's in 2 more of 2731.  Nor
 * in a run whose boosts went unreclaimed (run_boosts()).
 */
static double boost_seen(struct walk_mix *mm, const struct walk_ctx *const kinds[2],
			 const struct split_in *in, const double s_short[2],
			 double w, struct split_reclaim_out *o, double *deep)
{
	double boost = boost_reclaimed_at_start(in);
	double nn = mm->n[0] + mm->n[1], before = mm->s;

	if (boost > 0)
		take_boosted(mm, kinds[0], in, boost, mm->s - nn * s_short[0], 1, w, o, deep);
	return before - mm->s;
}

/* what the walks left in mm scan as long walks (s_long: one of each kind) */
static double all_long(const struct walk_mix *mm, const double s_long[2])
{
	return mm->n[0] * s_long[0] + mm->n[1] * s_long[1];
}

/*
 * Whether `walks` kswapd walks of the interval can have reclaimed a
 * boost besides.  Not where they reclaimed more than each could hold
 * (split-9.3), less `seen`, the pages the boost the start sample showed
 * took (boost_seen()): that is the walk's under way at the sample more
 * often than not, which PAGEOUTRUN counted before the interval, and a
 * kcompactd awake from its `out` counts no wake for the next walk's
 * (split-15.22; labBA run 13 at 13.8 s, 6.12: one walk counted, one
 * wake, 2293 pages at level 10 where the zones hold boosts of 1980 at
 * most, replayed at 8.2 for a traced 10.0).  Over six lab sweeps
 * (labBA-BF) 6.12's kswapd within one level in 18 more intervals and
 * none fewer, on the 30 lab fixtures 5 more.  Counting one walk more
 * where kcompactd's wakes are more than the interval's PAGEOUTRUN
 * count: balance_pgdat() wakes it at
 * `out` after each walk that entered with a boost, so such a wake may be
 * a boosted walk that began before the interval and ended in it
 * (split-9.4; lab11 run 14 at 3.8 s, 6.12: 3 walks, 4 wakes, 6455 pages
 * reclaimed at level 10 where the zones hold boosts of 1980 at most).
 * One at most: kswapd runs one walk at a time, and kcompactd wakes for
 * other reasons too (kswapd's sleep after a high-order walk; split-9.6).
 * Over fourteen lab sweeps 6.12's kswapd within one level in 18 more
 * intervals, 10 more of 1847 on eight later sweeps and 8 more of 930 on
 * four fresh ones, none fewer in any of them; 6.1's unchanged.  Not in
 * a run with few boosted walks (run_boosts()).
 *
 * Nor in a run whose kcompactd woke no more often than its timeout can
 * count requests that did not wake it.  wakeup_kcompactd() raises
 * kcompactd_max_order before it checks whether kcompactd sleeps and the
 * node is suitable (a zone short of an order-N page at min): an order-1
 * request (kswapd_try_to_sleep() after an order-1 walk) usually finds
 * the page there and wakes nothing, and kcompactd() finds the order
 * raised when its wait times out, every HPAGE_FRAG_CHECK_INTERVAL_MSEC
 * (500 ms), and counts KCOMPACTD_WAKE in kcompactd_do_work() then
 * (mm/compaction.c, v6.1 and v6.18): at most two such wakes a second,
 * which need no boosted walk.  Counted over the seconds kswapd ran,
 * plus one for the last request of each stretch of them
 * (activations_load()): kswapd's sleep after a walk leaves the request.
 * A rule of thumb too, not a bound: wakeup_kswapd() leaves one for a
 * high-order allocation that cannot reclaim directly while kswapd sleeps
 * on a balanced or hopeless node.  Over the run's seconds, labBC run 10
 * (6.12, swappiness 0, 57 wakes in 35.8 s, kswapd in 24.4 of them, 8
 * stretches) lost the boosts of its loops at level 10 (replayed at 4.2
 * for a traced 10.0).  Beyond that some wakes were immediate,
 * as a boosted walk's order-9 request at `out` wakes it.  Over twelve
 * lab sweeps the 6.1 guests' runs woke it 0-1.97 times a second of the
 * run (their traces put 0-9% of kswapd's scan in level 10's excess), the 6.12
 * guests' 1.87-6.67 (5-88%).  labB run 19 (6.1, --reread 32M): 24 wakes
 * in 18.8 s, 5.4% of its 442 walks (16 of them order 1), no boosted
 * reclaim traced; taken as boosted from 9 s on, kswapd within one level
 * in 37 of 64 intervals.  A rule of thumb on the run's average, not a
 * proof: an immediate wake may be an order-1 request too (a zone short
 * of an order-1 page at min), and the runs' ranges meet at 2 a second:
 * labL run 14 (6.12, --reread 32M, 30 wakes in 15.7 s, 11% of its
 * walks, 17% of kswapd's scan in level 10's excess) loses its boosts to
 * it, within one level in 32 -> 26 of its intervals.
 * It assumes the default vm.compaction_proactiveness (20): at 0
 * kcompactd waits with no timeout (v5.15+) and every wake it counts was
 * immediate; and one node (the count is summed over nodes, the cadence
 * is each node's kcompactd's).
 */
#define KCOMPACTD_TIMEOUT_S 0.5

int split_kcompactd_timeout_only(double wakes, double seconds, double stretches)
{
	return wakes >= 0 && seconds > 0 &&
	       wakes <= seconds / KCOMPACTD_TIMEOUT_S + stretches;
}

static int boosts_possible(const struct split_in *in, double walks, double seen)
{
	double boosted = in->kcompactd_wakes > walks ? walks + 1 : walks;

	return in->reclaimed[RC_KSWAPD] - seen <= boosted * in->boost_max_sum &&
	       !in->kcompactd_timeout_only && run_boosts(in);
}

/*
 * Whether the walks of the interval that entered with a boost found the
 * node short of its high watermarks and that boost, and dropped it
 * (`if (!balanced && nr_boost_reclaim)`: nr_boost_reclaim = 0, goto
 * restart; v5.0+, 6.1 and 6.18): each walked on as a normal walk that
 * must reach high_wmark_pages(), the boost still in it (split-15.9,
 * split-22.1), so the reclaim beyond the walks woken at the low
 * watermark went at the levels such walks go down to, not at
 * DEF_PRIORITY - 2.  No sample shows the free pages at a walk's entry;
 * direct reclaim's share of the interval's reclaim tells how long the
 * allocations held the node below its min watermark, and so below high
 * + boost.  Over fourteen lab sweeps' 6.12 intervals that scanned no
 * anon, the traced level-10 excess (level 10's pages beyond twice level
 * 11's) over the replay's boosted reclaim fell with that share: medians
 * 1.18 with no direct reclaim, 1.00 under 5%, 0.74 at 5-10%, 0.66 at
 * 10-20%, 0.51 at 20-30%, 0.17 at 30-40%, 0 beyond.  Past
 * DROPPED_BOOST_DIRECT_SHARE none is taken as boosted: at 0.15, 6.12's
 * kswapd within one level of its traced priority in 26 more of those sweeps'
 * 2454 intervals, 37 more of 1847 on eight later sweeps and 9 more of
 * 457 on two fresh ones (at 0.1: 5, 50, 14 more; at 0.2: 22, 25, 1).
 * A rule of thumb, right more often than not: the sweeps that reread a
 * file gain 40, 40 and 6, those that only write 14 fewer, 3 fewer and 3
 * more, their boosts as often real beside a fifth of the reclaim done
 * direct.  Not a boosted share scaled down with the direct one (none at
 * 40%): 43, 44 and 7 more, but it takes split-21.1's boosted walks on a
 * balanced node beside a little direct reclaim (then 400 pages, 7-17% of
 * the reclaim) for 16% fewer pages.  Later sweeps put the line lower: of
 * nine sweeps' (five of them --reread) 6.12 intervals that scanned no
 * anon, those whose traces show a level-10 loop (a fifth of kswapd's
 * scan or more) were 520 of 592 without direct reclaim, 320 of 441 where
 * it did under 5% of the reclaim, 192 of 394 at 5-10%, 91 of 263 at
 * 10-15% and 169 of 618 beyond.  At 0.05 6.12's kswapd is within one
 * level in 79 more of 3168 intervals of those nine and one more plain
 * sweep than at 0.15: 78 more on the five --reread sweeps (11 to 21
 * each), 1 more on the five that only write (-9 to +8); on two recorded
 * after, 13 more (--reread) and 12 fewer, and a run from 44.5% of its
 * swap-out unexplained to none.
 */
#define DROPPED_BOOST_DIRECT_SHARE 0.05

static int boosts_dropped(const struct split_in *in)
{
	double k = in->reclaimed[RC_KSWAPD], d = in->reclaimed[RC_DIRECT];

	return d > DROPPED_BOOST_DIRECT_SHARE * (k + d);
}

/*
 * Whether all `walks` kswapd walks of the interval were boosted ones,
 * where they reclaimed `beyond` pages more than walks that each reclaim
 * `gap` (the low watermark gap, LEVEL_OVERSHOOT times) would: more than
 * all but one of them can hold as boosts, each at most the zones'
 * largest (in->boost_max_sum), beside one normal walk and the quarter
 * more it may take as the allocations go on (NORMAL_WALK_SPREAD).  A
 * walk is the one or the other at its entry: balance_pgdat() takes
 * nr_boost_reclaim there (v5.0+, 6.1 and 6.18), and one that entered
 * with a boost on a balanced node reclaims it at DEF_PRIORITY - 2 and
 * ends at `out` (`if (!nr_boost_reclaim && balanced)`); a walk woken at
 * the low watermark finds the node unbalanced and drops any boost, as a
 * boosted one does that finds it so at a later level (boosts_dropped()
 * is the interval where that was the rule).  Then no walk reclaimed a
 * gap: with the boosts taken on top of the gaps, a lone boosted walk
 * (labBC run 10 at 21.5 s, 6.12: 1450 pages at level 10) was replayed
 * as one that went down to level 5 for its gap first, 8.4 for a traced
 * 10.0.  Where some walks may have been normal ones, which the counters
 * do not tell, the boosted walks' gaps stay subtracted: taking as few
 * boosted walks as can hold the reclaim put split-21.1's boosted scan
 * 24% over its reference's, whose normal walks reclaim more than the
 * gap.
 */
#define NORMAL_WALK_SPREAD 0.25

static int all_walks_boosted(const struct split_in *in, double walks, double beyond,
			     double gap)
{
	return beyond > (walks - 1) * (in->boost_max_sum - gap) + NORMAL_WALK_SPREAD * gap;
}

/*
 * kswapd's reclaim beyond what its walks reclaim as normal ones is
 * boosted reclaim at DEF_PRIORITY - 2 (balance_pgdat(), v6.1 and v6.18;
 * see sw_walk_lengths()).  A normal walk starts where an allocation
 * failed the low watermark (wake_all_kswapds() from the allocator's slow
 * path) and stops once the node is balanced at high, checked between
 * levels: it reclaims the low watermark gap, LEVEL_OVERSHOOT times.  The
 * interval's walks all taken so, the rest of kswapd's reclaim, less what
 * the boost the first sample showed took (seen, pages scanned), is the
 * boosts', scanned at the walks' file efficiency.  An estimate: the walks
 * that reclaimed the boosts are among the PAGEOUTRUN count, and a walk
 * under way when the allocations fell below min had the min gap to
 * recover.  Direct reclaim in the interval is no sign that every walk
 * did: in four lab sweeps the 6.12 guests' normal walks (the traced
 * level-10 excess taken out) reclaimed 202-231 pages a walk (medians;
 * means 269-286) in intervals with direct reclaim, against a low gap of
 * 168 (242 with the overshoot) and a min gap of 336.  The sample's boost
 * alone (boost_seen()) misses the boosts raised and reclaimed between
 * two samples: the traces put 0-99% of an interval's kswapd scan in
 * level 10's excess passes, most often a third to all of it.  Where
 * those walks' levels would scan anon (SCAN_FRACT) and kswapd scanned
 * none (sw_may_boost()), no walk that may swap ran: all of it is
 * boosted (may_swap off: SCAN_FILE).  Where kswapd scanned anon
 * (sw_boosts_beside_anon()), all of it too, but for the scan the normal
 * walks need for that anon (take_boosted(), normal_scan_least()).
 */
static void boost_beyond(struct walk_mix *mm, const struct walk_ctx *const kinds[2],
			 const struct split_in *in, double seen, double w,
			 struct split_reclaim_out *o, double *deep)
{
	double ef = sw_known_efficiency(in->eff_file), walks = mm->n[0] + mm->n[1];
	/* the low gap, not kswapd_deficit()'s nap: walks sized by the nap
	 * here left more of the reclaim to boosts, and 6.12's kswapd within
	 * one level in 90 fewer of twelve lab sweeps' 3728 intervals */
	double gap = in->low_gap_sum * LEVEL_OVERSHOOT, normal, a, f, beyond;
	enum cause why;

	if (!boosts_possible(in, walks, seen * ef) || boosts_dropped(in))
		return;
	/*
	 * kswapd's anon is known to be 0 only where pgscan_anon is, but
	 * beside another reclaimer's anon (sw_may_boost()) all of kswapd's
	 * reclaim is taken as boosted all the same: keeping the walks woken
	 * at low there put 6.12's kswapd within one level of the trace in
	 * 1, 1, 2 and 0 fewer intervals of four lab sweeps, none more
	 */
	sw_level_scan(kinds[0], DEF_PRIORITY, &a, &f, &why);
	/*
	 * SCAN_FRACT, no anon kswapd's for sure (split-9.1); where kswapd
	 * scanned some, the anon bounds its normal walks instead (one walk's
	 * gap kept besides: 6.12's kswapd within one level in 1 fewer
	 * interval of twelve lab sweeps, 46 fewer of 506904 pages out
	 * unexplained; no gain either way, so the rule stays one)
	 */
	if (a > 0)
		gap = 0;
	normal = walks * gap;
	beyond = in->reclaimed[RC_KSWAPD] - seen * ef - normal;
	if (gap > 0 && beyond > 0 && all_walks_boosted(in, walks, beyond, gap))
		beyond += normal;       /* no walk reclaimed a gap */
	if (beyond > 0)
		take_boosted(mm, kinds[0], in, in->boost_max_sum, beyond / ef, 0, w, o, deep);
}

/* Whether one walk of kind c that scans `rest` pages takes mostly anon
 * (sw_mostly_anon(); dive()). */
static int mostly_anon(const struct walk_ctx *c, double rest)
{
	const struct walk_ctx *const one_kind[2] = { c, c };
	static const double one[2] = { 1, 0 };

	return sw_mostly_anon(c, sw_solve_progress(one_kind, one, rest));
}

/*
 * Where the walks scanned more than all of them would as long ones, and
 * some walk saw a refault, the rest is one such walk's: a walk that lets
 * anon in frees little of it at once (pageout() starts the swap write
 * and keeps the folio; a later pass frees it once
 * folio_rotate_reclaimable() has put it back at the tail), so while the
 * allocations go on it falls behind them level after level (over anon
 * only, as at swappiness 200 after a refault, where SCAN_FRACT gives
 * file nothing, balance_pgdat() lowers the priority at every level that
 * freed nothing) until its first writes have completed: its length is
 * the writeback's time, not the watermark gap (v6.1 and v6.18).  A walk
 * that trims the cache frees what it scans and ends near the gap.  One
 * such walk: kswapd runs one walk at a time, and the pass that frees the
 * written pages stops only at nr_to_reclaim, the high watermarks' sum,
 * beyond the gap.  The others are long walks; the diving one is the last
 * kind left in mm, which gives where the last walk stood (p_end): the
 * longest is the likeliest to span the sample.  In a 6.1 lab interval at
 * swappiness 200 (7 walks, one refault), one walk scanned anon at every
 * level from 12 down to 2, 24 pages to 16128, the others file from 12 to
 * 5, and the interval after went on at level 2.  Where no walk saw a
 * refault, a walk whose levels let anon in for another reason (SCAN_FRACT
 * on an inactive file list too small, SCAN_ANON where file is tiny) dives
 * alike, if it takes mostly anon (mostly_anon(): one whose scan is mostly
 * file frees that at once): in a 6.12 lab interval at swappiness 200 (lab20
 * run 15 at 2.26 s, the flushed view's file list small) one of 4 walks
 * went from 12 down to 2 over 28353 anon pages.  Over fourteen lab
 * sweeps this put 6.12's kswapd within one level in 11 more intervals of
 * 2454 and 3 fewer; 6.1's none changed.  Without mostly_anon() a walk
 * whose deep levels trim the cache (the stale view's 33 file pages >> 5
 * reach a page) took the scan as file, leaving 9.8% of a run's swap-out
 * unexplained (lab15 run 15).  Takes the long walks out of mm (long_res:
 * a long walk of each kind), adds them to o.
 */
static void dive(struct walk_mix *mm, const struct walk_ctx *const kinds[2],
		 const struct walk_res long_res[2], const double s_long[2],
		 double w, struct split_reclaim_out *o, double *deep)
{
	double counts[2] = { mm->n[0], mm->n[1] - 1 };

	if (!(mm->s > all_long(mm, s_long)))
		return;
	if (!(mm->n[1] >= 1)) {
		counts[0] = mm->n[0] - 1;
		counts[1] = 0;
		if (!(mm->n[0] >= 1) || !(long_res[0].anon_total > 0) ||
		    !mostly_anon(kinds[0], mm->s - counts[0] * s_long[0]))
			return;
	}
	take_walks(mm, long_res, counts, w, o, deep);
}

/*
 * kswapd walks of different lengths (v4.8+, node-based balance_pgdat();
 * the same in v6.1 and v6.18):
 *   short:   a walk that ends after its first levels, about 16 pages
 *            (compact_gap(3): what a walk woken at order 3 reclaims
 *            before kswapd_shrink_node() drops sc->order to 0).  Not
 *            high-order walks, though: the wake orders traced on the
 *            lab guests (trace:kswapd_wake_order_N, 11228 walks on 6.1,
 *            1683 on 6.12) were order 0 for 98.5% and 96% of walks, the
 *            rest order 1 but for two 6.1 walks (orders 2 and 3).  They
 *            are order-0 walks that find the node balanced after levels
 *            12 to 10 or 9 (1.6, 3.2, 6.4 and 12.9 pages of the guests'
 *            6600-page inactive file list), the free pages having risen
 *            meanwhile.  The 16 pages are a measured size:
 *            the gaps of orders 1 and 2 (4 and 8 pages) put kswapd
 *            within one level of its traced priority in 52% and 67% of
 *            the 6.1 lab's intervals, against 84% at 16.
 *   long:    one that runs until balanced (kswapd_deficit(),
 *            LEVEL_OVERSHOOT).
 *   boosted: reclaim of a watermark boost at level 10 beside normal
 *            walks: the boost the zoneinfo samples show (boost_seen()),
 *            and the reclaim beyond walks woken at the low watermark
 *            (boost_beyond()).  (The scan beyond all walks taken long
 *            as boosted reclaim, which boost_beyond() replaced, left no
 *            lab interval to take once it ran.)
 *            A walk that enters with a boost on a node below high +
 *            boost (high_wmark_pages() holds the boost) drops it and
 *            restarts as a normal walk that must reach high + boost:
 *            the 6.12 guests' deep walks, 12 down to 4 or 3 for about
 *            1000 pages, where high - low is 163.  Not modelled: the
 *            boost in the long walks' need (the largest the zones hold,
 *            or 300 to 1000 pages), in every interval or only in those
 *            with kcompactd
 *            wakes (balance_pgdat() wakes kcompactd after each walk that
 *            entered boosted), put 6.12's kswapd within one level less
 *            often (a lab sweep of 2 trials at swappiness 0 to 200: 57%
 *            of intervals -> 36-53%), 6.1's too (88% -> 22-84%).
 * In the 6.1 lab's traces nearly all walks reach level 10, half of them
 * 9, and the few long ones hold most of the pages and the priority.  The
 * scan tells how many walks are short (or, scanning more than long walks
 * would, one walk that let anon in dove: dive()); where it fits no
 * such count, all walks are alike (the common progress point).
 * The short walks are trim walks first (or, where the attribution's
 * anon says so, of either kind alike: sw_fit_short_spread()): in those
 * traces the walks that let anon in ran from level 12 down to 8-6, as
 * many as the activations, and none stopped at the compaction gap.  A
 * walk that lets anon in frees little of it at once (a page it swaps out
 * is freed by a later scan, after its writeback: pgrotated = pswpout in
 * those intervals), and the longer a walk runs the likelier it sees the
 * counter move.
 * Takes those walks out of mm, adds them to o (weight w).  Where the
 * last walk stood (p_end) stays the long walks' point: a walk that
 * spans a sample is a long one more often than its share of the walks.
 */
void sw_walk_lengths(struct walk_mix *mm, const struct walk_ctx *const kinds[2],
		     const struct split_in *in, double w,
		     struct split_reclaim_out *o, double *deep)
{
	double ea = sw_known_efficiency(in->eff_anon), ef = sw_known_efficiency(in->eff_file);
	double gap = 2 << KSWAPD_SHORT_ORDER, need = kswapd_deficit(in);
	double s_short[2], s_long[2], counts[2];
	struct walk_res rs[2], rl[2];
	int k;

	if (!(mm->n[0] + mm->n[1] > 0))
		return;
	for (k = 0; k < 2; k++) {
		short_walk(kinds[k], in, &rs[k]);
		s_short[k] = rs[k].scanned;
	}
	/* a boost is reclaimed on a balanced node too: before the deficit */
	if (mm->may_boost) {
		mm->normal_least = normal_scan_least(kinds, in);
		boost_beyond(mm, kinds, in, boost_seen(mm, kinds, in, s_short, w, o, deep),
			     w, o, deep);
	}
	if (!(need > gap))
		return;
	for (k = 0; k < 2; k++) {
		double p = sw_progress_for(kinds[k], need * LEVEL_OVERSHOOT, ea, ef, 0);

		sw_walk_at(kinds[k], p, &rl[k]);
		s_long[k] = rl[k].scanned;
	}
	if (solve_lengths(mm->n, s_short, s_long, mm->s, mm->short_spread, counts) > 0) {
		take_walks(mm, rs, counts, w, o, deep);
		return;
	}
	dive(mm, kinds, rl, s_long, w, o, deep);
}

/* Whether reclaimer r's walks can be boosted at all (kswapd's, v5.0+) */
static int boosts_exist(const struct split_in *in, enum reclaimer r)
{
	return r == RC_KSWAPD && model_version_cmp(in->version, 5, 0, 0) >= 0 &&
	       in->boost_max_sum > 0;
}

/*
 * Whether some of kswapd's walks may have been boosted beside others
 * that scanned anon (v5.0+).  kswapd's anon shows that some walk of the
 * interval had may_swap on, not that all had: balance_pgdat() takes
 * nr_boost_reclaim at each walk's entry, so boosted walks at
 * DEF_PRIORITY - 2 and normal ones follow each other, and a boosted walk
 * that finds the node short of high + boost restarts as a normal one
 * within its PAGEOUTRUN (v6.1 and v6.18).  labW run 16 to 7.1 s (6.12,
 * swappiness 200): a walk finished its level-5 pass over 1422 anon pages
 * and five began, 428 passes at level 10 over 7183 file pages; replayed
 * as normal walks all, 4.9 for a traced 8.5 (now 8.1; its 690 pages out
 * stay unexplained: the walk going on was replayed too deep, and the
 * pass it finishes there takes file).  Their boosted scan is bounded by
 * what the normal walks need for the anon (normal_scan_least()).  Not
 * where direct reclaim did more than DROPPED_BOOST_DIRECT_SHARE of the
 * reclaim (boosts_dropped(): the allocations held the node below min,
 * where a walk that entered with a boost dropped it).  That gate holds
 * here for the boost a sample shows too (boost_seen()), which without
 * kswapd's anon is taken whatever direct reclaim did: two signs that
 * walks could swap, not one.  On twelve 2-trial lab sweeps (Debian 6.1
 * and 6.12 guests, MGLRU off) 6.12's kswapd within one level of its
 * traced priority in 2443 of 3728 intervals against 2417; of the 126
 * intervals whose traces show a level-10 loop (a
 * fifth of kswapd's scan or more) beside kswapd's anon, 33 -> 61.  6.1's
 * kswapd 3840 -> 3841 of 4118.  The gate is the no-anon rule's line, not
 * one fitted here: without it 2450 and 105 fewer
 * pages of swap-out unexplained, with the line at 10%, 20% or 30% 2449,
 * 2452, 2452 (split-22.3 is its case from the reference walk).
 * Only the attribution knows kswapd's anon (as sw_may_boost()).
 */
int sw_boosts_beside_anon(const struct split_in *in, enum reclaimer r)
{
	return boosts_exist(in, r) && sw_kswapd_anon_least(in) > 0 && !boosts_dropped(in);
}

/* Whether some of kswapd's walks may be watermark-boosted (v5.0+). */
int sw_may_boost(const struct split_in *in, enum reclaimer r)
{
	/*
	 * a boosted walk cannot scan anon (may_swap off): where kswapd
	 * scanned anon some walk of its was not boosted.  The direct and
	 * cgroup walks' anon in pgscan_anon is no sign of it (labH run 12
	 * at 12.8 s, 6.12: 2700 pages at level 10 and above, all file, two
	 * walks and a boost; the 25 anon pages of the interval were direct
	 * reclaim's).  On four fresh 2-trial lab sweeps this put 6.12's
	 * kswapd within one level of its traced priority in 4, 3, 11 and 1
	 * more intervals (of 351, 218, 413, 275) and in 2, 0, 0, 0 fewer;
	 * 6.1's unchanged; on two sweeps taken after, 4 and 2 more, 0 and 2
	 * fewer.  A bound, not kswapd's anon: where its walks scanned anon
	 * under the others' larger scan, boosts are let in where none ran
	 * (labV run 15, 6.12: kswapd's walks scanned 23 anon pages each at
	 * level 12, 46-207 an interval, under direct reclaim's 230-914
	 * pages, and 3.0% of the run's swap-out went unexplained, none
	 * before).  Only the
	 * attribution knows it; the prediction
	 * (anon_measured NAN) does not take the reading, as it cannot tell
	 * a boosted interval from one whose normal walk reclaimed as much
	 */
	return boosts_exist(in, r) && sw_kswapd_anon_least(in) <= 0 &&
	       in->anon_measured >= 0;
}

/*
 * Whether kswapd's scan in an interval that began no walk (no
 * PAGEOUTRUN) is a boosted walk's going on at DEF_PRIORITY - 2: the
 * start sample shows a boost on a node balanced with it (free pages at
 * the high watermarks and that boost, sw_high_wmarks(), in a run whose
 * boosts were reclaimed, run_boosts()), and kswapd scanned no anon page
 * (sw_may_boost(): a boosted walk has may_swap off).  A normal walk
 * finds such a node balanced at its next level and ends; a boosted one
 * reclaims nr_boost_reclaim at level 10, over and over (balance_pgdat(),
 * v5.0+; 6.1 and 6.18), and the samples show the boost until it clears
 * it at `out`.  On fourteen lab sweeps
 * the 6.12 guests had 9 such intervals, all traced at level 10, where
 * the walk of the interval before was replayed at levels 3 to 6; taken
 * as the boosted walk (split-15.10), 8 more of them are within one
 * level, and 8 more of 1421 on six later sweeps.
 */
int sw_boost_goes_on(const struct split_in *in, enum reclaimer r)
{
	return r == RC_KSWAPD && !(in->walks[r] > 0) && sw_may_boost(in, r) &&
	       boost_reclaimed_at_start(in) > 0;
}
