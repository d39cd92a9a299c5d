/*
 * runstats.h - a run's canonical metrics over the whole run or a window.
 *
 * Counters are summed over the intervals inside the window (an interval
 * whose delta is not valid, a reset or a counter that just appeared,
 * adds nothing); gauges are averaged over the samples inside it.  Derived
 * metrics (efficiencies, scan velocity, share of direct scans) follow
 * from those.  A value is OK, N/A (the kernel lacks the counters) or NONE
 * (defined but empty: an efficiency where nothing was scanned, printed
 * "-", never 100%).
 */
#ifndef VMSCOPE_RUNSTATS_H
#define VMSCOPE_RUNSTATS_H

#include <sqlite3.h>
#include <stdint.h>

#include "metrics.h"

enum stat_id {
#define METRIC(id, unit, kind, sources, desc) STAT_##id,
#include "metrics.def"
#undef METRIC
	STAT_kswapd_efficiency,
	STAT_direct_efficiency,
	STAT_scan_velocity,
	STAT_direct_scan_pct,
	NR_STATS
};

enum stat_state { STAT_OK, STAT_NA, STAT_NONE };

struct stat_value {
	enum stat_state state;
	double v;
};

struct run_stats {
	double duration_s;          /* from the first to the last sample used */
	int64_t samples;
	int since_boot;             /* one snapshot: counters are since-boot totals */
	struct stat_value s[NR_STATS];
	struct stat_value last[NR_METRICS];   /* gauges at the last sample */
};

/* Name, unit and description of a stat (metrics and derived ones). */
const char *stat_name(enum stat_id id);
const char *stat_unit(enum stat_id id);

/*
 * Compute the stats of a run over samples with from_s < t <= to_s
 * (intervals ending inside the window; gauges: samples inside it).  Use
 * from_s < 0 and to_s = 1e300 for the whole run.  -1 with a message.
 */
int run_stats_compute(sqlite3 *db, const char *path, int64_t run_id,
		      double from_s, double to_s, struct run_stats *out);

#endif
