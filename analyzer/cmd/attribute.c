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
#include "rundb.h"
#include "table.h"
#include "banned.h"

/* What the replay needs to know about a run, and how it knows it. */
struct run_model {
	enum model_kind kind;
	int version[3], memcg;
	char kernel_from[16];      /* facts, tag, counters */
	double swappiness, total_pages, high_wmarks, page_size;
	char assumed[256];
};

struct attribution {
	double pages[NR_CAUSES];
	double swapped, intervals, swap_intervals;
	/* ground truth: zoneinfo's prev_priority against the estimate */
	double truth_n, truth_agree, truth_sum, estimate_sum;
};

static const enum cause classic_classes[] = {
	CAUSE_MAPPED, CAUSE_DISTRESS, CAUSE_BUILDUP, CAUSE_NEAR_OOM,
	CAUSE_UNEXPLAINED,
};
static const enum cause split_classes[] = {
	CAUSE_FILE_TINY, CAUSE_MEMCG, CAUSE_DISTRESS, CAUSE_REFAULT,
	CAUSE_SWAPPINESS, CAUSE_BUILDUP, CAUSE_UNEXPLAINED,
};
static const enum cause mglru_classes[] = { CAUSE_UNEXPLAINED };

static const enum cause *model_classes(enum model_kind k, size_t *n)
{
	if (k == MODEL_CLASSIC) {
		*n = sizeof(classic_classes) / sizeof(classic_classes[0]);
		return classic_classes;
	}
	if (k == MODEL_SPLIT) {
		*n = sizeof(split_classes) / sizeof(split_classes[0]);
		return split_classes;
	}
	*n = 1;
	return mglru_classes;
}

static void attribute_usage(FILE *out)
{
	fprintf(out, "usage: vmscope attribute [--intervals] [--by TAG] "
		"[--format text|csv|markdown] DB... [RUN]\n");
}

static void note(struct run_model *m, const char *what)
{
	size_t n = strlen(m->assumed);

	snprintf(m->assumed + n, sizeof(m->assumed) - n, "%s%s", n ? "; " : "",
		 what);
}

/* One-row query of the run's facts, kept in m. */
static int read_facts(sqlite3 *db, const char *path, const struct run_ref *r,
		      struct run_model *m, char *lru_gen, size_t cap)
{
	sqlite3_stmt *st;
	int rc;

