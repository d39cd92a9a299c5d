/* facts.c - kernel and machine facts recorded at the start of a run. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "facts.h"
#include "kv.h"
#include "parse.h"
#include "readall.h"
#include "source.h"
#include "banned.h"

char *facts_read_line(const char *root, const char *path)
{
	char full[4096], *buf = NULL;
	size_t rl = strlen(root), pl = strlen(path), cap = 0;
	long n;
	int fd;

	if (rl + pl + 1 > sizeof(full))
		return NULL;
	memcpy(full, root, rl);
	memcpy(full + rl, path, pl + 1);
	fd = open(full, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	n = readall_fd(fd, &buf, &cap);
	close(fd);
	if (n < 0) {
		free(buf);
		return NULL;
	}
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		n--;
	/* room for the NUL: the buffer is never full after readall_fd() */
	buf[n] = 0;
	return buf;
}

long facts_read_long(const char *root, const char *path)
{
	char *s = facts_read_line(root, path), *end;
	long v = -1;

	if (s) {
		v = strtol(s, &end, 10);
		if (end == s)
			v = -1;
		free(s);
	}
	return v;
}

static char *dup_str(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);

	if (d)
		memcpy(d, s, n);
	return d;
}

/* Parse a whole file with one of the collector's parsers. */
static int read_parsed(const char *root, const char *path,
		       enum source_format fmt, struct source_set *set,
		       struct kv_list *kv)
{
	source_set_init(set);
	kv_list_init(kv);
	if (source_set_add(set, "facts", root, path, fmt, NULL, 0))
		return -1;
	set->v[0].warned = 1;   /* a missing fact is NULL, not a warning */
	source_set_open(set);
	return source_set_read(set, kv);
}

static int64_t kv_find(const struct kv_list *kv, const char *name)
{
	size_t i, n = strlen(name);

	for (i = 0; i < kv->nr; i++)
		if (kv->v[i].name_len == n && !memcmp(kv->v[i].name, name, n))
			return kv->v[i].value;
	return -1;
}

static void meminfo_facts(struct run_facts *f, const char *root)
{
	struct source_set set;
	struct kv_list kv;

	if (!read_parsed(root, "/proc/meminfo", FMT_MEMINFO, &set, &kv)) {
		f->mem_total_kb = kv_find(&kv, "MemTotal");
		f->swap_total_kb = kv_find(&kv, "SwapTotal");
	}
	kv_list_release(&kv);
	source_set_release(&set);
}

/* Match "node<N>.<zone>.<field>" and return the field, or NULL. */
static const char *zone_field(const struct kv_entry *e, long *node,
			      const char **zone, size_t *zone_len)
{
	const char *s = e->name, *end = e->name + e->name_len, *dot1, *dot2;

	if (e->name_len < 7 || memcmp(s, "node", 4))
		return NULL;
	dot1 = memchr(s, '.', (size_t)(end - s));
	dot2 = dot1 ? memchr(dot1 + 1, '.', (size_t)(end - dot1 - 1)) : NULL;
	if (!dot2)
		return NULL;
	*node = strtol(s + 4, NULL, 10);
	*zone = dot1 + 1;
	*zone_len = (size_t)(dot2 - dot1 - 1);
	return dot2 + 1;
}

static struct watermark *watermark_slot(struct run_facts *f, long node,
					const char *zone, size_t zone_len)
{
	struct watermark *w;
	size_t i;

	if (zone_len >= sizeof(w->zone))
		return NULL;
	for (i = 0; i < f->nr_watermarks; i++) {
		w = &f->watermarks[i];
		if (w->node == node && strlen(w->zone) == zone_len &&
		    !memcmp(w->zone, zone, zone_len))
			return w;
	}
	w = realloc(f->watermarks, (f->nr_watermarks + 1) * sizeof(*w));
	if (!w)
		return NULL;
	f->watermarks = w;
	w = &w[f->nr_watermarks++];
	w->node = node;
	memcpy(w->zone, zone, zone_len);
	w->zone[zone_len] = 0;
	w->min_pages = w->low_pages = w->high_pages = w->managed_pages = -1;
	w->boost_pages = 0;
	return w;
}

/*
 * Zones with no managed page are left out: zoneinfo gives them
 * watermarks (an empty Movable zone: high 32 on 6.12 and 6.18), but the
 * kernel's sums skip them (kswapd_shrink_node()'s nr_to_reclaim,
 * prepare_scan_count()'s file_is_tiny: `if (!managed_zone(zone))
 * continue;`, v6.1 and v6.18), and no boost can grow in them.
 */
static void drop_unmanaged(struct run_facts *f)
{
	size_t i, n = 0;

	for (i = 0; i < f->nr_watermarks; i++)
		if (f->watermarks[i].managed_pages != 0)
			f->watermarks[n++] = f->watermarks[i];
	f->nr_watermarks = n;
}

