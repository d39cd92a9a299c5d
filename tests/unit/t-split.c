/*
 * t-split.c - the split-LRU walk model against a reference walk written
 * from mm/vmscan.c and mm/swap.c of v6.1, not from the model's equations.
 *
 * The reference plays the kernel page by page in SWAP_CLUSTER_MAX
 * batches: balance_pgdat()'s loop (priority 12 down while a level scanned
 * less than nr_to_reclaim or reclaimed nothing, never below 1, stop when
 * balanced), do_try_to_free_pages() (12 down to 0, stop at 32 pages),
 * prepare_scan_count() + get_scan_count() per level in integer
 * arithmetic, shrink_lruvec()'s batches and its early stop for kswapd
 * with the proportional nudge, and lru_note_cost() with its halving at
 * every charge.  It records what /proc/vmstat would show and what the
 * tracepoint would show; the model sees only the former and must recover
 * the latter.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "levels.h"
#include "scan_adjust.h"
#include "model.h"
#include "zone_frees.h"
#include "tap.h"

#define SCM 32UL                 /* SWAP_CLUSTER_MAX */

typedef unsigned long ul;

static unsigned long long rng = 0x2545f4914f6cdd1dULL;

static double urand(void)       /* [0, 1) */
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (double)(rng % 1000000) / 1e6;
}

/* the kernel state the reference walks over */
struct ref {
	ul ia, aa, inf, af, free, high;   /* lists, free, sum of high wmarks */
	ul low, min;                      /* sums of low and min wmarks (0: not told) */
	ul anon_cost, file_cost;          /* lruvec->anon_cost, file_cost */
	int swappiness, cgroup;
	int no_swap;                      /* sc->may_swap off (boosted reclaim) */
	/* WORKINGSET_ACTIVATE_FILE differs from the reclaimer's snapshot
	 * (prepare_scan_count()); snapshot_refaults() at the walk's end */
	int refault_seen;
	/* v6.12 prepare_scan_control(): cache_trim_mode and inactive_is_low()
	 * read lruvec_page_state(), the memcg statistics of the last flush,
	 * which the reclaim path no longer brings up to date itself
	 * (mem_cgroup_flush_stats_ratelimited()); flushed: these are the
	 * file list sizes that flush held */
	int flushed;
	ul seen_inf, seen_af;
	double eff_anon, eff_file;        /* share of a batch reclaimed */
	double swap_per_anon;             /* reclaimed anon pages written */
	/* what /proc/vmstat shows */
	double pgscan, pgsteal, walks, pgscan_anon, pgsteal_anon, pswpout;
	double kcompactd_wakes;           /* compact_daemon_wake */
	/* pgalloc_* less the frees reclaim did not make, a second (0: not told) */
	double alloc_rate;
	/* what zoneinfo's pagesets show: pages the per-cpu lists gave back */
	double pcp_released;
	/* what the tracepoint shows: pages per level, anon at level 0 */
	double trace[13], anon_at_zero;
};

/* int_sqrt() for the small numbers used here */
static ul isqrt(ul x)
{
	ul r = 0;

	while ((r + 1) * (r + 1) <= x)
		r++;
	return r;
}

/* v6.1 inactive_is_low() */
static int low(ul inactive, ul active)
{
	ul gb = (inactive + active) >> (30 - 12);
	ul ratio = gb ? isqrt(10 * gb) : 1;

	return inactive * ratio < active;
}

/* v6.1 lru_note_cost(): charge, then halve when over lrusize / 4 */
static void note_cost(struct ref *k, int file, ul pages)
{
	ul lrusize = k->ia + k->aa + k->inf + k->af;

	if (file)
		k->file_cost += pages;
	else
		k->anon_cost += pages;
	if (k->file_cost + k->anon_cost > lrusize / 4) {
		k->file_cost /= 2;
		k->anon_cost /= 2;
	}
}

/*
 * v6.1 prepare_scan_count() + get_scan_count(): nr[0] anon, nr[1] file.
 * v6.12 prepare_scan_control() decides cache_trim_mode on the flushed
 * sizes (k->flushed); get_scan_count() still scans lruvec_lru_size()
 * >> priority of the lists as they are.
 */
static void scan_count(const struct ref *k, int prio, ul nr[2])
{
	ul vi = k->flushed ? k->seen_inf : k->inf, va = k->flushed ? k->seen_af : k->af;
	int trim = (vi >> prio) && !low(vi, va) && !k->refault_seen;
	int tiny = !k->cgroup && k->inf + k->af + k->free <= k->high &&
		   !low(k->ia, k->aa) && (k->ia >> prio);
	ul ac, fc, tc, ap, fp, t;

	nr[0] = k->ia >> prio;
	nr[1] = k->inf >> prio;
	if (k->no_swap || (k->cgroup && !k->swappiness)) {
		nr[0] = 0;                       /* SCAN_FILE */
		return;
	}
	if (!prio && k->swappiness)
		return;                          /* SCAN_EQUAL */
	if (tiny) {
		nr[1] = 0;                       /* SCAN_ANON */
		return;
	}
	if (trim) {
		nr[0] = 0;                       /* SCAN_FILE */
		return;
	}
	t = k->anon_cost + k->file_cost;
	ac = t + k->anon_cost;
	fc = t + k->file_cost;
	tc = ac + fc;
	ap = (ul)k->swappiness * (tc + 1) / (ac + 1);
	fp = (ul)(200 - k->swappiness) * (tc + 1) / (fc + 1);
	nr[0] = nr[0] * ap / (ap + fp);          /* SCAN_FRACT */
	nr[1] = nr[1] * fp / (ap + fp);
}

/* one shrink_inactive_list() batch of n pages of one type */
static ul shrink_batch(struct ref *k, int file, ul n, int prio)
{
	double e = file ? k->eff_file : k->eff_anon;
	ul got = (ul)(n * e + urand());

	if (got > n)
		got = n;
	k->pgscan += n;
	k->pgsteal += got;
	k->trace[prio] += n;
	if (!file && prio == 0)
		k->anon_at_zero += n;
	if (!file) {
		ul out = (ul)(got * k->swap_per_anon + urand());

		k->pgscan_anon += n;
		k->pgsteal_anon += got;
		k->pswpout += out;
		note_cost(k, 0, out);     /* stat.nr_pageout */
	}
	return got;
}

/* v6.1 shrink_lruvec(): batches; kswapd stops at nr_to_reclaim */
static ul shrink_level(struct ref *k, int prio, ul nr_to_reclaim, int kswapd)
{
	ul nr[2], targets[2], got = 0;
	int proportional = !kswapd && prio == 12, t;

	scan_count(k, prio, nr);
	targets[0] = nr[0];
	targets[1] = nr[1];
	while (nr[0] || nr[1]) {
		for (t = 0; t < 2; t++)
			if (nr[t]) {
				ul n = nr[t] < SCM ? nr[t] : SCM;

				nr[t] -= n;
				got += shrink_batch(k, t, n, prio);
			}
		if (got < nr_to_reclaim || proportional)
			continue;
		if (!nr[0] || !nr[1])
			break;
		scan_adjust(nr, targets);
	}
	return got;
}

/*
 * balance_pgdat() woken for an allocation of 2^order pages: reclaim until
 * `need` pages are back (balanced at order 0).  On a fragmented node
 * pgdat_balanced() fails at a higher order until kswapd_shrink_node() has
 * reclaimed compact_gap(order) = 2 << order pages, which drops sc->order
 * to 0 (v6.1 and v6.18).
 */
static void kswapd_walk_order(struct ref *k, ul need, int order)
{
	ul reclaimed = 0, target = k->high > SCM ? k->high : SCM;
	int prio = 12, woken_order = order;

	k->walks++;                   /* count_vm_event(PAGEOUTRUN) */
	do {
		double before = k->pgscan;
		ul got;
		int raise = 1;

		if (order == 0 && reclaimed >= need)
			break;            /* pgdat_balanced() */
		got = shrink_level(k, prio, target, 1);
		reclaimed += got;
		if (order && reclaimed >= 2UL << order)
			order = 0;
		/* kswapd_shrink_node(): sc->nr_scanned >= nr_to_reclaim */
		if (k->pgscan - before >= target)
			raise = 0;
		if (raise || !got)
			prio--;
	} while (prio >= 1);
	k->refault_seen = 0;          /* balance_pgdat(): snapshot_refaults() */
	/* kswapd_try_to_sleep(): wakeup_kcompactd(pgdat, alloc_order, ...)
	 * before kswapd sleeps, a no-op at order 0; one wake each walk of a
	 * higher order taken */
	if (woken_order > 0)
		k->kcompactd_wakes++;
}

static void kswapd_walk(struct ref *k, ul need)
{
	kswapd_walk_order(k, need, 0);
}

/*
 * balance_pgdat() with a watermark boost on a balanced node (v6.1 and
 * v6.18): nr_boost_reclaim pages reclaimed whatever the balance, with
 * may_swap off, the priority held at DEF_PRIORITY - 2 once there; a level
 * that reclaims nothing ends it.
 */
static void boosted_walk(struct ref *k, ul boost)
{
	/* nr_to_reclaim: high_wmark_pages() holds the boost until `out` */
	ul target = k->high + boost > SCM ? k->high + boost : SCM;
	int prio = 12;

	k->walks++;
	k->no_swap = 1;
	while (boost > 0 && prio >= 1) {
		ul got = shrink_level(k, prio, target, 1);

		boost -= got < boost ? got : boost;
		if (!got)
			break;
		if (prio > 10)
			prio--;
	}
	k->no_swap = 0;
	k->refault_seen = 0;
	/* out: if (boosted) wakeup_kcompactd(pgdat, pageblock_order, ...) */
	k->kcompactd_wakes++;
}

/* do_try_to_free_pages(): 12 down to 0, stop at 32 reclaimed */
static void direct_walk(struct ref *k)
{
	ul reclaimed = 0;
	int prio = 12;

	k->walks++;                   /* allocstall */
	do {
		reclaimed += shrink_level(k, prio, SCM, 0);
		if (reclaimed >= SCM)
			break;
	} while (--prio >= 0);
	k->refault_seen = 0;          /* do_try_to_free_pages(): snapshot_refaults() */
}

static double truth_priority(const struct ref *k)
{
	return levels_weighted(k->trace);
}

/* The model's view of one reference interval. */
static void model_view(const struct ref *k, const struct ref *before, int who,
		       struct split_in *in)
{
	static const int v61[3] = { 6, 1, 0 };

	memset(in, 0, sizeof(*in));
	memcpy(in->version, v61, sizeof(v61));
	in->swap_on = 1;
	in->swappiness = k->swappiness;
	in->node.inactive_anon = (double)k->ia;
	in->node.active_anon = (double)k->aa;
	in->node.inactive_file = (double)k->inf;
	in->node.active_file = (double)k->af;
	in->free = (double)k->free;
	in->high_wmark_sum = (double)k->high;
	in->low_gap_sum = k->low ? (double)(k->high - k->low) : 0;
	in->min_gap_sum = k->min ? (double)(k->high - k->min) : 0;
	in->scanned[who] = k->pgscan - before->pgscan;
	in->reclaimed[who] = k->pgsteal - before->pgsteal;
	in->walks[who] = k->walks - before->walks;
	in->swap_out = k->pswpout - before->pswpout;
	in->file_writes = 0;
	in->restore_anon = in->restore_file = 0;
	in->activate_anon = in->activate_file = 0;
	in->anon_measured = k->pgscan_anon - before->pgscan_anon;
	/* the replay's is the whole run's: here all the reference ran */
	in->boost_rate = k->walks > 0 ? k->kcompactd_wakes / k->walks : NAN;
	in->kcompactd_wakes = k->kcompactd_wakes - before->kcompactd_wakes;
	in->alloc_rate = k->alloc_rate;
	in->pcp_released = k->pcp_released - before->pcp_released;
}

struct tally {
	double tol;                  /* anon within this share (0.10) */
	int n, p_ok, anon_n, anon_ok;
	double worst_p, worst_anon;
};

/* A few intervals of one scenario; the model carries its costs. */
static void scenario(struct ref *k, int who, int walks, ul need_lo, ul need_hi,
		     int refaults, struct tally *t)
{
	struct split_cost cost;
	double eff_anon = NAN, eff_file = NAN;   /* of the interval before */
	int i, w;

	split_cost_init(&cost, (const int[3]){ 6, 1, 0 });
	cost.anon = (double)k->anon_cost;
	cost.file = (double)k->file_cost;
	for (i = 0; i < 8; i++) {
		struct ref before = *k;
		struct split_in in;
		struct split_out out;
		double truth, anon_true;

		int act = 0;

		memset(k->trace, 0, sizeof(k->trace));
		for (w = 0; w < walks; w++) {
			/* a file refault before this walk, now and then */
			if (refaults && urand() * walks < refaults) {
				k->refault_seen = 1;
				act++;
			}
			if (who == RC_KSWAPD)
				kswapd_walk(k, need_lo + (ul)(urand() * (double)(need_hi - need_lo)));
			else
				direct_walk(k);
		}
		model_view(k, &before, who, &in);
		in.activate_file = act;
		in.eff_anon = eff_anon;
		in.eff_file = eff_file;
		if (k->pgscan_anon > before.pgscan_anon)
			eff_anon = (k->pgsteal_anon - before.pgsteal_anon) /
				   (k->pgscan_anon - before.pgscan_anon);
		if (k->pgscan - k->pgscan_anon > before.pgscan - before.pgscan_anon)
			eff_file = (k->pgsteal - k->pgsteal_anon - before.pgsteal + before.pgsteal_anon) /
				   (k->pgscan - k->pgscan_anon - before.pgscan + before.pgscan_anon);
		/* as the replay does: the interval's cost events, then the walk */
		split_cost_update(&cost, &in, &in.node);
		split_walk(&in, &cost, &cost, &out);
		truth = truth_priority(k);
		anon_true = k->pgscan_anon - before.pgscan_anon;
		t->n++;
		if (fabs(out.r[who].p_est - truth) <= 1)
			t->p_ok++;
		if (fabs(out.r[who].p_est - truth) > t->worst_p)
			t->worst_p = fabs(out.r[who].p_est - truth);
		/* two kinds of walks need the efficiencies measured before */
		if (anon_true > 0 && (!refaults || !isnan(in.eff_anon))) {
			double err = fabs(out.anon_pred - anon_true) / anon_true;

			t->anon_n++;
			t->anon_ok += err <= (t->tol > 0 ? t->tol : 0.10);
			if (getenv("T_SPLIT_DEBUG"))
				fprintf(stderr, "who %d sw %d inf %lu: anon %.0f pred %.0f p %.2f est %.2f\n",
					who, k->swappiness, k->inf, anon_true, out.anon_pred, truth, out.r[who].p_est);
			if (err > t->worst_anon)
				t->worst_anon = err;
		}
	}
}

static struct ref base(int swappiness, ul inf)
{
	struct ref k;

	memset(&k, 0, sizeof(k));
	k.ia = 105984;                 /* 103.5k pages of inactive anon */
	k.aa = 20000;
	k.inf = inf;
	k.af = inf / 2;
	k.free = 20000;
	k.high = 1500;
	k.swappiness = swappiness;
	k.eff_anon = 0.3;
	k.eff_file = 0.9;
	k.swap_per_anon = 1.0;
	return k;
}

static void reference_walks(void)
{
	static const int sw[] = { 1, 60, 100, 200 };
	static const ul files[] = { 3000, 40000, 400000 };
	struct tally ks = { 0 }, dr = { 0 };
	size_t i, j;

	for (i = 0; i < sizeof(sw) / sizeof(sw[0]); i++)
		for (j = 0; j < sizeof(files) / sizeof(files[0]); j++) {
			struct ref k = base(sw[i], files[j]);

			scenario(&k, RC_KSWAPD, 200, 500, 6000, 0, &ks);
			k = base(sw[i], files[j]);
			scenario(&k, RC_DIRECT, 40, 0, 0, 0, &dr);
		}
	tap_ok(ks.p_ok >= 0.95 * ks.n,
	       "split-1.1 reference kswapd walks: scan-weighted priority within one level in %d of %d intervals (worst %.2f)",
	       ks.p_ok, ks.n, ks.worst_p);
	tap_ok(dr.p_ok >= 0.90 * dr.n,
	       "split-1.2 reference direct walks: scan-weighted priority within one level in %d of %d intervals (worst %.2f)",
	       dr.p_ok, dr.n, dr.worst_p);
	tap_ok(ks.anon_n > 0 && ks.anon_ok >= 0.9 * ks.anon_n,
	       "split-1.3 reference kswapd walks: anon scanned within 10%% in %d of %d intervals (worst %.0f%%)",
	       ks.anon_ok, ks.anon_n, 100 * ks.worst_anon);
	tap_ok(dr.anon_n > 0 && dr.anon_ok >= 0.9 * dr.anon_n,
	       "split-1.4 reference direct walks: anon scanned within 10%% in %d of %d intervals (worst %.0f%%)",
	       dr.anon_ok, dr.anon_n, 100 * dr.worst_anon);
}

/*
 * kswapd walks that reclaim far more than one level gives (20000-40000
 * pages each, 1500 to reclaim a pass): balance_pgdat() stops lowering the
 * priority at the first level that scanned nr_to_reclaim (kswapd_shrink_node()),
 * here 8 (400000 >> 8 = 1562 inactive file pages), and repeats it.  A walk
 * that went on down would put the scan-weighted level near 5.
 */
static void settled_walks(void)
{
	static const int sw[] = { 60, 200 };
	struct tally ks = { 0 };
	size_t i;

	for (i = 0; i < sizeof(sw) / sizeof(sw[0]); i++) {
		struct ref k = base(sw[i], 400000);

		scenario(&k, RC_KSWAPD, 5, 20000, 40000, 0, &ks);
	}
	tap_ok(ks.p_ok == ks.n,
	       "split-1.5 kswapd walks that reclaim much stay at the level whose scan reaches nr_to_reclaim: within one level in %d of %d intervals (worst %.2f)",
	       ks.p_ok, ks.n, ks.worst_p);
}

/*
 * kswapd walks at swappiness 200 that each saw a refault (SCAN_FRACT
 * with fp = 0: anon only at every level) over anon that frees nothing at
 * once: shrink_folio_list() starts each folio's swap write and keeps it
 * (PAGE_SUCCESS under writeback: keep_locked; it is freed by a later
 * pass once folio_rotate_reclaimable() has put it back at the tail), so
 * every pass reclaims nothing and balance_pgdat() lowers the priority
 * after every level whatever it scanned (`if (raise_priority ||
 * !nr_reclaimed) sc.priority--`), down to 1.  From level 6 down a pass
 * scans nr_to_reclaim (105984 >> 6 = 1656 >= 1500), which holds a walk
 * that reclaims (split-1.5); this one goes on.
 */
static void anon_only_walks(void)
{
	struct tally ks = { 0 };
	struct ref k = base(200, 3000);

	k.eff_anon = 0;
	scenario(&k, RC_KSWAPD, 2, 500, 500, 2, &ks);
	tap_ok(ks.p_ok == ks.n,
	       "split-1.6 kswapd walks whose passes take only anon, freeing none at once, go down to 1: within one level in %d of %d intervals (worst %.2f)",
	       ks.p_ok, ks.n, ks.worst_p);
}

/*
 * Refaults in some walks: a walk that saw WORKINGSET_ACTIVATE_FILE move
 * is SCAN_FRACT where the others trim the cache, so the interval's anon
 * comes from a few walks; the model is told only how many activations
 * the interval counted (at most one per walk here, as each walk takes a
 * new snapshot) and the per-type efficiencies of the interval before.
 * The walks reclaim the same need (3000 pages for kswapd, 32 direct):
 * with needs that differ walk to walk, which walk saw the refault decides
 * the volume, and sums cannot tell.  kswapd's early stop at
 * nr_to_reclaim with its proportional nudge is not in the model: 20%.
 */
static void refault_walks(void)
{
	static const int sw[] = { 60, 100, 200 };
	static const int per_interval[] = { 1, 3, 10 };
	struct tally ks = { .tol = 0.2 }, dr = { .tol = 0.2 };
	size_t i, j;

	for (i = 0; i < sizeof(sw) / sizeof(sw[0]); i++)
		for (j = 0; j < sizeof(per_interval) / sizeof(per_interval[0]); j++) {
			struct ref k = base(sw[i], 400000);

			scenario(&k, RC_KSWAPD, 20, 3000, 3000, per_interval[j], &ks);
			k = base(sw[i], 400000);
			scenario(&k, RC_DIRECT, 20, 0, 0, per_interval[j], &dr);
		}
	tap_ok(ks.anon_n > 0 && ks.anon_ok >= 0.9 * ks.anon_n,
	       "split-4.1 kswapd walks, a few with file refaults: anon scanned within 20%% in %d of %d intervals (worst %.0f%%)",
	       ks.anon_ok, ks.anon_n, 100 * ks.worst_anon);
	tap_ok(dr.anon_n > 0 && dr.anon_ok >= 0.9 * dr.anon_n,
	       "split-4.2 direct walks, a few with file refaults: anon scanned within 20%% in %d of %d intervals (worst %.0f%%)",
	       dr.anon_ok, dr.anon_n, 100 * dr.worst_anon);
	tap_ok(ks.p_ok >= 0.95 * ks.n && dr.p_ok >= 0.9 * dr.n,
	       "split-4.3 and the scan-weighted priority within one level (kswapd %d of %d, direct %d of %d)",
	       ks.p_ok, ks.n, dr.p_ok, dr.n);
}

/* the 6.1 lab guests' zones: DMA 22/27/32 and DMA32 656/820/984 */
static void lab_watermarks(struct ref *k)
{
	k->high = 1016;
	k->low = 848;
	k->min = 678;
}

/* A lab guest's node (lab_watermarks()), inf inactive file pages, every
 * file batch reclaimed. */
static struct ref lab_node(int swappiness, ul inf)
{
	struct ref k = base(swappiness, inf);

	lab_watermarks(&k);
	k.eff_file = 1.0;
	return k;
}

/* direct reclaim ran in the interval too (free memory went below min) */
static void direct_ran(struct split_in *in)
{
	in->scanned[RC_DIRECT] = 500;
	in->reclaimed[RC_DIRECT] = 400;
	in->walks[RC_DIRECT] = 12;
}

/* direct reclaim ran, for 2% of kswapd's reclaim */
static void direct_little(struct split_in *in)
{
	in->reclaimed[RC_DIRECT] = 0.02 * in->reclaimed[RC_KSWAPD];
	in->scanned[RC_DIRECT] = 1.25 * in->reclaimed[RC_DIRECT];
	in->walks[RC_DIRECT] = ceil(in->reclaimed[RC_DIRECT] / 32);
}

/*
 * kswapd woken mostly for high-order allocations (orders 2 and 3, as
 * stacks and slabs ask) on a fragmented node whose free memory is above
 * the high watermarks once the order drops to 0: those walks end a few
 * levels down.  One in ten is woken at order 0 below a watermark and
 * reclaims to the high one, while the allocations go on (up to as much
 * again): below low (848 of high 1016) when no direct reclaim ran, below
 * min (678) when some did.  The long walks hold most of the pages: a
 * replay that took every walk alike would put the priority 1.5-2 levels
 * too high.  The model is told the watermarks and, in the second case,
 * that direct reclaim ran in the interval.  The third is a smaller node
 * whose order-0 walks reclaim 100 pages: more than a short walk's 16
 * (sw_walk_lengths()), so still the two lengths.
 */
