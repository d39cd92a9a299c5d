/*
 * table.c - vmscope table DB... --by TAG --rows TAG [--format ...]
 *
 * The report of the 2004 swappiness thread: one block per value of --by
 * (e.g. kernel), one line per value of --rows (e.g. swappiness), averaged
 * over the runs (trials) in each cell, with min and max:
 *
 *   kernel 2.6.9-rc1-mm3:
 *           Total I/O   Avg Swap   min    max     pg cache    min    max
 *          ----------- --------- ------- ------  --------- ------- -------
 *      0   274.80 MB/s  10511 MB (  5644, 14492)  13293 MB (  8596, 17156)
 *
 * Per run: total I/O is the stored result "io_mbps"; swap used is the
 * result "swap_used_mb", else SwapTotal - SwapFree at the last sample
 * (recorded with --meminfo); page cache is the result "page_cache_mb",
 * else nr_file_pages at the last sample.  What a run lacks is "-".  A row
 * with OOM-killed trials (bench's result "oom_kills") says how many, and
 * "OOM" stands where no trial of the row measured its I/O.
 *
 * --metrics LIST adds columns: the mean over trials of canonical metrics
 * (as `vmscope compare` names them), e.g. --metrics swap_out,kswapd_efficiency.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "err.h"
#include "groups.h"
#include "rundb.h"
#include "runstats.h"
#include "stats.h"
#include "sweep.h"
#include "table.h"
#include "banned.h"

enum { COL_IO = FIG_IO, COL_SWAP = FIG_SWAP, COL_CACHE = FIG_CACHE,
       NR_FIXED = NR_FIGS };

#define MAX_EXTRA 8
#define NR_COLS (NR_FIXED + MAX_EXTRA)

struct extra {
	enum stat_id id[MAX_EXTRA];
	size_t nr;
};

struct row_stats {
	struct summary s[NR_COLS];
	size_t trials, oom;        /* trials, of which OOM-killed */
};

static void table_usage(FILE *out)
{
	fprintf(out, "usage: vmscope table --by TAG --rows TAG [--metrics LIST] "
		"[--format text|csv|markdown] DB...\n");
}

/* The figures of one run (fixed, then extra); NAN where it has none. */
static int run_figures(const struct run_set *set, const struct run_ref *r,
		       const struct extra *x, double *fig)
{
	struct run_stats st;
	size_t i;

	/* the extra columns need the run's stats: computed once, there */
	if (sweep_run_figures(set, r, fig, x->nr ? &st : NULL))
		return -1;
	for (i = 0; i < x->nr; i++)
		fig[NR_FIXED + i] = st.s[x->id[i]].state == STAT_OK ?
				    st.s[x->id[i]].v : NAN;
	return 0;
}

static int row_of(const struct run_set *set, const struct group *g,
		  const struct extra *ex, struct row_stats *out)
{
	double *x[NR_COLS];
	size_t n[NR_COLS] = { 0 }, k, c, cols = NR_FIXED + ex->nr;
	int rc = 0;

	for (c = 0; c < cols; c++)
		if (!(x[c] = malloc((g->nr ? g->nr : 1) * sizeof(double))))
			rc = error("out of memory");
	for (k = 0; !rc && k < g->nr; k++) {
		double fig[NR_COLS];

		rc = run_figures(set, &set->runs[g->runs[k]], ex, fig);
		if (!rc) {
			int oom = sweep_run_oom(set, &set->runs[g->runs[k]]);

			rc = oom < 0 ? -1 : 0;
			out->oom += oom > 0;
		}
		for (c = 0; !rc && c < cols; c++)
			if (!isnan(fig[c]))
				x[c][n[c]++] = fig[c];
	}
	for (c = 0; c < cols; c++) {
		if (!rc)
			summary_of(x[c], n[c], &out->s[c]);
		free(x[c]);
	}
	out->trials = g->nr;
	return rc;
}

