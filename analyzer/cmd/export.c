/*
 * export.c - vmscope export DB [RUN] --csv [--wide|--long]
 *
 *   --wide (default): a header, then one row per sample: run_id, seq, t,
 *                     then one column per counter (vmstat names as they
 *                     are, other sources as "source.name"); a counter
 *                     absent at a sample is an empty cell.
 *   --long:           a header, then one row per sample and counter with
 *                     the columns of the counter_values view.
 *
 * Values are printed as the view shows them (signed 64-bit, so a gauge
 * printed as 2^64-1 is -1); samples are streamed, so memory stays flat.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "db.h"
#include "err.h"
#include "rundb.h"
#include "table.h"
#include "banned.h"

struct columns {
	size_t nr;
	char **label;          /* "pgfault", "meminfo.MemFree" */
};

static void export_usage(FILE *out)
{
	fprintf(out, "usage: vmscope export DB [RUN] --csv [--wide|--long]\n");
}

static char *column_label(const char *source, const char *name)
{
	size_t sl = strlen(source), nl = strlen(name);
	int plain = !strcmp(source, "vmstat");
	char *s = malloc(sl + nl + 2);

	if (!s)
		return NULL;
	if (plain) {
		memcpy(s, name, nl + 1);
	} else {
		memcpy(s, source, sl);
		s[sl] = '.';
		memcpy(s + sl + 1, name, nl + 1);
	}
	return s;
}

/* Column of a run's slot, adding a column the first time a name is seen. */
static long column_of(struct columns *cols, const char *label)
{
	size_t i;
	char **l;

	for (i = 0; i < cols->nr; i++)
		if (!strcmp(cols->label[i], label))
			return (long)i;
	l = realloc(cols->label, (cols->nr + 1) * sizeof(*l));
	if (!l)
		return -1;
	cols->label = l;
	l[cols->nr] = strdup(label);
	return l[cols->nr] ? (long)cols->nr++ : -1;
}

static void columns_release(struct columns *cols)
{
	size_t i;

	for (i = 0; i < cols->nr; i++)
		free(cols->label[i]);
	free(cols->label);
}

static void fmt_t(char *buf, size_t cap, int64_t t_us)
{
	snprintf(buf, cap, "%" PRId64 ".%06" PRId64, t_us / 1000000, t_us % 1000000);
}

static int write_long(const struct sample_iter *it, int64_t run_id)
{
	char run[24], seq[24], t[40], value[24], delta[24];
	size_t i;

	snprintf(run, sizeof(run), "%" PRId64, run_id);
	snprintf(seq, sizeof(seq), "%" PRId64, it->seq);
	fmt_t(t, sizeof(t), it->t_us);
	for (i = 0; i < it->c.nr; i++) {
		const char *f[7] = { run, seq, t, it->c.source[i], it->c.name[i],
				     value, it->delta_valid[i] ? delta : NULL };

		if (!it->present[i])
			continue;
		snprintf(value, sizeof(value), "%" PRId64, it->value[i]);
		snprintf(delta, sizeof(delta), "%" PRId64, it->delta[i]);
		if (table_csv_record(stdout, f, 7))
			return error_errno("cannot write CSV");
	}
	return 0;
}

/* One wide row; map[slot] is the slot's column. */
static int write_wide(const struct sample_iter *it, int64_t run_id,
		      const long *map, const struct columns *cols, char **row)
{
	char run[24], seq[24], t[40];
	size_t i;

	snprintf(run, sizeof(run), "%" PRId64, run_id);
	snprintf(seq, sizeof(seq), "%" PRId64, it->seq);
	fmt_t(t, sizeof(t), it->t_us);
	row[0] = run;
	row[1] = seq;
	row[2] = t;
	for (i = 0; i < cols->nr; i++)
		row[3 + i][0] = 0;
	for (i = 0; i < it->c.nr; i++)
		if (it->present[i])
			snprintf(row[3 + map[i]], 24, "%" PRId64, it->value[i]);
	if (table_csv_record(stdout, (const char *const *)row, cols->nr + 3))
		return error_errno("cannot write CSV");
	return 0;
}

/*
 * Wide output needs every column before the first row: a first pass
 * opens each run's counter list (cheap: the layouts), a second streams.
 */
static int collect_columns(sqlite3 *db, const char *path,
			   const struct run_list *runs, struct columns *cols)
{
	size_t r, i;

	for (r = 0; r < runs->nr; r++) {
		struct sample_iter it;
		int rc = sample_iter_open(&it, db, path, runs->v[r].id);

		for (i = 0; !rc && i < it.c.nr; i++) {
			char *l = column_label(it.c.source[i], it.c.name[i]);

			rc = !l || column_of(cols, l) < 0 ? error("out of memory") : 0;
			free(l);
		}
		sample_iter_release(&it);
		if (rc)
			return -1;
	}
	return 0;
}

