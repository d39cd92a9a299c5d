/*
 * labdb.h - the lab database's trip into a guest and back.
 *
 * The host's database travels into every guest, which appends its runs
 * and sends it back; so counter names, layouts and run ids stay one
 * dictionary and no merge is needed.  What comes back replaces the
 * host's file only after it has been checked: SQLite's integrity check,
 * and every row the host had is there unchanged (each table of the
 * host's file is contained in the returned one, row for row).
 * Until then the host's file is not touched, so a guest that panics,
 * is killed or returns garbage loses nothing already stored.
 */
#ifndef VMSCOPE_LABDB_H
#define VMSCOPE_LABDB_H

#include <stdint.h>

/* A clean, self-contained copy of db (no -wal) at copy; 0 if db is absent. */
int labdb_snapshot(const char *db, const char *copy, int64_t *size);

/*
 * Check returned against the host's db; then, if it holds new runs, put
 * it in db's place.  new_runs: how many it added.
 */
int labdb_accept(const char *db, const char *returned, int64_t *new_runs);

/*
 * The same for a guest that started from base, a snapshot of db taken
 * before other guests' runs were added to it (lab --jobs): returned must
 * hold every row base had, unchanged; its runs newer than base are then
 * appended to db after db's own, renumbered (labmerge.h), as if the
 * guest had been given db itself.  db is replaced only when all is done.
 */
int labdb_merge(const char *db, const char *base, const char *returned,
		int64_t *new_runs);

#endif
