/*
 * main.c - vmscope-collect: sample /proc/vmstat (and friends) into SQLite.
 *
 * The loop: take a sample, check the stop conditions, write the queue when
 * the commit interval is up, sleep to the next absolute tick.  Signal
 * handlers only set flags; everything else happens here, between ticks.
 * In command mode the first sample is taken before the command starts, so
 * the run's deltas cover the whole command, and a last sample is taken
 * when it exits.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "err.h"
#include "facts.h"
#include "frame.h"
#include "kv.h"
#include "opts.h"
#include "pace.h"
#include "refresh.h"
#include "source.h"
#include "store.h"
#include "trace.h"
#include "lrugen.h"
#include "folios.h"
#include "banned.h"

static volatile sig_atomic_t stop_requested;   /* SIGINT/SIGTERM count */
static volatile sig_atomic_t forward_pending;  /* a kill(2)-sent signal */
static volatile sig_atomic_t child_done;
static volatile sig_atomic_t child_done_sec, child_done_nsec;

static void on_stop(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	stop_requested++;
	/*
	 * A terminal's ^C already reaches the command (same process group);
	 * only a signal sent to us alone (SI_USER) is passed on.
	 */
	if (si && si->si_code == SI_USER)
		forward_pending = sig;
}

static void on_child(int sig)
{
	struct timespec ts;

	(void)sig;
	clock_gettime(CLOCK_MONOTONIC, &ts);   /* async-signal-safe */
	child_done_sec = (sig_atomic_t)ts.tv_sec;
	child_done_nsec = (sig_atomic_t)ts.tv_nsec;
	child_done = 1;
}

/*
 * The mask before install_signals(), in force only while the loop sleeps
 * (pacer_wait) or waits for the command, and in the command itself.
 */
static sigset_t wait_mask;

/*
 * Handlers set flags; the flags are checked between ticks.  SIGINT,
 * SIGTERM and SIGCHLD stay blocked while the collector works and are let
 * in only by the sleep itself (ppoll in pacer_wait), so a signal that
 * arrives after the check and before the sleep ends the sleep at once
 * instead of waiting for the next tick (issue 11).
 */
static void install_signals(void)
{
	struct sigaction sa;
	sigset_t block;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_stop;
	sa.sa_flags = SA_SIGINFO;   /* no SA_RESTART: wake the sleep */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_child;
	sa.sa_flags = SA_NOCLDSTOP;
	sigaction(SIGCHLD, &sa, NULL);
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGCHLD);
	sigprocmask(SIG_BLOCK, &block, &wait_mask);
}

struct collector {
	struct collect_opts *o;
	struct source_set sources;
	const char **tags;           /* sources.v[i].tag, "trace", "lru_gen", "folios" */
	struct trace_prio trace;     /* --trace-priority */
	struct stat_refresh refresh; /* --stat-refresh */
	struct lrugen_src lrugen;    /* --lru-gen */
	struct folio_census folios;  /* --folios */
	int census_taken;            /* the last sample's is in */
	char *lrugen_memcg;          /* the --cgroup as the kernel names it */
	struct kv_list kv;
	struct frame_enc enc;
	struct store store;
	struct pacer pacer;
	int64_t start_mono_ns, start_wall_us, seq;
	pid_t child;
	int64_t child_start_ns, child_elapsed_ns;
	int child_status;            /* -1 until the command has exited */
};

/* Find the cgroup directory: as given, or under the v1 or v2 mount. */
static char *cgroup_dir(const char *root, const char *given, int *v2)
{
	static const char *const bases[] = {
		"", "/sys/fs/cgroup/memory/", "/sys/fs/cgroup/unified/",
		"/sys/fs/cgroup/",
	};
	char path[4096];
	struct stat st;
	size_t i;

	for (i = 0; i < sizeof(bases) / sizeof(bases[0]); i++) {
		int n = snprintf(path, sizeof(path), "%s%s%s/memory.stat",
				 i ? root : "", bases[i], given);

		if (n <= 0 || (size_t)n >= sizeof(path) || stat(path, &st))
			continue;
		path[n - strlen("/memory.stat")] = 0;
		snprintf(path + strlen(path), sizeof(path) - strlen(path),
			 "/memory.current");
		*v2 = stat(path, &st) == 0;
		path[strlen(path) - strlen("/memory.current")] = 0;
		return strdup(path);
	}
	return NULL;
}

