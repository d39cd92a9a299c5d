/*
 * t-mglru.c - MGLRU: the debugfs lru_gen_full parser and the type-choice
 * model.
 *
 * The parser is checked on tests/fixtures/lru_gen/v6.1-full.txt, typed
 * out from the v6.1 seq_show format strings (see the README there: no
 * kernel at hand had MGLRU); the expected sums are worked out by hand in
 * that README, not by the parser.
 *
 * The model cases come from the kernel source, read for each version:
 * v6.1 mm/vmscan.c isolate_folios() (branch order), positive_ctrl_err()
 * (the controller's comparison, with MIN_LRU_BATCH 64), the fallback loop
 * "for (i = !swappiness; i < ANON_AND_FILE; i++)" and scan_folios()'s
 * "get_nr_gens(lruvec, type) == MIN_NR_GENS -> 0"; 6.12 keeps that order
 * (adding !__GFP_IO -> file before the controller); 6.14 ("mm/mglru:
 * rework type selection") drops the min_seq comparison.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lrugen.h"
#include "mglru.h"
#include "tap.h"
#include "trace.h"

#define FIXTURE "tests/fixtures/lru_gen/v6.1-full.txt"

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = malloc(1 << 16);

	*len = 0;
	if (f && buf)
		*len = fread(buf, 1, (1 << 16) - 1, f);
	if (f)
		fclose(f);
	return buf;
}

static void test_parser(void)
{
	struct lrugen_stats st;
	size_t len;
	char *text = slurp(FIXTURE, &len);
	static const char bad[] = "memcg     1 /\n node     0\n 1 2 3 4 5\n";

	memset(&st, 0, sizeof(st));
	st.v[LG_MIN_TTL_MS] = 1000;
	tap_is_i64(lrugen_parse(text, len, NULL, &st), 2, "lrugen-1.1 two lruvecs in the fixture");
	tap_is_i64(st.v[LG_MAX_SEQ], 7 + 3, "lrugen-1.2 max_seq summed over lruvecs");
	tap_is_i64(st.v[LG_MIN_SEQ_ANON], 4 + 2, "lrugen-1.3 min_seq[anon] from the 'x' marks");
	tap_is_i64(st.v[LG_MIN_SEQ_FILE], 5 + 1, "lrugen-1.4 min_seq[file] from the 'x' marks");
	tap_is_i64(st.v[LG_PAGES_ANON], 3600 + 5500, "lrugen-1.5 anon pages, marked generations left out");
	tap_is_i64(st.v[LG_PAGES_FILE], 3750 + 1500, "lrugen-1.6 file pages");
	tap_is_i64(st.v[LG_OLDEST_ANON], 1000 + 4000, "lrugen-1.7 pages in anon's oldest generation");
	tap_is_i64(st.v[LG_OLDEST_FILE], 3000 + 800, "lrugen-1.8 pages in file's oldest generation");
	tap_is_i64(st.v[LG_YOUNGEST_ANON], 100 + 1500, "lrugen-1.9 pages in the youngest generation");
	tap_is_i64(st.v[LG_OLDEST_AGE_FILE], 50000, "lrugen-1.10 oldest file generation age, the largest");
	tap_is_i64(st.v[LG_ANON_OLDER_LRUVECS], 1, "lrugen-1.11 one lruvec with anon older than file");
	tap_is_i64(st.v[LG_ANON_OLDER_PAGES], 3600 + 3750, "lrugen-1.12 its pages");
	tap_is_i64(st.v[LG_CTRL_REFAULTED_ANON], 10 + 5 + 0 + 2,
		   "lrugen-1.13 tier-0 refaulted: avg (RT at max_seq) + rep at min_seq[anon]");
	tap_is_i64(st.v[LG_CTRL_TOTAL_FILE], 900 + 200 + 5000 + 600,
		   "lrugen-1.14 tier-0 total: avg_total + evicted at min_seq[file]");
	tap_is_i64(st.v[LG_MIN_TTL_MS], 1000, "lrugen-1.15 the sysfs values are kept");

	tap_is_i64(lrugen_parse(text, len, "/bench", &st), 1, "lrugen-2.1 --cgroup /bench: one lruvec");
	tap_is_i64(st.v[LG_MIN_SEQ_FILE], 1, "lrugen-2.2 its min_seq[file]");
	tap_is_i64(st.v[LG_CTRL_REFAULTED_FILE], 70 + 6, "lrugen-2.3 its file refaults");
	tap_is_i64(st.v[LG_ANON_OLDER_LRUVECS], 0, "lrugen-2.4 file is older there");
	tap_is_i64(lrugen_parse(text, len, "/nope", &st), 0, "lrugen-2.5 an unknown memcg: nothing");
	tap_is_i64(lrugen_parse(bad, strlen(bad), NULL, &st), -1, "lrugen-3.1 a 5-field line is refused");
	tap_is_i64(lrugen_parse(" 1 2 3 4\n", 9, NULL, &st), -1,
		   "lrugen-3.2 a generation before any node line is refused");
	/* 6.8+ mm-walk stats: 4 numbers (LYFA) at the stats indent, not a generation */
	{
		static const char v68[] =
			"memcg     1 /\n node     0\n"
			"          2       1000        500         600 \n"
			"          3        200        100          50 \n"
			"                           98279L          7Y          3F          1A\n";

		tap_is_i64(lrugen_parse(v68, strlen(v68), NULL, &st), 1,
			   "lrugen-4.1 a 6.8+ lruvec with 4 mm stats");
		tap_is_i64(st.v[LG_MAX_SEQ], 3, "lrugen-4.2 the stats line is not a generation (max_seq 3)");
		tap_is_i64(st.v[LG_OLDEST_ANON], 500, "lrugen-4.3 oldest anon from seq 2");
	}
	free(text);
}

