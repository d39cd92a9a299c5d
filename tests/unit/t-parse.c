/*
 * t-parse.c - the /proc text parsers on every captured kernel.
 *
 * Each fixture is parsed by the collector's parser and, independently, by
 * a slow reference reader here (sscanf and strtoull); the two must agree
 * entry by entry, which shows that no kernel's file loses or bends a
 * value.  Synthetic cases cover what no capture happens to contain:
 * values at 2^64-1, over 64 bits, a gauge printed negative.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kv.h"
#include "parse.h"
#include "tap.h"

#define FIXTURES "tests/fixtures/vmstat"

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	if (buf)
		buf[n] = 0;
	*len = (size_t)n;
	return buf;
}

static int64_t find(const struct kv_list *l, const char *name, int *found)
{
	size_t i, n = strlen(name);

	for (i = 0; i < l->nr; i++)
		if (l->v[i].name_len == n && !memcmp(l->v[i].name, name, n)) {
			*found = 1;
			return l->v[i].value;
		}
	*found = 0;
	return 0;
}

/* Reference reader for "name value" and "Name: value kB" files. */
static int reference_check(const char *path, const struct kv_list *l,
			   int meminfo)
{
	FILE *f = fopen(path, "r");
	char line[512], name[256], num[64];
	size_t i = 0;
	int bad = 0;

	while (f && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');
		unsigned long long v;

		if (meminfo && colon)
			*colon = ' ';
		if (sscanf(line, "%255s %63s", name, num) != 2)
			continue;
		errno = 0;
		v = strtoull(num, NULL, 10);
		if (errno || num[0] < '0' || num[0] > '9')
			continue;
		if (i >= l->nr || l->v[i].name_len != strlen(name) ||
		    memcmp(l->v[i].name, name, strlen(name)) ||
		    (uint64_t)l->v[i].value != v) {
			printf("#   %s: entry %zu (%s %llu) differs\n", path, i,
			       name, v);
			bad = 1;
			break;
		}
		i++;
	}
	if (f)
		fclose(f);
	return !bad && f && i == l->nr && i > 0;
}

static int has_suffix(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a > b && !strcmp(s + a - b, suffix);
}

static void test_fixtures(const char *suffix, int meminfo, int min_files)
{
	DIR *d = opendir(FIXTURES);
	struct dirent *de;
	int files = 0;

	while (d && (de = readdir(d))) {
		char path[512];
		struct kv_list l;
		size_t len;
		char *buf;

		if (!has_suffix(de->d_name, suffix))
			continue;
		snprintf(path, sizeof(path), "%s/%s", FIXTURES, de->d_name);
		buf = slurp(path, &len);
		kv_list_init(&l);
		if (meminfo)
			parse_meminfo(buf, len, 0, &l);
		else
			parse_flat(buf, len, 0, &l);
		tap_ok(buf && reference_check(path, &l, meminfo),
		       "parse-1.%d %s: every line read exactly", files, de->d_name);
		kv_list_release(&l);
		free(buf);
		files++;
	}
	if (d)
		closedir(d);
	tap_ok(files >= min_files, "parse-1 found %d %s fixtures", files, suffix);
}

static void parse_file(const char *name, struct kv_list *l, char **buf)
{
	char path[512];
	size_t len;

	snprintf(path, sizeof(path), "%s/%s", FIXTURES, name);
	*buf = slurp(path, &len);
	kv_list_init(l);
	if (*buf)
		parse_zoneinfo(*buf, len, 0, l);
}

static void expect(const struct kv_list *l, const char *name, int64_t want,
		   const char *fixture)
{
	int found;
	int64_t got = find(l, name, &found);

	tap_ok(found, "parse-2 %s has %s", fixture, name);
	if (found)
		tap_is_i64(got, want, "parse-2 %s %s = %lld", fixture, name,
			   (long long)want);
}

static int ends_with(const struct kv_entry *v, const char *tail)
{
	size_t n = strlen(tail);

	return v->name_len >= n && !memcmp(v->name + v->name_len - n, tail, n);
}

