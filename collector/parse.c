/*
 * parse.c - text formats of /proc files, see parse.h.
 *
 * DESIGN: the hot path of the collector runs these on every sample, so
 * they scan the buffer once with memchr(), never copy a flat name, never
 * call sscanf() or malloc() once the list has grown to size.
 */
#include <string.h>

#include "parse.h"
#include "banned.h"

static int is_space(char c)
{
	return c == ' ' || c == '\t';
}

static const char *skip_spaces(const char *s, const char *end)
{
	while (s < end && is_space(*s))
		s++;
	return s;
}

static const char *line_end(const char *s, const char *end)
{
	const char *nl = memchr(s, '\n', (size_t)(end - s));

	return nl ? nl : end;
}

int parse_flat(const char *buf, size_t len, uint16_t src, struct kv_list *out)
{
	const char *s = buf, *end = buf + len;

	while (s < end) {
		const char *eol = line_end(s, end);
		const char *name = skip_spaces(s, eol), *p = name;
		int64_t v;

		while (p < eol && !is_space(*p))
			p++;
		if (p > name && kv_parse_u64(skip_spaces(p, eol), eol, &v) &&
		    kv_push(out, src, name, (size_t)(p - name), v))
			return -1;
		s = eol + 1;
	}
	return 0;
}

int parse_meminfo(const char *buf, size_t len, uint16_t src,
		  struct kv_list *out)
{
	const char *s = buf, *end = buf + len;

	while (s < end) {
		const char *eol = line_end(s, end);
		const char *colon = memchr(s, ':', (size_t)(eol - s));
		int64_t v;

		if (colon && colon > s &&
		    kv_parse_u64(skip_spaces(colon + 1, eol), eol, &v) &&
		    kv_push(out, src, s, (size_t)(colon - s), v))
			return -1;
		s = eol + 1;
	}
	return 0;
}

/* Push prefix + field (with "a b:" folded to "a_b") as a composed name. */
static int push_composed(struct kv_list *out, uint16_t src, const char *prefix,
			 size_t prefix_len, const char *field, size_t field_len,
			 int64_t v)
{
	char *name = kv_name_alloc(out, prefix_len + field_len);
	size_t i, n = prefix_len;

	if (!name)
		return -1;
	memcpy(name, prefix, prefix_len);
	for (i = 0; i < field_len; i++) {
		char c = field[i];

		if (c == ':')
			continue;
		name[n++] = is_space(c) ? '_' : c;
	}
	return kv_push(out, src, name, n, v);
}

/*
 * The per-CPU pageset fields kept, each summed over the CPUs (and over
 * 2.6's hot and cold lists): the pages a zone's per-cpu lists hold are in
 * neither its free count nor an LRU, and since 6.7 their high limit is
 * tuned up to a share of the zone (high_max) and cut to batch << 2 while
 * kswapd reclaims it (nr_pcp_high(), mm/page_alloc.c).
 */
static const struct {
	const char *name;
	size_t len;
} pcp_fields[] = {
	{ "count", 5 }, { "high", 4 }, { "batch", 5 }, { "high_min", 8 }, { "high_max", 8 },
};
#define NR_PCP_FIELDS (sizeof(pcp_fields) / sizeof(pcp_fields[0]))

struct zone_cursor {
	char prefix[64];    /* "node0." or "node0.Normal." */
	size_t node_len;    /* length of "node0." */
	size_t len;
	int in_pagesets;
	int64_t pcp_sum[NR_PCP_FIELDS];
	unsigned pcp_seen;  /* bit i: pcp_fields[i] was printed */
};

/* One per-CPU line "count: 183": added to the zone's sum of that field. */
static void pcp_line(struct zone_cursor *z, const char *s, const char *eol)
{
	const char *colon = memchr(s, ':', (size_t)(eol - s));
	size_t i, n = colon ? (size_t)(colon - s) : 0;
	int64_t v;

	for (i = 0; i < NR_PCP_FIELDS; i++)
		if (n == pcp_fields[i].len && !memcmp(s, pcp_fields[i].name, n))
			break;
	if (i == NR_PCP_FIELDS || !kv_parse_u64(skip_spaces(colon + 1, eol), eol, &v))
		return;
	z->pcp_sum[i] += v;
	z->pcp_seen |= 1u << i;
}

