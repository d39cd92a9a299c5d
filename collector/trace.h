/*
 * trace.h - reclaim priorities from the vmscan tracepoints (--trace-priority).
 *
 * The classic model estimates the scan priority reclaim reached; the
 * kernel says what it was in every mm_vmscan_lru_shrink_inactive event
 * ("... priority=N flags=...", 3.x and later).  The collector enables that
 * event in a tracefs instance of its own (instances/vmscope-<pid>, so the
 * global trace buffer and other tracers are left alone), drains the
 * instance's trace_pipe at every sample and keeps, per priority level and
 * per reclaimer, a running count of passes.  They are stored as ordinary
 * counters of the source "trace":
 *
 *   kswapd_priority_<N>   passes by kswapd at priority N (0..12)
 *   direct_priority_<N>   passes by any other task: direct reclaim and
 *                         memory cgroup limit reclaim
 *   kswapd_scan_{anon,file}_<N>, direct_scan_{anon,file}_<N>
 *                         pages those passes scanned (the event's
 *                         nr_scanned), by the list's type (its flags:
 *                         RECLAIM_WB_ANON or RECLAIM_WB_FILE), so the
 *                         scan-weighted priority of an interval is known
 *   cgroup_priority_<N>, cgroup_scan_{anon,file}_<N>
 *                         the part of direct_* by tasks between
 *                         mm_vmscan_memcg_reclaim_begin and _end (a
 *                         cgroup's limit reclaim, and memory.reclaim's);
 *                         only where the kernel has those events
 *   kswapd_wake_order_<N> kswapd walks begun for an allocation of order N
 *                         (mm_vmscan_kswapd_wake, traced by kswapd() just
 *                         before each balance_pgdat(), the call that counts
 *                         pageoutrun); N 0..10, larger orders at 10; only
 *                         where the kernel has the event
 *   lost_events           events the ring buffer dropped ("[LOST n EVENTS]")
 *   memcg_flushes         flushes of a cgroup hierarchy's root statistics
 *                         (cgroup_rstat_locked at level 0, 6.10+: the
 *                         periodic memcg flush, every 2 s, and any other);
 *                         a flush may take the lock once a CPU (6.18
 *                         does), so events less than FLUSH_GAP_NS apart
 *                         are one flush; only where the kernel has the
 *                         event.  Where a kernel's event also covers
 *                         other controllers' root flushes (the base
 *                         statistics of a root cpu.stat read), those
 *                         count too
 *   memcg_flush_t_us      the time of the last of them, us since the
 *                         run's start (0: none yet), a counter as it only
 *                         grows: from 6.12 global reclaim decides cache
 *                         trimming on the list sizes that flush held
 *                         (model/split.h split_flushed_view())
 *   extfrag_fallbacks     allocations served from a free block of
 *                         another migratetype (mm_page_alloc_extfrag,
 *                         traced by __rmqueue_fallback(); only where the
 *                         kernel has the event)
 *   extfrag_boosting      those of them from a block smaller than a
 *                         pageblock (the event's fragmenting=1).  On
 *                         5.0 to 6.14 each of them raised its zone's
 *                         watermark_boost by a pageblock, up to the
 *                         boost's cap (steal_suitable_fallback() calls
 *                         boost_watermark() for every fallback below
 *                         pageblock_order; v6.1, v6.12; not in zones of
 *                         under 4 pageblocks, nor with
 *                         watermark_boost_factor 0): the boosts the
 *                         zoneinfo samples miss where one is raised and
 *                         reclaimed between them.  From 6.15 the boost
 *                         is raised by the fallbacks that try to claim
 *                         the whole block (try_to_claim_block()), and
 *                         single-page steals, which raise none, are
 *                         traced alike: there the count is not the
 *                         boosts'.  The events share the instance's
 *                         buffer with the vmscan ones
 *
 * so an interval's deltas are its priority histogram, and the deepest
 * level that moved is what reclaim reached (analyzer metric
 * trace_priority).  kswapd is told apart by process id: the kswapd
 * threads are found in /proc when tracing starts.
 */
#ifndef VMSCOPE_TRACE_H
#define VMSCOPE_TRACE_H

#include <stdint.h>
#include <sys/types.h>

#include "kv.h"

#define TRACE_LEVELS 13          /* DEF_PRIORITY 12 down to 0 */
#define TRACE_MAX_KSWAPD 64      /* one kswapd per NUMA node */
#define TRACE_MAX_MEMCG_PIDS 64  /* tasks inside memcg limit reclaim at once */
#define TRACE_ORDERS 11          /* 0..MAX_ORDER (10 on x86-64, 4 KiB pages) */

/*
 * Which LRU type reclaim took, by whom (the eviction truth for MGLRU).
 * MGLRU's evict path emits no shrink_inactive/lru_isolate event on 6.1
 * (v6.1 mm/vmscan.c scan_folios()/evict_folios() have none); 6.7 added
 * both ("mm: multi-gen LRU: reuse some legacy trace events"), with the
 * type in lru= and flags=.  On every version pageout() emits
 * mm_vmscan_write_folio (6.0+; mm_vmscan_writepage before) with
 * RECLAIM_WB_ANON for a page written to swap.  Counters, per reclaimer
 * R in kswapd, direct, cgroup (a task between mm_vmscan_memcg_reclaim_begin
 * and _end):
 *   isolated_{anon,file}_R   nr_taken of lru_isolate, lru=inactive_T
 *   reclaimed_{anon,file}_R  nr_reclaimed of shrink_inactive, flags WB_T
 *   written_{anon,file}_R    write_folio events (pages written by reclaim)
 */
enum { TT_ISOLATED, TT_RECLAIMED, TT_WRITTEN, TT_KINDS };
enum { TT_KSWAPD, TT_DIRECT, TT_CGROUP, TT_WHO };

