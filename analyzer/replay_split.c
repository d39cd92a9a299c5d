/*
 * replay_split.c - the split-LRU side of a run's replay (replay.c): the
 * raw counters the walk reads beyond metrics.def, the lists and flushed
 * views carried from sample to sample, and per interval the model's walk
 * (attribution), its prediction and the what-if; the traced truth they
 * are set against is replay_truth.c's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "activations.h"
#include "boot_costs.h"
#include "census.h"
#include "flushes.h"
#include "err.h"
#include "metrics.h"
#include "replay.h"
#include "replay_split.h"
#include "replay_truth.h"
#include "mstream.h"
#include "zone_frees.h"
#include "zone_skips.h"
#include "banned.h"

enum raw {
	RAW_IA, RAW_AA, RAW_IF, RAW_AF,                    /* node gauges */
	RAW_CG_IA, RAW_CG_AA, RAW_CG_IF, RAW_CG_AF,        /* memcg, bytes */
	RAW_CG_FAILCNT, RAW_CG_MAX_EVENTS, RAW_CG_HIGH_EVENTS,
	RAW_SWAP_TOTAL,
	RAW_STEAL_ANON, RAW_STEAL_FILE, RAW_SCAN_PROACTIVE,
	RAW_STEAL_KHUGEPAGED, RAW_STEAL_PROACTIVE,
	RAW_RESTORE_ANON, RAW_RESTORE_FILE, RAW_ACT_ANON, RAW_ACT_FILE,
	RAW_CG_ACT_FILE, RAW_CG_REFAULT_FILE, RAW_KCOMPACTD_WAKE,
	RAW_HIT_QUICKLY, RAW_SLEPT_PREMATURELY,
	NR_RAW
};

static const char *const raw_names[NR_RAW] = {
	"nr_inactive_anon", "nr_active_anon", "nr_inactive_file", "nr_active_file",
	"memcg:inactive_anon", "memcg:active_anon", "memcg:inactive_file",
	"memcg:active_file", "memcg:failcnt", "memcg:max", "memcg:high",
	"meminfo:SwapTotal",
	"pgsteal_anon", "pgsteal_file", "pgscan_proactive",
	"pgsteal_khugepaged", "pgsteal_proactive",
	"workingset_restore_anon", "workingset_restore_file",
	"workingset_activate_anon", "workingset_activate_file",
	"memcg:workingset_activate_file", "memcg:workingset_refault_file",
	"compact_daemon_wake",
	/* kswapd's HZ/10 nap between walks (alloc_rate()) came with
	 * kswapd_high_wmark_hit_quickly, first named
	 * kswapd_slept_prematurely_slow */
	"kswapd_high_wmark_hit_quickly", "kswapd_slept_prematurely_slow",
};

struct raw_slots {
	long slot[NR_RAW];
	struct trace_slots tr;     /* trace:<who>_{scan,priority}_* (replay_truth.h) */
	/* zoneinfo:<node>.<zone>.boost, the zones' watermark_boost gauges,
	 * and .pcp_count, the pages on their per-cpu lists */
#define RAW_ZONE_MAX 16
	long boost[RAW_ZONE_MAX];
	int nboost;
	long pcp[RAW_ZONE_MAX];
	int npcp;
	struct zone_skips skips;   /* pgskip_<zone>, the zones' lists */
	struct zone_frees frees;   /* the zones' free pages, pgalloc_<zone> */
	long wake[WAKE_ORDERS];    /* trace:kswapd_wake_order_<N> */
	int has_wakes;
};

/* Slot i kept in slots where name n is "zoneinfo:<node>.<zone><suffix>". */
static void zone_slot(const char *n, const char *suffix, long i, long *slots, int *nr)
{
	size_t len = strlen(n), suffix_len = strlen(suffix);

	if (!strncmp(n, "zoneinfo:", 9) && len > 9 + suffix_len &&
	    !strcmp(n + len - suffix_len, suffix) && *nr < RAW_ZONE_MAX)
		slots[(*nr)++] = i;
}

static void raw_resolve(const struct metric_stream *ms, struct raw_slots *rs)
{
	size_t i;
	int k, q;

	memset(rs, 0, sizeof(*rs));
	for (k = 0; k < NR_RAW; k++)
		rs->slot[k] = -1;
	trace_slots_init(&rs->tr);
	for (q = 0; q < WAKE_ORDERS; q++)
		rs->wake[q] = -1;
	zone_skips_resolve(&rs->skips, ms->names, ms->it.c.nr);
	zone_frees_resolve(&rs->frees, ms->names, ms->it.c.nr);
	for (i = 0; i < ms->it.c.nr; i++) {
		const char *n = ms->names[i];

		if (!strncmp(n, "trace:kswapd_wake_order_", 24) &&
		    (q = atoi(n + 24)) >= 0 && q < WAKE_ORDERS) {
			rs->wake[q] = (long)i;
			rs->has_wakes = 1;
		}

		for (k = 0; k < NR_RAW; k++)
			if (!strcmp(n, raw_names[k]))
				rs->slot[k] = (long)i;
		zone_slot(n, ".boost", (long)i, rs->boost, &rs->nboost);
		zone_slot(n, ".pcp_count", (long)i, rs->pcp, &rs->npcp);
		trace_slots_name(&rs->tr, n, (long)i);
	}
}

static double raw_delta(const struct metric_stream *ms, const struct raw_slots *rs,
			enum raw k)
{
	return rs->slot[k] < 0 ? NAN : (double)ms->delta[rs->slot[k]];
}

static double raw_gauge(const struct metric_stream *ms, const struct raw_slots *rs,
			enum raw k)
{
	long i = rs->slot[k];

	return i < 0 || !ms->it.present[i] ? NAN : (double)ms->it.value[i];
}

static double nz(double v)
{
	return isnan(v) ? 0 : v;
}

/* kswapd's walks of the interval by wake order, beside pageoutrun */
static void count_wakes(const struct metric_stream *ms, const struct raw_slots *rs,
			const struct interval_in *in, struct attribution *a)
{
	int q;

	if (!rs->has_wakes)
		return;
	a->wakes_seen = 1;
	for (q = 0; q < WAKE_ORDERS; q++)
		if (rs->wake[q] >= 0)
			a->wakes[q] += (double)ms->delta[rs->wake[q]];
	a->wake_runs += nz(in->kswapd_runs);
}

/* kswapd's skipped and boosted pages as the attribution's walk placed them */
static void count_skips(const struct split_in *si, const struct split_out *so,
			struct attribution *a)
{
	a->kswapd_scanned += si->scanned[RC_KSWAPD];
	a->skipped += so->r[RC_KSWAPD].skipped;
	a->boosted += so->r[RC_KSWAPD].boosted;
}

/* samples of the node's lists kept for the walks' flushed view */
#define SEEN_RING 256

