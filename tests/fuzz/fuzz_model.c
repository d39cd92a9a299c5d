/*
 * fuzz_model.c - libFuzzer target for the reclaim model (model/): one
 * struct split_in and the node's and the cgroup's struct split_cost
 * built from the input, through split_walk() as the replay calls it
 * (analyzer/replay_split.c): the attribution or the prediction, on its
 * own or after an interval whose kswapd and direct walks go on in it
 * (split_kswapd_goes_on(), split_direct_goes_on()), and the --what-if
 * walk at another swappiness; the classic model (model_classic()) and
 * the MGLRU one (mglru_interval(), mglru_what_if(), mglru_drain()) on
 * the input's tail.
 *
 * Input: a header of HEADER bytes (flags, the kernel version's index in
 * versions[], the ints and enums, each taken into its range), then
 * doubles of 5 bytes each, in the order fill() reads them: a byte that
 * picks the kind (a count up to 1e7 or up to 63, a fraction, 0, a
 * negative value, NaN, +-INFINITY, a huge value: +-1e300, 2^63, 2^40,
 * 2^31, 1e9, +-DBL_MAX) and 4 bytes of value.  Bytes past the input's
 * end read as 0.
 *
 * Two domains.  By default the one the replay can give the model
 * (reachable()): what replay_split.c fills from counter deltas (>= 0,
 * a reset reads 0) and gauges (>= 0, NAN where not sampled), finite and
 * no larger than 2^30 pages (BIG), integers where the kernel counts pages,
 * swappiness 0..200, the fields the replay ties together so tied (the
 * prediction reads no pgscan_anon, the walk going on is the interval
 * before's, the cgroup's walks counted by split_cgroup_walks(), the
 * costs rebuilt by split_cost_update()).  FUZZ_MODEL_WIDE=1 in the
 * environment takes every double as the input gives it, the resume
 * state and the costs too (the ints still in range).  Its first runs
 * found the model casting a progress point past INT_MAX to int
 * (split_walk.c end_at(): also from a real-looking cgroup interval, the
 * reproducer in crashes/model/) and an infinite cost to long (cost.c),
 * and pick_view() (split_views.c) picking no view where no view's anon
 * distance was a number.
 *
 * The checks are what split.h, model.h and mglru.h promise of the
 * outputs: priorities in 0..12 or NAN, p_star -1..12, shares in 0..1,
 * pages (anon predicted, by cause, skipped, boosted) not negative, the
 * causes adding up to the anon predicted and the reclaimers to the
 * total, start_share NAN exactly without a start sample, the pass's
 * level -1..12.  In the wide domain only those no input can excuse (the
 * ints, enums and flags in range, the deepest level a level, kswapd's
 * never estimable, start_share's NAN): values computed from garbage may
 * be garbage.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

/* the priorities: DEF_PRIORITY (include/linux/mmzone.h) down to 0 */
#define TOP 12

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* the input as a stream; past its end, zeros */
struct src {
	const uint8_t *p;
	size_t n;
	int wide;
};

static unsigned byte(struct src *s)
{
	if (!s->n)
		return 0;
	s->n--;
	return *s->p++;
}

static uint32_t word(struct src *s)
{
	uint32_t v = 0;
	int i;

	for (i = 0; i < 4; i++)
		v |= (uint32_t)byte(s) << (8 * i);
	return v;
}

/*
 * What a field can hold from the replay (reachable()): a count is an
 * integer number of pages (a delta or a gauge), a real may be a
 * fraction (a rate, a share of walks); NAN where not recorded, a sign
 * where the replay takes a difference.
 */
enum dom {
	D_COUNT,        /* integer >= 0 or NAN: a delta or a gauge */
	D_INT,          /* integer >= 0: nz()'d, or 0 for unknown */
	D_RATE,         /* real >= 0 or NAN */
	D_REAL,         /* real >= 0 */
	D_SIGNED,       /* integer, any sign, or NAN (a gauge's delta) */
	D_NEED,         /* real, any sign, or NAN (split_in.skip_need) */
	D_SHARE,        /* 0..1 */
};

/*
 * The largest page count taken from real data: 2^30 pages, all of a
 * 4 TiB node's memory in one interval's counter or one gauge.  The
 * replay's int64 deltas go to 2^63 only in a damaged database.
 */
#define BIG 1073741824.0

/* one double as the input gives it (struct src: the kinds) */
static double raw(struct src *s, unsigned *kind)
{
	unsigned sel = byte(s), hi = sel >> 3;
	uint32_t v = word(s);
	static const double huge[8] = { 1e300, -1e300, 9223372036854775808.0,
					1099511627776.0, 2147483648.0, 1e9, DBL_MAX, -DBL_MAX };

	*kind = sel & 7;
	switch (sel & 7) {
	case 0:
		return hi < 8 ? (double)(v % 64) : (double)(v % 10000001);
	case 1:
		return (double)v / 4294967296.0 * (hi % 4 == 0 ? 1 : hi % 4 == 1 ? 100 :
						   hi % 4 == 2 ? 1e4 : 1e7);
	case 2:
		return 0;
	case 3:
		return -(double)(v % 10000001) - (hi & 1 ? 0.5 : 1);
	case 4:
		return NAN;
	case 5:
		return INFINITY;
	case 6:
		return -INFINITY;
	default:
		return huge[hi % 8];
	}
}