struct trace_types {
	int64_t count[TT_KINDS][2][TT_WHO];
	pid_t memcg_pid[TRACE_MAX_MEMCG_PIDS];
	int nr_memcg_pid;
	char names[TT_KINDS * 2 * TT_WHO][32];
};

struct trace_prio {
	char dir[512];           /* our tracefs instance; "" while none */
	int fd;                  /* its trace_pipe, non-blocking; -1 */
	char *buf;               /* read buffer, with a partial line kept */
	size_t len, cap;
	pid_t kswapd[TRACE_MAX_KSWAPD];
	int nr_kswapd;
	/* passes and pages scanned per level, by who: kswapd, any other
	 * task, and of those the tasks in memcg reclaim (TT_WHO's order) */
	int64_t passes[TT_WHO][TRACE_LEVELS];
	int64_t scanned[TT_WHO][2][TRACE_LEVELS];   /* [who][anon 0, file 1] */
	int has_memcg_events;    /* memcg_reclaim_begin/end enabled */
	int64_t wakes[TRACE_ORDERS];   /* kswapd walks begun, by order */
	int has_wake_event;      /* mm_vmscan_kswapd_wake enabled */
	int64_t lost;
	/* root statistics flushes (trace.h): count, the last one's stamp
	 * (-1: none), and the run's start in the same clock (set by the
	 * caller before the first drain) */
	int has_flush_event;
	int64_t flushes, last_flush_ns, origin_ns;
	/* fallbacks to another migratetype, and those below a pageblock
	 * (trace.h: extfrag_*) */
	int has_extfrag_event;
	int64_t fallbacks, fallbacks_boosting;
	/* the instance's trace_clock is "mono": events are stamped in
	 * CLOCK_MONOTONIC, comparable with the sample's time */
	int mono;
	char names[TT_WHO][TRACE_LEVELS][24];
	char scan_names[TT_WHO][2][TRACE_LEVELS][24];
	char wake_names[TRACE_ORDERS][24];
	struct trace_types types;
};

/*
 * Find tracefs under root (mounting it on <root>/sys/kernel/tracing when
 * nothing is mounted there, as trace-cmd does), create the instance and
 * enable the event.  -1 with a message saying what the kernel lacks.
 */
int trace_prio_start(struct trace_prio *t, const char *root);

/*
 * Drain trace_pipe into the counts, up to the events stamped at cutoff_ns
 * (CLOCK_MONOTONIC; taken just before the sample reads /proc/vmstat): later ones
 * wait for the next drain.  So a sample's trace counts cover the same
 * interval as its counters, not the interval plus the time the other
 * files and the drain itself took, during which reclaim goes on (on the
 * lab's 0.25 s samples under TCG the trace's kswapd pages scanned differed
 * from pgscan_kswapd by a median 14-39% an interval).  Without the mono
 * clock (t->mono 0) or with cutoff_ns < 0: everything readable.  -1 with
 * a message on a read error.
 */
int trace_prio_drain(struct trace_prio *t, int64_t cutoff_ns);

/* Append the counters to out, tagged with source index src. */
int trace_prio_push(struct trace_prio *t, uint16_t src, struct kv_list *out);

/* Disable the event and remove the instance; safe to call twice. */
void trace_prio_stop(struct trace_prio *t);

/*
 * Parse one trace_pipe line: 1 for a shrink_inactive event (pid and
 * priority set), 2 for a "[LOST n EVENTS]" line (n in *prio), 0 for
 * anything else.  Exposed for the unit tests.
 */
int trace_parse_line(const char *line, size_t len, pid_t *pid, int64_t *prio);

/*
 * The time stamp of a vmscan, rstat or extfrag event's trace_pipe line
 * ("<comm>-<pid> [cpu] flags <secs>.<usecs>: mm_vmscan_...: ..."), in ns;
 * -1 for any other line (a "[LOST n EVENTS]" line has none).  Exposed for
 * the unit tests.
 */
int64_t trace_line_time_ns(const char *line, size_t len);

/*
 * 1 for a cgroup_rstat_locked event of a hierarchy's root (level=0),
 * with its time stamp in *ns; 0 for anything else.  Exposed for the
 * unit tests.
 */
int trace_parse_flush_line(const char *line, size_t len, int64_t *ns);

/*
 * For an mm_page_alloc_extfrag line: 1 where it says fragmenting=1 (a
 * fallback below pageblock_order), 0 where fragmenting=0; -1 for any
 * other line.  Exposed for the unit tests.
 */
int trace_parse_extfrag_line(const char *line, size_t len);

/* Count one trace_pipe line into t (exposed for the unit tests). */
void trace_prio_count_line(struct trace_prio *t, const char *line, size_t len);

/*
 * The pages a shrink_inactive line scanned and the list's type: 0 with
 * *nr_scanned and *file (1 file, 0 anon) set, -1 when the line lacks
 * either (an nr_scanned= field and a flags= naming RECLAIM_WB_ANON or
 * RECLAIM_WB_FILE).
 */
int trace_parse_scan(const char *line, size_t len, int64_t *nr_scanned,
		     int *file);
/*
 * Parse one line for the type events above: the kind (TT_*), the type
 * (0 anon, 1 file) and the pages; 1 for a counted event, 2 for a memcg
 * reclaim begin, 3 for its end, 4 for a kswapd walk begun
 * (mm_vmscan_kswapd_wake: "nid=N [zid=Z ]order=O", the order in *pages),
 * 0 for anything else.  The events are told apart here, from the one
 * search for the event's name every trace line takes.  Unit tests.
 */
int trace_parse_type_line(const char *line, size_t len, pid_t *pid, int *kind,
			  int *type, int64_t *pages);

#endif
