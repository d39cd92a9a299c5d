/*
 * common.c - what every reclaim model shares: class and model names,
 * kernel versions, and the 2.6-style priority estimate from counters
 * (reclaim-model.md, section 3).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "model_int.h"
#include "banned.h"

static const char *const causes[NR_CAUSES] = {
	[CAUSE_MAPPED] = "mapped_ratio",
	[CAUSE_DISTRESS] = "distress",
	[CAUSE_BUILDUP] = "priority_buildup",
	[CAUSE_NEAR_OOM] = "near_oom",
	[CAUSE_FILE_TINY] = "file_tiny",
	[CAUSE_SMALL_FILE] = "small_inactive_file",
	[CAUSE_FILE_REFAULTS] = "file_refaults",
	[CAUSE_ACTIVE_FILE] = "active_file_heavy",
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
void model_estimate(const struct interval_in *in, struct interval_out *out)
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
