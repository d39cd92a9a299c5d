/*
 * t-metrics.c - canonical metrics on every captured kernel.
 *
 * Every fixture resolves; the metrics a kernel era must have are there;
 * and for eight kernels from 2.5.75 to 6.19 the values equal sums worked
 * out by hand from the capture (the comments show the arithmetic).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kv.h"
#include "metrics.h"
#include "parse.h"
#include "tap.h"

#define FIXTURES "tests/fixtures/vmstat"

struct snap {
	struct kv_list kv;
	char *buf;
	const char **names;
	int64_t *values;
	struct metric_set set;
};

static int snap_load(struct snap *s, const char *file)
{
	char path[512];
	FILE *f;
	long n;
	size_t i;

	snprintf(path, sizeof(path), "%s/%s", FIXTURES, file);
	f = fopen(path, "rb");
	if (!f)
		return -1;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	s->buf = malloc((size_t)n + 1);
	if (fread(s->buf, 1, (size_t)n, f) != (size_t)n)
		n = 0;
	fclose(f);
	kv_list_init(&s->kv);
	parse_flat(s->buf, (size_t)n, 0, &s->kv);
	s->names = malloc(s->kv.nr * sizeof(*s->names));
	s->values = malloc(s->kv.nr * sizeof(*s->values));
	for (i = 0; i < s->kv.nr; i++) {
		s->names[i] = strndup(s->kv.v[i].name, s->kv.v[i].name_len);
		s->values[i] = s->kv.v[i].value;
	}
	return metric_set_resolve(&s->set, s->names, s->kv.nr);
}

static void snap_release(struct snap *s)
{
	size_t i;

	metric_set_release(&s->set);
	for (i = 0; i < s->kv.nr; i++)
		free((char *)s->names[i]);
	free(s->names);
	free(s->values);
	kv_list_release(&s->kv);
	free(s->buf);
}

/* want < 0: the metric must be n/a */
static void expect(struct snap *s, const char *kernel, const char *metric,
		   int64_t want)
{
	int m = metric_by_name(metric);
	int64_t got = 0;
	int avail;

	if (!tap_ok(m >= 0, "metrics %s: %s is a metric", kernel, metric))
		return;
	avail = metric_value(&s->set, m, s->values, &got) == 0;
	if (want < 0)
		tap_ok(!avail, "metrics-2 %s %s is n/a", kernel, metric);
	else if (tap_ok(avail, "metrics-2 %s %s is available", kernel, metric))
		tap_is_i64(got, want, "metrics-2 %s %s = %lld", kernel, metric,
			   (long long)want);
}

