/*
 * boot.h - one lab boot: a kernel, an MGLRU mode, a benchmark, a result.
 *
 * lab_boot() makes a work directory with the guest's initramfs and its
 * three disk images (transfer, swap, scratch; sparse files), carries the
 * database in (labdb.h), boots (qemu.h), relays the guest's progress
 * lines, and takes what comes back off the transfer disk; lab_keep()
 * then adds it to the host's database.  The console log stays in the
 * logs directory, one file per boot; the work directory is removed.
 */
#ifndef VMSCOPE_BOOT_H
#define VMSCOPE_BOOT_H

#include <signal.h>
#include <stdint.h>

#define LAB_MAX_KERNELS 16

struct lab {
	const char *db, *modules, *logs, *accel, *busybox;
	const char *kernels[LAB_MAX_KERNELS];   /* image paths, once fetched */
	char fetched[LAB_MAX_KERNELS][1024];     /* images of debian:NAME kernels */
	int nr_kernels;
	int modes[2], nr_modes;          /* 0: MGLRU off, 1: on */
	int cgroup;                      /* 0: the whole machine; 1, 2: in a
					  * memory cgroup of that version */
	int64_t memory, swap, scratch;
	int cpus, keep;
	int jobs;                        /* boots at a time; 0: the machine's choice */
	double timeout;
	char **bench;                    /* the arguments after "bench" */
	int nr_bench;
	int kvm;                         /* -1: untried, 0: fails here, 1: works */
	char write_default[32];          /* bench --write SIZE the lab adds, or "" */
	char vmscope[1024], collect[1024], logdir[1024];   /* vmscope: for messages */
};

struct boot_result {
	char release[128], accel[8], why[1536];
	char prefix[256];                /* "[i/n] RELEASE, lru_gen on:" */
	char dir[512], console[1200];    /* the work directory, the console log */
	int lru_on, ok;
	int returned;                    /* the guest sent its transfer disk back */
	int has_db, job_status;          /* ... with a database; its job's exit */
	int kvm;                         /* what the boot learnt of KVM (lab.kvm) */
	double seconds;
	int64_t new_runs;
};

extern volatile sig_atomic_t lab_interrupted;

/* r->prefix for boot nth of total, of kernel name, at r->lru_on. */
void boot_prefix(struct boot_result *r, int nth, int total, const char *name);

/* Everything a boot needs, checked before the first: -1 with a message. */
int lab_preflight(struct lab *l);

/*
 * Boot image and run the benchmark; what came back stays in r->dir for
 * lab_keep().  With --jobs it runs in a child process of its own, so it
 * touches nothing shared but the logs directory (one file per boot).
 */
void lab_boot(struct lab *l, const char *image, int lru_on, int nth, int total,
	      struct boot_result *r);

/*
 * Keep what boot r brought back in l->db, report the boot (done, or
 * FAILED with the end of its console log) and remove its work directory.
 * merge: other boots' runs were added to l->db since this boot's snapshot
 * of it, so its runs are appended after them (labdb_merge) instead of its
 * database taking l->db's place (labdb_accept).  Called in boot order.
 */
void lab_keep(struct lab *l, struct boot_result *r, int merge);

/* Remove boot r's work directory unkept (the lab that would keep it is gone). */
void lab_discard(const struct lab *l, const struct boot_result *r);

#endif