/* State the split replay carries from one interval to the next. */
struct split_state {
	struct raw_slots rs;
	struct split_cost node_cost, cg_cost, wi_node_cost, wi_cg_cost;
	/* the root lruvec's costs as the kernel charged them, from the run's
	 * start on, for the runs after it on its boot (boot_costs.h) */
	struct boot_costs *boot_costs;
	struct boot_cost_end boot_end;
	long boot_slot[NR_BOOT_COUNTERS];
	int version[3];
	double scan_anon, steal_anon, scan_file, steal_file;   /* last interval */
	double skipped;            /* ... and its pgskip_* */
	struct split_in prev;
	int have_prev;
	/* the cgroup's lists at the run's first sample (NAN: not recorded):
	 * the start of its first interval */
	struct split_lists first_cg;
	double page_size;          /* the run's, bytes (the cgroup's lists) */
	double swapped;            /* the run's pswpout so far */
	struct zone_lists_last zone_lists;   /* the zones' lists, last sample */
	struct activations act;    /* file activations, read ahead */
	/* the passes' scan per batch, from the folio census (--folios) */
	struct split_grain grain[FOLIO_SCOPES];
	int has_grain[FOLIO_SCOPES];
	double t0, t1;             /* the interval, seconds */
	double eff_anon, eff_file; /* last measured rates (efficiencies()) */
	/* kswapd's last walk that scanned: the attribution's, the what-if's */
	struct split_reclaim_out kswapd_last, whatif_last;
	/* direct reclaim's in the interval before: the attribution's, the
	 * what-if's (a walk of theirs under way at the sample goes on) */
	struct split_reclaim_out direct_last, whatif_direct;
	/* the run as the what-if's balance reads it (whatif_record()) */
	struct swap_list wi_list;
	struct whatif_run wi_run;
	double wi_with_anon;       /* pages scanned where the what-if took anon */
	double wi_anon_every_level; /* the what-if's anon of walks whose levels
				     * all let anon in (split_cause_every_level()) */
	double wi_sw;              /* the what-if's swappiness */
	int wi_oom;
	int kswapd_idled;          /* kswapd_state() */
	/* kswapd's walk under way may be a boosted one (boost_truth()) */
	int boost_carry;
	struct split_out pred;     /* the interval's prediction */
	/* the interval before, if it scanned anon: its walk and pgscan_anon */
	struct split_out last;
	double last_anon;
	/* the node's lists at the latest samples (a ring), for the 6.12+
	 * walks that decide on memcg statistics of the last flush */
	double seen_t[SEEN_RING];
	struct split_lists seen_l[SEEN_RING];
	int seen_len, seen_head;
	/* the view the attribution picked, for the prediction of the
	 * intervals after (keep_view()): of the traced flush at view_flush,
	 * or, untraced, the lists of the sample at view_sample (seconds) */
	struct split_lists view;
	double view_flush, view_sample;
	int has_view;
};

static void lists_from(const struct metric_stream *ms, const struct raw_slots *rs,
		       int base, double scale, struct split_lists *l)
{
	l->inactive_anon = raw_gauge(ms, rs, base) / scale;
	l->active_anon = raw_gauge(ms, rs, base + 1) / scale;
	l->inactive_file = raw_gauge(ms, rs, base + 2) / scale;
	l->active_file = raw_gauge(ms, rs, base + 3) / scale;
}

/* Keep the node's lists of the sample at t seconds. */
static void seen_push(struct split_state *st, double t, const struct split_lists *l)
{
	st->seen_t[st->seen_head] = t;
	st->seen_l[st->seen_head] = *l;
	st->seen_head = (st->seen_head + 1) % SEEN_RING;
	if (st->seen_len < SEEN_RING)
		st->seen_len++;
}

/*
 * The lists a global walk of the interval (t0, t1] may have decided on
 * (split.h, split_flushed_view()): those of the last periodic flush,
 * which happened after t0 - FLUSH_TIME.  The samples since then and the
 * one before (a flush between two samples holds lists between theirs),
 * oldest first, spread evenly over at most SPLIT_SEEN_MAX.
 */
static void seen_fill(const struct split_state *st, struct split_in *si)
{
	int idx[SEEN_RING], n = 0, i, k, before = -1;

	for (i = st->seen_len; i >= 1; i--) {
		k = (st->seen_head - i + SEEN_RING) % SEEN_RING;
		if (st->seen_t[k] <= st->t0 - SPLIT_MEMCG_FLUSH_S)
			before = k;
		else if (st->seen_t[k] <= st->t1 + 1e-9) {
			if (n == 0 && before >= 0)
				idx[n++] = before;
			idx[n++] = k;
		}
	}
	si->seen_n = n < SPLIT_SEEN_MAX ? n : SPLIT_SEEN_MAX;
	for (i = 0; i < si->seen_n; i++)
		si->seen[i] = st->seen_l[idx[si->seen_n > 1 ?
					     (int)lround((double)i * (n - 1) / (si->seen_n - 1)) : n - 1]];
}

/*
 * The node's lists at time t: between the ring's samples around it;
 * those two in around[] (NULL: not wanted), returning 1 where t falls
 * strictly between two of them.
 */
static int lists_at(const struct split_state *st, double t, struct split_lists *l,
		    struct split_lists around[2])
{
	const struct split_lists *a = NULL, *b = NULL;
	double ta = 0, tb = 0, x;
	int i, k;

	for (i = 1; i <= st->seen_len; i++) {     /* newest first */
		k = (st->seen_head - i + SEEN_RING) % SEEN_RING;
		b = a;
		tb = ta;
		a = &st->seen_l[k];
		ta = st->seen_t[k];
		if (ta <= t)
			break;
	}
	if (!b || ta > t || !(tb > ta)) {
		*l = *a;              /* before the oldest, or the newest */
		return 0;
	}
	x = (t - ta) / (tb - ta);
	if (around) {
		around[0] = *a;
		around[1] = *b;
	}
	split_lists_between(a, b, x, l);
	return x > 0;
}

/*
 * The most the node's file lists moved between two samples from the
 * interval before the one holding t to the one after it (0: not known):
 * a re-reader's passes and the writers' stream move them in steps of
 * thousands within a quarter second, which two samples may not show
 * (split.h bracket_swing).
 */
static double swing_around(const struct split_state *st, double t)
{
	int i, k, at = -1, order[SEEN_RING];
	double most = 0;

	for (i = 0; i < st->seen_len; i++) {       /* oldest first */
		order[i] = (st->seen_head - st->seen_len + i + SEEN_RING) % SEEN_RING;
		if (st->seen_t[order[i]] <= t)
			at = i;
	}
	for (i = at - 1; at >= 0 && i <= at + 1; i++) {
		if (i < 0 || i + 1 >= st->seen_len)
			continue;
		k = order[i];
		most = fmax(most, split_file_swing(&st->seen_l[k], &st->seen_l[order[i + 1]]));
	}
	return most;
}

/*
 * The views of a run whose flushes were traced (flushes.h): the lists
 * at the last flush before the interval and, where one came inside it,
 * at that one, the walks sharing the interval's time before and after.
 * 0 where the run has no flush times.
 */
