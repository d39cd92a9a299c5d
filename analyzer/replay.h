/*
 * replay.h - run a recorded run through the reclaim model (model/).
 *
 * replay_run() picks the model from the run's facts (kernel release, or
 * the tag "kernel", or the counter set; MGLRU state; memory cgroup),
 * streams its samples, fills the model's inputs interval by interval,
 * carries the model's state (split LRU: the rebuilt anon/file costs)
 * and adds the swapped-out pages up by class and by reclaimer.  attribute,
 * plot and the tests use it; the model itself never sees SQLite.
 */
#ifndef VMSCOPE_REPLAY_H
#define VMSCOPE_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "groups.h"
#include "model.h"
#include "mglru_replay.h"

/* What the replay needs to know about a run, and how it knows it. */
struct run_model {
	enum model_kind kind;
	int version[3], memcg;
	char kernel_from[16];      /* facts, tag, counters */
	double swappiness, total_pages, high_wmarks, page_size, swap_total_kb;
	double boost_max;          /* the zones' largest watermark boost, summed */
	double low_gap, min_gap;   /* high - low, high - min, summed over the zones */
	char assumed[512];
};

/* Truth compared with an estimate: intervals, agreeing ones, sums. */
struct agreement {
	double n, agree, est_sum, true_sum;
};

/* one reclaimer's anon pages scanned, predicted against the tracepoints */
struct anon_agreement {
	double n, ok;            /* intervals it scanned anon in; within 10% */
	double pred, traced;     /* sums over those intervals */
};

/*
 * kswapd's boost reclaim against the boosts the allocator raised
 * (trace:extfrag_boosting, replay_truth.c boost_truth()), over the
 * intervals kswapd scanned in
 */
struct boost_agreement {
	double n;
	double raised_n;           /* ... with a boost raised */
	double raised;             /* boosts raised, in every interval */
	double taken_n;            /* boost reclaim taken, a boost possible */
	double none_n, none_pages; /* ... taken with none possible */
	double missed_n;           /* a boost raised, none taken */
};

/*
 * trace truth is per kswapd, per "any other task" and, where the collector
 * told them apart (memcg_reclaim_begin/end), per cgroup limit reclaim:
 * a part of the other tasks'
 */
enum truth_who { TRUTH_KSWAPD, TRUTH_OTHER, TRUTH_CGROUP, NR_TRUTH };

#define WAKE_ORDERS 11             /* trace:kswapd_wake_order_0..10 */

struct attribution {
	double pages[NR_CAUSES];
	double swapped, intervals, swap_intervals;
	/* split LRU: the context axis, and the borderline share */
	double ctx_pages[NR_RECLAIMERS][NR_CAUSES];
	double borderline;
	/*
	 * ground truth against the estimate: zoneinfo's prev_priority
	 * (2.6.13 - 2.6.35), else the vmscan tracepoints (--trace-priority)
	 */
	double truth_n, truth_agree, truth_sum, estimate_sum;
	const char *truth_from;    /* NULL while no interval had a truth */
	/* split LRU with traced pages per level: scan-weighted truth, and
	 * the deepest level (direct + cgroup, cgroup: where estimable) */
	struct agreement prio[NR_TRUTH], deep[NR_TRUTH];
	/* anon pages scanned: predicted against pgscan_anon */
	double anon_n, anon_ok, anon_pred, anon_meas;
	/* ... per reclaimer, against the tracepoints (--trace-priority) */
	struct anon_agreement anon_traced[NR_TRUTH];
	/* --what-if: the replay at another swappiness */
	double whatif_anon, whatif_swap;
	const char *whatif_why;    /* why whatif_swap is NAN: not predicted */
	enum whatif_how whatif_how;   /* how the split what-if reclaimed */
	const char *cost_inputs;   /* split: where the costs came from */
	double share_sum, share_n; /* ap/(ap+fp) over swapping intervals */
	struct mglru_attr mglru;   /* MODEL_MGLRU runs (mglru_replay.h) */
	/* split LRU: kswapd's walks traced by the order that woke it
	 * (trace:kswapd_wake_order_N), and pageoutrun over the same
	 * intervals, the walk count the model takes */
	double wakes[WAKE_ORDERS], wake_runs;
	int wakes_seen;
	/* split LRU: pages kswapd passed over (pgskip_*, placed by
	 * model/split_kswapd.c sw_skipped()) and all it scanned */
	double skipped, kswapd_scanned;
	/* ... and the pages of its scan the walk took as watermark-boost
	 * reclaim (split_reclaim_out.boosted) */
	double boosted;
	struct boost_agreement boost_traced;
};

/* One interval as the replay saw it, for --intervals and plot. */
struct replay_iv {
	int64_t run;
	double t_s;
	const struct interval_in *in;
	const struct interval_out *out;      /* the classic fields */
	const struct split_out *split;       /* NULL unless split LRU */
	const struct split_out *pred;        /* its prediction (without pgscan_anon) */
	double truth;                        /* classic truth (deepest level) */
	double p_true[NR_RECLAIMERS];        /* scan-weighted, traced; NAN */
	double p_deep_true[NR_RECLAIMERS];   /* deepest level traced; NAN */
	double anon_meas;                    /* pgscan_anon; NAN */
	/* anon pages the tracepoints saw scanned, by reclaimer and in all; NAN */
	double anon_true[NR_RECLAIMERS], anon_true_all;
	double pages_out[NR_RECLAIMERS];     /* swap-out by context */
	enum cause cause[NR_RECLAIMERS];     /* the branch, by context */
	int borderline;
	double whatif_anon;                  /* NAN without --what-if */
	/* boosts the allocator raised (trace:extfrag_boosting); NAN: not
	 * traced */
	double boosts_raised_true;
};

/* The classes a model can give, "unexplained" last. */
const enum cause *model_classes(enum model_kind k, size_t *n);

/* MGLRU state of a fact or tag value: 1 on, 0 off, -1 not understood. */
int replay_lru_gen_on(const char *v);

/* Called for every interval; ctx is the caller's. Return -1 to stop. */
typedef int (*replay_fn)(void *ctx, const struct replay_iv *iv);

struct replay_opts {
	double whatif_swappiness;  /* NAN: replay as recorded */
	replay_fn fn;              /* may be NULL */
	void *ctx;
};

/*
 * Replay run r: fills m (the model and its inputs) and a (the volumes).
 * o may be NULL.  Returns 0, or -1 with a message.
 */
int replay_run(const struct run_set *set, const struct run_ref *r,
	       struct run_model *m, struct attribution *a,
	       const struct replay_opts *o);

#endif
