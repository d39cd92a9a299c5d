/*
 * lrugen.c - MGLRU generations from debugfs lru_gen_full (see lrugen.h).
 *
 * DESIGN: the parser is a line classifier ("memcg", "node", or by its
 * number of fields: 4 a generation, 7 a tier, 6 the mm-walk stats) feeding
 * one lruvec at a time; at each lruvec's end its generations are resolved
 * (max_seq, min_seq per type from the 'x' marks) and added to the sums.
 * The file is small (a few lines per lruvec) and reopened each sample:
 * a seq_file has no stable pread at offset 0 across kernels.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "lrugen.h"
#include "banned.h"

/* MAX_NR_GENS is 4 (include/linux/mmzone.h, 6.1-6.12); room for more */
#define LG_MAX_ROWS 16
#define LG_MAX_FIELDS 8
/* " %10lu": a generation row's number starts within 11 columns */
#define LG_GEN_INDENT 10

const char *const lrugen_names[LG_NR] = {
	[LG_LRUVECS] = "lruvecs",
	[LG_MAX_SEQ] = "max_seq",
	[LG_MIN_SEQ_ANON] = "min_seq_anon",
	[LG_MIN_SEQ_FILE] = "min_seq_file",
	[LG_PAGES_ANON] = "pages_anon",
	[LG_PAGES_FILE] = "pages_file",
	[LG_OLDEST_ANON] = "oldest_anon",
	[LG_OLDEST_FILE] = "oldest_file",
	[LG_YOUNGEST_ANON] = "youngest_anon",
	[LG_YOUNGEST_FILE] = "youngest_file",
	[LG_OLDEST_AGE_ANON] = "oldest_age_ms_anon",
	[LG_OLDEST_AGE_FILE] = "oldest_age_ms_file",
	[LG_ANON_OLDER_LRUVECS] = "anon_older_lruvecs",
	[LG_ANON_OLDER_PAGES] = "anon_older_pages",
	[LG_CTRL_REFAULTED_ANON] = "ctrl_refaulted_anon",
	[LG_CTRL_REFAULTED_FILE] = "ctrl_refaulted_file",
	[LG_CTRL_TOTAL_ANON] = "ctrl_total_anon",
	[LG_CTRL_TOTAL_FILE] = "ctrl_total_file",
	[LG_ENABLED] = "enabled",
	[LG_MIN_TTL_MS] = "min_ttl_ms",
};

struct lg_row {
	int64_t seq, age_ms, pages[2];
	int old[2];                 /* 'x': seq < min_seq[type] */
	int64_t t0[2][2];           /* tier 0: first two numbers per type */
	char t0_kind[2];            /* 'R' (avg), 'r' (current), 0 none */
};

struct lg_vec {
	struct lg_row rows[LG_MAX_ROWS];
	int nr;
};

struct lg_field {
	int64_t n;
	char mark;                  /* the character glued after the number */
};

/* Split a line into numbers with an optional glued mark; -1 if not numbers. */
static int split_fields(const char *s, const char *end, struct lg_field *f)
{
	int nr = 0;

	while (s < end) {
		const char *p;

		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		if (s == end)
			break;
		if (nr == LG_MAX_FIELDS)
			return -1;
		p = kv_parse_u64(s, end, &f[nr].n);
		if (!p || *s == '-')
			return -1;
		f[nr].mark = p < end && *p != ' ' ? *p++ : ' ';
		if (p < end && *p != ' ' && *p != '\t')
			return -1;
		nr++;
		s = p;
	}
	return nr;
}

static size_t indent_of(const char *s, const char *end)
{
	const char *p = s;

	while (p < end && *p == ' ')
		p++;
	return (size_t)(p - s);
}

static int starts(const char *s, const char *end, const char *word)
{
	size_t n = strlen(word);

	while (s < end && *s == ' ')
		s++;
	return (size_t)(end - s) > n && !memcmp(s, word, n) && s[n] == ' ';
}

