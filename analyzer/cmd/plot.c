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
 *   causes       one run's swap-out per interval stacked by cause, over
 *                its estimated and traced priority
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
#include "plot.h"
#include "replay.h"
#include "rundb.h"
#include "runstats.h"
#include "stats.h"
#include "sweep.h"
#include "banned.h"

const char *const plot_chart_names[NR_CHARTS] = {
	"timeseries", "swappiness", "attribution", "priority", "compare",
	"causes",
};
#define chart_names plot_chart_names

static void plot_usage(FILE *out)
{
	fprintf(out, "usage: vmscope plot DB... --out DIR [--format png|svg|pdf|dumb]\n"
		"                    [--chart timeseries,swappiness,attribution,priority,compare,causes]\n"
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
	if (t.len && !o->quiet)
		fwrite(t.buf, 1, t.len, stdout);
	gp_text_release(&t);
	return 0;
}

static int chart_index(const char *name)
{
	int c;

	for (c = 0; c < NR_CHARTS && strcmp(chart_names[c], name); c++)
		;
	return c;
}

static void mark_drawn(const struct plot_opts *o, const char *name)
{
	int c = chart_index(name);

	if (o->res && c < NR_CHARTS)
		o->res->drawn[c] = 1;
}

/*
 * A chart with nothing to show is not drawn: its data file is closed and
 * the reason noted (for the report) and said (for a person).
 */
static int not_drawn(const struct plot_opts *o, const char *name, FILE *dat,
		     struct gp_text *vals, size_t n, const char *why)
{
	int c = chart_index(name), rc = 0;
	size_t i;

	if (dat && dat_close(o, name, dat))
		rc = -1;
	for (i = 0; i < n; i++)
		gp_text_release(&vals[i]);
	if (o->res && c < NR_CHARTS)
		snprintf(o->res->why[c], sizeof(o->res->why[c]), "%s", why);
	fflush(stdout);
	if (!o->quiet)
		fprintf(stderr, "vmscope: %s: not drawn: %s\n", name, why);
	return rc;
}

/*
 * Finish a chart: close its data file, then, if nothing failed so far
 * (rc == 0), render the script and run gnuplot.  The values are released
 * either way.
 */
static int render(const struct plot_opts *o, const char *name, FILE *dat,
		  int rc, const char *const *keys, struct gp_text *vals, size_t n)
{
	const char *values[12];   /* keys of the widest template */
	size_t i;

	if (dat && dat_close(o, name, dat))
		rc = -1;
	if (n > sizeof(values) / sizeof(values[0]))
		rc = error("%s: too many template keys", name);
	for (i = 0; !rc && i < n; i++)
		values[i] = vals[i].buf ? vals[i].buf : "";
	rc = rc || gp_render(o->dir, name, o->fmt, keys, values, n) ||
	     gp_run(o->dir, name) ||
	     (o->fmt == GP_DUMB && show_dumb(o, name));
	if (!rc)
		mark_drawn(o, name);
	/* the chart went to stdout: flush it before the status line */
	fflush(stdout);
	if (!rc && !o->quiet)
		fprintf(stderr, "vmscope: wrote %s/%s.%s (and %s.gp, %s.dat)\n",
			o->dir, name, gp_extension(o->fmt), name, name);
	for (i = 0; i < n; i++)
		gp_text_release(&vals[i]);
	return rc ? -1 : 0;
}

/*
 * Markers: a dashed vertical line each, the text beside it, horizontal.
 * Texts that would overlap are stacked: each goes on the highest of
 * MARKER_LEVELS rows where the text before it has ended; markers closer
 * than one character are merged into one line ("a / b").  Widths are
 * measured in characters of a MARKER_COLS-column plot, the narrowest we
 * draw (dumb); the wider images then only have more room.
 */
#define MARKER_LEVELS 6
#define MARKER_COLS 64.0

struct marker {
	double at;
	char text[256];
};

/* The run's markers, those at the same spot merged; -1 on error. */
static int markers_read(const struct run_set *set, const struct run_ref *r,
			struct marker **out, size_t *n, double *span)
{
	sqlite3 *db = set->dbs[r->db];
	sqlite3_stmt *st;
	double end = 0;
	int rc;

	*out = NULL;
	*n = 0;
	if (sqlite3_prepare_v2(db, "SELECT t_us / 1e6, text, (SELECT max(t_us) "
			       "FROM sample WHERE id >= ?1 * 4294967296 AND id < "
			       "(?1 + 1) * 4294967296) / 1e6 FROM marker WHERE "
			       "run_id = ?1 ORDER BY t_us", -1, &st, NULL) != SQLITE_OK)
		return error("cannot read '%s': %s", set->paths[r->db],
			     sqlite3_errmsg(db));
	sqlite3_bind_int64(st, 1, r->id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		double at = sqlite3_column_double(st, 0);
		const char *text = (const char *)sqlite3_column_text(st, 1);
		struct marker *m;

		end = sqlite3_column_double(st, 2);
		*span = end > at ? end : at;
		if (*n && at - (*out)[*n - 1].at < *span / MARKER_COLS) {
			m = &(*out)[*n - 1];
			snprintf(m->text + strlen(m->text), sizeof(m->text) -
				 strlen(m->text), " / %s", text ? text : "");
			continue;
		}
		m = realloc(*out, (*n + 1) * sizeof(*m));
		if (!m)
			break;
		*out = m;
		m[*n].at = at;
		snprintf(m[*n].text, sizeof(m[*n].text), "%s", text ? text : "");
		(*n)++;
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return error("out of memory");
	return rc == SQLITE_DONE ? 0 : error("cannot read '%s': %s",
					     set->paths[r->db], sqlite3_errmsg(db));
}

static int markers(struct gp_text *t, const struct run_set *set,
		   const struct run_ref *r)
{
	double free_from[MARKER_LEVELS], span = 0, col;
	struct marker *m;
	size_t n, i, level;
	int rc = markers_read(set, r, &m, &n, &span);

	col = span > 0 ? span / MARKER_COLS : 1;
	for (level = 0; level < MARKER_LEVELS; level++)
		free_from[level] = -INFINITY;
	for (i = 0; !rc && i < n; i++) {
		/* the text starts one character right of its line, or ends
		 * one character left of it where it would pass the run's end */
		double len = col * (double)strlen(m[i].text);
		int left = m[i].at + col + len > span && m[i].at - col - len >= 0;
		double from = left ? m[i].at - col - len : m[i].at + col;

		for (level = 0; level < MARKER_LEVELS - 1 && free_from[level] > from;
		     level++)
			;
		free_from[level] = from + len + col;
		rc = gp_printf(t, "set arrow from %.6g, graph 0 to %.6g, graph 1 "
			       "nohead dashtype 2\nset label ", m[i].at, m[i].at) ||
		     gp_quote(t, m[i].text) ||
		     gp_printf(t, " at %.6g, graph %.2f %s front\n",
			       left ? m[i].at - col : from,
			       0.93 - 0.09 * (double)level, left ? "right" : "left");
	}
	free(m);
	return rc;
}

/* ------------------------------------------------------------------ */
/* timeseries                                                          */
/* ------------------------------------------------------------------ */

/*
 * Columns 2-7 are rates, 8-10 memory in MB, 11-12 the scans by LRU type.
 * A memory cgroup's limit reclaim counts none of its scanning in
 * pgscan_kswapd/pgscan_direct, only in pgscan_anon/pgscan_file (6.1
 * mm/vmscan.c shrink_inactive_list(): the first two only
 * "if (!cgroup_reclaim(sc))", the per-type ones always; those exist
 * since 5.8), so the scan panel plots those when the first are all zero.
 */
static const enum metric_id rate_metrics[] = {
	METRIC_swap_out, METRIC_swap_in, METRIC_kswapd_scanned,
	METRIC_direct_scanned, METRIC_kswapd_reclaimed, METRIC_direct_reclaimed,
};
static const enum metric_id mem_metrics[] = {
	METRIC_free_pages, METRIC_file_pages, METRIC_anon_pages,
};
static const enum metric_id type_metrics[] = {
	METRIC_anon_scanned, METRIC_file_scanned,
};

/* what a timeseries chart found in its runs */
enum { TS_SWAP, TS_SCAN, TS_MEMORY, TS_SCAN_GLOBAL, TS_SCAN_TYPE, NR_TS };

static void put_rate(FILE *f, double v, int *seen, int *nonzero)
{
	put_seen(f, v, seen);
	*nonzero |= !isnan(v) && v != 0;
}

/* One run's block: t, six rates, three memory figures in MB, two scans. */
static int timeseries_block(FILE *f, const struct run_set *set,
			    const struct run_ref *r, int *seen)
{
	struct metric_stream ms;
	int64_t prev_t = 0;
	double mb = (double)r->page_size / (1 << 20);
	int rc = metric_stream_open(&ms, set->dbs[r->db], set->paths[r->db], r->id);
	int ignore = 0;

	while (!rc && (rc = metric_stream_next(&ms)) == 1) {
		double dt = (double)(ms.it.t_us - prev_t) / 1e6;
		int rate = ms.it.seq && dt > 0;
		size_t i;

		rc = 0;
		fprintf(f, "%.6g", (double)ms.it.t_us / 1e6);
		for (i = 0; i < sizeof(rate_metrics) / sizeof(rate_metrics[0]); i++)
			put_rate(f, rate ? metric_stream_value(&ms, rate_metrics[i]) / dt :
				 NAN, &seen[i < 2 ? TS_SWAP : TS_SCAN],
				 i == 2 || i == 3 ? &seen[TS_SCAN_GLOBAL] : &ignore);
		for (i = 0; i < sizeof(mem_metrics) / sizeof(mem_metrics[0]); i++)
			put_seen(f, metric_stream_value(&ms, mem_metrics[i]) * mb,
				 &seen[TS_MEMORY]);
		for (i = 0; i < sizeof(type_metrics) / sizeof(type_metrics[0]); i++)
			put_rate(f, rate ? metric_stream_value(&ms, type_metrics[i]) / dt :
				 NAN, &ignore, &seen[TS_SCAN_TYPE]);
		fputc('\n', f);
		prev_t = ms.it.t_us;
	}
	fputs("\n\n", f);
	metric_stream_release(&ms);
	return rc < 0 ? -1 : 0;
}

/* Append ", v" to buf unless v is already among the comma-listed values. */
static void add_distinct(char *buf, size_t cap, const char *v)
{
	size_t n = strlen(v), len = strlen(buf);
	const char *p = buf;

	while ((p = strstr(p, v))) {
		if ((p == buf || p[-1] == ' ') && (p[n] == ',' || !p[n]))
			return;
		p++;
	}
	snprintf(buf + len, cap - len, "%s%s", len ? ", " : "", v);
}

/*
 * A chart's title: what, then which runs, kernels and swappiness values
 * ("vmscope: what -- runs 1, 2; kernel 6.1.0; swappiness 0, 60").
 */
static void runs_title(const char *what, const struct run_set *set,
		       const size_t *runs, size_t nr, char *buf, size_t cap)
{
	char ids[128] = "", kernels[160] = "", sw[128] = "";
	size_t k;

	for (k = 0; k < nr; k++) {
		const struct run_ref *r = &set->runs[runs[k]];
		const char *kernel = run_value(r, "kernel");
		const char *swappiness = run_value(r, "swappiness");
		char id[24];

		snprintf(id, sizeof(id), "%lld", (long long)r->id);
		add_distinct(ids, sizeof(ids), id);
		add_distinct(kernels, sizeof(kernels), kernel ? kernel : "unknown");
		if (swappiness)
			add_distinct(sw, sizeof(sw), swappiness);
	}
	snprintf(buf, cap, "vmscope: %s -- run%s %s; kernel %s%s%s", what,
		 nr > 1 ? "s" : "", ids, kernels, *sw ? "; swappiness " : "", sw);
}

static int timeseries_clauses(struct gp_text *v, const struct run_set *set,
			      const size_t *runs, size_t nr, const int *seen)
{
	static const char *const rates[] = {
		"swap out", "swap in", "kswapd scanned", "direct scanned",
		"kswapd reclaimed", "direct reclaimed",
	};
	static const char *const mem[] = { "free", "page cache", "anon" };
	static const char *const types[] = {
		"anon scanned (pgscan_anon)", "file scanned (pgscan_file)",
	};
	int by_type = !seen[TS_SCAN_GLOBAL] && seen[TS_SCAN_TYPE];
	size_t k, i;
	int rc = 0;

	for (k = 0; !rc && k < nr; k++) {
		char who[64] = "", using[16];

		if (nr > 1)
			snprintf(who, sizeof(who), "run %lld",
				 (long long)set->runs[runs[k]].id);
		for (i = 0; !rc && i < 6; i++) {
			if (by_type && i >= 2 && i < 4) {
				snprintf(using, sizeof(using), "1:%zu", i + 9);
				rc = clause(&v[3], "timeseries", (long)k, using,
					    "lines", who, types[i - 2]);
				continue;
			}
			snprintf(using, sizeof(using), "1:%zu", i + 2);
			rc = clause(&v[i < 2 ? 2 : 3], "timeseries", (long)k, using,
				    "lines", who, rates[i]);
		}
		for (i = 0; !rc && i < 3; i++) {
			snprintf(using, sizeof(using), "1:%zu", i + 8);
			rc = clause(&v[4], "timeseries", (long)k, using, "lines",
				    who, mem[i]);
		}
	}
	return rc || gp_quote(&v[5], by_type ? "scanned (memory cgroup reclaim: "
			      "pgscan_anon, pgscan_file) and reclaimed" :
			      "scanned and reclaimed by kswapd and direct reclaim");
}

static int chart_timeseries(const struct plot_opts *o, const struct run_set *set,
			    const size_t *runs, size_t nr)
{
	static const char *const keys[] = {
		"TITLE", "MARKERS", "SWAP", "SCAN", "MEMORY", "SCANTITLE",
	};
	struct gp_text v[6] = { { 0 } };
	FILE *f = dat_open(o, "timeseries");
	int seen[NR_TS] = { 0 };
	char title[512];
	size_t k, i;
	int rc = f ? 0 : -1;

	for (k = 0; !rc && k < nr; k++)
		rc = timeseries_block(f, set, &set->runs[runs[k]], seen) ||
		     (nr == 1 && markers(&v[1], set, &set->runs[runs[k]]));
	if (!rc && !seen[TS_SWAP] && !seen[TS_SCAN] && !seen[TS_MEMORY])
		return not_drawn(o, "timeseries", f, v, 6, "the runs have none of "
				 "the counters it plots (swap, scanning, memory)");
	runs_title(nr > 1 ? "runs overlaid" : "over time", set, runs, nr, title,
		   sizeof(title));
	rc = rc || timeseries_clauses(v, set, runs, nr, seen) ||
	     gp_quote(&v[0], title);
	for (i = 0; !rc && i < 3; i++)
		if (!seen[i])
			rc = no_data(&v[2 + i]);
	return render(o, "timeseries", f, rc, keys, v, 6);
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
	size_t b, i, nr_all = 0, *all_runs = calloc(set->nr_runs + 1, sizeof(size_t));
	int rc = f && all_runs ? 0 : -1;
	char title[512], what[128];

	for (b = 0; all_runs && b < blocks->nr; b++)
		for (i = 0; i < blocks->v[b].nr; i++)
			all_runs[nr_all++] = blocks->v[b].runs[i];

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
	if (!rc && !seen[0] && !seen[1] && !seen[2]) {
		free(all_runs);
		return not_drawn(o, "swappiness", f, v, 5, "no run has a numeric "
				 "value to sweep over with swap, I/O or page cache "
				 "figures");
	}
	for (i = 0; !rc && i < NR_FIGS; i++)
		if (!seen[i])
			rc = no_data(&v[2 + i]);
	snprintf(what, sizeof(what), "%s sweep by %s", o->rows, o->by);
	runs_title(what, set, blocks->nr ? all_runs : NULL, nr_all, title,
		   sizeof(title));
	rc = rc || gp_quote(&v[0], title) || gp_quote(&v[1], o->rows);
	free(all_runs);
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

/* what a priority chart found: per column of priority.dat from 2 on */
enum { PR_KSWAPD, PR_DIRECT, PR_TRUTH, PR_SWAP, NR_PR };

struct priority_ctx {
	FILE *f;
	int seen[NR_PR];
	double t_min, t_max;
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

	if (isnan(pc->t_min))
		pc->t_min = iv->t_s;
	pc->t_max = iv->t_s;
	fprintf(pc->f, "%.6g", iv->t_s);
	put_seen(pc->f, iv->out->p_kswapd, &pc->seen[PR_KSWAPD]);
	put_seen(pc->f, iv->out->p_direct, &pc->seen[PR_DIRECT]);
	put_seen(pc->f, truth, &pc->seen[PR_TRUTH]);
	put_seen(pc->f, iv->in->dt_s > 0 ? iv->in->swap_out / iv->in->dt_s : NAN,
		 &pc->seen[PR_SWAP]);
	fputc('\n', pc->f);
	return 0;
}

/*
 * A panel whose every point is missing is left out (gnuplot would draw
 * it on a made-up -10..10 axis), and the title says what is missing; a
 * column without a point gets no legend entry.
 */
static int chart_priority(const struct plot_opts *o, const struct run_set *set,
			  const struct run_ref *r)
{
	static const char *const keys[] = {
		"TITLE", "MARKERS", "PRIORITY", "SWAP", "HAVEPRIO", "HAVESWAP",
		"XMIN", "XMAX",
	};
	struct gp_text v[8] = { { 0 } };
	FILE *f = dat_open(o, "priority");
	struct priority_ctx pc = { .f = f, .t_min = NAN, .t_max = NAN };
	struct replay_opts ro = { NAN, priority_row, &pc };
	struct run_model m;
	struct attribution a;
	char who[256], title[400];
	int rc = f ? 0 : -1, prio;

	rc = rc || replay_run(set, r, &m, &a, &ro);
	prio = pc.seen[PR_KSWAPD] || pc.seen[PR_DIRECT] || pc.seen[PR_TRUTH];
	if (!rc && !prio && !pc.seen[PR_SWAP]) {
		snprintf(title, sizeof(title), "run %lld has no priority estimate "
			 "or trace and no swap-out", (long long)r->id);
		return not_drawn(o, "priority", f, v, 8, title);
	}
	run_name(r, o->rows, who, sizeof(who));
	snprintf(title, sizeof(title), "vmscope: reclaim priority, %s%s", who,
		 prio ? "" : m.kind == MODEL_MGLRU ? " -- no priority: MGLRU "
		 "has no levels to estimate, none traced" :
		 " -- no priority estimated or traced in this run");
	rc = rc || markers(&v[1], set, r) ||
	     (pc.seen[PR_KSWAPD] && clause(&v[2], "priority", -1, "1:2",
					  "linespoints", "", "kswapd (estimated)")) ||
	     (pc.seen[PR_DIRECT] && clause(&v[2], "priority", -1, "1:3",
					  "linespoints", "", "direct reclaim (estimated)")) ||
	     (pc.seen[PR_TRUTH] && clause(&v[2], "priority", -1, "1:4", "lines", "",
					 m.kind == MODEL_SPLIT ? "kswapd (traced)" :
					 a.truth_from ? a.truth_from : "traced")) ||
	     (pc.seen[PR_SWAP] && clause(&v[3], "priority", -1, "1:5", "lines",
					"", "swap out")) ||
	     gp_quote(&v[0], title) || gp_printf(&v[4], "%d", prio) ||
	     gp_printf(&v[5], "%d", pc.seen[PR_SWAP]) ||
	     gp_printf(&v[6], "%.6g", pc.t_min) ||
	     gp_printf(&v[7], "%.6g", pc.t_max > pc.t_min ? pc.t_max : pc.t_min + 1);
	return render(o, "priority", f, rc, keys, v, 8);
}

/* ------------------------------------------------------------------ */
/* causes                                                              */
/* ------------------------------------------------------------------ */

/*
 * One run's swap-out per interval, stacked by cause, over its priority.
 * The pages of a cause in an interval are what the replay added to that
 * cause's total in it (replay_run() calls back after adding): the same
 * split as `attribute`, with the unexplained share of a split-LRU interval
 * kept apart rather than folded into its dominant cause.
 *
 * causes.dat: interval start and end (s), the pages of every cause (enum
 * order, so a cause keeps its column and colour in every run), then per
 * reclaimer the estimated priority, per reclaimer the traced one (split
 * LRU: kswapd and "any other task" in direct's column), and the classic
 * or MGLRU truth (the deepest level traced or in zoneinfo).
 */
enum { CC_EST = 3 + NR_CAUSES, CC_TRUE = CC_EST + NR_RECLAIMERS,
       CC_DEEP = CC_TRUE + NR_RECLAIMERS };

/* a colour per cause, the same in every chart: red for the desperate,
 * blues for file-side reasons, grey for what the model cannot explain */
static const char *const cause_colour[NR_CAUSES] = {
	[CAUSE_MAPPED] = "#8e44ad", [CAUSE_DISTRESS] = "#922b21",
	[CAUSE_BUILDUP] = "#a0522d", [CAUSE_NEAR_OOM] = "#e74c3c",
	[CAUSE_FILE_TINY] = "#f39c12", [CAUSE_SMALL_FILE] = "#f1c40f",
	[CAUSE_FILE_REFAULTS] = "#2e86c1", [CAUSE_ACTIVE_FILE] = "#17a589",
	[CAUSE_MG_ANON_OLDER] = "#27ae60", [CAUSE_MG_SWAPPINESS_200] = "#c2185b",
	[CAUSE_MG_REFAULT_CTRL] = "#00acc1", [CAUSE_MG_FILE_EXHAUSTED] = "#7d8c1e",
	[CAUSE_UNEXPLAINED] = "#9e9e9e",
};
static const char *const reclaimer_colour[NR_RECLAIMERS] = {
	"#1f4e9c", "#d35400", "#1e8449", "#7d3c98", "#5d6d7e",
};

struct causes_ctx {
	FILE *f;
	const struct attribution *a;   /* the replay's running sums */
	double before[NR_CAUSES];      /* a->pages after the last interval */
	double used[NR_CAUSES];        /* pages per cause over the run */
	double t_min, t_max;
	int est[NR_RECLAIMERS], truth[NR_RECLAIMERS], deep;   /* seen */
};

static int causes_row(void *ctx, const struct replay_iv *iv)
{
	struct causes_ctx *cc = ctx;
	double t0 = iv->t_s - iv->in->dt_s;
	int c, r;

	if (isnan(cc->t_min) || t0 < cc->t_min)
		cc->t_min = t0;
	cc->t_max = iv->t_s;
	fprintf(cc->f, "%.6g %.6g", t0, iv->t_s);
	for (c = 0; c < NR_CAUSES; c++) {
		double pages = cc->a->pages[c] - cc->before[c];

		cc->before[c] = cc->a->pages[c];
		cc->used[c] += pages;
		/* pages, not rates: every digit, for a person to add up */
		fprintf(cc->f, " %.10g", pages);
	}
	for (r = 0; r < NR_RECLAIMERS; r++)
		put_seen(cc->f, iv->split ? iv->split->r[r].p_est :
			 r == RC_KSWAPD ? iv->out->p_kswapd :
			 r == RC_DIRECT ? iv->out->p_direct : NAN, &cc->est[r]);
	for (r = 0; r < NR_RECLAIMERS; r++)
		put_seen(cc->f, iv->split ? iv->p_true[r] : NAN, &cc->truth[r]);
	put_seen(cc->f, iv->split ? NAN : iv->truth, &cc->deep);
	fputc('\n', cc->f);
	return 0;
}

/* "# t_start t_end <causes> est_<reclaimer>... traced_<reclaimer>... traced" */
static void causes_header(FILE *f)
{
	int c, r;

	fputs("# t_start t_end", f);
	for (c = 0; c < NR_CAUSES; c++)
		fprintf(f, " %s", cause_name((enum cause)c));
	for (r = 0; r < NR_RECLAIMERS; r++)
		fprintf(f, " est_%s", reclaimer_name((enum reclaimer)r));
	for (r = 0; r < NR_RECLAIMERS; r++)
		fprintf(f, " traced_%s", reclaimer_name((enum reclaimer)r));
	fputs(" traced\n", f);
}

static int drawn(const struct causes_ctx *cc, enum cause c)
{
	return cc->used[c] > 0 || c == CAUSE_UNEXPLAINED;
}

/*
 * The stack: the model's classes bottom up in model_classes() order
 * ("unexplained" last, on top), those that swapped nothing left out but
 * "unexplained"; drawn top down, the box of a class reaching up to the
 * sum of it and the classes under it.
 */
static int causes_stack(struct gp_text *t, const struct causes_ctx *cc,
			const struct run_model *m, double swapped)
{
	size_t n, i, k;
	const enum cause *cl = model_classes(m->kind, &n);
	int rc = 0;

	for (i = n; !rc && i-- > 0;) {
		char using[512], style[64], what[96];
		size_t len;

		if (!drawn(cc, cl[i]))
			continue;
		len = (size_t)snprintf(using, sizeof(using), "(($1+$2)/2):((0");
		for (k = 0; k <= i; k++)
			if (drawn(cc, cl[k]))
				len += (size_t)snprintf(using + len, sizeof(using) - len,
							"+$%d", 3 + (int)cl[k]);
		snprintf(using + len, sizeof(using) - len, ")/($2-$1)):($2-$1)");
		snprintf(style, sizeof(style), "boxes lc rgb '%s'",
			 cause_colour[cl[i]]);
		/* the legend says how much: the reader of a mail cannot hover */
		snprintf(what, sizeof(what), "%s: %.0f (%.0f%%)",
			 cause_name(cl[i]), cc->used[cl[i]],
			 100 * cc->used[cl[i]] / swapped);
		rc = clause(t, "causes", -1, using, style, "", what);
	}
	return rc;
}

/* estimated priorities as lines, traced ones as points, per reclaimer */
static int causes_priority(struct gp_text *t, const struct causes_ctx *cc,
			   const struct attribution *a)
{
	int r, rc = 0;

	for (r = 0; !rc && r < NR_RECLAIMERS; r++) {
		char using[32], style[64], what[96];

		if (!cc->est[r])
			continue;
		/* at the interval's middle; an interval without breaks the line */
		snprintf(using, sizeof(using), "(($1+$2)/2):%d", CC_EST + r);
		snprintf(style, sizeof(style), "linespoints pt 6 ps 1 lw 2 "
			 "lc rgb '%s'", reclaimer_colour[r]);
		snprintf(what, sizeof(what), "%s, estimated",
			 reclaimer_name((enum reclaimer)r));
		rc = clause(t, "causes", -1, using, style, "", what);
	}
	for (r = 0; !rc && r < NR_RECLAIMERS; r++) {
		char using[32], style[64], what[96];

		if (!cc->truth[r])
			continue;
		snprintf(using, sizeof(using), "(($1+$2)/2):%d", CC_TRUE + r);
		/* a cross: the estimate's circle shows through where they agree */
		snprintf(style, sizeof(style), "points pt 2 ps 1.5 lw 2 lc rgb '%s'",
			 reclaimer_colour[r]);
		snprintf(what, sizeof(what), "%s, traced", r == RC_KSWAPD ?
			 "kswapd" : "other tasks");
		rc = clause(t, "causes", -1, using, style, "", what);
	}
	if (!rc && cc->deep) {
		char using[32];

		snprintf(using, sizeof(using), "(($1+$2)/2):%d", CC_DEEP);
		rc = clause(t, "causes", -1, using, "points pt 2 ps 1.5 lw 2 lc rgb 'black'",
			    "", a->truth_from ? a->truth_from : "traced");
	}
	return rc;
}

static int chart_causes(const struct plot_opts *o, const struct run_set *set,
			const struct run_ref *r)
{
	static const char *const keys[] = {
		"TITLE", "CAUSETITLE", "STACK", "PRIOTITLE", "PRIORITY",
		"HAVEPRIO", "XMIN", "XMAX", "MARKERS",
	};
	struct gp_text v[9] = { { 0 } };
	FILE *f = dat_open(o, "causes");
	struct causes_ctx cc = { .f = f, .t_min = NAN, .t_max = NAN };
	struct replay_opts ro = { NAN, causes_row, &cc };
	struct run_model m;
	struct attribution a;
	char title[512], why[160];
	size_t idx = (size_t)(r - set->runs);
	int rc = f ? 0 : -1, prio = 0, k;

	cc.a = &a;
	if (f)
		causes_header(f);
	rc = rc || replay_run(set, r, &m, &a, &ro);
	if (!rc && !(a.swapped > 0)) {
		snprintf(why, sizeof(why), "run %lld swapped nothing out",
			 (long long)r->id);
		return not_drawn(o, "causes", f, v, 9, why);
	}
	for (k = 0; k < NR_RECLAIMERS; k++)
		prio |= cc.est[k] | cc.truth[k];
	prio |= cc.deep;
	runs_title("swap-out by cause", set, &idx, 1, title, sizeof(title));
	snprintf(why, sizeof(why), "swap-out per interval by cause (%s model%s)",
		 model_name(m.kind), prio ? "" : m.kind == MODEL_MGLRU ?
		 "; no priority: MGLRU has no levels, none traced" :
		 "; no priority estimated or traced in this run");
	rc = rc || gp_quote(&v[0], title) || gp_quote(&v[1], why) ||
	     causes_stack(&v[2], &cc, &m, a.swapped) || markers(&v[8], set, r) ||
	     gp_quote(&v[3], "reclaim priority: estimated (lines), traced (points)") ||
	     (prio && causes_priority(&v[4], &cc, &a)) ||
	     gp_printf(&v[5], "%d", prio) ||
	     gp_printf(&v[6], "%.6g", cc.t_min) || gp_printf(&v[7], "%.6g", cc.t_max);
	return render(o, "causes", f, rc, keys, v, 9);
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

/*
 * The metrics to draw: o->metrics, else every one; in a text chart at
 * most DUMB_BARS, since 76 columns hold no more groups of bars.
 */
#define DUMB_BARS 6

/* Each group's runs' stats, st[group][run]; -1 with a message. */
static int compare_stats(const struct run_set *set, const struct group_list *g,
			 struct run_stats **st)
{
	size_t i, k;

	for (i = 0; i < g->nr; i++) {
		st[i] = calloc(g->v[i].nr ? g->v[i].nr : 1, sizeof(**st));
		if (!st[i])
			return error("out of memory");
		for (k = 0; k < g->v[i].nr; k++) {
			const struct run_ref *r = &set->runs[g->v[i].runs[k]];

			if (run_stats_compute(set->dbs[r->db], set->paths[r->db],
					      r->id, -1, 1e300, &st[i][k]))
				return -1;
		}
	}
	return 0;
}

/*
 * One row per metric the first group has (non-zero: the bars are per
 * cent of it).  A text chart's x labels are numbers ("1", "2", ...),
 * named in a legend under it: metric names side by side run together.
 */
static size_t compare_rows(const struct plot_opts *o, FILE *f,
			   const struct group_list *g, struct run_stats **st,
			   struct gp_text *legend)
{
	size_t n = o->metrics ? o->nr_metrics : NR_STATS, j, i, rows = 0, col = 0;

	for (j = 0; j < n; j++) {
		enum stat_id id = o->metrics ? (enum stat_id)o->metrics[j] :
				  (enum stat_id)j;
		double base = group_mean(st[0], g->v[0].nr, id);

		for (i = 1; o->of_largest && i < g->nr; i++) {
			double m = group_mean(st[i], g->v[i].nr, id);

			if (isnan(base) || fabs(m) > fabs(base))
				base = m;
		}
		if (isnan(base) || base == 0)
			continue;        /* nothing to compare against */
		base = fabs(base);
		if (o->fmt == GP_DUMB && rows == DUMB_BARS)
			break;
		if (o->fmt == GP_DUMB) {
			/* a new line of the legend before it would pass 64 columns */
			int wrap = rows && col + strlen(stat_name(id)) > 56;
			size_t start = legend->len;

			fprintf(f, "%zu", rows + 1);
			gp_printf(legend, "%s%zu = %s", !rows ? "" : wrap ? "\\n" :
				  ",  ", rows + 1, stat_name(id));
			col = (wrap ? 0 : col) + legend->len - start;
		} else {
			fprintf(f, "%s", stat_name(id));
		}
		for (i = 0; i < g->nr; i++)
			put(f, 100 * group_mean(st[i], g->v[i].nr, id) / base);
		fputc('\n', f);
		rows++;
	}
	return rows;
}

static int chart_compare(const struct plot_opts *o, const struct run_set *set,
			 const struct group_list *g)
{
	static const char *const keys[] = { "TITLE", "BARS", "LEGEND", "YLABEL" };
	struct gp_text v[4] = { { 0 } }, legend = { NULL, 0, 0 };
	struct run_stats **st = calloc(g->nr ? g->nr : 1, sizeof(*st));
	size_t *all = calloc(set->nr_runs + 1, sizeof(*all));
	FILE *f = dat_open(o, "compare");
	size_t i, k, rows = 0, nr_all = 0;
	char title[512];
	int rc = f && st && all ? 0 : -1;

	rc = rc || compare_stats(set, g, st);
	if (!rc)
		rows = compare_rows(o, f, g, st, &legend);
	for (i = 0; st && i < g->nr; i++)
		free(st[i]);
	free(st);
	if (!rc && (!rows || g->nr < 2)) {
		free(all);
		gp_text_release(&legend);
		return not_drawn(o, "compare", f, v, 4, g->nr < 2 ?
				 "one group only: nothing to compare it with" :
				 "no metric is non-zero in the first group");
	}
	for (i = 0; !rc && i < g->nr; i++) {
		char using[32], who[256];

		snprintf(using, sizeof(using), "%zu%s", i + 2, i ? "" : ":xtic(1)");
		snprintf(who, sizeof(who), "%s %s", o->by, g->v[i].value);
		rc = clause(&v[1], "compare", -1, using, "histograms", who, "");
		for (k = 0; all && k < g->v[i].nr; k++)
			all[nr_all++] = g->v[i].runs[k];
	}
	runs_title("metrics, mean over trials", set, all, nr_all, title,
		   sizeof(title));
	free(all);
	rc = rc || gp_quote(&v[0], title) ||
	     /* the legend holds stat names only ([a-z_]), so "\n" may break it */
	     (legend.len ? gp_printf(&v[2], "set xlabel \"%s\"", legend.buf) :
	      gp_printf(&v[2], "set xtics rotate by -30"));
	rc = rc || gp_quote(&v[3], o->of_largest ? "% of the largest group's mean" :
			    "% of the first group's mean");
	gp_text_release(&legend);
	return render(o, "compare", f, rc, keys, v, 4);
}

/* ------------------------------------------------------------------ */
/* the command                                                         */
/* ------------------------------------------------------------------ */

int plot_mkdir(const char *dir)
{
	char *path = strdup(dir), *p;
	int rc = 0;

	if (!path)
		return error("out of memory");
	for (p = path + 1; !rc; p++) {
		char c = *p;

		if (c != '/' && c)
			continue;
		*p = 0;
		if (mkdir(path, 0777) && errno != EEXIST)
			rc = error_errno("cannot create '%s'", path);
		*p = c;
		if (!c)
			break;
	}
	free(path);
	return rc;
}

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
				   "attribution, priority, compare or causes", name);
		else
			o->want[c] = 1;
	}
	free(copy);
	return copy ? rc : error("out of memory");
}

int plot_charts(const struct plot_opts *o, const struct run_set *set)
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
	/* the baseline first: compare draws the others as a per cent of it */
	for (i = 1; !rc && o->baseline && i < blocks.nr; i++)
		if (!strcmp(blocks.v[i].value, o->baseline)) {
			struct group base = blocks.v[i];

			memmove(&blocks.v[1], &blocks.v[0], i * sizeof(base));
			blocks.v[0] = base;
		}
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
	if (!rc && o->want[CH_CAUSES])
		rc = chart_causes(o, set, &set->runs[runs[nr - 1]]);
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
			       .want = { 1, 1, 1, 1, 1, 1 } };
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
	if (plot_mkdir(o.dir))
		return EXIT_FAILURE_RT;
	rc = run_set_load(&set, argv + optind, (size_t)(argc - optind)) ||
	     plot_charts(&o, &set);
	run_set_release(&set);
	return rc ? EXIT_FAILURE_RT : EXIT_OK;
}
