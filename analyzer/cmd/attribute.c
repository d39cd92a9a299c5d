/*
 * attribute.c - vmscope attribute DB... [RUN] [--intervals] [--by TAG]
 *               [--format text|csv|markdown]
 *
 * Replays each run interval by interval through the reclaim model
 * (model.c) and splits its swapped-out pages into the model's classes,
 * with an explicit "unexplained" share.  The model is picked from the
 * run's facts: the kernel release (or, for an imported run, the tag
 * "kernel", or else the counter set), the MGLRU state (tag "lru_gen") and
 * whether the run was recorded for a memory cgroup (tag "memcg").  What
 * had to be assumed is printed with the result.
 *
 * --format csv prints one row per run and class: run_id, model, class,
 * pages_out, share (0..1; "unexplained" is always there).
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
#include "model.h"
#include "replay.h"
#include "rundb.h"
#include "table.h"
#include "banned.h"
static void attribute_usage(FILE *out)
{
	fprintf(out, "usage: vmscope attribute [--intervals] [--by TAG] "
		"[--format text|csv|markdown]\n"
		"                         [--what-if swappiness=N] DB... [RUN]\n");
}

/* --intervals tables and the --what-if sums, passed to the callbacks */
struct attr_walk {
	struct table it, mg;       /* split/classic rows; MGLRU rows */
	double what_if;            /* --what-if swappiness, NAN: none */
	double wi_pred;            /* predicted swap-out pages at what_if */
	const char *wi_why;        /* the branch that makes it unpredictable */
	int intervals;
};

/* MGLRU --intervals: run_id,t,reclaimer,p_est,p_true,cause,pages_out,anon_scanned,anon_scanned_pred */
static int mglru_interval_row(struct attr_walk *w, int64_t run, double t_s,
			      const struct interval_in *in,
			      const struct interval_out *o, double truth)
{
	char f[8][24];
	const char *row[9] = { f[0], f[1], o->mg.reclaimer, f[2], f[3],
			       in->swap_out > 0 ? cause_name(o->cause) : "",
			       f[4], f[5], f[6] };

	snprintf(f[0], 24, "%lld", (long long)run);
	snprintf(f[1], 24, "%.1f", t_s);
	snprintf(f[2], 24, "-");   /* MGLRU has no priority estimate */
	snprintf(f[3], 24, isnan(truth) ? "-" : "%.0f", truth);
	snprintf(f[4], 24, "%.0f", in->swap_out);
	snprintf(f[5], 24, "%.0f", in->scan_anon);
	snprintf(f[6], 24, "%.0f", o->mg.out.anon_scanned_pred);
	return table_add_row(&w->mg, row);
}

/* --what-if for an MGLRU interval: add its prediction, or the reason */
static void mglru_what_if_add(struct attr_walk *w, const struct interval_out *o)
{
	const char *why;
	double p = mglru_replay_what_if(&o->mg, w->what_if, &why);

	if (p < 0 && o->mg.evicted)
		w->wi_why = why;
	else if (p > 0)
		w->wi_pred += p;
}

/* MGLRU lines of the summary: the type check, aging, who swapped */
static void print_mglru_summary(const struct run_model *m,
				const struct attribution *a,
				const struct attr_walk *w)
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
	if (w && !isnan(w->what_if) && w->wi_why)
		printf("  what-if swappiness=%.0f: cannot predict: branch %s "
		       "depends on what the change would evict\n", w->what_if,
		       w->wi_why);
	else if (w && !isnan(w->what_if))
		printf("  what-if swappiness=%.0f: %.0f pages (%.1f MB) swapped "
		       "out predicted, %.0f observed\n", w->what_if, w->wi_pred,
		       w->wi_pred * mb, a->swapped);
}
static void fmt_p(char *buf, size_t cap, double v)
{
	if (isnan(v))
		snprintf(buf, cap, "-");
	else
		snprintf(buf, cap, "%.1f", v);
}

