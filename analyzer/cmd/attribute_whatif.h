/*
 * attribute_whatif.h - `vmscope attribute --what-if`: the runs replayed
 * at other swappiness values, beside what was measured there.
 */
#ifndef VMSCOPE_ATTRIBUTE_WHATIF_H
#define VMSCOPE_ATTRIBUTE_WHATIF_H

#include <stddef.h>
#include <stdint.h>

#include "groups.h"

/*
 * Every run of set (only run where run > 0) replayed at each of the
 * nr_sw swappiness values sw, printed in fmt (FMT_TEXT: with the
 * measured runs' check and a tally per run).  0, or -1 with a message.
 */
int attribute_whatif(const struct run_set *set, int64_t run, const double *sw,
		     size_t nr_sw, int fmt);

#endif