static int seen_traced(const struct split_state *st, struct split_in *si)
{
	double before, inside;

	if (!flushes_view(&st->act.flushes, st->t0, st->t1, &before, &inside))
		return 0;
	si->seen_known = 1;
	si->seen_n = 1;
	si->has_bracket = lists_at(st, before, &si->seen[0], si->seen_bracket);
	si->bracket_swing = si->has_bracket ? swing_around(st, before) : 0;
	si->seen_w[0] = 1;
	if (!isnan(inside) && st->t1 > st->t0) {
		si->seen_n = 2;
		lists_at(st, inside, &si->seen[1], NULL);
		si->seen_w[0] = (inside - st->t0) / (st->t1 - st->t0);
		si->seen_w[1] = 1 - si->seen_w[0];
	}
	return 1;
}

/* What the output says of the statistics a 6.12+ walk decides on. */
static void flush_note(const struct split_state *st, struct run_model *m)
{
	const struct run_flushes *f = &st->act.flushes;
	char buf[200], which[80];

	if (!split_flushed_view(m->version))
		return;
	if (f->n > 1)
		snprintf(which, sizeof(which), "of the last flush (%zu traced, every %.2f s)",
			 f->n, f->period);
	else
		snprintf(which, sizeof(which), "%s", f->n ? "of the last flush (1 traced; "
			 "the one before taken 2 s earlier)" : "up to 2 s old (flushes "
			 "not traced: --trace-priority, 6.10+)");
	snprintf(buf, sizeof(buf), "6.12+: kswapd and direct walks decide cache "
		 "trimming on memcg statistics %s", which);
	replay_note(m, buf);
}

/* Where /proc/vmstat's activations may lag the walks that saw them. */
static void fold_note(const struct split_state *st, struct run_model *m)
{
	if (st->act.fold_s > 0)
		replay_note(m, "a file activation taken to have happened up to 1 s before the "
			"sample that shows it (per-CPU counts not folded: no "
			"vmscope-collect --stat-refresh)");
}

/*
 * The root lruvec's costs where the run before it on its boot ended
 * (boot_costs.h); split_replay_first() charges what came after, and the
 * replay's and --what-if's node costs start there, the cgroup's at zero.
 */
static int start_costs(struct split_state *st, const struct metric_stream *ms,
		       const struct run_set *set, const struct run_ref *r,
		       struct run_model *m)
{
	char buf[200];
	int before;

	split_cost_init(&st->node_cost, m->version);
	st->cg_cost = st->wi_cg_cost = st->node_cost;
	st->boot_costs = set->boot_costs;
	if (boot_costs_at_start(set->boot_costs, set->dbs[r->db], set->paths[r->db],
				r->db, r->id, m->version, &st->boot_end))
		return -1;
	boot_costs_slots(ms->names, ms->it.c.nr, st->boot_slot);
	memcpy(st->version, m->version, sizeof(st->version));
	if (!st->node_cost.known)
		return 0;
	before = st->boot_end.runs;
	if (before)
		snprintf(buf, sizeof(buf), "anon and file costs at the start charged since "
			 "boot, over the %d run%s before it on this boot", before,
			 before == 1 ? "" : "s");
	else
		snprintf(buf, sizeof(buf), "anon and file costs at the start charged since "
			 "boot (no run before it on this boot)");
	replay_note(m, buf);
	return 0;
}

/* The grains of the run's folio census, and what the output says of them. */
static void grain_notes(struct split_state *st, struct run_model *m)
{
	char buf[160];
	int s, n = 0, parts = 0;

	for (s = 0; s < FOLIO_SCOPES; s++)
		st->has_grain[s] = census_grain(&st->act.census, (enum folio_scope)s,
						&st->grain[s]);
	if (!st->has_grain[FOLIO_NODE] && !st->has_grain[FOLIO_CGROUP]) {
		replay_note(m, "folio sizes not recorded (vmscope-collect --folios): "
			"passes taken as scanning single pages");
		return;
	}
	n = snprintf(buf, sizeof(buf), "passes take whole folios (census): "
		     "inactive file folios of");
	for (s = 0; s < FOLIO_SCOPES && n < (int)sizeof(buf); s++)
		if (st->has_grain[s] && !isnan(st->grain[s].folio_file))
			n += snprintf(buf + n, sizeof(buf) - (size_t)n, "%s %.1f pages (%s)",
				      parts++ ? "," : "", st->grain[s].folio_file,
				      folio_scope_names[s]);
	if (!parts)
		snprintf(buf + n, sizeof(buf) - (size_t)n, " none counted");
	replay_note(m, buf);
}

/*
 * Pages reclaimed per page reclaim could take, per type, as measured up
 * to the interval before: the walks' scan leaves the skipped pages out
 * (sw_skipped() places them), so must their rate.  pgskip_* has no type;
 * the 6.1 lab guests' traced skips were file pages but for two events,
 * so the file scan takes them first (split_candidates()).
 */
static void efficiencies(struct split_state *st)
{
	double skip = st->skipped;
	double file = split_candidates(st->scan_file, st->steal_file, &skip);
	double anon = split_candidates(st->scan_anon, st->steal_anon, &skip);

	if (anon > 0)
		st->eff_anon = st->steal_anon / anon;
	if (file > 0)
		st->eff_file = st->steal_file / file;
}

/* The pages every reclaimer reclaimed in the interval (pgsteal_*). */
static double reclaimed_sum(const struct split_in *si)
{
	double reclaimed = 0;
	int r;

	for (r = 0; r < NR_RECLAIMERS; r++)
		reclaimed += nz(si->reclaimed[r]);
	return reclaimed;
}

/*
 * Pages the allocations took from the free pages per second of the
 * interval (split_in.alloc_rate): what the allocator handed out less
 * what tasks freed, the pages freed less those reclaim freed (its
 * pgsteal_*, which pgfree counts too).  NAN where a counter is missing
 * (without pgsteal reclaim's own frees would count as the tasks') or
 * kswapd has no nap between walks to size them by.
 */
static double alloc_rate(const struct metric_stream *ms, const struct raw_slots *rs,
			 const struct interval_in *in, double reclaimed)
{
	double alloc = metric_stream_value(ms, METRIC_pages_allocated);
	double freed = metric_stream_value(ms, METRIC_pages_freed);

	if (isnan(alloc) || isnan(freed) || isnan(in->steal_kswapd) || !(in->dt_s > 0) ||
	    (rs->slot[RAW_HIT_QUICKLY] < 0 && rs->slot[RAW_SLEPT_PREMATURELY] < 0))
		return NAN;
	return fmax(0, alloc - (freed - reclaimed)) / in->dt_s;
}

/*
 * Pages the zones' per-cpu lists gave back to the free pages over the
 * interval (split_in.pcp_released): the fall of their count, summed over
 * the zones; 0 where it rose, NAN where not recorded.
 */
