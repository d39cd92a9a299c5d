/* activations.c - file activations read ahead of the replay (see activations.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "activations.h"
#include "err.h"
#include "model.h"
#include "mstream.h"
#include "rundb.h"
#include "banned.h"

static int add(struct activations *a, const struct act_iv *v)
{
	if (a->n == a->cap) {
		size_t cap = a->cap ? 2 * a->cap : 256;
		struct act_iv *x = realloc(a->iv, cap * sizeof(*x));

		if (!x)
			return error("out of memory");
		a->iv = x;
		a->cap = cap;
	}
	a->iv[a->n++] = *v;
	return 0;
}

/* the slot of a name that is no canonical metric, or -1 */
static long slot_of(const struct metric_stream *ms, const char *name)
{
	size_t i;

	for (i = 0; i < ms->it.c.nr; i++)
		if (!strcmp(ms->names[i], name))
			return (long)i;
	return -1;
}

static double metric(const struct metric_stream *ms, enum metric_id m)
{
	double v = metric_stream_value(ms, m);

	return v > 0 ? v : 0;
}

/* One interval's activations and reclaim time (the metrics of metrics.def). */
static void read_iv(const struct metric_stream *ms, long act, struct act_iv *v)
{
	double all = metric(ms, METRIC_anon_scanned) + metric(ms, METRIC_file_scanned);

	v->act = act >= 0 ? fmax(0, (double)ms->delta[act]) : 0;
	v->left[ACT_KSWAPD] = v->left[ACT_DIRECT] = v->left[ACT_OTHER] = v->act;
	v->busy[ACT_KSWAPD] = metric(ms, METRIC_kswapd_scanned);
	v->busy[ACT_DIRECT] = metric(ms, METRIC_direct_scanned);
	v->busy[ACT_OTHER] = fmax(0, all - v->busy[ACT_KSWAPD] - v->busy[ACT_DIRECT]);
	v->kswapd_walks = metric(ms, METRIC_kswapd_runs);
}

/* The first kept interval that ends after t (a->n: none; bisection, the
 * intervals in time order). */
