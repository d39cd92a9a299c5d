/*
 * replay_truth.c - the split-LRU replay against the vmscan tracepoints
 * (vmscope-collect --trace-priority, collector/trace.h): the pages each
 * reclaimer scanned per level and list, and the model's priority,
 * deepest level and anon pages set against them, per interval.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay_truth.h"
#include "banned.h"

void trace_slots_init(struct trace_slots *ts)
{
	int w, t, q;

	memset(ts, 0, sizeof(*ts));
	ts->boosting = -1;
	for (w = 0; w < NR_TRUTH; w++)
		for (q = 0; q < TRACE_LEVELS; q++) {
			ts->passes[w][q] = -1;
			for (t = 0; t < 2; t++)
				ts->scan[w][t][q] = -1;
		}
}

/* n's level where it begins with prefix "trace:<who><what>", else -1 */
static int trace_level(const char *n, const char *who, const char *what)
{
	char pre[48];
	size_t pl;
	int q;

	snprintf(pre, sizeof(pre), "trace:%s%s", who, what);
	pl = strlen(pre);
	q = strncmp(n, pre, pl) ? -1 : atoi(n + pl);
	return q >= 0 && q < TRACE_LEVELS ? q : -1;
}

void trace_slots_name(struct trace_slots *ts, const char *n, long slot)
{
	static const char *const who[NR_TRUTH] = { "kswapd", "direct", "cgroup" };
	static const char *const scan[2] = { "_scan_anon_", "_scan_file_" };
	int w, t, q;

	if (!strcmp(n, "trace:extfrag_boosting"))
		ts->boosting = slot;
	for (w = 0; w < NR_TRUTH && !strncmp(n, "trace:", 6); w++) {
		if ((q = trace_level(n, who[w], "_priority_")) >= 0) {
			ts->passes[w][q] = slot;
			ts->has_passes = 1;
			ts->has_cgroup |= w == TRUTH_CGROUP;
		}
		for (t = 0; t < 2; t++)
			if ((q = trace_level(n, who[w], scan[t])) >= 0) {
				ts->scan[w][t][q] = slot;
				ts->has_scan = 1;
			}
	}
}

/*
 * The interval's pages scanned at level q by who, where recorded; else
 * its passes (a pass scans up to SWAP_CLUSTER_MAX pages: shrink_lruvec()'s
 * batches).
 */
static double traced_at(const struct metric_stream *ms, const struct trace_slots *ts,
			int who, int q)
{
	double d = 0;
	long i;
	int t;

	for (t = 0; t < 2 && ts->has_scan; t++)
		if ((i = ts->scan[who][t][q]) >= 0)
			d += (double)ms->delta[i];
	if (!ts->has_scan && (i = ts->passes[who][q]) >= 0)
		d = (double)ms->delta[i];
	return d;
}

/*
 * One interval's pages as the tracepoints saw them, per level: per
 * truth_who, and of the other tasks without the cgroup's (TRACED_DIRECT,
 * global direct reclaim: where the cgroup's were recorded).  pages:
 * both lists, or the passes where only those were recorded; anon: NAN
 * where the scan per list was not recorded, or for a row not recorded.
 */
enum { TRACED_DIRECT = NR_TRUTH, NR_TRACED };

struct traced {
	double pages[NR_TRACED][TRACE_LEVELS];
	double anon[NR_TRACED];
	int rows;                   /* rows recorded: NR_TRACED or TRUTH_CGROUP */
};

static void traced_read(const struct metric_stream *ms, const struct trace_slots *ts,
			struct traced *t)
{
	int w, q;

	memset(t, 0, sizeof(*t));
	t->rows = ts->has_cgroup ? NR_TRACED : TRUTH_CGROUP;
	for (q = 0; q < TRACE_LEVELS; q++) {
		double anon[NR_TRUTH];

		for (w = 0; w < NR_TRUTH; w++) {
			long i = ts->scan[w][0][q];

			t->pages[w][q] = traced_at(ms, ts, w, q);
			anon[w] = ts->has_scan && i >= 0 ? (double)ms->delta[i] : 0;
			t->anon[w] += anon[w];
		}
		t->pages[TRACED_DIRECT][q] = fmax(0, t->pages[TRUTH_OTHER][q] -
						     t->pages[TRUTH_CGROUP][q]);
		t->anon[TRACED_DIRECT] += fmax(0, anon[TRUTH_OTHER] - anon[TRUTH_CGROUP]);
	}
	for (w = 0; w < NR_TRACED; w++)
		if (!ts->has_scan || w >= t->rows)
			t->anon[w] = NAN;
}

