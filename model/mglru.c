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

void mglru_interval(const struct mglru_in *in, struct mglru_out *out)
{
	enum mglru_branch main, rest;
	double older, s_rest;
	double share = predict(in, in->swappiness, &main, &rest, &older, &s_rest);

	out->branch = main;
	out->anon_share = share;
	out->anon_scanned_pred = share * in->evicted_scan;
	out->aging = in->gens_created;
	out->anon_chosen = share >= 0.5;
	/* the cause: the branch that let anon in, the larger part first */
	if (older > 0 && (older >= 0.5 || !(s_rest > 0)))
		out->branch = MGLRU_ANON_OLDER;
	else if (share > 0)
		out->branch = rest;
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
	if (b == MGLRU_SWAPPINESS_200)
		return branch_share(&w, &b);
	/*
	 * Below 200 branch 2 (anon_older) and the controller decide, and both
	 * follow from what was evicted before: another swappiness changes them.
	 */
	*why = version_ge(in->version, 6, 14) ? "refault_ctrl (get_type_to_scan)" :
	       "anon_older (min_seq history) and refault_ctrl (get_type_to_scan)";
	return -1;
}
