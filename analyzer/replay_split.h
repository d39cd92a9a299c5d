/*
 * replay_split.h - what replay.c and replay_split.c share: the split-LRU
 * model's part of a run's replay, per run and per interval.
 */
#ifndef VMSCOPE_REPLAY_SPLIT_H
#define VMSCOPE_REPLAY_SPLIT_H

#include "mstream.h"
#include "replay.h"

/* Adds what to the run's "assumed" line. */
void replay_note(struct run_model *m, const char *what);

/* A split-LRU run's state: NULL after an error, said. */
struct split_state;
struct split_state *split_replay_open(const struct metric_stream *ms,
				      const struct run_set *set, const struct run_ref *r,
				      struct run_model *m, struct attribution *a);

/* The run's first sample: its lists only. */
void split_replay_first(struct split_state *st, const struct metric_stream *ms);

/* The interval (t0, t1] seconds: the walk, the prediction, the truth. */
void split_replay_interval(struct split_state *st, const struct metric_stream *ms,
			   const struct run_model *m, double t0, double t1,
			   const struct interval_in *in, double whatif,
			   struct interval_out *o, struct split_out *so,
			   struct replay_iv *iv, struct attribution *a);

/* After the run's last sample: the what-if's walks balanced against the
 * run's reclaim (model/whatif_balance.h), and what the runs after it on
 * its boot start from kept (boot_costs.h).  0, or -1 (reported). */
int split_replay_done(struct split_state *st, const struct run_model *m,
		      struct attribution *a);

/* Where the truth came from, into a; frees st (NULL: nothing). */
void split_replay_close(struct split_state *st, struct attribution *a);

#endif
