/* labdb.c - check and keep what a guest sends back (see labdb.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "db.h"
#include "err.h"
#include "labdb.h"
#include "labmerge.h"
#include "banned.h"

static int64_t file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) ? -1 : (int64_t)st.st_size;
}

/* VACUUM INTO: a consistent copy that needs no -wal beside it. */
static int vacuum_into(sqlite3 *db, const char *src, const char *dst)
{
	sqlite3_stmt *st;
	int rc;

	unlink(dst);
	if (db_prepare(db, src, "VACUUM INTO ?", &st))
		return -1;
	sqlite3_bind_text(st, 1, dst, -1, SQLITE_STATIC);
	rc = sqlite3_step(st) == SQLITE_DONE ? 0 :
	     db_error(db, dst, "cannot write a copy to");
	sqlite3_finalize(st);
	return rc;
}

/* Open path read-only if it exists: 1 opened, 0 missing, -1 (reported). */
static int open_if_there(const char *path, sqlite3 **h)
{
	if (access(path, F_OK))
		return 0;
	return db_open(path, DB_READ, h) ? -1 : 1;
}

int labdb_snapshot(const char *db, const char *copy, int64_t *size)
{
	sqlite3 *h;
	int rc;

	*size = 0;
	rc = open_if_there(db, &h);
	if (rc <= 0)
		return rc;
	rc = vacuum_into(h, db, copy);
	sqlite3_close(h);
	*size = rc ? 0 : file_size(copy);
	return rc;
}

/* The SQL that counts the rows of old.<table> missing from main.<table>. */
static int missing_sql(const char *table, char *sql, size_t cap)
{
	size_t n = 0;
	const char *p;
	char q[300];

	/* a quoted identifier: "name", with " doubled */
	for (p = table; *p && n + 3 < sizeof(q); p++) {
		if (*p == '"')
			q[n++] = '"';
		q[n++] = *p;
	}
	if (*p)
		return -1;
	q[n] = 0;
	return snprintf(sql, cap, "SELECT count(*) FROM (SELECT * FROM old.\"%s\" "
			"EXCEPT SELECT * FROM main.\"%s\")", q, q) >= (int)cap ? -1 : 0;
}

/*
 * Every row the host had is in returned, unchanged: runs, tags, samples
 * (their times, deltas and absolutes), markers, results, names, layouts.
 * The guest only appends to the host's database, so any row of any table
 * of old that is not in returned, column for column, means the file that
 * came back is not the host's plus new runs.  (Counting samples per run,
 * as before, let a same-sized but different run through: issue 11.)
 */
static int check_superset(sqlite3 *h, const char *returned, const char *old)
{
	sqlite3_stmt *st, *tables;
	int64_t missing = 0;
	char sql[800];

	if (db_prepare(h, returned, "ATTACH ? AS old", &st))
		return -1;
	sqlite3_bind_text(st, 1, old, -1, SQLITE_STATIC);
	if (sqlite3_step(st) != SQLITE_DONE) {
		sqlite3_finalize(st);
		return db_error(h, old, "cannot read");
	}
	sqlite3_finalize(st);
	if (db_prepare(h, returned, "SELECT name FROM old.sqlite_schema WHERE "
		       "type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
		       &tables))
		return -1;
	while (!missing && sqlite3_step(tables) == SQLITE_ROW) {
		const char *t = (const char *)sqlite3_column_text(tables, 0);
		int64_t n;

		/* a table the guest's file lacks reads as -1: missing too */
		n = t && !missing_sql(t, sql, sizeof(sql)) ? db_one_int(h, returned, sql) : -1;
		missing += n ? 1 : 0;
	}
	sqlite3_finalize(tables);
	return missing ? error("the database the guest sent back lacks or changes "
			       "runs the host had: kept the host's") : 0;
}

/* Check the returned database, open as h, against db; count its new runs. */
static int check_returned(sqlite3 *h, const char *db, const char *returned,
			  int64_t *new_runs)
{
	int64_t before = 0;
	int rc;

	rc = db_one_int(h, returned, "SELECT count(*) FROM pragma_integrity_check "
		     "WHERE integrity_check <> 'ok'") ?
	     error("the database the guest sent back fails SQLite's integrity check") : 0;
	if (!rc && !access(db, F_OK)) {
		before = -1;
		rc = check_superset(h, returned, db);
		if (!rc)
			before = db_one_int(h, returned, "SELECT count(*) FROM old.run");
		if (!rc)
			rc = db_exec(h, returned, "DETACH old");
	}
	*new_runs = rc ? 0 : db_one_int(h, returned, "SELECT count(*) FROM main.run") - before;
	return rc;
}

