/*
 * db.c - opening, checking and migrating vmscope databases (see db.h).
 *
 * DESIGN: a database is input like any other file: people mail it, keep
 * it on read-only storage, open it with other tools.  So every open
 * checks before it trusts, and every check comes before any write:
 *
 *  1. application_id and user_version: ours, and a version this build
 *     knows (0 < v <= DB_SCHEMA_VERSION; a flipped header byte can make
 *     it negative, which must never index migrations[]).
 *  2. The schema: every object in sqlite_schema must be one that
 *     schema/schema.sql creates, with the same SQL (comments and spacing
 *     aside).  A trigger would run on our inserts, a replaced view would
 *     run whatever it likes (an endless recursive CTE hangs every
 *     reader): both are refused, and the message names the object.
 *     SQLite's own sqlite_stat1/sqlite_stat4 (made by ANALYZE) only steer
 *     query plans and are allowed.
 *  3. Writers only, inside BEGIN IMMEDIATE so the answer cannot change
 *     before they write: PRAGMA quick_check (every page of every b-tree:
 *     page structure, cell bounds, freelist, record formats, NOT NULL;
 *     not that indexes match their tables) and the counter-name ids,
 *     which the collector uses as array indexes: 1 <= id <= names +
 *     DB_ID_SLACK.  Refused: one line, exit 1, the file as it was.
 *
 * A new file is initialised inside that same BEGIN IMMEDIATE, so two
 * collectors starting on one new file take turns: the second waits for
 * the lock (db_busy(), bounded, with a message) and then finds the
 * schema made.  Readers open read-only, and where SQLite cannot make the
 * WAL's side files (a read-only directory, another user's file) they
 * open the file as immutable instead.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "db.h"
#include "err.h"
#include "banned.h"

/*
 * Migrations: migrations[v] upgrades schema version v to v + 1, and
 * schema/schema.sql is always the newest version whole.
 *   1 -> 2: the source "trace" (--trace-priority), whose names are counts.
 *   2 -> 3: counter_values flags a step back after an absolute entry as a
 *           reset (issue 11); the view is dropped and made anew from
 *           schema.sql (view_migration()).  Until a writer migrates it, a
 *           version-2 file keeps the old view, which readers accept.
 *   3 -> 4: cgroup v2's memory.events and memory.stat's numa_* and
 *           swp*_zero, whose names are counts: counter_kind is refilled
 *           from schema.sql (kind_migration()).  Names a version-3
 *           collector already stored keep the kind they were given
 *           (memory.stat's; memory.events it did not read).
 */
#define STR_(x) #x
#define STR(x) STR_(x)

static const char *const migrations[DB_SCHEMA_VERSION] = {
	[0] = NULL, /* version 0 is an empty file: the full schema is created */
	[1] = "INSERT INTO counter_kind (source, pattern, kind, rank) "
	      "VALUES ('trace', '*', 'counter', 9)",
	[2] = "DROP VIEW counter_values",   /* then view_migration() */
	[3] = "DELETE FROM counter_kind",   /* then kind_migration() */
};

/*
 * The view's statement in schema.sql: from its CREATE to the end of the
 * file, where schema.sql keeps it (checked: NULL if it is not last).
 */
static const char *counter_values_sql(void)
{
	const char *p = strstr(db_schema_sql, "CREATE VIEW counter_values AS");

	return p && !strstr(p + 1, "CREATE ") ? p : NULL;
}

/* 2 -> 3 after the DROP: the view as this version makes it */
static int view_migration(sqlite3 *db, const char *path, long version)
{
	const char *sql = counter_values_sql();

	if (version != 2)
		return 0;
	if (!sql)
		return error("cannot migrate '%s': schema.sql does not end with "
			     "counter_values", path);
	return db_exec(db, path, sql);
}

/*
 * 3 -> 4 after the DELETE: counter_kind as schema.sql fills it, its one
 * INSERT statement (SQLite finds where it ends).  The collector names no
 * counter itself: the rules live in schema.sql only.
 */
