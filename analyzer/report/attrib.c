/*
 * attrib.c - swap-out by cause per group (see attrib.h).
 *
 * Each run is replayed once through replay_run(); the group's volumes
 * are the sums over its runs.  The unexplained share is always printed,
 * also at 0%, since a model that explains everything is a claim too.
 */
#include <math.h>
#include <string.h>

#include "attrib.h"
#include "gp.h"
#include "model.h"
#include "replay.h"
#include "banned.h"

static void add(struct attribution *sum, const struct attribution *a)
{
	size_t c;

	for (c = 0; c < NR_CAUSES; c++)
		sum->pages[c] += a->pages[c];
	sum->swapped += a->swapped;
	sum->intervals += a->intervals;
	sum->swap_intervals += a->swap_intervals;
}

/* One model's share of a group: its runs' volumes and classes. */
static int model_block(struct gp_text *t, const struct group *g,
		       const char *by, size_t nr,
		       const struct run_model *m, const struct attribution *sum)
{
	const enum cause *cl;
	size_t n, i;
	int rc;

	rc = gp_printf(t, "%s %s (%zu run%s, model %s%s):\n  swapped out %.0f "
		       "pages (%.1f MB) in %.0f of %.0f intervals\n", by, g->value,
		       nr, nr > 1 ? "s" : "", model_name(m->kind),
		       m->memcg ? ", memory cgroup" : "", sum->swapped,
		       sum->swapped * m->page_size / (1 << 20), sum->swap_intervals,
		       sum->intervals);
	if (!rc && !(sum->swapped > 0))
		rc = gp_printf(t, "  nothing swapped out: nothing to attribute\n");
	cl = model_classes(m->kind, &n);
	for (i = 0; !rc && i < n && sum->swapped > 0; i++)
		if (sum->pages[cl[i]] > 0 || cl[i] == CAUSE_UNEXPLAINED)
			rc = gp_printf(t, "  %-18s %12.0f pages  %5.1f%%\n",
				       cause_name(cl[i]), sum->pages[cl[i]],
				       100 * sum->pages[cl[i]] / sum->swapped);
	if (!rc && *m->assumed)
		rc = gp_printf(t, "  assumed: %s\n", m->assumed);
	return rc;
}

/*
 * A group's runs, added up per model as vmscope attribute --by does:
 * the classes of two models are different things, never summed.
 */
static int group_block(struct gp_text *t, const struct run_set *set,
		       const struct group *g, const char *by)
{
	struct attribution sum[NR_MODELS], a;
	struct run_model m, first[NR_MODELS];
	const struct replay_opts plain = { NAN, NULL, NULL };
	size_t nr[NR_MODELS] = { 0 }, k;
	int rc = 0, i;

	memset(sum, 0, sizeof(sum));
	for (k = 0; !rc && k < g->nr; k++) {
		rc = replay_run(set, &set->runs[g->runs[k]], &m, &a, &plain);
		if (rc)
			return -1;
		if (!nr[m.kind]++)
			first[m.kind] = m;
		add(&sum[m.kind], &a);
	}
	for (i = 0; !rc && i < NR_MODELS; i++)
		if (nr[i])
			rc = model_block(t, g, by, nr[i], &first[i], &sum[i]);
	return rc;
}

int attrib_section(struct doc *d, const struct run_set *set,
		   const struct group_list *g, const char *by)
{
	struct gp_text t = { NULL, 0, 0 };
	size_t i;
	int rc = 0;

	doc_heading(d, "Swap-out by cause (reclaim model)");
	doc_para(d, "Each run replayed interval by interval through the reclaim "
		 "model of 'vmscope attribute'; pages summed over each group's "
		 "runs. 'unexplained' is what the model has no reason for.");
	for (i = 0; !rc && i < g->nr; i++)
		rc = group_block(&t, set, &g->v[i], by) ||
		     (i + 1 < g->nr && gp_printf(&t, "\n"));
	if (!rc)
		doc_pre(d, t.buf);
	gp_text_release(&t);
	return rc;
}