static double pcp_released(const struct metric_stream *ms, const struct raw_slots *rs)
{
	double change = 0;
	int z, seen = 0;

	for (z = 0; z < rs->npcp; z++)
		if (ms->it.present[rs->pcp[z]]) {
			change += (double)ms->delta[rs->pcp[z]];
			seen = 1;
		}
	return seen ? fmax(0, -change) : NAN;
}

/* The walk's inputs of one interval from the stream. */
static void fill_split(const struct metric_stream *ms, const struct run_model *m,
		       struct split_state *st, const struct interval_in *in,
		       struct split_in *si)
{
	const struct raw_slots *rs = &st->rs;
	double global = 0, all, reclaimed, swap_total = raw_gauge(ms, rs, RAW_SWAP_TOTAL);
	double fail = raw_delta(ms, rs, RAW_CG_FAILCNT);
	int r, one_type;

	memset(si, 0, sizeof(*si));
	memcpy(si->version, m->version, sizeof(si->version));
	si->swappiness = m->swappiness;
	si->swap_on = in->swap_out > 0 || (!isnan(swap_total) ? swap_total > 0 :
		      !(m->swap_total_kb == 0));
	lists_from(ms, rs, RAW_IA, 1, &si->node);
	seen_push(st, st->t1, &si->node);
	if (!seen_traced(st, si))
		seen_fill(st, si);
	si->anon_measured = in->scan_anon;     /* NAN: not recorded (before 5.8) */
	si->file_measured = in->scan_file;
	si->has_cg = m->memcg && rs->slot[RAW_CG_IA] >= 0;
	if (si->has_cg)
		lists_from(ms, rs, RAW_CG_IA, m->page_size, &si->cg);
	si->grain_node = st->has_grain[FOLIO_NODE] ? &st->grain[FOLIO_NODE] : NULL;
	si->grain_cg = st->has_grain[FOLIO_CGROUP] ? &st->grain[FOLIO_CGROUP] : NULL;
	si->free = in->free;
	si->free_start = NAN;
	si->high_wmark_sum = m->high_wmarks > 0 ? m->high_wmarks : 0;
	si->boost_max_sum = m->boost_max > 0 ? m->boost_max : 0;
	si->boost_end = NAN;
	for (r = 0; r < rs->nboost; r++)
		if (ms->it.present[rs->boost[r]])
			si->boost_end = nz(si->boost_end) + (double)ms->it.value[rs->boost[r]];
	si->boost_start = NAN;
	si->skip_need = zone_skips_need(&rs->skips, ms, &st->zone_lists,
					m->page_size / 8);   /* a pageblock */
	si->has_skip_lists = zone_skips_read(&rs->skips, ms, &st->zone_lists,
					     &si->skipped, &si->skip_lists);
	si->boost_rate = st->act.kswapd_walks > 0 ?
			 st->act.kcompactd_wakes / st->act.kswapd_walks : NAN;
	si->kcompactd_timeout_only = split_kcompactd_timeout_only(st->act.kcompactd_wakes,
								  st->act.kswapd_seconds,
								  st->act.kswapd_stretches);
	si->kcompactd_wakes = raw_delta(ms, rs, RAW_KCOMPACTD_WAKE);
	si->low_gap_sum = m->low_gap > 0 ? m->low_gap : 0;
	si->min_gap_sum = m->min_gap > 0 ? m->min_gap : 0;
	si->scanned[RC_KSWAPD] = nz(in->scan_kswapd);
	si->reclaimed[RC_KSWAPD] = nz(in->steal_kswapd);
	si->walks[RC_KSWAPD] = in->kswapd_runs;
	si->scanned[RC_DIRECT] = nz(in->scan_direct);
	si->reclaimed[RC_DIRECT] = nz(in->steal_direct);
	si->walks[RC_DIRECT] = in->stalls;
	si->scanned[RC_KHUGEPAGED] = nz(in->scan_khugepaged);
	si->reclaimed[RC_KHUGEPAGED] = nz(raw_delta(ms, rs, RAW_STEAL_KHUGEPAGED));
	si->walks[RC_KHUGEPAGED] = NAN;
	si->scanned[RC_PROACTIVE] = nz(raw_delta(ms, rs, RAW_SCAN_PROACTIVE));
	si->reclaimed[RC_PROACTIVE] = nz(raw_delta(ms, rs, RAW_STEAL_PROACTIVE));
	si->walks[RC_PROACTIVE] = NAN;
	/*
	 * cgroup limit reclaim is counted in pgscan_anon/file (5.8+) and in
	 * nothing else global: what the per-type counts hold beyond every
	 * global reclaimer (reclaim-model.md 7, the 5.8+ identity).
	 */
	for (r = 0; r < NR_RECLAIMERS; r++)
		if (r != RC_CGROUP)
			global += si->scanned[r];
	all = nz(in->scan_anon) + nz(in->scan_file);
	si->scanned[RC_CGROUP] = all > global ? all - global : 0;
	global = 0;
	for (r = 0; r < NR_RECLAIMERS; r++)
		if (r != RC_CGROUP)
			global += si->reclaimed[r];
	all = nz(raw_delta(ms, rs, RAW_STEAL_ANON)) + nz(raw_delta(ms, rs, RAW_STEAL_FILE));
	si->reclaimed[RC_CGROUP] = all > global ? all - global : 0;
	/* no pass scanned anon, or none file: a walk stops within a batch */
	one_type = in->scan_anon == 0 || in->scan_file == 0;
	si->walks[RC_CGROUP] = rs->slot[RAW_CG_MAX_EVENTS] >= 0 ?
		split_cgroup_walks_counted(nz(raw_delta(ms, rs, RAW_CG_MAX_EVENTS)) +
					   nz(raw_delta(ms, rs, RAW_CG_HIGH_EVENTS)),
					   si->reclaimed[RC_CGROUP], one_type, si->grain_cg) :
		split_cgroup_walks(fail, si->reclaimed[RC_CGROUP], one_type, si->grain_cg);
	if (!(si->walks[RC_CGROUP] > 0))
		si->walks[RC_CGROUP] = NAN;
	reclaimed = reclaimed_sum(si);
	si->alloc_rate = alloc_rate(ms, rs, in, reclaimed);
	si->pcp_released = pcp_released(ms, rs);
	si->zone_need = zone_frees_need(&rs->frees, ms, reclaimed);
	si->balanced_end = zone_frees_balanced(&rs->frees, ms);
	si->swap_out = in->swap_out;
	si->swapped_before = st->swapped;
	si->file_writes = metric_stream_value(ms, METRIC_file_writes);
	si->restore_anon = raw_delta(ms, rs, RAW_RESTORE_ANON);
	si->restore_file = raw_delta(ms, rs, RAW_RESTORE_FILE);
	si->activate_anon = raw_delta(ms, rs, RAW_ACT_ANON);
	si->activate_file = raw_delta(ms, rs, RAW_ACT_FILE);
	/* the cgroup's own (v2 counts activations; v1 only refaults, which
	 * bound them: none refaulted, none activated) */
	si->cg_activate_file = raw_delta(ms, rs, RAW_CG_ACT_FILE);
	if (isnan(si->cg_activate_file))
		si->cg_activate_file = raw_delta(ms, rs, RAW_CG_REFAULT_FILE);
	if (!m->memcg)
		si->cg_activate_file = NAN;
	si->refault_near = activations_shown(&st->act, st->t0, st->t1);
	for (r = 0; r < NR_RECLAIMERS; r++)
		si->refault_window[r] = activations_near(&st->act, st->t0, st->t1, r);
	efficiencies(st);
	si->eff_anon = st->eff_anon;
	si->eff_file = st->eff_file;
	si->eff_anon_now = in->scan_anon > 0 ?
			   raw_delta(ms, rs, RAW_STEAL_ANON) / in->scan_anon : NAN;
	/* 6.2+ rotations, from the interval before (no pgscan_anon of now) */
	si->scan_anon_prev = st->scan_anon;
	si->steal_anon_prev = st->steal_anon;
	si->scan_file_prev = st->scan_file;
	si->steal_file_prev = st->steal_file;
	st->scan_anon = nz(in->scan_anon);
	st->steal_anon = nz(raw_delta(ms, rs, RAW_STEAL_ANON));
	st->scan_file = nz(in->scan_file);
	st->steal_file = nz(raw_delta(ms, rs, RAW_STEAL_FILE));
	st->skipped = nz(si->skipped);
}

