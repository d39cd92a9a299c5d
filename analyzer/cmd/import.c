/*
 * import.c - vmscope import FILE... -o DB [--label TEXT] [--tag K=V]...
 *            [-i SECONDS]: logs made without vmscope become runs.
 *
 * Each file (or "-" for standard input) becomes one run, written in one
 * transaction: a bad line rolls the whole file back and is reported as
 * FILE:LINE.  Formats, told apart by the first line that is not blank:
 *
 *   snapshots  "name value" lines, as `cat /proc/vmstat` prints them, one
 *              or many.  A snapshot ends at a blank line, at a time line,
 *              or where a name of the current snapshot comes again (a
 *              plain `while :; do cat /proc/vmstat; sleep 1; done` log).
 *              Time lines: "time: EPOCH[.FRACTION]" (mmtests, LKP), a
 *              bare epoch, or date(1) output.  Without them, samples are
 *              -i SECONDS apart (default 1).
 *   CSV        a header, then one row per sample: a time column first
 *              (seconds, relative or epoch), then one column per counter
 *              ("source.name" for other sources than vmstat, as `vmscope
 *              export --csv` writes them).  An export's run_id and seq
 *              columns are understood: each run_id becomes a run.
 *
 * Samples go through the collector's own encoder and store, so an
 * imported run reads exactly like a recorded one.
 */
#include <csv.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd.h"
#include "db.h"
#include "err.h"
#include "facts.h"
#include "frame.h"
#include "kv.h"
#include "opts.h"
#include "store.h"
#include "banned.h"

/* Source names an import can carry; the index is the kv src. */
static const char *const sources[] = {
	"vmstat", "meminfo", "zoneinfo", "memcg", "psi", "trace", "lru_gen",
};
#define NR_SOURCES (sizeof(sources) / sizeof(sources[0]))

/* Flush queued samples every so many: memory stays flat on long logs. */
#define IMPORT_BATCH 512

struct importer {
	struct collect_opts *o;
	struct store *store;
	const char *file;          /* as named on the command line */
	struct frame_enc enc;
	struct kv_list kv;         /* the snapshot being read */
	int64_t seq, t0_us;        /* t0_us: time of sample 0, -1 unknown */
	int64_t next_t_us;         /* time of the snapshot being read, -1 */
	int run_open;
	long line;
	char done[512];            /* "run 3 (10 samples), ...", said on commit */
};

static int import_fail(struct importer *im, const char *what)
{
	return error("%s:%ld: %s", im->file, im->line, what);
}

/* ------------------------------------------------------------------ */
/* runs                                                                */
/* ------------------------------------------------------------------ */

static int run_open(struct importer *im, int64_t start_wall_us)
{
	struct run_facts f;
	struct frame_hooks hooks = store_frame_hooks(im->store);

	size_t i;

	memset(&f, 0, sizeof(f));
	f.page_size = f.cpus = f.swappiness = f.cgroup_swappiness = -1;
	f.mem_total_kb = f.swap_total_kb = -1;
	/* a log has no facts; the kernel can come from --tag kernel=... */
	for (i = 0; i < im->o->nr_tags; i++)
		if (!strcmp(im->o->tags[i].key, "kernel"))
			f.kernel_release = im->o->tags[i].value;
	frame_enc_init(&im->enc, &hooks);
	im->seq = 0;
	im->run_open = 1;
	return store_begin_run(im->store, im->o, &f, "imported",
			       start_wall_us, 0);
}

static int run_close(struct importer *im)
{
	struct run_end end = {
		.ended_wall_us = -1, .elapsed_ns = -1, .exit_status = -1,
		.reason = "import",
	};
	int rc;

	if (!im->run_open)
		return 0;
	im->run_open = 0;
	rc = store_flush(im->store) || store_end_run(im->store, &end);
	frame_enc_release(&im->enc);
	if (!rc) {
		size_t n = strlen(im->done);

		snprintf(im->done + n, sizeof(im->done) - n, "%srun %lld (%lld samples)",
			 n ? ", " : "", (long long)im->store->run_id,
			 (long long)im->seq);
	}
	return rc ? -1 : 0;
}

/*
 * Times below this are seconds since the start of a log, not epochs
 * (2001-09-09): a CSV's t column may be either.
 */
#define EPOCH_MIN_US 1000000000000000LL

/*
 * Store the snapshot in im->kv as the next sample of the open run; t_us
 * is its time (an epoch, or relative), -1 if the log has none.
 */
