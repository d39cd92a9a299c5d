/* opts.c - the collector's options, from one table (see opts.h). */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "opts.h"
#include "banned.h"

enum {
	OPT_LABEL = 256, OPT_TAG, OPT_MEMINFO, OPT_ZONEINFO, OPT_CGROUP,
	OPT_PSI, OPT_TRACE, OPT_LRU_GEN, OPT_FOLIOS, OPT_COMMIT, OPT_ROOT, OPT_VERSION,
	OPT_STAT_REFRESH,
};

struct opt_spec {
	const char *name;
	int val;             /* short letter or OPT_* */
	const char *arg;     /* NULL: takes no argument */
	const char *help;
};

static const struct opt_spec specs[] = {
	{ "interval", 'i', "SECONDS", "sample every SECONDS (default 1, at least 0.01)" },
	{ "count", 'n', "COUNT", "stop after COUNT samples" },
	{ "duration", 'd', "SECONDS", "stop after SECONDS" },
	{ "output", 'o', "DB", "SQLite database to append the run to (default vmscope.db)" },
	{ "label", OPT_LABEL, "TEXT", "a label for the run" },
	{ "tag", OPT_TAG, "KEY=VALUE", "a tag for the run (repeatable)" },
	{ "meminfo", OPT_MEMINFO, NULL, "also sample /proc/meminfo" },
	{ "zoneinfo", OPT_ZONEINFO, NULL, "also sample /proc/zoneinfo" },
	{ "cgroup", OPT_CGROUP, "PATH", "also sample this memory cgroup (v1 or v2)" },
	{ "psi", OPT_PSI, NULL, "also sample /proc/pressure/memory" },
	{ "trace-priority", OPT_TRACE, NULL, "also count reclaim passes per priority from the vmscan tracepoints (root)" },
	{ "stat-refresh", OPT_STAT_REFRESH, NULL, "fold the per-CPU vmstat diffs before each sample (/proc/sys/vm/stat_refresh, root)" },
	{ "lru-gen", OPT_LRU_GEN, NULL, "also sample MGLRU generations from debugfs lru_gen_full (root)" },
	{ "folios", OPT_FOLIOS, NULL, "in the last sample, count the LRU folios by size from /proc/kpageflags (root)" },
	{ "commit-interval", OPT_COMMIT, "SECONDS", "commit at least this often (default 30): the most a reader lags" },
	{ "root", OPT_ROOT, "DIR", "read /proc and /sys under DIR (for tests on captured trees)" },
	{ "quiet", 'q', NULL, "print nothing but errors" },
	{ "help", 'h', NULL, "show this help" },
	{ "version", OPT_VERSION, NULL, "show the version" },
};

#define NR_SPECS (sizeof(specs) / sizeof(specs[0]))

static void usage(FILE *out)
{
	size_t i;

	fprintf(out, "usage: vmscope-collect [options] [-- COMMAND [ARGS...]]\n\n");
	for (i = 0; i < NR_SPECS; i++) {
		char left[48];
		const struct opt_spec *s = &specs[i];

		if (s->val < 256)
			snprintf(left, sizeof(left), "-%c, --%s%s%s", s->val,
				 s->name, s->arg ? " " : "", s->arg ? s->arg : "");
		else
			snprintf(left, sizeof(left), "    --%s%s%s", s->name,
				 s->arg ? " " : "", s->arg ? s->arg : "");
		fprintf(out, "  %-30s %s\n", left, s->help);
	}
	fprintf(out, "\nWith a COMMAND, sampling stops when it exits and "
		"vmscope-collect exits with its status.\n");
}

int opts_seconds(const char *s, int64_t *ns)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || *end || !isfinite(v) || v < 0 || v > 1e9)
		return -1;
	*ns = (int64_t)llround(v * 1e9);
	return 0;
}

static int parse_count(const char *s, int64_t *out)
{
	char *end;
	long long v = strtoll(s, &end, 10);

	if (end == s || *end || v <= 0)
		return -1;
	*out = v;
	return 0;
}

