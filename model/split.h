/*
 * split.h - the split-LRU reclaim walk (2.6.28+ with MGLRU off), replayed
 * per interval and per reclaimer (reclaim-model.md, section 5; the kernel
 * facts are cited in split_*.c and cost.c, checked against mm/vmscan.c
 * of v6.1 and v6.18).
 *
 * The caller (analyzer/replay_split.c) fills one struct split_in per interval
 * from counter deltas and gauges, carries a struct split_cost from one
 * interval to the next, and gets back per reclaimer the scan-weighted
 * priority, the deepest level where it can be known, the anon pages the
 * walk must have scanned (predicted WITHOUT pgscan_anon) and which
 * get_scan_count() branch let them in.  Nothing here knows SQLite or an
 * output format.  Included by model.h.
 */
#ifndef VMSCOPE_SPLIT_H
#define VMSCOPE_SPLIT_H

/* Who reclaimed: the context axis of an attribution. */
enum reclaimer {
	RC_KSWAPD,         /* balance_pgdat(): pgscan_kswapd, pageoutrun */
	RC_DIRECT,         /* do_try_to_free_pages(): pgscan_direct, allocstall */
	RC_CGROUP,         /* try_to_free_mem_cgroup_pages(): pgscan_anon +
			      pgscan_file less every global reclaimer */
	RC_KHUGEPAGED,     /* 6.2+: pgscan_khugepaged */
	RC_PROACTIVE,      /* 6.12+: pgscan_proactive (memory.reclaim) */
	NR_RECLAIMERS
};

const char *reclaimer_name(enum reclaimer r);

/* One lruvec's lists, in pages. */
struct split_lists {
	double inactive_anon, active_anon, inactive_file, active_file;
};

/* The most either file list moved from a to b, pages (split_views.c). */
double split_file_swing(const struct split_lists *a, const struct split_lists *b);

/* The lists a share x of the way from a to b (l may be a; split_views.c). */
void split_lists_between(const struct split_lists *a, const struct split_lists *b,
			 double x, struct split_lists *l);

/*
 * What a reclaim pass scans, by the folios on the lists (folio_scan.c):
 * batch[b] is the pages isolate_lru_folios() counts when asked for b
 * pages (b = 1..32), per inactive list.  The pages of every folio it
 * takes count ("scan += nr_pages", v5.x-v6.18), so a list of 256-page
 * folios gives 256 for every b; a list of single pages gives b.
 */
#define SPLIT_GRAIN_BATCH 32
struct split_grain {
	double anon[SPLIT_GRAIN_BATCH + 1], file[SPLIT_GRAIN_BATCH + 1];
	double folio_file;         /* pages of a file folio, on average; NAN: none */
	double anon_largest;       /* pages of the largest anon folio counted; 1: none */
};

/*
 * The grain of lists whose folios of 2^n pages number folios[n]
 * (n < orders), per type; a list with no folio counted, or NULL, is taken
 * as single pages.
 */
void split_grain_init(struct split_grain *g, const double *anon_folios,
		      const double *file_folios, int orders);

/*
 * Pages one pass at a target of t pages scans from a list of `list`
 * pages where every folio it draws holds `largest` pages: each batch of
 * b pages takes ceil(b / largest) of them (split_grain_scan()'s kernel
 * facts), however the census mixes the sizes.
 */
double split_grain_largest(double largest, double t, double list);

/* Pages one pass at a target of t pages scans from a list of `list`
 * pages whose batches are batch[] (NULL: single pages). */
double split_grain_scan(const double *batch, double t, double list);

/*
 * Whether g's file folios hold a batch (32 pages) or more on average, so
 * that a pass's batch is one folio and a walk ends at the first folio
 * that frees it (folio_scan.c); 0 for NULL (single pages).
 */
int split_grain_whole_folios(const struct split_grain *g);

/*
 * The cgroup limit walks of an interval from fail (v1 memory.failcnt;
 * NAN: not recorded) and the pages they reclaimed, one_type 1 where
 * their passes scanned one list type only (anon or file), g the cgroup's
 * grain (NULL: single pages).  0: none.
 */
double split_cgroup_walks(double fail, double reclaimed, int one_type,
			  const struct split_grain *g);

/*
 * The same from v2's memory.events, which count each walk once (events:
 * "max" + "high"; NAN: not recorded), at least the walks the pages
 * reclaimed need.
 */
double split_cgroup_walks_counted(double events, double reclaimed, int one_type,
				  const struct split_grain *g);