/* The largest class of anon the walk let in, over every reclaimer. */
static enum cause dominant(const struct split_out *o)
{
	double best = 0, by[NR_CAUSES] = { 0 };
	enum cause c = CAUSE_UNEXPLAINED;
	int r, k;

	for (r = 0; r < NR_RECLAIMERS; r++)
		for (k = 0; k < NR_CAUSES; k++)
			by[k] += o->r[r].anon_by[k];
	for (k = 0; k < NR_CAUSES; k++)
		if (k != CAUSE_UNEXPLAINED && by[k] > best) {
			best = by[k];
			c = (enum cause)k;
		}
	return c;
}

static void split_attribute(const struct split_out *o, const struct split_in *si,
			    double anon_meas, struct replay_iv *iv,
			    struct attribution *a)
{
	double out = nz(si->swap_out), x;
	int r, k;

	for (r = 0; r < NR_RECLAIMERS; r++) {
		iv->pages_out[r] = 0;
		iv->cause[r] = CAUSE_UNEXPLAINED;
	}
	if (!(out > 0))
		return;
	x = !(o->anon_pred > 0) ? 0 :
	    anon_meas > 0 && o->anon_pred < SPLIT_ANON_EXPLAINED * anon_meas ?
	    o->anon_pred / anon_meas : 1;
	a->pages[CAUSE_UNEXPLAINED] += out * (1 - x);
	for (r = 0; r < NR_RECLAIMERS; r++) {
		const struct split_reclaim_out *ro = &o->r[r];
		double best = 0;

		if (!(ro->anon_pred > 0) || !(o->anon_pred > 0))
			continue;
		iv->pages_out[r] = out * ro->anon_pred / o->anon_pred;
		a->ctx_pages[r][CAUSE_UNEXPLAINED] += iv->pages_out[r] * (1 - x);
		for (k = 0; k < NR_CAUSES; k++) {
			double v = out * x * ro->anon_by[k] / o->anon_pred;

			a->pages[k] += v;
			a->ctx_pages[r][k] += v;
			if (v > best) {
				best = v;
				iv->cause[r] = (enum cause)k;
			}
		}
	}
	/* no anon predicted at all: the context is the reclaimer that
	 * scanned most */
	if (!(o->anon_pred > 0)) {
		int most = 0;

		for (r = 1; r < NR_RECLAIMERS; r++)
			if (si->scanned[r] > si->scanned[most])
				most = r;
		a->ctx_pages[most][CAUSE_UNEXPLAINED] += out;
		iv->pages_out[most] = out;
	}
}

/* The scan-weighted estimate of every reclaimer but kswapd. */
static double other_priority(const struct split_out *o, const struct split_in *si)
{
	double w = 0, q = 0;
	int r;

	for (r = 0; r < NR_RECLAIMERS; r++)
		if (r != RC_KSWAPD && o->r[r].active && !isnan(o->r[r].p_est)) {
			w += si->scanned[r];
			q += si->scanned[r] * o->r[r].p_est;
		}
	return w > 0 ? q / w : NAN;
}

/*
 * Where kswapd's walk stands for the next interval.  One that scanned
 * nothing may only be waiting (reclaim_throttle() on writeback): every
 * walk counts PAGEOUTRUN when it begins, so a walk ends for the model
 * only when a new one is counted.  But it waits between two passes:
 * shrink_node() throttles kswapd after shrink_node_memcgs() has done the
 * level's pass (v6.1 and v6.18), so the pass it stood in is over: none
 * left for the next interval to finish (sw_finish_walk()), the walk going
 * on after that level (resume_at()).  labA run 16 at 4.02 s (6.12,
 * swappiness 200): after 0.21 s without a page scanned the walks began
 * at 12, none took the rest of the level-2 pass the replay had kswapd
 * stand in (2.2 against a traced 8.0).  In six lab sweeps 5 more
 * intervals within one level, none fewer.  Only over an interval of
 * KSWAPD_IDLE_S or more: a shorter pause may be a stall within a pass (a
 * swap write's bio, a lock).  And only where a walk is counted after
 * the pause or in it (pass_after_pause(); not recorded: taken as one):
 * a pass can stall longer inside, and then the same walk goes on with
 * it.  labBD run 3 at 32.04 s (6.1, swappiness 60, 768 MB under TCG): a
 * level-2 pass of about 12000 pages at 500-1500 a quarter second, 0.19 s
 * with none scanned and no walk begun, then the traces show level 2
 * going on for 3 s; ended there, the walk went on at 1 over no anon,
 * 7721 of the run's 53534 swapped pages unexplained (14.4%; 7792 in the
 * fixture alone, without the runs before it on its boot).  Over four
 * TCG sweeps (labBA-BD) that change alone explains 7721 more pages of
 * 6.1's swap-out and predicts 5 more intervals' anon within 10%; the 28
 * lab fixtures' figures stay as they were (labA run 16's walks begun
 * after its pause among them).
 * Not for a what-if's walk (whatif_interval()), whose passes end
 * elsewhere than the measured walk's, which paused between two of its
 * own.
 */
#define KSWAPD_IDLE_S 0.1   /* VMSCAN_THROTTLE_WRITEBACK's timeout, HZ/10 */

static void pass_over(struct split_state *st)
{
	st->kswapd_last.end_pass.anon = st->kswapd_last.end_pass.file = 0;
}

