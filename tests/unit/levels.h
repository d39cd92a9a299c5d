/*
 * levels.h - the scan-weighted level of pages counted per priority, the
 * truth the model tests' reference walks report (as --trace-priority
 * weighs the traced pages per level).
 */
#ifndef VMSCOPE_TEST_LEVELS_H
#define VMSCOPE_TEST_LEVELS_H

#define LEVELS 13                /* priorities 0 .. DEF_PRIORITY */

/* sum of q * at[q] over sum of at[q]; NAN where no page was counted */
double levels_weighted(const double at[LEVELS]);

#endif
