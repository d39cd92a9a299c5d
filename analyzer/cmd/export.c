/*
 * export.c - vmscope export DB [RUN] --csv [--wide|--long]
 *
 *   --wide (default): a header, then one row per sample: run_id, seq, t,
 *                     then one column per counter (vmstat names as they
 *                     are, other sources as "source.name"); a counter
 *                     absent at a sample is an empty cell.
 *   --long:           a header, then one row per sample and counter with
 *                     the 10 columns of the counter_values view (run_id,
 *                     seq, t, source, name, value, delta, reset, kind,
 *                     u64).
 *
 * Both start with records "#fact", "#tag", "#marker", "#watermark" and
 * "#sample" (RUN, KEY, VALUE) holding every run's facts (the run table's
 * non-NULL columns), tags, markers, watermarks, and the samples taken
 * with a clock skew or missed ticks or holding no counter ("SKEW MISSED
 * [T_US]": a long export has no row for those), so that `vmscope import` rebuilds the runs exactly; CSV readers
 * that skip lines starting with '#' see a plain table.  A vmstat name
 * that would be read as another column ("t", "seq", "run_id", a name with
 * a '.' or starting with '#') is written "vmstat.NAME".
 *
 * Values are printed as the view shows them (signed 64-bit, so a gauge
 * printed as 2^64-1 is -1; u64 has the kernel's number); samples are
 * streamed, so memory stays flat.
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

/* Would a vmstat name, written bare, be read back as something else? */
static int needs_prefix(const char *name)
{
	return !strcmp(name, "t") || !strcmp(name, "seq") ||
	       !strcmp(name, "run_id") || strchr(name, '.') || name[0] == '#';
}

static char *column_label(const char *source, const char *name)
{
	size_t sl = strlen(source), nl = strlen(name);
	int plain = !strcmp(source, "vmstat") && !needs_prefix(name);
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

/* Seconds with six decimals; a negative time prints as "-1.500000". */
static void fmt_t(char *buf, size_t cap, int64_t t_us)
{
	uint64_t a = t_us < 0 ? -(uint64_t)t_us : (uint64_t)t_us;

	snprintf(buf, cap, "%s%" PRIu64 ".%06" PRIu64, t_us < 0 ? "-" : "",
		 a / 1000000, a % 1000000);
}

/* prev_present: the slot was present at the previous sample */
static int write_long(const struct sample_iter *it, int64_t run_id)
{
	char run[24], seq[24], t[40], value[24], delta[24], u64[24];
	size_t i;

	snprintf(run, sizeof(run), "%" PRId64, run_id);
	snprintf(seq, sizeof(seq), "%" PRId64, it->seq);
	fmt_t(t, sizeof(t), it->t_us);
	for (i = 0; i < it->c.nr; i++) {
		/*
		 * A reset: an event counter whose delta entry went backwards
		 * (an absolute entry leaves delta at 0, see rundb.c)
		 */
		int reset = it->c.is_counter[i] && !it->delta_valid[i] &&
			    it->delta[i] != 0;
		const char *f[10] = { run, seq, t, it->c.source[i],
				      it->c.name[i], value,
				      it->delta_valid[i] ? delta : NULL,
				      reset ? "1" : "0",
				      it->c.is_counter[i] ? "counter" : "gauge",
				      u64 };

		if (!it->present[i])
			continue;
		snprintf(value, sizeof(value), "%" PRId64, it->value[i]);
		snprintf(delta, sizeof(delta), "%" PRId64, it->delta[i]);
		snprintf(u64, sizeof(u64), "%" PRIu64, (uint64_t)it->value[i]);
		if (table_csv_record(stdout, f, 10))
			return error_errno("cannot write CSV");
	}
	return 0;
}

/* One "#fact"/"#tag"/"#marker" record. */
static int meta_record(const char *kind, int64_t run_id, const char *key,
		       const char *value)
{
	char run[24];
	const char *f[4] = { kind, run, key, value };

	snprintf(run, sizeof(run), "%" PRId64, run_id);
	return table_csv_record(stdout, f, 4) ? error_errno("cannot write CSV") : 0;
}

/* Every run's non-NULL facts, its tags and its markers, as records. */
static int write_meta(sqlite3 *db, const char *path, int64_t run_id)
{
	static const char *const sql[] = {
		"SELECT * FROM run WHERE id = ?",
		"SELECT key, value FROM tag WHERE run_id = ? ORDER BY key",
		"SELECT t_us || ' ' || wall_us, text FROM marker "
		"WHERE run_id = ? ORDER BY t_us, rowid",
		"SELECT node || ' ' || zone, coalesce(min_pages, '') || ' ' || "
		"coalesce(low_pages, '') || ' ' || coalesce(high_pages, '') "
		"FROM watermark WHERE run_id = ? ORDER BY node, zone",
		/* the rare samples with a clock skew or missed ticks */
		"SELECT s.seq, s.wall_skew_us || ' ' || s.missed || "
		"CASE WHEN l.name_ids = '[]' THEN ' ' || s.t_us ELSE '' END "
		"FROM sample_seq s JOIN layout l ON l.id = s.layout_id "
		"WHERE s.run_id = ? AND (s.wall_skew_us <> 0 OR s.missed <> 0 "
		"OR l.name_ids = '[]') ORDER BY s.seq",
	};
	static const char *const kind[] = {
		"#fact", "#tag", "#marker", "#watermark", "#sample",
	};
	size_t q;
	int rc = 0;

	for (q = 0; q < 5 && !rc; q++) {
		sqlite3_stmt *st;
		int c, r;

		if (db_prepare(db, path, sql[q], &st))
			return -1;
		sqlite3_bind_int64(st, 1, run_id);
		while (!rc && (r = sqlite3_step(st)) == SQLITE_ROW) {
			if (q)
				rc = meta_record(kind[q], run_id,
					(const char *)sqlite3_column_text(st, 0),
					(const char *)sqlite3_column_text(st, 1));
			for (c = 1; !q && !rc && c < sqlite3_column_count(st); c++)
				if (sqlite3_column_type(st, c) != SQLITE_NULL)
					rc = meta_record(kind[q], run_id,
						sqlite3_column_name(st, c),
						(const char *)sqlite3_column_text(st, c));
		}
		if (!rc && r != SQLITE_DONE)
			rc = db_error(db, path, "cannot read");
		sqlite3_finalize(st);
	}
	return rc;
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
		"reset", "kind", "u64",
	};
	struct columns cols = { 0, NULL };
	struct run_list runs = { NULL, 0 };
	char **row = NULL;
	sqlite3 *db;
	size_t i;
	int rc = -1;

	if (rundb_open(path, &db))
		return -1;
	if (rundb_list(db, path, run_id, &runs))
		goto out;
	if (run_id > 0 && runs.nr == 0) {
		error("cannot export run %lld: no such run in '%s'",
		      (long long)run_id, path);
		goto out;
	}
	rc = 0;
	for (i = 0; !rc && i < runs.nr; i++)
		rc = write_meta(db, path, runs.v[i].id);
	if (rc)
		goto out;
	if (!wide)
		rc = table_csv_record(stdout, long_header, 10) ?
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
