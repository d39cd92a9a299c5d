/*
 * vmscope.c - the analyzer's entry point: a table of subcommands.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "err.h"
#include "banned.h"

struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv, struct cmd_ctx *ctx);
	const char *summary;
};

static const struct cmd cmds[] = {
	{ "runs", cmd_runs, "list the runs of one or more databases" },
	{ "show", cmd_show, "one run: facts, markers, results, metrics per phase" },
	{ "table", cmd_table, "the 2004 swappiness report: I/O, swap and page cache per tag" },
	{ "compare", cmd_compare, "canonical metrics side by side, with spread and significance" },
	{ "attribute", cmd_attribute, "split each run's swap-out by cause (reclaim model)" },
	{ "plot", cmd_plot, "gnuplot charts: time series, sweep, attribution, priority, compare" },
	{ "import", cmd_import, "turn /proc/vmstat logs and CSV files into runs" },
	{ "export", cmd_export, "write a run's samples as CSV (wide or long)" },
	{ "bench", cmd_bench, "run the classic reclaim benchmarks: swappiness sweep, readfiles" },
	{ "mark", cmd_mark, "add a time-stamped marker to the run being recorded" },
	{ "lab", cmd_lab, "run a benchmark on other kernels, each booted under QEMU" },
	{ "report", cmd_report, "a comparison to mail: text, Markdown or HTML, with charts" },
};

#define NR_CMDS (sizeof(cmds) / sizeof(cmds[0]))

static void usage(FILE *out)
{
	size_t i;

	fprintf(out, "usage: vmscope <command> [options] [args]\n\ncommands:\n");
	for (i = 0; i < NR_CMDS; i++)
		fprintf(out, "  %-10s %s\n", cmds[i].name, cmds[i].summary);
	fprintf(out, "\n'vmscope <command> -h' shows a command's options.\n");
}

/*
 * Every command's output ends here: a write that failed (a full disk,
 * `> /dev/full`, a closed pipe's EIO) is an error even where the command
 * did not look, and the last buffered bytes are only written by this
 * flush.  Exit 1 with one line, never 0 with a cut report.
 */
static int finish_stdout(int rc)
{
	int failed;

	errno = 0;
	failed = fflush(stdout) != 0 || ferror(stdout);
	if (fclose(stdout) != 0)
		failed = 1;
	/* a command that failed has said why; one line is enough */
	if (!failed || rc)
		return rc;
	if (errno)
		error_errno("cannot write to standard output");
	else
		error("cannot write to standard output");
	return EXIT_FAILURE_RT;
}

static int run(int argc, char **argv)
{
	struct cmd_ctx ctx = { .prog = "vmscope" };
	size_t i;

	err_set_prog("vmscope");
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		usage(stdout);
		return EXIT_OK;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("vmscope %s\n", VMSCOPE_VERSION);
		return EXIT_OK;
	}
	if (!strcmp(argv[1], "--list-cmds")) {
		for (i = 0; i < NR_CMDS; i++)
			printf("%s\n", cmds[i].name);
		return EXIT_OK;
	}
	/* the job a lab guest's /init runs: not listed, not for people */
	if (!strcmp(argv[1], "lab-guest"))
		return cmd_lab_guest(argc - 1, argv + 1, &ctx);
	for (i = 0; i < NR_CMDS; i++)
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].fn(argc - 1, argv + 1, &ctx);
	error("unknown command '%s'", argv[1]);
	usage(stderr);
	return EXIT_USAGE;
}

int main(int argc, char **argv)
{
	return finish_stdout(run(argc, argv));
}
