/*
 * split_views.c - which lists a 6.12+ global walk decided on: the memcg
 * statistics of the last periodic flush (split_flushed_view()), between
 * the samples around it or split by a flush inside the interval.
 */
#include <math.h>
#include <string.h>

#include "model.h"
#include "model_int.h"
#include "split_int.h"
#include "banned.h"

/*
 * A periodic flush inside the interval (every FLUSH_TIME = 2 s,
 * flush_memcg_stats_dwork(), v6.12 and v6.18; a quarter-second interval
 * holds one an eighth of the time): the walks before it decided on an
 * older view j, those after on the lists of the interval's end, the
 * newest view (a flush inside holds lists between the interval's two
 * samples).  Taken where the nearest single view explains too little of
 * the anon measured: the newest j whose walks and the newest view's
 * bracket it, the share of the walks on j the one under which they scan
 * it (anon is linear in the share, each view's walks replayed on their
 * own; not quite for one kswapd walk that goes on across the flush,
 * replayed one view after the other, walk_in_order() in split_walk.c,
 * so there the share is near, not exact).  a[] holds each view's anon as
 * the only view; out is left as it is where no pair brackets the
 * measured anon.
 */
static void flush_split(const struct split_in *in, const struct split_cost *node_cost,
		       const struct split_cost *cg_cost, const struct walk_fit *fit,
		       const double *a, struct split_out *out)
{
	struct split_in two = *in;
	double want = in->anon_measured;
	int j, k = in->seen_n - 1;

	for (j = k - 1; j >= 0; j--) {
		if (!((a[j] - want) * (a[k] - want) < 0))
			continue;
		two.seen_n = 2;
		two.seen[0] = in->seen[j];
		two.seen[1] = in->seen[k];
		memset(two.seen_w, 0, sizeof(two.seen_w));
		two.seen_w[0] = (want - a[k]) / (a[j] - a[k]);
		two.seen_w[1] = 1 - two.seen_w[0];
		sw_walk_all(&two, node_cost, cg_cost, fit, out);
		return;
	}
}

double split_file_swing(const struct split_lists *a, const struct split_lists *b)
{
	return fmax(fabs(b->inactive_file - a->inactive_file),
		    fabs(b->active_file - a->active_file));
}

void split_lists_between(const struct split_lists *a, const struct split_lists *b,
			 double x, struct split_lists *l)
{
	l->inactive_anon = a->inactive_anon + x * (b->inactive_anon - a->inactive_anon);
	l->active_anon = a->active_anon + x * (b->active_anon - a->active_anon);
	l->inactive_file = a->inactive_file + x * (b->inactive_file - a->inactive_file);
	l->active_file = a->active_file + x * (b->active_file - a->active_file);
}

/* The anon pages the interval's walks scan, all of them on one view
 * (which out keeps). */
static double anon_on_view(const struct split_in *in, const struct split_lists *view,
			   const struct split_cost *node_cost, const struct split_cost *cg_cost,
			   const struct walk_fit *fit, struct split_out *out)
{
	struct split_in one = *in;

	one.seen_n = 1;
	memset(one.seen_w, 0, sizeof(one.seen_w));
	one.seen[0] = *view;
	sw_walk_all(&one, node_cost, cg_cost, fit, out);
	out->view = *view;
	out->view_picked = 1;
	return out->anon_pred;
}

/*
 * How far the anon the walks scan on a view is off the anon measured: a
 * ratio (|ln|, one page added to both), so that a view under which they
 * scan none or little is not the nearer for missing by fewer pages than
 * one that overshoots (labC run 15 at 3.0 s, 6.12: 115 and 350 pages
 * against 210 measured; by the pages the first, which explains 55% of
 * them: 111 of the run's 1256 pages swapped out unexplained).
 */
static double view_off(double anon, double measured)
{
	return fabs(log((anon + 1) / (measured + 1)));
}

/*
 * One flushed view for the whole interval: the one whose walks scan
 * nearest the measured anon pages, as a ratio; on a tie the newest (the
 * view a walk sees more often, once the flush has happened).  With
 * may_split, where that one explains too little, two views split by a
 * flush (flush_split()).  The fits (start share, extra refault walks) ask
 * without it: a flush in the interval is the rarer event, and the
 * model's own explanations come first.  a[j] gets view j's anon alone.
 */