#define SPLIT_SEEN_MAX 10

/*
 * A kswapd pass under way at a sample: its level, and the targets
 * get_scan_count() set for it and the branch that let its anon in.
 * shrink_lruvec() sets a pass's targets once, when it begins (v6.1 and
 * v6.18), so the rest of the pass that the next interval scans goes by
 * them, not by the next interval's lists.  level < 0: none.
 */
struct split_pass {
	int level;
	double anon, file;
	double anon_largest;       /* its anon, each batch a largest folio
				      (sw_level_anon_largest()) */
	enum cause cause;
	int outlasted;             /* it began before the interval */
};

/*
 * Tolerance of the anon volume check: the swap-out of an interval counts
 * as explained when the walk predicts at least this share of the anon
 * pages really scanned (pgscan_anon); below it, the missing share is
 * unexplained.
 */
#define SPLIT_ANON_EXPLAINED 0.7

/* pgdat_balanced() at a sample; a zeroed split_in knows nothing */
enum node_balance { BALANCE_UNKNOWN, BALANCE_SHORT, BALANCE_MET };

struct split_in {
	int version[3];
	int swap_on;               /* swap space exists (can_reclaim_anon_pages) */
	double swappiness;         /* mem_cgroup_swappiness() of the lists reclaimed */
	/* the node's lists (kswapd, direct) and, for a cgroup run, the
	 * cgroup's (its limit reclaim); gauges at the end of the interval */
	struct split_lists node, cg;
	int has_cg;
	/* cgroup limit walks that went down to priority 0, where the anon is
	 * not measured but known from an attribution of the same interval
	 * (--what-if: the walks that failed at every level fail alike at
	 * another swappiness); 0: none.  zero_level: 0, or 1 for the refault
	 * walk gone down to 1; zero_anon: the most anon each scanned at level
	 * 0 (zero_anon_measured(); INFINITY or 0: the whole list) */
	double zero_walks, zero_anon;
	int zero_level;
	/* cg_prev holds the cgroup's lists at the interval's start where
	 * has_prev does not (a run's first interval) */
	int has_cg_start;
	/* the passes' scan per batch on the node's and the cgroup's
	 * inactive lists (a folio census, --folios); NULL: single pages */
	const struct split_grain *grain_node, *grain_cg;
	/* the same at the start of the interval: the walks are replayed on
	 * both, since the lists move between two samples; half each, or in
	 * the attribution the share that scans the anon measured
	 * (split_walk()) */
	struct split_lists node_prev, cg_prev;
	int has_prev;
	double free, high_wmark_sum;      /* pages; high_wmark_sum 0: unknown */
	double free_start;         /* free pages at the interval's start; NAN */
	/* the most the zones' watermark boosts can add up to (v5.0+
	 * boost_watermark(): max(pageblock, high * 1.5) each); 0: unknown */
	double boost_max_sum;
	/* the zones' watermark_boost summed, sampled at the interval's start
	 * and end (zoneinfo; the walk reads the start's, boost_seen(): the
	 * end's is the next interval's start); NAN: not recorded */
	double boost_start, boost_end;
	/*
	 * Whether some zone stood above its high watermark (its boost in it)
	 * and its lowmem reserve at the interval's start and end samples, as
	 * pgdat_balanced() reads the node; where not known, the free pages'
	 * sum against the high watermarks' stands for it (node_balanced(),
	 * boost_reclaimed_at_start())
	 */
	enum node_balance balanced_start, balanced_end;
	/*
	 * kcompactd wakes per kswapd walk over the whole run
	 * (compact_daemon_wake / pageoutrun): balance_pgdat() wakes kcompactd
	 * at `out:` after every walk that entered with a boost, so this is
	 * about the share of walks that were boosted (the sleep after an
	 * order>0 walk wakes it too, and wakes while it is awake count
	 * once).  NAN: not recorded
	 */
	double boost_rate;
	/*
	 * 1: the run's kcompactd wakes may all be requests counted at its
	 * timeout, which need no boosted walk
	 * (split_kcompactd_timeout_only()); 0: more, or not known
	 */
	int kcompactd_timeout_only;
	/* kcompactd wakes in the interval (compact_daemon_wake); NAN: not
	 * recorded */
	double kcompactd_wakes;
	/* high - low and high - min watermarks, each summed over the zones
	 * that show both of its two; 0: unknown */
	double low_gap_sum, min_gap_sum;
	/*
	 * Pages the allocations took from the free pages per second over the
	 * interval, net of what tasks freed: pgalloc_* less the pgfree that
	 * reclaim did not free.  NAN where not recorded, or on a kernel
	 * whose kswapd does not nap between walks (no
	 * kswapd_high_wmark_hit_quickly, which came with that nap); 0 is
	 * taken as not known too.  kswapd_deficit().
	 */
	double alloc_rate;
	/*
	 * Pages the zones' per-cpu lists gave back to the free pages over the
	 * interval, net: the fall of zoneinfo's pagesets count, summed over
	 * CPUs and zones; 0 where it rose, NAN where not recorded.
	 * kswapd_deficit().
	 */
	double pcp_released;
	/*
	 * What a kswapd walk reclaims until one zone has climbed from its
	 * low to its high watermark, the walk's pages shared out over the
	 * zones as the interval's reclaim was (a lower zone's free pages'
	 * rise and pgalloc_<zone>, the highest zone the rest); NAN where not
	 * recorded.  kswapd_deficit().
	 */
	double zone_need;
	/*
	 * Pages reclaim passed over as in zones above its reclaim index
	 * (pgskip_<zone> summed, 4.8+; NAN: not recorded), and the inactive
	 * lists of the zones below the lowest zone skipped, the walk's own
	 * (zoneinfo nr_zone_inactive_*, each zone's the larger of the
	 * interval's two samples; has_skip_lists 0: not recorded).
	 * split_skip.c sw_skipped().
	 */
	double skipped;
	struct split_lists skip_lists;
	int has_skip_lists;
	/* what a walk of those zones reclaims in them: to their high
	 * watermarks and a whole boost, from their free pages at the
	 * interval's start (NAN: not recorded; 0 or less: its first level) */
	double skip_need;
	/* per reclaimer: pages scanned (anon + file), reclaimed, walks */
	double scanned[NR_RECLAIMERS], reclaimed[NR_RECLAIMERS];
	double walks[NR_RECLAIMERS];      /* NAN: no walk counter */
	/* cost inputs, deltas (NAN where the kernel lacks the counter) */
	double swap_out, file_writes, restore_anon, restore_file;
	double scan_anon_prev, steal_anon_prev, scan_file_prev, steal_file_prev;
	double activate_anon, activate_file;  /* workingset_activate_* */
	/* the benchmark cgroup's own file activations (or refaults, their
	 * bound), for its limit reclaim; NAN: not recorded */
	double cg_activate_file;
	/* a file activation shown in an interval whose lag window
	 * (split_refault_window()) covers this one: a walk here may have seen
	 * it although this interval's activate_file is 0 (one walk at least) */
	int refault_near;
	/* the attribution's bound on more refault walks, per reclaimer: the
	 * activations of those intervals (its own included) that earlier
	 * intervals' added walks of the reclaimer did not take
	 * (refault_added); one walk an activation */
	double refault_window[NR_RECLAIMERS];
	/* pages reclaimed per page scanned, per type, as measured before
	 * this interval (pgsteal_X / pgscan_X); NAN where not known */
	double eff_anon, eff_file;
	/* the interval's own anon share freed, every reclaimer's
	 * (pgsteal_anon / pgscan_anon, not efficiencies()'s skip-corrected
	 * one): attribution only, NAN otherwise */
	double eff_anon_now;
	/* the run's pages swapped out before the interval (since its first
	 * sample) */
	double swapped_before;
	/* the prediction's count instead: refault walks per reclaimer
	 * expected from the activations around (has_expected) */
	int has_expected;
	double refault_expected[NR_RECLAIMERS];
	/*
	 * 6.12+ (split_flushed_view()): the node's lists as the root memory
	 * cgroup's statistics may hold them when a global walk reads them:
	 * the gauges of the samples around which the last periodic flush
	 * may have happened, oldest first, each taken as equally likely
	 * (the flush's phase is not recorded); seen_n 0: the lists as they are
	 */
	int seen_n;
	struct split_lists seen[SPLIT_SEEN_MAX];
	/* each view's share of the walks; all 0: each alike (the replay sets
	 * them for traced flushes, split_walk() where a flush splits the
	 * interval) */
	double seen_w[SPLIT_SEEN_MAX + 1];
	/* the views are the lists the traced flushes held (the last before
	 * the interval, and one inside it), seen_w their shares of the
	 * interval's time: not picked; the attribution may move the shares
	 * (split_views.c place_flush()) */
	int seen_known;
	/*
	 * before 6.12 (the walk reads the lists as they are): seen[0 ..
	 * seen_n - 1] are moments between the two samples whose lists some
	 * walks decided on, and the rest, seen_w[seen_n], the lists as they
	 * are (the attribution's tie of the file lists, split_views.c
	 * tie_moment())
	 */
	int seen_moments;
	/*
	 * with seen_known: the samples around the last flush before the
	 * interval, which seen[0] lies between as the lists' straight line
	 * between them would (has_bracket 0: the flush fell on a sample, or
	 * before the first).  The lists can grow in a step anywhere between
	 * two samples (a writer starts), so the attribution takes the one
	 * of the three under which the walks scan the nearest to the anon
	 * measured (split_views.c pick_in_bracket(); with a second flush
	 * inside the interval, either sample in seen[0]'s place,
	 * older_at_ends()).
	 */
	struct split_lists seen_bracket[2];
	int has_bracket;
	/* with has_bracket: the most the file lists moved between two
	 * samples in the bracket and the intervals on either side of it
	 * (pages; 0: not known), how far they can have moved within it */
	double bracket_swing;
	/*
	 * attribution only: the anon pages measured (pgscan_anon); the walk
	 * then takes the one flushed view under which it scans the nearest
	 * amount (the views are what the flush can have held, so the choice
	 * is among them only), or, where that one explains too little
	 * (SPLIT_ANON_EXPLAINED), two views split by a flush in the
	 * interval.  NAN: the average over the views, as a prediction must
	 * (it may not read pgscan_anon).
	 */
	double anon_measured;
	double file_measured;      /* pgscan_file, alongside anon_measured */
	/* where kswapd's last walk stood at the end of the interval before
	 * (its p_end); 0 or NAN: not known */
	double kswapd_resume;
	double kswapd_resume_refault;  /* the chance that walk saw a refault */
	/* reclaim had balanced the node at that sample (end_balanced): no
	 * walk stood there to finish, though one may go on */
	int kswapd_resume_balanced;
	struct split_pass kswapd_resume_pass;   /* the pass it stood in */
	/* where a direct walk that dove stood at the interval before's end,
	 * short of its SWAP_CLUSTER_MAX pages (its going_on): it goes on in
	 * this one (split_direct.c); 0: none */
	double direct_resume;
};