	if (db_prepare(db, path, "SELECT swappiness, cgroup_swappiness, "
		       "cgroup IS NOT NULL, mem_total_kb, lru_gen, "
		       "(SELECT sum(high_pages) FROM watermark w WHERE w.run_id = r.id) "
		       "FROM run r WHERE id = ?", &st))
		return -1;
	sqlite3_bind_int64(st, 1, r->id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		int cg = sqlite3_column_int(st, 2);
		int col = cg && sqlite3_column_type(st, 1) != SQLITE_NULL ? 1 : 0;

		m->memcg = cg;
		m->swappiness = sqlite3_column_type(st, col) == SQLITE_NULL ? NAN :
				sqlite3_column_double(st, col);
		m->total_pages = sqlite3_column_type(st, 3) == SQLITE_NULL ? NAN :
				 sqlite3_column_double(st, 3) * 1024 / m->page_size;
		snprintf(lru_gen, cap, "%s", sqlite3_column_type(st, 4) == SQLITE_NULL ?
			 "" : (const char *)sqlite3_column_text(st, 4));
		m->high_wmarks = sqlite3_column_double(st, 5);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 0 : db_error(db, path, "cannot read");
}

/* MGLRU is on unless the value is absent, "none" or all zero bits. */
static int lru_gen_on(const char *v)
{
	return *v && strcmp(v, "none") && strtol(v, NULL, 0) != 0;
}

/* Guess the era from the names (reclaim-model.md, section 7). */
static void version_from_counters(const struct metric_set *set, int v[3])
{
	int era[3] = { 2, 6, 9 };

	if (metric_available(set, METRIC_anon_scanned))
		era[0] = 5, era[1] = 8, era[2] = 0;
	else if (metric_available(set, METRIC_file_lru_pages))
		era[0] = 2, era[1] = 6, era[2] = 28;
	memcpy(v, era, sizeof(era));
}

static int choose_model(const struct run_set *set, const struct run_ref *r,
			const struct metric_set *ms, struct run_model *m)
{
	const char *tag;
	char lru[32];

	memset(m, 0, sizeof(*m));
	m->page_size = r->page_size > 0 ? (double)r->page_size : 4096;
	if (read_facts(set->dbs[r->db], set->paths[r->db], r, m, lru, sizeof(lru)))
		return -1;
	if (r->kernel && !model_parse_version(r->kernel, m->version)) {
		snprintf(m->kernel_from, sizeof(m->kernel_from), "facts");
	} else if ((tag = run_value(r, "kernel")) &&
		   !model_parse_version(tag, m->version)) {
		snprintf(m->kernel_from, sizeof(m->kernel_from), "tag");
	} else {
		version_from_counters(ms, m->version);
		snprintf(m->kernel_from, sizeof(m->kernel_from), "counters");
		note(m, "kernel era guessed from the counter names");
	}
	if ((tag = run_value(r, "lru_gen")) && !*lru)
		snprintf(lru, sizeof(lru), "%s", tag);
	if ((tag = run_value(r, "memcg")) && !m->memcg)
		m->memcg = !strcmp(tag, "yes");
	if (isnan(m->swappiness) && (tag = run_value(r, "swappiness")))
		m->swappiness = strtod(tag, NULL);
	if (isnan(m->swappiness)) {
		m->swappiness = 60;
		note(m, "swappiness 60 (the default) assumed");
	}
	if (m->high_wmarks <= 0)
		note(m, "zone watermarks unknown (file-tiny and kswapd targets off)");
	if (model_version_cmp(m->version, 2, 6, 28) < 0)
		m->kind = MODEL_CLASSIC;
	else if (model_version_cmp(m->version, 6, 1, 0) >= 0 && lru_gen_on(lru))
		m->kind = MODEL_MGLRU;
	else
		m->kind = MODEL_SPLIT;
	if (m->kind == MODEL_MGLRU)
		note(m, "MGLRU is outside the model: all swap-out is unexplained");
	return 0;
}

/* value of metric m, NAN when the kernel lacks it */
static double mv(const struct metric_set *s, enum metric_id m, const int64_t *v)
{
	int64_t out;

	return metric_value(s, m, v, &out) ? NAN : (double)out;
}

static void fill_interval(const struct metric_set *s, const int64_t *d,
			  const int64_t *g, const struct run_model *m,
			  double dt, struct interval_in *in)
{
	memset(in, 0, sizeof(*in));
	in->dt_s = dt;
	in->scan_kswapd = mv(s, METRIC_kswapd_scanned, d);
	in->steal_kswapd = mv(s, METRIC_kswapd_reclaimed, d);
	in->kswapd_runs = mv(s, METRIC_kswapd_runs, d);
	in->scan_direct = mv(s, METRIC_direct_scanned, d);
	in->steal_direct = mv(s, METRIC_direct_reclaimed, d);
	in->stalls = mv(s, METRIC_alloc_stalls, d);
	in->refill = mv(s, METRIC_refill, d);
	in->swap_out = mv(s, METRIC_swap_out, d);
	in->scan_anon = mv(s, METRIC_anon_scanned, d);
	in->scan_file = mv(s, METRIC_file_scanned, d);
	in->scan_khugepaged = mv(s, METRIC_khugepaged_scanned, d);
	in->file_refaults = mv(s, METRIC_file_refaults, d);
	in->mapped = mv(s, METRIC_mapped_pages, g);
	in->inactive = mv(s, METRIC_inactive_pages, g);
	in->active = mv(s, METRIC_active_pages, g);
	in->file_lru = mv(s, METRIC_file_lru_pages, g);
	in->free = mv(s, METRIC_free_pages, g);
	in->zone_scanned = mv(s, METRIC_zone_scanned, g);
	in->total = m->total_pages;
	if (isnan(in->total))
		in->total = mv(s, METRIC_mem_total, g) * 1024 / m->page_size;
	in->high_wmark_sum = m->high_wmarks;
	in->swappiness = m->swappiness;
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

/* Replay one run; rows of --intervals go to t (may be NULL). */
static int replay(const struct run_set *set, const struct run_ref *r,
		  struct run_model *m, struct attribution *a, struct table *t)
{
	struct sample_iter it;
	struct metric_set ms;
	char **names = NULL;
	int64_t *d = NULL, prev_t = 0;
	int rc, resolved = 0;

	memset(a, 0, sizeof(*a));
	rc = sample_iter_open(&it, set->dbs[r->db], set->paths[r->db], r->id);
	if (!rc) {
		names = sample_iter_metric_names(&it);
		d = malloc((it.c.nr ? it.c.nr : 1) * sizeof(*d));
		rc = !names || !d ||
		     metric_set_resolve(&ms, (const char *const *)names, it.c.nr) ?
		     error("out of memory") : 0;
		resolved = !rc;
	}
	if (!rc)
		rc = choose_model(set, r, &ms, m);
	while (!rc && (rc = sample_iter_next(&it)) == 1) {
		struct interval_in in;
		struct interval_out o;
		double truth;
		size_t i;

		rc = 0;
		if (it.seq == 0) {
			prev_t = it.t_us;
			continue;
		}
		for (i = 0; i < it.c.nr; i++)
			d[i] = it.delta_valid[i] ? it.delta[i] : 0;
		fill_interval(&ms, d, it.value, m, (double)(it.t_us - prev_t) / 1e6, &in);
		prev_t = it.t_us;
		if (m->kind == MODEL_CLASSIC)
			model_classic(&in, m->version, &o);
		else if (m->kind == MODEL_SPLIT)
			model_split(&in, m->memcg, &o);
		else
			memset(&o, 0, sizeof(o)), o.cause = CAUSE_UNEXPLAINED;
		a->intervals++;
		truth = mv(&ms, METRIC_prev_priority, it.value);
		if (!isnan(truth) && !isnan(o.p_hat)) {
			/* estimates are good to about one level */
			a->truth_n++;
			a->truth_agree += fabs(round(o.p_hat) - truth) <= 1;
			a->truth_sum += truth;
			a->estimate_sum += o.p_hat;
		}
		if (in.swap_out > 0) {
			a->swapped += in.swap_out;
			a->pages[o.cause] += in.swap_out;
			a->swap_intervals++;
		}
		if (t && (in.swap_out > 0 || in.scan_kswapd > 0 || in.scan_direct > 0))
			rc = add_interval_row(t, r->id, (double)it.t_us / 1e6, &in, &o,
					      truth);
	}
	if (resolved)
		metric_set_release(&ms);
	sample_iter_free_names(&it, names);
	free(d);
	sample_iter_release(&it);
	return rc < 0 ? -1 : 0;
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
		printf("  priority: estimated %.1f, prev_priority (zoneinfo) %.1f on "
		       "average; within one level in %.0f of %.0f intervals\n",
		       a->estimate_sum / a->truth_n, a->truth_sum / a->truth_n,
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

static int attribute_all(const struct run_set *set, const struct attr_opts *o)
{
	static const char *const ih[] = {
		"run", "t", "swap_out", "mapped_%", "swappiness", "E", "p_kswapd",
		"p_direct", "p_need", "build_up", "prev_priority", "class",
	};
	static const char *const ch[] = { "run_id", "model", "class", "pages_out", "share" };
	static const int iright[] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0 };
	static const int cright[] = { 1, 0, 0, 1, 1 };
	struct table it, csv;
	struct group_list g = { NULL, 0 };
	size_t i, k;
	int rc = table_init(&it, 12, ih, iright) || table_init(&csv, 5, ch, cright);

	if (!rc && o->by)
		rc = group_by(set, o->by, NULL, 0, &g);
	for (i = 0; !rc && i < set->nr_runs; i++) {
		const struct run_ref *r = &set->runs[i];
		struct run_model m;
		struct attribution a;
		char who[24];

		if (o->run > 0 && r->id != o->run)
			continue;
		rc = replay(set, r, &m, &a, o->intervals ? &it : NULL);
		if (!rc && o->fmt == FMT_TEXT && !o->by) {
			snprintf(who, sizeof(who), "run %lld", (long long)r->id);
			print_summary(who, &m, &a);
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

			rc = replay(set, &set->runs[g.v[k].runs[i]], &m, &a, NULL);
			for (c = 0; c < NR_CAUSES; c++)
				sum.pages[c] += a.pages[c];
			sum.truth_n += a.truth_n;
			sum.truth_agree += a.truth_agree;
			sum.truth_sum += a.truth_sum;
			sum.estimate_sum += a.estimate_sum;
			sum.swapped += a.swapped;
			sum.intervals += a.intervals;
			sum.swap_intervals += a.swap_intervals;
		}
		if (!rc && o->fmt == FMT_TEXT) {
			char who[160];

			snprintf(who, sizeof(who), "%s %s (%zu runs)", o->by,
				 g.v[k].value, g.v[k].nr);
			print_summary(who, &m, &sum);
		} else if (!rc) {
			rc = add_csv_rows(&csv, g.v[k].value, &m, &sum);
		}
	}
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
