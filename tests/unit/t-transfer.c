/*
 * t-transfer.c - the lab database's round trip through a raw disk image:
 * what goes in comes out byte for byte, and a damaged or torn transfer
 * is refused, never taken for a database.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "transfer.h"

static char dir[96];
static char disk[128], in[128], out[128];

static void write_file(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	fwrite(data, 1, len, f);
	fclose(f);
}

static int same_files(const char *a, const char *b)
{
	char x[70000], y[70000];
	FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
	size_t na = fa ? fread(x, 1, sizeof(x), fa) : 0;
	size_t nb = fb ? fread(y, 1, sizeof(y), fb) : 0;

	if (fa)
		fclose(fa);
	if (fb)
		fclose(fb);
	return fa && fb && na == nb && !memcmp(x, y, na);
}

static void poke(const char *path, off_t at, char c)
{
	int fd = open(path, O_WRONLY);

	if (pwrite(fd, &c, 1, at) != 1)
		abort();
	close(fd);
}

int main(void)
{
	struct transfer_hdr h;
	char data[65536 + 7];
	size_t i;

	if (!tap_tmp_template(dir, sizeof(dir), "t-transfer") || !mkdtemp(dir))
		return 1;
	snprintf(disk, sizeof(disk), "%s/disk", dir);
	snprintf(in, sizeof(in), "%s/in", dir);
	snprintf(out, sizeof(out), "%s/out", dir);
	for (i = 0; i < sizeof(data); i++)
		data[i] = (char)(i * 7 + i / 251);
	write_file(in, data, sizeof(data));
	write_file(disk, "", 0);
	if (truncate(disk, 1 << 20))
		return 1;

	tap_ok(transfer_put(disk, "host", in, 0) == 0, "a database is written to the disk");
	tap_ok(transfer_get(disk, &h, out) == 0 && !strcmp(h.from, "host") &&
	       h.size == (int64_t)sizeof(data), "the header says who wrote it and how much");
	tap_ok(same_files(in, out), "the bytes come back unchanged");

	tap_ok(transfer_put(disk, "guest", NULL, 3) == 0 &&
	       transfer_get(disk, &h, NULL) == 0 && !strcmp(h.from, "guest") &&
	       h.size == 0 && h.status == 3, "no database, with the guest's exit status");

	transfer_put(disk, "guest", in, 0);
	poke(disk, TRANSFER_HEADER + 1000, 'X');
	tap_ok(transfer_get(disk, &h, out) == -1, "a changed byte is caught by the crc");

	transfer_put(disk, "guest", in, 0);
	if (truncate(disk, TRANSFER_HEADER + 100))
		return 1;
	tap_ok(transfer_get(disk, &h, out) == -1, "a disk cut short is refused");

	write_file(disk, "not a transfer", 14);
	if (truncate(disk, 1 << 20))
		return 1;
	tap_ok(transfer_get(disk, &h, NULL) == -1, "a disk without the header is refused");

	/* a guest that cannot write its data must leave the host's header */
	tap_ok(transfer_put(disk, "host", in, 0) == 0 && truncate(disk, 8192) == 0 &&
	       transfer_put(disk, "guest", in, 0) == -1,
	       "a database larger than the disk is an error, not a cut copy");
	tap_ok(transfer_get(disk, &h, NULL) == 0 && !strcmp(h.from, "host"),
	       "and the header still says 'host': it is written after the data");
	unlink(disk);
	unlink(in);
	unlink(out);
	rmdir(dir);
	return tap_done();
}
