/*
 * t-labdb.c - what a lab guest sends back replaces the host's database
 * only if it holds every row the host had, unchanged: a returned file
 * with the same number of samples but different ones is refused (issue
 * 11: the check compared counts only), and the host's file is untouched.
 */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "db.h"
#include "labdb.h"
#include "tap.h"

static char dir[96];
static char host[128], back[128], base[128], back2[128];

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

/*
 * lab --jobs: two guests start from the same snapshot (base: run 1) and
 * each adds a run 2 with counter names of its own.  A is taken as it is;
 * B is merged after it.  The ids below are counted by hand: B's run
 * becomes 3, its new names (meminfo MemTotal, MemFree) 3 and 4 after A's
 * pswpout 2, its layout 4 after A's two.
 */
static const char guest_a[] =
	"INSERT INTO run (id, kernel_release) VALUES (2, 'guest A');"
	"INSERT INTO tag VALUES (2, 'trial', '1');"
	"INSERT INTO counter_name VALUES (2, 'vmstat', 'pswpout', 'counter');"
	"INSERT INTO layout VALUES (2, 2, '[1,2]');"
	"INSERT INTO layout VALUES (3, 2, '[2]');"
	"INSERT INTO sample VALUES (8589934592, 0, 0, 0, 2, NULL, '[1,5,2,40]');"
	"INSERT INTO sample VALUES (8589934593, 250000, 0, 0, 2, '[2,4]', NULL);";
static const char guest_b[] =
	"INSERT INTO run (id, kernel_release) VALUES (2, 'guest B');"
	"INSERT INTO tag VALUES (2, 'trial', '2');"
	"INSERT INTO counter_name VALUES (2, 'meminfo', 'MemTotal', 'gauge');"
	"INSERT INTO counter_name VALUES (3, 'meminfo', 'MemFree', 'gauge');"
	"INSERT INTO layout VALUES (2, 2, '[2,3,1]');"
	"INSERT INTO sample VALUES (8589934592, 0, 0, 0, 2, NULL, '[2,524288,3,1000,1,11]');"
	"INSERT INTO sample VALUES (8589934593, 250000, 0, 0, 2, '[3,-6,1,3]', NULL);"
	"INSERT INTO sample VALUES (8589934594, 500000, 0, 0, 2, NULL, NULL);"
	"INSERT INTO marker VALUES (2, 0, 0, 'B begins');"
	"INSERT INTO result VALUES (2, NULL, 'io_mbps', 50.0, 'MB/s');";

/* host and base hold run 1; back is base + A, back2 base + B + change. */
static int two_guests(const char *change, long long *new_runs)
{
	int64_t size, n = 0;
	int rc;

	unlink(host);
	unlink(base);
	unlink(back);
	unlink(back2);
	sql(host, run1);
	if (labdb_snapshot(host, base, &size) || labdb_snapshot(host, back, &size) ||
	    labdb_snapshot(host, back2, &size)) {
		fprintf(stderr, "setup failed: snapshot\n");
		exit(1);
	}
	sql(back, guest_a);
	sql(back2, guest_b);
	if (change)
		sql(back2, change);
	if (labdb_accept(host, back, &n) || n != 1) {
		fprintf(stderr, "setup failed: guest A not taken\n");
		exit(1);
	}
	rc = labdb_merge(host, base, back2, &n);
	*new_runs = n;
	return rc;
}

/* The host's copies (host.db.lab-PID) left in the test directory. */
static long long copies_left(void)
{
	char pattern[160];
	glob_t g;
	long long n;

	snprintf(pattern, sizeof(pattern), "%s.lab-*", host);
	if (glob(pattern, 0, NULL, &g))
		return 0;
	n = (long long)g.gl_pathc;
	globfree(&g);
	return n;
}

