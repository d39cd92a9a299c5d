/*
 * t-frame.c - delta/key-frame encoding: decoding what frame_encode()
 * wrote must give back every snapshot exactly.
 *
 * The storage hooks are replaced by in-memory tables, and a decoder here
 * replays the JSON arrays the way the counter_values view does: absolute
 * entries set a value, deltas add to it, the layout says what is present.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frame.h"
#include "kv.h"
#include "tap.h"

#define MAX_NAMES 128
#define MAX_LAYOUTS 4096

static char *names[MAX_NAMES];
static size_t nr_names;
static uint32_t layouts[MAX_LAYOUTS][MAX_NAMES];
static size_t layout_len[MAX_LAYOUTS], nr_layouts;

static int fake_intern(void *ctx, const char *source, const char *name,
		       size_t len, uint32_t *id)
{
	size_t i;

	(void)ctx;
	(void)source;
	for (i = 0; i < nr_names; i++)
		if (strlen(names[i]) == len && !memcmp(names[i], name, len))
			break;
	if (i == nr_names)
		names[nr_names++] = strndup(name, len);
	*id = (uint32_t)i + 1;   /* ids start at 1, like SQLite rowids */
	return 0;
}

static int fake_layout(void *ctx, const uint32_t *ids, size_t nr, int64_t *out)
{
	(void)ctx;
	memcpy(layouts[nr_layouts], ids, nr * sizeof(*ids));
	layout_len[nr_layouts] = nr;
	*out = (int64_t)nr_layouts++;
	return 0;
}

/* The decoder's state: value and presence per id. */
static int64_t state[MAX_NAMES + 1];

/* Apply "[id,x,id,x]"; absolute entries replace, deltas add. */
static int apply(const char *json, int absolute)
{
	const char *p = json;
	int pairs = 0;

	if (!*p)
		return 0;
	p++;   /* '[' */
	while (*p && *p != ']') {
		char *end;
		long long id = strtoll(p, &end, 10);
		long long x = strtoll(end + 1, &end, 10);

		if (absolute)
			state[id] = x;
		else
			state[id] = (int64_t)((uint64_t)state[id] + (uint64_t)x);
		pairs++;
		p = *end == ',' ? end + 1 : end;
	}
	return pairs;
}

/* Does the decoded state equal the snapshot (first occurrence wins)? */
static int matches(const struct frame_enc *e, const struct kv_list *l)
{
	size_t i, j, present = 0;
	const uint32_t *ids = layouts[e->layout_id];

	for (i = 0; i < l->nr; i++) {
		uint32_t id;
		int first = 1;

		for (j = 0; j < i; j++)
			if (l->v[j].name_len == l->v[i].name_len &&
			    !memcmp(l->v[j].name, l->v[i].name, l->v[i].name_len))
				first = 0;
		if (!first)
			continue;
		present++;
		fake_intern(NULL, "t", l->v[i].name, l->v[i].name_len, &id);
		if (state[id] != l->v[i].value)
			return 0;
		for (j = 0; j < layout_len[e->layout_id]; j++)
			if (ids[j] == id)
				break;
		if (j == layout_len[e->layout_id])
			return 0;
	}
	return present == layout_len[e->layout_id];
}

static const char *const tags[] = { "vmstat" };
static char universe[MAX_NAMES][16];

static void snapshot(struct kv_list *l, const int64_t *vals, const int *present,
		     size_t n, int dup)
{
	size_t i;

	kv_list_reset(l);
	for (i = 0; i < n; i++) {
		if (!present[i])
			continue;
		kv_push(l, 0, universe[i], strlen(universe[i]), vals[i]);
		if (dup && i == 3)   /* a key printed twice, second differs */
			kv_push(l, 0, universe[i], strlen(universe[i]), vals[i] + 7);
	}
}

static uint64_t rng = 88172645463325252ULL;