/* the same, taken into what field domain d can hold from the replay */
static double reachable(double x, unsigned kind, enum dom d)
{
	int nan_ok = d == D_COUNT || d == D_RATE || d == D_SIGNED || d == D_NEED;
	int sign_ok = d == D_SIGNED || d == D_NEED;

	if (d == D_SHARE)
		return kind == 1 ? x - floor(x) : kind == 7 ? 1 : 0;
	if (isnan(x))
		return nan_ok ? x : 0;
	if (fabs(x) > BIG)
		x = copysign(BIG, x);
	if (x < 0 && !sign_ok)
		x = -x;
	if (d == D_COUNT || d == D_INT || d == D_SIGNED)
		x = floor(x);
	return x;
}

static double num(struct src *s, enum dom d)
{
	unsigned kind;
	double x = raw(s, &kind);

	return s->wide ? x : reachable(x, kind, d);
}

/*
 * The sysctl's 0..200 (a cgroup's memory.swappiness 0..100; the run's
 * tag, which strtod() reads, where neither was recorded): the kind byte's
 * low bit asks for a fraction
 */
static double swappiness(struct src *s)
{
	unsigned kind;
	uint32_t v;

	if (s->wide)
		return raw(s, &kind);
	kind = byte(s);
	v = word(s);
	return kind & 1 ? (double)v / 4294967296.0 * 200 : (double)(v % 201);
}

static void lists(struct src *s, struct split_lists *l)
{
	l->inactive_anon = num(s, D_COUNT);
	l->active_anon = num(s, D_COUNT);
	l->inactive_file = num(s, D_COUNT);
	l->active_file = num(s, D_COUNT);
}

static const int versions[][3] = {
	{ 2, 6, 9 }, { 2, 6, 28 }, { 3, 10, 0 }, { 4, 8, 0 }, { 5, 0, 0 },
	{ 5, 8, 0 }, { 6, 1, 0 }, { 6, 2, 0 }, { 6, 6, 0 }, { 6, 12, 0 },
	{ 6, 14, 0 }, { 6, 18, 0 },
};
#define NR_VERSIONS (sizeof(versions) / sizeof(versions[0]))

/* the header: flags h[0], h[1], h[4], h[8]; see fill() and the target's
 * end (h[8]: classic, mglru and their flags) */
#define HEADER 9

struct hdr {
	uint8_t h[HEADER];
};

static int bit(const struct hdr *hd, int i, int b)
{
	return (hd->h[i] >> b) & 1;
}

/* the folio census's counts per order, as census_grain() takes them */
static void grain(struct src *s, struct split_grain *g)
{
	double anon[11], file[11];
	int k;

	for (k = 0; k < 11; k++)
		anon[k] = num(s, D_INT);
	for (k = 0; k < 11; k++)
		file[k] = num(s, D_INT);
	split_grain_init(g, anon, file, 11);
}

struct setup {
	struct split_in in;
	struct split_cost node_cost, cg_cost;
	struct split_grain g_node, g_cg;
	double fail;               /* the cgroup's failcnt or events, reachable */
	int chain, whatif, whatif_swappiness, pass_over, counted;
};

