/* qemu.c - boot and watch a lab guest (see qemu.h). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "err.h"
#include "pace.h"
#include "qemu.h"
#include "fileio.h"
#include "banned.h"

#define QEMU "qemu-system-x86_64"
#define POLL_US 200000
/*
 * A kernel prints "Linux version" within a second of starting under KVM;
 * this project's VM, whose KVM cannot run the guest, prints nothing and
 * spins for a minute before "KVM internal error".  Silence this long
 * under KVM is taken as that failure.
 */
#define KVM_SILENCE_S 15

static volatile pid_t running;
static volatile sig_atomic_t interrupted;

void qemu_interrupt(void)
{
	interrupted = 1;
	if (running > 0)
		kill(running, SIGKILL);
}

int qemu_kvm_present(void)
{
	int fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return 0;
	close(fd);
	return 1;
}

/* QEMU option values split on ',': a ',' in a path is written ",,". */
static void opt_path(char *out, size_t cap, const char *prefix, const char *path,
		     const char *suffix)
{
	size_t n = (size_t)snprintf(out, cap, "%s", prefix);

	for (; *path && n + 2 < cap; path++) {
		if (*path == ',')
			out[n++] = ',';
		out[n++] = *path;
	}
	out[n] = 0;
	snprintf(out + n, cap - n, "%s", suffix);
}

struct argv_buf {
	char *v[64];
	char text[16][1100];
	int n, t;
};

static void arg(struct argv_buf *a, const char *s)
{
	a->v[a->n++] = (char *)s;
}

/* A disk and its virtio device: -drive ...,id=NAME -device ...,serial=lab-NAME */
static void disk(struct argv_buf *a, const char *name, const char *path,
		 const char *cache)
{
	char suffix[96];

	snprintf(suffix, sizeof(suffix), ",format=raw,if=none,id=%s,cache=%s",
		 name, cache);
	opt_path(a->text[a->t], sizeof(a->text[0]), "file=", path, suffix);
	arg(a, "-drive");
	arg(a, a->text[a->t++]);
	snprintf(a->text[a->t], sizeof(a->text[0]),
		 "virtio-blk-pci,drive=%s,serial=lab-%s", name, name);
	arg(a, "-device");
	arg(a, a->text[a->t++]);
}

static void build_argv(const struct qemu_vm *vm, struct argv_buf *a)
{
	memset(a, 0, sizeof(*a));
	arg(a, QEMU);
	arg(a, "-nodefaults");
	arg(a, "-no-reboot");      /* a guest panic (panic=-1) ends QEMU */
	arg(a, "-display");
	arg(a, "none");
	arg(a, "-monitor");
	arg(a, "none");
	arg(a, "-accel");
	/*
	 * One host thread for all vCPUs: with multi-threaded TCG, 6.1 guests
	 * livelocked here in text patching (int3 on one vCPU, the other
	 * waiting for its IPI) when a tracepoint was switched on.
	 */
	arg(a, vm->kvm ? "kvm" : "tcg,thread=single");
	arg(a, "-cpu");
	arg(a, "max");
	snprintf(a->text[a->t], sizeof(a->text[0]), "%lldM",
		 (long long)(vm->memory >> 20));
	arg(a, "-m");
	arg(a, a->text[a->t++]);
	snprintf(a->text[a->t], sizeof(a->text[0]), "%d", vm->cpus);
	arg(a, "-smp");
	arg(a, a->text[a->t++]);
	arg(a, "-kernel");
	arg(a, vm->kernel);
	arg(a, "-initrd");
	arg(a, vm->initrd);
	arg(a, "-append");
	/* the whole boot log: early output shows the guest runs at all */
	arg(a, "console=ttyS0 panic=-1 oops=panic");
	opt_path(a->text[a->t], sizeof(a->text[0]), "file,id=console,path=",
		 vm->console, "");
	arg(a, "-chardev");
	arg(a, a->text[a->t++]);
	arg(a, "-serial");
	arg(a, "chardev:console");
	disk(a, "transfer", vm->transfer, "writeback");
	disk(a, "swap", vm->swap, "unsafe");
	disk(a, "scratch", vm->scratch, "unsafe");
	a->v[a->n] = NULL;
}

