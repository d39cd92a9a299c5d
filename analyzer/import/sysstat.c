/*
 * sysstat.c - sysstat's data files (sa files) and `sadf -j` JSON.
 *
 * DESIGN: an sa file is sadc's binary, whose layout changes between
 * sysstat versions; only sadf reads it reliably.  So an sa file (told by
 * sysstat's magic, SYSSTAT_MAGIC 0xd596 in sa.h, in either byte order)
 * is handed to `sadf -j FILE -- -B -W -r ALL -S` run as a program
 * (fork/exec, no shell), and its JSON is read as a file that already
 * is `sadf -j` output would be.  JSON is parsed by SQLite's JSON1
 * functions in a private in-memory database, the text bound as a
 * parameter: no JSON code of our own.  Every record is checked as it
 * is read; a bad one rolls the whole file back (the import is one
 * transaction).
 *
 * Semantics.  sar reports per-second rates (its two decimals) over an
 * interval of whole seconds, and gauges in kB.  Rates with a kernel
 * counterpart become that /proc/vmstat counter, rebuilt as the running
 * sum of rate x interval from the file's first reading (a sample of
 * zeros one interval before the first record), rounded: exact only to
 * sar's rounding.  What sysstat (rd_stats.c, read_vmstat_paging(),
 * 12.x) sums into each rate decides the name:
 *
 *   pgpgin/s pgpgout/s (kB/s)   pgpgin, pgpgout (the kernel's are kB
 *                               too: vmstat_start() halves sectors)
 *   fault/s majflt/s pgfree/s   pgfault, pgmajfault, pgfree
 *   pswpin/s pswpout/s          pswpin, pswpout
 *   pgscank/s                   pgscan_kswapd ("pgscan_kswapd*" lines)
 *   pgscand/s                   pgscan_direct; sysstat's "pgscan_direct*"
 *                               also takes pgscan_direct_throttle (3.6+,
 *                               a count of throttlings, nearly always 0)
 *   pgsteal/s                   the sum of every "pgsteal_*" line: all
 *                               reclaim (pgsteal, as 2.5.75 named it)
 *                               before 5.8; from 5.8 pgsteal_anon and
 *                               pgsteal_file count every page again, so
 *                               it is stored as sar_pgsteal, which no
 *                               metric reads
 *
 * Gauges (kB) become meminfo names: memfree MemFree, avail MemAvailable,
 * buffers Buffers, cached Cached, commit Committed_AS, active Active,
 * inactive Inactive, dirty Dirty, anonpg AnonPages, slab Slab, kstack
 * KernelStack, pgtbl PageTables, vmused VmallocUsed, swpfree SwapFree,
 * swpcad SwapCached, and swpfree + swpused SwapTotal (sysstat's swpused is
 * SwapTotal - SwapFree).  MemTotal is not in the JSON.
 *
 * A restart record (sadf's "restarts") between two records ends the run:
 * the counters start again from the next reading.  The host's nodename,
 * release, machine and number-of-cpus become the host, kernel, machine
 * and cpus facts.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "err.h"
#include "import.h"
#include "banned.h"

#define FORMAT "sysstat (sadf -j)"

enum field_kind { RATE, GAUGE_KB, SWAP_USED };

struct sar_field {
	const char *path;          /* in a statistics record */
	enum field_kind kind;
	uint16_t src;
	const char *name;          /* vmscope's name; NULL: see sar_name() */
};

