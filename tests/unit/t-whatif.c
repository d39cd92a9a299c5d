/*
 * t-whatif.c - the what-if's walks reclaim what the run's did
 * (model/whatif_balance.c), against a reference written from v6.1
 * mm/vmscan.c, not from the model.
 *
 * The reference reclaims page by page:
 *   - the inactive anon list, tail first, as t-swaplist plays it:
 *     folio_check_references() keeps a page found young on its first
 *     visit (FOLIOREF_KEEP: back to the head, PG_referenced set), writes
 *     an unreferenced one (pageout(), PSWPOUT), which is rotated to the
 *     tail when its writeback ends and freed by the next page taken;
 *     OLD pages were scanned before, the HOG's are faulted in young;
 *   - the inactive file list: clean page cache, every tenth page
 *     referenced (activated, not freed);
 *   - a run: ROUNDS walks, each reclaiming NEED pages in batches of
 *     SWAP_CLUSTER_MAX, as long as it takes.  Every fourth walk follows a
 *     refault (cache_trim_mode off: SCAN_FRACT), the others trim the
 *     cache (SCAN_FILE).  SCAN_FRACT with the costs equal takes anon at
 *     swappiness / 200 of the batch: 60 -> 0.3, and 200 -> all of it
 *     (fp = (200 - swappiness) * ...).
 * The model sees what the replay gives it: the run's scan and writes
 * per walk (the samples), its totals, the list's length, and the
 * what-if's walks scanning what the run's did.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "tap.h"

enum { OLD = 300, HOG = 3000, NEED = 512, BATCH = 32, REFAULT_EVERY = 4,
       FILE_REFERENCED_EVERY = 10 };

struct page {
	unsigned char young, referenced, written;
};

/* the anon list, tail (lo) to head (hi), room for every visit */
struct anon_list {
	struct page *p;
	size_t lo, hi;
};

/* What a run did: in all, per walk, and per batch (its samples). */
struct run {
	struct anon_list anon;
	long file_taken;
	struct whatif_run tot;
	double written;
	double *walk_scanned;
	int rounds;
	double *batch_anon, *batch_written;
	size_t batches;
};

enum { MAX_BATCHES = 1 << 16 };

static void run_init(struct run *r, int rounds)
{
	size_t i, cap = 4 * (OLD + HOG) + 8;

	memset(r, 0, sizeof(*r));
	r->anon.p = calloc(cap, sizeof(*r->anon.p));
	r->anon.lo = r->anon.hi = 2;   /* room at the tail for a rotated page */
	for (i = 0; i < OLD + HOG; i++)
		r->anon.p[r->anon.hi++] = (struct page){ i >= OLD, 0, 0 };
	r->rounds = rounds;
	r->walk_scanned = calloc((size_t)rounds, sizeof(double));
	r->batch_anon = calloc(MAX_BATCHES, sizeof(double));
	r->batch_written = calloc(MAX_BATCHES, sizeof(double));
}

static void run_free(struct run *r)
{
	free(r->anon.p);
	free(r->walk_scanned);
	free(r->batch_anon);
	free(r->batch_written);
}

/* One anon page taken from the tail: freed (1) or not (0); *wrote. */
static int take_anon(struct anon_list *l, int *wrote)
{
	struct page pg = l->p[l->lo++];

	*wrote = 0;
	if (pg.written)
		return 1;                /* rotated back, clean: freed */
	if (pg.young) {
		pg.young = 0;
		if (!pg.referenced) {     /* FOLIOREF_KEEP */
			pg.referenced = 1;
			l->p[l->hi++] = pg;
		}
		return 0;                /* or FOLIOREF_ACTIVATE: off the list */
	}
	pg.written = 1;                  /* pageout(), then rotated to the tail */
	l->p[--l->lo] = pg;
	*wrote = 1;
	return 0;
}

/* One walk at anon share `share` of each batch, until it freed NEED. */
static void walk(struct run *r, int i, double share)
{
	int anon_n = (int)lround(BATCH * share), freed = 0, k;

	while (freed < NEED && r->anon.lo < r->anon.hi && r->batches < MAX_BATCHES) {
		for (k = 0; k < anon_n && r->anon.lo < r->anon.hi; k++) {
			int wrote, f = take_anon(&r->anon, &wrote);

			freed += f;
			r->tot.anon_scanned++;
			r->written += wrote;
			r->batch_anon[r->batches]++;
			r->batch_written[r->batches] += wrote;
			r->walk_scanned[i]++;
		}
		r->batches++;
		for (k = anon_n; k < BATCH; k++) {
			int f = ++r->file_taken % FILE_REFERENCED_EVERY != 0;

			freed += f;
			r->tot.file_reclaimed += f;
			r->tot.file_scanned++;
			r->walk_scanned[i]++;
		}
	}
}

