/*
 * whatif_balance.c - a what-if's walks reclaim what the run's did
 * (whatif_balance.h).
 */
#include <math.h>

#include "model.h"   /* enum cause, then whatif_balance.h */
#include "banned.h"

/* SCAN_FRACT's fp = (200 - swappiness) * ...: 0 at 200 (the literal in
 * v6.1's get_scan_count(), MAX_SWAPPINESS in v6.12's) */
#define MAX_SWAPPINESS 200
#define BISECT_STEPS 60

/*
 * The what-if's walks: the file pages of those that take no anon (file),
 * and of those that do (mixed_file), with their anon; the run's file
 * efficiency, and the share of anon as the walks that take it go on.
 */
struct balance {
	const struct swap_list *l;
	double file_rate, file, mixed_file, anon;
	double share;
};

/* The pages freed with the anon-taking walks' scan scaled, and `more`
 * scanned on: file pages at the run's efficiency, anon by the list. */
static double freed(const struct balance *b, double scale, double more)
{
	return (b->file + scale * b->mixed_file + more * (1 - b->share)) * b->file_rate +
	       swap_list_written(b->l, scale * b->anon + more * b->share);
}

/*
 * The least x in [0, hi] at which the walks free `want`: the pages
 * scanned on (go_on), or the share of the anon-taking walks' scan
 * (otherwise, hi 1).  freed() grows with either.
 */
static double least_freeing(const struct balance *b, double want, int go_on, double hi)
{
	double lo = 0;
	int i;

	for (i = 0; i < BISECT_STEPS; i++) {
		double mid = (lo + hi) / 2;

		if ((go_on ? freed(b, 1, mid) : freed(b, mid, 0)) < want)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

/* The pages scanned on beyond the walks' that free `want`. */
static double scanned_on(const struct balance *b, double want)
{
	double hi = 1;

	while (freed(b, 1, hi) < want && hi < 1e12)
		hi *= 2;
	return least_freeing(b, want, 1, hi);
}

void whatif_balance(const struct swap_list *l, const struct whatif_run *run,
		    double sw, const struct whatif_same *same, struct whatif_pred *p)
{
	double all = run->anon_scanned + run->file_scanned;
	double mixed = fmin(same->scan_with_anon, all), have, want;
	struct balance b = { .l = l, .file = all - mixed, .anon = same->anon };
	int run_passed;

	p->anon = same->anon;
	p->swap_out = same->swap_out;
	p->how = WHATIF_SAME_SCAN;
	/* nothing to balance: no anon scanned (the list says nothing) by
	 * the run or the what-if, no pgsteal_file recorded, or a what-if
	 * that took more anon than its walks scanned */
	if (!(swap_list_scanned(l) > 0) || !(same->anon > 0) || !(mixed >= same->anon) ||
	    !(run->file_reclaimed > 0))
		return;
	b.file_rate = run->file_scanned > 0 ? run->file_reclaimed / run->file_scanned : 1;
	b.mixed_file = mixed - same->anon;
	b.share = sw >= MAX_SWAPPINESS ? 1 : same->anon / mixed;
	/* the anon the run freed as the list counts it, its pages written:
	 * anon freed without a write (clean swap cache, zswap) is not on it */
	want = run->file_reclaimed + swap_list_written(l, swap_list_scanned(l));
	have = freed(&b, 1, 0);
	/* where the run and the what-if's walks both pass over the list,
	 * or neither does, both hold the same first visits: the run's
	 * ratio stands */
	run_passed = swap_list_scanned(l) >= l->list_len;
	/*
	 * The walks go on only where some of the what-if's anon came from
	 * walks whose levels all let anon in (whatif_dive_cause()): on
	 * eight lab sweeps the 6.12 runs at 200 whose walks' anon came from
	 * a small inactive file list scanned next to no anon (564 and 1195
	 * pages in labBA), and balanced all the same the what-if from 60
	 * and 100 dove (6.12: 11 of 74 swap-outs within 30% instead of 15).
	 * Ending sooner holds whatever let the anon in: a SCAN_FRACT level
	 * splits its scan by the costs and swappiness alike after a refault
	 * or on a small inactive file list (get_scan_count(), v6.1 and
	 * v6.12), and the file share frees at once.  Gated too, the
	 * what-if from the 6.12 runs at 200 of four later sweeps (labCE-CH;
	 * their anon let in by the flushed view's lists, not a refault)
	 * kept their walks' dive at 100: a median 4.6 times the anon
	 * measured there, against 2.4 (at 60 1.56 against 1.53; the 6.1
	 * runs and three --reread sweeps unchanged).  On a sweep of six
	 * trials recorded after (labT6), the swap-out from its six 6.12
	 * runs at 200 at 60 and 100 came within 30% of the six runs' mean
	 * in 5 of 11 cases, and inside their range in 9 of 11; gated, in
	 * none
	 */
	if (!run_passed && have < want && same->anon_every_level > 0) {
		p->anon = same->anon + b.share * scanned_on(&b, want);
		p->how = WHATIF_WALKS_GO_ON;
	} else if (run_passed && same->anon < l->list_len && have > want) {
		p->anon = least_freeing(&b, want, 0, 1) * same->anon;
		p->how = WHATIF_WALKS_END_SOONER;
	} else {
		return;
	}
	p->swap_out = swap_list_written(l, p->anon);
}

/*
 * get_scan_count() decides each level anew (v6.1 and v6.12).  A walk
 * that saw a refault keeps its file deactivation until it ends and takes
 * its refault snapshot (prepare_scan_count()), and inactive_is_low()
 * reads the same lists at every level: SCAN_FRACT all the way down, at
 * 200 anon only (fp = 0), so the walk frees nothing on the young pages
 * and goes on down (FILE_REFAULTS, ACTIVE_FILE).  SCAN_ANON (file and
 * free under the high watermarks) holds at every level too
 * (FILE_TINY).  But a walk let in by a small inactive file list
 * (inactive_file >> priority == 0, SMALL_FILE) takes cache_trim_mode at
 * the first level where that list shifted by the priority is not 0, and
 * frees file there: a view of 512 pages lets anon in at levels 12 to
 * 10, and one of 3895 at 12 only.  The lab's what-ifs whose anon came
 * from such walks only (labBA run 12, 6.12: 883 pages at 200 against
 * 564 and 1195 measured) dove over the young list (99936) when balanced
 * as the others; near_oom's level 0 is the walk's last.
 */
int whatif_dive_cause(enum cause c)
{
	return c == CAUSE_FILE_REFAULTS || c == CAUSE_ACTIVE_FILE || c == CAUSE_FILE_TINY;
}
