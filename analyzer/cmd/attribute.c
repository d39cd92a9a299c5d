/*
 * attribute.c - vmscope attribute DB... [RUN] [--intervals] [--by TAG]
 *               [--what-if swappiness=N[,N...]] [--format text|csv|markdown]
 *
 * Replays each run interval by interval through the reclaim model
 * (model/, via replay.c) and splits its swapped-out pages into the
 * model's classes, with an explicit "unexplained" share.  The model is
 * picked from the run's facts: the kernel release (or, for an imported
 * run, the tag "kernel", or else the counter set), the MGLRU state (tag
 * "lru_gen") and whether the run was recorded for a memory cgroup (tag
 * "memcg").  What had to be assumed is printed with the result.  This
 * file only formats what the replay returns.
 *
 * --format csv prints one row per run and class: run_id, model, class,
 * pages_out, share (0..1; "unexplained" is always there), then the
 * class's pages by reclaimer (split LRU: kswapd, direct, cgroup,
 * khugepaged, proactive).  --intervals rows are described in vmscope(1).
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "db.h"
#include "err.h"
#include "groups.h"
#include "metrics.h"
#include "mglru_replay.h"
#include "model.h"
#include "replay.h"
#include "rundb.h"
#include "table.h"
#include "attribute_whatif.h"
#include "banned.h"

#define MAX_WHATIF 16

struct attr_opts {
	int intervals, fmt;
	const char *by;
	int64_t run;
	double whatif[MAX_WHATIF];
	size_t nr_whatif;
};

static void attribute_usage(FILE *out)
{
	fprintf(out, "usage: vmscope attribute [--intervals] [--by TAG] "
		"[--what-if swappiness=N[,N...]]\n"
		"                         [--format text|csv|markdown] DB... [RUN]\n");
}

/* ------------------------------------------------------------------ */
/* --intervals                                                         */
/* ------------------------------------------------------------------ */

enum { IC_RUN, IC_T, IC_WHO, IC_PEST, IC_PTRUE, IC_PDEEP, IC_CAUSE, IC_OUT,
       IC_ANON, IC_PRED, IC_SW, IC_SHARE, IC_BORDER, IC_WHATIF,
       IC_MAPPED, IC_EFF, IC_GATE, IC_PNEED, IC_BUILDUP, IC_ANON_TRUE,
       IC_BOOSTED, IC_PDEEP_TRUE, IC_RAISED_TRUE, NR_IC };

static const char *const interval_head[NR_IC] = {
	"run_id", "t", "reclaimer", "p_est", "p_true", "p_deep", "cause",
	"pages_out", "anon_scanned", "anon_scanned_pred", "swappiness",
	"anon_share", "borderline", "anon_scanned_whatif",
	/* the 2.6 model's reading (classic runs, "all" row) */
	"mapped_pct", "efficiency", "distress_needed", "p_need", "build_up",
	/* split LRU: anon pages scanned as the tracepoints saw them; kswapd's
	 * scan taken as watermark-boost reclaim; the deepest level traced;
	 * the boosts the allocator raised, traced */
	"anon_scanned_true", "boosted_scan", "p_deep_true", "boosts_raised_true",
};

/*
 * Where interval rows go: the table (text and markdown align their
 * columns over all rows), or straight to stdout for CSV, which needs no
 * alignment: a long run's rows are not held in memory.
 */
struct iv_sink {
	struct table *t;
	int stream, header_done;
};

static int add_row(struct iv_sink *k, char f[NR_IC][32])
{
	const char *row[NR_IC];
	int i;

	for (i = 0; i < NR_IC; i++)
		row[i] = f[i];
	if (!k->stream)
		return table_add_row(k->t, row);
	if (!k->header_done++ && table_csv_record(stdout, interval_head, NR_IC))
		return -1;
	return table_csv_record(stdout, row, NR_IC);
}

