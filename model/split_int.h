/*
 * split_int.h - what the files of the split-LRU walk (model/split_*.c)
 * share and nothing else uses: the walk's context and results, and each
 * file's functions the others call (prefix sw_).
 */
#ifndef VMSCOPE_SPLIT_INT_H
#define VMSCOPE_SPLIT_INT_H

#include "model.h"

/* What one walk type sees at every level. */
struct walk_ctx {
	const struct split_lists *l;
	const struct split_lists *seen;   /* as prepare_scan_control() reads them */
	int global, swap_on;
	double swappiness, ap, fp;
	int deact_anon, deact_file_refault, deact_file_low;
	int file_low;              /* file + free <= high wmarks + boosts */
	int floor;                 /* the level its walks stay at (sw_walk_floor()) */
	/* pages a batch scans on the inactive lists (split_grain); NULL:
	 * single pages */
	const double *grain_anon, *grain_file;
	double anon_largest;       /* pages of the largest anon folio (1: none) */
};

/* Walks of one kind (cache trim or file deactivation) down to a point. */
struct walk_res {
	double anon[NR_CAUSES], anon_total, qsum, scanned, deep;
};

/*
 * The walks of an interval, two kinds (trim, refault), n[k] of each, all
 * starting at progress point from (0: level 12; a kswapd walk that goes
 * on from the interval before: where it stood), scanning s pages; norm:
 * all the reclaimer scanned in the interval (the priority's weights).
 * finish: where a kswapd walk of the interval before stood, whose pass
 * this interval ends first (sw_finish_walk(); 0: none).
 */
struct walk_mix {
	double n[2], from, s, norm, finish;
	int whole_first;
	int lengths;               /* kswapd walks of different lengths (sw_walk_lengths()) */
	int may_boost;             /* some of them boosted (sw_may_boost(),
				    * sw_boosts_beside_anon()) */
	int boosted;               /* one boosted walk goes on (sw_boost_goes_on()) */
	int short_spread;          /* the short walks of both kinds alike (walk_fit) */
	int anon_holds;            /* the walk going on holds at its pass (walk_fit) */
	double normal_least;       /* the least kswapd's normal walks scanned
				    * (normal_scan_least()) */
};

/*
 * What the attribution fits to the anon pages measured (split_walk()):
 * the share of the scan on the first sample's lists, how many of the
 * lag window's activations beyond the interval's own its walks saw, or
 * how far fewer walks than one an activation saw the interval's own (a
 * burst: sw_fit_refault_count()), and the share of the anon efficiency
 * measured so far (pgsteal_anon / pgscan_anon) that the walks' own anon
 * pages freed (sw_fit_anon_freed()), and whether kswapd's walk that the
 * sample before found balanced finished the pass it stood in
 * (sw_fit_finish_pass()), or whether the pass that the sample found an
 * unbalanced node's walk in was at its end there (sw_fit_pass_done()),
 * and whether kswapd's short walks were of either kind alike, not the
 * trim walks first (sw_fit_short_spread()); and for kswapd's walk going
 * on, whether the pass it stood in was at its largest, whether it had
 * as much of it left as kswapd's anon measured, and whether it held at
 * that pass's level (sw_fit_pass_going_on()).
 */
struct walk_fit {
	double start_share, extra_refaults, fewer_refaults, anon_freed;
	int finish_pass, short_spread, pass_done;
	int pass_largest;          /* the pass it stood in at its largest */
	int anon_holds;            /* kswapd's walk going on holds at its pass */
	int pass_rest_measured;    /* that pass's rest is the anon it scanned */
};

/* a bisection stops once a probe is within this share of the anon measured */
#define BISECT_CLOSE 1e-5

/* split_level.c: one walk of one kind, level by level */
void sw_fill_ctx(struct walk_ctx *c, const struct split_in *in,
		 const struct split_cost *cost, int cgroup, int start,
		 const struct split_lists *seen);
void sw_boost_ctx(struct walk_ctx *c);     /* may_swap off, held at 10 */
void sw_level_scan(const struct walk_ctx *c, int q, double *anon,
		   double *file, enum cause *why);
int sw_anon_only_at_zero(const struct walk_ctx *c, double below);
/* a walk of kind c to p takes anon for half its scan or more */
int sw_mostly_anon(const struct walk_ctx *c, double p);
/* level q's anon pass where its batches draw the largest folios (and no
 * less than sw_level_scan()'s) */
double sw_level_anon_largest(const struct walk_ctx *c, int q);
int sw_level_after(const struct walk_ctx *c, int i);
int sw_walk_floor(const struct walk_ctx *c, enum reclaimer r,
		  double nr_to_reclaim);
/* the zones' high watermarks with a boost summed (sw_high_wmarks()) */
double sw_high_wmarks(const struct split_in *in, double boost);
/* a walk to progress point p, or from p0 to p1 */
void sw_walk_at(const struct walk_ctx *c, double p, struct walk_res *w);
void sw_walk_span(const struct walk_ctx *c, double p0, double p1,
		  struct walk_res *w);
