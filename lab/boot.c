/* boot.c - one lab boot from start to kept result (see boot.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "boot.h"
#include "db.h"
#include "err.h"
#include "pace.h"
#include "initramfs.h"
#include "kernel.h"
#include "labdb.h"
#include "qemu.h"
#include "fileio.h"
#include "transfer.h"
#include "banned.h"

/* a path in a boot's work directory (struct boot_result.dir, 512) */
#define WORK_DB_CAP 600

volatile sig_atomic_t lab_interrupted;

/*
 * The guest's kernel modules: its disks, and ext4 for the scratch disk.
 * ext4 asks the crypto API for crc32c at mount, which would need modprobe
 * when crc32c is a module: load it first.
 */
static const char *const guest_modules[] = {
	"virtio_pci", "virtio_blk", "crc32c_generic", "ext4",
};
#define NR_GUEST_MODULES (sizeof(guest_modules) / sizeof(guest_modules[0]))

static int in_path(const char *prog)
{
	const char *path = getenv("PATH"), *p;
	char buf[1024];

	for (p = path ? path : "/usr/bin:/bin"; p && *p; p = strchr(p, ':') ? strchr(p, ':') + 1 : NULL) {
		size_t n = strcspn(p, ":");

		snprintf(buf, sizeof(buf), "%.*s/%s", (int)n, p, prog);
		if (!access(buf, X_OK))
			return 1;
	}
	return 0;
}

int lab_preflight(struct lab *l)
{
	ssize_t n = readlink("/proc/self/exe", l->vmscope, sizeof(l->vmscope) - 32);
	char *slash;
	sqlite3 *db;

	if (n <= 0)
		return error_errno("cannot find this program");
	l->vmscope[n] = 0;
	slash = strrchr(l->vmscope, '/');
	snprintf(l->collect, sizeof(l->collect), "%.*s/vmscope-collect",
		 (int)(slash - l->vmscope), l->vmscope);
	if (!elf_is_static(l->vmscope) || !elf_is_static(l->collect))
		return error("the lab boots the statically linked programs, and "
			     "'%s' or '%s' is not one (build with make STATIC=1, "
			     "the default without SANITIZE)", l->vmscope, l->collect);
	if (!elf_is_static(l->busybox))
		return error("no static busybox at '%s' (apt-get install busybox-static, "
			     "or give --busybox PATH)", l->busybox);
	if (!in_path("qemu-system-x86_64"))
		return error("qemu-system-x86_64 is not installed "
			     "(apt-get install qemu-system-x86)");
	if (!access(l->db, F_OK)) {
		if (db_open(l->db, DB_READ, &db))
			return -1;
		sqlite3_close(db);
	}
	if (l->logs)
		snprintf(l->logdir, sizeof(l->logdir), "%s", l->logs);
	else
		snprintf(l->logdir, sizeof(l->logdir), "%s.logs", l->db);
	if (mkdir(l->logdir, 0755) && errno != EEXIST)
		return error_errno("cannot create the log directory '%s'", l->logdir);
	return 0;
}

/* A sparse file of size bytes. */
static int sparse(const char *path, int64_t size)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	int rc = fd < 0 || ftruncate(fd, size);

	if (fd >= 0 && close(fd))
		rc = 1;
	return rc ? error_errno("cannot create '%s'", path) : 0;
}

struct boot_ctx {
	char dir[512], initrd[600], transfer[600], swap[600], scratch[600];
	char in_db[WORK_DB_CAP], out_db[WORK_DB_CAP], console[1200], qemu_log[1200];
	const char *prefix;
};

/* The disk images and the initramfs: what lab_keep() no longer needs. */
static void cleanup_images(struct boot_ctx *b, int keep)
{
	const char *files[] = { b->initrd, b->transfer, b->swap, b->scratch };
	size_t i;

	if (keep || !b->dir[0])
		return;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		unlink(files[i]);
}

/* In a boot's work directory: the snapshot given to the guest, and the
 * database it sent back. */
