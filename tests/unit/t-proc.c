/*
 * t-proc.c - how bench tells an OOM kill of its children (bench/proc.c),
 * on real child processes: one killed with SIGKILL, as the OOM killer
 * kills, while it still frees its memory; one alive; one ended by another
 * signal; one that exited.
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "proc.h"
#include "tap.h"

#define BIG (256ul << 20)   /* freeing it takes do_exit() milliseconds */

/* A child that touches `bytes` (0: none), says so on a pipe and sleeps. */
static pid_t sleeper(size_t bytes)
{
	int p[2];
	pid_t pid;
	char c;

	if (pipe(p))
		return -1;
	pid = fork();
	if (pid == 0) {
		char *m = bytes ? mmap(NULL, bytes, PROT_READ | PROT_WRITE,
				       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) : NULL;
		size_t i;

		if (m == MAP_FAILED)
			_exit(1);
		for (i = 0; i < bytes; i += 4096)
			m[i] = 1;
		if (write(p[1], "1", 1) != 1)
			_exit(1);
		for (;;)
			pause();
	}
	close(p[1]);
	if (pid > 0 && read(p[0], &c, 1) != 1) {
		waitpid(pid, NULL, 0);
		pid = -1;
	}
	close(p[0]);
	return pid;
}

/* 1 once pid's /proc/<pid>/stat shows PF_EXITING (do_exit() under way) */
static int exiting(pid_t pid)
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
	       (flags & 4);
}

static int gone(pid_t pid)
{
	return kill(pid, 0) < 0 && errno == ESRCH;
}

int main(void)
{
	pid_t pid, was;
	int status;

	alarm(30);   /* a proc_killed() that waits for a live child: a failure, not a hang */

	pid = sleeper(BIG);
	if (pid <= 0) {
		tap_skip("no child could touch 256 MiB here", "proc-1.1");
	} else {
		/* at once, as bench looks after its writers: still exiting */
		kill(pid, SIGKILL);
		was = pid;
		tap_ok(proc_killed(&pid) == 1 && pid == 0 && gone(was),
		       "proc-1.1 a child SIGKILLed while it frees 256 MiB is an OOM kill, "
		       "waited for and reaped (pid %d)", (int)was);
	}

	/* later, in the midst of its exit: the SIGKILL taken, memory freeing */
	pid = sleeper(BIG);
	if (pid <= 0) {
		tap_skip("no child could touch 256 MiB here", "proc-1.1.1");
	} else {
		int i, seen = 0;

		kill(pid, SIGKILL);
		for (i = 0; i < 1000000 && !seen; i++)
			seen = exiting(pid);
		was = pid;
		if (!seen)
			tap_skip("the child's exit was not caught under way", "proc-1.1.1");
		else
			tap_ok(proc_killed(&pid) == 1 && pid == 0 && gone(was),
			       "proc-1.1.1 so is one found in do_exit(), freeing it");
	}

	pid = sleeper(0);
	was = pid;
	tap_ok(pid > 0 && proc_killed(&pid) == 0 && pid == was && !gone(was),
	       "proc-1.2 a child alive is no kill and is left running");
	proc_stop(&pid);
	tap_ok(pid == 0 && gone(was), "proc-1.3 proc_stop() kills and reaps it");

	pid = sleeper(0);
	was = pid;
	kill(pid, SIGTERM);
	tap_ok(pid > 0 && proc_killed(&pid) == 0,
	       "proc-1.4 a child ended by SIGTERM is no OOM kill");
	proc_stop(&pid);

	pid = fork();
	if (pid == 0)
		_exit(0);
	was = pid;
	waitid(P_PID, (id_t)pid, NULL, WEXITED | WNOWAIT);   /* a zombie now */
	tap_ok(proc_killed(&pid) == 0 && pid == 0 && gone(was),
	       "proc-1.5 a child that exited is no kill, and is reaped");

	status = 0;
	pid = fork();
	if (pid == 0)
		raise(SIGKILL);
	wait_child(pid, &status);
	tap_ok(proc_oom_status(status), "proc-1.6 a wait status of SIGKILL reads as an OOM kill");
	pid = fork();
	if (pid == 0)
		_exit(9);
	wait_child(pid, &status);
	tap_ok(!proc_oom_status(status), "proc-1.7 an exit status of 9 does not");
	pid = fork();
	if (pid == 0)
		raise(SIGTERM);
	wait_child(pid, &status);
	tap_ok(WIFSIGNALED(status) && !proc_oom_status(status),
	       "proc-1.8 nor a death by SIGTERM");
	return tap_done();
}
