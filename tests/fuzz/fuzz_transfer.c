/*
 * fuzz_transfer.c - libFuzzer target for the lab's transfer disk
 * (lab/transfer.c: transfer_get): the input is the disk image, a text
 * header in its first 4 KiB and the database after it.  It is written to
 * a file in /dev/shm, read back, and the data copied out as the host does.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "transfer.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char disk[64], out[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct transfer_hdr h;
	int fd;

	if (!disk[0]) {
		snprintf(disk, sizeof(disk), "/dev/shm/vmscope-fuzz-disk.%d", (int)getpid());
		snprintf(out, sizeof(out), "/dev/shm/vmscope-fuzz-out.%d", (int)getpid());
	}
	fd = open(disk, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || write(fd, data, size) != (ssize_t)size)
		abort();
	close(fd);
	if (!transfer_get(disk, &h, out) &&
	    (memchr(h.from, 0, sizeof(h.from)) == NULL || h.size < 0))
		__builtin_trap();   /* accepted a header it cannot hold */
	unlink(out);
	unlink(disk);
	return 0;
}