static void work_dbs(const char *dir, char in_db[WORK_DB_CAP],
		     char out_db[WORK_DB_CAP])
{
	snprintf(in_db, WORK_DB_CAP, "%s/in.db", dir);
	snprintf(out_db, WORK_DB_CAP, "%s/out.db", dir);
}

void boot_prefix(struct boot_result *r, int nth, int total, const char *name)
{
	snprintf(r->prefix, sizeof(r->prefix), "[%d/%d] %s, lru_gen %s:", nth,
		 total, name, r->lru_on ? "on" : "off");
}

/* The snapshot the guest was given, what it sent back, the directory. */
static void cleanup_dir(const char *dir, int keep)
{
	char in_db[WORK_DB_CAP], out_db[WORK_DB_CAP];

	if (keep || !dir[0])
		return;
	work_dbs(dir, in_db, out_db);
	unlink(in_db);
	unlink(out_db);
	rmdir(dir);
}

static void size_text(char *out, size_t cap, int64_t bytes)
{
	if (bytes % (1 << 30) == 0)
		snprintf(out, cap, "%lldG", (long long)(bytes >> 30));
	else
		snprintf(out, cap, "%lldM", (long long)(bytes >> 20));
}

/* Append s and its NUL to buf at *len; -1 if it does not fit. */
static int put_arg(char *buf, size_t *len, size_t cap, const char *s)
{
	size_t n = strlen(s) + 1;

	if (*len + n > cap)
		return -1;
	memcpy(buf + *len, s, n);
	*len += n;
	return 0;
}

/* struct lab's cgroup, as --cgroup, the job and the tag lab_cgroup say it */
static const char *const cgroup_name[] = { "none", "v1", "v2" };

/* /lab/bench.args: the user's bench arguments, then the lab's tags. */
static size_t bench_args(const struct lab *l, const char *release, int lru_on,
			 const char *accel, const char *image, char *buf, size_t cap)
{
	char tags[7][300], mem[32];
	const char *slash = strrchr(image, '/');
	size_t len = 0;
	int i, rc = 0;

	size_text(mem, sizeof(mem), l->memory);
	snprintf(tags[0], sizeof(tags[0]), "lab_kernel=%s (lru_gen %s)", release,
		 lru_on ? "on" : "off");
	snprintf(tags[1], sizeof(tags[1]), "lru_gen=%s", lru_on ? "on" : "off");
	snprintf(tags[2], sizeof(tags[2]), "lab_accel=%s", accel);
	snprintf(tags[3], sizeof(tags[3]), "lab_memory=%s", mem);
	snprintf(tags[4], sizeof(tags[4]), "lab_cpus=%d", l->cpus);
	snprintf(tags[5], sizeof(tags[5]), "lab_image=%s", slash ? slash + 1 : image);
	snprintf(tags[6], sizeof(tags[6]), "lab_cgroup=%s", cgroup_name[l->cgroup]);
	for (i = 0; i < l->nr_bench; i++)
		rc |= put_arg(buf, &len, cap, l->bench[i]);
	if (l->write_default[0])
		rc |= put_arg(buf, &len, cap, "--write") |
		      put_arg(buf, &len, cap, l->write_default);
	for (i = 0; i < 7; i++)
		rc |= put_arg(buf, &len, cap, "--tag") | put_arg(buf, &len, cap, tags[i]);
	return rc ? 0 : len;
}

static int make_initrd(const struct lab *l, struct boot_ctx *b,
		       const struct kmod_list *mods, const char *release,
		       int lru_on, const char *accel, const char *image)
{
	char args[8192], job[64];
	struct initramfs_spec s = {
		/* the running program itself, even if its file was rebuilt since */
		.busybox = l->busybox, .vmscope = "/proc/self/exe", .collect = l->collect,
		.mods = mods, .job = job, .args = args,
	};

	snprintf(job, sizeof(job), "lru_gen %s\ntrace yes\ncgroup %s\n",
		 lru_on ? "on" : "off", cgroup_name[l->cgroup]);
	s.args_len = bench_args(l, release, lru_on, accel, image, args, sizeof(args));
	if (!s.args_len)
		return error("the benchmark's arguments are too long");
	return initramfs_write(b->initrd, &s);
}

