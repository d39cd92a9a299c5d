/*
 * mlock-pages.c - a known, small change to a kernel statistic: lock
 * PAGES pages (nr_mlock grows by that many), hold them SECONDS, unlock,
 * and linger as long again.  A few pages stay in the CPU's per-CPU
 * vmstat diff (below its fold threshold) until something folds them:
 * the collector's --stat-refresh test.  The program spins instead of
 * sleeping: a CPU that goes idle folds its diffs itself (quiet_vmstat()
 * when the tick stops, mm/vmstat.c), which would show the pages however
 * the collector samples; spinning, they wait for vmstat_update(), about
 * once a second.  The system calls are made directly: AddressSanitizer's
 * mlock() and munlock() do nothing (the tests run under it too).
 *
 * Prints "locked NS" and "unlocked NS", CLOCK_MONOTONIC in nanoseconds
 * when each call returned, for the test to find the samples after them.
 *
 * usage: mlock-pages PAGES SECONDS
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void say(const char *what)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	printf("%s %lld\n", what, (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec);
	fflush(stdout);
}

static void spin_s(double s)
{
	double end = now_s() + s;

	while (now_s() < end)
		;
}

int main(int argc, char **argv)
{
	long pages = argc == 3 ? atol(argv[1]) : 0, page = sysconf(_SC_PAGESIZE);
	double hold = argc == 3 ? atof(argv[2]) : 0;
	size_t len = (size_t)pages * (size_t)page;
	void *p;

	if (pages <= 0 || !(hold > 0)) {
		fprintf(stderr, "usage: mlock-pages PAGES SECONDS\n");
		return 2;
	}
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED || syscall(SYS_mlock, p, len)) {
		perror("mlock-pages");
		return 1;
	}
	say("locked");
	spin_s(hold);
	syscall(SYS_munlock, p, len);
	say("unlocked");
	spin_s(hold);
	return 0;
}