/* The zone's pageset sums as "node0.Normal.pcp_count" and so on. */
static int pcp_flush(struct kv_list *out, uint16_t src, struct zone_cursor *z)
{
	char field[16];
	size_t i, n;

	z->in_pagesets = 0;
	if (!z->pcp_seen)
		return 0;
	for (i = 0; i < NR_PCP_FIELDS; i++) {
		if (!(z->pcp_seen & (1u << i)))
			continue;
		n = pcp_fields[i].len;
		memcpy(field, "pcp_", 4);
		memcpy(field + 4, pcp_fields[i].name, n);
		if (push_composed(out, src, z->prefix, z->len, field, 4 + n,
				  z->pcp_sum[i]))
			return -1;
	}
	memset(z->pcp_sum, 0, sizeof(z->pcp_sum));
	z->pcp_seen = 0;
	return 0;
}

/* "Node 0, zone   Normal" */
static void zone_header(struct zone_cursor *z, const char *s, const char *eol)
{
	const char *p = s + 5, *num = p, *zone;
	size_t n;

	while (p < eol && *p >= '0' && *p <= '9')
		p++;
	n = (size_t)(p - num);
	if (n > 20)
		n = 20;
	memcpy(z->prefix, "node", 4);
	memcpy(z->prefix + 4, num, n);
	z->prefix[4 + n] = '.';
	z->node_len = 5 + n;
	/* "zone" and the name after it; a line cut short has no zone name */
	zone = memchr(p, 'z', (size_t)(eol - p));
	zone = zone && eol - zone >= 4 && !memcmp(zone, "zone", 4) ?
	       skip_spaces(zone + 4, eol) : eol;
	n = (size_t)(eol - zone);
	if (n > sizeof(z->prefix) - z->node_len - 1)
		n = sizeof(z->prefix) - z->node_len - 1;
	memcpy(z->prefix + z->node_len, zone, n);
	z->prefix[z->node_len + n] = '.';
	z->len = z->node_len + n + 1;
	z->in_pagesets = 0;
}

/*
 * "protection: (0, 3018, 20170, 20170, 20170)": the zone's
 * lowmem_reserve[], the pages it keeps from allocations whose highest
 * zone is each zone in turn.  Kept as "protection", the last number: the
 * reserve against allocations that may use every zone (the tuple never
 * falls along it), which pgdat_balanced() adds to the high watermark for
 * a kswapd woken by a movable user allocation.  Nothing is kept where
 * the tuple is cut short or not numbers.
 */
static int protection_field(struct kv_list *out, uint16_t src,
			    const struct zone_cursor *z, const char *p,
			    const char *eol)
{
	const char *close = memchr(p, ')', (size_t)(eol - p)), *last = p + 1, *c;
	int64_t v;

	if (!close)
		return 0;
	for (c = p; c < close; c++)
		if (*c == ',')
			last = c + 1;
	if (kv_parse_u64(skip_spaces(last, close), close, &v) != close)
		return 0;
	return push_composed(out, src, z->prefix, z->len, "protection", 10, v);
}

/*
 * One field line: the name is every word before the first number; a
 * protection tuple keeps its last number (protection_field()), other
 * lines whose value is not a number are skipped.
 */
static int zone_field(struct kv_list *out, uint16_t src,
		      const struct zone_cursor *z, size_t prefix_len,
		      const char *s, const char *eol)
{
	const char *name = s, *p = s, *name_end = s;
	int64_t v;

	while (p < eol) {
		const char *word = p;

		if ((*p >= '0' && *p <= '9') || *p == '-' || *p == '(')
			break;
		while (p < eol && !is_space(*p))
			p++;
		name_end = p;
		p = skip_spaces(p, eol);
		if (word == p)
			break;
	}
	if (name_end - name == 11 && !memcmp(name, "protection:", 11) &&
	    p < eol && *p == '(')
		return protection_field(out, src, z, p, eol);
	if (name_end == name || !kv_parse_u64(p, eol, &v))
		return 0;
	return push_composed(out, src, z->prefix, prefix_len, name,
			     (size_t)(name_end - name), v);
}

int parse_zoneinfo(const char *buf, size_t len, uint16_t src,
		   struct kv_list *out)
{
	const char *s = buf, *end = buf + len;
	struct zone_cursor z = { .len = 0 };
	int per_node = 0;

