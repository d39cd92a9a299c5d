/*
 * plot.h - vmscope plot's charts, for the plot and report commands.
 *
 * plot_charts() draws the charts asked for in want[] into dir.  A chart
 * with nothing to show (no run has the counters it plots) is not drawn:
 * drawn[c] stays 0 and why[c] says why, for the report to repeat.
 */
#ifndef VMSCOPE_PLOT_H
#define VMSCOPE_PLOT_H

#include <stdint.h>

#include "gp.h"
#include "groups.h"

enum { CH_TIMESERIES, CH_SWAPPINESS, CH_ATTRIBUTION, CH_PRIORITY, CH_COMPARE,
       CH_CAUSES, NR_CHARTS };

struct plot_result {
	int drawn[NR_CHARTS];
	char why[NR_CHARTS][160];
};

struct plot_opts {
	const char *dir, *by, *rows;
	enum gp_format fmt;
	int64_t run;
	int overlay;
	int want[NR_CHARTS];
	/* 1: no status lines, dumb charts are not echoed to stdout */
	int quiet;
	/* compare: these stat ids in this order (NULL: every metric) */
	const int *metrics;
	size_t nr_metrics;
	/*
	 * compare: bars as a per cent of the largest group's mean instead of
	 * the first's, so a change from 0 (no swap-out to 5020 pages) shows
	 */
	int of_largest;
	const char *baseline;      /* this --by value first (NULL: as found) */
	struct plot_result *res;   /* filled by plot_charts() */
};

extern const char *const plot_chart_names[NR_CHARTS];

/* Draw the charts; -1 with a message (a chart not drawn is no error). */
int plot_charts(const struct plot_opts *o, const struct run_set *set);

/* mkdir -p: dir and every missing parent; -1 with a message. */
int plot_mkdir(const char *dir);

#endif
