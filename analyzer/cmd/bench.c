/*
 * bench.c - vmscope bench swappiness|readfiles: the classic reclaim
 * experiments, recorded by vmscope-collect into one database.
 *
 * swappiness (SGI, 2004): per swappiness value and trial, from a clean
 * start (caches dropped, swap emptied), a hog touches a fraction of the
 * memory and sleeps; N writers stream through the page cache; then swap
 * used, page cache and the writers' aggregate MB/s are stored as the
 * run's results.  Inside a memory cgroup by default, so no small machine
 * or reboot is needed; --whole-machine sets the global swappiness.
 *
 * readfiles (Samba, 2001): stream-read a file and report MB/s per chunk,
 * to catch throughput collapsing as the page cache fills.
 *
 * DESIGN: everything the benchmark changes (cgroup, swap file, global
 * swappiness, data files, children) is recorded in struct bench as it is
 * made, and bench_cleanup() undoes all of it on every way out, including
 * Ctrl-C: the signal handler only signals the children (kill(2) is
 * async-signal-safe: SIGTERM to the collector, which ends its run
 * cleanly, SIGKILL to the workload) and sets a flag the main flow checks
 * between steps.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cmd.h"
#include "db.h"
#include "err.h"
#include "pace.h"
#include "facts.h"
#include "lrugen.h"
#include "opts.h"
#include "proc.h"
#include "workload.h"
#include "banned.h"

#define MAX_WRITERS 64
#define MAX_VALUES 32
#define MAX_TAGS 16

static volatile sig_atomic_t interrupted;
/*
 * Children to stop on ^C: slot 0 is the collector, which gets SIGTERM so
 * it commits its last interval and writes the run's end record (SIGKILL
 * lost both, issue 11); the hog and the writers (slots 1..) get SIGKILL.
 */
#define LIVE_COLLECTOR 0
#define LIVE_REREADER (MAX_WRITERS + 2)
static volatile pid_t live[MAX_WRITERS + 3];

struct bench {
	const char *db, *kind;
	int64_t memory, swapfile_size, write_bytes, chunk;
	int64_t reread_bytes;       /* --reread: the re-read file's size, 0 */
	double fraction, interval;
	int values[MAX_VALUES], nr_values, values_given, trials, writers;
	int whole_machine, trace_priority;
	const char *extra_tags[MAX_TAGS];   /* --tag, for every run */
	int nr_extra_tags;
	struct memcg cg;
	struct swapfile sw;
	char workdir[256];
	long saved_swappiness;      /* --whole-machine: to restore, -1 */
	pid_t collector, hog, pids[MAX_WRITERS], rereader;
	int64_t hog_mib;            /* sized at the first trial, then kept */
};

static void on_signal(int sig)
{
	size_t i;

	(void)sig;
	interrupted = 1;
	for (i = 0; i < sizeof(live) / sizeof(live[0]); i++)
		if (live[i] > 0)
			kill(live[i], i == LIVE_COLLECTOR ? SIGTERM : SIGKILL);
}

static void track(int slot, pid_t pid)
{
	live[slot] = pid;
}

static void bench_usage(FILE *out)
{
	fprintf(out,
		"usage: vmscope bench swappiness [-o DB] [--memory SIZE] [--swapfile SIZE]\n"
		"                 [--swappiness LIST] [--trials N] [--writers N]\n"
		"                 [--hog-fraction F] [--write SIZE] [--reread SIZE]\n"
		"                 [--whole-machine] [--trace-priority] [--tag KEY=VALUE ...]\n"
		"                 [--interval SECONDS]\n"
		"       vmscope bench readfiles [-o DB] [--memory SIZE] [--size SIZE]\n"
		"                 [--chunk SIZE] [--file PATH] [--interval SECONDS]\n");
}

/* ------------------------------------------------------------------ */
/* set up and tear down                                                */
/* ------------------------------------------------------------------ */

static long read_swappiness(void)
{
	return facts_read_long("", "/proc/sys/vm/swappiness");
}

static int write_swappiness(long v)
{
	FILE *f = fopen("/proc/sys/vm/swappiness", "w");
	int ok = f && fprintf(f, "%ld\n", v) > 0;

	if ((f && fclose(f)) || !ok)
		return error_errno("cannot set /proc/sys/vm/swappiness to %ld", v);
	return 0;
}

