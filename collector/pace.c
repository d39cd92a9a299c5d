/* pace.c - absolute-deadline ticker, see pace.h. */
#include <errno.h>

#include "pace.h"
#include "banned.h"

int64_t pace_now_ns(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

double pace_now_s(void)
{
	return (double)pace_now_ns(CLOCK_MONOTONIC) / 1e9;
}

void pacer_init(struct pacer *p, clockid_t clock, int64_t start_ns,
		int64_t interval_ns)
{
	p->clock = clock;
	p->start_ns = start_ns;
	p->interval_ns = interval_ns;
	p->tick = 0;
	p->missed = 0;
}

int64_t pacer_due_ns(const struct pacer *p)
{
	return p->start_ns + (int64_t)p->tick * p->interval_ns;
}

long pacer_wait(struct pacer *p)
{
	int64_t now = pace_now_ns(p->clock);
	uint64_t next = p->tick + 1, late = 0;
	int64_t due = p->start_ns + (int64_t)next * p->interval_ns;
	struct timespec ts;
	int rc;

	if (now - due >= p->interval_ns) {
		/* a whole interval behind: skip to the last tick that is due */
		late = (uint64_t)((now - due) / p->interval_ns);
		next += late;
		due = p->start_ns + (int64_t)next * p->interval_ns;
	}
	ts.tv_sec = due / 1000000000;
	ts.tv_nsec = due % 1000000000;
	rc = clock_nanosleep(p->clock, TIMER_ABSTIME, &ts, NULL);
	if (rc == EINTR)
		return -1;
	p->tick = next;
	p->missed += late;
	return (long)late;
}
