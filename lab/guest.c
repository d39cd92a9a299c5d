/* guest.c - the lab's job inside the guest (see guest.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "err.h"
#include "guest.h"
#include "transfer.h"
#include "banned.h"

#define GUEST_DB "/tmp/lab.db"
#define GUEST_OUT "/tmp/lab-out.db"
#define SCRATCH "/var/tmp"
#define MAX_ARGS 96

/* /dev/vdX whose virtio serial is serial, waiting for the device to appear. */
static int find_disk(const char *serial, char *dev, size_t cap)
{
	int tries;

	for (tries = 0; tries < 100; tries++) {
		DIR *d = opendir("/sys/block");
		struct dirent *e;
		int hit = 0;

		while (d && !hit && (e = readdir(d))) {
			char path[300], s[64] = "";

			if (strlen(e->d_name) > 32)
				continue;
			FILE *f;

			if (strncmp(e->d_name, "vd", 2))
				continue;
			snprintf(path, sizeof(path), "/sys/block/%s/serial", e->d_name);
			f = fopen(path, "re");
			if (f && fgets(s, sizeof(s), f) && !strncmp(s, serial, strlen(serial))) {
				snprintf(dev, cap, "/dev/%s", e->d_name);
				hit = access(dev, R_OK) == 0;
			}
			if (f)
				fclose(f);
		}
		if (d)
			closedir(d);
		if (hit)
			return 0;
		usleep(50000);
	}
	return error("no disk with serial '%s' (are the virtio modules loaded?)",
		     serial);
}

