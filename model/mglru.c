/*
 * mglru.c - MGLRU's eviction type choice per interval (see mglru.h).
 *
 * DESIGN: an interval holds thousands of eviction batches over several
 * lruvecs; the lru_gen sums say in what share of the pages the anon
 * generation is the older one (branch 2 decides there), and the rest of
 * the pages go through branches 3-5 and the fallback, decided once from
 * the state at the interval's start.  The predicted anon share is the
 * page-weighted mix of the two.
 */
#include <math.h>
#include <stddef.h>

#include "mglru.h"

/* include/linux/mmzone.h (6.1-6.12) */
#define MGLRU_MIN_NR_GENS 2
#define MGLRU_MAX_SWAPPINESS 200
/* mm/vmscan.c MIN_LRU_BATCH = BITS_PER_LONG (64-bit kernels) */
#define MGLRU_MIN_LRU_BATCH 64

static const char *const branch_names[MGLRU_NR_BRANCHES] = {
	[MGLRU_NO_SWAP] = "no_swap",
	[MGLRU_ANON_OLDER] = "anon_older",
	[MGLRU_FILE_FIRST] = "file_first",
	[MGLRU_SWAPPINESS_200] = "swappiness_200",
	[MGLRU_CTRL_ANON] = "refault_ctrl",
	[MGLRU_CTRL_FILE] = "ctrl_file",
	[MGLRU_FILE_EXHAUSTED] = "file_exhausted",
	[MGLRU_UNKNOWN] = "unknown",
};

const char *mglru_branch_name(enum mglru_branch b)
{
	return b < MGLRU_NR_BRANCHES ? branch_names[b] : "unknown";
}

int mglru_positive_ctrl_err(const struct mglru_ctrl_pos *sp,
			    const struct mglru_ctrl_pos *pv)
{
	return pv->refaulted < MGLRU_MIN_LRU_BATCH ||
	       pv->refaulted * (sp->total + MGLRU_MIN_LRU_BATCH) * sp->gain <=
	       (sp->refaulted + 1) * pv->total * pv->gain;
}

int mglru_ctrl_type(const double refaulted[2], const double total[2],
		    double swappiness)
{
	struct mglru_ctrl_pos sp = { refaulted[0], total[0], swappiness };
	struct mglru_ctrl_pos pv = { refaulted[1], total[1],
				     MGLRU_MAX_SWAPPINESS - swappiness };

	/* type = positive_ctrl_err(&sp, &pv): true is LRU_GEN_FILE (1) */
	return mglru_positive_ctrl_err(&sp, &pv);
}

static int version_ge(const int v[3], int a, int b)
{
	return v[0] != a ? v[0] > a : v[1] >= b;
}

enum mglru_branch mglru_first_branch(const int version[3], double swappiness,
				     int swap_on, int anon_older, int ctrl_file)
{
	int rework = version_ge(version, 6, 14);

	if (!swap_on || swappiness <= 0)
		return MGLRU_NO_SWAP;
	if (!rework && anon_older)
		return MGLRU_ANON_OLDER;
	if (swappiness == 1 || (rework && swappiness <= 1))
		return MGLRU_FILE_FIRST;
	if (swappiness >= MGLRU_MAX_SWAPPINESS)
		return MGLRU_SWAPPINESS_200;
	if (ctrl_file < 0)
		return MGLRU_UNKNOWN;
	return ctrl_file ? MGLRU_CTRL_FILE : MGLRU_CTRL_ANON;
}

/* Average generations of a type per lruvec, NAN without lru_gen. */
static double nr_gens(const struct mglru_in *in, double min_seq)
{
	if (!(in->lruvecs > 0))
		return NAN;
	return (in->max_seq - min_seq) / in->lruvecs + 1;
}

/*
 * The controller's answer: from the lru_gen tier-0 sums, else (no
 * --lru-gen) from the interval's refaults with equal totals, the best
 * /proc/vmstat allows.
 */