/* lruvec->anon_cost / file_cost, rebuilt from counters (cost.c) */
struct split_cost {
	double anon, file;
	int known;                 /* the version's inputs are in /proc/vmstat */
	const char *inputs;        /* what they were rebuilt from */
};

struct split_reclaim_out {
	int active;                /* scanned anything */
	double p_est;              /* scan-weighted priority; NAN */
	double p_deep;             /* deepest level; NAN where not estimable */
	int deep_estimable;        /* 0 for kswapd: an extreme of many walks */
	double p_end;              /* progress point of the last walk (levels
				      passed from 12); NAN */
	double end_refault;        /* the chance the last walk saw a refault */
	int end_balanced;          /* kswapd: sw_kswapd_ended() at the end */
	struct split_pass end_pass;  /* kswapd: the pass the last walk stood in */
	/* direct: the progress point of a walk that dove and had not
	 * reclaimed its pages at the end (split_direct.c); 0: none */
	double going_on;
	/* no level deeper than the replayed walks' but 0 lets anon in
	 * (sw_anon_only_at_zero() in split_level.c): anon this reclaimer scanned
	 * beyond the replay's means some walk reached priority 0 */
	int anon_only_at_zero;
	double anon_pred;          /* anon pages scanned, predicted */
	double anon_by[NR_CAUSES]; /* ... by the branch that let them in */
	/* refault walks the attribution added for activations of the lag
	 * window (split_walk()), which the replay takes from the window */
	double refault_added;
	/* cgroup limit walks the attribution took down to priority 0 (or the
	 * refault walk down to 1: zero_level) from the anon measured
	 * (deep_walks() in split_deep.c), and the most anon each scanned at 0 */
	double zero_walks, zero_anon;
	int zero_level;
	/* kswapd: the pages it passed over that sw_skipped() placed, taken
	 * out of its walks' scan */
	double skipped;
	/* kswapd: the pages of its scan taken as watermark-boost reclaim at
	 * DEF_PRIORITY - 2 (split_kswapd.c take_boosted(), and a boosted
	 * walk going on: split_walk.c), a boost the samples may not show:
	 * an estimate */
	double boosted;
};