static void merge_tests(void)
{
	long long n = 0;
	int rc = two_guests(NULL, &n);

	tap_ok(rc == 0 && n == 1, "labdb-3.1 a second guest's run is merged (%lld new)", n);
	tap_is_i64(one(host, "SELECT group_concat(id || ':' || kernel_release, ' ') FROM run") ==
		   -1 ? -1 : one(host, "SELECT count(*) FROM run WHERE (id, kernel_release) IN "
				 "(VALUES (1, 'host'), (2, 'guest A'), (3, 'guest B'))"), 3,
		   "labdb-3.2 after the host's and A's, as run 3");
	tap_is_i64(one(host, "SELECT count(*) FROM tag WHERE (run_id, key, value) IN "
		       "(VALUES (1, 'swappiness', '60'), (2, 'trial', '1'), (3, 'trial', '2'))"), 3,
		   "labdb-3.3 each run keeps its own tags");
	tap_is_i64(one(host, "SELECT count(*) FROM counter_name WHERE source = 'meminfo' "
		       "AND ((id = 3 AND name = 'MemTotal') OR (id = 4 AND name = 'MemFree'))"), 2,
		   "labdb-3.4 B's new counter names are added after A's, in B's order");
	tap_is_i64(one(host, "SELECT count(*) FROM layout WHERE id = 4 AND run_id = 3 "
		       "AND name_ids = '[3,4,1]'"), 1,
		   "labdb-3.5 B's layout renumbered, its names with it");
	tap_is_i64(one(host, "SELECT count(*) FROM sample WHERE layout_id = 4 AND "
		       "((id = 12884901888 AND absolutes = '[3,524288,4,1000,1,11]' AND deltas IS NULL) OR "
		       "(id = 12884901889 AND deltas = '[4,-6,1,3]') OR "
		       "(id = 12884901890 AND deltas IS NULL))"), 3,
		   "labdb-3.6 B's samples under run 3, their counter ids rewritten");
	tap_is_i64(one(host, "SELECT sum(value) FROM counter_values WHERE run_id = 3 AND "
		       "((name = 'MemTotal' AND seq = 0) OR (name = 'pgscan_kswapd' AND seq = 2) OR "
		       "(name = 'MemFree' AND seq = 1))"), 524288 + 14 + 994,
		   "labdb-3.7 read back through counter_values: MemTotal, MemFree, pgscan_kswapd");
	tap_is_i64(one(host, "SELECT sum(value) FROM counter_values WHERE run_id = 2 AND "
		       "name = 'pswpout'"), 40 + 44, "labdb-3.8 A's run is unchanged");
	tap_is_i64(one(host, "SELECT count(*) FROM marker WHERE run_id = 3 AND text = 'B begins'") +
		   one(host, "SELECT count(*) FROM result WHERE run_id = 3 AND value = 50.0"), 2,
		   "labdb-3.9 B's marker and result follow its run");

	tap_ok(two_guests("UPDATE tag SET value = '100' WHERE run_id = 1", &n) == -1,
	       "labdb-4.1 a second guest that changed a host run is refused");
	tap_is_i64(one(host, "SELECT count(*) FROM run"), 2, "labdb-4.2 the host keeps its and A's runs");
	tap_ok(two_guests("CREATE TABLE future (x)", &n) == -1,
	       "labdb-4.3 a guest's table the merge does not know is refused");
	tap_ok(two_guests("UPDATE layout SET name_ids = '[2,9]' WHERE id = 2", &n) == -1,
	       "labdb-4.4 a counter id outside the guest's names is refused");
	tap_is_i64(one(host, "SELECT count(*) FROM run"), 2, "labdb-4.5 and the host is untouched");
	tap_is_i64(copies_left(), 0, "labdb-4.6 and the copy the merge began is removed");
}

int main(void)
{
	long long n = 0;
	char path[160];
	int rc;

	if (!tap_tmp_template(dir, sizeof(dir), "t-labdb") || !mkdtemp(dir))
		return 1;
	snprintf(host, sizeof(host), "%s/host.db", dir);
	snprintf(back, sizeof(back), "%s/back.db", dir);
	snprintf(base, sizeof(base), "%s/base.db", dir);
	snprintf(back2, sizeof(back2), "%s/back2.db", dir);

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
	merge_tests();

	unlink(host);
	unlink(back);
	unlink(base);
	unlink(back2);
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
