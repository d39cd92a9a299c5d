/*
 * t-zone-frees.c - the pages freed in each zone over an interval, from
 * its free pages and pgalloc_<zone> (analyzer/zone_frees.c), and what a
 * kswapd walk reclaims before one zone has gained its low-to-high gap:
 * pgdat_balanced() takes the node as balanced once any zone is at its
 * high watermark (mm/vmscan.c, v6.1 and v6.18).  The numbers are a 1 GB
 * lab guest's: DMA low 221, high 265; DMA32 low 13857, high 16628.
 */
#include <math.h>
#include <string.h>

#include "zone_frees.h"
#include "tap.h"

static char *names[] = {
	"pgalloc_dma", "pgalloc_dma32", "pgalloc_normal",
	"zoneinfo:node0.DMA.nr_free_pages", "zoneinfo:node0.DMA.low",
	"zoneinfo:node0.DMA.high",
	"zoneinfo:node0.DMA32.nr_free_pages", "zoneinfo:node0.DMA32.low",
	"zoneinfo:node0.DMA32.high",
	/* an empty zone prints its watermarks, no free pages */
	"zoneinfo:node0.Normal.low", "zoneinfo:node0.Normal.high",
	"zoneinfo:node1.DMA32.nr_free_pages", "zoneinfo:node1.DMA32.low",
	"zoneinfo:node1.DMA32.high", "pgfree",
};
#define N (sizeof(names) / sizeof(names[0]))
enum { A_DMA, A_DMA32, A_NORMAL, F_DMA, L_DMA, H_DMA, F_DMA32, L_DMA32,
       H_DMA32, L_NORMAL, H_NORMAL, F1_DMA32, L1_DMA32, H1_DMA32, PGFREE };

struct sample {
	int64_t delta[N], value[N];
	unsigned char present[N];
	struct metric_stream ms;
};

/*
 * One node's interval: DMA's free pages rose by 100 and nothing was
 * allocated from it; DMA32's rose by 300 while allocations took 200 of
 * it.  Node 1 is left out (n: the names read).
 */
static void sample(struct sample *s, size_t n)
{
	static const int64_t value[N] = { 0, 0, 0, 1300, 221, 265, 14100, 13857, 16628,
					  0, 0, 9000, 8000, 9500, 0 };
	static const int64_t delta[N] = { 0, 200, 0, 100, 0, 0, 300, 0, 0,
					  0, 0, 50, 0, 0, 700 };
	size_t i;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < N; i++) {
		s->value[i] = value[i];
		s->delta[i] = delta[i];
		s->present[i] = 1;
	}
	s->ms.names = names;
	s->ms.delta = s->delta;
	s->ms.it.present = s->present;
	s->ms.it.value = s->value;
	s->ms.it.c.nr = n;
}

static double need_of(struct sample *s, double reclaimed)
{
	struct zone_frees z;

	zone_frees_resolve(&z, s->ms.names, s->ms.it.c.nr);
	return zone_frees_need(&z, &s->ms, reclaimed);
}

/*
 * Node 0 of a 512 MB 6.12 lab guest (labAK run 9 at 10 s): DMA managed
 * 3840, high 32; DMA32 managed 114838, high 979; an empty Normal zone.
 * DMA's reserve against a movable allocation is 114838 / 256 = 448
 * (setup_per_zone_lowmem_reserve(), ratio 256), so DMA is balanced above
 * 32 + 448 = 480 free pages (__zone_watermark_ok(): `free_pages <= min +
 * z->lowmem_reserve[highest_zoneidx]` fails).
 */
static char *guest_names[] = {
	"zoneinfo:node0.DMA.nr_free_pages", "zoneinfo:node0.DMA.high",
	"zoneinfo:node0.DMA.managed",
	"zoneinfo:node0.DMA32.nr_free_pages", "zoneinfo:node0.DMA32.high",
	"zoneinfo:node0.DMA32.managed",
	"zoneinfo:node0.Normal.nr_free_pages", "zoneinfo:node0.Normal.high",
	"zoneinfo:node0.Normal.managed",
	"zoneinfo:node0.DMA.protection", "zoneinfo:node0.DMA32.protection",
	"zoneinfo:node1.DMA32.nr_free_pages",
};
#define NG (sizeof(guest_names) / sizeof(guest_names[0]))
enum { G_FREE_DMA, G_HIGH_DMA, G_MAN_DMA, G_FREE_DMA32, G_HIGH_DMA32,
       G_MAN_DMA32, G_FREE_NORMAL, G_HIGH_NORMAL, G_MAN_NORMAL,
       G_PROT_DMA, G_PROT_DMA32, G_FREE1_DMA32 };

