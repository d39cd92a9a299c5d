/* store.c - writing a run into SQLite, see store.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "err.h"
#include "store.h"
#include "banned.h"

int store_open(struct store *s, const char *path)
{
	memset(s, 0, sizeof(*s));
	tail_init(&s->tail);
	s->path = path;
	if (db_open(path, DB_WRITE, &s->db))
		return -1;
	/*
	 * A small page cache: the collector only appends, and the peak RSS
	 * target is 3 MB.  256 KiB keeps the b-tree's right edge cached.
	 */
	if (db_exec(s->db, path, "PRAGMA cache_size = -256") ||
	    db_prepare(s->db, path,
		       "INSERT INTO sample (id, t_us, wall_skew_us, missed, "
		       "layout_id, deltas, absolutes) "
		       "VALUES (?1 << 32 | ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
		       &s->ins_sample) ||
	    db_prepare(s->db, path,
		       "INSERT OR IGNORE INTO counter_name (source, name, kind) "
		       "VALUES (?1, ?2, coalesce((SELECT kind FROM counter_kind "
		       "WHERE source = ?1 AND ?2 GLOB pattern ORDER BY rank "
		       "LIMIT 1), 'gauge'))", &s->ins_name) ||
	    db_prepare(s->db, path,
		       "SELECT id FROM counter_name WHERE source = ? AND name = ?",
		       &s->sel_name) ||
	    db_prepare(s->db, path,
		       "INSERT INTO layout (run_id, name_ids) VALUES (?, ?)",
		       &s->ins_layout) ||
	    /* prepared once: parsing them per commit costs cold code pages */
	    db_prepare(s->db, path, "BEGIN", &s->begin) ||
	    db_prepare(s->db, path, "COMMIT", &s->commit) ||
	    tail_fold_orphans(s->db, path) < 0) {
		store_close(s);
		return -1;
	}
	return 0;
}

int store_tail_start(struct store *s)
{
	return tail_open(&s->tail, s->path, s->run_id);
}

void store_close(struct store *s)
{
	sqlite3_finalize(s->ins_sample);
	sqlite3_finalize(s->ins_name);
	sqlite3_finalize(s->sel_name);
	sqlite3_finalize(s->ins_layout);
	sqlite3_finalize(s->begin);
	sqlite3_finalize(s->commit);
	if (s->db)
		sqlite3_close(s->db);
	/* a tail with uncommitted samples stays for the next open to fold */
	tail_close(&s->tail, !s->tail_dirty && !s->nr_q);
	free(s->q);
	free(s->text);
	memset(s, 0, sizeof(*s));
	tail_init(&s->tail);
}

/* Step a statement that returns no row, then reset it. */
static int step_done(struct store *s, sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	if (rc != SQLITE_DONE)
		return db_error(s->db, s->path, "cannot write");
	return 0;
}

