/*
 * kmodfile.h - the bytes of a kernel module file, compressed or not.
 *
 * Debian's 6.12 kernels ship their modules as .ko.xz; kmod also knows
 * .ko.zst and .ko.gz (kmod 27+, Kconfig MODULE_COMPRESS_{XZ,ZSTD,GZIP}).
 * The lab decompresses them on the host, since the guest's busybox insmod
 * cannot be assumed to, and hands the guest plain .ko files.
 */
#ifndef VMSCOPE_KMODFILE_H
#define VMSCOPE_KMODFILE_H

#include <stddef.h>

/*
 * Length of the module suffix of name (".ko", ".ko.xz", ".ko.zst",
 * ".ko.gz"), 0 if name is not a module file.  name minus that many bytes
 * is the module's name.
 */
size_t kmod_suffix(const char *name);

/*
 * The uncompressed module at path into *data (malloc'd, NUL-terminated,
 * length in *len).  The format is told by the file's magic, not its name.
 * -1 with a message if it cannot be read or decompressed, or if it grows
 * past KMOD_MAX_BYTES.
 */
int kmod_read(const char *path, char **data, size_t *len);

/* The same on bytes already in memory (what kmod_read does after reading). */
int kmod_decompress(const char *what, const unsigned char *in, size_t in_len,
		    char **data, size_t *len);

/* No module comes near this (the largest Debian 6.12 .ko is ~20 MB); a
 * bound keeps a crafted file from eating the host's memory. */
#define KMOD_MAX_BYTES ((size_t)256 << 20)

#endif
