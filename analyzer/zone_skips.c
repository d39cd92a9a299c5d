/* zone_skips.c - pages skipped by zone and the zones' lists (zone_skips.h). */
#include <math.h>
#include <string.h>

#include "zone_skips.h"
#include "metrics.h"
#include "banned.h"

/* zoneinfo:<node>.<zone>.<gauge>, in the order of ZL_* */
static const char *const gauge_names[NR_ZL] = {
	"nr_zone_inactive_anon", "nr_zone_inactive_file", "nr_free_pages", "high",
};

/* zoneinfo:<node>.<zone>.<gauge>: its zone's place and in *type its
 * ZL_*; -1 for another name */
static int list_name(const char *n, int *type)
{
	const char *zone, *field;

	if (strncmp(n, "zoneinfo:", 9) || !(zone = strchr(n + 9, '.')))
		return -1;
	zone++;
	if (!(field = strchr(zone, '.')))
		return -1;
	for (*type = 0; *type < NR_ZL; ++*type)
		if (!strcmp(field + 1, gauge_names[*type]))
			return zone_place(zone, (size_t)(field - zone));
	return -1;
}

/* the entry of a zone whose list of this type is not yet taken (one per
 * node and zone), a new one where none; -1 where full */
static int list_entry(struct zone_skips *z, int rank, int want)
{
	int k, type;

	for (k = 0; k < z->nlist; k++)
		if (z->list_rank[k] == rank && z->list[k][want] < 0)
			return k;
	if (z->nlist == ZONE_SKIPS_MAX)
		return -1;
	z->list_rank[k] = rank;
	for (type = 0; type < NR_ZL; type++)
		z->list[k][type] = -1;
	return z->nlist++;
}

void zone_skips_resolve(struct zone_skips *z, char *const *names, size_t n)
{
	size_t i;
	int rank, type, k;

	memset(z, 0, sizeof(*z));
	for (i = 0; i < n; i++) {
		const char *name = names[i];

		if (!strncmp(name, "pgskip_", 7) && z->nskip < ZONE_SKIPS_MAX &&
		    (rank = zone_place(name + 7, strlen(name + 7))) >= 0) {
			z->skip_rank[z->nskip] = rank;
			z->skip[z->nskip++] = (long)i;
		} else if ((rank = list_name(name, &type)) >= 0 &&
			   (k = list_entry(z, rank, type)) >= 0) {
			z->list[k][type] = (long)i;
		}
	}
}

/* above every zone's place: where no zone had pages skipped, every
 * zone's lists are the walk's (the lists read then go unused) */
#define NO_ZONE_SKIPPED 99

/* where the walk takes a zone's list: the larger of the two samples,
 * as its own pages leave the list while it runs */
static double zone_list_seen(const struct zone_lists_last *last, int k, int type,
			     double now)
{
	double then = last->have ? last->v[k][type] : NAN;

	return isnan(then) ? now : fmax(then, now);
}

/* the place of the lowest zone that had pages skipped in the interval,
 * adding them up in *skipped (NULL: not) */
static int lowest_skipped(const struct zone_skips *z, const struct metric_stream *ms,
			  double *skipped)
{
	int lowest = NO_ZONE_SKIPPED, k;

	for (k = 0; k < z->nskip; k++) {
		int64_t d = ms->delta[z->skip[k]];

		if (skipped)
			*skipped += (double)d;
		if (d > 0 && z->skip_rank[k] < lowest)
			lowest = z->skip_rank[k];
	}
	return lowest;
}

/* a zone's gauge at the sample read; NAN where not sampled */
static double gauge_now(const struct zone_skips *z, const struct metric_stream *ms,
			int k, int type)
{
	long i = z->list[k][type];

	return i >= 0 && ms->it.present[i] ? (double)ms->it.value[i] : NAN;
}

int zone_skips_read(const struct zone_skips *z, const struct metric_stream *ms,
		    struct zone_lists_last *last, double *skipped,
		    struct split_lists *own)
{
	int lowest, k, type, all = z->nlist > 0;

	*skipped = z->nskip > 0 ? 0 : NAN;
	lowest = lowest_skipped(z, ms, skipped);
	memset(own, 0, sizeof(*own));
	for (k = 0; k < z->nlist; k++)
		for (type = 0; type < NR_ZL; type++) {
			double now = gauge_now(z, ms, k, type);

			if (z->list_rank[k] < lowest && type <= ZL_FILE) {
				if (isnan(now))
					all = 0;
				else
					*(type ? &own->inactive_file : &own->inactive_anon) +=
						zone_list_seen(last, k, type, now);
			}
			last->v[k][type] = now;
		}
	last->have = 1;
	return all;
}

double zone_skips_need(const struct zone_skips *z, const struct metric_stream *ms,
		       const struct zone_lists_last *last, double pageblock)
{
	int lowest = lowest_skipped(z, ms, NULL), k;
	double need = 0, free, high;

	if (lowest == NO_ZONE_SKIPPED)
		return NAN;
	for (k = 0; k < z->nlist; k++) {
		if (z->list_rank[k] >= lowest)
			continue;
		high = gauge_now(z, ms, k, ZL_HIGH);
		free = last->have ? last->v[k][ZL_FREE] : gauge_now(z, ms, k, ZL_FREE);
		need += high + fmax(pageblock, high * 1.5) - free;
	}
	return need;
}
