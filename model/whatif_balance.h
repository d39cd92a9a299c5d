/*
 * whatif_balance.h - a what-if's walks reclaim what the run's did.
 *
 * The replay's what-if (analyzer/replay_split.c) has each reclaimer scan
 * at another swappiness the pages it scanned at the run's.  That is right
 * only where each anon page scanned instead of a file page (or the other
 * way) frees as much as the page it replaces.  A young anon page frees
 * none on its first visit (swap_list.h), so where the run never passed
 * over its whole inactive anon list, a what-if that scans anon in place
 * of file frees less, and its walks go on: kswapd's balance_pgdat()
 * lowers the priority while a level reclaims nothing (down to 1, until
 * the node is balanced), direct reclaim goes down the levels until it
 * has its pages.  They go on at the what-if's anon share, all anon at
 * swappiness 200 (SCAN_FRACT's fp = (200 - swappiness) * ... in v6.1's
 * get_scan_count(), MAX_SWAPPINESS - swappiness in v6.12's), so such a
 * walk dives over the young pages until it writes.  The other way: from
 * a run that passed over its list, the what-if's walks free file pages
 * where the run's scanned young anon pages that freed nothing, so they
 * scan fewer pages and write only what the run wrote before it reached
 * the young pages.
 * Pure computation; included by model.h.
 */
#ifndef VMSCOPE_WHATIF_BALANCE_H
#define VMSCOPE_WHATIF_BALANCE_H

#include "swap_list.h"

/* What the run scanned, all of it (pgscan_*), and the file pages it
 * reclaimed (pgsteal_file: its anon freed is the list's writes). */
struct whatif_run {
	double anon_scanned, file_scanned, file_reclaimed;
};

/* How whatif_balance() predicted. */
enum whatif_how {
	WHATIF_SAME_SCAN,      /* the replay's walks as they were */
	WHATIF_WALKS_GO_ON,    /* scanned on until they reclaimed the run's pages */
	WHATIF_WALKS_END_SOONER,   /* scanned less, reclaiming no more */
};

struct whatif_pred {
	double anon, swap_out;
	enum whatif_how how;
};

/* The what-if's walks, each scanning what the run's did. */
struct whatif_same {
	double anon, swap_out;     /* anon scanned, and written at the run's ratio */
	double scan_with_anon;     /* all the pages scanned where they took anon */
	/* the anon of walks whose levels all let anon in at the what-if's
	 * swappiness (split_cause_every_level()) */
	double anon_every_level;
};

/*
 * The what-if at swappiness sw whose walks, scanning what the run's did,
 * did `same`: the pages its walks scan and write to reclaim what the
 * run's did (l: the run's list).  Only the walks that take anon change:
 * the others scan file pages as the run's did.  They go on scanning
 * past the run's only where some of the what-if's anon came from walks
 * whose levels all let anon in (same->anon_every_level).
 */
void whatif_balance(const struct swap_list *l, const struct whatif_run *run,
		    double sw, const struct whatif_same *same, struct whatif_pred *p);

#endif