/* the interval's "all" row: totals, measured anon scan, dominant class */
static int interval_all(struct iv_sink *t, const struct replay_iv *iv)
{
	char f[NR_IC][32];

	memset(f, 0, sizeof(f));
	snprintf(f[IC_RUN], 32, "%lld", (long long)iv->run);
	snprintf(f[IC_T], 32, "%.1f", iv->t_s);
	snprintf(f[IC_WHO], 32, "all");
	if (!iv->split) {
		table_fmt_num(f[IC_PEST], 32, "%.1f", iv->out->p_hat);
		table_fmt_num(f[IC_PTRUE], 32, "%.1f", iv->truth);
		table_fmt_num(f[IC_MAPPED], 32, "%.1f", iv->out->mapped_ratio);
		table_fmt_num(f[IC_EFF], 32, "%.3f", iv->out->efficiency);
		table_fmt_num(f[IC_GATE], 32, "%.1f", iv->out->gate);
		table_fmt_num(f[IC_PNEED], 32, "%.1f", iv->out->p_need);
		table_fmt_num(f[IC_BUILDUP], 32, "%.1f", iv->out->build_up);
	}
	snprintf(f[IC_CAUSE], 32, "%s", iv->in->swap_out > 0 ?
		 cause_name(iv->out->cause) : "");
	table_fmt_num(f[IC_OUT], 32, "%.0f", iv->in->swap_out);
	table_fmt_num(f[IC_ANON], 32, "%.0f", iv->anon_meas);
	if (iv->split) {
		table_fmt_num(f[IC_PRED], 32, "%.0f", iv->pred->anon_pred);
		table_fmt_num(f[IC_SHARE], 32, "%.3f", iv->split->anon_share);
		snprintf(f[IC_BORDER], 32, "%s", iv->in->swap_out > 0 ?
			 (iv->borderline ? "yes" : "no") : "");
		table_fmt_num(f[IC_WHATIF], 32, "%.0f", iv->whatif_anon);
		table_fmt_num(f[IC_ANON_TRUE], 32, "%.0f", iv->anon_true_all);
	}
	table_fmt_num(f[IC_SW], 32, "%.0f", iv->in->swappiness);
	return add_row(t, f);
}

/* one row per reclaimer that scanned: its share of the interval */
static int interval_reclaimer(struct iv_sink *t, const struct replay_iv *iv, int r)
{
	const struct split_reclaim_out *o = &iv->split->r[r];
	char f[NR_IC][32];

	memset(f, 0, sizeof(f));
	snprintf(f[IC_RUN], 32, "%lld", (long long)iv->run);
	snprintf(f[IC_T], 32, "%.1f", iv->t_s);
	snprintf(f[IC_WHO], 32, "%s", reclaimer_name((enum reclaimer)r));
	table_fmt_num(f[IC_PEST], 32, "%.1f", o->p_est);
	table_fmt_num(f[IC_PTRUE], 32, "%.1f", iv->p_true[r]);
	if (o->deep_estimable)
		table_fmt_num(f[IC_PDEEP], 32, "%.0f", o->p_deep);
	else
		snprintf(f[IC_PDEEP], 32, "n/e");
	snprintf(f[IC_CAUSE], 32, "%s", iv->pages_out[r] > 0 ?
		 cause_name(iv->cause[r]) : "");
	snprintf(f[IC_OUT], 32, "%.0f", iv->pages_out[r]);
	snprintf(f[IC_PRED], 32, "%.0f", iv->pred->r[r].anon_pred);
	table_fmt_num(f[IC_ANON_TRUE], 32, "%.0f", iv->anon_true[r]);
	if (r == RC_KSWAPD) {
		snprintf(f[IC_BOOSTED], 32, "%.0f", o->boosted);
		table_fmt_num(f[IC_RAISED_TRUE], 32, "%.0f", iv->boosts_raised_true);
	}
	table_fmt_num(f[IC_PDEEP_TRUE], 32, "%.0f", iv->p_deep_true[r]);
	table_fmt_num(f[IC_SW], 32, "%.0f", iv->in->swappiness);
	return add_row(t, f);
}

