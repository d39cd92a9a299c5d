/*
 * folios.h - a census of the LRU folios by size, from /proc/kpageflags
 * (--folios).
 *
 * Why: since v5.x isolate_lru_folios() counts every page of a folio it
 * takes ("scan += nr_pages") and stops only once nr_to_scan is reached, so
 * a reclaim pass takes at least one whole folio.  With large page-cache
 * folios (ext4 on 6.18: 1 MiB) a pass at priority 12 scans 256 pages where
 * the list's size >> 12 asks for 2, and a walk's depth read from pages
 * scanned comes out levels too deep.  /proc/vmstat has no folio size;
 * /proc/kpageflags has, per page frame: a folio is a KPF_COMPOUND_HEAD
 * entry and the KPF_COMPOUND_TAIL entries after it, or one entry with
 * neither (fs/proc/page.c, v4.x to v6.18).
 *
 * Reading it walks all of memory (0.18 s of CPU for 24 GiB, make bench),
 * so the census is taken once, in the run's last sample, as gauges of the
 * source "folios":
 *
 *   <scope>.<list>.order_<n>   folios of 2^n pages on that LRU list
 *
 * scope: "node" (every page frame of the machine) or "cgroup" (those that
 * /proc/kpagecgroup charges to the --cgroup's memcg, by its inode number:
 * the cgroup itself, not its children, which report their own);
 * list: inactive_anon, active_anon, inactive_file, active_file, from the
 * head's KPF_LRU, KPF_ACTIVE and KPF_SWAPBACKED (swap-backed folios, shmem
 * among them, live on the anon lists: folio_is_file_lru()); unevictable
 * folios are left out.  Orders above FOLIO_ORDERS - 1 are counted there.
 * Only counts above 0 are pushed.  With MGLRU on, lru_gen_add_folio()
 * clears PG_active: every folio counts as inactive.
 */
#ifndef VMSCOPE_FOLIOS_H
#define VMSCOPE_FOLIOS_H

#include <stddef.h>
#include <stdint.h>

#include "kv.h"

/* orders 0..10 (MAX_PAGE_ORDER on x86-64, v6.x) */
#define FOLIO_ORDERS 11

enum folio_scope { FOLIO_NODE, FOLIO_CGROUP, FOLIO_SCOPES };
enum folio_list {
	FOLIO_INACTIVE_ANON, FOLIO_ACTIVE_ANON, FOLIO_INACTIVE_FILE,
	FOLIO_ACTIVE_FILE, FOLIO_LISTS
};

struct folio_census {
	int flags_fd, cgroup_fd;       /* -1: not open (cgroup: no --cgroup) */
	uint64_t memcg_ino;            /* the --cgroup directory's inode */
	int64_t count[FOLIO_SCOPES][FOLIO_LISTS][FOLIO_ORDERS];
	/* the folio being counted, which can span two reads */
	uint64_t head, head_cg, pages;
};

/* the census's names, "<scope>.<list>" (".order_<n>" follows) */
extern const char *const folio_scope_names[FOLIO_SCOPES];
extern const char *const folio_list_names[FOLIO_LISTS];

/*
 * Open <root>/proc/kpageflags, and <root>/proc/kpagecgroup when cg_dir
 * (the memcg's directory) is given.  Both need root; an error says so.
 */
int folios_open(struct folio_census *f, const char *root, const char *cg_dir);

/* Count the folios anew from the open files.  -1 on a read error. */
int folios_take(struct folio_census *f);

/*
 * The counting itself: n page frames' flags and (cg: NULL without a
 * cgroup) their memcg inode numbers, in order, after those of the calls
 * before; folios_end() counts the last folio.  Zero f->count and f->pages
 * to start over.
 */
void folios_feed(struct folio_census *f, const uint64_t *flags,
		 const uint64_t *cg, size_t n);
void folios_end(struct folio_census *f);

/* Append the census to out with source index src; -1 on ENOMEM. */
int folios_push(const struct folio_census *f, uint16_t src, struct kv_list *out);

void folios_close(struct folio_census *f);

#endif
