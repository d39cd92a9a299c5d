/*
 * show.c - vmscope show DB [RUN] [--format text|csv|markdown]: one run's
 * facts, tags, markers and results, then its canonical metrics over the
 * whole run and per phase, a phase being the stretch from one marker to
 * the next (from the start to the first marker, from the last to the end).
 * Without RUN, the newest run.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "db.h"
#include "err.h"
#include "rundb.h"
#include "runstats.h"
#include "table.h"
#include "banned.h"

#define MAX_PHASES 16

struct phase {
	double from, to;
	char *name;
};

static void show_usage(FILE *out)
{
	fprintf(out, "usage: vmscope show [--format text|csv|markdown] DB [RUN]\n");
}

/* User text (labels, tags, markers) on one line, see table_clean(). */
static void print_clean(const char *s)
{
	table_put_clean(stdout, s);
	putchar('\n');
}

/* Print "name value" lines of the run's facts, skipping NULLs. */
static int print_facts(sqlite3 *db, const char *path, int64_t run)
{
	sqlite3_stmt *st;
	int rc, i;

	if (db_prepare(db, path, "SELECT run_id, label, kernel_release, "
		       "kernel_version, host, boot_id, started_at, ended_at, "
		       "interval_s, samples, end_reason, exit_status, elapsed_s, "
		       "missed_ticks, cpus, page_size, mem_total_kb, swap_total_kb, "
		       "swappiness, cgroup, cgroup_swappiness, lru_gen, sources, "
		       "command, (SELECT group_concat(key || '=' || value, ', ') "
		       "FROM run_tags t WHERE t.run_id = f.run_id) AS tags "
		       "FROM run_facts f WHERE run_id = ?", &st))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		for (i = 0; i < sqlite3_column_count(st); i++)
			if (sqlite3_column_type(st, i) != SQLITE_NULL) {
				printf("%-18s ", sqlite3_column_name(st, i));
				print_clean((const char *)sqlite3_column_text(st, i));
			}
	sqlite3_finalize(st);
	if (rc == SQLITE_DONE)
		return error("cannot show run %lld: no such run in '%s'",
			     (long long)run, path);
	return rc == SQLITE_ROW ? 0 : db_error(db, path, "cannot read");
}

/* Markers (as phase boundaries) and results, printed as they are read. */
static int read_markers(sqlite3 *db, const char *path, int64_t run,
			struct phase *ph, size_t *nr, int print)
{
	sqlite3_stmt *st;
	size_t past = 0;
	int rc;

	*nr = 1;
	ph[0].from = -1;
	ph[0].name = strdup("start");
	if (db_prepare(db, path, "SELECT t, text FROM markers WHERE run_id = ? "
		       "ORDER BY t", &st))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		double t = sqlite3_column_double(st, 0);
		const char *text = db_text(st, 1, path);

		if (!text) {
			sqlite3_finalize(st);
			return -1;
		}
		if (print) {
			printf("marker  %10.3f s  ", t);
			print_clean(text);
		}
		if (*nr < MAX_PHASES) {
			ph[*nr - 1].to = t;
			ph[*nr].from = t;
			/* 14 characters, never a UTF-8 one cut in two */
			ph[*nr].name = strndup(text, table_prefix(text, 14));
			(*nr)++;
		} else {
			past++;
		}
	}
	sqlite3_finalize(st);
	ph[*nr - 1].to = 1e300;
	if (past)
		warning("run %lld: %zu markers past the first %d begin no phase "
			"of the metrics; the last phase runs to the end",
			(long long)run, past, MAX_PHASES - 1);
	return rc == SQLITE_DONE ? 0 : db_error(db, path, "cannot read");
}

static int print_results(sqlite3 *db, const char *path, int64_t run)
{
	sqlite3_stmt *st;
	int rc;

	if (db_prepare(db, path, "SELECT t, name, value, coalesce(unit, '') "
		       "FROM results WHERE run_id = ? ORDER BY t", &st))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *name = db_text(st, 1, path);

		if (!name) {
			sqlite3_finalize(st);
			return -1;
		}
		printf("result  %10.3f s  ", sqlite3_column_double(st, 0));
		table_put_clean(stdout, name);
		printf(" = %g ", sqlite3_column_double(st, 2));
		print_clean((const char *)sqlite3_column_text(st, 3));
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : db_error(db, path, "cannot read");
}