static int kind_migration(sqlite3 *db, const char *path, long version)
{
	const char *sql = strstr(db_schema_sql, "INSERT INTO counter_kind");
	sqlite3_stmt *st = NULL;
	int rc;

	if (version != 3)
		return 0;
	if (!sql)
		return error("cannot migrate '%s': schema.sql fills no counter_kind", path);
	rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK ||
	     sqlite3_step(st) != SQLITE_DONE;
	sqlite3_finalize(st);
	return rc ? db_error(db, path, "cannot write") : 0;
}

int db_error(sqlite3 *db, const char *path, const char *what)
{
	return error("%s '%s': %s", what, path, sqlite3_errmsg(db));
}

int db_exec(sqlite3 *db, const char *path, const char *sql)
{
	char *msg = NULL;

	if (sqlite3_exec(db, sql, NULL, NULL, &msg) == SQLITE_OK)
		return 0;
	error("cannot write '%s': %s", path, msg ? msg : sqlite3_errmsg(db));
	sqlite3_free(msg);
	return -1;
}

int db_prepare(sqlite3 *db, const char *path, const char *sql,
	       sqlite3_stmt **stmt)
{
	if (sqlite3_prepare_v2(db, sql, -1, stmt, NULL) == SQLITE_OK)
		return 0;
	return db_error(db, path, "cannot query");
}

const char *db_text(sqlite3_stmt *st, int col, const char *path)
{
	const char *s = (const char *)sqlite3_column_text(st, col);

	if (!s)
		error("cannot read '%s': the database is damaged "
		      "(NULL in %s)", path, sqlite3_column_name(st, col));
	return s;
}

/* ------------------------------------------------------------------ */
/* Waiting for the lock                                               */
/* ------------------------------------------------------------------ */

/*
 * SQLite calls this while another process holds a lock it needs: wait,
 * say so once after a second, give up after DB_BUSY_WAIT_MS.  Programs
 * use SQLite from one thread and one statement waits at a time, so the
 * state of the current wait can be static; count 0 starts a new wait.
 */
static int db_busy(void *handle, int count)
{
	static struct timespec start;
	static int said;
	struct timespec now, nap = { 0, 20 * 1000 * 1000 };
	long ms;

	clock_gettime(CLOCK_MONOTONIC, &now);
	if (count == 0) {
		start = now;
		said = 0;
	}
	ms = (now.tv_sec - start.tv_sec) * 1000 +
	     (now.tv_nsec - start.tv_nsec) / 1000000;
	if (ms >= DB_BUSY_WAIT_MS)
		return 0;
	if (!said && ms >= 1000) {
		const char *name = sqlite3_db_filename(handle, "main");

		warning("'%s' is locked by another process; waiting up to %d s",
			name ? name : "?", DB_BUSY_WAIT_MS / 1000);
		said = 1;
	}
	nanosleep(&nap, NULL);
	return 1;
}

int64_t db_one_int(sqlite3 *db, const char *path, const char *sql)
{
	sqlite3_stmt *st;
	int64_t v = -1;

	if (db_prepare(db, path, sql, &st))
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

/* ------------------------------------------------------------------ */
/* Checks                                                             */
/* ------------------------------------------------------------------ */

/* Read one integer PRAGMA or count; -1 (and an error) on failure. */
static int db_int(sqlite3 *db, const char *path, const char *sql, long *out)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return db_error(db, path, "cannot open");
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*out = (long)sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return db_error(db, path, "cannot open");
	return 0;
}