static const int v61[3] = { 6, 1, 0 }, v612[3] = { 6, 12, 0 }, v614[3] = { 6, 14, 0 };

static void test_controller(void)
{
	double ref[2], tot[2];

	/* pv->refaulted < MIN_LRU_BATCH: file however high its rate */
	ref[0] = 0, tot[0] = 1000, ref[1] = 63, tot[1] = 63;
	tap_is_i64(mglru_ctrl_type(ref, tot, 199), 1, "ctrl-1 63 file refaults (< 64): file");
	/* 64 refaults of 100 evicted vs none of 1000: lhs 64*1064*60 > rhs 1*100*140 */
	ref[1] = 64, tot[1] = 100;
	tap_is_i64(mglru_ctrl_type(ref, tot, 60), 0, "ctrl-2 file refaulting much more: anon");
	/* equality: 64*(0+64)*100 == (63+1)*64*100 -> "<=" keeps file */
	ref[0] = 63, tot[0] = 0, ref[1] = 64, tot[1] = 64;
	tap_is_i64(mglru_ctrl_type(ref, tot, 100), 1, "ctrl-3 equal weighted rates: file (<=)");
	/* equal rates 0.1: gains 20 (anon) vs 180 (file) keep file */
	ref[0] = 9, tot[0] = 100, ref[1] = 100, tot[1] = 1000;
	tap_is_i64(mglru_ctrl_type(ref, tot, 20), 1, "ctrl-4 swappiness 20, equal rates: file");
	/* at 190 the anon gain wins: 100*164*190 > 10*1000*10 */
	tap_is_i64(mglru_ctrl_type(ref, tot, 190), 0, "ctrl-5 swappiness 190, equal rates: anon");
	/* sp->total + MIN_LRU_BATCH: 64*(0+64)*100 = 409600 vs (0+1)*6400*100 */
	ref[0] = 0, tot[0] = 0, ref[1] = 64, tot[1] = 4096;
	tap_is_i64(mglru_ctrl_type(ref, tot, 100), 1,
		   "ctrl-6 anon never evicted: its total counts as 64 (file)");
	tot[1] = 4095;
	tap_is_i64(mglru_ctrl_type(ref, tot, 100), 0, "ctrl-7 one page less evicted: anon");
}

