/*
 * facts.c - what was compared, and the command lines behind it (facts.h).
 *
 * A reviewer's first questions: were the two sides measured on the same
 * machine, with the same memory, swap and interval, and how can I rerun
 * it?  The run table holds the facts read at the start of each run; the
 * ones equal in every run are listed once, the ones that differ per
 * group, so a difference nobody meant (another host, less swap) shows.
 */
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "err.h"
#include "facts.h"
#include "gp.h"
#include "shell_line.h"
#include "banned.h"

/* Columns of the run table a reviewer compares; names are ours. */
static const char *const fact_cols[] = {
	"kernel_release", "kernel_version", "machine", "host", "page_size",
	"cpus", "mem_total_kb", "swap_total_kb", "swappiness", "cgroup",
	"cgroup_swappiness", "lru_gen", "interval_ns", "sources",
	"collector_version",
};
#define NR_FACTS (sizeof(fact_cols) / sizeof(fact_cols[0]))

/* values[run * NR_FACTS + fact], "-" where NULL; -1 with a message. */
static int read_facts(const struct run_set *set, char **values)
{
	size_t i, c;

	for (i = 0; i < set->nr_runs; i++) {
		const struct run_ref *r = &set->runs[i];
		sqlite3_stmt *st;

		if (db_prepare(set->dbs[r->db], set->paths[r->db], "SELECT "
			       "kernel_release, kernel_version, machine, host, "
			       "page_size, cpus, mem_total_kb, swap_total_kb, "
			       "swappiness, cgroup, cgroup_swappiness, lru_gen, "
			       "interval_ns, sources, collector_version FROM run "
			       "WHERE id = ?", &st))
			return -1;
		sqlite3_bind_int64(st, 1, r->id);
		if (sqlite3_step(st) == SQLITE_ROW)
			for (c = 0; c < NR_FACTS; c++) {
				const unsigned char *v = sqlite3_column_text(st, (int)c);

				values[i * NR_FACTS + c] = strdup(v ? (const char *)v : "-");
			}
		sqlite3_finalize(st);
		for (c = 0; c < NR_FACTS; c++)
			if (!values[i * NR_FACTS + c])
				return error("out of memory");
	}
	return 0;
}

/* 1 if fact c has one value in every run */
static int same_everywhere(const struct run_set *set, char **values, size_t c)
{
	size_t i;

	for (i = 1; i < set->nr_runs; i++)
		if (strcmp(values[i * NR_FACTS + c], values[c]))
			return 0;
	return 1;
}

/* "a, b" the distinct values of fact c in group g */
static int group_values(struct gp_text *t, char **values,
			const struct group *g, size_t c)
{
	size_t k, j;
	int rc = 0;

	for (k = 0; !rc && k < g->nr; k++) {
		const char *v = values[g->runs[k] * NR_FACTS + c];

		for (j = 0; j < k && strcmp(values[g->runs[j] * NR_FACTS + c], v); j++)
			;
		if (j == k)
			rc = gp_printf(t, "%s%s", k ? ", " : "", v);
	}
	return rc;
}

/* "runs 1, 2 of a.db, 3 of b.db" and the distinct kernels of a group */
static int group_runs(struct gp_text *t, const struct run_set *set,
		      const struct group *g)
{
	struct gp_text kernels = { NULL, 0, 0 };
	size_t k, j;
	int rc = gp_printf(t, " (run%s", g->nr > 1 ? "s" : "");

	for (k = 0; !rc && k < g->nr; k++) {
		const struct run_ref *r = &set->runs[g->runs[k]];
		const char *kernel = run_value(r, "kernel");
		int last_of_db = k + 1 == g->nr || set->runs[g->runs[k + 1]].db != r->db;

		rc = gp_printf(t, "%s %lld", k ? "," : "", (long long)r->id) ||
		     (last_of_db && gp_printf(t, " of %s", set->paths[r->db]));
		kernel = kernel ? kernel : "unknown";
		for (j = 0; j < k; j++) {
			const char *kj = run_value(&set->runs[g->runs[j]], "kernel");

			if (!strcmp(kj ? kj : "unknown", kernel))
				break;
		}
		if (!rc && j == k)
			rc = gp_printf(&kernels, "%s%s", k ? ", " : "", kernel);
	}
	rc = rc || gp_printf(t, "; kernel %s)", kernels.buf);
	gp_text_release(&kernels);
	return rc;
}

static int groups_para(struct doc *d, const struct run_set *set,
		       const struct group_list *g, const char *by)
{
	struct gp_text t = { NULL, 0, 0 };
	size_t i;
	int rc = gp_printf(&t, "%zu runs from %zu database%s, grouped by the "
			   "tag '%s' into %zu group%s:", set->nr_runs,
			   set->nr_dbs, set->nr_dbs > 1 ? "s" : "", by, g->nr,
			   g->nr > 1 ? "s" : "");

	for (i = 0; !rc && i < g->nr; i++)
		rc = gp_printf(&t, "%s %s = %s: %zu trial%s", i ? ";" : "", by,
			       g->v[i].value, g->v[i].nr, g->v[i].nr > 1 ? "s" : "") ||
		     group_runs(&t, set, &g->v[i]);
	if (!rc)
		doc_para(d, t.buf);
	gp_text_release(&t);
	return rc;
}

