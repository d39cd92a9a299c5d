/* labmerge.c - a guest's new runs appended, renumbered (see labmerge.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "err.h"
#include "labmerge.h"
#include "banned.h"

/* The guest's counter ids and the host's, sorted by the guest's. */
struct namemap {
	int64_t *from, *to;
	size_t n;
};

static int64_t map_id(const struct namemap *m, int64_t id, int *found)
{
	size_t lo = 0, hi = m->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->from[mid] == id) {
			*found = 1;
			return m->to[mid];
		}
		if (m->from[mid] < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = 0;
	return id;
}

/*
 * lab_remap(json, stride): the flat integer array json (as the collector
 * writes it: "[a,b,...]", no spaces; NULL where nothing changed, kept
 * as it is) with every stride-th entry from the first, a counter id, put
 * through the name map, written back in the collector's own format.
 */
static void remap_fn(sqlite3_context *c, int argc, sqlite3_value **v)
{
	const struct namemap *m = sqlite3_user_data(c);
	const char *s = (const char *)sqlite3_value_text(v[0]);
	int stride = sqlite3_value_int(v[1]), i = 0, found;
	sqlite3_str *out;
	char *end;

	(void)argc;
	if (!s || !*s || stride < 1) {
		sqlite3_result_value(c, v[0]);
		return;
	}
	if (*s++ != '[') {
		sqlite3_result_error(c, "a counter array that is not [...]", -1);
		return;
	}
	out = sqlite3_str_new(NULL);
	sqlite3_str_appendchar(out, 1, '[');
	while (*s != ']') {
		long long x;

		errno = 0;
		x = strtoll(s, &end, 10);
		if (end == s || errno || (*end != ',' && *end != ']'))
			break;
		if (i % stride == 0) {
			x = map_id(m, x, &found);
			if (!found)
				break;
		}
		sqlite3_str_appendf(out, i ? ",%lld" : "%lld", x);
		i++;
		s = *end == ',' ? end + 1 : end;
	}
	if (*s != ']' || s[1]) {
		sqlite3_free(sqlite3_str_finish(out));
		sqlite3_result_error(c, "a counter array the merge cannot read "
				     "(or an id outside the guest's names)", -1);
		return;
	}
	sqlite3_str_appendchar(out, 1, ']');
	sqlite3_result_text(c, sqlite3_str_finish(out), -1, sqlite3_free);
}

static int exec_bound(sqlite3 *h, const char *path, const char *sql, int64_t first_new)
{
	sqlite3_stmt *st;
	int rc;

	if (db_prepare(h, path, sql, &st))
		return -1;
	if (sqlite3_bind_parameter_count(st) > 0)
		sqlite3_bind_int64(st, 1, first_new);
	rc = sqlite3_step(st) == SQLITE_DONE ? 0 : db_error(h, path, "cannot merge into");
	sqlite3_finalize(st);
	return rc;
}

/* The tables the lab merges, and what each column of the guest's row becomes. */
#define RUN_OF(x) "(SELECT new FROM temp.lab_run WHERE old = " x ")"
struct column_sub { const char *col, *expr; };
static const struct table_spec {
	const char *name, *where, *order;
	struct column_sub sub[4];
} tables[] = {
	{ "run", "id >= ?1", "id", { { "id", RUN_OF("id") } } },
	{ "tag", "run_id >= ?1", "run_id", { { "run_id", RUN_OF("run_id") } } },
	{ "watermark", "run_id >= ?1", "run_id", { { "run_id", RUN_OF("run_id") } } },
	{ "layout", "run_id >= ?1", "id", {
		{ "id", "(SELECT new FROM temp.lab_layout WHERE old = id)" },
		{ "run_id", RUN_OF("run_id") },
		{ "name_ids", "lab_remap(name_ids, 1)" } } },
	{ "sample", "(id >> 32) >= ?1", "id", {
		{ "id", "(" RUN_OF("id >> 32") " << 32) | (id & 4294967295)" },
		/* a layout of an older run, were one shared, keeps its id */
		{ "layout_id", "coalesce((SELECT new FROM temp.lab_layout "
			       "WHERE old = layout_id), layout_id)" },
		{ "deltas", "lab_remap(deltas, 2)" },
		{ "absolutes", "lab_remap(absolutes, 2)" } } },
	{ "marker", "run_id >= ?1", "rowid", { { "run_id", RUN_OF("run_id") } } },
	{ "result", "run_id >= ?1", "rowid", { { "run_id", RUN_OF("run_id") } } },
};
/* Not copied: counter_name (merged by name), counter_kind (the schema's own). */
static const char *const dictionary_tables[] = { "counter_name", "counter_kind" };

