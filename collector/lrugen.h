/*
 * lrugen.h - the multi-generational LRU's state from debugfs (--lru-gen).
 *
 * MGLRU (6.1+) decides which type to evict from per-lruvec state that
 * /proc/vmstat does not show: the generation numbers of each type
 * (min_seq[anon], min_seq[file], max_seq), the pages in each generation,
 * and the refault controller's per-tier counts.  debugfs prints all of it
 * in <debugfs>/lru_gen_full (v6.1 mm/vmscan.c lru_gen_seq_show() and
 * lru_gen_seq_show_full(); the format is unchanged through 6.12):
 *
 *   memcg %5hu %s                      one per memcg (first node only)
 *    node %5d                          one per lruvec
 *    %10lu %10u %10lu%c %10lu%c        seq, age ms, anon pages, file pages;
 *                                      'x' marks seq < min_seq[type]
 *               %10d (%10lu%c x3) x2   per tier: anon then file; at max_seq
 *                                      "RT " = avg_refaulted, avg_total; at
 *                                      min_seq[type] "rep" = refaulted,
 *                                      evicted, protected
 *                         %10lu%c x6   mm walk stats (may be absent, 6.6+)
 *
 * The full file is read rather than lru_gen because the brief one starts
 * at min_seq[anon] and hides file generations older than that.
 *
 * Each sample the file is parsed into counters of the source "lru_gen",
 * summed over the selected lruvecs (all, or those of the memcg whose path
 * is given), so deltas of the sums stay meaningful:
 *
 *   lruvecs, max_seq, min_seq_anon, min_seq_file  (sums: a delta of max_seq
 *       is the generations the aging created, of min_seq_T those evicted)
 *   pages_anon, pages_file, oldest_anon, oldest_file (pages in min_seq[T]),
 *   youngest_anon, youngest_file (pages in max_seq)
 *   oldest_age_ms_anon, oldest_age_ms_file  (the largest over lruvecs)
 *   anon_older_lruvecs, anon_older_pages  (lruvecs, and their pages, where
 *       min_seq[anon] < min_seq[file]: isolate_folios() picks anon there)
 *   ctrl_refaulted_anon/file, ctrl_total_anon/file  (tier 0, as
 *       read_ctrl_pos() adds them: avg_* + the current min_seq's counts)
 *   enabled (the caps mask), min_ttl_ms  (from /sys/kernel/mm/lru_gen)
 *
 * debugfs is mounted on <root>/sys/kernel/debug when nothing is there (as
 * trace-cmd does with tracefs) and unmounted at stop if we mounted it.
 */
#ifndef VMSCOPE_LRUGEN_H
#define VMSCOPE_LRUGEN_H

#include <stddef.h>
#include <stdint.h>

#include "kv.h"

enum lrugen_counter {
	LG_LRUVECS, LG_MAX_SEQ, LG_MIN_SEQ_ANON, LG_MIN_SEQ_FILE,
	LG_PAGES_ANON, LG_PAGES_FILE, LG_OLDEST_ANON, LG_OLDEST_FILE,
	LG_YOUNGEST_ANON, LG_YOUNGEST_FILE, LG_OLDEST_AGE_ANON,
	LG_OLDEST_AGE_FILE, LG_ANON_OLDER_LRUVECS, LG_ANON_OLDER_PAGES,
	LG_CTRL_REFAULTED_ANON, LG_CTRL_REFAULTED_FILE, LG_CTRL_TOTAL_ANON,
	LG_CTRL_TOTAL_FILE, LG_ENABLED, LG_MIN_TTL_MS,
	LG_NR
};

struct lrugen_stats {
	int64_t v[LG_NR];
};

struct lrugen_src {
	char path[600];          /* <debugfs>/lru_gen_full */
	char mnt[520];           /* debugfs mount point if we mounted it, else "" */
	char root[400];
	const char *memcg;       /* memcg path filter ("/name"), NULL: all */
	char *buf;
	size_t cap;
	int warned;
};

/* The counter names, indexed by enum lrugen_counter. */
extern const char *const lrugen_names[LG_NR];

/*
 * Find (or mount) debugfs under root and check the kernel has MGLRU's
 * file; memcg (may be NULL) is the cgroup path as the kernel prints it.
 * -1 with a message saying what is missing.
 */
int lrugen_start(struct lrugen_src *g, const char *root, const char *memcg);

/* Read and parse the file; push the counters tagged src.  -1 on ENOMEM. */
int lrugen_push(struct lrugen_src *g, uint16_t src, struct kv_list *out);

/* 1 when MGLRU is compiled in and enabled (/sys/kernel/mm/lru_gen/enabled). */
int lrugen_enabled(const char *root);

/* Unmount debugfs if we mounted it; free the buffer.  Safe to call twice. */
void lrugen_stop(struct lrugen_src *g);

/*
 * Parse lru_gen_full text into sums over the lruvecs of memcg (NULL: all).
 * Returns the number of lruvecs parsed, or -1 on text that is not in the
 * format above.  enabled and min_ttl_ms are left as they were.  Exposed
 * for the unit tests.
 */
int lrugen_parse(const char *text, size_t len, const char *memcg,
		 struct lrugen_stats *out);

#endif
