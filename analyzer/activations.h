/*
 * activations.h - when a run's /proc/vmstat showed file activations
 * (workingset_activate_file moved), read ahead of the replay, with the
 * run's totals: swap-out, anon pages scanned, kcompactd wakes and kswapd
 * walks, its folio census (census.h) and its statistics flushes
 * (flushes.h), in the one pass over the run's
 * samples.  A reclaim
 * walk can see an activation before the sampler does and up to seconds
 * after (split_refault_window() in model/split.h), so an interval's walks
 * depend on its neighbours' counts too:
 *   - activations_shown(): whether a walk of the interval may have
 *     seen one (the attribution may name file_refaults there), its own
 *     or its neighbours' or, in a run's first interval with reclaim (and
 *     the next, where its walk may go on), one from before the run
 *     (carried);
 *     activations_near(): how many more walks than its own count may
 *     have, at most (the attribution's fit), and activations_take():
 *     those its added walks took, which no later interval's can;
 *   - activations_expected(): how many walks of each reclaimer are
 *     expected to have: each activation is seen by one walk, the one
 *     walking when it happened (or the next to begin), kswapd's and
 *     direct reclaim's sharing it (at swappiness 200 one each; a memory
 *     cgroup's limit reclaim one of its own), at a moment of its window
 *     each as likely: from fold_s before the interval that shows it to
 *     seen_s after (before 6.12 the walk's next level, so that interval
 *     or the next; from 6.12 the periodic memcg flush's 2 s:
 *     split_seen_lag(), or where the flushes were traced the interval
 *     of the first flush after it and the next; where neither kswapd
 *     nor direct reclaim scanned in it, the first interval after in
 *     which one did); so the intervals of the window share it as their
 *     reclaimer's walks share its time, which the pages they scanned
 *     inside it measure (each interval's taken as even over it; the
 *     prediction, which must not read the anon share of the scan to
 *     place it; the rest's pages are pgscan_anon + pgscan_file less
 *     kswapd's and direct's).  Not as the walks begun share
 *     it: a reclaimer that scans a lot in few long walks is walking most
 *     of the interval, and a walk that saw a refault scans SCAN_FRACT
 *     levels to its end (its snapshot is taken only then), so it is the
 *     long walks that do.  On the lab's 6.1 guests (three databases,
 *     swappiness 60-200, 2 runs a cell), spreading by walks begun
 *     predicted 10-52% of the anon pages scanned in a cell, by pages
 *     scanned 45-95%.
 */
#ifndef VMSCOPE_ACTIVATIONS_H
#define VMSCOPE_ACTIVATIONS_H

#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

#include "census.h"
#include "flushes.h"

/* One interval (t0, t1] of the run, seconds. */
enum { ACT_KSWAPD, ACT_DIRECT, ACT_OTHER, NR_ACT };

struct act_iv {
	double t0, t1;
	double act;                /* workingset_activate_file delta */
	double left[NR_ACT];       /* of act, not yet taken by another
				      interval's walks of each reclaimer
				      (activations_take()) */
	double busy[NR_ACT];       /* pages scanned: kswapd, direct, the
				      rest (pgscan_anon + pgscan_file less
				      those two) */
	double expected[NR_ACT];   /* refault walks, expected (kswapd and
				      direct share each: spread()) */
	double expected_each[NR_ACT];   /* the same where each reclaimer's
					   walk reads it (one that saw a
					   refault ends late) */
	double kswapd_walks;       /* pageoutrun delta */
};

struct activations {
	struct act_iv *iv;
	size_t n, cap;
	/* the run's pswpout and pgscan_anon, all of it (the what-if's
	 * swap-out per anon page scanned) */
	double swap_out, anon_scanned;
	int anon_recorded;         /* the run has pgscan_anon (5.8+) */
	/* the run's compact_daemon_wake and pageoutrun, all of it (how
	 * many of kswapd's walks may have been boosted: model/split.h
	 * boost_rate, kcompactd_timeout_only); wakes NAN where not recorded */
	double kcompactd_wakes, kswapd_walks;
	/* the seconds of the intervals in which kswapd ran (scanned or began
	 * a walk), and how many runs of such intervals one after another
	 * there were (model/split.h kcompactd_timeout_only) */
	double kswapd_seconds, kswapd_stretches;
	/* how much older an activation can be than the interval showing it
	 * (split_fold_lag(): 0 where the samples were folded) */
	double fold_s;
	/* how long after it the walk that sees it is expected to read it
	 * (split_seen_lag(): the walk's next level, or the periodic memcg
	 * flush from 6.12) */
	double seen_s;
	/* 6.12+: global walks read it only after a flush (split_flushed_view()),
	 * whose times `flushes` may hold */
	int flushed_view;
	struct run_census census;  /* the LRU folios by size (--folios) */
	struct run_flushes flushes;   /* root memcg statistics flushes */
	/*
	 * activations between the last sample of the run recorded before
	 * this one on the same boot and this run's first (bench's trials,
	 * one after another): prepare_scan_count() compares with the
	 * snapshot of the last walk's end however long ago, so the run's
	 * first walks may see them, one refault walk of each reclaimer
	 * however many (activations_shown() in the first interval with
	 * reclaim, which ends at carried_t1, and the one right after it,
	 * ending at carried_next_t1 (NAN where a walk of the first can have
	 * ended: carry_in()): the snapshot is retaken only when a walk
	 * ends, so a first walk still under way at that sample goes on
	 * with file deactivation, and walks begun before it ends see the
	 * old snapshot too); a walk in between may have
	 * ended before them or after.  The attribution's reading, a bound:
	 * the previous run's last walks or one in between may have seen
	 * them, as /proc/vmstat folds per-CPU counts up to a second late, so
	 * the prediction does not take them.  0: no such run
	 */
	double carried, carried_t1, carried_next_t1;
	size_t near, cursor;       /* query positions (ask in time order) */
};

/* 0 (none is not an error), or -1 with a message; release in any case.
 * version: the run's kernel (the lag a walk reads an activation with). */
int activations_load(struct activations *a, sqlite3 *db, const char *path,
		     int64_t run_id, const int version[3]);

/* Whether an activation's lag window meets (t0, t1]. */
int activations_shown(struct activations *a, double t0, double t1);

/* The activations whose lag window (t0, t1] meets, for reclaimer r (enum
 * reclaimer): its own, and those of the other intervals that no earlier
 * interval's walks of r took. */
double activations_near(struct activations *a, double t0, double t1, int r);

/* n of the other intervals' activations of (t0, t1]'s window taken by
 * its walks of reclaimer r, the earliest first: one walk of each
 * reclaimer an activation. */
void activations_take(struct activations *a, double t0, double t1, int r, double n);

/* The expected refault walks of the interval ending at t1, per
 * reclaimer (enum reclaimer, model/split.h); late: a walk that saw a
 * refault ends late (split_refault_walk_ends_late()), so kswapd's and
 * direct reclaim's walks each read it before either retakes the
 * snapshot, else they share it. */
void activations_expected(struct activations *a, double t1, int late,
			  double *per_reclaimer);

void activations_release(struct activations *a);

#endif
