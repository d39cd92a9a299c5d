/*
 * t-pace.c - the ticker keeps to its grid and counts what it skips.
 *
 * Checks structure, not speed: every tick lands on start + k * interval,
 * and a stall of several intervals is reported as skipped ticks instead
 * of a burst of catch-up samples.
 */
#include <time.h>

#include "pace.h"
#include "tap.h"

static void sleep_ns(int64_t ns)
{
	struct timespec ts = { .tv_sec = ns / 1000000000, .tv_nsec = ns % 1000000000 };

	nanosleep(&ts, NULL);
}

int main(void)
{
	const int64_t interval = 20000000;   /* 20 ms */
	struct pacer p;
	int64_t start = pace_now_ns(CLOCK_MONOTONIC), now;
	long missed;
	int i, on_time = 1;

	pacer_init(&p, CLOCK_MONOTONIC, start, interval);
	for (i = 0; i < 5; i++) {
		missed = pacer_wait(&p);
		now = pace_now_ns(CLOCK_MONOTONIC);
		if (missed != 0 || now < pacer_due_ns(&p))
			on_time = 0;
	}
	tap_ok(on_time, "pace-1.1 five ticks, none early, none skipped");
	tap_is_i64((int64_t)p.tick, 5, "pace-1.2 tick index counts ticks");
	tap_is_i64((pacer_due_ns(&p) - start) % interval, 0,
		   "pace-1.3 deadlines stay on the grid");

	sleep_ns(interval * 7 / 2);   /* stall for 3.5 intervals */
	missed = pacer_wait(&p);
	tap_ok(missed >= 2, "pace-2.1 a stall is counted as skipped ticks (%ld)",
	       missed);
	tap_is_i64((int64_t)p.missed, missed, "pace-2.2 skipped ticks add up");
	tap_is_i64((pacer_due_ns(&p) - start) % interval, 0,
		   "pace-2.3 after a stall the grid is kept");
	now = pace_now_ns(CLOCK_MONOTONIC);
	tap_ok(now >= pacer_due_ns(&p) && now - pacer_due_ns(&p) < interval,
	       "pace-2.4 the tick taken after a stall is the current one");
	return tap_done();
}