/* Tell whether the file is ours, empty, or to be refused. */
static int db_check(sqlite3 *db, const char *path, long *version, int *empty)
{
	long app_id, objects;

	if (db_int(db, path, "PRAGMA application_id", &app_id) ||
	    db_int(db, path, "SELECT count(*) FROM sqlite_schema", &objects) ||
	    db_int(db, path, "PRAGMA user_version", version))
		return -1;
	/* a user_version of its own makes a file someone else's, not empty */
	*empty = objects == 0 && app_id == 0 && *version == 0;
	if (*empty)
		return 0;
	if (app_id != DB_APPLICATION_ID)
		return error("cannot open '%s': not a vmscope database "
			     "(application_id %ld)", path, app_id);
	if (*version > DB_SCHEMA_VERSION)
		return error("cannot open '%s': schema version %ld is newer "
			     "than this vmscope reads (%d); upgrade vmscope",
			     path, *version, DB_SCHEMA_VERSION);
	if (*version < 1)
		return error("cannot open '%s': schema version %ld was never "
			     "written by vmscope; the database is damaged",
			     path, *version);
	return 0;
}

/*
 * SQL text without comments, with each run of white space made one
 * blank: schema.sql's comments changed between versions, its
 * statements did not.  Returns malloc'd text or NULL.
 */
static char *sql_normal(const char *s)
{
	char *out = malloc(strlen(s) + 1), *o = out;
	int blank = 0;

	if (!out)
		return NULL;
	while (*s) {
		if (s[0] == '-' && s[1] == '-') {
			s += strcspn(s, "\n");
			blank = 1;
		} else if (isspace((unsigned char)*s)) {
			s++;
			blank = 1;
		} else {
			if (blank && o != out)
				*o++ = ' ';
			blank = 0;
			*o++ = *s++;
		}
	}
	*o = 0;
	return out;
}

struct schema_obj {
	char *type, *name, *sql;      /* sql: normalised, "" for none */
};

static struct {
	struct schema_obj *v;
	size_t nr;
	int done;
} expected;

/* Append the objects of mem's sqlite_schema that match where. */
static int expected_read(sqlite3 *mem, const char *where)
{
	sqlite3_stmt *st = NULL;
	char sql[128];
	int rc = -1;

	snprintf(sql, sizeof(sql), "SELECT type, name, coalesce(sql, '') "
		 "FROM sqlite_schema WHERE %s", where);
	if (sqlite3_prepare_v2(mem, sql, -1, &st, NULL))
		goto out;
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct schema_obj *o = realloc(expected.v, (expected.nr + 1) *
					       sizeof(*o));

		if (!o)
			goto out;
		expected.v = o;
		o = &o[expected.nr++];
		o->type = strdup((const char *)sqlite3_column_text(st, 0));
		o->name = strdup((const char *)sqlite3_column_text(st, 1));
		o->sql = sql_normal((const char *)sqlite3_column_text(st, 2));
		if (!o->type || !o->name || !o->sql)
			goto out;
	}
	rc = 0;
out:
	sqlite3_finalize(st);
	return rc;
}

/*
 * The objects schema.sql creates, made once in a memory database; then
 * the counter_values view of versions 1 and 2 in place of the current one,
 * which a file of those versions holds until a writer migrates it.
 */
static int expected_load(void)
{
	sqlite3 *mem = NULL;
	int rc = -1;

	if (expected.done)
		return 0;
	if (sqlite3_open_v2(":memory:", &mem, SQLITE_OPEN_READWRITE, NULL) ||
	    sqlite3_exec(mem, db_schema_sql, NULL, NULL, NULL) ||
	    expected_read(mem, "1") ||
	    sqlite3_exec(mem, "DROP VIEW counter_values", NULL, NULL, NULL) ||
	    sqlite3_exec(mem, db_counter_values_v2_sql, NULL, NULL, NULL) ||
	    expected_read(mem, "name = 'counter_values'"))
		goto out;
	expected.done = 1;
	rc = 0;
out:
	sqlite3_close(mem);
	return rc ? error("out of memory") : 0;
}

