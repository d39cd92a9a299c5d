/*
 * initramfs.h - the guest's whole userspace, generated per boot: busybox
 * (Debian's busybox-static) with the applets /init uses, the statically
 * linked vmscope programs, the kernel's virtio and file system modules,
 * /init (lab/init.sh) and the job (/lab: job, bench.args, modules).
 */
#ifndef VMSCOPE_INITRAMFS_H
#define VMSCOPE_INITRAMFS_H

#include <stddef.h>

#include "kernel.h"

struct initramfs_spec {
	const char *busybox;            /* a static busybox */
	const char *vmscope, *collect;  /* static vmscope and vmscope-collect */
	const struct kmod_list *mods;   /* in load order */
	const char *job;                /* text of /lab/job */
	const char *args;               /* /lab/bench.args: NUL-separated */
	size_t args_len;
};

int initramfs_write(const char *path, const struct initramfs_spec *s);

/* 1 if the ELF program at path is statically linked (no PT_INTERP). */
int elf_is_static(const char *path);

#endif
