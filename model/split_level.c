/*
 * split_level.c - one walk of the split-LRU reclaim, level by level: what
 * get_scan_count() lets each priority level scan of each inactive list,
 * and how far down a walk of one kind went for the pages it scanned or
 * must reclaim (the kernel facts: split_walk.c's head).
 */
#include <math.h>
#include <string.h>

#include "model.h"
#include "model_int.h"
#include "split_int.h"
#include "banned.h"

/* size >> q on a page count */
static double shr(double pages, int q)
{
	return pages > 0 ? floor(pages / (double)(1L << q)) : 0;
}

/*
 * inactive_is_low(), v6.1 and v6.18: inactive * int_sqrt(10 * gb) < active,
 * gb = (inactive + active) >> (30 - PAGE_SHIFT), ratio 1 below 1 GB.
 */
double sw_inactive_ratio(double inactive, double active)
{
	double gb = floor((inactive + active) / (double)(1 << (30 - 12)));

	return gb > 0 ? floor(sqrt(10 * gb)) : 1;
}

static int inactive_is_low(double inactive, double active)
{
	return inactive * sw_inactive_ratio(inactive, active) < active;
}

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
void sw_level_scan(const struct walk_ctx *c, int q, double *anon,
		   double *file, enum cause *why)
{
	level_target(c, q, anon, file, why);
	*anon = split_grain_scan(c->grain_anon, *anon, c->l->inactive_anon);
	*file = split_grain_scan(c->grain_file, *file, c->l->inactive_file);
}

