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
 * *e: the costs (split_cost_init() for version) charged with everything
 * up to the last sample of the run before it on its boot (nothing at the
 * boot's start), the counters there, e->runs the earlier runs of its boot
 * replayed.  The run's own samples, from the first, are the caller's to
 * charge (boot_costs_charge()).  0, or -1 (reported).
 */
int boot_costs_at_start(struct boot_costs *bc, sqlite3 *db, const char *path,
			size_t dbi, int64_t run_id, const int version[3],
			struct boot_cost_end *e);

/*
 * The run's samples, charged as the replay reads them, so that the runs
 * after it on its boot start from its end without reading it again:
 * boot_costs_slots() once for the run's counter names, boot_costs_charge()
 * a sample, boot_costs_keep() at its end (which e, from
 * boot_costs_at_start(), then is).  keep: 0, or -1 (reported).
 */
void boot_costs_slots(char *const *names, size_t n, long slot[NR_BOOT_COUNTERS]);
void boot_costs_charge(struct boot_cost_end *e, const int version[3],
		       const long slot[NR_BOOT_COUNTERS], const unsigned char *present,
		       const int64_t *value);
int boot_costs_keep(struct boot_costs *bc, const struct boot_cost_end *e);
void boot_costs_release(struct boot_costs *bc);

#endif
