/*
 * plot.c - vmscope plot DB... --out DIR [--format png|svg|pdf|dumb]
 *          [--chart LIST] [--run ID] [--by TAG] [--rows TAG]
 *
 * Charts, each as DIR/NAME.dat (the numbers), DIR/NAME.gp (a script
 * rendered from plots/NAME.gp, so `cd DIR && gnuplot NAME.gp` redraws it
 * and a person can edit it) and the image:
 *   timeseries   rates and memory over time with the markers, for one run
 *                (--run, else the last) or all of them with --overlay
 *   swappiness   swap used, I/O and page cache against --rows, one line
 *                per --by value, min-max error bars
 *   attribution  swapped-out MB by cause, stacked per --by / --rows group
 *   priority     one run's estimated reclaim priority next to swap-out
 *   compare      canonical metrics per --by group, % of the first group
 * With --format dumb the charts are text for e-mail, also printed here.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd.h"
#include "err.h"
#include "gp.h"
#include "groups.h"
#include "metrics.h"
#include "mstream.h"
#include "replay.h"
#include "rundb.h"
#include "runstats.h"
#include "stats.h"
#include "sweep.h"
#include "banned.h"

struct plot_opts {
	const char *dir, *by, *rows;
	enum gp_format fmt;
	int64_t run;
	int overlay;
	int want[5];
};

enum { CH_TIMESERIES, CH_SWAPPINESS, CH_ATTRIBUTION, CH_PRIORITY, CH_COMPARE };
static const char *const chart_names[] = {
	"timeseries", "swappiness", "attribution", "priority", "compare",
};
#define NR_CHARTS 5

static void plot_usage(FILE *out)
{
	fprintf(out, "usage: vmscope plot DB... --out DIR [--format png|svg|pdf|dumb]\n"
		"                    [--chart timeseries,swappiness,attribution,priority,compare]\n"
		"                    [--run ID] [--overlay] [--by TAG] [--rows TAG]\n");
}

/* A data file in dir; NULL with a message. */
static FILE *dat_open(const struct plot_opts *o, const char *name)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s.dat", o->dir, name);
	f = fopen(path, "w");
	if (!f)
		error_errno("cannot write '%s'", path);
	return f;
}

static int dat_close(const struct plot_opts *o, const char *name, FILE *f)
{
	if (ferror(f) | fclose(f))
		return error_errno("cannot write '%s/%s.dat'", o->dir, name);
	return 0;
}

/* A value for a data file: NaN is gnuplot's missing point. */
static void put(FILE *f, double v)
{
	if (isnan(v) || isinf(v))
		fputs(" NaN", f);
	else
		fprintf(f, " %.6g", v);
}

/* put(), noting in *seen that the column has a point at all */
static void put_seen(FILE *f, double v, int *seen)
{
	put(f, v);
	*seen |= !(isnan(v) || isinf(v));
}

/*
 * gnuplot stops on a plot whose every point is undefined (a kernel that
 * lacks the counters): such a panel says so instead.
 */
static int no_data(struct gp_text *t)
{
	gp_text_release(t);
	return gp_printf(t, "0 with lines dashtype 3 title 'no data in these runs'");
}

/* A label inside a data file: double-quoted, no quotes or controls in it. */
static void put_label(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++)
		fputc(*s == '"' ? '\'' : (unsigned char)*s < 0x20 ? ' ' : *s, f);
	fputc('"', f);
}

/* "'name.dat' index i using 1:c with lines title '<who> what'" */
static int clause(struct gp_text *t, const char *dat, long index, const char *using,
		  const char *style, const char *who, const char *what)
{
	char title[512];

	snprintf(title, sizeof(title), "%s%s%s", who, *who && *what ? " " : "", what);
	if (t->len && gp_printf(t, ", \\\n     "))
		return -1;
	if (gp_printf(t, "'%s.dat'", dat) ||
	    (index >= 0 && gp_printf(t, " index %ld", index)) ||
	    gp_printf(t, " using %s with %s title ", using, style))
		return -1;
	return gp_quote(t, title);
}

