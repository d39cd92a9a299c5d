/* trace.c - vmscan tracepoint priorities (see trace.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "trace.h"
#include "banned.h"

#define EVENT "events/vmscan/mm_vmscan_lru_shrink_inactive"
#define WAKE_EVENT "events/vmscan/mm_vmscan_kswapd_wake"
#define FLUSH_EVENT "events/cgroup/cgroup_rstat_locked"
#define EXTFRAG_EVENT "events/kmem/mm_page_alloc_extfrag"
/* rstat_locked events closer than this are one flush (one a CPU, 6.15+) */
#define FLUSH_GAP_NS 10000000
#define TRACE_READ_CHUNK 65536
/* bound one sample's work: what is left waits for the next sample */
#define TRACE_MAX_PER_SAMPLE (8 << 20)

static int write_file(const char *dir, const char *name, const char *text)
{
	char path[640];
	int fd, ok;
	size_t len = strlen(text);

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ok = write(fd, text, len) == (ssize_t)len;
	return close(fd) || !ok ? -1 : 0;
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The tracefs mount with the vmscan events, mounting it if needed. */
static int find_tracefs(const char *root, char *out, size_t cap)
{
	static const char *const where[] = {
		"/sys/kernel/tracing", "/sys/kernel/debug/tracing",
	};
	char probe[600];
	size_t i;

	for (i = 0; i < 2; i++) {
		snprintf(out, cap, "%s%s", root, where[i]);
		snprintf(probe, sizeof(probe), "%s/events", out);
		if (is_dir(probe))
			goto found;
	}
	snprintf(out, cap, "%s%s", root, where[0]);
	if (!is_dir(out))
		return error("no tracefs: this kernel has no %s (CONFIG_TRACING)",
			     where[0]);
	if (mount("nodev", out, "tracefs", 0, NULL))
		return error_errno("tracefs is not mounted and cannot be "
				   "mounted on '%s'", out);
	snprintf(probe, sizeof(probe), "%s/events", out);
found:
	snprintf(probe, sizeof(probe), "%s/" EVENT, out);
	if (!is_dir(probe))
		return error("this kernel has no vmscan tracepoint "
			     "mm_vmscan_lru_shrink_inactive (in '%s/events')", out);
	return 0;
}

/* The kswapd threads' pids, from /proc/<pid>/comm. */
static void find_kswapd(struct trace_prio *t, const char *root)
{
	char path[600], comm[32];
	struct dirent *d;
	DIR *proc;

	snprintf(path, sizeof(path), "%s/proc", root);
	proc = opendir(path);
	while (proc && (d = readdir(proc)) && t->nr_kswapd < TRACE_MAX_KSWAPD) {
		FILE *f;

		if (d->d_name[0] < '1' || d->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "%s/proc/%s/comm", root, d->d_name);
		f = fopen(path, "re");
		if (!f)
			continue;
		if (fgets(comm, sizeof(comm), f) && !strncmp(comm, "kswapd", 6))
			t->kswapd[t->nr_kswapd++] = (pid_t)atol(d->d_name);
		fclose(f);
	}
	if (proc)
		closedir(proc);
}

/* <who>_priority_<N>, <who>_scan_{anon,file}_<N>, kswapd_wake_order_<N> */
static void level_names(struct trace_prio *t)
{
	static const char *const who[TT_WHO] = { "kswapd", "direct", "cgroup" };
	static const char *const type[2] = { "anon", "file" };
	int w, f, i;

	for (w = 0; w < TT_WHO; w++)
		for (i = 0; i < TRACE_LEVELS; i++) {
			snprintf(t->names[w][i], sizeof(t->names[w][i]),
				 "%s_priority_%d", who[w], i);
			for (f = 0; f < 2; f++)
				snprintf(t->scan_names[w][f][i],
					 sizeof(t->scan_names[w][f][i]),
					 "%s_scan_%s_%d", who[w], type[f], i);
		}
	for (i = 0; i < TRACE_ORDERS; i++)
		snprintf(t->wake_names[i], sizeof(t->wake_names[i]),
			 "kswapd_wake_order_%d", i);
}

static int is_dir_in(const char *dir, const char *sub)
{
	char path[700];

	snprintf(path, sizeof(path), "%s/%s", dir, sub);
	return is_dir(path);
}

/* kswapd's walks by order (trace.h), where the kernel has the event */
static int wake_enable(struct trace_prio *t)
{
	if (!is_dir_in(t->dir, WAKE_EVENT))
		return 0;
	if (write_file(t->dir, WAKE_EVENT "/enable", "1"))
		return -1;
	t->has_wake_event = 1;
	return 0;
}

/*
 * Root statistics flushes (trace.h), where the kernel has the event: the
 * roots' only (the filter keeps every memory.stat read and child flush
 * out of the buffer the vmscan events share).  Optional: where it cannot
 * be enabled the run goes on without it.
 */
static void flush_enable(struct trace_prio *t)
{
	t->last_flush_ns = -1;
	if (!is_dir_in(t->dir, FLUSH_EVENT))
		return;
	write_file(t->dir, FLUSH_EVENT "/filter", "level == 0");
	t->has_flush_event = !write_file(t->dir, FLUSH_EVENT "/enable", "1");
}

/*
 * The allocator's fallbacks to another migratetype's free blocks
 * (trace.h: extfrag_*), where the kernel has the event.  Optional, as
 * the flushes are.
 */
static void extfrag_enable(struct trace_prio *t)
{
	if (is_dir_in(t->dir, EXTFRAG_EVENT))
		t->has_extfrag_event = !write_file(t->dir, EXTFRAG_EVENT "/enable", "1");
}

/*
 * The type events (see struct trace_types), each where the kernel has
 * it: 6.1 has no MGLRU isolate event but has write_folio; the buffer is
 * grown because write_folio fires once per page written.
 */
static int trace_types_enable(struct trace_prio *t)
{
	static const char *const ev[] = {
		"events/vmscan/mm_vmscan_lru_isolate",
		"events/vmscan/mm_vmscan_write_folio",
		"events/vmscan/mm_vmscan_writepage",
		"events/vmscan/mm_vmscan_memcg_reclaim_begin",
		"events/vmscan/mm_vmscan_memcg_reclaim_end",
	};
	static const char *const kind[TT_KINDS] = { "isolated", "reclaimed", "written" };
	static const char *const who[TT_WHO] = { "kswapd", "direct", "cgroup" };
	char path[700];
	size_t i;
	int k, ty, w;

	for (k = 0; k < TT_KINDS; k++)
		for (ty = 0; ty < 2; ty++)
			for (w = 0; w < TT_WHO; w++)
				snprintf(t->types.names[(k * 2 + ty) * TT_WHO + w],
					 sizeof(t->types.names[0]), "%s_%s_%s",
					 kind[k], ty ? "file" : "anon", who[w]);
	if (write_file(t->dir, "buffer_size_kb", "4096"))
		return -1;
	for (i = 0; i < sizeof(ev) / sizeof(ev[0]); i++) {
		snprintf(path, sizeof(path), "%s/enable", ev[i]);
		if (is_dir_in(t->dir, ev[i]) && write_file(t->dir, path, "1"))
			return -1;
	}
	/* ev[3], ev[4]: the pids inside memcg reclaim (count_pass()) */
	t->has_memcg_events = is_dir_in(t->dir, ev[3]) && is_dir_in(t->dir, ev[4]);
	return 0;
}

int trace_prio_start(struct trace_prio *t, const char *root)
{
	char tracefs[400], pipe[600];

	memset(t, 0, sizeof(*t));
	t->fd = -1;
	level_names(t);
	if (find_tracefs(root, tracefs, sizeof(tracefs)))
		return -1;
	find_kswapd(t, root);
	snprintf(t->dir, sizeof(t->dir), "%s/instances/vmscope-%d", tracefs,
		 (int)getpid());
	if (mkdir(t->dir, 0700)) {
		t->dir[0] = 0;
		return error_errno("cannot create a tracefs instance in '%s/instances'",
				   tracefs);
	}
	/* 1 MiB a CPU holds a few seconds of heavy reclaim between samples */
	if (write_file(t->dir, "buffer_size_kb", "1024") ||
	    write_file(t->dir, EVENT "/enable", "1") || trace_types_enable(t) ||
	    wake_enable(t)) {
		error_errno("cannot enable %s in '%s'", EVENT, t->dir);
		trace_prio_stop(t);
		return -1;
	}
	flush_enable(t);
	extfrag_enable(t);
	/* the instance's own clock: the global one is left alone */
	t->mono = !write_file(t->dir, "trace_clock", "mono");
	snprintf(pipe, sizeof(pipe), "%s/trace_pipe", t->dir);
	t->fd = open(pipe, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	t->cap = 2 * TRACE_READ_CHUNK;
	t->buf = malloc(t->cap);
	if (t->fd < 0 || !t->buf) {
		error_errno("cannot read '%s'", pipe);
		trace_prio_stop(t);
		return -1;
	}
	return 0;
}

/* The number after "key" in [s, end), or -1. */
static int64_t number_after(const char *s, const char *end, const char *key)
{
	size_t kl = strlen(key);
	const char *p = memmem(s, (size_t)(end - s), key, kl);
	int64_t v = 0;

	if (!p)
		return -1;
	for (p += kl; p < end && *p >= '0' && *p <= '9'; p++) {
		if (v > (INT64_MAX - (*p - '0')) / 10)
			return -1;      /* no kernel count has 19 digits */
		v = v * 10 + (*p - '0');
	}
	return p > end || p[-1] < '0' || p[-1] > '9' ? -1 : v;
}

/*
 * The task's pid: the line starts "<comm>-<pid> [<cpu>]"; a comm may hold
 * dashes and spaces, so the pid is the digits before the first " [digit".
 */
static pid_t line_pid(const char *s, const char *end)
{
	const char *p;

	for (p = s; p + 2 < end; p++) {
		const char *q = p;
		pid_t pid = 0, mul = 1;

		if (p[0] != ' ' || p[1] != '[' || p[2] < '0' || p[2] > '9')
			continue;
		while (q > s && q[-1] == ' ')
			q--;
		/* pid_max is at most 2^22: more than 7 digits is no pid */
		while (q > s && q[-1] >= '0' && q[-1] <= '9' && mul <= 1000000) {
			pid += (pid_t)(q[-1] - '0') * mul;
			mul *= 10;
			q--;
		}
		if (q > s && q[-1] == '-' && mul > 1)
			return pid;
	}
	return -1;
}

int trace_parse_line(const char *line, size_t len, pid_t *pid, int64_t *prio)
{
	const char *end = line + len;
	const char *ev = memmem(line, len, ": mm_vmscan_lru_shrink_inactive: ", 33);

	if (ev) {
		*prio = number_after(ev, end, " priority=");
		*pid = line_pid(line, ev);
		return *prio >= 0 && *pid >= 0 ? 1 : 0;
	}
	*prio = number_after(line, end, "[LOST ");
	return *prio >= 0 ? 2 : 0;
}

/* The text after "key" up to the next space, in [s, end); NULL if absent. */
static const char *word_after(const char *s, const char *end, const char *key,
			      size_t *n)
{
	size_t kl = strlen(key);
	const char *p = memmem(s, (size_t)(end - s), key, kl), *q;

	if (!p)
		return NULL;
	p += kl;
	for (q = p; q < end && *q != ' '; q++)
		;
	*n = (size_t)(q - p);
	return p;
}

/* 0 anon, 1 file, -1 neither, from "flags=RECLAIM_WB_ANON|..." */
static int flags_type(const char *s, const char *end)
{
	size_t n;
	const char *w = word_after(s, end, " flags=", &n);

	if (!w)
		return -1;
	if (memmem(w, n, "RECLAIM_WB_ANON", 15))
		return 0;
	return memmem(w, n, "RECLAIM_WB_FILE", 15) ? 1 : -1;
}

int trace_parse_scan(const char *line, size_t len, int64_t *nr_scanned,
		     int *file)
{
	const char *end = line + len;

	/* include/trace/events/vmscan.h: trace_reclaim_flags(file) */
	*nr_scanned = number_after(line, end, " nr_scanned=");
	*file = flags_type(line, end);
	return *nr_scanned < 0 || *file < 0 ? -1 : 0;
}

static int is_kswapd(const struct trace_prio *t, pid_t pid)
{
	int i;

	for (i = 0; i < t->nr_kswapd; i++)
		if (t->kswapd[i] == pid)
			return 1;
	return 0;
}

/* 0 when the event name at s is lit (a literal ending in ':') */
#define EVENT_ISNT(s, lit) strncmp(s, lit, sizeof(lit) - 1)

int trace_parse_type_line(const char *line, size_t len, pid_t *pid, int *kind,
			  int *type, int64_t *pages)
{
	const char *end = line + len, *ev = memmem(line, len, ": mm_vmscan_", 12);
	const char *name, *w;
	size_t n;

	if (!ev || (*pid = line_pid(line, ev)) < 0)
		return 0;
	name = ev + 2;
	*pages = 1;
	if (!EVENT_ISNT(name, "mm_vmscan_memcg_reclaim_begin:"))
		return 2;
	if (!EVENT_ISNT(name, "mm_vmscan_memcg_reclaim_end:"))
		return 3;
	if (!EVENT_ISNT(name, "mm_vmscan_kswapd_wake:")) {
		*pages = number_after(name, end, " order=");
		return *pages >= 0 ? 4 : 0;
	}
	if (!EVENT_ISNT(name, "mm_vmscan_lru_isolate:")) {
		*kind = TT_ISOLATED;
		*pages = number_after(name, end, " nr_taken=");
		w = word_after(name, end, " lru=", &n);
		if (!w || *pages < 0)
			return 0;
		if (n == 13 && !memcmp(w, "inactive_anon", 13))
			*type = 0;
		else if (n == 13 && !memcmp(w, "inactive_file", 13))
			*type = 1;
		else
			return 0;   /* active lists: aging, not eviction */
		return 1;
	}
	if (!EVENT_ISNT(name, "mm_vmscan_lru_shrink_inactive:")) {
		*kind = TT_RECLAIMED;
		*pages = number_after(name, end, " nr_reclaimed=");
	} else if (!EVENT_ISNT(name, "mm_vmscan_write_folio:") ||
		   !EVENT_ISNT(name, "mm_vmscan_writepage:")) {
		*kind = TT_WRITTEN;
	} else {
		return 0;
	}
	*type = flags_type(name, end);
	return *type >= 0 && *pages >= 0 ? 1 : 0;
}

static int memcg_pid_index(const struct trace_types *tt, pid_t pid)
{
	int i;

	for (i = 0; i < tt->nr_memcg_pid; i++)
		if (tt->memcg_pid[i] == pid)
			return i;
	return -1;
}

/* a + b for counts (both >= 0), held at INT64_MAX: a line may say anything */
static int64_t count_add(int64_t a, int64_t b)
{
	return b > INT64_MAX - a ? INT64_MAX : a + b;
}

static void count_type_line(struct trace_prio *t, const char *s, size_t len)
{
	struct trace_types *tt = &t->types;
	int kind, type, i, who;
	int64_t pages;
	pid_t pid;

	switch (trace_parse_type_line(s, len, &pid, &kind, &type, &pages)) {
	case 1:
		who = is_kswapd(t, pid) ? TT_KSWAPD :
		      memcg_pid_index(tt, pid) >= 0 ? TT_CGROUP : TT_DIRECT;
		tt->count[kind][type][who] =
			count_add(tt->count[kind][type][who], pages);
		break;
	case 2:
		if (memcg_pid_index(tt, pid) < 0 &&
		    tt->nr_memcg_pid < TRACE_MAX_MEMCG_PIDS)
			tt->memcg_pid[tt->nr_memcg_pid++] = pid;
		break;
	case 3:
		i = memcg_pid_index(tt, pid);
		if (i >= 0)
			tt->memcg_pid[i] = tt->memcg_pid[--tt->nr_memcg_pid];
		break;
	case 4:     /* pages: the order */
		t->wakes[pages < TRACE_ORDERS ? pages : TRACE_ORDERS - 1]++;
		break;
	}
}

static int trace_types_push(struct trace_prio *t, uint16_t src,
			    struct kv_list *out)
{
	const int64_t *c = &t->types.count[0][0][0];
	int i;

	for (i = 0; i < TT_KINDS * 2 * TT_WHO; i++)
		if (kv_push(out, src, t->types.names[i],
			    strlen(t->types.names[i]), c[i]))
			return -1;
	return 0;
}

/* One shrink_inactive pass at level q: kswapd's, or another task's and,
 * inside memcg reclaim, the cgroup's too. */
static void count_pass(struct trace_prio *t, const char *s, size_t len, pid_t pid,
		       int q)
{
	int who[2] = { TT_DIRECT, -1 }, i, file;
	int64_t n;
	int scanned = !trace_parse_scan(s, len, &n, &file);   /* parsed once */

	if (is_kswapd(t, pid))
		who[0] = TT_KSWAPD;
	else if (memcg_pid_index(&t->types, pid) >= 0)
		who[1] = TT_CGROUP;
	for (i = 0; i < 2 && who[i] >= 0; i++) {
		t->passes[who[i]][q]++;
		if (scanned)
			t->scanned[who[i]][file][q] =
				count_add(t->scanned[who[i]][file][q], n);
	}
}

int trace_parse_flush_line(const char *line, size_t len, int64_t *ns)
{
	const char *end = line + len;
	const char *ev = memmem(line, len, ": cgroup_rstat_locked: ", 23);

	if (!ev || number_after(ev, end, " level=") != 0)
		return 0;
	*ns = trace_line_time_ns(line, len);
	return *ns >= 0;
}

/*
 * A root flush: a new one unless within FLUSH_GAP_NS of the last.  An
 * event a CPU committed late can come after a newer one (trace_pipe
 * merges what is committed): the last flush's time only moves forward.
 */
static void count_flush(struct trace_prio *t, int64_t ns)
{
	if (t->last_flush_ns >= 0 && ns <= t->last_flush_ns)
		return;
	if (t->last_flush_ns < 0 || ns - t->last_flush_ns > FLUSH_GAP_NS)
		t->flushes++;
	t->last_flush_ns = ns;
}

int trace_parse_extfrag_line(const char *line, size_t len)
{
	const char *end = line + len;
	const char *ev = memmem(line, len, ": mm_page_alloc_extfrag: ", 25);
	int64_t fragmenting;

	if (!ev)
		return -1;
	fragmenting = number_after(ev, end, " fragmenting=");
	return fragmenting < 0 ? -1 : fragmenting > 0;
}

/* A line of the optional events (flushes, fallbacks): 1 when it was one. */
static int count_other_line(struct trace_prio *t, const char *s, size_t len)
{
	int64_t v;
	int boosting;

	if (t->has_flush_event && trace_parse_flush_line(s, len, &v)) {
		count_flush(t, v);
		return 1;
	}
	if (t->has_extfrag_event && (boosting = trace_parse_extfrag_line(s, len)) >= 0) {
		t->fallbacks = count_add(t->fallbacks, 1);
		t->fallbacks_boosting = count_add(t->fallbacks_boosting, boosting);
		return 1;
	}
	return 0;
}

void trace_prio_count_line(struct trace_prio *t, const char *s, size_t len)
{
	pid_t pid;
	int64_t v;

	/* vmscan events are most of the lines: only the rest may be another */
	if (!memmem(s, len, ": mm_vmscan_", 12) && count_other_line(t, s, len))
		return;
	count_type_line(t, s, len);
	switch (trace_parse_line(s, len, &pid, &v)) {
	case 1:
		if (v < TRACE_LEVELS)
			count_pass(t, s, len, pid, (int)v);
		break;
	case 2:
		t->lost = count_add(t->lost, v);
		break;
	}
}

int64_t trace_line_time_ns(const char *line, size_t len)
{
	const char *ev = memmem(line, len, ": mm_vmscan_", 12), *p;
	int64_t ns = 0, unit = 1000, sec = 0, mul = 1;

	if (!ev)
		ev = memmem(line, len, ": cgroup_rstat_", 15);
	if (!ev)
		ev = memmem(line, len, ": mm_page_alloc_extfrag: ", 25);
	if (!ev)
		return -1;
	/* <secs>.<usecs> just before the event's name */
	for (p = ev; p > line && p[-1] >= '0' && p[-1] <= '9' && unit <= 100000000; p--) {
		ns += (int64_t)(p[-1] - '0') * unit;
		unit *= 10;
	}
	if (p == ev || p == line || p[-1] != '.' || unit != 1000000000)
		return -1;    /* trace_pipe prints six digits after the point */
	/* at most 9 digits of seconds (31 years): no int64 overflow below */
	for (p--; p > line && p[-1] >= '0' && p[-1] <= '9' && mul <= 100000000; p--) {
		sec += (int64_t)(p[-1] - '0') * mul;
		mul *= 10;
	}
	return mul > 1 && p > line && p[-1] == ' ' ? sec * 1000000000 + ns : -1;
}

/*
 * Count the whole lines in the buffer up to the first stamped after
 * cutoff_ns (< 0: all); keep the rest.  1 when it stopped at one.
 */
static int count_lines(struct trace_prio *t, int64_t cutoff_ns)
{
	char *s = t->buf, *nl;
	size_t left = t->len;
	int stopped = 0;

	while ((nl = memchr(s, '\n', left))) {
		if (cutoff_ns >= 0 && trace_line_time_ns(s, (size_t)(nl - s)) > cutoff_ns) {
			stopped = 1;
			break;
		}
		trace_prio_count_line(t, s, (size_t)(nl - s));
		left -= (size_t)(nl + 1 - s);
		s = nl + 1;
	}
	memmove(t->buf, s, left);
	t->len = left;
	return stopped;
}

int trace_prio_drain(struct trace_prio *t, int64_t cutoff_ns)
{
	size_t total = 0;

	if (!t->mono)
		cutoff_ns = -1;
	/* the lines the last drain kept back first: trace_pipe gives the
	 * CPUs' events merged in time order (of those committed when it is
	 * read: one committed late on another CPU comes later, and counts a
	 * sample late), so the first line past the cutoff ends the share */
	if (t->buf && count_lines(t, cutoff_ns))
		return 0;
	while (t->fd >= 0 && total < TRACE_MAX_PER_SAMPLE) {
		ssize_t n;

		if (t->cap - t->len < TRACE_READ_CHUNK)
			t->len = 0;   /* a line longer than a chunk: not ours */
		n = read(t->fd, t->buf + t->len, TRACE_READ_CHUNK);
		if (n < 0 && (errno == EAGAIN || errno == EINTR))
			return 0;
		if (n < 0)
			return error_errno("cannot read '%s/trace_pipe'", t->dir);
		if (n == 0)
			return 0;
		t->len += (size_t)n;
		total += (size_t)n;
		if (count_lines(t, cutoff_ns))
			return 0;
	}
	return 0;
}

/* The per-level counters; the cgroup's only where the kernel tells it
 * (else 0 would read as "no cgroup reclaim"). */
static int push_levels(struct trace_prio *t, uint16_t src, struct kv_list *out)
{
	int w, f, i, nwho = t->has_memcg_events ? TT_WHO : TT_CGROUP;

	for (w = 0; w < nwho; w++)
		for (i = 0; i < TRACE_LEVELS; i++) {
			if (kv_push(out, src, t->names[w][i], strlen(t->names[w][i]),
				    t->passes[w][i]))
				return -1;
			for (f = 0; f < 2; f++)
				if (kv_push(out, src, t->scan_names[w][f][i],
					    strlen(t->scan_names[w][f][i]),
					    t->scanned[w][f][i]))
					return -1;
		}
	return 0;
}

int trace_prio_push(struct trace_prio *t, uint16_t src, struct kv_list *out)
{
	int i;

	if (push_levels(t, src, out) || trace_types_push(t, src, out))
		return -1;
	for (i = 0; t->has_wake_event && i < TRACE_ORDERS; i++)
		if (kv_push(out, src, t->wake_names[i], strlen(t->wake_names[i]),
			    t->wakes[i]))
			return -1;
	if (t->has_flush_event && t->mono &&
	    (kv_push(out, src, "memcg_flushes", strlen("memcg_flushes"), t->flushes) ||
	     kv_push(out, src, "memcg_flush_t_us", strlen("memcg_flush_t_us"),
		     t->last_flush_ns > t->origin_ns ?
		     (t->last_flush_ns - t->origin_ns) / 1000 : 0)))
		return -1;
	if (t->has_extfrag_event &&
	    (kv_push(out, src, "extfrag_fallbacks", strlen("extfrag_fallbacks"), t->fallbacks) ||
	     kv_push(out, src, "extfrag_boosting", strlen("extfrag_boosting"),
		     t->fallbacks_boosting)))
		return -1;
	return kv_push(out, src, "lost_events", strlen("lost_events"), t->lost);
}

void trace_prio_stop(struct trace_prio *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
	free(t->buf);
	t->buf = NULL;
	if (t->dir[0]) {
		/* rmdir of an instance disables its events and frees its buffer */
		write_file(t->dir, EVENT "/enable", "0");
		if (t->has_flush_event)
			write_file(t->dir, FLUSH_EVENT "/enable", "0");
		if (t->has_extfrag_event)
			write_file(t->dir, EXTFRAG_EVENT "/enable", "0");
		if (rmdir(t->dir))
			warning("cannot remove the tracefs instance '%s': %s",
				t->dir, strerror(errno));
		t->dir[0] = 0;
	}
}
