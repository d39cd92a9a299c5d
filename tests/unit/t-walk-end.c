/*
 * t-walk-end.c - where kswapd's walks end and how far they go
 * (model/split_kswapd.c sw_kswapd_ended(), sw_finish_walk(), dive();
 * model/split_walk.c: the pass a walk stands in, resume_at(), walk_in_order(),
 * the kind of the walk a sample finds under way (last_walk(), end_refault);
 * model/split_fit.c sw_fit_refault_count(): how many walks saw a burst;
 * sw_fit_finish_pass(): a pass under way at a balanced sample;
 * sw_fit_pass_going_on(): the rest of a pass under way)
 * against a reference written from v6.1 mm/vmscan.c, not from the model
 * (and, for a walk across a flush of the memory cgroup statistics its
 * passes decide on, v6.12's prepare_scan_control()).
 *
 * The reference plays kswapd's walks of three kinds (get_scan_count()):
 * one that saw no refault trims the cache (cache_trim_mode: SCAN_FILE);
 * one that saw a refault takes SCAN_FRACT, which at swappiness 200 gives
 * file nothing (fp = 0: anon >> priority pages a level) and at 100 with
 * equal costs half of each list's.  Only the inactive lists are played
 * (the active ones count in no pgscan, and no deactivation is played).
 * The inactive file list holds clean pages, freed when met.  The inactive anon list, tail first: pages
 * whose swap writeback has completed (folio_end_writeback() ->
 * folio_rotate_reclaimable() put them back at the tail), then pages
 * never written.  shrink_lruvec() takes batches of SWAP_CLUSTER_MAX from
 * the tail of each list in turn: a written anon page is freed, an
 * unwritten one is paged out and kept at the head under writeback,
 * which completes WRITEBACK_BATCHES batches later.  Once the pass has
 * reclaimed nr_to_reclaim it breaks where one list type is left, else
 * stops the type with less left and cuts the other to its share, once.
 * balance_pgdat() checks pgdat_balanced() at the top of each level,
 * lowers the priority where the pass scanned less than nr_to_reclaim
 * or reclaimed nothing, and ends the walk once the node is balanced.
 * Allocations take a few pages a batch while kswapd runs (node.alloc).
 * The model is told what /proc/vmstat and zoneinfo show at the samples:
 * kswapd's scan, reclaim and PAGEOUTRUN, pgscan_anon/file, the file
 * activations (one a walk that saw a refault), the free pages and the
 * lists.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "levels.h"
#include "model.h"
#include "tap.h"

#define SCM 32.0                 /* SWAP_CLUSTER_MAX */
#define HIGH 1016.0              /* the zones' high watermarks summed */
#define LOW 847.0                /* ... low: kswapd is woken below it */
#define WRITEBACK_BATCHES 640
#define MAX_BATCHES 16384
#define ACTIVE_ANON 1200.0       /* no pass scans it */

/* the node as the reference plays it */
struct node {
	double written;          /* at the tail: writeback done, freed when met */
	double unwritten;        /* behind them */
	double inflight[MAX_BATCHES];    /* completing at batch i */
	double held;             /* under writeback, at the head */
	double file;             /* inactive file: clean, freed when met */
	double active_file;      /* no pass scans it (pgscan counts none) */
	double free;
	double alloc;            /* pages allocated a batch */
	int swappiness;
	int now;                 /* batches played */
	/*
	 * 6.12+: a pass decides cache trimming on the memcg statistics of
	 * the last periodic flush (prepare_scan_control()); viewed: those
	 * show this inactive file list, not the node's
	 */
	int viewed;
	double view_file;
};

/* what the tracepoint and /proc/vmstat show of kswapd over an interval */
struct seen {
	double at[LEVELS];       /* pages scanned per level */
	double scanned, reclaimed, walks;
	double anon, anon_reclaimed;     /* of those, anon */
	double refaults;         /* walks that saw a refault (file activations) */
	double free_start;       /* free pages at the interval's start sample */
};

static double inactive_anon(const struct node *n)
{
	return n->written + n->unwritten + n->held;
}

/* a batch's time passes: writebacks due complete, rotated to the tail */
static void tick(struct node *n)
{
	if (n->now + 1 >= MAX_BATCHES)
		abort();         /* the reference played longer than it holds */
	n->now++;
	n->written += n->inflight[n->now];
	n->held -= n->inflight[n->now];
}

/* one batch of shrink_inactive_list(); returns the pages freed */
static double batch(struct node *n, double want)
{
	double freed = fmin(want, n->written), out = fmin(want - freed, n->unwritten);

	n->written -= freed;
	n->unwritten -= out;
	n->held += out;
	if (n->now + WRITEBACK_BATCHES + 1 >= MAX_BATCHES)
		abort();         /* the reference played longer than it holds */
	n->inflight[n->now + WRITEBACK_BATCHES] += out;
	n->free += freed - n->alloc;
	tick(n);
	return freed;
}

/* one batch of the inactive file list: clean pages, freed at once */
static double batch_file(struct node *n, double want)
{
	double freed = fmin(want, n->file);

	n->file -= freed;
	n->free += freed - n->alloc;
	tick(n);
	return freed;
}

/* kswapd asleep while the writebacks under way complete */
static void idle(struct node *n)
{
	int until = n->now + WRITEBACK_BATCHES;

	while (n->now < until)
		tick(n);
}

/* which lists a walk's passes ask for (get_scan_count()) */
enum walk_kind {
	WALK_TRIM,               /* no refault seen: cache_trim_mode, SCAN_FILE */
	WALK_ANON,               /* a refault seen at swappiness 200: fp = 0 */
	WALK_FRACT,              /* ... at swappiness 100, equal costs: ap = fp */
	/*
	 * no refault seen, each pass deciding on the lists as they are when
	 * it begins (prepare_scan_count(), once per shrink_node()):
	 * lists_kind()
	 */
	WALK_LISTS,
};

/* one walk of balance_pgdat(), which a sample may find under way */
struct walker {
	enum walk_kind kind;
	int prio;
	int in_pass;             /* within a level's pass (shrink_lruvec()) */
	double target[2], nr[2]; /* the pass's targets, anon and file, and left */
	double got, scanned;     /* the pass's reclaim and scan */
	int ended;
};

/* the end of a level's pass: the priority loop's bottom and top */
static void pass_done(struct node *n, struct walker *w)
{
	w->in_pass = 0;
	if (w->scanned < HIGH || !w->got)
		w->prio--;
	w->ended = w->prio < 1 || n->free >= HIGH;      /* pgdat_balanced() */
}

/*
 * A WALK_LISTS pass's branch (prepare_scan_control(), get_scan_count()):
 * SCAN_ANON where the node's file lists and free pages sum to no more
 * than the high watermarks (file_is_tiny, read from the node's
 * counters), else cache trim where the inactive file list the walk
 * reads holds a page at this priority (cache_trim_mode: 6.12+ reads the
 * memcg statistics of the last flush, n->viewed), else SCAN_FRACT, which
 * at swappiness 200 gives file nothing (fp = 0)
 */
