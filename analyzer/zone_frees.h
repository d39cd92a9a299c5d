/*
 * zone_frees.h - the pages freed in each zone over an interval, and what
 * a kswapd walk reclaims before the first zone climbs from its low to
 * its high watermark with its share of them (split_in.zone_need;
 * model/split_kswapd.c kswapd_deficit()).
 */
#ifndef VMSCOPE_ZONE_FREES_H
#define VMSCOPE_ZONE_FREES_H

#include <stddef.h>

#include "mstream.h"
#include "model.h"
#include "split.h"

#define ZONE_FREES_PLACES 6        /* DMA ... Device (metrics.h zone_place()) */
#define ZONE_FREES_NODES 8

/* a zone's zoneinfo gauges read, per node */
enum { ZF_FREE, ZF_LOW, ZF_HIGH, ZF_MANAGED, ZF_PROTECTION, NR_ZF };

struct zone_frees {
	/* zoneinfo:node<N>.<zone>.{nr_free_pages,low,high,managed,
	 * protection}, -1: absent */
	long gauge[ZONE_FREES_PLACES][ZONE_FREES_NODES][NR_ZF];
	long alloc[ZONE_FREES_PLACES];     /* pgalloc_<zone>, -1: absent */
	int other_nodes;           /* a node but 0 has a zone's free pages */
};

/* The slots of the n counters named names[]. */
void zone_frees_resolve(struct zone_frees *z, char *const *names, size_t n);

/*
 * Of a walk that reclaims pages shared out over the zones as the
 * interval's `reclaimed` pages were, what it reclaims until one zone has
 * gained its low-to-high gap (high - low at the sample, summed over the
 * nodes): the least over the zones reclaim freed pages in.  A zone below
 * the highest one recorded serves allocations only where the zones above
 * fall short, so the pages freed in it are taken as reclaim's: its free
 * pages' rise and what the allocations took from it (pgalloc_<zone>),
 * summed over the nodes, no more than `reclaimed`; the highest zone has
 * the rest, the tasks' own frees being its own.  NAN where fewer than
 * two zones were recorded whole, or nothing was reclaimed.
 */
double zone_frees_need(const struct zone_frees *z, const struct metric_stream *ms,
		       double reclaimed);

/*
 * Whether the node the zones of node 0 make up was balanced at the
 * sample, as pgdat_balanced() finds it for an allocation that may use
 * every zone (mm/vmscan.c, v5.0+): some zone's free pages above its
 * high watermark (zoneinfo's `high`, the boost in it) and the pages it
 * keeps from such allocations (lowmem_reserve[], zoneinfo's
 * `protection`; where not recorded, the kernel's default estimated: the
 * managed pages of the zones above it over lowmem_reserve_ratio).
 * BALANCE_UNKNOWN where a zone's gauges were not sampled or other nodes
 * were recorded.
 */
enum node_balance zone_frees_balanced(const struct zone_frees *z,
				      const struct metric_stream *ms);

#endif
