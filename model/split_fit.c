/*
 * split_fit.c - what the attribution fits to the anon pages measured
 * (struct walk_fit): the share of the scan on the first sample's lists,
 * the lag window's activations its walks saw, the share of the measured
 * anon efficiency the walks' own anon freed.  A prediction fits nothing.
 */
#include <math.h>
#include <string.h>

#include "model.h"
#include "model_int.h"
#include "split_int.h"
#include "banned.h"

/* The anon pages the interval's walks scan under fit f. */
static double anon_under(const struct split_in *in, const struct split_cost *node_cost,
			 const struct split_cost *cg_cost, struct walk_fit f,
			 struct split_out *out)
{
	sw_walk_views(in, node_cost, cg_cost, &f, 0, out);
	return out->anon_pred;
}

/*
 * Bisects the fit's value *x (a field of *f) over [lo, hi] for the walks
 * to scan the anon measured, more of it as *x grows (rising) or as it
 * shrinks, and keeps in *keep the value whose anon came nearest, if
 * nearer than best (the reading before).  20 steps at most (a millionth
 * of the range), fewer once a probe is within BISECT_CLOSE of the anon:
 * every walk of the bisection replays the interval.
 */
static void bisect_fit(const struct split_in *in, const struct split_cost *node_cost,
		       const struct split_cost *cg_cost, struct walk_fit *f, double *x,
		       double lo, double hi, int rising, double best, double *keep,
		       struct split_out *out)
{
	double want = in->anon_measured, anon = INFINITY;
	int it;

	for (it = 0; it < 20; it++) {
		*x = (lo + hi) / 2;
		anon = anon_under(in, node_cost, cg_cost, *f, out);
		if ((anon < want) == rising)
			lo = *x;
		else
			hi = *x;
		if (fabs(anon - want) <= best) {
			best = fabs(anon - want);
			*keep = *x;
		}
		if (best <= BISECT_CLOSE * want)
			break;
	}
}

/* How far past the two lists' anon the measured anon may lie and still
 * be theirs (a share of the larger) */
#define SHARE_SLACK 0.01

/*
 * The share of the interval's scan that walked the lists as they were at
 * its start, the rest walking them as at its end.  The lists change
 * at moments two samples do not show (a file read, a truncate, a bulk
 * deactivation: a cgroup's inactive file list goes from 256 pages to
 * 26000 in a quarter second, and the walks before that moment let anon
 * in where those after trim the cache).  A prediction takes half each;
 * the attribution, which reads pgscan_anon, takes the share under which
 * the walks scan the anon pages measured, where the two lists' walks
 * bracket it (anon is linear in the share, each list's walks replayed on
 * their own; on 6.12+ with flushed views, for the view pick_view() takes
 * at each end); half where they do not: no moment of change explains it.
 */
void sw_fit_start_share(const struct split_in *in, const struct split_cost *node_cost,
			const struct split_cost *cg_cost, struct walk_fit *fit,
			struct split_out *out)
{
	struct walk_fit f = *fit;
	double end_anon, start_anon, lo, hi, slack;

	if (!memcmp(&in->node, &in->node_prev, sizeof(in->node)) &&
	    (!in->has_cg || !memcmp(&in->cg, &in->cg_prev, sizeof(in->cg))))
		return;             /* the same lists: the share changes nothing */
	f.start_share = 0;
	end_anon = anon_under(in, node_cost, cg_cost, f, out);
	f.start_share = 1;
	start_anon = anon_under(in, node_cost, cg_cost, f, out);
	lo = fmin(end_anon, start_anon);
	hi = fmax(end_anon, start_anon);
	slack = SHARE_SLACK * hi;
	if (hi - lo > 1e-9 && in->anon_measured >= lo - slack &&
	    in->anon_measured <= hi + slack)
		fit->start_share = fmin(1, fmax(0, (in->anon_measured - end_anon) /
						   (start_anon - end_anon)));
}

/* whether activations of the lag window may have reached some walks
 * beyond the interval's own (refault_window) */
static int window_activations(const struct split_in *in)
{
	int r;

	for (r = 0; r < NR_RECLAIMERS && !(in->refault_window[r] > 0); r++)
		;
	return r < NR_RECLAIMERS;
}

/*
 * Where the walks scan less anon than measured even so (none: the anon
 * they scan), some of them saw activations that the samples show in a
 * neighbouring interval of the lag window (one walk an activation at
 * most): as many as scan nearest the anon measured.  More refault walks
 * scan more anon as a rule, so a bisection; but not always (the last
 * trim walk turned refault walk changes how the walks share the scan),
 * so the nearest of the points tried is taken, the later one on a tie.
 */