static void test_branches(void)
{
	tap_is_i64(mglru_first_branch(v61, 0, 1, 1, 0), MGLRU_NO_SWAP,
		   "branch-1 6.1 swappiness 0 before anon-older");
	tap_is_i64(mglru_first_branch(v61, 60, 0, 1, 0), MGLRU_NO_SWAP,
		   "branch-2 no swap: get_swappiness() is 0");
	tap_is_i64(mglru_first_branch(v61, 1, 1, 1, 1), MGLRU_ANON_OLDER,
		   "branch-3 6.1 anon-older before swappiness 1");
	tap_is_i64(mglru_first_branch(v61, 1, 1, 0, 0), MGLRU_FILE_FIRST,
		   "branch-4 6.1 swappiness 1 before the controller");
	tap_is_i64(mglru_first_branch(v61, 200, 1, 1, 1), MGLRU_ANON_OLDER,
		   "branch-5 6.1 anon-older before swappiness 200");
	tap_is_i64(mglru_first_branch(v61, 200, 1, 0, 1), MGLRU_SWAPPINESS_200,
		   "branch-6 6.1 swappiness 200 before the controller");
	tap_is_i64(mglru_first_branch(v61, 199, 1, 0, 1), MGLRU_CTRL_FILE,
		   "branch-7 swappiness 199 goes to the controller");
	tap_is_i64(mglru_first_branch(v61, 60, 1, 0, 0), MGLRU_CTRL_ANON,
		   "branch-8 controller says anon");
	tap_is_i64(mglru_first_branch(v612, 60, 1, 1, 1), MGLRU_ANON_OLDER,
		   "branch-9 6.12 keeps anon-older first");
	tap_is_i64(mglru_first_branch(v614, 60, 1, 1, 1), MGLRU_CTRL_FILE,
		   "branch-10 6.14 has no anon-older branch");
	tap_is_i64(mglru_first_branch(v61, 60, 1, 0, -1), MGLRU_UNKNOWN,
		   "branch-11 controller inputs missing: unknown, not guessed");
}

/* One lruvec: max_seq 5; the generations of each type set by min_seq. */
static void one_vec(struct mglru_in *in, const int v[3], double sw,
		    double min_anon, double min_file)
{
	memset(in, 0, sizeof(*in));
	memcpy(in->version, v, sizeof(in->version));
	in->swappiness = sw;
	in->swap_on = 1;
	in->lruvecs = 1;
	in->max_seq = 5;
	in->min_seq_anon = min_anon;
	in->min_seq_file = min_file;
	in->pages_anon = 1000;
	in->pages_file = 1000;
	in->oldest[0] = in->oldest[1] = 300;
	in->ctrl_total[0] = in->ctrl_total[1] = 1000;  /* no refaults: file */
	in->evicted_scan = 200;     /* below each oldest generation: no drain */
	in->swap_out = 100;
}

