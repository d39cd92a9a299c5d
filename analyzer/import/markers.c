/*
 * markers.c - import --markers FILE: phase timestamps become markers.
 *
 * Lines are "EPOCH TEXT" (mmtests' tests-activity, written by its
 * mmtests_activity helper as `date +%s` then the text) or mmtests'
 * tests-timestamp lines "test begin :: NAME EPOCH" / "test end :: NAME
 * EPOCH"; blank lines and other "KEY :: ..." lines are skipped, anything
 * else is refused with its line.  A marker lands on the run whose wall
 * clock span holds it (t = its time - the run's start); runs without a
 * wall clock start (a CSV of relative times) cannot take markers.
 */
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "err.h"
#include "import.h"
#include "banned.h"

struct span {
	int64_t start_us, end_us;
};

static int run_span(struct store *st, int64_t run, struct span *s)
{
	sqlite3_stmt *q;
	int rc;

	if (db_prepare(st->db, st->path, "SELECT started_wall_us, "
		       "coalesce(ended_wall_us, started_wall_us) FROM run "
		       "WHERE id = ?", &q))
		return -1;
	sqlite3_bind_int64(q, 1, run);
	rc = sqlite3_step(q);
	if (rc == SQLITE_ROW && sqlite3_column_type(q, 0) != SQLITE_NULL) {
		s->start_us = sqlite3_column_int64(q, 0);
		s->end_us = sqlite3_column_int64(q, 1);
		rc = 0;
	} else {
		rc = rc == SQLITE_ROW ?
		     error("run %lld has no wall-clock start: markers cannot "
			   "be placed", (long long)run) :
		     rc == SQLITE_DONE ? error("no run %lld", (long long)run) :
		     db_error(st->db, st->path, "cannot read");
	}
	sqlite3_finalize(q);
	return rc;
}

/*
 * The marker of one line: 1 found (wall, text set), 0 skip, -1 bad.
 * *mmtests: a "KEY :: ..." line was seen, so this is a tests-timestamp
 * file, whose other lines (the /proc files it holds) are skipped.
 */
static int marker_line(char *line, int64_t *wall, const char **text,
		       int *mmtests)
{
	char *p = line + strspn(line, " \t"), *sep, *last;

	if (!*p)
		return 0;
	sep = strstr(p, " :: ");
	if (!sep && *mmtests)
		return 0;
	if (sep) {
		*mmtests = 1;
		int begin = !strncmp(p, "test begin ::", 13);

		if (!begin && strncmp(p, "test end ::", 11))
			return 0;
		last = strrchr(sep + 4, ' ');
		if (!last || (*wall = import_parse_epoch(last + 1)) < 0)
			return -1;
		*last = 0;
		/* "begin NAME" / "end NAME" */
		memmove(p, begin ? "begin" : "end  ", 5);
		memmove(p + (begin ? 5 : 3), sep + 3, strlen(sep + 3) + 1);
		*text = p;
		return 1;
	}
	last = p + strcspn(p, " \t");
	if (!*last)
		return -1;
	*last = 0;
	if ((*wall = import_parse_epoch(p)) < 0)
		return -1;
	*text = last + 1 + strspn(last + 1, " \t");
	return 1;
}

int import_markers(struct store *st, const char *path, int64_t first_run,
		   int64_t last_run)
{
	const char *comp;
	FILE *in = import_fopen(path, &comp);
	struct line_reader r;
	struct span *spans;
	sqlite3_stmt *ins = NULL;
	char *line;
	size_t len, nr = (size_t)(last_run - first_run + 1), i;
	long lineno = 0;
	int64_t outside = 0, added = 0, wall;
	int rc = 0, n, mmtests = 0;

	if (!in)
		return -1;
	spans = calloc(nr, sizeof(*spans));
	if (!spans) {
		fclose(in);
		return error("out of memory");
	}
	for (i = 0; i < nr && !rc; i++)
		rc = run_span(st, first_run + (int64_t)i, &spans[i]);
	if (!rc)
		rc = db_prepare(st->db, st->path, "INSERT INTO marker (run_id, "
				"t_us, wall_us, text) VALUES (?, ?, ?, ?)", &ins);
	line_reader_init(&r, in);
	while (!rc && (n = line_reader_next(&r, &line, &len)) != 0) {
		const char *text;
		int m;

		lineno++;
		if (n < 0) {
			rc = error_errno("cannot read '%s'", path);
			break;
		}
		m = memchr(line, 0, len) ? -1 : marker_line(line, &wall, &text, &mmtests);
		if (m < 0) {
			rc = error("%s:%ld: markers: expected 'EPOCH TEXT' or "
				   "'test begin :: NAME EPOCH'", path, lineno);
			break;
		}
		for (i = 0; m && i < nr; i++)
			if (wall >= spans[i].start_us && wall <= spans[i].end_us)
				break;
		if (!m)
			continue;
		if (i == nr) {
			outside++;
			continue;
		}
		sqlite3_bind_int64(ins, 1, first_run + (int64_t)i);
		sqlite3_bind_int64(ins, 2, wall - spans[i].start_us);
		sqlite3_bind_int64(ins, 3, wall);
		sqlite3_bind_text(ins, 4, text, -1, SQLITE_TRANSIENT);
		rc = sqlite3_step(ins) == SQLITE_DONE ? 0 :
		     db_error(st->db, st->path, "cannot write");
		sqlite3_reset(ins);
		added++;
	}
	if (!rc)
		fprintf(stderr, "vmscope: %s: %lld markers added, %lld outside "
			"the runs' time\n", path, (long long)added,
			(long long)outside);
	sqlite3_finalize(ins);
	line_reader_release(&r);
	fclose(in);
	free(spans);
	return rc;
}
