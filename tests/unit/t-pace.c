/*
 * t-pace.c - the ticker keeps to its grid and counts what it skips.
 *
 * Checks when the ticker actually wakes (read from the clock here, never
 * from the pacer's own arithmetic), not speed: work between two waits must
 * not push the next tick later (absolute deadlines, no drift), and a stall
 * of several intervals is reported as skipped ticks instead of a burst of
 * catch-up samples.  Wake-ups may be late on a loaded machine, so a tick
 * counts as on the grid when it is less than a quarter (after a stall)
 * or half an interval late.
 */
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "pace.h"
#include "tap.h"

static void sleep_ns(int64_t ns)
{
	struct timespec ts = { .tv_sec = ns / 1000000000, .tv_nsec = ns % 1000000000 };

	nanosleep(&ts, NULL);
}

/* How late now is after the grid point k (start + k * interval). */
static int64_t late_ns(int64_t start, int64_t interval, int64_t k, int64_t now)
{
	return now - (start + k * interval);
}

static volatile sig_atomic_t got_usr1;

static void on_usr1(int sig)
{
	(void)sig;
	got_usr1 = 1;
}

/*
 * Issue 11: a signal that arrives after the caller checked its flags and
 * before it sleeps.  The caller keeps it blocked, so it is pending when
 * pacer_wait() starts; the wait must end at once, not at the tick.
 */
static void test_pending_signal(void)
{
	const int64_t interval = 5000000000LL;   /* 5 s */
	struct sigaction sa = { .sa_handler = on_usr1 };
	sigset_t block, wait_mask;
	struct pacer p;
	int64_t t0;
	long r;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigprocmask(SIG_BLOCK, &block, &wait_mask);
	raise(SIGUSR1);   /* pending: blocked */
	pacer_init(&p, CLOCK_MONOTONIC, pace_now_ns(CLOCK_MONOTONIC), interval);
	t0 = pace_now_ns(CLOCK_MONOTONIC);
	r = pacer_wait(&p, &wait_mask);
	tap_ok(r == -1 && got_usr1, "pace-3.1 a signal pending before the wait "
	       "interrupts it (%ld, handler ran: %d)", r, (int)got_usr1);
	tap_ok(pace_now_ns(CLOCK_MONOTONIC) - t0 < 500000000,
	       "pace-3.2 at once, not at the tick 5 s later (%lld ms)",
	       (long long)((pace_now_ns(CLOCK_MONOTONIC) - t0) / 1000000));
	tap_is_i64((int64_t)p.tick, 0, "pace-3.3 an interrupted wait takes no tick");
	pacer_close(&p);
	sigprocmask(SIG_SETMASK, &wait_mask, NULL);
}

/* The times this process has gone to sleep (/proc/self/status), or -1. */
static long sleeps(void)
{
	char line[128];
	long n = -1;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "voluntary_ctxt_switches: %ld", &n) == 1)
			break;
	fclose(f);
	return n;
}

/*
 * Issue 18: at -i 1 a wait is a 1 s timeout, and ppoll() is given 0.1%
 * of its timeout as timer slack at nice 0, 0.5% above (fs/select.c
 * __estimate_accuracy()): 1 or 5 ms late at every tick.  Three 1 s ticks; the
 * earliest of their wake-ups is what the pacer's own sleep costs (the
 * others may add a loaded machine's delays).  And on time with one sleep
 * a tick: a wake-up costs a sampler more CPU than anything else it does
 * beyond the read.
 */
/*
 * The earliest of 3 wake-ups at a 1 s interval, in ns after its tick;
 * the voluntary context switches over them in *slept (-1: not known).
 */
static int64_t earliest_of_three(long *slept)
{
	const int64_t interval = 1000000000;
	struct pacer p;
	int64_t start = pace_now_ns(CLOCK_MONOTONIC), best = interval, late;
	long s;
	int i;

	*slept = 0;
	pacer_init(&p, CLOCK_MONOTONIC, start, interval);
	for (i = 1; i <= 3; i++) {
		s = sleeps();
		pacer_wait(&p, NULL);
		if (s < 0 || *slept < 0)
			*slept = -1;
		else
			*slept += sleeps() - s;
		late = late_ns(start, interval, i, pace_now_ns(CLOCK_MONOTONIC));
		if (late < best)
			best = late;
	}
	pacer_close(&p);
	return best;
}

