/*
 * lab.c - vmscope lab: run a benchmark on other kernels, each booted
 * under QEMU, into one database.
 *
 *   vmscope lab --kernel IMAGE [--kernel IMAGE ...] [--lru-gen on|off|both]
 *               [--cgroup v1|v2|none] [-o lab.db] -- bench swappiness [options]
 *
 * Per kernel and MGLRU mode one boot (lab/boot.c): a generated initramfs,
 * the database carried in and back on a raw disk, the console kept as a
 * log.  A boot that fails (panic, OOM, timeout, a failed benchmark) is
 * reported with the end of its console log and the others go on; the
 * exit status is 1 if any failed.
 *
 * --jobs N: each boot runs in a child process (lab_boot), up to N at a
 * time; the parent keeps their databases (lab_keep) in boot order as soon
 * as every earlier boot is kept, so the runs are stored in the order, and
 * with the ids, a serial lab gives them.  Each child's result comes back
 * on a pipe; a child that dies without one is a failed boot.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "boot.h"
#include "cmd.h"
#include "db.h"
#include "err.h"
#include "fetch.h"
#include "guest.h"
#include "pace.h"
#include "qemu.h"
#include "workload.h"
#include "banned.h"

#define LAB_MAX_BOOTS (LAB_MAX_KERNELS * 2)
/*
 * What one TCG guest costs the host beyond its memory: QEMU's own RSS
 * (translated code, device state).  Measured on the issue 16 matrix (6.1
 * and 6.12 cloud, 512M guests, the swappiness sweep): the largest QEMU's
 * peak RSS (VmHWM, and `/usr/bin/time -v`'s maximum resident set) was
 * 674-690 MB, 162-178 MB beyond the guest's 512; rounded up.
 */
#define QEMU_OVERHEAD_MB 256

/* The boots running now, for the signal handler to pass a ^C on to. */
static volatile pid_t job_pids[LAB_MAX_BOOTS];

static void lab_usage(FILE *out)
{
	fprintf(out,
		"usage: vmscope lab --kernel IMAGE|debian:NAME [--kernel ...] [-o DB]\n"
		"                   [--modules DIR] [--memory SIZE] [--cpus N]\n"
		"                   [--lru-gen on|off|both] [--cgroup v1|v2|none]\n"
		"                   [--swap SIZE] [--scratch SIZE]\n"
		"                   [--accel auto|kvm|tcg] [--timeout SECONDS]\n"
		"                   [--logs DIR] [--busybox PATH] [--keep] [--jobs N]\n"
		"                   -- bench swappiness|readfiles [bench options]\n");
}

static void on_signal(int sig)
{
	size_t i;

	(void)sig;
	lab_interrupted = 1;
	qemu_interrupt();
	for (i = 0; i < LAB_MAX_BOOTS; i++)
		if (job_pids[i] > 0)
			kill(job_pids[i], SIGTERM);
}

static int size_opt(const char *what, const char *arg, int64_t *out)
{
	*out = parse_size(arg);
	return *out <= 0 ? error("bad %s '%s': expected a size like 512M or 1G",
				 what, arg) : 0;
}

static int lru_opt(struct lab *l, const char *arg)
{
	l->nr_modes = 0;
	if (!strcmp(arg, "off") || !strcmp(arg, "both"))
		l->modes[l->nr_modes++] = 0;
	if (!strcmp(arg, "on") || !strcmp(arg, "both"))
		l->modes[l->nr_modes++] = 1;
	return l->nr_modes ? 0 : error("bad --lru-gen '%s': on, off or both", arg);
}

/*
 * --cgroup: the benchmark runs in a memory cgroup of that hierarchy (the
 * guest mounts it) instead of the whole machine.  v2 is the only one
 * Debian's 6.12+ kernels have (CONFIG_MEMCG_V1 off).
 */
static int cgroup_opt(struct lab *l, const char *arg)
{
	l->cgroup = !strcmp(arg, "v1") ? 1 : !strcmp(arg, "v2") ? 2 :
		    !strcmp(arg, "none") ? 0 : -1;
	return l->cgroup >= 0 ? 0 : error("bad --cgroup '%s': v1, v2 or none", arg);
}

