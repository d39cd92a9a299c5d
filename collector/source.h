/*
 * source.h - the kernel files a run samples, opened once and re-read.
 *
 * A source_set is a list of files, each tagged with the source name that
 * lands in the database ("vmstat", "meminfo", "zoneinfo", "memcg", "psi")
 * and the format its text is in.  Each file stays open and is re-read from
 * offset 0 on every sample, to the read that returns 0 (readall.h: seq_file
 * hands out about a page per read), growing the buffer, never truncating.  A file that cannot be read (a
 * cgroup removed mid-run) simply contributes no entries that sample; it is
 * reopened on later samples.
 */
#ifndef VMSCOPE_SOURCE_H
#define VMSCOPE_SOURCE_H

#include <stddef.h>

#include "kv.h"

enum source_format {
	FMT_FLAT,       /* "name value" lines */
	FMT_MEMINFO,    /* "Name:  value kB" */
	FMT_ZONEINFO,
	FMT_PSI,
	FMT_SINGLE,     /* one number */
};

struct source_file {
	const char *tag;           /* source name stored with each counter */
	char *path;                /* owned */
	enum source_format format;
	const char *single_name;   /* FMT_SINGLE: the counter's name */
	int required;              /* a failure to open is an error */
	int fd;                    /* -1 while closed */
	char *buf;                 /* owned, cap bytes */
	size_t cap;
	int warned;                /* a read failure has been reported */
};

struct source_set {
	struct source_file *v;
	size_t nr, alloc;
};

void source_set_init(struct source_set *s);
void source_set_release(struct source_set *s);

/* Add root + path (root may be "" for the real /proc).  -1 on ENOMEM. */
int source_set_add(struct source_set *s, const char *tag, const char *root,
		   const char *path, enum source_format format,
		   const char *single_name, int required);

/* Open every file; an error (and -1) only for a required one that fails. */
int source_set_open(struct source_set *s);

/*
 * Read and parse every file into out (reset first).  Returns -1 on
 * allocation failure or when a required file cannot be read.
 */
int source_set_read(struct source_set *s, struct kv_list *out);

/* Read one whole file into the file's buffer; returns its length or -1. */
long source_read_file(struct source_file *f);

#endif
