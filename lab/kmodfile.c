/*
 * kmodfile.c - read kernel modules, decompressing .ko.xz / .ko.zst /
 * .ko.gz with liblzma, libzstd and zlib (see kmodfile.h).
 *
 * Each decoder writes into one growing buffer (struct out), doubled when
 * full and bounded by KMOD_MAX_BYTES; the frame's declared size is never
 * trusted.
 */
#include <lzma.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

#include "err.h"
#include "fileio.h"
#include "kmodfile.h"
#include "banned.h"

static const char *const suffixes[] = { ".ko", ".ko.xz", ".ko.zst", ".ko.gz" };

size_t kmod_suffix(const char *name)
{
	size_t nl = strlen(name), i;

	for (i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		size_t sl = strlen(suffixes[i]);

		if (nl > sl && !strcmp(name + nl - sl, suffixes[i]))
			return sl;
	}
	return 0;
}

struct out {
	unsigned char *buf;
	size_t len, cap;
};

/* Room for at least one more byte (and the final NUL); -1 at the bound. */
static int out_grow(struct out *o)
{
	size_t cap = o->cap ? o->cap * 2 : (size_t)1 << 20;
	unsigned char *b;

	if (o->cap >= KMOD_MAX_BYTES)
		return -1;
	if (cap > KMOD_MAX_BYTES)
		cap = KMOD_MAX_BYTES;
	b = realloc(o->buf, cap + 1);
	if (!b)
		return -1;
	o->buf = b;
	o->cap = cap;
	return 0;
}

static int unxz(const unsigned char *in, size_t n, struct out *o)
{
	lzma_stream s = LZMA_STREAM_INIT;
	lzma_ret r;

	if (lzma_stream_decoder(&s, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
		return -1;
	s.next_in = in;
	s.avail_in = n;
	do {
		if (o->len == o->cap && out_grow(o)) {
			lzma_end(&s);
			return -1;
		}
		s.next_out = o->buf + o->len;
		s.avail_out = o->cap - o->len;
		/* LZMA_FINISH: all input is here; ends with LZMA_STREAM_END */
		r = lzma_code(&s, LZMA_FINISH);
		o->len = o->cap - s.avail_out;
	} while (r == LZMA_OK || (r == LZMA_BUF_ERROR && o->len == o->cap));
	lzma_end(&s);
	return r == LZMA_STREAM_END ? 0 : -1;
}

static int unzstd(const unsigned char *in, size_t n, struct out *o)
{
	ZSTD_DStream *z = ZSTD_createDStream();
	ZSTD_inBuffer ib = { in, n, 0 };
	size_t r = 1;

	if (!z)
		return -1;
	ZSTD_initDStream(z);
	/* r == 0: a frame ended; more input may hold another frame */
	while (ib.pos < ib.size || r != 0) {
		ZSTD_outBuffer ob;

		if (o->len == o->cap && out_grow(o))
			break;
		ob = (ZSTD_outBuffer){ o->buf, o->cap, o->len };
		r = ZSTD_decompressStream(z, &ob, &ib);
		o->len = ob.pos;
		if (ZSTD_isError(r) || (ib.pos == ib.size && r != 0 && ob.pos < ob.size))
			break;   /* corrupt, or input ends inside a frame */
	}
	ZSTD_freeDStream(z);
	return ib.pos == ib.size && r == 0 ? 0 : -1;
}

static int ungz(const unsigned char *in, size_t n, struct out *o)
{
	z_stream s;
	int r;

	memset(&s, 0, sizeof(s));
	/* 16 + MAX_WBITS: a gzip wrapper, not zlib's (zlib.h, inflateInit2) */
	if (inflateInit2(&s, 16 + MAX_WBITS) != Z_OK)
		return -1;
	s.next_in = (unsigned char *)in;
	do {
		size_t chunk = n > UINT32_MAX ? UINT32_MAX : n;

		if (o->len == o->cap && out_grow(o)) {
			r = Z_MEM_ERROR;
			break;
		}
		s.avail_in = (uInt)chunk;
		s.next_out = o->buf + o->len;
		s.avail_out = (uInt)(o->cap - o->len);
		r = inflate(&s, Z_NO_FLUSH);
		o->len = o->cap - s.avail_out;
		n -= chunk - s.avail_in;
	} while (r == Z_OK || (r == Z_BUF_ERROR && o->len == o->cap));
	inflateEnd(&s);
	return r == Z_STREAM_END ? 0 : -1;
}

int kmod_decompress(const char *what, const unsigned char *in, size_t in_len,
		    char **data, size_t *len)
{
	static const unsigned char xz[] = { 0xfd, '7', 'z', 'X', 'Z', 0 };
	static const unsigned char zst[] = { 0x28, 0xb5, 0x2f, 0xfd };
	static const unsigned char gz[] = { 0x1f, 0x8b };
	struct out o = { 0 };
	int rc;

#define HAS_MAGIC(m) (in_len >= sizeof(m) && !memcmp(in, m, sizeof(m)))
	if (HAS_MAGIC(xz))
		rc = unxz(in, in_len, &o);
	else if (HAS_MAGIC(zst))
		rc = unzstd(in, in_len, &o);
	else if (HAS_MAGIC(gz))
		rc = ungz(in, in_len, &o);
	else {
		/* not compressed: a copy, so the caller owns one kind of buffer */
		if (in_len > KMOD_MAX_BYTES || !(o.buf = malloc(in_len + 1)))
			return error("module '%s' is too large", what);
		memcpy(o.buf, in, in_len);
		o.len = in_len;
		rc = 0;
	}
#undef HAS_MAGIC
	if (rc) {
		free(o.buf);
		return error("cannot decompress module '%s': corrupt, truncated "
			     "or larger than %zu MB", what, KMOD_MAX_BYTES >> 20);
	}
	if (!o.buf && !(o.buf = malloc(1)))
		return error("out of memory");
	o.buf[o.len] = 0;
	*data = (char *)o.buf;
	*len = o.len;
	return 0;
}

int kmod_read(const char *path, char **data, size_t *len)
{
	char *raw;
	size_t n;
	int rc;

	if (file_read_all(path, &raw, &n))
		return error_errno("cannot read module '%s'", path);
	rc = kmod_decompress(path, (const unsigned char *)raw, n, data, len);
	free(raw);
	return rc;
}
