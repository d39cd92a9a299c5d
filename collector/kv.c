/* kv.c - the growable (name, value) list of kv.h and number parsing. */
#include <stdlib.h>
#include <string.h>

#include "kv.h"
#include "banned.h"

void kv_list_init(struct kv_list *l)
{
	memset(l, 0, sizeof(*l));
}

void kv_list_release(struct kv_list *l)
{
	struct kv_chunk *c = l->chunks;

	while (c) {
		struct kv_chunk *next = c->next;

		free(c);
		c = next;
	}
	free(l->v);
	kv_list_init(l);
}

void kv_list_reset(struct kv_list *l)
{
	l->nr = 0;
	l->cur = l->chunks;
	if (l->cur)
		l->cur->used = 0;
}

int kv_push(struct kv_list *l, uint16_t src, const char *name,
	    size_t name_len, int64_t value)
{
	if (l->nr == l->alloc) {
		size_t n = l->alloc ? 2 * l->alloc : 256;
		struct kv_entry *v = realloc(l->v, n * sizeof(*v));

		if (!v)
			return -1;
		l->v = v;
		l->alloc = n;
	}
	l->v[l->nr].name = name;
	l->v[l->nr].name_len = (uint32_t)name_len;
	l->v[l->nr].src = src;
	l->v[l->nr].value = value;
	l->nr++;
	return 0;
}

/* 16 KiB holds the composed names of a 4-zone /proc/zoneinfo. */
#define KV_CHUNK_BYTES 16384

char *kv_name_alloc(struct kv_list *l, size_t n)
{
	struct kv_chunk *c = l->cur, *last = l->cur;
	char *p;

	while (c && c->size - c->used < n) {
		last = c;
		c = c->next;
		if (c)
			c->used = 0;
	}
	if (!c) {
		size_t size = n > KV_CHUNK_BYTES ? n : KV_CHUNK_BYTES;

		c = malloc(sizeof(*c) + size);
		if (!c)
			return NULL;
		c->next = NULL;
		c->used = 0;
		c->size = size;
		if (last)
			last->next = c;
		else
			l->chunks = c;
	}
	l->cur = c;
	p = c->data + c->used;
	c->used += n;
	return p;
}

const char *kv_parse_u64(const char *s, const char *end, int64_t *out)
{
	int neg = 0;
	uint64_t v = 0;
	const char *start;

	if (s < end && *s == '-') {
		neg = 1;
		s++;
	}
	start = s;
	while (s < end && *s >= '0' && *s <= '9') {
		unsigned d = (unsigned)(*s - '0');

		if (v > (UINT64_MAX - d) / 10)
			return NULL;
		v = v * 10 + d;
		s++;
	}
	if (s == start)
		return NULL;
	if (neg)
		v = (uint64_t)0 - v;
	memcpy(out, &v, sizeof(v));
	return s;
}
