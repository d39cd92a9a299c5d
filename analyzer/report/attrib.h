/*
 * attrib.h - the report's attribution: each group's swap-out by cause,
 * from the reclaim model's replay (replay.h), with the unexplained share.
 */
#ifndef VMSCOPE_ATTRIB_H
#define VMSCOPE_ATTRIB_H

#include "doc.h"
#include "groups.h"

int attrib_section(struct doc *d, const struct run_set *set,
		   const struct group_list *g, const char *by);

#endif
