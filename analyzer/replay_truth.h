/*
 * replay_truth.h - the split-LRU replay against the vmscan tracepoints
 * (--trace-priority): what replay_split.c hands over per interval.
 */
#ifndef VMSCOPE_REPLAY_TRUTH_H
#define VMSCOPE_REPLAY_TRUTH_H

#include "mstream.h"
#include "replay.h"
#include "split.h"

#define TRACE_LEVELS 13            /* DEF_PRIORITY 12 down to 0 */

/* Where the run's trace counters are among the stream's (-1: absent). */
struct trace_slots {
	long scan[NR_TRUTH][2][TRACE_LEVELS];  /* trace:<who>_scan_{anon,file}_<level> */
	long passes[NR_TRUTH][TRACE_LEVELS];   /* trace:<who>_priority_<level> */
	int has_scan, has_passes;
	int has_cgroup;            /* trace:cgroup_* recorded */
	long boosting;             /* trace:extfrag_boosting */
};

void trace_slots_init(struct trace_slots *ts);
/* Takes the counter `name` at the stream's slot if it is one of them. */
void trace_slots_name(struct trace_slots *ts, const char *name, long slot);

/*
 * One interval's truth: the traced priority, deepest level and anon pages
 * per reclaimer into iv's rows, and against the model's (so, the
 * attribution's walk; pred, the prediction; p_kswapd and p_other, the
 * scan-weighted estimates of kswapd and of the other reclaimers) into a;
 * the boosts raised against the boost reclaim taken, *boost_carry the
 * run's state for it from one interval to the next (0 at the start).
 */
void truth_interval(const struct metric_stream *ms, const struct trace_slots *ts,
		    const struct split_out *so, const struct split_in *si,
		    const struct split_out *pred, double p_kswapd, double p_other,
		    int *boost_carry, struct replay_iv *iv, struct attribution *a);

/* What the run's truth was read from, for the summary; NULL: untraced. */
const char *truth_source(const struct trace_slots *ts);

#endif
