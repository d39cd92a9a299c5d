/*
 * model.h - the reclaim model: why pages were swapped out, per interval.
 *
 * The kernel facts and formulas are in ../shared/docs/reclaim-model.md
 * (copied into docs/ of a release); each function below cites the kernel
 * version and function it models.  The model is pure computation on one
 * interval's counter deltas and gauges, so the tests can drive it with
 * series generated from known priorities.
 */
#ifndef VMSCOPE_MODEL_H
#define VMSCOPE_MODEL_H

#include "mglru.h"
#include "whatif_balance.h"

enum model_kind {
	MODEL_CLASSIC,     /* 2.6.0 - 2.6.27: swap_tendency */
	MODEL_SPLIT,       /* 2.6.28+: split LRU, get_scan_count() */
	MODEL_MGLRU,       /* 6.1+ with lru_gen enabled: model/mglru.c */
	NR_MODELS
};

/* Attribution classes; a class a model cannot produce stays at zero. */
enum cause {
	CAUSE_MAPPED,      /* classic: swappiness + mapped ratio open the gate */
	CAUSE_DISTRESS,    /* reclaim really struggled (deep priority, low E) */
	CAUSE_BUILDUP,     /* priority deeper than the difficulty explains */
	CAUSE_NEAR_OOM,    /* classic 2.6.19+: the scanned >= 3 x LRU override;
			      split: SCAN_EQUAL, a walk reached priority 0 */
	CAUSE_FILE_TINY,   /* split: SCAN_ANON, file LRU + free below the high
			      watermarks (global reclaim) */
	CAUSE_SMALL_FILE,  /* split: SCAN_FRACT, inactive_file >> p == 0 */
	CAUSE_FILE_REFAULTS, /* split: SCAN_FRACT, file refaults requested
				file deactivation (no cache_trim_mode) */
	CAUSE_ACTIVE_FILE, /* split: SCAN_FRACT, inactive file low against
			      active (inactive_is_low()) */
	CAUSE_MG_ANON_OLDER,     /* mglru: min_seq[anon] < min_seq[file] */
	CAUSE_MG_SWAPPINESS_200, /* mglru: swappiness 200, anon first */
	CAUSE_MG_REFAULT_CTRL,   /* mglru: the refault controller chose anon */
	CAUSE_MG_FILE_EXHAUSTED, /* mglru: file at MIN_NR_GENS, anon scanned */
	CAUSE_UNEXPLAINED, /* the model has no reason: reported, never folded */
	NR_CAUSES
};

const char *cause_name(enum cause c);
const char *model_name(enum model_kind k);

/* Parse "2.6.9-rc1-mm3" into {2, 6, 9}; 0 on success. */
int model_parse_version(const char *release, int v[3]);

/* a <=> b on version triples */
int model_version_cmp(const int a[3], int x, int y, int z);

/* One interval's inputs: deltas over the interval, gauges at its end. */
struct interval_in {
	double dt_s;
	/* deltas (NAN where the kernel lacks the counter) */
	double scan_kswapd, steal_kswapd, kswapd_runs;
	double scan_direct, steal_direct, stalls;
	double refill, swap_out;
	double scan_anon, scan_file, scan_khugepaged, file_refaults;
	/* gauges */
	double mapped, total, inactive, active, file_lru, free, high_wmark_sum;
	double zone_scanned;     /* zoneinfo "scanned", summed; NAN if absent */
	double swappiness;
};

struct interval_out {
	double mapped_ratio;     /* % of memory mapped (anon + file) */
	double gate;             /* D: distress still needed to swap (classic) */
	int p_star;              /* deepest priority at which the gate is shut */
	double p_kswapd, p_direct, p_hat;   /* estimates, NAN: no reclaim */
	double efficiency;       /* E = steal / scan, NAN if nothing scanned */
	double p_need, build_up; /* priority the difficulty needs; p_hat gap */
	enum cause cause;        /* only meaningful when swap_out > 0 */
	struct mglru_interval mg; /* MODEL_MGLRU only (mglru.h) */
};

/*
 * Priority a reclaimer must have reached to scan S pages in N passes over
 * a list of L pages: log2(2 L N / S), clamped to [0, 12]; NAN without
 * scanning or passes.  (mm/vmscan.c, 2.6.x shrink_zone(): each pass scans
 * (L >> priority) + 1 pages of each list.)
 */
double model_priority(double lru, double passes, double scanned);

/*
 * Priority the difficulty alone needs: floor(log2(2 L E / T)) with
 * efficiency E and target T pages, clamped to [0, 12].
 */
double model_priority_needed(double lru, double efficiency, double target);

/* Classify one interval (2.6-era estimate). */
void model_classic(const struct interval_in *in, const int version[3],
		   struct interval_out *out);
/* An interval outside both models (MGLRU): estimates NAN, unexplained. */
void model_outside(struct interval_out *out);

#include "split.h"

#endif
