/*
 * classic.c - the 2.6.0 - 2.6.27 swap gate (reclaim-model.md, sections
 * 2 and 4).
 *
 * DESIGN: the model never sees a page; it sees how many pages were
 * scanned and reclaimed in how many passes over lists of known size, and
 * inverts the kernel's arithmetic to the priority those passes must have
 * reached.  Comparing that priority with the one the swap decision needed
 * gives the class.  Where no rule fits, the interval is "unexplained":
 * shown, never folded into a class.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "model_int.h"
#include "banned.h"

/*
 * The swap gate of 2.6.0 - 2.6.27: refill_inactive_zone() (renamed
 * shrink_active_list() in 2.6.18) moves mapped pages off the active list
 * only when
 *     swap_tendency = mapped_ratio / 2 + distress + swappiness >= 100,
 *     distress = 100 >> prev_priority,
 * and 2.6.24 - 2.6.27 add the imbalance term
 *     active / (inactive + 1) * (swappiness + 1) / 100 * mapped_ratio / 100.
 * D is the distress still needed; p_star the deepest-numbered (gentlest)
 * priority whose distress reaches it, -1 if none does.
 */
static void classic_gate(const struct interval_in *in, const int v[3],
			 struct interval_out *out)
{
	double d = 100 - in->swappiness - out->mapped_ratio / 2;
	int p;

	if (model_version_cmp(v, 2, 6, 24) >= 0 && in->inactive >= 0 &&
	    in->active >= 0)
		d -= in->active / (in->inactive + 1) * (in->swappiness + 1) / 100 *
		     out->mapped_ratio / 100;
	out->gate = d;
	out->p_star = -1;
	for (p = DEF_PRIORITY; p >= 0; p--)
		if ((100 >> p) >= d) {
			out->p_star = p;
			break;
		}
}

void model_classic(const struct interval_in *in, const int version[3],
		   struct interval_out *out)
{
	long p_hat;

	model_estimate(in, out);
	classic_gate(in, version, out);
	out->cause = CAUSE_UNEXPLAINED;
	if (isnan(out->mapped_ratio))
		return;
	if (out->gate <= 0) {
		out->cause = CAUSE_MAPPED;
		return;
	}
	if (isnan(out->p_hat) || out->p_star < 0)
		return;
	/* estimates are good to about one level: compare rounded */
	p_hat = lround(out->p_hat);
	if (p_hat > out->p_star) {
		/*
		 * Too gentle to open the gate, unless 2.6.19's override applies:
		 * shrink_active_list() sets reclaim_mapped when
		 * zone->pages_scanned >= 3 * (active + inactive) (near OOM).
		 */
		if (model_version_cmp(version, 2, 6, 19) >= 0 &&
		    in->zone_scanned >= 3 * (in->active + in->inactive) &&
		    in->active >= 0 && in->inactive > 0)
			out->cause = CAUSE_NEAR_OOM;
		return;
	}
	if (isnan(out->p_need) || out->p_need <= out->p_star + 1)
		out->cause = CAUSE_DISTRESS;
	else if (out->efficiency > 0.5)
		out->cause = CAUSE_BUILDUP;
}

