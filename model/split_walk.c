/*
 * split_walk.c - the split-LRU reclaim walk replayed from counters
 * (reclaim-model.md, section 5; see split.h).
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
#include "banned.h"

static const char *const reclaimers[NR_RECLAIMERS] = {
	[RC_KSWAPD] = "kswapd", [RC_DIRECT] = "direct", [RC_CGROUP] = "cgroup",
	[RC_KHUGEPAGED] = "khugepaged", [RC_PROACTIVE] = "proactive",
};

const char *reclaimer_name(enum reclaimer r)
{
	return reclaimers[r];
}

/* size >> q on a page count */
static double shr(double pages, int q)
{
	return pages > 0 ? floor(pages / (double)(1L << q)) : 0;
}

/*
 * inactive_is_low(), v6.1 and v6.18: inactive * int_sqrt(10 * gb) < active,
 * gb = (inactive + active) >> (30 - PAGE_SHIFT), ratio 1 below 1 GB.
 */
static int inactive_is_low(double inactive, double active)
{
	double gb = floor((inactive + active) / (double)(1 << (30 - 12)));
	double ratio = gb > 0 ? floor(sqrt(10 * gb)) : 1;

	return inactive * ratio < active;
}

/* What one walk type sees at every level. */
struct walk_ctx {
	const struct split_lists *l;
	const struct split_lists *seen;   /* as prepare_scan_control() reads them */
	int global, swap_on;
	double swappiness, ap, fp;
	int deact_anon, deact_file_refault, deact_file_low;
	int file_low;              /* file + free <= sum of high wmarks */
	int floor;                 /* the level its walks stay at (walk_floor()) */
	/* pages a batch scans on the inactive lists (split_grain); NULL:
	 * single pages */
	const double *grain_anon, *grain_file;
};

/* One level's inactive-list scan targets and, if anon goes in, why. */
static void level_target(const struct walk_ctx *c, int q, double *anon,
			 double *file, enum cause *why)
{
	double ia = shr(c->l->inactive_anon, q), inf = shr(c->l->inactive_file, q);
	double seen = shr(c->seen->inactive_file, q);

	*anon = 0;
	*file = inf;
	*why = CAUSE_UNEXPLAINED;
	if (!c->swap_on || (!c->global && c->swappiness <= 0))
		return;                                   /* SCAN_FILE */
	if (q == 0 && c->swappiness > 0) {
		*anon = ia;                               /* SCAN_EQUAL */
		*why = CAUSE_NEAR_OOM;
		return;
	}
	if (c->global && c->file_low && !c->deact_anon && ia > 0) {
		*anon = ia;                               /* SCAN_ANON */
		*file = 0;
		*why = CAUSE_FILE_TINY;
		return;
	}
	if (seen > 0 && !c->deact_file_refault && !c->deact_file_low)
		return;                                   /* cache_trim_mode */
	/* SCAN_FRACT: scan = scan * fraction[file] / denominator */
	if (c->ap + c->fp > 0) {
		*anon = floor(ia * c->ap / (c->ap + c->fp));
		*file = floor(inf * c->fp / (c->ap + c->fp));
	}
	*why = seen == 0 ? CAUSE_SMALL_FILE : c->deact_file_refault ?
	       CAUSE_FILE_REFAULTS : CAUSE_ACTIVE_FILE;
}

/*
 * What one level's passes scan: the targets, taken in whole folios
 * (split_grain_scan(); only the pages scanned change, not the branch,
 * which get_scan_count() decides on the list sizes).
 */
static void level_scan(const struct walk_ctx *c, int q, double *anon,
		       double *file, enum cause *why)
{
	level_target(c, q, anon, file, why);
	*anon = split_grain_scan(c->grain_anon, *anon, c->l->inactive_anon);
	*file = split_grain_scan(c->grain_file, *file, c->l->inactive_file);
}

/*
 * Whether a walk on these lists that went deeper than level `below` can
 * scan anon only at priority 0: no level from below - 1 to 1 lets anon in
 * (cache_trim_mode all the way down, or SCAN_FILE) and level 0 is
 * SCAN_EQUAL.  Then any anon beyond what the replayed walks scanned down
 * to `below` says some walk reached 0, however few of them did.  (With an
 * inactive file list under 4096 pages level 12 is SCAN_FRACT, file >> 12
 * being 0, and lets a little anon in; the levels under it trim.)
 */
static int anon_only_at_zero(const struct walk_ctx *c, double below)
{
	enum cause why;
	double a, f;
	int q;

	for (q = (int)fmin(DEF_PRIORITY, ceil(below) - 1); q >= 1; q--) {
		level_scan(c, q, &a, &f, &why);
		if (a > 0)
			return 0;
	}
	level_scan(c, 0, &a, &f, &why);
	return a > 0 && why == CAUSE_NEAR_OOM;
}

/*
 * The level a walk of reclaimer r stays at: only kswapd has one above 0.
 * balance_pgdat() lowers the priority only after a level scanned less
 * than nr_to_reclaim, the sum over the zones of max(high wmark, 32)
 * (kswapd_shrink_node() returns sc->nr_scanned >= sc->nr_to_reclaim,
 * which clears raise_priority; v6.1 and v6.18), or reclaimed nothing.
 * So the first level from 12 down whose targets reach nr_to_reclaim is
 * where the walk repeats until the node is balanced; 1 where none does
 * (while (sc.priority >= 1)) or the watermarks are not known.  On the
 * lab's 512 MB guests no level's targets reach it (inactive file ~6k
 * pages, nr_to_reclaim ~1k); on a machine with lists of millions of
 * pages kswapd stays around level 5-8 however much it reclaims.
 */
static int walk_floor(const struct walk_ctx *c, enum reclaimer r,
		      double nr_to_reclaim)
{
	enum cause why;
	double a, f;
	int q;

	if (r != RC_KSWAPD)
		return 0;
	for (q = DEF_PRIORITY; q > 1 && nr_to_reclaim > 0; q--) {
		level_scan(c, q, &a, &f, &why);
		if (a + f >= nr_to_reclaim)
			return q;
	}
	return 1;       /* kswapd's floor: while (sc.priority >= 1) */
}

/* Walks of one kind (cache trim or file deactivation) down to a point. */
struct walk_res {
	double anon[NR_CAUSES], anon_total, qsum, scanned, deep;
};

/*
 * The walks of one reclaimer in an interval are of two kinds: those that
 * saw no file refault since their reclaimer's last walk (cache_trim_mode
 * where inactive file is large) and those that did (file deactivation:
 * SCAN_FRACT).  A walk's progress point p: levels 12, 11, ... passed
 * whole, a share of the last one; past its floor level (c->floor), its
 * repeats (kswapd staying at a level that scans its target).  walk_at()
 * is one walk to p; solve_progress() and solve_need() find p.
 */
static void walk_at(const struct walk_ctx *c, double p, struct walk_res *w)
{
	enum cause why;
	double a, f;
	int q, i;

	memset(w, 0, sizeof(*w));
	w->deep = DEF_PRIORITY;
	for (q = DEF_PRIORITY, i = 0; q >= c->floor && p > i; q--, i++) {
		double part = q == c->floor ? p - i : fmin(1, p - i);

		level_scan(c, q, &a, &f, &why);
		if (a + f <= 0)
			continue;
		w->anon[why] += a * part;
		w->anon_total += a * part;
		w->qsum += q * (a + f) * part;
		w->scanned += (a + f) * part;
		w->deep = q;
	}
}