static void high_order_walks(void)
{
	static const ul files[] = { 6000, 12000 };
	int sw, f, c, direct, i, w, ok[3] = { 0, 0, 0 }, n[3] = { 0, 0, 0 };
	double worst[3] = { 0, 0, 0 }, err[3] = { 0, 0, 0 };

	/* c: the lab's node (0), with direct reclaim (1), a smaller node (2) */
	for (c = 0; c < 3; c++)
		for (sw = 0; sw < 2; sw++)
			for (f = 0; f < 2; f++) {
				struct ref k = base(sw ? 60 : 1, files[f]);
				struct split_cost cost;
				ul deficit;

				direct = c == 1;
				lab_watermarks(&k);
				if (c == 2) {
					/* high - low 100 pages */
					k.high = 400;
					k.low = 300;
					k.min = 200;
				}
				deficit = k.high - (direct ? k.min : k.low);
				k.eff_file = 1.0;
				split_cost_init(&cost, (const int[3]){ 6, 1, 0 });
				for (i = 0; i < 4; i++) {
					struct ref before = k;
					struct split_in in;
					struct split_out out;
					double d;

					memset(k.trace, 0, sizeof(k.trace));
					for (w = 0; w < 100; w++) {
						if (w % 10 == 9)
							kswapd_walk_order(&k, deficit + (ul)(urand() * (double)deficit / 4), 0);
						else
							kswapd_walk_order(&k, 0, 2 + (int)(urand() * 2));
					}
					model_view(&k, &before, RC_KSWAPD, &in);
					in.eff_anon = 0.3;
					in.eff_file = 1.0;
					if (direct)
						direct_ran(&in);
					split_walk(&in, &cost, &cost, &out);
					d = fabs(out.r[RC_KSWAPD].p_est - truth_priority(&k));
					n[c]++;
					ok[c] += d <= 1;
					err[c] += d;
					worst[c] = fmax(worst[c], d);
				}
			}
	tap_ok(ok[0] == n[0] && err[0] / n[0] <= 0.35,
	       "split-13.1 kswapd walks woken at orders 2-3 and a few at order 0 below the low watermark: priority within one level in %d of %d (worst %.2f), %.2f levels off on average",
	       ok[0], n[0], worst[0], err[0] / n[0]);
	tap_ok(ok[1] == n[1] && err[1] / n[1] <= 0.35,
	       "split-13.2 the same with direct reclaim in the interval (the order-0 walks start below min): within one level in %d of %d (worst %.2f), %.2f levels off on average",
	       ok[1], n[1], worst[1], err[1] / n[1]);
	tap_ok(ok[2] == n[2] && err[2] / n[2] <= 0.35,
	       "split-13.4 the same on a node whose order-0 walks reclaim 100 pages (high - low), fewer than a compaction gap of order 6: within one level in %d of %d (worst %.2f), %.2f levels off on average",
	       ok[2], n[2], worst[2], err[2] / n[2]);
}

/* Only high-order walks: all alike (each scans a short walk's pages). */
static void only_high_order_walks(void)
{
	static const ul files[] = { 6000, 12000 };
	int f, w, ok = 0;

	for (f = 0; f < 2; f++) {
		struct ref k = lab_node(60, files[f]), before;
		struct split_cost cost;
		struct split_in in;
		struct split_out out;

		before = k;
		for (w = 0; w < 100; w++)
			kswapd_walk_order(&k, 0, 2 + w % 2);
		model_view(&k, &before, RC_KSWAPD, &in);
		in.eff_anon = 0.3;
		in.eff_file = 1.0;
		split_cost_init(&cost, in.version);
		split_walk(&in, &cost, &cost, &out);
		ok += fabs(out.r[RC_KSWAPD].p_est - truth_priority(&k)) <= 1;
	}
	tap_ok(ok == 2, "split-13.3 kswapd walks all woken at orders 2-3: priority within one level in %d of 2",
	       ok);
}

/*
 * The walks that saw a file refault are long ones, as in the 6.1 lab's
 * traces: the high-order wakes of split-13 trim the cache and stop at
 * the compaction gap, while 1 to 3 of the order-0 walks below min saw a
 * refault (SCAN_FRACT from level 12) and run until balanced, reclaiming
 * the anon they swap at a third of the file's rate.  Swappiness 200
 * (SCAN_FRACT is all anon) and 100; the model is told the activations.
 * Were the refault walks taken among the short ones as often as among
 * the long, they would scan a few anon pages each at levels 12-10.
 */
/*
 * One interval of 100 kswapd walks on a lab node: every tenth woken at
 * order 0 below min (direct reclaim ran), reclaiming its gap to high and
 * up to a quarter more, the others at orders 2-3 (split-13); `refaults`
 * activations, each seen by one of the order-0 walks or, by_short, by a
 * high-order one.  The model's view of it replayed as the replay does:
 * a prediction where `predicted` (no anon measured to fit), else the
 * attribution.
 */
static void refault_interval(struct ref *k, int refaults, int by_short, int predicted,
			     struct split_in *in, struct split_out *out)
{
	struct ref before = *k;
	struct split_cost cost;
	int w;

	for (w = 0; w < 100; w++) {
		int seen = w / 10 < refaults;

		if (w % 10 == 9) {
			k->refault_seen = !by_short && seen;
			kswapd_walk_order(k, (ul)((k->high - k->min) * (1 + urand() / 4)), 0);
		} else {
			k->refault_seen = by_short && w % 10 == 4 && seen;
			kswapd_walk_order(k, 0, 2 + (int)(urand() * 2));
		}
	}
	model_view(k, &before, RC_KSWAPD, in);
	direct_ran(in);
	in->activate_file = refaults;
	in->eff_anon = k->eff_anon;
	in->eff_file = 1.0;
	if (predicted)
		in->anon_measured = NAN;
	split_cost_init(&cost, in->version);
	split_cost_update(&cost, in, &in->node);
	split_walk(in, &cost, &cost, out);
}

static void deep_refault_walks(void)
{
	static const int sw[] = { 200, 100 };
	struct tally t = { .tol = 0.2 };
	int s, i;

	for (s = 0; s < 2; s++)
		for (i = 0; i < 6; i++) {
			struct ref k = lab_node(sw[s], 6000), before = k;
			struct split_in in;
			struct split_out out;
			double anon, err;

			refault_interval(&k, 1 + i % 3, 0, 1, &in, &out);
			anon = k.pgscan_anon - before.pgscan_anon;
			t.n++;
			t.p_ok += fabs(out.r[RC_KSWAPD].p_est - truth_priority(&k)) <= 1;
			/* a refault walk scans anon: none would fail the case */
			err = anon > 0 ? fabs(out.anon_pred - anon) / anon : INFINITY;
			t.anon_n++;
			t.anon_ok += err <= t.tol;
			t.worst_anon = fmax(t.worst_anon, err);
		}
	tap_ok(t.anon_ok == t.anon_n,
	       "split-14.1 the walks that saw a refault are the long ones: anon predicted within 20%% in %d of %d intervals (worst %.0f%%)",
	       t.anon_ok, t.anon_n, 100 * t.worst_anon);
	tap_ok(t.p_ok == t.n, "split-14.2 and the priority within one level in %d of %d", t.p_ok, t.n);
}

/*
 * Direct reclaim beside kswapd's walks, on the reference node k: `walks`
 * direct walks (at least 32 pages each: a few percent of the interval's
 * reclaim), each having seen a refault (no cache trimming, so SCAN_FRACT
 * lets anon in).  Into in: their pages as the direct reclaimer's, and pgscan_anon and pswpout
 * since `before` as /proc/vmstat shows them, every reclaimer's
 * (shrink_inactive_list() counts PGSCAN_ANON + file for all of them,
 * v5.8+).
 */
static void direct_walks_with_anon(struct ref *k, const struct ref *before,
				   int walks, struct split_in *in)
{
	struct ref mid = *k;
	int w;

	for (w = 0; w < walks; w++) {
		k->refault_seen = 1;
		direct_walk(k);
	}
	in->scanned[RC_DIRECT] = k->pgscan - mid.pgscan;
	in->reclaimed[RC_DIRECT] = k->pgsteal - mid.pgsteal;
	in->walks[RC_DIRECT] = k->walks - mid.walks;
	in->anon_measured = k->pgscan_anon - before->pgscan_anon;
	in->swap_out = k->pswpout - before->pswpout;
}

/*
 * Replays `in`, kswapd's view of a boost case, into out: the zones'
 * largest boost 1524 + 512 pages, the file efficiency measured, the anon
 * one not known.
 */
static void replay_boost_case(struct split_in *in, struct split_out *out)
{
	struct split_cost cost;

	in->boost_max_sum = 1524 + 512;
	in->eff_anon = NAN;
	in->eff_file = 1.0;
	split_cost_init(&cost, in->version);
	split_walk(in, &cost, &cost, out);
}

/*
 * A boost and normal walks in one interval: one to three walks reclaim
 * a watermark boost each (boosted_walk(), held at level 10) beside five
 * order-0 walks, four woken at the low watermark and one below min (the
 * walk under way when the allocations fell below it, which direct
 * reclaim shows), each reclaiming its gap and up to a quarter more as
 * the allocations go on; no anon is scanned.  A boost grows by a
 * pageblock (512 pages) a fallback up to 1.5 times the zone's high
 * watermark (boost_watermark()): 1024 or 1524 pages here.  Taken as
 * normal walks all, the boost's pages would be replayed deep; taken as
 * boosted all, the normal walks' pages at 10; taken as normal walks
 * that all reclaim the min gap, with the scan beyond them boosted, too
 * deep by up to 2 levels, as the 6.12 lab guests' traces showed it.  The
 * model is told the largest boost the zones can hold (1.5 times the
 * high watermarks, 1524, and a pageblock, 512).  (With all five walks
 * below min, the reclaim beyond walks that each reclaim the low gap
 * puts the estimate 1.0-1.5 levels too shallow: the walks' start is
 * not in the counters, and the lab's walks started at low.)
 */
/*
 * Interval i of split-15.1: `boosted` boosted walks (nr_boost_reclaim
 * 1024 or 1524 pages) and five order-0 walks on its node, replayed into
 * out; direct_anon: the direct reclaim beside them scanned anon
 * (direct_walks_with_anon()).  Returns kswapd's traced priority;
 * *boosted_pages: the pages the boosted walks scanned.
 */
static double boost_and_normal_case(int i, int boosted, int direct_anon,
				    struct split_out *out, double *boosted_pages)
{
	struct ref k = lab_node(60, 6000 + 3000 * (ul)(i % 3)), before, kswapd;
	struct split_in in;
	int w;

	before = k;
	for (w = 0; w < boosted; w++)
		boosted_walk(&k, urand() < 0.5 ? 1024 : 1524);
	*boosted_pages = k.pgscan - before.pgscan;
	for (w = 0; w < 5; w++)
		kswapd_walk_order(&k, (ul)((w ? k.high - k.low : k.high - k.min) *
					   (1 + urand() / 4)), 0);
	kswapd = k;
	model_view(&kswapd, &before, RC_KSWAPD, &in);
	/*
	 * the walk below min had direct reclaim beside it for a moment:
	 * under DROPPED_BOOST_DIRECT_SHARE of the interval's reclaim, or
	 * the boosts are taken as dropped (split-22.1)
	 */
	if (direct_anon)
		direct_walks_with_anon(&k, &before, 1, &in);
	else
		direct_little(&in);
	replay_boost_case(&in, out);
	return truth_priority(&kswapd);
}

/* split-15.1's nine intervals: how many within one level, the worst */
static int boost_and_normal_run(int direct_anon, double *worst)
{
	int i, ok = 0;

	*worst = 0;
	for (i = 0; i < 9; i++) {
		struct split_out out;
		double b, truth = boost_and_normal_case(i, 1 + i / 3, direct_anon, &out, &b);
		double d = fabs(out.r[RC_KSWAPD].p_est - truth);

		ok += d <= 1;
		if (getenv("T_SPLIT_DEBUG"))
			fprintf(stderr, "boost %d/%d: est %.2f true %.2f boosted %.0f of %.0f\n", direct_anon, i,
				out.r[RC_KSWAPD].p_est, truth, out.r[RC_KSWAPD].boosted, b);
		if (d > *worst)
			*worst = d;
	}
	return ok;
}

static void boost_and_normal_walks(void)
{
	unsigned long long draws = rng, after;
	double worst;
	int ok = boost_and_normal_run(0, &worst);

	tap_ok(ok >= 8,
	       "split-15.1 boosted and normal kswapd walks in one interval: priority within one level in %d of 9, all but one at least (worst %.2f; the boost's size taken is the largest the zones hold)",
	       ok, worst);
	/*
	 * the interval's pgscan_anon is all the direct walks': kswapd's
	 * boosted walks stay boosted (a boosted walk scans no anon, but
	 * another reclaimer's anon is no sign against it)
	 */
	after = rng;
	rng = draws;            /* from the same draws (the direct walks draw too) */
	ok = boost_and_normal_run(1, &worst);
	rng = after;            /* the tests after draw as before */
	tap_ok(ok >= 8,
	       "split-15.13 the same with direct reclaim that scanned anon beside them: kswapd within one level in %d of 9, all but one at least (worst %.2f)",
	       ok, worst);
}

/*
 * Boosted walks alone: each of an interval's kswapd walks entered with a
 * boost on a balanced node (boosted_walk()), no walk woken at the low
 * watermark.  balance_pgdat() takes nr_boost_reclaim at a walk's entry
 * and a boosted walk ends at `out` once it is reclaimed, so the walks
 * reclaim no gap besides: all of it at 12, 11 and then 10.  One walk: a
 * boost of 512 or 1024 pages (a fallback or two: boost_watermark() adds
 * a pageblock a fallback).  Two walks: 1524 or 1800 each, more in all
 * than one boost of the zones' largest (1524 + 512) and a normal walk
 * hold, so both were boosted.  Taken as normal walks with the boosts on
 * top, a lone walk's gap went down to level 5 first (8.4 for a traced
 * 10.0, as in the 6.12 lab).  Interval i of split-15.20: `boosted` walks
 * on lists of 6000 to 12000 inactive file pages, replayed into out;
 * returns the traced priority.
 */
static double boosted_only_case(int i, int boosted, struct split_out *out)
{
	struct ref k = lab_node(60, 6000 + 3000 * (ul)(i % 3)), before;
	struct split_in in;
	int w;

	before = k;
	for (w = 0; w < boosted; w++)
		boosted_walk(&k, boosted > 1 ? (urand() < 0.5 ? 1524 : 1800) :
				 (urand() < 0.5 ? 512 : 1024));
	model_view(&k, &before, RC_KSWAPD, &in);
	replay_boost_case(&in, out);
	return truth_priority(&k);
}

/*
 * A boosted walk under way when the interval began, its boost shown by
 * the start sample (watermark_boost keeps it until the walk's `out`):
 * it reclaims the rest of that boost, then one walk the interval counts
 * enters with a boost raised since (512 or 1024 pages).  The walk under
 * way began before the interval (PAGEOUTRUN counts a walk at
 * balance_pgdat()'s start), and kcompactd, woken at the first walk's
 * `out`, is still awake at the second's: one wake.  More than one
 * boost's worth is reclaimed beside one walk counted, not more than the
 * walk under way and that walk hold.  Interval i of split-15.22, replayed
 * into out; returns the traced priority.
 */
static double boost_under_way_case(int i, struct split_out *out)
{
	struct ref k = lab_node(60, 6000 + 3000 * (ul)(i % 3)), before;
	struct split_in in;

	before = k;
	boosted_walk(&k, 1524);
	k.walks--;                   /* counted before the interval */
	boosted_walk(&k, urand() < 0.5 ? 512 : 1024);
	model_view(&k, &before, RC_KSWAPD, &in);
	in.kcompactd_wakes = 1;
	in.boost_start = 1524;
	in.balanced_start = BALANCE_MET;
	replay_boost_case(&in, out);
	return truth_priority(&k);
}

static void boosted_walks_only(void)
{
	unsigned long long draws = rng;
	int i, ok[2] = { 0, 0 };
	double worst = 0;

	for (i = 0; i < 18; i++) {
		struct split_out out;
		double truth = boosted_only_case(i, 1 + i / 9, &out);
		double d = fabs(out.r[RC_KSWAPD].p_est - truth);

		ok[i / 9] += d <= 0.5;
		worst = fmax(worst, d);
		if (getenv("T_SPLIT_DEBUG"))
			fprintf(stderr, "boosted only %d: est %.2f true %.2f boosted %.0f\n", i,
				out.r[RC_KSWAPD].p_est, truth, out.r[RC_KSWAPD].boosted);
	}
	tap_ok(ok[0] == 9,
	       "split-15.20 one boosted kswapd walk an interval, no normal one: priority within half a level in %d of 9 (worst of these and split-15.21's %.2f)",
	       ok[0], worst);
	tap_ok(ok[1] == 9,
	       "split-15.21 two boosted walks an interval: within half a level in %d of 9", ok[1]);
	rng = draws;            /* the tests after draw as before */
}

static void boost_under_way(void)
{
	unsigned long long draws = rng;
	int i, ok = 0;

	for (i = 0; i < 9; i++) {
		struct split_out out;
		double truth = boost_under_way_case(i, &out);

		ok += fabs(out.r[RC_KSWAPD].p_est - truth) <= 0.5;
		if (getenv("T_SPLIT_DEBUG"))
			fprintf(stderr, "boost under way %d: est %.2f true %.2f boosted %.0f\n", i,
				out.r[RC_KSWAPD].p_est, truth, out.r[RC_KSWAPD].boosted);
	}
	tap_ok(ok == 9,
	       "split-15.22 a boosted walk under way at the start sample and one that enters after it, one walk counted: within half a level in %d of 9",
	       ok);
	rng = draws;            /* the tests after draw as before */
}

/*
 * The model's view of kswapd since before, one of whose walks saw a file
 * refault (an activation), direct reclaim beside it for 2% of the
 * reclaim (direct_little()), the zones' largest boost 1524 + 512 pages
 * and `boost` the start sample shows (0: none) on a balanced node (the
 * free pages then); the file efficiency measured, the anon one not
 * known.  Replayed into out.
 */
static void replay_refault_boost(const struct ref *k, const struct ref *before,
				 double boost, struct split_out *out)
{
	struct split_cost cost;
	struct split_in in;

	model_view(k, before, RC_KSWAPD, &in);
	direct_little(&in);
	in.activate_file = 1;
	in.boost_max_sum = 1524 + 512;
	in.boost_start = boost;
	in.free_start = (double)before->free;
	in.eff_anon = NAN;
	in.eff_file = 1.0;
	split_cost_init(&cost, in.version);
	split_walk(&in, &cost, &cost, out);
}

/*
 * Interval i of split-15.15: a boost reclaimed beside a normal walk that
 * scanned anon.  Five order-0 walks as in split-15.1, the first after a
 * file refault (snapshot_refaults() differs: no cache trimming, so
 * SCAN_FRACT lets anon in at every level: at swappiness 60 with no cost
 * charged yet 60/200 of each list's target, most of the scan over
 * 103.5k inactive anon pages), then `boosted` boosted walks (1024 or
 * 1524 pages each, may_swap off: file only).  kswapd's anon in
 * pgscan_anon shows that some walk could swap, not that all could.
 * Returns kswapd's traced priority; *boosted_pages, *kswapd_file: what
 * the boosted walks and all kswapd's walks scanned of file.
 */
static double boost_beside_anon_case(int i, int boosted, struct split_out *out,
				     double *boosted_pages, double *kswapd_file)
{
	struct ref k = lab_node(60, 6000 + 3000 * (ul)(i % 3)), before, mid;
	int w;

	before = k;
	for (w = 0; w < 5; w++) {
		k.refault_seen = w == 0;
		kswapd_walk_order(&k, (ul)((w ? k.high - k.low : k.high - k.min) *
					   (1 + urand() / 4)), 0);
	}
	mid = k;
	for (w = 0; w < boosted; w++)
		boosted_walk(&k, urand() < 0.5 ? 1024 : 1524);
	*boosted_pages = k.pgscan - mid.pgscan;
	*kswapd_file = (k.pgscan - k.pgscan_anon) - (before.pgscan - before.pgscan_anon);
	replay_refault_boost(&k, &before, 0, out);
	return truth_priority(&k);
}

static void boost_beside_anon_walks(void)
{
	unsigned long long draws = rng;
	int i, ok = 0, within_file = 1, near = 0;
	double worst = 0;

	for (i = 0; i < 9; i++) {
		struct split_out out;
		double b, file, truth = boost_beside_anon_case(i, 1 + i / 3, &out, &b, &file);
		double d = fabs(out.r[RC_KSWAPD].p_est - truth);

		ok += d <= 1;
		worst = fmax(worst, d);
		near += fabs(out.r[RC_KSWAPD].boosted - b) <= b / 3;
		within_file &= out.r[RC_KSWAPD].boosted <= file;
		if (getenv("T_SPLIT_DEBUG"))
			fprintf(stderr, "boost beside anon %d: est %.2f true %.2f boosted %.0f of %.0f (file %.0f)\n",
				i, out.r[RC_KSWAPD].p_est, truth, out.r[RC_KSWAPD].boosted, b, file);
	}
	rng = draws;            /* the tests after draw as before */
	tap_ok(ok >= 8,
	       "split-15.15 a boost reclaimed beside a normal kswapd walk that scanned anon: priority within one level in %d of 9, all but one at least (worst %.2f)",
	       ok, worst);
	tap_ok(near == 9 && within_file,
	       "split-15.16 ... the boosted scan taken within a third of what the boosted walks scanned in %d of 9 intervals, none more than kswapd's file scan",
	       near);
}

/*
 * Interval i of split-15.17: the start sample shows a boost of 1024 or
 * 1524 pages on a balanced node; the walk that takes it reclaims a
 * quarter of it at levels 12, 11 and 10, then finds the node short of
 * high + boost (the allocations went on) and restarts as a normal walk
 * (`if (!balanced && nr_boost_reclaim)`, v5.0+; 6.1 and 6.18), one
 * PAGEOUTRUN for both, which must reclaim up to high + boost (its
 * nr_to_reclaim holds the boost too: high_wmark_pages()); it saw a file
 * refault, so at swappiness 100 it scans half of each list's target at
 * every level, mostly anon.  Returns kswapd's traced priority;
 * *boosted_pages: what the boosted part scanned; *anon: pgscan_anon.
 */
static double boost_cut_case(int i, struct split_out *out, double *boosted_pages,
			     double *anon)
{
	struct ref k = lab_node(100, 6000 + 3000 * (ul)(i % 3)), before, mid;
	ul boost = i % 2 ? 1024 : 1524;

	before = k;
	boosted_walk(&k, boost / 4);
	*boosted_pages = k.pgscan - before.pgscan;
	mid = k;
	k.refault_seen = 1;
	k.high += boost;
	kswapd_walk_order(&k, k.high - k.min / 2, 0);
	k.high -= boost;
	k.walks = mid.walks;        /* the restart counts no PAGEOUTRUN */
	*anon = k.pgscan_anon - before.pgscan_anon;
	replay_refault_boost(&k, &before, (double)boost, out);
	return truth_priority(&k);
}

static void boost_cut_walks(void)
{
	unsigned long long draws = rng;
	int i, ok = 0, anon_ok = 0;
	double worst = 0;

	for (i = 0; i < 6; i++) {
		struct split_out out;
		double b, anon, truth = boost_cut_case(i, &out, &b, &anon);
		double d = fabs(out.r[RC_KSWAPD].p_est - truth);

		ok += d <= 1;
		worst = fmax(worst, d);
		anon_ok += fabs(out.r[RC_KSWAPD].anon_pred - anon) <= 0.1 * anon;
		if (getenv("T_SPLIT_DEBUG"))
			fprintf(stderr, "boost cut %d: est %.2f true %.2f boosted %.0f of %.0f, anon %.0f of %.0f\n",
				i, out.r[RC_KSWAPD].p_est, truth, out.r[RC_KSWAPD].boosted, b,
				out.r[RC_KSWAPD].anon_pred, anon);
	}
	rng = draws;            /* the tests after draw as before */
	/*
	 * no counter says that the walk cut its boost short: the model takes
	 * the sample's boost as one boosted walk's reclaim (2.2-3.2 times what
	 * the cut walk scanned), which puts its estimate up to a level
	 * shallow; bounded by the anon, within one level all but once
	 */
	tap_ok(ok >= 5,
	       "split-15.17 a boost the start sample shows, a quarter of it reclaimed before the walk restarts as a normal one over anon and file: priority within one level in %d of 6, all but one at least (worst %.2f)",
	       ok, worst);
	/*
	 * the boosted scan taken from the sample's boost leaves the normal
	 * walk the scan that holds its anon at its levels' share: taken
	 * whole, or less only the anon, it leaves the walk too little
	 */
	tap_ok(anon_ok == 6,
	       "split-15.18 ... kswapd's anon pages within 10%% of pgscan_anon in %d of 6",
	       anon_ok);
}