/* A run's name for legends: "run 3 (kernel 6.1, swappiness 60)". */
static void run_name(const struct run_ref *r, const char *by, char *buf,
		     size_t cap)
{
	const char *kernel = run_value(r, "kernel"), *tag = run_value(r, by);
	int other = tag && strcmp(by, "kernel");

	snprintf(buf, cap, "run %lld%s%s%s%s%s%s%s", (long long)r->id,
		 kernel || other ? " (" : "", kernel ? "kernel " : "",
		 kernel ? kernel : "", kernel && other ? ", " : "",
		 other ? by : "", other ? " " : "", other ? tag : "");
	if (kernel || other)
		snprintf(buf + strlen(buf), cap - strlen(buf), ")");
}

/* ------------------------------------------------------------------ */
/* rendering                                                           */
/* ------------------------------------------------------------------ */

/*
 * A text chart, cleaned of the form feed gnuplot's dumb terminal starts a
 * page with (it would garble an e-mail), rewritten and printed here.
 */
static int show_dumb(const struct plot_opts *o, const char *name)
{
	char path[4096];
	struct gp_text t = { NULL, 0, 0 };
	FILE *f;
	int c;

	snprintf(path, sizeof(path), "%s/%s.txt", o->dir, name);
	f = fopen(path, "r");
	if (!f)
		return error_errno("cannot read '%s'", path);
	while ((c = fgetc(f)) != EOF)
		if (c != '\f' && gp_printf(&t, "%c", c))
			break;
	fclose(f);
	f = fopen(path, "w");
	if (!f || (t.len && fwrite(t.buf, 1, t.len, f) != t.len) | fclose(f)) {
		gp_text_release(&t);
		return error_errno("cannot write '%s'", path);
	}
	if (t.len)
		fwrite(t.buf, 1, t.len, stdout);
	gp_text_release(&t);
	return 0;
}

/*
 * Finish a chart: close its data file, then, if nothing failed so far
 * (rc == 0), render the script and run gnuplot.  The values are released
 * either way.
 */
static int render(const struct plot_opts *o, const char *name, FILE *dat,
		  int rc, const char *const *keys, struct gp_text *vals, size_t n)
{
	const char *values[8];
	size_t i;

	if (dat && dat_close(o, name, dat))
		rc = -1;
	for (i = 0; i < n; i++)
		values[i] = vals[i].buf ? vals[i].buf : "";
	rc = rc || gp_render(o->dir, name, o->fmt, keys, values, n) ||
	     gp_run(o->dir, name) ||
	     (o->fmt == GP_DUMB && show_dumb(o, name));
	if (!rc)
		fprintf(stderr, "vmscope: wrote %s/%s.%s (and %s.gp, %s.dat)\n",
			o->dir, name, gp_extension(o->fmt), name, name);
	for (i = 0; i < n; i++)
		gp_text_release(&vals[i]);
	return rc ? -1 : 0;
}