static enum walk_kind lists_kind(const struct node *n, int prio)
{
	double trim_file = n->viewed ? n->view_file : n->file;

	if (n->file + n->active_file + n->free <= HIGH)
		return WALK_ANON;
	if (floor(trim_file / (double)(1 << prio)) >= 1)
		return WALK_TRIM;
	return n->swappiness == 200 ? WALK_ANON : WALK_FRACT;
}

/* get_scan_count()'s targets for the walk's kind at its priority */
static void pass_start(const struct node *n, struct walker *w)
{
	double a = floor(inactive_anon(n) / (double)(1 << w->prio));
	double f = floor(n->file / (double)(1 << w->prio));
	enum walk_kind kind = w->kind;

	if (kind == WALK_LISTS)
		kind = lists_kind(n, w->prio);
	w->target[0] = kind == WALK_TRIM ? 0 : kind == WALK_ANON ? a : floor(a / 2);
	w->target[1] = kind == WALK_TRIM ? f : kind == WALK_ANON ? 0 : floor(f / 2);
	w->nr[0] = w->target[0];
	w->nr[1] = w->target[1];
	w->got = w->scanned = 0;
	w->in_pass = 1;
}

/*
 * Once a pass has reclaimed nr_to_reclaim, shrink_lruvec() stops where
 * one type is left; else it stops the type with less left and cuts the
 * other to its target's share, once (the next round ends it).  Returns
 * whether the pass is over.
 */
static int pass_reclaimed(struct walker *w)
{
	int small, other;
	double pct, done;

	if (w->got < HIGH)
		return !(w->nr[0] > 0 || w->nr[1] > 0);
	if (!(w->nr[0] > 0) || !(w->nr[1] > 0))
		return 1;
	small = w->nr[1] > w->nr[0] ? 0 : 1;
	other = !small;
	pct = floor(w->nr[small] * 100 / (w->target[small] + 1));
	w->nr[small] = 0;
	done = w->target[other] - w->nr[other];
	w->nr[other] = floor(w->target[other] * (100 - pct) / 100);
	w->nr[other] -= fmin(w->nr[other], done);
	return 0;
}

/* one round of the pass: a batch from each list with pages left to scan */
static void pass_round(struct node *n, struct walker *w, struct seen *s)
{
	int t;

	for (t = 0; t < 2; t++) {
		double k = fmin(w->nr[t], SCM), freed;

		if (!(k > 0))
			continue;
		w->nr[t] -= k;
		freed = t ? batch_file(n, k) : batch(n, k);
		if (!t) {
			s->anon += k;
			s->anon_reclaimed += freed;
		}
		w->got += freed;
		w->scanned += k;
		s->at[w->prio] += k;
		s->scanned += k;
		s->reclaimed += freed;
	}
}

/*
 * Plays walk w for up to `budget` batches (a sample comes then), adding
 * what it scanned to s.
 */
static void walk_on(struct node *n, struct walker *w, int budget, struct seen *s)
{
	int stop = n->now + budget;

	while (!w->ended && n->now < stop) {
		if (!w->in_pass)
			pass_start(n, w);
		pass_round(n, w, s);
		if (pass_reclaimed(w))
			pass_done(n, w);
	}
}

/*
 * A new walk (PAGEOUTRUN), from DEF_PRIORITY, unless the node is
 * balanced: one that trims the cache, or one that saw a refault.
 */
static void walk_kind(struct node *n, struct walker *w, enum walk_kind kind,
		      int budget, struct seen *s)
{
	memset(w, 0, sizeof(*w));
	w->prio = 12;
	w->kind = kind;
	w->ended = n->free >= HIGH;
	s->walks++;
	s->refaults += kind == WALK_ANON || kind == WALK_FRACT;   /* saw a refault */
	walk_on(n, w, budget, s);
}

static void walk_new(struct node *n, struct walker *w, int budget, struct seen *s)
{
	walk_kind(n, w, WALK_ANON, budget, s);
}

/* allocations take the node below its low watermark: kswapd is woken */
static void wake(struct node *n)
{
	n->free = fmin(n->free, LOW - 1);
}

static double truth(const struct seen *s)
{
	return levels_weighted(s->at);
}

/* the interval's gauges and kswapd's counters, as the sampler reads them */
static void sampled(struct split_in *in, const struct node *n, const struct seen *s,
		    double eff_anon)
{
	static const int v61[3] = { 6, 1, 0 };

	memset(in, 0, sizeof(*in));
	memcpy(in->version, v61, sizeof(v61));
	in->swap_on = 1;
	in->swappiness = n->swappiness;
	in->node.inactive_anon = inactive_anon(n);
	in->node.active_anon = ACTIVE_ANON;
	in->node.inactive_file = n->file;
	in->node.active_file = n->active_file;
	in->free = n->free;
	in->free_start = s->free_start;
	in->high_wmark_sum = HIGH;
	in->low_gap_sum = HIGH - LOW;
	in->min_gap_sum = 2 * (HIGH - LOW);
	in->scanned[RC_KSWAPD] = s->scanned;
	in->reclaimed[RC_KSWAPD] = s->reclaimed;
	in->walks[RC_KSWAPD] = s->walks;
	in->activate_file = s->refaults > 0 ? s->refaults : 1;
	in->anon_measured = s->anon;
	in->file_measured = s->scanned - s->anon;
	in->eff_anon = eff_anon;
	in->eff_file = 0.9;
	in->kswapd_resume = NAN;
}

/* The model on one interval, with the costs of a run's start. */
static void model_on(const struct split_in *in, struct split_out *o)
{
	struct split_cost cost;

	split_cost_init(&cost, in->version);
	split_walk(in, &cost, &cost, o);
}

/*
 * The model on interval a, then on b with where a's walk stood
 * (out_b), and on b as if no walk stood anywhere (alone: NULL to skip).
 */
static void replay(struct split_in *a, struct split_in *b, struct split_reclaim_out *out_b,
		   struct split_reclaim_out *alone)
{
	struct split_cost cost;
	struct split_out o;

	split_cost_init(&cost, a->version);
	split_walk(a, &cost, &cost, &o);
	split_kswapd_goes_on(b, &o.r[RC_KSWAPD]);
	split_walk(b, &cost, &cost, &o);
	*out_b = o.r[RC_KSWAPD];
	if (!alone)
		return;
	b->kswapd_resume = NAN;
	split_walk(b, &cost, &cost, &o);
	*alone = o.r[RC_KSWAPD];
}

