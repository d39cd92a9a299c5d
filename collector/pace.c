/* pace.c - absolute-deadline ticker, see pace.h. */
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <unistd.h>

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
	/* see sleep_until(); -1 (no timerfd): sleep on ppoll()'s timeout */
	p->timer_fd = timerfd_create(clock, TFD_CLOEXEC | TFD_NONBLOCK);
}

void pacer_close(struct pacer *p)
{
	if (p->timer_fd >= 0)
		close(p->timer_fd);
	p->timer_fd = -1;
}

/* struct sched_attr of include/uapi/linux/sched/types.h (not in glibc),
 * its second version (with the utilization clamps) */
struct pace_sched_attr {
	uint32_t size, sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime, sched_deadline, sched_period;
	uint32_t sched_util_min, sched_util_max;
};
_Static_assert(sizeof(struct pace_sched_attr) == 56, "SCHED_ATTR_SIZE_VER1");

/*
 * A task at SCHED_OTHER or SCHED_BATCH may choose its EEVDF slice:
 * sched_setattr()'s sched_runtime, clamped to 0.1-100 ms (v6.12
 * kernel/sched/syscalls.c, __setscheduler_params()), and a waking task
 * with a shorter slice than the running one preempts it (PREEMPT_SHORT,
 * same release).  With the default slice (0.75 ms x (1 + log2 CPUs)) a
 * sample due while a CPU hog runs waits out the hog's slice.  The
 * collector runs about 0.15 ms a sample, so the short slice costs at most
 * one preemption.  Only the slice changes: the policy, nice value and
 * flags (reset-on-fork) are read first and given back as they were, and
 * a collector someone put at SCHED_IDLE or a real-time policy is left
 * alone.  Kernels before 6.12 ignore sched_runtime for these policies.
 */
int pace_short_slice(void)
{
#if defined(SYS_sched_getattr) && defined(SYS_sched_setattr)
	struct pace_sched_attr a;

	memset(&a, 0, sizeof(a));
	if (syscall(SYS_sched_getattr, 0, &a, (unsigned)sizeof(a), 0))
		return -1;
	if (a.sched_policy != SCHED_OTHER && a.sched_policy != SCHED_BATCH) {
		errno = EPERM;
		return -1;
	}
	a.size = sizeof(a);
	/* the clamps are given back only with this flag set */
	a.sched_flags &= ~(uint64_t)0x60;       /* SCHED_FLAG_UTIL_CLAMP */
	a.sched_runtime = 100000;
	return syscall(SYS_sched_setattr, 0, &a, 0) ? -1 : 0;
#else
	errno = ENOSYS;
	return -1;
#endif
}

int64_t pacer_due_ns(const struct pacer *p)
{
	return p->start_ns + (int64_t)p->tick * p->interval_ns;
}

/*
 * Sleep until due (absolute, on p->clock) or a signal: -1 on a signal.
 * The deadline is a timerfd's, polled with no timeout: a timerfd's timer
 * has no slack (fs/timerfd.c, timerfd_setup(): hrtimer_start() with no
 * range), where ppoll()'s own timeout gets 0.1% of itself at nice 0 and
 * 0.5% above (fs/select.c, __estimate_accuracy()): 1 or 5 ms late at
 * -i 1.  Sleeping most of the way and then the last 2 ms apart kept the
 * tick but woke twice a sample, which cost more CPU than the sample
 * itself takes beyond the bare read (issue 18's bench).
 */
static int sleep_until(const struct pacer *p, int64_t due, int64_t now,
		       const sigset_t *wait_mask)
{
	struct pollfd timer = { .fd = p->timer_fd, .events = POLLIN };
	struct itimerspec at = {
		.it_value = { .tv_sec = due / 1000000000, .tv_nsec = due % 1000000000 },
	};
	int n;

	if (p->timer_fd >= 0 &&
	    !timerfd_settime(p->timer_fd, TFD_TIMER_ABSTIME, &at, NULL)) {
		n = ppoll(&timer, 1, NULL, wait_mask);
	} else {
		int64_t left = due - now;
		struct timespec ts = {
			.tv_sec = left / 1000000000, .tv_nsec = left % 1000000000,
		};

		n = ppoll(NULL, 0, &ts, wait_mask);
	}
	return n < 0 && errno == EINTR ? -1 : 0;
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
	 * here and ends the wait at once, instead of at the next tick.
	 */
	while (now < due) {
		if (sleep_until(p, due, now, wait_mask))
			return -1;
		now = pace_now_ns(p->clock);
	}
	p->tick = next;
	p->missed += late;
	return (long)late;
}