static void extra_refaults(const struct split_in *in, const struct split_cost *node_cost,
			   const struct split_cost *cg_cost, struct walk_fit *fit,
			   double none, struct split_out *out)
{
	struct walk_fit f = *fit;
	double want = in->anon_measured, anon, best;

	if (!window_activations(in))
		return;             /* no activation around */
	f.extra_refaults = 1;
	anon = anon_under(in, node_cost, cg_cost, f, out);
	if (!(anon > none))
		return;             /* no walk to add */
	best = fabs(anon - want);
	fit->extra_refaults = 1;
	if (!(anon > want))
		return;             /* all of them scan too little: all taken */
	bisect_fit(in, node_cost, cg_cost, &f, &f.extra_refaults, 0, 1, 1, best,
		   &fit->extra_refaults, out);
}

/*
 * Where the walks scan more anon than measured (all: the anon they scan
 * with one walk an activation), fewer of them saw the interval's
 * activations than one each: the count lies between one walk and
 * min(A, W) (refault_walks() in split_walk.c), and which walks saw one
 * depends on when the activations came.  prepare_scan_count() checks
 * WORKINGSET_ACTIVATE_FILE against the snapshot at every level, and
 * snapshot_refaults() renews the snapshot only when a walk of kswapd or
 * of global direct reclaim ends (balance_pgdat(), do_try_to_free_pages();
 * v6.1 and v6.18).  A burst of activations (a file read back at once)
 * reaches the walks under way and those that begin before it is over,
 * not the walks before it; and a walk that saw one lets anon in at every
 * level after, scanning more than a trim walk and lasting longer, so
 * fewer begin while the burst goes on.  In a 6.1 lab interval at
 * swappiness 100 (rr1 run 5 at 2.5 s: 923 activations, 46 kswapd walks)
 * one walk scanned anon, 11 to 90 pages a level from 12 to 9, the others
 * file alone; all 46 taken as refault walks put kswapd at level 10.6
 * against the traced 7.6, the count that scans the anon measured at 7.2.
 * That count is taken (less anon the fewer: a bisection, the nearest
 * point kept); the least is one walk.  Over thirteen lab sweeps (6.1
 * and 6.12, 0.25 s samples), kswapd within one level of its traced
 * priority in 24 more 6.1 intervals of 3053 and 2 more 6.12 ones of
 * 2823, direct reclaim in 17 more 6.1 ones of 2825.
 */
static void fewer_refaults(const struct split_in *in, const struct split_cost *node_cost,
			   const struct split_cost *cg_cost, struct walk_fit *fit,
			   double all, struct split_out *out)
{
	struct walk_fit f = *fit;
	double want = in->anon_measured, least, best;

	f.fewer_refaults = 1;
	least = anon_under(in, node_cost, cg_cost, f, out);
	if (!(least < all))
		return;             /* one walk at most saw one: nothing to take */
	best = all - want;
	if (fabs(least - want) < best) {
		best = fabs(least - want);
		fit->fewer_refaults = 1;
	}
	if (least > want)
		return;             /* even one walk scans more: one taken */
	bisect_fit(in, node_cost, cg_cost, &f, &f.fewer_refaults, 0, 1, 0, best,
		   &fit->fewer_refaults, out);
}

void sw_fit_refault_count(const struct split_in *in, const struct split_cost *node_cost,
			  const struct split_cost *cg_cost, struct walk_fit *fit,
			  struct split_out *out)
{
	double want = in->anon_measured, anon;

	if (!(want > 0))
		return;             /* no anon to explain */
	if (!window_activations(in) && !(in->activate_file > 1))
		return;             /* the count can move neither way */
	anon = anon_under(in, node_cost, cg_cost, *fit, out);
	if (anon < want)
		extra_refaults(in, node_cost, cg_cost, fit, anon, out);
	else if (anon > want)
		fewer_refaults(in, node_cost, cg_cost, fit, anon, out);
}

/* The attribution fits (it reads pgscan_anon); a prediction does not. */
int sw_fits(const struct split_in *in)
{
	return !isnan(in->anon_measured) && !in->has_expected;
}

/*
 * The least share of the measured anon efficiency a walk's own anon
 * pages free: above 0, where sw_efficiency() takes a rate as unknown.
 */
#define ANON_FREED_MIN 0.02