static void print_block_text(FILE *out, const char *by, const char *value,
			     const struct group_list *rows,
			     const struct row_stats *rs, const struct extra *ex)
{
	size_t i, c;

	fprintf(out, "%s %s:\n", by, value);
	fprintf(out, "        Total I/O   Avg Swap   min    max     pg cache    min    max");
	for (c = 0; c < ex->nr; c++)
		fprintf(out, "  %12.12s", stat_name(ex->id[c]));
	fprintf(out, "\n       ----------- --------- ------- ------  --------- ------- -------");
	for (c = 0; c < ex->nr; c++)
		fprintf(out, "  ------------");
	fprintf(out, "\n");
	for (i = 0; i < rows->nr; i++) {
		const struct summary *s = rs[i].s;
		const char *label = rows->v[i].value;
		/* at most 15 characters, cut between two (15 bytes cut a UTF-8
		 * one and printed its first bytes alone), right-aligned in the
		 * 4 columns of the 2004 post (see the comment at the top) */
		size_t len = table_prefix(label, 15), chars = table_chars(label, len);

		fprintf(out, "%*s%.*s   ", chars < 4 ? (int)(4 - chars) : 0, "",
			(int)len, label);
		if (s[COL_IO].n)
			fprintf(out, "%6.2f MB/s", s[COL_IO].mean);
		else
			fprintf(out, "%11s", rs[i].oom ? "OOM" : "-");
		if (s[COL_SWAP].n)
			fprintf(out, "  %5.0f MB (%6.0f,%6.0f)", s[COL_SWAP].mean,
			       s[COL_SWAP].min, s[COL_SWAP].max);
		else
			fprintf(out, "  %5s%19s", "-", "");
		if (s[COL_CACHE].n)
			fprintf(out, "  %5.0f MB (%6.0f,%6.0f)", s[COL_CACHE].mean,
			       s[COL_CACHE].min, s[COL_CACHE].max);
		else
			fprintf(out, "  %5s%19s", "-", "");
		for (c = 0; c < ex->nr; c++) {
			char v[24] = "-";

			if (s[NR_FIXED + c].n)
				table_fmt_compact(v, sizeof(v), s[NR_FIXED + c].mean);
			fprintf(out, "  %12s", v);
		}
		if (rs[i].oom)
			fprintf(out, "  OOM-killed in %zu of %zu trial%s", rs[i].oom,
				rs[i].trials, rs[i].trials > 1 ? "s" : "");
		fprintf(out, "\n");
	}
	fprintf(out, "\n");
}

static int add_flat_rows(struct table *t, const char *value,
			 const struct group_list *rows, const struct row_stats *rs,
			 const struct extra *ex)
{
	size_t i, c;
	int rc = 0;

	for (i = 0; !rc && i < rows->nr; i++) {
		char f[3 * NR_COLS + 2][32];
		const char *row[4 + 3 * NR_COLS] = { value, rows->v[i].value,
						     f[3 * NR_COLS] };

		snprintf(f[3 * NR_COLS], 32, "%zu", rs[i].trials);
		snprintf(f[3 * NR_COLS + 1], 32, "%zu", rs[i].oom);
		row[3 + 3 * (NR_FIXED + ex->nr)] = f[3 * NR_COLS + 1];
		for (c = 0; c < NR_FIXED + ex->nr; c++) {
			const struct summary *s = &rs[i].s[c];

			if (!s->n)
				continue;
			snprintf(f[3 * c], 32, "%.2f", s->mean);
			snprintf(f[3 * c + 1], 32, "%.2f", s->min);
			snprintf(f[3 * c + 2], 32, "%.2f", s->max);
			row[3 + 3 * c] = f[3 * c];
			row[4 + 3 * c] = f[3 * c + 1];
			row[5 + 3 * c] = f[3 * c + 2];
		}
		rc = table_add_row(t, row);
	}
	return rc;
}

/* The CSV/markdown header: fixed columns, then mean/min/max per extra. */
static int flat_header(struct table *t, const struct extra *ex,
		       char (*names)[48])
{
	static const char *const fixed[] = {
		"by", "rows", "trials", "io_mbps", "io_min", "io_max", "swap_mb",
		"swap_min", "swap_max", "cache_mb", "cache_min", "cache_max",
	};
	const char *head[4 + 3 * NR_COLS];
	int right[4 + 3 * NR_COLS];
	size_t i, n = 13 + 3 * ex->nr;     /* ..., then oom_trials last */

	for (i = 0; i < n; i++)
		right[i] = i >= 2;
	memcpy(head, fixed, sizeof(fixed));
	for (i = 0; i < ex->nr; i++) {
		const char *name = stat_name(ex->id[i]);

		snprintf(names[3 * i], 48, "%s", name);
		snprintf(names[3 * i + 1], 48, "%s_min", name);
		snprintf(names[3 * i + 2], 48, "%s_max", name);
		head[12 + 3 * i] = names[3 * i];
		head[13 + 3 * i] = names[3 * i + 1];
		head[14 + 3 * i] = names[3 * i + 2];
	}
	head[n - 1] = "oom_trials";
	return table_init(t, n, head, right);
}

