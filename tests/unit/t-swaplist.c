/*
 * t-swaplist.c - the what-if's swap-out along the inactive anon list
 * (model/swap_list.c) against a reference written from v6.1 mm/vmscan.c,
 * not from the model.
 *
 * The reference keeps the inactive anon list page by page, tail first,
 * and plays shrink_folio_list() on each page reclaim takes from the tail:
 *   - folio_check_references(): folio_referenced() counts the PTEs found
 *     young and clears them, folio_test_clear_referenced() reads and
 *     clears PG_referenced; a young PTE sets PG_referenced and activates
 *     where PG_referenced was already set (FOLIOREF_ACTIVATE: the page
 *     leaves the inactive list), keeps otherwise (FOLIOREF_KEEP:
 *     keep_locked, move_folios_to_lru() puts it back at the head); no
 *     young PTE reclaims (FOLIOREF_RECLAIM: RECLAIM_CLEAN is for file
 *     folios only);
 *   - pageout() writes the page (PSWPOUT) and it is kept under
 *     writeback; folio_end_writeback() -> folio_rotate_reclaimable()
 *     puts it at the tail, where the next page taken frees it.
 * A page is faulted in young (do_anonymous_page(): the x86 protections
 * hold _PAGE_ACCESSED), so a memory hog's pages, touched once and left,
 * are kept on their first visit and written on their second.  The list
 * holds, tail first, pages scanned before (no young PTE) and then the
 * hog's, of which some are touched again between visits.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "tap.h"

enum { OLD = 300, HOG = 3000, TOUCHED_EVERY = 10 };

struct page {
	int id;
	unsigned char young, referenced, written;
};

/* the list, tail (lo) to head (hi); room for every page's every visit */
struct anon_list {
	struct page *p;
	size_t lo, hi;
	long taken;              /* pages taken from the tail so far */
};

static void list_init(struct anon_list *l)
{
	size_t i, cap = 16 * (OLD + HOG);

	l->p = calloc(cap, sizeof(*l->p));
	l->lo = l->hi = 0;
	l->taken = 0;
	for (i = 0; i < OLD + HOG; i++)
		l->p[l->hi++] = (struct page){ (int)i, i >= OLD, 0, 0 };
}

/* One page taken from the tail; returns the pages it wrote (0 or 1). */
static int take_one(struct anon_list *l)
{
	struct page pg = l->p[l->lo++];
	int young = pg.young, referenced = pg.referenced;

	l->taken++;
	if (pg.written)
		return 0;                /* rotated back, clean: freed */
	if (young) {
		pg.young = 0;
		pg.referenced = 1;
		if (!referenced)          /* FOLIOREF_KEEP */
			l->p[l->hi++] = pg;
		return 0;                /* or FOLIOREF_ACTIVATE: off the list */
	}
	pg.written = 1;                  /* pageout(), then rotated to the tail */
	l->p[--l->lo] = pg;
	return 1;
}

/* The hog touches every TOUCHED_EVERY-th of its pages again. */
static void touch(struct anon_list *l)
{
	size_t i;

	for (i = l->lo; i < l->hi; i++)
		if (l->p[i].id >= OLD && l->p[i].id % TOUCHED_EVERY == 0 && !l->p[i].written)
			l->p[i].young = 1;
}

/* Scan n pages, the hog touching its pages after every 256 taken;
 * returns the pages written. */
static double scan(struct anon_list *l, double n)
{
	double out = 0, i;

	for (i = 0; i < n && l->lo < l->hi; i++) {
		out += take_one(l);
		if (l->taken % 256 == 0)
			touch(l);
	}
	return out;
}

/* A source run that scanned the given intervals, recorded as the replay
 * records it. */
static void record(struct swap_list *run, const double *iv, int n)
{
	struct anon_list l;
	int i;

	list_init(&l);
	for (i = 0; i < n; i++) {
		double out = scan(&l, iv[i]);

		swap_list_add(run, iv[i], out);
	}
	free(l.p);
}

/* What the reference writes by its x-th anon page scanned, in steps of
 * `step` pages.  The steps only split the scan (the hog touches its pages
 * by pages taken): the checks read the run's curve between its samples
 * against the page-by-page trajectory. */
