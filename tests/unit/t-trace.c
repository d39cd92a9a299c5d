/*
 * t-trace.c - the vmscan trace_pipe lines the collector counts.
 *
 * Lines as the 6.18 kernel of this project's machine printed them, plus
 * the shapes that must not be miscounted: a comm with dashes and spaces,
 * an unknown comm ("<...>"), a lost-events marker, other events.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "trace.h"

static int parse(const char *line, pid_t *pid, int64_t *prio)
{
	return trace_parse_line(line, strlen(line), pid, prio);
}

static int scan(const char *line, int64_t *n, int *file)
{
	return trace_parse_scan(line, strlen(line), n, file);
}

/* nr_scanned and the list type of the same events (issue 12) */
static void scan_fields(void)
{
	int64_t n = -1;
	int file = -1;

	tap_ok(scan("              dd-3999    [000] .....  8086.622418: "
		    "mm_vmscan_lru_shrink_inactive: nid=0 nr_scanned=256 "
		    "nr_reclaimed=0 nr_dirty=256 nr_writeback=0 nr_congested=0 "
		    "nr_immediate=0 nr_activate_anon=0 nr_activate_file=256 "
		    "nr_ref_keep=0 nr_unmap_fail=0 priority=12 "
		    "flags=RECLAIM_WB_FILE|RECLAIM_WB_ASYNC", &n, &file) == 0 &&
	       n == 256 && file == 1,
	       "trace-2.1 a 6.18 file pass: 256 pages scanned, file list");
	tap_ok(scan("         kswapd0-86      [001] d..1.   12.5: "
		    "mm_vmscan_lru_shrink_inactive: nid=0 nr_scanned=32 "
		    "nr_reclaimed=3 nr_activate_anon=7 priority=0 "
		    "flags=RECLAIM_WB_ANON|RECLAIM_WB_ASYNC", &n, &file) == 0 &&
	       n == 32 && file == 0,
	       "trace-2.2 an anon pass: 32 pages, anon list (nr_activate_anon= does not confuse the flag)");
	tap_ok(scan("  x-1 [000] ..... 1.0: mm_vmscan_lru_shrink_inactive: "
		    "nid=0 nr_scanned=4 priority=3", &n, &file) == -1,
	       "trace-2.3 no flags: no list type, not counted as scanned");
	tap_ok(scan("  x-1 [000] ..... 1.0: mm_vmscan_lru_shrink_inactive: "
		    "nid=0 priority=3 flags=RECLAIM_WB_ANON", &n, &file) == -1,
	       "trace-2.4 no nr_scanned: not counted as scanned");
}

/* the counts: kswapd told apart by pid, pages by list type and level */
/* Count each of the lines (NULL-ended) into t, in order. */
static void feed(struct trace_prio *t, const char *const *lines)
{
	for (; *lines; lines++)
		trace_prio_count_line(t, *lines, strlen(*lines));
}

static void counts(void)
{
	static const char kl[] = "         kswapd0-86      [001] d..1.   12.5: "
		"mm_vmscan_lru_shrink_inactive: nid=0 nr_scanned=32 priority=7 "
		"flags=RECLAIM_WB_ANON|RECLAIM_WB_ASYNC";
	static const char dl[] = "              dd-3999    [000] .....  8086.6: "
		"mm_vmscan_lru_shrink_inactive: nid=0 nr_scanned=256 priority=12 "
		"flags=RECLAIM_WB_FILE|RECLAIM_WB_ASYNC";
	static struct trace_prio t;

	memset(&t, 0, sizeof(t));
	t.kswapd[0] = 86;
	t.nr_kswapd = 1;
	feed(&t, (const char *const[]){ kl, dl, dl, NULL });
	tap_ok(t.passes[TT_KSWAPD][7] == 1 && t.scanned[0][0][7] == 32,
	       "trace-3.1 kswapd's anon pass at 7: one pass, 32 anon pages");
	tap_ok(t.passes[TT_DIRECT][12] == 2 && t.scanned[1][1][12] == 512 &&
	       t.scanned[0][1][12] == 0,
	       "trace-3.2 another task's file passes at 12: two passes, 512 file pages, none for kswapd");
}

