/*
 * cost.c - lruvec->anon_cost and file_cost rebuilt from counters, per
 * kernel version (reclaim-model.md, section 5.2).
 *
 * The kernel charges a cost to a list type in lru_note_cost():
 *   5.8 - 6.1  (mm/swap.c v6.1): the pages reclaim wrote out
 *              (shrink_inactive_list(): stat.nr_pageout) and the refaults
 *              that restored the working set (workingset_refault():
 *              lru_note_cost_folio() where WORKINGSET_RESTORE is counted).
 *   6.2+       ("mm: vmscan: make rotations a secondary factor in
 *              balancing anon vs file", merged for 6.2; v6.18
 *              lru_note_cost_unlock_irq()): 32 (SWAP_CLUSTER_MAX) x those
 *              pages + the pages rotated: nr_scanned - nr_reclaimed of
 *              every shrink_inactive_list() pass, and the active pages
 *              shrink_active_list() kept (VM_EXEC file pages; /proc/vmstat
 *              has no per-type count of those, so they are left out).
 *   In /proc/vmstat: anon pages written = pswpout, file pages written =
 *   nr_vmscan_write - pswpout, restores = workingset_restore_{anon,file}
 *   (5.9+), rotations = pgscan_X - pgsteal_X (5.8+).
 * Both costs halve whenever their sum passes a quarter of the lruvec's
 * LRU pages ("decay previous events"), checked at every charge, so the
 * replay charges in SWAP_CLUSTER_MAX-sized steps.
 * Before 5.8 the balance came from recent_rotated / recent_scanned,
 * which /proc/vmstat does not show: known = 0 and the caller says so.
 */
#include <math.h>
#include <stddef.h>

#include "model.h"
#include "model_int.h"
#include "banned.h"

/* at most this many charge steps per interval (bounded work) */
#define COST_MAX_STEPS 4096

void split_cost_init(struct split_cost *c, const int version[3])
{
	c->anon = c->file = 0;
	c->known = model_version_cmp(version, 5, 8, 0) >= 0;
	c->inputs = !c->known ? "not in /proc/vmstat before 5.8 (recent_rotated/recent_scanned): equal costs assumed" :
		    model_version_cmp(version, 6, 2, 0) >= 0 ?
		    "32 x (pswpout, nr_vmscan_write - pswpout, workingset_restore_*) + (pgscan_X - pgsteal_X); active-list rotations not in /proc/vmstat" :
		    "pswpout, nr_vmscan_write - pswpout, workingset_restore_*";
}

static double nz(double v)
{
	return isnan(v) || v < 0 ? 0 : v;
}

static double lru_total(const struct split_lists *l)
{
	return nz(l->inactive_anon) + nz(l->active_anon) + nz(l->inactive_file) +
	       nz(l->active_file);
}

void split_cost_update(struct split_cost *c, const struct split_in *in,
		       const struct split_lists *lru)
{
	double a, f, quarter = floor(lru_total(lru) / 4), step;
	long i, n;

	if (!c->known)
		return;
	a = nz(in->swap_out) + nz(in->restore_anon);
	f = nz(in->file_writes) + nz(in->restore_file);
	if (model_version_cmp(in->version, 6, 2, 0) >= 0) {
		a = SWAP_CLUSTER_MAX * a + nz(in->scan_anon_prev - in->steal_anon_prev);
		f = SWAP_CLUSTER_MAX * f + nz(in->scan_file_prev - in->steal_file_prev);
	}
	if (!(a + f > 0) || !isfinite(a + f))
		return;              /* none, or a damaged recording's */
	step = SWAP_CLUSTER_MAX;
	n = (long)fmin(COST_MAX_STEPS, ceil((a + f) / step));
	for (i = 0; i < n; i++) {
		c->anon += a / (double)n;
		c->file += f / (double)n;
		if (c->anon + c->file > quarter) {
			c->anon = floor(c->anon / 2);
			c->file = floor(c->file / 2);
		}
	}
}

/*
 * get_scan_count(), v5.8 - v6.18 (unchanged in between):
 *   total_cost = anon_cost + file_cost;
 *   anon_cost = total_cost + sc->anon_cost;   (2 x own + other)
 *   file_cost = total_cost + sc->file_cost;
 *   total_cost = anon_cost + file_cost;
 *   ap = swappiness * (total_cost + 1) / (anon_cost + 1);
 *   fp = (200 - swappiness) * (total_cost + 1) / (file_cost + 1);
 * in integer arithmetic.
 */
void split_fraction(const struct split_cost *c, double swappiness, double *ap,
		    double *fp)
{
	double a = floor(c->anon), f = floor(c->file), t = a + f;
	double ac = t + a, fc = t + f, tc = ac + fc;

	*ap = floor(swappiness * (tc + 1) / (ac + 1));
	*fp = floor((200 - swappiness) * (tc + 1) / (fc + 1));
}

double split_anon_share(const struct split_cost *c, double swappiness)
{
	double ap, fp;

	split_fraction(c, swappiness, &ap, &fp);
	return ap + fp > 0 ? ap / (ap + fp) : 0;
}