static void node_init(struct node *n)
{
	memset(n, 0, sizeof(*n));
	n->unwritten = 100000;
	n->file = 7500;
	n->active_file = 3000;
	n->alloc = 0.5;
	n->swappiness = 200;
	n->free = LOW - 1;
}

/*
 * The sample after interval sa (*a), kswapd asleep while the writebacks
 * complete, then 12 walks woken below the low watermark (*sb, *b), and
 * the model on both (*o: b's kswapd).  Returns whether a walk of those
 * 12 did not end by level 9.
 */
static int twelve_after(struct node *n, struct seen *sa, struct split_in *a,
			struct seen *sb, struct split_in *b, struct split_reclaim_out *o)
{
	struct walker w;
	int i, more = 0;

	sampled(a, n, sa, NAN);
	sb->free_start = n->free;
	idle(n);
	for (i = 0; i < 12; i++) {
		wake(n);
		walk_new(n, &w, MAX_BATCHES / 4, sb);
		more |= !w.ended || truth(sb) < 9;
	}
	sampled(b, n, sb, sa->reclaimed / sa->scanned);
	replay(a, b, o, NULL);
	return more;
}

/*
 * A walk over unwritten anon frees nothing level after level (its pages
 * go to writeback) down to where the first writebacks complete; that
 * pass frees nr_to_reclaim and the node is balanced: the walk ended
 * before the sample.  The next interval's walks find written pages at
 * the tail and end after a few levels from 12.
 */
static void ended_walk(void)
{
	struct node n;
	struct seen sa = { 0 }, sb = { 0 };
	struct split_in a, b;
	struct split_reclaim_out o;
	struct walker w;
	int more, ended;

	node_init(&n);
	sa.free_start = n.free;
	walk_new(&n, &w, MAX_BATCHES / 4, &sa);
	ended = w.ended;
	more = twelve_after(&n, &sa, &a, &sb, &b, &o);
	tap_ok(ended && !more && sa.reclaimed >= HIGH && truth(&sa) < 5,
	       "split-17.1 reference: one walk down to level %.1f (scan-weighted) reclaims %.0f and ends balanced; then 12 walks end by level 9",
	       truth(&sa), sa.reclaimed);
	tap_ok(fabs(o.p_est - truth(&sb)) <= 1,
	       "split-17.2 ... the next interval's walks begin at 12: the model's priority %.2f, the reference's %.2f (no rest of the ended walk's deepest pass)",
	       o.p_est, truth(&sb));
}

/*
 * split-17.20's walks, the sample's free pages summing to less than the
 * high watermarks, though a lower zone stands above its high watermark
 * and lowmem reserve: pgdat_balanced() asks each zone, not the sum
 * (mm/vmscan.c, v5.0+; 6.1 and 6.18), and the walks ended.  Shown the
 * zones (BALANCE_MET), the model finishes no walk; not shown them, it
 * takes the sum's word and finishes the last walk's level.
 */
static void zone_ended(const struct split_in *a_sum, const struct split_in *b_sum,
		       double t)
{
	struct split_in a = *a_sum, b = *b_sum;
	struct split_reclaim_out met, sum;

	a.free = a.high_wmark_sum - 100;
	b.free_start = a.free;
	a.balanced_end = BALANCE_MET;
	replay(&a, &b, &met, NULL);
	a.balanced_end = BALANCE_UNKNOWN;
	b = *b_sum;
	b.free_start = a.free;
	replay(&a, &b, &sum, NULL);
	tap_ok(fabs(met.p_est - t) <= 1 && fabs(sum.p_est - t) > 1,
	       "split-17.44 ... the sample's sum 100 pages short of the high watermarks, a lower zone balanced: no walk stood, priority %.2f, the reference's %.2f (from the sum: %.2f)",
	       met.p_est, t, sum.p_est);
}

/*
 * The same dive, then a second walk over the pages its writeback put at
 * the tail, which frees them at once and ends after a few levels, the
 * node balanced: the sample finds kswapd after its walks, the free
 * pages above the high watermarks' sum by what its last pass reclaimed
 * beyond the gap.  Two walks: the free pages at the sample tell
 * (sw_kswapd_ended()).  The next interval's 12 walks end by level 9.
 */
static void ended_among_walks(void)
{
	struct node n;
	struct seen sa = { 0 }, sb = { 0 };
	struct split_in a, b;
	struct split_reclaim_out o;
	struct split_out finished;
	struct walker w;
	int i, ended = 1, more;

	node_init(&n);
	sa.free_start = n.free;
	for (i = 0; i < 2; i++) {
		if (i)
			idle(&n);
		wake(&n);
		walk_new(&n, &w, MAX_BATCHES / 4, &sa);
		ended &= w.ended;
	}
	more = twelve_after(&n, &sa, &a, &sb, &b, &o);
	tap_ok(ended && !more && sa.walks == 2 && a.free >= HIGH,
	       "split-17.20 reference: a walk dives to where its writeback completes, a second frees the written pages, both end balanced (%.0f free at the sample); then 12 walks end by level 9",
	       a.free);
	/* the same, as if the sample had found the node short */
	b.kswapd_resume_balanced = 0;
	model_on(&b, &finished);
	tap_ok(fabs(o.p_est - truth(&sb)) <= 1 &&
	       fabs(finished.r[RC_KSWAPD].p_est - truth(&sb)) > 1,
	       "split-17.21 ... no walk stood at that sample: the next interval's priority %.2f, the reference's %.2f (finishing the last walk's level: %.2f)",
	       o.p_est, truth(&sb), finished.r[RC_KSWAPD].p_est);
	zone_ended(&a, &b, truth(&sb));
}

/* a walk the sample finds under way (walk_under_way()) */
struct way_case {
	const char *id[2];       /* the test ids: reference, model */
	const char *what;        /* how the sample finds it */
	double written;          /* written pages at the tail at first */
	int walks_before;        /* walks the interval ran before it */
	int empty_first;         /* the first walk began on an empty node */
	int to_reclaim;          /* sampled once it reclaimed nr_to_reclaim */
	double exited;           /* pages a task's exit frees at the sample */
};

/* the interval up to the sample: the walks before, then the one under way */
static void up_to_sample(struct node *n, const struct way_case *c, struct walker *w,
			 struct seen *s)
{
	int i;

	for (i = 0; i < c->walks_before; i++) {
		wake(n);
		if (i == 0 && c->empty_first)
			n->free = 0;     /* direct reclaim could not keep up */
		walk_new(n, w, MAX_BATCHES / 4, s);
	}
	wake(n);
	if (c->to_reclaim) {
		n->free = 0;
		walk_new(n, w, 1, s);
		while (!w->ended && (w->in_pass || w->got < HIGH))
			walk_on(n, w, 1, s);     /* to the end of that pass */
	} else {
		walk_new(n, w, 450, s);
	}
	n->free += c->exited;
}