/* A walk from progress point p0 on to p1: what it scanned in between. */
static void walk_span(const struct walk_ctx *c, double p0, double p1,
		      struct walk_res *w)
{
	struct walk_res before;
	int k;

	walk_at(c, p1, w);
	if (!(p0 > 0))
		return;
	walk_at(c, p0, &before);
	for (k = 0; k < NR_CAUSES; k++)
		w->anon[k] -= before.anon[k];
	w->anon_total -= before.anon_total;
	w->qsum -= before.qsum;
	w->scanned -= before.scanned;
}

/* The level a walk of kind c is at after i steps: 12 - i, or its floor. */
static int level_after(const struct walk_ctx *c, int i)
{
	return DEF_PRIORITY - i > c->floor ? DEF_PRIORITY - i : c->floor;
}

/*
 * The progress point where n[0] walks of kind c[0] and n[1] of kind c[1]
 * scan s pages together, all walks at the same point: the levels'
 * targets add up until s is reached, the rest in repeats once every
 * kind is at its floor.
 */
static double solve_progress(const struct walk_ctx *const c[2],
			     const double n[2], double s)
{
	enum cause why;
	double left = s, a, f;
	int i, k, at_floor;

	for (i = 0;; i++) {
		double t = 0;

		for (k = 0, at_floor = 1; k < 2; k++)
			if (n[k] > 0) {
				level_scan(c[k], level_after(c[k], i), &a, &f, &why);
				t += n[k] * (a + f);
				at_floor &= level_after(c[k], i) == c[k]->floor;
			}
		if (t <= 0 && at_floor)
			return i;      /* the lists are empty below: every level */
		if (t <= 0)
			continue;
		if (left <= t || at_floor)
			return i + left / t;
		left -= t;
	}
}

/*
 * The progress point where one walk of kind c has reclaimed r pages.
 * A direct walk scans its first level whole: shrink_lruvec() does not
 * stop at nr_to_reclaim for global direct reclaim at DEF_PRIORITY
 * ("proportional_reclaim", v6.1 and v6.18).
 */
static double progress_for(const struct walk_ctx *c, double r,
			   double eff_anon, double eff_file, int whole_first)
{
	enum cause why;
	double a, f, g;
	int q, i;

	for (q = DEF_PRIORITY, i = 0; q >= c->floor; q--, i++) {
		level_scan(c, q, &a, &f, &why);
		g = a * eff_anon + f * eff_file;
		if (g <= 0)
			continue;
		if (r <= g || q == c->floor)
			return i + (q == DEF_PRIORITY && whole_first ? 1 : r / g);
		r -= g;
	}
	return i;
}

/*
 * Walks of two kinds end when they have reclaimed what they need:
 * balance_pgdat() stops when the node is balanced, do_try_to_free_pages()
 * at 32 pages.  So a walk that lets anon in (reclaimed less per page
 * scanned, as a rule) goes deeper than one that trims the cache: both
 * kinds reclaim the same r pages, and r is where their scans add up to
 * s.  Bisection: the scans grow with r.
 */
static void solve_need(const struct walk_ctx *const c[2], const double n[2],
		       double s, double ea, double ef, int whole_first, double p[2])
{
	double lo = 0, hi = s, r, t;
	struct walk_res w;
	int it, k;

	for (it = 0; it < 50; it++) {
		r = (lo + hi) / 2;
		for (k = 0, t = 0; k < 2; k++) {
			walk_at(c[k], progress_for(c[k], r, ea, ef, whole_first), &w);
			t += n[k] * w.scanned;
		}
		if (t < s)
			lo = r;
		else
			hi = r;
	}
	for (k = 0; k < 2; k++)
		p[k] = progress_for(c[k], (lo + hi) / 2, ea, ef, whole_first);
}

/* A reclaim efficiency in (0, 1], or NAN. */
static double efficiency(double e)
{
	return e > 0 ? fmin(1, e) : NAN;
}

/* The same, 1 where not known: a page scanned is a page reclaimed. */
static double known_efficiency(double e)
{
	double k = efficiency(e);

	return isnan(k) ? 1 : k;
}

/* A boosted walk: may_swap off (SCAN_FILE), held at DEF_PRIORITY - 2. */
static void boost_ctx(struct walk_ctx *c)
{
	c->swap_on = 0;
	c->floor = DEF_PRIORITY - 2;
}

