/*
 * t-model.c - the reclaim model against a simulated classic kernel.
 *
 * A small simulator plays 2.6.9's reclaim with a known priority per
 * interval: N passes at priority p scan 2 * (L >> p) pages each
 * (shrink_zone()), reclaim a fraction E of them, and swap only when
 * swap_tendency = mapped_ratio / 2 + (100 >> p) + swappiness >= 100
 * (refill_inactive_zone()).  The replay must recover p within one level
 * and put at least 95% of the swapped-out volume in the class the
 * simulation meant.  The 2004 scenario is the backbone: 86% of memory
 * mapped, swappiness 0..100, a kswapd that builds its priority up against
 * one that restarts after 32 pages.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model.h"
#include "tap.h"

/* 29 GB of 4 KiB pages, as the SGI Altix of 2004 */
#define TOTAL 7602176.0
#define INACTIVE 1500000.0
#define HIGH_WMARKS 40000.0

static unsigned long long rng = 0x9e3779b97f4a7c15ULL;

static double noise(void)   /* uniform in [0.8, 1.2) */
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return 0.8 + 0.4 * (double)(rng % 1000000) / 1e6;
}

/* Simulate one interval of kswapd at priority p; returns pages swapped. */
static double simulate(struct interval_in *in, int p, double e,
		       double swappiness, double mapped_pct)
{
	double passes = 50, scanned = passes * 2 * ((long)INACTIVE >> p) * noise();
	double tendency = mapped_pct / 2 + (100 >> p) + swappiness;

	memset(in, 0, sizeof(*in));
	in->dt_s = 1;
	in->scan_kswapd = scanned;
	in->steal_kswapd = e * scanned;
	in->kswapd_runs = passes;
	in->scan_direct = in->steal_direct = in->stalls = 0;
	in->mapped = TOTAL * mapped_pct / 100;
	in->total = TOTAL;
	in->inactive = INACTIVE;
	in->active = -1;    /* 2.6.9: no imbalance term */
	in->high_wmark_sum = HIGH_WMARKS;
	in->zone_scanned = NAN;
	in->swappiness = swappiness;
	in->swap_out = tendency >= 100 ? 0.1 * scanned : 0;
	return in->swap_out;
}

struct tally {
	double volume, right;
	int intervals, p_ok;
};

static void replay(struct tally *t, int p, double e, double sw, double mapped,
		   enum cause want)
{
	static const int v2_6_9[3] = { 2, 6, 9 };
	struct interval_in in;
	struct interval_out out;
	double out_pages = simulate(&in, p, e, sw, mapped);

	model_classic(&in, v2_6_9, &out);
	t->intervals++;
	t->p_ok += fabs(out.p_hat - p) <= 1;
	if (out_pages > 0) {
		t->volume += out_pages;
		t->right += out.cause == want ? out_pages : 0;
	}
}

static void sweep_2004(void)
{
	struct tally buildup = { 0 }, restart = { 0 };
	int sw, i;
	double swapped_restart = 0;

	for (sw = 0; sw <= 100; sw += 20)
		for (i = 0; i < 50; i++) {
			struct interval_in in;
			/* the gate is open without distress once
			 * 100 - swappiness - 86 / 2 <= 0, from 57 on */
			enum cause want = 100 - sw - 43 <= 0 ? CAUSE_MAPPED :
					  CAUSE_BUILDUP;

			replay(&buildup, i % 2, 0.9, sw, 86, want);
			/* restarting after 32 pages keeps priority near 12 */
			replay(&restart, 10 + i % 3, 0.9, sw, 86, CAUSE_MAPPED);
			if (sw == 0)
				swapped_restart += simulate(&in, 10 + i % 3, 0.9, 0, 86);
		}
	tap_ok(buildup.p_ok == buildup.intervals,
	       "model-1.1 build-up kswapd: priority recovered within one level (%d/%d)",
	       buildup.p_ok, buildup.intervals);
	tap_ok(restart.p_ok == restart.intervals,
	       "model-1.2 restarting kswapd: priority recovered within one level (%d/%d)",
	       restart.p_ok, restart.intervals);
	tap_ok(buildup.right >= 0.95 * buildup.volume,
	       "model-1.3 build-up sweep: %.1f%% of the swapped volume in its class",
	       100 * buildup.right / buildup.volume);
	tap_ok(restart.right >= 0.95 * restart.volume,
	       "model-1.4 restart sweep: %.1f%% of the swapped volume in its class",
	       100 * restart.right / restart.volume);
	tap_ok(swapped_restart == 0,
	       "model-1.5 at swappiness 0 a restarting kswapd swaps nothing (2.6.5's 0 MB)");
}

