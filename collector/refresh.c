/* refresh.c - fold the per-CPU vmstat diffs before each sample (see refresh.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "refresh.h"
#include "banned.h"

#define STAT_REFRESH "/proc/sys/vm/stat_refresh"

int stat_refresh_open(struct stat_refresh *r, const char *root)
{
	char path[600];

	r->warned = 0;
	snprintf(path, sizeof(path), "%s%s", root, STAT_REFRESH);
	r->fd = open(path, O_WRONLY | O_CLOEXEC);
	if (r->fd < 0)
		return error_errno("--stat-refresh: cannot open %s for writing%s", path,
				   errno == EACCES || errno == EPERM ? " (root only)" : "");
	return 0;
}

void stat_refresh_now(struct stat_refresh *r)
{
	if (r->fd < 0)
		return;
	/*
	 * Older kernels answer EINVAL when a statistic is negative, which
	 * they check after the fold: the fold is done all the same.
	 */
	if (pwrite(r->fd, "1", 1, 0) == 1 || errno == EINVAL)
		return;
	if (!r->warned)
		warning("--stat-refresh: writing %s failed (%s): samples go on "
			"unfolded", STAT_REFRESH, strerror(errno));
	r->warned = 1;
}

void stat_refresh_close(struct stat_refresh *r)
{
	if (r->fd >= 0)
		close(r->fd);
	r->fd = -1;
}