int opts_add_tag(struct collect_opts *o, const char *arg)
{
	const char *eq = strchr(arg, '=');
	struct run_tag *t;
	size_t i, klen;

	if (!eq || eq == arg)
		return error("bad tag '%s': expected KEY=VALUE", arg);
	klen = (size_t)(eq - arg);
	for (i = 0; i < o->nr_tags; i++)
		if (strlen(o->tags[i].key) == klen &&
		    !memcmp(o->tags[i].key, arg, klen))
			return error("bad tag '%s': key given twice", arg);
	t = realloc(o->tags, (o->nr_tags + 1) * sizeof(*t));
	if (!t)
		return error("out of memory");
	o->tags = t;
	t = &t[o->nr_tags];
	t->key = strndup(arg, klen);
	t->value = strdup(eq + 1);
	if (!t->key || !t->value) {
		free(t->key);
		free(t->value);
		return error("out of memory");
	}
	o->nr_tags++;
	return 0;
}

static void build_longopts(struct option *lo)
{
	size_t i;

	for (i = 0; i < NR_SPECS; i++) {
		lo[i].name = specs[i].name;
		lo[i].has_arg = specs[i].arg ? required_argument : no_argument;
		lo[i].flag = NULL;
		lo[i].val = specs[i].val;
	}
	memset(&lo[NR_SPECS], 0, sizeof(lo[NR_SPECS]));
}

/* Apply one parsed option; returns -1 on a bad value. */
static int apply(struct collect_opts *o, int c, const char *arg)
{
	switch (c) {
	case 'i':
		if (opts_seconds(arg, &o->interval_ns) || o->interval_ns < 10000000)
			return error("bad interval '%s': expected seconds, at least 0.01", arg);
		return 0;
	case 'n':
		return parse_count(arg, &o->count) ?
		       error("bad count '%s': expected a positive number", arg) : 0;
	case 'd':
		if (opts_seconds(arg, &o->duration_ns))
			return error("bad duration '%s': expected seconds", arg);
		return 0;
	case 'o': o->db_path = arg; return 0;
	case OPT_LABEL: o->label = arg; return 0;
	case OPT_TAG: return opts_add_tag(o, arg);
	case OPT_MEMINFO: o->meminfo = 1; return 0;
	case OPT_ZONEINFO: o->zoneinfo = 1; return 0;
	case OPT_PSI: o->psi = 1; return 0;
	case OPT_TRACE: o->trace = 1; return 0;
	case OPT_STAT_REFRESH: o->stat_refresh = 1; return 0;
	case OPT_LRU_GEN: o->lru_gen = 1; return 0;
	case OPT_FOLIOS: o->folios = 1; return 0;
	case OPT_CGROUP: o->cgroup = arg; return 0;
	case 'q': o->quiet = 1; return 0;
	case OPT_ROOT: o->root = arg; return 0;
	case OPT_COMMIT:
		if (opts_seconds(arg, &o->commit_ns) || o->commit_ns <= 0)
			return error("bad commit interval '%s': expected seconds", arg);
		return 0;
	}
	return -1;
}

enum opts_result opts_parse(struct collect_opts *o, int argc, char **argv)
{
	struct option lo[NR_SPECS + 1];
	int c;

	memset(o, 0, sizeof(*o));
	o->interval_ns = 1000000000;
	o->commit_ns = 30000000000LL;
	o->count = -1;
	o->duration_ns = -1;
	o->db_path = "vmscope.db";
	o->root = "";
	o->argc = argc;
	o->argv = argv;
	build_longopts(lo);
	optind = 1;
	/* '+': stop at the first non-option, the command to run */
	while ((c = getopt_long(argc, argv, "+i:n:d:o:qh", lo, NULL)) != -1) {
		if (c == 'h') {
			usage(stdout);
			return OPTS_EXIT_OK;
		}
		if (c == OPT_VERSION) {
			printf("vmscope-collect %s\n", VMSCOPE_VERSION);
			return OPTS_EXIT_OK;
		}
		if (c == '?' || apply(o, c, optarg)) {
			usage(stderr);
			return OPTS_USAGE;
		}
	}
	if (optind < argc)
		o->command = &argv[optind];
	return OPTS_RUN;
}

void opts_release(struct collect_opts *o)
{
	size_t i;

	for (i = 0; i < o->nr_tags; i++) {
		free(o->tags[i].key);
		free(o->tags[i].value);
	}
	free(o->tags);
	o->tags = NULL;
	o->nr_tags = 0;
}