/* the point of walks that scan s, or that reclaim r (per walk) */
double sw_solve_progress(const struct walk_ctx *const c[2],
			 const double n[2], double s);
double sw_progress_for(const struct walk_ctx *c, double r,
		       double eff_anon, double eff_file, int whole_first);
void sw_solve_need(const struct walk_ctx *const c[2], const double n[2],
		   double s, double ea, double ef, int whole_first, double p[2]);
/* pages reclaimed per page scanned: NAN unknown (sw_efficiency()), 1
 * (sw_known_efficiency()) */
double sw_efficiency(double e);
double sw_known_efficiency(double e);

/* split_kswapd.c: kswapd's walks of different lengths, boosted ones */
double sw_finish_walk(const struct walk_mix *m, const struct walk_ctx *const kinds[2],
		      const struct split_in *in, double w,
		      struct split_reclaim_out *o, double *deep);
void sw_walk_lengths(struct walk_mix *mm, const struct walk_ctx *const kinds[2],
		     const struct split_in *in, double w,
		     struct split_reclaim_out *o, double *deep);
int sw_kswapd_ended(const struct split_in *in, const struct split_pass *pass);
double sw_kswapd_anon_least(const struct split_in *in);
double sw_inactive_ratio(double inactive, double active);
int sw_may_boost(const struct split_in *in, enum reclaimer r);
int sw_boosts_beside_anon(const struct split_in *in, enum reclaimer r);
int sw_boost_goes_on(const struct split_in *in, enum reclaimer r);
/*
 * split_direct.c: a direct walk that outlasts a sample.  p where a walk
 * of kind c at progress point p dove deep enough for the sample to find
 * it under way, else 0; the pages the walks the interval counted
 * (ALLOCSTALL), nref of them refault walks, scan to their end on the
 * end's lists
 */
double sw_direct_long_walk(const struct split_in *in, const struct walk_ctx *c, double p);
double sw_direct_new_scan(const struct split_in *in, const struct split_cost *cost,
			  double walks, double nref);
/* split_skip.c: the pages kswapd passed over (pgskip_*) */
void sw_skipped(const struct split_in *in, const struct split_cost *cost,
		double skip, double refault, double norm,
		struct split_reclaim_out *o);

/* split_walk.c: one reclaimer's walks, every reclaimer's */
void sw_replay_reclaimer(const struct split_in *measured, enum reclaimer r,
			 const struct split_cost *cost, const struct walk_fit *fit,
			 struct split_reclaim_out *o, double *refault_share);
void sw_walk_all(const struct split_in *in, const struct split_cost *node_cost,
		 const struct split_cost *cg_cost, const struct walk_fit *fit,
		 struct split_out *out);
double sw_walk_count(const struct split_in *in, enum reclaimer r);
const struct split_lists *sw_cgroup_view(const struct split_in *in, enum reclaimer r);

/* split_views.c: the walks on the 6.12+ flushed views */
void sw_walk_views(const struct split_in *in, const struct split_cost *node_cost,
		   const struct split_cost *cg_cost, const struct walk_fit *fit,
		   int may_split, struct split_out *out);

/* split_fit.c: the attribution's fits (sw_fits(): it reads pgscan_anon) */
int sw_fits(const struct split_in *in);
void sw_fit_start_share(const struct split_in *in, const struct split_cost *node_cost,
			const struct split_cost *cg_cost, struct walk_fit *fit,
			struct split_out *out);
/*
 * How many walks saw a refault: where one walk an activation (at most the
 * walks) scans less anon than measured, more, for the lag window's
 * activations (extra_refaults); where more, fewer, for a burst
 * (fewer_refaults).  One replay of the interval tells which.
 */
void sw_fit_refault_count(const struct split_in *in, const struct split_cost *node_cost,
			  const struct split_cost *cg_cost, struct walk_fit *fit,
			  struct split_out *out);
/* returns the anon the walks scan under the fit it leaves, NAN where
 * that one was not replayed last */
double sw_fit_anon_freed(const struct split_in *in, const struct split_cost *node_cost,
			 const struct split_cost *cg_cost, struct walk_fit *fit,
			 struct split_out *out);
void sw_fit_short_spread(const struct split_in *in, const struct split_cost *node_cost,
			 const struct split_cost *cg_cost, struct walk_fit *fit,
			 struct split_out *out);
void sw_fit_finish_pass(const struct split_in *in, const struct split_cost *node_cost,
			const struct split_cost *cg_cost, struct walk_fit *fit,
			struct split_out *out);
void sw_fit_pass_going_on(const struct split_in *in, const struct split_cost *node_cost,
			  const struct split_cost *cg_cost, double now,
			  struct walk_fit *fit, struct split_out *out);
void sw_fit_pass_done(const struct split_in *in, const struct split_cost *node_cost,
		      const struct split_cost *cg_cost, struct walk_fit *fit,
		      struct split_out *out);

/* split_deep.c: cgroup walks down to priority 0 */
void sw_deep_cgroup(const struct split_in *in, const struct split_cost *cg_cost,
		    const struct walk_fit *fit, struct split_out *out);

#endif