/*
 * kswapd walks that each reclaim two to three times the watermark gap
 * they were woken at (the allocations go on while they run), none
 * boosted: kcompactd is never woken (kswapd_walk_order() at order 0).
 * Their reclaim is more than that of walks which reclaim the gap, which
 * on a run with boosts is boosted reclaim at DEF_PRIORITY - 2
 * (boost_beyond()); on this one they are long normal walks.  Returns how
 * many of 9 intervals the model put within one level of the trace, told
 * the run's rate of kcompactd wakes per walk (NAN: the reference's) and
 * whether they were no more than kcompactd's timeout counts.
 */
static int long_walks(double boost_rate, int timeout_only)
{
	int i, w, ok = 0;

	for (i = 0; i < 9; i++) {
		struct ref k = lab_node(60, 5000 + 1000 * (ul)(i % 3)), before;
		struct split_cost cost;
		struct split_in in;
		struct split_out out;

		before = k;
		for (w = 0; w < 4 + i % 5; w++)
			kswapd_walk_order(&k, (ul)((k.high - k.low) * (2 + urand())), 0);
		model_view(&k, &before, RC_KSWAPD, &in);
		in.boost_max_sum = 1524 + 512;
		if (!isnan(boost_rate))
			in.boost_rate = boost_rate;
		in.kcompactd_timeout_only = timeout_only;
		in.eff_anon = NAN;
		in.eff_file = 1.0;
		split_cost_init(&cost, in.version);
		split_walk(&in, &cost, &cost, &out);
		ok += fabs(out.r[RC_KSWAPD].p_est - truth_priority(&k)) <= 1;
		if (getenv("T_SPLIT_DEBUG"))
			fprintf(stderr, "long walks %d: est %.2f true %.2f rate %.2f\n", i,
				out.r[RC_KSWAPD].p_est, truth_priority(&k), in.boost_rate);
	}
	return ok;
}

static void unboosted_long_walks(void)
{
	int ok = long_walks(NAN, 0), boosted, timeout;
	unsigned long long draws = rng;

	boosted = long_walks(1.0 / 3, 0);
	rng = draws;            /* the same walks again */
	timeout = long_walks(1.0 / 3, 1);

	tap_ok(ok >= 8,
	       "split-15.5 long kswapd walks in a run that woke kcompactd for none: normal walks, within one level in %d of 9",
	       ok);
	tap_ok(boosted < ok,
	       "split-15.6 the same scan in a run that woke kcompactd for a third of its walks is taken as boosted reclaim (%d of 9 within one level)",
	       boosted);
	tap_ok(timeout >= 8,
	       "split-15.11 ... but not where its wakes were no more than kcompactd's timeout counts: normal walks, within one level in %d of 9",
	       timeout);
	/*
	 * kcompactd() waits HPAGE_FRAG_CHECK_INTERVAL_MSEC (500 ms) and,
	 * finding kcompactd_max_order raised by a request that woke nothing,
	 * counts one KCOMPACTD_WAKE then (mm/compaction.c, v6.1, v6.18): two
	 * a second at most without an immediate wake, of the seconds
	 * kswapd ran (kswapd_try_to_sleep() leaves the request after a
	 * walk) and one more for the last of each stretch of them
	 */
	tap_ok(split_kcompactd_timeout_only(20, 10.0, 0) && !split_kcompactd_timeout_only(21, 10.0, 0) &&
	       split_kcompactd_timeout_only(0, 10.0, 1) && !split_kcompactd_timeout_only(NAN, 10.0, 1) &&
	       !split_kcompactd_timeout_only(3, 0, 0),
	       "split-15.12 kcompactd's timeout counts up to 2 wakes a second kswapd ran: 20 in 10 s may all be, 21 not; not known without the counter or a duration");
	tap_ok(split_kcompactd_timeout_only(23, 10.0, 3) && !split_kcompactd_timeout_only(24, 10.0, 3),
	       "split-15.19 ... and one more for each stretch of kswapd's walking (its last request): 23 in 10 s over 3 stretches may all be, 24 not");
}

/*
 * The model's view of kswapd on split-15.1's node since before: the
 * zones' largest boost 1524 + 512 pages, the file efficiency eff
 * measured, the anon one not known.
 */
static void boost_view(const struct ref *k, const struct ref *before, double eff,
		       struct split_in *in)
{
	model_view(k, before, RC_KSWAPD, in);
	in->boost_max_sum = 1524 + 512;
	in->eff_anon = NAN;
	in->eff_file = eff;
}

/*
 * Case i of split-15.2/15.4: one to three walks woken at orders 2 and 3,
 * and a boost of 1024 or 1536 pages: at_end 0, shown by the interval's
 * first sample and reclaimed by a boosted walk entered before it
 * (PAGEOUTRUN counted before it); at_end 1, raised late in the interval
 * and shown by its end sample, the walk that reclaims it entering after
 * that sample (or under way, nr_boost_reclaim at level 10 taking about
 * a tenth of a second on the lab guests, so the most of it after the
 * sample).  Returns the traced priority; in: the model's view, told the
 * boosts the samples show.
 */
static double boost_case(int i, int at_end, struct split_in *in)
{
	struct ref k = lab_node(60, 6000 + 3000 * (ul)(i % 3)), before;
	ul boost = i % 2 ? 1024 : 1536;
	int w;

	before = k;
	if (!at_end) {
		boosted_walk(&k, boost);
		before.walks++;
	}
	for (w = 0; w < 1 + i / 4; w++)
		kswapd_walk_order(&k, 0, 2 + w % 2);
	boost_view(&k, &before, 1.0, in);
	in->boost_start = at_end ? 0 : (double)boost;
	in->boost_end = at_end ? (double)boost : 0;
	/* the start sample's free pages: the node balanced with the boost
	 * (balance_pgdat() reclaims a boost only there) */
	in->free_start = (double)before.free;
	return truth_priority(&k);
}

/* The model's kswapd estimate on in, off the truth by how much. */
static double kswapd_off(struct split_in *in, double truth)
{
	struct split_cost cost;
	struct split_out out;

	split_cost_init(&cost, in->version);
	split_walk(in, &cost, &cost, &out);
	return fabs(out.r[RC_KSWAPD].p_est - truth);
}

/*
 * split-15.1's interval with the boost the samples show: steal_suitable_fallback()
 * -> boost_watermark() raised it before the interval's first sample
 * (zoneinfo's boost, summed over the zones), rmqueue() woke kswapd on
 * ZONE_BOOSTED_WATERMARK, and its balance_pgdat(), entered before that
 * sample (PAGEOUTRUN counted there), reclaims nr_boost_reclaim = that
 * boost at level 10 in the interval and clears it at out: (the end
 * sample shows none).  Beside it one to three walks woken at orders 2
 * and 3 (kswapd_walk_order(): they end at the compaction gap).  Told
 * the boost, the model places its pages at level 10 and the rest in the
 * other walks; not told it (the sample shows none, as when a boost is
 * raised and reclaimed between two samples), it spreads them over all
 * the walks, deep.  (With order-0 walks reclaiming to a watermark beside
 * the boost the model misses either way: their depth, not the boost.)
 */
static void boost_seen_walks(void)
{
	int i, seen = 0, unseen = 0, at_end = 0, n = 0;
	double worst = 0, d;

	for (i = 0; i < 12; i++) {
		struct split_in in;
		double truth = boost_case(i, 0, &in);

		d = kswapd_off(&in, truth);
		seen += d <= 1;
		worst = fmax(worst, d);
		in.boost_start = 0;
		unseen += kswapd_off(&in, truth) <= 1;
		truth = boost_case(i, 1, &in);
		d = kswapd_off(&in, truth);
		in.boost_end = 0;
		at_end += d <= 1 && fabs(d - kswapd_off(&in, truth)) < 1e-9;
		n++;
	}
	tap_ok(seen == n,
	       "split-15.2 a boosted walk whose boost the start sample shows, beside high-order walks: priority within one level in %d of %d (worst %.2f)",
	       seen, n, worst);
	tap_ok(unseen < seen,
	       "split-15.3 ... where the boost is not shown, fewer (%d of %d): the sample is what tells",
	       unseen, n);
	tap_ok(at_end == n,
	       "split-15.4 a boost the end sample shows is the next interval's to reclaim, not this one's: the estimate as without it and within one level in %d of %d",
	       at_end, n);
}

/*
 * A boost the start sample shows on a node balanced with it, in a run
 * whose kcompactd woke for one kswapd walk in forty: the walk that
 * entered with it met a dirty tail at level 12 (kswapd frees no dirty
 * file folio it meets first: shrink_folio_list() marks it for reclaim
 * and activates it, v6.1 and v6.18), freed nothing and stopped (`if
 * (nr_boost_reclaim && !nr_reclaimed) break`), the boost cleared at
 * out; the interval's reclaim is its order-0 walks', each reclaiming the
 * low gap and up to as much again as the allocations go on.  Not
 * replayed at level 10, the boost leaves kswapd within one level of the
 * trace.
 */
static void unreclaimed_boost(void)
{
	unsigned long long draws = rng;
	double worst = 0, d;
	int i, w, ok = 0;

	for (i = 0; i < 9; i++) {
		struct ref k = lab_node(60, 6000 + 3000 * (ul)(i % 3)), before;
		struct split_in in;

		before = k;
		k.eff_file = 0;                  /* a dirty tail */
		boosted_walk(&k, 512);
		k.eff_file = 1.0;
		for (w = 0; w < 3 + i % 4; w++)
			kswapd_walk_order(&k, (ul)((k.high - k.low) * (1 + urand())), 0);
		boost_view(&k, &before, 1.0, &in);
		in.boost_start = 512;
		in.free_start = (double)before.free;    /* balanced with it */
		in.boost_rate = 1.0 / 40;
		d = kswapd_off(&in, truth_priority(&k));
		ok += d <= 1;
		worst = fmax(worst, d);
	}
	rng = draws;            /* the tests after draw as before */
	tap_ok(ok >= 8,
	       "split-15.14 a boost the start sample shows, in a run that woke kcompactd for one walk in forty, was not reclaimed at level 10: kswapd within one level in %d of 9, all but one at least (worst %.2f)",
	       ok, worst);
}

/*
 * Case i of split-15.9: a walk woken with a boost of 1024 or 1536 pages
 * shown by the start sample, on a node whose free pages fall short of
 * the high watermarks and that boost by 200 to 328 pages: balance_pgdat()
 * finds it unbalanced, drops nr_boost_reclaim and restarts as a normal
 * walk (`if (!balanced && nr_boost_reclaim)`, v5.0+; 6.1 and 6.18), which
 * must reach high_wmark_pages(), the boost still in it (and in its
 * nr_to_reclaim); beside it two or three high-order walks.  No more
 * reclaim than normal walks woken at the low watermark would do, so
 * none is read as boosts raised between the samples (boost_beyond()).
 * Returns the traced priority.
 */
static double restart_case(int i, struct split_in *in)
{
	struct ref k = lab_node(60, 6000 + 3000 * (ul)(i % 3)), before;
	ul boost = i % 2 ? 1024 : 1536, high = k.high, need = 200 + 64 * (ul)(i % 3);
	int w;

	before = k;
	k.high = high + boost;
	kswapd_walk_order(&k, need, 0);
	k.high = high;                /* out: the boost cleared */
	k.kcompactd_wakes++;          /* out: if (boosted) wakeup_kcompactd() */
	for (w = 0; w < 2 + i / 6; w++)
		kswapd_walk_order(&k, 0, 2 + w % 2);
	boost_view(&k, &before, 1.0, in);
	in->boost_start = (double)boost;
	in->free_start = (double)(high + boost - need);
	return truth_priority(&k);
}

/* estimates off their truth: how many within one level, the worst */
struct off_tally {
	int ok, n;
	double worst;
};

static void off_add(struct off_tally *t, double off)
{
	t->ok += off <= 1;
	t->worst = fmax(t->worst, off);
	t->n++;
}

/*
 * A boost the start sample shows on a node below its high watermarks and
 * that boost is no boosted walk's (restart_case()): the walks are
 * replayed as normal ones, deeper than level 10.
 */
static void boost_dropped_walks(void)
{
	struct off_tally t = { 0, 0, 0 };
	int i;

	for (i = 0; i < 12; i++) {
		struct split_in in;
		double truth = restart_case(i, &in);

		off_add(&t, kswapd_off(&in, truth));
	}
	tap_ok(t.ok == t.n,
	       "split-15.9 a boost the start sample shows on a node short of high + boost: the walk drops it and walks as a normal one, priority within one level in %d of %d (worst %.2f)",
	       t.ok, t.n, t.worst);
}

/*
 * pgdat_balanced() asks whether some zone stands above its high watermark
 * and its lowmem reserve, not whether the zones' free pages sum to their
 * high watermarks (mm/vmscan.c, v5.0+; 6.1 and 6.18): the pages a lower
 * zone keeps from movable allocations count in the sum and balance
 * nothing, and a lower zone may stand balanced while the zone the
 * allocations drain is far short.  split-26.1: split-15.2's boosted
 * walks on a node whose free pages' sum falls 300 pages short of the
 * high watermarks and the boost, a lower zone balanced (the zones shown:
 * BALANCE_MET); split-26.2: split-15.9's dropped boosts on a node whose
 * sum passes them by a 480-page reserve, no zone balanced.
 */
static void boost_zone_balance(void)
{
	struct off_tally met = { 0, 0, 0 }, shortfall = { 0, 0, 0 };
	unsigned long long draws = rng;
	int i, sum_misled[2] = { 0, 0 };

	for (i = 0; i < 12; i++) {
		struct split_in in;
		double truth = boost_case(i, 0, &in);

		in.free_start = in.high_wmark_sum + in.boost_start - 300;
		in.balanced_start = BALANCE_MET;
		off_add(&met, kswapd_off(&in, truth));
		in.balanced_start = BALANCE_UNKNOWN;
		sum_misled[0] += kswapd_off(&in, truth) > 1;
		truth = restart_case(i, &in);
		in.free_start = in.high_wmark_sum + in.boost_start + 480;
		in.balanced_start = BALANCE_SHORT;
		off_add(&shortfall, kswapd_off(&in, truth));
		in.balanced_start = BALANCE_UNKNOWN;
		sum_misled[1] += kswapd_off(&in, truth) > 1;
	}
	rng = draws;            /* the tests after draw as before */
	tap_ok(met.ok == met.n,
	       "split-26.1 a boost the start sample shows, a lower zone balanced though the free pages' sum is short: a boosted walk at level 10, within one level in %d of %d (worst %.2f)",
	       met.ok, met.n, met.worst);
	tap_ok(shortfall.ok == shortfall.n,
	       "split-26.2 a boost the start sample shows, the sum past high + boost by a lower zone's reserve, no zone balanced: dropped, normal walks, within one level in %d of %d (worst %.2f)",
	       shortfall.ok, shortfall.n, shortfall.worst);
	tap_ok(sum_misled[0] >= 6 && sum_misled[1] >= 6,
	       "split-26.3 ... read from the sum alone, %d and %d of those 12 and 12 are more than a level off",
	       sum_misled[0], sum_misled[1]);
}

/*
 * A boosted walk that spans a sample (case i: a boost of 1024 or 1536
 * pages on split-15.1's node, free far above high + boost): interval A
 * holds a normal walk to the watermark gap and the boosted walk's entry,
 * levels 12 and 11 and one pass at 10; the sample shows the boost, which
 * balance_pgdat() clears only at `out`; interval B counts no PAGEOUTRUN
 * and scans the rest of the boost at level 10, file only (may_swap off).
 * The model replays A, then B with the boost the sample showed and B's
 * pgscan_anon (0).  Returns its estimate for B, whose traced priority
 * is 10; in *boosted (NULL: not asked) the share of B's scan the model
 * took as boosted reclaim.
 */
static double boost_goes_on_case(int i, double *boosted)
{
	struct ref k = lab_node(60, 6000 + 3000 * (ul)(i % 3)), a0, b0;
	ul boost = i % 2 ? 1024 : 1536, got;
	struct split_cost cost;
	struct split_in a, b;
	struct split_out out;

	a0 = k;
	kswapd_walk_order(&k, (k.high - k.low) * (5 + (ul)(i % 3)) / 4, 0);
	k.walks++;
	k.no_swap = 1;
	got = shrink_level(&k, 12, k.high, 1);
	got += shrink_level(&k, 11, k.high, 1);
	got += shrink_level(&k, 10, k.high, 1);
	model_view(&k, &a0, RC_KSWAPD, &a);
	b0 = k;
	while (got < boost) {
		ul g = shrink_level(&k, 10, k.high, 1);

		if (!g)
			break;
		got += g;
	}
	k.no_swap = 0;
	k.kcompactd_wakes++;
	model_view(&k, &b0, RC_KSWAPD, &b);
	a.boost_max_sum = b.boost_max_sum = 1524 + 512;
	a.eff_anon = b.eff_anon = NAN;
	a.eff_file = b.eff_file = 1.0;
	a.boost_end = b.boost_start = (double)boost;
	a.free_start = (double)a0.free;
	b.free_start = (double)b0.free;
	split_cost_init(&cost, a.version);
	split_walk(&a, &cost, &cost, &out);
	split_kswapd_goes_on(&b, &out.r[RC_KSWAPD]);
	split_walk(&b, &cost, &cost, &out);
	if (boosted)
		*boosted = out.r[RC_KSWAPD].boosted / b.scanned[RC_KSWAPD];
	return out.r[RC_KSWAPD].p_est;
}

static void boost_goes_on_walks(void)
{
	struct off_tally t = { 0, 0, 0 };
	int i;

	for (i = 0; i < 6; i++)
		off_add(&t, fabs(boost_goes_on_case(i, NULL) - 10));
	tap_ok(t.ok == t.n,
	       "split-15.10 a boosted walk that spans the sample: the interval that counts no walk and scans no anon is its level 10, within one level in %d of %d (worst %.2f)",
	       t.ok, t.n, t.worst);
}

/*
 * boost_beyond() on split-15.1's node: one boosted walk (1024 or 1536
 * pages) beside three order-0 walks woken at the low watermark, each
 * reclaiming its gap and up to a quarter more; the walks reclaim a share
 * eff of the file pages they scan, told to the model as measured.
 * seen: the start sample shows the boost.  Returns the traced priority;
 * in: the model's view.
 */
static double beyond_case(int i, double eff, int seen, struct split_in *in)
{
	struct ref k = lab_node(60, 6000 + 3000 * (ul)(i % 3)), before;
	ul boost = i % 2 ? 1024 : 1536;
	int w;

	k.eff_file = eff;
	before = k;
	boosted_walk(&k, boost);
	for (w = 0; w < 3; w++)
		kswapd_walk_order(&k, (ul)((k.high - k.low) * (1 + urand() / 4)), 0);
	boost_view(&k, &before, eff, in);
	in->boost_start = seen ? (double)boost : 0;
	in->free_start = (double)before.free;
	return truth_priority(&k);
}

/*
 * The boost the start sample shows is taken first (boost_seen()); the
 * reclaim beyond the walks is what is left after it, not that boost
 * again, which would put the normal walks' pages, levels 12 down to 5 on
 * these lists, at level 10 too (split-15.7).  At a file efficiency of a
 * half (a list of referenced pages) the boost's reclaim is scanned twice
 * over, and so is the walks' (split-15.8).
 */
static void boost_beyond_walks(void)
{
	int i, seen = 0, half = 0, n = 0;
	double worst = 0, d;

	for (i = 0; i < 12; i++) {
		struct split_in in;
		double truth = beyond_case(i, 1.0, 1, &in);

		d = kswapd_off(&in, truth);
		seen += d <= 1;
		worst = fmax(worst, d);
		truth = beyond_case(i, 0.5, 0, &in);
		half += kswapd_off(&in, truth) <= 1;
		n++;
	}
	tap_ok(seen == n,
	       "split-15.7 a boost the start sample shows beside order-0 walks: taken once, priority within one level in %d of %d (worst %.2f)",
	       seen, n, worst);
	tap_ok(half == n,
	       "split-15.8 the same walks reclaiming half the file pages they scan: the boost's reclaim scanned at that rate, within one level in %d of %d",
	       half, n);
}

/* The model's replay of kswapd in k since before: the zones' largest
 * boost 2250 + 512 pages (a zone of high 1500, one of high under 342),
 * the interval's pgscan_anon anon. */
static void boost_walks_view(const struct ref *k, const struct ref *before,
			     struct split_in *in)
{
	model_view(k, before, RC_KSWAPD, in);
	in->boost_max_sum = 2250 + 512;
	in->anon_measured = 0;
	in->eff_anon = in->eff_file = NAN;
}

static void boost_replay(const struct ref *k, const struct ref *before,
			 double anon, struct split_out *out)
{
	struct split_cost cost;
	struct split_in in;

	boost_walks_view(k, before, &in);
	in.anon_measured = anon;
	split_cost_init(&cost, in.version);
	split_walk(&in, &cost, &cost, out);
}

/* split-9.1's node with a cache to trim, the watermarks told */
static struct ref boost_walks_node(int swappiness)
{
	struct ref k = base(swappiness, 40000);

	k.af = 20000;
	k.low = 1200;
	k.min = 900;
	k.eff_file = 1.0;
	memset(k.trace, 0, sizeof(k.trace));
	return k;
}

/*
 * Boosted kswapd walks: each reclaims its boost (between the high
 * watermarks' sum, 1500 here, and the most the zones can hold, 2250 + 512)
 * at levels 12, 11 and then 10 only, scanning no anon; the model is told
 * the largest boost the zones can hold, the watermarks and the
 * interval's pgscan_anon (0).  The scan-weighted priority is about 10,
 * where a normal walk reclaiming as much would be replayed down past
 * level 5; with a cache to trim, the reclaim beyond two normal walks is
 * the boosts', and with an inactive file list low against the active one
 * (SCAN_FRACT for a walk that may swap) all of it: no anon is scanned.
 * A normal walk beside them that scans anon (SCAN_FRACT after a refault)
 * shows that one walk could swap, not that all could: they are still
 * read as boosted.
 */
