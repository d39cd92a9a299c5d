/*
 * facts.h - what a run records about the machine when it starts.
 *
 * All text fields are owned by struct run_facts and freed by
 * facts_release().  A fact the kernel does not offer is NULL (text) or -1
 * (numbers); lru_gen is "none" where /sys/kernel/mm/lru_gen is absent.
 * Paths are read under root ("" for the real machine), so tests can point
 * the collector at a captured tree.
 */
#ifndef VMSCOPE_FACTS_H
#define VMSCOPE_FACTS_H

#include <stddef.h>
#include <stdint.h>

struct watermark {
	long node;
	char zone[32];
	/* the zone's own watermarks (_watermark[]), without the boost that
	 * zoneinfo's min, low and high hold at the moment (v5.0+) */
	int64_t min_pages, low_pages, high_pages;
	int64_t managed_pages;     /* -1: not in zoneinfo (before 3.8) */
	int64_t boost_pages;       /* 0: none, or no boost line */
};

struct run_facts {
	char *kernel_release, *kernel_version, *machine, *host, *boot_id;
	char *lru_gen;
	long page_size, cpus;
	int64_t mem_total_kb, swap_total_kb;
	long swappiness, cgroup_swappiness;
	struct watermark *watermarks;
	size_t nr_watermarks;
};

/* Gather the facts; cgroup_dir may be NULL.  -1 only on ENOMEM. */
int facts_gather(struct run_facts *f, const char *root, const char *cgroup_dir);
void facts_release(struct run_facts *f);

/*
 * Read a small text file (under 4 KiB) into a new string with the final
 * newline removed; NULL if it cannot be read.
 */
char *facts_read_line(const char *root, const char *path);

/* A small file holding one number (swappiness); -1 if absent or not one. */
long facts_read_long(const char *root, const char *path);

#endif
