/*
 * fuzz_dbfile.c - libFuzzer target for a database as input (issue 14):
 * the bytes of a whole recording, as someone might mail it damaged.
 *
 * Each input is written to a file in /dev/shm and read the way every
 * analyzer command reads one: run_set_load() (db_open() read-only with
 * its version and schema checks, the runs and tags), then each run's
 * samples through the replay and the reclaim model (replay_run()), the
 * deepest reader.  A refusal is fine; a crash, a hang or a sanitizer
 * report is not.  Seeds: small recordings in tests/fuzz/corpus/dbfile.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "groups.h"
#include "replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], *paths[1] = { path };
	struct run_set set;
	size_t i;
	int fd;

	snprintf(path, sizeof(path), "/dev/shm/vmscope-fuzz-db.%d", (int)getpid());
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || write(fd, data, size) != (ssize_t)size)
		abort();
	close(fd);
	if (!run_set_load(&set, paths, 1)) {
		for (i = 0; i < set.nr_runs; i++) {
			struct run_model m;
			struct attribution a;

			if (replay_run(&set, &set.runs[i], &m, &a, NULL))
				break;
		}
	}
	run_set_release(&set);
	unlink(path);
	return 0;
}