/*
 * The interval after: the rest of the walk under way (no PAGEOUTRUN: it
 * began before) until the node is balanced, then 12 new walks.  The
 * model finishes that walk at its level: closer to the reference, and
 * deeper, than without it.
 */
static void walk_under_way(const struct way_case *c)
{
	struct node n;
	struct seen sa = { 0 }, sb = { 0 };
	struct split_in a, b;
	struct split_reclaim_out o, alone;
	struct walker w, nw;
	double t;
	int i, at;

	node_init(&n);
	n.written = c->written;
	n.unwritten -= c->written;
	sa.free_start = n.free;
	up_to_sample(&n, c, &w, &sa);
	at = w.prio;
	sampled(&a, &n, &sa, NAN);
	sb.free_start = n.free;
	tap_ok(!w.ended && w.prio <= 4 && sa.walks == c->walks_before + 1,
	       "%s reference: %s; the sample finds walk %.0f under way at level %d, %.0f pages scanned, %.0f reclaimed, %.0f free",
	       c->id[0], c->what, sa.walks, w.prio, sa.scanned, sa.reclaimed, n.free);
	walk_on(&n, &w, MAX_BATCHES, &sb);
	idle(&n);
	for (i = 0; i < 12; i++) {
		wake(&n);
		walk_new(&n, &nw, MAX_BATCHES / 4, &sb);
	}
	sampled(&b, &n, &sb, sa.scanned > 0 ? sa.reclaimed / sa.scanned : NAN);
	replay(&a, &b, &o, &alone);
	t = truth(&sb);
	tap_ok(w.ended && sb.at[at] > 0 && o.p_est < alone.p_est - 0.1,
	       "%s ... the next interval ends that walk (%.0f pages at level %d) before its own 12: the model finishes it there, priority %.2f against %.2f without; the reference's %.2f",
	       c->id[1], sb.at[at], at, o.p_est, alone.p_est, t);
}

static const struct way_case under_way[] = {
	{ { "split-17.3", "split-17.4" }, "no writeback done yet", 0, 0, 0, 0, 0 },
	{ { "split-17.5", "split-17.6" },
	  "the node was empty: a pass reclaimed nr_to_reclaim, the node still short",
	  0, 0, 0, 1, 0 },
	{ { "split-17.7", "split-17.8" },
	  "a walk over written pages on an empty node reclaimed nr_to_reclaim, a second goes deep; a task exits at the sample",
	  1600, 1, 1, 0, 2000 },
	{ { "split-17.9", "split-17.10" },
	  "no writeback done yet; a task exits at the sample", 0, 0, 0, 0, 2000 },
};

/* a pass the sample finds under way, and lists that ask for another one */
struct pass_case {
	const char *id[2];       /* the test ids: reference, model */
	const char *what;        /* the pass, and how the lists change */
	double file, active_file;    /* the file lists at first */
	double grown;            /* the inactive file list at the sample */
	double alloc;            /* pages allocated a batch */
	int budget;              /* batches up to the sample */
};

/*
 * One walk (WALK_LISTS) that the sample finds in a pass; a reader's
 * pages then join the inactive file list (taken from no free page: the
 * reference counts none), and the next interval's lists ask for cache
 * trim at a level above the walk's.  The walk goes on (no PAGEOUTRUN),
 * its pass by the targets it began with, then at its level, until the
 * node is balanced.  No file activation is shown: no walk saw a refault.
 */
static void pass_outlives_lists(const struct pass_case *c)
{
	struct node n;
	struct seen sa = { 0 }, sb = { 0 };
	struct split_in a, b;
	struct split_reclaim_out o;
	struct walker w;
	int at, under_way;
	double t;

	node_init(&n);
	n.file = c->file;
	n.active_file = c->active_file;
	n.alloc = c->alloc;
	sa.free_start = n.free;
	wake(&n);
	walk_kind(&n, &w, WALK_LISTS, c->budget, &sa);
	at = w.prio;
	under_way = !w.ended && w.in_pass;
	sampled(&a, &n, &sa, NAN);
	a.activate_file = 0;
	n.file = c->grown;
	sb.free_start = n.free;
	walk_on(&n, &w, MAX_BATCHES / 4, &sb);
	sampled(&b, &n, &sb, sa.reclaimed / sa.scanned);
	b.activate_file = 0;
	replay(&a, &b, &o, NULL);
	t = truth(&sb);
	tap_ok(under_way && w.ended && sb.walks == 0 && sb.at[at] == sb.scanned,
	       "%s reference: %s: the sample finds the walk at level %d in a pass; the next interval scans %.0f pages there (%.0f anon), then the node is balanced",
	       c->id[0], c->what, at, sb.scanned, sb.anon);
	tap_ok(fabs(o.p_est - t) <= 0.5 && fabs(o.anon_pred - sb.anon) <= 0.1 * sb.scanned,
	       "%s ... the model's priority %.2f, the reference's %.2f; anon scanned %.0f against %.0f",
	       c->id[1], o.p_est, t, o.anon_pred, sb.anon);
}

static const struct pass_case passes[] = {
	{ { "split-17.22", "split-17.23" },
	  "over anon (SCAN_ANON: 100 file pages), then 40000 file pages", 100, 0, 40100, 0.5, 500 },
	{ { "split-17.24", "split-17.25" },
	  "trimming 8000 file pages, held short by allocations, then 64000", 8000, 3000, 64000, 30, 100 },
};

/*
 * A walk over unwritten anon dives to level 3, where the sample finds it
 * in its pass; through the next interval it stays in that pass, whose
 * first writebacks complete and free pages, so that the next sample
 * finds the node balanced: the pass has not reclaimed nr_to_reclaim, and
 * goes on.  The model says a walk stands there, in that pass, for the
 * interval after to finish (not end_balanced).
 */
static void pass_across_balance(void)
{
	struct node n;
	struct seen sa = { 0 }, sb = { 0 };
	struct split_in a, b;
	struct split_reclaim_out o;
	struct walker w;
	int at;

	node_init(&n);
	sa.free_start = n.free;
	walk_new(&n, &w, 500, &sa);
	at = w.prio;
	sampled(&a, &n, &sa, NAN);
	sb.free_start = n.free;
	while (!w.ended && w.in_pass && n.free < HIGH)
		walk_on(&n, &w, 1, &sb);
	sampled(&b, &n, &sb, 0);
	replay(&a, &b, &o, NULL);
	tap_ok(!w.ended && w.in_pass && w.prio == at && n.free >= HIGH &&
	       sb.walks == 0 && sb.at[at] == sb.scanned,
	       "split-17.26 reference: a walk in its level-%d pass at one sample is in it at the next, %.0f pages on, with %.0f free (balanced) and %.0f reclaimed",
	       at, sb.scanned, n.free, sb.reclaimed);
	tap_ok(!o.end_balanced && o.end_pass.level == at,
	       "split-17.27 ... the model: a walk stands in the level-%d pass (%s)",
	       o.end_pass.level, o.end_balanced ? "balanced" : "not balanced");
}

