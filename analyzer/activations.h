/*
 * activations.h - when a run's /proc/vmstat showed file activations
 * (workingset_activate_file moved), read ahead of the replay: a reclaim
 * walk can see an activation before the sampler does and up to seconds
 * after (split_refault_window() in model/split.h), so an interval's
 * walks depend on its neighbours' counts too.
 */
#ifndef VMSCOPE_ACTIVATIONS_H
#define VMSCOPE_ACTIVATIONS_H

#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

struct activations {
	double *t0, *t1;           /* the intervals (t0, t1], seconds, ascending */
	size_t n, cap;
	size_t next;               /* the first that can still meet a later interval */
};

/* 0 (none is not an error), or -1 with a message; release in any case. */
int activations_load(struct activations *a, sqlite3 *db, const char *path,
		     int64_t run_id);

/* Whether (t0, t1] meets the lag window of one of them; ask in order. */
int activations_near(struct activations *a, double t0, double t1);

void activations_release(struct activations *a);

#endif
