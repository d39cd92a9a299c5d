/*
 * opts.h - the collector's command line, parsed into one struct.
 *
 * One table in opts.c gives every option its flag, argument and help line;
 * getopt_long()'s table and the -h text are both made from it.
 */
#ifndef VMSCOPE_OPTS_H
#define VMSCOPE_OPTS_H

#include <stddef.h>
#include <stdint.h>

struct run_tag {
	char *key, *value;       /* owned */
};

struct collect_opts {
	int64_t interval_ns;     /* -i, default 1 s */
	int64_t count;           /* -n, -1: no limit */
	int64_t duration_ns;     /* -d, -1: no limit */
	int64_t commit_ns;       /* --commit-interval, default 1 s */
	const char *db_path;     /* -o, default "vmscope.db" */
	const char *label;
	struct run_tag *tags;
	size_t nr_tags;
	int meminfo, zoneinfo, psi, trace, quiet;
	int lru_gen;             /* --lru-gen */
	int stat_refresh;        /* --stat-refresh */
	int folios;              /* --folios */
	const char *cgroup;      /* --cgroup as given */
	const char *root;        /* --root, "" for the real machine */
	char **command;          /* after "--", NULL-terminated, or NULL */
	int argc;                /* the collector's own argv, recorded */
	char **argv;
};

enum opts_result { OPTS_RUN, OPTS_EXIT_OK, OPTS_USAGE };

/* Parse argv into o; prints errors and help itself. */
enum opts_result opts_parse(struct collect_opts *o, int argc, char **argv);
void opts_release(struct collect_opts *o);

/* Add a "KEY=VALUE" tag; -1 (with a message) if malformed or repeated. */
int opts_add_tag(struct collect_opts *o, const char *arg);

/*
 * Parse seconds with a fraction ("0.25") into nanoseconds.  Returns -1 on
 * a malformed, negative or out-of-range value.
 */
int opts_seconds(const char *s, int64_t *ns);

#endif