static void pick_view(const struct split_in *in, const struct split_cost *node_cost,
		      const struct split_cost *cg_cost, const struct walk_fit *fit,
		      int may_split, double *a, struct split_out *out)
{
	struct split_out o;
	double best = INFINITY, d;
	int j;

	for (j = in->seen_n - 1; j >= 0; j--) {
		a[j] = anon_on_view(in, &in->seen[j], node_cost, cg_cost, fit, &o);
		d = view_off(o.anon_pred, in->anon_measured);
		/* one at least, where no distance is a number (NAN, INFINITY:
		 * a damaged recording's) */
		if (j == in->seen_n - 1 || d < best || (isnan(best) && !isnan(d))) {
			best = d;
			*out = o;
		}
	}
	if (may_split && out->anon_pred < SPLIT_ANON_EXPLAINED * in->anon_measured)
		flush_split(in, node_cost, cg_cost, fit, a, out);
}

/*
 * A flush inside the interval between in's two views, placed among the
 * walks where the anon measured lies between what they scan on either
 * alone (flush_split(); out left as it is otherwise).
 */
static void flush_among_walks(const struct split_in *in, const struct split_cost *node_cost,
			      const struct split_cost *cg_cost, const struct walk_fit *fit,
			      struct split_out *out)
{
	struct split_out one;
	double a[2];
	int j;

	for (j = 0; j < 2; j++)
		a[j] = anon_on_view(in, &in->seen[j], node_cost, cg_cost, fit, &one);
	flush_split(in, node_cost, cg_cost, fit, a, out);
}

/*
 * View j (of place_flush()'s two) replaced by either of `ends` in turn,
 * the time's shares kept, or, where those explain too little, placed
 * among the walks (flush_among_walks()); each taken where it scans
 * nearer the anon measured (view_off()).
 */
static void view_at_ends(const struct split_in *in, int j,
			 const struct split_lists *const ends[2],
			 const struct split_cost *node_cost, const struct split_cost *cg_cost,
			 const struct walk_fit *fit, struct split_out *out)
{
	struct split_in two = *in;
	struct split_out o;
	int e;

	for (e = 0; e < 2; e++) {
		two.seen[j] = *ends[e];
		sw_walk_all(&two, node_cost, cg_cost, fit, &o);
		if (o.anon_pred < SPLIT_ANON_EXPLAINED * in->anon_measured)
			flush_among_walks(&two, node_cost, cg_cost, fit, &o);
		if (view_off(o.anon_pred, in->anon_measured) <
		    view_off(out->anon_pred, in->anon_measured))
			*out = o;
	}
}

/*
 * The flush inside the interval copied lists between the interval's two
 * samples, at a point they do not tell (a writer's file pages arrive in
 * steps): where the straight line explains too little, either sample's
 * lists in its place, whichever the walks scan the nearer to the
 * measured anon under (view_off()): the time's shares kept, or, where
 * those still explain too little, placed as place_flush() places them
 * (flush_split()).  labB run 28 at 11.76 s (6.12, swappiness 60): the
 * flushes at 9.67 s (inactive file 8690 over active 8243: cache trim)
 * and 11.72 s, 0.03 s before the sample, with a third the count shows
 * and no time (memcg_flushes 6 -> 8); the walks scanned 1051 anon pages
 * at levels 12 to 5 (the 11.51 s sample's 6020 under 8260: file
 * deactivation).  With the shares kept, 157 of them (537 pages swapped
 * out unexplained, 6.1% of the run).
 */
static void inside_ends(const struct split_in *in, const struct split_cost *node_cost,
			const struct split_cost *cg_cost, const struct walk_fit *fit,
			struct split_out *out)
{
	const struct split_lists *const ends[2] = { &in->node_prev, &in->node };

	if (in->has_prev)
		view_at_ends(in, 1, ends, node_cost, cg_cost, fit, out);
}

