/* transfer.c - the database's round trip through a raw disk (see transfer.h). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "err.h"
#include "transfer.h"
#include "banned.h"

#define MAGIC "vmscope-lab-transfer 1\n"
#define CHUNK (1 << 20)

/* pwrite (out) or pread all of len bytes at offset at; -1 if cut short. */
static int full_io(int fd, void *buf, size_t len, off_t at, int out)
{
	char *p = buf;

	while (len) {
		ssize_t n = out ? pwrite(fd, p, len, at) : pread(fd, p, len, at);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
		at += n;
	}
	return 0;
}

/* Copy the file db to disk at TRANSFER_HEADER; its size and crc out. */
static int put_data(int disk, const char *name, const char *db, int64_t *size,
		    uint32_t *crc)
{
	char *buf = malloc(CHUNK);
	int in = open(db, O_RDONLY | O_CLOEXEC), rc = 0;
	off_t at = TRANSFER_HEADER;
	uLong c = crc32(0L, Z_NULL, 0);
	off_t room = lseek(disk, 0, SEEK_END), need = in >= 0 ? lseek(in, 0, SEEK_END) : 0;
	ssize_t n;

	if (in < 0 || !buf || need < 0) {
		free(buf);
		if (in >= 0)
			close(in);
		return error_errno("cannot read '%s'", db);
	}
	/* an image file would just grow: hold it to its size, like a disk */
	if (room < TRANSFER_HEADER + need) {
		free(buf);
		close(in);
		return error("'%s' (%lld bytes) does not fit on '%s'", db,
			     (long long)need, name);
	}
	lseek(in, 0, SEEK_SET);
	while ((n = read(in, buf, CHUNK)) > 0) {
		if (full_io(disk, buf, (size_t)n, at, 1)) {
			rc = error_errno("cannot write '%s' (is the disk big enough?)", name);
			break;
		}
		c = crc32(c, (const Bytef *)buf, (uInt)n);
		at += n;
	}
	if (n < 0)
		rc = error_errno("cannot read '%s'", db);
	close(in);
	free(buf);
	*size = at - TRANSFER_HEADER;
	*crc = (uint32_t)c;
	return rc;
}

int transfer_put(const char *disk, const char *from, const char *db, int status)
{
	char hdr[TRANSFER_HEADER];
	int64_t size = 0;
	uint32_t crc = (uint32_t)crc32(0L, Z_NULL, 0);
	int fd = open(disk, O_WRONLY | O_CLOEXEC), rc = 0;

	if (fd < 0)
		return error_errno("cannot open '%s'", disk);
	if (db)
		rc = put_data(fd, disk, db, &size, &crc);
	memset(hdr, 0, sizeof(hdr));
	snprintf(hdr, sizeof(hdr), MAGIC "from: %s\nsize: %" PRId64 "\n"
		 "crc32: %08" PRIx32 "\nstatus: %d\n", from, size, crc, status);
	if (!rc && (fsync(fd) || full_io(fd, hdr, sizeof(hdr), 0, 1) || fsync(fd)))
		rc = error_errno("cannot write '%s'", disk);
	if (close(fd) && !rc)
		rc = error_errno("cannot write '%s'", disk);
	return rc;
}

static int parse_header(const char *disk, const char *hdr, struct transfer_hdr *h)
{
	const char *p = hdr + strlen(MAGIC);
	unsigned long long size;
	unsigned crc;

	memset(h, 0, sizeof(*h));
	h->status = -1;
	if (memcmp(hdr, MAGIC, strlen(MAGIC)) ||
	    sscanf(p, "from: %7s\nsize: %llu\ncrc32: %x\n", h->from, &size, &crc) != 3)
		return error("'%s' holds no vmscope lab transfer", disk);
	h->size = (int64_t)size;
	h->crc = crc;
	p = strstr(p, "status: ");
	if (p)
		h->status = atoi(p + 8);
	return 0;
}

static int get_data(int fd, const char *disk, const struct transfer_hdr *h,
		    const char *out)
{
	char *buf = malloc(CHUNK);
	int o = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644), rc = 0;
	uLong c = crc32(0L, Z_NULL, 0);
	int64_t done = 0;

	if (o < 0 || !buf) {
		free(buf);
		if (o >= 0)
			close(o);
		return error_errno("cannot create '%s'", out);
	}
	while (!rc && done < h->size) {
		size_t n = h->size - done < CHUNK ? (size_t)(h->size - done) : CHUNK;

		if (full_io(fd, buf, n, TRANSFER_HEADER + done, 0))
			rc = error("'%s' is cut short: %" PRId64 " of %" PRId64
				   " bytes", disk, done, h->size);
		else if (full_io(o, buf, n, done, 1))
			rc = error_errno("cannot write '%s'", out);
		c = crc32(c, (const Bytef *)buf, (uInt)n);
		done += (int64_t)n;
	}
	if (close(o) && !rc)
		rc = error_errno("cannot write '%s'", out);
	free(buf);
	if (!rc && (uint32_t)c != h->crc)
		rc = error("the database on '%s' is damaged: crc32 %08lx, header "
			   "says %08" PRIx32, disk, c, h->crc);
	return rc;
}

int transfer_get(const char *disk, struct transfer_hdr *h, const char *out)
{
	char hdr[TRANSFER_HEADER + 1];
	int fd = open(disk, O_RDONLY | O_CLOEXEC), rc;

	if (fd < 0)
		return error_errno("cannot open '%s'", disk);
	hdr[TRANSFER_HEADER] = 0;
	rc = full_io(fd, hdr, TRANSFER_HEADER, 0, 0) ?
	     error("'%s' is too short for a lab transfer", disk) :
	     parse_header(disk, hdr, h);
	if (!rc && out)
		rc = get_data(fd, disk, h, out);
	close(fd);
	return rc;
}