/* seen: the lists the walk's statistics hold (NULL: the lists as they are) */
static void fill_ctx(struct walk_ctx *c, const struct split_in *in,
		     const struct split_cost *cost, int cgroup, int start,
		     const struct split_lists *seen)
{
	const struct split_lists *node = start ? &in->node_prev : &in->node;
	const struct split_grain *grain = cgroup ? in->grain_cg : in->grain_node;

	memset(c, 0, sizeof(*c));
	c->l = cgroup ? (start ? &in->cg_prev : &in->cg) : node;
	c->grain_anon = grain ? grain->anon : NULL;
	c->grain_file = grain ? grain->file : NULL;
	c->seen = seen ? seen : c->l;
	c->global = !cgroup;
	c->swap_on = in->swap_on;
	c->swappiness = in->swappiness;
	split_fraction(cost, in->swappiness, &c->ap, &c->fp);
	c->deact_anon = in->activate_anon > 0 ||
			inactive_is_low(c->seen->inactive_anon, c->seen->active_anon);
	c->deact_file_low = inactive_is_low(c->seen->inactive_file,
					    c->seen->active_file);
	c->file_low = in->high_wmark_sum > 0 &&
		      node->inactive_file + node->active_file + in->free <=
		      in->high_wmark_sum;
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
 * A prediction gives the expected count instead.
 */
static double refault_walks(const struct split_in *in, enum reclaimer r,
			    double walks, double extra)
{
	double n = in->activate_file > 0 ? in->activate_file : 0, most;

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
	return fmin(walks, n + extra * (most - n));
}


/*
 * The walks of an interval, two kinds (trim, refault), n[k] of each, all
 * starting at progress point from (0: level 12; a kswapd walk that goes
 * on from the interval before: where it stood), scanning s pages; norm:
 * all the reclaimer scanned in the interval (the priority's weights).
 * finish: where a kswapd walk of the interval before stood, which ended
 * in this one (0: none).
 */
struct walk_mix {
	double n[2], from, s, norm, finish;
	int whole_first;
	int boosted;               /* kswapd walks of watermark boost (boosted_walks()) */
	int lengths;               /* kswapd walks of different lengths (walk_lengths()) */
	int may_boost;             /* some of them boosted (may_boost()) */
};

/* Where each kind ends. */
static void mix_solve(const struct walk_mix *m, const struct walk_ctx *const kinds[2],
		      double ea, double ef, double p[2])
{
	struct walk_res w;
	double base = 0;
	int k;

	if (m->n[0] > 0 && m->n[1] > 0 && !isnan(ea) && !isnan(ef)) {
		solve_need(kinds, m->n, m->s, ea, ef, m->whole_first, p);
		return;
	}
	for (k = 0; k < 2 && m->from > 0; k++)
		if (m->n[k] > 0) {
			walk_at(kinds[k], m->from, &w);
			base += m->n[k] * w.scanned;
		}
	p[0] = p[1] = solve_progress(kinds, m->n, base + m->s);
}

/* One set of gauges (weight w): the walks' anon, causes and priority. */
static void mix_add(const struct walk_mix *m, const struct walk_ctx *const kinds[2],
		    const double p[2], double w, struct split_reclaim_out *o,
		    double *deep)
{
	struct walk_res res;
	double rest = m->s;
	int k, c, floor = DEF_PRIORITY;

	for (k = 0; k < 2; k++) {
		if (!(m->n[k] > 0))
			continue;
		walk_span(kinds[k], m->from, p[k], &res);
		for (c = 0; c < NR_CAUSES; c++)
			o->anon_by[c] += w * m->n[k] * res.anon[c];
		o->anon_pred += w * m->n[k] * res.anon_total;
		o->p_est += w * m->n[k] * res.qsum / m->norm;
		rest -= m->n[k] * res.scanned;
		*deep = fmin(*deep, res.deep);
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
 * How many flushed views of the lists a walk of reclaimer r may have
 * decided on (split_flushed_view()): those in in->seen for a global walk
 * of 6.12+, else 0: it saw the lists as they are.  Cgroup limit reclaim is left
 * out: the sampler reads the cgroup's memory.stat every interval, and
 * that read flushes the cgroup's statistics, so its walks decide on the
 * lists of the interval's start (cgroup_view()); nothing reads the
 * root's.
 */
static int seen_views(const struct split_in *in, enum reclaimer r)
{
	if (r == RC_CGROUP || !split_flushed_view(in->version) || in->seen_n <= 0)
		return 0;
	return in->seen_n < SPLIT_SEEN_MAX ? in->seen_n : SPLIT_SEEN_MAX;
}

/* w scaled by c (a span within one level: every part alike). */
static void scale_res(struct walk_res *w, double c)
{
	int k;

	for (k = 0; k < NR_CAUSES; k++)
		w->anon[k] *= c;
	w->anon_total *= c;
	w->qsum *= c;
	w->scanned *= c;
}

/*
 * kswapd's pass over a level stops once it has reclaimed nr_to_reclaim
 * (shrink_lruvec() counts its own nr_reclaimed against it, with no
 * proportional_reclaim for kswapd; v6.1 and v6.18): w, one whole pass,
 * cut to what reclaims that much at the efficiencies measured before;
 * left whole where they are not known.
 */
static void pass_stop(struct walk_res *w, const struct split_in *in)
{
	double ea = efficiency(in->eff_anon), ef = efficiency(in->eff_file);
	double file = w->scanned - w->anon_total;
	double got = (w->anon_total > 0 ? w->anon_total * ea : 0) +
		     (file > 0 ? file * ef : 0);

	if (in->high_wmark_sum > 0 && got > in->high_wmark_sum)
		scale_res(w, in->high_wmark_sum / got);
}

/* a short walk reclaims compact_gap(3) = 16 pages (walk_lengths()) */
#define KSWAPD_SHORT_ORDER 3

/* A short kswapd walk of this kind (walk_lengths()). */
static void short_walk(const struct walk_ctx *kind, const struct split_in *in,
		       struct walk_res *res)
{
	walk_at(kind, progress_for(kind, 2 << KSWAPD_SHORT_ORDER,
				   known_efficiency(in->eff_anon),
				   known_efficiency(in->eff_file), 0), res);
}

/*
 * The rest of the level a kswapd walk of the interval before stood in,
 * which ended in this interval (it counted a new PAGEOUTRUN, and kswapd
 * runs one walk at a time): balance_pgdat() checks pgdat_balanced() only
 * between two levels, so the walk scanned the rest of its level's pass
 * here (none if it stood between two), the pass being cut at
 * nr_to_reclaim (pass_stop()); where it went after that is unknown, so
 * no more is taken.  A refault walk with the chance the walk before left
 * it (resume_refault).  At most what the interval scanned less the new
 * walks' least: level 12 each; where walks of different lengths are
 * replayed (m->lengths), a short walk each but the last, which may be
 * under way at the end (a short walk is the least walk_lengths() gives
 * a walk; a finish that took more put the scan of 44 walks that went no
 * deeper than level 9 at level 4, one of the 6.1 lab's misses).  Adds to
 * o (weight w) and returns the pages it takes.
 */
static double finish_walk(const struct walk_mix *m, const struct walk_ctx *const kinds[2],
			  const struct split_in *in, double w,
			  struct split_reclaim_out *o, double *deep)
{
	struct walk_res res[2];
	double share[2] = { 1 - in->kswapd_resume_refault, in->kswapd_resume_refault };
	double at = floor(m->finish), scanned = 0, c, a, f, room, whole, left;
	enum cause why;
	int k, cause;

	level_scan(kinds[0], DEF_PRIORITY, &a, &f, &why);
	room = m->s - (m->n[0] + m->n[1]) * (a + f);
	if (m->lengths && m->n[0] + m->n[1] > 1) {
		struct walk_res least;

		short_walk(kinds[0], in, &least);
		room = m->s - (m->n[0] + m->n[1] - 1) * least.scanned - (a + f);
	}
	for (k = 0; k < 2; k++) {
		/* the pass, then less what it scanned before the sample */
		walk_span(kinds[k], at, ceil(m->finish), &res[k]);
		whole = res[k].scanned;
		pass_stop(&res[k], in);
		left = res[k].scanned - (m->finish - at) * whole;
		scale_res(&res[k], left > 0 ? left / res[k].scanned : 0);
		scanned += share[k] * res[k].scanned;
	}
	if (!(scanned > 0) || !(room > 0))
		return 0;
	c = fmin(1, room / scanned);
	for (k = 0; k < 2; k++) {
		for (cause = 0; cause < NR_CAUSES; cause++)
			o->anon_by[cause] += w * c * share[k] * res[k].anon[cause];
		o->anon_pred += w * c * share[k] * res[k].anon_total;
		o->p_est += w * c * share[k] * res[k].qsum / m->norm;
		if (share[k] > 0 && res[k].scanned > 0)
			*deep = fmin(*deep, res[k].deep);
	}
	return c * scanned;
}

/*
 * What a kswapd walk that runs until the node is balanced reclaims: from
 * the watermark that woke it to the high one.  An order-0 allocation
 * wakes kswapd below the low watermark; one that direct reclaim served
 * had gone below min.  Summed over the zones as nr_to_reclaim is, an
 * approximation: pgdat_balanced() is satisfied by any one zone above its
 * high watermark (v6.1 and v6.18).  0 where the watermarks are not known.
 */
static double kswapd_deficit(const struct split_in *in)
{
	return in->walks[RC_DIRECT] > 0 || in->scanned[RC_DIRECT] > 0 ?
	       in->min_gap_sum : in->low_gap_sum;
}

/*
 * balance_pgdat() checks the balance only between two levels, so a walk
 * scans the whole level in which it meets its need.  With the levels'
 * scans doubling, and the needs spread evenly on a log scale, that is
 * 1 / ln 2 = 1.44 times the need on average (the integral of 2c / x
 * over x in [c, 2c], per ln 2).  Above the walk's floor level only
 * (walk_floor()): there the passes repeat and do not double.
 */
#define LEVEL_OVERSHOOT 1.4427

/* counts[k] of the walks of kind k in mm taken as walks res[k] */
static void take_walks(struct walk_mix *mm, const struct walk_res res[2],
		       const double counts[2], double w, struct split_reclaim_out *o,
		       double *deep)
{
	int k, c;

	for (k = 0; k < 2; k++) {
		double nk = fmin(counts[k], mm->n[k]);

		if (!(nk > 0))
			continue;
		for (c = 0; c < NR_CAUSES; c++)
			o->anon_by[c] += w * nk * res[k].anon[c];
		o->anon_pred += w * nk * res[k].anon_total;
		o->p_est += w * nk * res[k].qsum / mm->norm;
		mm->s -= nk * res[k].scanned;
		mm->n[k] -= nk;
		*deep = fmin(*deep, res[k].deep);
	}
}

/*
 * How many of the walks n[k] (trim, refault) are of length a (a[k] pages
 * a walk of kind k), the rest of length b, for all of them to scan s
 * pages; the trim walks take length a first (walk_lengths()).  Returns
 * that count, split per kind in counts; 0 (counts 0) where no count
 * between 0 and all the walks fits.  The count is an expected number,
 * fractional as the scan gives it.
 */
static double solve_lengths(const double n[2], const double a[2], const double b[2],
			    double s, double counts[2])
{
	static const int trim_first[2] = { 0, 1 };
	double left = s - (n[0] * b[0] + n[1] * b[1]);
	int i;

	counts[0] = counts[1] = 0;
	for (i = 0; i < 2; i++) {
		int k = trim_first[i];
		double d = a[k] - b[k], m = d != 0 ? left / d : 0;

		if (!(n[k] > 0))
			continue;
		if (!(m > 0))
			break;          /* the scan is on the other side */
		counts[k] = fmin(m, n[k]);
		left -= counts[k] * d;
		if (m <= n[k])
			return counts[0] + counts[1];
	}
	counts[0] = counts[1] = 0;
	return 0;
}

/*
 * sb pages of the interval's scan taken as boosted reclaim: a boosted
 * walk's levels (12 and 11 once, then DEF_PRIORITY - 2 over and over;
 * boost_ctx()) as one that reclaims `boost` pages scans them, file only;
 * one_walk: no more than that one walk scans.  Adds them to o (weight
 * w), takes them out of mm.
 */
static void take_boosted(struct walk_mix *mm, const struct walk_ctx *kind,
			   const struct split_in *in, double boost, double sb,
			   int one_walk, double w, struct split_reclaim_out *o,
			   double *deep)
{
	double ea = known_efficiency(in->eff_anon), ef = known_efficiency(in->eff_file);
	struct walk_ctx boosted = *kind;
	struct walk_res one;

	boost_ctx(&boosted);
	walk_at(&boosted, progress_for(&boosted, boost, ea, ef, 0), &one);
	sb = fmin(one_walk ? fmin(sb, one.scanned) : sb, mm->s);
	if (!(sb > 0) || !(one.scanned > 0))
		return;
	o->p_est += w * sb * one.qsum / one.scanned / mm->norm;
	*deep = fmin(*deep, one.deep);
	mm->s -= sb;
}

/*
 * A watermark boost the zoneinfo sample shows at the interval's start is
 * reclaimed by a boosted walk in it (v5.0+; v6.1 and v6.12 alike):
 * steal_suitable_fallback() -> boost_watermark() raises a zone's
 * watermark_boost by a pageblock and sets ZONE_BOOSTED_WATERMARK, on
 * which rmqueue() wakes kswapd; balance_pgdat() takes nr_boost_reclaim =
 * the zones' boosts at its entry and, the node being balanced at order 0,
 * reclaims that many pages at DEF_PRIORITY - 2 with may_swap off, then
 * clears those boosts at `out`.  The boost a sample shows is thus the
 * size of one boosted walk's reclaim after it: by the walk under way (its
 * reduction at out comes after the sample) or the next to enter.  The
 * end's sample is the next interval's start: its boost is taken there,
 * not twice.  (The larger of the two, for a boosted walk that spans the
 * interval, put 6.12's kswapd within one level of its traced priority
 * in 53% of a 6-trial lab sweep's intervals, against 56% with the
 * start's; 6.1's in 86% against 87%.)  A floor, as boosts raised and
 * reclaimed between two samples do not show.  The rest of the scan
 * stays for the walks of the interval's PAGEOUTRUN count, each of which scans the compaction gap at
 * least (s_short).  (Taking a walk out of that count where the end shows
 * a boost, as the boosted walk's entry, fits the 6.12 lab a little
 * better, 3 to 6 intervals in 261-273, but no walk written from the
 * kernel's code tells the two apart: not done.)
 */
static void boost_seen(struct walk_mix *mm, const struct walk_ctx *const kinds[2],
		       const struct split_in *in, const double s_short[2],
		       double w, struct split_reclaim_out *o, double *deep)
{
	double boost = isnan(in->boost_start) ? 0 : in->boost_start;
	double nn = mm->n[0] + mm->n[1];

	if (!(boost > 0))
		return;
	take_boosted(mm, kinds[0], in, boost, mm->s - nn * s_short[0], 1, w, o, deep);
}

/*
 * Where the interval's walks scanned more than all of them would as
 * long normal walks (walk_lengths()), the pages beyond are boosted
 * reclaim (the only kswapd reclaim that goes on past the node's
 * balance, holding DEF_PRIORITY - 2): a mixture, the walks normal and
 * that much reclaimed at level 10 besides, by walks that held a boost
 * for part of their run (balance_pgdat() checks pgdat_balanced() before
 * every pass, and an unbalanced node drops the boost and restarts the
 * walk at DEF_PRIORITY as a normal one).  Not whole walks of the
 * largest boost the zones hold: those scan more than such an interval
 * holds.  Not in a run whose kcompactd woke for fewer than one kswapd
 * walk in twenty (in->boost_rate): there the walks ran longer than the
 * watermark gap because the allocations went on while they ran.  In
 * three lab sweeps the 6.1 guests' runs woke it for 0-2.2% of their
 * walks (about their order-1 walks; their traces show no level-10
 * excess), the 6.12 guests' for 8-89%; ending boost_rest() below 5% put
 * 6.1's kswapd within one level of its traced priority in 86-91% of
 * intervals instead of 84-90%, and left 6.12's as it was.
 */
#define BOOSTED_RUN_RATE 0.05

static void boost_rest(struct walk_mix *mm, const struct walk_ctx *const kinds[2],
		       const struct split_in *in, const double s_long[2],
		       double w, struct split_reclaim_out *o, double *deep)
{
	double s_norm = mm->n[0] * s_long[0] + mm->n[1] * s_long[1];
	double walks = mm->n[0] + mm->n[1];

	if (!(in->reclaimed[RC_KSWAPD] <= walks * in->boost_max_sum))
		return;         /* more than any boost: normal walks (split-9.3) */
	if (in->boost_rate < BOOSTED_RUN_RATE)
		return;         /* few boosts in the run: longer walks (split-15.5) */
	take_boosted(mm, kinds[0], in, in->boost_max_sum, mm->s - s_norm, 0, w, o, deep);
}

/*
 * kswapd walks of different lengths (v4.8+, node-based balance_pgdat();
 * the same in v6.1 and v6.18):
 *   short:   a walk that ends after its first levels, about 16 pages
 *            (compact_gap(3): what a walk woken at order 3 reclaims
 *            before kswapd_shrink_node() drops sc->order to 0).  Not
 *            high-order walks, though: the wake orders traced on the
 *            lab guests (trace:kswapd_wake_order_N, 11228 walks on 6.1,
 *            1683 on 6.12) were order 0 for 98.5% and 96% of walks, the
 *            rest order 1 but for two 6.1 walks (orders 2 and 3).  They
 *            are order-0 walks that find the node balanced after levels
 *            12 to 10 or 9 (1.6, 3.2, 6.4 and 12.9 pages of the guests'
 *            6600-page inactive file list), the free pages having risen
 *            meanwhile.  The 16 pages are a measured size:
 *            the gaps of orders 1 and 2 (4 and 8 pages) put kswapd
 *            within one level of its traced priority in 52% and 67% of
 *            the 6.1 lab's intervals, against 84% at 16.
 *   long:    one that runs until balanced (kswapd_deficit(),
 *            LEVEL_OVERSHOOT).
 *   boosted: reclaim of a watermark boost at level 10 beside normal
 *            walks: the boost the zoneinfo samples show (boost_seen()),
 *            and the scan beyond all walks taken long (boost_rest()).
 *            A walk that enters with a boost on a node below high +
 *            boost (high_wmark_pages() holds the boost) drops it and
 *            restarts as a normal walk that must reach high + boost:
 *            the 6.12 guests' deep walks, 12 down to 4 or 3 for about
 *            1000 pages, where high - low is 163.  Not modelled: the
 *            boost in the long walks' need (the largest the zones hold,
 *            or 300 to 1000 pages), in every interval or only in those
 *            with kcompactd
 *            wakes (balance_pgdat() wakes kcompactd after each walk that
 *            entered boosted), put 6.12's kswapd within one level less
 *            often (a lab sweep of 2 trials at swappiness 0 to 200: 57%
 *            of intervals -> 36-53%), 6.1's too (88% -> 22-84%).
 * In the 6.1 lab's traces nearly all walks reach level 10, half of them
 * 9, and the few long ones hold most of the pages and the priority.  The
 * scan tells how many walks are short (or, scanning more than long walks
 * would, boosted: may_boost()); where it fits no such count, all walks
 * are alike (the common progress point).
 * The short walks are trim walks first: in those traces the walks that
 * let anon in ran from level 12 down to 8-6, as many as the activations,
 * and none stopped at the compaction gap.  A walk that lets anon in frees
 * little of it at once (a page it swaps out is freed by a later scan,
 * after its writeback: pgrotated = pswpout in those intervals), and the
 * longer a walk runs the likelier it sees the counter move.
 * Takes those walks out of mm, adds them to o (weight w).  Where the
 * last walk stood (p_end) stays the long walks' point: a walk that
 * spans a sample is a long one more often than its share of the walks.
 */
static void walk_lengths(struct walk_mix *mm, const struct walk_ctx *const kinds[2],
			 const struct split_in *in, double w,
			 struct split_reclaim_out *o, double *deep)
{
	double ea = known_efficiency(in->eff_anon), ef = known_efficiency(in->eff_file);
	double gap = 2 << KSWAPD_SHORT_ORDER, need = kswapd_deficit(in);
	double s_short[2], s_long[2], counts[2];
	struct walk_res rs[2], rl;
	int k;

	if (!(mm->n[0] + mm->n[1] > 0))
		return;
	for (k = 0; k < 2; k++) {
		short_walk(kinds[k], in, &rs[k]);
		s_short[k] = rs[k].scanned;
	}
	/* a boost is reclaimed on a balanced node too: before the deficit */
	if (mm->may_boost)
		boost_seen(mm, kinds, in, s_short, w, o, deep);
	if (!(need > gap))
		return;
	for (k = 0; k < 2; k++) {
		walk_at(kinds[k], progress_for(kinds[k], need * LEVEL_OVERSHOOT, ea, ef, 0), &rl);
		s_long[k] = rl.scanned;
	}
	if (solve_lengths(mm->n, s_short, s_long, mm->s, counts) > 0) {
		take_walks(mm, rs, counts, w, o, deep);
		return;
	}
	if (!mm->may_boost)
		return;
	boost_rest(mm, kinds, in, s_long, w, o, deep);
}

/* The share of the walks that decided on flushed view j of n. */
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
static const struct split_lists *cgroup_view(const struct split_in *in, enum reclaimer r)
{
	if (r == RC_CGROUP && in->has_prev && split_flushed_view(in->version))
		return &in->cg_prev;
	return NULL;
}

/*
 * The interval's walks, nref of them refault walks, on the gauges of its
 * end and (if known) its start (start_share of the scan on the start's);
 * adds to o, *deep and *zero (-1 while no view with anon pages was
 * checked, then 1 or 0: anon_only_at_zero()).  A view of no weight adds
 * nothing, but the end's still gives where the last walk stood (p_end).
 * An expected count between k and k + 1 refault walks is the walks of
 * either count, weighted (k + 1 - nref, nref - k), not k.x walks sharing
 * the scan.
 */
static void walk_parts(const struct split_in *in, enum reclaimer r,
		       const struct split_cost *cost, struct walk_mix *m,
		       double walks, double nref, double start_share,
		       struct split_reclaim_out *o, double *deep, int *zero)
{
	double ea = efficiency(in->eff_anon), ef = efficiency(in->eff_file);
	double k = floor(nref), p[2], w, d;
	struct walk_ctx trim, refault;
	const struct walk_ctx *const kinds[2] = { &trim, &refault };
	struct walk_mix mm;
	int start, part, j, views = seen_views(in, r), nseen = views ? views : 1;

	for (part = 0; part < 2; part++) {
		double pw = part ? nref - k : 1 - (nref - k);

		if (!(pw > 0))
			continue;
		m->n[1] = fmin(walks, k + part);
		m->n[0] = walks - m->n[1];
		for (start = 0; start <= in->has_prev; start++)
			for (j = 0; j < nseen; j++) {
				/* end, start gauges; each flushed view its share */
				w = pw * view_weight(in, j, nseen) *
				    (!in->has_prev ? 1 : start ? start_share : 1 - start_share);
				fill_ctx(&trim, in, cost, r == RC_CGROUP, start,
					 views ? &in->seen[j] : cgroup_view(in, r));
				refault = trim;
				refault.deact_file_refault = 1;
				trim.floor = walk_floor(&trim, r, in->high_wmark_sum);
				refault.floor = walk_floor(&refault, r, in->high_wmark_sum);
				if (m->boosted) {
					boost_ctx(&trim);
					boost_ctx(&refault);
				}
				mm = *m;
				d = DEF_PRIORITY;
				if (m->finish > 0)
					mm.s -= finish_walk(m, kinds, in, w, o, &d);
				if (m->lengths)
					walk_lengths(&mm, kinds, in, w, o, &d);
				mix_solve(&mm, kinds, ea, ef, p);
				mix_add(&mm, kinds, p, w, o, &d);
				if (w > 0) {
					/* this view's walks: their deepest level */
					*deep = fmin(*deep, d);
					/*
					 * lists with no anon page are not the ones
					 * an anon-scanning walk saw (the task that
					 * held it exited before the sample): they
					 * tell nothing of the branch
					 */
					if (trim.l->inactive_anon + trim.l->active_anon > 0)
						*zero = *zero != 0 && anon_only_at_zero(&trim, d);
				}
				if (start == 0 && j == nseen - 1 && (part == 0 || pw > 0.5))
					o->p_end = p[m->n[1] > m->n[0]];  /* the last walk's kind */
			}
	}
}

/* Whether some of kswapd's walks may be watermark-boosted (v5.0+). */
static int may_boost(const struct split_in *in, enum reclaimer r)
{
	/*
	 * a boosted walk cannot scan anon: where the interval's pgscan_anon
	 * moved some walk was not boosted.  Only the attribution knows it;
	 * the prediction (anon_measured NAN) does not take the reading, as
	 * it cannot tell a boosted interval from one whose normal walk
	 * reclaimed as much
	 */
	return r == RC_KSWAPD && model_version_cmp(in->version, 5, 0, 0) >= 0 &&
	       in->boost_max_sum > 0 && in->anon_measured == 0;
}

/*
 * Whether kswapd's walks of the interval are taken as watermark-boosted
 * reclaim.  A fragmenting page-block fallback raises a zone's
 * watermark_boost (boost_watermark(), v5.0+), and the next balance_pgdat()
 * (v6.1 and v6.18) reclaims that many pages even from a balanced node,
 * with may_swap and may_writepage off, holding the priority at
 * DEF_PRIORITY - 2 ("Limit the priority of boosting to avoid reclaim
 * writeback"): levels 12 and 11, then level 10 over and over.  Sums do not
 * show the boost, and the sampled zoneinfo boost is no guide (a boost
 * found with the node unbalanced is dropped for a normal walk); what they
 * show is its size: a walk stops at balance, so one that reclaims
 * nr_to_reclaim (the high watermarks' sum) or more and at most the
 * largest boost the zones can hold, scanning no anon, is taken as
 * boosted.  An inference,
 * not the kernel's record: on the 6.12 lab guests 84-92% of the intervals
 * so taken scanned at level 10 (fresh runs), 55-60% in older databases.
 */
static int boosted_walks(const struct split_in *in, enum reclaimer r, double walks)
{
	double per_walk = walks > 0 ? in->reclaimed[r] / walks : 0;

	return may_boost(in, r) && in->high_wmark_sum > 0 &&
	       per_walk >= in->high_wmark_sum && per_walk <= in->boost_max_sum;
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
 * What the attribution fits to the anon pages measured (split_walk()):
 * the share of the scan on the first sample's lists, how many of the
 * lag window's activations beyond the interval's own its walks saw, and
 * the share of the anon efficiency measured so far (pgsteal_anon /
 * pgscan_anon) that the walks' own anon pages freed (fit_anon_freed()).
 */
struct walk_fit {
	double start_share, extra_refaults, anon_freed;
};

/*
 * The walks of reclaimer r: its counter, or where there is none
 * (khugepaged, proactive, a cgroup without failcnt) walks that stop at
 * 32 reclaimed pages.
 */
static double walk_count(const struct split_in *in, enum reclaimer r)
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
	return !(walks > 1 && g && g->folio_file >= SWAP_CLUSTER_MAX);
}

static void replay_reclaimer(const struct split_in *measured, enum reclaimer r,
			     const struct split_cost *cost, const struct walk_fit *fit,
			     struct split_reclaim_out *o, double *refault_share)
{
	struct split_in freeing;
	const struct split_in *in = measured;
	double walks = in->walks[r], deep = DEF_PRIORITY, nref;
	struct walk_mix m = { { 0, 0 }, 0, in->scanned[r], in->scanned[r], 0,
			      r == RC_DIRECT, 0, 0, 0 };
	int resume = 0, zero = -1;

	memset(o, 0, sizeof(*o));
	o->p_est = o->p_deep = o->p_end = NAN;
	if (!(m.s > 0))
		return;
	o->active = 1;
	if (fit->anon_freed < 1) {
		freeing = *measured;
		freeing.eff_anon = known_efficiency(measured->eff_anon) * fit->anon_freed;
		in = &freeing;
	}
	/*
	 * kswapd scanned but started no walk (PAGEOUTRUN is counted when
	 * balance_pgdat() begins): the walk of the interval before goes on
	 * from where it stood
	 */
	if (r == RC_KSWAPD && walks == 0 && in->kswapd_resume > 0) {
		walks = 1;
		resume = 1;
		m.from = in->kswapd_resume;
	} else if (r == RC_KSWAPD && in->kswapd_resume > 0) {
		m.finish = in->kswapd_resume;
	}
	if (!(walks > 0))
		walks = walk_count(in, r);
	/* boosted walks scan no anon: a refault changes nothing in them */
	m.boosted = !resume && boosted_walks(in, r, walks);
	m.lengths = r == RC_KSWAPD && !resume && !m.boosted &&
		    model_version_cmp(in->version, 4, 8, 0) >= 0;
	m.may_boost = m.lengths && may_boost(in, r);
	nref = m.boosted ? 0 : refault_walks(in, r, walks, fit->extra_refaults);
	o->refault_added = m.boosted ? 0 : nref - refault_walks(in, r, walks, 0);
	/*
	 * A walk takes its refault snapshot only when it ends, so one that
	 * saw a refault goes on seeing it, level after level, unless a direct
	 * reclaim ended meanwhile: do_try_to_free_pages() snapshots the same
	 * root lruvec (snapshot_refaults(), v6.1 and v6.18).
	 */
	if (resume)
		nref = fmin(1, fmax(nref, in->walks[RC_DIRECT] > 0 ? 0 :
					  in->kswapd_resume_refault));
	*refault_share = (anon_let_in(in) ? nref : 0) / walks;
	o->end_refault = nref / walks;
	o->p_est = 0;
	walk_parts(in, r, cost, &m, walks, anon_let_in(in) ? nref : 0,
		   fit->start_share, o, &deep, &zero);
	if (m.boosted)
		o->p_end = NAN;    /* it ended with its boost reclaimed */
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

static void walk_all(const struct split_in *in, const struct split_cost *node_cost,
		     const struct split_cost *cg_cost, const struct walk_fit *fit,
		     struct split_out *out)
{
	int r;

	memset(out, 0, sizeof(*out));
	for (r = 0; r < NR_RECLAIMERS; r++) {
		const struct split_cost *c = r == RC_CGROUP && in->has_cg ?
					     cg_cost : node_cost;
		double share = 0;

		replay_reclaimer(in, (enum reclaimer)r, c, fit, &out->r[r], &share);
		out->anon_pred += out->r[r].anon_pred;
		if (out->r[r].active && share > out->refault_walks)
			out->refault_walks = share;
	}
	out->anon_share = split_anon_share(in->has_cg ? cg_cost : node_cost,
					   in->swappiness);
}

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
 * own).  a[] holds each view's anon as the only view; out is left as it
 * is where no pair brackets the measured anon.
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
		walk_all(&two, node_cost, cg_cost, fit, out);
		return;
	}
}

/* a bisection stops once a probe is within this share of the anon measured */
#define BISECT_CLOSE 1e-5

/* The lists a share x of the way from a to b. */
static void lists_between(const struct split_lists *a, const struct split_lists *b,
			  double x, struct split_lists *l)
{
	l->inactive_anon = a->inactive_anon + x * (b->inactive_anon - a->inactive_anon);
	l->active_anon = a->active_anon + x * (b->active_anon - a->active_anon);
	l->inactive_file = a->inactive_file + x * (b->inactive_file - a->inactive_file);
	l->active_file = a->active_file + x * (b->active_file - a->active_file);
}

/* The anon pages the interval's walks scan, all of them on one view. */
static double anon_on_view(const struct split_in *in, const struct split_lists *view,
			   const struct split_cost *node_cost, const struct split_cost *cg_cost,
			   const struct walk_fit *fit, struct split_out *out)
{
	struct split_in one = *in;

	one.seen_n = 1;
	memset(one.seen_w, 0, sizeof(one.seen_w));
	one.seen[0] = *view;
	walk_all(&one, node_cost, cg_cost, fit, out);
	return out->anon_pred;
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
		d = fabs(log((o.anon_pred + 1) / (in->anon_measured + 1)));
		if (d < best) {
			best = d;
			*out = o;
		}
	}
	if (may_split && out->anon_pred < SPLIT_ANON_EXPLAINED * in->anon_measured)
		flush_split(in, node_cost, cg_cost, fit, a, out);
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
 * all before a flush at 28% of the interval).
 */
