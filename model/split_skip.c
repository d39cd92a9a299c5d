/*
 * split_skip.c - the pages kswapd passed over on the node's lists as in
 * zones above its reclaim index (pgskip_*): which list they were on and
 * at which levels, for a walk woken for a low zone.
 */
#include <math.h>
#include <stddef.h>

#include "model.h"
#include "model_int.h"
#include "split_int.h"
#include "banned.h"

/*
 * A walk of one kind on the lists of its own zones, level by level
 * (1..12): the targets get_scan_count() gives it (t[q][0] anon, t[q][1]
 * file), why its anon went in, and what each page of its own zones it
 * takes costs it in other zones' pages before it on the node's list
 * (cost[0] anon, cost[1] file: about node / own - 1).  The uses below
 * read the levels from here, scanned once.
 */
struct own_walk {
	double t[DEF_PRIORITY + 1][2];
	enum cause why[DEF_PRIORITY + 1];
	double cost[2];
};

static void own_walk(const struct walk_ctx *c, const struct split_lists *node,
		     struct own_walk *w)
{
	int q;

	for (q = DEF_PRIORITY; q >= 1; q--)
		sw_level_scan(c, q, &w->t[q][0], &w->t[q][1], &w->why[q]);
	w->cost[0] = fmax(0, node->inactive_anon / fmax(1, c->l->inactive_anon) - 1);
	w->cost[1] = fmax(0, node->inactive_file / fmax(1, c->l->inactive_file) - 1);
}

/*
 * The first level from 12 down at which the walk has a target of each
 * type (lvl[0] anon, lvl[1] file; 0 where none down to 1), and the
 * cause that let its anon in.
 */
static void first_targets(const struct own_walk *w, int lvl[2], enum cause *why)
{
	int q;

	lvl[0] = lvl[1] = 0;
	*why = CAUSE_UNEXPLAINED;
	for (q = DEF_PRIORITY; q >= 1; q--) {
		if (w->t[q][0] >= 1 && !lvl[0]) {
			lvl[0] = q;
			*why = w->why[q];
		}
		if (w->t[q][1] >= 1 && !lvl[1])
			lvl[1] = q;
	}
}

/* What one pass at level q passes over, per type (s[0] anon, s[1] file). */
static void level_skip(const struct own_walk *w, int q, double s[2])
{
	s[0] = w->t[q][0] * w->cost[0];
	s[1] = w->t[q][1] * w->cost[1];
}

/*
 * The share of `skip` pages passed over that were anon, for the walk
 * w: each level from 12 down passes over what its targets cost
 * (level_skip()), until the skip is spent; what is left past the last
 * level with a cost repeats it (kswapd's passes count what they skip in
 * sc->nr_scanned, which may hold a walk at a level, v6.1 and v6.12).
 * One walk: those for a low zone are the few the allocator woke for it,
 * not the interval's (over the interval's walks instead, each level
 * spread over all of them, the lab's figures do not move).  The costs
 * of the two lists differ by orders of magnitude where the own zones
 * hold a sliver of one list: rr2 run 12 at 2.26 s (6.12, DMA's 116
 * inactive anon pages against the node's 96243, 1546 file pages against
 * 5467) passed over 63892 pages, and the traces put 68155 anon pages at
 * level 4, the first with an anon target, where each anon page taken
 * cost 829 others and each file page 2.5; the share at the first level
 * with any target (file alone, level 9) took all of it as file.  0
 * where no level has a cost.
 */
static double skip_anon_share(const struct own_walk *w, double skip)
{
	double left = skip, got[2] = { 0, 0 }, s[2], last[2] = { 0, 0 };
	int q, t;

	for (q = DEF_PRIORITY; q >= 1 && left > 0; q--) {
		double take;

		level_skip(w, q, s);
		if (!(s[0] + s[1] > 0))
			continue;
		take = fmin(left, s[0] + s[1]);
		for (t = 0; t < 2; t++)
			got[t] += take * s[t] / (s[0] + s[1]);
		left -= take;
		last[0] = s[0];
		last[1] = s[1];
	}
	if (left > 0 && last[0] + last[1] > 0)
		for (t = 0; t < 2; t++)
			got[t] += left * last[t] / (last[0] + last[1]);
	return got[0] + got[1] > 0 ? got[0] / (got[0] + got[1]) : 0;
}