static void test_interval(void)
{
	struct mglru_in in;
	struct mglru_out o;
	const char *why;

	/* 3 file generations (3..5): file is scanned, nothing of anon */
	one_vec(&in, v61, 60, 3, 3);
	mglru_interval(&in, &o);
	tap_ok(o.anon_share == 0 && !strcmp(o.cause, "unexplained"),
	       "interval-1 controller picks file, swap-out is unexplained (%s)", o.cause);
	/*
	 * file down to MIN_NR_GENS (4..5) while anon starts at 3: isolate_folios()
	 * tests min_seq[anon] < min_seq[file] before any fallback: anon_older
	 */
	one_vec(&in, v61, 60, 3, 4);
	mglru_interval(&in, &o);
	tap_ok(o.anon_share == 1 && !strcmp(o.cause, "anon_older"),
	       "interval-2 file at 2 generations, anon older: anon_older (%s)", o.cause);
	/* swappiness 0: i starts at 1, no fallback even with file exhausted */
	one_vec(&in, v61, 0, 3, 4);
	mglru_interval(&in, &o);
	tap_ok(o.anon_share == 0 && !strcmp(o.cause, "unexplained"),
	       "interval-3 swappiness 0 never falls back to anon");
	/* swappiness 200, anon has 3 generations: anon */
	one_vec(&in, v61, 200, 3, 3);
	mglru_interval(&in, &o);
	tap_ok(o.anon_share == 1 && !strcmp(o.cause, "swappiness_200") &&
	       o.anon_scanned_pred == 200, "interval-4 swappiness 200: all eviction is anon");
	/* swappiness 200 with anon at MIN_NR_GENS: anon yields nothing, file */
	one_vec(&in, v61, 200, 4, 3);
	mglru_interval(&in, &o);
	tap_ok(o.anon_share == 0, "interval-5 anon at 2 generations: file instead");
	/*
	 * anon's oldest generation empty but kept by the min_seq[file] clamp
	 * (try_to_inc_min_seq()): scan_folios() isolates nothing, file next
	 */
	one_vec(&in, v61, 200, 3, 3);
	in.oldest[0] = 0;
	mglru_interval(&in, &o);
	tap_ok(o.anon_share == 0, "interval-5b anon's oldest generation empty: file instead");
	one_vec(&in, v61, 60, 3, 3);
	in.oldest[1] = 0;
	mglru_interval(&in, &o);
	tap_ok(o.anon_share == 1 && !strcmp(o.cause, "file_exhausted"),
	       "interval-5c file's oldest generation empty: anon (%s)", o.cause);
	/* two lruvecs, anon older in the one holding 3/4 of the pages */
	one_vec(&in, v61, 60, 3, 3);
	in.lruvecs = 2;
	in.max_seq = 10;
	in.min_seq_anon = in.min_seq_file = 6;
	in.anon_older_lruvecs = 1;
	in.anon_older_pages = 1500;
	mglru_interval(&in, &o);
	tap_ok(fabs(o.anon_share - 0.75) < 1e-9 && !strcmp(o.cause, "anon_older"),
	       "interval-6 anon older for 75%% of the pages: share 0.75 (%g)", o.anon_share);
	/*
	 * Two lruvecs: no drain, the start state decides (sums: max_seq 10).
	 * file at 2 generations in each ((10 - 8) / 2 + 1 = MIN_NR_GENS):
	 * scan_folios() gives 0, anon is scanned
	 */
	one_vec(&in, v61, 60, 6, 8);
	in.lruvecs = 2;
	in.max_seq = 10;
	mglru_interval(&in, &o);
	tap_ok(o.anon_share == 1 && !strcmp(o.cause, "file_exhausted"),
	       "interval-8 two lruvecs, file at MIN_NR_GENS: anon (%s)", o.cause);
	/* swappiness 200, anon at 2 generations in each: file instead */
	one_vec(&in, v61, 200, 8, 8);
	in.lruvecs = 2;
	in.max_seq = 10;
	mglru_interval(&in, &o);
	tap_ok(o.anon_share == 0, "interval-9 two lruvecs, anon at MIN_NR_GENS at 200: file");
	/* 3 generations each, file's oldest generations empty: anon */
	one_vec(&in, v61, 60, 6, 6);
	in.lruvecs = 2;
	in.max_seq = 10;
	in.oldest[1] = 0;
	mglru_interval(&in, &o);
	tap_ok(o.anon_share == 1 && !strcmp(o.cause, "file_exhausted"),
	       "interval-10 two lruvecs, file's oldest empty: anon (%s)", o.cause);
	/* no lru_gen: the controller from vmstat refaults (64 file, 0 anon) */
	one_vec(&in, v61, 60, 3, 3);
	in.lruvecs = NAN;
	in.ctrl_refaulted[0] = in.ctrl_total[1] = NAN;
	in.refaults[0] = 0, in.refaults[1] = 500;
	mglru_interval(&in, &o);
	tap_ok(o.anon_share == 1 && !strcmp(o.cause, "refault_ctrl"),
	       "interval-7 file refaults without lru_gen: refault_ctrl");
	tap_ok(mglru_what_if(&in, 0, &why) == 0 && !why, "whatif-1 swappiness 0 predicts no anon");
	one_vec(&in, v61, 60, 3, 3);
	tap_ok(mglru_what_if(&in, 200, &why) == 1 && !why, "whatif-2 swappiness 200 predicts all anon");
	tap_ok(mglru_what_if(&in, 100, &why) < 0 && why && strstr(why, "refault_ctrl"),
	       "whatif-3 swappiness 100: names the controller as unpredictable");
}

