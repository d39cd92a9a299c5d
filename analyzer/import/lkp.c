/*
 * lkp.c - LKP (lkp-tests) JSON results: proc-vmstat.json as a run.
 *
 * What LKP writes (lkp-tests, read for this file):
 *
 *   monitors/proc-vmstat    "time: EPOCH" then /proc/vmstat, every
 *                           second (awk '!x[$1]++' keeps a key's first
 *                           value), into the raw log "proc-vmstat".
 *   stats/proc-vmstat       turns each "name value" into "name: value".
 *   sbin/dump-stat          collects those lines into proc-vmstat.json:
 *                           {"proc-vmstat.time": [t0, t1, ...],
 *                            "proc-vmstat.pgfault": [v0, v1, ...], ...}
 *                           one array element per sample, the raw
 *                           /proc/vmstat value (a since-boot total for
 *                           an event counter), in sample order.  A key
 *                           that is 0 in every sample is deleted; a key
 *                           missing from earlier samples is padded with
 *                           0s; a last sample cut short is dropped.
 *   lib/stats.rb create_stats  stats.json: ONE number per key for the
 *                           whole test -- last minus first for the
 *                           names in etc/event-counter-prefixes
 *                           (proc-vmstat.pg*, pswp*, allocstall, ...),
 *                           the mean of the samples for every other
 *                           name (workingset_*, oom_kill and the nr_*
 *                           gauges alike).
 *   matrix.json             the stats.json values of several runs of a
 *                           job, one array element per RUN.
 *
 * So proc-vmstat.json is read as what it is, a run of samples (its
 * times, its values), through the same run builder as the raw log.
 * stats.json and matrix.json are refused with the reason: a mean of a
 * since-boot total, or a per-run delta, is not a sample of a counter,
 * and storing one as a snapshot would make a wrong run look right.
 *
 * The JSON is read by SQLite's JSON1 functions (as sysstat.c does), in
 * a private in-memory database, the text bound as a parameter.  Values
 * must be whole numbers below 2^63: JSON1 reads larger integers as
 * doubles, which would silently round them.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "err.h"
#include "import.h"
#include "banned.h"

#define PREFIX "proc-vmstat."
#define PREFIX_LEN (sizeof(PREFIX) - 1)
#define TIME_KEY PREFIX "time"

struct lkp_doc {
	sqlite3 *db;
	const char *json;
	size_t len;
	char **keys;               /* the object's keys, document order */
	size_t nr_keys, nr_samples;
	size_t time_key;           /* index of proc-vmstat.time */
	int64_t *v;                /* v[key * nr_samples + sample] */
};

/* The line of the first `"key"` in the document (1 if not found). */
static long line_of(const struct lkp_doc *d, const char *key)
{
	size_t n = strlen(key);
	const char *p = d->json, *end = d->json + d->len;
	long line = 1;

	for (; p + n + 2 <= end; p++) {
		if (*p == '\n')
			line++;
		else if (*p == '"' && !memcmp(p + 1, key, n) && p[n + 1] == '"')
			return line;
	}
	return 1;
}

/* "FILE:LINE: FORMAT: msg" naming the line of key; returns -1. */
static int lkp_fail(struct importer *im, const struct lkp_doc *d,
		    const char *key, const char *format, const char *msg)
{
	return error("%s:%ld: %s: %s", im->file, key ? line_of(d, key) : 1L,
		     format, msg);
}

/* The monitor a key belongs to ("proc-vmstat" of "proc-vmstat.pgfault"). */
static size_t monitor_len(const char *key)
{
	const char *dot = strchr(key, '.');

	return dot ? (size_t)(dot - key) : 0;
}

/* ------------------------------------------------------------------ */
/* the shape: which LKP file this is                                   */
/* ------------------------------------------------------------------ */