static void place_flush(const struct split_in *in, const struct split_cost *node_cost,
			const struct split_cost *cg_cost, const struct walk_fit *fit,
			struct split_out *out)
{
	struct split_out o;
	double a[2];
	int j;

	walk_all(in, node_cost, cg_cost, fit, out);
	if (!(out->anon_pred < SPLIT_ANON_EXPLAINED * in->anon_measured))
		return;             /* the time's shares explain it */
	for (j = 0; j < 2; j++)
		a[j] = anon_on_view(in, &in->seen[j], node_cost, cg_cost, fit, &o);
	flush_split(in, node_cost, cg_cost, fit, a, out);
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
	best = fabs(out->anon_pred - want);
	a0 = ends[0];
	if (!((a0 - want) * (ends[1] - want) < 0))
		return;
	for (it = 0; it < 20 && best > BISECT_CLOSE * want; it++) {
		x = (lo + hi) / 2;
		lists_between(&in->seen_bracket[0], &in->seen_bracket[1], x, &view);
		a = anon_on_view(in, &view, node_cost, cg_cost, fit, &o);
		if ((a - want) * (a0 - want) > 0)
			lo = x;
		else
			hi = x;
		if (fabs(a - want) < best) {
			best = fabs(a - want);
			*out = o;
		}
	}
}

