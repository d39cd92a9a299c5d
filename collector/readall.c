/* readall.c - whole-file reads of seq_file and sysfs files, see readall.h. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include "readall.h"
#include "banned.h"

/* /proc/vmstat is 4-6 KiB on 6.x: one read and the read of 0 bytes. */
#define READALL_INITIAL 8192

static int readall_grow(char **buf, size_t *cap)
{
	size_t n = *cap ? 2 * *cap : READALL_INITIAL;
	char *b;

	if (n > LONG_MAX) {
		errno = EFBIG;
		return -1;
	}
	b = realloc(*buf, n);
	if (!b) {
		errno = ENOMEM;
		return -1;
	}
	*buf = b;
	*cap = n;
	return 0;
}

long readall_fd(int fd, char **buf, size_t *cap)
{
	size_t len = 0;

	for (;;) {
		ssize_t n;

		if ((!*buf || len == *cap) && readall_grow(buf, cap))
			return -1;
		n = pread(fd, *buf + len, *cap - len, (off_t)len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			return (long)len;
		len += (size_t)n;
	}
}
