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
		"[--format text|csv|markdown] DB... [RUN]\n");
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
	if (!(in->swap_out > 0 || in->scan_kswapd > 0 || in->scan_direct > 0))
		return 0;
	return add_interval_row(ctx, run, t_s, in, o, truth);
}

/* who: "run 3" or "swappiness 60 (3 runs)" */
static void print_summary(const char *who, const struct run_model *m,
			  const struct attribution *a)
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
	const char *by;
	int64_t run;
};

static void attribution_add(struct attribution *sum, const struct attribution *a)
{
	size_t c;

	for (c = 0; c < NR_CAUSES; c++)
		sum->pages[c] += a->pages[c];
	sum->truth_n += a->truth_n;
	sum->truth_agree += a->truth_agree;
	sum->truth_sum += a->truth_sum;
	sum->estimate_sum += a->estimate_sum;
	if (a->truth_from)
		sum->truth_from = a->truth_from;
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
	size_t nr[NR_MODELS] = { 0 }, i;
	int rc = 0, kinds = 0, k;

	memset(sum, 0, sizeof(sum));
	for (i = 0; !rc && i < grp->nr; i++) {
		rc = replay_run(set, &set->runs[grp->runs[i]], &m, &a, NULL, NULL);
		if (rc)
			break;
		if (!nr[m.kind]++) {
			first[m.kind] = m;
			kinds++;
		}
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
			print_summary(who, &first[k], &sum[k]);
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
	size_t i, one = 0;

	if (o->run <= 0)
		return group_by(set, o->by, NULL, 0, g);
	for (i = 0; i < set->nr_runs && set->runs[i].id != o->run; i++)
		;
	one = i;
	return group_by(set, o->by, &one, 1, g);
}

static int attribute_all(const struct run_set *set, const struct attr_opts *o)
{
	static const char *const ih[] = {
		"run", "t", "swap_out", "mapped_%", "swappiness", "E", "p_kswapd",
		"p_direct", "p_need", "build_up", "p_true", "class",
	};
	static const char *const ch[] = { "run_id", "model", "class", "pages_out", "share" };
	static const int iright[] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0 };
	static const int cright[] = { 1, 0, 0, 1, 1 };
	struct table it, csv;
	struct group_list g = { NULL, 0 };
	size_t i, k;
	int rc = table_init(&it, 12, ih, iright) || table_init(&csv, 5, ch, cright);

	for (i = 0; o->run > 0 && i < set->nr_runs && set->runs[i].id != o->run; i++)
		;
	if (!rc && o->run > 0 && i == set->nr_runs)
		rc = error("attribute: no run %lld in the databases given",
			   (long long)o->run);

	if (!rc && o->by)
		rc = group_runs(set, o, &g);
	for (i = 0; !rc && i < set->nr_runs; i++) {
		const struct run_ref *r = &set->runs[i];
		struct run_model m;
		struct attribution a;
		char who[24];

		if ((o->run > 0 && r->id != o->run) || (o->by && !o->intervals))
			continue;       /* --by replays each run in its group below */
		rc = replay_run(set, r, &m, &a, o->intervals ? interval_row : NULL, &it);
		if (!rc && o->fmt == FMT_TEXT && !o->by) {
			snprintf(who, sizeof(who), "run %lld", (long long)r->id);
			print_summary(who, &m, &a);
		} else if (!rc && !o->by) {
			snprintf(who, sizeof(who), "%lld", (long long)r->id);
			rc = add_csv_rows(&csv, who, &m, &a);
		}
	}
	/* per tag group and model: the runs' class volumes added up */
	for (k = 0; !rc && k < g.nr; k++)
		rc = attribute_group(set, o, &g.v[k], &csv);
	if (!rc && o->fmt != FMT_TEXT)
		rc = table_print(&csv, o->fmt, stdout);
	if (!rc && o->intervals) {
		printf("\n");
		rc = table_print(&it, o->fmt, stdout);
	}
	table_release(&it);
	table_release(&csv);
	group_list_release(&g);
	return rc;
}

int cmd_attribute(int argc, char **argv, struct cmd_ctx *ctx)
{
	static const struct option lo[] = {
		{ "intervals", no_argument, NULL, 'i' },
		{ "by", required_argument, NULL, 'b' },
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