/* Run argv; its exit status, or -1 if it could not run. */
static int run(char *const argv[])
{
	pid_t pid = fork();
	int status;

	if (pid < 0)
		return error_errno("cannot start '%s'", argv[0]);
	if (pid == 0) {
		execv(argv[0], argv);
		fprintf(stderr, "vmscope-lab: cannot run '%s': %s\n", argv[0],
			strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return error_errno("cannot wait for '%s'", argv[0]);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static int setup_swap(const char *dev)
{
	char *mk[] = { "/bin/mkswap", (char *)dev, NULL };

	if (run(mk))
		return error("mkswap %s failed", dev);
	return swapon(dev, 0) ? error_errno("swapon %s", dev) : 0;
}

static int setup_scratch(const char *dev)
{
	char *mk[] = { "/bin/mke2fs", "-F", "-m", "0", (char *)dev, NULL };

	if (run(mk))
		return error("mke2fs %s failed", dev);
	mkdir("/var", 0755);
	mkdir(SCRATCH, 01777);
	/* ext2 through the ext4 driver where ext2 is not built on its own */
	if (mount(dev, SCRATCH, "ext2", 0, NULL) &&
	    mount(dev, SCRATCH, "ext4", 0, NULL))
		return error_errno("cannot mount %s on %s", dev, SCRATCH);
	return 0;
}

/* "lru_gen on": write y to the MGLRU switch; off: n where it exists. */
static int set_lru_gen(const char *mode)
{
	const char *path = "/sys/kernel/mm/lru_gen/enabled";
	int on = !strcmp(mode, "on");
	FILE *f;

	if (access(path, F_OK))
		return on ? error("this kernel has no MGLRU (%s is missing: "
				  "CONFIG_LRU_GEN)", path) : 0;
	f = fopen(path, "we");
	if (!f || fputs(on ? "y\n" : "n\n", f) == EOF || fclose(f))
		return error_errno("cannot write '%s'", path);
	return 0;
}

/* DIR/job: "key value" lines. */
static void read_job(const char *dir, char *lru, char *trace, char *cgroup)
{
	char path[300], k[32], v[8];
	FILE *f;

	snprintf(path, sizeof(path), "%s/job", dir);
	f = fopen(path, "re");
	while (f && fscanf(f, "%31s %7s", k, v) == 2) {
		if (!strcmp(k, "lru_gen"))
			snprintf(lru, 8, "%s", v);
		else if (!strcmp(k, "trace"))
			snprintf(trace, 8, "%s", v);
		else if (!strcmp(k, "cgroup"))
			snprintf(cgroup, 8, "%s", v);
	}
	if (f)
		fclose(f);
}

/*
 * "cgroup v2": the unified hierarchy at /sys/fs/cgroup (bench gives its
 * cgroup the memory controller); "v1": the memory controller's own
 * hierarchy at /sys/fs/cgroup/memory, on a tmpfs as distributions mount
 * it.  "none": the benchmark takes the whole machine.
 */
static int mount_cgroup(const char *mode)
{
	const char *base = "/sys/fs/cgroup", *v1 = "/sys/fs/cgroup/memory";

	if (!strcmp(mode, "v2"))
		return mount("cgroup2", base, "cgroup2", 0, NULL) ?
		       error_errno("cannot mount cgroup2 on %s", base) : 0;
	if (strcmp(mode, "v1"))
		return 0;
	if (mount("tmpfs", base, "tmpfs", 0, "mode=0755"))
		return error_errno("cannot mount a tmpfs on %s", base);
	if (mkdir(v1, 0755) && errno != EEXIST)
		return error_errno("cannot make %s", v1);
	if (mount("cgroup", v1, "cgroup", 0, "memory"))
		return error_errno("cannot mount the v1 memory controller on %s "
				   "(6.12+ kernels have it only with CONFIG_MEMCG_V1)", v1);
	return 0;
}

/*
 * argv for /bin/vmscope bench: the host's arguments, then the guest's own
 * (whole: the whole machine, not a memory cgroup).
 */
static int bench_argv(const char *dir, int trace, int whole, char *buf, size_t cap,
		      char **argv)
{
	char path[300];
	FILE *f;
	size_t len, i;
	int n = 0;

	snprintf(path, sizeof(path), "%s/bench.args", dir);
	f = fopen(path, "re");
	if (!f)
		return error_errno("cannot read '%s'", path);
	len = fread(buf, 1, cap - 1, f);
	fclose(f);
	buf[len] = 0;
	argv[n++] = "/bin/vmscope";
	argv[n++] = "bench";
	for (i = 0; i < len && n < MAX_ARGS - 6; i += strlen(buf + i) + 1)
		argv[n++] = buf + i;
	if (whole)
		argv[n++] = "--whole-machine";
	argv[n++] = "-o";
	argv[n++] = GUEST_DB;
	if (trace)
		argv[n++] = "--trace-priority";
	argv[n] = NULL;
	return 0;
}

/* A self-contained copy of the database (no -wal beside it) to send back. */
static int compact(void)
{
	sqlite3 *db;
	sqlite3_stmt *st = NULL;
	int rc;

	unlink(GUEST_OUT);
	rc = sqlite3_open_v2(GUEST_DB, &db, SQLITE_OPEN_READWRITE, NULL) ||
	     sqlite3_prepare_v2(db, "VACUUM INTO ?", -1, &st, NULL) ||
	     sqlite3_bind_text(st, 1, GUEST_OUT, -1, SQLITE_STATIC) ||
	     sqlite3_step(st) != SQLITE_DONE;
	if (rc)
		error("cannot copy '%s': %s", GUEST_DB, sqlite3_errmsg(db));
	sqlite3_finalize(st);
	sqlite3_close(db);
	return rc ? -1 : 0;
}

static int has_trace(void)
{
	return access("/sys/kernel/tracing/events/vmscan/mm_vmscan_lru_shrink_inactive",
		      F_OK) == 0;
}

int lab_guest_main(const char *dir)
{
	char transfer[64], swap[64], scratch[64], lru[8] = "off", trace[8] = "yes";
	char cgroup[8] = "none";
	char args[8192], *argv[MAX_ARGS];
	struct transfer_hdr h;
	int status = 1;

	err_set_prog("vmscope-lab");
	read_job(dir, lru, trace, cgroup);
	if (find_disk("lab-transfer", transfer, sizeof(transfer)) ||
	    transfer_get(transfer, &h, NULL))
		return 1;   /* nowhere to report to: the console says why */
	if (h.size > 0 && transfer_get(transfer, &h, GUEST_DB))
		goto report;
	if (find_disk("lab-swap", swap, sizeof(swap)) || setup_swap(swap) ||
	    find_disk("lab-scratch", scratch, sizeof(scratch)) ||
	    setup_scratch(scratch) || set_lru_gen(lru) || mount_cgroup(cgroup) ||
	    bench_argv(dir, !strcmp(trace, "yes") && has_trace(),
		       !strcmp(cgroup, "none"), args, sizeof(args), argv))
		goto report;
	if (strcmp(trace, "yes") == 0 && !has_trace())
		fprintf(stderr, "vmscope-lab: no vmscan tracepoints in this kernel: "
			"priorities are not traced\n");
	fprintf(stderr, "vmscope-lab: running the benchmark (lru_gen %s, cgroup %s)\n",
		lru, cgroup);
	status = run(argv);
report:
	if (access(GUEST_DB, F_OK) == 0 && compact() == 0) {
		if (transfer_put(transfer, "guest", GUEST_OUT, status))
			return 1;
	} else if (transfer_put(transfer, "guest", NULL, status ? status : 1)) {
		return 1;
	}
	fprintf(stderr, "vmscope-lab: benchmark exit status %d, database written back\n",
		status);
	return status;
}
