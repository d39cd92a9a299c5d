/*
 * t-proc.c - how bench tells an OOM kill of its children (bench/proc.c),
 * on real child processes: killed with SIGKILL, as the OOM killer kills,
 * while they still free their memory; one alive; one ended by another
 * signal; one that exited.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "proc.h"
#include "tap.h"

/* small pages (no THP): freeing them takes do_exit() milliseconds */
#define BIG (256ul << 20)

/*
 * A child that touches `bytes` (0: none), says so on a pipe and sleeps;
 * killed with this test, however it ends (PR_SET_PDEATHSIG).  -1 if none.
 */
static pid_t sleeper(size_t bytes)
{
	pid_t parent = getpid(), pid;
	int p[2];
	char c;

	if (pipe(p))
		return -1;
	pid = fork();
	if (pid == 0) {
		char *m = bytes ? mmap(NULL, bytes, PROT_READ | PROT_WRITE,
				       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) : NULL;
		size_t i;

		if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent ||
		    m == MAP_FAILED)
			_exit(1);
		if (bytes)
			madvise(m, bytes, MADV_NOHUGEPAGE);
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

/*
 * 1 once pid is inside do_exit(), not a zombie yet: PF_EXITING in
 * /proc/<pid>/stat's flags, its state not Z or X
 */
static int exiting(pid_t pid)
{
	char path[64], buf[512], *rp, state;
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
	return rp && sscanf(rp + 1, " %c %*d %*d %*d %*d %*d %u", &state, &flags) == 2 &&
	       (flags & 4) && state != 'Z' && state != 'X';
}

static int gone(pid_t pid)
{
	return kill(pid, 0) < 0 && errno == ESRCH;
}

/* a 256 MiB child killed by `how`, checked at once or (caught) in do_exit() */
static void killed_big(int thread, int caught, const char *name, const char *what)
{
	pid_t pid = sleeper(BIG), was = pid;
	int i, seen = !caught;

	if (pid <= 0) {
		tap_skip("no child could touch 256 MiB here", "%s", name);
		return;
	}
	if (thread)
		syscall(SYS_tgkill, pid, pid, SIGKILL);
	else
		kill(pid, SIGKILL);
	for (i = 0; i < 1000000 && !seen; i++)
		seen = exiting(pid);
	if (!seen) {
		tap_skip("the child's exit was not caught under way", "%s", name);
		proc_stop(&pid);
		return;
	}
	tap_ok(proc_killed(&pid) == 1 && pid == 0 && gone(was), "%s %s (pid %d)",
	       name, what, (int)was);
}

int main(void)
{
	siginfo_t info;
	pid_t pid, was;
	int status;

	alarm(30);   /* a proc_killed() that waits for a live child: a failure, not a hang */
	killed_big(0, 0, "proc-1.1", "a child SIGKILLed while it frees 256 MiB is an "
		   "OOM kill, waited for and reaped");
	killed_big(0, 1, "proc-1.1.1", "so is one found inside do_exit(), freeing it");
	killed_big(1, 1, "proc-1.1.2", "and one whose thread alone was sent SIGKILL "
		   "(as OOM killers before 4.20 sent it), found inside do_exit()");

	pid = sleeper(0);
	was = pid;
	if (pid <= 0) {
		tap_skip("no child", "proc-1.2");
	} else {
		struct timespec t0, t1;
		double s;
		int r;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		r = proc_killed(&pid);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		s = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
		tap_ok(r == 0 && pid == was && !gone(was),
		       "proc-1.2 a child alive is no kill and is left running");
		/* not a timing test: a wait for a dying child lasts 10 s */
		tap_ok(s < 5, "proc-1.2.1 and is not waited for as a dying one (%.3f s)", s);
		proc_stop(&pid);
		tap_ok(pid == 0 && gone(was), "proc-1.3 proc_stop() kills and reaps it");
	}

	pid = sleeper(0);
	was = pid;
	if (pid <= 0) {
		tap_skip("no child", "proc-1.4");
	} else {
		kill(pid, SIGTERM);
		tap_ok(proc_killed(&pid) == 0 && pid == 0 && gone(was),
		       "proc-1.4 a child ended by SIGTERM is no OOM kill, and is reaped");
		proc_stop(&pid);
	}

	pid = fork();
	if (pid == 0)
		_exit(0);
	was = pid;
	waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT);   /* a zombie now */
	tap_ok(pid > 0 && proc_killed(&pid) == 0 && pid == 0 && gone(was),
	       "proc-1.5 a child that exited is no kill, and is reaped");

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
