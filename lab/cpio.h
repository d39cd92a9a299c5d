/*
 * cpio.h - write a cpio archive in the "newc" format the kernel unpacks
 * as an initramfs (Documentation/driver-api/early-userspace/
 * buffer-format.rst).  Entries are written as given, with uid and gid 0,
 * so an archive holding /dev/console can be made without root.
 */
#ifndef VMSCOPE_CPIO_H
#define VMSCOPE_CPIO_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

struct cpio {
	FILE *f;
	const char *path;
	unsigned ino;
	int failed;              /* a write failed: cpio_close() reports it */
};

int cpio_open(struct cpio *c, const char *path);
int cpio_dir(struct cpio *c, const char *name);
int cpio_file(struct cpio *c, const char *name, mode_t perm, const void *data,
	      size_t len);
/* A copy of the host file src. */
int cpio_copy(struct cpio *c, const char *name, mode_t perm, const char *src);
int cpio_symlink(struct cpio *c, const char *name, const char *target);
int cpio_chardev(struct cpio *c, const char *name, unsigned major,
		 unsigned minor);
/* Write the trailer and close; -1 with a message if anything failed. */
int cpio_close(struct cpio *c);

#endif
