/*
 * refresh.h - fold the per-CPU vmstat diffs before each sample
 * (--stat-refresh).
 *
 * The kernel keeps a node or zone statistic (workingset_activate_file,
 * nr_inactive_file, nr_mlock, ...) partly in per-CPU diffs, folded into
 * the global counter that /proc/vmstat prints only when a diff passes
 * the CPU's threshold (tens of pages), when the CPU goes idle
 * (quiet_vmstat() as its tick stops) or by vmstat_update(), about once
 * a second (sysctl_stat_interval; mm/vmstat.c, v4.4 to v6.18).  On the
 * busy CPUs of a reclaiming machine a small count, like the few file
 * activations that turn a reclaim walk to anon, can so show up to a
 * second after the interval it happened in.
 * Writing /proc/sys/vm/stat_refresh folds every CPU's diffs at once
 * (vmstat_refresh(): schedule_on_each_cpu(refresh_vm_stats)), at the
 * price of a work item on every CPU per sample.  Event counters
 * (pgscan_*, pageoutrun, ...) are summed over the CPUs at every read
 * and need no fold.
 */
#ifndef VMSCOPE_REFRESH_H
#define VMSCOPE_REFRESH_H

struct stat_refresh {
	int fd;                    /* -1: closed */
	int warned;                /* a failed fold has been reported */
};

/* Open root + /proc/sys/vm/stat_refresh for writing; -1 with a message. */
int stat_refresh_open(struct stat_refresh *r, const char *root);

/* Fold now.  A failure costs the sample its fold, not the run: warned once. */
void stat_refresh_now(struct stat_refresh *r);

void stat_refresh_close(struct stat_refresh *r);

#endif