static void stat_text(char *buf, size_t cap, const struct stat_value *v)
{
	if (v->state == STAT_OK)
		table_fmt_compact(buf, cap, v->v);
	else
		snprintf(buf, cap, "%s", v->state == STAT_NA ? "n/a" : "-");
}

static int print_metrics(sqlite3 *db, const char *path, int64_t run,
			 const struct phase *ph, size_t nr, int fmt)
{
	struct run_stats whole, st[MAX_PHASES];
	const char *row[MAX_PHASES + 3];
	char buf[MAX_PHASES + 1][32];
	int right[MAX_PHASES + 3];
	struct table t;
	size_t i, id, cols = nr > 1 ? nr + 3 : 3;
	int rc;

	if (run_stats_compute(db, path, run, -1, 1e300, &whole))
		return -1;
	for (i = 0; nr > 1 && i < nr; i++)
		if (run_stats_compute(db, path, run, ph[i].from, ph[i].to, &st[i]))
			return -1;
	row[0] = "metric";
	row[1] = "unit";
	row[2] = "run";
	for (i = 0; i < cols; i++)
		right[i] = i >= 2;
	for (i = 0; nr > 1 && i < nr; i++)
		row[3 + i] = ph[i].name;
	if (table_init(&t, cols, row, right))
		return -1;
	for (id = 0, rc = 0; !rc && id < NR_STATS; id++) {
		row[0] = stat_name(id);
		row[1] = stat_unit(id);
		stat_text(buf[0], sizeof(buf[0]), &whole.s[id]);
		row[2] = buf[0];
		for (i = 0; nr > 1 && i < nr; i++) {
			stat_text(buf[i + 1], sizeof(buf[0]), &st[i].s[id]);
			row[3 + i] = buf[i + 1];
		}
		rc = table_add_row(&t, row);
	}
	if (!rc) {
		if (fmt == FMT_TEXT)
			printf("\n");
		rc = table_print(&t, fmt, stdout);
	}
	if (!rc && fmt == FMT_TEXT && whole.since_boot)
		printf("\none snapshot: event counters are totals since boot\n");
	table_release(&t);
	return rc;
}

/* Every format names a missing run as an error, not only the text form. */
static int run_exists(sqlite3 *db, const char *path, int64_t run)
{
	sqlite3_stmt *st;
	int rc;

	if (db_prepare(db, path, "SELECT 1 FROM run WHERE id = ?", &st))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc == SQLITE_DONE)
		return error("cannot show run %lld: no such run in '%s'",
			     (long long)run, path);
	return rc == SQLITE_ROW ? 0 : db_error(db, path, "cannot read");
}

static int last_run(sqlite3 *db, const char *path, int64_t *run)
{
	sqlite3_stmt *st;
	int rc;

	if (db_prepare(db, path, "SELECT max(id) FROM run", &st))
		return -1;
	rc = sqlite3_step(st);
	*run = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	if (!*run)
		return error("cannot show '%s': it holds no run", path);
	return 0;
}

int cmd_show(int argc, char **argv, struct cmd_ctx *ctx)
{
	static const struct option lo[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct phase ph[MAX_PHASES];
	size_t nr = 0, i;
	int c, fmt = FMT_TEXT, rc;
	int64_t run = 0;
	sqlite3 *db;
	char *end;

	(void)ctx;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		if (c == 'h') {
			show_usage(stdout);
			return EXIT_OK;
		}
		if (c != 'f' || (fmt = table_parse_format(optarg)) < 0) {
			show_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc || argc - optind > 2) {
		show_usage(stderr);
		return EXIT_USAGE;
	}
	if (argc - optind == 2 && ((run = strtoll(argv[optind + 1], &end, 10)) <= 0 || *end)) {
		error("bad run id '%s'", argv[optind + 1]);
		return EXIT_USAGE;
	}
	if (rundb_open(argv[optind], &db))
		return EXIT_FAILURE_RT;
	/* the text form shows everything; CSV and markdown only the metrics */
	rc = (!run && last_run(db, argv[optind], &run)) ||
	     run_exists(db, argv[optind], run) ||
	     (fmt == FMT_TEXT && print_facts(db, argv[optind], run)) ||
	     read_markers(db, argv[optind], run, ph, &nr, fmt == FMT_TEXT) ||
	     (fmt == FMT_TEXT && print_results(db, argv[optind], run)) ||
	     print_metrics(db, argv[optind], run, ph, nr, fmt);
	for (i = 0; i < nr; i++)
		free(ph[i].name);
	sqlite3_close(db);
	return rc ? EXIT_FAILURE_RT : EXIT_OK;
}
