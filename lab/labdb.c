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

int labdb_snapshot(const char *db, const char *copy, int64_t *size)
{
	sqlite3 *h;
	int rc;

	*size = 0;
	if (access(db, F_OK))
		return 0;
	if (db_open(db, DB_READ, &h))
		return -1;
	rc = vacuum_into(h, db, copy);
	sqlite3_close(h);
	*size = rc ? 0 : file_size(copy);
	return rc;
}

static int64_t one_int(sqlite3 *db, const char *path, const char *sql)
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

/* Every run of old is in returned, sample for sample. */
static int check_superset(sqlite3 *h, const char *returned, const char *old)
{
	sqlite3_stmt *st;
	int64_t missing;

	if (db_prepare(h, returned, "ATTACH ? AS old", &st))
		return -1;
	sqlite3_bind_text(st, 1, old, -1, SQLITE_STATIC);
	if (sqlite3_step(st) != SQLITE_DONE) {
		sqlite3_finalize(st);
		return db_error(h, old, "cannot read");
	}
	sqlite3_finalize(st);
	missing = one_int(h, returned,
		"SELECT count(*) FROM (SELECT id >> 32 AS r, count(*) AS n "
		"FROM old.sample GROUP BY r) o LEFT JOIN (SELECT id >> 32 AS r, "
		"count(*) AS n FROM main.sample GROUP BY r) m USING (r) "
		"WHERE m.n IS NOT o.n") +
		  one_int(h, returned, "SELECT count(*) FROM old.run "
			  "WHERE id NOT IN (SELECT id FROM main.run)");
	return missing ? error("the database the guest sent back lacks runs "
			       "the host had: kept the host's") : 0;
}

/* Check the returned database, open as h, against db; count its new runs. */
static int check_returned(sqlite3 *h, const char *db, const char *returned,
			  int64_t *new_runs)
{
	int64_t before = 0;
	int rc;

	rc = one_int(h, returned, "SELECT count(*) FROM pragma_integrity_check "
		     "WHERE integrity_check <> 'ok'") ?
	     error("the database the guest sent back fails SQLite's integrity check") : 0;
	if (!rc && !access(db, F_OK)) {
		before = -1;
		rc = check_superset(h, returned, db);
		if (!rc)
			before = one_int(h, returned, "SELECT count(*) FROM old.run");
		if (!rc)
			rc = db_exec(h, returned, "DETACH old");
	}
	*new_runs = rc ? 0 : one_int(h, returned, "SELECT count(*) FROM main.run") - before;
	return rc;
}

/* No writer may hold db, and its -wal must be empty, before the swap. */
static int quiesce(const char *db)
{
	char wal[1100], shm[1100];
	sqlite3 *h;

	if (access(db, F_OK))
		return 0;
	if (db_open(db, DB_WRITE, &h) ||
	    db_exec(h, db, "PRAGMA wal_checkpoint(TRUNCATE)")) {
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
	if (!rc)
		rc = quiesce(db);
	if (!rc && rename(tmp, db))
		rc = error_errno("cannot replace '%s'", db);
	if (rc)
		unlink(tmp);
	return rc;
}
