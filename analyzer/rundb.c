/*
 * rundb.c - run listing and sample decoding (see rundb.h and the encoding
 * in schema/schema.sql: key frames, deltas, layouts).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "err.h"
#include "rundb.h"
#include "tail.h"
#include "banned.h"

/* A column that may be NULL (a label, a kernel release), copied. */
static char *dup_col(sqlite3_stmt *st, int i)
{
	const unsigned char *s = sqlite3_column_text(st, i);

	return s ? strdup((const char *)s) : NULL;
}

int rundb_open(const char *path, sqlite3 **db)
{
	tail_recover(path);
	return db_open(path, DB_READ, db);
}

int rundb_list(sqlite3 *db, const char *path, int64_t run_id,
	       struct run_list *out)
{
	sqlite3_stmt *st;
	int rc;

	memset(out, 0, sizeof(*out));
	if (db_prepare(db, path,
		       "SELECT f.run_id, f.samples, f.label, f.kernel_release, "
		       "f.started_at, (SELECT group_concat(key || '=' || value, ',') "
		       "FROM (SELECT key, value FROM run_tags t "
		       "WHERE t.run_id = f.run_id ORDER BY key)), "
		       "(SELECT max(t_us) FROM sample WHERE id BETWEEN "
		       "f.run_id << 32 AND (f.run_id << 32) + 4294967295) / 1e6 "
		       "FROM run_facts f WHERE ?1 <= 0 OR f.run_id = ?1 "
		       "ORDER BY f.run_id", &st))
		return -1;
	sqlite3_bind_int64(st, 1, run_id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct run_summary *r = realloc(out->v, (out->nr + 1) * sizeof(*r));

		if (!r) {
			sqlite3_finalize(st);
			return error("out of memory");
		}
		out->v = r;
		r = &r[out->nr++];
		r->id = sqlite3_column_int64(st, 0);
		r->samples = sqlite3_column_int64(st, 1);
		r->label = dup_col(st, 2);
		r->kernel = dup_col(st, 3);
		r->started_at = dup_col(st, 4);
		r->tags = dup_col(st, 5);
		r->duration_s = sqlite3_column_double(st, 6);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return db_error(db, path, "cannot read");
	return 0;
}

void run_list_release(struct run_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		free(l->v[i].label);
		free(l->v[i].kernel);
		free(l->v[i].started_at);
		free(l->v[i].tags);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}

/*
 * Step a one-row query and finalize it: 1 with its first column in *d
 * or *i (whichever is not NULL), 0 no row, -1 error (reported).
 */
static int first_row(sqlite3 *db, const char *path, sqlite3_stmt *st,
		     double *d, int64_t *i)
{
	int rc = sqlite3_step(st);

	if (rc == SQLITE_ROW && d)
		*d = sqlite3_column_double(st, 0);
	if (rc == SQLITE_ROW && i)
		*i = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return 1;
	return rc == SQLITE_DONE ? 0 : db_error(db, path, "cannot read");
}

int rundb_result(sqlite3 *db, const char *path, int64_t run_id,
		 const char *name, double *out)
{
	sqlite3_stmt *st;

	if (db_prepare(db, path, "SELECT value FROM result WHERE run_id = ? "
		       "AND name = ? ORDER BY rowid DESC LIMIT 1", &st))
		return -1;
	sqlite3_bind_int64(st, 1, run_id);
	sqlite3_bind_text(st, 2, name, -1, SQLITE_STATIC);
	return first_row(db, path, st, out, NULL);
}

int rundb_boot_predecessor(sqlite3 *db, const char *path, int64_t run_id,
			   int64_t *prev)
{
	sqlite3_stmt *st;

	if (db_prepare(db, path, "SELECT p.id FROM run r JOIN run p "
		       "ON p.boot_id = r.boot_id AND p.id < r.id WHERE r.id = ? "
		       "ORDER BY p.id DESC LIMIT 1", &st))
		return -1;
	sqlite3_bind_int64(st, 1, run_id);
	return first_row(db, path, st, NULL, prev);
}

int rundb_has_source(sqlite3 *db, const char *path, int64_t run_id,
		     const char *source)
{
	sqlite3_stmt *st;
	int64_t has = 0;

	/* sources is a comma-separated list: "vmstat,zoneinfo,trace" */
	if (db_prepare(db, path, "SELECT instr(',' || coalesce(sources, '') || ',', "
		       "',' || ?2 || ',') > 0 FROM run WHERE id = ?1", &st))
		return -1;
	sqlite3_bind_int64(st, 1, run_id);
	sqlite3_bind_text(st, 2, source, -1, SQLITE_STATIC);
	return first_row(db, path, st, NULL, &has) < 0 ? -1 : has != 0;
}

/* rundb_last_values(): the most names one pass looks for */
#define RUNDB_LAST_MAX 8

/* ------------------------------------------------------------------ */
/* Flat JSON integer arrays: "[1,-5,7]"                                 */
/* ------------------------------------------------------------------ */

/*
 * Parse the next integer of a flat array at *p; returns 1 and advances,
 * 0 at the closing bracket, -1 if the text is not such an array.
 */
static int json_next_int(const char **p, int64_t *out)
{
	const char *s = *p;
	uint64_t v = 0;
	int neg = 0, digits = 0;

	if (*s == '[' || *s == ',')
		s++;
	while (*s == ' ')
		s++;
	if (*s == ']')
		return 0;
	if (*s == '-') {
		neg = 1;
		s++;
	}
	for (; *s >= '0' && *s <= '9'; s++, digits++) {
		if (v > (UINT64_MAX - (unsigned)(*s - '0')) / 10)
			return -1;
		v = v * 10 + (unsigned)(*s - '0');
	}
	if (!digits || (*s != ',' && *s != ']'))
		return -1;
	*out = neg ? (int64_t)((uint64_t)0 - v) : (int64_t)v;
	*p = s;
	return 1;
}

static int cmp_id(const void *key, const void *elem)
{
	int64_t a = *(const int64_t *)key, b = *(const int64_t *)elem;

	return (a > b) - (a < b);
}

/* The slot of a name id, by binary search; -1 when the run has none. */
static int slot_for(const struct sample_iter *it, int64_t id)
{
	const int64_t *hit = it->c.nr ? bsearch(&id, it->ids, it->c.nr,
						sizeof(*it->ids), cmp_id) : NULL;

	return hit ? (int)(hit - it->ids) : -1;
}

/* Grow the per-slot arrays to cap; -1 when out of memory. */
static int grow_counters(struct sample_iter *it, size_t cap)
{
	struct run_counters *c = &it->c;
	char **src = realloc(c->source, cap * sizeof(*src));
	char **name = src ? realloc(c->name, cap * sizeof(*name)) : NULL;
	unsigned char *kind = name ? realloc(c->is_counter, cap) : NULL;
	int64_t *ids = kind ? realloc(it->ids, cap * sizeof(*ids)) : NULL;

	if (src)
		c->source = src;
	if (name)
		c->name = name;
	if (kind)
		c->is_counter = kind;
	if (ids)
		it->ids = ids;
	return ids ? 0 : -1;
}

/*
 * The run's names, in id order.  The layouts are decoded in a first
 * query (few rows, each a JSON array) and the names looked up by their
 * primary key; ids, not their values, size nothing.
 */
static int load_counters(struct sample_iter *it, int64_t run_id)
{
	sqlite3_stmt *st;
	int rc, bad = 0;
	size_t cap = 0;

	if (db_prepare(it->db, it->path,
		       "WITH ids AS (SELECT DISTINCT CAST(j.value AS INTEGER) AS id "
		       "FROM layout l, json_each(l.name_ids) j "
		       "WHERE l.run_id = ?) "
		       "SELECT n.id, n.source, n.name, n.kind "
		       "FROM ids CROSS JOIN counter_name n ON n.id = ids.id "
		       "ORDER BY n.id", &st))
		return -1;
	sqlite3_bind_int64(st, 1, run_id);
	while (!bad && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct run_counters *c = &it->c;
		const char *src = db_text(st, 1, it->path);
		const char *name = src ? db_text(st, 2, it->path) : NULL;
		const char *kind = name ? db_text(st, 3, it->path) : NULL;

		if (!kind) {
			bad = -1;
			break;
		}
		if (c->nr == cap) {
			cap = cap ? 2 * cap : 256;
			if (grow_counters(it, cap)) {
				bad = error("out of memory");
				break;
			}
		}
		c->source[c->nr] = strdup(src);
		c->name[c->nr] = strdup(name);
		if (!c->source[c->nr] || !c->name[c->nr]) {
			free(c->source[c->nr]);
			free(c->name[c->nr]);
			bad = error("out of memory");
			break;
		}
		c->is_counter[c->nr] = !strcmp(kind, "counter");
		it->ids[c->nr++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_finalize(st);
	if (bad)
		return -1;
	if (rc != SQLITE_DONE)
		return db_error(it->db, it->path, "cannot read");
	return 0;
}

int sample_iter_open(struct sample_iter *it, sqlite3 *db, const char *path,
		     int64_t run_id)
{
	size_t n;

	memset(it, 0, sizeof(*it));
	it->db = db;
	it->path = path;
	it->layout_id = -1;
	if (load_counters(it, run_id))
		return -1;
	n = it->c.nr ? it->c.nr : 1;
	it->present = calloc(n, 1);
	it->delta_valid = calloc(n, 1);
	it->value = calloc(n, sizeof(*it->value));
	it->delta = calloc(n, sizeof(*it->delta));
	if (!it->present || !it->delta_valid || !it->value || !it->delta)
		return error("out of memory");
	if (db_prepare(db, path, "SELECT id & 4294967295, t_us, layout_id, "
		       "deltas, absolutes FROM sample WHERE id BETWEEN "
		       "?1 << 32 AND (?1 << 32) + 4294967295 ORDER BY id",
		       &it->st) ||
	    db_prepare(db, path, "SELECT name_ids FROM layout WHERE id = ?",
		       &it->layout_st))
		return -1;
	sqlite3_bind_int64(it->st, 1, run_id);
	return 0;
}

/* no real run lasts 2^62 us; past it, t2 - t1 may overflow */
#define SAMPLE_T_LIMIT_US ((int64_t)1 << 62)

static int malformed(struct sample_iter *it)
{
	return error("cannot read '%s': sample %lld is malformed", it->path,
		     (long long)it->seq);
}

static int load_layout(struct sample_iter *it, int64_t layout_id)
{
	const char *p;
	int64_t id;
	int r = 0;

	memset(it->present, 0, it->c.nr);
	sqlite3_bind_int64(it->layout_st, 1, layout_id);
	if (sqlite3_step(it->layout_st) == SQLITE_ROW) {
		p = (const char *)sqlite3_column_text(it->layout_st, 0);
		while (p && (r = json_next_int(&p, &id)) == 1) {
			int slot = slot_for(it, id);

			if (slot < 0)
				break;
			it->present[slot] = 1;
		}
	}
	sqlite3_reset(it->layout_st);
	if (r != 0)
		return malformed(it);
	it->layout_id = layout_id;
	return 0;
}

/* An event counter went backwards, compared as unsigned: a reset. */
static int went_back(int64_t before, int64_t after)
{
	return (uint64_t)after < (uint64_t)before;
}

/* Apply "[id, x, id, x, ...]"; absolute: x replaces, else it adds. */
static int apply_pairs(struct sample_iter *it, const char *p, int absolute)
{
	int64_t id, x;
	int r = 0;

	while (p && (r = json_next_int(&p, &id)) == 1) {
		int slot = slot_for(it, id);

		if (slot < 0 || json_next_int(&p, &x) != 1)
			return malformed(it);
		if (absolute) {
			it->value[slot] = x;
			it->delta_valid[slot] = 0;
			continue;
		}
		it->delta[slot] = x;
		it->delta_valid[slot] = !(it->c.is_counter[slot] &&
			went_back(it->value[slot], (int64_t)((uint64_t)
				  it->value[slot] + (uint64_t)x)));
		it->value[slot] = (int64_t)((uint64_t)it->value[slot] +
					    (uint64_t)x);
	}
	return p && r < 0 ? malformed(it) : 0;
}

int sample_iter_next(struct sample_iter *it)
{
	int64_t layout;
	int rc = sqlite3_step(it->st);

	if (rc == SQLITE_DONE)
		return 0;
	if (rc != SQLITE_ROW)
		return db_error(it->db, it->path, "cannot read");
	it->seq = sqlite3_column_int64(it->st, 0);
	it->t_us = sqlite3_column_int64(it->st, 1);
	/* time since the run's start: an old import may have stored a
	 * negative one, which reads; beyond +-2^62 us (146,000 years) the
	 * readers' differences of two times could overflow (INT64_MIN) */
	if (it->t_us < -SAMPLE_T_LIMIT_US || it->t_us > SAMPLE_T_LIMIT_US)
		return malformed(it);
	layout = sqlite3_column_int64(it->st, 2);
	if (layout != it->layout_id && load_layout(it, layout))
		return -1;
	/* present and not in this sample's entries: unchanged */
	memset(it->delta, 0, it->c.nr * sizeof(*it->delta));
	memcpy(it->delta_valid, it->present, it->c.nr);
	if (apply_pairs(it, (const char *)sqlite3_column_text(it->st, 3), 0) ||
	    apply_pairs(it, (const char *)sqlite3_column_text(it->st, 4), 1))
		return -1;
	return 1;
}

void sample_iter_release(struct sample_iter *it)
{
	size_t i;

	sqlite3_finalize(it->st);
	sqlite3_finalize(it->layout_st);
	for (i = 0; i < it->c.nr; i++) {
		free(it->c.source[i]);
		free(it->c.name[i]);
	}
	free(it->c.source);
	free(it->c.name);
	free(it->c.is_counter);
	free(it->ids);
	free(it->present);
	free(it->value);
	free(it->delta);
	free(it->delta_valid);
	memset(it, 0, sizeof(*it));
}

char **sample_iter_metric_names(const struct sample_iter *it)
{
	char **names = calloc(it->c.nr ? it->c.nr : 1, sizeof(*names));
	size_t i;

	for (i = 0; names && i < it->c.nr; i++) {
		const char *src = it->c.source[i], *name = it->c.name[i];
		size_t sl = strlen(src), nl = strlen(name);
		int plain = !strcmp(src, "vmstat");

		names[i] = malloc(sl + nl + 2);
		if (!names[i]) {
			sample_iter_free_names(it, names);
			return NULL;
		}
		if (plain) {
			memcpy(names[i], name, nl + 1);
		} else {
			memcpy(names[i], src, sl);
			names[i][sl] = ':';
			memcpy(names[i] + sl + 1, name, nl + 1);
		}
	}
	return names;
}

void sample_iter_free_names(const struct sample_iter *it, char **names)
{
	size_t i;

	for (i = 0; names && i < it->c.nr; i++)
		free(names[i]);
	free(names);
}

int rundb_last_values(sqlite3 *db, const char *path, int64_t run_id,
		      const char *source, const char *const *names, int n,
		      double *out)
{
	struct sample_iter it;
	long slot[RUNDB_LAST_MAX];
	size_t i;
	int k, rc;

	if (n > RUNDB_LAST_MAX)
		return error("rundb_last_values: %d names, at most %d", n, RUNDB_LAST_MAX);
	for (k = 0; k < n; k++) {
		slot[k] = -1;
		out[k] = NAN;
	}
	rc = sample_iter_open(&it, db, path, run_id);
	for (i = 0; !rc && i < it.c.nr; i++)
		for (k = 0; k < n; k++)
			if (!strcmp(it.c.source[i], source) && !strcmp(it.c.name[i], names[k]))
				slot[k] = (long)i;
	while (!rc && (rc = sample_iter_next(&it)) == 1) {
		for (k = 0; k < n; k++)
			if (slot[k] >= 0 && it.present[slot[k]])
				out[k] = (double)it.value[slot[k]];
		rc = 0;
	}
	sample_iter_release(&it);
	return rc < 0 ? -1 : 0;
}