/* an MGLRU interval: one row for the reclaimer that evicted (no priority
 * estimate: MGLRU's walk has no get_scan_count() levels to invert) */
static int interval_mglru(struct iv_sink *t, const struct replay_iv *iv)
{
	const struct mglru_interval *mg = &iv->out->mg;
	char f[NR_IC][32];

	memset(f, 0, sizeof(f));
	snprintf(f[IC_RUN], 32, "%lld", (long long)iv->run);
	snprintf(f[IC_T], 32, "%.1f", iv->t_s);
	snprintf(f[IC_WHO], 32, "%s", mg->reclaimer);
	table_fmt_num(f[IC_PTRUE], 32, "%.0f", iv->truth);
	snprintf(f[IC_CAUSE], 32, "%s", iv->in->swap_out > 0 ?
		 cause_name(iv->out->cause) : "");
	table_fmt_num(f[IC_OUT], 32, "%.0f", iv->in->swap_out);
	table_fmt_num(f[IC_ANON], 32, "%.0f", iv->anon_meas);
	table_fmt_num(f[IC_PRED], 32, "%.0f", mg->out.anon_scanned_pred);
	table_fmt_num(f[IC_SW], 32, "%.0f", iv->in->swappiness);
	return add_row(t, f);
}

static int interval_rows(void *ctx, const struct replay_iv *iv)
{
	int r, rc;

	if (!(iv->in->swap_out > 0 || iv->in->scan_kswapd > 0 ||
	      iv->in->scan_direct > 0 || iv->anon_meas > 0 || iv->in->scan_file > 0))
		return 0;
	if (iv->out->mg.reclaimer)
		return interval_mglru(ctx, iv);
	rc = interval_all(ctx, iv);
	for (r = 0; !rc && iv->split && r < NR_RECLAIMERS; r++)
		if (iv->split->r[r].active)
			rc = interval_reclaimer(ctx, iv, r);
	return rc;
}

/* ------------------------------------------------------------------ */
/* summaries                                                           */
/* ------------------------------------------------------------------ */

static void print_agreement(const char *what, const struct agreement *g,
			    const char *from)
{
	if (g->n > 0)
		printf("  %s: estimated %.1f, %s %.1f on average; "
		       "within one level in %.0f of %.0f intervals (%.0f%%)\n",
		       what, g->est_sum / g->n, from, g->true_sum / g->n, g->agree,
		       g->n, 100 * g->agree / g->n);
}

static void agreement_add(struct agreement *sum, const struct agreement *g)
{
	sum->n += g->n;
	sum->agree += g->agree;
	sum->est_sum += g->est_sum;
	sum->true_sum += g->true_sum;
}

static void boost_agreement_add(struct boost_agreement *sum,
				const struct boost_agreement *b)
{
	sum->n += b->n;
	sum->raised_n += b->raised_n;
	sum->raised += b->raised;
	sum->taken_n += b->taken_n;
	sum->none_n += b->none_n;
	sum->none_pages += b->none_pages;
	sum->missed_n += b->missed_n;
}

/*
 * kswapd's walks as traced, by the order that woke them, beside
 * pageoutrun: the walk count the model takes, and the order it assumes
 * (0; its short walks are order-0 walks, model/split_kswapd.c)
 */
static void print_wakes(const struct attribution *a)
{
	const char *sep;
	double n = 0;
	int q;

	if (!a->wakes_seen)
		return;
	for (q = 0; q < WAKE_ORDERS; q++)
		n += a->wakes[q];
	printf("  kswapd walks: %.0f traced (pageoutrun %.0f), by the order "
	       "that woke kswapd:", n, a->wake_runs);
	for (q = 0, sep = " "; q < WAKE_ORDERS; q++)
		if (a->wakes[q] > 0) {
			printf("%s%d%s: %.0f (%.1f%%)", sep, q, q == WAKE_ORDERS - 1 ? "+" : "",
			       a->wakes[q], 100 * a->wakes[q] / n);
			sep = ", ";
		}
	printf(n > 0 ? "\n" : " none\n");
}

