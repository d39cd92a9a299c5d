/*
 * workload.c - memory cgroups, swap files, hog and writers (workload.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <sys/wait.h>
#include <unistd.h>

#include "err.h"
#include "proc.h"
#include "workload.h"
#include "banned.h"

static int write_file(const char *dir, const char *file, const char *text)
{
	char path[1024];
	int fd, ok;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return error_errno("cannot open '%s'", path);
	ok = write(fd, text, strlen(text)) == (ssize_t)strlen(text);
	if (close(fd) || !ok)
		return error_errno("cannot write '%s' to '%s'", text, path);
	return 0;
}

/* The value of key in a "key value" file such as memory.stat; NAN. */
static double stat_value(const char *dir, const char *file, const char *key)
{
	char path[1024], k[128];
	unsigned long long v;
	double out = NAN;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	f = fopen(path, "r");
	while (f && fscanf(f, "%127s %llu", k, &v) == 2)
		if (!strcmp(k, key)) {
			out = (double)v;
			break;
		}
	if (f)
		fclose(f);
	return out;
}

static double file_value(const char *dir, const char *file)
{
	char path[1024];
	unsigned long long v;
	double out = NAN;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	f = fopen(path, "r");
	if (f && fscanf(f, "%llu", &v) == 1)
		out = (double)v;
	if (f)
		fclose(f);
	return out;
}

/* Whether file dir/name's first line lists word (cgroup.controllers). */
static int lists_word(const char *dir, const char *name, const char *word)
{
	char path[600], line[256];
	FILE *f;
	int hit;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "re");
	hit = f && fgets(line, sizeof(line), f) && strstr(line, word);
	if (f)
		fclose(f);
	return hit;
}

/* The unified hierarchy that offers the memory controller, or NULL. */
static const char *v2_base(void)
{
	static const char *const v2[] = { "/sys/fs/cgroup", "/sys/fs/cgroup/unified" };
	size_t i;

	for (i = 0; i < sizeof(v2) / sizeof(v2[0]); i++)
		if (lists_word(v2[i], "cgroup.controllers", "memory"))
			return v2[i];
	return NULL;
}

/*
 * A v2 group has memory.* files only where its parent's subtree_control
 * enables the controller (systemd does on the root; a bare machine, a
 * lab guest, does not), so it is enabled here.
 */
static int v2_enable_memory(const char *base)
{
	if (lists_word(base, "cgroup.subtree_control", "memory") ||
	    !write_file(base, "cgroup.subtree_control", "+memory"))
		return 0;
	return error("cannot give the cgroups under '%s' the memory controller", base);
}

int memcg_create(struct memcg *cg, const char *name)
{
	static const char v1[] = "/sys/fs/cgroup/memory";
	char probe[600];
	const char *base;

	memset(cg, 0, sizeof(*cg));
	snprintf(probe, sizeof(probe), "%s/memory.limit_in_bytes", v1);
	if (access(probe, F_OK) == 0) {
		snprintf(cg->path, sizeof(cg->path), "%s/%s", v1, name);
	} else if ((base = v2_base())) {
		if (v2_enable_memory(base))
			return -1;
		snprintf(cg->path, sizeof(cg->path), "%s/%s", base, name);
		cg->v2 = 1;
	} else {
		return error("no memory cgroup controller (v1 at %s, or v2 "
			     "with memory in cgroup.controllers)", v1);
	}
	if (mkdir(cg->path, 0755)) {
		error_errno("cannot create memory cgroup '%s'", cg->path);
		cg->path[0] = 0;
		return -1;
	}
	return 0;
}

int memcg_set_limit(const struct memcg *cg, int64_t bytes)
{
	char v[32];

	snprintf(v, sizeof(v), "%lld", (long long)bytes);
	return write_file(cg->path, cg->v2 ? "memory.max" : "memory.limit_in_bytes", v);
}

int memcg_set_swappiness(const struct memcg *cg, int swappiness)
{
	char v[16];

	if (cg->v2)
		return error("cgroup v2 has no per-group swappiness");
	snprintf(v, sizeof(v), "%d", swappiness);
	return write_file(cg->path, "memory.swappiness", v);
}

int memcg_probe_swappiness(const struct memcg *cg, int swappiness)
{
	char path[600], v[16];
	int fd, ok;

	snprintf(path, sizeof(path), "%s/memory.swappiness", cg->path);
	snprintf(v, sizeof(v), "%d", swappiness);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	ok = write(fd, v, strlen(v)) == (ssize_t)strlen(v);
	close(fd);
	return ok;
}

int memcg_add(const struct memcg *cg, pid_t pid)
{
	char v[16];

	snprintf(v, sizeof(v), "%d", (int)pid);
	return write_file(cg->path, "cgroup.procs", v);
}

