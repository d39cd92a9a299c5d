/*
 * activations.h - when a run's /proc/vmstat showed file activations
 * (workingset_activate_file moved), read ahead of the replay.  A reclaim
 * walk can see an activation before the sampler does and up to seconds
 * after (split_refault_window() in model/split.h), so an interval's walks
 * depend on its neighbours' counts too:
 *   - activations_near(): whether a walk of the interval may have seen
 *     one (the attribution may name file_refaults there);
 *   - activations_expected(): how many walks of each reclaimer are
 *     expected to have: each activation is seen by one walk per
 *     reclaimer, one of the walks that began in the window (kswapd's
 *     pageoutrun, direct reclaim's allocstall), each as likely; for the
 *     reclaimers without a walk counter, one of the intervals where
 *     reclaim ran (the prediction, which must not read pgscan_anon to
 *     place it).
 */
#ifndef VMSCOPE_ACTIVATIONS_H
#define VMSCOPE_ACTIVATIONS_H

#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

/* One interval (t0, t1] of the run, seconds. */
enum { ACT_KSWAPD, ACT_DIRECT, ACT_OTHER, NR_ACT };

struct act_iv {
	double t0, t1;
	double act;                /* workingset_activate_file delta */
	double starts[NR_ACT];     /* walks begun: pageoutrun, allocstall;
				      other: 1 if reclaim ran */
	double expected[NR_ACT];   /* refault walks, expected */
};

struct activations {
	struct act_iv *iv;
	size_t n, cap;
	size_t near, cursor;       /* query positions (ask in time order) */
};

/* 0 (none is not an error), or -1 with a message; release in any case. */
int activations_load(struct activations *a, sqlite3 *db, const char *path,
		     int64_t run_id);

/* Whether (t0, t1] meets the lag window of an activation. */
int activations_near(struct activations *a, double t0, double t1);

/* The expected refault walks of the interval ending at t1, per
 * reclaimer (enum reclaimer, model/split.h). */
void activations_expected(struct activations *a, double t1, double *per_reclaimer);

void activations_release(struct activations *a);

#endif