/* The split walk's inputs from the header and the doubles after it. */
static void fill(struct src *s, const struct hdr *hd, struct setup *st)
{
	struct split_in *in = &st->in;
	const int *v = versions[hd->h[2] % NR_VERSIONS];
	int r, i, wide = s->wide;

	memset(st, 0, sizeof(*st));
	memcpy(in->version, v, sizeof(in->version));
	in->has_cg = bit(hd, 0, 0);
	in->has_prev = bit(hd, 0, 1);
	in->swap_on = bit(hd, 0, 2);
	st->chain = bit(hd, 0, 3);
	in->has_expected = bit(hd, 0, 6);
	in->refault_near = bit(hd, 0, 7);
	in->seen_known = bit(hd, 1, 0);
	in->seen_moments = bit(hd, 1, 1);
	in->has_bracket = bit(hd, 1, 2);
	in->kswapd_resume_balanced = bit(hd, 1, 3);
	in->has_skip_lists = bit(hd, 1, 4);
	in->kcompactd_timeout_only = bit(hd, 1, 5);
	in->kswapd_resume_pass.outlasted = bit(hd, 1, 6);
	st->whatif = bit(hd, 1, 7);
	in->seen_n = hd->h[3] % (SPLIT_SEEN_MAX + 1);
	in->zero_level = hd->h[4] & 1;
	in->balanced_start = (enum node_balance)((hd->h[4] >> 1 & 3) % 3);
	in->balanced_end = (enum node_balance)((hd->h[4] >> 3 & 3) % 3);
	st->pass_over = bit(hd, 4, 6);
	st->counted = bit(hd, 4, 7);
	in->kswapd_resume_pass.level = hd->h[5] % (TOP + 2) - 1;
	in->kswapd_resume_pass.cause = (enum cause)(hd->h[6] % NR_CAUSES);
	st->whatif_swappiness = hd->h[7] % 201;
	in->has_cg_start = bit(hd, 8, 5);

	split_cost_init(&st->node_cost, in->version);
	split_cost_init(&st->cg_cost, in->version);
	st->node_cost.anon = num(s, D_INT);
	st->node_cost.file = num(s, D_INT);
	st->cg_cost.anon = num(s, D_INT);
	st->cg_cost.file = num(s, D_INT);
	if (wide)
		st->node_cost.known = st->cg_cost.known = bit(hd, 4, 5);

	in->swappiness = swappiness(s);
	lists(s, &in->node);
	lists(s, &in->cg);
	in->zero_walks = num(s, D_REAL);
	lists(s, &in->node_prev);
	lists(s, &in->cg_prev);
	in->free = num(s, D_COUNT);
	in->high_wmark_sum = num(s, D_INT);
	in->free_start = num(s, D_COUNT);
	in->boost_max_sum = num(s, D_INT);
	in->boost_start = num(s, D_COUNT);
	in->boost_end = num(s, D_COUNT);
	in->boost_rate = num(s, D_RATE);
	in->kcompactd_wakes = num(s, D_COUNT);
	in->low_gap_sum = num(s, D_INT);
	in->min_gap_sum = num(s, D_INT);
	in->alloc_rate = num(s, D_RATE);
	in->pcp_released = num(s, D_COUNT);
	in->zone_need = num(s, D_RATE);
	in->skipped = num(s, D_COUNT);
	lists(s, &in->skip_lists);
	in->skip_need = num(s, D_NEED);
	for (r = 0; r < NR_RECLAIMERS; r++) {
		in->scanned[r] = num(s, D_INT);
		in->reclaimed[r] = num(s, D_INT);
		in->walks[r] = num(s, D_COUNT);
	}
	in->swap_out = num(s, D_COUNT);
	/* nr_vmscan_write - pswpout: NAN, not negative, where they disagree
	 * (metric_value()) */
	in->file_writes = num(s, D_COUNT);
	in->restore_anon = num(s, D_COUNT);
	in->restore_file = num(s, D_COUNT);
	in->scan_anon_prev = num(s, D_INT);
	in->steal_anon_prev = num(s, D_INT);
	in->scan_file_prev = num(s, D_INT);
	in->steal_file_prev = num(s, D_INT);
	in->activate_anon = num(s, D_COUNT);
	in->activate_file = num(s, D_COUNT);
	in->cg_activate_file = num(s, D_COUNT);
	for (r = 0; r < NR_RECLAIMERS; r++)
		in->refault_window[r] = num(s, D_REAL);
	in->eff_anon = num(s, D_RATE);
	in->eff_file = num(s, D_RATE);
	for (r = 0; r < NR_RECLAIMERS; r++)
		in->refault_expected[r] = num(s, D_REAL);
	for (i = 0; i < SPLIT_SEEN_MAX; i++)
		lists(s, &in->seen[i]);
	for (i = 0; i <= SPLIT_SEEN_MAX; i++)
		in->seen_w[i] = num(s, D_SHARE);
	lists(s, &in->seen_bracket[0]);
	lists(s, &in->seen_bracket[1]);
	in->bracket_swing = num(s, D_INT);
	in->anon_measured = num(s, D_COUNT);
	in->file_measured = num(s, D_COUNT);
	/* the state the interval before left (wide; reachable: chain) */
	in->kswapd_resume = num(s, D_RATE);
	in->kswapd_resume_refault = num(s, D_SHARE);
	in->kswapd_resume_pass.anon = num(s, D_INT);
	in->kswapd_resume_pass.file = num(s, D_INT);
	in->kswapd_resume_pass.anon_largest = num(s, D_INT);
	in->direct_resume = num(s, D_REAL);
	st->fail = num(s, D_COUNT);
	in->zero_anon = num(s, D_REAL);
	in->eff_anon_now = num(s, D_RATE);
	in->swapped_before = num(s, D_INT);
	if (bit(hd, 0, 4)) {
		grain(s, &st->g_node);
		in->grain_node = &st->g_node;
	}
	if (bit(hd, 0, 5)) {
		grain(s, &st->g_cg);
		in->grain_cg = &st->g_cg;
	}
}

/*
 * What replay_split.c ties together (fill_split(), split_interval(),
 * predict(), seen_traced(), seen_fill()): taken so in the reachable
 * domain.
 */
