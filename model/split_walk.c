/*
 * split_walk.c - the split-LRU reclaim walk replayed from counters
 * (reclaim-model.md, section 5; see split.h): one reclaimer's walks of
 * an interval, every reclaimer's, and the entry split_walk().  The rest
 * of the walk is in split_level.c (what a level scans), split_kswapd.c
 * (kswapd's walk lengths and boosts), split_views.c (6.12+ flushed
 * views), split_fit.c (the attribution's fits) and split_deep.c (cgroup
 * walks down to 0), sharing split_int.h.
 *
 * A walk (kernel v6.1 and v6.18, mm/vmscan.c):
 *   kswapd   balance_pgdat(): one pageoutrun, priority 12 downwards while
 *            a level scanned less than nr_to_reclaim (kswapd_shrink_node():
 *            sum over zones of max(high wmark, 32)) or reclaimed nothing;
 *            it may repeat a level, stops when the node is balanced, and
 *            never goes below 1 (while (sc.priority >= 1)).
 *   direct   do_try_to_free_pages(): one allocstall, 12 down to 0, stops
 *            once 32 pages are reclaimed.
 *   cgroup   try_to_free_mem_cgroup_pages(): the same on the cgroup's
 *            lruvec, no allocstall, not in pgscan_kswapd/direct.
 * Each level (shrink_node() -> prepare_scan_count() -> get_scan_count())
 * scans of each inactive list (size >> priority), split by the branch:
 *   1. no swap space (or may_swap off): SCAN_FILE
 *   2. cgroup reclaim with swappiness 0: SCAN_FILE (global reclaim with
 *      swappiness 0 goes on: "Global reclaim will swap to prevent OOM")
 *   3. priority 0 and swappiness > 0: SCAN_EQUAL
 *   4. sc->file_is_tiny (global only, v6.1 prepare_scan_count()):
 *      file + free <= sum of high wmarks, no anon deactivation requested
 *      and inactive_anon >> priority > 0: SCAN_ANON
 *   5. sc->cache_trim_mode: inactive_file >> priority > 0 and no file
 *      deactivation requested (file refaults since the last reclaim, or
 *      inactive_is_low()): SCAN_FILE.  The sizes this test reads are the
 *      memcg statistics of the last flush, up to 2 s old from 6.12
 *      (split_flushed_view()); the targets are the lists as they are.
 *   6. SCAN_FRACT: anon (size >> p) * ap / (ap + fp) (cost.c).
 * The replay inverts this: the measured pages scanned per walk of a
 * reclaimer fix how far down the walk went; the levels passed on the way
 * give the anon pages, the branch that let them in, and the priority.
 */
#include <math.h>
#include <string.h>

#include "model.h"
#include "model_int.h"
#include "split_int.h"
#include "banned.h"

static const char *const reclaimers[NR_RECLAIMERS] = {
	[RC_KSWAPD] = "kswapd", [RC_DIRECT] = "direct", [RC_CGROUP] = "cgroup",
	[RC_KHUGEPAGED] = "khugepaged", [RC_PROACTIVE] = "proactive",
};

const char *reclaimer_name(enum reclaimer r)
{
	return reclaimers[r];
}

/*
 * How many of the walks saw a file refault.  prepare_scan_count()
 * requests file deactivation when WORKINGSET_ACTIVATE_FILE differs from
 * the snapshot its reclaimer took at the end of its last walk: each move
 * the walk can see starts one such walk, so A activations reach at most
 * min(A, W) of W walks; one shown nearby (split_refault_window()) at
 * least one.  The activations of the lag window that no earlier
 * interval's added walks took (refault_window) may have reached the
 * interval's walks, one walk each at most: extra (0..1) takes that share
 * of them beyond the count so far (the attribution's fit, split_walk()).
 * fewer (0..1) takes the count that far from min(A, W) towards the one
 * walk: A activations close together reach fewer (sw_fit_refault_count() in split_fit.c).
 * A prediction gives the expected count instead.
 */
static double refault_walks(const struct split_in *in, enum reclaimer r,
			    double walks, double extra, double fewer)
{
	double n = in->activate_file > 0 ? in->activate_file : 0, most, nref;

	/*
	 * cgroup limit reclaim compares the cgroup's own lruvec counter; the
	 * sampler reads memory.stat after a stats flush, as the walk does,
	 * so no lag window: the interval's own count
	 */
	if (r == RC_CGROUP && !isnan(in->cg_activate_file))
		return fmin(walks, fmax(0, in->cg_activate_file));
	if (in->has_expected)
		return fmin(walks, in->refault_expected[r]);
	if (in->refault_near && n < 1)
		n = 1;
	most = fmax(n, in->refault_window[r]);    /* one walk an activation */
	nref = fmin(walks, n + extra * (most - n));
	return nref > 1 ? nref - fewer * (nref - 1) : nref;
}

