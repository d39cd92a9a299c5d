/* source.c - open-once, re-read-per-sample readers of kernel files. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "parse.h"
#include "readall.h"
#include "source.h"
#include "banned.h"

void source_set_init(struct source_set *s)
{
	memset(s, 0, sizeof(*s));
}

void source_set_release(struct source_set *s)
{
	size_t i;

	for (i = 0; i < s->nr; i++) {
		if (s->v[i].fd >= 0)
			close(s->v[i].fd);
		free(s->v[i].path);
		free(s->v[i].buf);
	}
	free(s->v);
	source_set_init(s);
}

int source_set_add(struct source_set *s, const char *tag, const char *root,
		   const char *path, enum source_format format,
		   const char *single_name, int required)
{
	struct source_file *f;
	size_t rl = strlen(root), pl = strlen(path);

	if (s->nr == s->alloc) {
		size_t n = s->alloc ? 2 * s->alloc : 8;
		struct source_file *v = realloc(s->v, n * sizeof(*v));

		if (!v)
			return error("out of memory");
		s->v = v;
		s->alloc = n;
	}
	f = &s->v[s->nr];
	memset(f, 0, sizeof(*f));
	f->path = malloc(rl + pl + 1);
	if (!f->path)
		return error("out of memory");
	memcpy(f->path, root, rl);
	memcpy(f->path + rl, path, pl + 1);
	f->tag = tag;
	f->format = format;
	f->single_name = single_name;
	f->required = required;
	f->fd = -1;
	s->nr++;
	return 0;
}

static int source_open_one(struct source_file *f)
{
	f->fd = open(f->path, O_RDONLY | O_CLOEXEC);
	return f->fd < 0 ? -1 : 0;
}

int source_set_open(struct source_set *s)
{
	size_t i;

	for (i = 0; i < s->nr; i++) {
		struct source_file *f = &s->v[i];

		if (source_open_one(f) && f->required)
			return error_errno("cannot open '%s'", f->path);
	}
	return 0;
}

long source_read_file(struct source_file *f)
{
	return readall_fd(f->fd, &f->buf, &f->cap);
}

static int source_parse(struct source_file *f, size_t len, uint16_t src,
			struct kv_list *out)
{
	switch (f->format) {
	case FMT_FLAT:
		return parse_flat(f->buf, len, src, out);
	case FMT_MEMINFO:
		return parse_meminfo(f->buf, len, src, out);
	case FMT_ZONEINFO:
		return parse_zoneinfo(f->buf, len, src, out);
	case FMT_PSI:
		return parse_psi(f->buf, len, src, out);
	case FMT_SINGLE:
		return parse_single(f->buf, len, src, f->single_name, out);
	}
	return -1;
}

/* A failed optional file is reported once, then retried quietly. */
static void source_lost(struct source_file *f)
{
	if (!f->warned)
		warning("cannot read '%s': %s (its counters are left out "
			"until it comes back)", f->path, strerror(errno));
	f->warned = 1;
	if (f->fd >= 0)
		close(f->fd);
	f->fd = -1;
}

int source_set_read(struct source_set *s, struct kv_list *out)
{
	size_t i;

	kv_list_reset(out);
	for (i = 0; i < s->nr; i++) {
		struct source_file *f = &s->v[i];
		long n;

		if (f->fd < 0 && source_open_one(f)) {
			if (f->required)
				return error_errno("cannot open '%s'", f->path);
			source_lost(f);
			continue;
		}
		n = source_read_file(f);
		if (n < 0) {
			if (f->required)
				return error_errno("cannot read '%s'", f->path);
			source_lost(f);
			continue;
		}
		if (source_parse(f, (size_t)n, (uint16_t)i, out))
			return error("out of memory");
	}
	return 0;
}
