/* zone_frees.c - the frees by zone and the walk they end (zone_frees.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "zone_frees.h"
#include "metrics.h"
#include "banned.h"

/* zoneinfo:node<N>.<zone>.<gauge>, in the order of ZF_* */
static const char *const gauge_names[NR_ZF] = {
	"nr_free_pages", "low", "high", "managed", "protection",
};

/* "zoneinfo:node<N>.<zone>.<gauge>" into its slot; others are left */
static void gauge_slot(struct zone_frees *z, const char *n, long i)
{
	const char *zone, *field;
	char *end;
	long node;
	int place, type;

	if (strncmp(n, "zoneinfo:node", 13))
		return;
	node = strtol(n + 13, &end, 10);
	if (end == n + 13 || *end != '.' || node < 0 || node >= ZONE_FREES_NODES)
		return;
	zone = end + 1;
	if (!(field = strchr(zone, '.')) ||
	    (place = zone_place(zone, (size_t)(field - zone))) < 0 ||
	    place >= ZONE_FREES_PLACES)
		return;
	for (type = 0; type < NR_ZF; type++)
		if (!strcmp(field + 1, gauge_names[type]))
			z->gauge[place][node][type] = i;
	if (node > 0 && z->gauge[place][node][ZF_FREE] >= 0)
		z->other_nodes = 1;
}

void zone_frees_resolve(struct zone_frees *z, char *const *names, size_t n)
{
	size_t i;
	int place, node, type;

	z->other_nodes = 0;
	for (place = 0; place < ZONE_FREES_PLACES; place++) {
		z->alloc[place] = -1;
		for (node = 0; node < ZONE_FREES_NODES; node++)
			for (type = 0; type < NR_ZF; type++)
				z->gauge[place][node][type] = -1;
	}
	for (i = 0; i < n; i++) {
		const char *name = names[i];

		if (!strncmp(name, "pgalloc_", 8) &&
		    (place = zone_place(name + 8, strlen(name + 8))) >= 0 &&
		    place < ZONE_FREES_PLACES)
			z->alloc[place] = (long)i;
		else
			gauge_slot(z, name, (long)i);
	}
}

/*
 * One zone's frees (*freed) and gap (*gap) over its nodes; 0 where some
 * gauge of a node that has the zone was not sampled or the zone has no
 * allocation counter, 1 where it was read whole.
 */
static int zone_read(const struct zone_frees *z, const struct metric_stream *ms,
		     int place, double *freed, double *gap)
{
	int node, type, nodes = 0;

	*freed = 0;
	*gap = 0;
	for (node = 0; node < ZONE_FREES_NODES; node++) {
		const long *g = z->gauge[place][node];

		if (g[ZF_FREE] < 0 && g[ZF_LOW] < 0 && g[ZF_HIGH] < 0)
			continue;     /* the node has no such zone */
		for (type = ZF_FREE; type <= ZF_HIGH; type++)
			if (g[type] < 0 || !ms->it.present[g[type]])
				return 0;
		*freed += (double)ms->delta[g[ZF_FREE]];
		*gap += (double)(ms->it.value[g[ZF_HIGH]] - ms->it.value[g[ZF_LOW]]);
		nodes++;
	}
	if (!nodes || z->alloc[place] < 0)
		return 0;
	*freed += (double)ms->delta[z->alloc[place]];
	return 1;
}

/* what a walk reclaims until a zone freed `freed` of `reclaimed` pages
 * has gained `gap`; NAN where it freed none */
static double zone_end(double gap, double freed, double reclaimed)
{
	return freed > 0 && gap > 0 ? gap * reclaimed / freed : NAN;
}

double zone_frees_need(const struct zone_frees *z, const struct metric_stream *ms,
		       double reclaimed)
{
	double freed[ZONE_FREES_PLACES], gap[ZONE_FREES_PLACES];
	double lower = 0, need = NAN, n;
	int place, top = -1, zones = 0;

	if (!(reclaimed > 0))
		return NAN;
	for (place = 0; place < ZONE_FREES_PLACES; place++)
		if (zone_read(z, ms, place, &freed[place], &gap[place])) {
			top = place;
			zones++;
		} else {
			gap[place] = 0;
		}
	if (zones < 2)
		return NAN;
	for (place = 0; place < top; place++) {
		if (!(gap[place] > 0))
			continue;
		freed[place] = fmin(fmax(freed[place], 0), reclaimed);
		lower += freed[place];
		n = zone_end(gap[place], freed[place], reclaimed);
		if (isnan(need) || n < need)
			need = n;
	}
	n = zone_end(gap[top], reclaimed - lower, reclaimed);
	return isnan(need) || n < need ? n : need;
}

/* a gauge of the sample, or -1 where it was not sampled */
static double gauge_at(const struct metric_stream *ms, long slot)
{
	return slot >= 0 && ms->it.present[slot] ? (double)ms->it.value[slot] : -1;
}

/*
 * lowmem_reserve_ratio's defaults, by zone place (mm/page_alloc.c, v4.19+:
 * DMA and DMA32 256, Normal and HighMem 32, Movable 0).
 */
static const int reserve_ratio[ZONE_FREES_PLACES] = { 256, 256, 32, 32, 0, 0 };

/*
 * The pages zone `place` of node 0 keeps from allocations that may use
 * every zone: its `protection` tuple's last number, the collector keeps
 * (lowmem_reserve[MAX_NR_ZONES - 1]); where not recorded, what
 * setup_per_zone_lowmem_reserve() gives it at the default ratio, the
 * managed pages of the zones above over the ratio (v6.1, v6.12).  An
 * estimate that may run high: the kernel sets the reserve at boot and on
 * sysctl writes, from the managed pages then, and zones that gain
 * managed pages later keep it (the lab's 512 MB guests: 435 recorded,
 * 116161 / 256 = 453 from the managed pages sampled, some 4700 more than
 * the reserve was set from).  -1 where neither is known.
 */
static double zone_reserve(const struct zone_frees *z, const struct metric_stream *ms,
			   int place)
{
	double r = gauge_at(ms, z->gauge[place][0][ZF_PROTECTION]), above = 0, m;
	int up;

	if (r >= 0)
		return r;
	if (!reserve_ratio[place])
		return 0;
	for (up = place + 1; up < ZONE_FREES_PLACES; up++) {
		if (z->gauge[up][0][ZF_MANAGED] < 0)
			continue;
		if ((m = gauge_at(ms, z->gauge[up][0][ZF_MANAGED])) < 0)
			return -1;
		above += m;
	}
	return floor(above / reserve_ratio[place]);
}

enum node_balance zone_frees_balanced(const struct zone_frees *z,
				      const struct metric_stream *ms)
{
	int place, zones = 0;

	if (z->other_nodes)
		return BALANCE_UNKNOWN;
	for (place = 0; place < ZONE_FREES_PLACES; place++) {
		const long *g = z->gauge[place][0];
		double free = gauge_at(ms, g[ZF_FREE]), high = gauge_at(ms, g[ZF_HIGH]);
		double reserve;

		/* an empty zone prints its watermarks, no free pages' count
		 * (zoneinfo_show_print(): !populated_zone()), and
		 * pgdat_balanced() skips it (!managed_zone()) */
		if (g[ZF_HIGH] < 0 || gauge_at(ms, g[ZF_MANAGED]) == 0)
			continue;
		if (free < 0 || high < 0 || (reserve = zone_reserve(z, ms, place)) < 0)
			return BALANCE_UNKNOWN;
		zones++;
		if (free > high + reserve)
			return BALANCE_MET;
	}
	return zones ? BALANCE_SHORT : BALANCE_UNKNOWN;
}