static int add_interval_row(struct table *t, int64_t run, double t_s,
			    const struct interval_in *in,
			    const struct interval_out *o, double truth)
{
	char f[11][24];
	const char *row[12] = { f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7],
				f[8], f[9], f[10],
				in->swap_out > 0 ? cause_name(o->cause) : "" };

	snprintf(f[0], 24, "%lld", (long long)run);
	snprintf(f[1], 24, "%.1f", t_s);
	snprintf(f[2], 24, "%.0f", in->swap_out);
	fmt_p(f[3], 24, o->mapped_ratio);
	snprintf(f[4], 24, "%.0f", in->swappiness);
	fmt_p(f[5], 24, o->efficiency);
	fmt_p(f[6], 24, o->p_kswapd);
	fmt_p(f[7], 24, o->p_direct);
	fmt_p(f[8], 24, o->p_need);
	fmt_p(f[9], 24, o->build_up);
	fmt_p(f[10], 24, truth);
	return table_add_row(t, row);
}
/* --intervals: one row per interval with reclaim or swap-out */
static int interval_row(void *ctx, int64_t run, double t_s,
			const struct interval_in *in,
			const struct interval_out *o, double truth)
{
	struct attr_walk *w = ctx;

	if (o->mg.reclaimer && !isnan(w->what_if))
		mglru_what_if_add(w, o);
	if (!w->intervals ||
	    !(in->swap_out > 0 || in->scan_kswapd > 0 || in->scan_direct > 0))
		return 0;
	if (o->mg.reclaimer)
		return mglru_interval_row(w, run, t_s, in, o, truth);
	return add_interval_row(&w->it, run, t_s, in, o, truth);
}

/* who: "run 3" or "swappiness 60 (3 runs)" */
static void print_summary(const char *who, const struct run_model *m,
			  const struct attribution *a, const struct attr_walk *w)
{
	const enum cause *cl;
	size_t n, i;

	printf("%s: model %s%s, kernel %d.%d.%d (from %s), swappiness %.0f\n",
	       who, model_name(m->kind), m->memcg ? " (memory cgroup)" : "",
	       m->version[0], m->version[1], m->version[2], m->kernel_from,
	       m->swappiness);
	printf("  swapped out %.0f pages (%.1f MB) in %.0f of %.0f intervals\n",
	       a->swapped, a->swapped * m->page_size / (1 << 20), a->swap_intervals,
	       a->intervals);
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
		print_mglru_summary(m, a, w);
	if (*m->assumed)
		printf("  assumed: %s\n", m->assumed);
}

static int add_csv_rows(struct table *t, const char *who, const struct run_model *m,
			const struct attribution *a)
{
	size_t n, i;
	const enum cause *cl = model_classes(m->kind, &n);
	int rc = 0;

	for (i = 0; !rc && i < n; i++) {
		char pages[32], share[32];
		const char *row[5] = { who, model_name(m->kind), cause_name(cl[i]),
				       pages, share };

		snprintf(pages, sizeof(pages), "%.0f", a->pages[cl[i]]);
		snprintf(share, sizeof(share), "%.4f", a->swapped > 0 ?
			 a->pages[cl[i]] / a->swapped : 0);
		rc = table_add_row(t, row);
	}
	return rc;
}

struct attr_opts {
	int intervals, fmt;
	double what_if;          /* --what-if swappiness=N; NAN: none */
	const char *by;
	int64_t run;
};