static int apply(struct lab *l, int c, const char *arg)
{
	switch (c) {
	case 'o': l->db = arg; return 0;
	case 'k':
		if (l->nr_kernels == LAB_MAX_KERNELS)
			return error("at most %d kernels", LAB_MAX_KERNELS);
		l->kernels[l->nr_kernels++] = arg;
		return 0;
	case 'M': l->modules = arg; return 0;
	case 'm': return size_opt("memory size", arg, &l->memory);
	case 's': return size_opt("swap size", arg, &l->swap);
	case 'S': return size_opt("scratch size", arg, &l->scratch);
	case 'c':
		l->cpus = atoi(arg);
		return l->cpus > 0 && l->cpus <= 64 ? 0 : error("bad --cpus '%s'", arg);
	case 'g': return lru_opt(l, arg);
	case 'C': return cgroup_opt(l, arg);
	case 'a':
		l->accel = arg;
		return !strcmp(arg, "auto") || !strcmp(arg, "kvm") || !strcmp(arg, "tcg") ?
		       0 : error("bad --accel '%s': auto, kvm or tcg", arg);
	case 't':
		l->timeout = atof(arg);
		return l->timeout > 0 ? 0 : error("bad --timeout '%s'", arg);
	case 'l': l->logs = arg; return 0;
	case 'b': l->busybox = arg; return 0;
	case 'K': l->keep = 1; return 0;
	case 'j':
		l->jobs = atoi(arg);
		return l->jobs > 0 && l->jobs <= LAB_MAX_BOOTS ? 0 :
		       error("bad --jobs '%s': 1 to %d", arg, LAB_MAX_BOOTS);
	}
	return -1;
}

/* The value of bench option name in the lab's bench arguments, or NULL. */
static const char *bench_opt(const struct lab *l, const char *name)
{
	size_t n = strlen(name);
	int i;

	for (i = 1; i < l->nr_bench; i++) {
		if (!strcmp(l->bench[i], name))
			return i + 1 < l->nr_bench ? l->bench[i + 1] : "";
		if (!strncmp(l->bench[i], name, n) && l->bench[i][n] == '=')
			return l->bench[i] + n + 1;
	}
	return NULL;
}

/* Returns 1 for --help, 0 to run, -1 on a usage error. */
static int parse(struct lab *l, int argc, char **argv)
{
	static const struct option lo[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "kernel", required_argument, NULL, 'k' },
		{ "modules", required_argument, NULL, 'M' },
		{ "memory", required_argument, NULL, 'm' },
		{ "swap", required_argument, NULL, 's' },
		{ "scratch", required_argument, NULL, 'S' },
		{ "cpus", required_argument, NULL, 'c' },
		{ "lru-gen", required_argument, NULL, 'g' },
		{ "cgroup", required_argument, NULL, 'C' },
		{ "accel", required_argument, NULL, 'a' },
		{ "timeout", required_argument, NULL, 't' },
		{ "logs", required_argument, NULL, 'l' },
		{ "busybox", required_argument, NULL, 'b' },
		{ "keep", no_argument, NULL, 'K' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "+o:h", lo, NULL)) != -1) {
		if (c == 'h')
			return 1;
		if (c == '?' || apply(l, c, optarg))
			return -1;
	}
	if (!l->nr_kernels)
		return error("give at least one --kernel IMAGE");
	if (optind >= argc || strcmp(argv[optind], "bench") || optind + 1 >= argc)
		return error("give the benchmark after '--': -- bench swappiness [options]");
	l->bench = argv + optind + 1;
	l->nr_bench = argc - optind - 1;
	if (l->cgroup && bench_opt(l, "--whole-machine"))
		return error("--cgroup runs the benchmark in a memory cgroup: "
			     "drop bench's --whole-machine");
	return 0;
}

static void defaults(struct lab *l)
{
	memset(l, 0, sizeof(*l));
	l->db = "lab.db";
	l->memory = 512 << 20;
	l->swap = (int64_t)1 << 30;
	l->scratch = (int64_t)16 << 30;   /* sparse: only what is written */
	l->cpus = 2;
	l->timeout = 3600;
	l->accel = "auto";
	l->busybox = "/bin/busybox";
	l->modes[0] = 0;
	l->nr_modes = 1;
	l->kvm = -1;
}

