/* frame.c - delta/key-frame encoding of snapshots, see frame.h. */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "frame.h"
#include "banned.h"

void frame_enc_init(struct frame_enc *e, const struct frame_hooks *hooks)
{
	memset(e, 0, sizeof(*e));
	e->hooks = *hooks;
	e->layout_id = -1;
	/* seen[] starts zeroed, so gen starts where gen - 1 matches nothing */
	e->gen = 1;
}

void frame_enc_release(struct frame_enc *e)
{
	free(e->keys);
	free(e->ids);
	free(e->dup);
	free(e->names);
	free(e->prev);
	free(e->seen);
	free(e->mark);
	free(e->deltas.buf);
	free(e->absolutes.buf);
	memset(e, 0, sizeof(*e));
}

void frame_enc_reset(struct frame_enc *e)
{
	/* skipping a generation invalidates every previous value */
	e->gen++;
}

size_t frame_fmt_i64(char *p, int64_t v)
{
	char tmp[21];
	size_t n = 0, len = 0;
	uint64_t u = (uint64_t)v;

	if (v < 0) {
		p[len++] = '-';
		u = (uint64_t)0 - u;
	}
	do {
		tmp[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	while (n)
		p[len++] = tmp[--n];
	return len;
}

static int text_reserve(struct frame_text *t, size_t more)
{
	if (t->alloc - t->len < more) {
		size_t n = t->alloc ? 2 * t->alloc : 4096;
		char *b;

		while (n - t->len < more)
			n *= 2;
		b = realloc(t->buf, n);
		if (!b)
			return -1;
		t->buf = b;
		t->alloc = n;
	}
	return 0;
}

/* Append ",id,v" (the caller fixes the leading '[' at the end). */
static int text_pair(struct frame_text *t, uint32_t id, int64_t v)
{
	if (text_reserve(t, 48))
		return -1;
	t->buf[t->len++] = ',';
	t->len += frame_fmt_i64(t->buf + t->len, id);
	t->buf[t->len++] = ',';
	t->len += frame_fmt_i64(t->buf + t->len, v);
	return 0;
}

static int text_finish(struct frame_text *t)
{
	if (t->len == 0)
		return text_reserve(t, 1) ? -1 : (t->buf[0] = 0, 0);
	if (text_reserve(t, 2))
		return -1;
	t->buf[0] = '[';
	t->buf[t->len++] = ']';
	t->buf[t->len] = 0;
	return 0;
}

static int grow_ids(struct frame_enc *e, uint32_t id)
{
	size_t n = e->id_cap ? e->id_cap : 512;
	int64_t *prev;
	uint32_t *seen, *mark;

	if (id < e->id_cap)
		return 0;
	while (n <= id)
		n *= 2;
	prev = realloc(e->prev, n * sizeof(*prev));
	seen = prev ? realloc(e->seen, n * sizeof(*seen)) : NULL;
	if (prev)
		e->prev = prev;
	if (seen)
		e->seen = seen;
	mark = seen ? realloc(e->mark, n * sizeof(*mark)) : NULL;
	if (!mark)
		return -1;
	e->mark = mark;
	memset(e->seen + e->id_cap, 0, (n - e->id_cap) * sizeof(*seen));
	memset(e->mark + e->id_cap, 0, (n - e->id_cap) * sizeof(*mark));
	e->id_cap = n;
	return 0;
}

static int same_layout(const struct frame_enc *e, const struct kv_list *l)
{
	size_t i;

	if (e->layout_id < 0 || e->nr != l->nr)
		return 0;
	for (i = 0; i < l->nr; i++) {
		const struct frame_key *k = &e->keys[i];
		const struct kv_entry *v = &l->v[i];

		if (k->src != v->src || k->len != v->name_len ||
		    memcmp(e->names + k->off, v->name, v->name_len))
			return 0;
	}
	return 1;
}

static int reserve_layout(struct frame_enc *e, const struct kv_list *l)
{
	size_t bytes = 0, i;

	for (i = 0; i < l->nr; i++)
		bytes += l->v[i].name_len;
	if (l->nr > e->keys_alloc) {
		struct frame_key *k = realloc(e->keys, l->nr * sizeof(*k));
		uint32_t *ids = k ? realloc(e->ids, l->nr * sizeof(*ids)) : NULL;
		unsigned char *dup;

		if (k)
			e->keys = k;
		if (ids)
			e->ids = ids;
		dup = ids ? realloc(e->dup, l->nr) : NULL;
		if (!dup)
			return -1;
		e->dup = dup;
		e->keys_alloc = l->nr;
	}
	if (bytes + 1 > e->names_alloc) {
		char *n = realloc(e->names, bytes + 1);

		if (!n)
			return -1;
		e->names = n;
		e->names_alloc = bytes + 1;
	}
	return 0;
}

/* Remember l's names and map them to ids; store the new layout. */
static int build_layout(struct frame_enc *e, const struct kv_list *l,
			const char *const *tags)
{
	size_t i, kept = 0;
	uint32_t *stored;
	int ret;

	if (reserve_layout(e, l))
		return error("out of memory");
	e->names_len = 0;
	e->mark_gen++;
	stored = malloc((l->nr ? l->nr : 1) * sizeof(*stored));
	if (!stored)
		return error("out of memory");
	for (i = 0; i < l->nr; i++) {
		const struct kv_entry *v = &l->v[i];
		uint32_t id;

		if (e->hooks.intern(e->hooks.ctx, tags[v->src], v->name,
				    v->name_len, &id) || grow_ids(e, id)) {
			free(stored);
			return -1;
		}
		e->keys[i].src = v->src;
		e->keys[i].off = (uint32_t)e->names_len;
		e->keys[i].len = v->name_len;
		memcpy(e->names + e->names_len, v->name, v->name_len);
		e->names_len += v->name_len;
		e->ids[i] = id;
		e->dup[i] = e->mark[id] == e->mark_gen;
		e->mark[id] = e->mark_gen;
		if (!e->dup[i])
			stored[kept++] = id;
	}
	e->nr = l->nr;
	ret = e->hooks.new_layout(e->hooks.ctx, stored, kept, &e->layout_id);
	free(stored);
	return ret;
}

int frame_encode(struct frame_enc *e, const struct kv_list *l,
		 const char *const *tags)
{
	uint32_t prev_gen;
	size_t i;

	if (!same_layout(e, l) && build_layout(e, l, tags))
		return -1;
	prev_gen = e->gen++;
	e->deltas.len = e->absolutes.len = 0;
	e->changed = 0;
	for (i = 0; i < l->nr; i++) {
		uint32_t id = e->ids[i];
		int64_t v = l->v[i].value, d;
		int ok;

		if (e->dup[i])
			continue;
		if (e->seen[id] == prev_gen &&
		    !__builtin_sub_overflow(v, e->prev[id], &d)) {
			ok = d == 0 || (e->changed++, !text_pair(&e->deltas, id, d));
		} else {
			ok = !text_pair(&e->absolutes, id, v);
		}
		if (!ok)
			return error("out of memory");
		e->prev[id] = v;
		e->seen[id] = e->gen;
	}
	if (text_finish(&e->deltas) || text_finish(&e->absolutes))
		return error("out of memory");
	return 0;
}