static void tie(struct setup *st)
{
	struct split_in *in = &st->in;
	double x;
	int r, one_type;

	/* the walks going on come from the interval before (chain) */
	in->kswapd_resume = in->kswapd_resume_refault = 0;
	in->kswapd_resume_balanced = 0;
	memset(&in->kswapd_resume_pass, 0, sizeof(in->kswapd_resume_pass));
	in->kswapd_resume_pass.level = -1;
	in->direct_resume = 0;
	in->zero_walks = in->zero_anon = 0;    /* the what-if's, from the attribution */
	in->zero_level = 0;
	if (!in->has_cg) {
		memset(&in->cg, 0, sizeof(in->cg));
		memset(&in->cg_prev, 0, sizeof(in->cg_prev));
		in->cg_activate_file = NAN;
	}
	/* a run's first interval: the cgroup's lists at its first sample,
	 * where recorded (first_cg_lists()) */
	in->has_cg_start = !in->has_prev && in->has_cg && in->has_cg_start &&
			   !isnan(in->cg_prev.inactive_anon);
	if (!in->has_prev) {
		memset(&in->node_prev, 0, sizeof(in->node_prev));
		if (!in->has_cg_start)
			memset(&in->cg_prev, 0, sizeof(in->cg_prev));
		in->free_start = in->boost_start = NAN;
		in->balanced_start = BALANCE_UNKNOWN;
	}
	/* pgsteal_anon / pgscan_anon of the interval, where it scanned anon */
	if (!(in->anon_measured > 0))
		in->eff_anon_now = NAN;
	/* no walk counter for khugepaged and proactive reclaim; the
	 * cgroup's from failcnt or memory.events */
	in->walks[RC_KHUGEPAGED] = in->walks[RC_PROACTIVE] = NAN;
	one_type = in->anon_measured == 0 || in->file_measured == 0;
	if (st->counted && isnan(st->fail))
		st->fail = 0;      /* nz(max) + nz(high) */
	in->walks[RC_CGROUP] = st->counted ?
		split_cgroup_walks_counted(st->fail, in->reclaimed[RC_CGROUP], one_type,
					   in->grain_cg) :
		split_cgroup_walks(st->fail, in->reclaimed[RC_CGROUP], one_type,
				   in->grain_cg);
	if (!(in->walks[RC_CGROUP] > 0))
		in->walks[RC_CGROUP] = NAN;
	/* views: traced flushes (one before, one inside), or the samples
	 * of the last 2 s, their weights 0 */
	in->seen_moments = 0;
	if (in->seen_known) {
		double at = in->seen_w[SPLIT_SEEN_MAX];

		in->seen_n = in->seen_n % 2 + 1;
		x = in->seen_w[0];
		memset(in->seen_w, 0, sizeof(in->seen_w));
		in->seen_w[0] = in->seen_n == 2 ? x : 1;
		in->seen_w[1] = in->seen_n == 2 ? 1 - x : 0;
		/* lists_at(): the flush before on the line between two samples */
		if (in->has_bracket)
			split_lists_between(&in->seen_bracket[0], &in->seen_bracket[1],
					    at, &in->seen[0]);
		else
			in->bracket_swing = 0;
	} else {
		memset(in->seen_w, 0, sizeof(in->seen_w));
		in->has_bracket = 0;
		in->bracket_swing = 0;
	}
	/* the prediction: no pgscan_anon, the expected refault walks */
	if (in->has_expected) {
		in->anon_measured = in->file_measured = in->eff_anon_now = NAN;
		in->refault_near = 0;
		for (r = 0; r < NR_RECLAIMERS; r++)
			in->refault_window[r] = 0;
	}
	/* the costs as split_interval() charges them before the walk */
	split_cost_update(&st->node_cost, in, &in->node);
	if (in->has_cg)
		split_cost_update(&st->cg_cost, in, &in->cg);
}

static int dump;

/* FUZZ_MODEL_DUMP=1: the inputs as the model gets them, those not 0 */
static void dump_d(const char *name, double x)
{
	if (dump && x != 0)
		fprintf(stderr, "  %s = %.17g\n", name, x);
}

static void dump_l(const char *name, const struct split_lists *l)
{
	char n[64];

	snprintf(n, sizeof(n), "%s.inactive_anon", name);
	dump_d(n, l->inactive_anon);
	snprintf(n, sizeof(n), "%s.active_anon", name);
	dump_d(n, l->active_anon);
	snprintf(n, sizeof(n), "%s.inactive_file", name);
	dump_d(n, l->inactive_file);
	snprintf(n, sizeof(n), "%s.active_file", name);
	dump_d(n, l->active_file);
}