static int expected_has(const char *type, const char *name, const char *sql)
{
	size_t i;

	/* a name may have had several definitions (counter_values) */
	for (i = 0; i < expected.nr; i++)
		if (!strcmp(expected.v[i].type, type) &&
		    !strcmp(expected.v[i].name, name) &&
		    !strcmp(expected.v[i].sql, sql))
			return 1;
	/* made by ANALYZE, read by the query planner only */
	return !strcmp(type, "table") && (!strcmp(name, "sqlite_stat1") ||
					  !strcmp(name, "sqlite_stat4"));
}

/* Refuse objects schema.sql does not create, naming the first. */
static int db_check_schema(sqlite3 *db, const char *path)
{
	sqlite3_stmt *st;
	int rc, ret = 0;

	if (expected_load() ||
	    db_prepare(db, path, "SELECT type, name, coalesce(sql, '') "
		       "FROM sqlite_schema ORDER BY rowid", &st))
		return -1;
	while (!ret && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *type = (const char *)sqlite3_column_text(st, 0);
		const char *name = (const char *)sqlite3_column_text(st, 1);
		char *sql = sql_normal((const char *)sqlite3_column_text(st, 2));

		if (!type || !name || !sql)
			ret = error("cannot open '%s': database disk image is "
				    "malformed (schema)", path);
		else if (!expected_has(type, name, sql))
			ret = error("cannot open '%s': it holds %s '%s' that "
				    "vmscope did not create; refusing it", path,
				    type, name);
		free(sql);
	}
	sqlite3_finalize(st);
	if (!ret && rc != SQLITE_DONE)
		return db_error(db, path, "cannot open");
	return ret;
}

/* quick_check's report on one line: its line breaks become blanks */
static const char *one_line(char *buf, size_t cap, const char *s)
{
	size_t i;

	snprintf(buf, cap, "%s", s ? s : "?");
	for (i = 0; buf[i]; i++)
		if ((unsigned char)buf[i] < 0x20 || buf[i] == 0x7f)
			buf[i] = ' ';
	return buf;
}

/*
 * Before the first write: the pages are sound, and the name ids are ones
 * the collector can use as array indexes.  Runs in the write transaction.
 */
static int db_check_writable(sqlite3 *db, const char *path)
{
	sqlite3_stmt *st;
	const char *res;
	char why[160];
	long lo, hi, n, next, page;
	struct stat sb;
	int rc;

	/*
	 * SQLite writes whole pages: a size that is not a multiple of the
	 * page size is a cut file, whose last page reads as zeros and which
	 * quick_check may pass.
	 */
	if (db_int(db, path, "PRAGMA page_size", &page))
		return -1;
	if (!stat(path, &sb) && page > 0 && sb.st_size % page)
		return error("cannot open '%s': database disk image is malformed "
			     "(truncated: %lld bytes, pages of %ld)", path,
			     (long long)sb.st_size, page);
	if (db_prepare(db, path, "PRAGMA quick_check(1)", &st))
		return -1;
	rc = sqlite3_step(st);
	res = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) : NULL;
	if (rc != SQLITE_ROW)
		db_error(db, path, "cannot open");
	else if (!res || strcmp(res, "ok"))
		error("cannot open '%s': database disk image is malformed "
		      "(quick_check: %s)", path, one_line(why, sizeof(why), res));
	rc = rc == SQLITE_ROW && res && !strcmp(res, "ok") ? 0 : -1;
	sqlite3_finalize(st);
	if (rc)
		return -1;
	if (db_int(db, path, "SELECT count(*) FROM counter_name", &n) ||
	    db_int(db, path, "SELECT coalesce(min(id), 1) FROM counter_name", &lo) ||
	    db_int(db, path, "SELECT coalesce(max(id), 0) FROM counter_name", &hi) ||
	    db_int(db, path, "SELECT " DB_NEXT_RUN_ID, &next))
		return -1;
	if (lo < 1 || hi > n + DB_ID_SLACK)
		return error("cannot open '%s': the database is damaged "
			     "(counter ids %ld..%ld for %ld names)", path, lo,
			     hi, n);
	if (next > DB_MAX_RUN_ID)
		return error("cannot open '%s': no run ids left (next %ld, "
			     "limit %ld); record into a new database", path,
			     next, (long)DB_MAX_RUN_ID);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Opening                                                            */