/*
 * zoneinfo prints min_wmark_pages(zone) and the others, which are
 * _watermark[] + watermark_boost (wmark_pages(), include/linux/mmzone.h,
 * v5.0 - v6.18), beside the boost itself: a run that starts while a
 * fragmentation event has a zone boosted (a pageblock, 512 pages on
 * x86-64) would record that boost as the zone's watermark for the whole
 * run.  The model adds the boost of each sample where it needs it.
 */
static void drop_boost(struct watermark *w)
{
	int64_t *wm[3] = { &w->min_pages, &w->low_pages, &w->high_pages };
	int i;

	for (i = 0; i < 3; i++)
		if (*wm[i] >= w->boost_pages)
			*wm[i] -= w->boost_pages;
}

/* The zoneinfo fields of a zone kept, as watermark_value() numbers them. */
static const char *const watermark_names[] = { "min", "low", "high", "managed", "boost" };

/* The field's index in watermark_names, exactly (not "high:" of the
 * pagesets); -1 another. */
static int watermark_field(const struct kv_entry *v, const char *field)
{
	size_t len = (size_t)(v->name + v->name_len - field);
	int i;

	for (i = 0; i < 5; i++)
		if (len == strlen(watermark_names[i]) && !strncmp(field, watermark_names[i], len))
			return i;
	return -1;
}

static int64_t *watermark_value(struct watermark *w, int field)
{
	int64_t *value[] = { &w->min_pages, &w->low_pages, &w->high_pages,
			     &w->managed_pages, &w->boost_pages };

	return value[field];
}

static void watermark_facts(struct run_facts *f, const char *root)
{
	struct source_set set;
	struct kv_list kv;
	size_t i;

	if (!read_parsed(root, "/proc/zoneinfo", FMT_ZONEINFO, &set, &kv)) {
		for (i = 0; i < kv.nr; i++) {
			const char *zone, *field;
			size_t zone_len;
			struct watermark *w;
			long node;
			int which;

			field = zone_field(&kv.v[i], &node, &zone, &zone_len);
			which = field ? watermark_field(&kv.v[i], field) : -1;
			if (which < 0)
				continue;
			w = watermark_slot(f, node, zone, zone_len);
			if (!w)
				continue;
			*watermark_value(w, which) = kv.v[i].value;
		}
	}
	for (i = 0; i < f->nr_watermarks; i++)
		drop_boost(&f->watermarks[i]);
	drop_unmanaged(f);
	kv_list_release(&kv);
	source_set_release(&set);
}

int facts_gather(struct run_facts *f, const char *root, const char *cgroup_dir)
{
	struct utsname u;
	char host[256];

	memset(f, 0, sizeof(*f));
	f->page_size = sysconf(_SC_PAGESIZE);
	f->cpus = sysconf(_SC_NPROCESSORS_ONLN);
	f->kernel_release = facts_read_line(root, "/proc/sys/kernel/osrelease");
	f->kernel_version = facts_read_line(root, "/proc/sys/kernel/version");
	f->host = facts_read_line(root, "/proc/sys/kernel/hostname");
	f->boot_id = facts_read_line(root, "/proc/sys/kernel/random/boot_id");
	if (!*root && uname(&u) == 0) {
		/* the real machine: uname(2) never fails where /proc is absent */
		free(f->kernel_release);
		free(f->kernel_version);
		f->kernel_release = dup_str(u.release);
		f->kernel_version = dup_str(u.version);
		f->machine = dup_str(u.machine);
	}
	if (!f->host && gethostname(host, sizeof(host)) == 0) {
		host[sizeof(host) - 1] = 0;
		f->host = dup_str(host);
	}
	f->swappiness = facts_read_long(root, "/proc/sys/vm/swappiness");
	f->lru_gen = facts_read_line(root, "/sys/kernel/mm/lru_gen/enabled");
	if (!f->lru_gen)
		f->lru_gen = dup_str("none");
	f->cgroup_swappiness = -1;
	if (cgroup_dir) {
		/* cgroup_dir is already absolute and rooted */
		f->cgroup_swappiness = facts_read_long(cgroup_dir, "/memory.swappiness");
	}
	f->mem_total_kb = f->swap_total_kb = -1;
	meminfo_facts(f, root);
	watermark_facts(f, root);
	return f->lru_gen ? 0 : -1;
}

void facts_release(struct run_facts *f)
{
	free(f->kernel_release);
	free(f->kernel_version);
	free(f->machine);
	free(f->host);
	free(f->boot_id);
	free(f->lru_gen);
	free(f->watermarks);
	memset(f, 0, sizeof(*f));
}
