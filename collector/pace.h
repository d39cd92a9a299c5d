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

#include <signal.h>
#include <stdint.h>
#include <time.h>

struct pacer {
	clockid_t clock;
	int64_t start_ns, interval_ns;
	uint64_t tick;       /* index of the last tick taken */
	uint64_t missed;     /* ticks skipped so far */
	int timer_fd;        /* the sleep's deadline (pacer_wait()), or -1 */
};

int64_t pace_now_ns(clockid_t clock);
/* CLOCK_MONOTONIC in seconds: for elapsed times and deadlines. */
double pace_now_s(void);

void pacer_init(struct pacer *p, clockid_t clock, int64_t start_ns,
		int64_t interval_ns);
/* Frees what pacer_init() took (a file descriptor). */
void pacer_close(struct pacer *p);

/*
 * Sleep until the next due tick, with the signal mask wait_mask (NULL:
 * the current one) in force during the sleep only.  A caller that keeps
 * its signals blocked while it works and passes the mask that unblocks
 * them sees every signal: one that came after it last checked its flags
 * ends the sleep at once.  Returns the number of ticks skipped on the way
 * (0 normally), or -1 if a signal interrupted the sleep (the caller checks
 * its flags and calls again).
 */
long pacer_wait(struct pacer *p, const sigset_t *wait_mask);

/*
 * Ask the scheduler for the shortest time slice, so that a wake-up at a
 * tick preempts a CPU-bound task at once (EEVDF's custom slices, Linux
 * 6.12+; older kernels accept the call and change nothing).  Policy, nice
 * and flags stay as they were; SCHED_IDLE and real-time policies are left
 * alone.  0 if the kernel took the call, -1 otherwise (errno).
 */
int pace_short_slice(void);

/* When tick p->tick was due. */
int64_t pacer_due_ns(const struct pacer *p);

#endif
