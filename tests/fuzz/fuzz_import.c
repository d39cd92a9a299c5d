/*
 * fuzz_import.c - libFuzzer target for `vmscope import`
 * (analyzer/cmd/import.c and analyzer/import/: every format it detects).
 *
 * The parsers are static in import.c, so this file includes import.c
 * itself (no change to it) and calls import_one(), the whole import of
 * one file, into a store on an in-memory database opened once per
 * process (opening one per input costs 30 ms: the schema).  A good
 * file's run is committed, a bad one rolled back; every few hundred
 * inputs the runs are deleted so the database stays small.
 */
#include "../../analyzer/cmd/import.c"

#include <fcntl.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[64];
static struct store st;
static int opened;
static unsigned inputs;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct collect_opts o;
	int fd;

	if (!opened) {
		snprintf(path, sizeof(path), "/dev/shm/vmscope-fuzz-import.%d", (int)getpid());
		if (store_open(&st, ":memory:"))
			abort();
		opened = 1;
	}
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || write(fd, data, size) != (ssize_t)size)
		abort();
	close(fd);
	memset(&o, 0, sizeof(o));
	o.interval_ns = 1000000000;
	if (opts_add_tag(&o, "kernel=fuzz"))
		abort();
	import_one(&st, &o, path, &(const struct import_args){ 0, 0, NULL });
	opts_release(&o);
	unlink(path);
	if (++inputs % 256 == 0)
		sqlite3_exec(st.db, "PRAGMA foreign_keys = OFF; DELETE FROM sample; "
			     "DELETE FROM layout; DELETE FROM marker; DELETE FROM result; "
			     "DELETE FROM watermark; DELETE FROM tag; DELETE FROM run;", NULL, NULL, NULL);
	return 0;
}