/* INSERT INTO main.T (cols) SELECT exprs FROM g.T WHERE ... ORDER BY ... */
static int copy_table(sqlite3 *h, const char *path, const struct table_spec *t,
		      int64_t first_new)
{
	sqlite3_str *cols = sqlite3_str_new(h), *exprs = sqlite3_str_new(h);
	sqlite3_stmt *st;
	char *c, *e, *sql;
	int n = 0, rc = -1;

	if (db_prepare(h, path, "SELECT name FROM pragma_table_info(?1, 'main') "
		       "ORDER BY cid", &st) == 0) {
		sqlite3_bind_text(st, 1, t->name, -1, SQLITE_STATIC);
		while (sqlite3_step(st) == SQLITE_ROW) {
			const char *col = (const char *)sqlite3_column_text(st, 0);
			const char *expr = NULL;
			size_t i;

			for (i = 0; i < 4 && t->sub[i].col; i++)
				if (col && !strcmp(col, t->sub[i].col))
					expr = t->sub[i].expr;
			sqlite3_str_appendf(cols, n ? ", \"%w\"" : "\"%w\"", col);
			if (expr)
				sqlite3_str_appendf(exprs, n ? ", %s" : "%s", expr);
			else
				sqlite3_str_appendf(exprs, n ? ", \"%w\"" : "\"%w\"", col);
			n++;
		}
		sqlite3_finalize(st);
	}
	c = sqlite3_str_finish(cols);
	e = sqlite3_str_finish(exprs);
	sql = n && c && e ? sqlite3_mprintf("INSERT INTO main.\"%w\" (%s) SELECT %s "
					    "FROM g.\"%w\" WHERE %s ORDER BY %s",
					    t->name, c, e, t->name, t->where, t->order) : NULL;
	if (sql)
		rc = exec_bound(h, path, sql, first_new);
	else
		error("cannot merge into '%s': no columns for table %s", path, t->name);
	sqlite3_free(sql);
	sqlite3_free(c);
	sqlite3_free(e);
	return rc;
}

/* A table of the guest's file that this code would not copy: refuse. */
static int known_tables(sqlite3 *h, const char *path)
{
	sqlite3_stmt *st;
	int rc = 0;

	if (db_prepare(h, path, "SELECT name FROM g.sqlite_schema WHERE type = 'table' "
		       "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'", &st))
		return -1;
	while (!rc && sqlite3_step(st) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(st, 0);
		size_t i, known = 0;

		for (i = 0; name && i < sizeof(tables) / sizeof(tables[0]); i++)
			known |= !strcmp(name, tables[i].name);
		for (i = 0; name && i < 2; i++)
			known |= !strcmp(name, dictionary_tables[i]);
		if (!known)
			rc = error("cannot merge the guest's database into '%s': it has "
				   "a table this vmscope does not know (%s)", path,
				   name ? name : "?");
	}
	sqlite3_finalize(st);
	return rc;
}

