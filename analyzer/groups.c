/* groups.c - runs across databases, grouped by a tag (see groups.h). */
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "err.h"
#include "rundb.h"
#include "boot_costs.h"
#include "groups.h"
#include "table.h"
#include "banned.h"

static char *col_dup(sqlite3_stmt *st, int i)
{
	const unsigned char *s = sqlite3_column_text(st, i);

	return s ? strdup((const char *)s) : NULL;
}

static int load_tags(sqlite3 *db, const char *path, struct run_ref *r)
{
	sqlite3_stmt *st;
	int rc;

	if (db_prepare(db, path, "SELECT key, value FROM tag WHERE run_id = ? "
		       "ORDER BY key", &st))
		return -1;
	sqlite3_bind_int64(st, 1, r->id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		char **k = realloc(r->keys, (r->nr_tags + 1) * sizeof(*k));
		char **v = k ? realloc(r->values, (r->nr_tags + 1) * sizeof(*v)) : NULL;

		if (k)
			r->keys = k;
		if (!v)
			break;
		r->values = v;
		/* key and value are NOT NULL in the schema; a bit flip is not */
		if (!db_text(st, 0, path) || !db_text(st, 1, path)) {
			sqlite3_finalize(st);
			return -1;
		}
		r->keys[r->nr_tags] = col_dup(st, 0);
		r->values[r->nr_tags] = col_dup(st, 1);
		if (!r->keys[r->nr_tags] || !r->values[r->nr_tags]) {
			free(r->keys[r->nr_tags]);
			free(r->values[r->nr_tags]);
			break;
		}
		r->nr_tags++;
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return error("out of memory");
	return rc == SQLITE_DONE ? 0 : db_error(db, path, "cannot read");
}

static int load_runs(struct run_set *s, size_t d)
{
	sqlite3_stmt *st;
	int rc, ret = 0;

	if (db_prepare(s->dbs[d], s->paths[d], "SELECT id, kernel_release, "
		       "coalesce(page_size, 4096) FROM run ORDER BY id", &st))
		return -1;
	while (!ret && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct run_ref *r = realloc(s->runs, (s->nr_runs + 1) * sizeof(*r));

		if (!r) {
			ret = error("out of memory");
			break;
		}
		s->runs = r;
		r = &r[s->nr_runs++];
		memset(r, 0, sizeof(*r));
		r->db = d;
		r->id = sqlite3_column_int64(st, 0);
		r->kernel = col_dup(st, 1);
		r->page_size = sqlite3_column_int64(st, 2);
		ret = load_tags(s->dbs[d], s->paths[d], r);
	}
	sqlite3_finalize(st);
	return ret;
}

int run_set_load(struct run_set *s, char *const *paths, size_t n)
{
	size_t d;

	memset(s, 0, sizeof(*s));
	s->dbs = calloc(n, sizeof(*s->dbs));
	s->paths = calloc(n, sizeof(*s->paths));
	s->boot_costs = calloc(1, sizeof(*s->boot_costs));
	if (!s->dbs || !s->paths || !s->boot_costs)
		return error("out of memory");
	for (d = 0; d < n; d++) {
		s->paths[d] = paths[d];
		if (rundb_open(paths[d], &s->dbs[d]))
			return -1;
		s->nr_dbs = d + 1;
		if (load_runs(s, d))
			return -1;
	}
	return 0;
}

void run_set_release(struct run_set *s)
{
	size_t i, j;

	for (i = 0; i < s->nr_runs; i++) {
		for (j = 0; j < s->runs[i].nr_tags; j++) {
			free(s->runs[i].keys[j]);
			free(s->runs[i].values[j]);
		}
		free(s->runs[i].keys);
		free(s->runs[i].values);
		free(s->runs[i].kernel);
	}
	for (i = 0; i < s->nr_dbs; i++)
		sqlite3_close(s->dbs[i]);
	if (s->boot_costs)
		boot_costs_release(s->boot_costs);
	free(s->boot_costs);
	free(s->runs);
	free(s->dbs);
	free(s->paths);
	memset(s, 0, sizeof(*s));
}

const char *run_value(const struct run_ref *r, const char *key)
{
	size_t i;

	for (i = 0; i < r->nr_tags; i++)
		if (!strcmp(r->keys[i], key))
			return r->values[i];
	return !strcmp(key, "kernel") ? r->kernel : NULL;
}

int group_by(const struct run_set *s, const char *key, const size_t *idx,
	     size_t n, struct group_list *out)
{
	size_t i, g;

	memset(out, 0, sizeof(*out));
	if (!idx)
		n = s->nr_runs;
	for (i = 0; i < n; i++) {
		size_t r = idx ? idx[i] : i;
		const char *raw = run_value(&s->runs[r], key);
		char *v = strdup(raw ? raw : "-");
		size_t *runs;

		if (!v)
			return error("out of memory");
		/* a label for every output: no terminal controls (so values
		 * that differ only there are one group) */
		table_clean(v);
		for (g = 0; g < out->nr && strcmp(out->v[g].value, v); g++)
			;
		if (g < out->nr) {
			free(v);
		} else {
			struct group *grp = realloc(out->v, (g + 1) * sizeof(*grp));

			if (!grp) {
				free(v);
				return error("out of memory");
			}
			out->v = grp;
			memset(&grp[g], 0, sizeof(grp[g]));
			grp[g].value = v;
			out->nr++;
		}
		runs = realloc(out->v[g].runs, (out->v[g].nr + 1) * sizeof(*runs));
		if (!runs)
			return error("out of memory");
		out->v[g].runs = runs;
		runs[out->v[g].nr++] = r;
	}
	return 0;
}

void group_list_release(struct group_list *g)
{
	size_t i;

	for (i = 0; i < g->nr; i++) {
		free(g->v[i].value);
		free(g->v[i].runs);
	}
	free(g->v);
	memset(g, 0, sizeof(*g));
}
