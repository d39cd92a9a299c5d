/*
 * ncompare.h - canonical metrics of two groups of runs, LKP ncompare style.
 *
 *        base  +-%sd   %change       new  +-%sd  p(Holm)  metric
 *          0          from 0       5020  +- 3%   0.0004* swap_out
 *
 * The p-value is Welch's t-test (stats.h) between the groups' trials,
 * Holm-adjusted (holm.h) over every metric tested in the same comparison;
 * '*' marks adjusted p < NCMP_ALPHA.  A side with fewer than
 * NCMP_MIN_TRIALS trials is "n too small" and gets no p-value.  A metric
 * "leads" when it is significant or its change is large (at least
 * NCMP_LARGE_PCT per cent, or from 0 to non-zero); the rest are listed
 * by name only.
 */
#ifndef VMSCOPE_NCOMPARE_H
#define VMSCOPE_NCOMPARE_H

#include "gp.h"
#include "runstats.h"
#include "stats.h"

#define NCMP_ALPHA 0.05
#define NCMP_MIN_TRIALS 3
#define NCMP_LARGE_PCT 10.0

struct ncmp_row {
	enum stat_id id;
	struct summary base, new;   /* over the runs where the value is OK */
	double change_pct;          /* NAN: base is 0 or a side has none */
	double p, p_adj;            /* -1: not tested */
	int leads;
};

struct ncmp {
	struct ncmp_row row[NR_STATS];
	size_t nr_tested;           /* the size of Holm's family */
	int too_few;                /* some metric had n too small */
};

/* Compare base[0..nb) with new[0..nn).  -1 with a message. */
int ncmp_compute(const struct run_stats *base, size_t nb,
		 const struct run_stats *new, size_t nn, struct ncmp *out);

/*
 * Append the leading lines (header, one line per leading metric, in
 * order of |change|) to lead, and to rest a sentence naming the others
 * (unchanged; not available).  No line over 76 columns.
 */
int ncmp_render(const struct ncmp *c, struct gp_text *lead,
		struct gp_text *rest);

/* The leading metrics, most changed first: up to max in ids[]; how many. */
size_t ncmp_top(const struct ncmp *c, int *ids, size_t max);

#endif
