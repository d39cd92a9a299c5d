/*
 * boot_costs.h - the root lruvec's anon_cost and file_cost at a run's
 * first sample, rebuilt over what the boot did before it.
 *
 * lru_note_cost() charges lruvec->anon_cost / file_cost and every
 * parent's up to the root (mm/swap.c, v5.8 - v6.18); nothing resets them
 * but the halving when they pass a quarter of the lists.  Global reclaim
 * reads the root's, so a run that follows others on the same boot (a
 * sweep's trials, one after another) begins with what they charged: after
 * two runs at swappiness 0 that rotated file pages, the next run's first
 * walks scan anon as a file cost of thousands of pages says, not as
 * zero costs do.  The charges are replayed sample by sample over the
 * runs recorded before it on its boot (split_cost_update()); what the
 * counters moved between two runs, and before the boot's first recorded
 * run (since boot: the counters start at 0), is charged as one stretch
 * at the lists of the sample that ends it.  A memory cgroup's own
 * lruvec is new with its cgroup (bench makes one a run): not carried.
 */
#ifndef VMSCOPE_BOOT_COSTS_H
#define VMSCOPE_BOOT_COSTS_H

#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

#include "model.h"

/* The counters the charges are read from, absolute at one sample. */
enum boot_counter {
	BC_SWAP_OUT, BC_VMSCAN_WRITE, BC_RESTORE_ANON, BC_RESTORE_FILE,
	BC_SCAN_ANON, BC_STEAL_ANON, BC_SCAN_FILE, BC_STEAL_FILE,
	BC_IA, BC_AA, BC_IF, BC_AF,
	NR_BOOT_COUNTERS
};

/* The state after a run's last sample: its costs and counters. */
struct boot_cost_end {
	size_t db;
	int64_t run_id;
	struct split_cost cost;
	double last[NR_BOOT_COUNTERS];
	int runs;                  /* runs of its boot replayed, itself too */
};

/*
 * The runs' end states computed so far, so that each run is read once
 * however many follow it on its boot.  Zeroed to begin.
 */
struct boot_costs {
	struct boot_cost_end *end;
	size_t n, cap;
};

/*
 * *c (split_cost_init() for version) charged with everything before the
 * run's first sample; *runs_before: the earlier runs of its boot that
 * were replayed.  0, or -1 (reported).
 */
int boot_costs_at_start(struct boot_costs *bc, sqlite3 *db, const char *path,
			size_t dbi, int64_t run_id, const int version[3],
			struct split_cost *c, int *runs_before);
void boot_costs_release(struct boot_costs *bc);

#endif
