/*
 * runs.c - vmscope runs DB... [--format text|csv|markdown]: one line per
 * run: database (when several), id, label, tags, kernel, start, duration,
 * samples.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "db.h"
#include "err.h"
#include "rundb.h"
#include "table.h"
#include "banned.h"

static void runs_usage(FILE *out)
{
	fprintf(out, "usage: vmscope runs [--format text|csv|markdown] DB...\n");
}

static int add_runs(struct table *t, const char *path, int several)
{
	struct run_list l;
	sqlite3 *db;
	size_t i;
	int rc = 0;

	if (rundb_open(path, &db))
		return -1;
	if (rundb_list(db, path, 0, &l)) {
		sqlite3_close(db);
		return -1;
	}
	for (i = 0; i < l.nr && !rc; i++) {
		const struct run_summary *r = &l.v[i];
		char id[24], samples[24], dur[32];
		const char *cells[8] = {
			path, id, r->label, r->tags, r->kernel, r->started_at,
			dur, samples,
		};

		snprintf(id, sizeof(id), "%lld", (long long)r->id);
		snprintf(samples, sizeof(samples), "%lld", (long long)r->samples);
		snprintf(dur, sizeof(dur), "%.1f", r->duration_s);
		rc = table_add_row(t, several ? cells : cells + 1);
	}
	run_list_release(&l);
	sqlite3_close(db);
	return rc;
}

int cmd_runs(int argc, char **argv, struct cmd_ctx *ctx)
{
	static const struct option lo[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static const char *const headers[] = {
		"db", "run", "label", "tags", "kernel", "started", "duration_s",
		"samples",
	};
	static const int right[] = { 0, 1, 0, 0, 0, 0, 1, 1 };
	int fmt = FMT_TEXT, c, several, i, rc = 0;
	struct table t;

	(void)ctx;
	optind = 1;
	while ((c = getopt_long(argc, argv, "f:h", lo, NULL)) != -1) {
		if (c == 'h') {
			runs_usage(stdout);
			return EXIT_OK;
		}
		if (c != 'f' || (fmt = table_parse_format(optarg)) < 0) {
			runs_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		runs_usage(stderr);
		return EXIT_USAGE;
	}
	several = argc - optind > 1;
	if (table_init(&t, several ? 8 : 7, several ? headers : headers + 1,
		       several ? right : right + 1))
		return EXIT_FAILURE_RT;
	for (i = optind; i < argc && !rc; i++)
		rc = add_runs(&t, argv[i], several);
	if (!rc)
		rc = table_print(&t, fmt, stdout);
	table_release(&t);
	return rc ? EXIT_FAILURE_RT : EXIT_OK;
}