static int export_run(sqlite3 *db, const char *path, int64_t run_id, int wide,
		      struct columns *cols, char **row)
{
	struct sample_iter it;
	long *map = NULL;
	size_t i;
	int rc;

	if (sample_iter_open(&it, db, path, run_id)) {
		sample_iter_release(&it);
		return -1;
	}
	if (wide) {
		map = malloc((it.c.nr ? it.c.nr : 1) * sizeof(*map));
		for (i = 0; map && i < it.c.nr; i++) {
			char *l = column_label(it.c.source[i], it.c.name[i]);

			map[i] = l ? column_of(cols, l) : -1;
			free(l);
		}
	}
	while ((rc = sample_iter_next(&it)) == 1)
		if (wide ? write_wide(&it, run_id, map, cols, row) :
			   write_long(&it, run_id)) {
			rc = -1;
			break;
		}
	free(map);
	sample_iter_release(&it);
	return rc;
}

/* Print the wide header and make the row's value buffers (24 bytes each). */
static int wide_header(const struct columns *cols, char ***row)
{
	const char **h = calloc(cols->nr + 3, sizeof(*h));
	size_t i;
	int rc;

	*row = calloc(cols->nr + 3, sizeof(**row));
	if (!h || !*row) {
		free(h);
		return error("out of memory");
	}
	h[0] = "run_id";
	h[1] = "seq";
	h[2] = "t";
	for (i = 0; i < cols->nr; i++) {
		h[3 + i] = cols->label[i];
		(*row)[3 + i] = malloc(24);
		if (!(*row)[3 + i]) {
			free(h);
			return error("out of memory");
		}
	}
	rc = table_csv_record(stdout, h, cols->nr + 3);
	free(h);
	return rc ? error_errno("cannot write CSV") : 0;
}

static int export_db(const char *path, int64_t run_id, int wide)
{
	static const char *const long_header[] = {
		"run_id", "seq", "t", "source", "name", "value", "delta",
	};
	struct columns cols = { 0, NULL };
	struct run_list runs = { NULL, 0 };
	char **row = NULL;
	sqlite3 *db;
	size_t i;
	int rc = -1;

	if (db_open(path, DB_READ, &db))
		return -1;
	if (rundb_list(db, path, run_id, &runs))
		goto out;
	if (run_id > 0 && runs.nr == 0) {
		error("cannot export run %lld: no such run in '%s'",
		      (long long)run_id, path);
		goto out;
	}
	if (!wide)
		rc = table_csv_record(stdout, long_header, 7) ?
		     error_errno("cannot write CSV") : 0;
	else
		rc = collect_columns(db, path, &runs, &cols) ||
		     wide_header(&cols, &row) ? -1 : 0;
	for (i = 0; !rc && i < runs.nr; i++)
		rc = export_run(db, path, runs.v[i].id, wide, &cols, row);
out:
	run_list_release(&runs);
	if (row)
		for (i = 0; i < cols.nr; i++)
			free(row[3 + i]);
	free(row);
	columns_release(&cols);
	sqlite3_close(db);
	return rc;
}

int cmd_export(int argc, char **argv, struct cmd_ctx *ctx)
{
	static const struct option lo[] = {
		{ "csv", no_argument, NULL, 'c' },
		{ "wide", no_argument, NULL, 'w' },
		{ "long", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c, wide = 1, csv = 0, rc;
	long long run_id = 0;
	char *end;

	(void)ctx;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case 'h':
			export_usage(stdout);
			return EXIT_OK;
		case 'c': csv = 1; break;
		case 'w': wide = 1; break;
		case 'l': wide = 0; break;
		default:
			export_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (!csv || optind >= argc || argc - optind > 2) {
		if (!csv)
			error("export needs --csv (the only format so far)");
		export_usage(stderr);
		return EXIT_USAGE;
	}
	if (argc - optind == 2) {
		run_id = strtoll(argv[optind + 1], &end, 10);
		if (*end || run_id <= 0) {
			error("bad run id '%s'", argv[optind + 1]);
			return EXIT_USAGE;
		}
	}
	rc = export_db(argv[optind], run_id, wide);
	if (fflush(stdout) == EOF)
		rc = error_errno("cannot write CSV");
	return rc ? EXIT_FAILURE_RT : EXIT_OK;
}