/*
 * A task between mm_vmscan_memcg_reclaim_begin and _end (a cgroup's limit
 * reclaim) counts as another task and, apart, as the cgroup's; after the
 * end, as another task only.
 */
static void cgroup_counts(void)
{
	static const char begin[] = "  bench-9 [000] ..... 9.1: mm_vmscan_memcg_reclaim_begin: "
		"order=0 gfp_flags=GFP_KERNEL";
	static const char end[] = "  bench-9 [000] ..... 9.3: mm_vmscan_memcg_reclaim_end: "
		"nr_reclaimed=32";
	static const char pass[] = "  bench-9 [000] ..... 9.2: "
		"mm_vmscan_lru_shrink_inactive: nid=0 nr_scanned=64 priority=3 "
		"flags=RECLAIM_WB_ANON|RECLAIM_WB_ASYNC";
	static struct trace_prio t;

	memset(&t, 0, sizeof(t));
	feed(&t, (const char *const[]){ begin, pass, NULL });
	tap_ok(t.passes[TT_CGROUP][3] == 1 && t.scanned[TT_CGROUP][0][3] == 64 &&
	       t.passes[TT_DIRECT][3] == 1 && t.scanned[TT_DIRECT][0][3] == 64,
	       "trace-3.5 a pass inside memcg reclaim: the cgroup's, and another task's (64 anon pages at 3)");
	feed(&t, (const char *const[]){ end, pass, NULL });
	tap_ok(t.passes[TT_CGROUP][3] == 1 && t.passes[TT_DIRECT][3] == 2 &&
	       t.scanned[TT_DIRECT][0][3] == 128,
	       "trace-3.6 after its end the same task's pass is another task's only");
}

/* The order trace_parse_type_line() gives a kswapd walk's line; -1: none. */
static int64_t wake_order(const char *line)
{
	int kind, type;
	int64_t order;
	pid_t pid;

	return trace_parse_type_line(line, strlen(line), &pid, &kind, &type,
				     &order) == 4 ? order : -1;
}

/*
 * kswapd's walks by order: one mm_vmscan_kswapd_wake line a walk, in the
 * format of v6.1 and v6.12 include/trace/events/vmscan.h ("nid=%d
 * order=%d") and of 4.x before zid= was dropped; an order above MAX_ORDER
 * (arm64 with 64 KiB pages has 13) counts at 10.
 */
static void wake_counts(void)
{
	static const char w9[] = "         kswapd0-86      [001] d..1.   12.5: "
		"mm_vmscan_kswapd_wake: nid=0 order=9";
	static const char w0[] = "         kswapd0-86      [001] d..1.   12.6: "
		"mm_vmscan_kswapd_wake: nid=0 zid=2 order=0";
	static const char w13[] = "         kswapd0-86      [001] d..1.   12.7: "
		"mm_vmscan_kswapd_wake: nid=0 order=13";
	static const char wakeup[] = "              dd-3999    [000] .....  12.4: "
		"mm_vmscan_wakeup_kswapd: nid=0 order=9 gfp_flags=GFP_KERNEL";
	static struct trace_prio t;

	memset(&t, 0, sizeof(t));
	tap_ok(wake_order(w9) == 9 && wake_order(w0) == 0 && wake_order(wakeup) == -1,
	       "trace-4.1 a kswapd_wake line gives its order; the waker's wakeup_kswapd line is no walk");
	feed(&t, (const char *const[]){ w9, w0, w0, w13, wakeup, NULL });
	tap_ok(t.wakes[9] == 1 && t.wakes[0] == 2 && t.wakes[10] == 1 && t.wakes[1] == 0,
	       "trace-4.2 walks counted by order: 2 at 0, 1 at 9, order 13 at 10 (%lld %lld %lld)",
	       (long long)t.wakes[0], (long long)t.wakes[9], (long long)t.wakes[10]);
	tap_ok(t.passes[TT_KSWAPD][9] == 0 && t.passes[TT_DIRECT][9] == 0,
	       "trace-4.3 a wake is no reclaim pass");
}