/* Where each kind ends. */
static void mix_solve(const struct walk_mix *m, const struct walk_ctx *const kinds[2],
		      double ea, double ef, double p[2])
{
	struct walk_res w;
	double base = 0;
	int k;

	if (m->n[0] > 0 && m->n[1] > 0 && !isnan(ea) && !isnan(ef)) {
		sw_solve_need(kinds, m->n, m->s, ea, ef, m->whole_first, p);
		return;
	}
	for (k = 0; k < 2 && m->from > 0; k++)
		if (m->n[k] > 0) {
			sw_walk_at(kinds[k], m->from, &w);
			base += m->n[k] * w.scanned;
		}
	p[0] = p[1] = sw_solve_progress(kinds, m->n, base + m->s);
}

/*
 * One set of gauges (weight w): the walks' anon, causes and priority.
 * The priority weighs each level by the pages the walks scan there, as
 * a share of the m->s pages they scanned: where the walks scan more
 * than that at the least (a walk's level-12 pass over THPs, 512 pages a
 * batch, against 36 counted in the interval, the rest in the next),
 * their levels share m->s as they share their own scan, not each at its
 * own pages (labAG run 5 at 9.6 s, 6.1: direct reclaim at 72.7).
 */
static void mix_add(const struct walk_mix *m, const struct walk_ctx *const kinds[2],
		    const double p[2], double w, struct split_reclaim_out *o,
		    double *deep)
{
	struct walk_res res[2];
	double rest, scanned = 0, share;
	int k, c, floor = DEF_PRIORITY;

	for (k = 0; k < 2; k++)
		if (m->n[k] > 0) {
			sw_walk_span(kinds[k], m->from, p[k], &res[k]);
			scanned += m->n[k] * res[k].scanned;
		}
	rest = m->s - scanned;
	share = m->s > 0 && rest < 0 ? m->s / scanned : 1;
	for (k = 0; k < 2; k++) {
		if (!(m->n[k] > 0))
			continue;
		for (c = 0; c < NR_CAUSES; c++)
			o->anon_by[c] += w * m->n[k] * res[k].anon[c];
		o->anon_pred += w * m->n[k] * res[k].anon_total;
		o->p_est += w * share * m->n[k] * res[k].qsum / m->norm;
		*deep = fmin(*deep, res[k].deep);
		if (kinds[k]->floor < floor)
			floor = kinds[k]->floor;
	}
	/* nothing left to scan: what remains went at the (deepest) floor */
	if (rest > 1e-9 * m->norm) {
		o->p_est += w * floor * rest / m->norm;
		*deep = floor;
	}
}

/*
 * How many views of the lists a walk of reclaimer r may have decided on:
 * the flushed ones in in->seen for a global walk of 6.12+
 * (split_flushed_view()), or the moments there and the lists as they are
 * (in->seen_moments), else 0: it saw the lists as they are.  Cgroup limit reclaim is left
 * out: the sampler reads the cgroup's memory.stat every interval, and
 * that read flushes the cgroup's statistics, so its walks decide on the
 * lists of the interval's start (sw_cgroup_view()); nothing reads the
 * root's.
 */
static int seen_views(const struct split_in *in, enum reclaimer r)
{
	int n = in->seen_n < SPLIT_SEEN_MAX ? in->seen_n : SPLIT_SEEN_MAX;

	if (r == RC_CGROUP || n <= 0)
		return 0;
	if (in->seen_moments)
		return n + 1;      /* and the lists as they are */
	return split_flushed_view(in->version) ? n : 0;
}

/* The share of the walks that decided on view j of n. */
static double view_weight(const struct split_in *in, int j, int n)
{
	double sum = 0;
	int i;

	for (i = 0; i < n; i++)
		sum += in->seen_w[i];
	return sum > 0 ? in->seen_w[j] / sum : 1.0 / n;
}

/*
 * The lists a memory cgroup's limit walk of 6.12+ decides on: its
 * statistics as the sampler's read of memory.stat at the interval's
 * start flushed them (memcg_stat_format() -> mem_cgroup_flush_stats(),
 * v1 and v2), since the walk's own flush is ratelimited
 * (split_flushed_view()) and the periodic one comes every 2 s.  The
 * scan targets are the lists as they are.  NULL (the lists as they
 * are) before 6.12, or without a sample before.
 */
const struct split_lists *sw_cgroup_view(const struct split_in *in, enum reclaimer r)
{
	if (r == RC_CGROUP && (in->has_prev || in->has_cg_start) &&
	    split_flushed_view(in->version))
		return &in->cg_prev;
	return NULL;
}

/*
 * Where the last walk of kind c stood at the end sample (progress point
 * p), and the pass it stood in (struct split_pass): a 6.12 pass at level
 * 2 over anon, begun on a flushed view that let anon in, went on
 * scanning anon after a flush that would have trimmed the cache
 * (held19 run 15).
 */
static void end_at(const struct walk_ctx *c, double p,
		   struct split_reclaim_out *o)
{
	struct split_pass *pass = &o->end_pass;