/* Row w's scan-weighted priority; NAN where it scanned nothing traced. */
static double traced_priority(const struct traced *t, int w)
{
	double pages = 0, qsum = 0;
	int q;

	for (q = 0; q < TRACE_LEVELS && w < t->rows; q++) {
		pages += t->pages[w][q];
		qsum += q * t->pages[w][q];
	}
	return pages > 0 ? qsum / pages : NAN;
}

/* Row w's deepest level scanned; NAN where it scanned nothing traced. */
static double traced_deepest(const struct traced *t, int w)
{
	int q;

	for (q = 0; q < TRACE_LEVELS && w < t->rows; q++)
		if (t->pages[w][q] > 0)
			return q;
	return NAN;
}

/* Counts an estimate against the truth: within one level, and the means. */
static void agree(struct agreement *g, double est, double truth)
{
	if (isnan(est) || isnan(truth))
		return;
	g->n++;
	g->agree += fabs(est - truth) <= 1;
	g->est_sum += est;
	g->true_sum += truth;
}

/*
 * Where the collector did not tell a cgroup's limit reclaim apart (no
 * trace:cgroup_*: before it did, or a kernel without memcg_reclaim_begin),
 * the row that shows the traced priority of every task but kswapd:
 * direct's where it scanned (or none did), else the one of the others
 * that scanned the most (a printed row: only those that scanned are).
 */
static enum reclaimer other_truth_row(const struct split_out *o,
				      const struct split_in *si)
{
	enum reclaimer row = RC_DIRECT;
	int r;

	if (o->r[RC_DIRECT].active)
		return RC_DIRECT;
	for (r = 0; r < NR_RECLAIMERS; r++)
		if (r != RC_KSWAPD && o->r[r].active &&
		    (row == RC_DIRECT || si->scanned[r] > si->scanned[row]))
			row = (enum reclaimer)r;
	return row;
}

/*
 * A traced value per row of struct traced (v) as the rows of --intervals
 * show it (out, per reclaimer, NAN elsewhere): kswapd's; where the
 * cgroup's tasks were told apart, global direct reclaim's and the
 * cgroup's; else all other tasks' on other_truth_row().
 */
static void truth_rows(const struct trace_slots *ts, const struct split_out *so,
		       const struct split_in *si, const double v[NR_TRACED],
		       double out[NR_RECLAIMERS])
{
	int r;

	for (r = 0; r < NR_RECLAIMERS; r++)
		out[r] = NAN;
	out[RC_KSWAPD] = v[TRUTH_KSWAPD];
	if (ts->has_cgroup) {
		out[RC_DIRECT] = v[TRACED_DIRECT];
		out[RC_CGROUP] = v[TRUTH_CGROUP];
	} else {
		out[other_truth_row(so, si)] = v[TRUTH_OTHER];
	}
}

/* How many reclaimers but kswapd scanned in the interval. */
static int others_active(const struct split_out *so)
{
	int r, n = 0;

	for (r = 0; r < NR_RECLAIMERS; r++)
		n += r != RC_KSWAPD && so->r[r].active;
	return n;
}

/* The prediction's anon pages for what the truth row w covers. */
static double predicted_anon(const struct split_out *pred, enum truth_who w)
{
	double sum = 0;
	int r;

	if (w != TRUTH_OTHER)
		return pred->r[w == TRUTH_KSWAPD ? RC_KSWAPD : RC_CGROUP].anon_pred;
	for (r = 0; r < NR_RECLAIMERS; r++)
		if (r != RC_KSWAPD)
			sum += pred->r[r].anon_pred;
	return sum;
}

/*
 * The anon pages each reclaimer scanned as the tracepoints saw them
 * (pgscan_anon has no reclaimer), in the rows and against the
 * prediction's (made without pgscan_anon) where it scanned any.  Where
 * the collector did not tell the cgroup's tasks apart, the other tasks'
 * pages go on a row only where its reclaimer was the only one of them.
 */
static void anon_truth(const struct traced *tr, const struct trace_slots *ts,
		       const struct split_out *so, const struct split_in *si,
		       const struct split_out *pred, struct replay_iv *iv,
		       struct attribution *a)
{
	const double *anon = tr->anon;
	int w;

	truth_rows(ts, so, si, anon, iv->anon_true);
	if (!ts->has_cgroup && others_active(so) > 1)
		iv->anon_true[other_truth_row(so, si)] = NAN;   /* not one row's pages */
	iv->anon_true_all = anon[TRUTH_KSWAPD] + anon[TRUTH_OTHER];
	for (w = 0; w < NR_TRUTH; w++) {
		struct anon_agreement *g = &a->anon_traced[w];
		double p = predicted_anon(pred, (enum truth_who)w);

		if (!(anon[w] > 0))
			continue;
		g->n++;
		g->ok += fabs(p - anon[w]) <= 0.1 * anon[w];
		g->pred += p;
		g->traced += anon[w];
	}
}

