/*
 * kv.h - a list of (name, value) pairs parsed from one or more /proc files.
 *
 * Ownership: entries' names point either into the caller's read buffer
 * (flat formats) or into the list's own arena (zoneinfo and PSI, whose
 * names are composed).  Both stay valid until the next kv_list_reset() or
 * until the read buffer is refilled, so a list is consumed right after it
 * is filled.  Values are the kernel's unsigned 64-bit numbers stored
 * bit-for-bit in an int64_t: 18446744073709551615 is kept as -1 and turned
 * back exactly by (uint64_t) casting.
 *
 * Steady state allocates nothing: kv_list_reset() keeps the capacity.
 */
#ifndef VMSCOPE_KV_H
#define VMSCOPE_KV_H

#include <stddef.h>
#include <stdint.h>

struct kv_entry {
	const char *name;
	uint32_t name_len;
	uint16_t src;      /* index of the source file it came from */
	int64_t value;
};

/* Composed names live in chunks that never move once handed out. */
struct kv_chunk {
	struct kv_chunk *next;
	size_t used, size;
	char data[];
};

struct kv_list {
	struct kv_entry *v;
	size_t nr, alloc;
	struct kv_chunk *chunks;   /* first chunk; reused after a reset */
	struct kv_chunk *cur;      /* chunk being filled */
};

void kv_list_init(struct kv_list *l);
void kv_list_release(struct kv_list *l);
void kv_list_reset(struct kv_list *l);

/* Append one entry; returns -1 on allocation failure. */
int kv_push(struct kv_list *l, uint16_t src, const char *name,
	    size_t name_len, int64_t value);

/*
 * Room for a composed name of n bytes that stays put until the next reset.
 * Returns NULL on allocation failure.
 */
char *kv_name_alloc(struct kv_list *l, size_t n);

/*
 * Parse a decimal number ([-]digits) from s (at most end), as the kernel
 * prints unsigned long values.  Stores the 64-bit pattern in *out and
 * returns a pointer past the digits, or NULL if there are no digits or the
 * number does not fit in 64 bits.
 */
const char *kv_parse_u64(const char *s, const char *end, int64_t *out);

#endif