static void bench_cleanup(struct bench *b)
{
	size_t i;

	proc_stop(&b->hog);
	proc_stop(&b->rereader);
	for (i = 0; i < MAX_WRITERS; i++)
		proc_stop(&b->pids[i]);
	if (b->collector > 0) {
		kill(b->collector, SIGTERM);
		wait_child(b->collector, NULL);
		b->collector = 0;
	}
	memset((void *)live, 0, sizeof(live));
	memcg_remove(&b->cg);
	swapfile_remove(&b->sw);   /* it lives in workdir: first */
	if (b->workdir[0]) {
		char path[512];

		for (i = 0; i < MAX_WRITERS; i++) {
			snprintf(path, sizeof(path), "%s/writer-%zu", b->workdir, i);
			unlink(path);
		}
		snprintf(path, sizeof(path), "%s/readfile", b->workdir);
		unlink(path);
		snprintf(path, sizeof(path), "%s/reread", b->workdir);
		unlink(path);
		rmdir(b->workdir);
		b->workdir[0] = 0;
	}

	if (b->saved_swappiness >= 0 && write_swappiness(b->saved_swappiness) == 0)
		b->saved_swappiness = -1;
}

/* Refuse clearly what cannot work before changing anything. */
static int preflight(struct bench *b)
{
	if (geteuid() != 0)
		return error("bench %s needs root: it creates a memory cgroup, "
			     "a swap file and drops caches", b->kind);
	if (!strcmp(b->kind, "swappiness") && !b->swapfile_size && !swap_active())
		return error("no swap is configured: give --swapfile SIZE "
			     "(e.g. --swapfile 1G) for a temporary swap file");
	return 0;
}

/* A file of `bytes` at path, written by one writer outside the cgroup. */
static int write_outside(struct bench *b, int64_t bytes, const char *path)
{
	char written[512];

	snprintf(written, sizeof(written), "%s/writer-0", b->workdir);
	if (writers_start(NULL, b->workdir, 1, bytes, b->pids) ||
	    writers_wait(b->pids, 1, NULL))
		return -1;
	if (rename(written, path))
		return error_errno("cannot rename '%s'", written);
	return 0;
}

/* --reread: the file the re-reader goes over, written once (each
 * trial's drop_caches makes it cold again) */
static int write_reread(struct bench *b)
{
	char path[512];

	if (!b->reread_bytes)
		return 0;
	snprintf(path, sizeof(path), "%s/reread", b->workdir);
	return write_outside(b, b->reread_bytes, path);
}

static int setup(struct bench *b)
{
	char name[64];

	snprintf(b->workdir, sizeof(b->workdir), "%s", "/var/tmp/vmscope-bench.XXXXXX");
	if (!mkdtemp(b->workdir)) {
		b->workdir[0] = 0;
		return error_errno("cannot create a work directory in /var/tmp");
	}
	if (b->swapfile_size) {
		char path[300];

		snprintf(path, sizeof(path), "%s/swapfile", b->workdir);
		if (swapfile_create(&b->sw, path, b->swapfile_size))
			return -1;
	}
	if (write_reread(b))
		return -1;
	if (b->whole_machine) {
		b->saved_swappiness = read_swappiness();
		return 0;
	}
	snprintf(name, sizeof(name), "vmscope-bench-%d", (int)getpid());
	if (memcg_create(&b->cg, name) || memcg_set_limit(&b->cg, b->memory))
		return -1;
	if (b->cg.v2)
		b->saved_swappiness = read_swappiness();
	return 0;
}

/* ------------------------------------------------------------------ */
/* recording                                                           */
/* ------------------------------------------------------------------ */

/* vmscope-collect next to this program, else on the PATH. */
static void collector_path(char *buf, size_t cap)
{
	ssize_t n = readlink("/proc/self/exe", buf, cap - 32);
	char *slash;

	if (n > 0) {
		buf[n] = 0;
		slash = strrchr(buf, '/');
		if (slash) {
			snprintf(slash + 1, cap - (size_t)(slash + 1 - buf), "vmscope-collect");
			if (access(buf, X_OK) == 0)
				return;
		}
	}
	snprintf(buf, cap, "vmscope-collect");
}

/*
 * The newest run id in path, 0 while there is none.  A probe, quiet: the
 * collector may have created the file but not committed its schema yet.
 */
static long long max_run(const char *path)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	long long id = 0;

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, "SELECT coalesce(max(id), 0) FROM run", -1,
			       &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(db);
	return id;
}

