/*
 * workload.h - the pieces the classic reclaim benchmarks are made of:
 * a memory cgroup, a swap file, a memory hog, page-cache writers.
 *
 * Everything set up here is undone by its *_remove() / *_stop(), which
 * are safe to call on something half set up or already removed, so a
 * benchmark's cleanup path can call them all whatever happened.
 */
#ifndef VMSCOPE_WORKLOAD_H
#define VMSCOPE_WORKLOAD_H

#include <signal.h>
#include <stdint.h>
#include <sys/types.h>

/* ---- memory cgroup (v1, or v2 where the unified hierarchy has memory) */

struct memcg {
	char path[512];            /* "" while none */
	int v2;
};

/* Create a group named name; -1 with a message (and why) if impossible. */
int memcg_create(struct memcg *cg, const char *name);
int memcg_set_limit(const struct memcg *cg, int64_t bytes);
/* v1 only (v2 groups use the global one): -1 with a message on v2. */
int memcg_set_swappiness(const struct memcg *cg, int swappiness);
int memcg_add(const struct memcg *cg, pid_t pid);
/* 1 if the group accepts this swappiness (v1), quietly; 0 if not. */
int memcg_probe_swappiness(const struct memcg *cg, int swappiness);
/* Swap and page cache the group uses now, in MB; NAN if unknown. */
double memcg_swap_mb(const struct memcg *cg);
double memcg_cache_mb(const struct memcg *cg);
/* The same for the whole machine (/proc/meminfo: swap used, Cached). */
double machine_swap_mb(void);
double machine_cache_mb(void);
/* What the group may still charge (limit - usage) in MB; NAN if unlimited. */
double memcg_free_mb(const struct memcg *cg);
/* What the machine can give without swapping: MemAvailable, in MB. */
double machine_available_mb(void);
/* OOM kills so far in the group (cg given) or machine; -1 if not counted. */
long long oom_kills(const struct memcg *cg);
/* Kill what is left in the group and remove it. */
void memcg_remove(struct memcg *cg);

/* ---- swap ------------------------------------------------------------ */

struct swapfile {
	char path[512];            /* "" while none */
	int on;
};

/* Create a swap file of bytes at path, mkswap it and swapon it. */
int swapfile_create(struct swapfile *sw, const char *path, int64_t bytes);
/* swapoff and delete; safe on a half-made one. */
void swapfile_remove(struct swapfile *sw);

/* Is any swap active (/proc/swaps)? */
int swap_active(void);
/* Empty every active swap area: swapoff then swapon each (a clean start). */
int swap_empty_all(void);

/* ---- processes --------------------------------------------------------- */

/*
 * The flag the caller's SIGINT/SIGTERM handler sets: hog_start() and
 * rereader_start() stop waiting for their child once it is set, also
 * where the signal came before the wait began (NULL: none).
 */
void workload_interrupt_flag(volatile sig_atomic_t *flag);

/*
 * Start the hog: a child that joins cg (when given), touches mib MiB and
 * sleeps.  Returns once the memory is touched; -1 if the child died, its
 * wait status in *status (proc_oom_status() tells an OOM kill, which is
 * left to the caller to say; any other end is said).
 */
pid_t hog_start(const struct memcg *cg, int64_t mib, int *status);

/*
 * Start n writers, each writing bytes to dir/writer-<i> through the page
 * cache, inside cg.  pids receives n process ids.
 */
int writers_start(const struct memcg *cg, const char *dir, int n,
		  int64_t bytes, pid_t *pids);
/*
 * Wait for them; -1 with a message if one failed.  With killed given, a
 * writer that died of SIGKILL (the OOM killer's signal) is counted there
 * instead of failing.
 */
int writers_wait(pid_t *pids, int n, int *killed);

/*
 * A reader in cg (NULL: none) that reads the file at path from start to
 * end over and over until killed: a file working set beside the
 * writers' stream, whose pages the stream evicts and the next pass
 * faults back (workingset refaults, which make reclaim scan anon).
 * Returns once the reader has been through the file once (its pages in
 * the page cache, in cg), with its pid; or -1 if it died first, its
 * wait status in *status, as hog_start() does.
 */
pid_t rereader_start(const struct memcg *cg, const char *path, int *status);

/* Parse "256M", "1G", "4096K", "123" (bytes); -1 if malformed. */
int64_t parse_size(const char *s);

/* Write 3 to /proc/sys/vm/drop_caches after a sync. */
int drop_caches(void);

#endif