/*
 * v2's limit events are memory.events' counts ("max": one before each
 * reclaim call of a charge over the limit); its limit is memory.max,
 * named with its file's dot so as not to be that event ("max" in the
 * file means no limit and is left out, as any non-number is).
 */
static int add_cgroup_sources(struct source_set *s, const char *dir, int v2)
{
	if (source_set_add(s, "memcg", dir, "/memory.stat", FMT_FLAT, NULL, 0))
		return -1;
	if (v2)
		return source_set_add(s, "memcg", dir, "/memory.current",
				      FMT_SINGLE, "current", 0) ||
		       source_set_add(s, "memcg", dir, "/memory.swap.current",
				      FMT_SINGLE, "swap_current", 0) ||
		       source_set_add(s, "memcg", dir, "/memory.events",
				      FMT_FLAT, NULL, 0) ||
		       source_set_add(s, "memcg", dir, "/memory.max",
				      FMT_SINGLE, "memory.max", 0);
	return source_set_add(s, "memcg", dir, "/memory.usage_in_bytes",
			      FMT_SINGLE, "usage_in_bytes", 0) ||
	       source_set_add(s, "memcg", dir, "/memory.memsw.usage_in_bytes",
			      FMT_SINGLE, "memsw_usage_in_bytes", 0) ||
	       source_set_add(s, "memcg", dir, "/memory.limit_in_bytes",
			      FMT_SINGLE, "limit_in_bytes", 0) ||
	       source_set_add(s, "memcg", dir, "/memory.failcnt",
			      FMT_SINGLE, "failcnt", 0);
}

/*
 * The memcg path as lru_gen prints it (cgroup_path(): "/" for the root,
 * "/a/b" below it): the directory without the hierarchy's mount point.
 */
static char *kernel_memcg_path(const char *root, const char *dir)
{
	static const char *const bases[] = {
		"/sys/fs/cgroup/memory", "/sys/fs/cgroup/unified", "/sys/fs/cgroup",
	};
	size_t i, rl = strlen(root);

	if (!strncmp(dir, root, rl))
		dir += rl;
	for (i = 0; i < sizeof(bases) / sizeof(bases[0]); i++) {
		size_t n = strlen(bases[i]);

		if (!strncmp(dir, bases[i], n) && (dir[n] == '/' || !dir[n]))
			return strdup(dir[n] ? dir + n : "/");
	}
	return strdup(dir);
}

/* --lru-gen: the MGLRU debugfs source, after the tracepoints. */
static int setup_lrugen(struct collector *c, const char *cg_dir, char *names,
			size_t cap)
{
	if (!c->o->lru_gen)
		return 0;
	if (cg_dir && !(c->lrugen_memcg = kernel_memcg_path(c->o->root, cg_dir)))
		return error("out of memory");
	if (lrugen_start(&c->lrugen, c->o->root, c->lrugen_memcg))
		return -1;
	snprintf(names + strlen(names), cap - strlen(names), ",lru_gen");
	return 0;
}

/* The sources the options ask for; writes "vmstat,meminfo,..." to names. */
static int setup_sources(struct collector *c, char **cg_dir, char *names,
			 size_t cap)
{
	struct collect_opts *o = c->o;
	struct source_set *s = &c->sources;
	const char *root = o->root;
	size_t i;
	int v2 = 0;

	source_set_init(s);
	if (source_set_add(s, "vmstat", root, "/proc/vmstat", FMT_FLAT, NULL, 1) ||
	    (o->meminfo && source_set_add(s, "meminfo", root, "/proc/meminfo",
					  FMT_MEMINFO, NULL, 1)) ||
	    (o->zoneinfo && source_set_add(s, "zoneinfo", root, "/proc/zoneinfo",
					   FMT_ZONEINFO, NULL, 1)) ||
	    (o->psi && source_set_add(s, "psi", root, "/proc/pressure/memory",
				      FMT_PSI, NULL, 1)))
		return -1;
	if (o->cgroup) {
		*cg_dir = cgroup_dir(root, o->cgroup, &v2);
		if (!*cg_dir)
			return error("cannot find memory cgroup '%s': no "
				     "memory.stat there nor under "
				     "/sys/fs/cgroup", o->cgroup);
		if (add_cgroup_sources(s, *cg_dir, v2))
			return -1;
	}
	if (source_set_open(s))
		return -1;
	c->tags = malloc((s->nr + 3) * sizeof(*c->tags));
	if (!c->tags)
		return error("out of memory");
	names[0] = 0;
	for (i = 0; i < s->nr; i++) {
		c->tags[i] = s->v[i].tag;
		if (!strstr(names, s->v[i].tag))
			snprintf(names + strlen(names), cap - strlen(names),
				 "%s%s", *names ? "," : "", s->v[i].tag);
	}
	if (o->stat_refresh) {
		if (stat_refresh_open(&c->refresh, root))
			return -1;
		snprintf(names + strlen(names), cap - strlen(names), ",stat_refresh");
	}
	c->tags[s->nr] = "trace";
	if (o->trace) {
		if (trace_prio_start(&c->trace, root))
			return -1;
		snprintf(names + strlen(names), cap - strlen(names), ",trace");
	}
	c->tags[s->nr + 1] = "lru_gen";
	c->tags[s->nr + 2] = "folios";
	if (o->folios) {
		if (folios_open(&c->folios, root, *cg_dir))
			return -1;
		snprintf(names + strlen(names), cap - strlen(names), ",folios");
	}
	return setup_lrugen(c, *cg_dir, names, cap);
}