double memcg_swap_mb(const struct memcg *cg)
{
	if (cg->v2)
		return file_value(cg->path, "memory.swap.current") / (1 << 20);
	/* v1: memsw counts memory + swap */
	return (file_value(cg->path, "memory.memsw.usage_in_bytes") -
		file_value(cg->path, "memory.usage_in_bytes")) / (1 << 20);
}

double memcg_cache_mb(const struct memcg *cg)
{
	return stat_value(cg->path, "memory.stat", cg->v2 ? "file" : "cache") /
	       (1 << 20);
}

/* A /proc/meminfo field ("SwapFree:") in MB; NAN if absent. */
static double meminfo_mb(const char *field)
{
	char k[128];
	unsigned long long kb;
	double out = NAN;
	FILE *f = fopen("/proc/meminfo", "r");

	while (f && fscanf(f, " %127s %llu%*[^\n]", k, &kb) == 2)
		if (!strcmp(k, field)) {
			out = (double)kb / 1024;
			break;
		}
	if (f)
		fclose(f);
	return out;
}

double machine_swap_mb(void)
{
	return meminfo_mb("SwapTotal:") - meminfo_mb("SwapFree:");
}

double machine_cache_mb(void)
{
	return meminfo_mb("Cached:");
}

double memcg_free_mb(const struct memcg *cg)
{
	const char *limit = cg->v2 ? "memory.max" : "memory.limit_in_bytes";
	const char *usage = cg->v2 ? "memory.current" : "memory.usage_in_bytes";

	/* v2's "max" (no limit) reads as NAN: the machine's memory decides */
	return (file_value(cg->path, limit) - file_value(cg->path, usage)) / (1 << 20);
}

double machine_available_mb(void)
{
	double avail = meminfo_mb("MemAvailable:");

	/* MemAvailable is 3.14+ (si_mem_available()); before, free + cache */
	return isnan(avail) ? meminfo_mb("MemFree:") + meminfo_mb("Cached:") : avail;
}

long long oom_kills(const struct memcg *cg)
{
	double n;

	/*
	 * The oom_kill counters are 4.13+: vmstat's OOM_KILL event and v1's
	 * memory.oom_control line (mm/memcontrol.c, mem_cgroup_oom_control_read),
	 * v2's memory.events (4.13 too).  Each counts a kill in the group or
	 * machine, whoever the victim.
	 */
	if (cg && cg->path[0])
		n = stat_value(cg->path, cg->v2 ? "memory.events" : "memory.oom_control",
			       "oom_kill");
	else
		n = stat_value("/proc", "vmstat", "oom_kill");
	return isnan(n) ? -1 : (long long)n;
}

void memcg_remove(struct memcg *cg)
{
	int tries;

	if (!cg->path[0])
		return;
	for (tries = 0; tries < 50 && rmdir(cg->path) && errno == EBUSY; tries++) {
		char path[600];
		FILE *f;
		int pid;

		snprintf(path, sizeof(path), "%s/cgroup.procs", cg->path);
		f = fopen(path, "r");
		while (f && fscanf(f, "%d", &pid) == 1)
			kill(pid, SIGKILL);
		if (f)
			fclose(f);
		usleep(100000);
	}
	if (access(cg->path, F_OK) == 0)
		warning("could not remove memory cgroup '%s'", cg->path);
	cg->path[0] = 0;
}

