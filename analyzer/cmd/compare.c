/*
 * compare.c - vmscope compare DB... [--by TAG] [--format text|csv|markdown]
 *
 * One column per value of TAG (default: kernel), one row per canonical
 * metric: the mean over the runs (trials) of that column, their spread,
 * the change against the first column and a '*' where the difference is
 * significant by Welch's t-test at 95%, which needs at least 3 trials on
 * each side (with fewer, nothing is said).  Text cells are compact so
 * three columns fit in 80; CSV and markdown carry every figure apart.
 */
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "err.h"
#include "groups.h"
#include "runstats.h"
#include "stats.h"
#include "table.h"
#include "banned.h"

#define SIGNIFICANCE 0.05
#define MIN_TRIALS 3

struct cell {
	struct summary sum;
	int ok;                    /* runs with a value */
	int none;                  /* runs where it is "-" (nothing scanned) */
};

static void compare_usage(FILE *out)
{
	fprintf(out, "usage: vmscope compare [--by TAG] [--format text|csv|markdown] DB...\n");
}

/* Append to buf (cap bytes, n used so far) and clamp: a cell never overflows. */
static void cell_add(char *buf, size_t cap, size_t *n, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void cell_add(char *buf, size_t cap, size_t *n, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (*n + 1 >= cap)
		return;
	va_start(ap, fmt);
	w = vsnprintf(buf + *n, cap - *n, fmt, ap);
	va_end(ap);
	if (w > 0)
		*n += (size_t)w < cap - *n ? (size_t)w : cap - *n - 1;
}

/*
 * A percentage that stays short: a change (+98.0%) or a spread (±1.0%,
 * ±57%); from 10^6 % on (a rate of almost 0 against a huge one) in
 * exponent form, +9.2e+32%, so the cell keeps its other figures.
 */
static void cell_pct(char *buf, size_t cap, size_t *n, int change, double pct)
{
	if (fabs(pct) >= 1e6)
		cell_add(buf, cap, n, change ? " %+.2g%%" : " ±%.2g%%", pct);
	else if (change)
		cell_add(buf, cap, n, " %+.1f%%", pct);
	else
		cell_add(buf, cap, n, pct < 10 ? " ±%.1f%%" : " ±%.0f%%", pct);
}

/*
 * The text cell: mean, spread (coefficient of variation), change against
 * the first column, '*' when Welch's test says significant.  A baseline
 * mean of 0 (nothing swapped, then 5020 pages) has no percentage change:
 * the cell says "from 0", and the test still runs (see welch_p() for
 * trials without variance).
 */
static void text_cell(char *buf, size_t cap, const struct cell *c,
		      const struct cell *base, int first)
{
	char mean[24];
	size_t n = 0;
	double p;

	buf[0] = '\0';
	if (!c->ok) {
		cell_add(buf, cap, &n, "%s", c->none ? "-" : "n/a");
		return;
	}
	table_fmt_compact(mean, sizeof(mean), c->sum.mean);
	cell_add(buf, cap, &n, "%s", mean);
	if (c->sum.n >= 2 && c->sum.mean != 0)
		cell_pct(buf, cap, &n, 0, 100 * c->sum.sd / fabs(c->sum.mean));
	if (first || !base->ok)
		return;
	if (base->sum.mean != 0)
		cell_pct(buf, cap, &n, 1, 100 * (c->sum.mean - base->sum.mean) /
			 fabs(base->sum.mean));
	else if (c->sum.mean != 0)
		cell_add(buf, cap, &n, " from 0");
	p = c->sum.n >= MIN_TRIALS && base->sum.n >= MIN_TRIALS ?
	    welch_p(&base->sum, &c->sum) : -1;
	if (p >= 0 && p < SIGNIFICANCE)
		cell_add(buf, cap, &n, "*");
}

/* Stats of every run of every group: stats[g][k]. */
static int compute(const struct run_set *set, const struct group_list *g,
		   struct run_stats ***out)
{
	size_t i, k;

	*out = calloc(g->nr, sizeof(**out));
	if (!*out)
		return error("out of memory");
	for (i = 0; i < g->nr; i++) {
		(*out)[i] = calloc(g->v[i].nr, sizeof(***out));
		if (!(*out)[i])
			return error("out of memory");
		for (k = 0; k < g->v[i].nr; k++) {
			const struct run_ref *r = &set->runs[g->v[i].runs[k]];

			if (run_stats_compute(set->dbs[r->db], set->paths[r->db],
					      r->id, -1, 1e300, &(*out)[i][k]))
				return -1;
		}
	}
	return 0;
}

static void cell_of(struct run_stats *const *stats, const struct group *g,
		    size_t gi, enum stat_id id, struct cell *c)
{
	double *x = malloc((g->nr ? g->nr : 1) * sizeof(*x));
	size_t k;

	memset(c, 0, sizeof(*c));
	for (k = 0; x && k < g->nr; k++) {
		const struct stat_value *v = &stats[gi][k].s[id];

		if (v->state == STAT_OK)
			x[c->ok++] = v->v;
		else if (v->state == STAT_NONE)
			c->none++;
	}
	if (x)
		summary_of(x, (size_t)c->ok, &c->sum);
	free(x);
}

static int print_text(const struct group_list *g, struct run_stats *const *stats,
		      enum table_format fmt)
{
	size_t ncols = g->nr + 1, i, id;
	const char **row = calloc(ncols, sizeof(*row));
	char (*buf)[64] = calloc(ncols, sizeof(*buf));
	int *right = calloc(ncols, sizeof(*right));
	struct cell *cells = calloc(g->nr, sizeof(*cells));
	struct table t;
	int rc = -1;

	if (!row || !buf || !right || !cells)
		goto out;
	row[0] = "metric";
	for (i = 0; i < g->nr; i++) {
		row[i + 1] = g->v[i].value;
		right[i + 1] = 1;
	}
	if (table_init(&t, ncols, row, right))
		goto out;
	row[0] = "trials";
	for (i = 0; i < g->nr; i++) {
		snprintf(buf[i + 1], sizeof(buf[0]), "%zu", g->v[i].nr);
		row[i + 1] = buf[i + 1];
	}
	rc = table_add_row(&t, row);
	for (id = 0; !rc && id < NR_STATS; id++) {
		row[0] = stat_name(id);
		for (i = 0; i < g->nr; i++)
			cell_of(stats, &g->v[i], i, id, &cells[i]);
		for (i = 0; i < g->nr; i++) {
			text_cell(buf[i + 1], sizeof(buf[0]), &cells[i], &cells[0], i == 0);
			row[i + 1] = buf[i + 1];
		}
		rc = table_add_row(&t, row);
	}
	if (!rc)
		rc = table_print(&t, fmt, stdout);
	for (i = 0; !rc && fmt == FMT_TEXT && i < g->nr; i++)
		if (g->v[i].nr && stats[i][0].since_boot) {
			printf("\none snapshot per run: event counters are "
			       "totals since boot\n");
			break;
		}
	table_release(&t);
out:
	if (rc && (!row || !buf || !right || !cells))
		error("out of memory");
	free(row);
	free(buf);
	free(right);
	free(cells);
	return rc;
}

/* CSV and markdown: one row per metric and group, every figure apart. */
static int print_flat(const struct group_list *g, struct run_stats *const *stats,
		      enum table_format fmt)
{
	static const char *const head[] = {
		"metric", "unit", "group", "trials", "mean", "sd", "min", "max",
		"change_pct", "p_value", "significant",
	};
	static const int right[] = { 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0 };
	struct cell base, c;
	struct table t;
	size_t i, id;
	int rc = table_init(&t, 11, head, right);

	for (id = 0; !rc && id < NR_STATS; id++) {
		cell_of(stats, &g->v[0], 0, id, &base);
		for (i = 0; !rc && i < g->nr; i++) {
			char f[8][32];
			const char *row[11] = { stat_name(id), stat_unit(id), g->v[i].value,
						f[0], NULL, NULL, NULL, NULL, NULL, NULL, NULL };
			double p;

			cell_of(stats, &g->v[i], i, id, &c);
			snprintf(f[0], 32, "%d", c.ok);
			if (c.ok) {
				snprintf(f[1], 32, "%.6g", c.sum.mean);
				snprintf(f[2], 32, "%.6g", c.sum.sd);
				snprintf(f[3], 32, "%.6g", c.sum.min);
				snprintf(f[4], 32, "%.6g", c.sum.max);
				row[4] = f[1]; row[5] = f[2]; row[6] = f[3]; row[7] = f[4];
			}
			/* change_pct is empty against a mean of 0; the test still runs */
			if (i && c.ok && base.ok) {
				if (base.sum.mean != 0) {
					double pct = 100 * (c.sum.mean - base.sum.mean) /
						     fabs(base.sum.mean);

					/* %.2f of 1e30 would not fit the field */
					snprintf(f[5], 32, fabs(pct) < 1e15 ? "%.2f" : "%.6g", pct);
					row[8] = f[5];
				}
				p = c.sum.n >= MIN_TRIALS && base.sum.n >= MIN_TRIALS ?
				    welch_p(&base.sum, &c.sum) : -1;
				if (p >= 0) {
					snprintf(f[6], 32, "%.4g", p);
					row[9] = f[6];
					row[10] = p < SIGNIFICANCE ? "yes" : "no";
				}
			}
			rc = table_add_row(&t, row);
		}
	}
	if (!rc)
		rc = table_print(&t, fmt, stdout);
	table_release(&t);
	return rc;
}

int cmd_compare(int argc, char **argv, struct cmd_ctx *ctx)
{
	static const struct option lo[] = {
		{ "by", required_argument, NULL, 'b' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *by = "kernel";
	int c, fmt = FMT_TEXT, rc;
	struct run_set set;
	struct group_list g = { NULL, 0 };
	struct run_stats **stats = NULL;
	size_t i;

	(void)ctx;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		if (c == 'h') {
			compare_usage(stdout);
			return EXIT_OK;
		}
		if (c == 'b') {
			by = optarg;
		} else if (c != 'f' || (fmt = table_parse_format(optarg)) < 0) {
			compare_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		compare_usage(stderr);
		return EXIT_USAGE;
	}
	rc = run_set_load(&set, argv + optind, (size_t)(argc - optind)) ||
	     group_by(&set, by, NULL, 0, &g);
	if (!rc && !g.nr)
		rc = error("nothing to compare: no runs in the given databases");
	if (!rc)
		rc = compute(&set, &g, &stats);
	if (!rc)
		rc = fmt == FMT_TEXT ? print_text(&g, stats, fmt) :
		     print_flat(&g, stats, fmt);
	for (i = 0; stats && i < g.nr; i++)
		free(stats[i]);
	free(stats);
	group_list_release(&g);
	run_set_release(&set);
	return rc ? EXIT_FAILURE_RT : EXIT_OK;
}
