/*
 * whatif_balance.c - a what-if's walks reclaim what the run's did
 * (whatif_balance.h).
 */
#include <math.h>

#include "whatif_balance.h"
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
	 * walks whose levels all let anon in (split_cause_every_level()):
	 * balanced all the same, the what-if of a 6.12 run whose anon came
	 * from a small inactive file list dove over the young list (labBA
	 * run 12: 99936 anon pages at 200, where the sweep's runs there
	 * scanned 564 and 1195).  Ending sooner holds whatever let the anon
	 * in: a SCAN_FRACT level splits its scan by the costs and swappiness
	 * alike after a refault or on a small inactive file list
	 * (get_scan_count(), v6.1 and v6.12), and the file share frees at
	 * once (the figures: README, the what-if).
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