/*
 * Root statistics flushes: cgroup_rstat_locked at level 0, in the formats
 * its TP_printk has had: "cpu_in_loop=" (as merged, v6.10), "cpu=" (this
 * host's 6.18, whose periodic flush printed cpu=0 and cpu=1 22 us apart)
 * and none (a rework that drops the field): only level= is read.  An
 * event committed late, stamped before the last flush, moves nothing.
 */
/* the periodic flush's kworker, as this host's trace printed it */
#define KWORKER "    kworker/u8:3-27093   [000] d..1. "
#define LOCKED(stamp, fields) KWORKER stamp ": cgroup_rstat_locked: " fields

static void flush_counts(void)
{
	static const char v612[] = LOCKED("31828.312061", "root=4 id=1 level=0 cpu=0 lock contended:0");
	static const char cpu1[] = LOCKED("31828.312083", "root=4 id=1 level=0 cpu=1 lock contended:0");
	static const char next[] = LOCKED("31830.368092", "root=4 id=1 level=0 cpu=0 lock contended:0");
	static const char v610[] = LOCKED("31832.400000", "root=0 id=1 level=0 cpu_in_loop=-1 lock contended:0");
	static const char nocpu[] = LOCKED("31834.500000", "root=0 id=1 level=0 lock contended:1");
	static const char child[] = LOCKED("31835.000000", "root=4 id=77 level=1 cpu=0 lock contended:0");
	static struct trace_prio t;
	int64_t ns = 0;

	memset(&t, 0, sizeof(t));
	t.last_flush_ns = -1;
	t.has_flush_event = 1;     /* as flush_enable() sets it */
	tap_ok(trace_parse_flush_line(v612, strlen(v612), &ns) == 1 && ns == 31828312061000LL &&
	       trace_parse_flush_line(child, strlen(child), &ns) == 0,
	       "trace-5.1 a root's rstat_locked line is a flush at its stamp; a child cgroup's is not");
	feed(&t, (const char *const[]){ v612, cpu1, NULL });
	tap_ok(t.flushes == 1 && t.last_flush_ns == 31828312083000LL,
	       "trace-5.2 two CPUs' events 22 us apart are one flush, stamped by the last (%lld)",
	       (long long)t.flushes);
	feed(&t, (const char *const[]){ next, v610, nocpu, child, v612, NULL });
	tap_ok(t.flushes == 4 && t.last_flush_ns == 31834500000000LL,
	       "trace-5.3 2 s later another, the other formats, and a late one ignored: 4 flushes, the last at 31834.5 s (%lld)",
	       (long long)t.flushes);
	tap_ok(t.passes[TT_DIRECT][0] == 0 && t.passes[TT_KSWAPD][0] == 0,
	       "trace-5.4 a flush is no reclaim pass");
}

/*
 * The allocator's fallbacks (mm_page_alloc_extfrag).  host618 is a line
 * this host's 6.18 printed under a 6 GB allocation (a whole pageblock
 * taken: fragmenting=0); frag is the event's TP_printk (v6.1 and v6.12
 * include/trace/events/kmem.h) for an order-0 movable allocation that
 * fell back to an order-3 unmovable block: fragmenting=1, the fallback
 * that boosts its zone's watermark.
 */
#define EXTFRAG(stamp, fields) "         python3-3813    [001] d..3. " stamp \
	": mm_page_alloc_extfrag: page=00000000815417f3 pfn=0x2d8600 " fields