/*
 * A walk over unwritten anon dives until its first writebacks complete;
 * the sample comes as the pages they free take the node above its high
 * watermarks, the walk in its pass (which goes on until it has reclaimed
 * nr_to_reclaim: balance_pgdat() checks the balance only at the top of a
 * level).  The model takes that walk as ended, as most are at such a
 * sample (sw_kswapd_ended()).  In the next interval the walk finishes
 * its pass over anon and ends; later allocations wake kswapd for a walk
 * that trims the cache (no refault).  The attribution, which finds too
 * little anon in the new walk alone, takes the rest of the pass
 * (sw_fit_finish_pass()).
 */
static void pass_after_balanced_sample(void)
{
	struct node n;
	struct seen sa = { 0 }, sb = { 0 };
	struct split_in a, b;
	struct split_reclaim_out o, alone;
	struct split_out first;
	struct split_cost cost;
	struct walker w, nw;
	double rest;
	int at, in_pass;

	node_init(&n);
	sa.free_start = n.free;
	walk_new(&n, &w, 1, &sa);
	while (!w.ended && n.free < HIGH)
		walk_on(&n, &w, 1, &sa);
	at = w.prio;
	in_pass = !w.ended && w.in_pass;
	rest = w.nr[0];          /* the anon the pass's target has left */
	sampled(&a, &n, &sa, NAN);
	split_cost_init(&cost, a.version);
	split_walk(&a, &cost, &cost, &first);
	sb.free_start = n.free;
	walk_on(&n, &w, MAX_BATCHES, &sb);
	idle(&n);
	wake(&n);
	walk_kind(&n, &nw, WALK_TRIM, MAX_BATCHES / 4, &sb);
	sampled(&b, &n, &sb, sa.reclaimed / sa.scanned);
	b.activate_file = 0;
	replay(&a, &b, &o, &alone);
	tap_ok(in_pass && a.free >= HIGH && w.ended && sb.walks == 1 &&
	       sb.at[at] > 0 && sb.anon == sb.at[at] && first.r[RC_KSWAPD].end_balanced,
	       "split-17.36 reference: the walk's writebacks balance the node while it is in its level-%d pass (%.0f free at the sample, which the model takes as the walk's end); it finishes the pass, %.0f anon pages, then ends, and a trim walk follows",
	       at, a.free, sb.anon);
	tap_ok(o.anon_pred >= sb.anon && o.anon_pred <= rest + 1 &&
	       alone.anon_pred < 0.7 * sb.anon,
	       "split-17.37 ... the attribution finishes that pass: anon %.0f, between the reference's %.0f (cut at nr_to_reclaim) and the %.0f its target had left (%.0f with no walk standing)",
	       o.anon_pred, sb.anon, rest, alone.anon_pred);
}

/*
 * Interval a of split-17.42: a walk that trims the cache, woken on a node
 * with `start` pages free while allocations take `alloc` pages a batch,
 * played batch by batch until its pass has one batch left; the sample
 * comes there.  Returns whether that last batch ends the walk, the node
 * balanced at the level's top (pgdat_balanced()), while the sample finds
 * it short of its high watermarks.
 */
static int pass_ends_after_sample(struct node *n, struct walker *w, struct seen *sa,
				  double start, double alloc)
{
	struct node after;
	struct walker wa;
	struct seen scratch = { 0 };

	node_init(n);
	n->written = 1600;               /* the next walk frees these at once */
	n->unwritten -= 1600;
	n->free = start;
	n->alloc = alloc;
	sa->free_start = n->free;
	walk_kind(n, w, WALK_TRIM, 1, sa);
	while (!w->ended && !(w->in_pass && w->prio <= 5 &&
			      w->nr[0] + w->nr[1] > 0 && w->nr[0] + w->nr[1] <= SCM))
		walk_on(n, w, 1, sa);
	if (w->ended || !(n->free < HIGH))
		return 0;
	after = *n;
	wa = *w;
	walk_on(&after, &wa, 1, &scratch);
	return wa.ended;
}

/*
 * A walk that trims the cache is one batch from the end of its level's
 * pass at a sample that finds the node short of its high watermarks:
 * the replay takes it as standing in that pass (sw_kswapd_ended()), a
 * share of it before the sample that no counter gives.  The last batch
 * balances the node and the walk ends at the level's top; allocations
 * wake kswapd for a new walk (PAGEOUTRUN) that saw a refault, at
 * swappiness 200 over anon only (SCAN_FRACT, fp = 0), freeing the
 * written pages at the tail.  The attribution, finding too little anon
 * with the rest of the pass finished, takes the pass as done at the
 * sample (sw_fit_pass_done()).
 */
static void pass_done_before_new_walk(void)
{
	struct node n;
	struct seen sa = { 0 }, sb = { 0 };
	struct split_in a, b;
	struct split_reclaim_out o;
	struct walker w, nw;
	double start, alloc, used = NAN, t;
	int found = 0, at;

	for (start = 0; start < LOW && !found; start += 8)
		for (alloc = 0; alloc <= 8 && !found; alloc++) {
			memset(&sa, 0, sizeof(sa));
			found = pass_ends_after_sample(&n, &w, &sa, start, alloc);
			used = alloc;
		}
	at = w.prio;
	sampled(&a, &n, &sa, NAN);
	a.activate_file = 0;
	sb.free_start = n.free;
	walk_on(&n, &w, MAX_BATCHES, &sb);
	wake(&n);
	walk_new(&n, &nw, MAX_BATCHES / 4, &sb);
	sampled(&b, &n, &sb, sa.reclaimed / sa.scanned);
	replay(&a, &b, &o, NULL);
	t = truth(&sb);
	tap_ok(found && w.ended && nw.ended && sb.walks == 1 && sb.at[at] <= SCM && sb.anon > 0,
	       "split-17.42 reference: a trim walk one batch from the end of its level-%d pass at a sample with %.0f free (%.0f pages a batch allocated) ends after it; a new walk scans %.0f anon pages",
	       at, a.free, used, sb.anon);
	tap_ok(fabs(o.anon_pred - sb.anon) <= 0.1 * sb.anon && fabs(o.p_est - t) <= 1,
	       "split-17.43 ... the attribution takes that pass as done at the sample: anon %.0f against the reference's %.0f, priority %.2f against %.2f",
	       o.anon_pred, sb.anon, o.p_est, t);
}

/* a pass the sample finds under way, on a list that has just shrunk */
struct exit_case {
	const char *id[2];       /* the test ids: reference, model */
	int deep;                /* the pass: at this level or deeper, */
	double share;            /* with less than this share of its anon left */
	double gone;             /* the share of the inactive anon list that exits */
	/* the reference's rest is more than the pass the replay carried:
	 * the attribution takes that whole pass (a share of it done, however
	 * little), not none of it */
	int beyond;
};

