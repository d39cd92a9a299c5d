/*
 * lab.c - vmscope lab: run a benchmark on other kernels, each booted
 * under QEMU, into one database.
 *
 *   vmscope lab --kernel IMAGE [--kernel IMAGE ...] [--lru-gen on|off|both]
 *               [-o lab.db] -- bench swappiness [options]
 *
 * Per kernel and MGLRU mode one boot (lab/boot.c): a generated initramfs,
 * the database carried in and back on a raw disk, the console kept as a
 * log.  A boot that fails (panic, OOM, timeout, a failed benchmark) is
 * reported with the end of its console log and the others go on; the
 * exit status is 1 if any failed.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "boot.h"
#include "cmd.h"
#include "err.h"
#include "fetch.h"
#include "guest.h"
#include "pace.h"
#include "qemu.h"
#include "workload.h"
#include "banned.h"

static void lab_usage(FILE *out)
{
	fprintf(out,
		"usage: vmscope lab --kernel IMAGE|debian:NAME [--kernel ...] [-o DB]\n"
		"                   [--modules DIR] [--memory SIZE] [--cpus N]\n"
		"                   [--lru-gen on|off|both] [--swap SIZE] [--scratch SIZE]\n"
		"                   [--accel auto|kvm|tcg] [--timeout SECONDS]\n"
		"                   [--logs DIR] [--busybox PATH] [--keep]\n"
		"                   -- bench swappiness|readfiles [bench options]\n");
}

static void on_signal(int sig)
{
	(void)sig;
	lab_interrupted = 1;
	qemu_interrupt();
}

static int size_opt(const char *what, const char *arg, int64_t *out)
{
	*out = parse_size(arg);
	return *out <= 0 ? error("bad %s '%s': expected a size like 512M or 1G",
				 what, arg) : 0;
}

static int lru_opt(struct lab *l, const char *arg)
{
	l->nr_modes = 0;
	if (!strcmp(arg, "off") || !strcmp(arg, "both"))
		l->modes[l->nr_modes++] = 0;
	if (!strcmp(arg, "on") || !strcmp(arg, "both"))
		l->modes[l->nr_modes++] = 1;
	return l->nr_modes ? 0 : error("bad --lru-gen '%s': on, off or both", arg);
}

static int apply(struct lab *l, int c, const char *arg)
{
	switch (c) {
	case 'o': l->db = arg; return 0;
	case 'k':
		if (l->nr_kernels == LAB_MAX_KERNELS)
			return error("at most %d kernels", LAB_MAX_KERNELS);
		l->kernels[l->nr_kernels++] = arg;
		return 0;
	case 'M': l->modules = arg; return 0;
	case 'm': return size_opt("memory size", arg, &l->memory);
	case 's': return size_opt("swap size", arg, &l->swap);
	case 'S': return size_opt("scratch size", arg, &l->scratch);
	case 'c':
		l->cpus = atoi(arg);
		return l->cpus > 0 && l->cpus <= 64 ? 0 : error("bad --cpus '%s'", arg);
	case 'g': return lru_opt(l, arg);
	case 'a':
		l->accel = arg;
		return !strcmp(arg, "auto") || !strcmp(arg, "kvm") || !strcmp(arg, "tcg") ?
		       0 : error("bad --accel '%s': auto, kvm or tcg", arg);
	case 't':
		l->timeout = atof(arg);
		return l->timeout > 0 ? 0 : error("bad --timeout '%s'", arg);
	case 'l': l->logs = arg; return 0;
	case 'b': l->busybox = arg; return 0;
	case 'K': l->keep = 1; return 0;
	}
	return -1;
}

/* Returns 1 for --help, 0 to run, -1 on a usage error. */
static int parse(struct lab *l, int argc, char **argv)
{
	static const struct option lo[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "kernel", required_argument, NULL, 'k' },
		{ "modules", required_argument, NULL, 'M' },
		{ "memory", required_argument, NULL, 'm' },
		{ "swap", required_argument, NULL, 's' },
		{ "scratch", required_argument, NULL, 'S' },
		{ "cpus", required_argument, NULL, 'c' },
		{ "lru-gen", required_argument, NULL, 'g' },
		{ "accel", required_argument, NULL, 'a' },
		{ "timeout", required_argument, NULL, 't' },
		{ "logs", required_argument, NULL, 'l' },
		{ "busybox", required_argument, NULL, 'b' },
		{ "keep", no_argument, NULL, 'K' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "+o:h", lo, NULL)) != -1) {
		if (c == 'h')
			return 1;
		if (c == '?' || apply(l, c, optarg))
			return -1;
	}
	if (!l->nr_kernels)
		return error("give at least one --kernel IMAGE");
	if (optind >= argc || strcmp(argv[optind], "bench") || optind + 1 >= argc)
		return error("give the benchmark after '--': -- bench swappiness [options]");
	l->bench = argv + optind + 1;
	l->nr_bench = argc - optind - 1;
	return 0;
}

static void defaults(struct lab *l)
{
	memset(l, 0, sizeof(*l));
	l->db = "lab.db";
	l->memory = 512 << 20;
	l->swap = (int64_t)1 << 30;
	l->scratch = (int64_t)16 << 30;   /* sparse: only what is written */
	l->cpus = 2;
	l->timeout = 3600;
	l->accel = "auto";
	l->busybox = "/bin/busybox";
	l->modes[0] = 0;
	l->nr_modes = 1;
	l->kvm = -1;
}

