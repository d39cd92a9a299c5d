/*
 * t-folios.c - the LRU folio census (collector/folios.c) on page-frame
 * words laid out as fs/proc/page.c writes them: one 64-bit word per page
 * frame, the flag bits of include/uapi/linux/kernel-page-flags.h, a folio
 * being its head (KPF_COMPOUND_HEAD) and the tails (KPF_COMPOUND_TAIL)
 * after it, or one word with neither; /proc/kpagecgroup the memcg's inode
 * number per frame.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "folios.h"
#include "tap.h"

#define LRU        (1ULL << 5)
#define ACTIVE     (1ULL << 6)
#define SLAB       (1ULL << 7)
#define SWAPBACKED (1ULL << 14)
#define HEAD       (1ULL << 15)
#define TAIL       (1ULL << 16)
#define UNEVICT    (1ULL << 18)

#define MAXW 140000

static uint64_t flags[MAXW], cg[MAXW];
static size_t nw;

/* one folio of `pages` frames with head flags h, charged to memcg ino */
static void folio(uint64_t h, size_t pages, uint64_t ino)
{
	size_t i;

	for (i = 0; i < pages && nw < MAXW; i++, nw++) {
		flags[nw] = i ? TAIL : (pages > 1 ? h | HEAD : h);
		cg[nw] = ino;
	}
}

static void census_of(struct folio_census *f, uint64_t ino, size_t split)
{
	memset(f, 0, sizeof(*f));
	f->flags_fd = -1;
	f->cgroup_fd = ino ? 0 : -1;       /* only "a cgroup is asked" matters */
	f->memcg_ino = ino;
	folios_feed(f, flags, cg, split);
	folios_feed(f, flags + split, cg + split, nw - split);
	folios_end(f);
}

static void layouts(void)
{
	struct folio_census f;
	size_t s;
	int ok;

	nw = 0;
	folio(TAIL, 1, 0);                      /* a stray tail: no folio */
	folio(LRU, 1, 7);                       /* inactive file, order 0 */
	folio(LRU, 256, 7);                     /* inactive file, order 8 */
	folio(LRU | ACTIVE | SWAPBACKED, 4, 9); /* active anon, order 2 */
	folio(LRU | SWAPBACKED, 1, 7);          /* shmem/anon inactive */
	folio(SLAB, 8, 7);                      /* not on an LRU */
	folio(LRU | UNEVICT, 2, 7);             /* unevictable: left out */
	folio(LRU | ACTIVE, 512, 9);            /* active file, order 9 */
	folio(0, 1, 0);                         /* a free frame */
	census_of(&f, 0, nw);
	tap_ok(f.count[FOLIO_NODE][FOLIO_INACTIVE_FILE][0] == 1 &&
	       f.count[FOLIO_NODE][FOLIO_INACTIVE_FILE][8] == 1 &&
	       f.count[FOLIO_NODE][FOLIO_ACTIVE_ANON][2] == 1 &&
	       f.count[FOLIO_NODE][FOLIO_INACTIVE_ANON][0] == 1 &&
	       f.count[FOLIO_NODE][FOLIO_ACTIVE_FILE][9] == 1,
	       "folios-1.1 each LRU folio counted once, on its list, at its order");
	tap_ok(f.count[FOLIO_NODE][FOLIO_INACTIVE_FILE][3] == 0 &&
	       f.count[FOLIO_NODE][FOLIO_INACTIVE_FILE][1] == 0,
	       "folios-1.2 slab and unevictable folios are not counted");
	/* the same words cut in two at every place: the same counts */
	for (s = 0, ok = 1; s <= nw; s++) {
		struct folio_census g;

		census_of(&g, 0, s);
		ok &= !memcmp(g.count, f.count, sizeof(f.count));
	}
	tap_ok(ok, "folios-1.3 a folio split between two reads is counted once");
	census_of(&f, 7, nw);
	tap_ok(f.count[FOLIO_CGROUP][FOLIO_INACTIVE_FILE][0] == 1 &&
	       f.count[FOLIO_CGROUP][FOLIO_INACTIVE_FILE][8] == 1 &&
	       f.count[FOLIO_CGROUP][FOLIO_INACTIVE_ANON][0] == 1 &&
	       f.count[FOLIO_CGROUP][FOLIO_ACTIVE_ANON][2] == 0 &&
	       f.count[FOLIO_CGROUP][FOLIO_ACTIVE_FILE][9] == 0 &&
	       f.count[FOLIO_NODE][FOLIO_ACTIVE_FILE][9] == 1,
	       "folios-1.4 the cgroup scope counts the folios charged to its inode, the node all");
	nw = 0;
	folio(LRU, 4096, 0);                    /* past order 10: counted there */
	census_of(&f, 0, nw);
	tap_ok(f.count[FOLIO_NODE][FOLIO_INACTIVE_FILE][FOLIO_ORDERS - 1] == 1,
	       "folios-1.5 a folio above the last order is counted at it");
}

