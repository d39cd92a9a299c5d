/*
 * transfer.h - the disk that carries the lab's database into the guest
 * and back, read and written without mounting anything.
 *
 * Layout: a 4096-byte text header, then the database file's bytes.
 *
 *   vmscope-lab-transfer 1
 *   from: host            (or guest)
 *   size: 123456          (bytes of database that follow; 0: none yet)
 *   crc32: 1a2b3c4d       (zlib crc32 of those bytes)
 *   status: 0             (guest: the benchmark's exit status)
 *
 * The writer puts the data first and the header last, each followed by
 * fsync, so a guest that dies mid-write leaves "from: host" behind and
 * the host sees that no database came back, never a torn one.
 */
#ifndef VMSCOPE_TRANSFER_H
#define VMSCOPE_TRANSFER_H

#include <stdint.h>

#define TRANSFER_HEADER 4096

struct transfer_hdr {
	char from[8];            /* "host" or "guest" */
	int64_t size;
	uint32_t crc;
	int status;              /* -1 when absent */
};

/*
 * Write the file db (NULL: no data) to disk, which must exist and be big
 * enough (a block device or an image file), as from ("host", "guest").
 */
int transfer_put(const char *disk, const char *from, const char *db, int status);

/*
 * Read the header into h; with out, also copy the data there and check
 * its size and crc.  -1 with a message on a bad or torn transfer.
 */
int transfer_get(const char *disk, struct transfer_hdr *h, const char *out);

#endif