static const struct sar_field fields[] = {
	{ "$.paging.pgpgin", RATE, SRC_VMSTAT, "pgpgin" },
	{ "$.paging.pgpgout", RATE, SRC_VMSTAT, "pgpgout" },
	{ "$.paging.fault", RATE, SRC_VMSTAT, "pgfault" },
	{ "$.paging.majflt", RATE, SRC_VMSTAT, "pgmajfault" },
	{ "$.paging.pgfree", RATE, SRC_VMSTAT, "pgfree" },
	{ "$.paging.pgscank", RATE, SRC_VMSTAT, "pgscan_kswapd" },
	{ "$.paging.pgscand", RATE, SRC_VMSTAT, "pgscan_direct" },
	{ "$.paging.pgsteal", RATE, SRC_VMSTAT, NULL },
	{ "$.\"swap-pages\".pswpin", RATE, SRC_VMSTAT, "pswpin" },
	{ "$.\"swap-pages\".pswpout", RATE, SRC_VMSTAT, "pswpout" },
	{ "$.memory.memfree", GAUGE_KB, SRC_MEMINFO, "MemFree" },
	{ "$.memory.avail", GAUGE_KB, SRC_MEMINFO, "MemAvailable" },
	{ "$.memory.buffers", GAUGE_KB, SRC_MEMINFO, "Buffers" },
	{ "$.memory.cached", GAUGE_KB, SRC_MEMINFO, "Cached" },
	{ "$.memory.commit", GAUGE_KB, SRC_MEMINFO, "Committed_AS" },
	{ "$.memory.active", GAUGE_KB, SRC_MEMINFO, "Active" },
	{ "$.memory.inactive", GAUGE_KB, SRC_MEMINFO, "Inactive" },
	{ "$.memory.dirty", GAUGE_KB, SRC_MEMINFO, "Dirty" },
	{ "$.memory.anonpg", GAUGE_KB, SRC_MEMINFO, "AnonPages" },
	{ "$.memory.slab", GAUGE_KB, SRC_MEMINFO, "Slab" },
	{ "$.memory.kstack", GAUGE_KB, SRC_MEMINFO, "KernelStack" },
	{ "$.memory.pgtbl", GAUGE_KB, SRC_MEMINFO, "PageTables" },
	{ "$.memory.vmused", GAUGE_KB, SRC_MEMINFO, "VmallocUsed" },
	{ "$.memory.swpfree", GAUGE_KB, SRC_MEMINFO, "SwapFree" },
	{ "$.memory.swpcad", GAUGE_KB, SRC_MEMINFO, "SwapCached" },
	{ "$.memory.swpused", SWAP_USED, SRC_MEMINFO, "SwapTotal" },
};
#define NR_FIELDS (sizeof(fields) / sizeof(fields[0]))
#define SWPFREE 23                 /* fields[SWPFREE] is swpfree */

/* The record columns before the fields: date, time, utc (1 for a "tz"
 * of "UTC"), interval. */
#define NR_TS 4

struct sar_state {
	sqlite3 *db;
	const char *json;
	size_t len;
	const char *pgsteal;       /* the name sar's pgsteal is stored as */
	int64_t *restarts;         /* boot times (us), file order */
	size_t nr_restarts;
	int64_t sum[NR_FIELDS];    /* rate x interval, in hundredths */
	int64_t prev_t;            /* the previous record's time, -1 none */
	int local_time;            /* a record with utc 0 was read */
	long record;               /* 1-based, for messages */
};

static int sar_fail(struct importer *im, struct sar_state *s, const char *fmt,
		    const char *what)
{
	char msg[256];

	snprintf(msg, sizeof(msg), fmt, what);
	if (s && s->record)
		return error("%s: %s: statistics record %ld: %s", im->file,
			     FORMAT, s->record, msg);
	return error("%s: %s: %s", im->file, FORMAT, msg);
}

/* ------------------------------------------------------------------ */
/* running sadf                                                        */
/* ------------------------------------------------------------------ */