static void test_zoneinfo(void)
{
	struct kv_list l;
	char *buf;
	size_t i;
	int clean = 1, clean_max;

	/* 2.6.16: prev_priority, "scanned 0 (a: 0 i: 0)", zones highest first */
	parse_file("2.6.16_sep4020-d2000.zoneinfo", &l, &buf);
	expect(&l, "node0.DMA.prev_priority", 12, "2.6.16");
	expect(&l, "node0.DMA.min", 181, "2.6.16");
	expect(&l, "node0.DMA.high", 271, "2.6.16");
	expect(&l, "node0.DMA.pages_free", 5410, "2.6.16");
	expect(&l, "node0.DMA.scanned", 0, "2.6.16");
	expect(&l, "node0.DMA.start_pfn", 196608, "2.6.16");
	for (i = 0; i < l.nr; i++)
		if (!memmem(l.v[i].name, l.v[i].name_len, ".pcp_", 5) &&
		    (memmem(l.v[i].name, l.v[i].name_len, "count", 5) ||
		     memmem(l.v[i].name, l.v[i].name_len, "batch", 5) ||
		     (memmem(l.v[i].name, l.v[i].name_len, "protection", 10) &&
		      !ends_with(&l.v[i], ".protection")) ||
		     memmem(l.v[i].name, l.v[i].name_len, "cpu", 3)))
			clean = 0;
	find(&l, "node0.DMA.pcp_high_max", &clean_max);
	tap_ok(clean && !clean_max, "parse-2 2.6.16 per-CPU lines are kept only as "
	       "sums and protection as its last number, of the fields printed");
	kv_list_release(&l);
	free(buf);

	/* 5.10: per-node stats (4.8+) apart from zone fields */
	parse_file("5.10.0-10-amd64_debian-computer-scurity.zoneinfo", &l, &buf);
	tap_ok(l.nr > 100, "parse-2 5.10 zoneinfo yields %zu fields", l.nr);
	{
		int found_node, found_zone;

		find(&l, "node0.nr_inactive_anon", &found_node);
		find(&l, "node0.DMA32.nr_free_pages", &found_zone);
		tap_ok(found_node && found_zone,
		       "parse-2 5.10 node and zone fields are named apart");
	}
	kv_list_release(&l);
	free(buf);
}

/*
 * The per-CPU pagesets summed per zone: 2.6.16's one CPU with a hot list
 * (count 2, high 6, batch 1) and a cold one (0, 2, 1); 5.10's two CPUs
 * (DMA32 counts 276 + 74, high 378 and batch 63 each), the zone's field
 * after them still read; 6.7+'s high tuned between high_min and high_max
 * (this machine: Normal's two CPUs hold 13630 pages its free count does
 * not).
 */