static int emit(struct importer *im, int64_t t_us_in)
{
	int64_t t_us;

	if (im->kv.nr == 0)
		return 0;
	if (!im->run_open) {
		im->t0_us = t_us_in;
		if (run_open(im, t_us_in >= EPOCH_MIN_US ? t_us_in : -1))
			return -1;
	}
	if (t_us_in >= 0 && im->t0_us >= EPOCH_MIN_US)
		t_us = t_us_in - im->t0_us;     /* epochs: since the first */
	else if (t_us_in >= 0)
		t_us = t_us_in;                 /* already relative */
	else
		t_us = im->seq * (im->o->interval_ns / 1000);
	if (frame_encode(&im->enc, &im->kv, sources) ||
	    store_queue(im->store, im->seq, t_us, 0, 0, &im->enc, 0))
		return -1;
	im->seq++;
	kv_list_reset(&im->kv);
	if (im->store->nr_q >= IMPORT_BATCH && store_flush(im->store))
		return -1;
	return 0;
}

/* ------------------------------------------------------------------ */
/* snapshot logs                                                       */
/* ------------------------------------------------------------------ */

/* "1700000000.25" -> microseconds; -1 if s is not just a number. */
static int64_t parse_epoch(const char *s)
{
	char *end;
	double v;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s < '0' || *s > '9')
		return -1;
	v = strtod(s, &end);
	while (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r')
		end++;
	return *end || !isfinite(v) ? -1 : (int64_t)llround(v * 1e6);
}

/* A time line's instant in microseconds, or -1 if the line is not one. */
static int64_t time_line(const char *line)
{
	struct tm tm;
	const char *rest;
	int64_t t;

	if (!strncmp(line, "time:", 5))
		return parse_epoch(line + 5);
	t = parse_epoch(line);
	if (t >= 0 && !strchr(line, ' '))
		return t;
	/* date(1): "Mon Nov 30 05:44:48 UTC 2026" */
	memset(&tm, 0, sizeof(tm));
	rest = strptime(line, "%a %b %d %H:%M:%S", &tm);
	if (!rest)
		return -1;
	while (*rest == ' ')
		rest++;
	while (*rest && *rest != ' ')   /* the zone name */
		rest++;
	if (!strptime(rest, " %Y", &tm))
		return -1;
	return (int64_t)timegm(&tm) * 1000000;
}

/* Is name already in the snapshot being read? */
static int in_snapshot(const struct kv_list *kv, const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < kv->nr; i++)
		if (kv->v[i].name_len == len && !memcmp(kv->v[i].name, name, len))
			return 1;
	return 0;
}

static int snapshot_line(struct importer *im, char *line)
{
	char *p = line, *name, *copy;
	size_t len;
	int64_t v, t = time_line(line);

	line[strcspn(line, "\r\n")] = 0;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p)
		return emit(im, im->next_t_us);
	if (t >= 0) {
		if (emit(im, im->next_t_us))
			return -1;
		im->next_t_us = t;
		return 0;
	}
	name = p;
	while (*p && *p != ' ' && *p != '\t')
		p++;
	len = (size_t)(p - name);
	while (*p == ' ' || *p == '\t')
		p++;
	{
		const char *end = kv_parse_u64(p, p + strlen(p), &v);

		if (!end || end == p || (*end && *end != ' '))
			return import_fail(im, "expected 'name value' "
					   "(a counter and a whole number)");
	}
	if (in_snapshot(&im->kv, name, len)) {
		/* a name again: the next snapshot of an untimed loop */
		if (emit(im, im->next_t_us))
			return -1;
		im->next_t_us = -1;
	}
	copy = kv_name_alloc(&im->kv, len);
	if (!copy)
		return error("out of memory");
	memcpy(copy, name, len);
	return kv_push(&im->kv, 0, copy, len, v) ? error("out of memory") : 0;
}

/* ------------------------------------------------------------------ */
/* CSV                                                                 */
/* ------------------------------------------------------------------ */

struct csv_state {
	struct importer *im;
	char **header;
	size_t nr_header, field;
	int t_col, run_col, seq_col; /* column indexes, -1 if absent */
	int64_t run, cur_run, t_us;
	int failed, header_done;
};

static void csv_header_field(struct csv_state *cs, const char *s, size_t len)
{
	char **h = realloc(cs->header, (cs->nr_header + 1) * sizeof(*h));

	if (!h || !(h[cs->nr_header] = strndup(s, len))) {
		cs->failed = error("out of memory");
		return;
	}
	cs->header = h;
	cs->nr_header++;
}