/*
 * Where the walk w for its own zones takes its skipped pages, per type
 * (q[t], first: the first level with a target of that type).  It ends
 * once those zones meet their high watermarks and boosts (need pages,
 * split_in.skip_need): rmqueue() wakes kswapd for a zone whose
 * watermark a fallback boosted, pgdat_balanced() at that zone index
 * checks high_wmark_pages(), boost included, so the walk, which may
 * take only those zones' pages, goes on down level after level (each
 * reclaims less than nr_to_reclaim, their high watermarks and boosts
 * summed) until its pages taken meet the need (v6.1 and v6.18).  The
 * other zones' pages lie among them on the list, so each level skips
 * in proportion to what it takes: the levels weighted by their targets.
 * In a 6.1 lab interval (lab12 run 24, 1.50 to 1.75 s: 3083 DMA file
 * pages, 476 free at its start, high 32 and a boost of 512: 68 pages to
 * take, levels 11 to 6) 1877 pages were skipped, and the traced scan at
 * level 6 was 2434 pages in 19 batches, the node's lists giving about
 * 100 a pass.  With no need known, the first level.
 */
static void skip_levels(const struct own_walk *w, double need, const int first[2],
			double q[2])
{
	double taken = 0, pages[2] = { 0, 0 }, sum[2] = { 0, 0 }, a, f;
	int lvl, t;

	q[0] = first[0];
	q[1] = first[1];
	if (!(need > 0))
		return;
	for (lvl = DEF_PRIORITY; lvl >= 1 && taken < need; lvl--) {
		a = w->t[lvl][0];
		f = w->t[lvl][1];
		pages[0] += a;
		sum[0] += lvl * a;
		pages[1] += f;
		sum[1] += lvl * f;
		taken += a + f;
	}
	for (t = 0; t < 2; t++)
		if (first[t] > 0 && pages[t] >= 1)
			q[t] = sum[t] / pages[t];
}

/*
 * The most pages one walk of the kind w passes over in the levels it
 * scans down to its zones' balance (need; every level where not known):
 * one isolate_lru_folios() call passes each page of the list at most
 * once, since it puts those it passed over back at the list's head only
 * after its loop (list_splice(&folios_skipped, src), v6.1), and
 * shrink_lruvec() makes a call per SWAP_CLUSTER_MAX of a list's target.
 * len[t]: list t's length on the node, the larger of the two samples'
 * (the walk met the list at a moment between them).  A bound that holds
 * on trees that cap a call's skipping too (SWAP_CLUSTER_MAX_SKIPPED), so
 * left uncapped; the inactive lists only, as the skip placed here is
 * (split_candidates(): what pgscan counted).
 */
static double skip_room(const struct own_walk *w, double need, const double len[2])
{
	double taken = 0, room = 0;
	int q, t;

	for (q = DEF_PRIORITY; q >= 1 && (!(need > 0) || taken < need); q--)
		for (t = 0; t < 2; t++)
			if (w->t[q][t] >= 1) {
				room += ceil(w->t[q][t] / SWAP_CLUSTER_MAX) * len[t];
				taken += w->t[q][t];
			}
	return room;
}

static void node_lengths(const struct split_in *in, double len[2])
{
	const struct split_lists *end = &in->node, *start = in->has_prev ? &in->node_prev : end;

	len[0] = fmax(end->inactive_anon, start->inactive_anon);
	len[1] = fmax(end->inactive_file, start->inactive_file);
}

/*
 * The two kinds' shares of the skip (trim walks, walks that saw a
 * refault): the interval's share of walks that saw one, but a kind whose
 * walk cannot pass over that many pages (skip_room()) leaves them to the
 * other where that one can.  One walk, as sw_skipped() takes it: those
 * for a low zone are the few the allocator woke for it (two trim walks
 * for the DMA zone in the case below could pass over 157368).  labBA
 * run 7 at 21.26 s (6.1, swappiness 200, 6 walks, a refault expected for
 * 28% of them): 92414 pages skipped where the DMA zone's lists held 3
 * inactive anon and 3176 inactive file pages, the node's 92576 and
 * 13114; a trim walk, file from level 11 down to 6 where its 82 pages
 * were taken, passes over 6 x 13114 file pages at most, a walk over anon
 * at swappiness 200 (SCAN_FRACT, fp = 0) finds its first target at level
 * 1 and passes over the whole anon list once; the traces put 92415 anon
 * pages at level 1, the share 27052.
 */
static void kind_shares(const double room[2], double skip, double refault,
			double share[2])
{
	share[0] = 1 - refault;
	share[1] = refault;
	if (room[0] < skip && room[1] >= skip)
		share[0] = 0, share[1] = 1;
	else if (room[1] < skip && room[0] >= skip)
		share[0] = 1, share[1] = 0;
}

/* the weight of a kind no walk of the interval is: where its list's
 * first target lies still counts for pages the counters put on it */
#define KIND_FLOOR 1e-9

