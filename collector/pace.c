/* pace.c - absolute-deadline ticker, see pace.h. */
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "pace.h"
#include "banned.h"

/* the last stretch before a tick, slept apart from waits longer than
 * PACE_SPLIT_NS (see pacer_wait()) */
#define PACE_FINE_NS 2000000
#define PACE_SPLIT_NS 200000000

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

/* struct sched_attr of include/uapi/linux/sched/types.h (not in glibc) */
struct pace_sched_attr {
	uint32_t size, sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime, sched_deadline, sched_period;
	uint32_t sched_util_min, sched_util_max;
};

/*
 * A task at SCHED_OTHER may choose its EEVDF slice: sched_setattr()'s
 * sched_runtime, clamped to 0.1-100 ms (v6.12 kernel/sched/syscalls.c,
 * __setscheduler_params()), and a waking task with a shorter slice than
 * the running one preempts it (PREEMPT_SHORT, same release).  With the
 * default slice (0.75 ms x 1 + log2 CPUs) a sample due while a CPU hog
 * runs waits out the hog's slice: under `stress-ng --cpu` a 20 Hz loop
 * measured p50 2.4 ms late, 0.6 ms with 0.1 ms.  The collector runs about
 * 0.15 ms a sample, so the short slice costs at most one preemption.
 * Older kernels ignore sched_runtime for SCHED_OTHER.
 */
int pace_short_slice(void)
{
	struct pace_sched_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.sched_policy = SCHED_OTHER;
	errno = 0;
	a.sched_nice = getpriority(PRIO_PROCESS, 0);  /* keep it: raising
							  it would need root */
	if (errno)
		return -1;
	a.sched_runtime = 100000;
	return syscall(SYS_sched_setattr, 0, &a, 0) ? -1 : 0;
}

int64_t pacer_due_ns(const struct pacer *p)
{
	return p->start_ns + (int64_t)p->tick * p->interval_ns;
}

long pacer_wait(struct pacer *p, const sigset_t *wait_mask)
{
	int64_t now = pace_now_ns(p->clock);
	uint64_t next = p->tick + 1, late = 0;
	int64_t due = p->start_ns + (int64_t)next * p->interval_ns;

	if (now - due >= p->interval_ns) {
		/* a whole interval behind: skip to the last tick that is due */
		late = (uint64_t)((now - due) / p->interval_ns);
		next += late;
		due = p->start_ns + (int64_t)next * p->interval_ns;
	}
	/*
	 * ppoll() swaps in wait_mask for the sleep only, atomically: a signal
	 * kept blocked since the caller last looked at its flags is taken
	 * here and ends the wait at once, instead of at the next tick.  Its
	 * timeout is relative, so sleep again until the deadline has passed.
	 */
	while (now < due) {
		/*
		 * ppoll()'s timer slack grows with its timeout: 0.1% of it for
		 * a task at nice 0 (fs/select.c, select_estimate_accuracy()),
		 * a whole millisecond late at -i 1.  So a long sleep ends
		 * PACE_FINE_NS before the tick, and a short one, whose slack is
		 * the task's 50 us, takes the rest; under PACE_SPLIT_NS the
		 * slack is too small to pay a second wake-up for.
		 */
		int64_t left = due - now;
		int64_t step = left > PACE_SPLIT_NS ? left - PACE_FINE_NS : left;
		struct timespec ts = {
			.tv_sec = step / 1000000000,
			.tv_nsec = step % 1000000000,
		};

		if (ppoll(NULL, 0, &ts, wait_mask) < 0 && errno == EINTR)
			return -1;
		now = pace_now_ns(p->clock);
	}
	p->tick = next;
	p->missed += late;
	return (long)late;
}
