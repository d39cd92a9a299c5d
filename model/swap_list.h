/*
 * swap_list.h - a run's swap-out along its inactive anon list, for
 * --what-if: the pages written by the x-th anon page scanned.
 *
 * Reclaim takes anon pages from the inactive list's tail in the list's
 * order, whatever the swappiness, and whether a page is written when it
 * is reached depends on the page (where the walk may write at all):
 * folio_check_references() keeps a page whose PTE is young (it sets
 * PG_referenced and the page goes back to the list's head: "All mapped
 * folios start out with page table references from the instantiating
 * fault, so we need to look twice"), and writes one reached again
 * unreferenced (v6.1 and v6.12).  On a swap device written
 * asynchronously (the lab's swap file) a written page is rotated to the
 * tail when its writeback ends (folio_rotate_reclaimable()) and freed by
 * the next scan, which counts it again: a list passed over once writes
 * one page in two scanned.  (A synchronous device frees it in the same
 * pass, and zswap's stores count no pswpout.)
 * Pure computation on the run's deltas; included by model.h.
 */
#ifndef VMSCOPE_SWAP_LIST_H
#define VMSCOPE_SWAP_LIST_H

#include <stddef.h>

/* The run's anon pages scanned and pages written, cumulated per interval. */
struct swap_list {
	double *anon, *out;        /* n points after the origin (0, 0) */
	size_t n, cap;
	double list_len;           /* the most pages its inactive anon list held */
};

/* Append an interval's pgscan_anon and pswpout (NAN counts as 0); -1 on
 * out of memory. */
int swap_list_add(struct swap_list *l, double anon, double out);

/* The run's inactive anon list held len pages at a sample. */
void swap_list_saw(struct swap_list *l, double len);

/* The anon pages the run scanned, all of it. */
double swap_list_scanned(const struct swap_list *l);

/*
 * The pages written by the x-th anon page scanned: the run's own, between
 * its samples in proportion.  Past the run's last sample, none more until
 * reclaim has passed over the list once (the pages it did not reach are
 * on their first visit), one page in two beyond (every page then on its
 * second visit).  At most x.  NAN where the run scanned no anon page.
 */
double swap_list_written(const struct swap_list *l, double x);

void swap_list_release(struct swap_list *l);

#endif
