/*
 * t-deep.c - memory cgroup limit walks that go deep over runs of file
 * folios that do not free (model/split_deep.c), against a reference
 * written from mm/vmscan.c of v6.18, not from the model's equations:
 *   - try_to_free_mem_cgroup_pages() -> do_try_to_free_pages(): priority
 *     12 down to 0, stopping after the level at which nr_reclaimed
 *     reaches nr_to_reclaim, 32 pages (a charge of one page);
 *   - get_scan_count() for a cgroup at swappiness 60 with no refault:
 *     cache_trim_mode, so SCAN_FILE at 12..1, and SCAN_EQUAL at 0.  On
 *     6.12+ prepare_scan_control() decides it on the group's statistics
 *     as last flushed (the sampler's read of memory.stat at the
 *     interval's start: an inactive file list large, not low against the
 *     active one), not on the lists the walks leave, though their
 *     activations grow the active list and their passes empty the
 *     inactive one; each level's targets are lruvec_lru_size() >>
 *     priority of the lists as they are when the level begins;
 *   - shrink_lruvec(): rounds of batches of min(nr, 32) pages, inactive
 *     anon first, then inactive file; for cgroup reclaim (no proportional
 *     reclaim), once its own nr_reclaimed reaches nr_to_reclaim, it stops
 *     where either type's target is used up, else stops the smaller and
 *     scales the other's to the share the smaller had done;
 *   - isolate_lru_folios(): folios from the tail until the batch's pages
 *     are reached, every page of a folio counted;
 *   - shrink_folio_list(): a clean file folio is freed; a dirty one is
 *     activated (it leaves the inactive list); an anon page is freed where
 *     its swap copy is written already (the share e_anon of them, swapped
 *     out before and kept in the swap cache), else its write starts and it
 *     goes back to the list: with none written before, a level-0 pass
 *     goes through the whole list.
 * The cgroup's inactive file list, from its tail: folios of 1 MiB (256
 * pages) the flusher has written, then the writer's newest, dirty; one
 * walk per failed charge, each ending at the first folio that frees it.  The reference records what
 * /proc/vmstat, memory.failcnt and the census show, and the traced pages
 * per level; the model sees the former and must give the latter's
 * scan-weighted level.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "levels.h"
#include "scan_adjust.h"
#include "model.h"
#include "tap.h"

typedef unsigned long ul;

#define FOLIO 256              /* pages of a 1 MiB folio */
#define NR_TO_RECLAIM 32       /* SWAP_CLUSTER_MAX */
#define MAX_FOLIOS 4096
#define FOLIO_ORDERS_MODEL 11  /* the census's orders, collector/folios.h */

struct cg_ref {
	char dirty[MAX_FOLIOS];    /* the inactive file list from its tail */
	int nr, tail;              /* folios on it; the next one taken */
	double ia, e_anon, anon_carry;
	ul activated;              /* folios moved to the active list */
	/* what /proc/vmstat and memory.failcnt show */
	double scanned, reclaimed, walks, anon_scanned, anon_freed;
	double trace[LEVELS];      /* what the tracepoint shows */
};

/* the writer's data since the last walk that passed the list: `clean`
 * folios written back (at the tail), then `dirty` ones, newest at the head */
static void add_folios(struct cg_ref *k, int clean, int dirty)
{
	int j;

	for (j = 0; j < clean + dirty && k->nr < MAX_FOLIOS; j++)
		k->dirty[k->nr++] = (char)(j >= clean);
}

static double file_pages(const struct cg_ref *k)
{
	return (double)(k->nr - k->tail) * FOLIO;
}

/* one inactive-file batch of b pages: folios from the tail */
static double file_batch(struct cg_ref *k, ul b, int prio)
{
	double scan = 0, got = 0;

	while (scan < b && k->tail < k->nr) {
		if (k->dirty[k->tail])
			k->activated++;
		else
			got += FOLIO;
		k->tail++;
		scan += FOLIO;
	}
	k->scanned += scan;
	k->trace[prio] += scan;
	return got;
}

/* one inactive-anon batch of b pages, e_anon of them freed */
static double anon_batch(struct cg_ref *k, ul b, int prio)
{
	double got;

	k->anon_carry += b * k->e_anon;
	got = floor(k->anon_carry);
	k->anon_carry -= got;
	k->scanned += b;
	k->anon_scanned += b;
	k->anon_freed += got;
	k->trace[prio] += b;
	return got;
}