struct split_out {
	struct split_reclaim_out r[NR_RECLAIMERS];
	double anon_pred;          /* sum over reclaimers */
	double anon_share;         /* ap / (ap + fp) of the SCAN_FRACT levels */
	double refault_walks;      /* share of walks with file deactivation
				      requested by refaults */
	/* the share of the scan on the first sample's lists (split_walk());
	 * NAN: one sample */
	double start_share;
	/* view_picked: the one flushed view the attribution's walks decided
	 * on, picked by the anon measured (split_views.c anon_on_view()):
	 * for a traced flush, a point between the samples around it */
	struct split_lists view;
	int view_picked;
};

/*
 * When a reclaim walk can have seen a file activation that /proc/vmstat
 * shows in the interval (a0, a1]: prepare_scan_count() compares the
 * target lruvec's WORKINGSET_ACTIVATE_FILE, a memory-cgroup statistic,
 * with its snapshot from the end of the last walk, and the two clocks
 * differ from the sampler's:
 *   - /proc/vmstat folds each CPU's node-stat diffs into the global
 *     counter only past a threshold, when the CPU goes idle
 *     (quiet_vmstat()) or every sysctl_stat_interval (HZ, mm/vmstat.c
 *     vmstat_update()): on a busy CPU the event can be up to fold_s
 *     older than the interval that shows it (split_fold_lag());
 *   - the memcg statistic reaches the walk at the next stats flush:
 *     at once past the update threshold (v6.1 mem_cgroup_flush_stats()
 *     in prepare_scan_count()), else by the periodic flush, every
 *     FLUSH_TIME = 2 * HZ (mm/memcontrol.c, v6.1 and v6.18).
 * Returns 1 when the interval (t0, t1] meets that window, seconds.
 */