static void summary(const struct lab *l, const struct boot_result *r, int n)
{
	int i;

	printf("\nlab: %d boot%s into '%s':\n", n, n == 1 ? "" : "s", l->db);
	for (i = 0; i < n; i++)
		printf("  %-32s lru_gen %-3s  %-4s %5.0f s  %s%s\n", r[i].release,
		       r[i].lru_on ? "on" : "off", r[i].accel, r[i].seconds,
		       r[i].ok ? "ok" : "FAILED: ", r[i].ok ? "" : r[i].why);
}

/* Run this program as `vmscope ARGS...` on stdout; its exit status. */
static int run_self(const struct lab *l, char *const argv[])
{
	int status;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		return error_errno("cannot run '%s %s'", l->vmscope, argv[1]);
	if (pid == 0) {
		execv(l->vmscope, argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/*
 * The kernel matrix side by side: table, compare and attribute by
 * lab_kernel (each boot's "<release> (lru_gen on|off)"), and the charts
 * into <db>.plots/.  Each is this program run as a child, so a report
 * that fails costs its own output only; the lab's status is the boots'.
 */
static void matrix_report(const struct lab *l)
{
	char db[1100], plots[1100], exe[1024];
	char *table[] = { exe, "table", "--by", "lab_kernel", "--rows",
			  "swappiness", db, NULL };
	char *compare[] = { exe, "compare", "--by", "lab_kernel", db, NULL };
	char *attribute[] = { exe, "attribute", "--by", "lab_kernel", db, NULL };
	char *plot[] = { exe, "plot", db, "--out", plots, NULL };
	struct { const char *title; char **argv; } reports[] = {
		{ "table --by lab_kernel --rows swappiness", table },
		{ "compare --by lab_kernel", compare },
		{ "attribute --by lab_kernel", attribute },
		{ NULL, plot },
	};
	size_t i;

	snprintf(exe, sizeof(exe), "%s", l->vmscope);
	snprintf(db, sizeof(db), "%s", l->db);
	snprintf(plots, sizeof(plots), "%s.plots", l->db);
	for (i = 0; i < sizeof(reports) / sizeof(reports[0]); i++) {
		/* the sweep's table needs the swappiness benchmark */
		if (reports[i].argv == table && strcmp(l->bench[0], "swappiness"))
			continue;
		if (reports[i].title)
			printf("\n== vmscope %s %s\n", reports[i].title, db);
		if (run_self(l, reports[i].argv))
			warning("'vmscope %s' failed (see above)", reports[i].argv[1]);
		else if (!reports[i].title)
			printf("\ncharts: %s/\n", plots);
	}
}

/*
 * The trials an OOM kill ended (bench records them as the result
 * oom_kills and the tag oom=<victim>), listed after the summary: they are
 * results of the sweep, not failed boots, and `table` shows only the
 * figures they lack.
 */
static void oom_trials(const struct lab *l)
{
	static const char sql[] =
		"SELECT coalesce(k.value, '?'), coalesce(s.value, '?'), "
		"coalesce(t.value, '?'), coalesce(v.value, '?'), r.value "
		"FROM results r "
		"LEFT JOIN run_tags k ON k.run_id = r.run_id AND k.key = 'lab_kernel' "
		"LEFT JOIN run_tags s ON s.run_id = r.run_id AND s.key = 'swappiness' "
		"LEFT JOIN run_tags t ON t.run_id = r.run_id AND t.key = 'trial' "
		"LEFT JOIN run_tags v ON v.run_id = r.run_id AND v.key = 'oom' "
		"WHERE r.name = 'oom_kills' AND r.value > 0 ORDER BY r.run_id";
	sqlite3 *db;
	sqlite3_stmt *st;
	int n = 0;

	if (access(l->db, F_OK) || db_open(l->db, DB_READ, &db))
		return;
	if (db_prepare(db, l->db, sql, &st) == 0) {
		while (sqlite3_step(st) == SQLITE_ROW) {
			if (!n++)
				printf("\nlab: OOM-killed trials (recorded as results, "
				       "the sweeps went on):\n");
			printf("  %s, swappiness %s, trial %s: %.0f OOM kill(s), victim %s\n",
			       sqlite3_column_text(st, 0), sqlite3_column_text(st, 1),
			       sqlite3_column_text(st, 2), sqlite3_column_double(st, 4),
			       sqlite3_column_text(st, 3));
		}
		sqlite3_finalize(st);
	}
	sqlite3_close(db);
}

/* debian:NAME kernels: fetched (or found in the cache) before any boot. */
static int fetch_kernels(struct lab *l)
{
	int k;

	for (k = 0; k < l->nr_kernels && !lab_interrupted; k++) {
		if (!fetch_is_name(l->kernels[k]))
			continue;
		if (fetch_kernel(l->kernels[k], l->fetched[k], sizeof(l->fetched[k])))
			return -1;
		fprintf(stderr, "lab: %s is '%s'\n", l->kernels[k], l->fetched[k]);
		l->kernels[k] = l->fetched[k];
	}
	return 0;
}

/*
 * Boots at a time by default: as many guests as the CPUs hold (each its
 * --cpus) and the memory available holds (each its --memory plus what
 * QEMU itself takes), at least one.  why: the sums, for the output.
 */
static int machine_jobs(const struct lab *l, char *why, size_t cap)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	double avail_mb = machine_available_mb();
	int64_t per = l->memory + ((int64_t)QEMU_OVERHEAD_MB << 20);
	long by_cpu = ncpu > 0 ? ncpu / l->cpus : 1;
	long by_mem = isnan(avail_mb) ? by_cpu : (long)(avail_mb / (double)(per >> 20));
	long n = by_cpu < by_mem ? by_cpu : by_mem;

	snprintf(why, cap, "%ld CPU%s / %d per guest = %ld; %lld MB available / "
		 "(%lld MB + %d MB for QEMU) per guest = %ld", ncpu, ncpu == 1 ? "" : "s",
		 l->cpus, by_cpu, (long long)avail_mb, (long long)(l->memory >> 20),
		 QEMU_OVERHEAD_MB, by_mem);
	if (n > LAB_MAX_BOOTS)
		n = LAB_MAX_BOOTS;
	return n < 1 ? 1 : (int)n;
}

/* --jobs, or the machine's choice; said on stdout either way. */
static void choose_jobs(struct lab *l, int total)
{
	char why[300];
	int n = machine_jobs(l, why, sizeof(why));

	if (l->jobs)
		printf("lab: %d boot%s, up to %d at a time (--jobs %d; the machine's "
		       "default would be %d: %s)\n", total, total == 1 ? "" : "s",
		       l->jobs, l->jobs, n, why);
	else
		printf("lab: %d boot%s, up to %d at a time (--jobs by default: the "
		       "least of %s)\n", total, total == 1 ? "" : "s", n, why);
	if (!l->jobs)
		l->jobs = n;
	fflush(stdout);
}

/*
 * The sweep's write volume when none is given: as much as the guest has
 * memory, shared by its writers (bench's default, one per CPU).  bench's
 * own default, 16 x its --memory (256M) -- 4 GiB a trial, 30 trials --
 * keeps a TCG guest writing for hours, past --timeout; a guest's page
 * cache is full after a small part of this (hog_mb leaves it about a
 * tenth of what was free), so the trial still reclaims under pressure.
 */
static void default_write(struct lab *l)
{
	const char *w = bench_opt(l, "--writers");
	int writers = w ? atoi(w) : l->cpus;

	if (strcmp(l->bench[0], "swappiness") || bench_opt(l, "--write") || writers < 1)
		return;
	snprintf(l->write_default, sizeof(l->write_default), "%lldM",
		 (long long)((l->memory >> 20) / writers > 16 ?
			     (l->memory >> 20) / writers : 16));
	printf("lab: no bench --write: each of the %d writer%s writes %s (the "
	       "guest's %lldM in all)\n", writers, writers == 1 ? "" : "s",
	       l->write_default, (long long)(l->memory >> 20));
}

/* The boots: started in order, run up to l->jobs at a time, kept in order. */
struct sched {
	struct lab *l;
	struct boot_result r[LAB_MAX_BOOTS];
	enum { WAITING, RUNNING, BACK, KEPT } state[LAB_MAX_BOOTS];
	int fd[LAB_MAX_BOOTS];              /* the child's result pipe */
	pid_t pid[LAB_MAX_BOOTS];
	int generation;                     /* boots whose runs reached l->db */
	int gen_at_start[LAB_MAX_BOOTS];
	int total, started, running, finished, kept;
	double start, busy;                 /* busy: the finished boots' seconds */
};

static const char *boot_image(const struct sched *s, int b)
{
	return s->l->kernels[b / s->l->nr_modes];
}

static int boot_lru(const struct sched *s, int b)
{
	return s->l->modes[b % s->l->nr_modes];
}

/* "boot i of n", and the time left from the boots finished so far. */
static void progress(const struct sched *s, int b)
{
	const char *image = boot_image(s, b);
	double el = pace_now_s() - s->start;
	int left = s->total - s->finished;

	fprintf(stderr, "lab: boot %d of %d (%s, lru_gen %s)", b + 1, s->total,
		strrchr(image, '/') ? strrchr(image, '/') + 1 : image,
		boot_lru(s, b) ? "on" : "off");
	if (s->l->jobs > 1)
		fprintf(stderr, ", %d running, %d done", s->running + 1, s->finished);
	fprintf(stderr, ", %.0f s elapsed", el);
	/* what is left runs in waves of --jobs boots of the mean length */
	if (s->finished > 0)
		fprintf(stderr, ", about %.0f s left", s->busy / s->finished *
			((left + s->l->jobs - 1) / s->l->jobs));
	fprintf(stderr, "\n");
}

/* A boot whose process ended without sending its result. */
static void lost_boot(struct sched *s, int b, int status)
{
	struct boot_result *r = &s->r[b];
	const char *image = boot_image(s, b);
	const char *name = strrchr(image, '/') ? strrchr(image, '/') + 1 : image;

	memset(r, 0, sizeof(*r));
	r->lru_on = boot_lru(s, b);
	snprintf(r->accel, sizeof(r->accel), "-");
	snprintf(r->release, sizeof(r->release), "%s", name);
	boot_prefix(r, b + 1, s->total, name);
	r->kvm = s->l->kvm;
	if (status < 0)
		snprintf(r->why, sizeof(r->why), "cannot start its process: %s",
			 strerror(errno));
	else
		snprintf(r->why, sizeof(r->why), "its process ended without a result "
			 "(%s %d)", WIFSIGNALED(status) ? "signal" : "exit",
			 WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
}

/* The child: one boot, its result down the pipe. */
static void child(struct sched *s, int b, int fd)
{
	struct boot_result r;
	const char *p = (const char *)&r;
	size_t off = 0;

	lab_boot(s->l, boot_image(s, b), boot_lru(s, b), b + 1, s->total, &r);
	while (off < sizeof(r)) {
		ssize_t n = write(fd, p + off, sizeof(r) - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		off += (size_t)n;
	}
	if (off != sizeof(r))
		lab_discard(s->l, &r);    /* nobody left to read it */
	fflush(stderr);
	_exit(off == sizeof(r) ? 0 : 1);
}

static void start_boot(struct sched *s)
{
	int b = s->started++, fds[2];
	sigset_t block, old;
	pid_t pid, parent = getpid();

	progress(s, b);
	s->gen_at_start[b] = s->generation;
	s->state[b] = RUNNING;
	s->running++;
	if (pipe2(fds, O_CLOEXEC)) {
		lost_boot(s, b, -1);
		s->state[b] = BACK;
		s->running--;
		s->finished++;
		return;
	}
	fflush(stdout);
	fflush(stderr);
	/* no ^C between fork and the child's clearing of job_pids */
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigprocmask(SIG_BLOCK, &block, &old);
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		/* the other boots' pipes: this child must not hold them open */
		for (int i = 0; i < b; i++)
			if (s->state[i] == RUNNING)
				close(s->fd[i]);
		for (int i = 0; i < LAB_MAX_BOOTS; i++)
			job_pids[i] = 0;
		/* a lab killed outright takes its boots (and so their QEMUs) along */
		if (prctl(PR_SET_PDEATHSIG, SIGTERM) || getppid() != parent)
			lab_interrupted = 1, qemu_interrupt();
		signal(SIGPIPE, SIG_IGN);   /* a lab gone: write() says EPIPE */
		sigprocmask(SIG_SETMASK, &old, NULL);
		child(s, b, fds[1]);
	}
	s->pid[b] = pid;
	if (pid > 0)
		job_pids[b] = pid;
	sigprocmask(SIG_SETMASK, &old, NULL);
	close(fds[1]);
	s->fd[b] = fds[0];
	if (pid < 0) {
		lost_boot(s, b, -1);
		close(fds[0]);
		s->state[b] = BACK;
		s->running--;
		s->finished++;
	}
}

/* Wait for a boot to end; take its result. */
static void reap(struct sched *s)
{
	const struct boot_result *r;
	size_t off = 0;
	int status, b;
	pid_t pid = waitpid(-1, &status, 0);

	if (pid < 0)
		return;    /* EINTR: the loop comes back */
	for (b = 0; b < s->started && (s->state[b] != RUNNING || s->pid[b] != pid); b++)
		;
	if (b == s->started)
		return;
	job_pids[b] = 0;
	while (off < sizeof(s->r[b])) {
		ssize_t n = read(s->fd[b], (char *)&s->r[b] + off, sizeof(s->r[b]) - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		off += (size_t)n;
	}
	close(s->fd[b]);
	if (off != sizeof(s->r[b]))
		lost_boot(s, b, status);
	r = &s->r[b];
	if (r->kvm >= 0)
		s->l->kvm = r->kvm;    /* a KVM found wanting is not tried again */
	s->state[b] = BACK;
	s->running--;
	s->finished++;
	s->busy += r->seconds;
}

/* The boots that are back and have no earlier boot still out, in order. */
static void keep_ready(struct sched *s)
{
	while (s->kept < s->started && s->state[s->kept] == BACK) {
		struct boot_result *r = &s->r[s->kept];

		lab_keep(s->l, r, s->generation != s->gen_at_start[s->kept]);
		/* l->db may have changed: later boots' snapshots are older */
		if (r->returned && r->has_db)
			s->generation++;
		s->state[s->kept++] = KEPT;
	}
}

static void run_boots(struct sched *s)
{
	for (;;) {
		/* kept before the next starts: with --jobs 1 each guest gets the last's runs */
		keep_ready(s);
		while (!lab_interrupted && s->running < s->l->jobs && s->started < s->total)
			start_boot(s);
		if (!s->running)
			break;
		reap(s);
	}
}

int cmd_lab(int argc, char **argv, struct cmd_ctx *ctx)
{
	static struct sched s;
	struct sigaction sa;
	struct lab l;
	int rc, b, failed = 0;

	(void)ctx;
	defaults(&l);
	rc = parse(&l, argc, argv);
	if (rc) {
		lab_usage(rc > 0 ? stdout : stderr);
		return rc > 0 ? EXIT_OK : EXIT_USAGE;
	}
	if (lab_preflight(&l) || fetch_kernels(&l))
		return EXIT_FAILURE_RT;
	memset(&s, 0, sizeof(s));
	s.l = &l;
	s.total = l.nr_kernels * l.nr_modes;
	choose_jobs(&l, s.total);
	default_write(&l);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	s.start = pace_now_s();
	run_boots(&s);
	for (b = 0; b < s.started; b++)
		failed += !s.r[b].ok;
	summary(&l, s.r, s.started);
	if (s.started > failed && !lab_interrupted) {
		oom_trials(&l);
		matrix_report(&l);
	}
	printf("\nlab: %d of %d boots ok, %.0f s in all\n", s.started - failed, s.total,
	       pace_now_s() - s.start);
	if (lab_interrupted)
		return 130;
	return failed ? EXIT_FAILURE_RT : EXIT_OK;
}

/* Inside the guest: the job /init hands over (lab/guest.c). */
int cmd_lab_guest(int argc, char **argv, struct cmd_ctx *ctx)
{
	(void)ctx;
	if (argc != 2) {
		fprintf(stderr, "usage: vmscope lab-guest DIR (inside a lab guest only)\n");
		return EXIT_USAGE;
	}
	return lab_guest_main(argv[1]);
}
