/*
 * t-zone-skips.c - reading the skipped pages and the zones' own lists
 * from a run's counters (analyzer/zone_skips.c): which zones a walk that
 * skipped some had for its own, summed over the nodes, each the larger
 * of its two samples; and what such a walk must reclaim in them.
 */
#include <math.h>
#include <string.h>

#include "zone_skips.h"
#include "metrics.h"
#include "tap.h"

/* the counters as the collector names them (vmstat, zoneinfo) */
static char *names[] = {
	"pgskip_dma", "pgskip_dma32", "pgskip_normal", "pgskip_movable",
	"zoneinfo:node0.DMA.nr_zone_inactive_anon", "zoneinfo:node0.DMA.nr_zone_inactive_file",
	"zoneinfo:node0.DMA32.nr_zone_inactive_anon", "zoneinfo:node0.DMA32.nr_zone_inactive_file",
	"zoneinfo:node1.DMA.nr_zone_inactive_anon", "zoneinfo:node1.DMA.nr_zone_inactive_file",
	"zoneinfo:node0.DMA.boost", "nr_inactive_file",
	"zoneinfo:node0.DMA.nr_free_pages", "zoneinfo:node0.DMA.high",
	"zoneinfo:node1.DMA.nr_free_pages", "zoneinfo:node1.DMA.high",
	"zoneinfo:node0.DMA32.nr_free_pages", "zoneinfo:node0.DMA32.high",
};
#define NODE0_FREE 12
#define NODE0_HIGH 13
#define N (sizeof(names) / sizeof(names[0]))

struct sample {
	int64_t delta[N], value[N];
	unsigned char present[N];
	struct metric_stream ms;
};

/* skips of DMA32 and Normal; lists DMA 4/3150 and 1/100 (two nodes),
 * DMA32 90000/6000; the DMA zones' free pages 458 and 100, high
 * watermarks 32 and 5; DMA32's 2000 and 900 */
static void sample(struct sample *s, int64_t skip32, int64_t skip_normal,
		   int64_t dma_file)
{
	static const int64_t lists[N] = { 0, 0, 0, 0, 4, 0, 90000, 6000, 1, 100, 512, 9000,
					  458, 32, 100, 5, 2000, 900 };
	size_t i;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < N; i++) {
		s->value[i] = lists[i];
		s->present[i] = 1;
	}
	s->value[5] = dma_file;
	s->delta[1] = skip32;
	s->delta[2] = skip_normal;
	s->ms.names = names;
	s->ms.delta = s->delta;
	s->ms.it.present = s->present;
	s->ms.it.value = s->value;
	s->ms.it.c.nr = N;
}

/*
 * A DMA-index walk ends once the DMA zones meet high_wmark_pages(), the
 * boost included: high + max(pageblock, high * 1.5) less the free pages
 * the interval began with (node0: 32 + 512 - 458 = 86; node1: 5 + 512 -
 * 100 = 417), read before zone_skips_read() moves the start on.
 */
static void need_to_balance(void)
{
	struct zone_skips z;
	struct zone_lists_last last;
	struct split_lists own;
	struct sample s;
	double skipped, need, without;

	zone_skips_resolve(&z, names, N);
	memset(&last, 0, sizeof(last));
	sample(&s, 6000, 0, 3150);
	zone_skips_read(&z, &s.ms, &last, &skipped, &own);
	s.value[NODE0_FREE] = 900;           /* the walk freed pages meanwhile */
	need = zone_skips_need(&z, &s.ms, &last, 512);
	tap_ok(need == 86 + 417,
	       "zone-skips-6 DMA32 pages skipped: the DMA zones' need to balance at high + boost from the start's free pages, %.0f",
	       need);
	s.delta[1] = 0;
	without = zone_skips_need(&z, &s.ms, &last, 512);
	s.delta[1] = 6000;
	s.present[NODE0_HIGH] = 0;
	tap_ok(isnan(without) && isnan(zone_skips_need(&z, &s.ms, &last, 512)),
	       "zone-skips-7 no zone skipped, or a high watermark not sampled: no need known");
}

int main(void)
{
	struct zone_skips z;
	struct zone_lists_last last;
	struct split_lists own;
	struct sample s;
	double skipped;
	int all;

	zone_skips_resolve(&z, names, N);
	memset(&last, 0, sizeof(last));
	sample(&s, 6000, 0, 3150);
	all = zone_skips_read(&z, &s.ms, &last, &skipped, &own);
	tap_ok(all && skipped == 6000 && own.inactive_anon == 5 && own.inactive_file == 3250,
	       "zone-skips-1 DMA32 pages skipped: the walk's own lists are the DMA zones' of both nodes (anon %.0f, file %.0f), %.0f skipped",
	       own.inactive_anon, own.inactive_file, skipped);
	sample(&s, 0, 70, 1000);
	zone_skips_read(&z, &s.ms, &last, &skipped, &own);
	tap_ok(skipped == 70 && own.inactive_anon == 90005 && own.inactive_file == 3150 + 6000 + 100,
	       "zone-skips-2 Normal pages skipped: DMA and DMA32 are the walk's, each zone's list the larger of its two samples (file %.0f)",
	       own.inactive_file);
	s.present[7] = 0;
	tap_ok(!zone_skips_read(&z, &s.ms, &last, &skipped, &own),
	       "zone-skips-3 a list of the walk's zones not sampled: not told");
	/* the same sample without the pgskip counters */
	s.ms.names = names + 4;
	s.ms.delta = s.delta + 4;
	s.ms.it.present = s.present + 4;
	s.ms.it.value = s.value + 4;
	s.ms.it.c.nr = N - 4;
	zone_skips_resolve(&z, s.ms.names, s.ms.it.c.nr);
	zone_skips_read(&z, &s.ms, &last, &skipped, &own);
	tap_ok(isnan(skipped),
	       "zone-skips-4 no pgskip counter (before 4.8): skipped not known");
	tap_ok(zone_place("DMA", 3) == 0 && zone_place("dma32", 5) == 1 &&
	       zone_place("Normal", 6) == 2 && zone_place("HighMem", 7) == 3 &&
	       zone_place("high", 4) == 3 && zone_place("Movable", 7) == 4 &&
	       zone_place("device", 6) == 5 && zone_place("dma3", 4) == -1,
	       "zone-skips-5 zone places by vmstat suffix and zoneinfo name alike, HighMem as vmstat's high");
	need_to_balance();
	return tap_done();
}
