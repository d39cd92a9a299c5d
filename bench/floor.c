/*
 * floor.c - the cheapest possible vmstat sampler, the benchmark's yardstick.
 *
 * Keeps /proc/vmstat open, reads it whole with the collector's own reader
 * (readall_fd(): pread()s to the read that returns 0, as any correct
 * reader of a seq_file must), parses it with the collector's own parser
 * and sleeps to the next absolute tick: what any sampler must pay (the
 * kernel's text generation, the wake-up, the parse), and nothing it
 * stores.  usage: floor INTERVAL_SECONDS COUNT
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "kv.h"
#include "parse.h"
#include "readall.h"

int main(int argc, char **argv)
{
	char *buf = NULL;
	size_t cap = 0;
	struct kv_list l;
	struct timespec start, due;
	long long interval_ns, i, count;
	volatile int64_t sink = 0;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: floor INTERVAL_SECONDS COUNT\n");
		return 2;
	}
	interval_ns = (long long)(atof(argv[1]) * 1e9);
	count = atoll(argv[2]);
	fd = open("/proc/vmstat", O_RDONLY);
	if (fd < 0 || interval_ns <= 0) {
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
		n = readall_fd(fd, &buf, &cap);
		kv_list_reset(&l);
		if (n > 0)
			parse_flat(buf, (size_t)n, 0, &l);
		sink += l.nr ? l.v[0].value : 0;
	}
	kv_list_release(&l);
	free(buf);
	return sink == 42 ? 3 : 0;
}