static void dump_in(const char *what, const struct split_in *in,
		    const struct split_cost *nc, const struct split_cost *cc)
{
	static const char *const rn[NR_RECLAIMERS] = { "kswapd", "direct", "cgroup",
						       "khugepaged", "proactive" };
	char n[64];
	int r, i;

	if (!dump)
		return;
	fprintf(stderr, "%s: version %d.%d.%d swap_on %d has_cg %d has_prev %d "
		"has_expected %d refault_near %d seen_n %d seen_known %d seen_moments %d "
		"has_bracket %d balanced %d/%d zero_level %d has_skip_lists %d "
		"kcompactd_timeout_only %d has_cg_start %d grain %s/%s\n", what, in->version[0],
		in->version[1], in->version[2], in->swap_on, in->has_cg, in->has_prev,
		in->has_expected, in->refault_near, in->seen_n, in->seen_known,
		in->seen_moments, in->has_bracket, in->balanced_start, in->balanced_end,
		in->zero_level, in->has_skip_lists, in->kcompactd_timeout_only,
		in->has_cg_start, in->grain_node ? "node" : "-", in->grain_cg ? "cg" : "-");
	fprintf(stderr, "  node_cost %.17g/%.17g known %d, cg_cost %.17g/%.17g known %d\n",
		nc->anon, nc->file, nc->known, cc->anon, cc->file, cc->known);
	fprintf(stderr, "  kswapd_resume_pass level %d cause %d outlasted %d, "
		"kswapd_resume_balanced %d\n", in->kswapd_resume_pass.level,
		in->kswapd_resume_pass.cause, in->kswapd_resume_pass.outlasted,
		in->kswapd_resume_balanced);
	dump_d("swappiness", in->swappiness);
	dump_l("node", &in->node);
	dump_l("cg", &in->cg);
	dump_d("zero_walks", in->zero_walks);
	dump_d("zero_anon", in->zero_anon);
	dump_l("node_prev", &in->node_prev);
	dump_l("cg_prev", &in->cg_prev);
	dump_d("free", in->free);
	dump_d("high_wmark_sum", in->high_wmark_sum);
	dump_d("free_start", in->free_start);
	dump_d("boost_max_sum", in->boost_max_sum);
	dump_d("boost_start", in->boost_start);
	dump_d("boost_end", in->boost_end);
	dump_d("boost_rate", in->boost_rate);
	dump_d("kcompactd_wakes", in->kcompactd_wakes);
	dump_d("low_gap_sum", in->low_gap_sum);
	dump_d("min_gap_sum", in->min_gap_sum);
	dump_d("alloc_rate", in->alloc_rate);
	dump_d("pcp_released", in->pcp_released);
	dump_d("zone_need", in->zone_need);
	dump_d("skipped", in->skipped);
	dump_l("skip_lists", &in->skip_lists);
	dump_d("skip_need", in->skip_need);
	for (r = 0; r < NR_RECLAIMERS; r++) {
		snprintf(n, sizeof(n), "scanned[%s]", rn[r]);
		dump_d(n, in->scanned[r]);
		snprintf(n, sizeof(n), "reclaimed[%s]", rn[r]);
		dump_d(n, in->reclaimed[r]);
		snprintf(n, sizeof(n), "walks[%s]", rn[r]);
		dump_d(n, in->walks[r]);
		snprintf(n, sizeof(n), "refault_window[%s]", rn[r]);
		dump_d(n, in->refault_window[r]);
		snprintf(n, sizeof(n), "refault_expected[%s]", rn[r]);
		dump_d(n, in->refault_expected[r]);
	}
	dump_d("swap_out", in->swap_out);
	dump_d("file_writes", in->file_writes);
	dump_d("restore_anon", in->restore_anon);
	dump_d("restore_file", in->restore_file);
	dump_d("scan_anon_prev", in->scan_anon_prev);
	dump_d("steal_anon_prev", in->steal_anon_prev);
	dump_d("scan_file_prev", in->scan_file_prev);
	dump_d("steal_file_prev", in->steal_file_prev);
	dump_d("activate_anon", in->activate_anon);
	dump_d("activate_file", in->activate_file);
	dump_d("cg_activate_file", in->cg_activate_file);
	dump_d("eff_anon", in->eff_anon);
	dump_d("eff_file", in->eff_file);
	dump_d("eff_anon_now", in->eff_anon_now);
	dump_d("swapped_before", in->swapped_before);
	for (i = 0; i < in->seen_n && i < SPLIT_SEEN_MAX; i++) {
		snprintf(n, sizeof(n), "seen[%d]", i);
		dump_l(n, &in->seen[i]);
	}
	for (i = 0; i <= SPLIT_SEEN_MAX; i++) {
		snprintf(n, sizeof(n), "seen_w[%d]", i);
		dump_d(n, in->seen_w[i]);
	}
	if (in->has_bracket) {
		dump_l("seen_bracket[0]", &in->seen_bracket[0]);
		dump_l("seen_bracket[1]", &in->seen_bracket[1]);
	}
	dump_d("bracket_swing", in->bracket_swing);
	dump_d("anon_measured", in->anon_measured);
	dump_d("file_measured", in->file_measured);
	dump_d("kswapd_resume", in->kswapd_resume);
	dump_d("kswapd_resume_refault", in->kswapd_resume_refault);
	dump_d("kswapd_resume_pass.anon", in->kswapd_resume_pass.anon);
	dump_d("kswapd_resume_pass.file", in->kswapd_resume_pass.file);
	dump_d("kswapd_resume_pass.anon_largest", in->kswapd_resume_pass.anon_largest);
	dump_d("direct_resume", in->direct_resume);
}

static void dump_out(const char *what, const struct split_out *out)
{
	int r;

	if (!dump)
		return;
	fprintf(stderr, "%s: anon_pred %.17g anon_share %g refault_walks %g start_share %g\n",
		what, out->anon_pred, out->anon_share, out->refault_walks, out->start_share);
	for (r = 0; r < NR_RECLAIMERS; r++) {
		const struct split_reclaim_out *o = &out->r[r];

		if (!o->active)
			continue;
		fprintf(stderr, "  %s: p_est %.17g p_deep %g p_end %.17g anon_pred %.17g "
			"end_refault %g end_pass %d (%g anon, %g file) going_on %g "
			"skipped %g boosted %g zero_walks %g zero_anon %g\n",
			reclaimer_name((enum reclaimer)r), o->p_est, o->p_deep, o->p_end,
			o->anon_pred, o->end_refault, o->end_pass.level, o->end_pass.anon,
			o->end_pass.file, o->going_on, o->skipped, o->boosted, o->zero_walks,
			o->zero_anon);
	}
}

