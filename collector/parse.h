/*
 * parse.h - turn the text of /proc files into (name, value) pairs.
 *
 * One parser per text format.  Each appends to a kv_list and returns 0, or
 * -1 only on allocation failure: lines it cannot read (no number, a value
 * over 64 bits, a tuple) are skipped, since a collector must survive any
 * kernel's output.  Names are stored exactly as the kernel spells them,
 * except where a format has no single-word name (see each parser).
 */
#ifndef VMSCOPE_PARSE_H
#define VMSCOPE_PARSE_H

#include <stddef.h>

#include "kv.h"

/*
 * "name value" lines: /proc/vmstat, a memory cgroup's memory.stat and
 * memory.events.  Names point into buf.
 */
int parse_flat(const char *buf, size_t len, uint16_t src, struct kv_list *out);

/* "Name:   value kB" lines of /proc/meminfo; the value is kept in kB. */
int parse_meminfo(const char *buf, size_t len, uint16_t src,
		  struct kv_list *out);

/*
 * /proc/zoneinfo.  Names are "node<N>.<field>" for the per-node stats
 * (4.8+) and "node<N>.<zone>.<field>" for zone fields; multi-word fields
 * are joined with '_' ("pages free" -> "pages_free").  The per-CPU
 * pagesets' count, high, batch, high_min and high_max are summed over the
 * CPUs as "node<N>.<zone>.pcp_<field>"; the protection tuple is skipped.
 */
int parse_zoneinfo(const char *buf, size_t len, uint16_t src,
		   struct kv_list *out);

/*
 * /proc/pressure/memory (or a cgroup's memory.pressure): "some" and "full"
 * lines.  avg10/avg60/avg300 are percentages with two decimals, stored
 * exactly as hundredths ("some_avg10_x100"); total is microseconds
 * ("some_total_us").
 */
int parse_psi(const char *buf, size_t len, uint16_t src, struct kv_list *out);

/* A file that holds one number (memory.usage_in_bytes): one entry named name. */
int parse_single(const char *buf, size_t len, uint16_t src, const char *name,
		 struct kv_list *out);

#endif
