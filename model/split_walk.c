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
 *      inactive_is_low()): SCAN_FILE
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
	int global, swap_on;
	double swappiness, ap, fp;
	int deact_anon, deact_file_refault, deact_file_low;
	int file_low;              /* file + free <= sum of high wmarks */
};

/* One level's inactive-list scan targets and, if anon goes in, why. */
static void level_scan(const struct walk_ctx *c, int q, double *anon,
		       double *file, enum cause *why)
{
	double ia = shr(c->l->inactive_anon, q), inf = shr(c->l->inactive_file, q);

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
	if (inf > 0 && !c->deact_file_refault && !c->deact_file_low)
		return;                                   /* cache_trim_mode */
	/* SCAN_FRACT: scan = scan * fraction[file] / denominator */
	if (c->ap + c->fp > 0) {
		*anon = floor(ia * c->ap / (c->ap + c->fp));
		*file = floor(inf * c->fp / (c->ap + c->fp));
	}
	*why = inf == 0 ? CAUSE_SMALL_FILE : c->deact_file_refault ?
	       CAUSE_FILE_REFAULTS : CAUSE_ACTIVE_FILE;
}

/* One walk that scanned s pages: anon by cause, sum of q x pages, end. */
struct walk_res {
	double anon[NR_CAUSES], anon_total, qsum, deep;
};

static void invert_walk(const struct walk_ctx *c, double s, int floor_level,
			struct walk_res *w)
{
	double left = s, a = 0, f = 0, t = 0;
	enum cause why = CAUSE_UNEXPLAINED;
	int q;

	memset(w, 0, sizeof(*w));
	w->deep = DEF_PRIORITY;
	for (q = DEF_PRIORITY; q >= floor_level && left > 0; q--) {
		double take;

		level_scan(c, q, &a, &f, &why);
		t = a + f;
		if (t <= 0)
			continue;
		take = left < t || q == floor_level ? left : t;
		/* the last level: partial (reclaimed enough), or repeated
		 * (kswapd staying at a level that scans its target) */
		w->anon[why] += a * take / t;
		w->anon_total += a * take / t;
		w->qsum += q * take;
		w->deep = q;
		left -= take;
	}
	if (left > 0)     /* nothing left to scan: the lists are empty */
		w->qsum += floor_level * left, w->deep = floor_level;
}

static void fill_ctx(struct walk_ctx *c, const struct split_in *in,
		     const struct split_cost *cost, int cgroup, int start)
{
	const struct split_lists *node = start ? &in->node_prev : &in->node;

	memset(c, 0, sizeof(*c));
	c->l = cgroup ? (start ? &in->cg_prev : &in->cg) : node;
	c->global = !cgroup;
	c->swap_on = in->swap_on;
	c->swappiness = in->swappiness;
	split_fraction(cost, in->swappiness, &c->ap, &c->fp);
	c->deact_anon = in->activate_anon > 0 ||
			inactive_is_low(c->l->inactive_anon, c->l->active_anon);
	c->deact_file_low = inactive_is_low(c->l->inactive_file, c->l->active_file);
	c->file_low = in->high_wmark_sum > 0 &&
		      node->inactive_file + node->active_file + in->free <=
		      in->high_wmark_sum;
}

static void replay_reclaimer(const struct split_in *in, enum reclaimer r,
			     const struct split_cost *cost, struct split_reclaim_out *o,
			     double *refault_share)
{
	double s, walks = in->walks[r], share, w, deep = DEF_PRIORITY;
	struct walk_ctx c;
	struct walk_res trim, refault;
	int floor_level = r == RC_KSWAPD ? 1 : 0, k, start;

	memset(o, 0, sizeof(*o));
	o->p_est = o->p_deep = NAN;
	if (!(in->scanned[r] > 0))
		return;
	o->active = 1;
	/* no walk counter (khugepaged, proactive, a cgroup without failcnt):
	 * walks that stop at 32 reclaimed pages */
	if (!(walks > 0))
		walks = fmax(1, ceil(fmax(0, in->reclaimed[r]) / SWAP_CLUSTER_MAX));
	s = in->scanned[r] / walks;
	/*
	 * prepare_scan_count() requests file deactivation when
	 * WORKINGSET_ACTIVATE_FILE moved since the last reclaim's snapshot:
	 * with A activations spread over W walks, at most min(1, A / W) of
	 * the walks see it move.
	 */
	share = in->activate_file > 0 ? fmin(1, in->activate_file / walks) : 0;
	*refault_share = share;
	o->p_est = 0;
	for (start = 0; start <= in->has_prev; start++) {
		w = in->has_prev ? 0.5 : 1;    /* end gauges, start gauges */
		fill_ctx(&c, in, cost, r == RC_CGROUP, start);
		invert_walk(&c, s, floor_level, &trim);
		c.deact_file_refault = 1;
		invert_walk(&c, s, floor_level, &refault);
		for (k = 0; k < NR_CAUSES; k++)
			o->anon_by[k] += w * walks * ((1 - share) * trim.anon[k] +
						      share * refault.anon[k]);
		o->anon_pred += w * walks * ((1 - share) * trim.anon_total +
					     share * refault.anon_total);
		o->p_est += w * ((1 - share) * trim.qsum + share * refault.qsum) / s;
		deep = fmin(deep, fmin(trim.deep, share > 0 ? refault.deep : trim.deep));
	}
	/* direct and cgroup walks are few, with a fixed 32-page target: the
	 * level a typical walk ends at is where they went; kswapd's deepest
	 * level is an extreme of hundreds of walks, which sums cannot show */
	o->deep_estimable = r != RC_KSWAPD;
	if (o->deep_estimable)
		o->p_deep = deep;
}

void split_walk(const struct split_in *in, const struct split_cost *node_cost,
		const struct split_cost *cg_cost, struct split_out *out)
{
	int r;

	memset(out, 0, sizeof(*out));
	for (r = 0; r < NR_RECLAIMERS; r++) {
		const struct split_cost *c = r == RC_CGROUP && in->has_cg ?
					     cg_cost : node_cost;
		double share = 0;

		replay_reclaimer(in, (enum reclaimer)r, c, &out->r[r], &share);
		out->anon_pred += out->r[r].anon_pred;
		if (out->r[r].active && share > out->refault_walks)
			out->refault_walks = share;
	}
	out->anon_share = split_anon_share(in->has_cg ? cg_cost : node_cost,
					   in->swappiness);
}
