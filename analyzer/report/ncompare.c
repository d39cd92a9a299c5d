/*
 * ncompare.c - two groups' canonical metrics with spread, change and a
 * corrected significance (see ncompare.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "holm.h"
#include "ncompare.h"
#include "table.h"
#include "banned.h"

/* Summary of one stat over runs where it has a value. */
static int summarize(const struct run_stats *st, size_t n, enum stat_id id,
		     struct summary *out)
{
	double *x = malloc((n ? n : 1) * sizeof(*x));
	size_t k, ok = 0;

	if (!x)
		return error("out of memory");
	for (k = 0; k < n; k++)
		if (st[k].s[id].state == STAT_OK)
			x[ok++] = st[k].s[id].v;
	summary_of(x, ok, out);
	free(x);
	return 0;
}

static int large(const struct ncmp_row *r)
{
	if (!r->base.n || !r->new.n)
		return 0;
	if (r->base.mean == 0)
		return r->new.mean != 0;
	return fabs(r->change_pct) >= NCMP_LARGE_PCT;
}

int ncmp_compute(const struct run_stats *base, size_t nb,
		 const struct run_stats *new, size_t nn, struct ncmp *out)
{
	double p[NR_STATS], adj[NR_STATS];
	size_t id;

	memset(out, 0, sizeof(*out));
	for (id = 0; id < NR_STATS; id++) {
		struct ncmp_row *r = &out->row[id];

		r->id = (enum stat_id)id;
		if (summarize(base, nb, r->id, &r->base) ||
		    summarize(new, nn, r->id, &r->new))
			return -1;
		r->change_pct = r->base.n && r->new.n && r->base.mean != 0 ?
				100 * (r->new.mean - r->base.mean) /
				fabs(r->base.mean) : NAN;
		r->p = -1;
		if (r->base.n >= NCMP_MIN_TRIALS && r->new.n >= NCMP_MIN_TRIALS)
			r->p = welch_p(&r->base, &r->new);
		else if (r->base.n && r->new.n)
			out->too_few = 1;
		p[id] = r->p;
		out->nr_tested += r->p >= 0;
	}
	if (holm_adjust(p, NR_STATS, adj))
		return -1;
	for (id = 0; id < NR_STATS; id++) {
		struct ncmp_row *r = &out->row[id];

		r->p_adj = adj[id];
		r->leads = (r->p_adj >= 0 && r->p_adj < NCMP_ALPHA) || large(r);
	}
	return 0;
}

/* How much a row changed, for ordering: from 0 counts as the most. */
static double weight(const struct ncmp_row *r)
{
	if (!r->base.n || !r->new.n)
		return -1;
	if (isnan(r->change_pct))
		return r->new.mean != 0 ? INFINITY : 0;
	return fabs(r->change_pct);
}

static const struct ncmp *order_base;

static int by_weight(const void *a, const void *b)
{
	double x = weight(&order_base->row[*(const int *)a]);
	double y = weight(&order_base->row[*(const int *)b]);

	if (x != y)
		return x < y ? 1 : -1;
	return *(const int *)a - *(const int *)b;
}

/* The leading rows, most changed first; returns how many. */
static size_t leading(const struct ncmp *c, int *ids)
{
	size_t id, n = 0;

	for (id = 0; id < NR_STATS; id++)
		if (c->row[id].leads)
			ids[n++] = (int)id;
	order_base = c;
	qsort(ids, n, sizeof(*ids), by_weight);
	return n;
}

size_t ncmp_top(const struct ncmp *c, int *ids, size_t max)
{
	int all[NR_STATS];
	size_t n = leading(c, all), i, k = 0;

	for (i = 0; i < n && k < max; i++)
		ids[k++] = all[i];
	return k;
}

/* "   1234567 ±  3%" : mean and relative spread, 15 columns */
static int mean_sd(struct gp_text *t, const struct summary *s)
{
	char v[24];

	table_fmt_compact(v, sizeof(v), s->mean);
	if (s->n >= 2 && s->mean != 0)
		return gp_printf(t, "%10s +-%3.0f%%", v,
				 fmin(999, 100 * s->sd / fabs(s->mean)));
	return gp_printf(t, "%10s       ", v);
}

static int row_line(struct gp_text *t, const struct ncmp_row *r)
{
	char change[16], p[16];

	if (!isnan(r->change_pct))
		snprintf(change, sizeof(change), fabs(r->change_pct) < 1000 ?
			 "%+.1f%%" : "%+.0f%%", r->change_pct);
	else
		snprintf(change, sizeof(change), "%s", r->new.mean != 0 ?
			 "from 0" : "0");
	/* at most 7 columns with the mark: "0.0012*", "3e-05*" */
	if (r->p_adj >= 0)
		snprintf(p, sizeof(p), r->p_adj < 0.001 ? "%.0e%s" : "%.2g%s",
			 r->p_adj, r->p_adj < NCMP_ALPHA ? "*" : "");
	else
		snprintf(p, sizeof(p), "n<%d", NCMP_MIN_TRIALS);
	return mean_sd(t, &r->base) || gp_printf(t, "  %8s", change) ||
	       mean_sd(t, &r->new) ||
	       gp_printf(t, "  %-7.7s  %.20s\n", p, stat_name(r->id));
}

/* ", name" lists for the compact block */
static int name_list(struct gp_text *t, const struct ncmp *c, int na)
{
	size_t id, n = 0;

	for (id = 0; id < NR_STATS; id++) {
		const struct ncmp_row *r = &c->row[id];
		int missing = !r->base.n || !r->new.n;

		if (r->leads || missing != na)
			continue;
		if (gp_printf(t, "%s%s", n++ ? ", " : "", stat_name(r->id)))
			return -1;
	}
	return n ? gp_printf(t, ". ") : gp_printf(t, "none. ");
}

int ncmp_render(const struct ncmp *c, struct gp_text *lead,
		struct gp_text *rest)
{
	int ids[NR_STATS];
	size_t n = leading(c, ids), i;
	int rc = gp_printf(lead, "%10s %-6s  %8s%10s %-6s  %-7s  %s\n", "base",
			   "+-%sd", "%change", "new", "+-%sd", "p(Holm)", "metric");

	for (i = 0; !rc && i < n; i++)
		rc = row_line(lead, &c->row[ids[i]]);
	if (!rc && !n)
		rc = gp_printf(lead, "(no metric changed by %.0f%% or more, and "
			       "none significantly)\n", NCMP_LARGE_PCT);
	return rc || gp_printf(rest, "Changed by less than %.0f%% and not "
			       "significant: ", NCMP_LARGE_PCT) ||
	       name_list(rest, c, 0) ||
	       gp_printf(rest, "Not available in one of the groups: ") ||
	       name_list(rest, c, 1) ? -1 : 0;
}
