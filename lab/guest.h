/*
 * guest.h - the lab's work inside the guest (`vmscope lab-guest DIR`).
 *
 * The generated /init mounts /proc, /sys, /dev and tracefs, loads the
 * virtio modules and hands over to this.  It finds its three disks by
 * their serial numbers (lab-transfer, lab-swap, lab-scratch), takes the
 * database off the transfer disk, enables swap on the swap disk, puts an
 * ext2 file system for the benchmark's files on the scratch disk, sets
 * the MGLRU mode, runs `vmscope bench` on the whole machine with the
 * arguments the host gave (DIR/bench.args, NUL-separated), and writes
 * the database back with the benchmark's exit status.  DIR/job holds
 * "lru_gen on|off" and "trace yes|no".
 */
#ifndef VMSCOPE_GUEST_H
#define VMSCOPE_GUEST_H

/* Returns the benchmark's exit status, or 1 if the guest could not run it. */
int lab_guest_main(const char *dir);

#endif