static void walk_views(const struct split_in *in, const struct split_cost *node_cost,
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
	else
		walk_all(in, node_cost, cg_cost, fit, out);
}

/* The anon pages the interval's walks scan under fit f. */
static double anon_under(const struct split_in *in, const struct split_cost *node_cost,
			 const struct split_cost *cg_cost, struct walk_fit f,
			 struct split_out *out)
{
	walk_views(in, node_cost, cg_cost, &f, 0, out);
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
static void fit_start_share(const struct split_in *in, const struct split_cost *node_cost,
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

/*
 * Where the walks scan less anon than measured even so, some of them saw
 * activations that the samples show in a neighbouring interval of the lag
 * window (one walk an activation at most): as many as scan nearest the
 * anon measured.  More refault walks scan more anon as a rule, so a
 * bisection; but not always (the last trim walk turned refault walk
 * changes how the walks share the scan), so the nearest of the points
 * tried is taken, the later one on a tie.
 */
static void fit_extra_refaults(const struct split_in *in, const struct split_cost *node_cost,
			       const struct split_cost *cg_cost, struct walk_fit *fit,
			       struct split_out *out)
{
	struct walk_fit f = *fit;
	double want = in->anon_measured, anon, none, best;
	int r;

	if (!(want > 0))
		return;             /* no anon to explain */
	for (r = 0; r < NR_RECLAIMERS && !(in->refault_window[r] > 0); r++)
		;
	if (r == NR_RECLAIMERS)
		return;             /* no activation around */
	none = anon_under(in, node_cost, cg_cost, f, out);
	f.extra_refaults = 1;
	anon = anon_under(in, node_cost, cg_cost, f, out);
	if (none >= want || !(anon > none))
		return;             /* enough already, or no walk to add */
	best = fabs(anon - want);
	fit->extra_refaults = 1;
	if (!(anon > want))
		return;             /* all of them scan too little: all taken */
	bisect_fit(in, node_cost, cg_cost, &f, &f.extra_refaults, 0, 1, 1, best,
		   &fit->extra_refaults, out);
}

/* The attribution fits (it reads pgscan_anon); a prediction does not. */
static int fits(const struct split_in *in)
{
	return !isnan(in->anon_measured) && !in->has_expected;
}

/*
 * The least share of the measured anon efficiency a walk's own anon
 * pages free: above 0, where efficiency() takes a rate as unknown.
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
static void fit_anon_freed(const struct split_in *in, const struct split_cost *node_cost,
			   const struct split_cost *cg_cost, struct walk_fit *fit,
			   struct split_out *out)
{
	struct walk_fit f = *fit;
	double want = in->anon_measured, now, anon, best;

	if (!(want > 0))
		return;
	now = anon_under(in, node_cost, cg_cost, f, out);
	if (now >= want)
		return;             /* explained: the measured rate stands */
	f.anon_freed = ANON_FREED_MIN;
	anon = anon_under(in, node_cost, cg_cost, f, out);
	if (!(anon > now))
		return;             /* no walk that goes deeper */
	best = fabs(now - want);
	if (fabs(anon - want) < best) {
		best = fabs(anon - want);
		fit->anon_freed = ANON_FREED_MIN;
	}
	if (!(anon > want))
		return;             /* the deepest walks scan too little: taken */
	bisect_fit(in, node_cost, cg_cost, &f, &f.anon_freed, ANON_FREED_MIN, 1, 0, best,
		   &fit->anon_freed, out);
}

/*
 * n of the interval's cgroup walks taken as walks `deep` (down to 0), the
 * others replayed alike on the rest of the scan: their anon by cause,
 * anon and priority into *o (the rest as the replay leaves it).  Returns
 * the anon they scan.
 */
static double with_deep(const struct split_in *in, const struct split_cost *cost,
			const struct walk_fit *fit, const struct walk_res *deep,
			double n, struct split_reclaim_out *o)
{
	struct split_in rest = *in;
	struct split_reclaim_out ro;
	double s = in->scanned[RC_CGROUP], share;
	int c;

	rest.walks[RC_CGROUP] = walk_count(in, RC_CGROUP) - n;
	rest.scanned[RC_CGROUP] = s - n * deep->scanned;
	replay_reclaimer(&rest, RC_CGROUP, cost, fit, &ro, &share);
	if (!ro.active)
		memset(&ro, 0, sizeof(ro));
	for (c = 0; c < NR_CAUSES; c++)
		o->anon_by[c] = n * deep->anon[c] + ro.anon_by[c];
	o->anon_pred = n * deep->anon_total + ro.anon_pred;
	o->p_est = n * deep->qsum / s;
	if (ro.active && !isnan(ro.p_est))
		o->p_est += ro.p_est * rest.scanned[RC_CGROUP] / s;
	return o->anon_pred;
}

/* One cgroup walk down to 0 on the lists its walks decide on. */
static void walk_to_zero(const struct split_in *in, const struct split_cost *cost,
			 struct walk_res *deep)
{
	struct walk_ctx c;