static int ctrl_file_of(const struct mglru_in *in, double swappiness)
{
	double eq[2] = { 1, 1 };

	if (!isnan(in->ctrl_refaulted[0]) && !isnan(in->ctrl_total[1]))
		return mglru_ctrl_type(in->ctrl_refaulted, in->ctrl_total, swappiness);
	if (isnan(in->refaults[0]) || isnan(in->refaults[1]))
		return -1;
	return mglru_ctrl_type(in->refaults, eq, swappiness);
}

/*
 * A type yields nothing to scan_folios(): down to MIN_NR_GENS
 * generations, or its oldest generation is empty (see mglru.h).
 */
static int exhausted(const struct mglru_in *in, int type)
{
	double gens = nr_gens(in, type ? in->min_seq_file : in->min_seq_anon);

	return gens <= MGLRU_MIN_NR_GENS || in->oldest[type] == 0;
}

/* Anon share of a branch, after the fallback when a type is exhausted. */
static double branch_share(const struct mglru_in *in, enum mglru_branch *b)
{
	switch (*b) {
	case MGLRU_NO_SWAP:
		return 0;   /* for (i = !swappiness; ...): no fallback to anon */
	case MGLRU_FILE_FIRST:
	case MGLRU_CTRL_FILE:
		if (exhausted(in, 1)) {
			*b = MGLRU_FILE_EXHAUSTED;
			return 1;
		}
		return 0;
	case MGLRU_ANON_OLDER:
	case MGLRU_SWAPPINESS_200:
	case MGLRU_CTRL_ANON:
		return exhausted(in, 0) ? 0 : 1;
	default:
		return NAN;
	}
}

/* Share of the pages in lruvecs whose anon generation is the older one. */
static double anon_older_fraction(const struct mglru_in *in)
{
	double pages = in->pages_anon + in->pages_file;

	if (!(in->lruvecs > 0) || !(pages > 0) || !(in->anon_older_lruvecs > 0))
		return 0;
	return fmin(1, in->anon_older_pages / pages);
}

/*
 * The drain (one lruvec, 6.1-6.13): the interval evicts evicted_scan pages
 * in batches of MIN_LRU_BATCH, each through isolate_folios() from the state
 * the batch before left.  Read from v6.1 mm/vmscan.c (and the same in the
 * 6.6-era tree: lru_gen_folio, memcg LRU):
 *  - scan_folios() takes from the oldest generation (min_seq) of the type
 *    and gives 0 at MIN_NR_GENS generations or when that generation is
 *    empty ("isolated || !remaining ? scanned : 0"); isolate_folios() then
 *    tries the other type, except at swappiness 0 (i = !swappiness).
 *  - evict_folios() then calls try_to_inc_min_seq(): an empty oldest
 *    generation of a type with more than MIN_NR_GENS advances min_seq,
 *    but with swap min_seq[anon] = min(anon, file) and min_seq[file] =
 *    max(that, the old min_seq[file]): an emptied file generation stays
 *    the oldest (empty) until anon's generation of the same sequence is
 *    emptied too, and the reverse.  So within one interval the type
 *    isolate_folios() chose drains its oldest generation, then the other
 *    type drains its own, then both move on and the choice is made again.
 * The sizes of the generations after the oldest are not sampled: each is
 * taken as the type's average over its younger generations.  Aging during
 * the interval (gens_created) adds a generation to each type when both are
 * stalled (inc_max_seq()).
 */
#define DRAIN_STEPS 64

struct drain {
	double seq[2], max_seq, left[2], next[2], aging;
};

static void drain_start(const struct mglru_in *in, struct drain *d)
{
	int t;

	d->max_seq = in->max_seq;
	d->seq[0] = in->min_seq_anon;
	d->seq[1] = in->min_seq_file;
	d->aging = isnan(in->gens_created) ? 0 : in->gens_created;
	for (t = 0; t < 2; t++) {
		double gens = d->max_seq - d->seq[t] + 1;
		double pages = t ? in->pages_file : in->pages_anon;

		d->left[t] = in->oldest[t];
		d->next[t] = gens > 1 ? fmax(0, pages - in->oldest[t]) / (gens - 1) : 0;
	}
}

