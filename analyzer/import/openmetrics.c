/*
 * openmetrics.c - node_exporter's text (Prometheus exposition format and
 * OpenMetrics): one scrape or many, saved with curl.
 *
 *   node_vmstat_pgfault 1.234567e+06        -> vmstat "pgfault"
 *   node_memory_MemFree_bytes 2.1e+09       -> meminfo "MemFree" (kB)
 *   node_memory_Active_anon_bytes ...       -> meminfo "Active_anon"
 *
 * node_exporter (collector/vmstat_linux.go, meminfo_linux.go) prints
 * floats; a value must be a whole number (bytes a multiple of 1024 for
 * meminfo), else the line is refused.  Floats hold integers exactly up
 * to 2^53, which is as exact as the file is.  Other metrics, "# HELP",
 * "# TYPE" and "# EOF" lines are skipped; samples with labels ({...}) are
 * not node-wide and are skipped too.  A scrape ends where its first name
 * comes again; a third field is the scrape's time in milliseconds.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "import.h"
#include "banned.h"

struct om_state {
	char first[128];
	size_t first_len;
	int64_t t_us;             /* the scrape's time, -1 none */
};

/* A float that is a whole number in [0, 2^64): 0, else -1. */
static int whole(const char *s, const char **end, double scale, int64_t *v)
{
	char *e;
	double d = strtod(s, &e);

	if (e == s || !isfinite(d) || d < 0)
		return -1;
	d /= scale;
	if (d != floor(d) || d >= 18446744073709551616.0)
		return -1;
	*v = d >= 9223372036854775808.0 ?
	     (int64_t)(uint64_t)d : (int64_t)d;
	*end = e;
	return 0;
}

static int om_line(struct importer *im, struct om_state *st, char *line,
		   size_t len)
{
	const char *name = line, *p, *e, *n;
	size_t nlen;
	uint16_t src;
	int64_t v, t = -1;
	char *copy;

	if (memchr(line, 0, len))
		return import_fail(im, "a NUL byte in the line");
	if (!*line || line[0] == '#')
		return 0;
	for (p = line; *p && *p != ' ' && *p != '{'; p++)
		;
	nlen = (size_t)(p - name);
	if (*p == '{' || !*p)
		return *p ? 0 : import_fail(im, "a metric without a value");
	if (!strncmp(name, "node_vmstat_", 12)) {
		src = SRC_VMSTAT;
		n = name + 12;
		nlen -= 12;
	} else if (!strncmp(name, "node_memory_", 12) && nlen > 18 &&
		   !memcmp(p - 6, "_bytes", 6)) {
		src = SRC_MEMINFO;
		n = name + 12;
		nlen -= 18;
	} else {
		return 0;                  /* another metric */
	}
	if (whole(p, &e, src == SRC_MEMINFO ? 1024 : 1, &v))
		return import_fail(im, "'%.*s' is not a whole number%s",
				   (int)strcspn(p + 1, " "), p + 1,
				   src == SRC_MEMINFO ? " of kB" : "");
	while (*e == ' ')
		e++;
	if (*e && (t = import_parse_epoch(e)) < 0)
		return import_fail(im, "bad timestamp '%s'", e);
	if (st->first_len == nlen && !memcmp(st->first, n, nlen) && im->kv.nr) {
		if (import_emit(im, st->t_us))
			return -1;
		st->first_len = 0;
	}
	if (!st->first_len && nlen < sizeof(st->first)) {
		memcpy(st->first, n, nlen);
		st->first_len = nlen;
	}
	if (t >= 0)
		st->t_us = t / 1000;       /* milliseconds */
	copy = kv_name_alloc(&im->kv, nlen);
	if (!copy)
		return error("out of memory");
	memcpy(copy, n, nlen);
	return kv_push(&im->kv, src, copy, nlen, v) ? error("out of memory") : 0;
}

int import_openmetrics(struct importer *im, struct line_reader *r,
		       char *first, size_t first_len)
{
	struct om_state st;
	char *line;
	size_t len;
	int rc, n;

	memset(&st, 0, sizeof(st));
	st.t_us = -1;
	im->format = "node_exporter text";
	rc = om_line(im, &st, first, first_len);
	while (!rc && (n = line_reader_next(r, &line, &len)) != 0) {
		if (n < 0)
			return error_errno("cannot read '%s'", im->file);
		im->line++;
		rc = om_line(im, &st, line, len);
	}
	if (rc)
		return -1;
	if (im->kv.nr == 0 && !im->run_open)
		return import_fail(im, "no node_vmstat_* or node_memory_* "
				   "metrics");
	return import_emit(im, st.t_us);
}
