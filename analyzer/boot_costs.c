/* boot_costs.c - a run's starting lruvec costs from its boot (see boot_costs.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "boot_costs.h"
#include "err.h"
#include "rundb.h"
#include "banned.h"

static const char *const counter_names[NR_BOOT_COUNTERS] = {
	"pswpout", "nr_vmscan_write",
	"workingset_restore_anon", "workingset_restore_file",
	"pgscan_anon", "pgsteal_anon", "pgscan_file", "pgsteal_file",
	"nr_inactive_anon", "nr_active_anon", "nr_inactive_file", "nr_active_file",
};

static const struct boot_cost_end *cached(const struct boot_costs *bc, size_t db,
					  int64_t run_id)
{
	size_t i;

	for (i = 0; i < bc->n; i++)
		if (bc->end[i].db == db && bc->end[i].run_id == run_id)
			return &bc->end[i];
	return NULL;
}

static int remember(struct boot_costs *bc, const struct boot_cost_end *e)
{
	if (bc->n == bc->cap) {
		size_t cap = bc->cap ? 2 * bc->cap : 16;
		struct boot_cost_end *x = realloc(bc->end, cap * sizeof(*x));

		if (!x)
			return error("out of memory");
		bc->end = x;
		bc->cap = cap;
	}
	bc->end[bc->n++] = *e;
	return 0;
}

/* what counter k moved from last to v (0 where either is not known) */
static double moved(const double *last, const double *v, int k)
{
	return isnan(v[k]) || isnan(last[k]) ? 0 : fmax(0, v[k] - last[k]);
}

/*
 * The charges of the stretch from the counters `last` to the sample v, at
 * v's lists.  The stretch is over, so its rotations (pgscan_X -
 * pgsteal_X, 6.2+) go in whole, as the _prev fields split_cost_update()
 * takes them.
 */
static void charge(struct boot_cost_end *e, const int version[3], const double *v)
{
	struct split_in si;
	struct split_lists l = { v[BC_IA], v[BC_AA], v[BC_IF], v[BC_AF] };
	int k;

	memset(&si, 0, sizeof(si));
	memcpy(si.version, version, sizeof(si.version));
	si.swap_out = moved(e->last, v, BC_SWAP_OUT);
	si.file_writes = fmax(0, moved(e->last, v, BC_VMSCAN_WRITE) - si.swap_out);
	si.restore_anon = moved(e->last, v, BC_RESTORE_ANON);
	si.restore_file = moved(e->last, v, BC_RESTORE_FILE);
	si.scan_anon_prev = moved(e->last, v, BC_SCAN_ANON);
	si.steal_anon_prev = moved(e->last, v, BC_STEAL_ANON);
	si.scan_file_prev = moved(e->last, v, BC_SCAN_FILE);
	si.steal_file_prev = moved(e->last, v, BC_STEAL_FILE);
	split_cost_update(&e->cost, &si, &l);
	/* a counter missing at one sample is read again at the next */
	for (k = 0; k < NR_BOOT_COUNTERS; k++)
		if (!isnan(v[k]))
			e->last[k] = v[k];
}

void boot_costs_slots(char *const *names, size_t n, long slot[NR_BOOT_COUNTERS])
{
	size_t i;
	int k;

	for (k = 0; k < NR_BOOT_COUNTERS; k++)
		for (slot[k] = -1, i = 0; names && i < n; i++)
			if (!strcmp(names[i], counter_names[k]))
				slot[k] = (long)i;
}

void boot_costs_charge(struct boot_cost_end *e, const int version[3],
		       const long slot[NR_BOOT_COUNTERS], const unsigned char *present,
		       const int64_t *value)
{
	double v[NR_BOOT_COUNTERS];
	int k;

	for (k = 0; k < NR_BOOT_COUNTERS; k++)
		v[k] = slot[k] >= 0 && present[slot[k]] ? (double)value[slot[k]] : NAN;
	charge(e, version, v);
}

/* The run's samples charged onto *e. */
static int replay(sqlite3 *db, const char *path, int64_t run_id, const int version[3],
		  struct boot_cost_end *e)
{
	struct sample_iter it;
	char **names = NULL;
	long slot[NR_BOOT_COUNTERS];
	int rc;

	if (sample_iter_open(&it, db, path, run_id)) {
		sample_iter_release(&it);
		return -1;
	}
	while ((rc = sample_iter_next(&it)) == 1) {
		if (!names) {
			if (!(names = sample_iter_metric_names(&it))) {
				rc = error("out of memory");
				break;
			}
			boot_costs_slots(names, it.c.nr, slot);
		}
		boot_costs_charge(e, version, slot, it.present, it.value);
	}
	if (names)
		sample_iter_free_names(&it, names);
	sample_iter_release(&it);
	return rc < 0 ? -1 : 0;
}

/*
 * The runs before run_id on its boot back to the first, or to one whose
 * end is cached (*base; NULL: from the boot), latest first.
 */
static int uncached_chain(const struct boot_costs *bc, sqlite3 *db, const char *path,
			  size_t dbi, int64_t run_id, int64_t **chain, size_t *n,
			  const struct boot_cost_end **base)
{
	size_t cap = 0;
	int64_t p = run_id;
	int rc;

	*chain = NULL;
	*n = 0;
	*base = NULL;
	while ((rc = rundb_boot_predecessor(db, path, p, &p)) == 1) {
		if ((*base = cached(bc, dbi, p)))
			return 0;
		if (*n == cap) {
			int64_t *x = realloc(*chain, (cap = cap ? 2 * cap : 16) * sizeof(*x));

			if (!x)
				return error("out of memory");
			*chain = x;
		}
		(*chain)[(*n)++] = p;
	}
	return rc;
}

int boot_costs_at_start(struct boot_costs *bc, sqlite3 *db, const char *path,
			size_t dbi, int64_t run_id, const int version[3],
			struct boot_cost_end *e)
{
	const struct boot_cost_end *base;
	int64_t *chain;
	size_t n;
	int k, rc;

	memset(e, 0, sizeof(*e));
	split_cost_init(&e->cost, version);
	for (k = 0; k < NR_BOOT_COUNTERS; k++)
		e->last[k] = 0;            /* /proc/vmstat counts from boot */
	rc = uncached_chain(bc, db, path, dbi, run_id, &chain, &n, &base);
	if (!rc && base)
		*e = *base;
	while (!rc && n-- > 0) {
		rc = replay(db, path, chain[n], version, e);
		e->db = dbi;
		e->run_id = chain[n];
		if (!rc)
			rc = boot_costs_keep(bc, e);
		e->runs++;
	}
	free(chain);
	e->db = dbi;
	e->run_id = run_id;
	return rc;
}

int boot_costs_keep(struct boot_costs *bc, const struct boot_cost_end *e)
{
	struct boot_cost_end kept = *e;

	if (cached(bc, e->db, e->run_id))
		return 0;          /* replayed twice (--what-if): the same */
	kept.runs++;
	return remember(bc, &kept);
}

void boot_costs_release(struct boot_costs *bc)
{
	free(bc->end);
	memset(bc, 0, sizeof(*bc));
}