/*
 * The drain, worked by hand from v6.1 isolate_folios() / scan_folios() /
 * try_to_inc_min_seq() / inc_max_seq() (see the comment in mglru.c):
 * one lruvec, 1000 pages of each type unless set.
 */
static void test_drain(void)
{
	struct mglru_in in;
	struct mglru_out o;
	double anon[MGLRU_NR_BRANCHES], done;
	const char *why;

	/*
	 * 6.1 run 6 at 90.5 s: min_seq 7/7, max_seq 10, file's oldest 60
	 * pages, 892 evicted.  Batch 1 takes file's 60; its generation is
	 * empty but min_seq[file] = max(min(7, 8), 7) = 7 stays; batch 2:
	 * get_type_to_scan() says file, scan_folios() gives 0, anon: 832.
	 */
	one_vec(&in, v61, 100, 7, 7);
	in.max_seq = 10;
	in.oldest[0] = 1180, in.oldest[1] = 60;
	in.evicted_scan = 892;
	done = mglru_drain(&in, 100, anon);
	tap_ok(done == 892 && anon[MGLRU_FILE_EXHAUSTED] == 832,
	       "drain-1 file's oldest generation empties: the other 832 pages are anon (%g, %g)",
	       done, anon[MGLRU_FILE_EXHAUSTED]);
	in.swap_out = 432;
	mglru_interval(&in, &o);
	tap_ok(!strcmp(o.cause, "file_exhausted") && fabs(o.anon_share - 832.0 / 892) < 1e-9,
	       "drain-1b the interval: file_exhausted, share 832/892 (%s %g)", o.cause, o.anon_share);
	/*
	 * swappiness 200, anon's oldest empty (kept by the clamp): file's
	 * 746 first, then both min_seq move (12 -> 13) and anon is first:
	 * 1322 - 746 = 576 anon pages by swappiness_200.
	 */
	one_vec(&in, v61, 200, 12, 12);
	in.max_seq = 15;
	in.pages_anon = 97587, in.pages_file = 9800;
	in.oldest[0] = 0, in.oldest[1] = 746;
	in.evicted_scan = 1322;
	done = mglru_drain(&in, 200, anon);
	tap_ok(done == 1322 && anon[MGLRU_SWAPPINESS_200] == 576,
	       "drain-2 swappiness 200 after both oldest generations go: 576 anon (%g)",
	       anon[MGLRU_SWAPPINESS_200]);
	/*
	 * swappiness 0: can_swap false, no clamp: file's min_seq moves on
	 * alone (3 -> 4, 3 generations left of 3..6) and file goes on: 300
	 * drained, no anon.
	 */
	one_vec(&in, v61, 0, 3, 3);
	in.max_seq = 6;
	in.oldest[1] = 100;
	in.evicted_scan = 300;
	done = mglru_drain(&in, 0, anon);
	tap_ok(done == 300 && anon[MGLRU_FILE_EXHAUSTED] == 0 && anon[MGLRU_NO_SWAP] == 0,
	       "drain-3 swappiness 0: file's min_seq moves alone, 300 file pages (%g)", done);
	/*
	 * 3 generations each (3..5): file 50, anon 500, then both min_seq
	 * move to 4, two generations left: scan_folios() gives 0 for both,
	 * the eviction stalls at 550 without aging ...
	 */
	one_vec(&in, v61, 60, 3, 3);
	in.oldest[0] = 500, in.oldest[1] = 50;
	in.evicted_scan = 1000;
	in.gens_created = 0;
	done = mglru_drain(&in, 60, anon);
	tap_ok(done == 550 && anon[MGLRU_FILE_EXHAUSTED] == 500,
	       "drain-4 both at MIN_NR_GENS: stalls after 550 pages, 500 anon (%g)", done);
	/* ... and one generation made in the interval lets file go on */
	in.gens_created = 1;
	done = mglru_drain(&in, 60, anon);
	tap_ok(done == 1000 && anon[MGLRU_FILE_EXHAUSTED] == 500,
	       "drain-5 one aging step: file takes the last 450 (%g)", done);
	/*
	 * anon older (3 < 4, max_seq 6): branch 2 takes anon's 300; then
	 * min_seq[anon] = min(4, 4): equal, the controller says file: 200
	 */
	one_vec(&in, v61, 60, 3, 4);
	in.max_seq = 6;
	in.evicted_scan = 500;
	done = mglru_drain(&in, 60, anon);
	tap_ok(done == 500 && anon[MGLRU_ANON_OLDER] == 300 && anon[MGLRU_FILE_EXHAUSTED] == 0,
	       "drain-6 anon older drains its generation, then file (%g, %g)",
	       anon[MGLRU_ANON_OLDER], anon[MGLRU_FILE_EXHAUSTED]);
	/*
	 * swappiness 200, anon's oldest (100) empties first: min_seq[anon]
	 * = min(4, 3) = 3 stays until file's 300 are gone, then both move
	 * (3..6 -> 4..6) and anon is first again: 100 + 100 anon of 500.
	 */
	one_vec(&in, v61, 200, 3, 3);
	in.max_seq = 6;
	in.oldest[0] = 100;
	in.evicted_scan = 500;
	done = mglru_drain(&in, 200, anon);
	tap_ok(done == 500 && anon[MGLRU_SWAPPINESS_200] == 200,
	       "drain-8 anon's emptied generation waits for file's: 200 anon of 500 (%g)",
	       anon[MGLRU_SWAPPINESS_200]);
	/*
	 * both oldest generations empty at the start (4..7): isolate_folios()
	 * finds nothing, evict_folios()'s try_to_inc_min_seq() moves both to
	 * 5 and the next batch takes file: 100 file pages, no aging needed
	 */
	one_vec(&in, v61, 60, 4, 4);
	in.max_seq = 7;
	in.oldest[0] = in.oldest[1] = 0;
	in.evicted_scan = 100;
	in.gens_created = 0;
	done = mglru_drain(&in, 60, anon);
	tap_ok(done == 100 && anon[MGLRU_FILE_EXHAUSTED] == 0,
	       "drain-9 both oldest empty: min_seq moves on, 100 file pages (%g)", done);
	/*
	 * --what-if swappiness=200 on that state recorded at 60: the same
	 * drain with anon first, 200 of 500 anon (not all of it)
	 */
	one_vec(&in, v61, 60, 3, 3);
	in.max_seq = 6;
	in.oldest[0] = 100;
	in.evicted_scan = 500;
	tap_ok(fabs(mglru_what_if(&in, 200, &why) - 0.4) < 1e-9 && !why,
	       "whatif-4 swappiness 200 drains batch by batch: share 0.4 (%g)",
	       mglru_what_if(&in, 200, &why));
	/* 6.14: no drain (type selection reworked); two lruvecs: no drain */
	one_vec(&in, v614, 100, 7, 7);
	in.max_seq = 10;
	in.oldest[1] = 60;
	in.evicted_scan = 892;
	mglru_interval(&in, &o);
	tap_ok(o.anon_share == 0, "drain-7 6.14: the start state decides (file)");
}

