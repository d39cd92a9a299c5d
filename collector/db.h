/*
 * db.h - open a vmscope database, create or check its schema.
 *
 * Both programs open databases only through db_open(), so that every
 * command refuses the same things the same way: a file that is not SQLite,
 * an SQLite file that is not ours (PRAGMA application_id), and a schema
 * newer than this build reads (PRAGMA user_version).  Older schemas are
 * migrated forward when the database is opened for writing.
 */
#ifndef VMSCOPE_DB_H
#define VMSCOPE_DB_H

#include <stdint.h>

#include <sqlite3.h>

/* 'vmsc': marks the file as ours, see PRAGMA application_id. */
#define DB_APPLICATION_ID 0x766d7363
#define DB_SCHEMA_VERSION 4
/*
 * The oldest schema the readers take as it is: version 2 only added a
 * counter kind for the trace source, which a version-1 file cannot hold.
 */
#define DB_READ_OLDEST 1

enum db_mode {
	DB_READ,     /* must exist and be ours; opened read-only */
	DB_WRITE,    /* created when missing or empty, migrated when old */
	DB_APPEND,   /* must exist at the current version: neither created,
			migrated nor switched to WAL (mark, into a recording) */
};

/*
 * How long a writer waits for another process's lock before it gives up
 * (with a warning after a second): a reader or `sqlite3` shell holding
 * the lock for a while must not end a recording.
 */
#define DB_BUSY_WAIT_MS 120000

/*
 * Counter-name ids index the collector's arrays: a database whose ids
 * leave 1..(names + DB_ID_SLACK) is refused for writing (rows deleted by
 * hand leave gaps; 65536 of them cost the collector 1 MB at most).
 */
#define DB_ID_SLACK 65536

/*
 * sample.id = run_id << 32 | seq: run ids must stay below 2^31 so the
 * key neither wraps nor turns negative.  DB_NEXT_RUN_ID is the id for a
 * new run, an SQL expression: one above every run id that anything in
 * the database still names, so a new run never meets the samples,
 * layouts, markers or results of a deleted one.
 */
#define DB_MAX_RUN_ID 2147483647L
#define DB_NEXT_RUN_ID \
	"(SELECT max(x) + 1 FROM (SELECT 0 AS x " \
	"UNION ALL SELECT max(id) FROM run " \
	"UNION ALL SELECT max(id) >> 32 FROM sample " \
	"UNION ALL SELECT max(run_id) FROM layout " \
	"UNION ALL SELECT max(run_id) FROM tag " \
	"UNION ALL SELECT max(run_id) FROM watermark " \
	"UNION ALL SELECT max(run_id) FROM marker " \
	"UNION ALL SELECT max(run_id) FROM result))"

/*
 * Open path.  On success *out is an open handle (close with sqlite3_close)
 * and 0 is returned; otherwise a one-line error has been printed, nothing
 * in the file has been changed, and -1 is returned.  What is checked and
 * refused is listed at the top of db.c.
 */
int db_open(const char *path, enum db_mode mode, sqlite3 **out);
/* Sets SQLite up for one thread; before any other SQLite call opens a
 * connection outside db_open() (which calls it). */
void db_configure(void);

/* Run SQL with no result rows; prints "<what> '<path>': <sqlite error>". */
int db_exec(sqlite3 *db, const char *path, const char *sql);

/* Prepare a statement; prints an error naming path on failure. */
int db_prepare(sqlite3 *db, const char *path, const char *sql,
	       sqlite3_stmt **stmt);

/* Report the handle's last error about path, return -1. */
int db_error(sqlite3 *db, const char *path, const char *what);
/* The first column of sql's first row; -1 if none, or (reported) if sql
 * cannot be prepared. */
int64_t db_one_int(sqlite3 *db, const char *path, const char *sql);

/*
 * Column col of a row as text; NULL (after printing "the database is
 * damaged") where the column is NULL: a bit flip can make any column
 * NULL, whatever the schema says.
 */
const char *db_text(sqlite3_stmt *st, int col, const char *path);

/* The schema text (schema/schema.sql), compiled in. */
extern const char db_schema_sql[];
/* The counter_values view as versions 1 and 2 made it (readers accept it). */
extern const char db_counter_values_v2_sql[];

#endif
