/*
 * model.c - classify an interval's swap-out by the reclaim decisions of
 * the kernel that produced it (see model.h and docs/reclaim-model.md).
 *
 * DESIGN: the model never sees a page; it sees how many pages were
 * scanned and reclaimed in how many passes over lists of known size, and
 * inverts the kernel's arithmetic to the priority those passes must have
 * reached.  Comparing that priority with the one the swap decision needed
 * (classic) or with the one the reclaim difficulty needed (both) gives the
 * class.  Where no rule fits, the interval is "unexplained": shown, never
 * folded into a class.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "banned.h"

/* include/linux/mmzone.h: DEF_PRIORITY 12; swap.h: SWAP_CLUSTER_MAX 32 */
#define DEF_PRIORITY 12
#define SWAP_CLUSTER_MAX 32

static const char *const causes[NR_CAUSES] = {
	[CAUSE_MAPPED] = "mapped_ratio",
	[CAUSE_DISTRESS] = "distress",
	[CAUSE_BUILDUP] = "priority_buildup",
	[CAUSE_NEAR_OOM] = "near_oom",
	[CAUSE_FILE_TINY] = "file_tiny",
	[CAUSE_MEMCG] = "memcg_limit",
	[CAUSE_REFAULT] = "refault_cost",
	[CAUSE_SWAPPINESS] = "swappiness_bias",
	[CAUSE_MG_ANON_OLDER] = "anon_older",
	[CAUSE_MG_SWAPPINESS_200] = "swappiness_200",
	[CAUSE_MG_REFAULT_CTRL] = "refault_ctrl",
	[CAUSE_MG_FILE_EXHAUSTED] = "file_exhausted",
	[CAUSE_UNEXPLAINED] = "unexplained",
};

const char *cause_name(enum cause c)
{
	return causes[c];
}

const char *model_name(enum model_kind k)
{
	return k == MODEL_CLASSIC ? "classic" : k == MODEL_SPLIT ? "split-lru" :
	       "mglru";
}

int model_parse_version(const char *release, int v[3])
{
	char *end;
	int i;

	for (i = 0; i < 3; i++)
		v[i] = 0;
	for (i = 0; release && i < 3; i++) {
		long n = strtol(release, &end, 10);

		if (end == release)
			return i >= 2 ? 0 : -1;
		v[i] = (int)n;
		if (*end != '.')
			return i >= 1 ? 0 : -1;
		release = end + 1;
	}
	return release ? 0 : -1;
}

int model_version_cmp(const int a[3], int x, int y, int z)
{
	int b[3] = { x, y, z }, i;

	for (i = 0; i < 3; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

static double clamp_priority(double p)
{
	return p < 0 ? 0 : p > DEF_PRIORITY ? DEF_PRIORITY : p;
}

double model_priority(double lru, double passes, double scanned)
{
	if (!(scanned > 0) || !(passes > 0) || !(lru > 0))
		return NAN;
	return clamp_priority(log2(2 * lru * passes / scanned));
}

double model_priority_needed(double lru, double efficiency, double target)
{
	if (!(efficiency > 0) || !(lru > 0) || !(target > 0))
		return NAN;
	return clamp_priority(floor(log2(2 * lru * efficiency / target)));
}

/* The estimates common to both models (reclaim-model.md, section 3). */
static void estimate(const struct interval_in *in, struct interval_out *out)
{
	double scanned = 0, stolen = 0, target;

	out->p_kswapd = model_priority(in->inactive, in->kswapd_runs,
				       in->scan_kswapd);
	out->p_direct = model_priority(in->inactive, in->stalls, in->scan_direct);
	/* prev_priority is a minimum over reclaimers (2.6.x vmscan.c) */
	out->p_hat = isnan(out->p_kswapd) ? out->p_direct :
		     isnan(out->p_direct) ? out->p_kswapd :
		     fmin(out->p_kswapd, out->p_direct);
	if (in->scan_kswapd > 0) {
		scanned += in->scan_kswapd;
		stolen += isnan(in->steal_kswapd) ? 0 : in->steal_kswapd;
	}
	if (in->scan_direct > 0) {
		scanned += in->scan_direct;
		stolen += isnan(in->steal_direct) ? 0 : in->steal_direct;
	}
	out->efficiency = scanned > 0 ? stolen / scanned : NAN;
	/*
	 * kswapd works until the zones are above their high watermarks
	 * (balance_pgdat(), 2.6.x: zone_watermark_ok(..., pages_high)); direct
	 * reclaim stops after SWAP_CLUSTER_MAX pages (try_to_free_pages(),
	 * sc.swap_cluster_max).  p_need = floor(log2(2 L E / T)) is the
	 * gentlest priority at which one pass reclaims the target.
	 */
	target = in->scan_kswapd >= in->scan_direct && in->high_wmark_sum > 0 ?
		 in->high_wmark_sum : SWAP_CLUSTER_MAX;
	out->p_need = model_priority_needed(in->inactive, out->efficiency, target);
	out->build_up = out->p_need - out->p_hat;
	out->mapped_ratio = in->total > 0 ? 100 * in->mapped / in->total : NAN;
}

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

	estimate(in, out);
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

	estimate(in, out);
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

/*
 * MGLRU (6.1+ with lru_gen enabled) reclaims by generations, not by the
 * active/inactive scan these models read: no estimate, no class.
 */
void model_outside(struct interval_out *out)
{
	memset(out, 0, sizeof(*out));
	out->mapped_ratio = out->gate = NAN;
	out->p_kswapd = out->p_direct = out->p_hat = NAN;
	out->efficiency = out->p_need = out->build_up = NAN;
	out->p_star = -1;
	out->cause = CAUSE_UNEXPLAINED;
}