/* the checks: __builtin_trap() where a promise is broken */
#define CHECK(cond, what) do { \
	if (!(cond)) { \
		fprintf(stderr, "fuzz_model: %s\n", what); \
		__builtin_trap(); \
	} \
} while (0)

/* page counts compared with a relative slack (sums in another order) */
static int near(double a, double b)
{
	return fabs(a - b) <= 1e-6 * fmax(1, fmax(fabs(a), fabs(b)));
}

static int is_level(double p)
{
	return p >= 0 && p <= TOP;
}

/* not negative beyond rounding (scale: the pages around) */
static int pages_ok(double x, double scale)
{
	return !(x < -1e-6 * fmax(1, scale));
}

static int finite_all(const double *x, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (!isfinite(x[i]))
			return 0;
	return 1;
}

static void check_split(const struct split_in *in, const struct split_out *out, int wide)
{
	double sum = 0, scale = 0;
	int r, c;

	for (r = 0; r < NR_RECLAIMERS; r++)
		scale = fmax(scale, fabs(out->r[r].anon_pred));
	for (r = 0; r < NR_RECLAIMERS; r++) {
		const struct split_reclaim_out *o = &out->r[r];
		double by = 0;

		sum += o->anon_pred;
		CHECK(o->active == 0 || o->active == 1, "active not 0/1");
		/* "deepest level" */
		CHECK(isnan(o->p_deep) || is_level(o->p_deep), "p_deep outside 0..12");
		CHECK(r != RC_KSWAPD || !o->deep_estimable, "kswapd's p_deep estimable");
		CHECK(o->end_pass.level >= -1 && o->end_pass.level <= TOP,
		      "end_pass.level outside -1..12");
		CHECK((unsigned)o->end_pass.cause < NR_CAUSES, "end_pass.cause");
		CHECK(o->end_balanced == 0 || o->end_balanced == 1, "end_balanced");
		CHECK(o->anon_only_at_zero == 0 || o->anon_only_at_zero == 1, "anon_only_at_zero");
		CHECK(o->zero_level == 0 || o->zero_level == 1, "zero_level");
		if (wide)
			continue;
		/* "scan-weighted priority; NAN" */
		CHECK(isnan(o->p_est) || (o->p_est >= -1e-9 && o->p_est <= TOP + 1e-9),
		      "p_est outside 0..12");
		/* "levels passed from 12" */
		CHECK(isnan(o->p_end) || o->p_end >= 0, "p_end negative");
		/* "0: none" */
		CHECK(!(o->going_on < 0), "going_on negative");
		/* pages */
		CHECK(pages_ok(o->anon_pred, scale), "anon_pred negative");
		for (c = 0; c < NR_CAUSES; c++) {
			CHECK(pages_ok(o->anon_by[c], scale), "anon_by negative");
			by += o->anon_by[c];
		}
		CHECK(!(o->skipped < 0), "skipped negative");
		CHECK(!(o->boosted < 0), "boosted negative");
		CHECK(!(o->zero_walks < 0), "zero_walks negative");
		/* "the most anon each scanned at 0" */
		CHECK(!(o->zero_anon < 0), "zero_anon negative");
		CHECK(pages_ok(o->refault_added, 1), "refault_added negative");
		/* "the chance the last walk saw a refault" */
		CHECK(o->end_refault >= 0 && o->end_refault <= 1, "end_refault outside 0..1");
		CHECK(!isnan(o->anon_pred), "anon_pred NAN");
		/* the anon predicted "by the branch that let them in" */
		if (finite_all(o->anon_by, NR_CAUSES) && isfinite(o->anon_pred))
			CHECK(near(by, o->anon_pred), "anon_by does not add up to anon_pred");
	}
	/* "NAN: one sample" */
	CHECK(in->has_prev ? !isnan(out->start_share) : isnan(out->start_share),
	      "start_share NAN against has_prev");
	CHECK(isnan(out->start_share) || (out->start_share >= 0 && out->start_share <= 1),
	      "start_share outside 0..1");
	CHECK(out->view_picked == 0 || out->view_picked == 1, "view_picked");
	if (wide)
		return;
	/* "sum over reclaimers" */
	if (isfinite(sum) && isfinite(out->anon_pred))
		CHECK(near(sum, out->anon_pred), "anon_pred not the reclaimers' sum");
	/* ap / (ap + fp) at a swappiness of 0..200; a share of walks */
	CHECK(out->anon_share >= 0 && out->anon_share <= 1, "anon_share outside 0..1");
	CHECK(out->refault_walks >= 0 && out->refault_walks <= 1, "refault_walks outside 0..1");
	CHECK(!isnan(out->anon_pred), "total anon_pred NAN");
}

static void check_cost(const struct split_cost *c, int wide)
{
	if (wide)
		return;
	/* rebuilt from counts >= 0: lru_note_cost()'s costs */
	CHECK(c->anon >= 0 && c->file >= 0, "cost negative or NAN");
}

/*
 * split_walk() with *out filled with a pattern first: a field it leaves
 * unset reads as that (an int of 0xa5a5a5a5, negative), not as whatever
 * the stack held, so that the checks catch it every time
 */
