/*
 * t-source.c - the collector reads every byte of a kernel file (issue 11).
 *
 * The kernel's seq_file hands out about a page per read(), so a reader
 * that takes a short read for the end of the file loses everything after
 * the first page.  Regular fixture files always come back whole, so this
 * test links the collector's reader with pread() wrapped (ld --wrap): each
 * call returns at most short_cap bytes, as seq_file does with a page.  The
 * files are bigger than the reader's first buffer (8 KiB), so the growing
 * path runs too.  Each result is checked against an independent reader
 * here (stdio, sscanf), never against the collector's own code.  A real
 * multi-page seq_file (/proc/slabinfo, root only) closes the loop.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kv.h"
#include "source.h"
#include "tap.h"

#define FIXTURES "tests/fixtures/vmstat"

/* 0: pass pread through; else the most bytes one call returns. */
static size_t short_cap;
static int pread_calls;

ssize_t __real_pread(int fd, void *buf, size_t n, off_t off);
ssize_t __wrap_pread(int fd, void *buf, size_t n, off_t off);

ssize_t __wrap_pread(int fd, void *buf, size_t n, off_t off)
{
	pread_calls++;
	if (short_cap && n > short_cap)
		n = short_cap;
	return __real_pread(fd, buf, n, off);
}

/*
 * A vmstat over 8 KiB: every line of a real 6.19 capture three times, the
 * copies renamed (c1_pgfault, ...) and given 20-digit values, as a long
 * uptime prints them.  Returns the number of lines written.
 */
static int make_big_vmstat(const char *out)
{
	FILE *in = fopen(FIXTURES "/6.19.13-200.fc43_pd-andronix.vmstat", "r");
	FILE *o = fopen(out, "w");
	char line[256], name[200];
	unsigned long long v;
	int copy, lines = 0;

	for (copy = 0; in && o && copy < 3; copy++) {
		rewind(in);
		while (fgets(line, sizeof(line), in))
			if (sscanf(line, "%199s %llu", name, &v) == 2) {
				fprintf(o, "c%d_%s %llu\n", copy, name,
					18446744073709000000ULL + v % 100000);
				lines++;
			}
	}
	if (in)
		fclose(in);
	if (!o || fclose(o))
		return -1;
	return lines;
}

/*
 * Every "name value" line of path after the first skip, in order, is
 * entry i of l: same name, and the same value when values is set (a live
 * file's numbers move between two reads, its names do not).
 */
static int same_as_file(const char *path, const struct kv_list *l, int skip,
			int values)
{
	FILE *f = fopen(path, "r");
	char line[512], name[256];
	unsigned long long v;
	size_t i = 0;
	int ok = f != NULL, n = 0;

	while (ok && fgets(line, sizeof(line), f)) {
		if (n++ < skip)
			continue;
		if (sscanf(line, "%255s %llu", name, &v) != 2)
			continue;
		ok = i < l->nr && l->v[i].name_len == strlen(name) &&
		     !memcmp(l->v[i].name, name, strlen(name)) &&
		     (!values || (uint64_t)l->v[i].value == v);
		if (!ok)
			printf("#   %s: entry %zu (%s %llu) differs\n", path, i,
			       name, v);
		i++;
	}
	if (f)
		fclose(f);
	if (ok && i != l->nr)
		printf("#   %s: %zu lines, %zu entries\n", path, i, l->nr);
	return ok && i == l->nr && i > 0;
}

/* Read path (FMT) through a one-file source_set into l. */
static int read_source(const char *path, enum source_format fmt,
		       struct source_set *s, struct kv_list *l)
{
	source_set_init(s);
	kv_list_init(l);
	return source_set_add(s, "t", "", path, fmt, NULL, 1) ||
	       source_set_open(s) || source_set_read(s, l);
}

