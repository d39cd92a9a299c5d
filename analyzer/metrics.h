/*
 * metrics.h - canonical reclaim metrics over whatever names a kernel has.
 *
 * The table is schema/metrics.def; this module is the only reader of it.
 * A metric_set is resolved once per run against the run's /proc/vmstat
 * names (metric_set_resolve()); after that, metric_value() turns an array
 * of values aligned with those names into the metric's value, so the hot
 * loop over samples does no string work.
 */
#ifndef VMSCOPE_METRICS_H
#define VMSCOPE_METRICS_H

#include <stddef.h>
#include <stdint.h>

enum metric_id {
#define METRIC(id, unit, kind, sources, desc) METRIC_##id,
#include "metrics.def"
#undef METRIC
	NR_METRICS
};

/*
 * COUNTER: events, a run's value is the sum of its deltas; GAUGE: a level,
 * its names summed; LOWEST: a level, the lowest of its names (one per
 * zone, e.g. prev_priority, where the minimum is what reclaim used);
 * DEEPEST: counters named <stem>_<level>, one per level (the trace
 * source's passes per priority), whose value over an interval is the
 * lowest level that moved, and n/a where none did.
 */
enum metric_kind { COUNTER, GAUGE, LOWEST, DEEPEST };

struct metric_info {
	const char *name, *unit, *sources, *description;
	enum metric_kind kind;
};

extern const struct metric_info metric_info[NR_METRICS];

/* One term of the chosen alternative: sign times the sum of names[idx]. */
struct metric_term {
	int sign;
	size_t nr;
	size_t *idx;
	long *level;             /* DEEPEST: the level in each name */
};

struct metric_plan {
	int alt;                 /* chosen alternative, -1: n/a */
	struct metric_term *terms;
	size_t nr_terms;
};

struct metric_set {
	struct metric_plan plan[NR_METRICS];
};

/*
 * Resolve every metric against names[0..nr).  Returns 0, or -1 on
 * allocation failure.  Release with metric_set_release().
 */
int metric_set_resolve(struct metric_set *s, const char *const *names,
		       size_t nr);
void metric_set_release(struct metric_set *s);

/* 1 if metric m is available, 0 if it is n/a for these names. */
int metric_available(const struct metric_set *s, enum metric_id m);

/*
 * The metric's value from values[] (aligned with the resolved names),
 * summed in 64-bit two's complement.  Returns -1 when the metric is n/a.
 */
int metric_value(const struct metric_set *s, enum metric_id m,
		 const int64_t *values, int64_t *out);

/* The metric's id by name ("kswapd_scanned"), or -1. */
int metric_by_name(const char *name);

/*
 * A zone's place in its node, lowest first (DMA 0 ... Device 5), by its
 * vmstat suffix ("dma32", "high") or zoneinfo name ("DMA32", "HighMem"),
 * the len bytes at name; -1 for a name that is no zone's.
 */
int zone_place(const char *name, size_t len);

/* Write the chosen alternative's text ("pgsteal_<zone> - kswapd_steal"). */
void metric_describe(const struct metric_set *s, enum metric_id m, char *buf,
		     size_t cap);

#endif