static uint64_t next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void test_basics(struct frame_enc *e, struct kv_list *l)
{
	int64_t vals[8] = { 5, 0, 4294967296LL, -1, 100, 7, 8, 9 };
	int present[8] = { 1, 1, 1, 1, 1, 1, 1, 1 };
	int64_t first_layout;

	snapshot(l, vals, present, 8, 0);
	frame_encode(e, l, tags);
	tap_ok(e->deltas.len == 0, "frame-1.1 first sample has no deltas");
	tap_is_i64(apply(e->absolutes.buf, 1), 8,
		   "frame-1.2 first sample is a full key frame");
	first_layout = e->layout_id;
	frame_encode(e, l, tags);
	tap_ok(e->deltas.len == 0 && e->absolutes.len == 0,
	       "frame-1.3 an unchanged snapshot stores nothing");
	tap_is_i64(e->layout_id, first_layout, "frame-1.4 layout is reused");
	vals[4] += 3;
	snapshot(l, vals, present, 8, 0);
	frame_encode(e, l, tags);
	tap_ok(!strcmp(e->deltas.buf, "[5,3]"), "frame-1.5 one change, one pair (%s)",
	       e->deltas.buf);
	vals[0] = INT64_MAX;   /* from 5: fits; then to INT64_MIN: does not */
	snapshot(l, vals, present, 8, 0);
	frame_encode(e, l, tags);
	vals[0] = INT64_MIN;
	snapshot(l, vals, present, 8, 0);
	frame_encode(e, l, tags);
	tap_ok(e->deltas.len == 0 && !strcmp(e->absolutes.buf,
					     "[1,-9223372036854775808]"),
	       "frame-1.6 a delta beyond 64 bits becomes absolute (%s)",
	       e->absolutes.buf);
	present[2] = 0;
	snapshot(l, vals, present, 8, 0);
	frame_encode(e, l, tags);
	tap_ok(e->layout_id != first_layout &&
	       layout_len[e->layout_id] == 7, "frame-1.7 a vanished name makes a new layout");
	present[2] = 1;
	snapshot(l, vals, present, 8, 0);
	frame_encode(e, l, tags);
	tap_ok(!strcmp(e->absolutes.buf, "[3,4294967296]"),
	       "frame-1.8 a name that comes back is absolute (%s)",
	       e->absolutes.buf);
	frame_enc_reset(e);
	frame_encode(e, l, tags);
	tap_is_i64(apply(e->absolutes.buf, 1), 8, "frame-1.9 reset forces a key frame");
}

/* 2000 random snapshots: appear, vanish, duplicate, huge jumps. */
static void test_roundtrip(struct frame_enc *e, struct kv_list *l)
{
	int64_t vals[40];
	int present[40], ok = 1, k;
	size_t i;

	for (i = 0; i < 40; i++) {
		vals[i] = (int64_t)(next_rand() % 1000);
		present[i] = 1;
	}
	for (k = 0; k < 2000 && ok; k++) {
		for (i = 0; i < 40; i++) {
			uint64_t r = next_rand() % 100;

			if (r < 30)
				vals[i] += (int64_t)(next_rand() % 2000) - 1000;
			else if (r < 32)
				vals[i] = (int64_t)next_rand();   /* any 64 bits */
			else if (r < 34)
				present[i] = !present[i];
		}
		snapshot(l, vals, present, 40, k % 7 == 0);
		if (frame_encode(e, l, tags)) {
			ok = 0;
			break;
		}
		apply(e->absolutes.buf, 1);
		apply(e->deltas.buf, 0);
		ok = matches(e, l);
	}
	tap_ok(ok, "frame-2.1 2000 random snapshots decode exactly (stopped at %d)", k);
}

int main(void)
{
	struct frame_hooks h = { .ctx = NULL, .intern = fake_intern,
				 .new_layout = fake_layout };
	struct frame_enc e;
	struct kv_list l;
	char buf[24];
	size_t i;

	for (i = 0; i < MAX_NAMES; i++)
		snprintf(universe[i], sizeof(universe[i]), "name_%zu", i);
	frame_enc_init(&e, &h);
	kv_list_init(&l);
	test_basics(&e, &l);
	frame_enc_release(&e);
	frame_enc_init(&e, &h);
	test_roundtrip(&e, &l);
	frame_enc_release(&e);
	kv_list_release(&l);
	buf[frame_fmt_i64(buf, INT64_MIN)] = 0;
	tap_ok(!strcmp(buf, "-9223372036854775808"), "frame-3.1 INT64_MIN formats (%s)", buf);
	buf[frame_fmt_i64(buf, 0)] = 0;
	tap_ok(!strcmp(buf, "0"), "frame-3.2 zero formats");
	for (i = 0; i < nr_names; i++)
		free(names[i]);
	return tap_done();
}