static void walk(const struct split_in *in, const struct split_cost *node_cost,
		 const struct split_cost *cg_cost, struct split_out *out)
{
	memset(out, 0xa5, sizeof(*out));
	split_walk(in, node_cost, cg_cost, out);
}

/* the kswapd and direct walks of `before` going on in *in (split_interval()) */
static void goes_on(struct split_in *in, const struct split_out *before, int pass_over)
{
	struct split_reclaim_out k = before->r[RC_KSWAPD];

	if (k.active) {
		/* a pause after it (kswapd_state(), pass_after_pause()) */
		if (pass_over)
			k.end_pass.anon = k.end_pass.file = 0;
		split_kswapd_goes_on(in, &k);
	}
	split_direct_goes_on(in, &before->r[RC_DIRECT]);
}

static void split_model(struct src *s, const struct hdr *hd)
{
	static struct setup st;
	struct split_out out, first, wo;
	struct split_in sp;
	struct split_cost wi_node, wi_cg;

	fill(s, hd, &st);
	if (!s->wide)
		tie(&st);
	check_cost(&st.node_cost, s->wide);
	check_cost(&st.cg_cost, s->wide);
	if (st.chain) {
		/* the same interval before: its walks go on in this one */
		struct split_in before = st.in;

		dump_in("interval before", &before, &st.node_cost, &st.cg_cost);
		walk(&before, &st.node_cost, &st.cg_cost, &first);
		dump_out("its walk", &first);
		check_split(&before, &first, s->wide);
		goes_on(&st.in, &first, st.pass_over);
	}
	dump_in("interval", &st.in, &st.node_cost, &st.cg_cost);
	walk(&st.in, &st.node_cost, &st.cg_cost, &out);
	dump_out("its walk", &out);
	check_split(&st.in, &out, s->wide);
	if (!st.whatif)
		return;
	/* --what-if (whatif_interval()): the prediction's inputs at another
	 * swappiness, the cgroup walks the attribution took down to 0 */
	sp = st.in;
	sp.swappiness = st.whatif_swappiness;
	sp.anon_measured = sp.file_measured = sp.eff_anon_now = NAN;
	sp.has_expected = 1;
	sp.refault_near = 0;
	memset(sp.refault_window, 0, sizeof(sp.refault_window));
	sp.zero_walks = out.r[RC_CGROUP].zero_walks;
	sp.zero_anon = out.r[RC_CGROUP].zero_anon;
	sp.zero_level = out.r[RC_CGROUP].zero_level;
	wi_node = st.node_cost;
	wi_cg = st.cg_cost;
	dump_in("what-if", &sp, &wi_node, &wi_cg);
	walk(&sp, &wi_node, &wi_cg, &wo);
	dump_out("its walk", &wo);
	check_split(&sp, &wo, s->wide);
	sp.swap_out = wo.anon_pred;
	split_cost_update(&wi_node, &sp, &sp.node);
	check_cost(&wi_node, s->wide);
}

/* model.h: priorities clamped to [0, 12] or NAN; p_star -1..12 */
static void classic_model(struct src *s, const struct hdr *hd)
{
	struct interval_in in;
	struct interval_out out;
	const int *v = versions[hd->h[2] % NR_VERSIONS];

	memset(&in, 0, sizeof(in));
	in.dt_s = num(s, D_REAL);
	in.scan_kswapd = num(s, D_COUNT);
	in.steal_kswapd = num(s, D_COUNT);
	in.kswapd_runs = num(s, D_COUNT);
	in.scan_direct = num(s, D_COUNT);
	in.steal_direct = num(s, D_COUNT);
	in.stalls = num(s, D_COUNT);
	in.refill = num(s, D_COUNT);
	in.swap_out = num(s, D_COUNT);
	in.scan_anon = num(s, D_COUNT);
	in.scan_file = num(s, D_COUNT);
	in.scan_khugepaged = num(s, D_COUNT);
	in.file_refaults = num(s, D_COUNT);
	in.mapped = num(s, D_COUNT);
	in.total = num(s, D_COUNT);
	in.inactive = num(s, D_COUNT);
	in.active = num(s, D_COUNT);
	in.file_lru = num(s, D_COUNT);
	in.free = num(s, D_COUNT);
	in.high_wmark_sum = num(s, D_INT);
	in.zone_scanned = num(s, D_COUNT);
	in.swappiness = swappiness(s);
	model_classic(&in, v, &out);
	CHECK(isnan(out.p_kswapd) || is_level(out.p_kswapd), "classic p_kswapd");
	CHECK(isnan(out.p_direct) || is_level(out.p_direct), "classic p_direct");
	CHECK(isnan(out.p_hat) || is_level(out.p_hat), "classic p_hat");
	CHECK(isnan(out.p_need) || is_level(out.p_need), "classic p_need");
	CHECK(out.p_star >= -1 && out.p_star <= TOP, "classic p_star");
	CHECK((unsigned)out.cause < NR_CAUSES, "classic cause");
	CHECK(model_priority(in.inactive, in.kswapd_runs, in.scan_kswapd) == out.p_kswapd ||
	      (isnan(out.p_kswapd)), "model_priority differs");
}