/*
 * A walk counted in an interval in which kswapd scanned nothing: the one
 * before it is over, and the one under way at the sample is that new
 * one, at its start (no progress point: the next interval's walks are
 * its own, from 12).  labBD run 11 at 38.02 s (6.12, 768 MB): the walk
 * after it traced at 6.9, replayed at 3.0 going on from the old one.
 */
static void walk_begun_in_pause(struct split_state *st)
{
	pass_over(st);
	st->kswapd_last.p_end = 0;
}

static void kswapd_state(struct split_state *st, const struct split_in *si,
			 const struct split_reclaim_out *k)
{
	if (k->active) {
		st->kswapd_last = *k;
		st->kswapd_idled = 0;
	} else if (st->t1 - st->t0 >= KSWAPD_IDLE_S) {
		if (split_kswapd_walk_counted(si))
			walk_begun_in_pause(st);
		else
			st->kswapd_idled = 1;
	}
}

/*
 * After such a pause (kswapd_state()), the pass is over where a new walk
 * is counted after it, not where kswapd goes on with none.
 */
static void pass_after_pause(struct split_state *st, const struct split_in *si)
{
	if (st->kswapd_idled && split_kswapd_walk_counted(si))
		pass_over(st);
}

/* The time of the last traced flush before the interval; NAN: untraced. */
static double flush_before(const struct split_state *st)
{
	double before, inside;

	return flushes_view(&st->act.flushes, st->t0, st->t1, &before, &inside) ?
	       before : NAN;
}

/* The time of the ring's sample whose lists are l; NAN: none of them. */
static double sample_of(const struct split_state *st, const struct split_lists *l)
{
	int i, k;

	for (i = 1; i <= st->seen_len; i++) {
		k = (st->seen_head - i + SEEN_RING) % SEEN_RING;
		if (!memcmp(&st->seen_l[k], l, sizeof(*l)))
			return st->seen_t[k];
	}
	return NAN;
}

/*
 * A flush's lists stand until the next flush (FLUSH_TIME, 2 s later), so
 * the view an earlier interval's anon placed (struct split_out.view) is
 * the prediction's for the later intervals of the same flush: an earlier
 * interval's pgscan_anon, not theirs.
 *   traced:   where the samples around the flush leave its lists open (a
 *             writer's file pages arrive in a step somewhere between two
 *             samples, split_in.has_bracket), the point the attribution
 *             picked, while the last flush before the interval is that one;
 *   untraced: the window's sample the attribution picked, while it is
 *             still in the window (a sample older than FLUSH_TIME before
 *             the interval has had a flush after it).  A flush may come
 *             between two intervals all the same: in one interval of
 *             eight at 0.25 s sampling, of two at 1 s.  (Lab 6.12 guests
 *             with the flush times hidden: anon predicted within 10% in 19
 *             of 61 intervals instead of 1; the what-if within 30% in 46
 *             of 99 pairs instead of 48.)
 * Kept only from an interval that scanned anon: no anon fits any view
 * that lets none in.
 */
static void keep_view(struct split_state *st, const struct split_in *si,
		      const struct split_out *so)
{
	if (!so->view_picked || !(si->anon_measured > 0))
		return;
	if (si->seen_known && si->has_bracket) {
		st->view_flush = flush_before(st);
		st->view_sample = NAN;
	} else if (!si->seen_known && si->seen_n > 1) {
		st->view_flush = NAN;
		st->view_sample = sample_of(st, &so->view);
	} else {
		return;
	}
	st->view = so->view;
	st->has_view = 1;
}

static void kept_view(const struct split_state *st, struct split_in *sp)
{
	if (!st->has_view)
		return;
	if (sp->seen_known && sp->has_bracket && st->view_flush == flush_before(st)) {
		sp->seen[0] = st->view;
	} else if (!sp->seen_known && sp->seen_n > 1 &&
		   st->view_sample > st->t0 - SPLIT_MEMCG_FLUSH_S) {
		sp->seen_n = 1;
		sp->seen[0] = st->view;
		memset(sp->seen_w, 0, sizeof(sp->seen_w));
	}
}

/* The refault walks sp's walks are expected to take, at its swappiness. */
static void expect_refault_walks(struct split_state *st, struct split_in *sp)
{
	activations_expected(&st->act, st->t1, split_refault_walk_ends_late(sp->swappiness),
			     sp->refault_expected);
}

/*
 * The prediction's walk: made without the interval's pgscan_anon, so it
 * cannot tell which interval of an activation's lag window held the walk
 * that saw it; it takes each moment of the window as likely, the
 * intervals sharing it by their pages scanned inside it
 * (activations_expected()).  The attribution's walk lets any interval of
 * the window explain its measured anon scanning (si->refault_near,
 * si->refault_window).  What came before the interval is known to it, as
 * to the attribution: the view the attribution kept (kept_view()), and
 * where its kswapd walk stood, in which pass.
 */
static void predict(struct split_state *st, const struct split_in *si,
		    struct split_in *sp)
{
	*sp = *si;
	sp->refault_near = 0;
	memset(sp->refault_window, 0, sizeof(sp->refault_window));
	sp->anon_measured = sp->file_measured = sp->eff_anon_now = NAN;
	sp->has_expected = 1;
	expect_refault_walks(st, sp);
	split_kswapd_goes_on(sp, &st->kswapd_last);
	split_direct_goes_on(sp, &st->direct_last);
	kept_view(st, sp);
	split_walk(sp, &st->node_cost, &st->cg_cost, &st->pred);
}

/*
 * Swap-out with no anon scanned in the interval: the pages were scanned
 * just before the sample.  shrink_inactive_list() counts PGSCAN_* when it
 * isolates a batch, and shrink_folio_list() then writes it (PSWPOUT at
 * the bio's submission, v6.1 and v6.18), so a batch's writes can land in
 * the next sample.  Such swap-out takes the walk of the interval before,
 * if that one scanned anon.  Returns the walk the attribution reads, and
 * in *anon the anon pages measured that go with it.
 */
static const struct split_out *attributed_walk(const struct split_state *st,
					       const struct split_out *so,
					       const struct interval_in *in, double *anon)
{
	int late = !(nz(in->scan_anon) > 0) && !(so->anon_pred > 0) && st->last_anon > 0;

	*anon = late ? st->last_anon : in->scan_anon;
	return late ? &st->last : so;
}

/*
 * The interval's walks at another swappiness (sp: the prediction's
 * inputs), each reclaimer scanning the pages it did.  Not, per interval
 * and reclaimer, the pages that would reclaim what its walks did: a
 * walk ends once the node is balanced, by every reclaimer's reclaim,
 * not its own (kswapd's walks that saw a refault take anon only at 200,
 * while its trim walks and direct reclaim free the file pages).  On two
 * lab sweeps whose runs repeat their swap-out (bench swappiness --reread
 * 32M), 37 of 48 predictions of the swap-out at another swappiness of 60
 * to 200 came within 30% so, against 10 with each interval's walks
 * reclaiming as much as the run's, which scanned 2.7 times the anon at
 * 200 that the runs did.  The run as a whole is balanced after its last
 * sample (whatif_balanced()).
 * Swap-out per anon page scanned as the whole run measured it (the
 * prediction places a refault walk by expectation, not in the interval
 * that scanned it, and the ratio of the intervals so far would leave the
 * walks before the run's first anon scan unwritten); the costs follow
 * the predicted writes.  A run that scanned no anon page cannot tell the
 * ratio: its what-if predicts the anon scan, and its swap-out is unknown
 * (NAN), written as none for the costs.
 */
