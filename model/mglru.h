/*
 * mglru.h - the multi-generational LRU's type choice, per interval.
 *
 * MGLRU (6.1+, /sys/kernel/mm/lru_gen/enabled != 0) evicts in batches; for
 * each batch isolate_folios() picks the type (anon or file) by a fixed
 * order of branches (v6.1 mm/vmscan.c isolate_folios(); the same order in
 * 6.6 and 6.12, where 6.12 adds a !__GFP_IO -> file branch that counters
 * cannot see):
 *
 *   1. swappiness 0 (or no swap: get_swappiness())  file only, no fallback
 *   2. min_seq[anon] < min_seq[file]                 anon   ANON_OLDER
 *   3. swappiness 1                                  file first
 *   4. swappiness 200                                anon   SWAPPINESS_200
 *   5. get_type_to_scan(): the refault controller compares tier 0 of each
 *      type, positive_ctrl_err(anon gain swappiness, file gain
 *      200 - swappiness); it picks file unless file refaults >= 64 and
 *      file's weighted refault rate exceeds anon's      anon   REFAULT_CTRL
 *   then, if the chosen type yields nothing (scan_folios() returns 0 when
 *   the type is down to MIN_NR_GENS = 2 generations, or when its oldest
 *   generation is empty: with swap, try_to_inc_min_seq() may not move
 *   min_seq[anon] past min_seq[file], so an emptied anon generation stays
 *   the oldest until file's is evicted too), the other type is
 *   scanned                                             anon   FILE_EXHAUSTED
 *
 * 6.14 ("mm/mglru: rework type selection") drops branch 2 and makes the
 * controller compare all tiers; modelled from that patch's text.  The same
 * series lets anon and file min_seq move independently, so the drain
 * (mglru_drain(), which rests on the coupling) is for 6.1-6.13 only.
 *
 * 6.6: isolate_folios(), get_type_to_scan(), positive_ctrl_err(),
 * read_ctrl_pos(), scan_folios() and try_to_inc_min_seq() read in the
 * 6.6-era tree stored for gregkh/linux (029c940: lru_gen_folio, memcg LRU)
 * are those of 6.1 (the !__GFP_IO case lowers swappiness to 1 in
 * try_to_shrink_lruvec() there): 6.6 is modelled as 6.1.
 *
 * The controller's input (mm/workingset.c lru_gen_refault(), 6.1 to 6.12):
 * a refault is added to refaulted[hist][type][tier] only when the folio
 * was evicted from the type's current min_seq generation ("recent":
 * token >> LRU_REFS_WIDTH == min_seq); read_ctrl_pos() adds the avg_*
 * carried over by reset_ctrl_pos() when min_seq moves.  The lru_gen_full
 * sums the collector keeps (tier 0: avg at max_seq + rep at min_seq) are
 * that input.  /proc/vmstat differs by version: until 6.5 ("Multi-gen
 * LRU: fix workingset accounting") workingset_refault_* counts only those
 * recent refaults; from 6.5 it counts all and workingset_activate_* the
 * recent ones.  Without --lru-gen the model falls back to
 * workingset_refault_*, so from 6.5 that fallback over-counts the
 * controller's input (old refaults too).
 *
 * Why anon is evicted at all below swappiness 200 (v6.1): with swap
 * (can_swap), try_to_inc_min_seq() keeps min_seq[anon] <= min_seq[file],
 * and inc_max_seq() may not age past MAX_NR_GENS (4) generations of a
 * type, so once file has been evicted down its generations, anon's oldest
 * one is older and branch 2 takes anon until it catches up: every aging
 * step costs one anon generation.  Classic LRU has no such coupling.
 *
 * Where ../shared/docs/reclaim-model.md 5.6 is wrong or short (checked
 * against v6.1.y mm/vmscan.c):
 *  - "the classic mm_vmscan_lru_shrink_inactive event is not emitted":
 *    true on 6.1 only; 6.7 ("mm: multi-gen LRU: reuse some legacy trace
 *    events") emits lru_isolate and shrink_inactive from scan_folios() and
 *    evict_folios().  On 6.1 the only type-bearing event is
 *    mm_vmscan_write_folio (pageout(), RECLAIM_WB_ANON/FILE).
 *  - "tier statistics only with CONFIG_LRU_GEN_STATS": lru_gen_full prints
 *    the controller's per-tier refaulted/evicted/protected and avg_* always;
 *    the option only adds a second history slot (NR_HIST_GENS 2).
 *  - "if the chosen type yields nothing, the other is scanned": not at
 *    swappiness 0 (the loop starts at i = !swappiness); a type yields
 *    nothing once it is down to MIN_NR_GENS (2) generations.
 *  - pgscan_anon/file (and pgscan_kswapd/direct) count isolated pages
 *    under MGLRU, not scanned ones; sorted (promoted, protected) pages go
 *    to pgrefill (scan_folios()).
 *  - get_swappiness() is 0 without swap space (and no demotion target);
 *    without __GFP_IO swappiness becomes 1 (6.1.y try_to_shrink_lruvec();
 *    an isolate_folios() branch in 6.12).
 *  - debugfs lru_gen (brief) starts at min_seq[anon] and hides older file
 *    generations; lru_gen_full shows all of them with 'x' marks.
 *
 * The model is pure: one interval's inputs in, the branch, the predicted
 * anon share of eviction scanning and the cause out.  It reads neither
 * pgscan_anon nor pgsteal_anon: those are the truth it is checked against.
 */
