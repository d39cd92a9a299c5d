/*
 * text.c - logs of /proc text files: vmstat and meminfo snapshots with
 * time lines, mmtests' tests-timestamp (sysstate) blocks, LKP and mmtests
 * proc-vmstat monitors.
 *
 * DESIGN: every line is classified on its own, strictly:
 *
 *   name value               /proc/vmstat (exactly two fields, digits)
 *   Name:  value [kB]        /proc/meminfo          -> meminfo "Name"
 *   Node N Name: value [kB]  node meminfo           -> meminfo "nodeN.Name"
 *   time: EPOCH, EPOCH, date(1) output              a time line
 *   KEY :: ...               mmtests' tests-timestamp
 *   boot_id: ID              the run splits when it changes
 *
 * and anything else is refused with the line, naming what it looks like.
 * A snapshot ends at a blank line, a time line, a "file start/end ::"
 * block change, or when its first vmstat name comes again (an untimed
 * `cat /proc/vmstat` loop).  Any other name printed twice is a kernel
 * that printed a key twice (linux-next, July 2016): the first value is
 * kept, as the collector does.
 *
 * Time lines come before their snapshot (mmtests' and LKP's monitors:
 * "time: T" then the file) or after it (the common `cat /proc/vmstat;
 * date` loop); the first time line decides: if a snapshot was read
 * before any time line, every time line closes the snapshot before it.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "err.h"
#include "import.h"
#include "banned.h"

enum time_mode { TIME_UNKNOWN, TIME_BEFORE, TIME_AFTER };

struct text_state {
	enum time_mode mode;
	int64_t pending_t;        /* a time line for the coming snapshot */
	int closed;               /* a blank line ended the snapshot */
	char first[128];          /* its first vmstat name */
	size_t first_len;
	int section;              /* mmtests block: source, or -1 skip */
	int block_end;            /* mmtests: 0 "file start", 1 "file end" */
};

int64_t import_parse_epoch(const char *s)
{
	char *end;
	double v;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s < '0' || *s > '9')
		return -1;
	v = strtod(s, &end);
	while (*end == ' ' || *end == '\t')
		end++;
	/* 9.2e12 s fits in int64 microseconds */
	return *end || !isfinite(v) || v > 9.2e12 ? -1 : (int64_t)llround(v * 1e6);
}

/*
 * date(1) output, in the C locale and in day-month locales ("Fri  3 Jul
 * 10:00:00 BST 2020"), and ISO 8601.  Zone names cannot be resolved:
 * times are read as UTC, which shifts the start, never the intervals.
 */
static int64_t date_line(const char *line)
{
	static const char *const head[] = {
		"%a %b %d %H:%M:%S", "%a %d %b %H:%M:%S", "%a %d %b %Y %H:%M:%S",
		"%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M:%S",
	};
	size_t i;

	for (i = 0; i < sizeof(head) / sizeof(head[0]); i++) {
		struct tm tm;
		const char *rest;

		memset(&tm, 0, sizeof(tm));
		rest = strptime(line, head[i], &tm);
		if (!rest)
			continue;
		if (i < 2) {
			/* the zone name, then the year */
			while (*rest == ' ')
				rest++;
			while (*rest && *rest != ' ')
				rest++;
			rest = strptime(rest, " %Y", &tm);
			if (!rest)
				continue;
		}
		/* what may follow: a zone, an offset, "AM"/"PM" words */
		for (; *rest; rest++)
			if (!isalnum((unsigned char)*rest) && !strchr(" +-:", *rest))
				break;
		if (*rest)
			continue;
		return (int64_t)timegm(&tm) * 1000000;
	}
	return -1;
}

/* A time line's instant in microseconds: -1 not one, -2 a bad one. */
static int64_t time_line(const char *line)
{
	const char *p;
	int64_t t;

	if (!strncmp(line, "time:", 5)) {
		t = import_parse_epoch(line + 5);
		return t >= 0 ? t : -2;
	}
	t = import_parse_epoch(line);
	if (t >= 0 && !strpbrk(line, " \t"))
		return t;
	for (p = line; *p; p++)      /* date lines hold a ':' and letters */
		if (*p == ':')
			return date_line(line);
	return -1;
}

static int is_name_char(int c, int meminfo)
{
	return isalnum(c) || c == '_' || (meminfo && (c == '(' || c == ')'));
}