static void bind_text_or_null(sqlite3_stmt *st, int i, const char *v)
{
	if (v)
		sqlite3_bind_text(st, i, v, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(st, i);
}

static void bind_int_or_null(sqlite3_stmt *st, int i, int64_t v)
{
	if (v >= 0)
		sqlite3_bind_int64(st, i, v);
	else
		sqlite3_bind_null(st, i);
}

/* JSON array of strings, for the command lines (escapes per RFC 8259). */
static char *json_argv(char *const *argv, int argc)
{
	size_t cap = 3, len = 0;
	char *out;
	int i;

	for (i = 0; i < argc; i++)
		cap += 6 * strlen(argv[i]) + 3;
	out = malloc(cap);
	if (!out)
		return NULL;
	out[len++] = '[';
	for (i = 0; i < argc; i++) {
		const unsigned char *p = (const unsigned char *)argv[i];

		if (i)
			out[len++] = ',';
		out[len++] = '"';
		for (; *p; p++) {
			if (*p == '"' || *p == '\\') {
				out[len++] = '\\';
				out[len++] = (char)*p;
			} else if (*p < 0x20) {
				len += (size_t)snprintf(out + len, cap - len,
							"\\u%04x", *p);
			} else {
				out[len++] = (char)*p;
			}
		}
		out[len++] = '"';
	}
	out[len++] = ']';
	out[len] = 0;
	return out;
}

static int insert_run(struct store *s, const struct collect_opts *o,
		      const struct run_facts *f, const char *sources,
		      int64_t start_wall_us, int64_t start_mono_ns)
{
	sqlite3_stmt *st;
	char *cmdline, *command = NULL;
	int argc_cmd = 0, rc;

	if (db_prepare(s->db, s->path,
		       "INSERT INTO run (label, kernel_release, kernel_version, "
		       "machine, boot_id, host, page_size, cpus, mem_total_kb, "
		       "swap_total_kb, swappiness, cgroup, cgroup_swappiness, "
		       "lru_gen, interval_ns, commit_interval_ns, sources, "
		       "cmdline, command, collector_version, started_wall_us, "
		       "started_mono_ns, missed_ticks, id) VALUES (?, ?, ?, ?, ?, ?, "
		       "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, "
		       DB_NEXT_RUN_ID ")", &st))
		return -1;
	cmdline = json_argv(o->argv, o->argc);
	if (o->command) {
		while (o->command[argc_cmd])
			argc_cmd++;
		command = json_argv(o->command, argc_cmd);
	}
	bind_text_or_null(st, 1, o->label);
	bind_text_or_null(st, 2, f->kernel_release);
	bind_text_or_null(st, 3, f->kernel_version);
	bind_text_or_null(st, 4, f->machine);
	bind_text_or_null(st, 5, f->boot_id);
	bind_text_or_null(st, 6, f->host);
	bind_int_or_null(st, 7, f->page_size);
	bind_int_or_null(st, 8, f->cpus);
	bind_int_or_null(st, 9, f->mem_total_kb);
	bind_int_or_null(st, 10, f->swap_total_kb);
	bind_int_or_null(st, 11, f->swappiness);
	bind_text_or_null(st, 12, o->cgroup);
	bind_int_or_null(st, 13, f->cgroup_swappiness);
	bind_text_or_null(st, 14, f->lru_gen);
	sqlite3_bind_int64(st, 15, o->interval_ns);
	sqlite3_bind_int64(st, 16, o->commit_ns);
	bind_text_or_null(st, 17, sources);
	bind_text_or_null(st, 18, cmdline);
	bind_text_or_null(st, 19, command);
	sqlite3_bind_text(st, 20, VMSCOPE_VERSION, -1, SQLITE_STATIC);
	bind_int_or_null(st, 21, start_wall_us);
	sqlite3_bind_int64(st, 22, start_mono_ns);
	rc = step_done(s, st);
	sqlite3_finalize(st);
	free(cmdline);
	free(command);
	if (rc)
		return -1;
	s->run_id = sqlite3_last_insert_rowid(s->db);
	return 0;
}

static int insert_tags(struct store *s, const struct collect_opts *o)
{
	sqlite3_stmt *st;
	size_t i;
	int rc = 0;

	if (db_prepare(s->db, s->path,
		       "INSERT INTO tag (run_id, key, value) VALUES (?, ?, ?)",
		       &st))
		return -1;
	for (i = 0; i < o->nr_tags && !rc; i++) {
		sqlite3_bind_int64(st, 1, s->run_id);
		sqlite3_bind_text(st, 2, o->tags[i].key, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 3, o->tags[i].value, -1, SQLITE_STATIC);
		rc = step_done(s, st);
	}
	sqlite3_finalize(st);
	return rc;
}

static int insert_watermarks(struct store *s, const struct run_facts *f)
{
	sqlite3_stmt *st;
	size_t i;
	int rc = 0;

	if (db_prepare(s->db, s->path,
		       "INSERT OR IGNORE INTO watermark (run_id, node, zone, "
		       "min_pages, low_pages, high_pages) "
		       "VALUES (?, ?, ?, ?, ?, ?)", &st))
		return -1;
	for (i = 0; i < f->nr_watermarks && !rc; i++) {
		const struct watermark *w = &f->watermarks[i];

		sqlite3_bind_int64(st, 1, s->run_id);
		sqlite3_bind_int64(st, 2, w->node);
		sqlite3_bind_text(st, 3, w->zone, -1, SQLITE_STATIC);
		bind_int_or_null(st, 4, w->min_pages);
		bind_int_or_null(st, 5, w->low_pages);
		bind_int_or_null(st, 6, w->high_pages);
		rc = step_done(s, st);
	}
	sqlite3_finalize(st);
	return rc;
}

int store_begin_run(struct store *s, const struct collect_opts *o,
		    const struct run_facts *f, const char *sources,
		    int64_t start_wall_us, int64_t start_mono_ns)
{
	if (!s->outer_tx && db_exec(s->db, s->path, "BEGIN IMMEDIATE"))
		return -1;
	if (insert_run(s, o, f, sources, start_wall_us, start_mono_ns) ||
	    insert_tags(s, o) || insert_watermarks(s, f) ||
	    (!s->outer_tx && db_exec(s->db, s->path, "COMMIT"))) {
		if (!s->outer_tx)
			sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
		return -1;
	}
	return 0;
}

/*
 * A layout's interning failed: its transaction goes now.  Left open, it
 * would take in what is written next, the run's end (store_end_run()),
 * and lose it at close: the run would read as killed, not ended.
 */
static int intern_failed(struct store *s)
{
	if (!s->outer_tx && !sqlite3_get_autocommit(s->db))
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

static int hook_intern(void *ctx, const char *source, const char *name,
		       size_t name_len, uint32_t *id)
{
	struct store *s = ctx;
	int rc;

	/*
	 * A layout interns up to a few hundred names: one transaction for
	 * all of them (committed by hook_new_layout), not one per name.
	 */
	if (!s->outer_tx && sqlite3_get_autocommit(s->db) &&
	    db_exec(s->db, s->path, "BEGIN"))
		return -1;
	sqlite3_bind_text(s->ins_name, 1, source, -1, SQLITE_STATIC);
	sqlite3_bind_text(s->ins_name, 2, name, (int)name_len, SQLITE_STATIC);
	if (step_done(s, s->ins_name))
		return intern_failed(s);
	sqlite3_bind_text(s->sel_name, 1, source, -1, SQLITE_STATIC);
	sqlite3_bind_text(s->sel_name, 2, name, (int)name_len, SQLITE_STATIC);
	rc = sqlite3_step(s->sel_name);
	if (rc == SQLITE_ROW)
		*id = (uint32_t)sqlite3_column_int64(s->sel_name, 0);
	sqlite3_reset(s->sel_name);
	sqlite3_clear_bindings(s->sel_name);
	if (rc == SQLITE_ROW)
		return 0;
	db_error(s->db, s->path, "cannot write");
	return intern_failed(s);
}

static int hook_new_layout(void *ctx, const uint32_t *ids, size_t nr,
			   int64_t *layout_id)
{
	struct store *s = ctx;
	char *json = malloc(12 * nr + 3);
	size_t i, len = 0;
	int rc;

	if (!json)
		return error("out of memory");
	json[len++] = '[';
	for (i = 0; i < nr; i++) {
		if (i)
			json[len++] = ',';
		len += frame_fmt_i64(json + len, ids[i]);
	}
	json[len++] = ']';
	sqlite3_bind_int64(s->ins_layout, 1, s->run_id);
	sqlite3_bind_text(s->ins_layout, 2, json, (int)len, SQLITE_STATIC);
	rc = step_done(s, s->ins_layout);
	free(json);
	if (!rc)
		*layout_id = sqlite3_last_insert_rowid(s->db);
	if (!rc && !s->outer_tx && !sqlite3_get_autocommit(s->db))
		rc = db_exec(s->db, s->path, "COMMIT");
	return rc ? intern_failed(s) : 0;
}

struct frame_hooks store_frame_hooks(struct store *s)
{
	struct frame_hooks h = {
		.ctx = s, .intern = hook_intern, .new_layout = hook_new_layout,
	};
	return h;
}

static int queue_text(struct store *s, const struct frame_text *t,
		      size_t *off, size_t *len)
{
	*off = s->text_len;
	*len = t->len;
	if (t->len == 0)
		return 0;
	if (s->text_alloc - s->text_len < t->len) {
		size_t n = s->text_alloc ? 2 * s->text_alloc : 16384;
		char *b;

		while (n - s->text_len < t->len)
			n *= 2;
		b = realloc(s->text, n);
		if (!b)
			return error("out of memory");
		s->text = b;
		s->text_alloc = n;
	}
	memcpy(s->text + s->text_len, t->buf, t->len);
	s->text_len += t->len;
	return 0;
}

int store_queue(struct store *s, int64_t seq, int64_t t_us, int64_t skew_us,
		int64_t missed, const struct frame_enc *e, int64_t taken_ns)
{
	struct store_pending *p;

	if (s->nr_q == s->alloc_q) {
		size_t n = s->alloc_q ? 2 * s->alloc_q : 64;

		p = realloc(s->q, n * sizeof(*p));
		if (!p)
			return error("out of memory");
		s->q = p;
		s->alloc_q = n;
	}
	/* the tail is full: commit what it holds first */
	if (s->tail.fd >= 0 && s->nr_q) {
		struct tail_record r = {
			.deltas_len = (uint32_t)e->deltas.len,
			.abs_len = (uint32_t)e->absolutes.len,
		};

		if (!tail_fits(&s->tail, &r) && store_flush(s))
			return -1;
	}
	p = &s->q[s->nr_q];
	p->seq = seq;
	p->t_us = t_us;
	p->skew_us = skew_us;
	p->missed = missed;
	p->layout_id = e->layout_id;
	if (queue_text(s, &e->deltas, &p->deltas_off, &p->deltas_len) ||
	    queue_text(s, &e->absolutes, &p->abs_off, &p->abs_len))
		return -1;
	if (s->nr_q++ == 0)
		s->oldest_ns = taken_ns;
	if (s->tail.fd >= 0) {
		struct tail_record r = {
			.run_id = s->run_id, .seq = seq, .t_us = t_us,
			.skew_us = skew_us, .missed = missed,
			.layout_id = e->layout_id,
			.deltas = s->text + p->deltas_off,
			.absolutes = s->text + p->abs_off,
			.deltas_len = (uint32_t)p->deltas_len,
			.abs_len = (uint32_t)p->abs_len,
		};

		/* bigger than the whole tail (a huge key frame): commit now */
		if (!tail_fits(&s->tail, &r))
			return store_flush(s);
		s->tail_dirty = 1;
		if (tail_append(&s->tail, &r))
			return -1;
	}
	return 0;
}

int store_due(const struct store *s, int64_t next_tick_ns, int64_t commit_ns)
{
	return s->nr_q && next_tick_ns - s->oldest_ns >= commit_ns;
}

static void bind_queued(struct store *s, int i, size_t off, size_t len)
{
	if (len)
		sqlite3_bind_text(s->ins_sample, i, s->text + off, (int)len,
				  SQLITE_STATIC);
	else
		sqlite3_bind_null(s->ins_sample, i);
}

int store_flush(struct store *s)
{
	size_t i;
	int rc = 0;

	if (!s->nr_q)
		return 0;
	/* one sample (the usual case at 1 s) is its own transaction */
	if (!s->outer_tx && s->nr_q > 1 && step_done(s, s->begin)) {
		rc = -1;
		goto out;
	}
	for (i = 0; i < s->nr_q && !rc; i++) {
		const struct store_pending *p = &s->q[i];
		sqlite3_stmt *st = s->ins_sample;

		sqlite3_bind_int64(st, 1, s->run_id);
		sqlite3_bind_int64(st, 2, p->seq);
		sqlite3_bind_int64(st, 3, p->t_us);
		sqlite3_bind_int64(st, 4, p->skew_us);
		sqlite3_bind_int64(st, 5, p->missed);
		sqlite3_bind_int64(st, 6, p->layout_id);
		bind_queued(s, 7, p->deltas_off, p->deltas_len);
		bind_queued(s, 8, p->abs_off, p->abs_len);
		rc = step_done(s, st);
	}
	if (!rc && !s->outer_tx && s->nr_q > 1)
		rc = step_done(s, s->commit);
	if (rc && !s->outer_tx && !sqlite3_get_autocommit(s->db))
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	/* committed: the tail's copies are no longer needed */
	if (!rc && s->tail_dirty && !s->outer_tx) {
		tail_clear(&s->tail);
		s->tail_dirty = 0;
	}
out:
	s->nr_q = 0;
	s->text_len = 0;
	return rc;
}

int store_end_run(struct store *s, const struct run_end *end)
{
	sqlite3_stmt *st;
	int rc;

	if (db_prepare(s->db, s->path,
		       "UPDATE run SET ended_wall_us = ?, elapsed_ns = ?, "
		       "exit_status = ?, end_reason = ?, missed_ticks = ? "
		       "WHERE id = ?", &st))
		return -1;
	sqlite3_bind_int64(st, 1, end->ended_wall_us);
	bind_int_or_null(st, 2, end->elapsed_ns);
	bind_int_or_null(st, 3, end->exit_status);
	sqlite3_bind_text(st, 4, end->reason, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 5, (int64_t)end->missed_ticks);
	sqlite3_bind_int64(st, 6, s->run_id);
	rc = sqlite3_step(st) == SQLITE_DONE ? 0 : -1;
	if (rc && !end->quiet)
		db_error(s->db, s->path, "cannot write");
	sqlite3_finalize(st);
	return rc;
}

int store_outer_begin(struct store *s)
{
	if (db_exec(s->db, s->path, "BEGIN IMMEDIATE"))
		return -1;
	s->outer_tx = 1;
	return 0;
}

int store_outer_end(struct store *s, int ok)
{
	s->outer_tx = 0;
	if (ok)
		return db_exec(s->db, s->path, "COMMIT");
	sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	return 0;
}