static void extfrag_counts(void)
{
	static const char host618[] = EXTFRAG("  268.133512", "alloc_order=0 "
		"fallback_order=9 pageblock_order=9 alloc_migratetype=1 "
		"fallback_migratetype=2 fragmenting=0 change_ownership=1");
	static const char frag[] = EXTFRAG("  268.200000", "alloc_order=0 "
		"fallback_order=3 pageblock_order=9 alloc_migratetype=1 "
		"fallback_migratetype=0 fragmenting=1 change_ownership=0");
	static const char cut[] = EXTFRAG("  268.300000", "alloc_order=0 fallback_order=3");
	static struct trace_prio t;

	memset(&t, 0, sizeof(t));
	tap_ok(trace_parse_extfrag_line(host618, strlen(host618)) == 0 &&
	       trace_parse_extfrag_line(frag, strlen(frag)) == 1 &&
	       trace_parse_extfrag_line(cut, strlen(cut)) == -1,
	       "trace-6.1 a whole block's fallback is not fragmenting, an order-3 one is, a line without the field is neither");
	tap_ok(trace_line_time_ns(frag, strlen(frag)) == 268200000000LL,
	       "trace-6.2 a fallback's stamp is read (the drain's cutoff holds it back like a vmscan event)");
	feed(&t, (const char *const[]){ frag, host618, NULL });
	tap_ok(t.fallbacks == 0 && t.fallbacks_boosting == 0,
	       "trace-6.3 no fallback counted where the event was not enabled");
	t.has_extfrag_event = 1;   /* as extfrag_enable() sets it */
	feed(&t, (const char *const[]){ frag, host618, frag, cut, NULL });
	tap_ok(t.fallbacks == 3 && t.fallbacks_boosting == 2,
	       "trace-6.4 three fallbacks, two of them boosting (%lld, %lld)",
	       (long long)t.fallbacks, (long long)t.fallbacks_boosting);
	tap_ok(t.passes[TT_DIRECT][0] == 0 && t.passes[TT_DIRECT][12] == 0,
	       "trace-6.5 a fallback is no reclaim pass");
}

/* counts a line may push past 2^63: held there, never negative */
static void count_limits(void)
{
	static const char lost[] = "CPU:1 [LOST 9223372036854775807 EVENTS]";
	static const char big[] = "              dd-3999    [000] .....  8086.6: "
		"mm_vmscan_lru_shrink_inactive: nid=0 nr_scanned=9223372036854775807 "
		"priority=12 flags=RECLAIM_WB_FILE";
	static struct trace_prio t;

	memset(&t, 0, sizeof(t));
	feed(&t, (const char *const[]){ lost, lost, big, big, NULL });
	tap_ok(t.lost == INT64_MAX && t.scanned[1][1][12] == INT64_MAX,
	       "trace-3.3 lost events and pages scanned past 2^63 are held at 2^63 - 1 (%lld, %lld)",
	       (long long)t.lost, (long long)t.scanned[1][1][12]);
}

/* the time stamps trace_pipe prints: seconds, a point, six digits */
static void stamps(void)
{
	static const char ev[] = "         kswapd0-86      [001] d..1.  8086.622418: "
		"mm_vmscan_lru_shrink_inactive: nid=0 nr_scanned=32 priority=7 flags=x";
	static const char shortf[] = "         kswapd0-86      [001] d..1.   12.5: "
		"mm_vmscan_lru_shrink_inactive: nid=0 priority=7 flags=x";

	tap_ok(trace_line_time_ns(ev, strlen(ev)) == 8086622418000LL,
	       "trace-4.1 an event's stamp 8086.622418 is 8086622418000 ns");
	tap_ok(trace_line_time_ns(shortf, strlen(shortf)) == -1 &&
	       trace_line_time_ns("CPU:1 [LOST 12 EVENTS]", 22) == -1,
	       "trace-4.2 no stamp in a line with one digit after the point, or a lost-events line");
}

/* kswapd lines at 10.000100, 10.000200, 10.000300 s into a pipe */
static int three_events(struct trace_prio *t)
{
	int fds[2], i;

	memset(t, 0, sizeof(*t));
	t->kswapd[0] = 86;
	t->nr_kswapd = 1;
	t->cap = 2 * 65536;
	t->buf = malloc(t->cap);
	if (!t->buf || pipe2(fds, O_NONBLOCK))
		return -1;
	for (i = 1; i <= 3; i++) {
		char line[200];
		int n = snprintf(line, sizeof(line), "         kswapd0-86      [001] d..1."
				 "  10.000%d00: mm_vmscan_lru_shrink_inactive: nid=0 "
				 "nr_scanned=32 priority=%d flags=RECLAIM_WB_FILE\n", i, 12 - i);

		if (write(fds[1], line, (size_t)n) != n)
			return -1;
	}
	close(fds[1]);
	t->fd = fds[0];
	return 0;
}