static void boost_walks(void)
{
	static const int sw[] = { 60, 100 };
	/* cache trim; an inactive file list low against its active one:
	 * SCAN_FRACT for a walk that may swap */
	static const ul files[] = { 40000, 6000 }, active[] = { 20000, 100000 };
	unsigned long long draws;
	int i, j, ok = 0, n = 0, anon0 = 1, beside = 0;

	for (i = 0; i < 4; i++)
		for (j = 0; j < 4; j++) {
			struct ref k = base(sw[i % 2], files[i / 2]), before;
			struct split_out out, with_anon;

			k.af = active[i / 2];
			k.low = 1200;    /* the watermarks, as zoneinfo tells them */
			k.min = 900;
			k.eff_file = 1.0;
			memset(k.trace, 0, sizeof(k.trace));
			before = k;
			boosted_walk(&k, 1600 + 300 * (ul)j);
			boosted_walk(&k, 1500 + 200 * (ul)j);
			boost_replay(&k, &before, 0, &out);
			n++;
			ok += fabs(out.r[RC_KSWAPD].p_est - truth_priority(&k)) <= 1;
			anon0 &= out.r[RC_KSWAPD].anon_pred == 0;
			/*
			 * a normal walk woken at low after a file refault
			 * beside them: it lets anon in (SCAN_FRACT)
			 */
			draws = rng;
			k.refault_seen = 1;
			kswapd_walk(&k, k.high - k.low);
			rng = draws;    /* the tests after draw as before */
			boost_replay(&k, &before, k.pgscan_anon - before.pgscan_anon, &with_anon);
			beside += fabs(with_anon.r[RC_KSWAPD].p_est - truth_priority(&k)) <= 1 &&
				  k.pgscan_anon > before.pgscan_anon &&
				  with_anon.r[RC_KSWAPD].boosted > 0;
		}
	tap_ok(ok == n && anon0,
	       "split-9.1 boosted kswapd walks (reclaim per walk between the high watermarks and the largest boost, no anon): priority within one level in %d of %d, no anon predicted",
	       ok, n);
	tap_ok(beside == n,
	       "split-9.2 the same walks beside a normal one woken at low after a file refault (it scans anon): kswapd's anon rules out no boosted walk, boosted scan taken and within one level in %d of %d",
	       beside, n);
	/*
	 * normal walks reclaiming more than any boost: replayed as they are,
	 * even in a run whose kcompactd woke after half of kswapd's walks
	 * (a boosted walk reclaims its boost, no more)
	 */
	for (i = ok = n = 0; i < 8; i++) {
		struct ref k = base(60, 40000), before;
		struct split_out out;

		if (i >= 4) {           /* and with the low and min watermarks told */
			k.low = 1200;
			k.min = 900;
		}
		k.walks = 100;
		k.kcompactd_wakes = 50;
		memset(k.trace, 0, sizeof(k.trace));
		before = k;
		kswapd_walk(&k, 3000 + 500 * (ul)(i % 4));
		boost_replay(&k, &before, 0, &out);
		n++;
		ok += fabs(out.r[RC_KSWAPD].p_est - truth_priority(&k)) <= 1 &&
		      truth_priority(&k) < 8;
	}
	tap_ok(ok == n,
	       "split-9.3 walks reclaiming more than the largest boost are normal walks: within one level of their depth in %d of %d",
	       ok, n);
}

/*
 * A refault counted after the interval's walks had scanned their last
 * level: prepare_scan_count() reads WORKINGSET_ACTIVATE_FILE once per
 * shrink_node() (v6.1), so those walks trimmed the cache, scanning no
 * anon, while the interval shows activations.  The model is told both:
 * the activations and the interval's pgscan_anon, 0.  It replays trim
 * walks (their depth, no anon), and the kswapd walk still ends the
 * interval having seen the refault (end_refault: its next level lets
 * anon in).  Direct walks go to level 8 here (inactive file 6000: levels
 * 12 to 9 reclaim 22 pages of the 32); as refault walks, anon in from
 * level 12 on, they would stop higher up.
 */
static void late_refaults(void)
{
	static const int sw[] = { 60, 100, 200 };
	int i, who, ok = 0, n = 0, anon0 = 1, seen = 1, w;

	for (i = 0; i < 3; i++)
		for (who = RC_KSWAPD; who <= RC_DIRECT; who++) {
			struct ref k = base(sw[i], 6000), before;
			struct split_cost cost;
			struct split_in in;
			struct split_out out;

			k.af = 3000;
			k.eff_file = 1.0;
			memset(k.trace, 0, sizeof(k.trace));
			before = k;
			for (w = 0; w < 17; w++) {
				if (who == RC_KSWAPD)
					kswapd_walk(&k, 100 + 20 * (ul)w);
				else
					direct_walk(&k);
			}
			k.refault_seen = 1;        /* after the last level */
			model_view(&k, &before, who, &in);
			in.activate_file = 3;
			in.eff_anon = in.eff_file = NAN;
			split_cost_init(&cost, in.version);
			split_walk(&in, &cost, &cost, &out);
			n++;
			ok += fabs(out.r[who].p_est - truth_priority(&k)) <= 1;
			anon0 &= in.anon_measured == 0 && out.r[who].anon_pred == 0;
			if (who == RC_KSWAPD)
				seen &= out.r[who].end_refault > 0;
		}
	tap_ok(ok == n && anon0,
	       "split-10.1 walks that scanned before the interval's refault showed: replayed as cache trim, priority within one level in %d of %d, no anon",
	       ok, n);
	tap_ok(seen, "split-10.2 and kswapd's walk ends the interval having seen the refault");
}

/*
 * The lists change inside the interval: direct walks on an inactive file
 * list low against its active one (1000 against 20000: SCAN_FRACT, anon
 * in), then a file read puts 40000 pages on the inactive list and the
 * walks after it trim the cache.  The model sees the lists of the two
 * samples and the interval's pgscan_anon; the share of the interval's
 * scan done before the change (5, 10 or 15 of 20 walks, the first ones
 * deeper) is what it must find.
 */
static void list_change(void)
{
	static const int sw[] = { 60, 100, 200 }, before_change[] = { 5, 10, 15 };
	struct tally t = { 0 };
	int i, j, w;

	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++) {
			struct ref k = base(sw[i], 1000), before;
			struct split_cost cost;
			struct split_in in;
			struct split_out out;
			double truth, scanned_before = 0;

			k.af = 20000;
			memset(k.trace, 0, sizeof(k.trace));
			before = k;
			for (w = 0; w < 20; w++) {
				if (w == before_change[j]) {
					scanned_before = k.pgscan - before.pgscan;
					k.inf = 40000;
					k.af = 1000;
				}
				direct_walk(&k);
			}
			model_view(&k, &before, RC_DIRECT, &in);
			in.has_prev = 1;
			in.node_prev = in.node;
			in.node_prev.inactive_file = (double)before.inf;
			in.node_prev.active_file = (double)before.af;
			in.eff_anon = in.eff_file = NAN;
			split_cost_init(&cost, in.version);
			split_cost_update(&cost, &in, &in.node);
			split_walk(&in, &cost, &cost, &out);
			truth = truth_priority(&k);
			t.n++;
			t.p_ok += fabs(out.r[RC_DIRECT].p_est - truth) <= 1;
			t.anon_n++;
			t.anon_ok += fabs(out.start_share - scanned_before /
					  (k.pgscan - before.pgscan)) <= 0.1;
		}
	tap_ok(t.anon_ok == t.anon_n,
	       "split-11.1 lists that change inside the interval: the attribution finds the share of the scan before the change within 0.1 in %d of %d intervals",
	       t.anon_ok, t.anon_n);
	tap_ok(t.p_ok == t.n,
	       "split-11.2 and their priority within one level in %d of %d", t.p_ok, t.n);
}

/*
 * Walks that saw refaults the interval itself does not show: the
 * activations are counted in a neighbouring interval of their lag window
 * (split_refault_window()).  R of 20 direct walks (v6.1, plenty of
 * inactive file: the others trim the cache) each see one, SCAN_FRACT.
 * Told the window's R activations and the interval's pgscan_anon, the
 * attribution finds how many walks saw one (R) and the priority (most
 * walks stop at level 12 here, at swappiness 200 at 11); told only one
 * activation in the window, it may not take more than one walk for a
 * refault walk.
 */
static void window_refaults(void)
{
	static const int sw[] = { 60, 100, 200 }, seen[] = { 2, 4, 5 };
	struct tally t = { 0 };
	int i, j, w, bounded = 0, cause = 1;

	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++) {
			struct ref k = base(sw[i], 400000), before;
			struct split_cost cost;
			struct split_in in;
			struct split_out out;
			double anon_true;

			memset(k.trace, 0, sizeof(k.trace));
			before = k;
			for (w = 0; w < 20; w++) {
				k.refault_seen = w % (20 / seen[j]) == 0;
				direct_walk(&k);
			}
			model_view(&k, &before, RC_DIRECT, &in);
			in.refault_near = 1;
			in.refault_window[RC_DIRECT] = seen[j];
			in.eff_anon = k.eff_anon;     /* as measured before */
			in.eff_file = k.eff_file;
			/* as the replay does: the interval's cost events first */
			split_cost_init(&cost, in.version);
			split_cost_update(&cost, &in, &in.node);
			split_walk(&in, &cost, &cost, &out);
			anon_true = in.anon_measured;
			t.n++;
			t.p_ok += fabs(out.r[RC_DIRECT].p_est - truth_priority(&k)) <= 1;
			/* the fitted quantity: how many walks saw a refault */
			t.anon_n++;
			t.anon_ok += fabs(out.refault_walks * 20 - seen[j]) <= 0.5;
			cause &= out.r[RC_DIRECT].anon_by[CAUSE_FILE_REFAULTS] ==
				 out.anon_pred;
			in.refault_window[RC_DIRECT] = 1;
			split_walk(&in, &cost, &cost, &out);
			bounded += out.refault_walks <= 1.0 / 20 + 1e-9 &&
				   out.anon_pred < anon_true;
		}
	tap_ok(t.anon_ok == t.anon_n && cause,
	       "split-12.1 refault walks whose activations a neighbouring interval shows: as many refault walks as the reference's in %d of %d intervals, all file_refaults",
	       t.anon_ok, t.anon_n);
	tap_ok(t.p_ok == t.n,
	       "split-12.2 and their priority within one level in %d of %d", t.p_ok, t.n);
	tap_ok(bounded == t.n,
	       "split-12.3 one activation in the window: one refault walk at most, less anon than measured in %d of %d",
	       bounded, t.n);
}

/* One walk of a given size on given lists, through the model. */
static void one_walk(struct split_in *in, enum reclaimer who, double sw,
		     double ia, double aa, double inf, double af, double scanned,
		     double activate_file)
{
	static const int v61[3] = { 6, 1, 0 };

	memset(in, 0, sizeof(*in));
	memcpy(in->version, v61, sizeof(v61));
	in->swap_on = 1;
	in->swappiness = sw;
	in->node.inactive_anon = in->cg.inactive_anon = ia;
	in->node.active_anon = in->cg.active_anon = aa;
	in->node.inactive_file = in->cg.inactive_file = inf;
	in->node.active_file = in->cg.active_file = af;
	in->has_cg = who == RC_CGROUP;
	in->free = 100000;
	in->high_wmark_sum = 3000;
	in->scanned[who] = scanned;
	in->walks[who] = 1;
	in->activate_file = activate_file;
	in->anon_measured = NAN;      /* a prediction: pgscan_anon not read */
}

/*
 * A direct walk whose first pass scans more than the interval counted:
 * shrink_inactive_list() counts PGSCAN_DIRECT as it isolates each batch
 * (v6.1 and v6.18), so a pass under way at the sample counts its batches
 * on both sides of it.  Two walks at swappiness 200: after a refault
 * (SCAN_FRACT, fp = (200 - swappiness) x ... = 0) the level-12 pass over
 * 189593 inactive anon pages targets 189593 >> 12 = 46 of them; the
 * other walk trims (14007 >> 12 = 3 file pages): more than the 10 the
 * interval counted.  Whatever the walks scanned, they scanned at level
 * 12, and a scan-weighted priority lies between 0 and DEF_PRIORITY
 * (labAG run 5 at 9.6 s, 6.1: 36 pages counted, replayed at 72.7).
 */
static void pass_over_count(const struct split_cost *c)
{
	struct split_in in;
	struct split_out o;

	one_walk(&in, RC_DIRECT, 200, 189593, 1000, 14007, 14913, 10, 1);
	in.walks[RC_DIRECT] = 2;        /* one saw the refault, one trims */
	in.eff_anon = in.eff_file = 1;
	split_walk(&in, c, c, &o);
	tap_ok(o.r[RC_DIRECT].p_est <= 12 && o.r[RC_DIRECT].p_est >= 11,
	       "split-27.1 two direct walks whose level-12 passes (46 and 3 pages) outrun the 10 the interval counted: priority %.2f, at most 12",
	       o.r[RC_DIRECT].p_est);
}

/* The interval after o of the same kswapd: its walk goes on where o left it. */
static void next_interval(struct split_in *in, const struct split_cost *c,
			  struct split_out *o)
{
	split_kswapd_goes_on(in, &o->r[RC_KSWAPD]);
	split_walk(in, c, c, o);
}

/*
 * A kswapd walk at swappiness sw that saw a refault at level 12 (`first`
 * pages scanned, split-2.9's lists), then the interval after: no new
 * walk, 148 pages of its next levels, and one direct walk counted.
 */
static void resumed_beside_direct(double sw, double first, struct split_in *in,
				  const struct split_cost *c, struct split_out *o)
{
	one_walk(in, RC_KSWAPD, sw, 105984, 1000, 400000, 100000, first, 1);
	split_walk(in, c, c, o);
	in->activate_file = 0;
	in->walks[RC_KSWAPD] = 0;
	in->scanned[RC_KSWAPD] = 148;
	in->walks[RC_DIRECT] = 1;
	next_interval(in, c, o);
}

/*
 * The zones' watermark boosts count in every sum of high_wmark_pages()
 * (include/linux/mmzone.h: wmark_pages() adds z->watermark_boost, v5.0+;
 * v6.1 and v6.18): kswapd_shrink_node()'s nr_to_reclaim, sum over the
 * zones of max(high_wmark_pages(), SWAP_CLUSTER_MAX); pgdat_balanced()'s
 * mark; prepare_scan_count()'s total_high_wmark for file_is_tiny.  The
 * cases of split-6.6 and 2.6 with a boost of 200 and 512 pages.
 */
static void boosted_watermarks(const struct split_cost *c)
{
	struct split_in in;
	struct split_out o;

	/*
	 * split-6.6's walk, nr_to_reclaim 200 + 200: level 7's pass of 320
	 * file pages reclaims less, so it is not cut: 240 of it after the
	 * sample (80 before), then the new walk's 10, 20 and 30 at 12-10.
	 * (7 x 240 + 12 x 10 + 11 x 20 + 10 x 30) / 300 = 7.73.
	 */
	one_walk(&in, RC_KSWAPD, 60, 105984, 1000, 40960, 1000, 390, 0);
	in.high_wmark_sum = 200;
	in.boost_start = 200;
	in.eff_file = 1;
	split_walk(&in, c, c, &o);
	in.scanned[RC_KSWAPD] = 300;
	in.reclaimed[RC_KSWAPD] = 300;
	next_interval(&in, c, &o);
	tap_ok(fabs(o.r[RC_KSWAPD].p_est - 2320.0 / 300) < 1e-9,
	       "split-6.8 a boost of 200 on nr_to_reclaim 200: the level-7 pass of 320 is not cut, p 7.73 (%.2f)",
	       o.r[RC_KSWAPD].p_est);
	/*
	 * the level a walk repeats: the first whose pass scans
	 * nr_to_reclaim, 7 (320 >= 200), with the boost 6 (640 >= 400).
	 * 1270 pages: 310 at 12-8, then 960 at 7, or 320 at 7 and 640 at 6:
	 * 9460 / 1270 = 7.45 against 8820 / 1270 = 6.94.
	 */
	one_walk(&in, RC_KSWAPD, 60, 105984, 1000, 40960, 1000, 1270, 0);
	in.high_wmark_sum = 200;
	split_walk(&in, c, c, &o);
	tap_ok(fabs(o.r[RC_KSWAPD].p_est - 9460.0 / 1270) < 1e-9,
	       "split-6.9 kswapd repeats level 7, the first that scans nr_to_reclaim 200 (%.3f)",
	       o.r[RC_KSWAPD].p_est);
	in.boost_start = 200;
	split_walk(&in, c, c, &o);
	tap_ok(fabs(o.r[RC_KSWAPD].p_est - 8820.0 / 1270) < 1e-9,
	       "split-6.10 ... and level 6 with a boost of 200 (%.3f)", o.r[RC_KSWAPD].p_est);
	/*
	 * balanced at the end sample: free 3200 pages, no more than reclaim
	 * freed, over high 3000: the walk ended; with a boost of 512 the
	 * zones ask for 3512 and it stands in its pass
	 */
	one_walk(&in, RC_KSWAPD, 60, 105984, 1000, 40960, 1000, 390, 0);
	in.free = in.free_start = 3200;
	in.reclaimed[RC_KSWAPD] = 390;
	split_walk(&in, c, c, &o);
	tap_ok(o.r[RC_KSWAPD].end_balanced,
	       "split-6.11 free 3200 over the high watermarks' 3000 at the end sample: the walk ended");
	in.boost_end = 512;
	split_walk(&in, c, c, &o);
	tap_ok(!o.r[RC_KSWAPD].end_balanced && o.r[RC_KSWAPD].end_pass.level == 7,
	       "split-6.12 ... under them with a boost of 512: it stands in its level-7 pass (%d)",
	       o.r[RC_KSWAPD].end_pass.level);
	/*
	 * split-2.6's file tiny: file 500 + 500 + free 2500 is over high
	 * 3000, not tiny; with a boost of 512 it is (3500 <= 3512): SCAN_ANON
	 */
	one_walk(&in, RC_KSWAPD, 60, 50000, 1000, 500, 500, 36, 0);
	in.free = 2500;
	split_walk(&in, c, c, &o);
	tap_ok(o.r[RC_KSWAPD].anon_by[CAUSE_FILE_TINY] == 0,
	       "split-2.21 file + free 3500 over the high watermarks' 3000: not tiny (%.0f)",
	       o.r[RC_KSWAPD].anon_by[CAUSE_FILE_TINY]);
	in.boost_start = 512;
	split_walk(&in, c, c, &o);
	tap_ok(o.r[RC_KSWAPD].anon_by[CAUSE_FILE_TINY] == 36,
	       "split-2.22 ... with a boost of 512 on them: SCAN_ANON, file_tiny (%.0f)",
	       o.r[RC_KSWAPD].anon_by[CAUSE_FILE_TINY]);
}

/*
 * kswapd walks that ended before the sample, a long one among them, then
 * 44 short walks in the next interval (woken below the low watermark,
 * balanced again after levels 12 to 9: 24 pages of the lab guest's 6600
 * inactive file pages), as in a 6.1 lab interval of 44 walks that went no
 * deeper than level 9.  The model takes the long walk's point as where a
 * walk stood at the sample; it may finish that level only with what the
 * new walks leave (sw_finish_walk()).  Returns the second interval's
 * estimate; *truth its traced priority.
 */
static double short_after_long(ul long_need, int shorts_before, double *truth)
{
	struct ref k = lab_node(60, 6600), before = k;
	struct split_cost cost;
	struct split_in in;
	struct split_out o;
	int w;

	split_cost_init(&cost, (const int[3]){ 6, 1, 0 });
	for (w = 0; w < shorts_before; w++)
		kswapd_walk_order(&k, 16, 0);
	kswapd_walk_order(&k, long_need, 0);
	model_view(&k, &before, RC_KSWAPD, &in);
	in.eff_anon = NAN;
	in.eff_file = 1.0;
	split_walk(&in, &cost, &cost, &o);
	memset(k.trace, 0, sizeof(k.trace));
	before = k;
	for (w = 0; w < 44; w++)
		kswapd_walk_order(&k, 16, 0);
	model_view(&k, &before, RC_KSWAPD, &in);
	in.eff_anon = NAN;
	in.eff_file = 1.0;
	*truth = truth_priority(&k);
	next_interval(&in, &cost, &o);
	if (getenv("T_SPLIT_DEBUG"))
		fprintf(stderr, "short after long %lu/%d: resume %.2f est %.2f true %.2f\n",
			long_need, shorts_before, in.kswapd_resume, o.r[RC_KSWAPD].p_est, *truth);
	return o.r[RC_KSWAPD].p_est;
}

static void finish_then_short(void)
{
	static const ul needs[] = { 600, 1500, 3000, 6000, 12000 };
	double truth, err, sum = 0, worst = 0;
	size_t i;
	int s, n = 0;

	for (i = 0; i < sizeof(needs) / sizeof(needs[0]); i++)
		for (s = 0; s < 3; s++) {
			err = fabs(short_after_long(needs[i], s, &truth) - truth);
			sum += err;
			n++;
			if (err > worst)
				worst = err;
		}
	/* a finish of the whole level put some at 2.5 (truth 9.7): mean 2.9 */
	tap_ok(sum / n <= 1.5 && worst <= 2.5,
	       "split-6.7 short walks after a long one ended: the long walk's level finished only with what they leave (mean error %.2f levels, worst %.2f, over %d)",
	       sum / n, worst, n);
}

/* g as a census of `pages` of inactive file in 1 MiB folios (order 8) */
static const struct split_grain *mib_folios(struct split_grain *g, double pages)
{
	double folios[11] = { 0 };

	folios[8] = pages / 256;
	split_grain_init(g, NULL, folios, 11);
	return g;
}

/*
 * 40 cgroup limit walks of the reference on k (a cgroup), the first
 * `deep` of them freeing nothing (anon or file), the others freeing file
 * at 0.9 and anon at eff_anon; the model's view of them as a kernel of
 * this version (*in, with pgscan_anon) and its replay (*o).
 */
static const int v61_cg[3] = { 6, 1, 0 };

static void cgroup_interval(struct ref *k, int deep, double eff_anon,
			    const int version[3], struct split_in *in, struct split_out *o)
{
	struct ref before = *k;
	struct split_cost cost;
	int w;

	for (w = 0; w < 40; w++) {
		k->eff_file = w < deep ? 0 : 0.9;
		k->eff_anon = w < deep ? 0 : eff_anon;
		direct_walk(k);
	}
	model_view(k, &before, RC_CGROUP, in);
	memcpy(in->version, version, sizeof(in->version));
	in->cg = in->node;
	in->has_cg = 1;
	in->eff_anon = NAN;
	in->eff_file = NAN;
	split_cost_init(&cost, version);
	split_walk(in, &cost, &cost, o);
}

/*
 * Memory-cgroup limit walks over a large file cache with no refault:
 * cache_trim_mode at 12..1, SCAN_EQUAL at 0.  Most walks reclaim their
 * 32 pages at level 12; `deep` of them meet only folios they cannot free
 * (dirty, under writeback) and go down to 0, scanning every level's file
 * and at 0 all of the cgroup's inactive anon, which the swap-out keeps
 * (writeback: not freed in the pass).  The reference's trace is the
 * truth; the model sees the sums, the walk count (failcnt) and
 * pgscan_anon.  Returns the estimate, *p_deep its deepest level; *truth,
 * *deepest the reference's; *zero_said whether over large file folios too
 * it says the deepest level is 0.
 */
/* The cgroup of those walks, `deep` of 40 of them failing down to 0. */
static void cgroup_zero_ref(struct ref *k, int deep, struct split_in *in,
			    struct split_out *o)
{
	*k = base(60, 400000);
	k->cgroup = 1;
	k->ia = 8000;
	k->aa = 2000;
	cgroup_interval(k, deep, 0, v61_cg, in, o);
}

static double cgroup_zero_interval(int deep, double *truth, double *deepest,
				   double *p_deep, int *zero_said)
{
	struct ref k;
	struct split_cost cost;
	struct split_in in;
	struct split_out o;
	int q;

	cgroup_zero_ref(&k, deep, &in, &o);
	split_cost_init(&cost, (const int[3]){ 6, 1, 0 });
	*truth = truth_priority(&k);
	for (q = 0; q <= 12 && !(k.trace[q] > 0); q++)
		;
	*deepest = q;
	*p_deep = o.r[RC_CGROUP].p_deep;
	*zero_said = 0;
	if (deep > 0) {
		/* the same sums over 1 MiB file folios: a walk's deepest level
		 * is no longer a replayed one, but one that went to 0 still is */
		struct split_grain big;
		struct split_out ob;

		in.grain_cg = mib_folios(&big, (double)k.inf);
		split_walk(&in, &cost, &cost, &ob);
		*zero_said = ob.r[RC_CGROUP].deep_estimable && ob.r[RC_CGROUP].p_deep == 0;
	}
	return o.r[RC_CGROUP].p_est;
}

/*
 * The deep walks' anon gone by the sample: 3 of 40 walks go down to 0 and
 * scan the cgroup's 8000 inactive anon pages there (SCAN_EQUAL); the
 * swap writes complete and later passes free every one of them, so the
 * end sample's lists hold no inactive anon, the start's 8000.  A walk to
 * 0 on the end's would scan none: the ones that scanned it met the
 * start's.  cgroup_anon_gone(): that interval on the samples' lists,
 * the start's as before, the end's with no inactive anon (and,
 * active_too, no active anon either); *want: the anon measured.
 */
