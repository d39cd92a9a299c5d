/*
 * mark.c - vmscope mark [--run ID] DB TEXT: a marker in a run, from
 * another shell, while the collector records it.
 *
 * The marker's time is taken on CLOCK_MONOTONIC, the clock the collector
 * measures sample times on, so it lines up with the samples to the
 * microsecond.  Without --run the marker goes to the newest run still
 * being recorded (no end time); a run that has ended is refused, since a
 * marker past a run's end would describe nothing in it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "db.h"
#include "err.h"
#include "facts.h"
#include "pace.h"
#include "banned.h"

static void mark_usage(FILE *out)
{
	fprintf(out, "usage: vmscope mark [--run ID] DB TEXT\n\n"
		"  --run ID   mark this run (default: the newest run being "
		"recorded)\n");
}

/* The run to mark and its start on the monotonic clock. */
static int find_run(sqlite3 *db, const char *path, long long want,
		    long long *run_id, int64_t *start_mono_ns)
{
	sqlite3_stmt *st;
	int rc;

	if (db_prepare(db, path, want > 0 ?
		       "SELECT id, started_mono_ns, boot_id FROM run "
		       "WHERE id = ?1 AND ended_wall_us IS NULL" :
		       "SELECT id, started_mono_ns, boot_id FROM run "
		       "WHERE ended_wall_us IS NULL ORDER BY id DESC LIMIT 1",
		       &st))
		return -1;
	if (want > 0)
		sqlite3_bind_int64(st, 1, want);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		const char *boot = (const char *)sqlite3_column_text(st, 2);
		char *now_boot = facts_read_line("", "/proc/sys/kernel/random/boot_id");
		int same = !boot || !now_boot || !strcmp(boot, now_boot);

		*run_id = sqlite3_column_int64(st, 0);
		*start_mono_ns = sqlite3_column_int64(st, 1);
		free(now_boot);
		if (!same) {
			sqlite3_finalize(st);
			return error("cannot mark run %lld in '%s': it was recorded "
				     "before the last reboot and never ended",
				     *run_id, path);
		}
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return 0;
	if (rc != SQLITE_DONE)
		return db_error(db, path, "cannot read");
	if (want > 0)
		return error("cannot mark run %lld in '%s': no such run being "
			     "recorded", want, path);
	return error("cannot mark '%s': no run is being recorded", path);
}

static int insert_marker(sqlite3 *db, const char *path, long long run_id,
			 int64_t t_us, const char *text)
{
	sqlite3_stmt *st;
	int rc;

	if (db_prepare(db, path, "INSERT INTO marker (run_id, t_us, wall_us, "
		       "text) VALUES (?, ?, ?, ?)", &st))
		return -1;
	sqlite3_bind_int64(st, 1, run_id);
	sqlite3_bind_int64(st, 2, t_us);
	sqlite3_bind_int64(st, 3, pace_now_ns(CLOCK_REALTIME) / 1000);
	sqlite3_bind_text(st, 4, text, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : db_error(db, path, "cannot write");
}

int mark_add(const char *path, long long run_id, const char *text)
{
	int64_t start_ns = 0;
	sqlite3 *db;
	int rc;

	/* DB_WRITE would create a missing file: a typo must not do that */
	if (access(path, F_OK) != 0)
		return error_errno("cannot open '%s'", path);
	/* DB_APPEND: checked, never created, migrated or made WAL by mark */
	if (db_open(path, DB_APPEND, &db))
		return -1;
	rc = find_run(db, path, run_id, &run_id, &start_ns) ||
	     insert_marker(db, path, run_id,
			   (pace_now_ns(CLOCK_MONOTONIC) - start_ns) / 1000, text);
	sqlite3_close(db);
	return rc ? -1 : 0;
}

int cmd_mark(int argc, char **argv, struct cmd_ctx *ctx)
{
	long long want = 0;
	int i = 1;
	char *end;

	(void)ctx;
	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		mark_usage(stdout);
		return EXIT_OK;
	}
	if (argc > 2 && !strcmp(argv[1], "--run")) {
		want = strtoll(argv[2], &end, 10);
		if (*end || want <= 0) {
			error("bad run id '%s'", argv[2]);
			mark_usage(stderr);
			return EXIT_USAGE;
		}
		i = 3;
	}
	if (argc - i != 2) {
		mark_usage(stderr);
		return EXIT_USAGE;
	}
	return mark_add(argv[i], want, argv[i + 1]) ? EXIT_FAILURE_RT : EXIT_OK;
}
