/*
 * reader.c - open a log, decompressing it if needed, and read its lines.
 *
 * DESIGN: mmtests and LKP keep every log compressed, so gzip, xz and
 * zstd are told by their magic bytes (not the file name: stdin has none)
 * and decoded through zlib, liblzma and libzstd behind a stdio stream
 * (fopencookie), so every format reads the same FILE *.  Concatenated
 * members (gzip -c a >> log) decode as one stream.
 *
 * Lines end at "\n", "\r\n" or a lone "\r" (old Mac files, and what a
 * fuzzer found: CR-only endings kept one counter).  A line keeps its NUL
 * bytes and its length, so formats can refuse them instead of reading a
 * NUL as the end of the line.
 */
#include <errno.h>
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

#include "err.h"
#include "import.h"
#include "banned.h"

enum codec { CODEC_GZIP, CODEC_XZ, CODEC_ZSTD, CODEC_NONE };

struct zcookie {
	FILE *raw;
	enum codec codec;
	unsigned char in[65536];
	size_t in_pos, in_len;
	int raw_eof, done;
	z_stream z;
	lzma_stream x;
	ZSTD_DStream *zs;
};

/* Refill the compressed input; 0 at its end. */
static size_t refill(struct zcookie *c)
{
	if (c->in_pos < c->in_len)
		return c->in_len - c->in_pos;
	if (c->raw_eof)
		return 0;
	c->in_pos = 0;
	c->in_len = fread(c->in, 1, sizeof(c->in), c->raw);
	if (c->in_len == 0)
		c->raw_eof = 1;
	return c->in_len;
}

static ssize_t read_gzip(struct zcookie *c, char *buf, size_t size)
{
	size_t got = 0;

	while (got < size && !c->done) {
		int rc;

		if (!refill(c))
			return errno = EIO, -1;   /* truncated stream */
		c->z.next_in = c->in + c->in_pos;
		c->z.avail_in = (uInt)(c->in_len - c->in_pos);
		c->z.next_out = (Bytef *)buf + got;
		c->z.avail_out = (uInt)(size - got);
		rc = inflate(&c->z, Z_NO_FLUSH);
		c->in_pos = c->in_len - c->z.avail_in;
		got = size - c->z.avail_out;
		if (rc == Z_STREAM_END) {
			/* another member may follow */
			if (refill(c))
				inflateReset(&c->z);
			else
				c->done = 1;
		} else if (rc != Z_OK && rc != Z_BUF_ERROR) {
			return errno = EILSEQ, -1;
		}
	}
	return (ssize_t)got;
}

static ssize_t read_xz(struct zcookie *c, char *buf, size_t size)
{
	size_t got = 0;

	while (got < size && !c->done) {
		lzma_ret rc;
		size_t avail = refill(c);

		c->x.next_in = c->in + c->in_pos;
		c->x.avail_in = avail;
		c->x.next_out = (uint8_t *)buf + got;
		c->x.avail_out = size - got;
		rc = lzma_code(&c->x, avail ? LZMA_RUN : LZMA_FINISH);
		c->in_pos = c->in_len - c->x.avail_in;
		got = size - c->x.avail_out;
		if (rc == LZMA_STREAM_END)
			c->done = 1;
		else if (rc != LZMA_OK)
			return errno = rc == LZMA_BUF_ERROR ? EIO : EILSEQ, -1;
	}
	return (ssize_t)got;
}

static ssize_t read_zstd(struct zcookie *c, char *buf, size_t size)
{
	size_t got = 0, last = 0;

	while (got < size) {
		ZSTD_inBuffer ib;
		ZSTD_outBuffer ob = { buf, size, got };
		size_t avail = refill(c);

		if (!avail) {
			if (last != 0)     /* a frame left unfinished */
				return errno = EIO, -1;
			break;
		}
		ib.src = c->in;
		ib.size = c->in_len;
		ib.pos = c->in_pos;
		last = ZSTD_decompressStream(c->zs, &ob, &ib);
		if (ZSTD_isError(last))
			return errno = EILSEQ, -1;
		c->in_pos = ib.pos;
		got = ob.pos;
	}
	return (ssize_t)got;
}

static ssize_t read_plain(struct zcookie *c, char *buf, size_t size)
{
	size_t got = 0;

	if (c->in_pos < c->in_len) {
		got = c->in_len - c->in_pos < size ? c->in_len - c->in_pos : size;
		memcpy(buf, c->in + c->in_pos, got);
		c->in_pos += got;
	}
	if (got < size)
		got += fread(buf + got, 1, size - got, c->raw);
	return !got && ferror(c->raw) ? -1 : (ssize_t)got;
}

static ssize_t zcookie_read(void *cookie, char *buf, size_t size)
{
	struct zcookie *c = cookie;

	switch (c->codec) {
	case CODEC_GZIP: return read_gzip(c, buf, size);
	case CODEC_XZ: return read_xz(c, buf, size);
	case CODEC_ZSTD: return read_zstd(c, buf, size);
	default: return read_plain(c, buf, size);
	}
}

static int zcookie_close(void *cookie)
{
	struct zcookie *c = cookie;

	if (c->codec == CODEC_GZIP)
		inflateEnd(&c->z);
	else if (c->codec == CODEC_XZ)
		lzma_end(&c->x);
	else if (c->codec == CODEC_ZSTD)
		ZSTD_freeDStream(c->zs);
	if (c->raw != stdin)
		fclose(c->raw);
	free(c);
	return 0;
}