	o->p_end = p;
	pass->level = -1;
	if (!(p >= 0))
		return;
	/* every step past the last level is the floor: a point solved for a
	 * sliver of a walk over a one-page pass can pass INT_MAX */
	pass->level = sw_level_after(c, (int)fmin(floor(p), DEF_PRIORITY + 1));
	sw_level_scan(c, pass->level, &pass->anon, &pass->file, &pass->cause);
	/* folios of 32 pages or fewer: a whole batch scans 32 pages whatever
	 * the mix, so the largest pass is the mix's, give or take a folio */
	pass->anon_largest = pass->anon > 0 && c->anon_largest > SPLIT_GRAIN_BATCH ?
			     sw_level_anon_largest(c, pass->level) : pass->anon;
	pass->outlasted = 0;
}

/* the most of its pass a walk that stands in it has done (a progress
 * point short of the next level's) */
#define PASS_SHARE_MAX 0.999

/*
 * A walk that goes on from the interval before and spent the interval
 * in the pass it stood in, from progress point `from`, taking `taken`
 * pages of it: it stands in that pass still.
 */
static void in_pass(const struct split_in *in, double from, double taken,
		    struct split_reclaim_out *o)
{
	const struct split_pass *pass = &in->kswapd_resume_pass;
	double whole = pass->anon + pass->file;
	double share = whole > 0 ? taken / whole : 0;

	o->end_pass = *pass;
	o->end_pass.outlasted = 1;
	o->p_end = DEF_PRIORITY - pass->level +
		   fmin(PASS_SHARE_MAX, from - floor(from) + share);
}

/*
 * Where the interval's last walk stands at the end sample (p: where
 * each kind ended; taken: the pages the walk that went on took of its
 * pass, mm.s what was left after).  Its kind is the one that saw a
 * refault where any walk did.  A choice, not a deduction: each level's
 * prepare_scan_count() compares the activations with the snapshot of
 * the last walk's end (v6.1 and v6.18), so a walk sees a refault where
 * one came since the walk before it ended, at any of its levels, and
 * the walk that spans a sample is a long one more often than its share
 * of the walks (sw_walk_lengths()): more levels, more time for an
 * activation to arrive, and once one came, levels that let anon in,
 * which frees only after its writeback.  Over ten lab sweeps the more
 * common kind, on a tie the refault one, put 5 intervals more within
 * one level and 1 fewer than the trim kind; over eight later ones
 * (labBA-BF, labCA-CB) the refault kind where any saw one put 6.1's
 * kswapd within one level in 8 more of 4454 and none fewer (6.12's: no
 * change).  labB run 22 at 4.42 s
 * (6.1, swappiness 100, 217 activations): two walks, one of each kind,
 * the traces end at level 5 (the refault walk's floor); taken as the
 * trim walk's end, level 3, and the next three intervals' walk going on
 * from there read 3.0 where the traces put all of it at 5.
 */
static void last_walk(const struct split_in *in, const struct walk_mix *m,
		      const struct walk_mix *mm, const struct walk_ctx *const kinds[2],
		      const double p[2], double taken, struct split_reclaim_out *o)
{
	int last = m->n[1] >= 1;          /* the last walk's kind */

	if (m->from > 0 && !(mm->s > 1e-9 * m->norm))
		in_pass(in, m->from, taken, o);
	else
		end_at(kinds[last], p[last], o);
}

/*
 * A walk that goes on from the interval before goes on at the level its
 * pass stood in, after that pass (sw_finish_walk()): a progress point
 * means a level only on the lists it was solved on (their floor,
 * sw_walk_floor()), and balance_pgdat() never raises the priority in a
 * walk, so where the lists now would stop higher, it stays there.
 */
static void resume_at(const struct split_in *in, struct walk_ctx *kinds[2],
		      struct walk_mix *mm)
{
	const struct split_pass *pass = &in->kswapd_resume_pass;
	int k;

	if (pass->level < 0)
		return;
	for (k = 0; k < 2; k++)
		if (kinds[k]->floor > pass->level || mm->anon_holds)
			kinds[k]->floor = pass->level;     /* anon_holds: sw_fit_pass_going_on() */
	mm->from = DEF_PRIORITY - pass->level + (mm->from > floor(mm->from));
}

/* Where walk_parts()'s replays add up: o, *deep and *zero. */
struct parts_sum {
	struct split_reclaim_out *o;
	double *deep;
	int *zero;
};

/* One replay's state after it, for the walk's end (view_end()). */
struct view_state {
	struct walk_ctx trim, refault;
	struct walk_mix mm;        /* the mix it left */
	double p[2];               /* each kind's progress point */
	double taken;              /* the pages the finished pass took */
};

/*
 * One view's replay of the mix m (weight w): the walks' contexts on the
 * gauges of the interval's end or start and the lists they decided on
 * (view; NULL: the lists as they are), the pass a walk that goes on
 * stood in first, then its level, the walks' lengths and the rest.
 * Adds to sum; leaves its state in v.
 */
static void view_replay(const struct split_in *in, enum reclaimer r,
			const struct split_cost *cost, const struct walk_mix *m,
			int start, const struct split_lists *view, double w,
			struct view_state *v, const struct parts_sum *sum)
{
	double ea = sw_efficiency(in->eff_anon), ef = sw_efficiency(in->eff_file);
	const struct walk_ctx *const kinds[2] = { &v->trim, &v->refault };
	/* kswapd's, the boost included (sw_high_wmarks()) */
	double d = DEF_PRIORITY, nr_to_reclaim = sw_high_wmarks(in, in->boost_start);