static void distress(void)
{
	struct tally t = { 0 };
	int i;

	/* swappiness 20: D = 100 - 20 - 43 = 37, p* = 1; hard reclaim E = 2% */
	for (i = 0; i < 100; i++)
		replay(&t, i % 2, 0.02, 20, 86, CAUSE_DISTRESS);
	tap_ok(t.right >= 0.95 * t.volume && t.volume > 0,
	       "model-2.1 hard reclaim at deep priority is distress (%.1f%%)",
	       100 * t.right / t.volume);
}

static void unexplained(void)
{
	static const int v[3] = { 2, 6, 9 };
	struct interval_in in;
	struct interval_out out;

	/* swap-out at priority 11 and swappiness 0: the gate was shut */
	simulate(&in, 11, 0.9, 0, 86);
	in.swap_out = 1000;
	model_classic(&in, v, &out);
	tap_ok(out.cause == CAUSE_UNEXPLAINED,
	       "model-3.1 swap-out the gate forbids is unexplained, not folded (%s)",
	       cause_name(out.cause));
	tap_ok(out.p_star == 0 && fabs(out.gate - 57) < 1e-9,
	       "model-3.2 gate: D = 100 - 0 - 86/2 = 57, p* = 0");
	/* the same on 2.6.19 with a zone scanned 3x its LRU: near OOM */
	{
		static const int v19[3] = { 2, 6, 19 };

		in.active = 1000000;
		in.zone_scanned = 3 * (in.active + in.inactive);
		model_classic(&in, v19, &out);
		tap_ok(out.cause == CAUSE_NEAR_OOM,
		       "model-3.3 2.6.19+: scanned >= 3 x LRU is the near-OOM override (%s)",
		       cause_name(out.cause));
		model_classic(&in, v, &out);
		tap_ok(out.cause == CAUSE_UNEXPLAINED,
		       "model-3.4 not before 2.6.19 (%s)", cause_name(out.cause));
	}
}

/*
 * 2.6.24's imbalance term, by hand from refill_inactive_zone():
 *   imbalance = active / (inactive + 1) * (swappiness + 1) / 100
 *               * mapped_ratio / 100
 *   swap_tendency = mapped_ratio / 2 + distress + swappiness + imbalance
 * With active 3M, inactive 1M, swappiness 60 and 50% mapped, the gate
 * D = 100 - 60 - 25 - imbalance: it LOWERS the distress needed.
 */
static void imbalance(void)
{
	static const int v24[3] = { 2, 6, 24 };
	struct interval_in in;
	struct interval_out out;
	double imb = 3e6 / (1e6 + 1) * 61 / 100 * 50.0 / 100;

	simulate(&in, 6, 0.9, 60, 50);
	in.active = 3e6;
	in.inactive = 1e6;
	model_classic(&in, v24, &out);
	tap_ok(fabs(out.gate - (15 - imb)) < 1e-6,
	       "model-6.1 2.6.24: the imbalance term lowers the gate to %.3f (%.3f)",
	       15 - imb, out.gate);
	/* swap_tendency >= 100 opens the gate: at swappiness 50 and 50%
	 * mapped, D = 25 exactly, and distress 100 >> 2 = 25 reaches it */
	simulate(&in, 6, 0.9, 50, 50);
	model_classic(&in, (const int[3]){ 2, 6, 9 }, &out);
	tap_ok(out.p_star == 2 && fabs(out.gate - 25) < 1e-9,
	       "model-6.2 D = 25 is met at priority 2 (>=, not >): p* = %d", out.p_star);
}

static void versions(void)
{
	int v[3];

	tap_ok(!model_parse_version("2.6.9-rc1-mm3", v) && v[0] == 2 && v[1] == 6 &&
	       v[2] == 9, "model-5.1 2.6.9-rc1-mm3");
	tap_ok(!model_parse_version("6.18.44-fc-v669", v) && v[0] == 6 && v[1] == 18,
	       "model-5.2 6.18.44-fc-v669");
	tap_ok(!model_parse_version("6.1", v) && v[0] == 6 && v[1] == 1 && v[2] == 0,
	       "model-5.3 6.1");
	tap_ok(model_parse_version("linux", v) < 0, "model-5.4 not a version");
}

int main(void)
{
	sweep_2004();
	distress();
	unexplained();
	imbalance();
	versions();
	return tap_done();
}