static int zcookie_start(struct zcookie *c)
{
	static const lzma_stream x_init = LZMA_STREAM_INIT;

	switch (c->codec) {
	case CODEC_GZIP:
		/* 15 + 32: a gzip (or zlib) header, the largest window */
		return inflateInit2(&c->z, 15 + 32) == Z_OK ? 0 : -1;
	case CODEC_XZ:
		c->x = x_init;
		return lzma_stream_decoder(&c->x, UINT64_MAX,
					   LZMA_CONCATENATED) == LZMA_OK ? 0 : -1;
	case CODEC_NONE:
		return 0;
	default:
		c->zs = ZSTD_createDStream();
		return c->zs && !ZSTD_isError(ZSTD_initDStream(c->zs)) ? 0 : -1;
	}
}

/* The codec whose magic bytes start m (n bytes), or -1. */
static int codec_of(const unsigned char *m, size_t n)
{
	if (n >= 2 && m[0] == 0x1f && m[1] == 0x8b)
		return CODEC_GZIP;
	if (n >= 6 && !memcmp(m, "\xfd" "7zXZ\0", 6))
		return CODEC_XZ;
	if (n >= 4 && !memcmp(m, "\x28\xb5\x2f\xfd", 4))
		return CODEC_ZSTD;
	return -1;
}

/*
 * Compressions seen on posted logs that are not read (a bzip2'd vmstat
 * log attached to a linux-kernel mail, tests/fixtures/import): named,
 * rather than refused as a text line with a NUL in it.
 */
static const char *unread_codec(const unsigned char *m, size_t n)
{
	if (n >= 4 && !memcmp(m, "BZh", 3) && m[3] >= '1' && m[3] <= '9')
		return "bzip2";
	if (n >= 4 && !memcmp(m, "\x04\x22\x4d\x18", 4))
		return "lz4";
	if (n >= 3 && !memcmp(m, "\x5d\0\0", 3))
		return "lzma";
	return NULL;
}

FILE *import_fopen(const char *path, const char **compression)
{
	static const char *const names[] = { "gzip", "xz", "zstd" };
	static const cookie_io_functions_t io = {
		.read = zcookie_read, .close = zcookie_close,
	};
	FILE *raw = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	struct zcookie *c;
	const char *other;
	FILE *f;
	int codec;

	*compression = NULL;
	if (!raw) {
		error_errno("cannot open '%s'", path);
		return NULL;
	}
	c = calloc(1, sizeof(*c));
	if (!c) {
		error("out of memory");
		goto fail;
	}
	c->raw = raw;
	c->in_len = fread(c->in, 1, 6, raw);   /* the longest magic */
	if (ferror(raw)) {
		error_errno("cannot read '%s'", path);
		goto fail;
	}
	codec = codec_of(c->in, c->in_len);
	if (codec < 0 && (other = unread_codec(c->in, c->in_len))) {
		error("%s:1: %s-compressed: not read (gzip, xz and zstd are); "
		      "decompress it first", path, other);
		goto fail;
	}
	/* plain text: the peeked bytes are handed back first */
	c->codec = codec < 0 ? CODEC_NONE : (enum codec)codec;
	if (zcookie_start(c)) {
		error("%s: cannot start the %s decoder", path, names[codec]);
		goto fail;
	}
	f = fopencookie(c, "r", io);
	if (!f) {
		zcookie_close(c);
		error("out of memory");
		return NULL;
	}
	*compression = codec < 0 ? NULL : names[codec];
	return f;
fail:
	free(c);
	if (raw != stdin)
		fclose(raw);
	return NULL;
}

void line_reader_init(struct line_reader *r, FILE *in)
{
	memset(r, 0, sizeof(*r));
	r->in = in;
}

void line_reader_release(struct line_reader *r)
{
	free(r->buf);
	r->buf = NULL;
}

/* Read more bytes after the unread ones; 0 at the end, -1 on error. */
static int fill(struct line_reader *r)
{
	size_t n;

	if (r->eof)
		return 0;
	if (r->start > 0) {
		memmove(r->buf, r->buf + r->start, r->end - r->start);
		r->end -= r->start;
		r->start = 0;
	}
	if (r->cap - r->end < 65536) {
		size_t cap = r->cap ? r->cap * 2 : 131072;
		char *b = realloc(r->buf, cap + 1);

		if (!b)
			return errno = ENOMEM, -1;
		r->buf = b;
		r->cap = cap;
	}
	n = fread(r->buf + r->end, 1, r->cap - r->end, r->in);
	r->end += n;
	if (n == 0) {
		if (ferror(r->in))
			return -1;
		r->eof = 1;
	}
	return n > 0;
}

int line_reader_next(struct line_reader *r, char **line, size_t *len)
{
	size_t i;

	/* the "\n" of a "\r\n" split across two reads */
	if (r->last_cr) {
		if (r->start == r->end && fill(r) < 0)
			return -1;
		if (r->start < r->end && r->buf[r->start] == '\n')
			r->start++;
		r->last_cr = 0;
	}
	i = r->start;
	for (;;) {
		while (i < r->end && r->buf[i] != '\n' && r->buf[i] != '\r')
			i++;
		if (i < r->end || r->eof)
			break;
		{
			size_t off = i - r->start;

			if (fill(r) < 0)
				return -1;
			i = r->start + off;
		}
	}
	if (i == r->start && i >= r->end)
		return 0;
	*line = r->buf + r->start;
	*len = i - r->start;
	if (i < r->end && r->buf[i] == '\r') {
		if (i + 1 < r->end && r->buf[i + 1] == '\n')
			i++;
		else if (i + 1 >= r->end)
			r->last_cr = 1;
	}
	r->start = i < r->end ? i + 1 : i;
	(*line)[*len] = 0;   /* over the terminator, or the spare byte */
	return 1;
}