#define SPLIT_VMSTAT_FOLD_S 1.0
#define SPLIT_MEMCG_FLUSH_S 2.0
int split_refault_window(double fold_s, double t0, double t1, double a0, double a1);

/*
 * The fold lag of a run's samples: SPLIT_VMSTAT_FOLD_S, or 0 where the
 * collector folded the per-CPU diffs before each sample (--stat-refresh,
 * collector/refresh.h).
 */
double split_fold_lag(int refreshed);

/*
 * How long after an activation the walk that sees it is expected to read
 * it, where split_refault_window() gives the longest it can be.  Before
 * 6.12 prepare_scan_count() flushes the memcg statistics once more than
 * MEMCG_CHARGE_BATCH (64) page-state updates per online CPU are pending
 * (v6.1 mem_cgroup_flush_stats(): stats_flush_threshold, which
 * memcg_rstat_updated() raises per 64 updates; v6.8+ the same count per
 * memcg), and a reclaim pass makes that many in its first batches (each
 * folio isolated or put back moves NR_ISOLATED_* and the LRU sizes): a
 * walk under way reads the activation at its next level, milliseconds
 * later, SPLIT_NEXT_LEVEL_S, which may fall after the sample, so into
 * the next interval at most.  Only a walk that begins after a quiet
 * spell may read values as old as the periodic flush's, the bound.  From
 * 6.12 (split_flushed_view()) the walk's flush is ratelimited and the
 * periodic one decides: SPLIT_MEMCG_FLUSH_S.  With the bound instead,
 * the prediction put a refault walk in each reclaiming interval of the
 * 2 s after a reread's last activations, where the 6.1 guests' walks
 * scanned no anon: replayed at its own swappiness, each of the 18
 * swapping 6.1 runs of three lab sweeps at --reread 32M scanned 2% to
 * 38% more anon than it did (median 27%), against -21% to +12% (median
 * 9%), and --what-if came within 30% of the measured swap-out of every
 * other swappiness of 60 to 200 for 10 of the 18 runs, against all 18.
 */
#define SPLIT_NEXT_LEVEL_S 0.01
double split_seen_lag(const int version[3]);