/*
 * The older of place_flush()'s two views is the one traced flush before
 * the interval; where that fell between two samples (in->has_bracket),
 * it copied lists at a moment they do not tell, which seen[0] puts on
 * the straight line between them.  A writer's file pages arrive in steps
 * and the inactive list's tie with the active one decides the branch
 * (inactive_is_low() on that view: file deactivation, SCAN_FRACT), so
 * either sample's lists may be the nearer: the walks replayed with each
 * in its place, the later view and the shares as they are, and where one
 * scans nearer the anon measured it is taken (labW run 15 at 8.0 s,
 * 6.12, swappiness 200: a flush at 5.95 s between samples of 6311
 * inactive file pages against 7562 active and 7973 against 7570, the
 * line 7576 against 7568 at the flush, not low; kswapd's one walk of the
 * interval scanned 2653 anon pages at levels 12 to 6 with no activation
 * in sight, and 16.1% of the run's swap-out went unexplained).
 */
static void older_at_ends(const struct split_in *in, const struct split_cost *node_cost,
			  const struct split_cost *cg_cost, const struct walk_fit *fit,
			  struct split_out *out)
{
	const struct split_lists *const ends[2] = { &in->seen_bracket[0],
						    &in->seen_bracket[1] };

	if (in->has_bracket)
		view_at_ends(in, 0, ends, node_cost, cg_cost, fit, out);
}

/*
 * A traced flush inside the interval (in->seen_known, two views): the
 * walks before it decided on the first view, those after on the second,
 * and their shares are the interval's time before and after it (a
 * prediction's).  Where those explain too little of the anon measured
 * (SPLIT_ANON_EXPLAINED) and it lies between what the walks scan on
 * either view alone, the attribution takes the shares under which they
 * scan it, as flush_split() does: walks are not spread evenly in time,
 * and the flush's time is known, its place among the walks is not
 * (lab 6.12, swappiness 200: 91% of one interval's direct scan was anon,
 * all before a flush at 28% of the interval).  Where those still explain
 * too little, the later view as either sample of the interval holds it
 * (inside_ends()), then the older one as either sample around its flush
 * (older_at_ends()); neither pick is kept for the intervals after (the
 * next one's pick_in_bracket() places the same flush anew, on its own
 * anon).
 */
static void place_flush(const struct split_in *in, const struct split_cost *node_cost,
			const struct split_cost *cg_cost, const struct walk_fit *fit,
			struct split_out *out)
{
	sw_walk_all(in, node_cost, cg_cost, fit, out);
	if (!(out->anon_pred < SPLIT_ANON_EXPLAINED * in->anon_measured))
		return;             /* the time's shares explain it */
	flush_among_walks(in, node_cost, cg_cost, fit, out);
	if (out->anon_pred < SPLIT_ANON_EXPLAINED * in->anon_measured)
		inside_ends(in, node_cost, cg_cost, fit, out);
	if (out->anon_pred < SPLIT_ANON_EXPLAINED * in->anon_measured)
		older_at_ends(in, node_cost, cg_cost, fit, out);
}

/*
 * A walk's own trim (walk_takes()): the interval and costs it walks on,
 * the anon one SCAN_FRACT pass must scan, and the most it can have
 * trimmed (the file pages the interval scanned).
 */
struct own_trim {
	const struct split_in *in;
	const struct split_cost *cost;
	double anon, most;
};

/*
 * The inactive file pages a walk on the lists of one sample (start: the
 * interval's first) has taken off the list before the level whose one
 * SCAN_FRACT pass (those lists at a tie) would scan t->anon: each level
 * above it trimmed the cache (its target at most: kswapd's
 * pass stops once it has reclaimed nr_to_reclaim), and before 6.12 the
 * walk reads the lists anew at every level (prepare_scan_count() per
 * shrink_node(), v6.1, the memcg statistics flushed once about 64
 * updates a CPU are pending), so by then its own reclaim has moved the
 * inactive list that far towards a tie (rr5 run 4 at 7.75 s, 6.1: 8848
 * inactive file pages against 8264 active, then 9280 against 8259; one
 * walk of six went on to level 4 and scanned 1539 anon pages there,
 * SCAN_FRACT's share, and none above it, after taking about 540 file
 * pages at 12 to 5).  No more than the file pages the interval scanned
 * (t->most); 0 where no level's one pass scans that anon.
 */
