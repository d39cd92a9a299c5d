/* zone_skips.c - pages skipped by zone and the zones' lists (zone_skips.h). */
#include <math.h>
#include <string.h>

#include "zone_skips.h"
#include "metrics.h"
#include "banned.h"

/* zoneinfo:<node>.<zone>.nr_zone_inactive_{anon,file}: its zone's place
 * and in *type 0 anon, 1 file; -1 for another name */
static int list_name(const char *n, int *type)
{
	const char *zone, *field;

	if (strncmp(n, "zoneinfo:", 9) || !(zone = strchr(n + 9, '.')))
		return -1;
	zone++;
	if (!(field = strchr(zone, '.')))
		return -1;
	if (!strcmp(field + 1, "nr_zone_inactive_anon"))
		*type = 0;
	else if (!strcmp(field + 1, "nr_zone_inactive_file"))
		*type = 1;
	else
		return -1;
	return zone_place(zone, (size_t)(field - zone));
}

/* the entry of a zone whose list of this type is not yet taken (one per
 * node and zone), a new one where none; -1 where full */
static int list_entry(struct zone_skips *z, int rank, int type)
{
	int k;

	for (k = 0; k < z->nlist; k++)
		if (z->list_rank[k] == rank && z->list[k][type] < 0)
			return k;
	if (z->nlist == ZONE_SKIPS_MAX)
		return -1;
	z->list_rank[k] = rank;
	z->list[k][0] = z->list[k][1] = -1;
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

int zone_skips_read(const struct zone_skips *z, const struct metric_stream *ms,
		    struct zone_lists_last *last, double *skipped,
		    struct split_lists *own)
{
	int lowest = NO_ZONE_SKIPPED, k, type, all = z->nlist > 0;

	*skipped = z->nskip > 0 ? 0 : NAN;
	for (k = 0; k < z->nskip; k++) {
		int64_t d = ms->delta[z->skip[k]];

		*skipped += (double)d;
		if (d > 0 && z->skip_rank[k] < lowest)
			lowest = z->skip_rank[k];
	}
	memset(own, 0, sizeof(*own));
	for (k = 0; k < z->nlist; k++)
		for (type = 0; type < 2; type++) {
			long i = z->list[k][type];
			double now = i >= 0 && ms->it.present[i] ?
				     (double)ms->it.value[i] : NAN;

			if (z->list_rank[k] < lowest) {
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
