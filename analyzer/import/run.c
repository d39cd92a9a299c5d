/*
 * run.c - the run an import builds: samples in, one or more runs out.
 *
 * DESIGN: formats hand over complete snapshots (import_emit); this file
 * does what no single format knows.
 *
 *  1. Times.  A log's times are epochs (time: lines, date(1)) or seconds
 *     since its start (a CSV's t).  The first timed sample fixes t = 0
 *     and the run's start; an untimed sample is the previous time plus
 *     -i.  A time before the previous one is refused: the run's t must
 *     grow, and an export could not print it back.
 *  2. Counters going backwards.  Each event counter's previous value is
 *     kept (a hash by source and name, so a snapshot of 100,000 names is
 *     linear).  When most event counters fall at once, or a boot_id line
 *     changes, the machine rebooted: the run ends there and a new one
 *     starts.  Lone decreases are kept (the counter_values view flags them
 *     as resets) and counted in a warning.
 *  3. Facts.  The page size (--page-size, a page_size tag, or the machine
 *     from the kernel/arch tags, otherwise 4096 said aloud), the end
 *     (start + last t) and the interval (mean spacing of the samples) are
 *     derived here; an export's own facts and tags override them.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "err.h"
#include "import.h"
#include "banned.h"

const char *const import_sources[NR_SOURCES] = {
	"vmstat", "meminfo", "zoneinfo", "memcg", "psi", "trace", "lru_gen",
	"folios",
};

/* Flush queued samples every so many: memory stays flat on long logs. */
#define IMPORT_BATCH 512

/*
 * A reboot: at least this many event counters that were non-zero went
 * backwards, and they are more than half of those present in both
 * snapshots.  One counter can wrap or be reset by hand; a fresh boot
 * restarts nearly all of them (pgfault, pgalloc_*, pgpgin, ...).
 */
#define REBOOT_MIN_COUNTERS 3

int import_fail(struct importer *im, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return error("%s:%ld: %s%s%s", im->file, im->line,
		     im->format ? im->format : "", im->format ? ": " : "", msg);
}

/* ------------------------------------------------------------------ */
/* previous values                                                     */
/* ------------------------------------------------------------------ */

struct prev_entry {
	char *name;              /* NULL: a free slot */
	uint32_t len;
	uint16_t src;
	int8_t kind;             /* 1 event counter, 0 gauge, -1 unknown */
	int64_t value, sample;   /* sample: index of its last sample */
};

struct prev_map {
	struct prev_entry *v;
	size_t nr, cap;
	size_t *hint, nr_hint, cap_hint;   /* slot of kv entry i last time */
	sqlite3_stmt *kind_st;
};

static uint64_t name_hash(uint16_t src, const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ULL ^ src;   /* FNV-1a */
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return h;
}

static struct prev_entry *prev_slot(struct prev_map *m, uint16_t src,
				    const char *name, size_t len)
{
	size_t i = name_hash(src, name, len) & (m->cap - 1);

	while (m->v[i].name && !(m->v[i].src == src && m->v[i].len == len &&
				 !memcmp(m->v[i].name, name, len)))
		i = (i + 1) & (m->cap - 1);
	return &m->v[i];
}

static int prev_grow(struct prev_map *m)
{
	struct prev_map n = { NULL, 0, m->cap ? m->cap * 2 : 1024, NULL, 0, 0,
			      NULL };
	size_t i;

	n.v = calloc(n.cap, sizeof(*n.v));
	if (!n.v)
		return error("out of memory");
	for (i = 0; i < m->cap; i++)
		if (m->v[i].name)
			*prev_slot(&n, m->v[i].src, m->v[i].name,
				   m->v[i].len) = m->v[i];
	free(m->v);
	m->v = n.v;
	m->cap = n.cap;
	m->nr_hint = 0;            /* the slots moved */
	return 0;
}