static void summary(const struct lab *l, const struct boot_result *r, int n)
{
	int i;

	printf("\nlab: %d boot%s into '%s':\n", n, n == 1 ? "" : "s", l->db);
	for (i = 0; i < n; i++)
		printf("  %-32s lru_gen %-3s  %-4s %5.0f s  %s%s\n", r[i].release,
		       r[i].lru_on ? "on" : "off", r[i].accel, r[i].seconds,
		       r[i].ok ? "ok" : "FAILED: ", r[i].ok ? "" : r[i].why);
}

/* Run this program as `vmscope ARGS...` on stdout; its exit status. */
static int run_self(const struct lab *l, char *const argv[])
{
	int status;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		return error_errno("cannot run '%s %s'", l->vmscope, argv[1]);
	if (pid == 0) {
		execv(l->vmscope, argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/*
 * The kernel matrix side by side: table, compare and attribute by
 * lab_kernel (each boot's "<release> (lru_gen on|off)"), and the charts
 * into <db>.plots/.  Each is this program run as a child, so a report
 * that fails costs its own output only; the lab's status is the boots'.
 */
static void matrix_report(const struct lab *l)
{
	char db[1100], plots[1100], exe[1024];
	char *table[] = { exe, "table", "--by", "lab_kernel", "--rows",
			  "swappiness", db, NULL };
	char *compare[] = { exe, "compare", "--by", "lab_kernel", db, NULL };
	char *attribute[] = { exe, "attribute", "--by", "lab_kernel", db, NULL };
	char *plot[] = { exe, "plot", db, "--out", plots, NULL };
	struct { const char *title; char **argv; } reports[] = {
		{ "table --by lab_kernel --rows swappiness", table },
		{ "compare --by lab_kernel", compare },
		{ "attribute --by lab_kernel", attribute },
		{ NULL, plot },
	};
	size_t i;

	snprintf(exe, sizeof(exe), "%s", l->vmscope);
	snprintf(db, sizeof(db), "%s", l->db);
	snprintf(plots, sizeof(plots), "%s.plots", l->db);
	for (i = 0; i < sizeof(reports) / sizeof(reports[0]); i++) {
		/* the sweep's table needs the swappiness benchmark */
		if (reports[i].argv == table && strcmp(l->bench[0], "swappiness"))
			continue;
		if (reports[i].title)
			printf("\n== vmscope %s %s\n", reports[i].title, db);
		if (run_self(l, reports[i].argv))
			warning("'vmscope %s' failed (see above)", reports[i].argv[1]);
		else if (!reports[i].title)
			printf("\ncharts: %s/\n", plots);
	}
}

/* "boot i of n", and the time left from the boots so far. */
static void progress(int i, int n, double start, const char *image, int lru_on)
{
	double el = pace_now_s() - start;

	fprintf(stderr, "lab: boot %d of %d (%s, lru_gen %s), %.0f s elapsed", i, n,
		strrchr(image, '/') ? strrchr(image, '/') + 1 : image,
		lru_on ? "on" : "off", el);
	if (i > 1)
		fprintf(stderr, ", about %.0f s left", el / (i - 1) * (n - i + 1));
	fprintf(stderr, "\n");
}

/* debian:NAME kernels: fetched (or found in the cache) before any boot. */
static int fetch_kernels(struct lab *l)
{
	int k;

	for (k = 0; k < l->nr_kernels && !lab_interrupted; k++) {
		if (!fetch_is_name(l->kernels[k]))
			continue;
		if (fetch_kernel(l->kernels[k], l->fetched[k], sizeof(l->fetched[k])))
			return -1;
		fprintf(stderr, "lab: %s is '%s'\n", l->kernels[k], l->fetched[k]);
		l->kernels[k] = l->fetched[k];
	}
	return 0;
}

int cmd_lab(int argc, char **argv, struct cmd_ctx *ctx)
{
	struct boot_result results[LAB_MAX_KERNELS * 2];
	struct sigaction sa;
	struct lab l;
	int rc, k, m, n = 0, failed = 0, total;
	double start;

	(void)ctx;
	defaults(&l);
	rc = parse(&l, argc, argv);
	if (rc) {
		lab_usage(rc > 0 ? stdout : stderr);
		return rc > 0 ? EXIT_OK : EXIT_USAGE;
	}
	if (lab_preflight(&l) || fetch_kernels(&l))
		return EXIT_FAILURE_RT;
	total = l.nr_kernels * l.nr_modes;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	start = pace_now_s();
	for (k = 0; k < l.nr_kernels && !lab_interrupted; k++)
		for (m = 0; m < l.nr_modes && !lab_interrupted; m++) {
			progress(n + 1, total, start, l.kernels[k], l.modes[m]);
			lab_boot(&l, l.kernels[k], l.modes[m], n + 1, total, &results[n]);
			failed += !results[n++].ok;
		}
	summary(&l, results, n);
	if (n > failed && !lab_interrupted)
		matrix_report(&l);
	printf("\nlab: %d of %d boots ok, %.0f s in all\n", n - failed, total,
	       pace_now_s() - start);
	if (lab_interrupted)
		return 130;
	return failed ? EXIT_FAILURE_RT : EXIT_OK;
}

/* Inside the guest: the job /init hands over (lab/guest.c). */
int cmd_lab_guest(int argc, char **argv, struct cmd_ctx *ctx)
{
	(void)ctx;
	if (argc != 2) {
		fprintf(stderr, "usage: vmscope lab-guest DIR (inside a lab guest only)\n");
		return EXIT_USAGE;
	}
	return lab_guest_main(argv[1]);
}
