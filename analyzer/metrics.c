/*
 * metrics.c - resolve schema/metrics.def against a kernel's names.
 *
 * DESIGN: a source string is parsed at resolve time, once per run, into
 * alternatives of signed terms; each term becomes the list of indexes of
 * the names it sums.  The first alternative whose every term matches at
 * least one name is kept.  Nothing here knows a counter name: they all
 * come from metrics.def.
 */
#include <fnmatch.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "metrics.h"
#include "banned.h"

const struct metric_info metric_info[NR_METRICS] = {
#define METRIC(id, u, k, src, desc) \
	[METRIC_##id] = { .name = #id, .unit = u, .sources = src, \
			  .description = desc, .kind = k },
#include "metrics.def"
#undef METRIC
};

/*
 * The zone suffixes /proc/vmstat prints (mmzone.h zone names, lowercase):
 * "_<zone>" terms sum exactly these.
 */
static const char *const zones[] = {
	"dma", "dma32", "normal", "high", "movable", "device",
};
#define NR_ZONES (sizeof(zones) / sizeof(zones[0]))

int zone_place(const char *name, size_t len)
{
	size_t i;

	if (len == 7 && !strncasecmp(name, "highmem", 7))
		return 3;                  /* zoneinfo's name of "high" */
	for (i = 0; i < NR_ZONES; i++)
		if (strlen(zones[i]) == len && !strncasecmp(name, zones[i], len))
			return (int)i;
	return -1;
}

static int name_is(const char *name, const char *term, size_t len)
{
	return strlen(name) == len && !memcmp(name, term, len);
}

/*
 * Does name equal term with "<zone>" replaced by a zone suffix, or match
 * term as a glob where it has a '*' (zoneinfo:node*.prev_priority)?
 */
static int name_matches(const char *name, const char *term, size_t len)
{
	static const char marker[] = "<zone>";
	size_t ml = sizeof(marker) - 1, i, stem;

	if (memchr(term, '*', len)) {
		char pattern[128];

		if (len >= sizeof(pattern))
			return 0;
		memcpy(pattern, term, len);
		pattern[len] = 0;
		return fnmatch(pattern, name, 0) == 0;
	}
	if (len < ml || memcmp(term + len - ml, marker, ml))
		return name_is(name, term, len);
	stem = len - ml;
	if (strncmp(name, term, stem))
		return 0;
	for (i = 0; i < NR_ZONES; i++)
		if (!strcmp(name + stem, zones[i]))
			return 1;
	return 0;
}

static const char *skip_blank(const char *s)
{
	while (*s == ' ')
		s++;
	return s;
}

/* End of the alternative starting at s ('|' or NUL). */
static const char *alt_end(const char *s)
{
	const char *bar = strchr(s, '|');

	return bar ? bar : s + strlen(s);
}

static void plan_clear(struct metric_plan *p)
{
	size_t i;

	for (i = 0; i < p->nr_terms; i++) {
		free(p->terms[i].idx);
		free(p->terms[i].level);
	}
	free(p->terms);
	p->terms = NULL;
	p->nr_terms = 0;
	p->alt = -1;
}

/* Add one term of [s, e) to p; returns 1 if it matched, 0 if not, -1 OOM. */
static int add_term(struct metric_plan *p, int sign, const char *s,
		    const char *e, const char *const *names, size_t nr)
{
	struct metric_term *t;
	size_t len = (size_t)(e - s), i;

	while (len && s[len - 1] == ' ')
		len--;
	t = realloc(p->terms, (p->nr_terms + 1) * sizeof(*t));
	if (!t)
		return -1;
	p->terms = t;
	t = &t[p->nr_terms++];
	t->sign = sign;
	t->nr = 0;
	t->level = NULL;
	t->idx = malloc((nr ? nr : 1) * sizeof(*t->idx));
	if (!t->idx)
		return -1;
	for (i = 0; i < nr; i++)
		if (name_matches(names[i], s, len))
			t->idx[t->nr++] = i;
	return t->nr > 0;
}

/* Try the alternative [s, end); 1 if every term matched. */
static int try_alt(struct metric_plan *p, const char *s, const char *end,
		   const char *const *names, size_t nr)
{
	int sign = 1;

	while (s < end) {
		const char *e = s;
		int r;

		while (e < end && *e != '+' && *e != '-')
			e++;
		r = add_term(p, sign, skip_blank(s), e, names, nr);
		if (r <= 0)
			return r;
		if (e < end)
			sign = *e == '-' ? -1 : 1;
		s = e < end ? e + 1 : e;
	}
	return 1;
}