/* kswapd's skipped pages (pgskip_*), where there were any */
static void print_skips(const struct attribution *a)
{
	if (!(a->skipped > 0))
		return;
	printf("  kswapd passed over %.0f pages of zones above its reclaim index "
	       "(pgskip_*, %.1f%% of its scan), placed at the first level where "
	       "its own zones' lists give a target (the shallowest they can be "
	       "at)\n", a->skipped,
	       a->kswapd_scanned > 0 ? 100 * a->skipped / a->kswapd_scanned : 0);
}

/*
 * How many of kswapd's pages the replay took as watermark-boost reclaim,
 * on which its priority then rests: a boost raised and cleared between
 * two samples shows in no counter, so that reclaim is an estimate, what
 * kswapd reclaimed beyond its walks woken at the low watermark
 * (model/split_kswapd.c boost_beyond()).
 */
static void print_boosted(const struct attribution *a)
{
	if (!(a->boosted > 0))
		return;
	printf("  kswapd: %.0f of its %.0f pages scanned (%.1f%%) taken as "
	       "watermark-boost reclaim at level 10 (--intervals boosted_scan), "
	       "an estimate: a boost raised and reclaimed between two samples "
	       "shows in no counter\n", a->boosted, a->kswapd_scanned,
	       100 * a->boosted / a->kswapd_scanned);
}

/*
 * The boost reclaim against the boosts the allocator raised, where they
 * were traced: taken where no boosted walk was possible is the model's
 * error (replay_truth.c boost_truth()).
 */
static void print_boost_traced(const struct attribution *a)
{
	const struct boost_agreement *b = &a->boost_traced;

	if (!(b->n > 0))
		return;
	printf("  watermark boosts, traced (mm_page_alloc_extfrag, fragmenting): "
	       "%.0f raised, in %.0f of the %.0f intervals with kswapd scanning; boost "
	       "reclaim taken in %.0f with a boost raised, shown at the start or "
	       "a walk under way that had one, in %.0f with none (%.0f pages), "
	       "and none taken in %.0f with one raised\n",
	       b->raised, b->raised_n, b->n, b->taken_n, b->none_n, b->none_pages,
	       b->missed_n);
}

/*
 * The anon prediction per reclaimer against the tracepoints: which
 * reclaimer's walks the interval's anon misses come from.
 */
static void print_anon_traced(const struct attribution *a)
{
	static const char *const who[NR_TRUTH] = {
		"kswapd", "direct + cgroup", "cgroup limit reclaim"
	};
	int w;

	for (w = 0; w < NR_TRUTH; w++) {
		const struct anon_agreement *g = &a->anon_traced[w];

		if (g->n > 0)
			printf("  anon scanned, %s: predicted %.0f, traced (vmscan "
			       "tracepoints) %.0f; within 10%% in %.0f of %.0f "
			       "intervals with anon scanning (%.0f%%)\n", who[w],
			       g->pred, g->traced, g->ok, g->n, 100 * g->ok / g->n);
	}
}