	sw_fill_ctx(&v->trim, in, cost, r == RC_CGROUP, start, view);
	v->refault = v->trim;
	v->refault.deact_file_refault = 1;
	v->trim.floor = sw_walk_floor(&v->trim, r, nr_to_reclaim);
	v->refault.floor = sw_walk_floor(&v->refault, r, nr_to_reclaim);
	if (m->boosted) {
		sw_boost_ctx(&v->trim);
		sw_boost_ctx(&v->refault);
	}
	v->mm = *m;
	v->taken = m->finish > 0 ? sw_finish_walk(m, kinds, in, w, sum->o, &d) : 0;
	v->mm.s -= v->taken;
	if (m->from > 0 && !m->boosted && r == RC_KSWAPD)
		resume_at(in, (struct walk_ctx *[2]){ &v->trim, &v->refault }, &v->mm);
	if (m->lengths)
		sw_walk_lengths(&v->mm, kinds, in, w, sum->o, &d);
	mix_solve(&v->mm, kinds, ea, ef, v->p);
	mix_add(&v->mm, kinds, v->p, w, sum->o, &d);
	if (w > 0) {
		/* this view's walks: their deepest level */
		*sum->deep = fmin(*sum->deep, d);
		/*
		 * lists with no anon page are not the ones an anon-scanning
		 * walk saw (the task that held it exited before the sample):
		 * they tell nothing of the branch
		 */
		if (v->trim.l->inactive_anon + v->trim.l->active_anon > 0)
			*sum->zero = *sum->zero != 0 && sw_anon_only_at_zero(&v->trim, d);
	}
}

/*
 * The deeper of the direct walks of v's kinds that the sample may find
 * under way (sw_direct_long_walk()).  Either kind dives where its levels
 * let anon in that frees nothing: a walk that saw a refault, or one whose
 * inactive file list is too small to trim (labBB run 16 at 6.0 s, 6.12,
 * swappiness 200: five walks, none after a refault, one from 12 down to 4
 * over 19105 anon pages and on at 5 to 2 over 32983 in the next
 * interval, which counted no walk).  0: none.
 */
static double direct_going(const struct split_in *in, const struct view_state *v)
{
	const struct walk_ctx *const kinds[2] = { &v->trim, &v->refault };
	double p = 0;
	int k;

	for (k = 0; k < 2; k++)
		if (v->mm.n[k] > 0)
			p = fmax(p, sw_direct_long_walk(in, kinds[k], v->p[k]));
	return p;
}

/* Where the last walk of the replay v (of mix m) stood at its end. */
static void view_end(const struct split_in *in, enum reclaimer r,
		     const struct walk_mix *m, const struct view_state *v,
		     struct split_reclaim_out *o)
{
	const struct walk_ctx *const kinds[2] = { &v->trim, &v->refault };

	last_walk(in, m, &v->mm, kinds, v->p, v->taken, o);
	if (r == RC_DIRECT)
		o->going_on = direct_going(in, v);
}

/*
 * Whether reclaimer r's walk is one kswapd walk that goes on from the
 * interval before, with a traced flush inside this one (6.12+): then its
 * passes before the flush decided on the older view and those after on
 * the newer, in that order (walk_in_order()).
 */
static int one_walk_across_flush(const struct split_in *in, enum reclaimer r,
				 const struct walk_mix *m)
{
	return r == RC_KSWAPD && split_flushed_view(in->version) && in->seen_known &&
	       !in->seen_moments && in->seen_n == 2 && m->from > 0 && !m->boosted;
}

/*
 * That walk (one_walk_across_flush()), weight w: a pass decides its lists
 * once, when it begins (prepare_scan_control(), once per shrink_node();
 * v6.12 and v6.18), so the pass under way at the flush keeps the older
 * view's branch.  The walk is replayed on the older view for its share
 * of the scan, then from where that left it on the newer, that pass
 * first (sw_finish_walk()).  Replayed side by side, each view taking the
 * whole interval, the newer view's cache trim took the end of lab24 run
 * 16's level-2 pass over anon (6.12, swappiness 200: 24256 pages, begun
 * about 0.15 s before a flush at 2.54 s), and 5208 pages of swap-out in
 * the interval after were unexplained.  Adds to sum, and where
 * gives_end, where the walk stood at the end to sum->o.
 */
static void walk_in_order(const struct split_in *in, enum reclaimer r,
			  const struct split_cost *cost, const struct walk_mix *m,
			  int start, double w, int gives_end, const struct parts_sum *sum)
{
	struct walk_mix first = *m, later = *m;
	struct split_in after = *in;
	struct split_reclaim_out there;
	struct view_state v;

	first.s = m->s * view_weight(in, 0, 2);
	view_replay(in, r, cost, &first, start, &in->seen[0], w, &v, sum);
	memset(&there, 0, sizeof(there));
	view_end(in, r, &first, &v, &there);
	later.s = m->s - first.s;
	if (there.p_end > 0) {
		/* that pass first, with the branch it began with */
		after.kswapd_resume = there.p_end;
		after.kswapd_resume_pass = there.end_pass;
		later.from = later.finish = there.p_end;
	}
	view_replay(&after, r, cost, &later, start, &in->seen[1], w, &v, sum);
	if (gives_end)
		view_end(&after, r, &later, &v, sum->o);
}