#ifndef VMSCOPE_MGLRU_H
#define VMSCOPE_MGLRU_H

/* isolate_folios()'s branches, in the kernel's order */
enum mglru_branch {
	MGLRU_NO_SWAP,          /* swappiness 0 / no swap: file only */
	MGLRU_ANON_OLDER,       /* min_seq[anon] < min_seq[file] */
	MGLRU_FILE_FIRST,       /* swappiness 1 */
	MGLRU_SWAPPINESS_200,   /* swappiness 200: anon first */
	MGLRU_CTRL_ANON,        /* get_type_to_scan() picked anon */
	MGLRU_CTRL_FILE,        /* get_type_to_scan() picked file */
	MGLRU_FILE_EXHAUSTED,   /* file chosen, yielded nothing: anon scanned */
	MGLRU_UNKNOWN,          /* the inputs to decide are missing */
	MGLRU_NR_BRANCHES
};

enum mglru_reclaimer { MGLRU_KSWAPD, MGLRU_DIRECT, MGLRU_CGROUP };

/* read_ctrl_pos(): one type's refaulted/total and gain */
struct mglru_ctrl_pos {
	double refaulted, total, gain;
};

/*
 * One interval.  Gauges ("_start") are the lru_gen source's sums at the
 * interval's start (the previous sample), NAN where --lru-gen was off;
 * deltas are over the interval.
 */
struct mglru_in {
	int version[3];
	double swappiness;          /* the reclaimer's: cgroup's or global */
	int swap_on;                /* SwapTotal > 0 (0: get_swappiness() 0) */
	enum mglru_reclaimer who;
	/* gauges at the start: lru_gen sums */
	double lruvecs, anon_older_lruvecs, anon_older_pages;
	double pages_anon, pages_file;
	double max_seq, min_seq_anon, min_seq_file;
	double oldest[2];           /* pages in each type's min_seq generation */
	double ctrl_refaulted[2], ctrl_total[2];
	/* deltas: eviction volume (any type), refaults, aging */
	double evicted_scan;        /* pgscan_anon + pgscan_file */
	double refaults[2];         /* workingset_refault_anon / _file */
	double reclaimed[2];        /* pgsteal_anon / _file (volumes, not the choice) */
	double gens_created;        /* max_seq delta: aging pressure */
	double swap_out;
};

struct mglru_out {
	enum mglru_branch branch;   /* the branch that decided most batches */
	double anon_share;          /* predicted anon share of eviction scanning */
	double anon_scanned_pred;   /* anon_share x evicted_scan */
	double aging;               /* generations created in the interval */
	int anon_chosen;            /* the model's evicted type: 1 anon */
	int explained;              /* swap-out with a branch that allows anon */
	const char *cause;          /* the branch's name ("unexplained" if none) */
};

const char *mglru_branch_name(enum mglru_branch b);

/*
 * positive_ctrl_err(sp, pv): 1 when pv (the process variable) has few
 * refaults (< MIN_LRU_BATCH = 64) or a weighted refault rate no higher
 * than sp's:  pv.refaulted * (sp.total + 64) * sp.gain <=
 *             (sp.refaulted + 1) * pv.total * pv.gain
 * (v6.1 mm/vmscan.c; unchanged through 6.12).
 */
int mglru_positive_ctrl_err(const struct mglru_ctrl_pos *sp,
			    const struct mglru_ctrl_pos *pv);

/*
 * get_type_to_scan()'s type choice, 1 file / 0 anon:
 * positive_ctrl_err(anon, file) with gains swappiness and 200 - swappiness.
 */
int mglru_ctrl_type(const double refaulted[2], const double total[2],
		    double swappiness);

/*
 * isolate_folios()'s branch for one lruvec state: which type a batch
 * takes first.  anon_older: min_seq[anon] < min_seq[file].  ctrl_file:
 * get_type_to_scan()'s answer (1 file), or -1 if unknown.
 */
enum mglru_branch mglru_first_branch(const int version[3], double swappiness,
				     int swap_on, int anon_older, int ctrl_file);

/*
 * The interval's eviction volume (evicted_scan) taken batch by batch from
 * one lruvec's state at the start, in isolate_folios()'s order, with
 * scan_folios()'s "nothing" and try_to_inc_min_seq()'s coupling of the two
 * min_seq (6.1-6.13; see mglru.c).  anon[b]: the anon pages each branch
 * let in (MGLRU_FILE_EXHAUSTED: the fallback).  Returns the pages drained.
 */
double mglru_drain(const struct mglru_in *in, double swappiness,
		   double anon[MGLRU_NR_BRANCHES]);

/* One interval through the model. */
void mglru_interval(const struct mglru_in *in, struct mglru_out *out);

/*
 * What-if: the anon share at another swappiness, or -1 when the branch
 * that would decide depends on feedback the change would alter (the
 * refault controller, or anon_older); *why names that branch.
 */
double mglru_what_if(const struct mglru_in *in, double swappiness,
		     const char **why);

/* One interval of an MGLRU run, as the replay keeps it and attribute prints it. */
struct mglru_interval {
	struct mglru_in in;
	struct mglru_out out;
	const char *reclaimer;    /* "kswapd", "direct", "cgroup" */
	double true_share;        /* true anon share of eviction (NAN: none) */
	const char *truth_from;   /* "trace isolate" or "pgsteal_anon/file" */
	int evicted;              /* the interval evicted pages */
};

#endif