/*
 * The deepest level of direct and cgroup reclaim against the traced one:
 * per row (as anon_truth() puts them), and where estimable
 * (sw_replay_reclaimer()'s deep_estimable) the deepest of the tasks but
 * kswapd, and the cgroup's where its tasks were told apart.
 */
static void deep_truth(const struct traced *tr, const struct trace_slots *ts,
		       const struct split_out *so, const struct split_in *si,
		       struct replay_iv *iv, struct attribution *a)
{
	double deep[NR_TRACED], est = NAN;
	int r, all = 1;

	for (r = 0; r < NR_TRACED; r++)
		deep[r] = traced_deepest(tr, r);
	truth_rows(ts, so, si, deep, iv->p_deep_true);
	if (!ts->has_cgroup && others_active(so) > 1)
		iv->p_deep_true[other_truth_row(so, si)] = NAN;   /* not one row's */
	for (r = 0; r < NR_RECLAIMERS; r++)
		if (r != RC_KSWAPD && so->r[r].active) {
			all &= so->r[r].deep_estimable;
			est = fmin(est, so->r[r].p_deep);
		}
	if (all)
		agree(&a->deep[TRUTH_OTHER], est, deep[TRUTH_OTHER]);
	if (ts->has_cgroup && so->r[RC_CGROUP].deep_estimable)
		agree(&a->deep[TRUTH_CGROUP], so->r[RC_CGROUP].p_deep, deep[TRUTH_CGROUP]);
}

/*
 * The watermark boosts the allocator raised in the interval (each
 * fragmenting fallback raises its zone's by a pageblock, collector/trace.h)
 * against kswapd's scan the walk took as boost reclaim.  A boosted walk
 * reads the zones' boosts when it begins (balance_pgdat(), v6.1, v6.12:
 * nr_boost_reclaim, then reclaims at level 10 until it has them), so it
 * needs a boost raised in the interval, one standing at its start
 * sample, or a walk under way from before that could have had one.
 * *carry holds that last, from one interval to the next: where walks
 * began in the interval (split_kswapd_walk_counted(), as the replay's
 * pass_after_pause() asks it), the last of
 * them could have read a boost raised in it or standing at its start;
 * where none began, the walk going on is the one before, which may have
 * read the boost standing at the start.  Boost reclaim taken where none
 * of them was is the model's error, counted with its pages.
 */
static void boost_truth(const struct metric_stream *ms, const struct trace_slots *ts,
			const struct split_out *so, const struct split_in *si,
			int *carry, struct replay_iv *iv, struct attribution *a)
{
	struct boost_agreement *b = &a->boost_traced;
	double taken = so->r[RC_KSWAPD].boosted, raised;
	int stood, possible, begun = split_kswapd_walk_counted(si);

	if (ts->boosting < 0)
		return;
	raised = (double)ms->delta[ts->boosting];
	iv->boosts_raised_true = raised;
	b->raised += raised;
	stood = raised > 0 || si->boost_start > 0;
	possible = stood || *carry;
	*carry = begun ? stood : *carry || si->boost_start > 0;
	if (!(si->scanned[RC_KSWAPD] > 0))
		return;
	b->n++;
	b->raised_n += raised > 0;
	if (!(taken > 0)) {
		b->missed_n += raised > 0;
	} else if (possible) {
		b->taken_n++;
	} else {
		b->none_n++;
		b->none_pages += taken;
	}
}

void truth_interval(const struct metric_stream *ms, const struct trace_slots *ts,
		    const struct split_out *so, const struct split_in *si,
		    const struct split_out *pred, double p_kswapd, double p_other,
		    int *boost_carry, struct replay_iv *iv, struct attribution *a)
{
	double pt[NR_TRACED];
	struct traced tr;
	int r;

	traced_read(ms, ts, &tr);
	for (r = 0; r < NR_TRACED; r++)
		pt[r] = traced_priority(&tr, r);
	truth_rows(ts, so, si, pt, iv->p_true);
	if (ts->has_cgroup)
		agree(&a->prio[TRUTH_CGROUP], so->r[RC_CGROUP].p_est, pt[TRUTH_CGROUP]);
	agree(&a->prio[TRUTH_KSWAPD], p_kswapd, pt[TRUTH_KSWAPD]);
	agree(&a->prio[TRUTH_OTHER], p_other, pt[TRUTH_OTHER]);
	anon_truth(&tr, ts, so, si, pred, iv, a);
	deep_truth(&tr, ts, so, si, iv, a);
	boost_truth(ms, ts, so, si, boost_carry, iv, a);
}

const char *truth_source(const struct trace_slots *ts)
{
	if (ts->has_scan)
		return "traced pages per level (vmscan tracepoints)";
	return ts->has_passes ? "traced passes per level (vmscan tracepoints)" : NULL;
}