/*
 * Pages kswapd passed over (split_in.skipped).  A walk whose reclaim
 * index lies below a zone with pages on the lists (kswapd woken for a
 * low zone: rmqueue() wakes it at zone_idx() of a zone whose watermark
 * a fallback boosted) meets that zone's pages too: isolate_lru_folios()
 * adds them to total_scan, the nr_scanned that PGSCAN_KSWAPD,
 * PGSCAN_ANON/FILE and the shrink_inactive tracepoint count, and to
 * PGSCAN_SKIP per zone, but not to the `scan` that ends its loop, so
 * one call asked for a page or two of the walk's own zones may pass
 * over a whole list (v6.1; later trees, and stable ones that took "fix
 * hard LOCKUP in function isolate_lru_folios", stop skipping after
 * SWAP_CLUSTER_MAX_SKIPPED, 32768 folios, in one call and take the
 * other zones' folios from then on: far more than a lab guest's call
 * skips).  The walk's targets are
 * get_scan_count()'s on its own zones' lists (lruvec_lru_size(lruvec,
 * lru, sc->reclaim_idx)), its branch decided on the node's
 * (prepare_scan_control()): it scans a list first at the first level
 * where that list's target is a page, and skips from there down to where
 * its zones are balanced (skip_levels()); 1, kswapd's last, where no
 * level has one.  Which list they were on: the walk's kinds (refault:
 * the interval's share of walks seeing a refault, kind_shares()), each
 * the share its levels' costs give, filled from level 12 down until the
 * skip is spent (skip_anon_share()); where the anon
 * scanned is measured, within what the counters allow (skipped pages
 * count in pgscan_anon/file: at least skip - file scanned are anon, at
 * most the anon scanned).  Over thirteen lab sweeps, the levels down to
 * the zones' balance rather than the first level put kswapd within one
 * level in 17 more 6.1 intervals of 3053 and 7 more 6.12 ones of 2823;
 * the levels of that fill instead, 24 more 6.12 intervals of 2454 and
 * 16 fewer 6.1 ones of 2731 (not taken).  The fill's share took the
 * anon predicted over two runs with large skips (rr2 run 12 on 6.12,
 * rr1 run 6 on 6.1) from 74% and 20% under the anon measured to 31%
 * under and 7% over, where the share at the first level with any
 * target took those skips as file.  Not walks of their own: the
 * rest of the scan is the interval's walks' (sw_replay_reclaimer()
 * takes these out first).
 * Adds to o; norm: all kswapd scanned.
 */
void sw_skipped(const struct split_in *in, const struct split_cost *cost,
		double skip, double refault, double norm,
		struct split_reclaim_out *o)
{
	double share[2], room[2], anon_share[2], at[2][2], len[2];
	double anon = 0, q[2] = { 0, 0 }, w[2] = { 0, 0 }, most = 0;
	enum cause why[2], cause = CAUSE_UNEXPLAINED;
	struct walk_ctx c;
	struct own_walk ow;
	int k, t, lvl[2][2];

	node_lengths(in, len);
	for (k = 0; k < 2; k++) {
		/* the branch on the end sample's node lists, not a 6.12+
		 * flushed view: which kind let anon in is set here by k */
		sw_fill_ctx(&c, in, cost, 0, 0, NULL);
		c.deact_file_refault = k;
		c.l = &in->skip_lists;
		own_walk(&c, &in->node, &ow);
		first_targets(&ow, lvl[k], &why[k]);
		skip_levels(&ow, in->skip_need, lvl[k], at[k]);
		anon_share[k] = skip_anon_share(&ow, skip);
		room[k] = skip_room(&ow, in->skip_need, len);
	}
	kind_shares(room, skip, refault, share);
	for (k = 0; k < 2; k++) {
		anon += share[k] * skip * anon_share[k];
		if (lvl[k][0] > 0 && share[k] + KIND_FLOOR > most) {
			most = share[k] + KIND_FLOOR;
			cause = why[k];
		}
		for (t = 0; t < 2; t++)
			if (lvl[k][t] > 0) {
				q[t] += (share[k] + KIND_FLOOR) * at[k][t];
				w[t] += share[k] + KIND_FLOOR;
			}
	}
	if (!isnan(in->anon_measured) && !isnan(in->file_measured))
		anon = fmin(fmax(anon, skip - in->file_measured),
			    fmin(skip, in->anon_measured));
	for (t = 0; t < 2; t++)
		q[t] = w[t] > 0 ? q[t] / w[t] : 1;
	o->p_est += (anon * q[0] + (skip - anon) * q[1]) / norm;
	o->anon_pred += anon;
	o->anon_by[cause] += anon;
}

double split_candidates(double scan, double steal, double *skip)
{
	double taken = *skip > 0 ? fmin(*skip, fmax(0, scan - steal)) : 0;

	*skip -= taken;
	return scan - taken;
}
