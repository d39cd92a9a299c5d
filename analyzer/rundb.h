/*
 * rundb.h - reading runs back: their facts, and their samples one by one.
 *
 * The analyzer decodes samples here, in C, rather than through the
 * counter_values view: a run is streamed sample by sample with the
 * values of every counter kept in one array, so memory stays flat
 * however long the run is.
 */
#ifndef VMSCOPE_RUNDB_H
#define VMSCOPE_RUNDB_H

#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

struct run_summary {
	int64_t id, samples;
	char *label, *kernel, *started_at, *tags;   /* tags: "k=v,k=v" */
	double duration_s;                           /* last sample's t */
};

struct run_list {
	struct run_summary *v;
	size_t nr;
};

/*
 * Open path for reading, after folding in the samples that killed runs
 * left in their tail files (tail_recover()): a command reads every sample
 * a collector took up to a kill -9.  0, or -1 (reported).
 */
int rundb_open(const char *path, sqlite3 **db);

/* All runs of a database (or only run_id > 0).  -1 with a message. */
int rundb_list(sqlite3 *db, const char *path, int64_t run_id,
	       struct run_list *out);
void run_list_release(struct run_list *l);

/* The last result named name of a run: 1 found, 0 none, -1 error. */
int rundb_result(sqlite3 *db, const char *path, int64_t run_id,
		 const char *name, double *out);

/*
 * The run recorded last before run_id on the same boot (the same boot_id)
 * in this database: 1 with its id, 0 none (or no boot_id), -1 error.
 */
int rundb_boot_predecessor(sqlite3 *db, const char *path, int64_t run_id,
			   int64_t *prev);

/*
 * Whether the run recorded `source` (run.sources, e.g. "stat_refresh"):
 * 1 yes, 0 no (or no such run), -1 error.
 */
int rundb_has_source(sqlite3 *db, const char *path, int64_t run_id,
		     const char *source);

/*
 * The values of n counters of `source` at the last sample of a run that
 * has each, in one pass over the run: out[i] NAN where names[i] is not
 * recorded.  0, or -1 (reported).
 */
int rundb_last_values(sqlite3 *db, const char *path, int64_t run_id,
		      const char *source, const char *const *names, int n,
		      double *out);

/* The counters of one run, in name-id order ("slots"). */
struct run_counters {
	size_t nr;
	char **source, **name;
	unsigned char *is_counter;   /* 1: event counter, 0: gauge */
};

struct sample_iter {
	sqlite3 *db;
	const char *path;
	sqlite3_stmt *st, *layout_st;
	struct run_counters c;
	int64_t *ids;                /* per slot its name id, ascending */
	int64_t layout_id;
	/* the current sample, valid after sample_iter_next() returned 1 */
	int64_t seq, t_us;
	unsigned char *present;      /* per slot: printed at this sample */
	int64_t *value;              /* absolute value (two's complement) */
	int64_t *delta;              /* change since the previous sample */
	unsigned char *delta_valid;  /* 0: first, (re)appeared, or a reset */
};

/*
 * A database is input: ids are looked up, never used as indexes (arrays
 * are sized by the number of names); a NULL name, source or kind, an id
 * no layout lists, a negative t_us or text that is not a flat integer
 * array are "damaged" or "malformed" errors, -1 with one line.
 */
int sample_iter_open(struct sample_iter *it, sqlite3 *db, const char *path,
		     int64_t run_id);
/* 1: a sample was read; 0: no more; -1: an error (printed). */
int sample_iter_next(struct sample_iter *it);
void sample_iter_release(struct sample_iter *it);

/*
 * The run's counter names as schema/metrics.def spells them ("pgfault",
 * "meminfo:MemTotal"), one per slot, for metric_set_resolve().  NULL on
 * allocation failure; free with sample_iter_free_names().
 */
char **sample_iter_metric_names(const struct sample_iter *it);
void sample_iter_free_names(const struct sample_iter *it, char **names);

#endif