/* Start recording a run tagged with tags[]; returns its run id. */
static long long record_start(struct bench *b, const char *const *tags, int n)
{
	char exe[PATH_MAX], interval[32];
	const char *argv[16 + 2 * (8 + MAX_TAGS)];
	long long before = max_run(b->db), id;
	int i, k = 0, tries;

	collector_path(exe, sizeof(exe));
	snprintf(interval, sizeof(interval), "%.9g", b->interval);
	argv[k++] = exe;
	argv[k++] = "-q";
	argv[k++] = "-i";
	argv[k++] = interval;
	argv[k++] = "--meminfo";
	argv[k++] = "-o";
	argv[k++] = b->db;
	if (b->cg.path[0]) {
		argv[k++] = "--cgroup";
		argv[k++] = b->cg.path;
	}
	/* the model's truth run also keeps the zones' watermark boost
	 * (/proc/zoneinfo "boost"), which puts kswapd in boosted reclaim */
	if (b->trace_priority) {
		argv[k++] = "--trace-priority";
		argv[k++] = "--zoneinfo";
	}
	/* the few file activations that turn a walk to anon show in the
	 * interval they happened in, not up to a second later (refresh.h) */
	if (access("/proc/sys/vm/stat_refresh", W_OK) == 0)
		argv[k++] = "--stat-refresh";
	if (lrugen_enabled(""))   /* MGLRU on: record its generations too */
		argv[k++] = "--lru-gen";
	/* the model's scan granularity: the LRU folios' sizes at the end
	 * (where the kernel shows them: CONFIG_PROC_PAGE_MONITOR) */
	if (access("/proc/kpageflags", R_OK) == 0)
		argv[k++] = "--folios";
	for (i = 0; i < n + b->nr_extra_tags; i++) {
		argv[k++] = "--tag";
		argv[k++] = i < n ? tags[i] : b->extra_tags[i - n];
	}
	argv[k] = NULL;
	b->collector = fork();
	if (b->collector < 0)
		return error_errno("cannot start '%s'", exe);
	if (b->collector == 0) {
		int fd = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);

		signal(SIGINT, SIG_IGN);   /* stopped by us, with SIGTERM */
		/*
		 * an OOM kill in a trial should not take the recording with it;
		 * best effort: lowering needs CAP_SYS_RESOURCE, which a
		 * container's root may lack, and the hog is the bigger target
		 */
		if (fd >= 0) {
			if (write(fd, "-1000", 5) != 5) {
				/* keep the default score */
			}
			close(fd);
		}
		execvp(exe, (char *const *)argv);
		_exit(127);
	}
	for (tries = 0; tries < 100; tries++) {
		int status;

		if ((id = max_run(b->db)) > before)
			return id;
		if (waitpid(b->collector, &status, WNOHANG) == b->collector) {
			b->collector = 0;
			return error("the collector '%s' failed to start", exe);
		}
		usleep(50000);
	}
	return error("the collector did not start recording in 5 s");
}

static int record_stop(struct bench *b)
{
	int status = 0;

	if (b->collector <= 0)
		return 0;
	kill(b->collector, SIGTERM);
	wait_child(b->collector, &status);
	b->collector = 0;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 :
	       error("the collector failed (exit %d)", WEXITSTATUS(status));
}

static int add_result(const char *path, long long run, const char *name,
		      double value, const char *unit, double t_s)
{
	sqlite3 *db;
	sqlite3_stmt *st;
	int rc;

	if (isnan(value))
		return 0;
	if (db_open(path, DB_WRITE, &db))
		return -1;
	rc = db_prepare(db, path, "INSERT INTO result (run_id, t_us, name, value, "
			"unit) VALUES (?, ?, ?, ?, ?)", &st);
	if (!rc) {
		sqlite3_bind_int64(st, 1, run);
		if (t_s >= 0)
			sqlite3_bind_int64(st, 2, (int64_t)(t_s * 1e6));
		else
			sqlite3_bind_null(st, 2);
		sqlite3_bind_text(st, 3, name, -1, SQLITE_STATIC);
		sqlite3_bind_double(st, 4, value);
		sqlite3_bind_text(st, 5, unit, -1, SQLITE_STATIC);
		rc = sqlite3_step(st) == SQLITE_DONE ? 0 : db_error(db, path, "cannot write");
		sqlite3_finalize(st);
	}
	sqlite3_close(db);
	return rc;
}