/* Whole decimal digits from p: a pointer after them, or NULL. */
static const char *number(const char *p, int64_t *v)
{
	const char *e = kv_parse_u64(p, p + strlen(p), v);

	return e && e > p && *p != '-' ? e : NULL;
}

static const char *skip_blank(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

static int push(struct importer *im, uint16_t src, const char *prefix,
		const char *name, size_t len, int64_t v)
{
	size_t pl = prefix ? strlen(prefix) : 0;
	char *copy = kv_name_alloc(&im->kv, pl + len);

	if (!copy)
		return error("out of memory");
	if (pl)
		memcpy(copy, prefix, pl);
	memcpy(copy + pl, name, len);
	return kv_push(&im->kv, src, copy, pl + len, v) ? error("out of memory") : 0;
}

static int snapshot_done(struct importer *im, struct text_state *ts);

/*
 * "Name: value [kB]" (meminfo) or "Node N Name: value [kB]" (a node's
 * meminfo).  1 if the line was one (pushed), 0 if not, -1 on error.
 */
static int meminfo_line(struct importer *im, struct text_state *ts,
			const char *p)
{
	char prefix[32] = "";
	const char *name, *e;
	int64_t v, node;
	size_t len;

	if (!strncmp(p, "Node ", 5) && (e = number(p + 5, &node)) &&
	    *e == ' ') {
		snprintf(prefix, sizeof(prefix), "node%lld.", (long long)node);
		p = skip_blank(e);
	}
	name = p;
	while (is_name_char((unsigned char)*p, 1))
		p++;
	len = (size_t)(p - name);
	if (!len || *p != ':')
		return 0;
	e = number(skip_blank(p + 1), &v);
	if (!e)
		return 0;
	e = skip_blank(e);
	if (!strcmp(e, "kB"))
		e += 2;
	if (*skip_blank(e))
		return 0;
	if (ts->closed && snapshot_done(im, ts))
		return -1;
	return push(im, SRC_MEMINFO, prefix, name, len, v) ? -1 : 1;
}

/* What a line that is no format of ours looks like, for the refusal. */
static const char *looks_like(const char *line)
{
	if (!strncmp(line, "Linux ", 6) && strstr(line, "CPU)"))
		return "looks like sar text (sysstat): rates per second, not "
		       "/proc/vmstat counters, and not read; import the "
		       "/proc/vmstat log of the same run instead";
	if (strstr(line, "procs") && strstr(line, "memory"))
		return "looks like vmstat(8) output (rates, not /proc/vmstat "
		       "counters); record /proc/vmstat instead";
	if (!strncmp(line, "time:", 5))
		return "bad time line: expected 'time: SECONDS' (an epoch "
		       "or seconds, not negative)";
	if (line[0] == '#')
		return "looks like a comment or OpenMetrics text, which "
		       "must start with '# HELP' or '# TYPE'";
	return "expected 'name value' (a counter and a whole number), "
	       "'Name: value kB' (meminfo), or a time line";
}

static int emit_now(struct importer *im, struct text_state *ts, int64_t t)
{
	ts->closed = 0;
	ts->first_len = 0;
	return import_emit(im, t);
}

/* A snapshot ended (blank line, name again, block): store it. */
static int snapshot_done(struct importer *im, struct text_state *ts)
{
	int64_t t = ts->mode == TIME_BEFORE ? ts->pending_t : -1;

	if (ts->mode == TIME_BEFORE)
		ts->pending_t = -1;
	return emit_now(im, ts, t);
}

static int on_time(struct importer *im, struct text_state *ts, int64_t t)
{
	if (im->kv.nr == 0) {
		ts->pending_t = t;
		return 0;
	}
	if (ts->mode == TIME_UNKNOWN)
		ts->mode = ts->pending_t >= 0 ? TIME_BEFORE : TIME_AFTER;
	if (ts->mode == TIME_AFTER)
		return emit_now(im, ts, t);
	if (snapshot_done(im, ts))
		return -1;
	ts->pending_t = t;
	return 0;
}

static int vmstat_line(struct importer *im, struct text_state *ts,
		       const char *p)
{
	const char *name = p, *e;
	size_t len;
	int64_t v;

	while (is_name_char((unsigned char)*p, 0))
		p++;
	len = (size_t)(p - name);
	if (!len || (*p != ' ' && *p != '\t'))
		return 0;
	e = number(skip_blank(p), &v);
	if (!e || *skip_blank(e))
		return 0;
	/*
	 * The first name again: the next snapshot of an untimed loop.  Once
	 * time lines delimit snapshots, a name again is a duplicated key.
	 */
	if (ts->closed || (ts->mode == TIME_UNKNOWN && ts->pending_t < 0 &&
			   ts->first_len == len &&
			   !memcmp(ts->first, name, len))) {
		if (snapshot_done(im, ts))
			return -1;
	}
	if (!ts->first_len && len < sizeof(ts->first)) {
		memcpy(ts->first, name, len);
		ts->first_len = len;
	}
	return push(im, SRC_VMSTAT, NULL, name, len, v) ? -1 : 1;
}

/* mmtests' tests-timestamp: "KEY :: VALUE" lines.  1 handled, 0 not. */
static int mmtests_line(struct importer *im, struct text_state *ts,
			const char *line)
{
	const char *sep = strstr(line, " :: "), *v, *last;
	int end;
	int64_t t;

	if (!sep)
		return 0;
	v = sep + 4;
	if (!strncmp(line, "file start ::", 13) ||
	    !strncmp(line, "file end ::", 11)) {
		end = line[5] == 'e';
		/* a new before/after group: the previous one is a snapshot */
		if (end != ts->block_end && im->kv.nr && snapshot_done(im, ts))
			return -1;
		ts->block_end = end;
		ts->section = !strcmp(v, "/proc/vmstat") ? SRC_VMSTAT :
			      !strcmp(v, "/proc/meminfo") ? SRC_MEMINFO : -1;
		ts->first_len = 0;
		return 1;
	}
	last = strrchr(v, ' ');
	t = import_parse_epoch(last ? last + 1 : v);
	if (!strncmp(line, "start ::", 8) || !strncmp(line, "test begin ::", 13)) {
		if (t < 0)
			return -1;
		ts->mode = TIME_BEFORE;
		ts->pending_t = t;
	} else if (!strncmp(line, "test end ::", 11) || !strncmp(line, "finish ::", 9)) {
		if (t < 0)
			return -1;
		if (im->kv.nr)
			return emit_now(im, ts, t) ? -2 : 1;
	}
	return 1;                       /* time ::, other keys: not ours */
}

/* "boot_id: ID" belongs to the snapshot after it: the one before ends. */
static int boot_id_line(struct importer *im, struct text_state *ts,
			const char *p)
{
	if (strncmp(p, "boot_id:", 8))
		return 0;
	if (im->kv.nr && snapshot_done(im, ts))
		return -1;
	p = skip_blank(p + 8);
	free(im->next_boot_id);
	im->next_boot_id = strdup(p);
	return im->next_boot_id ? 1 : error("out of memory");
}

static int text_line(struct importer *im, struct text_state *ts,
		     char *line, size_t len)
{
	const char *p = skip_blank(line);
	int64_t t;
	int r;

	if (memchr(line, 0, len))
		return import_fail(im, "a NUL byte in the line");
	if (!*p) {
		ts->closed = im->kv.nr > 0;
		return 0;
	}
	r = mmtests_line(im, ts, p);
	if (r == -1)
		return import_fail(im, "bad time in an mmtests line");
	if (r)
		return r < 0 ? -1 : 0;
	if (ts->section < 0)
		return 0;                /* an mmtests block we do not read */
	if ((r = boot_id_line(im, ts, p)))
		return r < 0 ? -1 : 0;
	t = time_line(p);
	if (t >= 0)
		return on_time(im, ts, t);
	if (t == -1 && ts->section != SRC_MEMINFO &&
	    (r = vmstat_line(im, ts, p)))
		return r < 0 ? -1 : 0;
	if (t == -1 && (r = meminfo_line(im, ts, p)))
		return r < 0 ? -1 : 0;
	return import_fail(im, "%s", looks_like(p));
}

int import_text(struct importer *im, struct line_reader *r, char *first,
		size_t first_len)
{
	struct text_state ts;
	char *line;
	size_t len;
	int rc;

	memset(&ts, 0, sizeof(ts));
	ts.pending_t = -1;
	ts.section = SRC_VMSTAT;
	rc = text_line(im, &ts, first, first_len);
	while (!rc) {
		int n = line_reader_next(r, &line, &len);

		if (n < 0)
			return error_errno("cannot read '%s'", im->file);
		if (n == 0)
			break;
		im->line++;
		rc = text_line(im, &ts, line, len);
	}
	if (rc)
		return -1;
	return import_emit(im, ts.mode == TIME_AFTER ? -1 : ts.pending_t);
}