/* mglru.h: a share in 0..1 (NAN: unknown), what-if 0..1 or -1 */
static void mglru_model(struct src *s, const struct hdr *hd)
{
	struct mglru_in in;
	struct mglru_out out;
	double anon[MGLRU_NR_BRANCHES], done, sum = 0, w;
	const char *why;
	int b, t;

	memset(&in, 0, sizeof(in));
	memcpy(in.version, versions[hd->h[2] % NR_VERSIONS], sizeof(in.version));
	in.swap_on = bit(hd, 8, 2);
	in.who = (enum mglru_reclaimer)((hd->h[8] >> 3 & 3) % 3);
	in.swappiness = swappiness(s);
	in.lruvecs = num(s, D_COUNT);
	in.anon_older_lruvecs = num(s, D_COUNT);
	in.anon_older_pages = num(s, D_COUNT);
	in.pages_anon = num(s, D_COUNT);
	in.pages_file = num(s, D_COUNT);
	in.max_seq = num(s, D_COUNT);
	in.min_seq_anon = num(s, D_COUNT);
	in.min_seq_file = num(s, D_COUNT);
	for (t = 0; t < 2; t++) {
		in.oldest[t] = num(s, D_COUNT);
		in.ctrl_refaulted[t] = num(s, D_COUNT);
		in.ctrl_total[t] = num(s, D_COUNT);
		in.refaults[t] = num(s, D_COUNT);
		in.reclaimed[t] = num(s, D_COUNT);
	}
	in.evicted_scan = num(s, D_INT);
	in.gens_created = num(s, D_SIGNED);
	in.swap_out = num(s, D_COUNT);
	w = swappiness(s);

	mglru_interval(&in, &out);
	CHECK((unsigned)out.branch < MGLRU_NR_BRANCHES, "mglru branch");
	CHECK(out.cause != NULL, "mglru cause NULL");
	if (!s->wide)
		CHECK(isnan(out.anon_share) || (out.anon_share >= 0 && out.anon_share <= 1),
		      "mglru anon_share outside 0..1");
	done = mglru_drain(&in, in.swappiness, anon);
	if (dump) {
		fprintf(stderr, "mglru: version %d.%d.%d swap_on %d who %d swappiness %.17g\n"
			"  lruvecs %.17g anon_older_lruvecs %.17g anon_older_pages %.17g\n"
			"  pages_anon %.17g pages_file %.17g max_seq %.17g min_seq %.17g/%.17g\n"
			"  oldest %.17g/%.17g ctrl_refaulted %.17g/%.17g ctrl_total %.17g/%.17g\n"
			"  refaults %.17g/%.17g reclaimed %.17g/%.17g evicted_scan %.17g\n"
			"  gens_created %.17g swap_out %.17g\n"
			"  branch %s anon_share %.17g drained %.17g\n",
			in.version[0], in.version[1], in.version[2], in.swap_on, in.who,
			in.swappiness, in.lruvecs, in.anon_older_lruvecs, in.anon_older_pages,
			in.pages_anon, in.pages_file, in.max_seq, in.min_seq_anon,
			in.min_seq_file, in.oldest[0], in.oldest[1], in.ctrl_refaulted[0],
			in.ctrl_refaulted[1], in.ctrl_total[0], in.ctrl_total[1],
			in.refaults[0], in.refaults[1], in.reclaimed[0], in.reclaimed[1],
			in.evicted_scan, in.gens_created, in.swap_out,
			mglru_branch_name(out.branch), out.anon_share, done);
	}
	/*
	 * "the pages drained", of evicted_scan (none of less than none): the
	 * batches' sizes are fractions of pages (a generation the type's
	 * average), so their sum may pass it by a rounding
	 */
	CHECK(!(done < 0) && !(done > fmax(0, in.evicted_scan) * (1 + 1e-12)),
	      "mglru_drain outside 0..evicted_scan");
	for (b = 0; b < MGLRU_NR_BRANCHES; b++) {
		CHECK(!(anon[b] < 0), "mglru_drain anon negative");
		sum += anon[b];
	}
	CHECK(!(sum > done * (1 + 1e-12)), "mglru_drain anon beyond the pages drained");
	if (s->wide)
		return;
	w = mglru_what_if(&in, w, &why);
	CHECK(w == -1 || (w >= 0 && w <= 1), "mglru_what_if outside 0..1 and -1");
	CHECK(w != -1 || why != NULL, "mglru_what_if -1 without why");
}

static int wide_domain;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *w = getenv("FUZZ_MODEL_WIDE"), *d = getenv("FUZZ_MODEL_DUMP");

	(void)argc;
	(void)argv;
	wide_domain = w && *w && strcmp(w, "0");
	dump = d && *d && strcmp(d, "0");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct src s = { data, size, wide_domain };
	struct hdr hd;
	int i;

	for (i = 0; i < HEADER; i++)
		hd.h[i] = (uint8_t)byte(&s);
	split_model(&s, &hd);
	if (bit(&hd, 8, 0))
		classic_model(&s, &hd);
	if (bit(&hd, 8, 1))
		mglru_model(&s, &hd);
	return 0;
}
