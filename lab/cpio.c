/* cpio.c - newc archives for the lab's initramfs (see cpio.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cpio.h"
#include "err.h"
#include "fileio.h"
#include "banned.h"

int cpio_open(struct cpio *c, const char *path)
{
	memset(c, 0, sizeof(*c));
	c->path = path;
	c->ino = 1;
	c->f = fopen(path, "wbe");
	return c->f ? 0 : error_errno("cannot create '%s'", path);
}

static void pad4(struct cpio *c, size_t len)
{
	static const char zeros[4];

	if (len % 4 && fwrite(zeros, 1, 4 - len % 4, c->f) != 4 - len % 4)
		c->failed = 1;
}

/* The 110-byte header and the name, padded to 4 bytes. */
static void header(struct cpio *c, const char *name, mode_t mode, size_t size,
		   unsigned rmajor, unsigned rminor)
{
	size_t nl = strlen(name) + 1;
	int n = fprintf(c->f, "070701%08X%08X%08X%08X%08X%08X%08zX%08X%08X%08X%08X%08zX%08X",
			c->ino++, (unsigned)mode, 0u, 0u,
			S_ISDIR(mode) ? 2u : 1u, 0u, size, 0u, 0u, rmajor,
			rminor, nl, 0u);

	if (n != 110 || fwrite(name, 1, nl, c->f) != nl)
		c->failed = 1;
	pad4(c, 110 + nl);
}

int cpio_dir(struct cpio *c, const char *name)
{
	header(c, name, S_IFDIR | 0755, 0, 0, 0);
	return 0;
}

int cpio_file(struct cpio *c, const char *name, mode_t perm, const void *data,
	      size_t len)
{
	header(c, name, S_IFREG | perm, len, 0, 0);
	if (len && fwrite(data, 1, len, c->f) != len)
		c->failed = 1;
	pad4(c, len);
	return 0;
}

int cpio_copy(struct cpio *c, const char *name, mode_t perm, const char *src)
{
	char *data;
	size_t len;
	int rc;

	if (file_read_all(src, &data, &len))
		return error_errno("cannot read '%s'", src);
	rc = cpio_file(c, name, perm, data, len);
	free(data);
	return rc;
}

int cpio_symlink(struct cpio *c, const char *name, const char *target)
{
	size_t len = strlen(target);

	header(c, name, S_IFLNK | 0777, len, 0, 0);
	if (fwrite(target, 1, len, c->f) != len)
		c->failed = 1;
	pad4(c, len);
	return 0;
}

int cpio_chardev(struct cpio *c, const char *name, unsigned major,
		 unsigned minor)
{
	header(c, name, S_IFCHR | 0600, 0, major, minor);
	return 0;
}

int cpio_close(struct cpio *c)
{
	int rc;

	if (!c->f)
		return -1;
	header(c, "TRAILER!!!", 0, 0, 0, 0);
	rc = c->failed | ferror(c->f);
	if (fclose(c->f))
		rc = 1;
	c->f = NULL;
	return rc ? error_errno("cannot write '%s'", c->path) : 0;
}
