/*
 * t-labdb.c - what a lab guest sends back replaces the host's database
 * only if it holds every row the host had, unchanged: a returned file
 * with the same number of samples but different ones is refused (issue
 * 11: the check compared counts only), and the host's file is untouched.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "db.h"
#include "labdb.h"
#include "tap.h"

static char dir[] = "/tmp/t-labdb.XXXXXX";
static char host[64], back[64];

static void sql(const char *path, const char *text)
{
	sqlite3 *db;

	if (db_open(path, DB_WRITE, &db) ||
	    sqlite3_exec(db, text, NULL, NULL, NULL) != SQLITE_OK) {
		fprintf(stderr, "setup failed on %s: %s\n", path, sqlite3_errmsg(db));
		exit(1);
	}
	sqlite3_close(db);
}

static long long one(const char *path, const char *text)
{
	sqlite3 *db;
	sqlite3_stmt *st;
	long long v = -1;

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, text, -1, &st, NULL) == SQLITE_OK) {
		if (sqlite3_step(st) == SQLITE_ROW)
			v = sqlite3_column_int64(st, 0);
		sqlite3_finalize(st);
	}
	sqlite3_close(db);
	return v;
}

/* A run with two samples, as the collector stores them (id = run << 32 | seq). */
static const char run1[] =
	"INSERT INTO run (id, kernel_release) VALUES (1, 'host');"
	"INSERT INTO tag VALUES (1, 'swappiness', '60');"
	"INSERT INTO counter_name VALUES (1, 'vmstat', 'pgscan_kswapd', 'counter');"
	"INSERT INTO layout VALUES (1, 1, '[1]');"
	"INSERT INTO sample VALUES (4294967296, 0, 0, 0, 1, NULL, '[1,100]');"
	"INSERT INTO sample VALUES (4294967297, 250000, 0, 0, 1, '[1,7]', NULL);"
	"INSERT INTO result VALUES (1, NULL, 'io_mbps', 812.5, 'MB/s');";

/* What a guest adds: run 2. */
static const char run2[] =
	"INSERT INTO run (id, kernel_release) VALUES (2, 'guest');"
	"INSERT INTO layout VALUES (2, 2, '[1]');"
	"INSERT INTO sample VALUES (8589934592, 0, 0, 0, 2, NULL, '[1,5]');";

/* host holds run 1; back is host plus run 2, with `change` applied. */
static int returned_with(const char *change, long long *new_runs)
{
	int64_t size, n = 0;
	int rc;

	unlink(host);
	unlink(back);
	sql(host, run1);
	if (labdb_snapshot(host, back, &size) || size <= 0) {
		fprintf(stderr, "setup failed: snapshot\n");
		exit(1);
	}
	sql(back, run2);
	if (change)
		sql(back, change);
	rc = labdb_accept(host, back, &n);
	*new_runs = n;
	return rc;
}

int main(void)
{
	long long n = 0;
	char path[80];
	int rc;

	if (!mkdtemp(dir))
		return 1;
	snprintf(host, sizeof(host), "%s/host.db", dir);
	snprintf(back, sizeof(back), "%s/back.db", dir);

	rc = returned_with(NULL, &n);
	tap_ok(rc == 0 && n == 1,
	       "labdb-1.1 the host's runs plus a new one are taken (%lld new)", n);
	tap_is_i64(one(host, "SELECT count(*) FROM sample"), 3,
		   "labdb-1.2 and replace the host's file");

	tap_ok(returned_with("UPDATE sample SET deltas = '[1,8]' WHERE id = 4294967297", &n) == -1,
	       "labdb-2.1 a run with as many samples but another delta is refused");
	tap_is_i64(one(host, "SELECT count(*) FROM run"), 1,
		   "labdb-2.2 the host's file is untouched");
	tap_ok(returned_with("UPDATE sample SET t_us = 260000 WHERE id = 4294967297", &n) == -1,
	       "labdb-2.3 a sample moved in time is refused");
	tap_ok(returned_with("DELETE FROM sample WHERE id = 4294967297;"
			     "INSERT INTO sample VALUES (4294967298, 500000, 0, 0, 1, '[1,7]', NULL)",
			     &n) == -1,
	       "labdb-2.4 a sample swapped for another (same count) is refused");
	tap_ok(returned_with("UPDATE tag SET value = '100' WHERE run_id = 1", &n) == -1,
	       "labdb-2.5 a changed tag of a host run is refused");
	tap_ok(returned_with("UPDATE result SET value = 1.0 WHERE run_id = 1", &n) == -1,
	       "labdb-2.6 a changed result of a host run is refused");
	tap_ok(returned_with("DELETE FROM result", &n) == -1,
	       "labdb-2.7 a lost result of a host run is refused");
	tap_is_i64(one(host, "SELECT count(*) FROM result WHERE value = 812.5"), 1,
		   "labdb-2.8 and the host's file still has it");

	unlink(host);
	unlink(back);
	snprintf(path, sizeof(path), "%s/host.db-wal", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/host.db-shm", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/back.db-wal", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/back.db-shm", dir);
	unlink(path);
	rmdir(dir);
	return tap_done();
}