/* No writer may hold db, and its -wal must be empty, before the swap. */
static int quiesce(const char *db)
{
	char wal[1100], shm[1100];
	sqlite3 *h = NULL;

	if (access(db, F_OK))
		return 0;
	/*
	 * A plain connection: db was checked when the lab began and is
	 * about to be replaced, so db_open()'s writer checks and its switch
	 * to WAL (after which SQLite refused this checkpoint with "database
	 * table is locked") have nothing to add here.
	 */
	if (sqlite3_open_v2(db, &h, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK ||
	    sqlite3_busy_timeout(h, 10000) != SQLITE_OK ||
	    db_exec(h, db, "PRAGMA wal_checkpoint(TRUNCATE)")) {
		if (h)
			db_error(h, db, "cannot open");
		sqlite3_close(h);
		return -1;
	}
	sqlite3_close(h);
	snprintf(wal, sizeof(wal), "%s-wal", db);
	snprintf(shm, sizeof(shm), "%s-shm", db);
	if (file_size(wal) > 0)
		return error("'%s' is in use by another program", db);
	unlink(wal);
	unlink(shm);
	return 0;
}

/*
 * The copy tmp, made beside db, replaces db atomically once no writer
 * holds it; rc: how making the copy went (non-zero: tmp is removed and
 * db stays as it is).
 */
static int swap_in(const char *tmp, const char *db, int rc)
{
	if (!rc)
		rc = quiesce(db);
	if (!rc && rename(tmp, db))
		rc = error_errno("cannot replace '%s'", db);
	if (rc)
		unlink(tmp);
	return rc;
}

int labdb_accept(const char *db, const char *returned, int64_t *new_runs)
{
	char tmp[1100];
	sqlite3 *h;
	int rc;

	if (db_open(returned, DB_READ, &h))
		return error("the guest sent back no usable database");
	rc = check_returned(h, db, returned, new_runs);
	if (rc || *new_runs == 0) {
		sqlite3_close(h);
		return rc;   /* refused, or nothing new: db stays as it is */
	}
	/* a copy beside db, so the final rename is atomic */
	snprintf(tmp, sizeof(tmp), "%s.lab-%d", db, (int)getpid());
	rc = vacuum_into(h, returned, tmp);
	sqlite3_close(h);
	return swap_in(tmp, db, rc);
}

/* The first run id a guest given base numbers its runs from. */
static int64_t first_new_run(const char *base)
{
	sqlite3 *h;
	int64_t v;
	int there = open_if_there(base, &h);

	if (there <= 0)
		return there < 0 ? -1 : 1;    /* no base: run ids from 1 */
	v = db_one_int(h, base, "SELECT " DB_NEXT_RUN_ID);
	sqlite3_close(h);
	return v;
}

/* Append returned's runs from first_new on to the copy tmp of db. */
static int append_into(const char *tmp, const char *returned, int64_t first_new,
		       int64_t *new_runs)
{
	sqlite3_stmt *st;
	sqlite3 *h = NULL;
	int rc;

	if (sqlite3_open_v2(tmp, &h, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
		rc = db_error(h, tmp, "cannot open");
		sqlite3_close(h);
		return rc;
	}
	rc = db_prepare(h, tmp, "ATTACH ? AS g", &st);
	if (!rc) {
		sqlite3_bind_text(st, 1, returned, -1, SQLITE_STATIC);
		rc = sqlite3_step(st) == SQLITE_DONE ? 0 : db_error(h, returned, "cannot read");
		sqlite3_finalize(st);
	}
	if (!rc)
		rc = db_exec(h, tmp, "BEGIN");
	if (!rc)
		rc = labmerge_append(h, tmp, first_new, new_runs);
	if (!rc)
		rc = db_exec(h, tmp, "COMMIT");
	sqlite3_close(h);
	return rc;
}

int labdb_merge(const char *db, const char *base, const char *returned,
		int64_t *new_runs)
{
	char tmp[1100];
	int64_t first_new, size;
	sqlite3 *h;
	int rc;

	*new_runs = 0;
	if (access(db, F_OK))
		return labdb_accept(db, returned, new_runs);
	if (db_open(returned, DB_READ, &h))
		return error("the guest sent back no usable database");
	rc = check_returned(h, base, returned, new_runs);
	sqlite3_close(h);
	if (rc || *new_runs == 0)
		return rc;
	first_new = first_new_run(base);
	if (first_new < 1)
		return -1;
	snprintf(tmp, sizeof(tmp), "%s.lab-%d", db, (int)getpid());
	rc = labdb_snapshot(db, tmp, &size);
	if (!rc)
		rc = append_into(tmp, returned, first_new, new_runs);
	return swap_in(tmp, db, rc);
}