/* sw: the swappiness of the runs summed into a ("60", "0 to 200") */
static void print_split(const struct run_model *m, const struct attribution *a,
			const char *sw)
{
	const enum cause *cl;
	size_t n, i;
	int r;

	cl = model_classes(m->kind, &n);
	printf("  %-20s %10s %6s", "cause", "pages", "share");
	for (r = 0; r < NR_RECLAIMERS; r++)
		printf(" %10s", reclaimer_name((enum reclaimer)r));
	printf("\n");
	for (i = 0; i < n && a->swapped > 0; i++) {
		printf("  %-20s %10.0f %5.1f%%", cause_name(cl[i]), a->pages[cl[i]],
		       100 * a->pages[cl[i]] / a->swapped);
		for (r = 0; r < NR_RECLAIMERS; r++)
			printf(" %10.0f", a->ctx_pages[r][cl[i]]);
		printf("\n");
	}
	if (a->swapped > 0)
		printf("  borderline: %.1f%% of the swapped pages (the class changes "
		       "between the interval's two samples)\n",
		       100 * a->borderline / a->swapped);
	if (a->share_n > 0)
		printf("  modifiers: swappiness %s, anon share ap/(ap+fp) %.3f "
		       "on average over swapping intervals\n", sw,
		       a->share_sum / a->share_n);
	if (a->anon_n > 0)
		printf("  anon scanned: predicted %.0f, pgscan_anon %.0f; within 10%% "
		       "in %.0f of %.0f intervals with anon scanning (%.0f%%)\n",
		       a->anon_pred, a->anon_meas, a->anon_ok, a->anon_n,
		       100 * a->anon_ok / a->anon_n);
	print_anon_traced(a);
	print_agreement("priority, kswapd (scan-weighted)", &a->prio[TRUTH_KSWAPD],
			a->truth_from ? a->truth_from : "traced");
	print_agreement("priority, direct + cgroup (scan-weighted)", &a->prio[TRUTH_OTHER],
			a->truth_from ? a->truth_from : "traced");
	print_agreement("priority, cgroup limit reclaim (scan-weighted)", &a->prio[TRUTH_CGROUP],
			a->truth_from ? a->truth_from : "traced");
	print_agreement("deepest level, direct + cgroup", &a->deep[TRUTH_OTHER],
			"traced (vmscan tracepoints)");
	print_agreement("deepest level, cgroup limit reclaim", &a->deep[TRUTH_CGROUP],
			"traced (vmscan tracepoints)");
	print_wakes(a);
	print_skips(a);
	print_boosted(a);
	print_boost_traced(a);
	printf("  deepest level: estimated for direct and cgroup reclaim "
	       "(--intervals p_deep); not estimable for kswapd from sums, nor "
	       "where file folios of 32 pages or more end each walk at the "
	       "first it frees (n/e)\n");
	if (a->cost_inputs)
		printf("  costs from: %s\n", a->cost_inputs);
}

/* MGLRU lines of the summary: the type check, aging, who swapped */
static void print_mglru(const struct run_model *m, const struct attribution *a)
{
	const struct mglru_attr *g = &a->mglru;
	double mb = m->page_size / (1 << 20);

	if (g->type_n > 0)
		printf("  evicted type: model agrees with the kernel's on %.0f of "
		       "%.0f intervals with eviction (%.1f%%)\n", g->type_agree,
		       g->type_n, 100 * g->type_agree / g->type_n);
	if (g->type_n > 0)
		printf("  anon scanned: predicted %.0f pages, pgscan_anon %.0f\n",
		       g->pred_sum, g->anon_scan_sum);
	printf("  aging: %.0f generations created%s\n", g->aging,
	       g->lru_gen_seen ? "" : " (no --lru-gen: lru_gen gauges absent, "
	       "anon_older unseen, controller from vmstat refaults)");
	if (g->trace_seen)
		printf("  traced swap writes: kswapd %.1f MB, direct %.1f MB, "
		       "cgroup %.1f MB\n", g->written[0] * mb,
		       g->written[1] * mb, g->written[2] * mb);
}

/*
 * who: "run 3" or "swappiness 60 (3 runs)"; sw_lo..sw_hi: the swappiness
 * of the runs added into a (a group may hold several)
 */