/*
 * The folio census, once, after the files were read (it walks all of
 * memory).  One that cannot be read costs the run its census, not its
 * last sample: a warning.
 */
static int take_census(struct collector *c)
{
	c->census_taken = 1;
	err_hold(1);
	if (folios_take(&c->folios)) {
		err_hold(0);
		warning("no folio census: %s", err_held());
		return 0;
	}
	err_hold(0);
	return folios_push(&c->folios, (uint16_t)(c->sources.nr + 2), &c->kv) ?
	       error("out of memory") : 0;
}

/*
 * The files, then the tracepoint counts (after the files: src = nr) up to
 * mono_ns, taken just before /proc/vmstat (the first file) is read.
 */
static int read_sources(struct collector *c, int64_t mono_ns, int last)
{
	if (source_set_read(&c->sources, &c->kv))
		return -1;
	if (last && c->o->folios && !c->census_taken && take_census(c))
		return -1;
	if (c->o->lru_gen &&
	    lrugen_push(&c->lrugen, (uint16_t)(c->sources.nr + 1), &c->kv))
		return error("out of memory");
	if (!c->o->trace)
		return 0;
	return trace_prio_drain(&c->trace, mono_ns) ||
	       trace_prio_push(&c->trace, (uint16_t)c->sources.nr, &c->kv) ?
	       error("cannot record the vmscan tracepoints") : 0;
}

/* last: the run's last sample, which takes the folio census (--folios) */
static int take_sample(struct collector *c, long missed, int last)
{
	int64_t mono, wall_us, t_us;

	/* before the clock is read: it dates what /proc/vmstat shows */
	stat_refresh_now(&c->refresh);
	mono = pace_now_ns(CLOCK_MONOTONIC);
	wall_us = pace_now_ns(CLOCK_REALTIME) / 1000;
	t_us = (mono - c->start_mono_ns) / 1000;
	if (read_sources(c, mono, last) ||
	    frame_encode(&c->enc, &c->kv, c->tags) ||
	    store_queue(&c->store, c->seq, t_us,
			wall_us - c->start_wall_us - t_us, missed, &c->enc, mono))
		return -1;
	c->seq++;
	return 0;
}

/*
 * Start the command.  A close-on-exec pipe tells the parent whether
 * execvp() worked, so a missing program is an error here, not a silent 127.
 */
static int spawn_command(struct collector *c)
{
	int pipefd[2], err = 0;
	ssize_t n;

	if (pipe2(pipefd, O_CLOEXEC))
		return error_errno("cannot start '%s'", c->o->command[0]);
	c->child_start_ns = pace_now_ns(CLOCK_MONOTONIC);
	c->child = fork();
	if (c->child < 0) {
		err = errno;
		close(pipefd[0]);
		close(pipefd[1]);
		errno = err;
		return error_errno("cannot start '%s'", c->o->command[0]);
	}
	if (c->child == 0) {
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		signal(SIGCHLD, SIG_DFL);
		/* a blocked mask survives exec: give the command ours from before */
		sigprocmask(SIG_SETMASK, &wait_mask, NULL);
		close(pipefd[0]);
		execvp(c->o->command[0], c->o->command);
		err = errno;
		n = write(pipefd[1], &err, sizeof(err));
		(void)n;
		_exit(127);
	}
	close(pipefd[1]);
	do
		n = read(pipefd[0], &err, sizeof(err));
	while (n < 0 && errno == EINTR);
	close(pipefd[0]);
	if (n == (ssize_t)sizeof(err)) {
		waitpid(c->child, NULL, 0);
		c->child = 0;
		errno = err;
		return error_errno("cannot run '%s'", c->o->command[0]);
	}
	return 0;
}