	fill_ctx(&c, in, cost, 1, 0, cgroup_view(in, RC_CGROUP));
	walk_at(&c, DEF_PRIORITY + 1, deep);
}

/* n walks of o went down to 0: the deepest level is known, 0. */
static void went_to_zero(struct split_reclaim_out *o, double n)
{
	o->zero_walks = n;
	o->p_deep = 0;
	o->deep_estimable = 1;
}

/*
 * Cgroup limit walks that went deeper than the replayed ones.  The replay
 * takes an interval's walks as alike, but a walk goes down a level only
 * while it has not reclaimed its 32 pages (do_try_to_free_pages(), v6.1
 * and v6.18), and over large file folios a level's pass is one folio that
 * frees the walk or not: most walks end at 12, a few meet a run of folios
 * that will not free (dirty ones are activated) and go far down.  Where
 * the anon measured exceeds what the replayed walks scanned, some walks
 * went down to 0: as many as scan the anon measured, the others sharing
 * the rest of the scan (bisection; no more walks than there were, nor
 * than the file besides the anon can hold).  Such walks scan every
 * level's targets from 12 down: at 0, SCAN_EQUAL (near_oom), above it
 * what the level's branch lets in.  (Three 6.18 host sweeps' traces:
 * swapping intervals whose anon was all at level 0, or a quarter to two
 * thirds of it with the rest at 12..1, doubling a level.  Taking the deep
 * walks down to 0 rather than to a level above it put the cgroup's
 * priority within one level of the traced one in 135 of 224 intervals,
 * against 122 and 121 for levels 1 and 3, and left no sweep's run with 5% of
 * its swap-out unexplained, where level 3 left one with 32%.)
 */
#define DEEP_STEPS 16
static void deep_walks(const struct split_in *in, const struct split_cost *cost,
		       const struct walk_fit *fit, double want,
		       struct split_reclaim_out *o)
{
	struct split_reclaim_out best = *o, probe = *o;
	struct walk_res deep;
	double s = in->scanned[RC_CGROUP], lo = 0, hi, n;
	int i;

