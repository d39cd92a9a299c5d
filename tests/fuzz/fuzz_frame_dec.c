/*
 * fuzz_frame_dec.c - libFuzzer target for the frame decoder: the
 * analyzer's sample iterator (analyzer/rundb.c), which parses a sample's
 * "deltas" and "absolutes" arrays and its layout's "name_ids" by hand.
 *
 * One in-memory database is made per process, with eight counter names
 * in a valid layout (id 1) of run 1.  Each input is split at newlines:
 * the first field becomes the name_ids of layout 2 (kept in another run,
 * so only the hand parser reads it, never SQLite's json_each), the next
 * ones, two by two, the deltas and absolutes of run 1's samples; a
 * sample's layout is 1 or 2 by the parity of its deltas' length.  Then
 * the run is read back with sample_iter_next() to the end.
 */
#include <sqlite3.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "err.h"
#include "rundb.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static sqlite3 *db;
static sqlite3_stmt *ins_sample, *ins_layout;

static void setup(void)
{
	static const char init[] =
		"INSERT INTO run (id) VALUES (1), (2);"
		"INSERT INTO counter_name (id, source, name, kind) VALUES "
		"(1, 'vmstat', 'pgscan_kswapd', 'counter'),"
		"(2, 'vmstat', 'nr_free_pages', 'gauge'),"
		"(3, 'meminfo', 'MemFree', 'gauge'),"
		"(4, 'vmstat', 'pswpout', 'counter'),"
		"(5, 'zoneinfo', 'node0_normal_min', 'gauge'),"
		"(6, 'vmstat', 'pgsteal_direct', 'counter'),"
		"(7, 'psi', 'memory_some_total', 'counter'),"
		"(40, 'trace', 'lost_events', 'counter');"
		"INSERT INTO layout (id, run_id, name_ids) VALUES "
		"(1, 1, '[1,2,3,4,5,6,7,40]');";

	if (db_open(":memory:", DB_WRITE, &db) ||
	    sqlite3_exec(db, init, NULL, NULL, NULL) ||
	    sqlite3_prepare_v2(db, "INSERT INTO sample (id, t_us, wall_skew_us, "
			       "missed, layout_id, deltas, absolutes) VALUES "
			       "(4294967296 + ?1, ?1, 0, 0, ?2, ?3, ?4)", -1,
			       &ins_sample, NULL) ||
	    sqlite3_prepare_v2(db, "INSERT INTO layout (id, run_id, name_ids) "
			       "VALUES (2, 2, ?)", -1, &ins_layout, NULL))
		abort();
}

/* the next newline-separated field of [*s, end), NULL at the end */
static const char *field(const char **s, const char *end, int *len)
{
	const char *f = *s, *nl;

	if (f > end)
		return NULL;
	nl = memchr(f, '\n', (size_t)(end - f));
	*len = (int)((nl ? nl : end) - f);
	*s = (nl ? nl : end) + 1;
	return f;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data, *end = s + size, *f, *g;
	struct sample_iter it;
	int len, len2, seq = 0;

	if (!db)
		setup();
	sqlite3_exec(db, "BEGIN; DELETE FROM sample; DELETE FROM layout WHERE id = 2",
		     NULL, NULL, NULL);
	f = field(&s, end, &len);
	sqlite3_bind_text(ins_layout, 1, f ? f : "[]", f ? len : 2, SQLITE_TRANSIENT);
	sqlite3_step(ins_layout);
	sqlite3_reset(ins_layout);
	while ((f = field(&s, end, &len)) && seq < 256) {
		g = field(&s, end, &len2);
		sqlite3_bind_int(ins_sample, 1, seq++);
		sqlite3_bind_int(ins_sample, 2, len % 2 ? 2 : 1);
		sqlite3_bind_text(ins_sample, 3, f, len, SQLITE_TRANSIENT);
		if (g)
			sqlite3_bind_text(ins_sample, 4, g, len2, SQLITE_TRANSIENT);
		else
			sqlite3_bind_null(ins_sample, 4);
		sqlite3_step(ins_sample);
		sqlite3_reset(ins_sample);
	}
	sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
	if (!sample_iter_open(&it, db, "fuzz.db", 1))
		while (sample_iter_next(&it) == 1)
			;
	sample_iter_release(&it);
	return 0;
}