static int report(FILE *out, const struct run_set *set, const char *by,
		  const char *rows_key, int fmt, const struct extra *ex)
{
	char names[3 * MAX_EXTRA][48];
	struct group_list blocks;
	struct table t;
	size_t b;
	int rc = group_by(set, by, NULL, 0, &blocks);

	if (!rc && fmt != FMT_TEXT)
		rc = flat_header(&t, ex, names);
	for (b = 0; !rc && b < blocks.nr; b++) {
		struct group_list rows;
		struct row_stats *rs;
		size_t i;

		if (group_by(set, rows_key, blocks.v[b].runs, blocks.v[b].nr, &rows)) {
			rc = -1;
			break;
		}
		sweep_sort_groups(&rows);
		rs = calloc(rows.nr ? rows.nr : 1, sizeof(*rs));
		for (i = 0; rs && !rc && i < rows.nr; i++)
			rc = row_of(set, &rows.v[i], ex, &rs[i]);
		if (!rs)
			rc = error("out of memory");
		if (!rc && fmt == FMT_TEXT)
			print_block_text(out, by, blocks.v[b].value, &rows, rs, ex);
		else if (!rc)
			rc = add_flat_rows(&t, blocks.v[b].value, &rows, rs, ex);
		free(rs);
		group_list_release(&rows);
	}
	if (fmt != FMT_TEXT && blocks.nr) {
		if (!rc)
			rc = table_print(&t, fmt, out);
		table_release(&t);
	}
	group_list_release(&blocks);
	return rc;
}

int table_sweep_text(FILE *out, const struct run_set *set, const char *by,
		     const char *rows)
{
	struct extra ex = { .nr = 0 };

	return report(out, set, by, rows, FMT_TEXT, &ex);
}

/* "swap_out,kswapd_efficiency" -> stat ids; -1 with a message. */
static int parse_extra(const char *list, struct extra *ex)
{
	char *copy = strdup(list), *p = copy, *name;
	int rc = 0;

	while (copy && !rc && (name = strsep(&p, ","))) {
		size_t id;

		for (id = 0; id < NR_STATS && strcmp(stat_name(id), name); id++)
			;
		if (id == NR_STATS)
			rc = error("unknown metric '%s' (see 'vmscope compare' "
				   "for the names)", name);
		else if (ex->nr == MAX_EXTRA)
			rc = error("at most %d metrics as columns", MAX_EXTRA);
		else
			ex->id[ex->nr++] = id;
	}
	free(copy);
	return copy ? rc : error("out of memory");
}

int cmd_table(int argc, char **argv, struct cmd_ctx *ctx)
{
	static const struct option lo[] = {
		{ "by", required_argument, NULL, 'b' },
		{ "rows", required_argument, NULL, 'r' },
		{ "metrics", required_argument, NULL, 'm' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *by = "kernel", *rows = "swappiness";
	int c, fmt = FMT_TEXT, rc;
	struct extra ex = { .nr = 0 };
	struct run_set set;

	(void)ctx;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		if (c == 'h') {
			table_usage(stdout);
			return EXIT_OK;
		}
		if (c == 'b')
			by = optarg;
		else if (c == 'r')
			rows = optarg;
		else if (c == 'm') {
			if (parse_extra(optarg, &ex)) {
				table_usage(stderr);
				return EXIT_USAGE;
			}
		} else if (c != 'f' || (fmt = table_parse_format(optarg)) < 0) {
			table_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		table_usage(stderr);
		return EXIT_USAGE;
	}
	rc = run_set_load(&set, argv + optind, (size_t)(argc - optind));
	if (!rc && !set.nr_runs)
		rc = error("no runs in the given databases");
	if (!rc)
		rc = report(stdout, &set, by, rows, fmt, &ex);
	run_set_release(&set);
	return rc ? EXIT_FAILURE_RT : EXIT_OK;
}