/* After a wake-up by a signal: pass it on, reap the command. */
static void handle_signals(struct collector *c)
{
	int status;

	if (forward_pending && c->child > 0) {
		kill(c->child, forward_pending);
		forward_pending = 0;
	}
	if (child_done && c->child > 0 &&
	    waitpid(c->child, &status, WNOHANG) == c->child) {
		int64_t end = (int64_t)child_done_sec * 1000000000 +
			      child_done_nsec;

		c->child_elapsed_ns = end - c->child_start_ns;
		c->child_status = WIFEXITED(status) ? WEXITSTATUS(status) :
				  128 + WTERMSIG(status);
		c->child = 0;
	}
}

/* Why the loop should end now, or NULL to go on. */
static const char *stop_reason(struct collector *c)
{
	const struct collect_opts *o = c->o;

	handle_signals(c);
	if (o->count > 0 && c->seq >= o->count)
		return "count";
	if (o->command && c->child_status >= 0)
		return "command";
	/* a second ^C ends recording even if the command ignores it */
	if (stop_requested && (!o->command || stop_requested > 1))
		return "signal";
	if (o->duration_ns >= 0 &&
	    (int64_t)(c->pacer.tick + 1) * o->interval_ns > o->duration_ns)
		return "duration";
	return NULL;
}

/*
 * Whether the sample of the tick just waited for is the last one that -n
 * or -d allow (stop_reason() will say so after it, unless the command's
 * end or a signal comes first); a run ended by its command or a signal
 * takes one sample more, its last.  The census goes in the first of them
 * (census_taken).
 */
static int last_by_limit(const struct collector *c)
{
	const struct collect_opts *o = c->o;

	return (o->count > 0 && c->seq + 1 >= o->count) ||
	       (o->duration_ns >= 0 &&
		(int64_t)(c->pacer.tick + 1) * o->interval_ns > o->duration_ns);
}

static const char *sample_loop(struct collector *c)
{
	const char *reason;

	for (;;) {
		long missed;

		reason = stop_reason(c);
		if (reason)
			break;
		if (store_due(&c->store, pacer_due_ns(&c->pacer) +
			      c->o->interval_ns, c->o->commit_ns) &&
		    store_flush(&c->store))
			return NULL;
		missed = pacer_wait(&c->pacer, &wait_mask);
		if (missed < 0)
			continue;
		if (take_sample(c, missed, last_by_limit(c)))
			return NULL;
	}
	/* the end of a command or a signal falls between ticks: record it */
	if ((!strcmp(reason, "command") || !strcmp(reason, "signal")) &&
	    take_sample(c, 0, 1))
		return NULL;
	return reason;
}

/*
 * -n or -d ended the recording while the command runs: it was asked to
 * run, so wait for it (passing signals on) and return its status.
 */
static void wait_command(struct collector *c)
{
	sigset_t blocked;

	/* let the signals in while waiting, to pass them on */
	sigprocmask(SIG_SETMASK, &wait_mask, &blocked);
	while (c->child > 0) {
		int status;
		pid_t r = waitpid(c->child, &status, 0);

		if (r == c->child) {
			c->child_elapsed_ns = pace_now_ns(CLOCK_MONOTONIC) -
					      c->child_start_ns;
			c->child_status = WIFEXITED(status) ? WEXITSTATUS(status) :
					  128 + WTERMSIG(status);
			c->child = 0;
		} else if (r < 0 && errno != EINTR) {
			break;
		}
		handle_signals(c);
	}
	sigprocmask(SIG_SETMASK, &blocked, NULL);
}

