/*
 * replay.c - a recorded run through the reclaim model (see replay.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "db.h"
#include "err.h"
#include "metrics.h"
#include "replay.h"
#include "replay_split.h"
#include "mstream.h"
#include "rundb.h"
#include "banned.h"

static const enum cause classic_classes[] = {
	CAUSE_MAPPED, CAUSE_DISTRESS, CAUSE_BUILDUP, CAUSE_NEAR_OOM,
	CAUSE_UNEXPLAINED,
};
static const enum cause split_classes[] = {
	CAUSE_NEAR_OOM, CAUSE_FILE_TINY, CAUSE_SMALL_FILE, CAUSE_FILE_REFAULTS,
	CAUSE_ACTIVE_FILE, CAUSE_UNEXPLAINED,
};
static const enum cause mglru_classes[] = {
	CAUSE_MG_ANON_OLDER, CAUSE_MG_SWAPPINESS_200, CAUSE_MG_REFAULT_CTRL,
	CAUSE_MG_FILE_EXHAUSTED, CAUSE_UNEXPLAINED,
};

const enum cause *model_classes(enum model_kind k, size_t *n)
{
	if (k == MODEL_CLASSIC) {
		*n = sizeof(classic_classes) / sizeof(classic_classes[0]);
		return classic_classes;
	}
	if (k == MODEL_SPLIT) {
		*n = sizeof(split_classes) / sizeof(split_classes[0]);
		return split_classes;
	}
	*n = sizeof(mglru_classes) / sizeof(mglru_classes[0]);
	return mglru_classes;
}

void replay_note(struct run_model *m, const char *what)
{
	size_t n = strlen(m->assumed);

	snprintf(m->assumed + n, sizeof(m->assumed) - n, "%s%s", n ? "; " : "",
		 what);
}

/* One-row query of the run's facts, kept in m. */
static int read_facts(sqlite3 *db, const char *path, const struct run_ref *r,
		      struct run_model *m, char *lru_gen, size_t cap)
{
	sqlite3_stmt *st;
	int rc;

	/*
	 * boost_watermark() (mm/page_alloc.c, v5.0 - v6.18): a zone's boost
	 * grows by a pageblock (PMD-sized: page_size / 8 pages) up to
	 * max(pageblock, high * watermark_boost_factor / 10000), the factor's
	 * default 15000 taken (the sysctl is not recorded)
	 */
	if (db_prepare(db, path, "SELECT swappiness, cgroup_swappiness, "
		       "cgroup IS NOT NULL, mem_total_kb, lru_gen, "
		       "(SELECT sum(high_pages) FROM watermark w WHERE w.run_id = r.id), "
		       "swap_total_kb, "
		       "(SELECT sum(max(?2, high_pages * 15000 / 10000)) FROM watermark w "
		       "WHERE w.run_id = r.id AND high_pages > 0), "
		       "(SELECT sum(high_pages - low_pages) FROM watermark w WHERE w.run_id = r.id), "
		       "(SELECT sum(high_pages - min_pages) FROM watermark w WHERE w.run_id = r.id) "
		       "FROM run r WHERE id = ?1", &st))
		return -1;
	sqlite3_bind_int64(st, 1, r->id);
	sqlite3_bind_int64(st, 2, (sqlite3_int64)(m->page_size / 8));
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		int cg = sqlite3_column_int(st, 2);
		int col = cg && sqlite3_column_type(st, 1) != SQLITE_NULL ? 1 : 0;

		m->memcg = cg;
		m->swappiness = sqlite3_column_type(st, col) == SQLITE_NULL ? NAN :
				sqlite3_column_double(st, col);
		m->total_pages = sqlite3_column_type(st, 3) == SQLITE_NULL ? NAN :
				 sqlite3_column_double(st, 3) * 1024 / m->page_size;
		snprintf(lru_gen, cap, "%s", sqlite3_column_type(st, 4) == SQLITE_NULL ?
			 "" : (const char *)sqlite3_column_text(st, 4));
		m->high_wmarks = sqlite3_column_double(st, 5);
		m->swap_total_kb = sqlite3_column_type(st, 6) == SQLITE_NULL ? NAN :
				   sqlite3_column_double(st, 6);
		m->boost_max = sqlite3_column_double(st, 7);
		m->low_gap = sqlite3_column_double(st, 8);
		m->min_gap = sqlite3_column_double(st, 9);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 0 : db_error(db, path, "cannot read");
}

/*
 * MGLRU state from /sys/kernel/mm/lru_gen/enabled ("0x0007": a bit mask,
 * on unless all zero) or a tag ("on", "y", "off", ...): 1 on, 0 off, -1
 * not understood.
 */
