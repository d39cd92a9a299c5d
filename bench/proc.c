/*
 * proc.c - how a benchmark's child process ended (proc.h).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "proc.h"
#include "banned.h"

/* SIGKILL's bit in /proc/<pid>/status's SigPnd and ShdPnd masks */
#define SIGKILL_BIT (1ull << (SIGKILL - 1))
/* task->flags bit do_exit() sets first (include/linux/sched.h, 2.6 to 6.18) */
#define PF_EXITING 0x00000004u
/* how long a dying child is given to be reaped: then taken for alive */
#define DYING_WAIT_S 10

int proc_oom_status(int status)
{
	return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

/* /proc/<pid>/status: a zombie or dead task, or SIGKILL pending */
static int status_dying(pid_t pid)
{
	char path[64], line[256];
	unsigned long long mask;
	int dying = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return 0;
	while (!dying && fgets(line, sizeof(line), f)) {
		char state;

		if (sscanf(line, "State: %c", &state) == 1)
			dying = state == 'Z' || state == 'X';
		else if (sscanf(line, "SigPnd: %llx", &mask) == 1 ||
			 sscanf(line, "ShdPnd: %llx", &mask) == 1)
			dying = (mask & SIGKILL_BIT) != 0;
	}
	fclose(f);
	return dying;
}

/* /proc/<pid>/stat's flags (the 9th field, after the comm's ')'): PF_EXITING */
static int stat_exiting(pid_t pid)
{
	char path[64], buf[512], *rp;
	unsigned int flags;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	rp = strrchr(buf, ')');
	return rp && sscanf(rp + 1, " %*c %*d %*d %*d %*d %*d %u", &flags) == 1 &&
	       (flags & PF_EXITING);
}

/*
 * Whether pid, not yet reapable, is on its way out: SIGKILL pending, in
 * do_exit(), or a zombie already (since the wait).  A fatal signal puts
 * SIGKILL in every thread's own pending set (complete_signal()) until
 * get_signal() takes it; from then on do_exit()'s PF_EXITING tells.  A
 * kill of the thread group (kill(2); the OOM killer's
 * do_send_sig_info(PIDTYPE_TGID), 4.20+; older ones signalled the
 * thread) also leaves it in the shared set, which get_signal() does not
 * take: that covers the moment between the two.  do_exit() frees the
 * task's memory before the parent can reap it: for a hog of hundreds of
 * megabytes that takes a while, and a wait with WNOHANG in that time
 * finds it alive.  Read from /proc: nothing is sent to it.
 */
static int proc_dying(pid_t pid)
{
	return status_dying(pid) || stat_exiting(pid);
}

/*
 * waitpid() for a dying pid, up to DYING_WAIT_S: an exit stuck in the
 * kernel (a D state), or a /proc that misled proc_dying(), must not hang
 * the benchmark.  pid, or 0 where it was not reaped.
 */
static pid_t reap_dying(pid_t pid, int *status)
{
	const struct timespec tick = { 0, 10 * 1000 * 1000 };
	int i;

	for (i = 0; i < DYING_WAIT_S * 100; i++) {
		pid_t r = waitpid(pid, status, WNOHANG);

		if (r != 0 && !(r < 0 && errno == EINTR))
			return r;
		nanosleep(&tick, NULL);
	}
	return 0;
}

int proc_killed(pid_t *pid)
{
	int status;
	pid_t r;

	if (*pid <= 0)
		return 0;
	r = waitpid(*pid, &status, WNOHANG);
	if (r == 0 && proc_dying(*pid))
		r = reap_dying(*pid, &status);
	if (r != *pid)
		return 0;
	*pid = 0;
	return proc_oom_status(status);
}

pid_t wait_child(pid_t pid, int *status)
{
	pid_t r;

	while ((r = waitpid(pid, status, 0)) < 0 && errno == EINTR)
		;
	return r;
}

void proc_stop(pid_t *pid)
{
	if (*pid <= 0)
		return;
	kill(*pid, SIGKILL);
	wait_child(*pid, NULL);
	*pid = 0;
}