static void print_summary(const char *who, const struct run_model *m,
			  const struct attribution *a, double sw_lo, double sw_hi)
{
	const enum cause *cl;
	size_t n, i;
	char sw[64];

	if (sw_lo == sw_hi)
		snprintf(sw, sizeof(sw), "%.0f", sw_lo);
	else
		snprintf(sw, sizeof(sw), "%.0f to %.0f", sw_lo, sw_hi);
	printf("%s: model %s%s, kernel %d.%d.%d (from %s), swappiness %s\n",
	       who, model_name(m->kind), m->memcg ? " (memory cgroup)" : "",
	       m->version[0], m->version[1], m->version[2], m->kernel_from, sw);
	printf("  swapped out %.0f pages (%.1f MB) in %.0f of %.0f intervals\n",
	       a->swapped, a->swapped * m->page_size / (1 << 20), a->swap_intervals,
	       a->intervals);
	if (m->kind == MODEL_SPLIT) {
		print_split(m, a, sw);
	} else {
		cl = model_classes(m->kind, &n);
		for (i = 0; i < n && a->swapped > 0; i++)
			printf("  %-18s %12.0f pages  %5.1f%%\n", cause_name(cl[i]),
			       a->pages[cl[i]], 100 * a->pages[cl[i]] / a->swapped);
		if (a->truth_n > 0)
			printf("  priority: estimated %.1f, %s %.1f on "
			       "average; within one level in %.0f of %.0f intervals\n",
			       a->estimate_sum / a->truth_n, a->truth_from,
			       a->truth_sum / a->truth_n,
			       a->truth_agree, a->truth_n);
		if (m->kind == MODEL_MGLRU)
			print_mglru(m, a);
	}
	if (*m->assumed)
		printf("  assumed: %s\n", m->assumed);
}

static int add_csv_rows(struct table *t, const char *who, const struct run_model *m,
			const struct attribution *a)
{
	size_t n, i;
	const enum cause *cl = model_classes(m->kind, &n);
	int rc = 0, r;

	for (i = 0; !rc && i < n; i++) {
		char pages[32], share[32], ctx[NR_RECLAIMERS][32];
		const char *row[5 + NR_RECLAIMERS] = { who, model_name(m->kind),
						       cause_name(cl[i]), pages, share };

		snprintf(pages, sizeof(pages), "%.0f", a->pages[cl[i]]);
		snprintf(share, sizeof(share), "%.4f", a->swapped > 0 ?
			 a->pages[cl[i]] / a->swapped : 0);
		for (r = 0; r < NR_RECLAIMERS; r++) {
			if (m->kind == MODEL_SPLIT)
				snprintf(ctx[r], 32, "%.0f", a->ctx_pages[r][cl[i]]);
			else
				ctx[r][0] = 0;
			row[5 + r] = ctx[r];
		}
		rc = table_add_row(t, row);
	}
	return rc;
}

static void attribution_add(struct attribution *sum, const struct attribution *a)
{
	size_t c;
	int r, w;

	for (c = 0; c < NR_CAUSES; c++) {
		sum->pages[c] += a->pages[c];
		for (r = 0; r < NR_RECLAIMERS; r++)
			sum->ctx_pages[r][c] += a->ctx_pages[r][c];
	}
	sum->borderline += a->borderline;
	sum->truth_n += a->truth_n;
	sum->truth_agree += a->truth_agree;
	sum->truth_sum += a->truth_sum;
	sum->estimate_sum += a->estimate_sum;
	for (w = 0; w < NR_TRUTH; w++) {
		agreement_add(&sum->prio[w], &a->prio[w]);
		agreement_add(&sum->deep[w], &a->deep[w]);
		sum->anon_traced[w].n += a->anon_traced[w].n;
		sum->anon_traced[w].ok += a->anon_traced[w].ok;
		sum->anon_traced[w].pred += a->anon_traced[w].pred;
		sum->anon_traced[w].traced += a->anon_traced[w].traced;
	}
	sum->anon_n += a->anon_n;
	sum->anon_ok += a->anon_ok;
	sum->anon_pred += a->anon_pred;
	sum->anon_meas += a->anon_meas;
	sum->share_sum += a->share_sum;
	sum->share_n += a->share_n;
	for (w = 0; w < WAKE_ORDERS; w++)
		sum->wakes[w] += a->wakes[w];
	sum->wake_runs += a->wake_runs;
	sum->wakes_seen |= a->wakes_seen;
	sum->skipped += a->skipped;
	sum->kswapd_scanned += a->kswapd_scanned;
	sum->boosted += a->boosted;
	boost_agreement_add(&sum->boost_traced, &a->boost_traced);
	if (a->truth_from)
		sum->truth_from = a->truth_from;
	if (a->cost_inputs)
		sum->cost_inputs = a->cost_inputs;
	mglru_attr_add(&sum->mglru, &a->mglru);
	sum->swapped += a->swapped;
	sum->intervals += a->intervals;
	sum->swap_intervals += a->swap_intervals;
}