static void test_one_second(const char *name, int slack_permille)
{
	const int64_t bound = 750000LL * slack_permille;
	int64_t best = 0;
	long slept = 0;
	int tries;

	/*
	 * a slack-late wake-up is about the whole slack late (hrtimer range
	 * timers fire at the end of their range unless woken earlier): 1 ms
	 * at nice 0, 5 ms at nice 5; the earliest of 3 under 3/4 of it is no
	 * slack (CI runs under ASan saw 525 us with none at nice 0, and
	 * 753 us at nice 5, against the 750 us this bound held for both).
	 * A loaded machine delayed all 3 once (1139 us under ASan): up to 3
	 * rounds, the first under the bound counts.  A pacer that sleeps
	 * with the slack is late by it at every wake-up, in every round.
	 */
	for (tries = 1; tries <= 3; tries++) {
		best = earliest_of_three(&slept);
		if (best >= 0 && best < bound)
			break;
		printf("# %s round %d: earliest wake-up %lld us late, again\n",
		       name, tries, (long long)(best / 1000));
	}
	tap_ok(best >= 0 && best < bound,
	       "%s at a 1 s interval a wake-up is not a timer slack late: "
	       "the earliest of 3 was %lld us after its tick (ppoll's slack: %d)",
	       name, (long long)(best / 1000), slack_permille * 1000);
	if (slept < 0)
		tap_skip("no /proc/self/status", "%s one sleep a tick", name);
	else
		tap_is_i64(slept, 3, "%s one sleep a tick (voluntary context "
			   "switches over 3 ticks)", name);
}

struct grid_run {
	struct pacer p;
	int64_t start, worst, early, stall_late, stall_k, after_late;
	long stall_missed;
	int skipped;
};

/*
 * Five ticks with 60 ms of work after each, a stall of 3.9 intervals,
 * then one more tick; every time read from the clock.
 */
static void grid_run(struct grid_run *g, int64_t interval)
{
	int64_t now;
	int i;

	g->start = pace_now_ns(CLOCK_MONOTONIC);
	g->worst = g->early = 0;
	g->skipped = 0;
	pacer_init(&g->p, CLOCK_MONOTONIC, g->start, interval);
	for (i = 1; i <= 5; i++) {
		int64_t late;

		g->skipped += pacer_wait(&g->p, NULL) != 0;
		now = pace_now_ns(CLOCK_MONOTONIC);
		late = late_ns(g->start, interval, i, now);
		if (late < g->early)
			g->early = late;
		if (late > g->worst)
			g->worst = late;
		/* 60 ms of work: a sleep of one interval from here would drift */
		sleep_ns(interval * 3 / 5);
	}
	/* 60 + 390 ms after tick 5: a stall ending mid-interval, 3.5 late */
	sleep_ns(interval * 39 / 10);
	g->stall_missed = pacer_wait(&g->p, NULL);
	now = pace_now_ns(CLOCK_MONOTONIC);
	/* the grid point the wake-up belongs to, from the clock alone */
	g->stall_k = (now - g->start) / interval;
	g->stall_late = (int64_t)g->p.tick;
	/* the next wake-up is back on the old grid, not an interval after
	 * the stall ended (which is half an interval off it) */
	pacer_wait(&g->p, NULL);
	now = pace_now_ns(CLOCK_MONOTONIC);
	g->after_late = late_ns(g->start, interval, (int64_t)g->p.tick, now);
	pacer_close(&g->p);
}

static int grid_clean(const struct grid_run *g, int64_t interval)
{
	return g->skipped == 0 && g->worst < interval / 2 &&
	       g->after_late < interval / 4;
}

int main(void)
{
	const int64_t interval = 100000000;   /* 100 ms */
	struct grid_run g;
	int tries;

	/*
	 * A loaded machine (other jobs on 2 CPUs) can wake us 100 ms late at
	 * times: up to 5 runs, the first clean one counts.  A pacer that
	 * drifts is never clean: 60 ms per tick add up.
	 */
	for (tries = 1; tries <= 5; tries++) {
		grid_run(&g, interval);
		if (grid_clean(&g, interval))
			break;
		printf("# run %d was disturbed (worst %lld us late), again\n",
		       tries, (long long)(g.worst / 1000));
	}
	tap_ok(g.skipped == 0 && g.early >= 0,
	       "pace-1.1 five ticks, none early, none skipped");
	tap_is_i64((int64_t)g.p.tick - g.stall_missed - 2, 5,
		   "pace-1.2 tick index counts ticks");
	tap_ok(g.worst < interval / 2,
	       "pace-1.3 with 60 ms of work per 100 ms tick, every wake-up is "
	       "on the grid start + k * 100 ms (latest %lld us late)",
	       (long long)(g.worst / 1000));
	tap_ok(g.stall_missed >= 2,
	       "pace-2.1 a stall is counted as skipped ticks (%ld)",
	       g.stall_missed);
	tap_is_i64((int64_t)g.p.missed, g.stall_missed,
		   "pace-2.2 skipped ticks add up");
	tap_is_i64(g.stall_late, g.stall_k,
		   "pace-2.4 the tick taken after a stall is the current one");
	tap_ok(g.after_late >= 0 && g.after_late < interval / 4,
	       "pace-2.3 after a stall the grid is kept (%lld us after grid "
	       "point %lld)", (long long)(g.after_late / 1000),
	       (long long)g.p.tick);
	test_pending_signal();
	test_one_second("pace-4.1", 1);
	/* above nice 0 the slack is 0.5% of the timeout: 5 ms at -i 1
	 * (last: the nice value cannot be lowered again) */
	if (nice(5) == -1)
		tap_ok(0, "pace-4.2 nice(5)");
	else
		test_one_second("pace-4.2 at nice 5,", 5);
	return tap_done();
}
