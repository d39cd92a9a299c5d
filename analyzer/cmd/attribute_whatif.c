/*
 * attribute_whatif.c - vmscope attribute --what-if swappiness=N[,N...]
 *
 * Replays every split-LRU (and MGLRU) run at another swappiness and
 * prints the predicted anon pages scanned and swap-out beside what the
 * runs recorded at that swappiness measured (the same kernel version, in
 * a memory cgroup or not as the run is): their mean, their range, and a
 * tally per replayed run.  Columns and wording: vmscope(1).  Only
 * formats what the replay returns.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attribute_whatif.h"
#include "cmd.h"
#include "err.h"
#include "groups.h"
#include "mglru_replay.h"
#include "model.h"
#include "replay.h"
#include "rundb.h"
#include "table.h"
#include "banned.h"

/* What the runs recorded at one swappiness did (measured_at()). */
struct measured {
	double swap, anon;          /* means per run */
	double swap_lo, swap_hi;    /* the least and the most one run swapped */
	size_t nr;
};

/* What one run recorded: its model and what it swapped and scanned. */
struct run_outcome {
	struct run_model m;
	double swap, anon;
};

/* Every run's outcome, replayed once for all the what-ifs' checks. */
static int run_outcomes(const struct run_set *set, struct run_outcome **out)
{
	struct run_outcome *o = calloc(set->nr_runs ? set->nr_runs : 1, sizeof(*o));
	size_t i;

	*out = o;
	if (!o)
		return error("out of memory");
	for (i = 0; i < set->nr_runs; i++) {
		struct attribution a;

		if (replay_run(set, &set->runs[i], &o[i].m, &a, NULL))
			return -1;
		o[i].swap = a.swapped;
		o[i].anon = o[i].m.kind == MODEL_MGLRU ? a.mglru.anon_scan_sum : a.anon_meas;
	}
	return 0;
}

/*
 * What the runs recorded at swappiness sw really did.  Only runs of the
 * same model, kernel version and place (a memory cgroup or not) as the
 * run replayed (like): another kernel reclaims otherwise at the same
 * swappiness, and is no check of this one's prediction.
 */
static void measured_at(const struct run_outcome *runs, size_t nr_runs,
			const struct run_model *like, double sw, struct measured *ms)
{
	size_t i;

	memset(ms, 0, sizeof(*ms));
	ms->swap_lo = INFINITY;
	ms->swap_hi = -INFINITY;
	for (i = 0; i < nr_runs; i++) {
		const struct run_model *m = &runs[i].m;

		if (m->kind != like->kind || m->swappiness != sw ||
		    model_version_cmp(m->version, like->version[0], like->version[1],
				      like->version[2]) || m->memcg != like->memcg)
			continue;
		ms->swap += runs[i].swap;
		ms->anon += runs[i].anon;
		ms->swap_lo = fmin(ms->swap_lo, runs[i].swap);
		ms->swap_hi = fmax(ms->swap_hi, runs[i].swap);
		ms->nr++;
	}
	if (ms->nr) {
		ms->swap /= (double)ms->nr;
		ms->anon /= (double)ms->nr;
	} else {
		ms->swap = ms->anon = ms->swap_lo = ms->swap_hi = NAN;
	}
}

/*
 * The what-if's verdicts on one prediction of swap-out: within
 * WHATIF_TOLERANCE of the measured mean (none predicted where none were
 * swapped counts), and inside the range of the runs measured, which says
 * whether the runs themselves agree closer than the prediction does.
 * -1: nothing to judge (no run measured, or no swap-out predicted).
 */
#define WHATIF_TOLERANCE 0.30

static int whatif_close(double pred, const struct measured *ms)
{
	if (!ms->nr || isnan(pred))
		return -1;
	if (!(ms->swap > 0))
		return pred < 0.5;
	return fabs(pred - ms->swap) <= WHATIF_TOLERANCE * ms->swap;
}

/* -1 where there is no range: fewer than two runs measured */
static int whatif_in_range(double pred, const struct measured *ms)
{
	if (ms->nr < 2 || isnan(pred))
		return -1;
	return pred >= ms->swap_lo - 0.5 && pred <= ms->swap_hi + 0.5;
}

/* whatif_in_range() + 1 in words */
static const char *const range_words[3] = {
	"", ", outside the runs' range", ", inside the runs' range"
};

