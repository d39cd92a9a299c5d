/*
 * zone_skips.h - the pages reclaim passed over as in zones above its
 * reclaim index (vmstat pgskip_<zone>, 4.8+) and the inactive lists of
 * the zones below them (zoneinfo nr_zone_inactive_*): the split-LRU
 * replay's skipped pages (model/split_kswapd.c sw_skipped()).
 */
#ifndef VMSCOPE_ZONE_SKIPS_H
#define VMSCOPE_ZONE_SKIPS_H

#include <stddef.h>

#include "mstream.h"
#include "model.h"
#include "split.h"

#define ZONE_SKIPS_MAX 16        /* zones, or nodes x zones */

/* a zone's gauges read: its inactive lists, free pages, high watermark */
enum { ZL_ANON, ZL_FILE, ZL_FREE, ZL_HIGH, NR_ZL };

struct zone_skips {
	long skip[ZONE_SKIPS_MAX];       /* pgskip_<zone> */
	int skip_rank[ZONE_SKIPS_MAX];   /* the zone's place, DMA first */
	int nskip;
	long list[ZONE_SKIPS_MAX][NR_ZL];    /* <node>.<zone> gauges */
	int list_rank[ZONE_SKIPS_MAX];
	int nlist;
};

/* each zone's gauges at the last sample read (NAN: not sampled) */
struct zone_lists_last {
	double v[ZONE_SKIPS_MAX][NR_ZL];
	int have;
};

/* The slots of the n counters named names[] (-1 where absent). */
void zone_skips_resolve(struct zone_skips *z, char *const *names, size_t n);

/*
 * The interval's skipped pages (*skipped; NAN where not recorded) and
 * the inactive lists of the zones below the lowest one that had pages
 * skipped (*own, summed over the nodes), each zone's the larger of its
 * two samples (last: the interval's start, then set to its end).
 * Returns 1 where every one of those lists was sampled, else 0.
 */
int zone_skips_read(const struct zone_skips *z, const struct metric_stream *ms,
		    struct zone_lists_last *last, double *skipped,
		    struct split_lists *own);

/*
 * What a walk for the zones below the lowest one that had pages skipped
 * must reclaim in them to balance them at high + the largest boost
 * (max(pageblock, high * 1.5) each, boost_watermark()), from their free
 * pages at the interval's start (last, read before zone_skips_read()
 * moves it on): split_in.skip_need.  NAN where not every one was
 * sampled, or no zone had pages skipped.
 */
double zone_skips_need(const struct zone_skips *z, const struct metric_stream *ms,
		       const struct zone_lists_last *last, double pageblock);

#endif