static void cgroup_anon_gone(int active_too, double *want, struct split_out *o)
{
	struct ref k;
	struct split_cost cost;
	struct split_in in;

	cgroup_zero_ref(&k, 3, &in, o);
	*want = in.anon_measured;
	in.has_prev = 1;
	in.cg_prev = in.cg;
	in.node_prev = in.node;
	in.cg.inactive_anon = in.node.inactive_anon = 0;
	if (active_too)
		in.cg.active_anon = in.node.active_anon = 0;
	split_cost_init(&cost, v61_cg);
	split_walk(&in, &cost, &cost, o);
}

static void cgroup_zero_anon_gone(void)
{
	struct split_out o;
	double want;

	cgroup_anon_gone(0, &want, &o);
	tap_ok(fabs(o.r[RC_CGROUP].anon_pred - want) <= 0.1 * want &&
	       o.r[RC_CGROUP].anon_by[CAUSE_NEAR_OOM] >= 0.9 * want,
	       "split-7.9 the walks that went down to 0 freed all the cgroup's inactive anon by the sample: found on the start's lists, anon %.0f of %.0f (near_oom %.0f)",
	       o.r[RC_CGROUP].anon_pred, want, o.r[RC_CGROUP].anon_by[CAUSE_NEAR_OOM]);
}

/*
 * ... and where the task exited before the sample (its memory freed: the
 * end's lists hold no anon page at all, active or inactive), the end's
 * lists say nothing of the branch the walks met: the reading that only
 * priority 0 let anon in rests on the start's lists, and the anon is
 * still near_oom.
 */
static void cgroup_zero_task_gone(void)
{
	struct split_out o;
	double want;

	cgroup_anon_gone(1, &want, &o);
	tap_ok(o.r[RC_CGROUP].anon_only_at_zero &&
	       o.r[RC_CGROUP].anon_by[CAUSE_NEAR_OOM] >= 0.9 * want,
	       "split-7.10 ... and where the task exited before the sample (no anon on the end's lists): anon only at 0 (%d), near_oom %.0f of %.0f, share of the start %.2f",
	       o.r[RC_CGROUP].anon_only_at_zero, o.r[RC_CGROUP].anon_by[CAUSE_NEAR_OOM],
	       want, o.start_share);
}

static void cgroup_zero_walks(void)
{
	static const int deeps[] = { 0, 1, 3 };
	double truth, deepest, est, p_deep;
	int zero_said, said = 0;
	size_t i;

	for (i = 0; i < sizeof(deeps) / sizeof(deeps[0]); i++) {
		est = cgroup_zero_interval(deeps[i], &truth, &deepest, &p_deep, &zero_said);
		said += zero_said;
		/* the deep walks hold nearly all the scan at levels 2 to 0:
		 * within a quarter level, where one level would pass walks
		 * that all stood at 0 */
		tap_ok(fabs(est - truth) <= 0.25 && p_deep == deepest,
		       "split-7.4 cgroup walks, %d of 40 failing down to priority 0: priority within a quarter level of the trace and its deepest level (%.2f against %.2f, deepest %.0f against %.0f)",
		       deeps[i], est, truth, p_deep, deepest);
	}
	tap_ok(said == 2, "split-7.6 over 1 MiB file folios, where the anon says walks went down to 0, the deepest level is still said: 0 (%d of 2)",
	       said);
}

/*
 * The walks that failed down to 0 fail alike at another swappiness (their
 * file folios would not free either way): the attribution's count of
 * them, replayed with no anon measured at swappiness 100, 200 and 0,
 * scans the anon the reference's same walks scan there (level 0: the
 * whole inactive anon list, SCAN_EQUAL; none at 0 for a cgroup, SCAN_FILE).
 */
static void cgroup_zero_whatif(void)
{
	static const int sw[] = { 100, 200, 0 };
	struct split_in in, other;
	struct split_out o, wo;
	struct split_cost cost;
	int i, ok = 0;
	double found;

	{
		struct ref k = base(60, 400000);

		k.cgroup = 1;
		k.ia = 8000;
		k.aa = 2000;
		cgroup_interval(&k, 3, 0, v61_cg, &in, &o);
		found = o.r[RC_CGROUP].zero_walks;
	}
	split_cost_init(&cost, (const int[3]){ 6, 1, 0 });
	for (i = 0; i < 3; i++) {
		struct ref k = base(sw[i], 400000);
		struct split_out ro;

		k.cgroup = 1;
		k.ia = 8000;
		k.aa = 2000;
		cgroup_interval(&k, 3, 0, v61_cg, &other, &ro);
		in.swappiness = sw[i];
		in.anon_measured = NAN;
		in.zero_walks = found;
		split_walk(&in, &cost, &cost, &wo);
		ok += sw[i] ? fabs(wo.anon_pred - other.anon_measured) <= 0.1 * other.anon_measured :
			      wo.anon_pred == 0 && other.anon_measured == 0;
		tap_diag("swappiness %d: replayed %.0f, the reference %.0f", sw[i], wo.anon_pred,
			 other.anon_measured);
	}
	tap_ok(fabs(found - 3) < 0.05 && ok == 3,
	       "split-7.8 the walks that went down to 0 (%.2f found, 3 in the reference) replayed at swappiness 100, 200 and 0 scan the reference's anon there (%d of 3)",
	       found, ok);
}

/*
 * The same over a file list low against its active one (inactive_is_low():
 * file deactivation, no cache trim), so that every level is SCAN_FRACT and
 * lets anon in: most walks reclaim their 32 pages by level 8 or so, `deep`
 * of them free nothing and go down to 0 (SCAN_EQUAL there).  The model
 * must scan the anon measured (none of it left unexplained), find the
 * reference's priority and put at priority 0 (near_oom) about the anon
 * the reference scanned there.
 */
static void cgroup_deep_fract(int deep)
{
	struct ref k = base(60, 20000);
	struct split_in in;
	struct split_out o;
	double truth, at_zero, near;

	k.cgroup = 1;
	k.ia = 8000;
	k.aa = 2000;
	k.af = 100000;
	cgroup_interval(&k, deep, 0.3, v61_cg, &in, &o);
	truth = truth_priority(&k);
	at_zero = k.anon_at_zero;
	near = o.r[RC_CGROUP].anon_by[CAUSE_NEAR_OOM];
	tap_ok(fabs(o.anon_pred - in.anon_measured) <= 0.01 * in.anon_measured &&
	       fabs(o.r[RC_CGROUP].p_est - truth) <= 0.5 &&
	       fabs(near - at_zero) <= 0.1 * at_zero && o.r[RC_CGROUP].p_deep == 0,
	       "split-7.7 cgroup walks that let anon in at every level, %d of 40 failing down to 0: anon %.0f of %.0f, priority %.2f against %.2f, near_oom %.0f against %.0f at level 0, deepest %.0f",
	       deep, o.anon_pred, in.anon_measured, o.r[RC_CGROUP].p_est, truth, near, at_zero,
	       o.r[RC_CGROUP].p_deep);
}

/*
 * A fresh cgroup's first interval on 6.12+: its walks decided on the
 * flush before the cgroup held any page (prepare_scan_control() reads
 * the flushed statistics; here no file), so at swappiness 200 every level
 * was SCAN_FRACT with no file share (fp = 0), anon only, while the lists
 * the model sees hold 20000 inactive file pages (cache trim at 12..1,
 * anon only at 0) and no earlier sample tells the flush.  A walk at 0
 * would have scanned those levels' file: with no file scanned at all, no
 * walk went there, and the deepest level is not 0.
 */
static void cgroup_zero_needs_file(void)
{
	static const int v612[3] = { 6, 12, 0 };
	struct ref k = base(200, 20000);
	struct split_in in;
	struct split_out o;

	k.cgroup = 1;
	k.ia = 40000;
	k.aa = 0;
	k.flushed = 1;
	k.seen_inf = k.seen_af = 0;
	cgroup_interval(&k, 0, 0.3, v612, &in, &o);
	tap_ok(in.anon_measured == in.scanned[RC_CGROUP] && o.r[RC_CGROUP].anon_only_at_zero &&
	       o.r[RC_CGROUP].p_deep > 0,
	       "split-7.5 a cgroup interval that scanned no file had no walk at priority 0, even where its lists say only 0 lets anon in (anon %.0f of %.0f, deepest %.0f)",
	       in.anon_measured, in.scanned[RC_CGROUP], o.r[RC_CGROUP].p_deep);
	/* every level of those walks let anon in: none of it is unexplained,
	 * though the walks placed on the lists the model sees scan none
	 * (split_deep.c names the anon beyond them near_oom, as the only
	 * level those lists let anon in at, though no walk went there) */
	tap_ok(fabs(o.r[RC_CGROUP].anon_pred - in.anon_measured) <= 0.01 * in.anon_measured,
	       "split-7.5.2 ... and all its anon explained (%.0f of %.0f)",
	       o.r[RC_CGROUP].anon_pred, in.anon_measured);
	{
		/* the same over 1 MiB file folios, where the deep walks' file
		 * is what the interval's scan leaves them (split_deep.c) */
		struct split_grain big;
		struct split_cost cost;

		in.grain_cg = mib_folios(&big, (double)k.inf);
		split_cost_init(&cost, v612);
		split_walk(&in, &cost, &cost, &o);
		tap_ok(o.r[RC_CGROUP].p_deep != 0 && !(o.r[RC_CGROUP].zero_walks > 0),
		       "split-7.5.1 ... over 1 MiB file folios too: no walk to 0 (deepest %.0f, "
		       "%.2f walks to 0)",
		       o.r[RC_CGROUP].p_deep, o.r[RC_CGROUP].zero_walks);
	}
}

/*
 * A walk that lets anon in without a refault dives as one that saw a
 * refault does: an anon page it takes is freed only after its writeback
 * (pageout() keeps the folio), so it frees nothing at once and
 * balance_pgdat() lowers the priority level after level.  File + free
 * under the high watermarks (file_is_tiny): SCAN_ANON at every level, a
 * level-q pass asking for 100000 >> q inactive anon pages (12: 24, 11:
 * 48, 10: 97, 9: 195, 8: 390, 7: 781, 6: 1562, 5: 3125, 4: 6250, 3:
 * 12500, 2: 25000).  Four walks: three find the node balanced after
 * their level-12 pass (another reclaimer's frees), the fourth goes down
 * to level 2 and ends its pass there: 3 * 24 + 49972 = 50044 pages,
 * scan-weighted (3 * 12 * 24 + 149625) / 50044 = 3.01.  The four as one
 * kind alike would each scan 12511 pages, to level 3: 4.98.  As the
 * prediction (no pgscan_anon) and as the attribution.
 */
static void tiny_file_dive(void)
{
	const double truth = (3 * 12 * 24 + 149625) / 50044.0;
	struct split_cost c = { 0, 0, 1, "" };
	struct split_in in;
	struct split_out o;
	int attribution;

	for (attribution = 0; attribution < 2; attribution++) {
		one_walk(&in, RC_KSWAPD, 200, 100000, 1000, 50, 0, 50044, 0);
		in.free = 800;                  /* 50 + 800 <= 3000 */
		in.walks[RC_KSWAPD] = 4;
		in.low_gap_sum = 170;           /* a walk woken at low */
		in.eff_anon = 0.5;              /* written pages freed, before */
		in.eff_file = 0.9;
		if (attribution)
			in.anon_measured = 50044;
		split_walk(&in, &c, &c, &o);
		tap_ok(fabs(o.r[RC_KSWAPD].p_est - truth) <= 1 &&
		       fabs(o.r[RC_KSWAPD].anon_by[CAUSE_FILE_TINY] - 50044) < 0.5,
		       "split-2.%d file_tiny, no refault: one of four walks dives to level 2, priority %.2f (the model: %.2f, anon %.0f)",
		       16 + attribution, truth, o.r[RC_KSWAPD].p_est,
		       o.r[RC_KSWAPD].anon_by[CAUSE_FILE_TINY]);
	}
}

/*
 * ... but not a walk that would scan mostly file: one whose deeper levels
 * trim the cache frees that file at once and ends near the gap, the
 * walks alike.  6.12: the walk decides cache trimming on the flushed
 * view (split_flushed_view()), 33 inactive file pages, and takes its
 * targets from the lists as they are, 6000; swappiness 200, zero costs
 * (fp = 0).  Levels 12..6 have 33 >> q == 0: no cache_trim_mode,
 * SCAN_FRACT, anon only (105984 >> q: 25 + 51 + 103 + 207 + 414 + 828 +
 * 1656 = 3284 pages, freed only after their writeback); level 5 has 33 >>
 * 5 = 1: cache trim, 6000 >> 5 = 187 clean file pages, freed at once,
 * and the node is balanced.  Four such walks: 4 * 3471 pages, 13136 of
 * them anon, each at (12 * 25 + 11 * 51 + 10 * 103 + 9 * 207 + 8 * 414 +
 * 7 * 828 + 6 * 1656 + 5 * 187) / 3471 = 6.84.  One of them diving would
 * scan the rest as file at levels 5..1 (74% of it): 4750 anon, 3.7.  As
 * the prediction and as the attribution.
 */
static void stale_view_no_dive(void)
{
	static const int v612[3] = { 6, 12, 0 };
	const double truth = 23733.0 / 3471;
	struct split_cost c = { 0, 0, 1, "" };
	struct split_in in;
	struct split_out o;
	int attribution;

	for (attribution = 0; attribution < 2; attribution++) {
		one_walk(&in, RC_KSWAPD, 200, 105984, 1000, 6000, 0, 4 * 3471, 0);
		memcpy(in.version, v612, sizeof(v612));
		in.seen_n = 1;
		in.seen[0] = in.node;
		in.seen[0].inactive_file = 33;
		in.walks[RC_KSWAPD] = 4;
		in.low_gap_sum = 170;
		in.eff_anon = 0.5;
		in.eff_file = 0.9;
		if (attribution)
			in.anon_measured = 13136;
		split_walk(&in, &c, &c, &o);
		tap_ok(fabs(o.r[RC_KSWAPD].p_est - truth) <= 1 &&
		       fabs(o.r[RC_KSWAPD].anon_pred - 13136) <= 0.1 * 13136,
		       "split-2.%d 6.12, SCAN_FRACT on a stale view's small file list, then cache trim: four walks alike, none dives, priority %.2f (the model: %.2f, anon %.0f of 13136)",
		       18 + attribution, truth, o.r[RC_KSWAPD].p_est, o.r[RC_KSWAPD].anon_pred);
	}
}

/*
 * Walks that end after their first level dive not: ten walks, each
 * balanced after its level-12 pass, one of them having seen a refault.
 * Inactive file 40000, anon 105984, zero costs, swappiness 60: a trim
 * walk's pass takes 40000 >> 12 = 9 file pages (cache_trim_mode), the
 * refault walk's SCAN_FRACT 25 * 60 / 200 = 7 anon and 9 * 140 / 200 = 6
 * file: 9 * 9 + 13 = 94 pages, all at level 12, less than ten walks
 * reclaiming the compaction gap would scan.
 */
static void first_level_walks(void)
{
	struct split_cost c = { 0, 0, 1, "" };
	struct split_in in;
	struct split_out o;

	one_walk(&in, RC_KSWAPD, 60, 105984, 1000, 40000, 10000, 94, 1);
	in.walks[RC_KSWAPD] = 10;
	in.low_gap_sum = 170;
	in.eff_anon = 0.5;
	in.eff_file = 0.9;
	split_walk(&in, &c, &c, &o);
	tap_ok(fabs(o.r[RC_KSWAPD].p_est - 12) < 1,
	       "split-2.20 ten walks of one level-12 pass each (94 pages): none dives, priority 12 (the model: %.2f)",
	       o.r[RC_KSWAPD].p_est);
}

/*
 * Cases computed by hand from v6.1 get_scan_count() (integer
 * arithmetic); the numbers in the names are the hand results.
 */