/* A run of `rounds` walks at swappiness sw. */
static void play(struct run *r, int rounds, double sw)
{
	int i;

	run_init(r, rounds);
	for (i = 0; i < rounds; i++)
		walk(r, i, i % REFAULT_EVERY == 0 ? sw / 200 : 0);
}

/* The run as the replay records it: per batch, and the list's length. */
static void record(const struct run *r, struct swap_list *l)
{
	size_t i;

	for (i = 0; i < r->batches; i++)
		swap_list_add(l, r->batch_anon[i], r->batch_written[i]);
	swap_list_saw(l, OLD + HOG);
}

/* What the replay's what-if gives: the run's walks at another swappiness,
 * each scanning what it did; its swap-out at the run's ratio. */
static void same_scan(const struct run *r, double sw, struct whatif_same *s)
{
	int i;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < r->rounds; i += REFAULT_EVERY) {
		s->anon += r->walk_scanned[i] * sw / 200;
		s->scan_with_anon += r->walk_scanned[i];
	}
	s->anon_every_level = s->anon;    /* each walk that takes anon saw a refault */
	s->swap_out = s->anon * r->written / r->tot.anon_scanned;
}

static int near(double got, double want, double tol)
{
	return fabs(got - want) <= tol * want;
}

/*
 * The model's what-if of run `from` at swappiness sw, given the run's
 * totals `tot` (its own, or one with a counter missing); `every_level`:
 * the what-if's anon-taking walks let anon in at every level (a refault,
 * every one in the reference), else at their first levels only (a small
 * inactive file list).
 */
static void whatif_of(const struct run *from, double sw, const struct whatif_run *tot,
		      int every_level, struct whatif_same *s, struct whatif_pred *p)
{
	struct swap_list l = { 0 };

	record(from, &l);
	same_scan(from, sw, s);
	if (!every_level)
		s->anon_every_level = 0;
	whatif_balance(&l, tot, sw, s, p);
	swap_list_release(&l);
}

/*
 * get_scan_count()'s branch at level q at swappiness 200, in global
 * reclaim with swap and no anon deactivation requested (v6.1
 * prepare_scan_count(), v6.12 prepare_scan_control(), then
 * get_scan_count()): SCAN_ANON where file and free are under the high
 * watermarks (file_is_tiny); SCAN_FILE in cache_trim_mode (inactive file
 * >> q, no file deactivation: a refault or inactive_is_low(), ratio 1
 * under 1 GB); else SCAN_FRACT, all anon at 200 (fp = (200 -
 * swappiness) * ...).
 */
enum branch { BR_ANON, BR_FILE, BR_FRACT };

struct level_lists {
	double inactive_anon, inactive_file, active_file, free, high;
	int refault;
};

static enum branch branch_at(const struct level_lists *l, int q)
{
	int deact_file = l->refault || l->inactive_file < l->active_file;

	if (l->inactive_file + l->active_file + l->free <= l->high &&
	    (long)l->inactive_anon >> q)
		return BR_ANON;
	if ((long)l->inactive_file >> q && !deact_file)
		return BR_FILE;
	return BR_FRACT;
}

/* Replays run `from` at swappiness sw against run `to`, which ran at it. */
static void check_pair(const char *name, const struct run *from, const struct run *to,
		       double sw, enum whatif_how how)
{
	struct whatif_pred p;
	struct whatif_same s;

	whatif_of(from, sw, &from->tot, 1, &s, &p);
	tap_ok(p.how == how && near(p.anon, to->tot.anon_scanned, 0.10) &&
	       near(p.swap_out, to->written, 0.10),
	       "%s: anon %.0f, swap-out %.0f (how %d); reference %.0f, %.0f; the walks "
	       "as they were: %.0f, %.0f", name, p.anon, p.swap_out, (int)p.how,
	       to->tot.anon_scanned, to->written, s.anon, s.swap_out);
}

/*
 * whatif-8: the causes whose walks go on over anon at 200 are those
 * whose level-12 SCAN_FRACT holds at every level down to 4, where a
 * walk must be to pass over a list of 100k pages (inactive anon 100k;
 * high watermarks 1000 pages; the file lists as large as level 12
 * tells the causes apart by).  A view of under 16 pages would hold a
 * SMALL_FILE walk's SCAN_FRACT to level 4: the lab's views held hundreds
 * to thousands of pages where the what-if's walks took anon.
 */
