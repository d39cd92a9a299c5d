/*
 * groups.h - the runs of several databases, grouped by a tag's value.
 *
 * compare and table put runs side by side by a tag (kernel, swappiness,
 * ...): a group is every run with the same value, its trials.  The key
 * "kernel" falls back to the run's recorded kernel release where no tag
 * says otherwise.  Groups keep the order in which their first run comes
 * (databases in command-line order, runs by id).
 */
#ifndef VMSCOPE_GROUPS_H
#define VMSCOPE_GROUPS_H

#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

struct run_ref {
	size_t db;                 /* index into run_set.dbs */
	int64_t id;
	char *kernel;              /* recorded kernel release, or NULL */
	int64_t page_size;
	char **keys, **values;     /* tags */
	size_t nr_tags;
};

struct run_set {
	sqlite3 **dbs;
	char **paths;
	size_t nr_dbs;
	struct run_ref *runs;
	size_t nr_runs;
	/* what the replay learns of one run that the next on its boot
	 * starts from (boot_costs.h); filled through a const run_set */
	struct boot_costs *boot_costs;
};

/* Open every database read-only and read its runs and tags. */
int run_set_load(struct run_set *s, char *const *paths, size_t n);
void run_set_release(struct run_set *s);

/* The run's value for key (a tag; "kernel" falls back), or NULL. */
const char *run_value(const struct run_ref *r, const char *key);

struct group {
	char *value;               /* the tag value ("-" where a run has none),
				      terminal controls made '?' (table_clean) */
	size_t *runs;              /* indexes into run_set.runs */
	size_t nr;
};

struct group_list {
	struct group *v;
	size_t nr;
};

/*
 * Group runs[idx[0..n)] by key.  With idx NULL, every run of the set.
 */
int group_by(const struct run_set *s, const char *key, const size_t *idx,
	     size_t n, struct group_list *out);
void group_list_release(struct group_list *g);

#endif