static int facts_lists(struct doc *d, const struct run_set *set,
		       const struct group_list *g, const char *by, char **values)
{
	struct gp_text same = { NULL, 0, 0 }, diff = { NULL, 0, 0 };
	size_t c, i;
	int rc = gp_printf(&same, "The same in every run:");

	for (c = 0; !rc && c < NR_FACTS; c++) {
		if (same_everywhere(set, values, c)) {
			rc = gp_printf(&same, " %s %s;", fact_cols[c], values[c]);
			continue;
		}
		rc = gp_printf(&diff, "%s\n", fact_cols[c]);
		for (i = 0; !rc && i < g->nr; i++)
			rc = gp_printf(&diff, "  %s %s: ", by, g->v[i].value) ||
			     group_values(&diff, values, &g->v[i], c) ||
			     gp_printf(&diff, "\n");
	}
	if (!rc) {
		doc_para(d, same.buf);
		doc_para(d, diff.len ? "Different between runs (per group):" :
			 "No machine fact differs between the runs.");
		if (diff.len)
			doc_pre(d, diff.buf);
	}
	gp_text_release(&same);
	gp_text_release(&diff);
	return rc;
}

int facts_section(struct doc *d, const struct run_set *set,
		  const struct group_list *g, const char *by)
{
	char **values = calloc(set->nr_runs * NR_FACTS + 1, sizeof(*values));
	size_t i;
	int rc;

	if (!values)
		return error("out of memory");
	doc_heading(d, "What was compared");
	rc = groups_para(d, set, g, by) || read_facts(set, values) ||
	     facts_lists(d, set, g, by, values);
	for (i = 0; i < set->nr_runs * NR_FACTS; i++)
		free(values[i]);
	free(values);
	return rc ? -1 : 0;
}

/* A JSON array of strings (cmdline, command) as a shell command line. */
static int json_argv(struct gp_text *t, sqlite3 *db, const char *path,
		     const char *json)
{
	sqlite3_stmt *st;
	size_t col = 0;
	int rc, ret = 0;

	if (db_prepare(db, path, "SELECT value FROM json_each(?)", &st))
		return -1;
	sqlite3_bind_text(st, 1, json, -1, SQLITE_STATIC);
	while (!ret && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *v = (const char *)sqlite3_column_text(st, 0);

		/* vmscope's subcommands store their argv from the subcommand on */
		if (!col && v && !strchr(v, '/') && strncmp(v, "vmscope", 7))
			ret = shell_word(t, "vmscope", &col);
		ret = ret || shell_word(t, v ? v : "", &col);
	}
	sqlite3_finalize(st);
	/* a malformed array is shown as stored rather than failing the report */
	if (!ret && rc != SQLITE_DONE)
		ret = shell_word(t, json, &col);
	return ret;
}

static int run_commands(struct gp_text *t, const struct run_set *set,
			const struct run_ref *r)
{
	sqlite3_stmt *st;
	char *path = doc_clean(set->paths[r->db]);
	int rc = !path || gp_printf(t, "# run %lld of %s\n", (long long)r->id, path);

	free(path);

	if (rc || db_prepare(set->dbs[r->db], set->paths[r->db], "SELECT cmdline, "
			     "command FROM run WHERE id = ?", &st))
		return -1;
	sqlite3_bind_int64(st, 1, r->id);
	if (sqlite3_step(st) == SQLITE_ROW) {
		const char *cmdline = (const char *)sqlite3_column_text(st, 0);
		const char *command = (const char *)sqlite3_column_text(st, 1);

		if (cmdline)
			rc = json_argv(t, set->dbs[r->db], set->paths[r->db], cmdline) ||
			     gp_printf(t, "\n");
		else
			rc = gp_printf(t, "(imported: no command line recorded)\n");
		/* the collector's own argv holds the command after "--" */
		if (!rc && command && !cmdline)
			rc = json_argv(t, set->dbs[r->db], set->paths[r->db], command) ||
			     gp_printf(t, "\n");
	}
	sqlite3_finalize(st);
	return rc;
}

int commands_section(struct doc *d, const struct run_set *set, int argc,
		     char **argv)
{
	struct gp_text t = { NULL, 0, 0 };
	size_t i, col = 0;
	int rc = 0, k;

	doc_heading(d, "How the data and this report were made");
	for (i = 0; !rc && i < set->nr_runs; i++)
		rc = run_commands(&t, set, &set->runs[i]);
	rc = rc || gp_printf(&t, "# this report\n") ||
	     shell_word(&t, "vmscope", &col);
	for (k = 0; !rc && k < argc; k++)
		rc = shell_word(&t, argv[k], &col);
	if (!rc)
		doc_pre(d, t.buf);
	gp_text_release(&t);
	return rc;
}