/*
 * A walk that lets anon in frees little of it at once: shrink_folio_list()
 * starts the swap write of an anon folio and keeps it (PG_reclaim), and it
 * is freed by a later pass once folio_end_writeback() has rotated it to
 * the list's tail (v6.1 and v6.18).  pgsteal_anon / pgscan_anon, the
 * efficiency measured so far, counts those later frees; a walk's own
 * anon frees between none and that, so a walk that saw a refault reclaims
 * mostly file and goes deeper than the measured rate says (lab, 6.1: one
 * kswapd walk from level 12 to 4 scanning 1505 anon pages after one
 * activation).  Where the interval's walks scan less anon than measured,
 * the attribution takes the share that scans it (bisection: less freed,
 * deeper refault walks, more anon), down to ANON_FREED_MIN.
 */
double sw_fit_anon_freed(const struct split_in *in, const struct split_cost *node_cost,
			 const struct split_cost *cg_cost, struct walk_fit *fit,
			 struct split_out *out)
{
	struct walk_fit f = *fit;
	double want = in->anon_measured, now, anon, best;

	if (!(want > 0))
		return NAN;
	now = anon_under(in, node_cost, cg_cost, f, out);
	if (now >= want)
		return now;         /* explained: the measured rate stands */
	f.anon_freed = ANON_FREED_MIN;
	anon = anon_under(in, node_cost, cg_cost, f, out);
	if (!(anon > now))
		return now;         /* no walk that goes deeper */
	best = fabs(now - want);
	if (fabs(anon - want) < best) {
		best = fabs(anon - want);
		fit->anon_freed = ANON_FREED_MIN;
	}
	if (!(anon > want))         /* the deepest walks scan too little: taken */
		return fit->anon_freed == ANON_FREED_MIN ? anon : now;
	bisect_fit(in, node_cost, cg_cost, &f, &f.anon_freed, ANON_FREED_MIN, 1, 0, best,
		   &fit->anon_freed, out);
	return NAN;                 /* the value kept was replayed among others */
}

/*
 * kswapd's short walks (sw_walk_lengths(): those that stop at the
 * compaction gap, or find the node balanced after a few levels) are
 * taken from the trim walks first: a walk that saw a refault lets anon
 * in from its next level on, frees less at once, and the longer a walk
 * runs the likelier it sees the counter move.  But an activation that
 * comes before a short walk is seen by it (prepare_scan_count() at its
 * first level), and the 6.1 lab's traces show it more often than not:
 * in 364 of 564 intervals with both, the deepest level kswapd scanned
 * anon at lay above the deepest it scanned file at (in 163 the same).
 * Where the short walks taken from either kind alike (the same share of
 * each) scan nearer the anon measured, without explaining less than
 * SPLIT_ANON_EXPLAINED of it where the trim walks first did, the
 * attribution takes them so.  Over fourteen lab sweeps this put 6.1's
 * kswapd within one level of its traced priority in 11 more intervals
 * of 2731, and 1 more of 1605 on six later ones; 6.12's none changed.
 */
void sw_fit_short_spread(const struct split_in *in, const struct split_cost *node_cost,
			 const struct split_cost *cg_cost, struct walk_fit *fit,
			 struct split_out *out)
{
	struct walk_fit f = *fit;
	double want = in->anon_measured, now, anon;

	/* walks of two lengths: kswapd's that began in the interval, 4.8+ */
	if (!(want > 0) || !(in->walks[RC_KSWAPD] > 0) || !(in->scanned[RC_KSWAPD] > 0) ||
	    model_version_cmp(in->version, 4, 8, 0) < 0)
		return;
	now = anon_under(in, node_cost, cg_cost, f, out);
	f.short_spread = 1;
	anon = anon_under(in, node_cost, cg_cost, f, out);
	if (fabs(anon - want) < fabs(now - want) &&
	    (anon >= SPLIT_ANON_EXPLAINED * want || anon >= now))
		fit->short_spread = 1;
}

/*
 * Whether fit `with` scans anon nearer the measured than `without`, where
 * the walks under `without` explain too little of it
 * (SPLIT_ANON_EXPLAINED): one replay of the interval each.
 */
static int nearer_where_short(const struct split_in *in, const struct split_cost *node_cost,
			      const struct split_cost *cg_cost, struct walk_fit without,
			      struct walk_fit with, struct split_out *out)
{
	double want = in->anon_measured, now, anon;

	now = anon_under(in, node_cost, cg_cost, without, out);
	if (!(now < SPLIT_ANON_EXPLAINED * want))
		return 0;           /* the walks as they are explain it */
	anon = anon_under(in, node_cost, cg_cost, with, out);
	return fabs(anon - want) < fabs(now - want);
}

