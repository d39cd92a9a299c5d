/*
 * pace.h - a steady sampling cadence on the monotonic clock.
 *
 * Tick k is due at start + k * interval (absolute deadlines), so time spent
 * sampling never turns into drift.  When the process falls behind by whole
 * intervals (a stall, a suspended VM) the late ticks are skipped and
 * counted, not bunched together.
 */
#ifndef VMSCOPE_PACE_H
#define VMSCOPE_PACE_H

#include <stdint.h>
#include <time.h>

struct pacer {
	clockid_t clock;
	int64_t start_ns, interval_ns;
	uint64_t tick;       /* index of the last tick taken */
	uint64_t missed;     /* ticks skipped so far */
};

int64_t pace_now_ns(clockid_t clock);
/* CLOCK_MONOTONIC in seconds: for elapsed times and deadlines. */
double pace_now_s(void);

void pacer_init(struct pacer *p, clockid_t clock, int64_t start_ns,
		int64_t interval_ns);

/*
 * Sleep until the next due tick.  Returns the number of ticks skipped on
 * the way (0 normally), or -1 if a signal interrupted the sleep (the
 * caller checks its flags and calls again).
 */
long pacer_wait(struct pacer *p);

/* When tick p->tick was due. */
int64_t pacer_due_ns(const struct pacer *p);

#endif
