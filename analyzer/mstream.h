/*
 * mstream.h - a run's samples with its canonical metrics resolved.
 *
 * The pattern every metric-reading command shares: open the run's sample
 * iterator, resolve schema/metrics.def against its counter names, and at
 * each sample offer the deltas with invalid ones (a reset, a counter that
 * just appeared) as 0, so metric_value() can sum them.
 */
#ifndef VMSCOPE_MSTREAM_H
#define VMSCOPE_MSTREAM_H

#include "metrics.h"
#include "rundb.h"

struct metric_stream {
	struct sample_iter it;
	struct metric_set set;
	char **names;
	int64_t *delta;            /* it.delta where valid, else 0 */
	int resolved;
};

/* 0, or -1 with a message; release in any case. */
int metric_stream_open(struct metric_stream *s, sqlite3 *db, const char *path,
		       int64_t run_id);
/* 1: a sample; 0: no more; -1: an error (printed). */
int metric_stream_next(struct metric_stream *s);
void metric_stream_release(struct metric_stream *s);

/* The metric over s->delta (counters) or the values (gauges); NAN if n/a. */
double metric_stream_value(const struct metric_stream *s, enum metric_id m);

#endif