/* One replayed run's tally over the swappiness values it was replayed at. */
struct whatif_tally {
	int64_t run;
	int judged, close;         /* values with measured runs */
	int ranged, in_range;      /* those with two runs or more */
};

static void tally_add(struct whatif_tally *t, double pred, const struct measured *ms)
{
	int close = whatif_close(pred, ms), in = whatif_in_range(pred, ms);

	if (close < 0)
		return;
	t->judged++;
	t->close += close;
	if (in >= 0) {
		t->ranged++;
		t->in_range += in;
	}
}

static void tally_print(const struct whatif_tally *t)
{
	if (!t->judged)
		return;
	printf("run %lld: swap-out predicted within %.0f%% of the measured mean "
	       "at %d of %d other swappiness values with runs measured", (long long)t->run,
	       100 * WHATIF_TOLERANCE, t->close, t->judged);
	if (t->ranged)
		printf(", inside the measured runs' range at %d of %d with two runs "
		       "or more", t->in_range, t->ranged);
	printf("\n");
}

/* --what-if on an MGLRU run: the sum of the intervals' predictions, or
 * the branch that makes one impossible (model/mglru.h mglru_what_if()) */
struct mglru_whatif {
	double sw, pred;
	const char *why;
};

static int mglru_whatif_iv(void *ctx, const struct replay_iv *iv)
{
	struct mglru_whatif *w = ctx;
	const char *why = NULL;
	double p;

	if (!iv->out->mg.reclaimer)
		return 0;
	p = mglru_replay_what_if(&iv->out->mg, w->sw, &why);
	if (p < 0 && iv->out->mg.evicted)
		w->why = why;
	else if (p > 0)
		w->pred += p;
	return 0;
}

/* How the split what-if's walks reclaimed what the run's did
 * (model/whatif_balance.h), where they did not scan as the run's. */
static const char *const how_words[] = {
	[WHATIF_WALKS_GO_ON] = "its walks scan on over the young anon pages, which free "
			       "nothing on their first visit, until they reclaim what the run's did",
	[WHATIF_WALKS_END_SOONER] = "its walks free file pages where the run's scanned anon "
				    "that freed nothing, and end sooner",
};

/* The what-if's prediction, in words. */
static void whatif_text(const struct run_ref *r, const struct run_model *m,
			const struct attribution *a, double sw)
{
	printf("run %lld (swappiness %.0f) replayed at swappiness %.0f: ",
	       (long long)r->id, m->swappiness, sw);
	if (m->kind == MODEL_MGLRU)
		printf("swap-out %.0f pages predicted (recorded: %.0f)\n",
		       a->whatif_swap, a->swapped);
	else if (isnan(a->whatif_swap))
		printf("anon scanned %.0f, swap-out not predicted: %s, so its "
		       "swap-out per anon page scanned is unknown (recorded: "
		       "%.0f, %.0f)\n", a->whatif_anon,
		       a->whatif_why ? a->whatif_why : "no anon page scanned",
		       a->anon_meas, a->swapped);
	else
		printf("anon scanned %.0f, swap-out %.0f pages (recorded: %.0f, "
		       "%.0f)\n", a->whatif_anon, a->whatif_swap, a->anon_meas,
		       a->swapped);
	if (m->kind == MODEL_SPLIT && a->whatif_how != WHATIF_SAME_SCAN)
		printf("  %s\n", how_words[a->whatif_how]);
}

/* ... beside what the runs at that swappiness did. */
static void whatif_check(const struct attribution *a, double sw,
			 const struct measured *ms)
{
	printf("  measured at swappiness %.0f (%zu run%s, mean): anon scanned "
	       "%.0f, swap-out %.0f pages", sw, ms->nr, ms->nr == 1 ? "" : "s",
	       ms->anon, ms->swap);
	if (ms->nr > 1)
		printf(" (runs %.0f to %.0f)", ms->swap_lo, ms->swap_hi);
	printf("; ");
	if (isnan(a->whatif_swap) && ms->anon > 0)
		printf("anon scanned predicted %+.0f%%\n",
		       100 * (a->whatif_anon - ms->anon) / ms->anon);
	else if (isnan(a->whatif_swap))
		printf("anon scanned predicted %.0f where none were\n", a->whatif_anon);
	else if (ms->swap > 0)
		printf("prediction %+.0f%%%s\n", 100 * (a->whatif_swap - ms->swap) / ms->swap,
		       range_words[whatif_in_range(a->whatif_swap, ms) + 1]);
	else if (a->whatif_swap < 0.5)
		printf("predicted none either\n");
	else
		printf("prediction %.0f pages where none were\n", a->whatif_swap);
}

