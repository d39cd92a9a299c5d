/*
 * tail.h - the samples a run has taken but not yet committed, on disk.
 *
 * DESIGN (issue 18): an SQLite commit costs a cold walk through SQLite
 * and six fcntl() locks plus two WAL writes; at -i 1 that doubled the
 * collector's CPU per sample.  So samples are committed in batches (the
 * commit interval, 30 s by default), and each one is first appended to a
 * side file, "<db>-vmscope-tail.<run id>", mapped into memory (tail.c),
 * without a system call.  A kill -9
 * loses nothing the kernel has accepted: the next program that opens the
 * database (the collector, vmscope import, and the vmscope commands that
 * read it: tail_recover()) folds every orphaned tail into it.  Readers
 * of a live run see what is committed: samples at most one commit
 * interval old.
 *
 * Invariants:
 *  - a tail's current epoch holds only samples of its run that are not
 *    yet committed; a commit starts a new epoch, and the file is removed
 *    when its run closes cleanly;
 *  - the owner holds flock(LOCK_EX) on it, so a fold never takes a live
 *    run's tail;
 *  - a fold inserts with INSERT OR IGNORE in one transaction, then
 *    empties the file: a crash between the two folds the same samples
 *    again, harmlessly (a sample's id is run << 32 | seq);
 *  - each record carries its length and a checksum, so a write cut short
 *    (power loss) ends the fold at the last whole record.
 */
#ifndef VMSCOPE_TAIL_H
#define VMSCOPE_TAIL_H

#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

struct tail_record {
	int64_t run_id, seq, t_us, skew_us, missed, layout_id;
	const char *deltas, *absolutes;   /* NULL when empty */
	uint32_t deltas_len, abs_len;
};

/*
 * The file's fixed size.  An idle sample takes ~250 bytes, a key frame of
 * every counter ~5 KiB: 64 KiB holds the default 30 s at -i 1 many times
 * over and ~25 s at -i 0.1; a sample that does not fit makes the store
 * commit early (tail_fits()).
 */
#define TAIL_BYTES (64 * 1024)

struct tail {
	int fd;                /* -1: no tail (importers, or not started) */
	char *path;            /* owned */
	unsigned char *map;    /* TAIL_BYTES, MAP_SHARED */
	size_t off;            /* where the next record goes */
	uint32_t epoch;        /* of the records since the last commit */
};

void tail_init(struct tail *t);

/* Create and lock the tail of run_id beside db_path; -1 (reported). */
int tail_open(struct tail *t, const char *db_path, int64_t run_id);

/* Whether r fits after the records already there. */
int tail_fits(const struct tail *t, const struct tail_record *r);

/* Append one record (a memcpy); -1 (reported) if it does not fit. */
int tail_append(struct tail *t, const struct tail_record *r);

/* Empty the tail after a commit. */
void tail_clear(struct tail *t);

/* Close; remove the file if remove_it (a clean end, all committed). */
void tail_close(struct tail *t, int remove_it);

/*
 * Fold every tail beside db_path that no live process holds into db, then
 * remove it.  Returns the number of samples folded, or -1 (reported).
 */
long tail_fold_orphans(sqlite3 *db, const char *db_path);

/* How long a reader's fold waits for a writer's lock. */
#define TAIL_RECOVER_WAIT_MS 1000

/*
 * Before a command reads db_path: fold the tails that killed runs left
 * beside it, as SQLite's readers roll back a hot journal, so that every
 * sample the kernel accepted before a kill -9 is seen at once, not only
 * after the next collector starts.  Best effort: where that fails (storage
 * read-only or full, no write permission, a writer holding the database
 * longer than TAIL_RECOVER_WAIT_MS, an older schema) the database is read
 * as it is, with a warning saying how many runs' samples are not shown
 * and why; the tails stay for the next writer.
 */
void tail_recover(const char *db_path);

#endif