static void dive_causes(void)
{
	static const struct {
		enum cause c;
		const char *name;
		struct level_lists l;
	} at12[] = {
		{ CAUSE_FILE_REFAULTS, "a refault", { 100000, 8000, 4000, 2000, 1000, 1 } },
		{ CAUSE_ACTIVE_FILE, "a low inactive file list", { 100000, 6000, 20000, 2000, 1000, 0 } },
		{ CAUSE_SMALL_FILE, "a small inactive file list", { 100000, 512, 100, 2000, 1000, 0 } },
		{ CAUSE_FILE_TINY, "a tiny file list (SCAN_ANON)", { 100000, 200, 100, 500, 1000, 0 } },
	};
	size_t i;

	for (i = 0; i < sizeof(at12) / sizeof(at12[0]); i++) {
		const struct level_lists *l = &at12[i].l;
		int q, every = 1;

		for (q = 12; q >= 4; q--)          /* DEF_PRIORITY down */
			every &= branch_at(l, q) == BR_FRACT;
		tap_ok(split_cause_every_level(at12[i].c) == every,
		       "whatif-8.%zu %s at level 12: SCAN_FRACT down to level 4 %s, "
		       "and the walk goes on over anon at 200 %s", i + 1, at12[i].name,
		       every ? "yes" : "no",
		       split_cause_every_level(at12[i].c) ? "yes" : "no");
	}
}

int main(void)
{
	struct run at60, at100, at200, long60;
	struct whatif_run nosteal;
	struct whatif_pred p;
	struct whatif_same s;

	play(&at60, 16, 60);
	play(&at200, 16, 200);
	tap_diag("reference at 60: anon %.0f scanned, %.0f written; at 200: %.0f, %.0f",
		 at60.tot.anon_scanned, at60.written, at200.tot.anon_scanned, at200.written);
	check_pair("whatif-1 from 60 (the hog's pages never reached) at 200, the refault "
		   "walks go on over the young pages until they write", &at60, &at200, 200,
		   WHATIF_WALKS_GO_ON);
	check_pair("whatif-2 from 200 (the list passed over) at 60, the walks free file "
		   "pages and end sooner, writing the old pages only", &at200, &at60, 60,
		   WHATIF_WALKS_END_SOONER);
	play(&at100, 16, 100);
	check_pair("whatif-5 from 60 at 100, the refault walks go on at 100's anon share "
		   "(half of each batch)", &at60, &at100, 100, WHATIF_WALKS_GO_ON);
	/* a run long enough to pass over its list at 60 too: both hold the
	 * first pass, and the ratio of the run stands */
	play(&long60, 160, 60);
	whatif_of(&long60, 200, &long60.tot, 1, &s, &p);
	tap_ok(long60.tot.anon_scanned > OLD + HOG && p.how == WHATIF_SAME_SCAN &&
	       p.anon == s.anon && p.swap_out == s.swap_out,
	       "whatif-3 a run that passed over its list (%.0f anon scanned) keeps "
	       "the walks as they were: %.0f, %.0f", long60.tot.anon_scanned,
	       p.anon, p.swap_out);
	nosteal = at60.tot;
	nosteal.file_reclaimed = 0;
	whatif_of(&at60, 30, &nosteal, 1, &s, &p);
	tap_ok(p.how == WHATIF_SAME_SCAN && p.anon == s.anon,
	       "whatif-4 without pgsteal_* there is nothing to balance against "
	       "(from 60 at 30, whose walks scan less anon than the run did): "
	       "the walks as they were");
	whatif_of(&at60, 200, &at60.tot, 0, &s, &p);
	tap_ok(p.how == WHATIF_SAME_SCAN && p.anon == s.anon && p.swap_out == s.swap_out,
	       "whatif-6 a what-if whose walks let anon in at their first levels only "
	       "(a small inactive file list), from 60 at 200: the "
	       "walks as they were, not the dive of whatif-1 (%.0f anon)", p.anon);
	/* SCAN_FRACT splits a level alike whatever deactivated the file
	 * list: the reference's walks at 60 free the same file pages
	 * whether they saw a refault or a small inactive file list */
	whatif_of(&at200, 60, &at200.tot, 0, &s, &p);
	tap_ok(p.how == WHATIF_WALKS_END_SOONER && near(p.anon, at60.tot.anon_scanned, 0.10) &&
	       near(p.swap_out, at60.written, 0.10),
	       "whatif-7 a what-if whose walks let anon in at their first levels only, "
	       "from 200 at 60: they "
	       "still free file pages and end sooner: anon %.0f, swap-out %.0f; "
	       "reference %.0f, %.0f", p.anon, p.swap_out, at60.tot.anon_scanned,
	       at60.written);
	dive_causes();
	run_free(&at60);
	run_free(&at100);
	run_free(&at200);
	run_free(&long60);
	return tap_done();
}
