/*
 * cmd.h - what every vmscope subcommand gets and returns.
 *
 * A subcommand is analyzer/cmd/<name>.c defining cmd_<name>(), plus one
 * line in the cmds[] table of vmscope.c.  argv[0] is the subcommand's name;
 * the return value is the exit code (see err.h).
 */
#ifndef VMSCOPE_CMD_H
#define VMSCOPE_CMD_H

#include <stdio.h>

struct cmd_ctx {
	const char *prog;    /* "vmscope" */
};

int cmd_mark(int argc, char **argv, struct cmd_ctx *ctx);
int cmd_bench(int argc, char **argv, struct cmd_ctx *ctx);
int cmd_lab(int argc, char **argv, struct cmd_ctx *ctx);
int cmd_lab_guest(int argc, char **argv, struct cmd_ctx *ctx);

/* Add a marker to run_id (0: the newest being recorded) of the database. */
int mark_add(const char *path, long long run_id, const char *text);
int cmd_runs(int argc, char **argv, struct cmd_ctx *ctx);
int cmd_export(int argc, char **argv, struct cmd_ctx *ctx);
int cmd_import(int argc, char **argv, struct cmd_ctx *ctx);
int cmd_compare(int argc, char **argv, struct cmd_ctx *ctx);
int cmd_table(int argc, char **argv, struct cmd_ctx *ctx);
int cmd_show(int argc, char **argv, struct cmd_ctx *ctx);
int cmd_attribute(int argc, char **argv, struct cmd_ctx *ctx);
int cmd_plot(int argc, char **argv, struct cmd_ctx *ctx);
int cmd_report(int argc, char **argv, struct cmd_ctx *ctx);

struct run_set;
/* table's 2004 report as text (one block per value of by) to out. */
int table_sweep_text(FILE *out, const struct run_set *set, const char *by,
		     const char *rows);

#endif
