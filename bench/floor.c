/*
 * floor.c - the cheapest possible vmstat sampler, the benchmark's yardstick.
 *
 * Keeps /proc/vmstat open, reads it whole with the collector's own reader
 * (readall_fd(): pread()s to the read that returns 0, as any correct
 * reader of a seq_file must), parses it with the collector's own parser
 * and sleeps to the next absolute tick: what any sampler must pay (the
 * kernel's text generation, the wake-up, the parse), and nothing it
 * stores.  usage: floor INTERVAL_SECONDS COUNT [LATENESS_FILE]
 * With LATENESS_FILE, how late each wake-up after the first was against
 * its tick (microseconds, a line each) is written there at the end, for
 * the bench to set beside the collector's: the loop keeps the
 * scheduler's default slice, the collector asks for the shortest.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "kv.h"
#include "parse.h"
#include "readall.h"

static int write_lateness(const char *path, const long long *late,
			  long long count)
{
	FILE *f = fopen(path, "w");
	long long i;

	if (!f) {
		perror(path);
		return -1;
	}
	for (i = 1; i < count; i++)
		fprintf(f, "%lld\n", late[i]);
	if (fclose(f)) {
		perror(path);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	char *buf = NULL;
	size_t cap = 0;
	struct kv_list l;
	struct timespec start, due;
	long long interval_ns, i, count;
	volatile int64_t sink = 0;
	long long *late = NULL;
	int fd;

	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: floor INTERVAL_SECONDS COUNT [LATENESS_FILE]\n");
		return 2;
	}
	interval_ns = (long long)(atof(argv[1]) * 1e9);
	count = atoll(argv[2]);
	fd = open("/proc/vmstat", O_RDONLY);
	if (argc == 4 && count > 0)
		late = calloc((size_t)count, sizeof(*late));
	if (fd < 0 || interval_ns <= 0 || (argc == 4 && !late)) {
		perror("floor");
		return 1;
	}
	kv_list_init(&l);
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (i = 0; i < count; i++) {
		long long t = (long long)start.tv_sec * 1000000000 +
			      start.tv_nsec + i * interval_ns;
		long n;

		due.tv_sec = t / 1000000000;
		due.tv_nsec = t % 1000000000;
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &due, NULL);
		if (late) {
			struct timespec now;

			clock_gettime(CLOCK_MONOTONIC, &now);
			late[i] = ((long long)now.tv_sec * 1000000000 +
				   now.tv_nsec - t) / 1000;
		}
		n = readall_fd(fd, &buf, &cap);
		kv_list_reset(&l);
		if (n > 0)
			parse_flat(buf, (size_t)n, 0, &l);
		sink += l.nr ? l.v[0].value : 0;
	}
	kv_list_release(&l);
	free(buf);
	if (late && write_lateness(argv[3], late, count))
		return 1;
	free(late);
	return sink == 42 ? 3 : 0;
}