/* scan_folios() gives something: more than MIN_NR_GENS, oldest not empty */
static int drain_yields(const struct drain *d, int t)
{
	return d->max_seq - d->seq[t] + 1 > MGLRU_MIN_NR_GENS && d->left[t] > 0;
}

/* try_to_inc_min_seq(lruvec, can_swap); 1 if a min_seq moved */
static int drain_inc_min_seq(struct drain *d, int can_swap)
{
	double seq[2];
	int t, moved = 0;

	for (t = 0; t < 2; t++) {
		seq[t] = d->seq[t];
		if (d->left[t] <= 0 && seq[t] + MGLRU_MIN_NR_GENS <= d->max_seq)
			seq[t]++;   /* one step: the next generation is taken as full */
	}
	if (can_swap) {
		seq[0] = fmin(seq[0], seq[1]);
		seq[1] = fmax(seq[0], d->seq[1]);
	}
	for (t = 0; t < 2; t++)
		if (seq[t] != d->seq[t]) {
			d->seq[t] = seq[t];
			d->left[t] = d->next[t];
			moved = 1;
		}
	return moved;
}

/*
 * inc_max_seq(): a new generation.  (Its folding of a type already at
 * MAX_NR_GENS cannot happen here: the drain ages only when neither type
 * yields, and a type with 4 generations yields or has an empty oldest
 * generation that try_to_inc_min_seq() moves past first.)
 */
static int drain_age(struct drain *d)
{
	if (d->aging < 1)
		return 0;
	d->aging--;
	d->max_seq++;
	return 1;
}

/*
 * Drain the interval's volume; anon[b] is the anon volume each branch
 * let in (the branch that chose anon, or FILE_EXHAUSTED for the fallback).
 * Returns the volume drained (less than evicted_scan when both types
 * stalled and no aging was left).
 */
double mglru_drain(const struct mglru_in *in, double swappiness,
		   double anon[MGLRU_NR_BRANCHES])
{
	struct drain d;
	double budget = in->evicted_scan, done = 0;
	int can_swap = in->swap_on && swappiness > 0;   /* get_swappiness() != 0 */
	int step, b;

	for (b = 0; b < MGLRU_NR_BRANCHES; b++)
		anon[b] = 0;
	drain_start(in, &d);
	for (step = 0; step < DRAIN_STEPS && budget > 0; step++) {
		enum mglru_branch first = mglru_first_branch(in->version, swappiness,
			in->swap_on, d.seq[0] < d.seq[1], ctrl_file_of(in, swappiness));
		int type = first == MGLRU_ANON_OLDER || first == MGLRU_SWAPPINESS_200 ||
			   first == MGLRU_CTRL_ANON ? 0 : 1;
		double take;

		if (first == MGLRU_UNKNOWN)
			break;
		if (!drain_yields(&d, type)) {
			if (first == MGLRU_NO_SWAP || !drain_yields(&d, !type)) {
				/* evict_folios() calls try_to_inc_min_seq() anyway */
				if (drain_inc_min_seq(&d, can_swap) ||
				    drain_age(&d))
					continue;
				break;
			}
			type = !type;
			first = MGLRU_FILE_EXHAUSTED;
		}
		take = fmin(budget, d.left[type]);
		d.left[type] -= take;
		budget -= take;
		done += take;
		if (!type)
			anon[first] += take;
		if (d.left[type] <= 0)
			(void)drain_inc_min_seq(&d, can_swap);
	}
	return done;
}