/*
 * The share of the anon measured below which the fits of kswapd's pass
 * going on (sw_fit_pass_going_on()) are tried: a replay within 10% of it
 * agrees, as the prediction is asked to.  Such a pass's size only the
 * anon measured tells, and a walk that finishes its pass too early in
 * one interval stands in the wrong pass in the next: labAE run 15 (6.12,
 * swappiness 200, 1 GB) at 5.83 s, a level-4 pass over THPs replayed to
 * its expected end with 83% of the anon explained, then a level-3 pass
 * of cache trim that scanned no anon in the three intervals after (27.5%
 * of the run's swap-out unexplained at SPLIT_ANON_EXPLAINED; all of it
 * explained here).  At 1.0 the same sweep's 6.1 runs left 16452 pages
 * unexplained that 0.9 explains.
 */
#define PASS_FIT_SHORT 0.9

/*
 * Takes fit `with` where the walks so far (their anon *now) scan less
 * than PASS_FIT_SHORT of the anon measured and `with` scans it nearer;
 * *now is then `with`'s.
 */
static void take_if_nearer(const struct split_in *in, const struct split_cost *node_cost,
			   const struct split_cost *cg_cost, struct walk_fit with,
			   double *now, struct walk_fit *fit, struct split_out *out)
{
	double want = in->anon_measured, anon;

	if (!(*now < PASS_FIT_SHORT * want))
		return;
	anon = anon_under(in, node_cost, cg_cost, with, out);
	if (fabs(anon - want) < fabs(*now - want)) {
		*fit = with;
		*now = anon;
	}
}

/*
 * A kswapd walk that goes on in the pass it stood in at the sample before
 * (kswapd_resume_pass), three things of that pass no counter gives:
 *
 * Its size (walk_fit.pass_largest).  A pass's pages are known only on
 * average: split_grain_scan() draws the folios as the census mixes them,
 * but a pass draws the list's tail, and a task's THPs, faulted after its
 * small pages, lie there together once the small ones are gone (labAE
 * run 15, 6.12, at 4.6 s: kswapd's levels 12 to 7 scanned single pages,
 * 48 to 1541 a level, levels 6 and 5 then drew 192 batches of 474 and
 * 512 pages each).  Taken at its largest, every batch a largest folio
 * (split_grain_largest()), where that scans the anon measured nearer.
 *
 * How much of it was left at the sample (walk_fit.pass_rest_measured).
 * shrink_lruvec() sets a pass's targets once, when it begins (v6.1 and
 * v6.18), so the rest is its targets less what it scanned before the
 * sample, and the replay before put that scan on its levels from the
 * lists it sampled, not those each level began on: a share of a level
 * off there moves the rest of a pass of tens of thousands of pages by
 * thousands (labBB run 16 at 6.98 s, 6.12, swappiness 200: a level-2
 * pass over anon, 24392 pages traced, 21696 before the sample and 2696
 * after; the replay before put 23160 in it, the level-3 pass before it
 * having taken 108 where the traces show 1572, and left a rest of 1183
 * anon pages, 866 of the interval's 1558 swapped out unexplained).  The
 * anon kswapd scanned (sw_kswapd_anon_least()), at most the pass's, is
 * taken as its rest where nearer; only where no new walk began (no
 * PAGEOUTRUN), all of that anon then the walk's, while a new walk's
 * could be any of it (labS run 15 at 13.0 s, 6.12: a new walk over anon
 * from 12 to 7 beside the old walk's pass; taken as the pass's rest,
 * kswapd 1.6 to 3.1 levels off its traces there and in the two
 * intervals after).  Not more than the pass: anon beyond it is the
 * walk's next levels as much as a larger pass (labW run 16 at 6.75 s,
 * 6.12: the traces show the walk going on from level 8 to 5; with its
 * pass grown to the anon measured the walk stood in it at the sample,
 * and at 7.1 s 8388 pages were left to boosted walks where the traces
 * show 7246 file pages at levels 12 to 10, attribute-3.54).
 *
 * Whether the walk holds at its level (walk_fit.anon_holds).  A pass
 * over anon only frees little at once, its swap writes done later
 * (sw_walk_floor()), so a new walk goes on down past such levels.  But
 * balance_pgdat() lowers the priority only after a level that scanned
 * less than nr_to_reclaim or reclaimed nothing (`if (raise_priority ||
 * !nr_reclaimed)`, v6.1 and v6.18): once the writes of its first passes
 * are done, a walk at a level whose pass scans nr_to_reclaim frees pages
 * there and holds, pass after pass (labAH run 15, 6.12, swappiness 200,
 * 768 MB: kswapd at level 4 from 3.5 s to 6.0 s, no new walk begun, over
 * 599048 anon pages, THPs, in 1648 batches).  Where the pass took anon
 * and scanned the high watermarks' sum and kswapd reclaimed pages in the
 * interval, taken where nearer.
 *
 * now: the anon the walks scan under *fit, where a fit before replayed
 * them (sw_fit_anon_freed()); NAN: they are replayed here.  Once more for
 * each fit tried.
 */
