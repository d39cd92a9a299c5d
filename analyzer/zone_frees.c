/* zone_frees.c - the frees by zone and the walk they end (zone_frees.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "zone_frees.h"
#include "metrics.h"
#include "banned.h"

/* zoneinfo:node<N>.<zone>.<gauge>, in the order of ZF_* */
static const char *const gauge_names[NR_ZF] = { "nr_free_pages", "low", "high" };

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
}

void zone_frees_resolve(struct zone_frees *z, char *const *names, size_t n)
{
	size_t i;
	int place, node, type;

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
			continue;
		for (type = 0; type < NR_ZF; type++)
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