static void hand_cases(void)
{
	static const double sw[3] = { 60, 100, 200 }, want[3] = { 4, 8, 25 };
	struct split_cost c = { 0, 0, 1, "" }, anon_heavy = { 10000, 0, 1, "" };
	struct split_in in;
	struct split_out o;
	double lag;
	int i;

	/*
	 * inactive anon 103.5k = 105984 pages, inactive file 3000 (between
	 * 2048 and 4096): level 12 has file >> 12 == 0, so no cache_trim_mode
	 * and SCAN_FRACT; level 11 and below trim file.  Costs A = 10000,
	 * F = 0: anon_cost = 20000, file_cost = 10000, total 30000;
	 * ap = sw * 30001 / 20001, fp = (200 - sw) * 30001 / 10001;
	 * anon = (105984 >> 12 = 25) * ap / (ap + fp):
	 * 60: 25 * 89 / 508 = 4; 100: 25 * 149 / 448 = 8; 200: 25 * 299 / 299 = 25.
	 */
	for (i = 0; i < 3; i++) {
		one_walk(&in, RC_KSWAPD, sw[i], 105984, 1000, 3000, 1000, 5000, 0);
		split_walk(&in, &anon_heavy, &anon_heavy, &o);
		tap_ok(o.anon_pred == want[i] && o.r[RC_KSWAPD].anon_by[CAUSE_SMALL_FILE] == want[i],
		       "split-2.%d level-12 SCAN_FRACT at swappiness %.0f asks for %.0f anon pages, small_inactive_file (%.2f)",
		       i + 1, sw[i], want[i], o.anon_pred);
	}
	/*
	 * near OOM: direct reclaim on 1000 + 1000 inactive pages (no active):
	 * file trimmed at 9..1 (1+3+7+15+31+62+125+250+500 = 994 pages), then
	 * priority 0 with swappiness 60: SCAN_EQUAL, 1000 anon + 1000 file.
	 */
	one_walk(&in, RC_DIRECT, 60, 1000, 0, 1000, 0, 2994, 0);
	split_walk(&in, &c, &c, &o);
	tap_ok(o.anon_pred == 1000 && o.r[RC_DIRECT].anon_by[CAUSE_NEAR_OOM] == 1000 &&
	       o.r[RC_DIRECT].p_deep == 0,
	       "split-2.4 a direct walk to priority 0: SCAN_EQUAL, 1000 anon pages near_oom, deepest 0 (%.0f, %.0f)",
	       o.anon_pred, o.r[RC_DIRECT].p_deep);
	tap_ok(isnan(o.r[RC_KSWAPD].p_deep) && !o.r[RC_KSWAPD].deep_estimable,
	       "split-2.5 kswapd's deepest level is not estimable");
	/*
	 * file tiny: file 500 + 500 + free 1000 <= high 3000, anon not low
	 * (50000 * 1 >= 1000): SCAN_ANON; a 36-page walk is levels 12 and 11
	 * (50000 >> 12 = 12, >> 11 = 24), all anon; p = (12*12 + 11*24) / 36.
	 */
	one_walk(&in, RC_KSWAPD, 60, 50000, 1000, 500, 500, 36, 0);
	in.free = 1000;
	split_walk(&in, &c, &c, &o);
	tap_ok(o.anon_pred == 36 && o.r[RC_KSWAPD].anon_by[CAUSE_FILE_TINY] == 36 &&
	       fabs(o.r[RC_KSWAPD].p_est - (12.0 * 12 + 11 * 24) / 36) < 1e-9,
	       "split-2.6 file + free under the high watermarks: SCAN_ANON, file_tiny, p 11.33 (%.0f, %.2f)",
	       o.anon_pred, o.r[RC_KSWAPD].p_est);
	/* file + free == high watermarks is still tiny ("<=") */
	in.free = 2000;
	split_walk(&in, &c, &c, &o);
	tap_ok(o.r[RC_KSWAPD].anon_by[CAUSE_FILE_TINY] == 36,
	       "split-2.15 file + free equal to the high watermarks is tiny (%.0f)",
	       o.r[RC_KSWAPD].anon_by[CAUSE_FILE_TINY]);
	in.free = 1000;
	/* global swappiness 0 does not stop SCAN_ANON ("Global reclaim will
	 * swap to prevent OOM even with no swappiness") */
	in.swappiness = 0;
	split_walk(&in, &c, &c, &o);
	tap_ok(o.anon_pred == 36, "split-2.7 global reclaim at swappiness 0 still scans anon when file is tiny (%.0f)",
	       o.anon_pred);
	/* ... but cgroup reclaim at swappiness 0 is SCAN_FILE */
	one_walk(&in, RC_CGROUP, 0, 105984, 1000, 3000, 1000, 5000, 0);
	split_walk(&in, &anon_heavy, &anon_heavy, &o);
	tap_ok(o.anon_pred == 0, "split-2.8 cgroup reclaim at swappiness 0: file only (%.0f)", o.anon_pred);
	/*
	 * refaults: file 400000 / 100000 active (1 GB? (500000 >> 18) = 1,
	 * ratio int_sqrt(10) = 3, not low), zero costs: ap 60, fp 140; with
	 * file activations in every walk, level 12 is SCAN_FRACT:
	 * anon 25 * 60 / 200 = 7, file 97 * 140 / 200 = 67: a 74-page walk
	 * scans 7 anon, file_refaults.  Without refaults: cache_trim_mode.
	 */
	one_walk(&in, RC_KSWAPD, 60, 105984, 1000, 400000, 100000, 74, 1);
	split_walk(&in, &c, &c, &o);
	tap_ok(o.anon_pred == 7 && o.r[RC_KSWAPD].anon_by[CAUSE_FILE_REFAULTS] == 7,
	       "split-2.9 file refaults in every walk: SCAN_FRACT, 7 anon pages, file_refaults (%.2f)", o.anon_pred);
	in.activate_file = 0;
	split_walk(&in, &c, &c, &o);
	tap_ok(o.anon_pred == 0, "split-2.10 no refaults, plenty of inactive file: cache_trim_mode, no anon (%.2f)",
	       o.anon_pred);
	/* the same walk with the activation shown by a neighbouring interval */
	one_walk(&in, RC_KSWAPD, 60, 105984, 1000, 400000, 100000, 74, 0);
	in.refault_near = 1;
	split_walk(&in, &c, &c, &o);
	tap_ok(o.anon_pred == 7 && o.r[RC_KSWAPD].anon_by[CAUSE_FILE_REFAULTS] == 7,
	       "split-5.1 an activation shown nearby: the walk saw it, 7 anon pages, file_refaults (%.2f)", o.anon_pred);
	/*
	 * The lag window of an activation shown in (10, 10.25]: it may have
	 * happened up to vmstat_update()'s period (HZ) earlier, and reached
	 * the walks up to the memcg periodic flush (FLUSH_TIME, 2 * HZ) later.
	 */
	lag = split_fold_lag(0);
	tap_ok(split_refault_window(lag, 9.0, 9.25, 10.0, 10.25) &&
	       !split_refault_window(lag, 8.75, 9.0, 10.0, 10.25),
	       "split-5.2 a walk up to one second before the interval that shows the activation saw it, not earlier");
	tap_ok(split_refault_window(lag, 12.0, 12.25, 10.0, 10.25) &&
	       !split_refault_window(lag, 12.25, 12.5, 10.0, 10.25),
	       "split-5.3 a walk up to two seconds after it saw it (the memcg stats flush), not later");
	/* samples folded before they were read (--stat-refresh): no lag */
	lag = split_fold_lag(1);
	tap_ok(split_refault_window(lag, 10.0, 10.25, 10.0, 10.25) &&
	       !split_refault_window(lag, 9.75, 10.0, 10.0, 10.25),
	       "split-5.4 folded samples: a walk before the interval that shows the activation did not see it");
	/*
	 * A kswapd walk across two intervals: PAGEOUTRUN is counted once,
	 * when balance_pgdat() begins.  40960 inactive file, no refaults:
	 * levels 12, 11, 10, 9, 8 scan 10, 20, 40, 80, 160 file pages.  The
	 * first interval's walk scans 70 (levels 12-10); the second interval
	 * counts no new walk and 240 pages: levels 9 and 8, priority
	 * (9 x 80 + 8 x 160) / 240 = 8.33.
	 */
	one_walk(&in, RC_KSWAPD, 60, 105984, 1000, 40960, 1000, 70, 0);
	split_walk(&in, &c, &c, &o);
	in.scanned[RC_KSWAPD] = 240;
	in.reclaimed[RC_KSWAPD] = 240;
	in.walks[RC_KSWAPD] = 0;
	next_interval(&in, &c, &o);
	tap_ok(fabs(o.r[RC_KSWAPD].p_est - (9.0 * 80 + 8 * 160) / 240) < 1e-9,
	       "split-6.1 kswapd scanning without a new pageoutrun goes on from where its walk stood: p 8.33 (%.2f)",
	       o.r[RC_KSWAPD].p_est);
	/*
	 * A walk takes its refault snapshot when it ends: the split-2.9 walk
	 * (a refault seen, level 12) goes on in the next interval at level
	 * 11, still SCAN_FRACT: anon 51 x 60 / 200 = 15, file 195 x 140 /
	 * 200 = 136; 148 of those 151 pages scanned is 14.7 anon.  A direct
	 * reclaim that ended in between renewed the snapshot: cache trim.
	 */
	one_walk(&in, RC_KSWAPD, 60, 105984, 1000, 400000, 100000, 74, 1);
	split_walk(&in, &c, &c, &o);
	in.activate_file = 0;
	in.walks[RC_KSWAPD] = 0;
	in.scanned[RC_KSWAPD] = 148;
	next_interval(&in, &c, &o);
	tap_ok(fabs(o.anon_pred - 15.0 * 148 / 151) < 1e-9 &&
	       o.r[RC_KSWAPD].anon_by[CAUSE_FILE_REFAULTS] == o.anon_pred,
	       "split-6.2 a walk that saw a refault keeps SCAN_FRACT at its next levels: 14.7 anon, file_refaults (%.2f)",
	       o.anon_pred);
	in.walks[RC_DIRECT] = 1;
	split_walk(&in, &c, &c, &o);
	tap_ok(o.anon_pred == 0, "split-6.3 ... unless a direct reclaim ended meanwhile (%.2f)", o.anon_pred);
	/*
	 * The same at swappiness 200, where SCAN_FRACT gives file nothing
	 * (fp = (200 - 200) x ... = 0): the walk's level 12 scans 105984 >>
	 * 12 = 25 anon pages; in the next interval levels 11 and 10 (51,
	 * then 97 of 103) scan 148, all anon.  A direct walk counted there
	 * began after the refault and, no walk having ended since, compares
	 * with the same snapshot: it takes SCAN_FRACT too, over anon only,
	 * which frees nothing before its writeback completes, so it does not
	 * end (and renew the snapshot) before kswapd's next levels; cache
	 * trim there (400000 >> 11 file pages) would scan no anon.
	 */
	resumed_beside_direct(200, 25, &in, &c, &o);
	tap_ok(fabs(o.r[RC_KSWAPD].anon_pred - 148) < 1e-9 &&
	       o.r[RC_KSWAPD].anon_by[CAUSE_FILE_REFAULTS] == o.r[RC_KSWAPD].anon_pred,
	       "split-6.13 ... but at swappiness 200 a direct walk beside it takes that refault too and frees its pages later: still 148 anon, file_refaults (%.2f)",
	       o.r[RC_KSWAPD].anon_pred);
	/*
	 * At swappiness 100 the direct walk's file share frees at once
	 * (level 12: 400000 >> 12 = 97 file pages, half of them its
	 * target): it ends, renewing the snapshot, before kswapd's next
	 * levels, which trim the cache, as at 60 (split-6.3).  The walk's
	 * level 12 scans 12 anon and 48 file pages.
	 */
	resumed_beside_direct(100, 60, &in, &c, &o);
	tap_ok(o.r[RC_KSWAPD].anon_pred == 0,
	       "split-6.14 ... and at swappiness 100 that direct walk ends first: kswapd's next levels trim the cache (%.2f anon)",
	       o.r[RC_KSWAPD].anon_pred);
	/*
	 * A walk that ends in the next interval, which counts a new
	 * PAGEOUTRUN: balance_pgdat() checks pgdat_balanced() only before a
	 * level, so the old walk finishes the level it stood in first.  The
	 * split-6.1 lists: the first interval's walk scans 230 (levels 12-9,
	 * 150, and half of level 8's 160); the second scans 110: the other
	 * 80 of level 8, then the new walk's levels 12 and 11 (10 + 20).
	 * Priority (8 x 80 + 12 x 10 + 11 x 20) / 110 = 8.91, where one new
	 * walk from level 12 alone would be 10.0.
	 */
	one_walk(&in, RC_KSWAPD, 60, 105984, 1000, 40960, 1000, 230, 0);
	split_walk(&in, &c, &c, &o);
	in.scanned[RC_KSWAPD] = 110;
	in.reclaimed[RC_KSWAPD] = 110;
	next_interval(&in, &c, &o);
	tap_ok(fabs(o.r[RC_KSWAPD].p_est - (8.0 * 80 + 12 * 10 + 11 * 20) / 110) < 1e-9,
	       "split-6.4 a kswapd walk that ends after a new pageoutrun finishes its level first: p 8.91 (%.2f)",
	       o.r[RC_KSWAPD].p_est);
	/* 60 pages: the new walk's level 12 (10) leaves 50 of level 8 */
	in.scanned[RC_KSWAPD] = 60;
	in.reclaimed[RC_KSWAPD] = 60;
	split_walk(&in, &c, &c, &o);
	tap_ok(fabs(o.r[RC_KSWAPD].p_est - (8.0 * 50 + 12 * 10) / 60) < 1e-9,
	       "split-6.5 ... as much of it as the new walk's first level leaves: p 8.67 (%.2f)",
	       o.r[RC_KSWAPD].p_est);
	/*
	 * ... and no more of its pass than reclaims nr_to_reclaim
	 * (shrink_lruvec() stops kswapd there; batches of 32 aside).  With
	 * nr_to_reclaim 200 the walk stays at level 7 (320 >= 200); the
	 * first interval scans 390: levels 12-8 (310) and 80 of level 7's
	 * pass, which stops at 200 pages reclaimed (all it scans, here): 120
	 * more in the second interval of 300, and 180 for the new walk:
	 * 10, 20, 40, 80 at 12-9 and 30 at 8.  Priority (7 x 120 + 12 x 10 +
	 * 11 x 20 + 10 x 40 + 9 x 80 + 8 x 30) / 300 = 8.47.
	 */
	one_walk(&in, RC_KSWAPD, 60, 105984, 1000, 40960, 1000, 390, 0);
	in.high_wmark_sum = 200;
	in.eff_file = 1;
	split_walk(&in, &c, &c, &o);
	in.scanned[RC_KSWAPD] = 300;
	in.reclaimed[RC_KSWAPD] = 300;
	next_interval(&in, &c, &o);
	tap_ok(fabs(o.r[RC_KSWAPD].p_est - 2540.0 / 300) < 1e-9,
	       "split-6.6 ... and no more of its pass than reclaims nr_to_reclaim: p 8.47 (%.2f)",
	       o.r[RC_KSWAPD].p_est);
	boosted_watermarks(&c);
	pass_over_count(&c);
	/*
	 * Where only priority 0 lets anon in below the replayed walk: a
	 * cgroup walk over 400000 inactive file pages without refaults trims
	 * the cache at 12..1 and is SCAN_EQUAL at 0; with 3000 (under 4096)
	 * level 12 is SCAN_FRACT, 11..1 trim (3000 >> 11 = 1), and a
	 * 500-page walk is past 12 already; with 3000 against 100000 active
	 * (inactive_is_low: file deactivation) every level is SCAN_FRACT;
	 * kswapd never reaches 0; cgroup reclaim at swappiness 0 is SCAN_FILE
	 * at 0 too; global direct walks are not taken (see sw_replay_reclaimer()).
	 */
	one_walk(&in, RC_CGROUP, 60, 105984, 1000, 400000, 100000, 500, 0);
	split_walk(&in, &c, &c, &o);
	i = o.r[RC_CGROUP].anon_only_at_zero;
	one_walk(&in, RC_CGROUP, 60, 105984, 1000, 3000, 1000, 500, 0);
	split_walk(&in, &c, &c, &o);
	i = i * 2 + o.r[RC_CGROUP].anon_only_at_zero;
	one_walk(&in, RC_CGROUP, 60, 105984, 1000, 3000, 100000, 500, 0);
	split_walk(&in, &c, &c, &o);
	i = i * 2 + o.r[RC_CGROUP].anon_only_at_zero;
	one_walk(&in, RC_KSWAPD, 60, 105984, 1000, 400000, 100000, 500, 0);
	split_walk(&in, &c, &c, &o);
	i = i * 2 + o.r[RC_KSWAPD].anon_only_at_zero;
	one_walk(&in, RC_CGROUP, 0, 105984, 1000, 400000, 100000, 500, 0);
	split_walk(&in, &c, &c, &o);
	i = i * 2 + o.r[RC_CGROUP].anon_only_at_zero;
	one_walk(&in, RC_DIRECT, 60, 105984, 1000, 400000, 100000, 500, 0);
	split_walk(&in, &c, &c, &o);
	i = i * 2 + o.r[RC_DIRECT].anon_only_at_zero;
	tap_ok(i == 48, "split-7.1 anon only at priority 0 below the walk: cgroup with plenty of file, small file past level 12 yes; file low against active, kswapd, swappiness 0, direct no (%d%d%d%d%d%d)",
	       i >> 5 & 1, i >> 4 & 1, i >> 3 & 1, i >> 2 & 1, i >> 1 & 1, i & 1);
	/*
	 * A list view of no weight changes nothing: a cgroup walk of 150
	 * pages whose measured anon is what the start's lists (inactive file
	 * 100: SCAN_FRACT at every level) give, the end's holding 3000
	 * (SCAN_FRACT at 12, trim below): its deepest level and its
	 * priority-0 reading are those of the start's lists alone.
	 */
	{
		struct split_out alone;
		double deep_alone;
		int zero_alone;

		one_walk(&in, RC_CGROUP, 60, 105984, 1000, 100, 50, 150, 0);
		in.anon_measured = 1000;
		split_walk(&in, &c, &c, &alone);
		deep_alone = alone.r[RC_CGROUP].p_deep;
		zero_alone = alone.r[RC_CGROUP].anon_only_at_zero;
		in.cg_prev = in.cg;
		in.node_prev = in.node;
		in.has_prev = 1;
		in.cg.inactive_file = in.node.inactive_file = 3000;
		in.anon_measured = alone.anon_pred;     /* the start's own anon */
		split_walk(&in, &c, &c, &o);
		tap_ok(o.start_share == 1 && o.r[RC_CGROUP].p_deep == deep_alone &&
		       o.r[RC_CGROUP].anon_only_at_zero == zero_alone,
		       "split-7.3 a view of no weight changes nothing: share %.2f, deepest %.0f (alone %.0f), priority-0 reading %d (alone %d)",
		       o.start_share, o.r[RC_CGROUP].p_deep, deep_alone,
		       o.r[RC_CGROUP].anon_only_at_zero, zero_alone);
	}
	/* cgroup limit reclaim reads the cgroup's own activations */
	one_walk(&in, RC_CGROUP, 60, 105984, 1000, 400000, 100000, 74, 1);
	in.cg_activate_file = 0;
	split_walk(&in, &c, &c, &o);
	i = o.anon_pred == 0;
	in.cg_activate_file = 1;
	split_walk(&in, &c, &c, &o);
	tap_ok(i && o.anon_pred == 7,
	       "split-7.2 cgroup reclaim: the host's activations are not the cgroup's; its own make the walk SCAN_FRACT (%.0f)",
	       o.anon_pred);
	/* 40000 inactive against 200000 active file under 1 GB: low; level
	 * 12: anon 7, file 9 * 140 / 200 = 6; a 13-page walk */
	one_walk(&in, RC_KSWAPD, 60, 105984, 1000, 40000, 200000, 13, 0);
	split_walk(&in, &c, &c, &o);
	tap_ok(o.anon_pred == 7 && o.r[RC_KSWAPD].anon_by[CAUSE_ACTIVE_FILE] == 7,
	       "split-2.11 inactive file low against active: SCAN_FRACT, active_file_heavy (%.2f)", o.anon_pred);
	/* cgroup reclaim never takes the file_tiny branch (global only) */
	one_walk(&in, RC_CGROUP, 60, 50000, 1000, 500, 500, 36, 0);
	in.free = 1000;
	split_walk(&in, &c, &c, &o);
	tap_ok(o.r[RC_CGROUP].anon_by[CAUSE_FILE_TINY] == 0,
	       "split-2.13 cgroup reclaim: no file_tiny (prepare_scan_count(): !cgroup_reclaim(sc))");
	/* inactive_is_low() with 700000 pages (2 GB): ratio int_sqrt(20) = 4,
	 * 200000 * 4 >= 500000: not low, so cache_trim_mode and no anon */
	one_walk(&in, RC_KSWAPD, 60, 105984, 1000, 200000, 500000, 100, 0);
	split_walk(&in, &c, &c, &o);
	tap_ok(o.anon_pred == 0, "split-2.14 inactive_is_low() ratio int_sqrt(10 x GB): 200k against 500k is not low (%.0f)",
	       o.anon_pred);
	/* no swap: never anon */
	one_walk(&in, RC_DIRECT, 60, 1000, 0, 1000, 0, 2994, 0);
	in.swap_on = 0;
	split_walk(&in, &c, &c, &o);
	tap_ok(o.anon_pred == 0, "split-2.12 no swap space: SCAN_FILE even at priority 0 (%.0f)", o.anon_pred);
}

/*
 * The reference's levels 12.. down for one walk until `pages` are
 * scanned, the last level partly (the model's share of a level is
 * linear): the anon pages in it; *qsum (if not NULL) the sum over the
 * pages scanned of their level.
 */
static double ref_walk(const struct ref *k, double pages, double *qsum)
{
	double anon = 0, left = pages, q_pages = 0;
	ul nr[2];
	int q;

	for (q = 12; q >= 0 && left > 0; q--) {
		double t, part;

		scan_count(k, q, nr);
		t = (double)(nr[0] + nr[1]);
		if (t <= 0)
			continue;
		part = fmin(1, left / t);
		anon += (double)nr[0] * part;
		q_pages += q * t * part;
		left -= t;
	}
	if (qsum)
		*qsum = q_pages;
	return anon;
}

static double ref_walk_anon(const struct ref *k, double pages)
{
	return ref_walk(k, pages, NULL);
}

/* one 6.12 walk through the model, the flushed views given */
static void stale_walk(struct split_in *in, enum reclaimer who, const int v[3],
		       const double *views, int n, double measured)
{
	int j;

	one_walk(in, who, 100, 97935, 1000, 8959, 50, 225, 0);
	memcpy(in->version, v, 3 * sizeof(int));
	in->seen_n = n;
	for (j = 0; j < n; j++) {
		in->seen[j] = in->node;
		in->seen[j].inactive_file = views[j];
	}
	in->anon_measured = measured;
	in->eff_anon = in->eff_file = NAN;
}

/*
 * The reference of stale_walk(): lists 97935 / 1000 anon, 8959 / 50
 * file, swappiness 100, a flush that held seen_inf inactive file pages.
 */
static struct ref stale_ref(ul seen_inf)
{
	struct ref k = base(100, 8959);

	k.ia = 97935;
	k.aa = 1000;
	k.af = 50;
	k.flushed = 1;
	k.seen_inf = seen_inf;
	k.seen_af = 50;
	return k;
}

/*
 * The same walks where the collector traced the flush (in.seen_known):
 * a third of the interval's time before it, the views as the flushes held
 * them.  A prediction takes the time's shares: the reference's 369.2.  The
 * attribution keeps them where they explain the measured (300: 369.2),
 * and places the flush among the walks where they do not (the shares of
 * a flush at 2% of the interval scan 250.6, under 70% of 369.2).
 */
static void traced_flush(struct split_in *in, double ref)
{
	struct split_cost c = { 0, 0, 1, "" };
	struct split_out o, o2;

	in->seen_known = 1;
	in->seen_w[0] = 1.0 / 3;
	in->seen_w[1] = 2.0 / 3;
	in->anon_measured = NAN;
	split_walk(in, &c, &c, &o);
	tap_ok(fabs(o.anon_pred - ref) < 1e-6,
	       "split-8.14 a traced flush a third into the interval: the prediction's walks a third on the old view (%.1f, ref %.1f)",
	       o.anon_pred, ref);
	in->anon_measured = 300;
	split_walk(in, &c, &c, &o);
	in->refault_window[RC_KSWAPD] = 1;      /* the fits ask too */
	split_walk(in, &c, &c, &o2);
	in->refault_window[RC_KSWAPD] = 0;
	tap_ok(fabs(o.anon_pred - ref) < 1e-6 && fabs(o2.anon_pred - ref) < 1e-6,
	       "split-8.15 traced views are not picked: 300 measured keeps the time's shares, an activation nearby or not (%.1f, %.1f; the 600 view alone 243)",
	       o.anon_pred, o2.anon_pred);
	in->seen_w[0] = 0.02;
	in->seen_w[1] = 0.98;
	in->anon_measured = ref;
	split_walk(in, &c, &c, &o);
	tap_ok(fabs(o.anon_pred - ref) < 1e-6,
	       "split-8.16 a flush at 2%% of the time explains too little: the attribution places it a third into the walks (%.1f, ref %.1f)",
	       o.anon_pred, ref);
}

/*
 * The one traced flush before the interval fell between two samples, at
 * which the inactive file list held 3 and 3003 pages: a writer started
 * somewhere in between, so the flush held 3 pages, or 3003, or anything
 * on the way.  The reference's flush held 3 (a kswapd walk of 225 pages,
 * SCAN_FRACT down to level 8: 207.2 anon).  A prediction takes the
 * straight line, 1503 at the flush's time (1503 >> q > 0 from level 10:
 * 11 + 23 anon at levels 12 and 11); the attribution, which reads the
 * 207.2 measured, the end of the bracket that scans it.
 */
static void flush_in_bracket(void)
{
	static const int v612[3] = { 6, 12, 0 };
	static const double line[1] = { 1503 };
	struct split_cost c = { 0, 0, 1, "" };
	struct split_in in;
	struct split_out o;
	struct ref k = stale_ref(3);
	double want = ref_walk_anon(&k, 225);

	stale_walk(&in, RC_KSWAPD, v612, line, 1, NAN);
	in.seen_known = 1;
	in.seen_w[0] = 1;
	in.has_bracket = 1;
	in.seen_bracket[0] = in.seen_bracket[1] = in.node;
	in.seen_bracket[0].inactive_file = 3;
	in.seen_bracket[1].inactive_file = 3003;
	split_walk(&in, &c, &c, &o);
	tap_ok(fabs(want - 207.2) < 0.1 && o.anon_pred < 0.5 * want,
	       "split-8.20 a flush between two samples: the prediction takes the straight line between them (%.1f)",
	       o.anon_pred);
	in.anon_measured = want;
	split_walk(&in, &c, &c, &o);
	tap_ok(fabs(o.anon_pred - want) < 1e-6 &&
	       o.r[RC_KSWAPD].anon_by[CAUSE_SMALL_FILE] == o.anon_pred,
	       "split-8.21 the attribution takes the sample before, 3 pages: all %.1f anon explained, small_inactive_file (ref %.1f)",
	       o.anon_pred, want);
	/*
	 * A second flush traced inside the interval, at 95% of its time,
	 * that held 3003 (3003 >> q > 0 from level 11: cache trim): the
	 * reference's walk was done before it, on the 3-page view.  The
	 * attribution places the newer flush among the walks as split-8.16
	 * does, and where that still explains too little, the older view at
	 * either sample around it (place_flush(), older_at_ends()): the
	 * 3-page sample scans the 207.2 measured.  On the straight line the
	 * walk would trim the cache from level 10.
	 */
	in.seen_n = 2;
	in.seen[1] = in.seen_bracket[1];
	in.seen_w[0] = 0.95;
	in.seen_w[1] = 0.05;
	split_walk(&in, &c, &c, &o);
	tap_ok(fabs(o.anon_pred - want) <= 0.05 * want &&
	       o.r[RC_KSWAPD].anon_by[CAUSE_SMALL_FILE] >= 0.9 * o.anon_pred,
	       "split-8.21.1 ... and a newer flush inside the interval: the older at the 3-page sample, %.1f anon of %.1f explained, small_inactive_file",
	       o.anon_pred, want);
}

/*
 * A re-read file working set keeps the active file list as large as the
 * inactive one.  The reference's flush held 4999 inactive against 5000
 * active file pages: inactive_is_low() requests file deactivation, so no
 * level trims the cache and the walk of 225 pages takes SCAN_FRACT from
 * 12.  The samples around the flush show 5047 and 5504 inactive against
 * 5000 active (as a lab interval did, 8316 against 8269): the nearer is 47
 * pages from a tie, and the inactive list moved 457 between them, so a
 * tie is within reach.  The attribution, which reads the anon measured,
 * takes the first sample's lists with the inactive list just low (4999):
 * all of it explained, active_file_heavy.  Where the nearer sample is
 * further from a tie than the lists moved (7000 and 7400), it does not.
 */
static void flush_at_tie(void)
{
	static const int v612[3] = { 6, 12, 0 };
	struct split_cost c = { 0, 0, 1, "" };
	struct split_in in;
	struct split_out o;
	struct ref k = stale_ref(4999);
	double want, line[1] = { 5275 };

	k.seen_af = 5000;
	want = ref_walk_anon(&k, 225);
	stale_walk(&in, RC_KSWAPD, v612, line, 1, want);
	in.seen[0].active_file = 5000;
	in.seen_known = 1;
	in.seen_w[0] = 1;
	in.has_bracket = 1;
	in.seen_bracket[0] = in.seen_bracket[1] = in.seen[0];
	in.seen_bracket[0].inactive_file = 5047;
	in.seen_bracket[1].inactive_file = 5504;
	split_walk(&in, &c, &c, &o);
	tap_ok(want > 100 && fabs(o.anon_pred - want) < 1e-6 &&
	       o.r[RC_KSWAPD].anon_by[CAUSE_ACTIVE_FILE] > 0,
	       "split-8.22 a flush at a tie of the file lists, the samples 47 and 504 pages above it: all %.1f anon explained, active_file_heavy (ref %.1f)",
	       o.anon_pred, want);
	in.seen_bracket[0].inactive_file = 7000;
	in.seen_bracket[1].inactive_file = 7400;
	in.seen[0].inactive_file = 7200;
	split_walk(&in, &c, &c, &o);
	tap_ok(o.anon_pred < 0.5 * want,
	       "split-8.23 ... samples 2000 and 2400 above it, the lists moving 400: no tie taken (%.1f of %.1f)",
	       o.anon_pred, want);
}

/*
 * A flush between the walks of one interval: three kswapd walks of 225
 * pages, the first deciding on a flush that held 3 inactive file pages
 * (SCAN_FRACT down to level 8: 207.2 anon), the two after the flush on
 * one that held 600 (600 >> q == 0 for q >= 10: levels 12..10 SCAN_FRACT,
 * 11 + 23 + 47 = 81 anon, the rest trims the cache at 9, 8, 7 and 6).
 * The measured anon, 207.2 + 2 x 81 = 369.2, is nearer the 600 view
 * alone (3 x 81 = 243, short of 70% of it) than the 3 view alone (621.6):
 * the attribution takes both, a third of the walks before the flush, and
 * the scan-weighted priority of the three reference walks.  Unless an
 * activation was shown nearby: one refault walk on the 600 view scans as
 * much (the model shares the scan between its trim and refault walks:
 * split-6.x), and the activation is the reading taken.
 */
