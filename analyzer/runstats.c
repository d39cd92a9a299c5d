/*
 * runstats.c - canonical metrics of a run, streamed sample by sample.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "mstream.h"
#include "runstats.h"
#include "banned.h"

static const char *const derived_names[] = {
	"kswapd_efficiency", "direct_efficiency", "scan_velocity",
	"direct_scan_pct",
};
static const char *const derived_units[] = { "%", "%", "pages/s", "%" };

const char *stat_name(enum stat_id id)
{
	return id < (enum stat_id)NR_METRICS ? metric_info[id].name :
	       derived_names[id - NR_METRICS];
}

const char *stat_unit(enum stat_id id)
{
	return id < (enum stat_id)NR_METRICS ? metric_info[id].unit :
	       derived_units[id - NR_METRICS];
}

/* a / b as a percentage; NONE when b is 0, N/A when either is N/A */
static struct stat_value ratio_pct(struct stat_value a, struct stat_value b)
{
	struct stat_value r = { STAT_NA, 0 };

	if (a.state == STAT_NA || b.state == STAT_NA)
		return r;
	if (b.v == 0) {
		r.state = STAT_NONE;
		return r;
	}
	r.state = STAT_OK;
	r.v = 100.0 * a.v / b.v;
	return r;
}

static void derive(struct run_stats *st)
{
	struct stat_value *s = st->s, scanned = { STAT_NA, 0 };

	s[STAT_kswapd_efficiency] = ratio_pct(s[STAT_kswapd_reclaimed],
					      s[STAT_kswapd_scanned]);
	s[STAT_direct_efficiency] = ratio_pct(s[STAT_direct_reclaimed],
					      s[STAT_direct_scanned]);
	if (s[STAT_kswapd_scanned].state == STAT_OK &&
	    s[STAT_direct_scanned].state == STAT_OK) {
		scanned.state = STAT_OK;
		scanned.v = s[STAT_kswapd_scanned].v + s[STAT_direct_scanned].v;
	}
	s[STAT_direct_scan_pct] = ratio_pct(s[STAT_direct_scanned], scanned);
	s[STAT_scan_velocity] = scanned;
	if (scanned.state == STAT_OK) {
		if (st->duration_s > 0)
			s[STAT_scan_velocity].v = scanned.v / st->duration_s;
		else
			s[STAT_scan_velocity].state = STAT_NONE;
	}
}

struct accum {
	double sum[NR_METRICS];
	double deepest[NR_METRICS];  /* DEEPEST: the run's lowest level */
	int64_t n_gauge;
	double first_t, last_t;
	int64_t used;
	double boot[NR_METRICS];     /* counters at the run's first sample */
	int whole_run_of_one;        /* the window held the run's only sample */
};

static void add_sample(const struct metric_stream *ms, struct accum *a,
		       int first, struct run_stats *out)
{
	int m;

	for (m = 0; m < NR_METRICS; m++) {
		double v = metric_stream_value(ms, m);
		int64_t total;

		/* a lone snapshot's honest reading: totals since boot */
		if (first && metric_info[m].kind == COUNTER)
			a->boot[m] = metric_value(&ms->set, m, ms->it.value,
						  &total) ? NAN : (double)total;
		if (isnan(v) || (first && metric_info[m].kind == COUNTER))
			continue;
		if (!(v >= a->deepest[m]))
			a->deepest[m] = v;
		a->sum[m] += v;
		if (metric_info[m].kind != COUNTER) {
			out->last[m].state = STAT_OK;
			out->last[m].v = v;
		}
	}
	a->n_gauge++;
}

/* Sums to totals (counters) and means (gauges), then derived stats. */
static void finish(struct run_stats *out, const struct metric_set *set,
		   const struct accum *a)
{
	int m;

	out->samples = a->n_gauge;
	out->duration_s = a->last_t - a->first_t;
	out->since_boot = a->whole_run_of_one;
	for (m = 0; m < NR_METRICS; m++) {
		struct stat_value *s = &out->s[m];

		s->state = metric_available(set, m) ? STAT_OK : STAT_NA;
		if (metric_info[m].kind == COUNTER && out->since_boot &&
		    isnan(a->boot[m]))
			s->state = s->state == STAT_OK ? STAT_NONE : s->state;
		else if (metric_info[m].kind == COUNTER && out->since_boot)
			s->v = a->boot[m];
		else if (metric_info[m].kind == COUNTER)
			s->v = a->sum[m];
		else if (metric_info[m].kind == DEEPEST && !isnan(a->deepest[m]))
			s->v = a->deepest[m];
		else if (metric_info[m].kind == DEEPEST)
			s->state = STAT_NONE;
		else if (a->n_gauge)
			s->v = a->sum[m] / (double)a->n_gauge;
		else
			s->state = STAT_NONE;
	}
	derive(out);
}

int run_stats_compute(sqlite3 *db, const char *path, int64_t run_id,
		      double from_s, double to_s, struct run_stats *out)
{
	struct metric_stream ms;
	struct accum a;
	int rc, m;

	memset(out, 0, sizeof(*out));
	memset(&a, 0, sizeof(a));
	for (m = 0; m < NR_METRICS; m++) {
		a.deepest[m] = NAN;
		out->last[m].state = STAT_NA;
	}
	rc = metric_stream_open(&ms, db, path, run_id);
	while (!rc && (rc = metric_stream_next(&ms)) == 1) {
		double t = (double)ms.it.t_us / 1e6;

		rc = 0;
		if (t <= from_s && from_s >= 0) {
			a.first_t = t;   /* the interval into the window starts here */
			a.used = 1;
			continue;
		}
		if (t > to_s) {
			a.used = -1;     /* more samples: not a run of one */
			break;
		}
		if (!a.used)
			a.first_t = t;
		/* the first sample of a run has no interval before it */
		add_sample(&ms, &a, ms.it.seq == 0, out);
		a.last_t = t;
		a.used++;
	}
	/* one snapshot, read whole: its counters are since-boot totals */
	a.whole_run_of_one = rc == 0 && a.used == 1 && a.n_gauge == 1 &&
			     from_s < 0 && ms.it.seq == 0;
	if (rc >= 0)
		finish(out, &ms.set, &a);
	metric_stream_release(&ms);
	return rc < 0 ? -1 : 0;
}
