/*
 * labmerge.h - append a guest's new runs to a database they were not
 * recorded into.
 *
 * With --jobs N several guests start from the same snapshot of the host's
 * database, so each numbers its new runs, counter names and layouts from
 * the same point.  labmerge_append() renumbers one guest's additions onto
 * the end of the database open as h (its runs in their own order, ids
 * from DB_NEXT_RUN_ID on, as if that guest had been given h itself), and
 * rewrites the counter ids inside layout.name_ids and sample.deltas /
 * sample.absolutes to h's dictionary.  The guest's database is attached
 * to h as "g"; the caller holds the transaction.
 */
#ifndef VMSCOPE_LABMERGE_H
#define VMSCOPE_LABMERGE_H

#include <stdint.h>

#include <sqlite3.h>

/*
 * Append g's runs with id >= first_new (the snapshot's DB_NEXT_RUN_ID) to
 * h (path: for messages).  new_runs: how many.  -1 with a message if g
 * holds a table this code does not know (a newer schema) or a counter id
 * outside its dictionary.
 */
int labmerge_append(sqlite3 *h, const char *path, int64_t first_new,
		    int64_t *new_runs);

#endif
