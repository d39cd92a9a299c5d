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
	return tap_done();
}