static double predict(const struct mglru_in *in, double swappiness,
		      enum mglru_branch *main, enum mglru_branch *rest_b,
		      double *older, double *rest_share)
{
	enum mglru_branch ob;
	double f = anon_older_fraction(in), s_old = 0, s_rest;

	*rest_b = mglru_first_branch(in->version, swappiness, in->swap_on, 0,
				     ctrl_file_of(in, swappiness));
	s_rest = branch_share(in, rest_b);
	ob = mglru_first_branch(in->version, swappiness, in->swap_on, 1, 0);
	if (ob != MGLRU_ANON_OLDER)
		f = 0;      /* swappiness 0, or 6.14+: branch 2 does not exist */
	if (f > 0)
		s_old = branch_share(in, &ob);
	*older = f;
	*rest_share = s_rest;
	*main = f > 0.5 ? ob : *rest_b;
	return f * s_old + (1 - f) * s_rest;
}

/* The drain needs one lruvec's sampled state, before 6.14's rework. */
static int drain_applies(const struct mglru_in *in)
{
	return in->lruvecs == 1 && !version_ge(in->version, 6, 14) &&
	       !isnan(in->max_seq) && !isnan(in->oldest[0]) &&
	       !isnan(in->oldest[1]) && in->evicted_scan > 0;
}

/*
 * The anon share of what the drain replays at swappiness, and in *top
 * the branch that let the most anon in (MGLRU_NR_BRANCHES: none); NAN
 * where the drain does not apply or drained nothing.
 */
static double drain_share(const struct mglru_in *in, double swappiness,
			  enum mglru_branch *top)
{
	double anon[MGLRU_NR_BRANCHES], sum = 0, done;
	enum mglru_branch b;

	*top = MGLRU_NR_BRANCHES;
	if (!drain_applies(in))
		return NAN;
	done = mglru_drain(in, swappiness, anon);
	if (!(done > 0))
		return NAN;
	for (b = 0; b < MGLRU_NR_BRANCHES; b++) {
		sum += anon[b];
		if (anon[b] > 0 && (*top == MGLRU_NR_BRANCHES || anon[b] > anon[*top]))
			*top = b;
	}
	return sum / done;
}

void mglru_interval(const struct mglru_in *in, struct mglru_out *out)
{
	enum mglru_branch main, rest, top;
	double older, s_rest, share = drain_share(in, in->swappiness, &top);

	if (!isnan(share)) {
		out->branch = top != MGLRU_NR_BRANCHES ? top :
			mglru_first_branch(in->version, in->swappiness, in->swap_on,
					   in->min_seq_anon < in->min_seq_file,
					   ctrl_file_of(in, in->swappiness));
	} else {
		share = predict(in, in->swappiness, &main, &rest, &older, &s_rest);
		out->branch = main;
		/* the cause: the branch that let anon in, the larger part first */
		if (older > 0 && (older >= 0.5 || !(s_rest > 0)))
			out->branch = MGLRU_ANON_OLDER;
		else if (share > 0)
			out->branch = rest;
	}
	out->anon_share = share;
	out->anon_scanned_pred = share * in->evicted_scan;
	out->aging = in->gens_created;
	out->anon_chosen = share >= 0.5;
	out->explained = share > 0;
	out->cause = in->swap_out > 0 && !(share > 0) ? "unexplained" :
		     mglru_branch_name(out->branch);
}

double mglru_what_if(const struct mglru_in *in, double swappiness,
		     const char **why)
{
	struct mglru_in w = *in;
	enum mglru_branch b;

	w.swappiness = swappiness;
	b = mglru_first_branch(in->version, swappiness, in->swap_on, 0, 0);
	*why = NULL;
	if (b == MGLRU_NO_SWAP)
		return 0;
	if (b == MGLRU_SWAPPINESS_200) {
		/* anon first from the recorded state, batch by batch where it can */
		enum mglru_branch top;
		double share = drain_share(&w, swappiness, &top);

		return isnan(share) ? branch_share(&w, &b) : share;
	}
	/*
	 * Below 200 branch 2 (anon_older) and the controller decide, and both
	 * follow from what was evicted before: another swappiness changes them.
	 */
	*why = version_ge(in->version, 6, 14) ? "refault_ctrl (get_type_to_scan)" :
	       "anon_older (min_seq history) and refault_ctrl (get_type_to_scan)";
	return -1;
}
