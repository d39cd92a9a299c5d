/*
 * csv.c - CSV logs: vmscope's own exports (wide and long) and any CSV
 * with a time column.
 *
 *   wide  a header, then one row per sample: a time column ("t", else
 *         the first), then one column per counter ("pgfault",
 *         "meminfo.MemFree", "vmstat.t" for a vmstat name that would be
 *         taken for another column).  An export's run_id column makes one
 *         run per run_id; its seq column is implied by the order.
 *   long  a header with source, name and value columns (the view
 *         counter_values: run_id, seq, t, source, name, value, delta,
 *         reset, kind, u64), one row per sample and counter.
 *
 * Records before the header whose first field is "#fact", "#tag" or
 * "#marker" carry an export's run facts, tags and markers (RUN, KEY,
 * VALUE), so that export and import round-trip a run exactly.
 *
 * DESIGN: the file is fed to libcsv line by line (lines end at \n, \r\n
 * or \r, see reader.c), a record's fields are collected, then the record
 * is handled as a whole.  Header names are checked once (a duplicated
 * column is refused, not dropped), and each column's source and name
 * are resolved then, not per row.
 */
#include <csv.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "import.h"
#include "banned.h"

struct column {
	char *label;
	uint16_t src;
	const char *name;         /* into label */
	size_t name_len;
};

struct csv_state {
	struct importer *im;
	/* the record being collected */
	char **f;
	size_t *flen, nr, alloc;
	int failed, have_header, is_long;
	/* wide */
	struct column *col;
	size_t nr_col;
	int t_col, run_col, seq_col;
	/* long */
	int l_run, l_seq, l_t, l_src, l_name, l_value, l_u64;
	int64_t cur_run, cur_seq, cur_t;
	int have_cur;
};

static void field_cb(void *s, size_t len, void *data)
{
	struct csv_state *cs = data;
	char *copy;

	if (cs->failed)
		return;
	if (cs->nr == cs->alloc) {
		size_t n = cs->alloc ? cs->alloc * 2 : 64;
		char **f = realloc(cs->f, n * sizeof(*f));
		size_t *l = f ? realloc(cs->flen, n * sizeof(*l)) : NULL;

		if (f)
			cs->f = f;
		if (!f || !l) {
			cs->failed = error("out of memory");
			return;
		}
		cs->flen = l;
		memset(cs->f + cs->alloc, 0, (n - cs->alloc) * sizeof(*f));
		cs->alloc = n;
	}
	copy = realloc(cs->f[cs->nr], len + 1);
	if (!copy) {
		cs->failed = error("out of memory");
		return;
	}
	if (len)
		memcpy(copy, s, len);
	copy[len] = 0;
	cs->f[cs->nr] = copy;
	cs->flen[cs->nr++] = len;
}

/* "meminfo.MemFree" -> (meminfo, "MemFree"); "vmstat.x" -> (vmstat, x). */
static void split_label(struct column *c)
{
	size_t i;

	c->src = SRC_VMSTAT;
	c->name = c->label;
	for (i = 0; i < NR_SOURCES; i++) {
		size_t l = strlen(import_sources[i]);

		if (!strncmp(c->label, import_sources[i], l) && c->label[l] == '.') {
			c->src = (uint16_t)i;
			c->name = c->label + l + 1;
			break;
		}
	}
	c->name_len = strlen(c->name);
}

static int index_of(struct csv_state *cs, const char *name)
{
	size_t i;

	for (i = 0; i < cs->nr; i++)
		if (!strcmp(cs->f[i], name))
			return (int)i;
	return -1;
}

static int long_header(struct csv_state *cs)
{
	struct importer *im = cs->im;

	cs->is_long = 1;
	im->format = "vmscope long CSV";
	cs->l_run = index_of(cs, "run_id");
	cs->l_seq = index_of(cs, "seq");
	cs->l_t = index_of(cs, "t");
	cs->l_src = index_of(cs, "source");
	cs->l_name = index_of(cs, "name");
	cs->l_value = index_of(cs, "value");
	cs->l_u64 = index_of(cs, "u64");
	if (cs->l_seq < 0 || cs->l_t < 0)
		return import_fail(im, "a long CSV needs seq and t columns");
	return 0;
}

static int cmp_label(const void *a, const void *b)
{
	return strcmp((*(const struct column *const *)a)->label,
		      (*(const struct column *const *)b)->label);
}

/* A duplicated column is refused, not dropped; sorted: n log n. */
static int check_duplicates(struct csv_state *cs)
{
	const struct column **s = malloc((cs->nr_col + 1) * sizeof(*s));
	size_t i;
	int rc = 0;

	if (!s)
		return error("out of memory");
	for (i = 0; i < cs->nr_col; i++)
		s[i] = &cs->col[i];
	qsort(s, cs->nr_col, sizeof(*s), cmp_label);
	for (i = 1; i < cs->nr_col && !rc; i++)
		if (!strcmp(s[i - 1]->label, s[i]->label))
			rc = import_fail(cs->im, "column '%s' appears twice",
					 s[i]->label);
	free(s);
	return rc;
}