/* A tag set after the run started (the collector stores those it is given). */
static int add_run_tag(const char *path, long long run, const char *key,
		       const char *value)
{
	sqlite3 *db;
	sqlite3_stmt *st;
	int rc;

	if (db_open(path, DB_WRITE, &db))
		return -1;
	rc = db_prepare(db, path, "INSERT OR REPLACE INTO tag (run_id, key, value) "
			"VALUES (?, ?, ?)", &st);
	if (!rc) {
		sqlite3_bind_int64(st, 1, run);
		sqlite3_bind_text(st, 2, key, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 3, value, -1, SQLITE_STATIC);
		rc = sqlite3_step(st) == SQLITE_DONE ? 0 : db_error(db, path, "cannot write");
		sqlite3_finalize(st);
	}
	sqlite3_close(db);
	return rc;
}

/* ------------------------------------------------------------------ */
/* swappiness                                                          */
/* ------------------------------------------------------------------ */

/*
 * cgroup v2 has no memory.swappiness: its groups reclaim with the global
 * vm.swappiness (mem_cgroup_swappiness(), 4.5+ on the default hierarchy),
 * so there the global value is set, and restored like --whole-machine.
 */
static int set_swappiness(struct bench *b, int v)
{
	if (b->whole_machine || b->cg.v2)
		return write_swappiness(v);
	return memcg_set_swappiness(&b->cg, v);
}

/*
 * The memory the hog touches: a fraction of what is really free when the
 * first trial starts (caches dropped, swap emptied): the cgroup's limit
 * minus its usage, and never more than the machine's MemAvailable.  Not a
 * fraction of MemTotal: in a lab guest the initramfs, the kernel and the
 * database in /tmp hold part of it, and 90% of MemTotal was an OOM kill
 * before the first write (issue 16).  Measured once, so every trial of
 * the sweep uses the same hog.
 */
static int64_t hog_mib(struct bench *b)
{
	double room = machine_available_mb();

	if (b->hog_mib)
		return b->hog_mib;
	if (b->cg.path[0] && !isnan(memcg_free_mb(&b->cg)) &&
	    (isnan(room) || memcg_free_mb(&b->cg) < room))
		room = memcg_free_mb(&b->cg);
	if (isnan(room) || room < 1)
		room = (double)(b->memory >> 20);
	b->hog_mib = (int64_t)(room * b->fraction);
	if (b->hog_mib < 1)
		b->hog_mib = 1;
	return b->hog_mib;
}

/* What an OOM kill in a trial ended: who was killed, how many kills. */
struct trial_oom {
	long long before;          /* oom_kills() at the start, -1 unknown */
	const char *victim;        /* "hog", "writer", "re-reader", or NULL */
};

/*
 * Record an OOM-killed trial as its result: the result oom_kills, the tag
 * oom=<victim> and a marker.  0 if there was no OOM kill.
 */
static int record_oom(struct bench *b, long long run, const struct trial_oom *o,
		      int swappiness)
{
	long long now = oom_kills(b->cg.path[0] ? &b->cg : NULL);
	long long kills = o->before >= 0 && now >= 0 ? now - o->before : 0;
	char text[128];

	if (kills <= 0 && !o->victim)
		return 0;
	if (kills <= 0)
		kills = 1;    /* killed by SIGKILL with no counter to show it */
	snprintf(text, sizeof(text), "OOM kill: %s", o->victim ? o->victim : "another process");
	fprintf(stderr, "vmscope: trial at swappiness %d: %lld OOM kill%s (victim: %s); "
		"recorded, the sweep goes on\n", swappiness, kills, kills == 1 ? "" : "s",
		o->victim ? o->victim : "another process");
	return add_result(b->db, run, "oom_kills", (double)kills, "kills", -1) ||
	       add_run_tag(b->db, run, "oom", o->victim ? o->victim : "other") ||
	       mark_add(b->db, run, text);
}

/*
 * --reread: the re-reader, from the hog's touch to the writers' end,
 * warm (once through the file) before the writers start.  Killed by
 * SIGKILL before that (the OOM killer's signal), it is the trial's
 * victim, as a hog killed before its touch is: o->victim set, 0.
 */
static int rereader_begin(struct bench *b, const struct memcg *cg, long long run,
			  struct trial_oom *o)
{
	char path[512];
	int status;

	if (!b->reread_bytes)
		return 0;
	snprintf(path, sizeof(path), "%s/reread", b->workdir);
	b->rereader = rereader_start(cg, path, &status);
	if (b->rereader <= 0) {
		b->rereader = 0;
		if (!proc_oom_status(status))
			return -1;
		o->victim = "re-reader";
		return 0;
	}
	track(LIVE_REREADER, b->rereader);
	return mark_add(b->db, run, "re-reader warm");
}