int swapfile_create(struct swapfile *sw, const char *path, int64_t bytes)
{
	static char zeros[1 << 20];
	int64_t left = bytes;
	int fd, status;
	pid_t pid;

	memset(sw, 0, sizeof(*sw));
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return error_errno("cannot create swap file '%s'", path);
	snprintf(sw->path, sizeof(sw->path), "%s", path);
	/* written, not fallocated: swapon refuses files with holes */
	while (left > 0) {
		size_t n = left > (int64_t)sizeof(zeros) ? sizeof(zeros) : (size_t)left;

		if (write(fd, zeros, n) != (ssize_t)n) {
			error_errno("cannot write swap file '%s'", path);
			close(fd);
			return -1;
		}
		left -= (int64_t)n;
	}
	if (fsync(fd) | close(fd))
		return error_errno("cannot write swap file '%s'", path);
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		dup2(null, 1);
		execlp("mkswap", "mkswap", path, (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		return error("mkswap failed on '%s'", path);
	if (swapon(path, 0))
		return error_errno("cannot swapon '%s'", path);
	sw->on = 1;
	return 0;
}

void swapfile_remove(struct swapfile *sw)
{
	if (!sw->path[0])
		return;
	if (sw->on && swapoff(sw->path))
		warning("cannot swapoff '%s': %s", sw->path, strerror(errno));
	sw->on = 0;
	if (unlink(sw->path) && errno != ENOENT)
		warning("cannot remove '%s': %s", sw->path, strerror(errno));
	sw->path[0] = 0;
}

/* Call fn on every active swap area of /proc/swaps; -1 at the first error. */
static int each_swap(int (*fn)(const char *path))
{
	char line[1024], path[1024];
	FILE *f = fopen("/proc/swaps", "r");
	int rc = 0, n = 0;

	if (!f)
		return error_errno("cannot read '/proc/swaps'");
	while (!rc && fgets(line, sizeof(line), f))
		if (n++ && sscanf(line, "%1023s", path) == 1)
			rc = fn(path);
	fclose(f);
	return rc;
}

static int count_one(const char *path)
{
	(void)path;
	return 1;
}

int swap_active(void)
{
	return each_swap(count_one) == 1;
}

static int empty_one(const char *path)
{
	if (swapoff(path))
		return error_errno("cannot swapoff '%s'", path);
	if (swapon(path, 0))
		return error_errno("cannot swapon '%s' again", path);
	return 0;
}

int swap_empty_all(void)
{
	return each_swap(empty_one);
}

/* fork() with a "ready" pipe (child_ready()); -1 (said) with none left open */
static pid_t fork_ready(int ready[2], const char *who)
{
	pid_t pid;

	if (pipe2(ready, O_CLOEXEC))
		return error_errno("cannot start %s", who);
	pid = fork();
	if (pid < 0) {
		close(ready[0]);
		close(ready[1]);
		return error_errno("cannot start %s", who);
	}
	return pid;
}

/* bench's interrupt flag (workload_interrupt_flag()), or NULL */
static volatile sig_atomic_t *interrupt_flag;

void workload_interrupt_flag(volatile sig_atomic_t *flag)
{
	interrupt_flag = flag;
}

/*
 * One byte from a child's ready pipe: 1, 0 at its end (the child died), or
 * -1 where an interrupt came, before the wait or during it.  SIGINT and
 * SIGTERM are held while the flag is looked at and let in by ppoll()
 * alone, atomically: one that came just before the wait would otherwise
 * be handled, then the wait would go on for a child that may never write
 * (a stopped one, or a touch stuck in reclaim).
 */
static ssize_t ready_byte(int fd, char *c)
{
	struct pollfd p = { fd, POLLIN, 0 };
	sigset_t held, old;
	ssize_t n = -1;

	sigemptyset(&held);
	sigaddset(&held, SIGINT);
	sigaddset(&held, SIGTERM);
	sigprocmask(SIG_BLOCK, &held, &old);
	if (!(interrupt_flag && *interrupt_flag) && ppoll(&p, 1, NULL, &old) > 0)
		n = read(fd, c, 1);
	sigprocmask(SIG_SETMASK, &old, NULL);
	return n;
}

/*
 * The parent's side of a child's "ready" pipe: 0 once the child wrote its
 * byte; -1 if it closed the pipe first (it died: reaped, its wait status
 * in *status); -2 if an interrupt (^C, SIGTERM) broke the wait or came
 * before it (ready_byte()): the child is killed and reaped then, not
 * left running in the cgroup that the cleanup removes (*status 0: our
 * own SIGKILL is no OOM kill).
 */
static int child_ready(int ready[2], pid_t pid, int *status)
{
	char c;
	ssize_t n;

	close(ready[1]);
	*status = 0;
	n = ready_byte(ready[0], &c);
	close(ready[0]);
	if (n == 1)
		return 0;
	if (n == 0) {
		wait_child(pid, status);
		return -1;
	}
	proc_stop(&pid);   /* *status stays 0: our own SIGKILL is no OOM kill */
	return -2;
}

/*
 * Whether child_ready()'s failure rc is said: not an OOM kill, which the
 * caller records as the trial's result (record_oom()) instead.
 */
static int say_unready(int rc, int status)
{
	return !(rc == -1 && proc_oom_status(status));
}

/* What child_ready()'s failure rc means, for a message. */
static const char *not_ready(int rc)
{
	return rc == -2 ? " (interrupted)" : "";
}

pid_t hog_start(const struct memcg *cg, int64_t mib, int *status)
{
	int ready[2], rc;
	pid_t pid;

	*status = 0;   /* a failed fork: not an OOM kill */
	pid = fork_ready(ready, "the hog");
	if (pid < 0)
		return -1;
	if (pid == 0) {
		size_t bytes = (size_t)mib << 20, i;
		long page = sysconf(_SC_PAGESIZE);
		char *p;

		close(ready[0]);
		if (cg && cg->path[0] && memcg_add(cg, getpid()))
			_exit(1);
		/*
		 * its own mapping, not malloc(): the memory charged to the
		 * cgroup is the hog's pages only, nothing of an allocator's
		 * (under AddressSanitizer a malloc()ed hog also touches
		 * bytes / 8 of shadow)
		 */
		p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			_exit(1);
		/* a distinct byte per page: nothing to merge, nothing zero */
		for (i = 0; i < bytes; i += (size_t)page)
			p[i] = (char)(i / (size_t)page | 1);
		if (write(ready[1], "1", 1) != 1)
			_exit(1);
		for (;;)
			pause();
	}
	rc = child_ready(ready, pid, status);
	if (rc && say_unready(rc, *status))
		return error("the memory hog stopped before touching %lld MiB%s",
			     (long long)mib, not_ready(rc));
	return rc ? -1 : pid;
}

static void writer(const struct memcg *cg, const char *dir, int i, int64_t bytes)
{
	static char block[1 << 20];
	char path[1024];
	int fd;

	if (cg && cg->path[0] && memcg_add(cg, getpid()))
		_exit(1);
	memset(block, 'w', sizeof(block));
	snprintf(path, sizeof(path), "%s/writer-%d", dir, i);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		_exit(1);
	for (; bytes > 0; bytes -= (int64_t)sizeof(block))
		if (write(fd, block, sizeof(block)) != (ssize_t)sizeof(block))
			_exit(1);
	_exit(close(fd) ? 1 : 0);
}

int writers_start(const struct memcg *cg, const char *dir, int n,
		  int64_t bytes, pid_t *pids)
{
	int i;

	for (i = 0; i < n; i++) {
		pids[i] = fork();
		if (pids[i] < 0)
			return error_errno("cannot start writer %d", i);
		if (pids[i] == 0)
			writer(cg, dir, i, bytes);
	}
	return 0;
}

/* one pass over the file at path: 0 at its end, -1 on an error */
static int read_through(const char *path)
{
	static char block[1 << 20];
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -1;
	while ((n = read(fd, block, sizeof(block))) > 0)
		;
	close(fd);
	return n < 0 ? -1 : 0;
}

/*
 * The first pass reads the file cold (the trial dropped the caches) and
 * says so on ready: the passes that follow are the ones the stream can
 * turn into refaults, so the writers start after it (started with the
 * writers, a first pass slowed by their writeback could outlast a short
 * stream and leave no refault at all).
 */
static void rereader(const struct memcg *cg, const char *path, int ready[2])
{
	close(ready[0]);
	if (cg && cg->path[0] && memcg_add(cg, getpid()))
		_exit(1);
	if (read_through(path) || write(ready[1], "1", 1) != 1)
		_exit(1);
	close(ready[1]);
	for (;;)
		if (read_through(path))
			_exit(1);
}

pid_t rereader_start(const struct memcg *cg, const char *path, int *status)
{
	int ready[2], rc;
	pid_t pid;

	*status = 0;   /* a failed fork: not an OOM kill */
	pid = fork_ready(ready, "the re-reader");
	if (pid < 0)
		return -1;
	if (pid == 0)
		rereader(cg, path, ready);
	rc = child_ready(ready, pid, status);
	if (rc && say_unready(rc, *status))
		return error("the re-reader of '%s' stopped before its first pass%s",
			     path, not_ready(rc));
	return rc ? -1 : pid;
}

int writers_wait(pid_t *pids, int n, int *killed)
{
	int i, rc = 0;

	if (killed)
		*killed = 0;

	for (i = 0; i < n; i++) {
		int status;

		while (pids[i] > 0 && waitpid(pids[i], &status, 0) < 0) {
			if (errno != EINTR) {
				status = 1;
				break;
			}
		}
		if (pids[i] > 0 && killed && proc_oom_status(status))
			++*killed;
		else if (pids[i] > 0 && (!WIFEXITED(status) || WEXITSTATUS(status)))
			rc = error("writer %d failed (killed, or its disk is full)", i);
		pids[i] = 0;
	}
	return rc;
}

int64_t parse_size(const char *s)
{
	char *end;
	double v = strtod(s, &end);
	int64_t mult = 1;

	if (end == s || v < 0)
		return -1;
	switch (*end) {
	case 'k': case 'K': mult = 1 << 10; end++; break;
	case 'm': case 'M': mult = 1 << 20; end++; break;
	case 'g': case 'G': mult = 1 << 30; end++; break;
	}
	if (*end == 'B' || *end == 'i')
		end++;
	return *end ? -1 : (int64_t)(v * (double)mult);
}

int drop_caches(void)
{
	sync();
	return write_file("/proc/sys/vm", "drop_caches", "3");
}