static pid_t start(const struct qemu_vm *vm)
{
	struct argv_buf a;
	pid_t pid, parent = getpid();
	int err;

	build_argv(vm, &a);
	err = open(vm->qemu_log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (err < 0)
		return error_errno("cannot create '%s'", vm->qemu_log);
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);

		dup2(null, 0);
		dup2(err, 1);
		dup2(err, 2);
		setpgid(0, 0);     /* a terminal ^C reaches us, not QEMU */
		/*
		 * and if we die without stopping it (SIGKILL), QEMU dies too:
		 * no guest is left running with nobody to collect it
		 */
		if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
			_exit(127);
		execvp(QEMU, a.v);
		fprintf(stderr, "cannot run " QEMU ": %s\n", strerror(errno));
		_exit(127);
	}
	close(err);
	if (pid < 0)
		return error_errno("cannot start " QEMU);
	return pid;
}

/*
 * A guest that says it is stuck will not recover in a benchmark's time:
 * end it now rather than at --timeout.
 */
static int is_hang(const char *line)
{
	return strstr(line, "BUG: soft lockup") != NULL ||
	       strstr(line, "self-detected stall on CPU") != NULL;
}

/* Pass the console's new complete lines to fn; 1 if the guest is stuck. */
static int follow(FILE *con, char *line, size_t cap, size_t *len,
		  qemu_line_fn fn, void *ctx)
{
	int c, hung = 0;

	clearerr(con);
	while ((c = fgetc(con)) != EOF) {
		if (c == '\r')
			continue;
		if (c != '\n' && *len < cap - 1) {
			line[(*len)++] = (char)c;
			continue;
		}
		if (c == '\n') {
			line[*len] = 0;
			if (fn)
				fn(ctx, line);
			hung |= is_hang(line);
			*len = 0;
		}
	}
	return hung;
}

static enum qemu_end stop(pid_t pid, enum qemu_end why)
{
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	running = 0;
	return why;
}

enum qemu_end qemu_boot(const struct qemu_vm *vm, double timeout_s,
			qemu_line_fn fn, void *ctx)
{
	double start_s = pace_now_s();
	char line[1024];
	size_t len = 0;
	FILE *con;
	pid_t pid;
	int status;

	/* the console file exists before QEMU opens it, so we can follow it */
	con = fopen(vm->console, "w+e");
	if (!con)
		return error_errno("cannot create '%s'", vm->console), QEMU_FAILED;
	pid = start(vm);
	if (pid < 0) {
		fclose(con);
		return QEMU_FAILED;
	}
	running = pid;
	for (;;) {
		pid_t r = waitpid(pid, &status, WNOHANG);
		int hung = follow(con, line, sizeof(line), &len, fn, ctx);

		if (r == pid)
			break;
		/* a ^C that came before QEMU was there to be killed */
		if (interrupted) {
			fclose(con);
			return stop(pid, QEMU_INTERRUPTED);
		}
		if (hung) {
			fclose(con);
			return stop(pid, QEMU_HUNG);
		}
		if (vm->kvm && (file_contains(vm->qemu_log, "KVM internal error") ||
				(pace_now_s() - start_s > KVM_SILENCE_S && ftell(con) <= 0))) {
			fclose(con);
			return stop(pid, QEMU_KVM_FAILED);
		}
		if (pace_now_s() - start_s > timeout_s) {
			fclose(con);
			return stop(pid, QEMU_TIMEOUT);
		}
		usleep(POLL_US);
	}
	running = 0;
	fclose(con);
	if (interrupted)
		return QEMU_INTERRUPTED;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return QEMU_POWERED_OFF;
	if (vm->kvm && (file_contains(vm->qemu_log, "kvm") || file_contains(vm->qemu_log, "KVM")))
		return QEMU_KVM_FAILED;
	error("QEMU failed (exit %d): see '%s'", WIFEXITED(status) ?
	      WEXITSTATUS(status) : 128 + WTERMSIG(status), vm->qemu_log);
	return QEMU_FAILED;
}