/*
 * Whether a global walk of this kernel reads the root lruvec's list sizes
 * and refault count through memory-cgroup statistics that only the
 * periodic flush brings up to date.  prepare_scan_control() (mm/vmscan.c)
 * reads NR_INACTIVE_FILE for cache_trim_mode, and the lists of
 * inactive_is_low(), with lruvec_page_state(): the memcg's rstat values
 * as of the last flush.  Up to 6.11 it calls mem_cgroup_flush_stats(),
 * which flushes once enough updates are pending (v6.1: 64-page batches
 * per CPU), so the values are close to /proc/vmstat.  From 6.12 it calls
 * mem_cgroup_flush_stats_ratelimited() (commit 90a6f2a8f442 "memcg: use
 * ratelimited stats flush in the reclaim", merged for v6.12-rc1; a
 * kernel with it backported behaves so too, undetected here), which
 * flushes only when the periodic flusher
 * (flush_memcg_stats_dwork(), every FLUSH_TIME = 2 * HZ, mm/memcontrol.c)
 * is a full cycle late: the walk decides on values up to 2 s old.  The
 * scan targets themselves (lruvec_lru_size(): the memcg's per-zone LRU
 * sizes) and file_is_tiny (node_page_state()) are current.
 */
int split_flushed_view(const int version[3]);

/*
 * Whether a walk that saw a refault ends late, after the walks of the
 * other reclaimers begun meanwhile have read the same refault: kswapd
 * and direct reclaim compare the activations with one snapshot,
 * lruvec->refaults[], which a walk retakes only when it ends
 * (snapshot_refaults()).  At swappiness 200 SCAN_FRACT gives file
 * nothing (fp = (200 - swappiness) x ... = 0), its anon frees only once
 * its writeback completes and the walk dives; below 200 its file share
 * frees at once and it ends within a few levels (v6.1 and v6.18
 * get_scan_count(), balance_pgdat(), do_try_to_free_pages()).  A step at
 * 200, where fp is nothing; near it the file's share is a sliver of the
 * deep levels' scan, and the lab measured 60, 100 and 200 only.
 */
int split_refault_walk_ends_late(double swappiness);

/*
 * Whether a walk that let anon in at a level for cause c, by SCAN_FRACT,
 * does so at every level it goes down to (1), so that at 200 it goes on
 * over anon only, or at its first levels only (0) (split_level.c).
 */
int split_cause_every_level(enum cause c);

/*
 * Of `scan` pages a type's pgscan counted, those reclaim could take:
 * isolate_lru_folios() counts the folios of zones above the walk's
 * reclaim index that it passes over in nr_scanned (PGSCAN_KSWAPD,
 * PGSCAN_ANON/FILE) and in PGSCAN_SKIP, and takes none of them (v6.1 and
 * v6.18).  *skip: skipped pages not yet placed on a type, of which this
 * one takes what it can hold: no more than scan - steal (a page
 * reclaimed was taken).  Returns scan less those.
 */
double split_candidates(double scan, double steal, double *skip);

/* Start the cost state (zero costs, as after boot). */
void split_cost_init(struct split_cost *c, const int version[3]);

/*
 * Add one interval's cost events to c: lru_note_cost() of the version
 * (6.1: pages written + working-set restores; 6.2+: 32 x those + the
 * pages rotated), halving both when their sum passes a quarter of lru
 * pages, the lists of the lruvec whose costs they are.
 */
void split_cost_update(struct split_cost *c, const struct split_in *in,
		       const struct split_lists *lru);

/* get_scan_count()'s SCAN_FRACT weights ap and fp for these costs. */
void split_fraction(const struct split_cost *c, double swappiness, double *ap,
		    double *fp);
/* ap / (ap + fp) */
double split_anon_share(const struct split_cost *c, double swappiness);

/*
 * Whether `wakes` kcompactd wakes (compact_daemon_wake) are no more than
 * kcompactd's own timeout counts for requests that woke nothing, over
 * the `seconds` of the intervals in which kswapd ran and the `stretches`
 * of them (split_kswapd.c); 0 where the wakes are not known or kswapd
 * never ran.
 */
int split_kcompactd_timeout_only(double wakes, double seconds, double stretches);

/*
 * 1 where a kswapd walk was counted in the interval (pageoutrun, at the
 * walk's start) or no walk counter was recorded (in->walks NAN): then a
 * walk may have begun, and the one before is not taken to go on
 */
int split_kswapd_walk_counted(const struct split_in *in);
/* next's kswapd goes on from where k's last walk stood (kswapd_resume*) */
void split_kswapd_goes_on(struct split_in *next, const struct split_reclaim_out *k);
/* next's direct walk under way goes on from where d's stood (direct_resume) */
void split_direct_goes_on(struct split_in *next, const struct split_reclaim_out *d);
/* Replay the interval's walks; costs as rebuilt up to this interval. */
void split_walk(const struct split_in *in, const struct split_cost *node_cost,
		const struct split_cost *cg_cost, struct split_out *out);

#endif
