/*
 * readall.h - read a whole kernel file, however the kernel hands it out.
 *
 * The kernel's seq_file (/proc/vmstat, /proc/zoneinfo, memory.stat, ...)
 * returns at most about one page per read() whatever the size asked for
 * (6.x fs/seq_file.c seq_read_iter(): one m->buf, PAGE_SIZE unless a
 * single record needs more), so a short read is not the end of the file:
 * only a read that returns 0 is.  Every reader of /proc and /sys in the
 * collector goes through readall_fd().
 */
#ifndef VMSCOPE_READALL_H
#define VMSCOPE_READALL_H

#include <stddef.h>

/*
 * Read the file behind fd from offset 0 to its end into *buf (capacity
 * *cap bytes, both owned by the caller; *buf may start NULL), growing the
 * buffer when it fills.  pread() at increasing offsets keeps the fd's own
 * offset alone, so the same fd is re-read on every sample; seq_file
 * continues from where the previous pread stopped without walking the
 * records again.  Returns the length, or -1 with errno set (ENOMEM, or
 * pread's error).  The buffer is not NUL-terminated.
 */
long readall_fd(int fd, char **buf, size_t *cap);

#endif