static void whatif_interval(struct split_state *st, struct split_in *sp,
			    const struct split_out *so, double whatif,
			    struct replay_iv *iv, struct attribution *a)
{
	double per_anon = st->act.anon_scanned > 0 ?
			  fmin(1, st->act.swap_out / st->act.anon_scanned) : NAN;
	struct split_out wo;
	int r, c;

	sp->swappiness = whatif;
	st->wi_sw = whatif;
	expect_refault_walks(st, sp);   /* as they would at whatif */
	sp->zero_walks = so->r[RC_CGROUP].zero_walks;
	sp->zero_anon = so->r[RC_CGROUP].zero_anon;
	sp->zero_level = so->r[RC_CGROUP].zero_level;
	split_kswapd_goes_on(sp, &st->whatif_last);   /* its own walks' */
	split_direct_goes_on(sp, &st->whatif_direct);
	split_walk(sp, &st->wi_node_cost, &st->wi_cg_cost, &wo);
	if (wo.r[RC_KSWAPD].active)
		st->whatif_last = wo.r[RC_KSWAPD];   /* its walks pause nowhere */
	st->whatif_direct = wo.r[RC_DIRECT];
	sp->swap_out = isnan(per_anon) ? 0 : wo.anon_pred * per_anon;
	split_cost_update(&st->wi_node_cost, sp, &sp->node);
	if (sp->has_cg)
		split_cost_update(&st->wi_cg_cost, sp, &sp->cg);
	iv->whatif_anon = wo.anon_pred;
	/* the interval's, not the scan of the reclaimers that took anon:
	 * their walks and the others' share the interval's lists (per
	 * reclaimer, before the gate on the dive in whatif_balance(): 62
	 * of the eight sweeps' 170 swap-outs within 30% instead of 66, 27
	 * of the three later sweeps' 64 instead of 31) */
	if (wo.anon_pred > 0)
		st->wi_with_anon += st->scan_anon + st->scan_file;
	for (r = 0; r < NR_RECLAIMERS; r++)
		for (c = 0; c < NR_CAUSES; c++)
			if (split_cause_every_level((enum cause)c))
				st->wi_anon_every_level += wo.r[r].anon_by[c];
	a->whatif_anon += wo.anon_pred;
	a->whatif_swap += isnan(per_anon) ? NAN : sp->swap_out;
	if (isnan(per_anon))
		a->whatif_why = st->act.anon_recorded ?
				"the run scanned no anon page" :
				"pgscan_anon was not recorded (kernels before 5.8)";
}

/* What whatif_balance() reads of the run: its list and totals. */
static void whatif_record(struct split_state *st, const struct split_in *si,
			  const struct interval_in *in)
{
	struct whatif_run *w = &st->wi_run;

	st->wi_oom |= swap_list_add(&st->wi_list, in->scan_anon, in->swap_out) != 0;
	swap_list_saw(&st->wi_list, si->node.inactive_anon);
	w->anon_scanned += st->scan_anon;
	w->file_scanned += st->scan_file;
	w->file_reclaimed += st->steal_file;
}

/*
 * The what-if's walks, which scanned what the run's did, made to reclaim
 * what the run's did (model/whatif_balance.h).  Over the run, not per
 * interval: a walk that frees nothing by one sample goes on into the
 * next.  Not in a memory cgroup, whose lists and reclaim the node's
 * counters do not tell apart from the rest of the machine's, nor at the
 * run's own swappiness, where the walks are the run's.  The lab's
 * figures: README, the what-if.
 */
static void whatif_balanced(const struct split_state *st, const struct run_model *m,
			    struct attribution *a)
{
	struct whatif_same same = { a->whatif_anon, a->whatif_swap, st->wi_with_anon,
				    st->wi_anon_every_level };
	struct whatif_pred p;

	if (!st->wi_list.n || m->memcg || st->wi_sw == m->swappiness)
		return;
	whatif_balance(&st->wi_list, &st->wi_run, st->wi_sw, &same, &p);
	a->whatif_anon = p.anon;
	a->whatif_swap = p.swap_out;
	a->whatif_how = p.how;
}

/*
 * The lists the walks of an interval began on, where reclaim began in
 * it (the interval before scanned nothing, so no walk was under way):
 * kswapd is woken once an allocation finds a zone below its low
 * watermark (wakeup_kswapd() from the allocator's slow path), so its
 * walks, and direct reclaim's below min, ran after the free pages had
 * fallen that far, not from the interval's start.  On a page cache that
 * grows while the memory fills (a writer starting) the start's lists are
 * far smaller than those the walks met.  The moment is where the free
 * pages' straight line between the two samples meets the low
 * watermarks' sum, and the lists there are on theirs (the sums stand for
 * the zones, as elsewhere): they replace the start's.  Over fourteen lab
 * sweeps (Debian 6.1.0-57 and 6.12.118, 0.25 s samples) kswapd came
 * within one level of its traced priority in 18 more intervals and 4
 * fewer, direct reclaim in 17 more and 2 fewer, most of them a run's
 * first with reclaim.  Not every interval that began balanced (free
 * pages at the high watermarks' sum): 6.12's boosted walks are woken
 * above low (rmqueue() wakes kswapd for a boosted zone), and taking
 * those put 23 intervals out of one level for 52 more in it.
 */
static void onset_lists(const struct split_state *st, struct split_in *si)
{
	double low = si->high_wmark_sum - si->low_gap_sum, before = 0, x;
	int r;

	for (r = 0; r < NR_RECLAIMERS; r++)
		before += nz(st->prev.scanned[r]);
	if (before > 0 || !(si->scanned[RC_KSWAPD] + si->scanned[RC_DIRECT] > 0) ||
	    !(si->high_wmark_sum > 0) || !(si->free_start > low) ||
	    !(si->free_start > si->free))
		return;
	x = fmin(1, (si->free_start - low) / (si->free_start - si->free));
	split_lists_between(&si->node_prev, &si->node, x, &si->node_prev);
}

/*
 * A run's first interval has no interval before it, but a sample: the
 * cgroup's lists there are those its limit walks decide on (sw_cgroup_view():
 * the sampler's read of memory.stat flushed them), a fresh group's often
 * without file, so that its walks scan anon at every level (SCAN_FRACT)
 * where the end's lists say cache_trim_mode.  Over five 6.18 host sweeps
 * and two fixtures (32 runs) the near_oom share of a run's swap-out was
 * 0.33 off the share the traces put at level 0, on average, 0.11 with the
 * first sample's lists.
 */