/*
 * One tag group: runs of different models are never added together (their
 * classes differ); a group holding several models prints one summary per
 * model, each with its own run count.
 */
static int attribute_group(const struct run_set *set, const struct attr_opts *o,
			   const struct group *grp, struct table *csv)
{
	struct attribution sum[NR_MODELS], a;
	struct run_model m, first[NR_MODELS];
	double sw_lo[NR_MODELS], sw_hi[NR_MODELS];
	size_t nr[NR_MODELS] = { 0 }, i;
	int rc = 0, kinds = 0, k;

	memset(sum, 0, sizeof(sum));
	for (i = 0; !rc && i < grp->nr; i++) {
		rc = replay_run(set, &set->runs[grp->runs[i]], &m, &a, NULL);
		if (rc)
			break;
		if (!nr[m.kind]++) {
			first[m.kind] = m;
			sw_lo[m.kind] = sw_hi[m.kind] = m.swappiness;
			kinds++;
		}
		sw_lo[m.kind] = fmin(sw_lo[m.kind], m.swappiness);
		sw_hi[m.kind] = fmax(sw_hi[m.kind], m.swappiness);
		attribution_add(&sum[m.kind], &a);
	}
	for (k = 0; !rc && k < NR_MODELS; k++) {
		char who[200];

		if (!nr[k])
			continue;
		if (o->fmt == FMT_TEXT) {
			snprintf(who, sizeof(who), "%s %s (%zu run%s%s%s)", o->by,
				 grp->value, nr[k], nr[k] == 1 ? "" : "s",
				 kinds > 1 ? ", " : "",
				 kinds > 1 ? model_name((enum model_kind)k) : "");
			print_summary(who, &first[k], &sum[k], sw_lo[k], sw_hi[k]);
		} else {
			rc = add_csv_rows(csv, grp->value, &first[k], &sum[k]);
		}
	}
	return rc;
}

/* --by: the groups of every run, or of run o->run alone. */
static int group_runs(const struct run_set *set, const struct attr_opts *o,
		      struct group_list *g)
{
	size_t i;

	if (o->run <= 0)
		return group_by(set, o->by, NULL, 0, g);
	for (i = 0; i < set->nr_runs && set->runs[i].id != o->run; i++)
		;
	return group_by(set, o->by, &i, 1, g);
}

/* ------------------------------------------------------------------ */