static void hand_checked(void)
{
	struct snap s;

	/* 2.5.75: no kswapd/direct split of scanning; pgsteal - kswapd_steal */
	snap_load(&s, "2.5.75_lkml-bug898.vmstat");
	expect(&s, "2.5.75", "kswapd_scanned", -1);
	expect(&s, "2.5.75", "kswapd_reclaimed", 54230);
	expect(&s, "2.5.75", "direct_reclaimed", 1888);        /* 56118 - 54230 */
	expect(&s, "2.5.75", "refill", 13927);
	snap_release(&s);

	/* 2.6.8-rc2: zones highest first, pgsteal_<zone> is all reclaim */
	snap_load(&s, "2.6.8-rc2_lkml-kronos.vmstat");
	expect(&s, "2.6.8", "kswapd_scanned", 393794);         /* 0 + 342375 + 51419 */
	expect(&s, "2.6.8", "direct_scanned", 79666);          /* 0 + 77220 + 2446 */
	expect(&s, "2.6.8", "kswapd_reclaimed", 337732);       /* kswapd_steal */
	expect(&s, "2.6.8", "direct_reclaimed", 69627);        /* 363175 + 44184 - 337732 */
	expect(&s, "2.6.8", "refill", 394434);                 /* 347828 + 46606 */
	expect(&s, "2.6.8", "alloc_stalls", 2043);
	expect(&s, "2.6.8", "mapped_pages", 43893);            /* nr_mapped: anon + file */
	expect(&s, "2.6.8", "anon_pages", -1);
	expect(&s, "2.6.8", "reclaim_writes", -1);
	snap_release(&s);

	/* 2.6.18: counters that disagree give n/a, not a negative count */
	snap_load(&s, "2.6.18_linux-mm-nietz.vmstat");
	expect(&s, "2.6.18", "kswapd_scanned", 1140091796);   /* 7857 + 0 + 31078435 + 1109005504 */
	expect(&s, "2.6.18", "direct_reclaimed", -1);         /* pgsteal_<zone> 0 < kswapd_steal */
	expect(&s, "2.6.18", "mapped_pages", 358429);          /* nr_mapped + nr_anon_pages */
	snap_release(&s);

	/* 3.6: pgsteal_{kswapd,direct}_<zone>; pgscan_direct_throttle excluded */
	snap_load(&s, "3.6.0-next-20121008_linux-mm-slaby.vmstat");
	expect(&s, "3.6", "kswapd_scanned", 8530111);          /* 2693620 + 5836491 */
	expect(&s, "3.6", "direct_scanned", 2026860);          /* 368374 + 1658486 */
	expect(&s, "3.6", "kswapd_reclaimed", 5934021);        /* 2531015 + 3403006 */
	expect(&s, "3.6", "direct_reclaimed", 1496999);        /* 362488 + 1134511 */
	expect(&s, "3.6", "refill", 3122305);                  /* 1124272 + 1998033 */
	expect(&s, "3.6", "file_writes", 1674280);             /* 1674280 - 0 */
	expect(&s, "3.6", "mapped_pages", 541997);             /* 41319 + 500678 */
	expect(&s, "3.6", "minor_faults", 645754148);          /* 645947575 - 193427 */
	expect(&s, "3.6", "refaults", -1);
	snap_release(&s);

	/* 4.4: last zone-suffixed era, workingset_refault */
	snap_load(&s, "4.4_node_exporter.vmstat");
	expect(&s, "4.4", "kswapd_scanned", 466440);           /* 107656 + 358784 */
	expect(&s, "4.4", "direct_scanned", 6863);             /* 67 + 6796 */
	expect(&s, "4.4", "kswapd_reclaimed", 332911);         /* 78783 + 254128 */
	expect(&s, "4.4", "direct_reclaimed", 6528);           /* 44 + 6484 */
	expect(&s, "4.4", "file_writes", 5);                   /* 35050 - 35045 */
	expect(&s, "4.4", "refaults", 157066);
	expect(&s, "4.4", "swap_out", 35045);
	snap_release(&s);

	/* 5.6: node LRU, allocstall_<zone> */
	snap_load(&s, "5.6_below.vmstat");
	expect(&s, "5.6", "kswapd_scanned", 1743683511);
	expect(&s, "5.6", "direct_scanned", 5877901);
	expect(&s, "5.6", "kswapd_reclaimed", 1709049230);
	expect(&s, "5.6", "direct_reclaimed", 5652651);
	expect(&s, "5.6", "refill", 820237987);
	expect(&s, "5.6", "alloc_stalls", 66453);              /* 0 + 0 + 2848 + 63605 */
	expect(&s, "5.6", "minor_faults", 62559076255LL);      /* 62574548442 - 15472187 */
	snap_release(&s);

	/* 6.19: the newest capture */
	snap_load(&s, "6.19.13-200.fc43_pd-andronix.vmstat");
	expect(&s, "6.19", "minor_faults", 6000119);           /* 6012900 - 12781 */
	expect(&s, "6.19", "mapped_pages", 1205760);           /* 188703 + 1017057 */
	expect(&s, "6.19", "file_pages", 620870);
	expect(&s, "6.19", "free_pages", 106785);
	expect(&s, "6.19", "refaults", 0);                     /* anon 0 + file 0 */
	expect(&s, "6.19", "alloc_stalls", 0);                 /* five zones, all 0 */
	expect(&s, "6.19", "file_writes", 0);                  /* 0 - 0 */
	snap_release(&s);

	/* 6.12: workingset_refault_{anon,file} */
	snap_load(&s, "6.12-el10_jamescun-procfs.vmstat");
	expect(&s, "6.12", "refaults", 270758664);             /* 0 + 270758664 */
	expect(&s, "6.12", "kswapd_scanned", 0);
	expect(&s, "6.12", "alloc_stalls", 0);
	expect(&s, "6.12", "mapped_pages", 42540);             /* 24121 + 18419 */
	snap_release(&s);
}