static void test_pagesets(void)
{
	static const struct {
		const char *file, *tag, *name;
		int64_t want;
	} cases[] = {
		{ "2.6.16_sep4020-d2000.zoneinfo", "2.6.16", "node0.DMA.pcp_count", 2 },
		{ "2.6.16_sep4020-d2000.zoneinfo", "2.6.16", "node0.DMA.pcp_high", 8 },
		{ "2.6.16_sep4020-d2000.zoneinfo", "2.6.16", "node0.DMA.pcp_batch", 2 },
		{ "5.10.0-10-amd64_debian-computer-scurity.zoneinfo", "5.10", "node0.DMA32.pcp_count", 350 },
		{ "5.10.0-10-amd64_debian-computer-scurity.zoneinfo", "5.10", "node0.DMA32.pcp_high", 756 },
		{ "5.10.0-10-amd64_debian-computer-scurity.zoneinfo", "5.10", "node0.DMA32.pcp_batch", 126 },
		{ "5.10.0-10-amd64_debian-computer-scurity.zoneinfo", "5.10", "node0.DMA32.start_pfn", 4096 },
		{ "6.18.44-fc-v1300_vmscope-host.zoneinfo", "6.18", "node0.Normal.pcp_count", 13630 },
		{ "6.18.44-fc-v1300_vmscope-host.zoneinfo", "6.18", "node0.Normal.pcp_high", 18746 },
		{ "6.18.44-fc-v1300_vmscope-host.zoneinfo", "6.18", "node0.Normal.pcp_high_min", 18746 },
		{ "6.18.44-fc-v1300_vmscope-host.zoneinfo", "6.18", "node0.Normal.pcp_high_max", 548864 },
		{ "6.18.44-fc-v1300_vmscope-host.zoneinfo", "6.18", "node0.DMA32.pcp_high_max", 96604 },
		{ "6.18.44-fc-v1300_vmscope-host.zoneinfo", "6.18", "node0.DMA.pcp_high_min", 14 },
		/* protection tuples' last numbers: lowmem_reserve[] against
		 * allocations that may use every zone */
		{ "3.2.0-58-generic_442proj2.zoneinfo", "3.2", "node0.DMA.protection", 7994 },
		{ "3.2.0-58-generic_442proj2.zoneinfo", "3.2", "node0.DMA32.protection", 4756 },
		{ "5.10.0-10-amd64_debian-computer-scurity.zoneinfo", "5.10", "node0.DMA.protection", 1932 },
		{ "6.18.44-fc-v1300_vmscope-host.zoneinfo", "6.18", "node0.DMA.protection", 20170 },
		{ "6.18.44-fc-v1300_vmscope-host.zoneinfo", "6.18", "node0.DMA32.protection", 17152 },
		{ "6.18.44-fc-v1300_vmscope-host.zoneinfo", "6.18", "node0.Normal.protection", 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct kv_list l;
		char *buf;

		parse_file(cases[i].file, &l, &buf);
		expect(&l, cases[i].name, cases[i].want, cases[i].tag);
		kv_list_release(&l);
		free(buf);
	}
}

static void test_values(void)
{
	const char text[] =
		"nr_free_pages 18446744073709551615\n"   /* -1 as unsigned */
		"pgfault 18446744073709551616\n"         /* 2^64: no fit */
		"pgmajfault 4294967296\n"                 /* above 2^32 */
		"nr_dirty -3\n"                           /* printed signed */
		"garbage\n"
		"pswpin   12\n"
		"pswpout";                               /* cut, no value */
	struct kv_list l;
	int found;

	kv_list_init(&l);
	parse_flat(text, strlen(text), 0, &l);
	tap_is_i64((int64_t)l.nr, 4, "parse-3.1 bad lines are skipped");
	tap_ok((uint64_t)find(&l, "nr_free_pages", &found) == UINT64_MAX && found,
	       "parse-3.2 2^64-1 is kept exactly");
	find(&l, "pgfault", &found);
	tap_ok(!found, "parse-3.3 a value over 64 bits is refused");
	tap_is_i64(find(&l, "pgmajfault", &found), 4294967296LL,
		   "parse-3.4 a value above 2^32");
	tap_is_i64(find(&l, "nr_dirty", &found), -3, "parse-3.5 a negative value");
	tap_is_i64(find(&l, "pswpin", &found), 12, "parse-3.6 aligned columns");
	kv_list_release(&l);
}

/*
 * meminfo lines that name nothing: a line that starts with its colon
 * (a torn or foreign file) must not become a counter with an empty name,
 * which no database row could be told apart by; the lines around it
 * are kept.
 */
static void test_meminfo_bad(void)
{
	const char text[] =
		"MemTotal:       16384 kB\n"
		":               512 kB\n"
		"garbage\n"
		"SwapFree:  2048 kB\n";
	struct kv_list l;
	size_t i;
	int found, empty = 0;

	kv_list_init(&l);
	parse_meminfo(text, strlen(text), 0, &l);
	for (i = 0; i < l.nr; i++)
		empty |= l.v[i].name_len == 0;
	tap_ok(!empty && l.nr == 2,
	       "parse-3.7 a meminfo line with no name before its colon is skipped (%zu kept)",
	       l.nr);
	tap_is_i64(find(&l, "SwapFree", &found), 2048,
		   "parse-3.8 ... and the line after it is read");
	kv_list_release(&l);
}

static void test_psi(void)
{
	const char text[] =
		"some avg10=1.23 avg60=0.05 avg300=100.00 total=123456789\n"
		"full avg10=0.00 avg60=0.00 avg300=0.00 total=42\n";
	struct kv_list l;
	int found;

	kv_list_init(&l);
	parse_psi(text, strlen(text), 0, &l);
	tap_is_i64((int64_t)l.nr, 8, "parse-4.1 eight PSI fields");
	tap_is_i64(find(&l, "some_avg10_x100", &found), 123,
		   "parse-4.2 avg10 1.23 is 123 hundredths");
	tap_is_i64(find(&l, "some_avg300_x100", &found), 10000,
		   "parse-4.3 avg300 100.00");
	tap_is_i64(find(&l, "some_total_us", &found), 123456789,
		   "parse-4.4 total in microseconds");
	tap_is_i64(find(&l, "full_total_us", &found), 42, "parse-4.5 full total");
	kv_list_release(&l);
}

static void test_single(void)
{
	struct kv_list l;
	int found;

	kv_list_init(&l);
	parse_single("268435456\n", 10, 0, "usage_in_bytes", &l);
	parse_single("max\n", 4, 0, "max", &l);
	tap_is_i64(find(&l, "usage_in_bytes", &found), 268435456,
		   "parse-5.1 a one-number file");
	find(&l, "max", &found);
	tap_ok(!found, "parse-5.2 a word instead of a number is left out");
	kv_list_release(&l);
}

/*
 * Issue 11: a header cut short ("Node 0, z") was read past its end.  Each
 * text sits in a heap block of exactly its length, so AddressSanitizer
 * (make SANITIZE=address) reports any byte read beyond it.
 */
static void test_zoneinfo_cut(void)
{
	static const char *const texts[] = {
		"Node 0, z", "Node 0, zo", "Node 0, zone", "Node 12",
		"Node 0, z\n  pages free 5",
	};
	size_t i;

	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		size_t len = strlen(texts[i]);
		char *buf = malloc(len);
		struct kv_list l;

		memcpy(buf, texts[i], len);
		kv_list_init(&l);
		tap_ok(parse_zoneinfo(buf, len, 0, &l) == 0 &&
		       (i < 4 ? l.nr == 0 : l.nr == 1),
		       "parse-6.%zu a cut zone header '%.*s' is read within "
		       "its bytes", i + 1, (int)strcspn(texts[i], "\n"), texts[i]);
		kv_list_release(&l);
		free(buf);
	}
	/* protection tuples that are not numbers, or cut, are skipped */
	{
		static const char *const bad[] = {
			"Node 0, zone DMA\n  protection: (0, 3018",
			"Node 0, zone DMA\n  protection: (0, x)",
			"Node 0, zone DMA\n  protection: ()",
			"Node 0, zone DMA\n  protection: (0, 30x)",
		};
		const char one[] = "Node 0, zone DMA\n  protection: (5)\n";
		struct kv_list l;
		int found, none = 1;

		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			kv_list_init(&l);
			none &= parse_zoneinfo(bad[i], strlen(bad[i]), 0, &l) == 0 &&
				l.nr == 0;
			kv_list_release(&l);
		}
		tap_ok(none, "parse-6.7 a protection tuple cut short or not numbers is skipped");
		kv_list_init(&l);
		parse_zoneinfo(one, strlen(one), 0, &l);
		tap_is_i64(find(&l, "node0.DMA.protection", &found), 5,
			   "parse-6.8 a protection tuple of one number");
		kv_list_release(&l);
	}
	/* the field after a header without a zone name keeps the node */
	{
		const char text[] = "Node 3, z\n  pages free 5\n";
		struct kv_list l;
		int found;

		kv_list_init(&l);
		parse_zoneinfo(text, strlen(text), 0, &l);
		tap_is_i64(find(&l, "node3..pages_free", &found), 5,
			   "parse-6.6 a field after a cut header keeps its node");
		kv_list_release(&l);
	}
}

int main(void)
{
	test_fixtures(".vmstat", 0, 36);
	test_fixtures(".meminfo", 1, 20);
	test_zoneinfo();
	test_pagesets();
	test_values();
	test_meminfo_bad();
	test_psi();
	test_single();
	test_zoneinfo_cut();
	return tap_done();
}