static int finish_run(struct collector *c, const char *reason)
{
	struct run_end end;

	if (!strcmp(reason, "count") || !strcmp(reason, "duration")) {
		/* what was recorded is safe before the wait begins */
		if (store_flush(&c->store))
			return -1;
		wait_command(c);
	}
	end = (struct run_end) {
		.ended_wall_us = pace_now_ns(CLOCK_REALTIME) / 1000,
		.elapsed_ns = c->o->command ? c->child_elapsed_ns : -1,
		.exit_status = c->child_status,
		.reason = reason,
		.missed_ticks = c->pacer.missed,
	};

	if (store_flush(&c->store) ||
	    store_end_run(&c->store, &end))
		return -1;
	if (!c->o->quiet)
		fprintf(stderr, "vmscope-collect: run %lld: %lld samples in '%s'\n",
			(long long)c->store.run_id, (long long)c->seq,
			c->o->db_path);
	return 0;
}

static int collect(struct collector *c)
{
	char sources[128], *cg_dir = NULL;
	struct run_facts facts;
	struct frame_hooks hooks;
	const char *reason;
	int rc = -1;

	/* first: a signal during start-up (a busy database) ends the run
	 * after its first sample instead of killing it half-made */
	install_signals();
	if (setup_sources(c, &cg_dir, sources, sizeof(sources)) ||
	    facts_gather(&facts, c->o->root, cg_dir)) {
		free(cg_dir);
		return -1;
	}
	if (store_open(&c->store, c->o->db_path))
		goto out;
	hooks = store_frame_hooks(&c->store);
	frame_enc_init(&c->enc, &hooks);
	c->start_mono_ns = pace_now_ns(CLOCK_MONOTONIC);
	c->trace.origin_ns = c->start_mono_ns;   /* memcg_flush_t_us */
	c->start_wall_us = pace_now_ns(CLOCK_REALTIME) / 1000;
	pacer_init(&c->pacer, CLOCK_MONOTONIC, c->start_mono_ns,
		   c->o->interval_ns);
	if (store_begin_run(&c->store, c->o, &facts, sources,
			    c->start_wall_us, c->start_mono_ns) ||
	    store_tail_start(&c->store))
		goto out_store;
	if (take_sample(c, 0, last_by_limit(c)) ||
	    (c->o->command && spawn_command(c)))
		goto out_store;
	/* after the fork: the command keeps the scheduler's defaults; a
	 * kernel without custom slices just samples as before */
	(void)pace_short_slice();
	reason = sample_loop(c);
	if (reason && !finish_run(c, reason))
		rc = 0;
out_store:
	if (rc) {
		/* keep what was stored; mark the run as ended in error */
		struct run_end end = {
			.ended_wall_us = pace_now_ns(CLOCK_REALTIME) / 1000,
			.elapsed_ns = -1, .exit_status = -1, .reason = "error",
			.missed_ticks = c->pacer.missed, .quiet = 1,
		};

		if (c->store.run_id)
			store_end_run(&c->store, &end);
	}
	frame_enc_release(&c->enc);
	pacer_close(&c->pacer);
	store_close(&c->store);
out:
	facts_release(&facts);
	free(cg_dir);
	return rc;
}

int main(int argc, char **argv)
{
	struct collect_opts o;
	struct collector c;
	int rc;

	err_set_prog("vmscope-collect");
	switch (opts_parse(&o, argc, argv)) {
	case OPTS_EXIT_OK:
		opts_release(&o);
		return EXIT_OK;
	case OPTS_USAGE:
		opts_release(&o);
		return EXIT_USAGE;
	case OPTS_RUN:
		break;
	}
	memset(&c, 0, sizeof(c));
	c.o = &o;
	c.child_status = -1;
	c.trace.fd = -1;
	c.refresh.fd = -1;
	c.folios.flags_fd = c.folios.cgroup_fd = -1;
	kv_list_init(&c.kv);
	rc = collect(&c);
	/*
	 * A failed recording does not stop the measured command: wait for
	 * it as the caller expects.  After a second ^C it is not waited for:
	 * it shares our terminal and got the same signals.
	 */
	if (rc && c.child > 0)
		wait_command(&c);
	trace_prio_stop(&c.trace);
	stat_refresh_close(&c.refresh);
	lrugen_stop(&c.lrugen);
	folios_close(&c.folios);
	free(c.lrugen_memcg);
	kv_list_release(&c.kv);
	source_set_release(&c.sources);
	free(c.tags);
	opts_release(&o);
	if (rc)
		return EXIT_FAILURE_RT;
	return o.command && c.child_status >= 0 ? c.child_status : EXIT_OK;
}
