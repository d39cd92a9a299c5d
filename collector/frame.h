/*
 * frame.h - encode successive snapshots as the database stores them.
 *
 * DESIGN: a sample is stored as the counters that changed since the
 * previous sample, as a flat JSON array of (name id, delta) pairs, plus a
 * second array of (name id, absolute value) pairs for counters that have
 * no usable previous value: every counter of a run's first sample, a name
 * that appears mid-run, and a change too large for a signed 64-bit delta.
 * Which counters exist at a sample is its "layout" (the list of name ids,
 * stored once per change), so a counter that vanishes is told apart from
 * one that did not change.  On an idle machine about 20 of 190 vmstat
 * counters change per second, which keeps a sample near 100 bytes; the
 * arrays are plain JSON so that the views can expand them with json_each().
 *
 * Invariants: the absolute value of a counter at sample k is its last
 * absolute entry plus the deltas after it (exact in 64-bit two's
 * complement); a name id appears at most once per layout (a kernel that
 * prints a key twice keeps the first).
 */
#ifndef VMSCOPE_FRAME_H
#define VMSCOPE_FRAME_H

#include <stddef.h>
#include <stdint.h>

#include "kv.h"

/* What the encoder needs from storage; each returns 0 or -1. */
struct frame_hooks {
	void *ctx;
	/* the id of (source, name); equal pairs always get equal ids */
	int (*intern)(void *ctx, const char *source, const char *name,
		      size_t name_len, uint32_t *id);
	/* store a layout (the present ids, in order) and give its id */
	int (*new_layout)(void *ctx, const uint32_t *ids, size_t nr,
			  int64_t *layout_id);
};

struct frame_text {
	char *buf;
	size_t len, alloc;
};

struct frame_key {
	uint16_t src;
	uint32_t off, len;   /* name in frame_enc.names */
};

struct frame_enc {
	struct frame_hooks hooks;
	/* layout of the previous snapshot */
	size_t nr;
	struct frame_key *keys;
	uint32_t *ids;
	unsigned char *dup;      /* 1: a repeated key, not stored */
	char *names;
	size_t names_len, names_alloc, keys_alloc;
	int64_t layout_id;
	/* last value of each name id, valid where seen[id] == gen - 1 */
	int64_t *prev;
	uint32_t *seen;
	uint32_t *mark;          /* duplicate detection while building */
	size_t id_cap;
	uint32_t gen, mark_gen;
	/* output of the last frame_encode() */
	struct frame_text deltas, absolutes;
	size_t changed;          /* number of pairs in deltas */
};

void frame_enc_init(struct frame_enc *e, const struct frame_hooks *hooks);
void frame_enc_release(struct frame_enc *e);

/*
 * Encode one snapshot.  tags[src] names the source of entries with that
 * src index.  On return e->deltas / e->absolutes hold NUL-terminated JSON
 * arrays (len 0 when empty) and e->layout_id the layout in force.
 * Returns 0, or -1 when a hook or an allocation fails.
 */
int frame_encode(struct frame_enc *e, const struct kv_list *l,
		 const char *const *tags);

/* Forget all previous values: the next frame is a full key frame. */
void frame_enc_reset(struct frame_enc *e);

/* Format v in decimal at p (room for 21 bytes); returns the length. */
size_t frame_fmt_i64(char *p, int64_t v);

#endif