/* Markers as dashed vertical lines with their text. */
static int markers(struct gp_text *t, const struct run_set *set,
		   const struct run_ref *r)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(set->dbs[r->db], "SELECT t_us / 1e6, text FROM "
			       "marker WHERE run_id = ? ORDER BY t_us", -1, &st,
			       NULL) != SQLITE_OK)
		return error("cannot read '%s': %s", set->paths[r->db],
			     sqlite3_errmsg(set->dbs[r->db]));
	sqlite3_bind_int64(st, 1, r->id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		double at = sqlite3_column_double(st, 0);

		if (gp_printf(t, "set arrow from %.6g, graph 0 to %.6g, graph 1 "
			      "nohead dashtype 2\nset label ", at, at) ||
		    gp_quote(t, (const char *)sqlite3_column_text(st, 1)) ||
		    gp_printf(t, " at %.6g, graph 0.95 rotate by 90 right front\n", at))
			break;
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

/* ------------------------------------------------------------------ */
/* timeseries                                                          */
/* ------------------------------------------------------------------ */

static const enum metric_id rate_metrics[] = {
	METRIC_swap_out, METRIC_swap_in, METRIC_kswapd_scanned,
	METRIC_direct_scanned, METRIC_kswapd_reclaimed, METRIC_direct_reclaimed,
};
static const enum metric_id mem_metrics[] = {
	METRIC_free_pages, METRIC_file_pages, METRIC_anon_pages,
};

/* One run's block: t, six rates, three memory figures in MB. */
static int timeseries_block(FILE *f, const struct run_set *set,
			    const struct run_ref *r, int *seen)
{
	struct metric_stream ms;
	int64_t prev_t = 0;
	double mb = (double)r->page_size / (1 << 20);
	int rc = metric_stream_open(&ms, set->dbs[r->db], set->paths[r->db], r->id);

	while (!rc && (rc = metric_stream_next(&ms)) == 1) {
		double dt = (double)(ms.it.t_us - prev_t) / 1e6;
		size_t i;

		rc = 0;
		fprintf(f, "%.6g", (double)ms.it.t_us / 1e6);
		for (i = 0; i < sizeof(rate_metrics) / sizeof(rate_metrics[0]); i++)
			put_seen(f, ms.it.seq && dt > 0 ?
				 metric_stream_value(&ms, rate_metrics[i]) / dt : NAN,
				 &seen[i < 2 ? 0 : 1]);
		for (i = 0; i < sizeof(mem_metrics) / sizeof(mem_metrics[0]); i++)
			put_seen(f, metric_stream_value(&ms, mem_metrics[i]) * mb,
				 &seen[2]);
		fputc('\n', f);
		prev_t = ms.it.t_us;
	}
	fputs("\n\n", f);
	metric_stream_release(&ms);
	return rc < 0 ? -1 : 0;
}

static int chart_timeseries(const struct plot_opts *o, const struct run_set *set,
			    const size_t *runs, size_t nr)
{
	static const char *const keys[] = { "TITLE", "MARKERS", "SWAP", "SCAN", "MEMORY" };
	static const char *const rates[] = {
		"swap out", "swap in", "kswapd scanned", "direct scanned",
		"kswapd reclaimed", "direct reclaimed",
	};
	static const char *const mem[] = { "free", "page cache", "anon" };
	struct gp_text v[5] = { { 0 } };
	FILE *f = dat_open(o, "timeseries");
	int seen[3] = { 0, 0, 0 };
	size_t k, i;
	int rc = f ? 0 : -1;

	for (k = 0; !rc && k < nr; k++) {
		const struct run_ref *r = &set->runs[runs[k]];
		char who[256], using[16];

		if (nr > 1)
			snprintf(who, sizeof(who), "run %lld", (long long)r->id);
		else
			run_name(r, o->rows, who, sizeof(who));
		rc = timeseries_block(f, set, r, seen) ||
		     (nr == 1 && markers(&v[1], set, r));
		for (i = 0; !rc && i < 6; i++) {
			snprintf(using, sizeof(using), "1:%zu", i + 2);
			rc = clause(&v[i < 2 ? 2 : 3], "timeseries", (long)k, using,
				    "lines", nr > 1 ? who : "", rates[i]);
		}
		for (i = 0; !rc && i < 3; i++) {
			snprintf(using, sizeof(using), "1:%zu", i + 8);
			rc = clause(&v[4], "timeseries", (long)k, using, "lines",
				    nr > 1 ? who : "", mem[i]);
		}
		if (!rc && k == 0) {
			char title[300];

			if (nr > 1)
				snprintf(title, sizeof(title), "vmscope: %zu runs "
					 "overlaid", nr);
			else
				snprintf(title, sizeof(title), "vmscope: %s", who);
			rc = gp_quote(&v[0], title);
		}
	}
	for (i = 0; !rc && i < 3; i++)
		if (!seen[i])
			rc = no_data(&v[2 + i]);
	return render(o, "timeseries", f, rc, keys, v, 5);
}

/* ------------------------------------------------------------------ */
/* swappiness                                                          */
/* ------------------------------------------------------------------ */

/* One row of the sweep: x, then mean, min, max of the three figures. */
static int sweep_row(FILE *f, const struct run_set *set, const struct group *g,
		     int *seen)
{
	double *x[NR_FIGS], fig[NR_FIGS];
	size_t n[NR_FIGS] = { 0 }, k, c;
	char *end;
	double at = strtod(g->value, &end);
	int rc = 0;

	if (end == g->value || *end)
		return 0;            /* not a number: no place on the axis */
	for (c = 0; c < NR_FIGS; c++)
		if (!(x[c] = malloc((g->nr ? g->nr : 1) * sizeof(double))))
			rc = error("out of memory");
	for (k = 0; !rc && k < g->nr; k++) {
		rc = sweep_run_figures(set, &set->runs[g->runs[k]], fig, NULL);
		for (c = 0; !rc && c < NR_FIGS; c++)
			if (!isnan(fig[c]))
				x[c][n[c]++] = fig[c];
	}
	if (!rc) {
		static const int order[] = { FIG_SWAP, FIG_IO, FIG_CACHE };

		fprintf(f, "%.6g", at);
		for (c = 0; c < NR_FIGS; c++) {
			struct summary s;

			summary_of(x[order[c]], n[order[c]], &s);
			put_seen(f, s.n ? s.mean : NAN, &seen[c]);
			put(f, s.n ? s.min : NAN);
			put(f, s.n ? s.max : NAN);
		}
		fputc('\n', f);
	}
	for (c = 0; c < NR_FIGS; c++)
		free(x[c]);
	return rc;
}

static int chart_swappiness(const struct plot_opts *o, const struct run_set *set,
			    const struct group_list *blocks)
{
	static const char *const keys[] = { "TITLE", "XLABEL", "SWAP", "IO", "CACHE" };
	struct gp_text v[5] = { { 0 } };
	FILE *f = dat_open(o, "swappiness");
	int seen[NR_FIGS] = { 0 };
	size_t b, i;
	int rc = f ? 0 : -1;
	char title[256];

	for (b = 0; !rc && b < blocks->nr; b++) {
		struct group_list rows;
		char who[256];

		rc = group_by(set, o->rows, blocks->v[b].runs, blocks->v[b].nr, &rows);
		if (rc)
			break;
		sweep_sort_groups(&rows);
		for (i = 0; !rc && i < rows.nr; i++)
			rc = sweep_row(f, set, &rows.v[i], seen);
		fputs("\n\n", f);
		group_list_release(&rows);
		snprintf(who, sizeof(who), "%s %s", o->by, blocks->v[b].value);
		rc = rc || clause(&v[2], "swappiness", (long)b, "1:2:3:4",
				  "yerrorlines", who, "") ||
		     clause(&v[3], "swappiness", (long)b, "1:5:6:7", "yerrorlines", who, "") ||
		     clause(&v[4], "swappiness", (long)b, "1:8:9:10", "yerrorlines", who, "");
	}
	for (i = 0; !rc && i < NR_FIGS; i++)
		if (!seen[i])
			rc = no_data(&v[2 + i]);
	snprintf(title, sizeof(title), "vmscope: %s sweep by %s", o->rows, o->by);
	rc = rc || gp_quote(&v[0], title) || gp_quote(&v[1], o->rows);
	return render(o, "swappiness", f, rc, keys, v, 5);
}

/* ------------------------------------------------------------------ */
/* attribution                                                         */
/* ------------------------------------------------------------------ */

static int chart_attribution(const struct plot_opts *o, const struct run_set *set,
			     const struct group_list *blocks)
{
	static const char *const keys[] = { "TITLE", "BARS" };
	struct gp_text v[2] = { { 0 } };
	double used[NR_CAUSES] = { 0 };
	FILE *f = dat_open(o, "attribution");
	size_t b, i, k, c, col;
	int rc = f ? 0 : -1;

	for (b = 0; !rc && b < blocks->nr; b++) {
		struct group_list rows;

		rc = group_by(set, o->rows, blocks->v[b].runs, blocks->v[b].nr, &rows);
		if (rc)
			break;
		sweep_sort_groups(&rows);
		for (i = 0; !rc && i < rows.nr; i++) {
			struct attribution sum, a;
			struct run_model m;
			char label[256];

			memset(&sum, 0, sizeof(sum));
			for (k = 0; !rc && k < rows.v[i].nr; k++) {
				rc = replay_run(set, &set->runs[rows.v[i].runs[k]],
						&m, &a, NULL);
				for (c = 0; c < NR_CAUSES; c++)
					sum.pages[c] += a.pages[c] / (double)rows.v[i].nr;
			}
			snprintf(label, sizeof(label), "%s / %s", blocks->v[b].value,
				 rows.v[i].value);
			put_label(f, label);
			for (c = 0; c < NR_CAUSES; c++) {
				double mbytes = sum.pages[c] * (double)set->runs[rows.v[i].runs[0]].page_size / (1 << 20);

				put(f, mbytes);
				used[c] += mbytes;
			}
			fputc('\n', f);
		}
		group_list_release(&rows);
	}
	/* a bar segment per cause that occurs; unexplained always */
	for (c = 0, col = 2; !rc && c < NR_CAUSES; c++, col++) {
		char using[32];

		if (!used[c] && c != CAUSE_UNEXPLAINED)
			continue;
		snprintf(using, sizeof(using), "%zu%s", col, v[1].len ? "" : ":xtic(1)");
		rc = clause(&v[1], "attribution", -1, using, "histograms", "",
			    cause_name((enum cause)c));
	}
	if (!rc) {
		char title[256];

		snprintf(title, sizeof(title), "vmscope: swap-out by cause, mean per run, %s / %s",
			 o->by, o->rows);
		rc = gp_quote(&v[0], title);
	}
	return render(o, "attribution", f, rc, keys, v, 2);
}

/* ------------------------------------------------------------------ */
/* priority                                                            */
/* ------------------------------------------------------------------ */

struct priority_ctx {
	FILE *f;
	int seen[2];       /* any priority at all; any swap-out rate */
};

/*
 * Split LRU: the scan-weighted estimates of kswapd and of every other
 * reclaimer, and the traced scan-weighted truth of kswapd (the other
 * reclaimers' truth is in `attribute --intervals`); classic: the
 * estimates and the deepest traced or zoneinfo priority.
 */
static int priority_row(void *ctx, const struct replay_iv *iv)
{
	struct priority_ctx *pc = ctx;
	double truth = iv->split ? iv->p_true[RC_KSWAPD] : iv->truth;

	fprintf(pc->f, "%.6g", iv->t_s);
	put_seen(pc->f, iv->out->p_kswapd, &pc->seen[0]);
	put_seen(pc->f, iv->out->p_direct, &pc->seen[0]);
	put_seen(pc->f, truth, &pc->seen[0]);
	put_seen(pc->f, iv->in->dt_s > 0 ? iv->in->swap_out / iv->in->dt_s : NAN,
		 &pc->seen[1]);
	fputc('\n', pc->f);
	return 0;
}

static int chart_priority(const struct plot_opts *o, const struct run_set *set,
			  const struct run_ref *r)
{
	static const char *const keys[] = { "TITLE", "MARKERS", "PRIORITY", "SWAP" };
	struct gp_text v[4] = { { 0 } };
	FILE *f = dat_open(o, "priority");
	struct priority_ctx pc = { f, { 0, 0 } };
	struct run_model m;
	struct attribution a;
	char who[256], title[300];
	int rc = f ? 0 : -1;

	run_name(r, o->rows, who, sizeof(who));
	snprintf(title, sizeof(title), "vmscope: reclaim priority, %s", who);
	struct replay_opts ro = { NAN, priority_row, &pc };

	rc = rc || replay_run(set, r, &m, &a, &ro) ||
	     markers(&v[1], set, r) ||
	     clause(&v[2], "priority", -1, "1:2", "linespoints", "", "kswapd (estimated)") ||
	     clause(&v[2], "priority", -1, "1:3", "linespoints", "", "direct reclaim (estimated)") ||
	     clause(&v[2], "priority", -1, "1:4", "lines", "",
		    a.truth_from ? a.truth_from : "true priority (not recorded)") ||
	     clause(&v[3], "priority", -1, "1:5", "lines", "", "swap out") ||
	     gp_quote(&v[0], title) ||
	     (!pc.seen[0] && no_data(&v[2])) || (!pc.seen[1] && no_data(&v[3]));
	return render(o, "priority", f, rc, keys, v, 4);
}

/* ------------------------------------------------------------------ */
/* compare                                                             */
/* ------------------------------------------------------------------ */

/* Mean of a stat over a group's runs; NAN when none has it. */
static double group_mean(struct run_stats *st, size_t n, enum stat_id id)
{
	double sum = 0;
	size_t k, ok = 0;

	for (k = 0; k < n; k++)
		if (st[k].s[id].state == STAT_OK) {
			sum += st[k].s[id].v;
			ok++;
		}
	return ok ? sum / (double)ok : NAN;
}

static int chart_compare(const struct plot_opts *o, const struct run_set *set,
			 const struct group_list *g)
{
	static const char *const keys[] = { "TITLE", "BARS" };
	struct gp_text v[2] = { { 0 } };
	struct run_stats **st = calloc(g->nr ? g->nr : 1, sizeof(*st));
	FILE *f = dat_open(o, "compare");
	size_t i, k, id, rows = 0;
	int rc = f && st ? 0 : -1;

	for (i = 0; !rc && i < g->nr; i++) {
		st[i] = calloc(g->v[i].nr, sizeof(**st));
		for (k = 0; st[i] && !rc && k < g->v[i].nr; k++) {
			const struct run_ref *r = &set->runs[g->v[i].runs[k]];

			rc = run_stats_compute(set->dbs[r->db], set->paths[r->db],
					       r->id, -1, 1e300, &st[i][k]);
		}
		rc = rc || !st[i];
	}
	for (id = 0; !rc && id < NR_STATS; id++) {
		double base = group_mean(st[0], g->v[0].nr, id);

		if (isnan(base) || base == 0)
			continue;        /* nothing to compare against */
		fprintf(f, "%s", stat_name(id));
		for (i = 0; i < g->nr; i++)
			put(f, 100 * group_mean(st[i], g->v[i].nr, id) / base);
		fputc('\n', f);
		rows++;
	}
	if (!rc && !rows)
		rc = error("nothing to compare: no metric is non-zero in the "
			   "first group");
	for (i = 0; !rc && i < g->nr; i++) {
		char using[32], who[256];

		snprintf(using, sizeof(using), "%zu%s", i + 2, i ? "" : ":xtic(1)");
		snprintf(who, sizeof(who), "%s %s", o->by, g->v[i].value);
		rc = clause(&v[1], "compare", -1, using, "histograms", who, "");
	}
	rc = rc || gp_quote(&v[0], "vmscope: canonical metrics, mean over trials");
	for (i = 0; st && i < g->nr; i++)
		free(st[i]);
	free(st);
	return render(o, "compare", f, rc, keys, v, 2);
}

/* ------------------------------------------------------------------ */
/* the command                                                         */
/* ------------------------------------------------------------------ */

static int parse_charts(const char *list, struct plot_opts *o)
{
	char *copy = strdup(list), *p = copy, *name;
	int rc = 0, c;

	memset(o->want, 0, sizeof(o->want));
	while (copy && !rc && (name = strsep(&p, ","))) {
		for (c = 0; c < NR_CHARTS && strcmp(chart_names[c], name); c++)
			;
		if (c == NR_CHARTS)
			rc = error("unknown chart '%s': expected timeseries, swappiness, "
				   "attribution, priority or compare", name);
		else
			o->want[c] = 1;
	}
	free(copy);
	return copy ? rc : error("out of memory");
}

static int plot_all(const struct plot_opts *o, const struct run_set *set)
{
	struct group_list blocks;
	size_t *runs = calloc(set->nr_runs ? set->nr_runs : 1, sizeof(*runs));
	size_t nr = 0, i;
	int rc;

	for (i = 0; runs && i < set->nr_runs; i++)
		if (o->run <= 0 || set->runs[i].id == o->run)
			runs[nr++] = i;
	if (!runs || !nr) {
		free(runs);
		return runs ? error("nothing to plot: no such run") : error("out of memory");
	}
	rc = group_by(set, o->by, runs, nr, &blocks);
	/* one run over time unless asked to overlay: the last selected */
	if (!rc && o->want[CH_TIMESERIES])
		rc = o->overlay ? chart_timeseries(o, set, runs, nr) :
		     chart_timeseries(o, set, &runs[nr - 1], 1);
	if (!rc && o->want[CH_SWAPPINESS])
		rc = chart_swappiness(o, set, &blocks);
	if (!rc && o->want[CH_ATTRIBUTION])
		rc = chart_attribution(o, set, &blocks);
	if (!rc && o->want[CH_PRIORITY])
		rc = chart_priority(o, set, &set->runs[runs[nr - 1]]);
	if (!rc && o->want[CH_COMPARE])
		rc = chart_compare(o, set, &blocks);
	group_list_release(&blocks);
	free(runs);
	return rc;
}

int cmd_plot(int argc, char **argv, struct cmd_ctx *ctx)
{
	static const struct option lo[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "format", required_argument, NULL, 'f' },
		{ "chart", required_argument, NULL, 'c' },
		{ "run", required_argument, NULL, 'r' },
		{ "by", required_argument, NULL, 'b' },
		{ "rows", required_argument, NULL, 'w' },
		{ "overlay", no_argument, NULL, 'O' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct plot_opts o = { .by = "kernel", .rows = "swappiness", .fmt = GP_PNG,
			       .want = { 1, 1, 1, 1, 1 } };
	struct run_set set;
	int c, rc, f;

	(void)ctx;
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:h", lo, NULL)) != -1) {
		switch (c) {
		case 'h':
			plot_usage(stdout);
			return EXIT_OK;
		case 'o': o.dir = optarg; continue;
		case 'b': o.by = optarg; continue;
		case 'w': o.rows = optarg; continue;
		case 'O': o.overlay = 1; continue;
		case 'r': o.run = strtoll(optarg, NULL, 10); continue;
		case 'f':
			if ((f = gp_parse_format(optarg)) >= 0) {
				o.fmt = f;
				continue;
			}
			break;
		case 'c':
			if (!parse_charts(optarg, &o))
				continue;
			break;
		}
		plot_usage(stderr);
		return EXIT_USAGE;
	}
	if (!o.dir || optind >= argc) {
		if (!o.dir)
			error("plot needs --out DIR");
		plot_usage(stderr);
		return EXIT_USAGE;
	}
	if (mkdir(o.dir, 0777) && errno != EEXIST) {
		error_errno("cannot create '%s'", o.dir);
		return EXIT_FAILURE_RT;
	}
	rc = run_set_load(&set, argv + optind, (size_t)(argc - optind)) ||
	     plot_all(&o, &set);
	run_set_release(&set);
	return rc ? EXIT_FAILURE_RT : EXIT_OK;
}