static double reference(double x, double step)
{
	struct anon_list l;
	double done = 0, out = 0;

	list_init(&l);
	while (done < x) {
		double n = fmin(step, x - done);

		out += scan(&l, n);
		done += n;
	}
	free(l.p);
	return out;
}

int main(void)
{
	/* samples 0.25 s apart: the old pages, then the hog's first visits,
	 * then its second, a dive in one interval as at swappiness 200 */
	static const double iv[] = { 120, 250, 40, 0, 600, 900, 1500, 700, 400 };
	struct swap_list run = { 0 };
	double at, want;

	record(&run, iv, (int)(sizeof(iv) / sizeof(iv[0])));

	want = reference(1500, 37);
	at = swap_list_written(&run, 1500);
	tap_ok(fabs(at - want) <= 1 && want == OLD, "swaplist-1 by the 1500th page (the hog's "
	       "first visit), the reference wrote the %d pages scanned before: %.1f, "
	       "reference %.0f", OLD, at, want);
	want = reference(3300, 53);
	at = swap_list_written(&run, 3300);
	tap_ok(fabs(at - want) <= 1, "swaplist-2 the hog's pages write nothing until reclaim "
	       "passed over all of them once (3300th page): %.1f, reference %.0f (the run's "
	       "writes per page scanned would give %.0f)", at, want,
	       3300.0 * run.out[run.n - 1] / run.anon[run.n - 1]);
	want = reference(4400, 61);
	at = swap_list_written(&run, 4400);
	tap_ok(fabs(at - want) <= 0.02 * want, "swaplist-3 on their second visit they are "
	       "written, the touched ones kept: %.1f by the 4400th page, reference %.0f",
	       at, want);
	tap_ok(swap_list_written(&run, 0) == 0, "swaplist-4 nothing scanned, nothing written");
	{
		struct swap_list none = { 0 };

		swap_list_add(&none, 0, 12);
		tap_ok(isnan(swap_list_written(&none, 100)), "swaplist-5 a run that scanned "
		       "no anon page cannot tell: NAN");
		swap_list_release(&none);
	}
	{
		struct swap_list early = { 0 };

		/* 100 written in the first sample that scanned 4: the pages of
		 * a scan before the run's first sample */
		swap_list_add(&early, 4, 100);
		tap_ok(swap_list_written(&early, 4) == 4 && swap_list_written(&early, 25) == 25,
		       "swaplist-6 a page is written at most once a visit: %.0f by the 4th, "
		       "%.0f by the 25th", swap_list_written(&early, 4),
		       swap_list_written(&early, 25));
		swap_list_release(&early);
	}
	{
		struct swap_list late = { 0 };

		/* the writes of the second interval's batch land in the third
		 * sample, which scanned nothing */
		swap_list_add(&late, 100, 0);
		swap_list_add(&late, 50, 20);
		swap_list_add(&late, 0, 30);
		swap_list_add(&late, 200, 10);
		tap_ok(swap_list_written(&late, 150) == 50,
		       "swaplist-7 writes a sample shows after its scan go with that scan: %.0f "
		       "by the 150th page", swap_list_written(&late, 150));
		swap_list_release(&late);
	}
	{
		/* a run that scanned the old pages and a third of the hog's
		 * (a run at swappiness 60), read beyond its scan */
		static const double part[] = { 120, 250, 40, 590 };
		struct swap_list short_run = { 0 };

		record(&short_run, part, (int)(sizeof(part) / sizeof(part[0])));
		swap_list_saw(&short_run, OLD + HOG);
		want = reference(3300, 41);
		at = swap_list_written(&short_run, 3300);
		tap_ok(fabs(at - want) <= 1, "swaplist-8 beyond a run's scan, the rest of the "
		       "hog's first visits writes nothing: %.1f by the 3300th page, reference %.0f",
		       at, want);
		want = reference(4400, 61);
		at = swap_list_written(&short_run, 4400);
		tap_ok(fabs(at - want) <= 0.1 * want, "swaplist-9 beyond the list's length, "
		       "the second visits write: %.1f by the 4400th page, reference %.0f "
		       "(the touched ones kept)", at, want);
		swap_list_release(&short_run);
	}
	swap_list_release(&run);
	return tap_done();
}