/* ------------------------------------------------------------------ */

static int db_create_or_migrate(sqlite3 *db, const char *path, long version,
				int empty)
{
	if (empty) {
		if (db_exec(db, path, db_schema_sql))
			return -1;
		version = DB_SCHEMA_VERSION;
	}
	/* db_check() made sure that 1 <= version <= DB_SCHEMA_VERSION */
	for (; version < DB_SCHEMA_VERSION; version++)
		if ((migrations[version] && db_exec(db, path, migrations[version])) ||
		    view_migration(db, path, version) || kind_migration(db, path, version))
			return -1;
	/* PRAGMAs take no bound parameters; the values are our constants */
	return db_exec(db, path, "PRAGMA application_id = " STR(DB_APPLICATION_ID)
		       "; PRAGMA user_version = " STR(DB_SCHEMA_VERSION));
}

/* A PRAGMA of the opening steps; its failure is a "cannot open". */
static int db_setup(sqlite3 *db, const char *path, const char *sql)
{
	if (sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK)
		return 0;
	return db_error(db, path, "cannot open");
}

/*
 * Switch to WAL.  The switch needs every other connection out of the
 * file, and SQLite answers SQLITE_BUSY at once, without the busy handler
 * (two collectors starting on one new file hit this): retry it on the
 * same terms as db_busy(), bounded, with the same message.
 */
static int db_wal(sqlite3 *db, const char *path)
{
	int count = 0, rc;

	while ((rc = sqlite3_exec(db, "PRAGMA journal_mode = WAL", NULL, NULL,
				  NULL)) != SQLITE_OK) {
		if ((rc & 0xff) != SQLITE_BUSY || !db_busy(db, count++))
			return db_error(db, path, "cannot open");
	}
	return 0;
}

/*
 * Writers: every check, then the schema, in one write transaction.  The
 * journal mode changes after COMMIT (it cannot inside one), and only for
 * DB_WRITE: mark appends to a file its collector has set up.
 */