static double walk_takes(const struct own_trim *t, int start)
{
	struct walk_ctx trim, tie;
	double a, f, taken = 0;
	enum cause why;
	int q;

	sw_fill_ctx(&trim, t->in, t->cost, 0, start, NULL);
	tie = trim;
	tie.deact_file_low = 1;             /* inactive_is_low(): no cache trim */
	for (q = DEF_PRIORITY; q > 0; q--) {
		sw_level_scan(&tie, q, &a, &f, &why);
		if (a >= t->anon)
			return fmin(taken, t->most);
		sw_level_scan(&trim, q, &a, &f, &why);
		taken += f;
	}
	return 0;               /* no one pass scans that anon */
}

/*
 * The lists at a tie of the file lists within two samples' reach (b[0],
 * b[1]): where neither has the inactive file list low against the
 * active one (inactive_is_low(), which requests file deactivation: no
 * cache trim, SCAN_FRACT from 12), but the one nearer a tie is nearer it
 * than either list moved between the two (or swing, the most they moved
 * between two samples around them), the lists may have tied at a
 * moment between them: a re-read file working set keeps the active list
 * as large as the inactive one (a 6.12 lab interval: 8316 inactive
 * against 8269 active before the flush, 7633 against 7129 after, anon
 * scanned from level 12 with no activation in sight), or (own, not NULL:
 * b the interval's first sample and its last)
 * than that and the pages a walk on that sample's lists took off the
 * inactive list itself before the level that read it (walk_takes()).
 * That sample's lists, the inactive file list just low.  0 where no tie
 * is within reach.
 */
static int tie_between(const struct split_lists *b, const struct own_trim *own,
		       double swing, struct split_lists *view)
{
	double reach = fmax(swing, split_file_swing(&b[0], &b[1]));
	double gap[2], ratio[2];
	int j, k;

	for (j = 0; j < 2; j++) {
		ratio[j] = sw_inactive_ratio(b[j].inactive_file, b[j].active_file);
		gap[j] = b[j].inactive_file * ratio[j] - b[j].active_file;
	}
	k = gap[1] < gap[0];
	if (own)
		reach += walk_takes(own, k == 0);
	if (!(gap[k] >= 0 && gap[k] <= reach))
		return 0;
	*view = b[k];
	view->inactive_file = ceil(b[k].active_file / ratio[k]) - 1;
	return view->inactive_file >= 0;
}

/*
 * The flush may have copied the lists at such a tie (6.12+), within the
 * reach the lists showed around it (in->bracket_swing): labH run 12
 * (6.12, swappiness 60, a re-read file) flushed at 12.17 s between
 * samples with inactive file 1167 and 1146 pages over active, 925 apart,
 * while the intervals on either side moved active file by 904 and 894,
 * those after by 2084 and 2124, and the samples before and after showed
 * inactive under active (7763/8231, 8183/8223); the walks scanned anon
 * at every level (2:1 over file, SCAN_FRACT) for the 2 s until the next
 * flush, with no activation: 23.7% of the run's swap-out unexplained.
 */
static int tie_view(const struct split_in *in, struct split_lists *view)
{
	return tie_between(in->seen_bracket, NULL, in->bracket_swing, view);
}

/*
 * Before 6.12 a walk reads the lists as they are, at every level
 * (prepare_scan_count() per shrink_node(), v6.1), so where the file lists
 * tied between the interval's two samples (tie_between()) the walks
 * that ran about then scanned SCAN_FRACT's anon, and the others trimmed
 * the cache (rr4 run 5 at 9.76 s, 6.1: 8427 inactive file pages against
 * 8281 active, then 8700 against 8279; one walk of 32 scanned anon from
 * level 12, 8, 18, 36, 73 pages, no activation in sight).  The
 * attribution, where the walks explain too little of the anon measured
 * (SPLIT_ANON_EXPLAINED) and walks all at the tie would scan more than
 * it, takes the share of them at the tie under which they scan it (anon
 * is linear in the share, each view's walks replayed on their own).
 */
static void tie_moment(const struct split_in *in, const struct split_cost *node_cost,
		       const struct split_cost *cg_cost, const struct walk_fit *fit,
		       struct split_out *out)
{
	struct split_in two = *in;
	const struct split_lists ends[2] = { in->node_prev, in->node };
	struct own_trim own;
	double want = in->anon_measured, now = out->anon_pred, at_tie;
	struct split_out o;

