/* census.c - the run's LRU folio census, read ahead (see census.h). */
#include <stdlib.h>
#include <string.h>

#include "census.h"
#include "banned.h"

#define PREFIX "folios:"

/* "<scope>.<list>.order_<n>" into its indexes; 0 if not such a name */
static int parse_name(const char *name, int *s, int *l, int *o)
{
	const char *p;
	char *end;
	long n;

	for (*s = 0; *s < FOLIO_SCOPES; (*s)++) {
		size_t len = strlen(folio_scope_names[*s]);

		if (!strncmp(name, folio_scope_names[*s], len) && name[len] == '.')
			break;
	}
	if (*s == FOLIO_SCOPES)
		return 0;
	p = name + strlen(folio_scope_names[*s]) + 1;
	for (*l = 0; *l < FOLIO_LISTS; (*l)++) {
		size_t len = strlen(folio_list_names[*l]);

		if (!strncmp(p, folio_list_names[*l], len) &&
		    !strncmp(p + len, ".order_", 7))
			break;
	}
	if (*l == FOLIO_LISTS)
		return 0;
	p += strlen(folio_list_names[*l]) + 7;
	n = strtol(p, &end, 10);
	if (end == p || *end || n < 0 || n >= FOLIO_ORDERS)
		return 0;
	*o = (int)n;
	return 1;
}

void census_resolve(struct run_census *c, const struct metric_stream *ms)
{
	size_t i;
	int s, l, o;

	memset(c, 0, sizeof(*c));
	memset(c->slot, -1, sizeof(c->slot));
	for (i = 0; i < ms->it.c.nr; i++)
		if (!strncmp(ms->names[i], PREFIX, strlen(PREFIX)) &&
		    parse_name(ms->names[i] + strlen(PREFIX), &s, &l, &o)) {
			c->slot[s][l][o] = (long)i;
			c->any = 1;
		}
}

void census_sample(struct run_census *c, const struct metric_stream *ms)
{
	int s, l, o, seen;

	/* every sample of the run comes here: most runs have no census */
	if (!c->any)
		return;
	for (s = 0; s < FOLIO_SCOPES; s++) {
		seen = 0;
		for (l = 0; l < FOLIO_LISTS; l++)
			for (o = 0; o < FOLIO_ORDERS; o++)
				seen |= c->slot[s][l][o] >= 0 &&
					ms->it.present[c->slot[s][l][o]];
		if (!seen)
			continue;
		/* a newer census replaces the whole scope's */
		c->taken[s] = 1;
		for (l = 0; l < FOLIO_LISTS; l++)
			for (o = 0; o < FOLIO_ORDERS; o++) {
				long k = c->slot[s][l][o];

				c->folios[s][l][o] = k >= 0 && ms->it.present[k] &&
						     ms->it.value[k] > 0 ?
						     (double)ms->it.value[k] : 0;
			}
	}
}

int census_grain(const struct run_census *c, enum folio_scope s,
		 struct split_grain *g)
{
	if (!c->taken[s])
		return 0;
	split_grain_init(g, c->folios[s][FOLIO_INACTIVE_ANON],
			 c->folios[s][FOLIO_INACTIVE_FILE], FOLIO_ORDERS);
	return 1;
}