static void prev_release(struct prev_map *m)
{
	size_t i;

	if (!m)
		return;
	for (i = 0; i < m->cap; i++)
		free(m->v[i].name);
	free(m->v);
	free(m->hint);
	sqlite3_finalize(m->kind_st);
	free(m);
}

/* Is (src, name) an event counter?  The schema's counter_kind decides. */
static int kind_of(struct importer *im, struct prev_entry *e)
{
	sqlite3_stmt *st = im->prev->kind_st;
	int rc;

	if (!st && db_prepare(im->store->db, im->store->path,
			      "SELECT kind FROM counter_kind WHERE source = ? "
			      "AND ? GLOB pattern ORDER BY rank LIMIT 1",
			      &im->prev->kind_st))
		return -1;
	st = im->prev->kind_st;
	sqlite3_bind_text(st, 1, import_sources[e->src], -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, e->name, (int)e->len, SQLITE_STATIC);
	rc = sqlite3_step(st);
	e->kind = rc == SQLITE_ROW &&
		  !strcmp((const char *)sqlite3_column_text(st, 0), "counter");
	sqlite3_reset(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 :
	       db_error(im->store->db, im->store->path, "cannot read");
}

/*
 * The entry of kv entry i: the slot it had in the previous snapshot if
 * the name is the same (most snapshots repeat the layout, and checking
 * is cheaper than hashing), else a hash lookup.
 */
static struct prev_entry *prev_find(struct prev_map *m, size_t i,
				    const struct kv_entry *k)
{
	struct prev_entry *e;

	if (i < m->nr_hint) {
		e = &m->v[m->hint[i]];
		if (e->name && e->len == k->name_len && e->src == k->src &&
		    !memcmp(e->name, k->name, k->name_len))
			return e;
	}
	e = prev_slot(m, k->src, k->name, k->name_len);
	if (i < m->cap_hint) {
		m->hint[i] = (size_t)(e - m->v);
		if (i >= m->nr_hint)
			m->nr_hint = i + 1;
	}
	return e;
}

/*
 * Compare the snapshot with the previous one and keep its values: *back
 * event counters went backwards of *common present in both (non-zero
 * before).  A duplicated key keeps its first value.
 */
static int prev_compare(struct importer *im, int64_t sample, int64_t *back,
			int64_t *common)
{
	struct prev_map *m = im->prev;
	size_t i;

	*back = *common = 0;
	if (m->cap_hint < im->kv.nr) {
		size_t *h = realloc(m->hint, im->kv.nr * sizeof(*h));

		if (!h)
			return error("out of memory");
		m->hint = h;
		m->cap_hint = im->kv.nr;
	}
	for (i = 0; i < im->kv.nr; i++) {
		const struct kv_entry *k = &im->kv.v[i];
		struct prev_entry *e;

		if ((m->nr + 1) * 2 > m->cap && prev_grow(m))
			return -1;
		e = prev_find(m, i, k);
		if (!e->name) {
			e->name = malloc(k->name_len + 1);
			if (!e->name)
				return error("out of memory");
			memcpy(e->name, k->name, k->name_len);
			e->name[k->name_len] = 0;
			e->len = k->name_len;
			e->src = k->src;
			e->sample = -2;
			m->nr++;
			if (kind_of(im, e))
				return -1;
		} else if (e->sample == sample) {
			continue;                 /* a key printed twice */
		} else if (e->kind == 1 && e->sample == sample - 1 &&
			   e->value != 0) {
			(*common)++;
			*back += (uint64_t)k->value < (uint64_t)e->value;
		}
		e->value = k->value;
		e->sample = sample;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* facts                                                               */
/* ------------------------------------------------------------------ */

static const char *tag_value(const struct importer *im, const char *key)
{
	size_t i;

	for (i = 0; i < im->o->nr_tags; i++)
		if (!strcmp(im->o->tags[i].key, key))
			return im->o->tags[i].value;
	return NULL;
}

/*
 * The page size and where it came from.  ppc64 kernels (RHEL, SUSE,
 * Debian ppc64el) are built with CONFIG_PPC_64K_PAGES; x86 has only
 * 4 KiB base pages.  Anything else is not guessed silently.
 */
static long page_size_of(const struct importer *im, const char **why)
{
	const char *v = tag_value(im, "page_size"), *k;
	long ps;
	char *end;
	int i;

	if (im->page_size) {
		*why = "--page-size";
		return im->page_size;
	}
	if (v) {
		ps = strtol(v, &end, 10);
		if (!*end && ps >= 512 && !(ps & (ps - 1))) {
			*why = "the page_size tag";
			return ps;
		}
	}
	for (i = 0; i < 4; i++) {
		/* the tags first, then what the file said (sysstat) */
		static const char *const from[] = {
			"the kernel tag", "the arch tag", "the file's kernel",
			"the file's machine",
		};
		static char why_buf[64];

		k = i < 2 ? tag_value(im, i ? "arch" : "kernel") :
		    i == 2 ? im->kernel : im->arch;
		if (k && strstr(k, "ppc64")) {
			snprintf(why_buf, sizeof(why_buf), "%s (ppc64: 64 KiB "
				 "pages)", from[i]);
			*why = why_buf;
			return 65536;
		}
		if (k && (strstr(k, "x86_64") || strstr(k, "amd64") ||
			  strstr(k, "i686") || strstr(k, "i386"))) {
			snprintf(why_buf, sizeof(why_buf), "%s (x86: 4 KiB "
				 "pages)", from[i]);
			*why = why_buf;
			return 4096;
		}
	}
	*why = NULL;
	return 4096;
}

static int run_open(struct importer *im, int64_t start_wall_us)
{
	struct run_facts f;
	struct frame_hooks hooks = store_frame_hooks(im->store);
	const char *why;

	memset(&f, 0, sizeof(f));
	f.cpus = f.swappiness = f.cgroup_swappiness = -1;
	f.mem_total_kb = f.swap_total_kb = -1;
	f.kernel_release = (char *)tag_value(im, "kernel");
	f.machine = (char *)tag_value(im, "arch");
	if (!f.kernel_release)
		f.kernel_release = im->kernel;
	if (!f.machine)
		f.machine = im->arch;
	f.boot_id = im->next_boot_id;
	f.page_size = im->is_export ? -1 : page_size_of(im, &why);
	if (!im->is_export && !im->page_said++)
		fprintf(stderr, "vmscope: %s: page size %ld, %s\n", im->file,
			f.page_size, why ? why : "assumed (no --page-size, "
			"page_size tag, or x86/ppc64 kernel or arch tag)");
	frame_enc_init(&im->enc, &hooks);
	im->seq = 0;
	im->run_open = 1;
	im->start_wall_us = start_wall_us;
	free(im->boot_id);
	im->boot_id = im->next_boot_id;
	im->next_boot_id = NULL;
	if (store_begin_run(im->store, im->o, &f, "imported", start_wall_us, 0))
		return -1;
	if (!im->first_run)
		im->first_run = im->store->run_id;
	return 0;
}

/* ------------------------------------------------------------------ */
/* an export's facts and tags                                          */
/* ------------------------------------------------------------------ */

/* The run table's columns an export may set (never id). */
static const char *const run_columns[] = {
	"label", "kernel_release", "kernel_version", "machine", "boot_id",
	"host", "page_size", "cpus", "mem_total_kb", "swap_total_kb",
	"swappiness", "cgroup", "cgroup_swappiness", "lru_gen", "interval_ns",
	"commit_interval_ns", "sources", "cmdline", "command",
	"collector_version", "started_wall_us", "started_mono_ns",
	"ended_wall_us", "elapsed_ns", "exit_status", "end_reason",
	"missed_ticks",
};
#define NR_RUN_COLUMNS (sizeof(run_columns) / sizeof(run_columns[0]))

/* Integer columns are bound as integers so that types round-trip. */
static int is_int_column(const char *c)
{
	return strstr(c, "_us") || strstr(c, "_ns") || strstr(c, "_kb") ||
	       !strcmp(c, "page_size") || !strcmp(c, "cpus") ||
	       strstr(c, "swappiness") || !strcmp(c, "exit_status") ||
	       !strcmp(c, "missed_ticks");
}

static int bind_value(sqlite3_stmt *st, int i, const char *col, const char *v)
{
	char *end;
	long long n;

	if (!v)
		return sqlite3_bind_null(st, i);
	if (is_int_column(col)) {
		n = strtoll(v, &end, 10);
		if (*v && !*end)
			return sqlite3_bind_int64(st, i, n);
	}
	return sqlite3_bind_text(st, i, v, -1, SQLITE_STATIC);
}

static int apply_fact(struct importer *im, const struct import_meta *m)
{
	char sql[96];
	sqlite3_stmt *st;
	size_t i;
	int rc;

	if (!strcmp(m->key, "label") && im->label_given)
		return 0;                       /* --label wins */
	for (i = 0; i < NR_RUN_COLUMNS; i++)
		if (!strcmp(m->key, run_columns[i]))
			break;
	if (i == NR_RUN_COLUMNS)
		return error("%s: unknown run fact '%s'", im->file, m->key);
	/* the identifier comes from run_columns[], never from the file */
	snprintf(sql, sizeof(sql), "UPDATE run SET %s = ? WHERE id = ?",
		 run_columns[i]);
	if (db_prepare(im->store->db, im->store->path, sql, &st))
		return -1;
	bind_value(st, 1, run_columns[i], m->value);
	sqlite3_bind_int64(st, 2, im->store->run_id);
	rc = sqlite3_step(st) == SQLITE_DONE ? 0 :
	     db_error(im->store->db, im->store->path, "cannot write");
	sqlite3_finalize(st);
	return rc;
}

/* "#watermark": key "NODE ZONE", value "MIN LOW HIGH" ("" for NULL). */
static int apply_watermark(struct importer *im, const struct import_meta *m)
{
	sqlite3_stmt *st;
	const char *p = m->value ? m->value : "";
	char *end;
	long long node = strtoll(m->key, &end, 10);
	int i, rc;

	if (*end != ' ' || !end[1])
		return error("%s: bad #watermark '%s'", im->file, m->key);
	if (db_prepare(im->store->db, im->store->path,
		       "INSERT OR IGNORE INTO watermark (run_id, node, zone, "
		       "min_pages, low_pages, high_pages) "
		       "VALUES (?, ?, ?, ?, ?, ?)", &st))
		return -1;
	sqlite3_bind_int64(st, 1, im->store->run_id);
	sqlite3_bind_int64(st, 2, node);
	sqlite3_bind_text(st, 3, end + 1, -1, SQLITE_STATIC);
	for (i = 0; i < 3; i++) {
		long long v;

		while (*p == ' ')
			p++;
		v = strtoll(p, &end, 10);
		if (end == p)
			sqlite3_bind_null(st, 4 + i);
		else
			sqlite3_bind_int64(st, 4 + i, v);
		p = end;
	}
	rc = sqlite3_step(st) == SQLITE_DONE ? 0 :
	     db_error(im->store->db, im->store->path, "cannot write");
	sqlite3_finalize(st);
	return rc;
}

static int apply_tag_or_marker(struct importer *im, const struct import_meta *m)
{
	int marker = !strcmp(m->kind, "marker");
	sqlite3_stmt *st;
	int rc;

	/* a marker's key is "T_US WALL_US"; a --tag given again wins */
	if (db_prepare(im->store->db, im->store->path, marker ?
		       "INSERT INTO marker (run_id, t_us, wall_us, text) "
		       "VALUES (?1, CAST(substr(?2, 1, instr(?2, ' ') - 1) "
		       "AS INTEGER), CAST(substr(?2, instr(?2, ' ') + 1) AS "
		       "INTEGER), ?3)" :
		       "INSERT OR IGNORE INTO tag (run_id, key, value) "
		       "VALUES (?, ?, ?)", &st))
		return -1;
	sqlite3_bind_int64(st, 1, im->store->run_id);
	sqlite3_bind_text(st, 2, m->key, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, m->value ? m->value : "", -1, SQLITE_STATIC);
	rc = sqlite3_step(st) == SQLITE_DONE ? 0 :
	     db_error(im->store->db, im->store->path, "cannot write");
	sqlite3_finalize(st);
	return rc;
}

/* An export's run: its facts replace all of the import's own. */
static int clear_facts(struct importer *im)
{
	sqlite3_stmt *st;
	int rc;

	if (db_prepare(im->store->db, im->store->path,
		       "UPDATE run SET kernel_release = NULL, "
		       "kernel_version = NULL, machine = NULL, boot_id = NULL, "
		       "host = NULL, page_size = NULL, cpus = NULL, "
		       "mem_total_kb = NULL, swap_total_kb = NULL, "
		       "swappiness = NULL, cgroup = NULL, "
		       "cgroup_swappiness = NULL, lru_gen = NULL, "
		       "interval_ns = NULL, commit_interval_ns = NULL, "
		       "sources = NULL, cmdline = NULL, command = NULL, "
		       "collector_version = NULL, started_wall_us = NULL, "
		       "started_mono_ns = NULL, ended_wall_us = NULL, "
		       "elapsed_ns = NULL, exit_status = NULL, "
		       "end_reason = NULL, missed_ticks = NULL, "
		       "label = ?2 WHERE id = ?1", &st))
		return -1;
	sqlite3_bind_int64(st, 1, im->store->run_id);
	if (im->label_given)     /* --label wins */
		sqlite3_bind_text(st, 2, im->o->label, -1, SQLITE_STATIC);
	rc = sqlite3_step(st) == SQLITE_DONE ? 0 :
	     db_error(im->store->db, im->store->path, "cannot write");
	sqlite3_finalize(st);
	return rc;
}

static int apply_meta(struct importer *im)
{
	size_t i;

	if (im->is_export && clear_facts(im))
		return -1;
	for (i = 0; i < im->nr_meta; i++) {
		const struct import_meta *m = &im->meta[i];

		if (m->run != im->meta_run)
			continue;
		if (!strcmp(m->kind, "fact") ? apply_fact(im, m) :
		    !strcmp(m->kind, "watermark") ? apply_watermark(im, m) :
		    apply_tag_or_marker(im, m))
			return -1;
	}
	return 0;
}

int import_add_meta(struct importer *im, int64_t run, const char *kind,
		    const char *key, const char *value)
{
	if (!strcmp(kind, "sample")) {
		/* key: seq; value: "SKEW_US MISSED [T_US]" */
		struct import_sample_meta *s = realloc(im->smeta,
				(im->nr_smeta + 1) * sizeof(*s));
		char *end;

		if (!s)
			return error("out of memory");
		im->smeta = s;
		s += im->nr_smeta;
		s->run = run;
		s->seq = strtoll(key, &end, 10);
		if (*end || !value)
			return import_fail(im, "bad #sample record");
		s->skew_us = strtoll(value, &end, 10);
		if (*end != ' ')
			return import_fail(im, "bad #sample record");
		s->missed = strtoll(end + 1, &end, 10);
		s->empty_t_us = -1;
		if (*end == ' ')          /* no counter at all: its t */
			s->empty_t_us = strtoll(end + 1, &end, 10);
		if (*end)
			return import_fail(im, "bad #sample record");
		im->nr_smeta++;
		return 0;
	}
	struct import_meta *m = realloc(im->meta, (im->nr_meta + 1) * sizeof(*m));

	if (!m)
		return error("out of memory");
	im->meta = m;
	m += im->nr_meta;
	m->run = run;
	m->kind = strdup(kind);
	m->key = strdup(key);
	m->value = value ? strdup(value) : NULL;
	im->nr_meta++;
	return m->kind && m->key && (!value || m->value) ? 0 :
	       error("out of memory");
}

/* ------------------------------------------------------------------ */
/* closing a run                                                       */
/* ------------------------------------------------------------------ */

/* The end and the interval, from the samples (NULL where unknown). */
static int derive_facts(struct importer *im)
{
	sqlite3_stmt *st;
	int rc;

	if (db_prepare(im->store->db, im->store->path,
		       "UPDATE run SET ended_wall_us = ?, interval_ns = ? "
		       "WHERE id = ?", &st))
		return -1;
	if (im->start_wall_us >= 0)
		sqlite3_bind_int64(st, 1, im->start_wall_us + im->last_t_us -
				   im->first_t_us);
	else
		sqlite3_bind_null(st, 1);
	if (im->seq > 1)
		sqlite3_bind_int64(st, 2, (im->last_t_us - im->first_t_us) *
				   1000 / (im->seq - 1));
	else
		sqlite3_bind_null(st, 2);    /* one sample: no interval */
	sqlite3_bind_int64(st, 3, im->store->run_id);
	rc = sqlite3_step(st) == SQLITE_DONE ? 0 :
	     db_error(im->store->db, im->store->path, "cannot write");
	sqlite3_finalize(st);
	return rc;
}

/*
 * One snapshot holds since-boot totals, not a rate: say so, and leave a
 * tag the readers can show instead of a row of zeros.
 */
static int note_single(struct importer *im)
{
	struct import_meta m = {
		(char *)"tag", (char *)"reading", (char *)"since-boot totals", 0,
	};

	fprintf(stderr, "vmscope: %s: run %lld is a single snapshot: its "
		"counters are totals since boot, not rates (tag "
		"reading=since-boot totals)\n", im->file,
		(long long)im->store->run_id);
	return apply_tag_or_marker(im, &m);
}

int import_close_run(struct importer *im)
{
	struct run_end end = {
		.ended_wall_us = -1, .elapsed_ns = -1, .exit_status = -1,
		.reason = "import",
	};
	int rc;

	if (!im->run_open)
		return 0;
	im->run_open = 0;
	rc = store_flush(im->store) || store_end_run(im->store, &end) ||
	     derive_facts(im) ||
	     (im->seq == 1 && !im->is_export && note_single(im)) ||
	     apply_meta(im);
	frame_enc_release(&im->enc);
	if (!rc) {
		size_t n = strlen(im->done);

		snprintf(im->done + n, sizeof(im->done) - n, "%srun %lld (%lld samples)",
			 n ? ", " : "", (long long)im->store->run_id,
			 (long long)im->seq);
	}
	return rc ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* samples                                                             */
/* ------------------------------------------------------------------ */

/* Did the machine reboot between the previous snapshot and this one? */
/*
 * Did the machine reboot between the previous snapshot and this one?
 * back and common: from prev_compare() on this snapshot.
 */
static int rebooted(struct importer *im, int64_t back, int64_t common)
{
	if (im->next_boot_id && im->boot_id &&
	    strcmp(im->next_boot_id, im->boot_id))
		return 1;
	if (back >= REBOOT_MIN_COUNTERS && back * 2 > common)
		return 1;
	if (back) {
		if (!im->went_back)
			im->went_back_line = im->line;
		im->went_back += back;
	}
	return 0;
}

/* t of this sample relative to the run's start; -1 (with a message) if
 * it is before the previous one or too far out to be a time. */
static int sample_time(struct importer *im, int64_t t_in, int64_t *t)
{
	if (t_in < 0)
		*t = im->seq ? im->last_t_us + im->o->interval_ns / 1000 : 0;
	else if (im->base_us >= 0)
		*t = t_in - im->base_us;
	else
		*t = t_in;
	if (t_in > IMPORT_TIME_MAX_US)
		return import_fail(im, "time %.6f s is past the year 2255: not "
				   "a time", t_in / 1e6);
	if (*t > IMPORT_TIME_MAX_US)     /* sample after sample, no time */
		return import_fail(im, "the run goes on past the year 2255");
	if (im->seq && *t < im->last_t_us)
		return import_fail(im, "time goes backwards (%.6f s after "
				   "%.6f s)", *t / 1e6, im->last_t_us / 1e6);
	return 0;
}

/* An export's skew and missed ticks for the sample being stored. */
static void sample_meta(struct importer *im, int64_t *skew, int64_t *missed)
{
	const struct import_sample_meta *m;

	*skew = *missed = 0;
	if (!im->smeta)
		return;         /* not an export: no sample records */
	m = im->smeta + im->smeta_next;
	while (im->smeta_next < im->nr_smeta &&
	       (m->run < im->meta_run ||
		(m->run == im->meta_run && m->seq < im->seq))) {
		im->smeta_next++;
		m++;
	}
	if (im->smeta_next < im->nr_smeta && m->run == im->meta_run &&
	    m->seq == im->seq) {
		*skew = m->skew_us;
		*missed = m->missed;
	}
}

int import_emit(struct importer *im, int64_t t_in)
{
	int64_t t, skew, missed, back, common;
	int reboot = 0;

	if (im->kv.nr == 0 && !im->emit_empty)
		return 0;
	if (!im->prev && !(im->prev = calloc(1, sizeof(*im->prev))))
		return error("out of memory");
	/* one pass over the names: compare with the previous values, keep */
	if (prev_compare(im, im->nsamples++, &back, &common))
		return -1;
	if (im->run_open && im->seq && !im->is_export)
		reboot = rebooted(im, back, common);
	if (reboot) {
		im->reboots++;
		fprintf(stderr, "vmscope: %s:%ld: the machine rebooted here "
			"(%s): a new run starts\n", im->file, im->line,
			im->next_boot_id ? "its boot id changed" :
			"most counters went back");
		if (import_close_run(im))
			return -1;
	}
	if (!im->run_open) {
		im->base_us = t_in >= IMPORT_EPOCH_MIN_US ? t_in : -1;
		if (run_open(im, im->base_us))
			return -1;
	}
	if (sample_time(im, t_in, &t))
		return -1;
	if (!im->seq)
		im->first_t_us = t;
	im->last_t_us = t;
	sample_meta(im, &skew, &missed);
	if (frame_encode(&im->enc, &im->kv, import_sources) ||
	    store_queue(im->store, im->seq, t, skew, missed, &im->enc, 0))
		return -1;
	im->seq++;
	kv_list_reset(&im->kv);
	if (im->store->nr_q >= IMPORT_BATCH && store_flush(im->store))
		return -1;
	return 0;
}

int import_fill_empty(struct importer *im, int64_t seq)
{
	int rc = 0;

	for (; !rc && im->empty_next < im->nr_smeta; im->empty_next++) {
		const struct import_sample_meta *m = im->smeta + im->empty_next;

		if (m->run < im->meta_run || m->empty_t_us < 0)
			continue;
		if (m->run > im->meta_run || m->seq >= seq || m->seq != im->seq)
			break;
		im->emit_empty = 1;
		rc = import_emit(im, m->empty_t_us);
		im->emit_empty = 0;
	}
	return rc;
}

void import_release(struct importer *im)
{
	size_t i;

	if (im->run_open)
		frame_enc_release(&im->enc);
	prev_release(im->prev);
	kv_list_release(&im->kv);
	free(im->boot_id);
	free(im->next_boot_id);
	free(im->kernel);
	free(im->arch);
	for (i = 0; i < im->nr_meta; i++) {
		free(im->meta[i].kind);
		free(im->meta[i].key);
		free(im->meta[i].value);
	}
	free(im->meta);
	free(im->smeta);
}