/*
 * One walk (WALK_LISTS) over anon (SCAN_ANON: 100 file pages) that the
 * sample finds in a pass deep down, a share of its targets left; just
 * before the sample a task exits and its anon pages, the newest on the
 * list, leave it, and then a reader's pages join the inactive file list.
 * The walk goes on (no PAGEOUTRUN): shrink_lruvec() set the pass's
 * targets once, when it began, so it finishes them, then goes on below
 * it on lists that ask for cache trim, until the node is balanced.
 * The model replays the first interval on the shrunken list, so puts
 * the walk further into that pass, or in a deeper one, than it was: the
 * rest it carries is too small, and the replay takes the next
 * interval's scan beyond it as cache trim.  The attribution takes the
 * pass's rest as kswapd's anon measured (sw_fit_pass_going_on()).
 */
static void pass_left_after_exit(const struct exit_case *c)
{
	struct node n;
	struct seen sa = { 0 }, sb = { 0 };
	struct split_in a, b;
	struct split_reclaim_out o;
	struct split_out first;
	struct split_cost cost;
	struct walker w;
	double gone, left, carried;
	int at;

	node_init(&n);
	n.file = 100;
	n.active_file = 0;
	sa.free_start = n.free;
	wake(&n);
	walk_kind(&n, &w, WALK_LISTS, 1, &sa);
	while (!w.ended && !(w.in_pass && w.prio <= c->deep && w.nr[0] < c->share * w.target[0]))
		walk_on(&n, &w, 1, &sa);
	at = w.prio;
	left = w.nr[0];
	gone = fmin(n.unwritten - left, c->gone * inactive_anon(&n));
	n.unwritten -= gone;     /* the exit: pages never written, behind the pass's */
	sampled(&a, &n, &sa, NAN);
	a.activate_file = 0;
	n.file = 40100;
	sb.free_start = n.free;
	walk_on(&n, &w, MAX_BATCHES / 4, &sb);
	sampled(&b, &n, &sb, sa.reclaimed / sa.scanned);
	b.activate_file = 0;
	split_cost_init(&cost, a.version);
	split_walk(&a, &cost, &cost, &first);
	carried = first.r[RC_KSWAPD].end_pass.anon;
	replay(&a, &b, &o, NULL);
	tap_ok(w.ended && sb.walks == 0 && sb.at[at] == left && sb.anon == left &&
	       sb.scanned > sb.anon && gone > left,
	       "%s reference: the sample finds a walk %.0f anon pages short of the end of its level-%d pass, %.0f anon pages gone from the list just before; the next interval finishes that pass (%.0f anon) and trims the cache below it (%.0f file)",
	       c->id[0], left, at, gone, sb.anon, sb.scanned - sb.anon);
	if (c->beyond) {
		tap_ok(carried < sb.anon && o.anon_pred >= 0.99 * carried && o.anon_pred <= sb.anon,
		       "%s ... the pass the replay carried (%.0f anon) is less than the reference's rest: the attribution takes all of it, %.0f, against the reference's %.0f",
		       c->id[1], carried, o.anon_pred, sb.anon);
		return;
	}
	tap_ok(fabs(o.anon_pred - sb.anon) <= 0.1 * sb.anon,
	       "%s ... the attribution takes the pass's rest as the anon measured: %.0f against the reference's %.0f",
	       c->id[1], o.anon_pred, sb.anon);
}

static const struct exit_case exits[] = {
	{ { "split-17.46", "split-17.47" }, 4, 0.6, 0.5, 0 },
	{ { "split-17.48", "split-17.49" }, 5, 0.3, 0.1, 0 },
	{ { "split-17.56", "split-17.57" }, 4, 0.95, 0.6, 1 },
};

/* an interval of seven walks, the last of a kind of its own (dove()) */
#define DIVE_WALKS 7
struct dive_case {
	const char *id[3];       /* the reference, the attribution, the
				    prediction (NULL: not asked) */
	const char *what;
	enum walk_kind last;     /* the last walks' kind; the rest trim */
	int last_n;              /* walks of that kind, the last ones (0: one) */
	int late;                /* the last walk trims the cache down to this
				    level, above which it saw no refault (0: none) */
	int swappiness;
	double alloc;            /* pages allocated a batch */
	/* file activations the samples show: a burst while the last walks
	 * ran, which the walks before them, their snapshots taken, did not
	 * see (prepare_scan_count(), snapshot_refaults()); 0: one a walk
	 * that saw a refault */
	double shown;
};

/*
 * A walk that trims the cache down to level c->late, where it sees a
 * refault: prepare_scan_count() compares the counter with the snapshot
 * at every level, so the passes from there on are of kind c->last.
 */
static void walk_late(struct node *n, struct walker *w, const struct dive_case *c,
		      struct seen *s)
{
	walk_kind(n, w, WALK_TRIM, 0, s);
	while (!w->ended && (w->in_pass || w->prio > c->late))
		walk_on(n, w, 1, s);
	w->kind = c->last;
	s->refaults++;
	walk_on(n, w, MAX_BATCHES / 4, s);
}

/*
 * Six walks that trim the cache (file, freed at once) end after a few
 * levels each; the seventh, where it saw a refault, lets anon in, whose
 * pages are freed only once their writeback has completed, and dives
 * (or the last last_n of the seven, each after the one before).
 * The model is told the interval's sums, with the efficiencies it
 * measured (pgsteal / pgscan per type) as those of an interval alike
 * before; the prediction, not pgscan_anon, with the refault walks as
 * expected.  Where the samples show more activations than walks, which
 * walks saw one is not in the counters: the attribution takes as many
 * as scan the anon measured (sw_fit_refault_count()).
 */
