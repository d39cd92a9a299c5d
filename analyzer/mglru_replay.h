/*
 * mglru_replay.h - one recorded interval of an MGLRU run through
 * model/mglru.c: the inputs taken from the run's metrics, the result kept
 * beside the interval's other outputs, and the run's totals.
 *
 * Kept apart from replay.c so the split-LRU replay can change without
 * touching it: replay.c calls mglru_replay_interval() where the model is
 * MODEL_MGLRU, and attribute prints struct mglru_interval (mglru.h).
 */
#ifndef VMSCOPE_MGLRU_REPLAY_H
#define VMSCOPE_MGLRU_REPLAY_H

#include "mglru.h"

/* A run's MGLRU totals; zeroed with struct attribution. */
struct mglru_attr {
	double prev[14];          /* lru_gen gauges at the last sample */
	int have_prev, same_vecs;
	double type_n, type_agree;      /* intervals with eviction; type agrees */
	double pred_sum, anon_scan_sum; /* anon scanned: predicted, pgscan_anon */
	double aging;                   /* generations created */
	double written[3];              /* traced anon writes: kswapd, direct, cgroup */
	int lru_gen_seen, trace_seen;
	/* anon predicted isolated, not yet written, and its cause (late writes) */
	double pending;
	int pending_cause;
};

struct metric_stream;
struct run_model;
struct interval_in;
struct interval_out;

/*
 * Fill the MGLRU inputs of one interval from the stream (the lru_gen
 * gauges at the interval's start are those kept in a), run the model,
 * and set o (cause, o->mg) and the totals in a.
 */
void mglru_replay_interval(const struct metric_stream *s,
			   const struct run_model *m,
			   const struct interval_in *in, struct interval_out *o,
			   struct mglru_attr *a);

/* sum += a (for --by groups) */
void mglru_attr_add(struct mglru_attr *sum, const struct mglru_attr *a);

/*
 * What-if for one interval: predicted swap-out pages at swappiness sw, or
 * -1 with *why naming the branch that makes it unpredictable.
 */
double mglru_replay_what_if(const struct mglru_interval *mg, double sw,
			    const char **why);

#endif
