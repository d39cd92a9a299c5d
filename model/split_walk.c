/*
 * split_walk.c - split LRU (2.6.28+, MGLRU off; reclaim-model.md, section 5).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "model_int.h"
#include "banned.h"

/*
 * Split LRU (2.6.28+): get_scan_count() in mm/vmscan.c decides how to
 * divide scanning between anon and file; the branches leave these marks:
 * memory cgroup limit reclaim (5.8+: pgscan_anon + pgscan_file counts it,
 * pgscan_kswapd/direct/khugepaged do not), SCAN_ANON when file + free is
 * below the high watermarks, SCAN_EQUAL at priority 0, swappiness 100+
 * (5.8 allows up to 200) weighting anon at least as much as file, file
 * refaults raising the file cost (5.8 cost model), and priority deeper
 * than the reclaim difficulty needs.
 */
void model_split(const struct interval_in *in, int memcg,
		 struct interval_out *out)
{
	double global = 0;

	model_estimate(in, out);
	out->gate = NAN;
	out->p_star = -1;
	if (in->scan_kswapd > 0)
		global += in->scan_kswapd;
	if (in->scan_direct > 0)
		global += in->scan_direct;
	if (in->scan_khugepaged > 0)
		global += in->scan_khugepaged;
	if (memcg || (in->scan_anon + in->scan_file > global * 1.05 + 32))
		out->cause = CAUSE_MEMCG;
	else if (in->high_wmark_sum > 0 &&
		 in->file_lru + in->free <= in->high_wmark_sum)
		out->cause = CAUSE_FILE_TINY;
	else if (!isnan(out->p_hat) && out->p_hat < 1)
		out->cause = CAUSE_DISTRESS;
	else if (in->stalls > 0 && out->efficiency < 0.25)
		out->cause = CAUSE_DISTRESS;
	else if (in->swappiness >= 100)
		out->cause = CAUSE_SWAPPINESS;
	else if (in->file_refaults > 0 && in->steal_kswapd + in->steal_direct > 0 &&
		 in->file_refaults >= 0.1 * (in->steal_kswapd + in->steal_direct))
		out->cause = CAUSE_REFAULT;
	else if (!isnan(out->build_up) && out->build_up > 1 && out->efficiency > 0.5)
		out->cause = CAUSE_BUILDUP;
	else
		out->cause = CAUSE_UNEXPLAINED;
}

