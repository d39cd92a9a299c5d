/*
 * scan_adjust.h - a step of mm/vmscan.c the model tests' reference walks
 * share: shrink_lruvec()'s turn once the walk has its pages.
 */
#ifndef VMSCOPE_TEST_SCAN_ADJUST_H
#define VMSCOPE_TEST_SCAN_ADJUST_H

/*
 * shrink_lruvec() (v6.1, v6.18), once nr_reclaimed reaches nr_to_reclaim
 * without proportional reclaim and both list types have target left
 * (nr[0] anon, nr[1] file; targets[]: the level's): the smaller stops,
 * and the other is cut to the share of its target the smaller had left,
 * less what it has scanned.
 */
void scan_adjust(unsigned long nr[2], const unsigned long targets[2]);

#endif