/* Split "meminfo.MemFree" into its source and name. */
static uint16_t column_source(const char *col, const char **name)
{
	size_t i;

	for (i = 1; i < NR_SOURCES; i++) {
		size_t l = strlen(sources[i]);

		if (!strncmp(col, sources[i], l) && col[l] == '.') {
			*name = col + l + 1;
			return (uint16_t)i;
		}
	}
	*name = col;
	return 0;
}

static void csv_field(void *s, size_t len, void *data)
{
	struct csv_state *cs = data;
	struct importer *im = cs->im;
	size_t col = cs->field++;
	const char *f = s ? s : "";
	int64_t v;

	if (col == 0)
		im->line++;     /* the row's line, for messages */
	if (cs->failed)
		return;
	if (!cs->header_done) {
		csv_header_field(cs, f, len);
		return;
	}
	if (col >= cs->nr_header) {
		cs->failed = import_fail(im, "more fields than the header has");
		return;
	}
	if ((len == 0 && (int)col != cs->t_col) || (int)col == cs->seq_col)
		return;                         /* absent, or implied by order */
	if ((int)col == cs->t_col || (int)col == cs->run_col) {
		char buf[64];
		int64_t t;

		if (len >= sizeof(buf) || (memcpy(buf, f, len), buf[len] = 0,
					   (t = parse_epoch(buf)) < 0)) {
			cs->failed = import_fail(im, "bad time or run id");
			return;
		}
		if ((int)col == cs->t_col)
			cs->t_us = t;
		else
			cs->run = t / 1000000;
		return;
	}
	{
		const char *end = kv_parse_u64(f, f + len, &v), *name;
		uint16_t src = column_source(cs->header[col], &name);

		if (!end || end != f + len) {
			cs->failed = import_fail(im, "not a whole number");
			return;
		}
		if (kv_push(&im->kv, src, name, strlen(name), v))
			cs->failed = error("out of memory");
	}
}

/*
 * Columns "run_id, seq, t" of an export (seq is implied by the order), or
 * a time column first.
 */
static void csv_columns(struct csv_state *cs)
{
	size_t i;

	cs->t_col = 0;
	cs->run_col = cs->seq_col = -1;
	for (i = 0; i < cs->nr_header; i++) {
		if (!strcmp(cs->header[i], "run_id"))
			cs->run_col = (int)i;
		else if (!strcmp(cs->header[i], "seq"))
			cs->seq_col = (int)i;
		else if (!strcmp(cs->header[i], "t"))
			cs->t_col = (int)i;
	}
	if (cs->run_col < 0)
		cs->seq_col = -1;      /* without run_id, "seq" is a counter */
}

static void csv_row(int c, void *data)
{
	struct csv_state *cs = data;
	struct importer *im = cs->im;

	(void)c;
	if (cs->field == 0)
		im->line++;     /* a row without fields */
	if (cs->failed)
		return;
	if (!cs->header_done) {
		cs->header_done = 1;
		csv_columns(cs);
		cs->field = 0;
		return;
	}
	cs->field = 0;
	if (cs->t_us < 0) {
		cs->failed = import_fail(im, "no time in this row");
		return;
	}
	if (cs->run_col >= 0 && im->run_open && cs->run != cs->cur_run &&
	    run_close(im)) {
		/* an export of several runs: each run_id became a run */
		cs->failed = -1;
		return;
	}
	cs->cur_run = cs->run;
	if (emit(im, cs->t_us))
		cs->failed = -1;
	cs->t_us = -1;
}