/*
 * The view of n whose walk gives where the last walk stood at the end:
 * the one most of the walks decided on (view_weight()), the later on a
 * tie.  Not the last view for being the last: a pass decides on the view
 * it began on, and the walk under way at a sample began its pass on any
 * of them.  labAE run 15 (6.12, swappiness 200, 1 GB) at 4.6 s: the
 * last view, of weight 0.13, held a few pages of inactive file and
 * replayed a cache-trim walk that repeated level 1's pass sixteen times;
 * the view of 0.37 put the walk in a level-4 pass over anon, where the
 * traces show it until 6.8 s (83.5% of the run's swap-out was
 * unexplained, none is).
 */
static int likeliest_view(const struct split_in *in, int n)
{
	int j, best = n - 1;

	for (j = n - 2; j >= 0; j--)
		if (view_weight(in, j, n) > view_weight(in, best, n))
			best = j;
	return best;
}

/*
 * The interval's walks, nref of them refault walks, on the gauges of its
 * end and (if known) its start (start_share of the scan on the start's),
 * and on each flushed view its share (one kswapd walk across a flush:
 * one view after the other, walk_in_order()); adds to o, *deep and *zero
 * (-1 while no view with anon pages was checked, then 1 or 0:
 * sw_anon_only_at_zero()).  A view of no weight adds nothing, but the
 * end's still gives where the last walk stood (p_end).  An expected
 * count between k and k + 1 refault walks is the walks of either count,
 * weighted (k + 1 - nref, nref - k), not k.x walks sharing the scan.
 */
static void walk_parts(const struct split_in *in, enum reclaimer r,
		       const struct split_cost *cost, struct walk_mix *m,
		       double walks, double nref, double start_share,
		       struct split_reclaim_out *o, double *deep, int *zero)
{
	const struct parts_sum sum = { o, deep, zero };
	double k = floor(nref);
	struct view_state v;
	int start, part, j, views = seen_views(in, r), nseen = views ? views : 1;
	int end_view = likeliest_view(in, nseen);

	for (part = 0; part < 2; part++) {
		double pw = part ? nref - k : 1 - (nref - k);
		/* the end gauges of the likelier count give the walk's end */
		int gives_end = part == 0 || pw > 0.5;

		if (!(pw > 0))
			continue;
		m->n[1] = fmin(walks, k + part);
		m->n[0] = walks - m->n[1];
		for (start = 0; start <= in->has_prev; start++) {
			/* end, start gauges */
			double w = pw * (!in->has_prev ? 1 :
					 start ? start_share : 1 - start_share);

			if (one_walk_across_flush(in, r, m)) {
				walk_in_order(in, r, cost, m, start, w,
					      start == 0 && gives_end, &sum);
				continue;
			}
			for (j = 0; j < nseen; j++) {
				/* each flushed view its share */
				view_replay(in, r, cost, m, start,
					    views && j < in->seen_n ? &in->seen[j] :
					    sw_cgroup_view(in, r),
					    w * view_weight(in, j, nseen), &v, &sum);
				if (start == 0 && j == end_view && gives_end)
					view_end(in, r, m, &v, o);
			}
		}
	}
}

/*
 * Whether a walk of the interval can have scanned the lists as one that
 * saw a refault: SCAN_FRACT with anon in.  Not where the interval scanned
 * no anon page at all (pgscan_anon, attribution only): the refaults it
 * shows were seen, if at all, after the last level its walks scanned, as
 * prepare_scan_count() reads them once per shrink_node() (v6.1 and
 * v6.18).  Those walks still end the interval having seen them
 * (end_refault): their next level, in the next interval, lets anon in.
 */
static int anon_let_in(const struct split_in *in)
{
	return !(in->anon_measured == 0);
}

/*
 * A direct walk of the interval before, short of its pages at the sample
 * (in->direct_resume, split_direct.c), goes on: the walks this interval
 * counted (ALLOCSTALL) take what they scan to their end, and it the rest
 * of m's scan, from where it stood, as a walk whose levels let anon in
 * (the refault kind: no cache trim) whichever kind it was: it dove over
 * anon, and a walk that dove on a small inactive file list (6.12: a
 * flushed view that showed one, standing until the next flush) goes on
 * over anon (labBB run 16 at 6.4 s: 32983 anon pages traced at 5 to 2;
 * replayed as the kind it was, whose deep levels trim the cache, 28585;
 * over the 30 lab fixtures 1834 fewer of 6.12's swapped pages are
 * unexplained so).  Weights, views and gauges as walk_parts() gives
 * them.  Adds to o, *deep and *zero; returns the pages it takes.  Where
 * the new walks take all (a walk of theirs that saw a refault dives
 * too), none: it ended.
 */