int replay_lru_gen_on(const char *v)
{
	static const char *const on[] = { "on", "y", "yes", "true", "enabled" };
	static const char *const off[] = { "off", "n", "no", "false", "disabled",
					   "none", "" };
	char *end;
	long n;
	size_t i;

	for (i = 0; i < sizeof(on) / sizeof(on[0]); i++)
		if (!strcasecmp(v, on[i]))
			return 1;
	for (i = 0; i < sizeof(off) / sizeof(off[0]); i++)
		if (!strcasecmp(v, off[i]))
			return 0;
	n = strtol(v, &end, 0);
	return end != v && !*end ? n != 0 : -1;
}

/* Guess the era from the names (reclaim-model.md, section 7). */
static void version_from_counters(const struct metric_set *set, int v[3])
{
	int era[3] = { 2, 6, 9 };

	if (metric_available(set, METRIC_anon_scanned))
		era[0] = 5, era[1] = 8, era[2] = 0;
	else if (metric_available(set, METRIC_file_lru_pages))
		era[0] = 2, era[1] = 6, era[2] = 28;
	memcpy(v, era, sizeof(era));
}

static int choose_model(const struct run_set *set, const struct run_ref *r,
			const struct metric_set *ms, struct run_model *m)
{
	const char *tag;
	char lru[32];

	memset(m, 0, sizeof(*m));
	m->page_size = r->page_size > 0 ? (double)r->page_size : 4096;
	if (read_facts(set->dbs[r->db], set->paths[r->db], r, m, lru, sizeof(lru)))
		return -1;
	if (r->kernel && !model_parse_version(r->kernel, m->version)) {
		snprintf(m->kernel_from, sizeof(m->kernel_from), "facts");
	} else if ((tag = run_value(r, "kernel")) &&
		   !model_parse_version(tag, m->version)) {
		snprintf(m->kernel_from, sizeof(m->kernel_from), "tag");
	} else {
		version_from_counters(ms, m->version);
		snprintf(m->kernel_from, sizeof(m->kernel_from), "counters");
		replay_note(m, "kernel era guessed from the counter names");
	}
	if ((tag = run_value(r, "lru_gen")) && !*lru)
		snprintf(lru, sizeof(lru), "%s", tag);
	if (replay_lru_gen_on(lru) < 0)
		replay_note(m, "lru_gen value not understood: MGLRU taken as off");
	if ((tag = run_value(r, "memcg")) && !m->memcg)
		m->memcg = !strcmp(tag, "yes");
	if (isnan(m->swappiness) && (tag = run_value(r, "swappiness")))
		m->swappiness = strtod(tag, NULL);
	if (isnan(m->swappiness)) {
		m->swappiness = 60;
		replay_note(m, "swappiness 60 (the default) assumed");
	}
	if (m->high_wmarks <= 0)
		replay_note(m, "zone watermarks unknown (file-tiny and kswapd targets off)");
	if (model_version_cmp(m->version, 2, 6, 28) < 0)
		m->kind = MODEL_CLASSIC;
	else if (model_version_cmp(m->version, 6, 1, 0) >= 0 &&
		 replay_lru_gen_on(lru) == 1)
		m->kind = MODEL_MGLRU;
	else
		m->kind = MODEL_SPLIT;
	return 0;
}

static void fill_interval(const struct metric_stream *s,
			  const struct run_model *m, double dt,
			  struct interval_in *in)
{
	memset(in, 0, sizeof(*in));
	in->dt_s = dt;
	in->scan_kswapd = metric_stream_value(s, METRIC_kswapd_scanned);
	in->steal_kswapd = metric_stream_value(s, METRIC_kswapd_reclaimed);
	in->kswapd_runs = metric_stream_value(s, METRIC_kswapd_runs);
	in->scan_direct = metric_stream_value(s, METRIC_direct_scanned);
	in->steal_direct = metric_stream_value(s, METRIC_direct_reclaimed);
	in->stalls = metric_stream_value(s, METRIC_alloc_stalls);
	in->refill = metric_stream_value(s, METRIC_refill);
	in->swap_out = metric_stream_value(s, METRIC_swap_out);
	in->scan_anon = metric_stream_value(s, METRIC_anon_scanned);
	in->scan_file = metric_stream_value(s, METRIC_file_scanned);
	in->scan_khugepaged = metric_stream_value(s, METRIC_khugepaged_scanned);
	in->file_refaults = metric_stream_value(s, METRIC_file_refaults);
	in->mapped = metric_stream_value(s, METRIC_mapped_pages);
	in->inactive = metric_stream_value(s, METRIC_inactive_pages);
	in->active = metric_stream_value(s, METRIC_active_pages);
	in->file_lru = metric_stream_value(s, METRIC_file_lru_pages);
	in->free = metric_stream_value(s, METRIC_free_pages);
	in->zone_scanned = metric_stream_value(s, METRIC_zone_scanned);
	in->total = m->total_pages;
	if (isnan(in->total))
		in->total = metric_stream_value(s, METRIC_mem_total) * 1024 / m->page_size;
	in->high_wmark_sum = m->high_wmarks;
	in->swappiness = m->swappiness;
}