static int attribute_all(const struct run_set *set, const struct attr_opts *o)
{
	static const char *const ch[] = { "run_id", "model", "class", "pages_out",
					  "share", "kswapd", "direct", "cgroup",
					  "khugepaged", "proactive" };
	static const int iright[NR_IC] = { 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 1,
					   1, 1, 1, 1, 1, 1, 1, 1, 1 };
	static const int cright[] = { 1, 0, 0, 1, 1, 1, 1, 1, 1, 1 };
	struct replay_opts ro = { NAN, interval_rows, NULL };
	struct table it, csv;
	struct iv_sink sink = { &it, o->fmt == FMT_CSV, 0 };
	struct group_list g = { NULL, 0 };
	size_t i, k;
	int rc = table_init(&it, NR_IC, interval_head, iright) ||
		 table_init(&csv, 10, ch, cright);

	ro.ctx = &sink;
	for (i = 0; o->run > 0 && i < set->nr_runs && set->runs[i].id != o->run; i++)
		;
	if (!rc && o->run > 0 && i == set->nr_runs)
		rc = error("attribute: no run %lld in the databases given",
			   (long long)o->run);
	if (!rc && o->nr_whatif) {
		rc = attribute_whatif(set, o->run, o->whatif, o->nr_whatif, o->fmt);
		goto out;
	}
	if (!rc && o->by)
		rc = group_runs(set, o, &g);
	for (i = 0; !rc && i < set->nr_runs; i++) {
		const struct run_ref *r = &set->runs[i];
		struct run_model m;
		struct attribution a;
		char who[24];

		if ((o->run > 0 && r->id != o->run) || (o->by && !o->intervals))
			continue;       /* --by replays each run in its group below */
		rc = replay_run(set, r, &m, &a, o->intervals ? &ro : NULL);
		if (!rc && o->fmt == FMT_TEXT && !o->by) {
			snprintf(who, sizeof(who), "run %lld", (long long)r->id);
			print_summary(who, &m, &a, m.swappiness, m.swappiness);
		} else if (!rc && !o->by) {
			snprintf(who, sizeof(who), "%lld", (long long)r->id);
			rc = add_csv_rows(&csv, who, &m, &a);
		}
	}
	/* per tag group and model: the runs' class volumes added up */
	for (k = 0; !rc && k < g.nr; k++)
		rc = attribute_group(set, o, &g.v[k], &csv);
	if (!rc && o->fmt != FMT_TEXT && !o->intervals)
		rc = table_print(&csv, o->fmt, stdout);
	if (!rc && o->intervals && sink.stream && !sink.header_done)
		rc = table_csv_record(stdout, interval_head, NR_IC);
	else if (!rc && o->intervals && !sink.stream) {
		if (o->fmt == FMT_TEXT)
			printf("\n");
		rc = table_print(&it, o->fmt, stdout);
	}
out:
	table_release(&it);
	table_release(&csv);
	group_list_release(&g);
	return rc;
}

/* "swappiness=60,100": 0, or -1 */
static int parse_whatif(const char *arg, struct attr_opts *o)
{
	const char *p;
	char *end;

	if (strncmp(arg, "swappiness=", 11))
		return -1;
	for (p = arg + 11; o->nr_whatif < MAX_WHATIF; p = end + 1) {
		double v = strtod(p, &end);

		if (end == p || v < 0 || v > 200 || (*end && *end != ','))
			return -1;
		o->whatif[o->nr_whatif++] = v;
		if (!*end)
			return 0;
	}
	return -1;
}

int cmd_attribute(int argc, char **argv, struct cmd_ctx *ctx)
{
	static const struct option lo[] = {
		{ "intervals", no_argument, NULL, 'i' },
		{ "by", required_argument, NULL, 'b' },
		{ "what-if", required_argument, NULL, 'w' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct attr_opts o = { .fmt = FMT_TEXT };
	struct run_set set;
	int c, rc, ndb;
	char *end;

	(void)ctx;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		if (c == 'h') {
			attribute_usage(stdout);
			return EXIT_OK;
		}
		if (c == 'i') {
			o.intervals = 1;
		} else if (c == 'b') {
			o.by = optarg;
		} else if (c == 'w') {
			if (parse_whatif(optarg, &o)) {
				error("attribute: --what-if takes swappiness=N[,N...] "
				      "with N in 0..200, not '%s'", optarg);
				return EXIT_USAGE;
			}
		} else if (c != 'f' || (o.fmt = table_parse_format(optarg)) < 0) {
			attribute_usage(stderr);
			return EXIT_USAGE;
		}
	}
	ndb = argc - optind;
	/* a trailing number that is no file is a run id */
	if (ndb > 1 && (o.run = strtoll(argv[argc - 1], &end, 10)) > 0 && !*end &&
	    access(argv[argc - 1], F_OK) != 0)
		ndb--;
	else
		o.run = 0;
	if (ndb < 1) {
		attribute_usage(stderr);
		return EXIT_USAGE;
	}
	rc = run_set_load(&set, argv + optind, (size_t)ndb) ||
	     attribute_all(&set, &o);
	run_set_release(&set);
	return rc ? EXIT_FAILURE_RT : EXIT_OK;
}