/* Resolve one lruvec's rows and add it to the sums. */
static void add_vec(const struct lg_vec *v, struct lrugen_stats *o)
{
	int64_t min_seq[2] = { -1, -1 }, max_seq = -1;
	int i, t, oldest[2] = { -1, -1 }, youngest = -1;

	for (i = 0; i < v->nr; i++) {
		const struct lg_row *r = &v->rows[i];

		if (r->seq > max_seq) {
			max_seq = r->seq;
			youngest = i;
		}
		for (t = 0; t < 2; t++)
			if (!r->old[t] && (min_seq[t] < 0 || r->seq < min_seq[t])) {
				min_seq[t] = r->seq;
				oldest[t] = i;
			}
	}
	if (youngest < 0 || oldest[0] < 0 || oldest[1] < 0)
		return;
	o->v[LG_LRUVECS]++;
	o->v[LG_MAX_SEQ] += max_seq;
	for (t = 0; t < 2; t++) {
		const struct lg_row *old = &v->rows[oldest[t]];
		const struct lg_row *young = &v->rows[youngest];

		o->v[LG_MIN_SEQ_ANON + t] += min_seq[t];
		o->v[LG_OLDEST_ANON + t] += old->pages[t];
		o->v[LG_YOUNGEST_ANON + t] += young->pages[t];
		if (old->age_ms > o->v[LG_OLDEST_AGE_ANON + t])
			o->v[LG_OLDEST_AGE_ANON + t] = old->age_ms;
		/* read_ctrl_pos(): avg_* (printed at max_seq) + min_seq's hist */
		if (young->t0_kind[t] == 'R') {
			o->v[LG_CTRL_REFAULTED_ANON + t] += young->t0[t][0];
			o->v[LG_CTRL_TOTAL_ANON + t] += young->t0[t][1];
		}
		if (old->t0_kind[t] == 'r') {
			o->v[LG_CTRL_REFAULTED_ANON + t] += old->t0[t][0];
			o->v[LG_CTRL_TOTAL_ANON + t] += old->t0[t][1];
		}
	}
	for (i = 0; i < v->nr; i++)
		for (t = 0; t < 2; t++)
			if (!v->rows[i].old[t])
				o->v[LG_PAGES_ANON + t] += v->rows[i].pages[t];
	/* isolate_folios() (6.1-6.12): min_seq[anon] < min_seq[file] -> anon */
	if (min_seq[0] < min_seq[1]) {
		o->v[LG_ANON_OLDER_LRUVECS]++;
		for (i = 0; i < v->nr; i++)
			for (t = 0; t < 2; t++)
				if (!v->rows[i].old[t])
					o->v[LG_ANON_OLDER_PAGES] += v->rows[i].pages[t];
	}
}

static int add_tier(struct lg_vec *v, const struct lg_field *f);

/*
 * One numeric line into the current lruvec; -1 on a malformed line.
 * A generation row (" %10lu %10u ...") is indented by at most 10 spaces;
 * tier rows by 12 + 9 and the mm-walk stats by 22 + 1, and the latter
 * have 6 numbers on 6.1 but 4 once MM_LEAF_OLD and MM_NONLEAF_TOTAL were
 * removed (6.8), as many as a generation row: the indent tells them apart.
 */
static int add_line(struct lg_vec *v, const struct lg_field *f, int nr,
		    size_t indent)
{
	struct lg_row *r;
	int t;

	if (indent > LG_GEN_INDENT)
		return nr == 7 ? add_tier(v, f) : 0;   /* else mm walk stats */
	if (nr == 4) {
		if (v->nr == LG_MAX_ROWS)
			return -1;
		r = &v->rows[v->nr++];
		memset(r, 0, sizeof(*r));
		r->seq = f[0].n;
		r->age_ms = f[1].n;
		for (t = 0; t < 2; t++) {
			r->pages[t] = f[2 + t].n;
			r->old[t] = f[2 + t].mark == 'x';
		}
		return 0;
	}
	return -1;
}

/* A tier row of the last generation row: tier 0 feeds the type choice. */
static int add_tier(struct lg_vec *v, const struct lg_field *f)
{
	struct lg_row *r;
	int t;

	if (!v->nr)
		return -1;
	r = &v->rows[v->nr - 1];
	if (f[0].n != 0)
		return 0;       /* only tier 0 feeds the type choice (6.1-6.12) */
	for (t = 0; t < 2; t++) {
		r->t0[t][0] = f[1 + 3 * t].n;
		r->t0[t][1] = f[2 + 3 * t].n;
		r->t0_kind[t] = f[1 + 3 * t].mark == 'R' ? 'R' :
				f[1 + 3 * t].mark == 'r' ? 'r' : 0;
	}
	return 0;
}

/* The memcg path of a "memcg <id> <path>" line. */
static int memcg_selected(const char *s, const char *end, const char *memcg)
{
	const char *p;
	size_t n;

	if (!memcg)
		return 1;
	while (s < end && *s == ' ')
		s++;
	s += strlen("memcg");
	while (s < end && *s == ' ')
		s++;
	while (s < end && *s >= '0' && *s <= '9')
		s++;
	if (s < end && *s == ' ')
		s++;
	for (p = end; p > s && (p[-1] == ' ' || p[-1] == '\r'); p--)
		;
	n = strlen(memcg);
	return (size_t)(p - s) == n && !memcmp(s, memcg, n);
}

int lrugen_parse(const char *text, size_t len, const char *memcg,
		 struct lrugen_stats *out)
{
	const char *s = text, *end = text + len;
	struct lg_vec *v = calloc(1, sizeof(*v));
	int selected = 1, in_vec = 0, nr_vecs = 0, rc = 0;
	int64_t keep[2] = { out->v[LG_ENABLED], out->v[LG_MIN_TTL_MS] };