/*
 * What reclaim really reached in the interval, where the run recorded it:
 * zoneinfo's prev_priority (a minimum over reclaimers, like p_hat), else
 * the deepest level a traced shrink_inactive_list() pass ran at.
 */
static double true_priority(const struct metric_stream *ms, struct attribution *a)
{
	double v = metric_stream_value(ms, METRIC_prev_priority);

	if (!isnan(v)) {
		a->truth_from = "prev_priority (zoneinfo)";
		return v;
	}
	v = metric_stream_value(ms, METRIC_trace_priority);
	if (!isnan(v))
		a->truth_from = "traced priority (vmscan tracepoints)";
	return v;
}

static void classic_truth(struct attribution *a, const struct interval_out *o,
			  double truth)
{
	if (!isnan(truth) && !isnan(o->p_hat)) {
		/* estimates are good to about one level */
		a->truth_n++;
		a->truth_agree += fabs(round(o->p_hat) - truth) <= 1;
		a->truth_sum += truth;
		a->estimate_sum += o->p_hat;
	}
}

int replay_run(const struct run_set *set, const struct run_ref *r,
	       struct run_model *m, struct attribution *a,
	       const struct replay_opts *opt)
{
	struct metric_stream ms;
	struct split_state *st = NULL;
	double whatif = opt ? opt->whatif_swappiness : NAN;
	int64_t prev_t = 0;
	int rc;

	memset(a, 0, sizeof(*a));
	/* either failure is -1 (an error, printed), never a silent success */
	rc = metric_stream_open(&ms, set->dbs[r->db], set->paths[r->db], r->id) ||
	     choose_model(set, r, &ms.set, m) ? -1 : 0;
	if (!rc && m->kind == MODEL_SPLIT && !(st = split_replay_open(&ms, set, r, m, a)))
		rc = -1;
	while (!rc && (rc = metric_stream_next(&ms)) == 1) {
		struct interval_in in;
		struct interval_out o = { .cause = CAUSE_UNEXPLAINED };   /* o.mg zeroed: not MGLRU */
		struct split_out so;
		struct replay_iv iv;
		double t0;
		int k;

		rc = 0;
		if (ms.it.seq == 0) {
			prev_t = ms.it.t_us;
			if (st)
				split_replay_first(st, &ms);
			continue;
		}
		memset(&iv, 0, sizeof(iv));
		t0 = (double)prev_t / 1e6;
		fill_interval(&ms, m, (double)(ms.it.t_us - prev_t) / 1e6, &in);
		prev_t = ms.it.t_us;
		for (k = 0; k < NR_RECLAIMERS; k++)
			iv.p_true[k] = iv.p_deep_true[k] = iv.anon_true[k] = NAN;
		iv.anon_true_all = NAN;
		iv.anon_meas = in.scan_anon;
		iv.whatif_anon = NAN;
		iv.boosts_raised_true = NAN;
		if (m->kind == MODEL_CLASSIC) {
			model_classic(&in, m->version, &o);
		} else if (m->kind == MODEL_SPLIT) {
			split_replay_interval(st, &ms, m, t0, (double)ms.it.t_us / 1e6, &in,
					      whatif, &o, &so, &iv, a);
			iv.split = &so;
		} else {
			mglru_replay_interval(&ms, m, &in, &o, &a->mglru);
		}
		a->intervals++;
		iv.truth = true_priority(&ms, a);
		if (m->kind != MODEL_SPLIT)
			classic_truth(a, &o, iv.truth);
		if (in.swap_out > 0) {
			a->swapped += in.swap_out;
			if (m->kind != MODEL_SPLIT)
				a->pages[o.cause] += in.swap_out;
			a->swap_intervals++;
		}
		iv.run = r->id;
		iv.t_s = (double)ms.it.t_us / 1e6;
		iv.in = &in;
		iv.out = &o;
		if (opt && opt->fn)
			rc = opt->fn(opt->ctx, &iv);
	}
	if (rc == 0 && st)
		rc = split_replay_done(st, m, a);
	split_replay_close(st, a);
	metric_stream_release(&ms);
	return rc < 0 ? -1 : 0;
}