static void first_cg_lists(const struct split_state *st, struct split_in *si)
{
	si->cg_prev = st->first_cg;
	si->has_cg_start = 1;
}

/* One split-LRU interval: walk, attribution, truth, what-if. */
static void split_interval(const struct metric_stream *ms, const struct run_model *m,
			   struct split_state *st, const struct interval_in *in,
			   double whatif, struct interval_out *o,
			   struct split_out *so, struct replay_iv *iv,
			   struct attribution *a)
{
	struct split_in si, sp;
	struct split_out prev_out;
	const struct split_out *ex;
	double anon;
	int r;

	fill_split(ms, m, st, in, &si);
	if (st->have_prev) {
		si.node_prev = st->prev.node;
		si.boost_start = st->prev.boost_end;
		si.balanced_start = st->prev.balanced_end;
		si.free_start = st->prev.free;
		si.cg_prev = st->prev.cg;
		si.has_prev = 1;
		onset_lists(st, &si);
	} else if (si.has_cg && !isnan(st->first_cg.inactive_anon)) {
		first_cg_lists(st, &si);
	}
	split_cost_update(&st->node_cost, &si, &si.node);
	if (si.has_cg)
		split_cost_update(&st->cg_cost, &si, &si.cg);
	pass_after_pause(st, &si);
	predict(st, &si, &sp);
	split_kswapd_goes_on(&si, &st->kswapd_last);
	split_direct_goes_on(&si, &st->direct_last);
	split_walk(&si, &st->node_cost, &st->cg_cost, so);
	st->direct_last = so->r[RC_DIRECT];
	count_skips(&si, so, a);
	keep_view(st, &si, so);
	for (r = 0; r < NR_RECLAIMERS; r++)
		activations_take(&st->act, st->t0, st->t1, r, so->r[r].refault_added);
	kswapd_state(st, &si, &so->r[RC_KSWAPD]);
	model_outside(o);
	o->p_kswapd = so->r[RC_KSWAPD].p_est;
	o->p_direct = other_priority(so, &si);
	o->p_hat = isnan(o->p_kswapd) ? o->p_direct : o->p_kswapd;
	ex = attributed_walk(st, so, in, &anon);
	o->cause = dominant(ex);
	iv->anon_meas = in->scan_anon;
	split_attribute(ex, &si, anon, iv, a);
	st->last = *so;
	st->last_anon = nz(in->scan_anon);
	if (in->swap_out > 0) {
		a->share_sum += so->anon_share;
		a->share_n++;
	}
	/* borderline: the same walk on the gauges of the interval's start */
	if (st->have_prev && in->swap_out > 0) {
		struct split_in sp = si;

		sp.node = sp.node_prev = st->prev.node;
		sp.cg = sp.cg_prev = st->prev.cg;
		sp.free = st->prev.free;
		split_walk(&sp, &st->node_cost, &st->cg_cost, &prev_out);
		iv->borderline = dominant(&prev_out) != o->cause;
		a->borderline += iv->borderline ? in->swap_out : 0;
	}
	st->prev = si;
	st->have_prev = 1;
	st->swapped += nz(in->swap_out);
	truth_interval(ms, &st->rs.tr, so, &si, &st->pred, o->p_kswapd, o->p_direct,
		       &st->boost_carry, iv, a);
	if (in->scan_anon > 0) {
		a->anon_n++;
		a->anon_ok += fabs(st->pred.anon_pred - in->scan_anon) <= 0.1 * in->scan_anon;
		a->anon_pred += st->pred.anon_pred;
		a->anon_meas += in->scan_anon;
	}
	iv->pred = &st->pred;
	iv->whatif_anon = NAN;
	if (!isnan(whatif)) {
		whatif_record(st, &si, in);
		whatif_interval(st, &sp, so, whatif, iv, a);
	}
}

struct split_state *split_replay_open(const struct metric_stream *ms,
				      const struct run_set *set, const struct run_ref *r,
				      struct run_model *m, struct attribution *a)
{
	struct split_state *st = calloc(1, sizeof(*st));

	if (!st) {
		error("out of memory");
		return NULL;
	}
	raw_resolve(ms, &st->rs);
	st->eff_anon = st->eff_file = NAN;
	st->first_cg.inactive_anon = st->first_cg.active_anon = NAN;
	st->first_cg.inactive_file = st->first_cg.active_file = NAN;
	st->page_size = m->page_size;
	if (activations_load(&st->act, set->dbs[r->db], set->paths[r->db], r->id,
			     m->version)) {
		split_replay_close(st, a);
		return NULL;
	}
	grain_notes(st, m);
	if (start_costs(st, ms, set, r, m)) {
		split_replay_close(st, a);
		return NULL;
	}
	a->cost_inputs = st->node_cost.inputs;
	if (m->memcg && st->rs.slot[RAW_CG_IA] < 0)
		replay_note(m, "the cgroup's lists were not recorded: node lists used");
	fold_note(st, m);
	flush_note(st, m);
	if (m->memcg && st->rs.slot[RAW_CG_FAILCNT] < 0 &&
	    st->rs.slot[RAW_CG_MAX_EVENTS] < 0)
		replay_note(m, "cgroup walks taken as reclaimed / 32, or / the average "
			       "file folio where larger (no failcnt)");
	return st;
}

void split_replay_first(struct split_state *st, const struct metric_stream *ms)
{
	struct split_lists l;

	lists_from(ms, &st->rs, RAW_IA, 1, &l);
	seen_push(st, (double)ms->it.t_us / 1e6, &l);
	lists_from(ms, &st->rs, RAW_CG_IA, st->page_size, &st->first_cg);
	/* what the counters moved since the run before it on its boot */
	boot_costs_charge(&st->boot_end, st->version, st->boot_slot, ms->it.present, ms->it.value);
	st->node_cost = st->wi_node_cost = st->boot_end.cost;
}

void split_replay_interval(struct split_state *st, const struct metric_stream *ms,
			   const struct run_model *m, double t0, double t1,
			   const struct interval_in *in, double whatif,
			   struct interval_out *o, struct split_out *so,
			   struct replay_iv *iv, struct attribution *a)
{
	st->t0 = t0;
	st->t1 = t1;
	boot_costs_charge(&st->boot_end, st->version, st->boot_slot, ms->it.present,
			  ms->it.value);
	split_interval(ms, m, st, in, whatif, o, so, iv, a);
	count_wakes(ms, &st->rs, in, a);
}

int split_replay_done(struct split_state *st, const struct run_model *m,
		      struct attribution *a)
{
	if (st->wi_oom)
		return error("out of memory");
	whatif_balanced(st, m, a);
	return boot_costs_keep(st->boot_costs, &st->boot_end);
}

void split_replay_close(struct split_state *st, struct attribution *a)
{
	if (!st)
		return;
	if (truth_source(&st->rs.tr))
		a->truth_from = truth_source(&st->rs.tr);
	activations_release(&st->act);
	swap_list_release(&st->wi_list);
	free(st);
}
