/*
 * t-ready.c - bench's wait for its hog to be ready (bench/workload.c
 * hog_start()), on real children: it returns once the hog has touched its
 * memory, and not at all once bench's interrupt flag is set, whether the
 * signal came before the wait began or during it.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "proc.h"
#include "workload.h"
#include "tap.h"

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

/* no child of this test left, running or unreaped */
static int no_child(void)
{
	return waitpid(-1, NULL, WNOHANG) < 0 && errno == ECHILD;
}

/* SIGINT to this process after ms milliseconds (a POSIX timer) */
static int sigint_after(long ms, timer_t *t)
{
	struct sigevent ev;
	struct itimerspec at;

	memset(&ev, 0, sizeof(ev));
	memset(&at, 0, sizeof(at));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGINT;
	at.it_value.tv_sec = ms / 1000;
	at.it_value.tv_nsec = ms % 1000 * 1000000;
	return timer_create(CLOCK_MONOTONIC, &ev, t) || timer_settime(*t, 0, &at, NULL);
}

int main(void)
{
	struct sigaction sa;
	int status = -1;
	timer_t t;
	pid_t pid;

	alarm(60);   /* a wait that was not broken: a failure, not a hang */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;   /* as bench's: no SA_RESTART */
	sigaction(SIGINT, &sa, NULL);
	workload_interrupt_flag(&interrupted);

	pid = hog_start(NULL, 8, &status);
	tap_ok(pid > 0 && kill(pid, 0) == 0, "ready-1.1 a hog of 8 MiB is started and waited for");
	proc_stop(&pid);

	/* 2 GiB take the hog over a second to touch: the wait is long */
	interrupted = 1;
	pid = hog_start(NULL, 2048, &status);
	tap_ok(pid == -1 && status == 0 && no_child(),
	       "ready-1.2 an interrupt that came before the wait: no wait, the hog killed and "
	       "reaped, no OOM kill made of it");
	proc_stop(&pid);   /* a hog that was waited for after all */

	interrupted = 0;
	if (sigint_after(100, &t)) {
		tap_skip("no POSIX timer here", "ready-1.3");
	} else {
		pid = hog_start(NULL, 2048, &status);
		tap_ok(pid == -1 && status == 0 && interrupted && no_child(),
		       "ready-1.3 SIGINT 0.1 s into the wait breaks it, the hog killed and reaped");
		proc_stop(&pid);
		timer_delete(t);
	}
	return tap_done();
}
