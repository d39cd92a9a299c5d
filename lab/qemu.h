/*
 * qemu.h - boot one lab guest under QEMU and watch it to the end.
 *
 * The guest gets its kernel and initramfs directly (-kernel, -initrd), a
 * serial console written to a log file, and three virtio disks known to
 * it by serial number.  KVM is used where asked; a KVM that cannot run
 * the guest (this project's VM: a silent console, then "KVM internal
 * error" a minute later) is detected from the silence or the message
 * and reported as QEMU_KVM_FAILED, so the caller can boot again under TCG.
 */
#ifndef VMSCOPE_QEMU_H
#define VMSCOPE_QEMU_H

#include <stdint.h>

struct qemu_vm {
	const char *kernel, *initrd;
	const char *transfer, *swap, *scratch;   /* raw disk images */
	const char *console;                     /* log of the serial console */
	const char *qemu_log;                    /* QEMU's own stderr */
	int64_t memory;
	int cpus, kvm;
};

enum qemu_end {
	QEMU_POWERED_OFF,    /* the guest shut down (or rebooted on a panic) */
	QEMU_TIMEOUT,        /* killed after the time limit */
	QEMU_HUNG,           /* the guest reported a soft lockup or RCU stall */
	QEMU_KVM_FAILED,     /* KVM could not run this guest: use TCG */
	QEMU_FAILED,         /* QEMU itself failed (message printed) */
	QEMU_INTERRUPTED,    /* qemu_interrupt() stopped it */
};

/* Called with every complete console line (no newline) as it arrives. */
typedef void (*qemu_line_fn)(void *ctx, const char *line);

enum qemu_end qemu_boot(const struct qemu_vm *vm, double timeout_s,
			qemu_line_fn fn, void *ctx);

/* 1 if /dev/kvm can be opened for this process. */
int qemu_kvm_present(void);

/* Stop a boot in progress (from a signal handler): kills QEMU. */
void qemu_interrupt(void);

#endif