static int prepare(const struct lab *l, struct boot_ctx *b)
{
	int64_t size;

	snprintf(b->dir, sizeof(b->dir), "/var/tmp/vmscope-lab.XXXXXX");
	if (!mkdtemp(b->dir)) {
		b->dir[0] = 0;
		return error_errno("cannot create a work directory in /var/tmp");
	}
	snprintf(b->initrd, sizeof(b->initrd), "%s/initrd.cpio", b->dir);
	snprintf(b->transfer, sizeof(b->transfer), "%s/transfer.img", b->dir);
	snprintf(b->swap, sizeof(b->swap), "%s/swap.img", b->dir);
	snprintf(b->scratch, sizeof(b->scratch), "%s/scratch.img", b->dir);
	work_dbs(b->dir, b->in_db, b->out_db);
	if (labdb_snapshot(l->db, b->in_db, &size) ||
	    sparse(b->transfer, TRANSFER_HEADER + 2 * size + (256 << 20)) ||
	    transfer_put(b->transfer, "host", size ? b->in_db : NULL, 0) ||
	    sparse(b->swap, l->swap) || sparse(b->scratch, l->scratch))
		return -1;
	return 0;
}

/* Guest lines worth a progress line on the host. */
static void relay(void *ctx, const char *line)
{
	const struct boot_ctx *b = ctx;

	/* the benchmark's and the guest job's own lines, and the fatal ones */
	if (!strncmp(line, "vmscope: ", 9) || !strncmp(line, "vmscope-lab: ", 13) ||
	    strstr(line, "Kernel panic") || strstr(line, "Out of memory: Killed"))
		fprintf(stderr, "lab: %s %s\n", b->prefix, line);
}

/* s's length less its line end (the serial console ends lines CR LF) */
static int line_len(const char *s)
{
	size_t n = strlen(s);

	while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r'))
		n--;
	return (int)n;
}

/*
 * The last lines of the console log, for a failure report.  Each printed
 * with a newline of its own: a guest stopped by ^C leaves its last line
 * unfinished, and the next report line must not be glued to it (the
 * serial console's CR goes too; a line over 255 bytes is printed in parts).
 */
static void console_tail(const char *path, int lines)
{
	char buf[64][256];
	int n = 0, i;
	FILE *f = fopen(path, "re");

	while (f && fgets(buf[n % 64], sizeof(buf[0]), f))
		n++;
	if (f)
		fclose(f);
	fprintf(stderr, "lab: the end of the console log '%s':\n", path);
	for (i = n > lines ? n - lines : 0; i < n; i++)
		fprintf(stderr, "  | %.*s\n", line_len(buf[i % 64]), buf[i % 64]);
}

/* Why a guest did not send a database back, from its console. */
static void guest_died(const struct boot_ctx *b, struct boot_result *r)
{
	if (file_contains(b->console, "Kernel panic"))
		snprintf(r->why, sizeof(r->why), "kernel panic");
	else if (file_contains(b->console, "Out of memory: Killed"))
		snprintf(r->why, sizeof(r->why), "the OOM killer ended it");
	else
		snprintf(r->why, sizeof(r->why), "the guest stopped before "
			 "sending its database back");
}

/*
 * A database that came back whole but was not taken (the host's file
 * changed meanwhile, say) still holds the guest's runs: keep it beside the
 * console log rather than delete it with the work directory.
 */