/* The guest's counter names that h lacks added to h; the id map loaded. */
static int merge_names(sqlite3 *h, const char *path, struct namemap *m)
{
	sqlite3_stmt *st;
	size_t cap = 0;

	if (exec_bound(h, path, "INSERT INTO main.counter_name (source, name, kind) "
		       "SELECT source, name, kind FROM g.counter_name n WHERE NOT EXISTS "
		       "(SELECT 1 FROM main.counter_name o WHERE o.source = n.source "
		       "AND o.name = n.name) ORDER BY id", 0) ||
	    db_prepare(h, path, "SELECT n.id, o.id FROM g.counter_name n JOIN "
		       "main.counter_name o ON o.source = n.source AND o.name = n.name "
		       "ORDER BY n.id", &st))
		return -1;
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (m->n == cap) {
			size_t c = cap ? 2 * cap : 256;
			int64_t *f = realloc(m->from, c * sizeof(*f));
			int64_t *t = f ? realloc(m->to, c * sizeof(*t)) : NULL;

			if (f)
				m->from = f;
			if (!t) {
				sqlite3_finalize(st);
				return error("cannot merge into '%s': out of memory", path);
			}
			m->to = t;
			cap = c;
		}
		m->from[m->n] = sqlite3_column_int64(st, 0);
		m->to[m->n++] = sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	return 0;
}

/* Old id -> new id for the guest's runs and layouts, numbered after h's. */
static int id_maps(sqlite3 *h, const char *path, int64_t first_new)
{
	return exec_bound(h, path, "CREATE TEMP TABLE lab_run (old INTEGER PRIMARY KEY, "
			  "new INTEGER NOT NULL)", 0) ||
	       exec_bound(h, path, "INSERT INTO temp.lab_run SELECT id, "
			  DB_NEXT_RUN_ID " - 1 + row_number() OVER (ORDER BY id) "
			  "FROM g.run WHERE id >= ?1", first_new) ||
	       exec_bound(h, path, "CREATE TEMP TABLE lab_layout (old INTEGER PRIMARY KEY, "
			  "new INTEGER NOT NULL)", 0) ||
	       exec_bound(h, path, "INSERT INTO temp.lab_layout SELECT id, "
			  "(SELECT coalesce(max(id), 0) FROM main.layout) + "
			  "row_number() OVER (ORDER BY id) FROM g.layout "
			  "WHERE run_id >= ?1", first_new) ? -1 : 0;
}

int labmerge_append(sqlite3 *h, const char *path, int64_t first_new,
		    int64_t *new_runs)
{
	struct namemap m = { 0 };
	size_t i;
	int rc;

	*new_runs = 0;
	rc = known_tables(h, path);
	if (!rc && db_one_int(h, path, "PRAGMA main.user_version") !=
		   db_one_int(h, path, "PRAGMA g.user_version"))
		rc = error("cannot merge the guest's database into '%s': another "
			   "schema version", path);
	if (!rc)
		rc = merge_names(h, path, &m);
	if (!rc && sqlite3_create_function(h, "lab_remap", 2, SQLITE_UTF8, &m,
					   remap_fn, NULL, NULL) != SQLITE_OK)
		rc = db_error(h, path, "cannot merge into");
	if (!rc)
		rc = id_maps(h, path, first_new);
	if (!rc && db_one_int(h, path, "SELECT coalesce(max(new), 0) FROM temp.lab_run") >
		   DB_MAX_RUN_ID)
		rc = error("cannot merge into '%s': run ids would pass %ld", path,
			   DB_MAX_RUN_ID);
	for (i = 0; !rc && i < sizeof(tables) / sizeof(tables[0]); i++)
		rc = copy_table(h, path, &tables[i], first_new);
	if (!rc)
		*new_runs = db_one_int(h, path, "SELECT count(*) FROM temp.lab_run");
	/* the function's map dies here: take the function away first */
	sqlite3_create_function(h, "lab_remap", 2, SQLITE_UTF8, NULL, NULL, NULL, NULL);
	free(m.from);
	free(m.to);
	return rc;
}
