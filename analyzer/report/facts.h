/*
 * facts.h - the report's account of what was compared and how it was
 * recorded: groups, trials and kernels; the machine facts (run table)
 * that are the same in every run and those that differ; the command
 * lines that produced the data and the report.
 */
#ifndef VMSCOPE_FACTS_H
#define VMSCOPE_FACTS_H

#include "doc.h"
#include "groups.h"

/* "What was compared": -1 with a message. */
int facts_section(struct doc *d, const struct run_set *set,
		  const struct group_list *g, const char *by);

/* "How the data was made": every run's command lines, then argv's. */
int commands_section(struct doc *d, const struct run_set *set, int argc,
		     char **argv);

#endif
