/*
 * holm.h - Holm's step-down correction for testing many metrics at once.
 *
 * A report compares ~35 metrics; at 5% each, one or two come out
 * "significant" by chance alone.  Holm (1979) keeps the chance of any
 * false alarm across the whole family at alpha, without assuming the
 * tests are independent (the metrics of one run are not), and is never
 * weaker than Bonferroni.
 */
#ifndef VMSCOPE_HOLM_H
#define VMSCOPE_HOLM_H

#include <stddef.h>

/*
 * Holm-adjusted p-values: adj[i] for p[i].  Entries with p[i] < 0 (no
 * test was possible, e.g. n too small) are not counted in the family and
 * get adj[i] = -1.  Sort by p; the k-th smallest (k = 0..m-1) becomes
 * (m - k) * p, made non-decreasing along the order and capped at 1.
 * adj[i] < alpha is then the decision.  Returns 0, or -1 (out of memory,
 * with a message).
 */
int holm_adjust(const double *p, size_t n, double *adj);

#endif