static double direct_goes_on(const struct split_in *in, const struct split_cost *cost,
			     const struct walk_fit *fit, const struct walk_mix *m,
			     struct split_reclaim_out *o, double *deep, int *zero)
{
	double counted = in->walks[RC_DIRECT] > 0 ? in->walks[RC_DIRECT] : 0;
	double nref, rest;
	struct walk_mix g = *m;

	/* no walk counter (ALLOCSTALL not recorded): the new walks' share is
	 * not known, and none is carried */
	if (!(in->direct_resume > 0) || isnan(in->walks[RC_DIRECT]))
		return 0;
	nref = counted > 0 && anon_let_in(in) ?
	       refault_walks(in, RC_DIRECT, counted, fit->extra_refaults,
			     fit->fewer_refaults) : 0;
	rest = m->s - (counted > 0 ? sw_direct_new_scan(in, cost, counted, nref) : 0);
	if (!(rest > 0))
		return 0;
	g.s = rest;
	g.from = in->direct_resume;
	walk_parts(in, RC_DIRECT, cost, &g, 1, anon_let_in(in) ? 1 : 0,
		   fit->start_share, o, deep, zero);
	return rest;
}

/*
 * The walks of reclaimer r: its counter, or where there is none
 * (khugepaged, proactive, a cgroup without failcnt) walks that stop at
 * 32 reclaimed pages.
 */
double sw_walk_count(const struct split_in *in, enum reclaimer r)
{
	return in->walks[r] > 0 ? in->walks[r] :
	       fmax(1, ceil(fmax(0, in->reclaimed[r]) / SWAP_CLUSTER_MAX));
}

/*
 * Whether the deepest level of reclaimer r's walks is one the sums can
 * show.  Direct and cgroup walks have a fixed target, 32 pages
 * (do_try_to_free_pages() stops at the first level that reaches
 * nr_to_reclaim): over lists of small folios every level's pass frees
 * about its scan times the efficiency, so the walks end at about the
 * level the replay gives.  Not where the file folios hold 32 pages or
 * more: there a level's pass of a shallow walk takes one folio, which
 * frees the walk or not, so each walk ends at the first folio it frees
 * and the deepest of several is the longest run of folios that would not
 * free, which sums cannot show (a 6.18 host sweep over 256-page folios:
 * 465 walks an interval, most ending at 12, the deepest at 3 to 0; the
 * replay's level within one of it in 25 of 80 intervals).  Nor kswapd's:
 * an extreme of hundreds of walks.
 */
static int deep_estimable(const struct split_in *in, enum reclaimer r, double walks)
{
	const struct split_grain *g = r == RC_CGROUP && in->has_cg ?
				      in->grain_cg : in->grain_node;

	if (r == RC_KSWAPD)
		return 0;
	return !(walks > 1 && split_grain_whole_folios(g));
}

int split_refault_walk_ends_late(double swappiness)
{
	return swappiness >= 200;
}

/*
 * Whether a direct walk the interval counts is taken to end, renewing the
 * refault snapshot, before kswapd's walk going on from a refault passes
 * its next levels.  That direct walk sees the same refault (it began
 * after it, before any walk's snapshot) and takes SCAN_FRACT: below
 * swappiness 200 its file share frees at once and its 32 pages come in
 * a few levels; at 200 it ends late (split_refault_walk_ends_late()).
 * Over eight lab sweeps (6.1 and 6.12, 0.25 s samples), of the
 * intervals that went on with kswapd's walk after one whose kswapd
 * scanned anon, counted direct walks and passed more than one level: at
 * swappiness 200, 15 of 21 scanned anon at every level kswapd passed;
 * below it, 2 of 7.
 */
static int direct_walk_ends_first(const struct split_in *in)
{
	return in->walks[RC_DIRECT] > 0 && !split_refault_walk_ends_late(in->swappiness);
}

/*
 * in with the pass its kswapd walk stood in at its largest (struct
 * walk_fit.pass_largest): the same pages of it scanned before the sample,
 * the rest to the larger end.
 */
static const struct split_in *pass_at_largest(const struct split_in *in,
					      struct split_in *largest)
{
	const struct split_pass *was = &in->kswapd_resume_pass;
	struct split_pass *p = &largest->kswapd_resume_pass;
	double level = floor(in->kswapd_resume);
	double done = (in->kswapd_resume - level) * (was->anon + was->file);

	*largest = *in;
	p->anon = p->anon_largest;
	largest->kswapd_resume = level + fmin(PASS_SHARE_MAX, done / (p->anon + p->file));
	return largest;
}

/*
 * in, or in's copy `rest` where the walk going on had as much of its
 * pass's anon left as kswapd's anon measured (struct
 * walk_fit.pass_rest_measured), and of its file as much again by the
 * pass's own mix: at most the whole pass, and a share of it done,
 * however little (a whole progress point is a walk between two passes).
 * It sets the share done at the sample, pass_at_largest()'s too.
 */
static const struct split_in *pass_rest_measured(const struct split_in *in,
						 struct split_in *rest)
{
	const struct split_pass *p = &in->kswapd_resume_pass;
	double left = sw_kswapd_anon_least(in), done;

