/*
 * census.h - a run's LRU folio census (vmscope-collect --folios), read
 * ahead of the replay with the activations (activations.h), for the
 * model's scan per batch (model/split.h, struct split_grain).
 *
 * The collector stores it in the run's last sample as gauges of the
 * source "folios", "<scope>.<list>.order_<n>" (collector/folios.h): the
 * last sample that holds a name gives its count.
 */
#ifndef VMSCOPE_CENSUS_H
#define VMSCOPE_CENSUS_H

#include "folios.h"
#include "model.h"
#include "mstream.h"

struct run_census {
	long slot[FOLIO_SCOPES][FOLIO_LISTS][FOLIO_ORDERS];  /* -1: none */
	double folios[FOLIO_SCOPES][FOLIO_LISTS][FOLIO_ORDERS];
	int taken[FOLIO_SCOPES];   /* some sample held a count of the scope */
	int any;                   /* the run has a census name at all */
};

/* Find the census's slots among the stream's names. */
void census_resolve(struct run_census *c, const struct metric_stream *ms);

/* Take the counts the stream's current sample holds. */
void census_sample(struct run_census *c, const struct metric_stream *ms);

/* The grain of scope s's inactive lists; 0 (g untouched) where the run
 * has no census of it. */
int census_grain(const struct run_census *c, enum folio_scope s,
		 struct split_grain *g);

#endif