	if (!v)
		return -1;
	memset(out, 0, sizeof(*out));
	out->v[LG_ENABLED] = keep[0];
	out->v[LG_MIN_TTL_MS] = keep[1];
	while (s < end && !rc) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *le = nl ? nl : end;
		struct lg_field f[LG_MAX_FIELDS];
		int nr;

		if (starts(s, le, "memcg") || starts(s, le, "node")) {
			if (in_vec && selected) {
				add_vec(v, out);
				nr_vecs++;
			}
			in_vec = 0;
			if (starts(s, le, "memcg"))
				selected = memcg_selected(s, le, memcg);
			else
				in_vec = 1;
			v->nr = 0;
		} else if ((nr = split_fields(s, le, f)) > 0) {
			rc = in_vec ? add_line(v, f, nr, indent_of(s, le)) : -1;
		} else if (nr < 0) {
			rc = -1;
		}
		s = nl ? nl + 1 : end;
	}
	if (!rc && in_vec && selected) {
		add_vec(v, out);
		nr_vecs++;
	}
	free(v);
	return rc ? -1 : nr_vecs;
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int lrugen_start(struct lrugen_src *g, const char *root, const char *memcg)
{
	char dir[520];
	struct stat st;

	memset(g, 0, sizeof(*g));
	snprintf(g->root, sizeof(g->root), "%s", root);
	g->memcg = memcg;
	snprintf(dir, sizeof(dir), "%s/sys/kernel/debug", root);
	snprintf(g->path, sizeof(g->path), "%s/lru_gen_full", dir);
	if (stat(g->path, &st)) {
		if (!is_dir(dir))
			return error("no debugfs: this kernel has no %s "
				     "(CONFIG_DEBUG_FS)", dir);
		/* an empty mount point: mount it, as trace-cmd does tracefs */
		if (mount("debugfs", dir, "debugfs", 0, NULL))
			return error_errno("debugfs is not mounted and cannot "
					   "be mounted on '%s'", dir);
		snprintf(g->mnt, sizeof(g->mnt), "%s", dir);
		if (stat(g->path, &st)) {
			lrugen_stop(g);
			return error("this kernel has no MGLRU debugfs file "
				     "'%s' (CONFIG_LRU_GEN)", g->path);
		}
	}
	g->cap = 65536;
	g->buf = malloc(g->cap);
	return g->buf ? 0 : error("out of memory");
}

/* The whole file, reopened (see the DESIGN note); -1 if it cannot be read. */
static long read_whole(struct lrugen_src *g, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t len = 0;

	if (fd < 0)
		return -1;
	for (;;) {
		ssize_t n;

		if (g->cap - len < 4096) {
			char *nb = realloc(g->buf, g->cap * 2);

			if (!nb) {
				close(fd);
				return -1;
			}
			g->buf = nb;
			g->cap *= 2;
		}
		n = read(fd, g->buf + len, g->cap - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			close(fd);
			return n < 0 ? -1 : (long)len;
		}
		len += (size_t)n;
	}
}

/* A small sysfs number ("0x0007" or "1000"); keep *v when unreadable. */
static void read_sysfs(struct lrugen_src *g, const char *name, int64_t *v)
{
	char path[600], text[64];
	FILE *f;

	snprintf(path, sizeof(path), "%s/sys/kernel/mm/lru_gen/%s", g->root, name);
	f = fopen(path, "re");
	if (!f)
		return;
	if (fgets(text, sizeof(text), f))
		*v = strtoll(text, NULL, 0);
	fclose(f);
}

int lrugen_enabled(const char *root)
{
	struct lrugen_src g;
	int64_t caps = 0;

	snprintf(g.root, sizeof(g.root), "%s", root);
	read_sysfs(&g, "enabled", &caps);
	return caps != 0;
}

int lrugen_push(struct lrugen_src *g, uint16_t src, struct kv_list *out)
{
	struct lrugen_stats st;
	long len = read_whole(g, g->path);
	int i;

	memset(&st, 0, sizeof(st));
	read_sysfs(g, "enabled", &st.v[LG_ENABLED]);
	read_sysfs(g, "min_ttl_ms", &st.v[LG_MIN_TTL_MS]);
	if (len < 0 || lrugen_parse(g->buf, (size_t)len, g->memcg, &st) < 0) {
		if (!g->warned)
			warning("cannot read MGLRU state from '%s'%s", g->path,
				len < 0 ? "" : ": unknown format");
		g->warned = 1;
		return 0;   /* like a removed cgroup: no entries this sample */
	}
	for (i = 0; i < LG_NR; i++)
		if (kv_push(out, src, lrugen_names[i], strlen(lrugen_names[i]),
			    st.v[i]))
			return -1;
	return 0;
}

void lrugen_stop(struct lrugen_src *g)
{
	free(g->buf);
	g->buf = NULL;
	if (g->mnt[0]) {
		if (umount(g->mnt))
			warning("cannot unmount debugfs from '%s': %s", g->mnt,
				strerror(errno));
		g->mnt[0] = 0;
	}
}