void sw_fit_pass_going_on(const struct split_in *in, const struct split_cost *node_cost,
			  const struct split_cost *cg_cost, double now,
			  struct walk_fit *fit, struct split_out *out)
{
	const struct split_pass *pass = &in->kswapd_resume_pass;
	struct walk_fit f;

	if (!(in->anon_measured > 0) || !(in->kswapd_resume > 0) || pass->level < 0)
		return;
	if (isnan(now))
		now = anon_under(in, node_cost, cg_cost, *fit, out);
	if (pass->anon_largest > pass->anon) {
		f = *fit;
		f.pass_largest = 1;
		take_if_nearer(in, node_cost, cg_cost, f, &now, fit, out);
	}
	if (pass->anon > 0 && sw_kswapd_anon_least(in) > 0 && in->walks[RC_KSWAPD] == 0) {
		f = *fit;
		f.pass_rest_measured = 1;
		take_if_nearer(in, node_cost, cg_cost, f, &now, fit, out);
	}
	if (pass->anon > 0 && in->reclaimed[RC_KSWAPD] > 0 &&
	    pass->anon + pass->file >= sw_high_wmarks(in, in->boost_start)) {
		f = *fit;
		f.anon_holds = 1;
		take_if_nearer(in, node_cost, cg_cost, f, &now, fit, out);
	}
}

/*
 * balance_pgdat() checks pgdat_balanced() before each level, not inside
 * one: a pass under way when the free pages reach the high watermark
 * goes on (shrink_lruvec() cuts kswapd's pass short only once the pass
 * has reclaimed its nr_to_reclaim, the zones' high watermarks, and then
 * scans the larger list on to the share of its target the smaller had
 * reached, v6.1 and v6.18).  The replay takes a walk that the sample
 * found balanced as ended there, which most are (the last level done);
 * where the interval's walks then explain too little of the anon
 * measured (SPLIT_ANON_EXPLAINED) and that walk stood in a pass that
 * scans anon, the attribution takes it as finishing that pass first,
 * where that is nearer: the rest of its targets, at most (rr3 run 14 at
 * 9.06 s, 6.12: a walk deep at level 3 over anon since 8.6 s finished
 * its pass, 959 anon pages, before the next walk began at 12).
 */
void sw_fit_finish_pass(const struct split_in *in, const struct split_cost *node_cost,
			const struct split_cost *cg_cost, struct walk_fit *fit,
			struct split_out *out)
{
	struct walk_fit f = *fit;

	if (!(in->anon_measured > 0) || !in->kswapd_resume_balanced ||
	    in->kswapd_resume_pass.level < 0 || !(in->kswapd_resume_pass.anon > 0))
		return;
	f.finish_pass = 1;
	if (nearer_where_short(in, node_cost, cg_cost, *fit, f, out))
		fit->finish_pass = 1;
}

/*
 * Where the sample before found kswapd's last walk on a node short of
 * its high watermarks, the replay takes the walk as standing in a pass
 * (sw_kswapd_ended()) and finishes that pass first, a share of it scanned
 * before the sample that no counter gives (struct split_pass).  Where a
 * new walk began in the interval (PAGEOUTRUN: kswapd runs one walk at a
 * time, so that one ended) and the walks then explain too little of the
 * anon measured (SPLIT_ANON_EXPLAINED), the attribution takes the pass
 * as done at the sample, where that is nearer: the walk ended there, at
 * its last level's end.  (labR run 15 at 3.09 s, 6.12, swappiness 200:
 * the replay finished a walk's level-1 pass over file, 23 anon pages
 * against 2004; the traces put a walk at levels 7 and 6 over 1972 anon
 * pages, and a new one at 12 to 10.)
 */
void sw_fit_pass_done(const struct split_in *in, const struct split_cost *node_cost,
		      const struct split_cost *cg_cost, struct walk_fit *fit,
		      struct split_out *out)
{
	struct walk_fit f = *fit;

	if (!(in->anon_measured > 0) || !(in->kswapd_resume > 0) ||
	    in->kswapd_resume_balanced || !(in->walks[RC_KSWAPD] > 0))
		return;
	f.pass_done = 1;
	if (nearer_where_short(in, node_cost, cg_cost, *fit, f, out))
		fit->pass_done = 1;
}