static void test_big_vmstat(void)
{
	char path[128] = "";
	static const size_t caps[] = { 0, 4096, 1000, 7 };
	struct source_set s;
	struct kv_list l;
	size_t i;
	int fd = tap_tmp_template(path, sizeof(path), "t-source") ? mkstemp(path) : -1;
	int lines;

	lines = fd < 0 ? -1 : make_big_vmstat(path);
	tap_ok(lines > 400, "source-1.0 built a %d-line vmstat", lines);
	for (i = 0; i < sizeof(caps) / sizeof(caps[0]); i++) {
		short_cap = caps[i];
		tap_ok(!read_source(path, FMT_FLAT, &s, &l) &&
		       same_as_file(path, &l, 0, 1),
		       "source-1.%zu a vmstat over 8 KiB read %zu bytes at a "
		       "time: every line stored", i + 1, caps[i]);
		/* the fd stays open: the second sample reads it whole again */
		tap_ok(!source_set_read(&s, &l) && same_as_file(path, &l, 0, 1),
		       "source-2.%zu and again on the next sample", i + 1);
		kv_list_release(&l);
		source_set_release(&s);
	}
	short_cap = 0;
	if (fd >= 0)
		close(fd);
	unlink(path);
}

static size_t count_prefix(const struct kv_list *l, const char *prefix)
{
	size_t i, n = 0, pl = strlen(prefix);

	for (i = 0; i < l->nr; i++)
		n += l->v[i].name_len >= pl && !memcmp(l->v[i].name, prefix, pl);
	return n;
}

static int64_t value_of(const struct kv_list *l, const char *name)
{
	size_t i, n = strlen(name);

	for (i = 0; i < l->nr; i++)
		if (l->v[i].name_len == n && !memcmp(l->v[i].name, name, n))
			return l->v[i].value;
	return -1;
}

/*
 * A two-node zoneinfo of 9981 bytes (5.14, pcp capture): the second
 * node starts past the first page and the first 8 KiB.
 */
static void test_zoneinfo_nodes(void)
{
	const char *path = FIXTURES "/5.14_pcp-meminfo-root-007.zoneinfo";
	struct source_set s;
	struct kv_list l;
	FILE *f = fopen(path, "r");
	char line[256];
	int nodes1 = 0;

	/* how many zone headers of node 1 the file has, by plain reading */
	while (f && fgets(line, sizeof(line), f))
		nodes1 += !strncmp(line, "Node 1, zone", 12);
	if (f)
		fclose(f);
	short_cap = 4096;
	tap_ok(!read_source(path, FMT_ZONEINFO, &s, &l),
	       "source-3.1 zoneinfo read a page at a time");
	tap_ok(nodes1 >= 1 && count_prefix(&l, "node1.") >= (size_t)nodes1 * 10,
	       "source-3.2 node 1's %d zones (past the first page) are there "
	       "(%zu fields)", nodes1, count_prefix(&l, "node1."));
	/* line 333 of the capture: node 1, Normal, "min 11328" */
	tap_ok(count_prefix(&l, "node1.Normal.min") == 1 &&
	       value_of(&l, "node1.Normal.min") == 11328,
	       "source-3.3 node 1's Normal min watermark is 11328");
	short_cap = 0;
	kv_list_release(&l);
	source_set_release(&s);
}

/* A real seq_file of many pages, whose lines the flat parser reads. */
static void test_real_seq_file(void)
{
	struct source_set s;
	struct kv_list l;
	int calls;

	if (access("/proc/slabinfo", R_OK)) {
		tap_skip("/proc/slabinfo is not readable (needs root)",
			 "source-4 a real multi-page seq_file");
		return;
	}
	pread_calls = 0;
	tap_ok(!read_source("/proc/slabinfo", FMT_FLAT, &s, &l),
	       "source-4.1 /proc/slabinfo read");
	calls = pread_calls;
	/* 2 header lines: "slabinfo - version: 2.1" and "# name ..." */
	tap_ok(same_as_file("/proc/slabinfo", &l, 2, 0),
	       "source-4.2 all %zu caches stored, in %d reads", l.nr, calls);
	tap_ok(calls >= 3, "source-4.3 the kernel gave it in pages (%d reads)",
	       calls);
	kv_list_release(&l);
	source_set_release(&s);
}

int main(void)
{
	test_big_vmstat();
	test_zoneinfo_nodes();
	test_real_seq_file();
	return tap_done();
}