/* All of fd into a NUL-terminated buffer; -1 on a read error. */
static int slurp_fd(int fd, char **out, size_t *len)
{
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap + 1), *b;
	ssize_t got;

	if (!buf)
		return errno = ENOMEM, -1;
	for (;;) {
		if (n == cap) {
			b = realloc(buf, cap * 2 + 1);
			if (!b) {
				free(buf);
				return errno = ENOMEM, -1;
			}
			buf = b;
			cap *= 2;
		}
		got = read(fd, buf + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			free(buf);
			return -1;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	buf[n] = 0;
	*out = buf;
	*len = n;
	return 0;
}

/* sadf's first line of complaint, from its standard error. */
static void first_line(FILE *err, char *line, size_t size)
{
	size_t n;

	line[0] = 0;
	rewind(err);
	while (fgets(line, (int)size, err)) {
		n = strcspn(line, "\n");
		line[n] = 0;
		if (n)
			return;
	}
	snprintf(line, size, "no message");
}

/*
 * The child: stdout to the pipe, stderr to a file, the C locale (sysstat
 * prints numbers through printf, so a "," locale would break the JSON),
 * and an exec failure's errno down the close-on-exec pipe.
 */
static void sadf_child(const char *path, int out, int err, int status)
{
	char *const argv[] = {
		(char *)"sadf", (char *)"-j", (char *)path, (char *)"--",
		(char *)"-B", (char *)"-W", (char *)"-r", (char *)"ALL",
		(char *)"-S", NULL,
	};
	int e;

	if (dup2(out, 1) < 0 || dup2(err, 2) < 0)
		_exit(127);
	setenv("LC_ALL", "C", 1);
	unsetenv("S_TIME_FORMAT");
	execvp("sadf", argv);
	e = errno;
	if (write(status, &e, sizeof(e)) < 0)
		_exit(127);
	_exit(127);
}

/* Run sadf on the sa file im->file: its JSON in *out. */
static int run_sadf(struct importer *im, char **out, size_t *len)
{
	int pfd[2], sfd[2], wst, e = 0, rc;
	char path[4096], msg[256];
	FILE *err;
	pid_t pid;
	ssize_t got;

	/* a name starting with '-' would be read as an option */
	if ((size_t)snprintf(path, sizeof(path), "%s%s", im->file[0] == '-' ?
			     "./" : "", im->file) >= sizeof(path))
		return sar_fail(im, NULL, "%s", "the file name is too long");
	err = tmpfile();
	if (!err)
		return error_errno("cannot make a temporary file");
	if (pipe2(pfd, O_CLOEXEC)) {
		fclose(err);
		return error_errno("cannot make a pipe");
	}
	if (pipe2(sfd, O_CLOEXEC)) {
		close(pfd[0]);
		close(pfd[1]);
		fclose(err);
		return error_errno("cannot make a pipe");
	}
	pid = fork();
	if (pid == 0)
		sadf_child(path, pfd[1], fileno(err), sfd[1]);
	close(pfd[1]);
	close(sfd[1]);
	rc = pid < 0 ? -1 : slurp_fd(pfd[0], out, len);
	if (rc)
		e = errno;
	close(pfd[0]);
	got = read(sfd[0], &e, sizeof(e));
	close(sfd[0]);
	if (pid < 0) {
		fclose(err);
		return error("%s: cannot start sadf: %s", im->file, strerror(e));
	}
	while (waitpid(pid, &wst, 0) < 0 && errno == EINTR)
		;
	if (got == (ssize_t)sizeof(e)) {
		fclose(err);
		if (!rc)
			free(*out);
		return e == ENOENT ?
		       error("%s: a sysstat data file: sadf is not installed; "
			     "install sysstat (apt-get install sysstat) to "
			     "import it", im->file) :
		       error("%s: cannot run sadf: %s", im->file, strerror(e));
	}
	if (rc) {
		fclose(err);
		return error("%s: cannot read sadf's output: %s", im->file,
			     strerror(e));
	}
	if (!WIFEXITED(wst) || WEXITSTATUS(wst)) {
		first_line(err, msg, sizeof(msg));
		fclose(err);
		free(*out);
		return error("%s: sadf -j failed (%s %d): %s", im->file,
			     WIFEXITED(wst) ? "exit" : "signal",
			     WIFEXITED(wst) ? WEXITSTATUS(wst) : WTERMSIG(wst),
			     msg);
	}
	fclose(err);
	return 0;
}

/* ------------------------------------------------------------------ */
/* reading the JSON                                                    */
/* ------------------------------------------------------------------ */

static int prepare(struct importer *im, struct sar_state *s, const char *sql,
		   sqlite3_stmt **st)
{
	if (sqlite3_prepare_v2(s->db, sql, -1, st, NULL) != SQLITE_OK)
		return error("%s: sqlite: %s", im->file, sqlite3_errmsg(s->db));
	sqlite3_bind_text(*st, 1, s->json, (int)s->len, SQLITE_STATIC);
	return 0;
}

/* "2026-11-30" "18:16:06" as UTC -> microseconds; -1 if malformed. */
static int64_t record_time(const unsigned char *date, const unsigned char *tod)
{
	struct tm tm;
	const char *e;

	if (!date || !tod)
		return -1;
	memset(&tm, 0, sizeof(tm));
	e = strptime((const char *)date, "%Y-%m-%d", &tm);
	if (!e || *e)
		return -1;
	e = strptime((const char *)tod, "%H:%M:%S", &tm);
	if (!e || *e)
		return -1;
	return (int64_t)timegm(&tm) * 1000000;
}

/* The host: one, with statistics; its facts, and pgsteal's name. */
static int read_host(struct importer *im, struct sar_state *s)
{
	static const char *const keys[] = {
		"host", "kernel_release", "machine", "cpus",
	};
	sqlite3_stmt *st;
	const unsigned char *v;
	int rc = 0, i, major = 0, minor = 0;

	/* json_valid() first: the other functions fail on bad JSON */
	if (prepare(im, s, "SELECT json_valid(?1)", &st))
		return -1;
	rc = sqlite3_step(st) != SQLITE_ROW ?
	     error("%s: sqlite: %s", im->file, sqlite3_errmsg(s->db)) :
	     !sqlite3_column_int(st, 0) ?
	     sar_fail(im, NULL, "%s", "not valid JSON") : 0;
	sqlite3_finalize(st);
	if (rc)
		return -1;
	if (prepare(im, s, "SELECT 1, "
		    "json_type(?1, '$.sysstat.hosts'), "
		    "json_array_length(?1, '$.sysstat.hosts'), "
		    "json_type(?1, '$.sysstat.hosts[0].statistics'), "
		    "json_extract(?1, '$.sysstat.hosts[0].nodename'), "
		    "json_extract(?1, '$.sysstat.hosts[0].release'), "
		    "json_extract(?1, '$.sysstat.hosts[0].machine'), "
		    "json_extract(?1, '$.sysstat.hosts[0].\"number-of-cpus\"')",
		    &st))
		return -1;
	if (sqlite3_step(st) != SQLITE_ROW) {
		rc = error("%s: sqlite: %s", im->file, sqlite3_errmsg(s->db));
	} else if (!sqlite3_column_int(st, 0)) {
		rc = sar_fail(im, NULL, "%s", "not valid JSON");
	} else if (!sqlite3_column_text(st, 1) ||
		   strcmp((const char *)sqlite3_column_text(st, 1), "array") ||
		   sqlite3_column_int(st, 2) != 1) {
		rc = error("%s:1: JSON: neither sysstat's sadf -j output "
			   "({\"sysstat\": {\"hosts\": [one host]}}) nor an "
			   "LKP result ({\"proc-vmstat.time\": [...], ...})",
			   im->file);
	} else if (!sqlite3_column_text(st, 3) ||
		   strcmp((const char *)sqlite3_column_text(st, 3), "array")) {
		rc = sar_fail(im, NULL, "%s", "the host has no \"statistics\" "
			      "array");
	}
	for (i = 0; !rc && i < 4; i++) {
		if (sqlite3_column_type(st, 4 + i) == SQLITE_NULL)
			continue;
		v = sqlite3_column_text(st, 4 + i);
		if (!v || !*v || (i == 3 && sqlite3_column_type(st, 7) !=
				  SQLITE_INTEGER))
			rc = sar_fail(im, NULL, "bad host field '%s'", keys[i]);
		else if (i == 0 || i == 3)   /* the others: run_open() */
			rc = import_add_meta(im, 0, "fact", keys[i],
					     (const char *)v);
		if (!rc && i == 1 && !(im->kernel = strdup((const char *)v)))
			rc = error("out of memory");
		if (!rc && i == 2 && !(im->arch = strdup((const char *)v)))
			rc = error("out of memory");
	}
	sqlite3_finalize(st);
	/* sar's pgsteal sums pgsteal_anon/_file again from 5.8 on */
	if (im->kernel)
		sscanf(im->kernel, "%d.%d", &major, &minor);
	s->pgsteal = im->kernel && (major < 5 || (major == 5 && minor < 8)) ?
		     "pgsteal" : "sar_pgsteal";
	return rc;
}

/* The restarts' boot times, kept to split the run. */
static int read_restarts(struct importer *im, struct sar_state *s)
{
	sqlite3_stmt *st;
	int rc;

	if (prepare(im, s, "SELECT json_extract(value, '$.boot.date'), "
		    "json_extract(value, '$.boot.time') FROM json_each(?1, "
		    "'$.sysstat.hosts[0].restarts') ORDER BY key", &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t t = record_time(sqlite3_column_text(st, 0),
					sqlite3_column_text(st, 1)), *r;

		if (t < 0) {
			sqlite3_finalize(st);
			return sar_fail(im, NULL, "%s", "a restart without a "
					"good boot date and time");
		}
		r = realloc(s->restarts, (s->nr_restarts + 1) * sizeof(*r));
		if (!r) {
			sqlite3_finalize(st);
			return error("out of memory");
		}
		s->restarts = r;
		r[s->nr_restarts++] = t;
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 :
	       error("%s: sqlite: %s", im->file, sqlite3_errmsg(s->db));
}

/* Did sadf mark a restart after the previous record, before t? */
static int restarted(const struct sar_state *s, int64_t t)
{
	size_t i;

	for (i = 0; s->prev_t >= 0 && i < s->nr_restarts; i++)
		if (s->restarts[i] >= s->prev_t && s->restarts[i] < t)
			return 1;
	return 0;
}

static int push(struct importer *im, uint16_t src, const char *name,
		int64_t v)
{
	size_t n = strlen(name);
	char *copy = kv_name_alloc(&im->kv, n);

	if (!copy)
		return error("out of memory");
	memcpy(copy, name, n);
	return kv_push(&im->kv, src, copy, n, v) ? error("out of memory") : 0;
}

static const char *field_name(const struct sar_state *s, size_t i)
{
	return fields[i].name ? fields[i].name : s->pgsteal;
}

/*
 * The zeros one interval before a run's first record: the file's first
 * reading, from which the counters count (every rate present).
 */
static int emit_base(struct importer *im, struct sar_state *s,
		     sqlite3_stmt *st, int64_t t)
{
	size_t i;

	memset(s->sum, 0, sizeof(s->sum));
	for (i = 0; i < NR_FIELDS; i++)
		if (fields[i].kind == RATE &&
		    sqlite3_column_type(st, NR_TS + (int)i) != SQLITE_NULL &&
		    push(im, fields[i].src, field_name(s, i), 0))
			return -1;
	return import_emit(im, t);
}

/* One field of the record in st: pushed, or an error. */
static int record_field(struct importer *im, struct sar_state *s,
			sqlite3_stmt *st, size_t i, int64_t itv)
{
	int col = NR_TS + (int)i, type = sqlite3_column_type(st, col);
	double d = sqlite3_column_double(st, col);
	int64_t v, c;

	if (type == SQLITE_NULL)
		return 0;                   /* an activity sadc did not record */
	if ((type != SQLITE_INTEGER && type != SQLITE_FLOAT) || !isfinite(d) ||
	    d < 0 || d >= 1e15 ||
	    (fields[i].kind != RATE && type != SQLITE_INTEGER))
		return sar_fail(im, s, "'%s' is not a number sar prints",
				fields[i].path + 2);
	switch (fields[i].kind) {
	case RATE:
		/* hundredths: sar prints two decimals, summed exactly */
		c = llround(d * 100);
		if (__builtin_mul_overflow(c, itv, &c) ||
		    __builtin_add_overflow(s->sum[i], c, &s->sum[i]))
			return sar_fail(im, s, "%s", "a counter overflows");
		v = (s->sum[i] + 50) / 100;
		break;
	case SWAP_USED:                 /* SwapTotal = swpused + swpfree */
		if (sqlite3_column_type(st, NR_TS + SWPFREE) != SQLITE_INTEGER)
			return 0;
		v = sqlite3_column_int64(st, col) +
		    sqlite3_column_int64(st, NR_TS + SWPFREE);
		break;
	default:
		v = sqlite3_column_int64(st, col);
	}
	return push(im, fields[i].src, field_name(s, i), v);
}

static int read_record(struct importer *im, struct sar_state *s,
		       sqlite3_stmt *st)
{
	int64_t t = record_time(sqlite3_column_text(st, 0),
				sqlite3_column_text(st, 1)), itv;
	int utc = sqlite3_column_int(st, 2);
	size_t i;

	if (t < 0)
		return sar_fail(im, s, "%s", "no timestamp date and time");
	if (sqlite3_column_type(st, 2) != SQLITE_INTEGER || utc < 0 || utc > 1)
		return sar_fail(im, s, "%s", "timestamp has neither utc 0 or 1 "
				"nor a tz");
	if (sqlite3_column_type(st, 3) != SQLITE_INTEGER ||
	    (itv = sqlite3_column_int64(st, 3)) <= 0 || itv > 100000000)
		return sar_fail(im, s, "%s", "timestamp interval is not a "
				"whole number of seconds > 0");
	s->local_time |= !utc;
	if (restarted(s, t)) {
		fprintf(stderr, "vmscope: %s: statistics record %ld follows a "
			"restart: a new run starts\n", im->file, s->record);
		if (import_close_run(im))
			return -1;
	}
	if (!im->run_open && emit_base(im, s, st, t - itv * 1000000))
		return -1;
	for (i = 0; i < NR_FIELDS; i++)
		if (record_field(im, s, st, i, itv))
			return -1;
	if (im->kv.nr == 0)
		return sar_fail(im, s, "%s", "no paging, swapping or memory "
				"statistics (record with sar -B -W -r -S)");
	s->prev_t = t;
	return import_emit(im, t);
}

static int read_records(struct importer *im, struct sar_state *s)
{
	char sql[4096];
	size_t n, i;
	sqlite3_stmt *st;
	int rc;

	/* the paths are bound; the statement's text is ours alone */
	n = (size_t)snprintf(sql, sizeof(sql), "SELECT "
			     "json_extract(value, '$.timestamp.date'), "
			     "json_extract(value, '$.timestamp.time'), "
			     /* sysstat 12.6 (Debian): "utc": 1; newer (its own
			      * tests/expected.sadf-j): "tz": "UTC"
			      * (any other tz: sadf -t or -T, local times) */
			     "CASE WHEN json_type(value, '$.timestamp.utc') "
			     "IS NOT NULL THEN json_extract(value, "
			     "'$.timestamp.utc') WHEN json_type(value, "
			     "'$.timestamp.tz') = 'text' THEN json_extract("
			     "value, '$.timestamp.tz') = 'UTC' END, "
			     "json_extract(value, '$.timestamp.interval')");
	for (i = 0; i < NR_FIELDS; i++)
		n += (size_t)snprintf(sql + n, sizeof(sql) - n,
				      ", json_extract(value, ?%zu)", i + 2);
	snprintf(sql + n, sizeof(sql) - n, " FROM json_each(?1, "
		 "'$.sysstat.hosts[0].statistics') ORDER BY key");
	if (prepare(im, s, sql, &st))
		return -1;
	for (i = 0; i < NR_FIELDS; i++)
		sqlite3_bind_text(st, (int)i + 2, fields[i].path, -1,
				  SQLITE_STATIC);
	s->prev_t = -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		s->record++;
		if (read_record(im, s, st)) {
			sqlite3_finalize(st);
			return -1;
		}
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return error("%s: sqlite: %s", im->file, sqlite3_errmsg(s->db));
	if (!s->record)
		return sar_fail(im, NULL, "%s", "no statistics records (sadc "
				"needs two readings for one record)");
	return 0;
}

/* Parse the sadf -j document json (len bytes) into runs. */
static int sadf_json(struct importer *im, const char *json, size_t len)
{
	struct sar_state s;
	int rc;

	memset(&s, 0, sizeof(s));
	im->format = FORMAT;
	if (len > INT32_MAX)
		return sar_fail(im, NULL, "%s", "larger than 2 GiB");
	if (memchr(json, 0, len))
		return sar_fail(im, NULL, "%s", "a NUL byte in the JSON");
	s.json = json;
	s.len = len;
	if (sqlite3_open_v2(":memory:", &s.db, SQLITE_OPEN_READWRITE, NULL)) {
		sqlite3_close(s.db);
		return error("cannot open an in-memory database");
	}
	rc = read_host(im, &s) || read_restarts(im, &s) || read_records(im, &s);
	if (!rc)
		fprintf(stderr, "vmscope: %s: sysstat: counters (pgpgin, "
			"pgpgout, pgfault, pgmajfault, pgfree, pgscan_kswapd, "
			"pgscan_direct, %s, pswpin, pswpout) rebuilt from sar's "
			"per-second rates as the running sum of rate x interval "
			"from the file's first reading: exact only to sar's two "
			"decimals and whole-second intervals; meminfo gauges in "
			"kB%s\n", im->file, s.pgsteal, s.local_time ?
			"; times are local to the recording machine, read as "
			"UTC (the start shifts, never the intervals)" : "");
	sqlite3_close(s.db);
	free(s.restarts);
	return rc ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* entry points                                                        */
/* ------------------------------------------------------------------ */

/* sysstat's file_magic starts with SYSSTAT_MAGIC 0xd596 (sa.h), stored in
 * the recording machine's byte order. */
int import_is_sa_file(const char *line, size_t len)
{
	const unsigned char *m = (const unsigned char *)line;

	return len >= 2 && ((m[0] == 0x96 && m[1] == 0xd5) ||
			    (m[0] == 0xd5 && m[1] == 0x96));
}

int import_sa_file(struct importer *im, const struct line_reader *r)
{
	char *json;
	size_t len;
	int rc;

	im->format = "sysstat data file";
	if (!strcmp(im->file, "-"))
		return error("%s: a sysstat data file: sadf cannot read it from "
			     "standard input; name the file", im->file);
	if (r->compression)
		return error("%s: a %s-compressed sysstat data file: sadf "
			     "reads plain files; decompress it first",
			     im->file, r->compression);
	if (run_sadf(im, &json, &len))
		return -1;
	rc = sadf_json(im, json, len);
	free(json);
	return rc;
}

int import_json(struct importer *im, struct line_reader *r, char *first,
		size_t first_len)
{
	size_t len = first_len, cap = first_len + 65536;
	char *buf = malloc(cap), *line, *b;
	size_t n;
	int got, rc;

	if (!buf)
		return error("out of memory");
	memcpy(buf, first, first_len);
	while ((got = line_reader_next(r, &line, &n)) > 0) {
		if (len + n + 2 > cap) {
			cap = (len + n + 2) * 2;
			b = realloc(buf, cap);
			if (!b) {
				free(buf);
				return error("out of memory");
			}
			buf = b;
		}
		buf[len++] = '\n';
		memcpy(buf + len, line, n);
		len += n;
		im->line++;
	}
	if (got < 0) {
		free(buf);
		return error_errno("cannot read '%s'", im->file);
	}
	buf[len] = 0;
	rc = import_is_lkp_json(buf, len) ? import_lkp_json(im, buf, len) :
	     sadf_json(im, buf, len);
	free(buf);
	return rc;
}
