/*
 * mglru_replay.c - an MGLRU run's intervals through model/mglru.c (see
 * mglru_replay.h).
 *
 * Truth: MGLRU counts pgscan_anon/pgscan_file and pgsteal_anon/file per
 * type in scan_folios()/evict_folios() (v6.1 mm/vmscan.c), so the
 * evicted type is known from /proc/vmstat; the traced isolate events
 * (6.7+) are preferred where recorded.  The model's prediction reads
 * neither pgscan_anon nor pgsteal_anon.
 */
#include <math.h>
#include <string.h>

#include "metrics.h"
#include "model.h"
#include "mstream.h"
#include "replay.h"
#include "banned.h"

/* the lru_gen gauges kept from one sample to the next */
static const enum metric_id gauges[] = {
	METRIC_mglru_lruvecs, METRIC_mglru_max_seq, METRIC_mglru_min_seq_anon,
	METRIC_mglru_min_seq_file, METRIC_mglru_pages_anon, METRIC_mglru_pages_file,
	METRIC_mglru_older_lruvecs, METRIC_mglru_older_pages,
	METRIC_mglru_ctrl_ref_anon, METRIC_mglru_ctrl_ref_file,
	METRIC_mglru_ctrl_tot_anon, METRIC_mglru_ctrl_tot_file,
	METRIC_mglru_oldest_anon, METRIC_mglru_oldest_file,
};
#define NR_GAUGES (sizeof(gauges) / sizeof(gauges[0]))

static double add0(double a, double b)
{
	return (isnan(a) ? 0 : a) + (isnan(b) ? 0 : b);
}

/* The gauges at the interval's start: the last sample's, else this one's. */
static void fill_gauges(const struct metric_stream *s, struct mglru_in *mi,
			struct mglru_attr *a)
{
	double now[NR_GAUGES], *g;
	size_t i;

	for (i = 0; i < NR_GAUGES; i++)
		now[i] = metric_stream_value(s, gauges[i]);
	g = a->have_prev ? a->prev : now;
	/* a lruvec that came or went moves the max_seq sum: no aging count */
	a->same_vecs = !a->have_prev || a->prev[0] == now[0];
	mi->lruvecs = g[0];
	mi->max_seq = g[1];
	mi->min_seq_anon = g[2];
	mi->min_seq_file = g[3];
	mi->pages_anon = g[4];
	mi->pages_file = g[5];
	mi->anon_older_lruvecs = g[6];
	mi->anon_older_pages = g[7];
	mi->ctrl_refaulted[0] = g[8];
	mi->ctrl_refaulted[1] = g[9];
	mi->ctrl_total[0] = g[10];
	mi->ctrl_total[1] = g[11];
	mi->oldest[0] = g[12];
	mi->oldest[1] = g[13];
	memcpy(a->prev, now, sizeof(now));
	a->have_prev = 1;
	if (!isnan(now[0]))
		a->lru_gen_seen = 1;
}

static void fill_in(const struct metric_stream *s, const struct run_model *m,
		    const struct interval_in *in, struct mglru_in *mi,
		    struct mglru_attr *a)
{
	memset(mi, 0, sizeof(*mi));
	memcpy(mi->version, m->version, sizeof(mi->version));
	mi->swappiness = in->swappiness;
	mi->swap_on = 1;          /* get_swappiness() 0 without swap: as 0 */
	mi->who = m->memcg ? MGLRU_CGROUP :
		  add0(in->scan_direct, 0) > add0(in->scan_kswapd, 0) ?
		  MGLRU_DIRECT : MGLRU_KSWAPD;
	fill_gauges(s, mi, a);
	mi->evicted_scan = add0(in->scan_anon, in->scan_file);
	mi->refaults[0] = metric_stream_value(s, METRIC_anon_refaults);
	mi->refaults[1] = metric_stream_value(s, METRIC_file_refaults);
	mi->reclaimed[0] = metric_stream_value(s, METRIC_anon_reclaimed);
	mi->reclaimed[1] = metric_stream_value(s, METRIC_file_reclaimed);
	mi->gens_created = a->same_vecs ?
		metric_stream_value(s, METRIC_mglru_gens_created) : NAN;
	mi->swap_out = in->swap_out;
}

static enum cause cause_of(const struct mglru_out *o)
{
	if (!o->explained)
		return CAUSE_UNEXPLAINED;
	switch (o->branch) {
	case MGLRU_ANON_OLDER: return CAUSE_MG_ANON_OLDER;
	case MGLRU_SWAPPINESS_200: return CAUSE_MG_SWAPPINESS_200;
	case MGLRU_CTRL_ANON: return CAUSE_MG_REFAULT_CTRL;
	case MGLRU_FILE_EXHAUSTED: return CAUSE_MG_FILE_EXHAUSTED;
	default: return CAUSE_UNEXPLAINED;
	}
}