static void flush_between(void)
{
	static const int v612[3] = { 6, 12, 0 };
	static const double views[2] = { 3, 600 };
	struct split_cost c = { 0, 0, 1, "" };
	struct split_in in;
	struct split_out o;
	struct ref k = stale_ref(3);
	double anon, q_old, q_new, prio, want;

	anon = ref_walk(&k, 225, &q_old);
	k.seen_inf = 600;
	anon += 2 * ref_walk(&k, 225, &q_new);
	prio = (q_old + 2 * q_new) / (3 * 225);
	stale_walk(&in, RC_KSWAPD, v612, views, 2, anon);
	in.walks[RC_KSWAPD] = 3;
	in.scanned[RC_KSWAPD] = 3 * 225;
	split_walk(&in, &c, &c, &o);
	tap_ok(fabs(anon - 369.2) < 0.1 && fabs(o.anon_pred - anon) < 1e-6 &&
	       fabs(o.r[RC_KSWAPD].p_est - prio) < 1e-6,
	       "split-8.11 a flush between the walks: a third before it, anon %.1f (ref %.1f), priority %.3f (ref %.3f)",
	       o.anon_pred, anon, o.r[RC_KSWAPD].p_est, prio);
	/*
	 * the same anon is one of the three walks on the 600 view seeing a
	 * refault (SCAN_FRACT throughout, down to level 8 as the 3 view's:
	 * 207.2): with an activation shown nearby, the model's own reading
	 * comes before a flush in the interval
	 */
	k.refault_seen = 1;
	want = ref_walk_anon(&k, 225);
	in.refault_window[RC_KSWAPD] = 1;
	split_walk(&in, &c, &c, &o);
	tap_ok(fabs(want - 207.2) < 0.1 && fabs(o.anon_pred - anon) < 0.01 &&
	       o.r[RC_KSWAPD].anon_by[CAUSE_FILE_REFAULTS] > 0,
	       "split-8.13 with an activation nearby, a refault walk, not a flush (anon %.2f of %.2f, file_refaults %.1f; the reference's walk %.1f)", o.anon_pred, anon,
	       o.r[RC_KSWAPD].anon_by[CAUSE_FILE_REFAULTS], want);
	in.refault_window[RC_KSWAPD] = 0;
	in.anon_measured = 250;
	split_walk(&in, &c, &c, &o);
	tap_ok(fabs(o.anon_pred - 243) < 1e-6,
	       "split-8.12 where the 600 view alone explains 70%% of the measured (243 of 250), no flush between (%.1f)",
	       o.anon_pred);
	traced_flush(&in, anon);
}

/*
 * 6.12: the walk decides cache trimming on the file list size of the last
 * memcg stats flush.  Lists 97935 inactive anon, 8959 inactive file (50
 * active), swappiness 100, zero costs (ap = fp = 100: half each), one
 * kswapd walk of 225 pages; the flush held 300 inactive file pages:
 * 300 >> q == 0 for q >= 9, so levels 12..9 are SCAN_FRACT on the current
 * lists: anon 23/2, 47/2, 95/2, 191/2 = 11 + 23 + 47 + 95 = 176, file
 * 2/2, 4/2, 8/2, 17/2 = 1 + 2 + 4 + 8 = 15; level 8 trims the cache
 * (300 >> 8 = 1): 8959 >> 8 = 34 file pages.  176 + 15 + 34 = 225.
 */
static void stale_cases(void)
{
	static const int v612[3] = { 6, 12, 0 }, v611[3] = { 6, 11, 11 };
	static const double v300[1] = { 300 }, v256[1] = { 256 }, v255[1] = { 255 };
	static const double two[2] = { 300, 9000 }, three[3] = { 3, 300, 8959 };
	struct split_cost c = { 0, 0, 1, "" };
	struct split_in in;
	struct split_out o;
	struct ref k = stale_ref(300);
	double want;

	want = ref_walk_anon(&k, 225);
	stale_walk(&in, RC_KSWAPD, v612, v300, 1, NAN);
	split_walk(&in, &c, &c, &o);
	tap_ok(want == 176 && o.anon_pred == want &&
	       o.r[RC_KSWAPD].anon_by[CAUSE_SMALL_FILE] == want,
	       "split-8.1 6.12, flush held 300 file pages: levels 12..9 SCAN_FRACT, 176 of 225 pages anon, small_inactive_file (ref %.0f, model %.1f)",
	       want, o.anon_pred);
	stale_walk(&in, RC_KSWAPD, v611, v300, 1, NAN);
	split_walk(&in, &c, &c, &o);
	k.flushed = 0;
	tap_ok(ref_walk_anon(&k, 225) == 0 && o.anon_pred == 0,
	       "split-8.2 6.11 flushed before deciding: the same walk trims the cache at every level (%.1f)",
	       o.anon_pred);
	k.flushed = 1;
	stale_walk(&in, RC_CGROUP, v612, v300, 1, NAN);
	split_walk(&in, &c, &c, &o);
	tap_ok(o.anon_pred == 0,
	       "split-8.3 6.12 cgroup limit reclaim reads statistics the sampler's memory.stat read flushed: no stale view (%.1f)",
	       o.anon_pred);
	/* 256 >> 8 = 1: level 8 trims; 255 >> 8 = 0: level 8 SCAN_FRACT too */
	k.seen_inf = 256;
	want = ref_walk_anon(&k, 225);
	stale_walk(&in, RC_KSWAPD, v612, v256, 1, NAN);
	split_walk(&in, &c, &c, &o);
	tap_ok(want == 176 && fabs(o.anon_pred - want) < 1e-9,
	       "split-8.4 a flushed 256 still trims at level 8 (ref %.1f, model %.1f)", want, o.anon_pred);
	k.seen_inf = 255;
	want = ref_walk_anon(&k, 225);
	stale_walk(&in, RC_KSWAPD, v612, v255, 1, NAN);
	split_walk(&in, &c, &c, &o);
	tap_ok(want > 200 && fabs(o.anon_pred - want) < 1e-9,
	       "split-8.5 a flushed 255 lets anon in at level 8 too (ref %.1f, model %.1f)", want, o.anon_pred);
	/* two views alike: half of 176, the 9000 view's walk trimming throughout */
	stale_walk(&in, RC_KSWAPD, v612, two, 2, NAN);
	split_walk(&in, &c, &c, &o);
	tap_ok(fabs(o.anon_pred - 88) < 1e-9,
	       "split-8.6 a prediction takes each view the flush can have held as alike: 176 / 2 = 88 (%.1f)",
	       o.anon_pred);
	/*
	 * attribution: the views 3, 300, 8959 (3: SCAN_FRACT down to level 8,
	 * where 191 of 208 pages are anon: 191 + 34 x 191 / 208 = 207.2);
	 * 170 measured is nearest the 300 view's 176
	 */
	k.seen_inf = 3;
	want = ref_walk_anon(&k, 225);
	stale_walk(&in, RC_KSWAPD, v612, three, 3, 170);
	split_walk(&in, &c, &c, &o);
	tap_ok(fabs(want - 207.2) < 0.1 && o.anon_pred == 176,
	       "split-8.7 the attribution takes the view whose walk scans nearest the measured anon (176 for 170; view 3: %.1f)",
	       want);
	stale_walk(&in, RC_KSWAPD, v612, three, 3, NAN);
	split_walk(&in, &c, &c, &o);
	tap_ok(fabs(o.anon_pred - (want + 176) / 3) < 1e-6,
	       "split-8.8 without a measurement, the average of the three (%.1f)", o.anon_pred);
	/*
	 * inactive_is_low() reads the flushed sizes too: a flush that held
	 * 2000 inactive against 5000 active file pages requests file
	 * deactivation (2000 < 5000), so no level trims the cache, though
	 * the lists are 8959 against 50 now: levels 12, 11 SCAN_FRACT as
	 * 2000 >> 11 == 0, 10 and 9 as inactive_is_low(), level 8 too:
	 * 207.2 anon, as the view of 3 pages
	 */
	k.seen_inf = 2000;
	k.seen_af = 5000;
	want = ref_walk_anon(&k, 225);
	stale_walk(&in, RC_KSWAPD, v612, two, 1, NAN);
	in.seen[0].inactive_file = 2000;
	in.seen[0].active_file = 5000;
	split_walk(&in, &c, &c, &o);
	tap_ok(fabs(want - 207.2) < 0.1 && fabs(o.anon_pred - want) < 1e-9 &&
	       o.r[RC_KSWAPD].anon_by[CAUSE_ACTIVE_FILE] > 0,
	       "split-8.10 inactive_is_low() on the flushed sizes: no level trims, active_file_heavy below 11 (ref %.1f, model %.1f)",
	       want, o.anon_pred);
	tap_ok(split_flushed_view(v612) && !split_flushed_view(v611),
	       "split-8.9 the flushed view from 6.12.0 on, not 6.11");
	flush_between();
	flush_at_tie();
}

/* lru_note_cost(): the charges per version and the halving */
static void costs(void)
{
	static const int v61[3] = { 6, 1, 0 }, v62[3] = { 6, 2, 0 }, v57[3] = { 5, 7, 0 };
	struct split_lists l = { 200000, 0, 200000, 0 };   /* lrusize / 4 = 100000 */
	struct split_cost c;
	struct split_in in;

	memset(&in, 0, sizeof(in));
	memcpy(in.version, v61, sizeof(v61));
	split_cost_init(&c, v61);
	in.swap_out = 10;
	split_cost_update(&c, &in, &l);
	tap_ok(c.anon == 10 && c.file == 0, "split-3.1 6.1 charges anon the pages written (%.0f)", c.anon);
	memcpy(in.version, v62, sizeof(v62));
	split_cost_init(&c, v62);
	split_cost_update(&c, &in, &l);
	tap_ok(c.anon == 320, "split-3.2 6.2+ charges 32 x pages written (%.0f)", c.anon);
	memcpy(in.version, v61, sizeof(v61));
	split_cost_init(&c, v61);
	c.anon = 60000;
	c.file = 30000;
	in.swap_out = 0;
	in.file_writes = 20000;
	split_cost_update(&c, &in, &l);
	/* the sum passes 100000 after 10000 file pages: both halve once */
	tap_ok(c.anon == 30000 && c.file > 29000 && c.file < 31000,
	       "split-3.3 both costs halve when their sum passes lrusize / 4 (%.0f, %.0f)", c.anon, c.file);
	split_cost_init(&c, v57);
	tap_ok(!c.known, "split-3.4 before 5.8 the cost inputs are not in /proc/vmstat");
}

/*
 * A walk that lets anon in frees none of it at once: shrink_folio_list()
 * starts an anon folio's swap write and keeps it, and a later pass frees
 * it once the write is done (v6.1 and v6.18).  The reference's anon
 * batches here free nothing, while the efficiency measured before, which
 * counts those later frees, is 0.5.  Six direct walks at swappiness 100,
 * zero costs, two of them after a refault: a trim walk scans file only
 * (9, 19 and 39 at levels 12 to 10: 67), a refault walk SCAN_FRACT, half
 * of each list's target, reclaiming file only: 12 + 25 + 51 anon at
 * levels 12 to 10 and two batches of level 9 (64): 152, where it would
 * have stopped after level 10's first batch (12 + 25 + 32) had half its
 * anon been freed.  The attribution reads the 304 anon pages measured:
 * it explains them.
 */
static void anon_freed_later(void)
{
	struct ref k = base(100, 40000), before;
	struct split_cost cost;
	struct split_in in;
	struct split_out out;
	int w, act = 0;

	k.eff_anon = 0;
	before = k;
	for (w = 0; w < 6; w++) {
		if (w % 3 == 0) {
			k.refault_seen = 1;
			act++;
		}
		direct_walk(&k);
	}
	model_view(&k, &before, RC_DIRECT, &in);
	in.activate_file = act;
	in.eff_anon = 0.5;
	in.eff_file = 0.9;
	split_cost_init(&cost, (const int[3]){ 6, 1, 0 });
	split_walk(&in, &cost, &cost, &out);
	tap_ok(in.anon_measured == 304 &&
	       fabs(out.anon_pred - in.anon_measured) <= 0.05 * in.anon_measured &&
	       out.r[RC_DIRECT].anon_by[CAUSE_FILE_REFAULTS] == out.anon_pred,
	       "split-19.1 refault walks whose anon frees nothing at once: the %.0f anon pages "
	       "measured are explained, file_refaults (%.1f)", in.anon_measured, out.anon_pred);
}

/*
 * The other way round from split-14, as the 6.1 lab's traces show it
 * more often (the deepest level kswapd scanned anon at lay above the
 * deepest it scanned file at in 364 of 564 intervals with both): the
 * activations came before high-order walks, which let anon in from
 * level 12 and stopped at their compaction gap, while the order-0
 * walks below min trimmed the cache down to where they were balanced.
 * Swappiness 200 and 100, one to three such walks of 100; the
 * attribution reads the anon measured (30 to 177 pages).  Taken as long
 * walks, as the trim walks short first put them, the refault walks scan
 * 1300-1750 anon pages, 10 to 40 times that, and the priority comes out
 * 0.45-0.86 levels too deep; the short walks spread over both kinds
 * (sw_fit_short_spread()) scan 250-390, and put it within 0.45.
 */
static void short_refault_walks(void)
{
	static const int sw[] = { 200, 100 };
	int s, i, n = 0, ok = 0, near = 0;
	double worst = 0;

	for (s = 0; s < 2; s++)
		for (i = 0; i < 6; i++) {
			struct ref k = lab_node(sw[s], 6000);
			struct split_in in;
			struct split_out out;
			double d;

			refault_interval(&k, 1 + i % 3, 1, 0, &in, &out);
			d = fabs(out.r[RC_KSWAPD].p_est - truth_priority(&k));
			n++;
			ok += d <= 0.5;
			worst = fmax(worst, d);
			near += out.anon_pred >= in.anon_measured &&
				out.anon_pred <= 15 * in.anon_measured;
		}
	tap_ok(ok == n && near == n,
	       "split-14.3 the walks that saw a refault are short ones: the attribution's priority within half a level in %d of %d intervals (worst %.2f), its anon within 1 to 15 times the anon measured in %d",
	       ok, n, worst, near);
}

/*
 * How much of kswapd's scan the replay says it took as watermark-boost
 * reclaim (boosted): intervals like split-15.1's (boost_and_normal_case(),
 * the reference's random draws going on from where they stand), one to three boosted walks
 * (nr_boost_reclaim 1024 or 1524 pages each, held at DEF_PRIORITY - 2
 * with may_swap off: balance_pgdat(), v6.1 and v6.18) beside five
 * normal ones, against the pages the reference's boosted walks scanned
 * (the boosted reclaim is what kswapd reclaimed beyond the normal walks'
 * watermark gaps, which the reference's walks exceed by up to a quarter:
 * an interval's boosted scan is off by up to 73%); and the same
 * normal walks without a boost, kcompactd woken for none of them (it is
 * woken after every walk that entered boosted), where none is boosted.
 */
static void boosted_scan(void)
{
	double ref = 0, model = 0, plain = 0, worst = 0;
	int i, n = 0, near = 0;

	for (i = 0; i < 9; i++) {
		struct split_out out;
		double b, d;

		boost_and_normal_case(i, 1 + i / 3, 0, &out, &b);
		ref += b;
		model += out.r[RC_KSWAPD].boosted;
		d = fabs(out.r[RC_KSWAPD].boosted - b) / b;
		n++;
		near += d <= 0.25;
		worst = fmax(worst, d);
	}
	tap_ok(near >= n - 2 && fabs(model - ref) <= 0.1 * ref,
	       "split-21.1 kswapd's scan taken as boosted reclaim: within 25%% of the reference's boosted walks' in %d of %d intervals, all but two at least (worst %.0f%%), and %.0f pages against %.0f in all (within 10%%)",
	       near, n, 100 * worst, model, ref);
	for (i = 0; i < 9; i++) {
		struct split_out out;
		double b;

		boost_and_normal_case(i, 0, 0, &out, &b);
		plain += out.r[RC_KSWAPD].boosted;
	}
	tap_ok(plain == 0,
	       "split-21.2 ... and none where no walk was boosted (kcompactd woken for none): %.0f pages",
	       plain);
	for (i = 0, n = near = 0; i < 6; i++, n++) {
		double share;

		boost_goes_on_case(i, &share);
		near += fabs(share - 1) < 1e-9;
	}
	tap_ok(near == n,
	       "split-21.3 ... and all of it in split-15.10's interval where the boosted walk goes on alone: in %d of %d",
	       near, n);
}

/*
 * Case i of split-22: one to three walks woken with a boost of 1024 or
 * 1536 pages raised between the samples (neither shows it), each on a
 * node whose free pages the allocations had taken to half its min
 * watermark (direct reclaim ran): balance_pgdat() finds it short of
 * high + boost, drops
 * nr_boost_reclaim and restarts as a normal walk that must reach
 * high_wmark_pages(), the boost still in it (v5.0+; 6.1 and 6.18), and
 * wakes kcompactd at `out` all the same; beside them three order-0 walks
 * woken below low.  Direct reclaim freed 0.07 to 0.37 pages for each
 * page kswapd freed (6.5% to 27% of the reclaim; from 5% the model takes
 * boosts as dropped, DROPPED_BOOST_DIRECT_SHARE).  Returns the traced
 * priority.
 */
static double dropped_boost_walks(int i, int refault, struct split_in *in)
{
	struct ref k = lab_node(refault ? 100 : 60, 6000 + 3000 * (ul)(i % 3)), before;
	ul boost = i % 2 ? 1024 : 1536, high = k.high;
	double direct = refault ? 0.07 : 0.07 + 0.1 * (i % 4);
	int w;

	before = k;
	for (w = 0; w < 1 + i % 3; w++) {
		k.high = high + boost;
		kswapd_walk_order(&k, boost + high - k.min / 2, 0);
		k.high = high;
		k.kcompactd_wakes++;   /* out: if (boosted) wakeup_kcompactd() */
	}
	for (w = 0; w < 3; w++) {
		k.refault_seen = refault && w < 2;
		kswapd_walk_order(&k, (ul)((k.high - k.low) * (1 + urand() / 4)), 0);
	}
	boost_view(&k, &before, 1.0, in);
	in->reclaimed[RC_DIRECT] = direct * in->reclaimed[RC_KSWAPD];
	in->scanned[RC_DIRECT] = in->reclaimed[RC_DIRECT];
	in->walks[RC_DIRECT] = ceil(in->reclaimed[RC_DIRECT] / SCM);
	in->activate_file = refault;
	return truth_priority(&k);
}

static double dropped_boost_case(int i, struct split_in *in)
{
	return dropped_boost_walks(i, 0, in);
}

/*
 * The same at swappiness 100, the first two walks woken below low each
 * after a file refault: they let anon in (SCAN_FRACT, half of each
 * list's target with no cost charged) at every level, more anon than
 * direct reclaim scanned (6.5% of the reclaim, its scan as large), so
 * pgscan_anon shows kswapd's anon; the start sample showed the boost,
 * the node balanced with it, before the allocations took it below min.
 * The walks that entered with it dropped it all the same.
 */
static double dropped_boost_anon_case(int i, struct split_in *in)
{
	double truth = dropped_boost_walks(i, 1, in);

	/* the start sample showed the boost on a balanced node, before the
	 * allocations took it below min */
	in->boost_start = i % 2 ? 1024 : 1536;
	in->free_start = 20000;
	return truth;
}

/*
 * Cases 0..n-1 of `make` (the traced priority; in: the model's view),
 * the model's kswapd estimate off the truth as told (with) and with what
 * `hide` takes from its view (without).
 */
static void told_and_not(double (*make)(int, struct split_in *),
			 void (*hide)(struct split_in *), int n,
			 struct off_tally *with, struct off_tally *without)
{
	int i;

	for (i = 0; i < n; i++) {
		struct split_in in;
		double truth = make(i, &in);

		off_add(with, kswapd_off(&in, truth));
		hide(&in);
		off_add(without, kswapd_off(&in, truth));
	}
}

static void hide_direct(struct split_in *in)
{
	in->reclaimed[RC_DIRECT] = in->scanned[RC_DIRECT] = in->walks[RC_DIRECT] = 0;
}

/*
 * split-22.3: dropped_boost_anon_case()'s walks restarted as normal ones
 * and reclaimed no boost: the model takes none of their scan as boosted
 * reclaim, though kswapd's anon no longer rules boosts out.
 */
static void dropped_boosts_beside_anon(void)
{
	unsigned long long draws = rng;
	int i, none = 0;

	for (i = 0; i < 12; i++) {
		struct split_cost cost;
		struct split_in in;
		struct split_out out;

		dropped_boost_anon_case(i, &in);
		split_cost_init(&cost, in.version);
		split_walk(&in, &cost, &cost, &out);
		none += out.r[RC_KSWAPD].boosted == 0;
		if (getenv("T_SPLIT_DEBUG"))
			fprintf(stderr, "dropped beside anon %d: boosted %.0f of %.0f, anon %.0f\n", i,
				out.r[RC_KSWAPD].boosted, in.scanned[RC_KSWAPD], in.anon_measured);
	}
	rng = draws;            /* the tests after draw as before */
	tap_ok(none == 12,
	       "split-22.3 the same walks at swappiness 100, two woken below low scanning anon after a refault: no boosted reclaim taken in %d of 12 (the boosts were dropped)",
	       none);
}

static void dropped_boosts(void)
{
	struct off_tally t = { 0, 0, 0 }, hidden = { 0, 0, 0 };

	told_and_not(dropped_boost_case, hide_direct, 12, &t, &hidden);
	tap_ok(t.ok == t.n,
	       "split-22.1 walks that entered with boosts no sample shows, on a node below min (direct reclaim did 6.5-27%% of the reclaim): dropped, normal walks, priority within one level in %d of %d (worst %.2f)",
	       t.ok, t.n, t.worst);
	tap_ok(hidden.ok <= hidden.n / 2,
	       "split-22.2 ... the same walks without the direct reclaim read as boosted reclaim at level 10: within one level in %d of %d, half at most",
	       hidden.ok, hidden.n);
	dropped_boosts_beside_anon();
}

/*
 * Three boosted walks that end in the interval on split-9.1's node
 * (boosts of 2000 to 2600 pages, the zones holding 2250 + 512 at most),
 * the first entered before the interval's first sample: PAGEOUTRUN
 * counted two of them, kcompactd woke three times (balance_pgdat()
 * wakes it at `out` after each walk that entered with a boost).  Their
 * reclaim is more than two boosts can hold, yet each reclaimed its own:
 * the wakes count the walks that may have held one (split-9.4).  Told no
 * wakes (a collector that did not record compact_daemon_wake), the model
 * takes the same reclaim as two normal walks' (split-9.5).
 */
static double walk_from_before(int i, struct split_in *in)
{
	struct ref k = boost_walks_node(i % 2 ? 100 : 60), before = k;
	int w;

	for (w = 0; w < 3; w++)
		boosted_walk(&k, 2000 + 300 * (ul)(i % 3));
	before.walks++;             /* the first walk's PAGEOUTRUN: before */
	boost_walks_view(&k, &before, in);
	return truth_priority(&k);
}

static void hide_wakes(struct split_in *in)
{
	in->kcompactd_wakes = NAN;
}

static void boosted_walks_from_before(void)
{
	struct off_tally t = { 0, 0, 0 }, unrecorded = { 0, 0, 0 };

	told_and_not(walk_from_before, hide_wakes, 6, &t, &unrecorded);
	tap_ok(t.ok == t.n,
	       "split-9.4 three boosted walks ending in the interval, one of them entered before it (PAGEOUTRUN 2, kcompactd woken 3 times), reclaiming more than two boosts: boosted, priority within one level in %d of %d (worst %.2f)",
	       t.ok, t.n, t.worst);
	tap_ok(unrecorded.ok <= unrecorded.n / 2,
	       "split-9.5 ... the wakes not recorded: the reclaim is two normal walks', within one level in %d of %d, half at most",
	       unrecorded.ok, unrecorded.n);
}

/*
 * Two normal walks that each reclaim 4500 pages (the allocations go on
 * while they run), more than three boosts of 2250 + 512 can hold, in an
 * interval whose kcompactd woke four times: wakeup_kswapd() wakes it
 * itself, without a walk, for an allocation that finds the node
 * balanced but fragmented (v6.1 and v6.18).  One walk more than
 * PAGEOUTRUN counts may have held a boost (one that began before the
 * interval), not four: the reclaim is the normal walks', as split-9.3's
 * (split-9.6).
 */