/*
 * A PCP metric name ("mem.vmstat.pgpgin", as pmrep -o csv heads its
 * columns): not a vmscope column, and pmrep prints counters as rates
 * unless run with -r, so the numbers would be read as the wrong thing.
 */
static int is_pcp_metric(const char *label)
{
	static const char *const ns[] = {
		"mem.", "swap.", "kernel.", "disk.", "network.", "hinv.",
		"proc.", "filesys.", "vfs.", "cgroup.",
	};
	size_t i;

	for (i = 0; i < sizeof(ns) / sizeof(ns[0]); i++)
		if (!strncmp(label, ns[i], strlen(ns[i])))
			return 1;
	return 0;
}

static int wide_header(struct csv_state *cs)
{
	struct importer *im = cs->im;
	size_t i;

	for (i = 0; i < cs->nr; i++)
		if (cs->f[i] && is_pcp_metric(cs->f[i])) {
			im->format = "PCP pmrep CSV";
			return import_fail(im, "column '%.200s' is a PCP metric: "
					   "PCP output is not read (pmrep prints "
					   "counters as rates unless run with -r); "
					   "name the columns as /proc/vmstat does "
					   "(pgpgin, ...) over raw values to import "
					   "it as CSV", cs->f[i]);
		}

	im->format = "CSV";
	cs->run_col = index_of(cs, "run_id");
	cs->seq_col = cs->run_col >= 0 ? index_of(cs, "seq") : -1;
	cs->t_col = index_of(cs, "t");
	if (cs->t_col < 0)
		cs->t_col = 0;
	cs->col = calloc(cs->nr, sizeof(*cs->col));
	if (!cs->col)
		return error("out of memory");
	cs->nr_col = cs->nr;
	for (i = 0; i < cs->nr; i++) {
		if (!cs->flen[i])
			return import_fail(im, "column %zu has no name", i + 1);
		cs->col[i].label = cs->f[i];
		cs->f[i] = NULL;          /* the column owns it now */
		split_label(&cs->col[i]);
	}
	return check_duplicates(cs);
	return 0;
}

static int header(struct csv_state *cs)
{
	cs->have_header = 1;
	/* an export: runs, facts and tags come from the file */
	cs->im->is_export = cs->im->nr_meta > 0 || cs->im->nr_smeta > 0 ||
			    index_of(cs, "run_id") >= 0;
	if (index_of(cs, "source") >= 0 && index_of(cs, "name") >= 0 &&
	    index_of(cs, "value") >= 0)
		return long_header(cs);
	return wide_header(cs);
}

static int meta_record(struct csv_state *cs)
{
	struct importer *im = cs->im;
	int64_t run;

	if (cs->have_header)
		return import_fail(im, "'%s' after the header", cs->f[0]);
	if (cs->nr < 3 || cs->nr > 4 || import_parse_epoch(cs->f[1]) < 0)
		return import_fail(im, "expected '%s,RUN,KEY,VALUE'", cs->f[0]);
	run = import_parse_epoch(cs->f[1]) / 1000000;
	return import_add_meta(im, run, cs->f[0] + 1, cs->f[2],
			       cs->nr == 4 ? cs->f[3] : NULL);
}

/* A number cell: a time (>= 0, seconds) or an id. */
static int cell_time(struct csv_state *cs, int i, int64_t *us, const char *what)
{
	if (i < 0 || (size_t)i >= cs->nr ||
	    (*us = import_parse_epoch(cs->f[i])) < 0)
		return import_fail(cs->im, "bad %s '%s'", what,
				   i >= 0 && (size_t)i < cs->nr ? cs->f[i] : "");
	return 0;
}

static int cell_value(struct csv_state *cs, size_t i, int64_t *v)
{
	const char *e = kv_parse_u64(cs->f[i], cs->f[i] + cs->flen[i], v);

	if (!e || e != cs->f[i] + cs->flen[i])
		return import_fail(cs->im, "column %zu: '%s' is not a whole "
				   "number", i + 1, cs->f[i]);
	return 0;
}

/* A new run_id in an export: the previous run ends. */
static int switch_run(struct csv_state *cs, int64_t run)
{
	struct importer *im = cs->im;

	if (im->run_open && run != im->meta_run &&
	    ((cs->is_long && import_fill_empty(im, INT64_MAX)) ||
	     import_close_run(im)))
		return -1;
	im->meta_run = run;
	return 0;
}

static int wide_row(struct csv_state *cs)
{
	struct importer *im = cs->im;
	int64_t t, run, v;
	size_t i;
	int rc;

	if (cs->nr != cs->nr_col)
		return import_fail(im, "%zu fields where the header has %zu",
				   cs->nr, cs->nr_col);
	if (cell_time(cs, cs->t_col, &t, "time"))
		return -1;
	if (cs->run_col >= 0 && (cell_time(cs, cs->run_col, &run, "run id") ||
				 switch_run(cs, run / 1000000)))
		return -1;
	for (i = 0; i < cs->nr; i++) {
		const struct column *c = &cs->col[i];

		if ((int)i == cs->t_col || (int)i == cs->run_col ||
		    (int)i == cs->seq_col || cs->flen[i] == 0)
			continue;               /* empty: absent */
		if (cell_value(cs, i, &v) ||
		    kv_push(&im->kv, c->src, c->name, c->name_len, v))
			return -1;
	}
	/* an export's row of empty cells: a sample with no counter */
	im->emit_empty = im->is_export;
	rc = import_emit(im, t);
	im->emit_empty = 0;
	return rc;
}