/* The true anon share of eviction: traced isolates, else pgscan per type. */
static void truth(const struct metric_stream *s, const struct interval_in *in,
		  struct mglru_interval *mg, struct mglru_attr *a)
{
	double ia = metric_stream_value(s, METRIC_trace_isolated_anon);
	double ifl = metric_stream_value(s, METRIC_trace_isolated_file);
	static const enum metric_id w[3] = {
		METRIC_trace_swap_kswapd, METRIC_trace_swap_direct,
		METRIC_trace_swap_cgroup,
	};
	int i;

	mg->true_share = NAN;
	for (i = 0; i < 3; i++) {
		double v = metric_stream_value(s, w[i]);

		if (!isnan(v))
			a->trace_seen = 1;
		a->written[i] += isnan(v) ? 0 : v;
	}
	if (add0(ia, ifl) > 0) {
		mg->true_share = ia / (ia + ifl);
		mg->truth_from = "traced isolate (lru=inactive_*)";
	} else if (add0(in->scan_anon, in->scan_file) > 0) {
		mg->true_share = add0(in->scan_anon, 0) /
				 add0(in->scan_anon, in->scan_file);
		mg->truth_from = "pgscan_anon/pgscan_file";
	}
	mg->evicted = !isnan(mg->true_share);
}

/*
 * Swap-out the model gives no anon for, after intervals it predicted anon
 * for: the writes of batches isolated before the sample.  evict_folios()
 * isolates (PGSCAN_ANON, v6.1 scan_folios()) and then shrink_folio_list()
 * writes (PSWPOUT at the bio's submission), so a batch's writes can land
 * in the next samples.  The anon predicted since reclaim last went quiet,
 * less the swap-out since, is the budget for such swap-out (the
 * prediction, not pgscan_anon); it takes the cause of the last interval
 * with predicted anon.  An interval with neither eviction nor swap-out
 * has no batch in flight: the budget ends there.
 */
static void late_writes(const struct mglru_interval *mg, struct interval_out *o,
			struct mglru_attr *a)
{
	double out = add0(mg->in.swap_out, 0);

	if (mg->out.anon_scanned_pred > 0) {
		a->pending += mg->out.anon_scanned_pred;
		a->pending_cause = (int)o->cause;
	} else if (out > 0 && o->cause == CAUSE_UNEXPLAINED && a->pending >= out) {
		o->cause = (enum cause)a->pending_cause;
	}
	a->pending = fmax(0, a->pending - out);
	if (!(mg->in.evicted_scan > 0) && !(out > 0))
		a->pending = 0;
}

void mglru_replay_interval(const struct metric_stream *s,
			   const struct run_model *m,
			   const struct interval_in *in, struct interval_out *o,
			   struct mglru_attr *a)
{
	static const char *const who[3] = { "kswapd", "direct", "cgroup" };
	struct mglru_interval *mg = &o->mg;

	model_outside(o);
	fill_in(s, m, in, &mg->in, a);
	mglru_interval(&mg->in, &mg->out);
	mg->reclaimer = who[mg->in.who];
	o->cause = cause_of(&mg->out);
	late_writes(mg, o, a);
	truth(s, in, mg, a);
	a->aging += add0(mg->in.gens_created, 0);
	if (mg->evicted && !isnan(mg->out.anon_share)) {
		a->type_n++;
		a->type_agree += mg->out.anon_chosen == (mg->true_share >= 0.5);
		a->pred_sum += mg->out.anon_scanned_pred;
		a->anon_scan_sum += add0(in->scan_anon, 0);
	}
}

double mglru_replay_what_if(const struct mglru_interval *mg, double sw,
			    const char **why)
{
	double share = mglru_what_if(&mg->in, sw, why);

	if (share < 0)
		return -1;
	/* the same eviction volume, shared out as the branch at sw says */
	return share * add0(mg->in.reclaimed[0], mg->in.reclaimed[1]);
}

void mglru_attr_add(struct mglru_attr *sum, const struct mglru_attr *a)
{
	int i;

	sum->type_n += a->type_n;
	sum->type_agree += a->type_agree;
	sum->pred_sum += a->pred_sum;
	sum->anon_scan_sum += a->anon_scan_sum;
	sum->aging += a->aging;
	for (i = 0; i < 3; i++)
		sum->written[i] += a->written[i];
	sum->lru_gen_seen |= a->lru_gen_seen;
	sum->trace_seen |= a->trace_seen;
}