static void wakes_without_walks(void)
{
	int i, ok = 0, n = 0;

	for (i = 0; i < 6; i++) {
		struct ref k = boost_walks_node(i % 2 ? 100 : 60), before;
		struct split_in in;

		k.walks = 100;
		k.kcompactd_wakes = 50;
		before = k;
		kswapd_walk(&k, 4500 + 100 * (ul)(i % 3));
		kswapd_walk(&k, 4500 + 100 * (ul)(i % 3));
		k.kcompactd_wakes += 4;     /* wakeup_kswapd() on a balanced node */
		boost_walks_view(&k, &before, &in);
		n++;
		ok += kswapd_off(&in, truth_priority(&k)) <= 1;
	}
	tap_ok(ok == n,
	       "split-9.6 two normal walks reclaiming more than three boosts, kcompactd woken four times without them: normal walks, within one level in %d of %d",
	       ok, n);
}

/*
 * kswapd between its walks (kswapd_try_to_sleep(), v6.1 and v6.18): a
 * walk ends with the free pages at high or past it (pgdat_balanced()
 * before each level), then kswapd naps for HZ / 10.  An allocation that
 * fails the low watermark meanwhile wakes it and the next walk starts at
 * low (KSWAPD_LOW_WMARK_HIT_QUICKLY); a node short of high at the nap's
 * end starts it there (KSWAPD_HIGH_WMARK_HIT_QUICKLY); else kswapd
 * sleeps until an allocation fails low.  The allocations take `rate`
 * pages a second throughout and kswapd reclaims `speed` pages a second
 * while it walks, so a walk from f free pages must reclaim (high - f) /
 * (1 - rate / speed) before the node is balanced.  `next` and `f`: when
 * the next walk starts and the free pages then.
 */
struct napping {
	double rate, speed, next, f;
	/* the share of each walk's reclaim freed in the DMA zone (0: none
	 * told apart), its low-to-high gap, and those pages so far
	 * (nap_walks()) */
	double dma_share, dma_gap, dma_freed;
};

#define NAP_S 0.1                 /* schedule_timeout(HZ / 10) */

/* kswapd's nap and sleep after a walk that ended at time t with f free */
static void nap_then_wake(const struct ref *k, struct napping *n, double t, double f)
{
	double low = (double)k->low, high = (double)k->high;

	if (f - n->rate * NAP_S <= low) {
		n->next = t + (f - low) / n->rate;       /* woken in the nap */
		n->f = low;
		return;
	}
	n->next = t + NAP_S;
	n->f = f - n->rate * NAP_S;
	if (n->f < high)
		return;                                  /* short of high */
	n->next += (n->f - low) / n->rate;               /* asleep until low */
	n->f = low;
}

/* The walks that begin in the interval [t0, t0 + seconds). */
static void nap_interval(struct ref *k, struct napping *n, double t0, double seconds)
{
	double end = t0 + seconds, f = n->f, t = t0;

	while (n->next < end) {
		double before = k->pgsteal, got, need;

		need = ((double)k->high - n->f) / (1 - n->rate / n->speed);
		/* begun above low, the allocations took from DMA32 alone and
		 * DMA kept what the walk freed in it; pgdat_balanced() ends the
		 * walk once DMA has gained its gap (any zone at high) */
		if (n->dma_share > 0 && n->f > (double)k->low)
			need = fmin(need, n->dma_gap / n->dma_share);
		kswapd_walk(k, (ul)ceil(need));
		got = k->pgsteal - before;
		n->dma_freed += n->dma_share * got;
		t = n->next + got / n->speed;
		f = n->f + got - n->rate * got / n->speed;
		nap_then_wake(k, n, t, f);
	}
	/* the free pages at the sample: the last walk's end, less what the
	 * allocations took since, not below low (a walk begins there) */
	f -= n->rate * (end - t);
	k->free = (ul)fmax((double)k->low, f);
}

/* a lab guest's node: its lists and watermarks, summed and by zone */
struct zoned_node {
	ul ia, aa, inf, af, min, low, high;
	int64_t dma_low, dma_high, dma32_low, dma32_high;
};

/* the 1 GB guest: khugepaged's min_free_kbytes spreads its watermarks */
static const struct zoned_node guest_1g = {
	199000, 1000, 19000, 150, 11263, 14078, 16893, 221, 265, 13857, 16628,
};
static const struct zoned_node guest_512m = {
	98000, 500, 9000, 200, 678, 847, 1016, 27, 32, 820, 984,
};

/* base() on a guest's node, every file page scanned reclaimed */
static struct ref guest_ref(const struct zoned_node *g)
{
	struct ref k = base(60, g->inf);

	k.ia = g->ia;
	k.aa = g->aa;
	k.af = g->af;
	k.min = g->min;
	k.low = g->low;
	k.high = g->high;
	k.eff_file = 1.0;
	return k;
}

/*
 * The model's kswapd priority over the reference interval since before,
 * every file page scanned reclaimed, the zones' frees as the analyzer
 * reads them (zone_need, NAN: not told): its distance from the traced
 * priority (NAN where kswapd did not walk).
 */
static double interval_off(const struct ref *k, const struct ref *before,
			   struct split_cost *cost, double zone_need, const char *what, int i)
{
	struct split_in in;
	struct split_out out;
	double off;

	model_view(k, before, RC_KSWAPD, &in);
	in.eff_anon = NAN;
	in.eff_file = 1.0;
	in.zone_need = zone_need;
	split_walk(&in, cost, cost, &out);
	off = fabs(out.r[RC_KSWAPD].p_est - truth_priority(k));
	if (getenv("T_SPLIT_DEBUG"))
		fprintf(stderr, "%s %d: walks %.0f reclaimed %.0f need %.0f est %.2f true %.2f\n",
			what, i, in.walks[RC_KSWAPD], in.reclaimed[RC_KSWAPD], zone_need,
			out.r[RC_KSWAPD].p_est, truth_priority(k));
	return off;
}

/*
 * kswapd on a 1 GB lab guest's node (watermarks 11263 / 14078 / 16893
 * pages summed, a low-to-high gap of 2815; 19000 inactive file pages, no
 * refault), six walks an interval, each woken at low, no allocation rate
 * told.  While kswapd walks, balance_pgdat() has set ZONE_RECLAIM_ACTIVE
 * and nr_pcp_high() is batch << 2, so the next free on each CPU gives
 * its per-cpu list beyond that to the zone's free count
 * (free_unref_page_commit(); mm/page_alloc.c, v6.1 and v6.12): `spill`
 * pages a walk, give or take half, that the walk need not reclaim, as
 * pgdat_balanced() reads NR_FREE_PAGES.  told: the model is given the
 * lists' fall over the interval (zoneinfo's pagesets count).  Returns
 * the intervals within one level of the traced priority.
 */
static int spilling_walks(double spill, int told)
{
	struct ref k = guest_ref(&guest_1g);
	struct split_cost cost;
	int i, w, ok = 0;

	split_cost_init(&cost, (const int[3]){ 6, 1, 0 });
	for (i = 0; i < 8; i++) {
		struct ref before = k;
		struct split_in in;
		struct split_out out;

		memset(k.trace, 0, sizeof(k.trace));
		for (w = 0; w < 6; w++) {
			double given = spill * (0.5 + urand());
			double need = (double)(k.high - k.low) - given;

			k.pcp_released += given;
			kswapd_walk(&k, need > 1 ? (ul)ceil(need) : 1);
		}
		k.free = k.high;
		model_view(&k, &before, RC_KSWAPD, &in);
		if (!told)
			in.pcp_released = NAN;
		in.eff_anon = NAN;
		in.eff_file = 1.0;
		split_walk(&in, &cost, &cost, &out);
		ok += fabs(out.r[RC_KSWAPD].p_est - truth_priority(&k)) <= 1;
		if (getenv("T_SPLIT_DEBUG"))
			fprintf(stderr, "spilling %.0f %d: reclaimed %.0f est %.2f true %.2f\n",
				spill, i, in.reclaimed[RC_KSWAPD],
				out.r[RC_KSWAPD].p_est, truth_priority(&k));
	}
	return ok;
}

static void spilling_kswapd(void)
{
	unsigned long long draws = rng;
	int told = spilling_walks(1500, 1), untold = spilling_walks(1500, 0);
	int none = spilling_walks(0, 1);

	rng = draws;            /* the tests after draw as before */

	tap_ok(told >= 7,
	       "split-24.1 kswapd walks helped to high by the per-cpu lists' spill, about 1500 of a gap of 2815 pages a walk: within one level in %d of 8 intervals",
	       told);
	tap_ok(untold < told,
	       "split-24.2 ... which the gap alone puts too deep: %d of 8 within one level without the lists' fall",
	       untold);
	tap_ok(none >= 7,
	       "split-24.3 walks whose lists gave nothing back reclaim the whole gap: within one level in %d of 8",
	       none);
}

/*
 * What the analyzer reads of an interval whose reclaim freed dma pages in
 * the DMA zone and the rest in DMA32 (zone_frees_need()): DMA's free
 * pages rose by them; DMA32's stayed, the allocations taking the rest.
 */
static double zone_need_of(const struct zoned_node *g, double dma, double rest)
{
	static char *names[] = {
		"pgalloc_dma", "pgalloc_dma32",
		"zoneinfo:node0.DMA.nr_free_pages", "zoneinfo:node0.DMA.low",
		"zoneinfo:node0.DMA.high", "zoneinfo:node0.DMA32.nr_free_pages",
		"zoneinfo:node0.DMA32.low", "zoneinfo:node0.DMA32.high",
	};
	int64_t value[8] = { 0, 0, g->dma_high, g->dma_low, g->dma_high,
			     g->dma32_low, g->dma32_low, g->dma32_high };
	int64_t delta[8] = { 0, (int64_t)rest, (int64_t)dma, 0, 0, 0, 0, 0 };
	unsigned char present[8] = { 1, 1, 1, 1, 1, 1, 1, 1 };
	struct metric_stream ms;
	struct zone_frees z;

	memset(&ms, 0, sizeof(ms));
	ms.names = names;
	ms.delta = delta;
	ms.it.present = present;
	ms.it.value = value;
	ms.it.c.nr = 8;
	zone_frees_resolve(&z, names, 8);
	return zone_frees_need(&z, &ms, dma + rest);
}

/*
 * Eight intervals of 0.25 s of the napping kswapd on a lab guest's node
 * (the 1 GB guest: khugepaged's min_free_kbytes spreads its watermarks
 * 2815 pages from low to high; 19000 inactive file pages, no refault:
 * each level trims the cache), the allocations at `rate` pages a second
 * (drift: give or take a quarter, interval by interval), a `share` of
 * each walk's reclaim freed in the DMA zone, give or take a quarter (0:
 * none told apart; the guests' traces put 17-39% there where the walks
 * ended early), with two order-3 walks an interval beside them
 * (short_walks).  A walk begun where the nap left the node short of high
 * ends once DMA has gained its gap (nap_interval()); one woken at low in
 * the nap does not, as the allocations took from DMA too.  tell_rate,
 * tell_zones: the model is given each interval's allocation rate, its
 * frees by zone.
 */
struct nap_case {
	const struct zoned_node *g;
	double rate, share;
	int drift, short_walks, tell_rate, tell_zones;
	const char *what;
};

/* The intervals of c within one level of the traced priority; their
 * mean distance from it added to *err (NULL: not wanted). */
static int nap_walks(const struct nap_case *c, double *err)
{
	struct ref k = guest_ref(c->g);
	struct napping n = { c->rate, 100000, 0, 0, 0,
			     (double)(c->g->dma_high - c->g->dma_low), 0 };
	struct split_cost cost;
	int i, ok = 0;

	nap_then_wake(&k, &n, 0, (double)k.high);
	split_cost_init(&cost, (const int[3]){ 6, 1, 0 });
	for (i = 0; i < 8; i++) {
		struct ref before = k;
		double dma_before = n.dma_freed, dma, off;

		memset(k.trace, 0, sizeof(k.trace));
		/* the nap that began the interval's first walk had the pace
		 * of the interval before */
		if (c->drift)
			n.rate = c->rate * (0.75 + 0.5 * urand());
		if (c->share > 0)
			n.dma_share = c->share * (0.75 + 0.5 * urand());
		nap_interval(&k, &n, 0.25 * i, 0.25);
		if (c->short_walks) {
			/* woken for order 3 on a node balanced at order 0:
			 * compact_gap(3) pages each (kswapd_walk_order()) */
			kswapd_walk_order(&k, 0, 3);
			kswapd_walk_order(&k, 0, 3);
		}
		k.alloc_rate = c->tell_rate ? n.rate : 0;
		dma = n.dma_freed - dma_before;
		off = interval_off(&k, &before, &cost, c->tell_zones ? zone_need_of(c->g, dma,
				   k.pgsteal - before.pgsteal - dma) : NAN, c->what, i);
		ok += off <= 1;
		if (err)
			*err += off / 8;
	}
	return ok;
}

static void zoned_kswapd(void)
{
	unsigned long long draws = rng;
	double told_err = 0, untold_err = 0, low_err = 0, small_err = 0;
	struct nap_case c = { .g = &guest_1g, .rate = 15000, .share = 0.25,
			      .tell_rate = 1, .tell_zones = 1, .what = "zoned" };
	int told = nap_walks(&c, &told_err), untold, at_low, small;

	c.tell_zones = 0;
	untold = nap_walks(&c, &untold_err);
	c.tell_zones = 1;
	c.rate = 40000;
	at_low = nap_walks(&c, &low_err);
	c.g = &guest_512m;
	c.rate = 4000;
	c.share = 0.2;
	c.short_walks = 1;
	small = nap_walks(&c, &small_err);

	rng = draws;            /* the tests after draw as before */

	tap_ok(told >= 7,
	       "split-25.1 walks begun short of high end once the DMA zone has gained its gap at its share of the frees: within one level in %d of 8 intervals",
	       told);
	tap_ok(untold < told && untold_err > 1.5 * told_err,
	       "split-25.2 ... which the nap alone puts too deep: %d of 8 within one level without the frees by zone, %.2f levels off on average against %.2f",
	       untold, untold_err, told_err);
	tap_ok(at_low >= 7,
	       "split-25.3 walks woken at low in the nap, DMA drained too, reclaim the whole gap whatever DMA's share: within one level in %d of 8",
	       at_low);
	tap_ok(small >= 7,
	       "split-25.4 ... as on a 512 MB guest, DMA's gap 5 pages, 20%% of the frees in it: within one level in %d of 8",
	       small);
}

static void napping_kswapd(void)
{
	struct nap_case c = { .g = &guest_1g, .rate = 40000, .drift = 1,
			      .tell_rate = 1, .what = "napping" };
	int fast = nap_walks(&c, NULL), slow, untold;

	c.rate = 15000;
	slow = nap_walks(&c, NULL);
	c.tell_rate = 0;
	untold = nap_walks(&c, NULL);

	tap_ok(slow >= 7,
	       "split-23.1 kswapd walks that begin where its nap left the node, about 1500 pages short of high on a gap of 2815: within one level in %d of 8 intervals",
	       slow);
	tap_ok(untold < slow,
	       "split-23.2 ... which the low-to-high gap alone puts too deep: %d of 8 within one level without the allocation rate",
	       untold);
	tap_ok(fast >= 7,
	       "split-23.3 walks woken in the nap at low (its allocations taking about 4000 pages, more than the gap): within one level in %d of 8",
	       fast);
}

/*
 * A direct walk that outlasts a sample (model/split_direct.c), played
 * from v6.1 do_try_to_free_pages(): ALLOCSTALL counted once at the walk's
 * start, levels 12 down until 32 pages are reclaimed, each level's
 * targets decided when its pass begins (prepare_scan_count() per
 * shrink_node()).  At swappiness 200 a walk that saw a refault takes
 * SCAN_FRACT with fp = 0: anon only, and anon under swap writeback frees
 * nothing at once (eff_anon 0), so it dives.  Interval 1: the refault,
 * the walk's levels 12 to 5.  Interval 2: its level 4, then its level-3
 * targets decided, then another reclaimer's walk ends
 * (snapshot_refaults(): the refault is seen no more) and the new walks
 * (trims) trim the cache, then the level-3 pass scans (level3; 0: the
 * sample comes before it).  Interval 3 (third): another refault, the
 * walk's level-2 pass, no new walk.  (A walk that goes on beside new
 * walks that reclaim is not carried past that interval: its rate is the
 * interval's, theirs in it; sw_direct_long_walk().)  The model is told
 * the rate measured before (0.38 of the anon scanned freed), as the
 * replay is.  where_done: the walk of interval 1 frees its anon
 * (eff_anon 0.3) and ends.
 */
struct dive_case {
	int where_done, trims, level3, third;
	int uncounted;             /* interval 2's walks not recorded (NAN) */
	double carried;            /* the going_on interval 1 left */
	double anon_true, anon_pred, p_true, p_est;   /* the last interval's */
	double p_uncarried;        /* interval 2's p_est taking none going on */
};

/* The model's replay of the reference's interval since `before`. */
static void dive_interval(const struct ref *k, const struct ref *before, int act,
			  int uncounted, const struct split_cost *cost, struct split_out *out)
{
	struct split_reclaim_out last = out->r[RC_DIRECT];
	struct split_in in;

	model_view(k, before, RC_DIRECT, &in);
	in.activate_file = act;
	in.eff_anon = 0.38;
	in.eff_file = 0.9;
	if (uncounted)
		in.walks[RC_DIRECT] = NAN;
	split_direct_goes_on(&in, &last);
	split_walk(&in, cost, cost, out);
}

static void direct_dive_case(struct dive_case *c)
{
	struct ref k = base(200, 8192), before = k;
	struct split_cost cost;
	struct split_out out;
	ul nr[2], reclaimed = 0;
	int prio = 12, w;

	memset(&out, 0, sizeof(out));
	k.eff_anon = c->where_done ? 0.3 : 0;
	split_cost_init(&cost, (const int[3]){ 6, 1, 0 });
	/* interval 1: the walk that saw the refault */
	k.refault_seen = 1;
	k.walks++;
	for (; prio >= 5 && reclaimed < SCM; prio--)
		reclaimed += shrink_level(&k, prio, SCM, 0);
	if (reclaimed >= SCM)
		k.refault_seen = 0;           /* it ended: snapshot_refaults() */
	dive_interval(&k, &before, 1, 0, &cost, &out);
	c->carried = out.r[RC_DIRECT].going_on;
	/* interval 2 */
	before = k;
	memset(k.trace, 0, sizeof(k.trace));
	if (!c->where_done)
		shrink_level(&k, prio--, SCM, 0);       /* its level 4 */
	scan_count(&k, prio, nr);                        /* level 3 decided */
	k.refault_seen = 0;
	for (w = 0; w < c->trims; w++)
		direct_walk(&k);
	if (!c->where_done && c->level3) {
		/* the level-3 pass on the targets it began with: no reclaim */
		k.pgscan += (double)nr[0];
		k.pgscan_anon += (double)nr[0];
		k.trace[prio--] += (double)nr[0];
	}
	if (c->uncounted) {
		struct split_out none;

		memset(&none, 0, sizeof(none));
		dive_interval(&k, &before, 0, 1, &cost, &none);
		c->p_uncarried = none.r[RC_DIRECT].p_est;
	}
	dive_interval(&k, &before, 0, c->uncounted, &cost, &out);
	if (c->third) {
		before = k;
		memset(k.trace, 0, sizeof(k.trace));
		k.refault_seen = 1;
		shrink_level(&k, prio, SCM, 0);         /* its level 2 */
		dive_interval(&k, &before, 1, 0, &cost, &out);
	}
	c->anon_true = k.pgscan_anon - before.pgscan_anon;
	c->anon_pred = out.r[RC_DIRECT].anon_pred;
	c->p_true = truth_priority(&k);
	c->p_est = out.r[RC_DIRECT].p_est;
}

static void direct_goes_on_walks(void)
{
	struct dive_case on = { .trims = 5, .level3 = 1 },
			 done = { .where_done = 1, .trims = 5, .level3 = 1 },
			 beside = { .trims = 40 }, third = { .level3 = 1, .third = 1 },
			 uncounted = { .trims = 5, .level3 = 1, .uncounted = 1 };

	direct_dive_case(&on);
	tap_ok(on.anon_true > 0 && fabs(on.anon_pred - on.anon_true) <= 0.1 * on.anon_true,
	       "split-28.1 a direct walk diving over anon goes on past the sample, beside five new walks that trim the cache: its anon %.0f predicted, %.0f scanned",
	       on.anon_pred, on.anon_true);
	tap_ok(fabs(on.p_est - on.p_true) <= 1,
	       "split-28.2 ... and the interval's priority %.2f against %.2f played", on.p_est, on.p_true);
	direct_dive_case(&done);
	tap_ok(on.carried > 0 && done.carried == 0,
	       "split-28.7 carried to the next interval where it reclaimed nothing (at %.2f levels), not where it freed its pages (%.2f)",
	       on.carried, done.carried);
	tap_ok(done.anon_true == 0 && done.anon_pred < 1,
	       "split-28.3 a walk that freed its pages ended: the five trim walks after it scan no anon (%.0f predicted)",
	       done.anon_pred);
	tap_ok(fabs(done.p_est - done.p_true) <= 1,
	       "split-28.4 ... and their priority %.2f against %.2f played", done.p_est, done.p_true);
	direct_dive_case(&beside);
	tap_ok(beside.anon_true > 0 && fabs(beside.anon_pred - beside.anon_true) <= 0.1 * beside.anon_true,
	       "split-28.5 the walk going on takes what the new walks leave: 40 trim walks beside its level-4 pass, anon %.0f predicted, %.0f scanned",
	       beside.anon_pred, beside.anon_true);
	direct_dive_case(&third);
	tap_ok(fabs(third.p_est - third.p_true) <= 1 &&
	       fabs(third.anon_pred - third.anon_true) <= 0.1 * third.anon_true,
	       "split-28.6 still under way after an interval of its own (levels 4 and 3, no walk counted), it goes on in a third: its level-2 pass, %.0f anon pages predicted (%.0f scanned), priority %.2f against %.2f",
	       third.anon_pred, third.anon_true, third.p_est, third.p_true);
	direct_dive_case(&uncounted);
	tap_ok(uncounted.p_est == uncounted.p_uncarried,
	       "split-28.8 where ALLOCSTALL is not recorded no walk is carried: the interval as if none went on (priority %.2f, %.2f)",
	       uncounted.p_est, uncounted.p_uncarried);
}

int main(void)
{
	reference_walks();
	spilling_kswapd();
	zoned_kswapd();
	settled_walks();
	anon_only_walks();
	refault_walks();
	boost_walks();
	high_order_walks();
	only_high_order_walks();
	deep_refault_walks();
	boost_and_normal_walks();
	boosted_walks_only();
	boost_under_way();
	boost_beside_anon_walks();
	boost_cut_walks();
	unboosted_long_walks();
	finish_then_short();
	boost_seen_walks();
	unreclaimed_boost();
	boost_beyond_walks();
	boost_dropped_walks();
	boost_zone_balance();
	boost_goes_on_walks();
	late_refaults();
	list_change();
	window_refaults();
	hand_cases();
	tiny_file_dive();
	stale_view_no_dive();
	first_level_walks();
	cgroup_zero_walks();
	cgroup_zero_anon_gone();
	cgroup_deep_fract(1);
	cgroup_deep_fract(3);
	cgroup_zero_whatif();
	cgroup_zero_needs_file();
	stale_cases();
	costs();
	flush_in_bracket();
	anon_freed_later();
	short_refault_walks();
	cgroup_zero_task_gone();
	boosted_scan();
	dropped_boosts();
	boosted_walks_from_before();
	wakes_without_walks();
	napping_kswapd();
	direct_goes_on_walks();
	return tap_done();
}