/*
 * Stop the re-reader, and name who an OOM kill took while the writers
 * ran, if anyone.  One victim is named (the result oom_kills counts every
 * kill): the one whose death changed the measurements most.  The hog
 * first (its memory is the experiment), then a writer (its throughput is
 * lost: no io_mbps), then the re-reader (only its refaults stop).  The
 * re-reader is looked at before it is stopped: after proc_stop()'s own
 * SIGKILL every re-reader would look OOM-killed.  A victim still freeing
 * its memory when looked at is waited for (proc_killed()): with a wait
 * that did not, a hog killed late in the writers' stream was "other".
 */
static void writers_victim(struct bench *b, int writers_killed, struct trial_oom *o)
{
	int rereader_killed = proc_killed(&b->rereader);

	proc_stop(&b->rereader);
	if (proc_killed(&b->hog))
		o->victim = "hog";
	else if (writers_killed)
		o->victim = "writer";
	else if (rereader_killed)
		o->victim = "re-reader";
}

/* The measured part of a trial: hog, writers, results. */
static int trial_work(struct bench *b, long long run, struct trial_oom *o)
{
	const struct memcg *cg = b->cg.path[0] ? &b->cg : NULL;
	double start, secs, total_mb;
	int rc, i, status, killed = 0;

	b->hog = hog_start(cg, hog_mib(b), &status);
	if (b->hog <= 0) {
		b->hog = 0;
		if (!proc_oom_status(status))
			return -1;
		o->victim = "hog";
		return 0;
	}
	track(1, b->hog);
	rc = mark_add(b->db, run, "hog touched") || rereader_begin(b, cg, run, o);
	if (!rc && o->victim)
		return 0;     /* the re-reader died cold: no writers, as for the hog */
	start = pace_now_s();
	if (!rc)
		rc = writers_start(cg, b->workdir, b->writers, b->write_bytes, b->pids);
	for (i = 0; i < b->writers; i++)
		track(2 + i, b->pids[i]);
	rc = rc || mark_add(b->db, run, "writers started") ||
	     writers_wait(b->pids, b->writers, &killed);
	secs = pace_now_s() - start;
	writers_victim(b, killed, o);
	total_mb = (double)b->write_bytes * b->writers / (1 << 20);
	if (!rc && !interrupted) {
		double swap = cg ? memcg_swap_mb(cg) : machine_swap_mb();
		double cache = cg ? memcg_cache_mb(cg) : machine_cache_mb();

		rc = mark_add(b->db, run, "writers done") ||
		     add_result(b->db, run, "hog_mb", (double)b->hog_mib, "MB", -1) ||
		     add_result(b->db, run, "swap_used_mb", swap, "MB", -1) ||
		     add_result(b->db, run, "page_cache_mb", cache, "MB", -1);
		/* a killed writer wrote less than asked: no throughput */
		if (!rc && !killed)
			rc = add_result(b->db, run, "io_mbps", total_mb / secs, "MB/s", -1);
	}
	return rc;
}

/*
 * One trial; its measurements become the run's results.  An OOM kill of
 * the hog, a writer or the re-reader is a result too (record_oom), not a
 * failure: the sweep goes on.
 */
static int trial(struct bench *b, int swappiness, int t)
{
	char k[96], s[32], tr[32], rr[48];
	const char *tags[6] = { k, s, tr, "bench=swappiness", NULL, NULL };
	char *rel = facts_read_line("", "/proc/sys/kernel/osrelease");
	struct trial_oom o = { -1, NULL };
	long long run;
	int rc, i;

	snprintf(k, sizeof(k), "kernel=%s", rel ? rel : "unknown");
	free(rel);
	snprintf(s, sizeof(s), "swappiness=%d", swappiness);
	snprintf(tr, sizeof(tr), "trial=%d", t);
	tags[4] = b->cg.path[0] ? "memcg=yes" : "memcg=no";
	snprintf(rr, sizeof(rr), "reread=%lldM", (long long)(b->reread_bytes >> 20));
	tags[5] = rr;
	if (set_swappiness(b, swappiness) || drop_caches() || swap_empty_all())
		return -1;
	run = record_start(b, tags, b->reread_bytes ? 6 : 5);
	if (run <= 0)
		return -1;
	track(LIVE_COLLECTOR, b->collector);
	o.before = oom_kills(b->cg.path[0] ? &b->cg : NULL);
	rc = trial_work(b, run, &o);
	proc_stop(&b->rereader);
	for (i = 0; i < b->writers; i++)
		proc_stop(&b->pids[i]);
	if (!rc && !interrupted)
		rc = record_oom(b, run, &o, swappiness);
	/* the last sample's folio census still sees the hog's anon memory
	 * and the writers' page cache */
	rc = record_stop(b) || rc;
	proc_stop(&b->hog);
	for (i = 0; i < b->writers; i++) {
		char path[512];

		snprintf(path, sizeof(path), "%s/writer-%d", b->workdir, i);
		unlink(path);
	}
	return rc || interrupted ? -1 : 0;
}