/*
 * The drain stops at the sample's time: events stamped after it are the
 * next sample's (the collector reads /proc/vmstat first and drains the
 * pipe last); none is counted twice or lost.
 */
static void cutoff(void)
{
	static struct trace_prio t;
	int64_t cut = 10000250000LL;   /* 10.000250 s */
	int ok;

	ok = !three_events(&t);
	t.mono = 1;
	ok = ok && !trace_prio_drain(&t, cut);
	tap_ok(ok && t.passes[TT_KSWAPD][11] == 1 && t.passes[TT_KSWAPD][10] == 1 &&
	       t.passes[TT_KSWAPD][9] == 0,
	       "trace-4.3 a drain at 10.000250 s counts the events at .0001 and .0002, not .0003");
	ok = ok && !trace_prio_drain(&t, cut + 1000000000LL);
	tap_ok(ok && t.passes[TT_KSWAPD][11] == 1 && t.passes[TT_KSWAPD][10] == 1 &&
	       t.passes[TT_KSWAPD][9] == 1 && t.scanned[0][1][9] == 32,
	       "trace-4.4 the next drain counts the one held back, once");
	close(t.fd);
	free(t.buf);
	ok = !three_events(&t);
	ok = ok && !trace_prio_drain(&t, cut);
	tap_ok(ok && t.passes[TT_KSWAPD][9] == 1,
	       "trace-4.5 without the mono trace clock the drain takes every event");
	close(t.fd);
	free(t.buf);
}

int main(void)
{
	pid_t pid = 0;
	int64_t prio = 0;

	tap_ok(parse("              dd-3999    [000] .....  8086.622418: "
		 "mm_vmscan_lru_shrink_inactive: nid=0 nr_scanned=256 "
		 "nr_reclaimed=0 nr_dirty=256 nr_writeback=0 nr_congested=0 "
		 "nr_immediate=0 nr_activate_anon=0 nr_activate_file=256 "
		 "nr_ref_keep=0 nr_unmap_fail=0 priority=12 "
		 "flags=RECLAIM_WB_FILE|RECLAIM_WB_ASYNC", &pid, &prio) == 1 &&
	   pid == 3999 && prio == 12, "a 6.18 shrink_inactive line: pid 3999, priority 12");
	tap_ok(parse("         kswapd0-86      [001] d..1.   12.5: "
		 "mm_vmscan_lru_shrink_inactive: nid=0 nr_scanned=32 priority=0 "
		 "flags=RECLAIM_WB_ANON", &pid, &prio) == 1 &&
	   pid == 86 && prio == 0, "kswapd0 at priority 0");
	tap_ok(parse("  my-prog -x 7-1234567 [003] ..... 1.0: "
		 "mm_vmscan_lru_shrink_inactive: nid=1 priority=7 flags=x",
		 &pid, &prio) == 1 && pid == 1234567 && prio == 7,
	   "a comm with dashes and spaces: the pid before ' [cpu]'");
	tap_ok(parse("           <...>-42      [000] ..... 1.0: "
		 "mm_vmscan_lru_shrink_inactive: nid=0 priority=9 flags=x",
		 &pid, &prio) == 1 && pid == 42 && prio == 9,
	   "an unknown comm still gives its pid");
	tap_ok(parse("CPU:1 [LOST 1234 EVENTS]", &pid, &prio) == 2 && prio == 1234,
	   "a lost-events marker gives the count");
	tap_ok(parse("              dd-3999    [000] .....  8086.6: "
		 "mm_vmscan_lru_shrink_active: nid=0 nr_taken=3 priority=12 "
		 "flags=x", &pid, &prio) == 0,
	   "another vmscan event is not counted");
	tap_ok(parse("              dd-3999    [000] .....  8086.6: "
		 "mm_vmscan_lru_shrink_inactive: nid=0 nr_scanned=3", &pid,
		 &prio) == 0, "a line without priority= is not counted");
	tap_ok(parse("", &pid, &prio) == 0, "an empty line is not counted");
	scan_fields();
	counts();
	cgroup_counts();
	count_limits();
	wake_counts();
	flush_counts();
	extfrag_counts();
	stamps();
	cutoff();
	return tap_done();
}
