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

#include <sqlite3.h>

/* 'vmsc': marks the file as ours, see PRAGMA application_id. */
#define DB_APPLICATION_ID 0x766d7363
#define DB_SCHEMA_VERSION 2
/*
 * The oldest schema the readers take as it is: version 2 only added a
 * counter kind for the trace source, which a version-1 file cannot hold.
 */
#define DB_READ_OLDEST 1

enum db_mode {
	DB_READ,     /* must exist and be ours */
	DB_WRITE,    /* created when missing or empty, migrated when old */
};

/*
 * Open path.  On success *out is an open handle (close with sqlite3_close)
 * and 0 is returned; otherwise a one-line error has been printed, nothing
 * in the file has been changed, and -1 is returned.
 */
int db_open(const char *path, enum db_mode mode, sqlite3 **out);

/* Run SQL with no result rows; prints "<what> '<path>': <sqlite error>". */
int db_exec(sqlite3 *db, const char *path, const char *sql);

/* Prepare a statement; prints an error naming path on failure. */
int db_prepare(sqlite3 *db, const char *path, const char *sql,
	       sqlite3_stmt **stmt);

/* Report the handle's last error about path, return -1. */
int db_error(sqlite3 *db, const char *path, const char *what);

/* The schema text (schema/schema.sql), compiled in. */
extern const char db_schema_sql[];

#endif