static int add_key(struct lkp_doc *d, const unsigned char *k)
{
	char **keys = realloc(d->keys, (d->nr_keys + 1) * sizeof(*keys));

	if (!keys)
		return error("out of memory");
	d->keys = keys;
	if (!(keys[d->nr_keys] = strdup(k ? (const char *)k : "")))
		return error("out of memory");
	d->nr_keys++;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A key given twice (JSON1 returns both): the first such, or NULL. */
static const char *duplicate_key(const struct lkp_doc *d)
{
	char **s = malloc(d->nr_keys * sizeof(*s) + 1);
	const char *dup = NULL;
	size_t i;

	if (!s)
		return NULL;
	memcpy(s, d->keys, d->nr_keys * sizeof(*s));
	qsort(s, d->nr_keys, sizeof(*s), cmp_str);
	for (i = 1; i < d->nr_keys && !dup; i++)
		if (!strcmp(s[i - 1], s[i]))
			dup = s[i];
	free(s);
	return dup;
}

/*
 * Read the top-level keys and check the shape of a proc-vmstat.json:
 * arrays only, a proc-vmstat.time, every key of proc-vmstat, every
 * array as long as the times.  Anything else is refused, saying which
 * LKP file it looks like and what to import instead.
 */
static int read_shape(struct importer *im, struct lkp_doc *d)
{
	sqlite3_stmt *st;
	const char *scalar, *other = NULL, *dup;
	char msg[512], *first_scalar = NULL;
	int rc, have_time = 0;
	size_t i;

	if (sqlite3_prepare_v2(d->db, "SELECT key, type, CASE type WHEN "
			       "'array' THEN json_array_length(value) END "
			       "FROM json_each(?1) ORDER BY id", -1, &st,
			       NULL) != SQLITE_OK)
		return error("%s: sqlite: %s", im->file, sqlite3_errmsg(d->db));
	sqlite3_bind_text(st, 1, d->json, (int)d->len, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *type = (const char *)sqlite3_column_text(st, 1);

		if (add_key(d, sqlite3_column_text(st, 0))) {
			sqlite3_finalize(st);
			return -1;
		}
		if (strcmp(type ? type : "", "array") && !first_scalar)
			first_scalar = d->keys[d->nr_keys - 1];
		if (!strcmp(d->keys[d->nr_keys - 1], TIME_KEY)) {
			have_time = 1;
			d->time_key = d->nr_keys - 1;
			d->nr_samples = (size_t)sqlite3_column_int64(st, 2);
		}
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return error("%s: sqlite: %s", im->file, sqlite3_errmsg(d->db));
	if (!d->nr_keys)
		return lkp_fail(im, d, NULL, "LKP JSON", "an empty object");
	scalar = first_scalar;
	if (scalar && have_time) {
		snprintf(msg, sizeof(msg), "'%.200s' is not an array of "
			 "samples", scalar);
		return lkp_fail(im, d, scalar, "LKP proc-vmstat.json", msg);
	}
	if (scalar) {
		snprintf(msg, sizeof(msg), "'%.200s' is one number for the "
			 "whole test (lkp-tests' create_stats: last minus "
			 "first for event counters, the mean of the samples "
			 "for the rest), not a series; import the test's "
			 "proc-vmstat.json or its proc-vmstat log", scalar);
		return lkp_fail(im, d, scalar, "LKP stats.json", msg);
	}
	if (!have_time) {
		/* another monitor's samples: "meminfo.time", ... */
		for (i = 0; i < d->nr_keys && !other; i++) {
			size_t n = monitor_len(d->keys[i]);

			if (n && !strcmp(d->keys[i] + n, ".time"))
				other = d->keys[i];
		}
		if (other) {
			snprintf(msg, sizeof(msg), "the samples of LKP's "
				 "'%.*s' monitor: only proc-vmstat.json (the "
				 "proc-vmstat monitor's) is read",
				 (int)monitor_len(other), other);
			return lkp_fail(im, d, other, "LKP JSON", msg);
		}
		for (i = 0; i < d->nr_keys && !other; i++)
			if (!strncmp(d->keys[i], PREFIX, PREFIX_LEN))
				other = d->keys[i];
		other = other ? other : d->keys[0];
		snprintf(msg, sizeof(msg), "'%.200s' has no %s beside it: "
			 "one value per test run (matrix.json), not per "
			 "sample; import each run's proc-vmstat.json or its "
			 "proc-vmstat log", other, TIME_KEY);
		return lkp_fail(im, d, other, "LKP matrix.json", msg);
	}
	for (i = 0; i < d->nr_keys; i++) {
		size_t n = monitor_len(d->keys[i]);

		if (n != PREFIX_LEN - 1 || strncmp(d->keys[i], PREFIX, n + 1)) {
			snprintf(msg, sizeof(msg), "'%.200s' is not a "
				 "proc-vmstat key: only proc-vmstat.json "
				 "(the proc-vmstat monitor's samples) is read",
				 d->keys[i]);
			return lkp_fail(im, d, d->keys[i],
					"LKP proc-vmstat.json", msg);
		}
	}
	if ((dup = duplicate_key(d))) {
		snprintf(msg, sizeof(msg), "'%.200s' appears twice", dup);
		return lkp_fail(im, d, dup, "LKP proc-vmstat.json", msg);
	}
	if (!d->nr_samples)
		return lkp_fail(im, d, TIME_KEY, "LKP proc-vmstat.json",
				"no samples");
	return 0;
}

/* ------------------------------------------------------------------ */
/* the samples                                                         */
/* ------------------------------------------------------------------ */

/* One array element: a counter value, or the sample's time (us). */
static int read_value(struct importer *im, struct lkp_doc *d, size_t k,
		      sqlite3_stmt *st, int64_t idx)
{
	int type = sqlite3_column_type(st, 3);
	double t = sqlite3_column_double(st, 3);
	char msg[512];
	int64_t v;

	if (idx < 0 || (size_t)idx >= d->nr_samples) {
		snprintf(msg, sizeof(msg), "'%.200s' has more samples than "
			 "%s (%zu)", d->keys[k], TIME_KEY, d->nr_samples);
		return lkp_fail(im, d, d->keys[k], "LKP proc-vmstat.json", msg);
	}
	if (k == d->time_key) {
		if ((type != SQLITE_INTEGER && type != SQLITE_FLOAT) ||
		    !isfinite(t) || t <= 0 || t >= 1e13) {
			snprintf(msg, sizeof(msg), "sample %lld of %s is not "
				 "a time in seconds since the epoch",
				 (long long)idx + 1, TIME_KEY);
			return lkp_fail(im, d, TIME_KEY,
					"LKP proc-vmstat.json", msg);
		}
		v = llround(t * 1e6);
	} else {
		v = sqlite3_column_int64(st, 3);
		if (type != SQLITE_INTEGER || v < 0) {
			snprintf(msg, sizeof(msg), "sample %lld of '%.200s' "
				 "is not a whole number from 0 to 2^63-1",
				 (long long)idx + 1, d->keys[k]);
			return lkp_fail(im, d, d->keys[k],
					"LKP proc-vmstat.json", msg);
		}
	}
	d->v[k * d->nr_samples + (size_t)idx] = v;
	return 0;
}

/* Every array into d->v (check_lengths() has seen them all as long). */
static int read_values(struct importer *im, struct lkp_doc *d)
{
	sqlite3_stmt *st;
	int64_t id, prev = -1;
	size_t k = 0;
	int rc;

	if (d->nr_samples > SIZE_MAX / sizeof(int64_t) / d->nr_keys ||
	    !(d->v = calloc(d->nr_keys * d->nr_samples, sizeof(int64_t))))
		return error("out of memory");
	if (sqlite3_prepare_v2(d->db, "SELECT o.id, o.key, a.key, a.value "
			       "FROM json_each(?1) o, json_each(o.value) a "
			       "ORDER BY o.id, a.id", -1, &st, NULL) !=
	    SQLITE_OK)
		return error("%s: sqlite: %s", im->file, sqlite3_errmsg(d->db));
	sqlite3_bind_text(st, 1, d->json, (int)d->len, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *key = (const char *)sqlite3_column_text(st, 1);

		/* rows come key by key, in the order read_shape() saw */
		id = sqlite3_column_int64(st, 0);
		if (prev >= 0 && id != prev)
			k++;
		prev = id;
		if (k >= d->nr_keys || strcmp(key ? key : "", d->keys[k])) {
			sqlite3_finalize(st);
			return error("%s: LKP JSON: the keys changed between "
				     "two readings", im->file);
		}
		if (read_value(im, d, k, st, sqlite3_column_int64(st, 2))) {
			sqlite3_finalize(st);
			return -1;
		}
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 :
	       error("%s: sqlite: %s", im->file, sqlite3_errmsg(d->db));
}

/* Each array's length (checked apart: a short one has no rows to count). */
static int check_lengths(struct importer *im, struct lkp_doc *d)
{
	sqlite3_stmt *st;
	char msg[512];
	int rc = 0;
	size_t k = 0;

	if (sqlite3_prepare_v2(d->db, "SELECT json_array_length(value) FROM "
			       "json_each(?1) ORDER BY id", -1, &st, NULL) !=
	    SQLITE_OK)
		return error("%s: sqlite: %s", im->file, sqlite3_errmsg(d->db));
	sqlite3_bind_text(st, 1, d->json, (int)d->len, SQLITE_STATIC);
	while (!rc && k < d->nr_keys && sqlite3_step(st) == SQLITE_ROW) {
		size_t n = (size_t)sqlite3_column_int64(st, 0);

		if (n != d->nr_samples) {
			snprintf(msg, sizeof(msg), "'%.200s' has %zu samples, "
				 "%s has %zu", d->keys[k], n, TIME_KEY,
				 d->nr_samples);
			rc = lkp_fail(im, d, d->keys[k], "LKP proc-vmstat.json",
				      msg);
		}
		k++;
	}
	sqlite3_finalize(st);
	return rc;
}

static int push(struct importer *im, const char *name, int64_t v)
{
	size_t n = strlen(name);
	char *copy = kv_name_alloc(&im->kv, n);

	if (!copy)
		return error("out of memory");
	memcpy(copy, name, n);
	return kv_push(&im->kv, SRC_VMSTAT, copy, n, v) ? error("out of memory")
							 : 0;
}

/*
 * Sample by sample into the run builder.  Its complaints (a time going
 * backwards) name the line of the times and the sample.
 */
static int emit_samples(struct importer *im, const struct lkp_doc *d)
{
	char format[64];
	size_t s, k;

	im->line = line_of(d, TIME_KEY);
	im->format = format;
	for (s = 0; s < d->nr_samples; s++) {
		snprintf(format, sizeof(format), "LKP proc-vmstat.json: "
			 "sample %zu", s + 1);
		for (k = 0; k < d->nr_keys; k++)
			if (k != d->time_key &&
			    push(im, d->keys[k] + PREFIX_LEN,
				 d->v[k * d->nr_samples + s]))
				return -1;
		if (import_emit(im, d->v[d->time_key * d->nr_samples + s])) {
			im->format = NULL;
			return -1;
		}
	}
	im->format = NULL;
	return 0;
}

/* ------------------------------------------------------------------ */
/* entry points                                                        */
/* ------------------------------------------------------------------ */

int import_is_lkp_json(const char *json, size_t len)
{
	size_t i = 0, j;

	while (i < len && strchr(" \t\r\n", json[i]))
		i++;
	if (i == len || json[i++] != '{')
		return 0;
	while (i < len && strchr(" \t\r\n", json[i]))
		i++;
	if (i == len || json[i++] != '"')
		return 0;
	/* the first key: "monitor.stat", never sysstat's "sysstat" */
	for (j = i; j < len && json[j] != '"'; j++)
		if (json[j] == '.')
			return 1;
	return 0;
}

int import_lkp_json(struct importer *im, const char *json, size_t len)
{
	struct lkp_doc d;
	sqlite3_stmt *st;
	size_t i;
	int rc = -1, valid = 0;

	memset(&d, 0, sizeof(d));
	d.json = json;
	d.len = len;
	im->format = "LKP proc-vmstat.json";
	if (len > INT32_MAX)
		return error("%s: LKP JSON: larger than 2 GiB", im->file);
	if (memchr(json, 0, len))
		return error("%s: LKP JSON: a NUL byte in the JSON", im->file);
	if (sqlite3_open_v2(":memory:", &d.db, SQLITE_OPEN_READWRITE, NULL)) {
		sqlite3_close(d.db);
		return error("cannot open an in-memory database");
	}
	if (sqlite3_prepare_v2(d.db, "SELECT json_valid(?1) AND "
			       "json_type(?1) = 'object'", -1, &st, NULL) ==
	    SQLITE_OK) {
		sqlite3_bind_text(st, 1, json, (int)len, SQLITE_STATIC);
		valid = sqlite3_step(st) == SQLITE_ROW &&
			sqlite3_column_int(st, 0);
		sqlite3_finalize(st);
	}
	if (!valid)
		error("%s: LKP JSON: not valid JSON (or not an object)",
		      im->file);
	else if (!read_shape(im, &d) && !check_lengths(im, &d) &&
		 !read_values(im, &d) && !emit_samples(im, &d))
		rc = 0;
	if (!rc)
		fprintf(stderr, "vmscope: %s: LKP proc-vmstat.json: %zu samples "
			"of %zu counters, raw /proc/vmstat values; a counter "
			"0 in every sample was left out by lkp-tests' "
			"dump-stat, and one first seen after the first "
			"sample was padded with 0s by it\n", im->file,
			d.nr_samples, d.nr_keys - 1);
	for (i = 0; i < d.nr_keys; i++)
		free(d.keys[i]);
	free(d.keys);
	free(d.v);
	sqlite3_close(d.db);
	return rc;
}
