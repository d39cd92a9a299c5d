/*
 * replay.h - run a recorded run through the reclaim model (model.h).
 *
 * replay_run() picks the model from the run's facts (kernel release, or
 * the tag "kernel", or the counter set; MGLRU state; memory cgroup),
 * streams its samples, classifies every interval and adds the swapped-out
 * pages up by class.  attribute, plot and the tests use it.
 */
#ifndef VMSCOPE_REPLAY_H
#define VMSCOPE_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "groups.h"
#include "model.h"

/* What the replay needs to know about a run, and how it knows it. */
struct run_model {
	enum model_kind kind;
	int version[3], memcg;
	char kernel_from[16];      /* facts, tag, counters */
	double swappiness, total_pages, high_wmarks, page_size;
	char assumed[256];
};

struct attribution {
	double pages[NR_CAUSES];
	double swapped, intervals, swap_intervals;
	/*
	 * ground truth against the estimate: zoneinfo's prev_priority
	 * (2.6.13 - 2.6.35), else the vmscan tracepoints (--trace-priority)
	 */
	double truth_n, truth_agree, truth_sum, estimate_sum;
	const char *truth_from;    /* NULL while no interval had a truth */
	struct mglru_attr mglru;   /* MODEL_MGLRU runs (mglru_replay.h) */
};


/* The classes a model can give, "unexplained" last. */
const enum cause *model_classes(enum model_kind k, size_t *n);

/* Called for every interval; ctx is the caller's. Return -1 to stop. */
typedef int (*replay_fn)(void *ctx, int64_t run, double t_s,
			 const struct interval_in *in,
			 const struct interval_out *out, double truth);

/*
 * Replay run r: fills m (the model and its inputs) and a (the volumes).
 * fn may be NULL.  Returns 0, or -1 with a message.
 */
int replay_run(const struct run_set *set, const struct run_ref *r,
	       struct run_model *m, struct attribution *a, replay_fn fn,
	       void *ctx);

#endif