double sw_level_anon_largest(const struct walk_ctx *c, int q)
{
	struct walk_ctx targets = *c;   /* no grain: the level's targets */
	enum cause why;
	double a, f, mixed;

	sw_level_scan(c, q, &mixed, &f, &why);
	targets.grain_anon = NULL;
	sw_level_scan(&targets, q, &a, &f, &why);
	return fmax(mixed, split_grain_largest(c->anon_largest, a, c->l->inactive_anon));
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
int sw_anon_only_at_zero(const struct walk_ctx *c, double below)
{
	enum cause why;
	double a, f;
	int q;

	for (q = (int)fmin(DEF_PRIORITY, ceil(below) - 1); q >= 1; q--) {
		sw_level_scan(c, q, &a, &f, &why);
		if (a > 0)
			return 0;
	}
	sw_level_scan(c, 0, &a, &f, &why);
	return a > 0 && why == CAUSE_NEAR_OOM;
}

/*
 * The level a walk of reclaimer r stays at: only kswapd has one above 0.
 * balance_pgdat() lowers the priority only after a level scanned less
 * than nr_to_reclaim, the sum over the zones of max(high wmark + boost,
 * 32) (sw_high_wmarks()) (kswapd_shrink_node() returns
 * sc->nr_scanned >= sc->nr_to_reclaim,
 * which clears raise_priority; v6.1 and v6.18), or reclaimed nothing.
 * So the first level from 12 down whose targets reach nr_to_reclaim is
 * where the walk repeats until the node is balanced; 1 where none does
 * (while (sc.priority >= 1)) or the watermarks are not known.  Not a
 * level whose pass takes anon only: shrink_folio_list() starts each
 * anon folio's swap write and keeps the folio under writeback (freed by
 * a later pass, after folio_rotate_reclaimable()), so such a pass frees
 * nothing at once and the walk goes on down (`if (raise_priority ||
 * !nr_reclaimed)`; the 6.1 lab's kswapd at swappiness 200, SCAN_FRACT
 * with fp = 0, went from 12 to 2 in walks that reclaimed 34 of 25744
 * pages scanned).  On the lab's 512 MB guests no level with file in it
 * reaches it (inactive file ~6k pages, nr_to_reclaim ~1k); on a machine
 * with lists of millions of pages kswapd stays around level 5-8 however
 * much it reclaims.
 */
int sw_walk_floor(const struct walk_ctx *c, enum reclaimer r,
		  double nr_to_reclaim)
{
	enum cause why;
	double a, f;
	int q;

	if (r != RC_KSWAPD)
		return 0;
	for (q = DEF_PRIORITY; q > 1 && nr_to_reclaim > 0; q--) {
		sw_level_scan(c, q, &a, &f, &why);
		if (a + f >= nr_to_reclaim && f >= 1)
			return q;        /* it scans its need, some of it file */
	}
	return 1;       /* kswapd's floor: while (sc.priority >= 1) */
}

/*
 * The walks of one reclaimer in an interval are of two kinds: those that
 * saw no file refault since their reclaimer's last walk (cache_trim_mode
 * where inactive file is large) and those that did (file deactivation:
 * SCAN_FRACT).  A walk's progress point p: levels 12, 11, ... passed
 * whole, a share of the last one; past its floor level (c->floor), its
 * repeats (kswapd staying at a level that scans its target).  sw_walk_at()
 * is one walk to p; sw_solve_progress() and sw_solve_need() find p.
 */
void sw_walk_at(const struct walk_ctx *c, double p, struct walk_res *w)
{
	enum cause why;
	double a, f;
	int q, i;

	memset(w, 0, sizeof(*w));
	w->deep = DEF_PRIORITY;
	for (q = DEF_PRIORITY, i = 0; q >= c->floor && p > i; q--, i++) {
		double part = q == c->floor ? p - i : fmin(1, p - i);

		sw_level_scan(c, q, &a, &f, &why);
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
void sw_walk_span(const struct walk_ctx *c, double p0, double p1,
		  struct walk_res *w)
{
	struct walk_res before;
	int k;

	sw_walk_at(c, p1, w);
	if (!(p0 > 0))
		return;
	sw_walk_at(c, p0, &before);
	for (k = 0; k < NR_CAUSES; k++)
		w->anon[k] -= before.anon[k];
	w->anon_total -= before.anon_total;
	w->qsum -= before.qsum;
	w->scanned -= before.scanned;
}

/* The level a walk of kind c is at after i steps: 12 - i, or its floor. */
int sw_level_after(const struct walk_ctx *c, int i)
{
	return DEF_PRIORITY - i > c->floor ? DEF_PRIORITY - i : c->floor;
}

/*
 * The progress point where n[0] walks of kind c[0] and n[1] of kind c[1]
 * scan s pages together, all walks at the same point: the levels'
 * targets add up until s is reached, the rest in repeats once every
 * kind is at its floor.
 */
double sw_solve_progress(const struct walk_ctx *const c[2],
			 const double n[2], double s)
{
	enum cause why;
	double left = s, a, f;
	int i, k, at_floor;

	for (i = 0;; i++) {
		double t = 0;

		for (k = 0, at_floor = 1; k < 2; k++)
			if (n[k] > 0) {
				sw_level_scan(c[k], sw_level_after(c[k], i), &a, &f, &why);
				t += n[k] * (a + f);
				at_floor &= sw_level_after(c[k], i) == c[k]->floor;
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
double sw_progress_for(const struct walk_ctx *c, double r,
		       double eff_anon, double eff_file, int whole_first)
{
	enum cause why;
	double a, f, g;
	int q, i;

	for (q = DEF_PRIORITY, i = 0; q >= c->floor; q--, i++) {
		sw_level_scan(c, q, &a, &f, &why);
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
void sw_solve_need(const struct walk_ctx *const c[2], const double n[2],
		   double s, double ea, double ef, int whole_first, double p[2])
{
	double lo = 0, hi = s, r, t;
	struct walk_res w;
	int it, k;

	for (it = 0; it < 50; it++) {
		r = (lo + hi) / 2;
		for (k = 0, t = 0; k < 2; k++) {
			sw_walk_at(c[k], sw_progress_for(c[k], r, ea, ef, whole_first), &w);
			t += n[k] * w.scanned;
		}
		if (t < s)
			lo = r;
		else
			hi = r;
	}
	for (k = 0; k < 2; k++)
		p[k] = sw_progress_for(c[k], (lo + hi) / 2, ea, ef, whole_first);
}

/* A reclaim efficiency in (0, 1], or NAN. */
double sw_efficiency(double e)
{
	return e > 0 ? fmin(1, e) : NAN;
}

/* The same, 1 where not known: a page scanned is a page reclaimed. */
double sw_known_efficiency(double e)
{
	double k = sw_efficiency(e);

	return isnan(k) ? 1 : k;
}

/*
 * Whether one walk of kind c to progress point p takes anon for at least
 * half of what it scans: file pages are clean as a rule and freed when
 * met, anon ones are kept under swap writeback (freed by a later pass),
 * so a walk over mostly anon frees little and goes on down (kswapd's
 * dive() in split_kswapd.c, a direct walk that outlasts a sample in
 * split_direct.c).
 */
#define MOSTLY_ANON_SHARE 0.5

int sw_mostly_anon(const struct walk_ctx *c, double p)
{
	struct walk_res res;

	sw_walk_at(c, p, &res);
	return res.scanned > 0 && res.anon_total >= MOSTLY_ANON_SHARE * res.scanned;
}

/* A boosted walk: may_swap off (SCAN_FILE), held at DEF_PRIORITY - 2. */
void sw_boost_ctx(struct walk_ctx *c)
{
	c->swap_on = 0;
	c->floor = DEF_PRIORITY - 2;
}

/*
 * high_wmark_pages() summed over the zones: each zone's high watermark
 * and its watermark_boost (include/linux/mmzone.h, v5.0+: wmark_pages()
 * adds z->watermark_boost; v6.1 and v6.18), which is what the kernel's
 * sums of it hold: prepare_scan_count()'s total_high_wmark (file_is_tiny),
 * kswapd_shrink_node()'s nr_to_reclaim, pgdat_balanced()'s mark.  boost:
 * the zones' boosts as a zoneinfo sample showed them (NAN: not
 * recorded, taken as none).  0 where the watermarks are not known.
 */
double sw_high_wmarks(const struct split_in *in, double boost)
{
	if (!(in->high_wmark_sum > 0))
		return 0;
	return in->high_wmark_sum + (boost > 0 ? boost : 0);
}

/* seen: the lists the walk's statistics hold (NULL: the lists as they are) */
void sw_fill_ctx(struct walk_ctx *c, const struct split_in *in,
		 const struct split_cost *cost, int cgroup, int start,
		 const struct split_lists *seen)
{
	const struct split_lists *node = start ? &in->node_prev : &in->node;
	const struct split_grain *grain = cgroup ? in->grain_cg : in->grain_node;
	double high = sw_high_wmarks(in, in->boost_start);

	memset(c, 0, sizeof(*c));
	c->l = cgroup ? (start ? &in->cg_prev : &in->cg) : node;
	c->grain_anon = grain ? grain->anon : NULL;
	c->grain_file = grain ? grain->file : NULL;
	c->anon_largest = grain ? grain->anon_largest : 1;
	c->seen = seen ? seen : c->l;
	c->global = !cgroup;
	c->swap_on = in->swap_on;
	c->swappiness = in->swappiness;
	split_fraction(cost, in->swappiness, &c->ap, &c->fp);
	c->deact_anon = in->activate_anon > 0 ||
			inactive_is_low(c->seen->inactive_anon, c->seen->active_anon);
	c->deact_file_low = inactive_is_low(c->seen->inactive_file,
					    c->seen->active_file);
	c->file_low = high > 0 &&
		      node->inactive_file + node->active_file + in->free <= high;
}

/*
 * get_scan_count() decides each level anew (v6.1 prepare_scan_count(),
 * v6.12 prepare_scan_control()).  File deactivation requested by a
 * refault holds until some global walk ends and retakes the snapshot
 * (snapshot_refaults() at the end of balance_pgdat() and
 * do_try_to_free_pages()), and inactive_is_low() reads lists the walk
 * does not change at 200, whose SCAN_FRACT scans no file (fp = 0): both
 * stay SCAN_FRACT down the levels (FILE_REFAULTS, ACTIVE_FILE; below 200
 * file deactivation can end the low list).  A small inactive file list
 * (inactive_file >> priority == 0, SMALL_FILE) turns to cache_trim_mode
 * at the first level where it shifted by the priority is not 0: a view
 * of 512 pages lets anon in at levels 12 to 10, one of 3895 at 12 only.
 * Not where a 6.12 kswapd loop reclaimed nothing down to level 1 after
 * cache trimming failed: it retries with cache_trim_mode off
 * (sc.no_cache_trim_mode; not in v6.1), rare.  SCAN_ANON (FILE_TINY)
 * takes anon only at any swappiness, SCAN_EQUAL (NEAR_OOM) is level 0,
 * the last: no swappiness changes what they free.  The replay labels a
 * level SMALL_FILE wherever the view shifted by it is 0, a refault walk's
 * too: such a walk counts by its deeper levels.
 */
int split_cause_every_level(enum cause c)
{
	return c == CAUSE_FILE_REFAULTS || c == CAUSE_ACTIVE_FILE;
}
