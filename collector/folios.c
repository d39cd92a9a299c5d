/*
 * folios.c - the LRU folio census from /proc/kpageflags (see folios.h).
 *
 * DESIGN: the files are arrays of one 64-bit word per page frame, read in
 * chunks at the same offsets (pread: not seq_files, so not readall_fd(),
 * which would hold all 50 MB of a 24 GiB machine); a small state machine
 * carries the folio under way from one chunk to the next.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "folios.h"
#include "banned.h"

/* include/uapi/linux/kernel-page-flags.h */
#define KPF_LRU            5
#define KPF_ACTIVE         6
#define KPF_SWAPBACKED     14
#define KPF_COMPOUND_HEAD  15
#define KPF_COMPOUND_TAIL  16
#define KPF_UNEVICTABLE    18

#define BIT(n) ((uint64_t)1 << (n))

/* page frames a read takes: 512 KiB of each file */
#define CHUNK 65536

const char *const folio_scope_names[FOLIO_SCOPES] = {
	[FOLIO_NODE] = "node", [FOLIO_CGROUP] = "cgroup",
};

const char *const folio_list_names[FOLIO_LISTS] = {
	[FOLIO_INACTIVE_ANON] = "inactive_anon", [FOLIO_ACTIVE_ANON] = "active_anon",
	[FOLIO_INACTIVE_FILE] = "inactive_file", [FOLIO_ACTIVE_FILE] = "active_file",
};

static int open_pfn_file(const char *root, const char *name)
{
	char path[4096];
	int fd;

	snprintf(path, sizeof(path), "%s/proc/%s", root, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		error_errno("--folios needs '%s' (root)", path);
	return fd;
}

int folios_open(struct folio_census *f, const char *root, const char *cg_dir)
{
	struct stat st;

	memset(f, 0, sizeof(*f));
	f->flags_fd = f->cgroup_fd = -1;
	if (cg_dir) {
		if (stat(cg_dir, &st))
			return error_errno("cannot stat '%s'", cg_dir);
		f->memcg_ino = (uint64_t)st.st_ino;
		f->cgroup_fd = open_pfn_file(root, "kpagecgroup");
		if (f->cgroup_fd < 0)
			return -1;
	}
	f->flags_fd = open_pfn_file(root, "kpageflags");
	if (f->flags_fd < 0) {
		folios_close(f);
		return -1;
	}
	return 0;
}

/* The list a folio with head flags h is on, or -1 (none we count). */
static int lru_list(uint64_t h)
{
	int active = (h & BIT(KPF_ACTIVE)) != 0;

	if (!(h & BIT(KPF_LRU)) || (h & BIT(KPF_UNEVICTABLE)))
		return -1;
	if (h & BIT(KPF_SWAPBACKED))
		return active ? FOLIO_ACTIVE_ANON : FOLIO_INACTIVE_ANON;
	return active ? FOLIO_ACTIVE_FILE : FOLIO_INACTIVE_FILE;
}

/* log2 of a folio's pages (a power of two), capped at the last order */
static int order_of(uint64_t pages)
{
	int order = 0;

	while (pages > 1 && order < FOLIO_ORDERS - 1) {
		pages >>= 1;
		order++;
	}
	return order;
}

void folios_end(struct folio_census *f)
{
	int list = f->pages ? lru_list(f->head) : -1;

	if (list >= 0) {
		f->count[FOLIO_NODE][list][order_of(f->pages)]++;
		if (f->cgroup_fd >= 0 && f->head_cg == f->memcg_ino)
			f->count[FOLIO_CGROUP][list][order_of(f->pages)]++;
	}
	f->pages = 0;
}

void folios_feed(struct folio_census *f, const uint64_t *flags,
		 const uint64_t *cg, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		/* a tail continues the folio under way; one with none before
		 * it (the first frames read) is dropped.  A folio that formed
		 * between the two reads of a frame range is taken as its
		 * frames say: rare, and the census is a snapshot anyway */
		if (flags[i] & BIT(KPF_COMPOUND_TAIL)) {
			if (f->pages)
				f->pages++;
			continue;
		}
		folios_end(f);
		f->head = flags[i];
		f->head_cg = cg ? cg[i] : 0;
		f->pages = 1;
	}
}

/* Read up to CHUNK words at page frame pfn from fd; words read, 0 at the end. */
static long read_words(int fd, uint64_t *buf, uint64_t pfn)
{
	ssize_t n;

	do
		n = pread(fd, buf, CHUNK * sizeof(*buf), (off_t)(pfn * sizeof(*buf)));
	while (n < 0 && errno == EINTR);
	return n < 0 ? -1 : (long)((size_t)n / sizeof(*buf));
}

/* Count from the open files with buffers of CHUNK words each. */
static int take(struct folio_census *f, uint64_t *flags, uint64_t *cg)
{
	uint64_t pfn = 0;
	long n, m;

	memset(f->count, 0, sizeof(f->count));
	f->pages = 0;
	for (;;) {
		n = read_words(f->flags_fd, flags, pfn);
		if (n < 0)
			return error_errno("cannot read /proc/kpageflags");
		if (n == 0)
			break;
		if (cg) {
			m = read_words(f->cgroup_fd, cg, pfn);
			if (m < 0)
				return error_errno("cannot read /proc/kpagecgroup");
			if (m < n)
				n = m;    /* memory went offline in between */
			if (n == 0)
				break;
		}
		folios_feed(f, flags, cg, (size_t)n);
		pfn += (uint64_t)n;
	}
	folios_end(f);
	return 0;
}

int folios_take(struct folio_census *f)
{
	uint64_t *flags = malloc(CHUNK * sizeof(*flags));
	uint64_t *cg = f->cgroup_fd >= 0 ? malloc(CHUNK * sizeof(*cg)) : NULL;
	int rc = !flags || (f->cgroup_fd >= 0 && !cg) ? error("out of memory") :
		 take(f, flags, cg);

	free(flags);
	free(cg);
	return rc;
}

int folios_push(const struct folio_census *f, uint16_t src, struct kv_list *out)
{
	int s, l, o;

	for (s = 0; s < FOLIO_SCOPES; s++)
		for (l = 0; l < FOLIO_LISTS; l++)
			for (o = 0; o < FOLIO_ORDERS; o++) {
				char *name;
				int len;

				if (f->count[s][l][o] <= 0)
					continue;
				name = kv_name_alloc(out, 48);
				if (!name)
					return -1;
				len = snprintf(name, 48, "%s.%s.order_%d",
					       folio_scope_names[s],
					       folio_list_names[l], o);
				if (kv_push(out, src, name, (size_t)len,
					    f->count[s][l][o]))
					return -1;
			}
	return 0;
}

void folios_close(struct folio_census *f)
{
	if (f->flags_fd >= 0)
		close(f->flags_fd);
	if (f->cgroup_fd >= 0)
		close(f->cgroup_fd);
	f->flags_fd = f->cgroup_fd = -1;
}