#define WHATIF_COLS 11

static int whatif_row(struct table *t, const struct run_ref *r,
		      const struct run_model *m, const struct attribution *a,
		      double sw, const struct measured *ms)
{
	char f[WHATIF_COLS][32];
	const char *row[WHATIF_COLS];
	int k;

	snprintf(f[0], 32, "%lld", (long long)r->id);
	snprintf(f[1], 32, "%.0f", m->swappiness);
	snprintf(f[2], 32, "%.0f", sw);
	table_fmt_num(f[3], 32, "%.0f", a->whatif_anon);
	table_fmt_num(f[4], 32, "%.0f", a->whatif_swap);
	table_fmt_num(f[5], 32, "%.0f", ms->anon);
	table_fmt_num(f[6], 32, "%.0f", ms->swap);
	snprintf(f[7], 32, "%zu", ms->nr);
	table_fmt_num(f[8], 32, "%.4f", ms->swap > 0 ? (a->whatif_swap - ms->swap) / ms->swap : NAN);
	table_fmt_num(f[9], 32, "%.0f", ms->swap_lo);
	table_fmt_num(f[10], 32, "%.0f", ms->swap_hi);
	for (k = 0; k < WHATIF_COLS; k++)
		row[k] = f[k];
	return table_add_row(t, row);
}

static int whatif_run(const struct run_set *set, const struct run_outcome *runs,
		      const struct run_ref *r, double sw, struct table *t, int text,
		      struct whatif_tally *tally)
{
	struct mglru_whatif mw = { sw, 0, NULL };
	struct replay_opts ro = { sw, mglru_whatif_iv, &mw };
	struct run_model m;
	struct attribution a;
	struct measured ms;

	if (replay_run(set, r, &m, &a, &ro))
		return -1;
	measured_at(runs, set->nr_runs, &m, sw, &ms);
	if (m.kind == MODEL_CLASSIC)
		return 0;
	if (m.kind == MODEL_MGLRU) {
		a.whatif_anon = NAN;    /* MGLRU predicts the share, not the scan */
		a.whatif_swap = mw.why ? NAN : mw.pred;
		a.anon_meas = a.mglru.anon_scan_sum;
	}
	if (text && mw.why) {
		printf("run %lld (swappiness %.0f) replayed at swappiness %.0f: "
		       "cannot predict: branch %s depends on what the change "
		       "would evict\n", (long long)r->id, m.swappiness, sw, mw.why);
		return 0;
	}
	if (!text)
		return whatif_row(t, r, &m, &a, sw, &ms);
	whatif_text(r, &m, &a, sw);
	if (ms.nr)
		whatif_check(&a, sw, &ms);
	else
		printf("  no run at swappiness %.0f in the databases to check it\n", sw);
	/* the run's own swappiness is no prediction */
	if (sw != m.swappiness)
		tally_add(tally, a.whatif_swap, &ms);
	return 0;
}

int attribute_whatif(const struct run_set *set, int64_t run, const double *sw,
		     size_t nr_sw, int fmt)
{
	static const char *const head[] = {
		"run_id", "swappiness", "whatif_swappiness", "anon_scanned_pred",
		"pages_out_pred", "anon_scanned_measured", "pages_out_measured",
		"runs_measured", "error", "pages_out_measured_min",
		"pages_out_measured_max",
	};
	static const int right[WHATIF_COLS] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
	struct table t;
	struct run_outcome *runs = NULL;
	size_t i, k;
	int rc = table_init(&t, WHATIF_COLS, head, right);

	if (!rc)
		rc = run_outcomes(set, &runs);

	for (i = 0; !rc && i < set->nr_runs; i++) {
		struct whatif_tally tally = { set->runs[i].id, 0, 0, 0, 0 };

		if (run > 0 && set->runs[i].id != run)
			continue;
		for (k = 0; !rc && k < nr_sw; k++)
			rc = whatif_run(set, runs, &set->runs[i], sw[k], &t,
					fmt == FMT_TEXT, &tally);
		if (!rc && fmt == FMT_TEXT)
			tally_print(&tally);
	}
	if (!rc && fmt != FMT_TEXT)
		rc = table_print(&t, fmt, stdout);
	table_release(&t);
	free(runs);
	return rc;
}