/*
 * The default sweep goes on to 200 where the kernel takes it (5.8 made
 * swappiness 0..200, for cgroup v1's memory.swappiness too): probe by
 * writing 200, then put the old value back.
 */
static void extend_to_200(struct bench *b)
{
	long old = read_swappiness();
	int v, ok;

	if (b->values_given)
		return;
	if (b->whole_machine)
		ok = old >= 0 && write_swappiness(200) == 0 &&
		     write_swappiness(old) == 0;
	else if (b->cg.v2)
		ok = b->saved_swappiness >= 0 && write_swappiness(200) == 0 &&
		     write_swappiness(b->saved_swappiness) == 0;
	else
		ok = memcg_probe_swappiness(&b->cg, 200);
	for (v = 120; ok && v <= 200 && b->nr_values < MAX_VALUES; v += 20)
		b->values[b->nr_values++] = v;
}

static int sweep(struct bench *b)
{
	int n, done = 0, v, t;
	double start = pace_now_s();

	extend_to_200(b);
	n = b->nr_values * b->trials;

	for (v = 0; v < b->nr_values; v++)
		for (t = 1; t <= b->trials; t++) {
			double el = pace_now_s() - start;

			fprintf(stderr, "vmscope: trial %d of %d (swappiness %d, trial %d), "
				"%.0f s elapsed%s", done + 1, n, b->values[v], t, el,
				done ? "" : "\n");
			if (done)
				fprintf(stderr, ", about %.0f s left\n",
					el / done * (n - done));
			if (trial(b, b->values[v], t)) {
				if (interrupted)
					error("interrupted: everything the benchmark "
					      "changed is being restored");
				return -1;
			}
			done++;
		}
	return 0;
}

static void finish_report(const struct bench *b)
{
	char *argv[] = { "table", "--by", "kernel", "--rows", "swappiness",
			 (char *)b->db, NULL };
	struct cmd_ctx ctx = { .prog = "vmscope" };

	printf("\n");
	cmd_table(6, argv, &ctx);
	printf("next: vmscope attribute %s --by swappiness\n"
	       "      vmscope plot %s --out plots/\n", b->db, b->db);
}

/* ------------------------------------------------------------------ */
/* readfiles                                                           */
/* ------------------------------------------------------------------ */

/* The reader, in the cgroup: one line "seconds" per chunk to fd out. */
static void reader(const struct bench *b, const char *path, int out)
{
	static char buf[1 << 20];
	int64_t done = 0, chunk = 0;
	double start = pace_now_s();
	int fd;

	if (b->cg.path[0] && memcg_add(&b->cg, getpid()))
		_exit(1);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		_exit(1);
	for (;;) {
		ssize_t n = read(fd, buf, sizeof(buf));
		char line[64];

		if (n <= 0)
			break;
		done += n;
		chunk += n;
		if (chunk >= b->chunk) {
			int len = snprintf(line, sizeof(line), "%.6f %.6f\n",
					   pace_now_s() - start, (double)chunk / (1 << 20));

			if (write(out, line, (size_t)len) != len)
				_exit(1);
			chunk = 0;
			start = pace_now_s();
		}
	}
	_exit(done > 0 ? 0 : 1);
}