static void dove(const struct dive_case *c)
{
	struct node n;
	struct seen s = { 0 };
	struct split_in in;
	struct split_out o;
	struct walker w;
	double deepest = 12, t;
	int i, last_n = c->last_n > 0 ? c->last_n : 1, trims = DIVE_WALKS - last_n;

	node_init(&n);
	n.swappiness = c->swappiness;
	n.alloc = c->alloc;
	s.free_start = n.free;
	for (i = 0; i < DIVE_WALKS; i++) {
		wake(&n);
		if (i == DIVE_WALKS - 1 && c->late > 0) {
			walk_late(&n, &w, c, &s);
			continue;
		}
		walk_kind(&n, &w, i < trims ? WALK_TRIM : c->last, MAX_BATCHES / 4, &s);
		if (i < trims)
			deepest = fmin(deepest, w.prio + 1);
	}
	t = truth(&s);
	sampled(&in, &n, &s, s.anon > 0 ? s.anon_reclaimed / s.anon : NAN);
	in.eff_file = (s.reclaimed - s.anon_reclaimed) / (s.scanned - s.anon);
	if (c->shown > 0)
		in.activate_file = c->shown;
	model_on(&in, &o);
	tap_ok(w.ended && deepest >= 4 &&
	       (c->last == WALK_TRIM ? s.anon == 0 : s.anon > s.scanned / 2),
	       "%s reference: %s: %d walks over the file list end by level %.0f, the last %d scan %.0f anon pages of the %.0f",
	       c->id[0], c->what, trims, deepest, last_n, s.anon, s.scanned);
	tap_ok(fabs(o.r[RC_KSWAPD].p_est - t) <= 1 &&
	       (!(c->shown > 0) || fabs(o.refault_walks * s.walks - s.refaults) < 1),
	       "%s ... the model's priority %.2f, the reference's %.2f; walks that saw a refault %.2f, the reference's %.0f (within one walk)",
	       c->id[1], o.r[RC_KSWAPD].p_est, t, o.refault_walks * s.walks, s.refaults);
	if (!c->id[2])
		return;
	in.anon_measured = in.file_measured = NAN;
	in.has_expected = 1;
	in.refault_expected[RC_KSWAPD] = s.refaults;
	model_on(&in, &o);
	tap_ok(fabs(o.r[RC_KSWAPD].p_est - t) <= 1 &&
	       fabs(o.r[RC_KSWAPD].anon_pred - s.anon) <= 0.1 * s.anon,
	       "%s ... without pgscan_anon (the prediction): priority %.2f; anon scanned %.0f predicted against %.0f",
	       c->id[2], o.r[RC_KSWAPD].p_est, o.r[RC_KSWAPD].anon_pred, s.anon);
}

static const struct dive_case dives[] = {
	{ { "split-17.11", "split-17.12", "split-17.13" },
	  "swappiness 200, the seventh saw a refault (anon only)", WALK_ANON, 0, 0, 200, 0.5, 0 },
	{ { "split-17.14", "split-17.15", "split-17.16" },
	  "swappiness 100, the seventh saw a refault (anon and file), allocations at 2 pages a batch",
	  WALK_FRACT, 0, 0, 100, 2, 0 },
	{ { "split-17.17", "split-17.18", "split-17.19" },
	  "swappiness 100, no refault, allocations at 8 pages a batch", WALK_TRIM, 0, 0, 100, 8, 0 },
	{ { "split-17.28", "split-17.29", NULL },
	  "swappiness 200, 280 activations shown, a burst while the seventh walked (it alone saw one)",
	  WALK_ANON, 0, 0, 200, 0.5, 280 },
	{ { "split-17.30", "split-17.31", NULL },
	  "swappiness 100, 280 activations shown, a burst while the seventh walked, allocations at 2 pages a batch",
	  WALK_FRACT, 0, 0, 100, 2, 280 },
	{ { "split-17.32", "split-17.33", NULL },
	  "swappiness 200, 280 activations shown, a burst while the last two walked",
	  WALK_ANON, 2, 0, 200, 0.5, 280 },
	{ { "split-17.34", "split-17.35", NULL },
	  "swappiness 200, 280 activations shown, a burst while the seventh walked, from its level 7 on, allocations at 4 pages a batch",
	  WALK_ANON, 0, 7, 200, 4, 280 },
};

/* the walk that saw a refault, under way at the sample (spans()) */
struct span_case {
	const char *id[3];       /* the reference, the attribution, the prediction */
	enum walk_kind kind;     /* the refault walk's */
	int swappiness;
	int at;                  /* the sample comes in its pass at this level */
	int trims;               /* walks that trim the cache before it */
};

/*
 * c->trims walks that trim the cache end after a few levels each; the
 * next saw a refault, lets anon in, and dives: the sample comes halfway
 * through its level-c->at pass, and through the next interval it goes
 * on (no PAGEOUTRUN, no activation shown there) until the node is
 * balanced.  A walk takes its refault snapshot only when it ends
 * (snapshot_refaults() at balance_pgdat()'s end), so its levels after
 * the sample let anon in too.  The model replays the first interval
 * (the attribution, anon measured), then the second: attributed, and
 * predicted without its pgscan_anon.  Of the walks one saw a refault,
 * yet it is the one the sample finds, the long one: the walk going on
 * is that one, at its level (last_walk(), end_refault), so the
 * priority is asked within half a level.  (At swappiness 100 after six
 * trim walks the trim kind's end lies within half a level too: that
 * case guards end_refault, the one at 200 both.)
 */
static void spans(const struct span_case *c)
{
	struct node n;
	struct seen sa = { 0 }, sb = { 0 };
	struct split_in a, b;
	struct split_reclaim_out o;
	struct split_out first, pred;
	struct split_cost cost;
	struct walker w;
	double t;
	int i;

	node_init(&n);
	n.swappiness = c->swappiness;
	sa.free_start = n.free;
	for (i = 0; i < c->trims; i++) {
		wake(&n);
		walk_kind(&n, &w, WALK_TRIM, MAX_BATCHES / 4, &sa);
	}
	wake(&n);
	walk_kind(&n, &w, c->kind, 1, &sa);
	while (!w.ended && !(w.in_pass && w.prio == c->at && w.nr[0] < 0.5 * w.target[0]))
		walk_on(&n, &w, 1, &sa);
	sampled(&a, &n, &sa, sa.anon_reclaimed / sa.anon);
	a.eff_file = (sa.reclaimed - sa.anon_reclaimed) / (sa.scanned - sa.anon);
	sb.free_start = n.free;
	walk_on(&n, &w, MAX_BATCHES / 4, &sb);
	sampled(&b, &n, &sb, sa.anon_reclaimed / sa.anon);
	b.activate_file = 0;
	t = truth(&sb);
	replay(&a, &b, &o, NULL);
	tap_ok(w.ended && sa.walks == c->trims + 1 && sa.refaults == 1 && sb.walks == 0 &&
	       sb.anon > 0.3 * sb.scanned,
	       "%s reference: swappiness %d, %d walks trim the cache, the next saw a refault and stands in its level-%d pass at the sample; it goes on to scan %.0f anon pages of %.0f (priority %.2f)",
	       c->id[0], c->swappiness, c->trims, c->at, sb.anon, sb.scanned, t);
	tap_ok(fabs(o.p_est - t) <= 0.5 && fabs(o.anon_pred - sb.anon) <= 0.1 * sb.anon,
	       "%s ... the attribution: priority %.2f, anon %.0f",
	       c->id[1], o.p_est, o.anon_pred);
	split_cost_init(&cost, a.version);
	split_walk(&a, &cost, &cost, &first);
	b.anon_measured = b.file_measured = NAN;
	b.has_expected = 1;
	b.refault_expected[RC_KSWAPD] = 0;
	split_kswapd_goes_on(&b, &first.r[RC_KSWAPD]);
	split_walk(&b, &cost, &cost, &pred);
	tap_ok(fabs(pred.r[RC_KSWAPD].p_est - t) <= 0.5 &&
	       fabs(pred.r[RC_KSWAPD].anon_pred - sb.anon) <= 0.1 * sb.anon,
	       "%s ... the prediction, the first interval's walk carried: priority %.2f, anon %.0f predicted",
	       c->id[2], pred.r[RC_KSWAPD].p_est, pred.r[RC_KSWAPD].anon_pred);
}