	if (p->level < 0 || !(p->anon > 0) || !(left > 0))
		return in;
	done = fmax(1 - PASS_SHARE_MAX, 1 - left / p->anon);
	*rest = *in;
	rest->kswapd_resume = floor(in->kswapd_resume) + fmin(PASS_SHARE_MAX, done);
	return rest;
}

void sw_replay_reclaimer(const struct split_in *measured, enum reclaimer r,
			 const struct split_cost *cost, const struct walk_fit *fit,
			 struct split_reclaim_out *o, double *refault_share)
{
	struct split_in freeing, largest, rest;
	const struct split_in *in = measured;
	double walks = in->walks[r], deep = DEF_PRIORITY, nref;
	struct walk_mix m = { { 0, 0 }, 0, in->scanned[r], in->scanned[r], 0,
			      r == RC_DIRECT, 0, 0, 0, 0, 0, 0 };
	int resume = 0, zero = -1;
	double skip, going, going_on;

	memset(o, 0, sizeof(*o));
	o->p_est = o->p_deep = o->p_end = NAN;
	o->end_pass.level = -1;
	if (!(m.s > 0))
		return;
	o->active = 1;
	/*
	 * pages passed over are no walk's: sw_skipped() places them.  Not
	 * more than kswapd scanned and did not reclaim: a page it freed was
	 * taken, not passed over; and pgskip_* counts the pages passed over
	 * on the active lists too (isolate_lru_folios() serves
	 * shrink_active_list(), which counts no pgscan; v6.1 and v6.18):
	 * rr10 run 14 at 3.0 s, 6.12, counted 1324 skipped against 1289
	 * scanned, 606 of them reclaimed, and the traces put 990 anon pages
	 * at levels 12 to 6; all of the scan taken as passed over left 5.6%
	 * of the run's swap-out unexplained.  (Over fourteen lab sweeps
	 * kswapd within one level in 1 more 6.1 interval and 4 more 6.12
	 * ones, none fewer.)
	 */
	skip = r == RC_KSWAPD && in->has_skip_lists && in->skipped > 0 ?
	       fmin(in->skipped, fmax(0, m.s - fmax(0, in->reclaimed[r]))) : 0;
	m.s -= skip;
	o->skipped = skip;
	if (fit->anon_freed < 1) {
		freeing = *measured;
		freeing.eff_anon = sw_known_efficiency(measured->eff_anon) * fit->anon_freed;
		in = &freeing;
	}
	if (r == RC_KSWAPD && fit->pass_largest)
		in = pass_at_largest(in, &largest);
	if (r == RC_KSWAPD && fit->pass_rest_measured)
		in = pass_rest_measured(in, &rest);
	/*
	 * kswapd scanned but started no walk (PAGEOUTRUN is counted when
	 * balance_pgdat() begins): the walk of the interval before goes on
	 * from where it stood, its pass first (sw_finish_walk()), then at
	 * that level (resume_at())
	 */
	if (sw_boost_goes_on(in, r)) {
		walks = 1;
		resume = 1;
		m.boosted = 1;
		m.from = DEF_PRIORITY - (DEF_PRIORITY - 2);   /* at level 10 */
	} else if (r == RC_KSWAPD && walks == 0 && in->kswapd_resume > 0) {
		walks = 1;
		resume = 1;
		m.from = in->kswapd_resume;
		m.finish = in->kswapd_resume;   /* its pass first */
	} else if (r == RC_KSWAPD && in->kswapd_resume > 0 && !fit->pass_done &&
		   (!in->kswapd_resume_balanced || fit->finish_pass)) {
		m.finish = in->kswapd_resume;
	}
	o->p_est = 0;
	going = r == RC_DIRECT ? direct_goes_on(in, cost, fit, &m, o, &deep, &zero) : 0;
	going_on = o->going_on;
	m.s -= going;
	if (!(walks > 0))
		walks = sw_walk_count(in, r);
	m.lengths = r == RC_KSWAPD && !resume &&
		    model_version_cmp(in->version, 4, 8, 0) >= 0;
	m.may_boost = m.lengths && (sw_may_boost(in, r) || sw_boosts_beside_anon(in, r));
	m.short_spread = fit->short_spread;
	m.anon_holds = r == RC_KSWAPD && fit->anon_holds;
	nref = refault_walks(in, r, walks, fit->extra_refaults, fit->fewer_refaults);
	/* none where the walk going on took the scan: no new walk to add */
	o->refault_added = !(m.s > 0) ? 0 :
			   refault_walks(in, r, walks, fit->extra_refaults, 0) -
			   refault_walks(in, r, walks, 0, 0);
	/*
	 * A walk takes its refault snapshot only when it ends, so one that
	 * saw a refault goes on seeing it, level after level, until some
	 * walk ends: do_try_to_free_pages() snapshots the same root lruvec
	 * (snapshot_refaults(), v6.1 and v6.18).  A direct walk that begins
	 * meanwhile compares with the same old snapshot and sees the refault
	 * too (direct_walk_ends_first()).
	 */
	if (resume)
		nref = fmin(1, fmax(nref, direct_walk_ends_first(in) ? 0 :
					  in->kswapd_resume_refault));
	*refault_share = (anon_let_in(in) ? nref : 0) / walks;
	/*
	 * the walk under way at the end sample is a long one more often than
	 * its share of the walks, and a walk that saw a refault is long (it
	 * dives: dive()): it is that one where one saw a refault, so the
	 * chance it saw one is the chance that one did, not a walk's share
	 * (its level: last_walk(), on the likelier count)
	 */
	o->end_refault = fmin(1, nref);
	if (m.s > 0)
		walk_parts(in, r, cost, &m, walks, anon_let_in(in) ? nref : 0,
			   fit->start_share, o, &deep, &zero);
	o->going_on = fmax(going_on, o->going_on);  /* the deeper: it scans on */
	if (m.boosted)
		o->boosted = m.s;      /* the boosted walk going on, all of it */
	if (skip > 0)
		sw_skipped(in, cost, skip, *refault_share, m.norm, o);
	o->end_balanced = r == RC_KSWAPD && sw_kswapd_ended(in, &o->end_pass);
	/*
	 * Only direct and cgroup walks go down to 0 (kswapd stops at 1).
	 * Taken for cgroup limit reclaim only: there the traces agree (6.18
	 * host sweep: 99% of the anon scanned at priority 0), while the
	 * global direct walks of a 6.12 guest scanned anon at 12..9 with no
	 * refault in sight: SCAN_FRACT on a stale inactive-file size
	 * (split_flushed_view()), not priority 0
	 */
	o->anon_only_at_zero = r == RC_CGROUP && !(nref > 0) && zero == 1;
	o->deep_estimable = deep_estimable(in, r, walks);
	if (o->deep_estimable)
		o->p_deep = deep;
}