/* shrink_lruvec() at one level: nr[0] anon, nr[1] file */
static double shrink_level(struct cg_ref *k, int prio, ul need)
{
	ul nr[2], targets[2];
	double got = 0;
	int t;

	nr[1] = (ul)file_pages(k) >> prio;
	nr[0] = prio == 0 ? (ul)k->ia : 0;          /* SCAN_EQUAL : SCAN_FILE */
	targets[0] = nr[0];
	targets[1] = nr[1];
	while (nr[0] || nr[1]) {
		for (t = 0; t < 2; t++)
			if (nr[t]) {
				ul b = nr[t] < 32 ? nr[t] : 32;

				nr[t] -= b;
				got += t ? file_batch(k, b, prio) : anon_batch(k, b, prio);
			}
		if (got < need)
			continue;
		if (!nr[0] || !nr[1])
			break;
		scan_adjust(nr, targets);
	}
	return got;
}

static void cgroup_walk(struct cg_ref *k)
{
	double reclaimed = 0;
	int prio;

	k->walks++;
	for (prio = 12; prio >= 0; prio--) {
		reclaimed += shrink_level(k, prio, NR_TO_RECLAIM);
		if (reclaimed >= NR_TO_RECLAIM)
			break;
	}
	k->reclaimed += reclaimed;
}

/*
 * The model's view of the interval: the lists at its start (the whole
 * layout), and at its end, where the writer has added `refill` folios of
 * new data at the head and the activated ones sit on the active list.
 */
static void model_view(const struct cg_ref *k, double list_start, int refill,
		       const struct split_grain *grain, struct split_in *in)
{
	static const int v618[3] = { 6, 18, 0 };

	memset(in, 0, sizeof(*in));
	memcpy(in->version, v618, sizeof(v618));
	in->swap_on = 1;
	in->swappiness = 60;
	in->has_cg = 1;
	in->has_prev = 1;
	in->cg_prev.inactive_anon = k->ia;
	in->cg_prev.active_anon = 100;
	in->cg_prev.inactive_file = list_start;
	in->cg_prev.active_file = 512;
	in->cg.inactive_anon = k->ia - k->anon_freed;
	in->cg.active_anon = 100;
	in->cg.inactive_file = file_pages(k) + (double)refill * FOLIO;
	in->cg.active_file = 512 + (double)k->activated * FOLIO;
	in->node = in->cg;
	in->node_prev = in->cg_prev;
	in->free = 1e6;
	in->high_wmark_sum = 3000;
	in->scanned[RC_CGROUP] = k->scanned;
	in->reclaimed[RC_CGROUP] = k->reclaimed;
	in->walks[RC_CGROUP] = k->walks;         /* failcnt: one a walk */
	in->anon_measured = k->anon_scanned;
	in->eff_anon_now = k->anon_scanned > 0 ? k->anon_freed / k->anon_scanned : NAN;
	/* the anon freed at once was swapped out before, and kept in the
	 * swap cache; where none is, the run had swapped nothing yet */
	in->swapped_before = k->e_anon * k->ia;
	in->eff_anon = in->eff_file = NAN;
	in->boost_rate = NAN;
	in->grain_cg = grain;
}

/*
 * The interval: `phases` times, the writer's `clean` + `dirty` folios
 * added and walks until the list is passed (the last walk of each passes
 * the dirty run, the list then empty, and scans anon at 0), replayed;
 * *truth the traced level.
 */
static double interval(int clean, int dirty, int phases, double e_anon, double *truth,
		       struct split_out *o, struct cg_ref *k)
{
	double folios[FOLIO_ORDERS_MODEL] = { 0 };
	struct split_grain g;
	struct split_cost cost;
	struct split_in in;
	static const int v618[3] = { 6, 18, 0 };
	int i;