/* Every fixture resolves, and from 2.6.8 on the reclaim core is there. */
static void every_fixture(void)
{
	static const char *const core[] = {
		"kswapd_scanned", "direct_scanned", "kswapd_reclaimed",
		"refill", "swap_out", "major_faults", "alloc_stalls",
		"kswapd_runs", "mapped_pages",
	};
	DIR *d = opendir(FIXTURES);
	struct dirent *de;
	int files = 0;

	while (d && (de = readdir(d))) {
		struct snap s;
		size_t i, len = strlen(de->d_name);
		int ok = 1;

		if (len < 7 || strcmp(de->d_name + len - 7, ".vmstat"))
			continue;
		files++;
		if (snap_load(&s, de->d_name)) {
			tap_ok(0, "metrics-1 %s resolves", de->d_name);
			continue;
		}
		for (i = 0; i < sizeof(core) / sizeof(core[0]); i++) {
			int m = metric_by_name(core[i]);

			/* 2.5.75 predates the kswapd/direct split of pgscan */
			if (!strncmp(de->d_name, "2.5.", 4) && i < 2)
				continue;
			if (!metric_available(&s.set, m)) {
				printf("#   %s lacks %s\n", de->d_name, core[i]);
				ok = 0;
			}
		}
		tap_ok(ok, "metrics-1 %s has the reclaim core metrics", de->d_name);
		snap_release(&s);
	}
	if (d)
		closedir(d);
	tap_ok(files >= 36, "metrics-1 all %d fixtures were read", files);
}

static void describe(void)
{
	struct snap s;
	char buf[128];

	snap_load(&s, "2.6.8-rc2_lkml-kronos.vmstat");
	metric_describe(&s.set, METRIC_direct_reclaimed, buf, sizeof(buf));
	tap_ok(!strcmp(buf, "pgsteal_<zone> - kswapd_steal"),
	       "metrics-3.1 the chosen spelling is named (%s)", buf);
	snap_release(&s);
	tap_is_i64(metric_by_name("no_such_metric"), -1, "metrics-3.2 unknown name");
}

/* Resolve hand-made names and read one metric: -1 when n/a. */
static int64_t made_up(const char *const *names, const int64_t *values,
		       size_t nr, const char *metric)
{
	struct metric_set set;
	int64_t got = -1;

	if (metric_set_resolve(&set, names, nr))
		return -2;
	if (metric_value(&set, metric_by_name(metric), values, &got))
		got = -1;
	metric_set_release(&set);
	return got;
}

/*
 * The term kinds metrics.def documents, on names made up here so each
 * rule is tested apart from what the fixtures happen to hold.
 */
static void term_kinds(void)
{
	static const char *const zoned[] = {
		"pgscan_direct_dma32", "pgscan_direct_normal",
		"pgscan_direct_throttle", "pgscan_direct_normalx",
	};
	static const int64_t zoned_v[] = { 10, 20, 1000, 500 };
	static const char *const zi[] = {
		"zoneinfo:node0.prev_priority", "zoneinfo:node1.prev_priority",
		"zoneinfo:node1.scanned", "pgfault",
	};
	static const int64_t zi_v[] = { 12, 7, 3, 1 };
	static const char *const tr[] = {
		"trace:kswapd_priority_12", "trace:kswapd_priority_9",
		"trace:kswapd_priority_7", "trace:kswapd_priority_3",
	};
	static const int64_t tr_v[] = { 5, 3, 2, 0 }, tr_zero[] = { 0, 0, 0, 0 };
	static const char *const pcp[] = {
		"zoneinfo:node0.DMA32.pcp_count", "zoneinfo:node0.Normal.pcp_count",
		"zoneinfo:node0.Normal.pcp_high", "zoneinfo:node1.Normal.pcp_count",
	};
	static const int64_t pcp_v[] = { 189, 13630, 18746, 7 };

	/* "_<zone>" sums the zone suffixes only: 10 + 20, not throttle */
	tap_is_i64(made_up(zoned, zoned_v, 4, "direct_scanned"), 30,
		   "metrics-4.1 a _<zone> term sums exactly the zone suffixes");
	/* LOWEST over the glob node*.prev_priority: min(12, 7) */
	tap_is_i64(made_up(zi, zi_v, 4, "prev_priority"), 7,
		   "metrics-4.2 a glob term, LOWEST: the lowest of the names it matches");
	/* DEEPEST: the lowest level whose counter moved: 7 (level 3 is 0) */
	tap_is_i64(made_up(tr, tr_v, 4, "trace_kswapd_priority"), 7,
		   "metrics-4.3 DEEPEST: the lowest level that moved");
	tap_is_i64(made_up(tr, tr_zero, 4, "trace_kswapd_priority"), -1,
		   "metrics-4.4 DEEPEST: n/a when no level moved");
	/* a GAUGE glob sums every zone of every node: 189 + 13630 + 7 */
	tap_is_i64(made_up(pcp, pcp_v, 4, "pcp_pages"), 13826,
		   "metrics-4.5 a glob term, GAUGE: the sum of the names it matches, "
		   "no other field");
}

int main(void)
{
	term_kinds();
	hand_checked();
	every_fixture();
	describe();
	return tap_done();
}