	if (!in->has_prev || split_flushed_view(in->version) ||
	    !(now < SPLIT_ANON_EXPLAINED * want))
		return;
	two.seen_moments = 1;
	two.seen_n = 1;
	memset(two.seen, 0, sizeof(two.seen));
	memset(two.seen_w, 0, sizeof(two.seen_w));
	own.in = in;
	own.cost = node_cost;
	own.anon = want - now;
	own.most = in->file_measured > 0 ? in->file_measured : 0;
	if (!tie_between(ends, &own, 0, &two.seen[0]))
		return;
	two.seen_w[0] = 1;
	sw_walk_all(&two, node_cost, cg_cost, fit, &o);
	at_tie = o.anon_pred;
	if (!(at_tie > want))
		return;
	two.seen_w[0] = (want - now) / (at_tie - now);
	two.seen_w[1] = 1 - two.seen_w[0];
	sw_walk_all(&two, node_cost, cg_cost, fit, out);
}

/*
 * The one traced flush before the interval, between two samples
 * (in->has_bracket): the view on the straight line between them, or
 * either sample's lists, whichever the walks scan the nearest to the
 * measured anon under (pick_view(), the straight line last, so that a
 * tie keeps it).  Where the two samples' views bracket the anon
 * measured, the lists the flush copied lie between them at a point
 * the samples do not tell (a writer's file pages arrive in steps):
 * the point under which the walks scan it, by bisection, where nearer.
 * Where none of the three explains SPLIT_ANON_EXPLAINED of it, a tie of
 * the file lists within reach (tie_view()), where nearer.
 */
static void pick_in_bracket(const struct split_in *in, const struct split_cost *node_cost,
			    const struct split_cost *cg_cost, const struct walk_fit *fit,
			    struct split_out *out)
{
	struct split_in three = *in;
	struct split_lists view;
	struct split_out o;
	double want = in->anon_measured, ends[3], a0, a, best, lo = 0, hi = 1, x;
	int it;

	three.seen_n = 3;
	three.seen[0] = in->seen_bracket[0];
	three.seen[1] = in->seen_bracket[1];
	three.seen[2] = in->seen[0];
	pick_view(&three, node_cost, cg_cost, fit, 0, ends, out);
	best = view_off(out->anon_pred, want);
	if (out->anon_pred < SPLIT_ANON_EXPLAINED * want && tie_view(in, &view)) {
		a = anon_on_view(in, &view, node_cost, cg_cost, fit, &o);
		if (view_off(a, want) < best) {
			best = view_off(a, want);
			*out = o;
		}
	}
	a0 = ends[0];
	if (!((a0 - want) * (ends[1] - want) < 0))
		return;
	for (it = 0; it < 20 && fabs(out->anon_pred - want) > BISECT_CLOSE * want; it++) {
		x = (lo + hi) / 2;
		split_lists_between(&in->seen_bracket[0], &in->seen_bracket[1], x, &view);
		a = anon_on_view(in, &view, node_cost, cg_cost, fit, &o);
		if ((a - want) * (a0 - want) > 0)
			lo = x;
		else
			hi = x;
		if (view_off(a, want) < best) {
			best = view_off(a, want);
			*out = o;
		}
	}
}

void sw_walk_views(const struct split_in *in, const struct split_cost *node_cost,
		   const struct split_cost *cg_cost, const struct walk_fit *fit,
		   int may_split, struct split_out *out)
{
	int measured = !isnan(in->anon_measured) && split_flushed_view(in->version);
	double a[SPLIT_SEEN_MAX];

	if (measured && in->seen_known && in->seen_n == 2 && may_split)
		place_flush(in, node_cost, cg_cost, fit, out);
	else if (measured && in->seen_n > 1 && !in->seen_known)
		pick_view(in, node_cost, cg_cost, fit, may_split, a, out);
	else if (measured && in->seen_known && in->seen_n == 1 && in->has_bracket)
		pick_in_bracket(in, node_cost, cg_cost, fit, out);
	else {
		sw_walk_all(in, node_cost, cg_cost, fit, out);
		if (!isnan(in->anon_measured) && may_split)
			tie_moment(in, node_cost, cg_cost, fit, out);
	}
}