static size_t ending_after(const struct activations *a, double t)
{
	size_t lo = 0, hi = a->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (a->iv[mid].t1 <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The share of v's time inside (from, to). */
static double share_in_window(const struct act_iv *v, double from, double to)
{
	double len = v->t1 - v->t0;

	return len > 0 ? fmax(0, fmin(v->t1, to) - fmax(v->t0, from)) / len : 1;
}

/*
 * An activation no walk of kswapd or direct reclaim met in its window,
 * none of them reclaiming then: the next to begin sees it, however much
 * later, since the snapshot it is compared with is taken only when a
 * walk ends (prepare_scan_count() against lruvec->refaults[],
 * snapshot_refaults() at the end of balance_pgdat() and
 * do_try_to_free_pages(), v6.1 and v6.18).  The first interval from
 * index `from` on in which either scanned, shared by their pages there.
 * labBD run 5 (6.1, 768 MB, swappiness 100): an activation at 20.55 s, no
 * reclaim until kswapd's one walk to 21.01 s, which scanned 52398 anon
 * pages from level 12 down to 4; the prediction left that walk without
 * a refault and predicted none.  Not modelled: a walk in between that
 * scanned nothing (PAGEOUTRUN counts before balance_pgdat() finds the
 * node balanced and goes to `out`, which retakes the snapshot) takes
 * it away where the memcg statistics were flushed since the activation
 * (the snapshot reads them, as prepare_scan_count() does), which the
 * samples do not tell; in the lab's sweeps no such walk came between.
 */
static void to_next_walk(struct activations *a, double act, size_t from)
{
	size_t i;
	int r;

	for (i = from; i < a->n; i++) {
		struct act_iv *v = &a->iv[i];
		double global = v->busy[ACT_KSWAPD] + v->busy[ACT_DIRECT];

		if (!(global > 0))
			continue;
		for (r = ACT_KSWAPD; r <= ACT_DIRECT; r++) {
			v->expected[r] += act * v->busy[r] / global;
			v->expected_each[r] += v->busy[r] > 0 ? act : 0;
		}
		return;
	}
}

/*
 * An activation's one refault walk (act: its share), spread over the
 * intervals that meet (from, to) as the pages scanned in (from, to) are:
 * each moment of the window is as likely, the walk under way then reads
 * it, and an interval's pages are taken as scanned evenly over it
 * (share_in_window()).  An interval that meets the window for its first
 * SPLIT_NEXT_LEVEL_S only takes that much of its pages: on six lab
 * sweeps (6.1 guests, samples folded), of 388 intervals that showed an
 * activation at swappiness 60 to 200, 383 scanned anon; of 108 after
 * one that showed none of their own, 49 did (walks going on past the
 * sample, kswapd_resume_refault in split_walk.c).  Before
 * share_in_window(), their whole pages took half of a walk from the
 * interval that showed it.  kswapd and
 * direct reclaim compare WORKINGSET_ACTIVATE_FILE with one snapshot, the
 * root lruvec's refaults[] (prepare_scan_count()), which every walk of
 * theirs overwrites when it ends (snapshot_refaults(), v6.1 and v6.18):
 * the first walk to end after the change takes it away from the other's
 * next check, so the two share the walk, by their pages scanned over
 * the window (expected); but where that walk ends late (swappiness 200:
 * split_refault_walk_ends_late()) each reads it first, a walk of each
 * (expected_each: over nine lab sweeps the 6.1 guests' anon predicted
 * within 10% in 183 of 633 intervals against 178, their runs' anon
 * within 10% in 22 of 45 against 16).  The rest (a memory cgroup's limit
 * reclaim) compare with their own lruvec's snapshot: a walk of their
 * own.
 * Not modelled: every walk that checks before that first end sees the
 * change, so direct reclaimers running side by side can each take it
 * (lab17 run 7 at 2.01 s, 6.1, swappiness 200: one activation, three
 * direct walks and kswapd's scanning anon from level 12 down to 2; in
 * fourteen lab sweeps, of the 6.1 intervals at swappiness 200 with 1 to
 * 8 activations and direct anon at level 12, 31 of 110 had more direct
 * walks there than activations).  How many ran side by side no counter
 * tells.
 */
static void spread_window(struct activations *a, double act, double from, double to)
{
	double n[NR_ACT] = { 0 }, global;
	size_t lo = ending_after(a, from), hi, i;
	int r;

	for (hi = lo; hi < a->n && a->iv[hi].t0 < to; hi++)
		for (r = 0; r < NR_ACT; r++)
			n[r] += a->iv[hi].busy[r] * share_in_window(&a->iv[hi], from, to);
	global = n[ACT_KSWAPD] + n[ACT_DIRECT];
	if (!(global > 0))
		to_next_walk(a, act, hi);
	for (i = lo; i < hi; i++)
		for (r = 0; r < NR_ACT; r++)
			if (n[r] > 0) {
				double x = act * a->iv[i].busy[r] *
					   share_in_window(&a->iv[i], from, to);

				a->iv[i].expected[r] += x / (r == ACT_OTHER ? n[r] : global);
				a->iv[i].expected_each[r] += x / n[r];
			}
}

/* The end of the first kept interval that ends at or after t: the one
 * that holds t or, where t falls between kept ones (no reclaim and no
 * activation in between), the next; t itself past the last. */
static double interval_end(const struct activations *a, double t)
{
	size_t i = ending_after(a, t);

	if (i > 0 && a->iv[i - 1].t1 == t)
		i--;             /* t on a sample: the interval it ends */
	return i < a->n ? a->iv[i].t1 : t;
}

/*
 * Where a 6.12+ walk reads the activations of (from, t1] (act of them)
 * with the flushes traced: at the first flush after each, the walk under
 * way at its next level or the next to begin, in the interval that holds
 * the flush or, past its sample, the next.  Each moment of (from, t1] as
 * likely, a flush inside it takes the share since the flush before it (or
 * from), the first flush after t1 the rest.  On four
 * lab sweeps at --reread 32M the what-if of the 6.12 guests' runs came
 * within 30% of the swap-out at every other swappiness for 12 of 24
 * runs that swapped (55 of 72 cases), against 8 (49) with the walk
 * anywhere in the 2 s after the activation.
 */
static void spread_flushed(struct activations *a, double act, double from, double t1)
{
	double since = from, f;

	for (f = flushes_after(&a->flushes, from); f < t1; f = flushes_after(&a->flushes, f)) {
		spread_window(a, act * (f - since) / (t1 - from), f,
			      interval_end(a, f) + SPLIT_NEXT_LEVEL_S);
		since = f;
	}
	spread_window(a, t1 > from ? act * (t1 - since) / (t1 - from) : act, f,
		      interval_end(a, f) + SPLIT_NEXT_LEVEL_S);
}

/* Each activation: one refault walk, spread over its window. */
static void spread(struct activations *a)
{
	size_t j;

	for (j = 0; j < a->n; j++) {
		const struct act_iv *s = &a->iv[j];
		double from = s->t0 - a->fold_s;

		if (!(s->act > 0))
			continue;
		if (a->flushed_view && a->flushes.n)
			spread_flushed(a, s->act, from, s->t1);
		else
			spread_window(a, s->act, from, s->t1 + a->seen_s);
	}
}

/* The run's first workingset_activate_file, NAN where not recorded. */
static double act_first(const struct metric_stream *ms)
{
	long i = slot_of(ms, "workingset_activate_file");

	return i >= 0 && ms->it.present[i] ? (double)ms->it.value[i] : NAN;
}

/*
 * *n: the run's first workingset_activate_file less the last of the run
 * before it on the same boot; 0 where there is no such run.  Reclaim
 * that ran in between does not take them away: its walk snapshots the
 * refaults when it ends (snapshot_refaults()), and the counters do not
 * tell whether the activations came before that end or after it (bench's
 * trials: the walks of one run's end, then the next run's reads).  0,
 * or -1 (reported).
 */
static int between_runs(sqlite3 *db, const char *path, int64_t run_id,
			double first, double *n)
{
	static const char *const name[1] = { "workingset_activate_file" };
	double last;
	int64_t prev;
	int rc;

	*n = 0;
	if (isnan(first))
		return 0;
	rc = rundb_boot_predecessor(db, path, run_id, &prev);
	if (rc != 1)
		return rc;
	if (rundb_last_values(db, path, prev, "vmstat", name, 1, &last))
		return -1;
	if (!isnan(last))
		*n = fmax(0, first - last);
	return 0;
}

/*
 * The first interval with kswapd or direct reclaim takes the activations
 * carried in (a cgroup's limit reclaim compares its own lruvec's), and
 * the interval right after it where no walk can have ended in the first
 * (one kswapd walk at most, no direct reclaim, whose short walks end at
 * once): the walks under way at its end go on with the snapshot the
 * previous run left (snapshot_refaults() only at a walk's end,
 * balance_pgdat() and do_try_to_free_pages(), v6.1 and v6.18).  labA
 * run 21 (6.1, swappiness 100): 2 activations between the runs, the
 * first walk scanned 8 anon pages at level 12 by the first sample, then
 * 243 at levels 11 to 8 (and direct walks 176 at 12 to 9) by the next,
 * none past level 8: the old snapshot until a walk ended.
 */
static int walk_may_go_on(const struct act_iv *v)
{
	return !(v->kswapd_walks > 1) && !(v->busy[ACT_DIRECT] > 0);
}

static void carry_in(struct activations *a, double n)
{
	size_t i;

	for (i = 0; n > 0 && i < a->n; i++) {
		struct act_iv *v = &a->iv[i];

		if (!(v->busy[ACT_KSWAPD] > 0 || v->busy[ACT_DIRECT] > 0))
			continue;
		a->carried = n;
		a->carried_t1 = v->t1;
		a->carried_next_t1 = i + 1 < a->n && fabs(a->iv[i + 1].t0 - v->t1) < 1e-7 &&
				     walk_may_go_on(v) ? a->iv[i + 1].t1 : NAN;
		return;
	}
}

int activations_load(struct activations *a, sqlite3 *db, const char *path,
		     int64_t run_id, const int version[3])
{
	struct metric_stream ms;
	struct act_iv v;
	double prev = 0, first_act = NAN, carried;
	long act, kcw;
	int rc, first = 1, ran_before = 0;

	memset(a, 0, sizeof(*a));
	rc = rundb_has_source(db, path, run_id, "stat_refresh");
	if (rc < 0)
		return -1;
	a->fold_s = split_fold_lag(rc);
	a->seen_s = split_seen_lag(version);
	a->flushed_view = split_flushed_view(version);
	rc = metric_stream_open(&ms, db, path, run_id);
	act = rc ? -1 : slot_of(&ms, "workingset_activate_file");
	kcw = rc ? -1 : slot_of(&ms, "compact_daemon_wake");
	a->kcompactd_wakes = kcw < 0 ? NAN : 0;
	a->flushes.slot = -1;
	if (!rc) {
		census_resolve(&a->census, &ms);
		flushes_resolve(&a->flushes, &ms);
	}
	while (!rc && (rc = metric_stream_next(&ms)) == 1) {
		census_sample(&a->census, &ms);
		if (flushes_sample(&a->flushes, &ms)) {
			rc = -1;
			break;
		}
		memset(&v, 0, sizeof(v));
		v.t0 = prev;
		v.t1 = prev = (double)ms.it.t_us / 1e6;
		read_iv(&ms, act, &v);
		if (first)
			first_act = act_first(&ms);
		else {
			/* kcompactd's timeout counts a wake only for a request
			 * kswapd's sleep left (model/split.h) */
			int ran = v.kswapd_walks > 0 || v.busy[ACT_KSWAPD] > 0;

			a->kswapd_seconds += ran ? v.t1 - v.t0 : 0;
			a->kswapd_stretches += ran && !ran_before;
			ran_before = ran;
			a->swap_out += metric(&ms, METRIC_swap_out);
			a->anon_scanned += metric(&ms, METRIC_anon_scanned);
			a->anon_recorded |= !isnan(metric_stream_value(&ms, METRIC_anon_scanned));
			a->kswapd_walks += metric(&ms, METRIC_kswapd_runs);
			if (kcw >= 0)
				a->kcompactd_wakes += (double)ms.delta[kcw];
		}
		/* an interval with neither can hold no refault walk: not kept */
		rc = first || !(v.act > 0 || v.busy[ACT_KSWAPD] > 0 ||
				v.busy[ACT_DIRECT] > 0 || v.busy[ACT_OTHER] > 0) ?
		     0 : add(a, &v);
		first = 0;
	}
	metric_stream_release(&ms);
	if (rc < 0 || between_runs(db, path, run_id, first_act, &carried))
		return -1;
	flushes_done(&a->flushes);
	spread(a);
	carry_in(a, carried);
	return 0;
}

/* The activations carried into the interval ending at t1 (0 but in
 * the run's first interval with reclaim and the next: carry_in()). */
static double carried_into(const struct activations *a, double t1)
{
	return a->carried > 0 && (fabs(a->carried_t1 - t1) < 1e-7 ||
				  fabs(a->carried_next_t1 - t1) < 1e-7) ? a->carried : 0;
}

/* The next interval after i whose window (t0, t1] meets, from a->near. */
static size_t next_near(const struct activations *a, size_t i, double t0, double t1)
{
	for (; i < a->n && a->iv[i].t0 - a->fold_s < t1; i++)
		if (a->iv[i].act > 0 &&
		    split_refault_window(a->fold_s, t0, t1, a->iv[i].t0, a->iv[i].t1))
			return i;
	return a->n;
}

static int is_own(const struct act_iv *v, double t1)
{
	return fabs(v->t1 - t1) < 1e-7;
}

/* The ACT_ slot of reclaimer r (enum reclaimer). */
static int act_who(int r)
{
	return r == RC_KSWAPD ? ACT_KSWAPD : r == RC_DIRECT ? ACT_DIRECT : ACT_OTHER;
}

int activations_shown(struct activations *a, double t0, double t1)
{
	/* passed for good: no later interval can meet their window */
	while (a->near < a->n &&
	       !split_refault_window(a->fold_s, t0, INFINITY, a->iv[a->near].t0,
				     a->iv[a->near].t1))
		a->near++;
	return next_near(a, a->near, t0, t1) < a->n || carried_into(a, t1) > 0;
}

double activations_near(struct activations *a, double t0, double t1, int r)
{
	double n = 0;
	size_t i;

	activations_shown(a, t0, t1);     /* moves a->near on */
	for (i = next_near(a, a->near, t0, t1); i < a->n; i = next_near(a, i + 1, t0, t1))
		n += is_own(&a->iv[i], t1) ? a->iv[i].act : a->iv[i].left[act_who(r)];
	return n;
}

void activations_take(struct activations *a, double t0, double t1, int r, double n)
{
	size_t i;

	for (i = next_near(a, a->near, t0, t1); i < a->n && n > 0;
	     i = next_near(a, i + 1, t0, t1)) {
		double *left = &a->iv[i].left[act_who(r)], take = fmin(n, *left);

		if (is_own(&a->iv[i], t1))
			continue;      /* its own: the interval's count, not taken */
		*left -= take;
		n -= take;
	}
}

void activations_expected(struct activations *a, double t1, int late,
			  double *per_reclaimer)
{
	const double *e;
	int r;

	while (a->cursor < a->n && a->iv[a->cursor].t1 < t1 - 1e-7)
		a->cursor++;
	for (r = 0; r < NR_RECLAIMERS; r++)
		per_reclaimer[r] = 0;
	if (a->cursor == a->n || fabs(a->iv[a->cursor].t1 - t1) > 1e-7)
		return;
	e = late ? a->iv[a->cursor].expected_each : a->iv[a->cursor].expected;
	for (r = 0; r < NR_RECLAIMERS; r++)
		per_reclaimer[r] = e[act_who(r)];
}

void activations_release(struct activations *a)
{
	flushes_release(&a->flushes);
	free(a->iv);
	memset(a, 0, sizeof(*a));
}