static int type_line(const char *line, pid_t *pid, int *kind, int *type,
		     int64_t *pages)
{
	return trace_parse_type_line(line, strlen(line), pid, kind, type, pages);
}

/*
 * The eviction-type events, in the TP_printk formats of
 * include/trace/events/vmscan.h (6.1 write_folio; 6.7+ lru_isolate as in
 * "mm: multi-gen LRU: reuse some legacy trace events").
 */
static void test_trace_types(void)
{
	pid_t pid = 0;
	int kind = -1, type = -1;
	int64_t pages = 0;

	tap_ok(type_line("         kswapd0-86      [001] .....   12.5: "
			 "mm_vmscan_write_folio: page=00000000c0ffee00 pfn=0x1234 "
			 "flags=RECLAIM_WB_ANON|RECLAIM_WB_ASYNC", &pid, &kind, &type,
			 &pages) == 1 && pid == 86 && kind == TT_WRITTEN && type == 0 &&
	       pages == 1, "trace-1 6.1 write_folio of an anon page by pid 86");
	tap_ok(type_line("   stress-ng-vm-401     [000] .....  9.1: "
			 "mm_vmscan_lru_isolate: classzone=2 order=0 nr_requested=4096 "
			 "nr_scanned=64 nr_skipped=0 nr_taken=61 lru=inactive_file",
			 &pid, &kind, &type, &pages) == 1 && pid == 401 &&
	       kind == TT_ISOLATED && type == 1 && pages == 61,
	       "trace-2 lru_isolate: nr_taken 61 of inactive_file");
	tap_ok(type_line("  dd-7 [000] ..... 9.1: mm_vmscan_lru_isolate: classzone=2 "
			 "order=0 nr_requested=32 nr_scanned=32 nr_skipped=0 "
			 "nr_taken=32 lru=active_anon", &pid, &kind, &type, &pages) == 0,
	       "trace-3 an active-list isolate is not eviction");
	tap_ok(type_line("  dd-7 [000] ..... 9.1: mm_vmscan_lru_shrink_inactive: "
			 "nid=0 nr_scanned=64 nr_reclaimed=63 nr_dirty=0 "
			 "nr_writeback=0 nr_congested=0 nr_immediate=0 "
			 "nr_activate_anon=0 nr_activate_file=0 nr_ref_keep=0 "
			 "nr_unmap_fail=0 priority=4 flags=RECLAIM_WB_ANON|RECLAIM_WB_ASYNC",
			 &pid, &kind, &type, &pages) == 1 && kind == TT_RECLAIMED &&
	       type == 0 && pages == 63, "trace-4 shrink_inactive: 63 anon reclaimed");
	tap_ok(type_line("  bench-9 [000] ..... 9.1: mm_vmscan_memcg_reclaim_begin: "
			 "order=0 gfp_flags=GFP_KERNEL", &pid, &kind, &type, &pages) == 2 &&
	       pid == 9, "trace-5 memcg reclaim begin marks pid 9");
	tap_ok(type_line("  bench-9 [000] ..... 9.2: mm_vmscan_memcg_reclaim_end: "
			 "nr_reclaimed=32", &pid, &kind, &type, &pages) == 3,
	       "trace-6 memcg reclaim end");
}

int main(void)
{
	test_trace_types();
	test_parser();
	test_controller();
	test_branches();
	test_interval();
	test_drain();
	return tap_done();
}