static int readfiles(struct bench *b, const char *file)
{
	char path[512], line[128];
	const char *tags[2] = { "bench=readfiles", NULL };
	char k[96];
	char *rel = facts_read_line("", "/proc/sys/kernel/osrelease");
	long long run;
	int pipefd[2], chunk = 0, rc = 0;
	FILE *in;

	snprintf(k, sizeof(k), "kernel=%s", rel ? rel : "unknown");
	free(rel);
	tags[1] = k;
	if (file) {
		snprintf(path, sizeof(path), "%s", file);
	} else {
		/* write the file outside the cgroup, then read it cold inside */
		snprintf(path, sizeof(path), "%s/readfile", b->workdir);
		fprintf(stderr, "vmscope: writing a %lld MB file to read\n",
			(long long)(b->write_bytes >> 20));
		if (write_outside(b, b->write_bytes, path))
			return -1;
	}
	/* close-on-exec: the collector started next must not hold the pipe open */
	if (drop_caches() || pipe2(pipefd, O_CLOEXEC))
		return -1;
	run = record_start(b, tags, 2);
	if (run <= 0)
		return -1;
	track(LIVE_COLLECTOR, b->collector);
	b->pids[0] = fork();
	if (b->pids[0] == 0) {
		close(pipefd[0]);
		reader(b, path, pipefd[1]);
	}
	track(1, b->pids[0]);
	close(pipefd[1]);
	in = fdopen(pipefd[0], "r");
	while (in && fgets(line, sizeof(line), in)) {
		double secs, mb;

		if (sscanf(line, "%lf %lf", &secs, &mb) != 2 || secs <= 0)
			continue;
		printf("chunk %3d: %8.1f MB/s\n", ++chunk, mb / secs);
		fflush(stdout);
		rc = rc || add_result(b->db, run, "chunk_mbps", mb / secs, "MB/s", -1);
	}
	if (in)
		fclose(in);
	rc = writers_wait(b->pids, 1, NULL) || rc;
	return record_stop(b) || rc || interrupted ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* options and the command                                             */
/* ------------------------------------------------------------------ */

static int parse_values(struct bench *b, const char *list)
{
	char *copy = strdup(list), *p = copy, *tok, *end;
	int rc = 0;

	b->nr_values = 0;
	while (copy && !rc && (tok = strsep(&p, ","))) {
		long v = strtol(tok, &end, 10);

		if (*end || end == tok || v < 0 || v > 200 || b->nr_values == MAX_VALUES)
			rc = error("bad swappiness '%s': expected 0 to 200", tok);
		else
			b->values[b->nr_values++] = (int)v;
	}
	free(copy);
	return copy ? rc : error("out of memory");
}

static int size_arg(const char *name, const char *arg, int64_t *out)
{
	*out = parse_size(arg);
	return *out <= 0 ? error("bad %s '%s': expected a size like 256M or 1G",
				 name, arg) : 0;
}

/* The bench's own tags are kernel, swappiness, trial, bench, memcg and
 * reread. */
static int add_tag(struct bench *b, const char *tag)
{
	static const char *const own[] = { "kernel=", "swappiness=", "trial=",
					   "bench=", "memcg=", "reread=" };
	size_t i;

	if (!strchr(tag, '=') || tag[0] == '=')
		return error("bad tag '%s': expected KEY=VALUE", tag);
	for (i = 0; i < sizeof(own) / sizeof(own[0]); i++)
		if (!strncmp(tag, own[i], strlen(own[i])))
			return error("bad tag '%s': the benchmark sets '%.*s' itself",
				     tag, (int)strlen(own[i]) - 1, own[i]);
	if (b->nr_extra_tags == MAX_TAGS)
		return error("too many --tag options (at most %d)", MAX_TAGS);
	b->extra_tags[b->nr_extra_tags++] = tag;
	return 0;
}

/* --interval: the collector's sampling interval, at least its 0.01 s
 * (opts_seconds(): the collector's own reading of seconds) */
static int interval_arg(const char *arg, double *interval)
{
	int64_t ns;

	if (opts_seconds(arg, &ns) || ns < 10000000 || ns > 3600000000000LL)
		return error("bad --interval '%s': seconds, 0.01 to 3600", arg);
	*interval = (double)ns / 1e9;
	return 0;
}

static int parse_bench(struct bench *b, int argc, char **argv, const char **file)
{
	static const struct option lo[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "memory", required_argument, NULL, 'm' },
		{ "swapfile", required_argument, NULL, 's' },
		{ "swappiness", required_argument, NULL, 'w' },
		{ "trials", required_argument, NULL, 't' },
		{ "writers", required_argument, NULL, 'n' },
		{ "hog-fraction", required_argument, NULL, 'f' },
		{ "write", required_argument, NULL, 'W' },
		{ "reread", required_argument, NULL, 'R' },
		{ "size", required_argument, NULL, 'W' },
		{ "chunk", required_argument, NULL, 'c' },
		{ "file", required_argument, NULL, 'F' },
		{ "whole-machine", no_argument, NULL, 'M' },
		{ "trace-priority", no_argument, NULL, 'P' },
		{ "tag", required_argument, NULL, 'T' },
		{ "interval", required_argument, NULL, 'i' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	optind = 2;   /* argv[1] is the benchmark's name */
	while ((c = getopt_long(argc, argv, "o:h", lo, NULL)) != -1) {
		int rc = 0;

		switch (c) {
		case 'o': b->db = optarg; break;
		case 'm': rc = size_arg("memory size", optarg, &b->memory); break;
		case 's': rc = size_arg("swap file size", optarg, &b->swapfile_size); break;
		case 'w': rc = parse_values(b, optarg); b->values_given = 1; break;
		case 't': b->trials = atoi(optarg); rc = b->trials > 0 ? 0 : error("bad --trials"); break;
		case 'n':
			b->writers = atoi(optarg);
			rc = b->writers > 0 && b->writers <= MAX_WRITERS ? 0 :
			     error("bad --writers: 1 to %d", MAX_WRITERS);
			break;
		case 'f':
			b->fraction = atof(optarg);
			/* above 1 the hog must swap, or be OOM-killed: an experiment too */
			rc = b->fraction > 0 && b->fraction <= 2 ? 0 :
			     error("bad --hog-fraction: more than 0, at most 2");
			break;
		case 'W': rc = size_arg("size", optarg, &b->write_bytes); break;
		case 'R': rc = size_arg("re-read size", optarg, &b->reread_bytes); break;
		case 'c': rc = size_arg("chunk size", optarg, &b->chunk); break;
		case 'F': *file = optarg; break;
		case 'M': b->whole_machine = 1; break;
		case 'P': b->trace_priority = 1; break;
		case 'T': rc = add_tag(b, optarg); break;
		case 'i': rc = interval_arg(optarg, &b->interval); break;
		case 'h': return 1;
		default: rc = -1;
		}
		if (rc)
			return -1;
	}
	return optind == argc ? 0 : error("unexpected argument '%s'", argv[optind]);
}

int cmd_bench(int argc, char **argv, struct cmd_ctx *ctx)
{
	struct bench b;
	struct sigaction sa;
	const char *file = NULL;
	int rc;

	(void)ctx;
	memset(&b, 0, sizeof(b));
	b.db = "vmscope-bench.db";
	b.memory = 256 << 20;
	b.trials = 5;
	b.fraction = 0.9;
	b.interval = 0.25;
	b.chunk = 32 << 20;
	b.saved_swappiness = -1;
	b.writers = (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (b.writers > MAX_WRITERS)
		b.writers = MAX_WRITERS;
	parse_values(&b, "0,20,40,60,80,100");
	if (argc < 2 || (strcmp(argv[1], "swappiness") && strcmp(argv[1], "readfiles"))) {
		if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
			bench_usage(stdout);
			return EXIT_OK;
		}
		bench_usage(stderr);
		return EXIT_USAGE;
	}
	b.kind = argv[1];
	rc = parse_bench(&b, argc, argv, &file);
	if (!rc && b.reread_bytes && strcmp(b.kind, "swappiness"))
		rc = error("--reread is an option of bench swappiness");
	if (rc) {
		if (rc > 0) {
			bench_usage(stdout);
			return EXIT_OK;
		}
		bench_usage(stderr);
		return EXIT_USAGE;
	}
	if (!b.write_bytes)
		/*
		 * readfiles reads 2 x the limit.  The 2004 test wrote 4.7 x
		 * memory at 2004's disk speeds; at today's page-cache speeds the
		 * pressure lasts long enough to swap only with more: 16 x.
		 */
		b.write_bytes = !strcmp(b.kind, "readfiles") ? 2 * b.memory :
				16 * b.memory / b.writers;
	if (preflight(&b))
		return EXIT_FAILURE_RT;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	workload_interrupt_flag(&interrupted);
	rc = setup(&b);
	if (!rc)
		rc = !strcmp(b.kind, "swappiness") ? sweep(&b) : readfiles(&b, file);
	bench_cleanup(&b);
	if (!rc && !strcmp(b.kind, "swappiness"))
		finish_report(&b);
	if (interrupted)
		return 130;
	return rc ? EXIT_FAILURE_RT : EXIT_OK;
}
