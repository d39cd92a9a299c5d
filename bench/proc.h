/*
 * proc.h - how a benchmark's child process ended: killed by SIGKILL (the
 * OOM killer's signal, a result of the trial), or stopped by the
 * benchmark itself.
 */
#ifndef VMSCOPE_PROC_H
#define VMSCOPE_PROC_H

#include <sys/types.h>

/* 1 if a wait status is a death by SIGKILL, as the OOM killer kills. */
int proc_oom_status(int status);

/*
 * 1 if *pid has died of SIGKILL, or is dying of it (then reaped, *pid =
 * 0); 0 if it lives on, or ended otherwise (then reaped too, *pid = 0).
 * A child that is still exiting is waited for, up to 10 s, not taken for
 * alive (proc_dying() in proc.c).
 */
int proc_killed(pid_t *pid);

/* SIGKILL and reap; pid <= 0 is ignored. */
void proc_stop(pid_t *pid);

/*
 * waitpid(pid, status, 0) again after a signal interrupted it (bench's
 * ^C handler has no SA_RESTART): a wait cut short left a stopping
 * collector writing its run's end after bench had returned.
 */
pid_t wait_child(pid_t pid, int *status);

#endif