static const struct span_case span_cases[] = {
	{ { "split-17.50", "split-17.51", "split-17.52" }, WALK_ANON, 200, 9, 2 },
	{ { "split-17.53", "split-17.54", "split-17.55" }, WALK_FRACT, 100, 6, 6 },
};

/* The lists a flush shows at this moment (the view until the next). */
static void flushed(const struct node *n, struct split_lists *view)
{
	view->inactive_anon = inactive_anon(n);
	view->active_anon = ACTIVE_ANON;
	view->inactive_file = n->view_file;
	view->active_file = n->active_file;
}

/* Walk w to the start of its next level's pass (its first batch). */
static void next_pass(struct node *n, struct walker *w, struct seen *s)
{
	int at = w->prio;

	while (!w->ended && w->prio == at)
		walk_on(n, w, 1, s);
	walk_on(n, w, 1, s);
}

/* a walk across a flush: where in the next interval the flush comes */
struct flush_case {
	const char *id[2];       /* the test ids: reference, model */
	const char *what;
	int mid_pass;            /* halfway through the next level's pass;
				    else halfway through the rest of this one */
};

/*
 * 6.12: a walk (WALK_LISTS) whose passes decide cache trimming on a
 * flush that showed 3 inactive file pages (7500 came after it: a reader
 * started) takes SCAN_FRACT, anon only at swappiness 200, and dives over
 * unwritten anon.  The next interval starts no walk.  The periodic flush
 * that shows the 7500 file pages comes halfway through the next level's
 * pass, which goes on over anon (it decided when it began) past the
 * sample; or halfway through the rest of the pass the walk stood in,
 * which goes on over anon, and the next level's pass trims the cache.
 * The model, told of the flush and its time, says the walk stands in
 * that next pass, over anon or over file, as far into it as the
 * reference.
 */
static void pass_across_flush(const struct flush_case *c)
{
	static const int v612[3] = { 6, 12, 0 };
	struct node n;
	struct seen sa = { 0 }, sb = { 0 };
	struct split_in a, b;
	struct split_reclaim_out o;
	struct split_lists old_view, new_view;
	struct walker w;
	int at, before, after, from, t;
	double into;

	node_init(&n);
	n.viewed = 1;
	n.view_file = 3;
	flushed(&n, &old_view);
	sa.free_start = n.free;
	walk_kind(&n, &w, WALK_LISTS, 60, &sa);
	sampled(&a, &n, &sa, NAN);
	memcpy(a.version, v612, sizeof(v612));
	a.seen_known = 1;
	a.seen_n = 1;
	a.seen[0] = old_view;
	a.seen_w[0] = 1;
	a.activate_file = 0;
	sb.free_start = n.free;
	from = n.now;
	at = w.prio;
	if (c->mid_pass) {
		next_pass(&n, &w, &sb);         /* the next level's: over anon */
		walk_on(&n, &w, (int)(w.nr[0] / SCM / 2), &sb);
	} else {
		walk_on(&n, &w, (int)(w.nr[0] / SCM / 2), &sb);
	}
	before = n.now - from;
	n.view_file = n.file;                   /* the flush */
	flushed(&n, &new_view);
	if (!c->mid_pass)
		next_pass(&n, &w, &sb);         /* the next level's: cache trim */
	at = w.prio;
	walk_on(&n, &w, (int)(w.nr[w.target[0] > 0 ? 0 : 1] / SCM / 2), &sb);
	after = n.now - from - before;
	t = w.target[0] > 0;                    /* the pass is over anon */
	into = 1 - (w.nr[t ? 0 : 1] / w.target[t ? 0 : 1]);
	tap_ok(!w.ended && w.in_pass && w.prio == at && sb.walks == 0 &&
	       t == c->mid_pass && (t ? w.target[1] == 0 : w.target[0] == 0),
	       "%s reference (6.12): %s: the sample finds the walk %.0f%% into its level-%d pass over %s",
	       c->id[0], c->what, 100 * into, at, t ? "anon" : "file");
	sampled(&b, &n, &sb, sa.reclaimed / sa.scanned);
	memcpy(b.version, v612, sizeof(v612));
	b.activate_file = 0;
	b.seen_known = 1;
	b.seen_n = 2;
	b.seen[0] = old_view;
	b.seen[1] = new_view;
	b.seen_w[0] = (double)before / (before + after);
	b.seen_w[1] = 1 - b.seen_w[0];
	replay(&a, &b, &o, NULL);
	tap_ok(!o.end_balanced && o.end_pass.level == at &&
	       (t ? o.end_pass.anon > 0 && o.end_pass.file == 0 :
		    o.end_pass.anon == 0 && o.end_pass.file > 0) &&
	       fabs(o.p_end - floor(o.p_end) - into) < 0.05 &&
	       fabs(o.p_est - truth(&sb)) <= 0.5,
	       "%s ... the model: the walk stands %.0f%% into its level-%d pass (%.0f anon, %.0f file pages), priority %.2f against %.2f",
	       c->id[1], 100 * (o.p_end - floor(o.p_end)), o.end_pass.level,
	       o.end_pass.anon, o.end_pass.file, o.p_est, truth(&sb));
}

static const struct flush_case flushes[] = {
	{ { "split-17.38", "split-17.39" }, "a flush halfway through a pass over anon", 1 },
	{ { "split-17.40", "split-17.41" }, "a flush before the walk's next pass", 0 },
};

int main(void)
{
	size_t i;

	ended_walk();
	ended_among_walks();
	for (i = 0; i < sizeof(under_way) / sizeof(under_way[0]); i++)
		walk_under_way(&under_way[i]);
	for (i = 0; i < sizeof(dives) / sizeof(dives[0]); i++)
		dove(&dives[i]);
	for (i = 0; i < sizeof(span_cases) / sizeof(span_cases[0]); i++)
		spans(&span_cases[i]);
	for (i = 0; i < sizeof(passes) / sizeof(passes[0]); i++)
		pass_outlives_lists(&passes[i]);
	pass_across_balance();
	pass_after_balanced_sample();
	pass_done_before_new_walk();
	for (i = 0; i < sizeof(exits) / sizeof(exits[0]); i++)
		pass_left_after_exit(&exits[i]);
	for (i = 0; i < sizeof(flushes) / sizeof(flushes[0]); i++)
		pass_across_flush(&flushes[i]);
	return tap_done();
}
