/*
 * proc.c - how a benchmark's child process ended (proc.h).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>

#include "proc.h"
#include "banned.h"

/* SIGKILL's bit in /proc/<pid>/status's ShdPnd mask */
#define SIGKILL_BIT (1ull << (SIGKILL - 1))

int proc_oom_status(int status)
{
	return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

/*
 * Whether pid, not yet reapable, is on its way out: SIGKILL pending for
 * its thread group, or a zombie already (it may have become one since
 * the wait).  The OOM killer sends SIGKILL to the thread group
 * (do_send_sig_info(..., PIDTYPE_TGID)), which puts it in the shared
 * pending set, ShdPnd; complete_signal() adds it to each thread's own
 * set too, and get_signal() takes only that one before do_exit(), so the
 * shared bit stays while do_exit() frees the task's memory, before the
 * parent can reap it (kernel/signal.c, 2.6 to 6.18).  For a hog of
 * hundreds of megabytes that takes a while, and a wait with WNOHANG in
 * that time finds it alive.  Read from /proc: nothing is sent to it.
 */
static int proc_dying(pid_t pid)
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
		else if (sscanf(line, "ShdPnd: %llx", &mask) == 1)
			dying = (mask & SIGKILL_BIT) != 0;
	}
	fclose(f);
	return dying;
}

int proc_killed(pid_t *pid)
{
	int status;
	pid_t r;

	if (*pid <= 0)
		return 0;
	r = waitpid(*pid, &status, WNOHANG);
	if (r == 0 && proc_dying(*pid))
		r = wait_child(*pid, &status);
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