	while (s < end) {
		const char *eol = line_end(s, end);
		const char *t = skip_spaces(s, eol);
		size_t indent = (size_t)(t - s), n = (size_t)(eol - t);

		if (indent == 0 && n > 5 && !memcmp(t, "Node ", 5)) {
			if (pcp_flush(out, src, &z))
				return -1;
			zone_header(&z, t, eol);
			per_node = 0;
		} else if (z.len == 0 || n == 0) {
			/* nothing before the first zone header */
		} else if (n == 14 && !memcmp(t, "per-node stats", 14)) {
			per_node = 1;
		} else if (indent == 2 && n >= 8 && !memcmp(t, "pagesets", 8)) {
			z.in_pagesets = 1;
		} else if (n >= 18 && !memcmp(t, "vm stats threshold", 18)) {
			/* per-CPU, printed inside pagesets */
		} else if (z.in_pagesets && (indent > 2 || (n >= 4 && !memcmp(t, "cpu:", 4)))) {
			pcp_line(&z, t, eol);
		} else {
			if (indent == 2) {
				if (pcp_flush(out, src, &z))
					return -1;
				per_node = 0;
			}
			if (zone_field(out, src, &z,
				       per_node ? z.node_len : z.len, t, eol))
				return -1;
		}
		s = eol + 1;
	}
	return pcp_flush(out, src, &z);
}

/*
 * One "key=value" of a PSI line, e.g. kind "some", key "avg10", value
 * "0.12": pushed as "some_avg10_x100" = 12, or "some_total_us".
 */
static int psi_pair(struct kv_list *out, uint16_t src, const char *kind,
		    size_t kind_len, const char *key, const char *key_end)
{
	const char *eq = memchr(key, '=', (size_t)(key_end - key)), *q;
	int is_total = eq && eq - key == 5 && !memcmp(key, "total", 5);
	const char *unit = is_total ? "_us" : "_x100";
	char name[64];
	size_t key_len, unit_len = strlen(unit);
	int64_t whole, frac = 0;

	if (!eq || !(q = kv_parse_u64(eq + 1, key_end, &whole)))
		return 0;
	if (!is_total) {
		/* the kernel prints exactly two decimals (LOAD_INT/LOAD_FRAC) */
		if (q < key_end && (*q != '.' || key_end - q != 3 ||
				    !kv_parse_u64(q + 1, key_end, &frac)))
			return 0;
		/* the kernel's averages are percentages: anything that
		 * overflows x100 is not a PSI value */
		if (frac < 0 || frac > 99 || whole < 0 ||
		    whole > (INT64_MAX - 99) / 100)
			return 0;
		whole = whole * 100 + frac;
	}
	key_len = (size_t)(eq - key);
	if (kind_len + 1 + key_len + unit_len > sizeof(name))
		return 0;
	memcpy(name, kind, kind_len);
	name[kind_len] = '_';
	memcpy(name + kind_len + 1, key, key_len);
	memcpy(name + kind_len + 1 + key_len, unit, unit_len);
	return push_composed(out, src, name, kind_len + 1 + key_len + unit_len,
			     "", 0, whole);
}

static int psi_line(struct kv_list *out, uint16_t src, const char *s,
		    const char *eol)
{
	const char *kind = s, *p = s;
	size_t kind_len;

	while (p < eol && !is_space(*p))
		p++;
	kind_len = (size_t)(p - kind);
	for (p = skip_spaces(p, eol); p < eol; p = skip_spaces(p, eol)) {
		const char *key = p;

		while (p < eol && !is_space(*p))
			p++;
		if (psi_pair(out, src, kind, kind_len, key, p))
			return -1;
	}
	return 0;
}

int parse_psi(const char *buf, size_t len, uint16_t src, struct kv_list *out)
{
	const char *s = buf, *end = buf + len;

	while (s < end) {
		const char *eol = line_end(s, end);

		if (psi_line(out, src, s, eol))
			return -1;
		s = eol + 1;
	}
	return 0;
}

int parse_single(const char *buf, size_t len, uint16_t src, const char *name,
		 struct kv_list *out)
{
	const char *end = buf + len;
	int64_t v;

	if (!kv_parse_u64(skip_spaces(buf, end), end, &v))
		return 0;
	return kv_push(out, src, name, strlen(name), v);
}
