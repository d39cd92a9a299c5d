/*
 * db.c - opening, checking and migrating vmscope databases (see db.h).
 *
 * DESIGN: a new file is initialised inside BEGIN IMMEDIATE, after checking
 * again that it is still empty, so that two collectors starting on the same
 * new file do not both create the schema.  Checks come before any write:
 * a foreign or newer database is refused without being touched.
 */
#include <string.h>

#include "db.h"
#include "err.h"
#include "banned.h"

/*
 * Migrations: migrations[v] upgrades schema version v to v + 1, and
 * schema/schema.sql is always the newest version whole.
 *   1 -> 2: the source "trace" (--trace-priority), whose names are counts.
 */
#define STR_(x) #x
#define STR(x) STR_(x)

static const char *const migrations[DB_SCHEMA_VERSION] = {
	[0] = NULL, /* version 0 is an empty file: the full schema is created */
	[1] = "INSERT INTO counter_kind (source, pattern, kind, rank) "
	      "VALUES ('trace', '*', 'counter', 9)",
};

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
	    db_int(db, path, "SELECT count(*) FROM sqlite_master", &objects) ||
	    db_int(db, path, "PRAGMA user_version", version))
		return -1;
	*empty = objects == 0 && app_id == 0;
	if (*empty)
		return 0;
	if (app_id != DB_APPLICATION_ID)
		return error("cannot open '%s': not a vmscope database "
			     "(application_id %ld)", path, app_id);
	if (*version > DB_SCHEMA_VERSION)
		return error("cannot open '%s': schema version %ld is newer "
			     "than this vmscope reads (%d); upgrade vmscope",
			     path, *version, DB_SCHEMA_VERSION);
	return 0;
}

static int db_create_or_migrate(sqlite3 *db, const char *path)
{
	long version;
	int empty;

	if (db_exec(db, path, "BEGIN IMMEDIATE"))
		return -1;
	/* check again under the write lock: another writer may have won */
	if (db_check(db, path, &version, &empty))
		goto fail;
	if (empty) {
		if (db_exec(db, path, db_schema_sql))
			goto fail;
		version = DB_SCHEMA_VERSION;
	}
	for (; version < DB_SCHEMA_VERSION; version++)
		if (migrations[version] && db_exec(db, path, migrations[version]))
			goto fail;
	/* PRAGMAs take no bound parameters; the values are our constants */
	if (db_exec(db, path, "PRAGMA application_id = " STR(DB_APPLICATION_ID)
			      "; PRAGMA user_version = " STR(DB_SCHEMA_VERSION)) ||
	    db_exec(db, path, "COMMIT"))
		goto fail;
	return 0;
fail:
	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

/*
 * Both programs use SQLite from one thread.  Without the mutexes and the
 * allocation statistics every malloc() SQLite makes is a plain call, which
 * matters on the collector's hot path: a commit after a sleep runs with
 * cold caches, and each extra code page it touches costs a miss.
 */
static void db_configure(void)
{
	static int done;

	if (done)
		return;
	done = 1;
	sqlite3_config(SQLITE_CONFIG_SINGLETHREAD);
	sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

int db_open(const char *path, enum db_mode mode, sqlite3 **out)
{
	int flags = mode == DB_READ ? SQLITE_OPEN_READONLY :
		    SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
	sqlite3 *db = NULL;
	long version;
	int empty;

	*out = NULL;
	db_configure();
	if (sqlite3_open_v2(path, &db, flags, NULL) != SQLITE_OK) {
		if (!db)
			return error("cannot open '%s': out of memory", path);
		db_error(db, path, "cannot open");
		sqlite3_close(db);
		return -1;
	}
	sqlite3_busy_timeout(db, 5000);
	if (db_check(db, path, &version, &empty))
		goto fail;
	if (mode == DB_READ && (empty || version < DB_READ_OLDEST)) {
		error("cannot open '%s': %s", path, empty ?
		      "the database is empty" :
		      "old schema; open it once with vmscope-collect to upgrade");
		goto fail;
	}
	if (mode == DB_WRITE &&
	    (db_exec(db, path, "PRAGMA journal_mode = WAL") ||
	     db_exec(db, path, "PRAGMA synchronous = NORMAL") ||
	     ((empty || version < DB_SCHEMA_VERSION) &&
	      db_create_or_migrate(db, path))))
		goto fail;
	*out = db;
	return 0;
fail:
	sqlite3_close(db);
	return -1;
}