	walk_to_zero(in, cost, &deep);
	if (!(deep.anon_total > 0) || !(deep.scanned > 0))
		return;
	hi = fmin(walk_count(in, RC_CGROUP), s / deep.scanned);
	/* their file: no more than the scan besides the anon holds (a fresh
	 * cgroup's first interval scans anon only, its walks having decided
	 * on lists with no file) */
	if (deep.scanned > deep.anon_total)
		hi = fmin(hi, fmax(0, s - want) / (deep.scanned - deep.anon_total));
	if (!(hi > 0))
		return;
	if (with_deep(in, cost, fit, &deep, hi, &probe) <= want) {
		best = probe;
		lo = hi;
	} else {
		for (i = 0; i < DEEP_STEPS; i++) {
			n = (lo + hi) / 2;
			if (with_deep(in, cost, fit, &deep, n, &probe) <= want) {
				lo = n;
				best = probe;
			} else {
				hi = n;
			}
		}
	}
	if (!(lo > 0))
		return;
	*o = best;
	went_to_zero(o, lo);
}

/*
 * n walks known to have gone down to 0 (split_in.zero_walks), replayed on
 * these lists at this swappiness: at 0 SCAN_EQUAL, or SCAN_FILE for a
 * cgroup at swappiness 0, and above it what each level lets in.
 */
static void known_deep_walks(const struct split_in *in, const struct split_cost *cost,
			     const struct walk_fit *fit, double n,
			     struct split_reclaim_out *o)
{
	struct walk_res deep;

