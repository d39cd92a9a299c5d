/*
 * flushes.h - when a run's root memory-cgroup statistics were flushed
 * (vmscope-collect --trace-priority, trace:memcg_flush_t_us: the time of
 * the last flush, us since the run's start, at each sample), read ahead
 * of the replay with the activations (activations.h).
 *
 * From 6.12 global reclaim decides cache trimming on the list sizes the
 * last flush held (model/split.h split_flushed_view()); the periodic
 * flush runs every 2 s (FLUSH_TIME, flush_memcg_stats_dwork()), so
 * without these times any sample of the last 2 s may be the view (the
 * prediction takes them as alike, the attribution picks one).  With them
 * the replay knows which lists a walk saw: flushes_view().
 */
#ifndef VMSCOPE_FLUSHES_H
#define VMSCOPE_FLUSHES_H

#include <stddef.h>

#include "mstream.h"

struct run_flushes {
	long slot;                 /* trace:memcg_flush_t_us; -1: none */
	double *t;                 /* the flushes seen, seconds, ascending */
	size_t n, cap;
	double period;             /* median gap between two, seconds */
};

/* Find the slot among the stream's names. */
void flushes_resolve(struct run_flushes *f, const struct metric_stream *ms);

/* Take the flush the stream's current sample says, if new: 0 or -1
 * (out of memory, reported). */
int flushes_sample(struct run_flushes *f, const struct metric_stream *ms);

/* After the last sample: the period. */
void flushes_done(struct run_flushes *f);

/*
 * The flushes a walk of the interval (t0, t1] decided on: *before, the
 * last at or before t0 (one period before the first seen, where t0 comes
 * first), and *inside, the last in (t0, t1] (NAN: none).  0 where the run
 * has no flush times (then nothing is set).
 */
int flushes_view(const struct run_flushes *f, double t0, double t1,
		 double *before, double *inside);

/*
 * The first flush after t, seconds: before the first seen or past the
 * last, the periodic flush's (the period back from the first or on from
 * the last, as flushes_view() takes the one before the first; after
 * flushes_done()).  NAN where the run has no flush times.
 */
double flushes_after(const struct run_flushes *f, double t);

void flushes_release(struct run_flushes *f);

#endif
