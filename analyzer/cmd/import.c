/*
 * import.c - vmscope import FILE... -o DB [--label TEXT] [--tag K=V]...
 *            [-i SECONDS] [--page-size BYTES]
 *
 * Logs made without vmscope become runs.  Each file (or "-" for standard
 * input), compressed or not, becomes one run (or several: one per run of
 * an export, one per boot of a log that spans a reboot), written in one
 * transaction: a bad line rolls the whole file back and is reported as
 * FILE:LINE with the format it was read as.  The formats are read by
 * analyzer/import/ (see import.h); this file is the command line.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "db.h"
#include "err.h"
#include "import/import.h"
#include "opts.h"
#include "store.h"
#include "banned.h"

struct import_args {
	long page_size;
	int label_given;
	const char *markers;      /* --markers FILE, or NULL */
};

static int import_one(struct store *st, struct collect_opts *o,
		      const char *file, const struct import_args *a)
{
	struct importer im;
	struct line_reader r;
	const char *base = strrchr(file, '/');
	const char *compression;
	FILE *in = import_fopen(file, &compression);
	int rc;

	if (!in)
		return -1;
	memset(&im, 0, sizeof(im));
	im.o = o;
	im.store = st;
	im.file = file;
	im.page_size = a->page_size;
	im.label_given = a->label_given;
	kv_list_init(&im.kv);
	if (!o->label)
		o->label = base ? base + 1 : file;
	st->run_id = 0;
	line_reader_init(&r, in);
	r.compression = compression;
	rc = store_outer_begin(st);
	if (!rc)
		rc = import_detect(&im, &r);
	if (!rc && !im.run_open && st->run_id == 0)
		rc = error("%s: no samples in the file", file);
	if (!rc)
		rc = import_close_run(&im);
	if (!rc && a->markers)
		rc = import_markers(st, a->markers, im.first_run, st->run_id);
	if (!rc && im.went_back)
		warning("%s: counters went backwards %lld times (first at "
			"line %ld); the counter_values view flags them as "
			"resets", file, (long long)im.went_back,
			im.went_back_line);
	if (store_outer_end(st, rc == 0) && !rc)
		rc = -1;
	if (!rc)
		fprintf(stderr, "vmscope: imported '%s' as %s\n", file, im.done);
	import_release(&im);
	line_reader_release(&r);
	fclose(in);
	return rc;
}

/* import --markers FILE -o DB [--run ID]: markers for an existing run. */
static int markers_only(struct store *st, const char *markers, long long run)
{
	sqlite3_stmt *q;
	int rc;

	if (!run) {
		if (db_prepare(st->db, st->path, "SELECT max(id) FROM run", &q))
			return -1;
		if (sqlite3_step(q) == SQLITE_ROW)
			run = sqlite3_column_int64(q, 0);
		sqlite3_finalize(q);
		if (!run)
			return error("'%s' has no run to mark", st->path);
	}
	if (store_outer_begin(st))
		return -1;
	rc = import_markers(st, markers, run, run);
	return store_outer_end(st, rc == 0) || rc ? -1 : 0;
}

static void import_usage(FILE *out)
{
	fprintf(out, "usage: vmscope import FILE... -o DB [--label TEXT] "
		"[--tag KEY=VALUE]... [-i SECONDS]\n"
		"                      [--page-size BYTES] [--markers FILE]\n"
		"       vmscope import --markers FILE -o DB [--run ID]\n\n"
		"FILE is a log of /proc/vmstat or /proc/meminfo snapshots "
		"(with time lines or not),\nmmtests' tests-timestamp, "
		"node_exporter text, a sysstat sa file (read by sadf),\n"
		"sadf -j JSON, or CSV (a vmscope export);\n"
		"gzip, xz and zstd are read; '-' reads standard input.\n"
		"--markers adds phase timestamps ('EPOCH TEXT' lines, mmtests' "
		"tests-activity)\nas markers, to the runs imported or to run ID "
		"(default: the last).\n");
}

static long parse_page_size(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	return *end || v < 512 || v > (1L << 24) || (v & (v - 1)) ? -1 : v;
}

int cmd_import(int argc, char **argv, struct cmd_ctx *ctx)
{
	static const struct option lo[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "label", required_argument, NULL, 'l' },
		{ "tag", required_argument, NULL, 't' },
		{ "interval", required_argument, NULL, 'i' },
		{ "page-size", required_argument, NULL, 'p' },
		{ "markers", required_argument, NULL, 'm' },
		{ "run", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct collect_opts o;
	struct store st;
	const char *db = NULL, *label = NULL;
	struct import_args a = { 0, 0, NULL };
	long long run = 0;
	char *end;
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
		if ((c == 'o' && (db = optarg)) || (c == 'l' && (label = optarg)) ||
		    (c == 'm' && (a.markers = optarg)))
			continue;
		if (c == 'r' && (run = strtoll(optarg, &end, 10)) > 0 && !*end)
			continue;
		if ((c == 't' && !opts_add_tag(&o, optarg)) ||
		    (c == 'i' && !opts_seconds(optarg, &o.interval_ns) &&
		     o.interval_ns > 0) ||
		    (c == 'p' && (a.page_size = parse_page_size(optarg)) > 0))
			continue;
		if (c == 'i')
			error("bad interval '%s': expected seconds", optarg);
		if (c == 'r')
			error("bad run id '%s'", optarg);
		if (c == 'p')
			error("bad page size '%s': expected a power of two in "
			      "bytes", optarg);
		import_usage(stderr);
		opts_release(&o);
		return EXIT_USAGE;
	}
	if (!db || (optind >= argc && !a.markers)) {
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
	a.label_given = label != NULL;
	for (i = optind; i < argc && !rc; i++) {
		o.label = label;
		rc = import_one(&st, &o, argv[i], &a);
	}
	if (optind >= argc)
		rc = markers_only(&st, a.markers, run);
	store_close(&st);
	opts_release(&o);
	return rc ? EXIT_FAILURE_RT : EXIT_OK;
}
