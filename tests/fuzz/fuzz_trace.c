/*
 * fuzz_trace.c - libFuzzer target for the vmscan trace lines
 * (collector/trace.c): every line of the input through
 * trace_parse_line() and trace_parse_extfrag_line(), given exactly its
 * bytes, then the whole input through trace_prio_drain() from a pipe, as
 * the collector reads trace_pipe (partial lines kept across reads), with
 * the optional events (flushes, fallbacks) counted half the time.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void each_line(const uint8_t *data, size_t size)
{
	const uint8_t *s = data, *end = data + size, *nl;

	while (s < end) {
		size_t len;
		char *line;
		pid_t pid = 0;
		int64_t prio = 0;
		int r;

		nl = memchr(s, '\n', (size_t)(end - s));
		len = nl ? (size_t)(nl - s) : (size_t)(end - s);
		line = malloc(len ? len : 1);
		if (!line)
			return;
		memcpy(line, s, len);
		r = trace_parse_line(line, len, &pid, &prio);
		/* trace.h: 1 sets a pid and a priority, 2 a count; both >= 0 */
		if ((r == 1 && (prio < 0 || pid < 0)) || (r == 2 && prio < 0))
			__builtin_trap();
		r = trace_parse_extfrag_line(line, len);
		if (r < -1 || r > 1)
			__builtin_trap();
		free(line);
		s += len + 1;
	}
}

static void drain(const uint8_t *data, size_t size)
{
	struct trace_prio t;
	int p[2];

	/* a pipe holds 64 KiB: larger inputs are only parsed line by line */
	if (size > 60000 || pipe(p))
		return;
	memset(&t, 0, sizeof(t));
	if (write(p[1], data, size) != (ssize_t)size) {
		close(p[0]);
		close(p[1]);
		return;
	}
	close(p[1]);
	t.fd = p[0];
	t.cap = 2 * 65536;   /* as trace_prio_start() sizes it */
	t.buf = malloc(t.cap);
	/* with the mono clock half the time: a cutoff from the input's size
	 * holds lines back, a second drain takes them */
	t.mono = (int)(size & 1);
	t.has_flush_event = t.has_extfrag_event = (int)((size >> 1) & 1);
	t.last_flush_ns = -1;
	if (t.buf && !trace_prio_drain(&t, (int64_t)size * 1000000000))
		trace_prio_drain(&t, -1);
	for (int w = 0; w < TT_WHO; w++)
		for (int i = 0; i < TRACE_LEVELS; i++)
			if (t.passes[w][i] < 0 || t.scanned[w][0][i] < 0 ||
			    t.scanned[w][1][i] < 0)
				__builtin_trap();
	if (t.fallbacks_boosting < 0 || t.fallbacks_boosting > t.fallbacks ||
	    t.flushes < 0)
		__builtin_trap();
	free(t.buf);
	close(p[0]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	each_line(data, size);
	drain(data, size);
	return 0;
}
