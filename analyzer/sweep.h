/*
 * sweep.h - the figures of a swappiness sweep, shared by table and plot.
 *
 * Per run: total I/O (the stored result "io_mbps"), swap used in MB (the
 * result "swap_used_mb", else SwapTotal - SwapFree at the last sample)
 * and page cache in MB (the result "page_cache_mb", else nr_file_pages
 * at the last sample).  NAN where a run has none.
 */
#ifndef VMSCOPE_SWEEP_H
#define VMSCOPE_SWEEP_H

#include "groups.h"
#include "runstats.h"

enum sweep_figure { FIG_IO, FIG_SWAP, FIG_CACHE, NR_FIGS };

/* stats, when not NULL, receives the run's stats (computed in any case). */
int sweep_run_figures(const struct run_set *set, const struct run_ref *r,
		      double fig[NR_FIGS], struct run_stats *stats);

/*
 * Whether the run's trial was OOM-killed: bench stores the kills as the
 * result "oom_kills" (issue 16).  1 or 0, -1 on a read error.
 */
int sweep_run_oom(const struct run_set *set, const struct run_ref *r);

/* Sort groups whose values are numbers (swappiness) as numbers. */
void sweep_sort_groups(struct group_list *g);

#endif