static int db_open_write(sqlite3 *db, const char *path, enum db_mode mode)
{
	long version;
	int empty;

	long pages;

	/*
	 * synchronous is the connection's, nothing is written.  A file with
	 * no page yet (new) is made WAL before its schema: then the schema
	 * is one WAL commit instead of several rollback-journal fsyncs.
	 */
	if (mode == DB_WRITE &&
	    (db_int(db, path, "PRAGMA page_count", &pages) ||
	     db_setup(db, path, "PRAGMA synchronous = NORMAL") ||
	     (pages == 0 && db_wal(db, path))))
		return -1;
	if (db_setup(db, path, "BEGIN IMMEDIATE"))
		return -1;
	if (db_check(db, path, &version, &empty))
		goto fail;
	if (mode == DB_APPEND && (empty || version != DB_SCHEMA_VERSION)) {
		error("cannot open '%s': %s", path, empty ? "the database is empty" :
		      "old schema; open it once with vmscope-collect to upgrade");
		goto fail;
	}
	if (!empty && (db_check_schema(db, path) || db_check_writable(db, path)))
		goto fail;
	if ((empty || version < DB_SCHEMA_VERSION) &&
	    db_create_or_migrate(db, path, version, empty))
		goto fail;
	if (db_exec(db, path, "COMMIT"))
		goto fail;
	if (mode == DB_APPEND)
		return 0;
	return db_wal(db, path);
fail:
	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

static int db_open_read(sqlite3 *db, const char *path)
{
	long version;
	int empty;

	if (db_check(db, path, &version, &empty))
		return -1;
	if (empty || version < DB_READ_OLDEST)
		return error("cannot open '%s': %s", path, empty ?
			     "the database is empty" :
			     "old schema; open it once with vmscope-collect "
			     "to upgrade");
	return db_check_schema(db, path);
}

/*
 * Both programs use SQLite from one thread.  Without the mutexes and the
 * allocation statistics every malloc() SQLite makes is a plain call, which
 * matters on the collector's hot path: a commit after a sleep runs with
 * cold caches, and each extra code page it touches costs a miss.
 */
void db_configure(void)
{
	static int done;

	if (done)
		return;
	done = 1;
	sqlite3_config(SQLITE_CONFIG_SINGLETHREAD);
	sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/* "file:<path, %-escaped>?immutable=1" for sqlite3_open_v2(); NULL: OOM */
static char *immutable_uri(const char *path)
{
	static const char tail[] = "?immutable=1";
	char *uri = malloc(5 + 3 * strlen(path) + sizeof(tail)), *o = uri;

	if (!uri)
		return NULL;
	memcpy(o, "file:", 5);
	o += 5;
	for (; *path; path++) {
		unsigned char c = (unsigned char)*path;

		if (c == '%' || c == '?' || c == '#' || c < 0x20 || c >= 0x7f) {
			static const char hex[] = "0123456789abcdef";

			*o++ = '%';
			*o++ = hex[c >> 4];
			*o++ = hex[c & 15];
		} else {
			*o++ = (char)c;
		}
	}
	memcpy(o, tail, sizeof(tail));
	return uri;
}

/*
 * A read-only handle.  A WAL database needs its -shm file even to read;
 * where that cannot be made or opened, SQLite says CANTOPEN or READONLY
 * on the first read.  immutable=1 then reads the main file as it is,
 * without locks or side files (what a crashed writer left in its -wal is
 * not seen: a file on read-only storage has no writer).
 */
static int db_connect_read(const char *path, sqlite3 **db, int immutable)
{
	char *uri = immutable ? immutable_uri(path) : NULL;
	int rc;

	if (immutable && !uri)
		return error("cannot open '%s': out of memory", path);
	rc = sqlite3_open_v2(immutable ? uri : path, db, SQLITE_OPEN_READONLY |
			     (immutable ? SQLITE_OPEN_URI : 0), NULL);
	free(uri);
	return rc;
}

static int db_side_files_fail(sqlite3 *db)
{
	int ec = sqlite3_errcode(db);
	sqlite3_stmt *st;

	if (ec == SQLITE_CANTOPEN || ec == SQLITE_READONLY)
		return 1;
	if (sqlite3_prepare_v2(db, "SELECT count(*) FROM sqlite_schema", -1,
			       &st, NULL) != SQLITE_OK) {
		ec = sqlite3_errcode(db);
		return ec == SQLITE_CANTOPEN || ec == SQLITE_READONLY;
	}
	ec = sqlite3_step(st);
	sqlite3_finalize(st);
	return (ec & 0xff) == SQLITE_CANTOPEN || (ec & 0xff) == SQLITE_READONLY;
}

int db_open(const char *path, enum db_mode mode, sqlite3 **out)
{
	sqlite3 *db = NULL;
	int rc;

	*out = NULL;
	db_configure();
	if (mode == DB_READ) {
		rc = db_connect_read(path, &db, 0);
		if (rc == SQLITE_OK && db_side_files_fail(db)) {
			sqlite3_close(db);
			db = NULL;
			rc = db_connect_read(path, &db, 1);
		}
	} else {
		rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE |
				     (mode == DB_WRITE ? SQLITE_OPEN_CREATE : 0),
				     NULL);
	}
	if (rc != SQLITE_OK) {
		if (!db)
			return error("cannot open '%s': out of memory", path);
		db_error(db, path, "cannot open");
		sqlite3_close(db);
		return -1;
	}
	sqlite3_busy_handler(db, db_busy, db);
	if (mode == DB_READ ? db_open_read(db, path) :
	    db_open_write(db, path, mode)) {
		sqlite3_close(db);
		return -1;
	}
	*out = db;
	return 0;
}