static void keep_refused(const char *out_db, struct boot_result *r)
{
	char kept[1300];
	int64_t size;

	snprintf(kept, sizeof(kept), "%.*s.db", (int)(strlen(r->console) - 4),
		 r->console);
	if (labdb_snapshot(out_db, kept, &size) == 0 && size > 0)
		snprintf(r->why, sizeof(r->why), "the database that came back was "
			 "refused (see above); kept as '%s'", kept);
	else
		snprintf(r->why, sizeof(r->why), "the database that came back "
			 "was refused (see above)");
}

/* After QEMU: take the database off the transfer disk if the guest sent one. */
static void collect(struct boot_ctx *b, struct boot_result *r)
{
	struct transfer_hdr h;

	if (transfer_get(b->transfer, &h, NULL) || strcmp(h.from, "guest")) {
		guest_died(b, r);
		return;
	}
	if (h.size > 0 && transfer_get(b->transfer, &h, b->out_db)) {
		snprintf(r->why, sizeof(r->why), "the database that came back "
			 "is damaged (see above)");
		return;
	}
	r->has_db = h.size > 0;
	r->job_status = h.status;
	r->returned = 1;
}

static void boot_and_collect(struct lab *l, struct boot_ctx *b,
			     const struct kmod_list *mods, const char *image,
			     int lru_on, struct boot_result *r)
{
	struct qemu_vm vm = {
		.kernel = image, .initrd = b->initrd, .transfer = b->transfer,
		.swap = b->swap, .scratch = b->scratch, .console = b->console,
		.qemu_log = b->qemu_log, .memory = l->memory, .cpus = l->cpus,
	};
	enum qemu_end end;
	char kvm_log[1300];

	vm.kvm = strcmp(l->accel, "tcg") && l->kvm != 0 && qemu_kvm_present();
	for (;;) {
		snprintf(r->accel, sizeof(r->accel), "%s", vm.kvm ? "kvm" : "tcg");
		fprintf(stderr, "lab: %s booting under %s\n", b->prefix, r->accel);
		if (make_initrd(l, b, mods, r->release, lru_on, r->accel, image)) {
			snprintf(r->why, sizeof(r->why), "cannot build the initramfs");
			return;
		}
		end = qemu_boot(&vm, l->timeout, relay, b);
		if (end != QEMU_KVM_FAILED || strcmp(l->accel, "auto"))
			break;
		/* keep KVM's log from being overwritten by the TCG boot's */
		snprintf(kvm_log, sizeof(kvm_log), "%s.kvm", b->qemu_log);
		if (rename(b->qemu_log, kvm_log)) {
			warning("cannot keep KVM's log as '%s': %s", kvm_log,
				strerror(errno));
			snprintf(kvm_log, sizeof(kvm_log), "%s", b->qemu_log);
		}
		fprintf(stderr, "lab: KVM cannot run this guest here (no console "
			"output; see '%s'): using TCG software emulation from now on\n",
			kvm_log);
		l->kvm = 0;
		vm.kvm = 0;
		/*
		 * write it again: the guest may have got as far as changing it,
		 * and a TCG boot on a stale disk could send back a stale database
		 */
		if (transfer_put(b->transfer, "host",
				 access(b->in_db, F_OK) ? NULL : b->in_db, 0)) {
			snprintf(r->why, sizeof(r->why), "cannot rewrite the transfer "
				 "disk for the TCG boot (see above)");
			return;
		}
	}
	if (end == QEMU_POWERED_OFF) {
		l->kvm = vm.kvm ? 1 : l->kvm;
		collect(b, r);
	} else if (end == QEMU_HUNG) {
		snprintf(r->why, sizeof(r->why), "the guest hung (soft lockup or "
			 "RCU stall on its console)");
	} else if (end == QEMU_TIMEOUT) {
		snprintf(r->why, sizeof(r->why), "timed out after %.0f s", l->timeout);
	} else if (end == QEMU_KVM_FAILED) {
		snprintf(r->why, sizeof(r->why), "KVM cannot run this guest (--accel tcg)");
	} else if (end == QEMU_INTERRUPTED) {
		snprintf(r->why, sizeof(r->why), "interrupted");
	} else {
		snprintf(r->why, sizeof(r->why), "QEMU failed (see its log)");
	}
}

