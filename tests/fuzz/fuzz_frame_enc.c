/*
 * fuzz_frame_enc.c - libFuzzer target for the frame encoder
 * (collector/frame.c) fed as the collector feeds it.
 *
 * The input is a series of /proc/vmstat snapshots separated by NUL bytes.
 * Each goes through parse_flat() and frame_encode(), with interning hooks
 * kept in memory.  Checked: the encoder's text is a well-formed "[id,v,...]"
 * array, and decoding the frames (absolutes replace, deltas add, as
 * analyzer/rundb.c does) gives back every value of every snapshot.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "frame.h"
#include "kv.h"
#include "parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_NAMES 4096

static struct {
	char *name[MAX_NAMES];
	size_t len[MAX_NAMES];
	uint32_t nr;
	int64_t layouts;
} names;

static int intern(void *ctx, const char *source, const char *name,
		  size_t len, uint32_t *id)
{
	uint32_t i;

	(void)ctx;
	(void)source;
	for (i = 0; i < names.nr; i++)
		if (names.len[i] == len && !memcmp(names.name[i], name, len)) {
			*id = i + 1;
			return 0;
		}
	if (names.nr == MAX_NAMES)
		return -1;
	names.name[names.nr] = malloc(len ? len : 1);
	if (!names.name[names.nr])
		return -1;
	memcpy(names.name[names.nr], name, len);
	names.len[names.nr] = len;
	*id = ++names.nr;
	return 0;
}

static int new_layout(void *ctx, const uint32_t *ids, size_t nr,
		      int64_t *layout_id)
{
	(void)ctx;
	(void)ids;
	(void)nr;
	*layout_id = ++names.layouts;
	return 0;
}

static void forget(void)
{
	while (names.nr)
		free(names.name[--names.nr]);
	names.layouts = 0;
}

/* The encoder's output must be "[" (id "," value ("," id "," value)*)? "]". */
static void check_text(const struct frame_text *t)
{
	const char *p = t->buf, *end;
	int n = 0;

	if (!p || !t->len)
		return;     /* nothing encoded */
	end = p + t->len;
	if (*p++ != '[')
		__builtin_trap();
	while (p < end && *p != ']') {
		if (n++ && *p++ != ',')
			__builtin_trap();
		if (p < end && *p == '-')
			p++;
		if (p >= end || *p < '0' || *p > '9')
			__builtin_trap();
		while (p < end && *p >= '0' && *p <= '9')
			p++;
	}
	if (p >= end || n % 2)
		__builtin_trap();
}

/* The decoder's view: value of each name id, applied frame by frame. */
static int64_t decoded[MAX_NAMES + 1];

static void apply(const struct frame_text *t, int absolute)
{
	const char *p = t->buf;

	if (!p || !t->len)
		return;
	for (p++; *p && *p != ']';) {
		char *q;
		long long id = strtoll(p, &q, 10);
		long long v = strtoll(q + 1, &q, 10);

		if (id < 1 || id > MAX_NAMES)
			__builtin_trap();
		decoded[id] = absolute ? (int64_t)v :
			      (int64_t)((uint64_t)decoded[id] + (uint64_t)v);
		p = *q == ',' ? q + 1 : q;
	}
}

static void check_values(const struct frame_enc *e, const struct kv_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (!e->dup[i] && decoded[e->ids[i]] != l->v[i].value)
			__builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct frame_hooks hooks = { NULL, intern, new_layout };
	struct frame_enc enc;
	struct kv_list kv;
	const uint8_t *s = data, *end = data + size;
	static const char *const tags[] = { "vmstat", NULL };
	int frames = 0;

	frame_enc_init(&enc, &hooks);
	kv_list_init(&kv);
	while (s <= end && frames++ < 64) {
		const uint8_t *z = memchr(s, 0, (size_t)(end - s));
		size_t len = z ? (size_t)(z - s) : (size_t)(end - s);
		char *buf = malloc(len ? len : 1);

		if (!buf)
			break;
		memcpy(buf, s, len);
		kv_list_reset(&kv);
		if (!parse_flat(buf, len, 0, &kv) &&
		    !frame_encode(&enc, &kv, tags)) {
			check_text(&enc.deltas);
			check_text(&enc.absolutes);
			apply(&enc.absolutes, 1);
			apply(&enc.deltas, 0);
			check_values(&enc, &kv);
		}
		free(buf);
		if (!z)
			break;
		s = z + 1;
	}
	kv_list_release(&kv);
	frame_enc_release(&enc);
	forget();
	return 0;
}