	walk_to_zero(in, cost, &deep);
	if (!(deep.scanned > 0))
		return;
	n = fmin(fmin(n, walk_count(in, RC_CGROUP)), in->scanned[RC_CGROUP] / deep.scanned);
	with_deep(in, cost, fit, &deep, n, o);
	went_to_zero(o, n);
}

/*
 * The cgroup walks with those that went deeper: found from the anon
 * measured, or known (the what-if's).  Where no level but 0 lets anon in
 * (anon_only_at_zero()), anon measured beyond the walks placed was
 * scanned at 0 all the same: near_oom (SCAN_EQUAL), though the lists
 * cannot hold the walks that scanned it (a fresh cgroup's first interval,
 * its walks having decided on lists with no file).
 */
static void deep_cgroup(const struct split_in *in, const struct split_cost *cg_cost,
			const struct walk_fit *fit, struct split_out *out)
{
	struct split_reclaim_out *o = &out->r[RC_CGROUP];
	double others = out->anon_pred - o->anon_pred;
	double want = in->anon_measured - others;

	if (!o->active)
		return;
	if (in->has_cg && isnan(in->anon_measured) && in->zero_walks > 0)
		known_deep_walks(in, cg_cost, fit, in->zero_walks, o);
	else if (in->has_cg && want > o->anon_pred)
		deep_walks(in, cg_cost, fit, want, o);
	if (o->anon_only_at_zero && want > o->anon_pred) {
		o->anon_by[CAUSE_NEAR_OOM] += want - o->anon_pred;
		o->anon_pred = want;
	}
	out->anon_pred = others + o->anon_pred;
}

void split_walk(const struct split_in *in, const struct split_cost *node_cost,
		const struct split_cost *cg_cost, struct split_out *out)
{
	struct walk_fit fit = { 0.5, 0, 1 };

	if (fits(in) && in->has_prev)
		fit_start_share(in, node_cost, cg_cost, &fit, out);
	if (fits(in))
		fit_extra_refaults(in, node_cost, cg_cost, &fit, out);
	if (fits(in))
		fit_anon_freed(in, node_cost, cg_cost, &fit, out);
	walk_views(in, node_cost, cg_cost, &fit, 1, out);
	deep_cgroup(in, cg_cost, &fit, out);
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

int split_flushed_view(const int version[3])
{
	return model_version_cmp(version, 6, 12, 0) >= 0;
}