static int write_words(const char *path, const uint64_t *w, size_t n)
{
	FILE *fp = fopen(path, "wb");
	int ok = fp && fwrite(w, sizeof(*w), n, fp) == n;

	return (fp && fclose(fp) == 0 && ok) ? 0 : -1;
}

/* The files under a root, read in chunks: a folio across a chunk's end. */
static void from_files(void)
{
	char root[256], path[512], cgdir[512];
	struct folio_census f;
	struct kv_list kv;
	struct stat st;
	size_t i;
	int found = 0;

	if (!tap_tmp_template(root, sizeof(root), "t-folios") || !mkdtemp(root)) {
		tap_ok(0, "folios-2.0 a temporary directory");
		return;
	}
	snprintf(path, sizeof(path), "%s/proc", root);
	snprintf(cgdir, sizeof(cgdir), "%s/memcg", root);
	mkdir(path, 0700);
	mkdir(cgdir, 0700);
	stat(cgdir, &st);
	nw = 0;
	folio(LRU, 65536 - 100, (uint64_t)st.st_ino);   /* at the last order */
	folio(LRU, 256, (uint64_t)st.st_ino);           /* frames 65436..65691 */
	folio(LRU | ACTIVE, 256, 1);
	snprintf(path, sizeof(path), "%s/proc/kpageflags", root);
	write_words(path, flags, nw);
	snprintf(path, sizeof(path), "%s/proc/kpagecgroup", root);
	write_words(path, cg, nw);
	tap_ok(folios_open(&f, root, cgdir) == 0 && folios_take(&f) == 0,
	       "folios-2.1 the census reads <root>/proc/kpageflags and kpagecgroup");
	tap_ok(f.count[FOLIO_CGROUP][FOLIO_INACTIVE_FILE][8] == 1 &&
	       f.count[FOLIO_NODE][FOLIO_ACTIVE_FILE][8] == 1 &&
	       f.count[FOLIO_CGROUP][FOLIO_ACTIVE_FILE][8] == 0,
	       "folios-2.2 a folio across the 65536-frame read is one order-8 folio");
	kv_list_init(&kv);
	tap_ok(folios_push(&f, 3, &kv) == 0, "folios-2.3 pushed");
	for (i = 0; i < kv.nr; i++)
		found += kv.v[i].src == 3 && kv.v[i].value == 1 &&
			 kv.v[i].name_len == strlen("cgroup.inactive_file.order_8") &&
			 !memcmp(kv.v[i].name, "cgroup.inactive_file.order_8", kv.v[i].name_len);
	tap_ok(found == 1 && kv.nr == 5,
	       "folios-2.4 one gauge per counted (scope, list, order): %zu", kv.nr);
	kv_list_release(&kv);
	folios_close(&f);
	snprintf(path, sizeof(path), "%s/proc/kpageflags", root);
	unlink(path);
	tap_ok(folios_open(&f, root, cgdir) == -1 && f.flags_fd == -1 &&
	       f.cgroup_fd == -1,
	       "folios-2.5 no kpageflags: an error, kpagecgroup not left open");
	snprintf(path, sizeof(path), "%s/proc/kpagecgroup", root);
	unlink(path);
	snprintf(path, sizeof(path), "%s/proc", root);
	rmdir(path);
	rmdir(cgdir);
	rmdir(root);
}

int main(void)
{
	layouts();
	from_files();
	return tap_done();
}