struct guest {
	int64_t delta[NG], value[NG];
	unsigned char present[NG];
	struct metric_stream ms;
};

/* the guest's sample, DMA and DMA32 holding dma and dma32 free pages;
 * the first n names read (no protection, no node 1: NG - 3); patch: the
 * values to change (-1: none, NOT_SAMPLED) */
#define NOT_SAMPLED (-2)
static enum node_balance balanced(int64_t dma, int64_t dma32, size_t n,
				  const int64_t *patch)
{
	static const int64_t value[NG] = { 0, 32, 3840, 0, 979, 114838, 0, 0, 0,
					   0, 0, 500 };
	struct guest g;
	struct zone_frees z;
	size_t i;

	memset(&g, 0, sizeof(g));
	for (i = 0; i < NG; i++) {
		g.value[i] = patch && patch[i] >= 0 ? patch[i] : value[i];
		g.present[i] = !patch || patch[i] != NOT_SAMPLED;
	}
	g.value[G_FREE_DMA] = dma;
	g.value[G_FREE_DMA32] = dma32;
	g.ms.names = guest_names;
	g.ms.delta = g.delta;
	g.ms.it.present = g.present;
	g.ms.it.value = g.value;
	g.ms.it.c.nr = n;
	zone_frees_resolve(&z, g.ms.names, n);
	return zone_frees_balanced(&z, &g.ms);
}

/* balanced() with one gauge changed */
static enum node_balance balanced_with(int64_t dma, int64_t dma32, size_t n,
				       int which, int64_t v)
{
	int64_t patch[NG];
	size_t i;

	for (i = 0; i < NG; i++)
		patch[i] = -1;
	patch[which] = v;
	return balanced(dma, dma32, n, patch);
}

static void balanced_tests(void)
{
	/* the host's zones (this machine's /proc/zoneinfo, 6.18): managed
	 * 3840 / 772845 / 4390912, DMA's protection (0, 3018, 20170, ...) */
	int64_t host[NG] = { 0, 18, 3840, 0, 4070, 772845, 0, 23136, 4390912,
			     -1, -1, -1 };

	tap_ok(balanced(1463, 900, NG - 3, NULL) == BALANCE_MET,
	       "zone-frees-10 DMA above its high watermark and its reserve balances the node, DMA32 below its own");
	tap_ok(balanced(470, 900, NG - 3, NULL) == BALANCE_SHORT,
	       "zone-frees-11 no zone above high + reserve: not balanced, though the free pages' sum (1370) passes the high watermarks' (1011)");
	tap_ok(balanced(480, 900, NG - 3, NULL) == BALANCE_SHORT && balanced(481, 900, NG - 3, NULL) == BALANCE_MET,
	       "zone-frees-12 DMA at exactly high + reserve (480) is not balanced, one page more is");
	tap_ok(balanced(470, 980, NG - 3, NULL) == BALANCE_MET && balanced(470, 979, NG - 3, NULL) == BALANCE_SHORT,
	       "zone-frees-13 the highest zone keeps no reserve: DMA32 balances the node one page above its high watermark");
	tap_ok(balanced_with(1463, 900, NG - 1, G_PROT_DMA, 1500) == BALANCE_SHORT &&
	       balanced_with(1463, 900, NG - 1, G_PROT_DMA, 400) == BALANCE_MET,
	       "zone-frees-14 the recorded protection, not the default's 448, is DMA's reserve");
	tap_ok(balanced(20189, 0, NG - 3, host) == BALANCE_MET && balanced(20188, 0, NG - 3, host) == BALANCE_SHORT,
	       "zone-frees-15 the default's reserve is the protection tuple's last number: this host's DMA, (772845 + 4390912) / 256 = 20170 over high 18");
	tap_ok(balanced(1463, 900, NG, NULL) == BALANCE_UNKNOWN,
	       "zone-frees-16 a second node recorded: not known (kswapd balances each node on its own)");
	tap_ok(balanced_with(470, 900, NG - 3, G_MAN_DMA32, 0) == BALANCE_MET,
	       "zone-frees-17 no managed pages above DMA: no reserve");
	tap_ok(balanced_with(470, 900, NG - 3, G_FREE_NORMAL, NOT_SAMPLED) == BALANCE_SHORT &&
	       balanced_with(470, 980, NG - 3, G_FREE_NORMAL, NOT_SAMPLED) == BALANCE_MET,
	       "zone-frees-18 an empty zone (managed 0) prints watermarks and no free pages' count: left out, not unknown");
	tap_ok(balanced_with(1463, 900, NG - 3, G_MAN_DMA32, NOT_SAMPLED) == BALANCE_UNKNOWN &&
	       balanced_with(1463, 900, NG - 3, G_HIGH_DMA, NOT_SAMPLED) == BALANCE_UNKNOWN,
	       "zone-frees-19 a zone's managed pages or high watermark not sampled: not known");
}