static int long_row(struct csv_state *cs)
{
	struct importer *im = cs->im;
	int64_t run = 0, seq, t, v;
	size_t i, len;
	int vcol = cs->l_u64 >= 0 ? cs->l_u64 : cs->l_value;
	const char *src;

	if ((cs->l_run >= 0 && cell_time(cs, cs->l_run, &run, "run id")) ||
	    cell_time(cs, cs->l_seq, &seq, "seq") ||
	    cell_time(cs, cs->l_t, &t, "time"))
		return -1;
	if ((size_t)vcol >= cs->nr || (size_t)cs->l_src >= cs->nr ||
	    (size_t)cs->l_name >= cs->nr)
		return import_fail(im, "a row shorter than the header");
	/* a new sample: the previous one is complete */
	if (cs->have_cur && (run != cs->cur_run || seq != cs->cur_seq)) {
		if (import_emit(im, cs->cur_t))
			return -1;
	}
	if (switch_run(cs, run / 1000000) ||
	    (!(cs->have_cur && seq == cs->cur_seq) &&
	     import_fill_empty(im, seq)))
		return -1;
	cs->have_cur = 1;
	cs->cur_run = run;
	cs->cur_seq = seq;
	cs->cur_t = t;
	src = cs->f[cs->l_src];
	for (i = 0; i < NR_SOURCES && strcmp(src, import_sources[i]); i++)
		;
	if (i == NR_SOURCES)
		return import_fail(im, "unknown source '%s'", src);
	len = cs->flen[cs->l_name];
	if (!len)
		return import_fail(im, "a counter without a name");
	if (cell_value(cs, (size_t)vcol, &v))
		return -1;
	{
		char *copy = kv_name_alloc(&im->kv, len);

		if (!copy)
			return error("out of memory");
		memcpy(copy, cs->f[cs->l_name], len);
		if (kv_push(&im->kv, (uint16_t)i, copy, len, v))
			return error("out of memory");
	}
	return 0;
}

static void row_cb(int c, void *data)
{
	struct csv_state *cs = data;

	(void)c;
	if (cs->failed)
		goto out;
	if (cs->nr && cs->f[0][0] == '#' && (!strcmp(cs->f[0], "#fact") ||
		!strcmp(cs->f[0], "#tag") || !strcmp(cs->f[0], "#marker") ||
		!strcmp(cs->f[0], "#sample") || !strcmp(cs->f[0], "#watermark")))
		cs->failed = meta_record(cs);
	else if (!cs->have_header)
		cs->failed = header(cs);
	else
		cs->failed = cs->is_long ? long_row(cs) : wide_row(cs);
out:
	cs->nr = 0;
}

static void csv_state_release(struct csv_state *cs)
{
	size_t i;

	for (i = 0; i < cs->alloc; i++)
		free(cs->f[i]);
	free(cs->f);
	free(cs->flen);
	for (i = 0; i < cs->nr_col; i++)
		free(cs->col[i].label);
	free(cs->col);
}

/* Feed one line (and its newline) to the parser. */
static int feed(struct csv_parser *p, struct csv_state *cs, const char *line,
		size_t len)
{
	if (memchr(line, 0, len))
		return import_fail(cs->im, "a NUL byte in the line");
	if (csv_parse(p, line, len, field_cb, row_cb, cs) != len ||
	    csv_parse(p, "\n", 1, field_cb, row_cb, cs) != 1)
		return import_fail(cs->im, "%s", csv_strerror(csv_error(p)));
	return cs->failed ? -1 : 0;
}

int import_csv(struct importer *im, struct line_reader *r, char *first,
	       size_t first_len)
{
	struct csv_parser p;
	struct csv_state cs;
	char *line;
	size_t len;
	int rc, n;

	memset(&cs, 0, sizeof(cs));
	cs.im = im;
	im->format = "CSV";
	if (csv_init(&p, CSV_APPEND_NULL) != 0)
		return error("out of memory");
	rc = feed(&p, &cs, first, first_len);
	while (!rc && (n = line_reader_next(r, &line, &len)) != 0) {
		if (n < 0) {
			rc = error_errno("cannot read '%s'", im->file);
			break;
		}
		im->line++;
		rc = feed(&p, &cs, line, len);
	}
	if (!rc) {
		csv_fini(&p, field_cb, row_cb, &cs);
		rc = cs.failed;
	}
	if (!rc && cs.is_long && cs.have_cur)
		rc = import_emit(im, cs.cur_t) || import_fill_empty(im, INT64_MAX);
	else if (!rc && !im->run_open && im->store->run_id == 0)
		rc = import_fail(im, "a header and no rows");
	csv_free(&p);
	csv_state_release(&cs);
	return rc ? -1 : 0;
}
