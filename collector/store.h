/*
 * store.h - the collector's writer: one run, its samples, in SQLite.
 *
 * DESIGN: SQLite's code and pages are cold after every sleep, so a sample
 * is not written to SQLite when taken.  Encoded samples are queued in
 * memory and written in one transaction per commit interval (store_due()),
 * with the INSERT prepared once (bind, step, reset).  The collector also
 * appends each one to its run's tail file (store_tail_start(), tail.h)
 * with one write(), so a kill -9 loses no sample the kernel accepted: the
 * next store_open() folds it in.  SIGINT and SIGTERM lose nothing since
 * the caller flushes before exiting.  New names and layouts are rare and
 * are written at once, in autocommit mode.
 *
 * Errors are printed (naming the database) and returned as -1; after a
 * failed flush (a full disk) the queued samples are dropped from memory
 * but kept in the tail, and what was committed before stays intact.
 */
#ifndef VMSCOPE_STORE_H
#define VMSCOPE_STORE_H

#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

#include "facts.h"
#include "frame.h"
#include "opts.h"
#include "tail.h"

struct store_pending {
	int64_t seq, t_us, skew_us, missed, layout_id;
	size_t deltas_off, deltas_len, abs_off, abs_len;
};

struct store {
	sqlite3 *db;
	const char *path;
	int64_t run_id;
	sqlite3_stmt *ins_sample, *ins_name, *sel_name, *ins_layout;
	sqlite3_stmt *begin, *commit;
	struct store_pending *q;
	size_t nr_q, alloc_q;
	char *text;                /* queued JSON, NUL-separated */
	size_t text_len, text_alloc;
	int64_t oldest_ns;         /* when the first queued sample was taken */
	int outer_tx;              /* inside store_outer_begin(): no commits */
	struct tail tail;          /* the collector's queued samples, on disk */
	int tail_dirty;            /* the tail holds samples not committed */
};

/*
 * Open (creating if needed) and prepare statements, then fold the tails
 * of runs that died before committing them (tail.h); -1 on error.
 */
int store_open(struct store *s, const char *path);

/*
 * From now on, append each queued sample to the run's tail file as well
 * (after store_begin_run()): a kill -9 then loses nothing queued.
 */
int store_tail_start(struct store *s);
void store_close(struct store *s);

/* Insert the run row with its facts, tags and watermarks. */
int store_begin_run(struct store *s, const struct collect_opts *o,
		    const struct run_facts *f, const char *sources,
		    int64_t start_wall_us, int64_t start_mono_ns);

/* Frame hooks bound to this store (ctx = the store). */
struct frame_hooks store_frame_hooks(struct store *s);

/* Queue one encoded sample, taken at taken_ns (monotonic). */
int store_queue(struct store *s, int64_t seq, int64_t t_us, int64_t skew_us,
		int64_t missed, const struct frame_enc *e, int64_t taken_ns);

/*
 * True when the queue must be written before sleeping until next_tick_ns:
 * no queued sample may wait longer than commit_ns to reach the disk.
 */
int store_due(const struct store *s, int64_t next_tick_ns, int64_t commit_ns);

/* Write the queue in one transaction. */
int store_flush(struct store *s);

struct run_end {
	int64_t ended_wall_us, elapsed_ns;   /* elapsed_ns < 0: not recorded */
	int exit_status;                      /* < 0: not recorded */
	const char *reason;
	uint64_t missed_ticks;
	int quiet;                            /* after an error: say nothing */
};

int store_end_run(struct store *s, const struct run_end *end);

/*
 * An importer writes a whole run or nothing: between store_outer_begin()
 * and store_outer_end() every write above joins one transaction, which
 * store_outer_end() commits (ok) or rolls back.
 */
int store_outer_begin(struct store *s);
int store_outer_end(struct store *s, int ok);

#endif