void lab_boot(struct lab *l, const char *image, int lru_on, int nth, int total,
	      struct boot_result *r)
{
	struct boot_ctx b;
	struct kmod_list mods = { 0 };
	char tree[1024];
	double start = pace_now_s();

	memset(r, 0, sizeof(*r));
	memset(&b, 0, sizeof(b));
	r->lru_on = lru_on;
	snprintf(r->accel, sizeof(r->accel), "-");
	snprintf(r->release, sizeof(r->release), "%s", image);
	if (kimage_release(image, r->release, sizeof(r->release))) {
		boot_prefix(r, nth, total, image);
		snprintf(r->why, sizeof(r->why), "not a kernel image");
		r->kvm = l->kvm;
		return;
	}
	boot_prefix(r, nth, total, r->release);
	b.prefix = r->prefix;
	snprintf(b.console, sizeof(b.console), "%s/%s-lru_gen-%s.log", l->logdir,
		 r->release, lru_on ? "on" : "off");
	snprintf(r->console, sizeof(r->console), "%s", b.console);
	snprintf(b.qemu_log, sizeof(b.qemu_log), "%s/%s-lru_gen-%s.qemu.log",
		 l->logdir, r->release, lru_on ? "on" : "off");
	kmod_tree(l->modules, image, r->release, tree, sizeof(tree));
	if (!tree[0])
		fprintf(stderr, "lab: %s no module tree for %s: assuming virtio and "
			"ext4 are built in\n", r->prefix, r->release);
	else if (kmod_resolve(tree, guest_modules, NR_GUEST_MODULES, &mods))
		snprintf(r->why, sizeof(r->why), "modules missing (see above)");
	if (!r->why[0] && prepare(l, &b))
		snprintf(r->why, sizeof(r->why), "cannot prepare the boot (see above)");
	if (!r->why[0])
		boot_and_collect(l, &b, &mods, image, lru_on, r);
	r->seconds = pace_now_s() - start;
	r->kvm = l->kvm;
	snprintf(r->dir, sizeof(r->dir), "%s", b.dir);
	kmod_list_release(&mods);
	cleanup_images(&b, l->keep);
}

/* The database a boot brought back, into l->db; r->ok if all went well. */
static void keep_db(struct lab *l, struct boot_result *r, int merge)
{
	char in_db[WORK_DB_CAP], out_db[WORK_DB_CAP];
	int rc = 0;

	work_dbs(r->dir, in_db, out_db);
	if (r->has_db)
		rc = merge ? labdb_merge(l->db, in_db, out_db, &r->new_runs) :
			     labdb_accept(l->db, out_db, &r->new_runs);
	if (rc) {
		keep_refused(out_db, r);
		return;
	}
	if (r->job_status) {
		snprintf(r->why, sizeof(r->why), "the guest's job failed (exit %d%s), "
			 "%lld run%s kept", r->job_status,
			 file_contains(r->console, "Out of memory: Killed") ?
			 ", OOM kill" : "", (long long)r->new_runs,
			 r->new_runs == 1 ? "" : "s");
		return;
	}
	r->ok = 1;
}

void lab_keep(struct lab *l, struct boot_result *r, int merge)
{
	if (r->returned)
		keep_db(l, r, merge);
	if (r->ok)
		fprintf(stderr, "lab: %s done in %.0f s: %lld run%s (console: %s)\n",
			r->prefix, r->seconds, (long long)r->new_runs,
			r->new_runs == 1 ? "" : "s", r->console);
	else {
		fprintf(stderr, "lab: %s FAILED: %s\n", r->prefix, r->why);
		if (r->console[0] && !access(r->console, F_OK))
			console_tail(r->console, 15);
	}
	cleanup_dir(r->dir, l->keep);
}

void lab_discard(const struct lab *l, const struct boot_result *r)
{
	cleanup_dir(r->dir, l->keep);
}