	memset(k, 0, sizeof(*k));
	k->ia = 20000;
	k->e_anon = e_anon;
	for (i = 0; i < phases; i++) {
		add_folios(k, clean, dirty);
		while (k->tail < k->nr)
			cgroup_walk(k);
	}
	folios[8] = 64;
	split_grain_init(&g, NULL, folios, FOLIO_ORDERS_MODEL);
	model_view(k, (double)(clean + dirty) * FOLIO, 64, &g, &in);
	split_cost_init(&cost, v618);
	split_walk(&in, &cost, &cost, o);
	*truth = levels_weighted(k->trace);
	return o->r[RC_CGROUP].p_est;
}

/*
 * Walks that end at their first folio, and one each time the clean ones
 * are used up that passes the dirty run and, the list then empty, scans
 * anon at 0: most of the scan at level 12, the deep walks' at 10 down to
 * 3 (the 6.18 host's traces, 1 MiB folios: 446 walks took a folio at 12,
 * about 8 the 204 folios at 10 to 3 and scanned anon at 0).  Taking the
 * scan beyond the walks' first passes as walks alike, all of them a
 * little past 12, puts the estimate 1.5 to 2 levels high.
 */
static void runs_of_dirty_folios(void)
{
	/* clean and dirty folios the writer adds, times */
	static const int phases[][3] = {
		{ 50, 25, 8 }, { 40, 30, 10 }, { 60, 20, 6 }, { 100, 40, 4 }, { 30, 15, 12 },
	};
	static const double e_anon[] = { 1, 0.25, 0 };
	int i, j, n = 0, near = 0, found = 0;
	double worst = 0;

	for (i = 0; i < (int)(sizeof(phases) / sizeof(phases[0])); i++)
		for (j = 0; j < 3; j++) {
			struct cg_ref k;
			struct split_out o;
			double truth, est = interval(phases[i][0], phases[i][1], phases[i][2],
						     e_anon[j], &truth, &o, &k);

			n++;
			near += fabs(est - truth) <= 1;
			worst = fmax(worst, fabs(est - truth));
			found += fabs(o.r[RC_CGROUP].zero_walks - phases[i][2]) <= 0.25 * phases[i][2];
			tap_diag("%d x (%d clean, %d dirty), anon freed %.2f: %.0f walks, %.0f "
				 "scanned (%.0f anon at 0), traced %.2f, estimated %.2f, "
				 "%.2f walks to 0", phases[i][2], phases[i][0], phases[i][1],
				 e_anon[j], k.walks, k.scanned, k.trace[0], truth, est,
				 o.r[RC_CGROUP].zero_walks);
		}
	tap_ok(near == n, "deep-1.1 cgroup walks over runs of dirty 1 MiB folios: priority "
	       "within one level in %d of %d (worst %.2f)", near, n, worst);
	tap_ok(found == n, "deep-1.2 ... the walks that went down to 0 found within a quarter "
	       "of their number in %d of %d", found, n);
}

/*
 * The walks to 0 the attribution found, replayed again (--what-if) where
 * told of more than the interval's scan holds: no more taken, nor said,
 * than it holds (with_deep()'s *taken).
 */
static void known_walks_held(void)
{
	double folios[FOLIO_ORDERS_MODEL] = { 0 }, truth;
	struct split_grain g;
	struct split_cost cost;
	struct split_in in;
	struct split_out o;
	struct cg_ref k;
	static const int v618[3] = { 6, 18, 0 };

	interval(50, 25, 8, 1, &truth, &o, &k);
	folios[8] = 64;
	split_grain_init(&g, NULL, folios, FOLIO_ORDERS_MODEL);
	model_view(&k, 75.0 * FOLIO, 64, &g, &in);
	in.anon_measured = in.eff_anon_now = NAN;
	in.zero_walks = 10 * k.walks;
	in.zero_level = 0;
	in.zero_anon = INFINITY;       /* each over the whole anon list */
	split_cost_init(&cost, v618);
	split_walk(&in, &cost, &cost, &o);
	tap_ok(o.r[RC_CGROUP].zero_walks > 0 &&
	       o.r[RC_CGROUP].zero_walks <= k.scanned / in.cg.inactive_anon,
	       "deep-1.3 walks known to have gone down to 0 over the whole anon list, told "
	       "as %.0f: %.2f replayed, as many as the %.0f pages scanned hold",
	       in.zero_walks, o.r[RC_CGROUP].zero_walks, k.scanned);
}

int main(void)
{
	runs_of_dirty_folios();
	known_walks_held();
	return tap_done();
}