static int attribute_all(const struct run_set *set, const struct attr_opts *o)
{
	static const char *const ih[] = {
		"run", "t", "swap_out", "mapped_%", "swappiness", "E", "p_kswapd",
		"p_direct", "p_need", "build_up", "p_true", "class",
	};
	static const char *const ch[] = { "run_id", "model", "class", "pages_out", "share" };
	static const int iright[] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0 };
	static const int cright[] = { 1, 0, 0, 1, 1 };
	static const char *const mh[] = {
		"run_id", "t", "reclaimer", "p_est", "p_true", "cause",
		"pages_out", "anon_scanned", "anon_scanned_pred",
	};
	static const int mright[] = { 1, 1, 0, 1, 1, 0, 1, 1, 1 };
	struct attr_walk w = { .what_if = o->what_if, .intervals = o->intervals };
	struct table csv;
	struct group_list g = { NULL, 0 };
	size_t i, k;
	int rc = table_init(&w.it, 12, ih, iright) || table_init(&csv, 5, ch, cright) ||
		 table_init(&w.mg, 9, mh, mright);
	int walk = o->intervals || !isnan(o->what_if);

	if (!rc && o->by)
		rc = group_by(set, o->by, NULL, 0, &g);
	for (i = 0; !rc && i < set->nr_runs; i++) {
		const struct run_ref *r = &set->runs[i];
		struct run_model m;
		struct attribution a;
		char who[24];

		if ((o->run > 0 && r->id != o->run) || (o->by && !o->intervals))
			continue;       /* --by replays each run in its group below */
		w.wi_pred = 0;
		w.wi_why = NULL;
		rc = replay_run(set, r, &m, &a, walk ? interval_row : NULL, &w);
		if (!rc && o->fmt == FMT_TEXT && !o->by) {
			snprintf(who, sizeof(who), "run %lld", (long long)r->id);
			print_summary(who, &m, &a, &w);
		} else if (!rc && !o->by) {
			snprintf(who, sizeof(who), "%lld", (long long)r->id);
			rc = add_csv_rows(&csv, who, &m, &a);
		}
	}
	/* per tag group: the runs' class volumes added up */
	for (k = 0; !rc && k < g.nr; k++) {
		struct attribution sum, a;
		struct run_model m;

		memset(&sum, 0, sizeof(sum));
		for (i = 0; !rc && i < g.v[k].nr; i++) {
			size_t c;

			rc = replay_run(set, &set->runs[g.v[k].runs[i]], &m, &a, NULL, NULL);
			for (c = 0; c < NR_CAUSES; c++)
				sum.pages[c] += a.pages[c];
			sum.truth_n += a.truth_n;
			sum.truth_agree += a.truth_agree;
			sum.truth_sum += a.truth_sum;
			sum.estimate_sum += a.estimate_sum;
			if (a.truth_from)
				sum.truth_from = a.truth_from;
			sum.swapped += a.swapped;
			sum.intervals += a.intervals;
			sum.swap_intervals += a.swap_intervals;
			mglru_attr_add(&sum.mglru, &a.mglru);
		}
		if (!rc && o->fmt == FMT_TEXT) {
			char who[160];

			snprintf(who, sizeof(who), "%s %s (%zu runs)", o->by,
				 g.v[k].value, g.v[k].nr);
			print_summary(who, &m, &sum, NULL);
		} else if (!rc) {
			rc = add_csv_rows(&csv, g.v[k].value, &m, &sum);
		}
	}
	if (!rc && o->fmt != FMT_TEXT)
		rc = table_print(&csv, o->fmt, stdout);
	if (!rc && o->intervals && (w.it.nr_rows > 1 || w.mg.nr_rows <= 1)) {
		printf("\n");
		rc = table_print(&w.it, o->fmt, stdout);
	}
	if (!rc && o->intervals && w.mg.nr_rows > 1) {
		printf("\n");
		rc = table_print(&w.mg, o->fmt, stdout);
	}
	table_release(&w.it);
	table_release(&w.mg);
	table_release(&csv);
	group_list_release(&g);
	return rc;
}

/* "swappiness=N", N in 0..200 (vm.swappiness's range since 5.8) */
static int parse_what_if(const char *arg, double *sw)
{
	char *end;

	if (strncmp(arg, "swappiness=", 11))
		return error("bad --what-if '%s': expected swappiness=N", arg);
	*sw = strtod(arg + 11, &end);
	if (end == arg + 11 || *end || *sw < 0 || *sw > 200)
		return error("bad --what-if '%s': swappiness is 0 to 200", arg);
	return 0;
}

int cmd_attribute(int argc, char **argv, struct cmd_ctx *ctx)
{
	static const struct option lo[] = {
		{ "intervals", no_argument, NULL, 'i' },
		{ "by", required_argument, NULL, 'b' },
		{ "format", required_argument, NULL, 'f' },
		{ "what-if", required_argument, NULL, 'w' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct attr_opts o = { .fmt = FMT_TEXT, .what_if = NAN };
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
		if (c == 'w' && parse_what_if(optarg, &o.what_if)) {
			attribute_usage(stderr);
			return EXIT_USAGE;
		}
		if (c == 'w')
			continue;
		if (c == 'i')
			o.intervals = 1;
		else if (c == 'b')
			o.by = optarg;
		else if (c != 'f' || (o.fmt = table_parse_format(optarg)) < 0) {
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