int split_kswapd_walk_counted(const struct split_in *in)
{
	return !(in->walks[RC_KSWAPD] == 0);
}

void split_kswapd_goes_on(struct split_in *next, const struct split_reclaim_out *k)
{
	next->kswapd_resume = k->p_end;
	next->kswapd_resume_refault = k->end_refault;
	next->kswapd_resume_balanced = k->end_balanced;
	next->kswapd_resume_pass = k->end_pass;
}

void sw_walk_all(const struct split_in *in, const struct split_cost *node_cost,
		 const struct split_cost *cg_cost, const struct walk_fit *fit,
		 struct split_out *out)
{
	int r;

	memset(out, 0, sizeof(*out));
	for (r = 0; r < NR_RECLAIMERS; r++) {
		const struct split_cost *c = r == RC_CGROUP && in->has_cg ?
					     cg_cost : node_cost;
		double share = 0;

		sw_replay_reclaimer(in, (enum reclaimer)r, c, fit, &out->r[r], &share);
		out->anon_pred += out->r[r].anon_pred;
		if (out->r[r].active && share > out->refault_walks)
			out->refault_walks = share;
	}
	out->anon_share = split_anon_share(in->has_cg ? cg_cost : node_cost,
					   in->swappiness);
}

void split_walk(const struct split_in *in, const struct split_cost *node_cost,
		const struct split_cost *cg_cost, struct split_out *out)
{
	struct walk_fit fit = { 0.5, 0, 0, 1, 0, 0, 0, 0, 0, 0 };
	double anon = NAN;          /* under fit, where a fit replayed it */

	if (sw_fits(in) && in->has_prev)
		sw_fit_start_share(in, node_cost, cg_cost, &fit, out);
	if (sw_fits(in))
		sw_fit_refault_count(in, node_cost, cg_cost, &fit, out);
	if (sw_fits(in))
		sw_fit_short_spread(in, node_cost, cg_cost, &fit, out);
	if (sw_fits(in))
		sw_fit_finish_pass(in, node_cost, cg_cost, &fit, out);
	if (sw_fits(in))
		sw_fit_pass_done(in, node_cost, cg_cost, &fit, out);
	if (sw_fits(in))
		anon = sw_fit_anon_freed(in, node_cost, cg_cost, &fit, out);
	if (sw_fits(in))
		sw_fit_pass_going_on(in, node_cost, cg_cost, anon, &fit, out);
	sw_walk_views(in, node_cost, cg_cost, &fit, 1, out);
	sw_deep_cgroup(in, cg_cost, &fit, out);
	out->start_share = in->has_prev ? fit.start_share : NAN;
}

int split_refault_window(double fold_s, double t0, double t1, double a0, double a1)
{
	return t1 > a0 - fold_s && t0 < a1 + SPLIT_MEMCG_FLUSH_S;
}

double split_fold_lag(int refreshed)
{
	return refreshed ? 0 : SPLIT_VMSTAT_FOLD_S;
}

double split_seen_lag(const int version[3])
{
	return split_flushed_view(version) ? SPLIT_MEMCG_FLUSH_S : SPLIT_NEXT_LEVEL_S;
}

int split_flushed_view(const int version[3])
{
	return model_version_cmp(version, 6, 12, 0) >= 0;
}