/* DEEPEST: the level each matched name ends in ("..._priority_7": 7). */
static int read_levels(struct metric_plan *p, const char *const *names)
{
	size_t t, i;

	for (t = 0; t < p->nr_terms; t++) {
		struct metric_term *term = &p->terms[t];

		term->level = malloc((term->nr ? term->nr : 1) * sizeof(long));
		if (!term->level)
			return -1;
		for (i = 0; i < term->nr; i++) {
			const char *us = strrchr(names[term->idx[i]], '_');

			term->level[i] = us ? strtol(us + 1, NULL, 10) : 0;
		}
	}
	return 0;
}

int metric_set_resolve(struct metric_set *s, const char *const *names,
		       size_t nr)
{
	int m;

	memset(s, 0, sizeof(*s));
	for (m = 0; m < NR_METRICS; m++) {
		const char *src = metric_info[m].sources;
		struct metric_plan *p = &s->plan[m];
		int alt = 0;

		p->alt = -1;
		while (*src) {
			const char *end = alt_end(src);
			int r = try_alt(p, skip_blank(src), end, names, nr);

			if (r < 0)
				return -1;
			if (r) {
				p->alt = alt;
				if (metric_info[m].kind == DEEPEST &&
				    read_levels(p, names))
					return -1;
				break;
			}
			plan_clear(p);
			alt++;
			src = *end ? end + 1 : end;
		}
	}
	return 0;
}

void metric_set_release(struct metric_set *s)
{
	int m;

	for (m = 0; m < NR_METRICS; m++)
		plan_clear(&s->plan[m]);
}

int metric_available(const struct metric_set *s, enum metric_id m)
{
	return s->plan[m].alt >= 0;
}

int metric_value(const struct metric_set *s, enum metric_id m,
		 const int64_t *values, int64_t *out)
{
	const struct metric_plan *p = &s->plan[m];
	uint64_t sum = 0;
	size_t t, i;
	int subtracts = 0;

	if (p->alt < 0)
		return -1;
	if (metric_info[m].kind == DEEPEST) {
		long deepest = LONG_MAX;

		for (t = 0; t < p->nr_terms; t++)
			for (i = 0; i < p->terms[t].nr; i++)
				if (values[p->terms[t].idx[i]] > 0 &&
				    p->terms[t].level[i] < deepest)
					deepest = p->terms[t].level[i];
		if (deepest == LONG_MAX)
			return -1;
		*out = deepest;
		return 0;
	}
	if (metric_info[m].kind == LOWEST) {
		int64_t low = INT64_MAX;

		for (t = 0; t < p->nr_terms; t++)
			for (i = 0; i < p->terms[t].nr; i++)
				if (values[p->terms[t].idx[i]] < low)
					low = values[p->terms[t].idx[i]];
		*out = low;
		return 0;
	}
	for (t = 0; t < p->nr_terms; t++) {
		uint64_t term = 0;

		for (i = 0; i < p->terms[t].nr; i++)
			term += (uint64_t)values[p->terms[t].idx[i]];
		sum += p->terms[t].sign > 0 ? term : (uint64_t)0 - term;
		subtracts |= p->terms[t].sign < 0;
	}
	/*
	 * A count made as a difference (all reclaim minus kswapd's) cannot
	 * be negative; when it is, the kernel's counters disagree (the 2.6.18
	 * capture has pgsteal_<zone> 0 beside kswapd_steal 1.1e9): n/a.
	 */
	if (subtracts && metric_info[m].kind == COUNTER && (int64_t)sum < 0)
		return -1;
	*out = (int64_t)sum;
	return 0;
}

int metric_by_name(const char *name)
{
	int m;

	for (m = 0; m < NR_METRICS; m++)
		if (!strcmp(metric_info[m].name, name))
			return m;
	return -1;
}

void metric_describe(const struct metric_set *s, enum metric_id m, char *buf,
		     size_t cap)
{
	const char *src = metric_info[m].sources, *end;
	int alt = s->plan[m].alt;
	size_t len;

	if (!cap)
		return;
	if (alt < 0) {
		buf[0] = 0;
		return;
	}
	while (alt-- > 0)
		src = alt_end(src) + 1;
	src = skip_blank(src);
	end = alt_end(src);
	while (end > src && end[-1] == ' ')
		end--;
	len = (size_t)(end - src) < cap - 1 ? (size_t)(end - src) : cap - 1;
	memcpy(buf, src, len);
	buf[len] = 0;
}