/* first: the line already read to tell the format. */
static int import_csv(struct importer *im, const char *first, FILE *in)
{
	struct csv_parser p;
	struct csv_state cs;
	char buf[65536];
	size_t n, i;

	memset(&cs, 0, sizeof(cs));
	cs.im = im;
	cs.t_us = -1;
	cs.run = cs.cur_run = -1;
	im->line = 0;
	if (csv_init(&p, CSV_APPEND_NULL) != 0)
		return error("out of memory");
	n = strlen(first);
	if (csv_parse(&p, first, n, csv_field, csv_row, &cs) != n)
		cs.failed = import_fail(im, csv_strerror(csv_error(&p)));
	while (!cs.failed && (n = fread(buf, 1, sizeof(buf), in)) > 0)
		if (csv_parse(&p, buf, n, csv_field, csv_row, &cs) != n)
			cs.failed = import_fail(im, csv_strerror(csv_error(&p)));
	if (!cs.failed)
		csv_fini(&p, csv_field, csv_row, &cs);
	csv_free(&p);
	for (i = 0; i < cs.nr_header; i++)
		free(cs.header[i]);
	free(cs.header);
	return cs.failed ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* files and the command                                               */
/* ------------------------------------------------------------------ */

static int import_snapshots(struct importer *im, char *first, FILE *in)
{
	char *line = NULL;
	size_t cap = 0;
	int rc = snapshot_line(im, first);

	while (!rc && getline(&line, &cap, in) >= 0) {
		im->line++;
		rc = snapshot_line(im, line);
	}
	free(line);
	if (!rc && ferror(in))
		rc = error_errno("cannot read '%s'", im->file);
	return rc ? -1 : emit(im, im->next_t_us);
}

/* Import one file as one run (or, for an export, one run per run_id). */
static int import_file(struct importer *im, FILE *in)
{
	char *first = NULL;
	size_t cap = 0;
	int rc;

	im->line = 0;
	do {
		if (getline(&first, &cap, in) < 0) {
			free(first);
			return ferror(in) ? error_errno("cannot read '%s'", im->file) :
			       error("%s: no samples in the file", im->file);
		}
		im->line++;
	} while (first[strspn(first, " \t\r\n")] == 0);
	rc = strchr(first, ',') ? import_csv(im, first, in) :
	     import_snapshots(im, first, in);
	free(first);
	if (!rc && !im->run_open && im->store->run_id == 0)
		rc = error("%s: no samples in the file", im->file);
	return rc ? -1 : run_close(im);
}

static int import_one(struct store *st, struct collect_opts *o,
		      const char *file)
{
	struct importer im;
	const char *base = strrchr(file, '/');
	FILE *in = strcmp(file, "-") ? fopen(file, "r") : stdin;
	int rc;

	if (!in)
		return error_errno("cannot open '%s'", file);
	memset(&im, 0, sizeof(im));
	im.o = o;
	im.store = st;
	im.file = file;
	im.next_t_us = -1;
	kv_list_init(&im.kv);
	if (!o->label)
		o->label = base ? base + 1 : file;
	st->run_id = 0;
	rc = store_outer_begin(st);
	if (!rc)
		rc = import_file(&im, in);
	if (im.run_open)
		frame_enc_release(&im.enc);
	if (store_outer_end(st, rc == 0) && !rc)
		rc = -1;
	if (!rc)
		fprintf(stderr, "vmscope: imported '%s' as %s\n", file, im.done);
	kv_list_release(&im.kv);
	if (in != stdin)
		fclose(in);
	return rc;
}

static void import_usage(FILE *out)
{
	fprintf(out, "usage: vmscope import FILE... -o DB [--label TEXT] "
		"[--tag KEY=VALUE]... [-i SECONDS]\n\n"
		"FILE is a log of /proc/vmstat snapshots (optionally with time "
		"lines)\nor a CSV file; '-' reads standard input.\n");
}

int cmd_import(int argc, char **argv, struct cmd_ctx *ctx)
{
	static const struct option lo[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "label", required_argument, NULL, 'l' },
		{ "tag", required_argument, NULL, 't' },
		{ "interval", required_argument, NULL, 'i' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct collect_opts o;
	struct store st;
	const char *db = NULL, *label = NULL;
	int c, i, rc = 0;

	(void)ctx;
	memset(&o, 0, sizeof(o));
	o.interval_ns = 1000000000;
	o.argc = argc;
	o.argv = argv;
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:i:h", lo, NULL)) != -1) {
		if (c == 'h') {
			import_usage(stdout);
			opts_release(&o);
			return EXIT_OK;
		}
		if ((c == 'o' && (db = optarg)) || (c == 'l' && (label = optarg)))
			continue;
		if ((c == 't' && !opts_add_tag(&o, optarg)) ||
		    (c == 'i' && !opts_seconds(optarg, &o.interval_ns) &&
		     o.interval_ns > 0))
			continue;
		if (c == 'i')
			error("bad interval '%s': expected seconds", optarg);
		import_usage(stderr);
		opts_release(&o);
		return EXIT_USAGE;
	}
	if (!db || optind >= argc) {
		if (!db)
			error("import needs -o DB");
		import_usage(stderr);
		opts_release(&o);
		return EXIT_USAGE;
	}
	if (store_open(&st, db)) {
		opts_release(&o);
		return EXIT_FAILURE_RT;
	}
	for (i = optind; i < argc && !rc; i++) {
		o.label = label;
		rc = import_one(&st, &o, argv[i]);
	}
	store_close(&st);
	opts_release(&o);
	return rc ? EXIT_FAILURE_RT : EXIT_OK;
}