int main(void)
{
	struct sample s;
	double need;

	/* reclaim freed 600 pages, DMA's 100 of them (its free pages' rise):
	 * its 44-page gap fills after 44 * 600 / 100 = 264; DMA32 had the
	 * other 500, its 2771 after 3325.2 */
	sample(&s, N - 4);
	need = need_of(&s, 600);
	tap_ok(fabs(need - 264) < 1e-9,
	       "zone-frees-1 the zone that fills its gap first at its share of reclaim's frees ends the walk: %.1f pages",
	       need);
	s.delta[F_DMA] = -40;
	need = need_of(&s, 600);
	tap_ok(fabs(need - 2771) < 1e-9,
	       "zone-frees-2 a lower zone whose free pages fell, nothing allocated from it, had none: the highest zone's gap, %.1f",
	       need);
	sample(&s, N - 4);
	s.delta[A_DMA] = 300;                /* DMA freed 400 of 600 */
	need = need_of(&s, 600);
	tap_ok(fabs(need - 44.0 * 600 / 400) < 1e-9,
	       "zone-frees-3 allocations taken from a lower zone count as freed in it: %.1f pages",
	       need);
	sample(&s, N - 4);
	s.delta[A_DMA32] = 20200;            /* allocated and freed again */
	need = need_of(&s, 600);
	tap_ok(fabs(need - 264) < 1e-9,
	       "zone-frees-4 the tasks' own frees are the highest zone's: 20000 pages allocated from DMA32 and freed again leave %.1f",
	       need);
	sample(&s, N);
	need = need_of(&s, 650);
	/* DMA32 on two nodes, gap 2771 + 1500: DMA 100 of 650 */
	tap_ok(fabs(need - 44.0 * 650 / 100) < 1e-9,
	       "zone-frees-5 a zone's frees and gap summed over the nodes: %.1f pages", need);
	sample(&s, N - 4);
	s.present[H_DMA] = 0;
	tap_ok(isnan(need_of(&s, 600)),
	       "zone-frees-6 a zone's watermark not sampled: fewer than two zones read, not known");
	sample(&s, N - 4);
	s.ms.names = names + 1;
	s.ms.delta = s.delta + 1;
	s.ms.it.present = s.present + 1;
	s.ms.it.value = s.value + 1;
	s.ms.it.c.nr = N - 5;
	tap_ok(isnan(need_of(&s, 600)),
	       "zone-frees-7 no pgalloc_dma: DMA's frees not known, nor the need");
	sample(&s, N - 4);
	tap_ok(isnan(need_of(&s, 0)),
	       "zone-frees-8 nothing reclaimed: no need");
	sample(&s, N - 4);
	s.value[H_DMA] = 1221;               /* a DMA gap of 1000 */
	need = need_of(&s, 600);
	tap_ok(fabs(need - 2771.0 * 600 / 500) < 1e-9,
	       "zone-frees-9 the highest zone has the reclaim the lower ones did not: DMA32's 500 of 600 fill its gap first, after %.1f",
	       need);
	balanced_tests();
	return tap_done();
}
