/*
 * report.c - vmscope report DB... --by TAG [--baseline VALUE] [-o DIR]
 *            [--format txt,md,html]
 *
 * The kernel comparison a reviewer reads in a mail, in one command:
 * what was compared (groups, trials, machine facts), the 2004 table
 * where the runs sweep swappiness, the canonical metrics of each group
 * against the baseline in LKP's ncompare style with Holm-corrected
 * significance (report/ncompare.c), swap-out by cause (report/attrib.c),
 * charts of what changed most, and the command lines behind it all
 * (report/facts.c).  Written as DIR/report.txt (a plain-text mail body:
 * at most 76 columns, printable ASCII), DIR/report.md (charts as PNG in
 * DIR/charts/) and DIR/report.html (one file, charts inlined as SVG);
 * report/doc.c keeps the three alike.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "err.h"
#include "groups.h"
#include "plot.h"
#include "report/attrib.h"
#include "report/doc.h"
#include "report/facts.h"
#include "report/ncompare.h"
#include "runstats.h"
#include "banned.h"

/* the most changed metrics drawn as bars (a text chart holds six) */
#define TOP_CHARTED 8
/* more runs than this make an overlaid time series unreadable */
#define MAX_OVERLAID 4

struct report_opts {
	const char *by, *dir;
	char *baseline;              /* cleaned in place, see clean_set() */
	int want[NR_DOC_FORMATS];
	int argc;
	char **argv;
};

struct report {
	const struct report_opts *o;
	struct run_set set;
	struct group_list g;
	size_t base;                 /* index of the baseline group */
	struct run_stats **stats;    /* stats[group][run] */
	int sweep;                   /* runs with >= 2 swappiness values */
	int top[TOP_CHARTED];
	size_t nr_top;
};

static void report_usage(FILE *out)
{
	fprintf(out, "usage: vmscope report DB... --by TAG [--baseline VALUE] "
		"[-o DIR]\n                      [--format txt,md,html]\n");
}

static int compute_stats(struct report *r)
{
	size_t i, k;

	r->stats = calloc(r->g.nr, sizeof(*r->stats));
	if (!r->stats)
		return error("out of memory");
	for (i = 0; i < r->g.nr; i++) {
		r->stats[i] = calloc(r->g.v[i].nr, sizeof(**r->stats));
		if (!r->stats[i])
			return error("out of memory");
		for (k = 0; k < r->g.v[i].nr; k++) {
			const struct run_ref *run = &r->set.runs[r->g.v[i].runs[k]];

			if (run_stats_compute(r->set.dbs[run->db], r->set.paths[run->db],
					      run->id, -1, 1e300, &r->stats[i][k]))
				return -1;
		}
	}
	return 0;
}

/* A sweep: the runs carry at least two numeric swappiness values. */
static int is_sweep(const struct run_set *set)
{
	const char *first = NULL;
	size_t i;

	for (i = 0; i < set->nr_runs; i++) {
		const char *v = run_value(&set->runs[i], "swappiness");
		char *end;

		if (!v || (strtod(v, &end), end == v || *end))
			continue;
		if (first && strcmp(first, v))
			return 1;
		first = v;
	}
	return 0;
}

static int find_baseline(struct report *r)
{
	size_t i;

	r->base = 0;
	if (!r->o->baseline)
		return 0;
	for (i = 0; i < r->g.nr; i++)
		if (!strcmp(r->g.v[i].value, r->o->baseline)) {
			r->base = i;
			return 0;
		}
	return error("no run has %s = '%s' for the baseline", r->o->by,
		     r->o->baseline);
}

/* ------------------------------------------------------------------ */
/* sections                                                            */
/* ------------------------------------------------------------------ */

static int sweep_section(struct doc *d, const struct report *r)
{
	/* blocks by the compared tag, unless that is swappiness itself */
	const char *by = strcmp(r->o->by, "swappiness") ? r->o->by : "kernel";
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int rc;

	if (!f)
		return error_errno("cannot build the sweep table");
	rc = table_sweep_text(f, &r->set, by, "swappiness");
	if (fclose(f))
		rc = error_errno("cannot build the sweep table");
	if (!rc) {
		doc_heading(d, "The swappiness sweep (the 2004 table)");
		doc_para(d, "Per swappiness value, mean over trials with min and "
			 "max: total write throughput, swap used and page cache at "
			 "the end of each run.");
		doc_pre(d, text);
	}
	free(text);
	return rc;
}

static int metrics_block(struct doc *d, struct report *r, size_t i)
{
	const struct group *b = &r->g.v[r->base], *n = &r->g.v[i];
	struct gp_text lead = { NULL, 0, 0 }, rest = { NULL, 0, 0 }, head = { NULL, 0, 0 };
	struct ncmp c;
	int rc = ncmp_compute(r->stats[r->base], b->nr, r->stats[i], n->nr, &c);

	if (!rc && !r->nr_top)
		r->nr_top = ncmp_top(&c, r->top, TOP_CHARTED);
	rc = rc || gp_printf(&head, "%s %s (base, %zu trial%s) against %s %s "
			     "(%zu trial%s); Holm's family: %zu metric%s with "
			     "enough trials", r->o->by, b->value, b->nr,
			     b->nr > 1 ? "s" : "", r->o->by, n->value, n->nr,
			     n->nr > 1 ? "s" : "", c.nr_tested,
			     c.nr_tested == 1 ? "" : "s") ||
	     ncmp_render(&c, &lead, &rest);
	if (!rc) {
		doc_para(d, head.buf);
		doc_pre(d, lead.buf);
		doc_para(d, rest.buf);
		if (c.too_few)
			doc_para(d, "n<3: n too small; a side with fewer than 3 "
				 "trials gets no p-value. Run more trials (vmscope "
				 "bench --trials) to test significance.");
	}
	gp_text_release(&head);
	gp_text_release(&lead);
	gp_text_release(&rest);
	return rc;
}

static int metrics_section(struct doc *d, struct report *r)
{
	char note[600];
	size_t i;
	int rc = 0;

	snprintf(note, sizeof(note), "Mean of each group's trials, +-%%sd their "
		 "relative standard deviation, %%change against the base. "
		 "p(Holm): Welch's t-test p-value, adjusted by Holm's step-down "
		 "method for testing every metric at once (the family: the "
		 "metrics with at least %d trials a side); '*' is significant "
		 "at %.0f%% for the whole family. Metrics that changed "
		 "significantly or by %.0f%% or more lead, most changed first; "
		 "the rest follow by name.", NCMP_MIN_TRIALS, 100 * NCMP_ALPHA,
		 NCMP_LARGE_PCT);
	doc_heading(d, "Metrics");
	if (r->g.nr < 2) {
		doc_para(d, "Only one group: nothing to compare. Give runs with "
			 "different values of the --by tag.");
		return 0;
	}
	doc_para(d, note);
	for (i = 0; !rc && i < r->g.nr; i++)
		if (i != r->base)
			rc = metrics_block(d, r, i);
	return rc;
}

/* ------------------------------------------------------------------ */
/* charts                                                              */
/* ------------------------------------------------------------------ */

static const char *const chart_dirs[] = {
	[DOC_TXT] = "charts-txt", [DOC_MD] = "charts", [DOC_HTML] = "charts-svg",
};
static const char *const chart_captions[NR_CHARTS] = {
	[CH_TIMESERIES] = "swap, scanning and memory over time",
	[CH_SWAPPINESS] = "the swappiness sweep",
	[CH_ATTRIBUTION] = "swap-out by cause",
	[CH_PRIORITY] = "reclaim priority",
	[CH_COMPARE] = "the most changed metrics, per cent of the largest group",
	[CH_CAUSES] = "swap-out per interval by cause, over reclaim priority",
};

static int draw(const struct report *r, enum doc_format fmt,
		struct plot_opts *po, struct plot_result *res, char *dir,
		size_t cap)
{
	static const enum gp_format gp_fmt[] = {
		[DOC_TXT] = GP_DUMB, [DOC_MD] = GP_PNG, [DOC_HTML] = GP_SVG,
	};
	struct plot_opts sweep;

	snprintf(dir, cap, "%s/%s", r->o->dir, chart_dirs[fmt]);
	memset(po, 0, sizeof(*po));
	memset(res, 0, sizeof(*res));
	po->dir = dir;
	po->by = r->o->by;
	po->rows = "swappiness";
	po->fmt = gp_fmt[fmt];
	po->quiet = 1;
	po->overlay = 1;
	po->metrics = r->top;
	po->nr_metrics = r->nr_top;
	po->of_largest = 1;
	po->baseline = r->g.v[r->base].value;
	po->res = res;
	po->want[CH_COMPARE] = r->nr_top > 0;
	sweep = *po;
	po->want[CH_SWAPPINESS] = 0;
	/* a text mail gets one or two charts; the others every useful one */
	po->want[CH_TIMESERIES] = r->set.nr_runs <= MAX_OVERLAID &&
				  (fmt != DOC_TXT || !r->sweep);
	if (plot_mkdir(dir) || plot_charts(po, &r->set))
		return -1;
	/*
	 * the sweep and the attribution go across swappiness: one line (a
	 * bar per swappiness value) per kernel, or per --by value
	 */
	memset(sweep.want, 0, sizeof(sweep.want));
	sweep.want[CH_SWAPPINESS] = r->sweep;
	sweep.want[CH_ATTRIBUTION] = fmt != DOC_TXT;
	sweep.by = strcmp(r->o->by, "swappiness") ? r->o->by : "kernel";
	sweep.baseline = NULL;
	return plot_charts(&sweep, &r->set);
}

/* s without its leading and trailing blank lines (gnuplot's margins) */
static char *trim_blank_lines(char *s)
{
	char *end;

	while (*s && s[strspn(s, " ")] == '\n')
		s += strspn(s, " ") + 1;
	end = s + strlen(s);
	while (end > s && (end[-1] == '\n' || end[-1] == ' '))
		end--;
	*end = 0;
	return s;
}

/* A text chart into the document as preformatted lines. */
static int dumb_chart(struct doc *d, const char *dir, const char *name)
{
	char path[4096 + 80], *text = NULL;
	size_t len = 0, n;
	FILE *f, *m = open_memstream(&text, &len);
	char buf[4096];

	snprintf(path, sizeof(path), "%s/%s.txt", dir, name);
	f = fopen(path, "r");
	if (!f || !m) {
		if (f)
			fclose(f);
		if (m)
			fclose(m);
		free(text);
		return error_errno("cannot read '%s'", path);
	}
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		fwrite(buf, 1, n, m);
	fclose(f);
	fclose(m);
	doc_pre(d, trim_blank_lines(text));
	free(text);
	return 0;
}

static int charts_section(struct doc *d, const struct report *r,
			  enum doc_format fmt)
{
	struct plot_opts po;
	struct plot_result res;
	char dir[4096];
	int c, rc = draw(r, fmt, &po, &res, dir, sizeof(dir));

	doc_heading(d, "Charts");
	if (!r->nr_top)
		doc_para(d, "No compare chart: no metric changed enough to lead "
			 "the comparison.");
	if (!po.want[CH_TIMESERIES] && (fmt != DOC_TXT || !r->sweep))
		doc_para(d, "No time series: too many runs to overlay; see "
			 "'vmscope plot DB --run ID' for one run.");
	for (c = 0; !rc && c < NR_CHARTS; c++) {
		char file[64], caption[256];

		if (!po.want[c] && !(c == CH_SWAPPINESS && r->sweep) &&
		    !(c == CH_ATTRIBUTION && fmt != DOC_TXT))
			continue;
		if (!res.drawn[c]) {
			snprintf(caption, sizeof(caption), "The %s chart is not "
				 "drawn: %s.", plot_chart_names[c], res.why[c]);
			doc_para(d, caption);
			continue;
		}
		snprintf(caption, sizeof(caption), "%s (%s/%s.gp redraws it)",
			 chart_captions[c], chart_dirs[fmt], plot_chart_names[c]);
		if (fmt == DOC_TXT) {
			doc_para(d, caption);
			rc = dumb_chart(d, dir, plot_chart_names[c]);
			continue;
		}
		snprintf(file, sizeof(file), "%s/%s.%s", chart_dirs[fmt],
			 plot_chart_names[c], fmt == DOC_MD ? "png" : "svg");
		doc_image(d, file, caption);
	}
	return rc;
}

/* ------------------------------------------------------------------ */
/* the command                                                         */
/* ------------------------------------------------------------------ */

static int write_one(struct report *r, enum doc_format fmt)
{
	char title[512];
	struct doc d;
	size_t i;
	int n, rc;

	n = snprintf(title, sizeof(title), "vmscope report: %s %s (base)",
		     r->o->by, r->g.v[r->base].value);
	for (i = 0; i < r->g.nr && n > 0 && (size_t)n < sizeof(title); i++)
		if (i != r->base)
			n += snprintf(title + n, sizeof(title) - (size_t)n,
				      " vs %s", r->g.v[i].value);
	rc = doc_open(&d, r->o->dir, fmt, title) ||
	     facts_section(&d, &r->set, &r->g, r->o->by) ||
	     (r->sweep && sweep_section(&d, r)) ||
	     metrics_section(&d, r) ||
	     attrib_section(&d, &r->set, &r->g, r->o->by) ||
	     charts_section(&d, r, (enum doc_format)fmt) ||
	     commands_section(&d, &r->set, r->o->argc, r->o->argv);
	if (doc_close(&d))
		rc = -1;
	if (!rc)
		fprintf(stderr, "vmscope: wrote %s/report.%s\n", r->o->dir,
			doc_extension(fmt));
	return rc ? -1 : 0;
}

static int parse_formats(const char *list, struct report_opts *o)
{
	char *copy = strdup(list), *p = copy, *name;
	int rc = 0, f;

	memset(o->want, 0, sizeof(o->want));
	while (copy && !rc && (name = strsep(&p, ",")))
		if ((f = doc_parse_format(name)) < 0)
			rc = error("bad format '%s': expected txt, md or html", name);
		else
			o->want[f] = 1;
	free(copy);
	return copy ? rc : error("out of memory");
}

/*
 * Tag values and kernel names are cleaned once, before anything is built
 * from them: a newline in a value would otherwise break a preformatted
 * table (or start a "Subject:" line) in the mail.  The baseline given on
 * the command line is matched against cleaned values, so cleaned too.
 */
static void clean_set(struct run_set *set, char *baseline)
{
	size_t i, k;

	for (i = 0; i < set->nr_runs; i++) {
		doc_clean_in_place(set->runs[i].kernel);
		for (k = 0; k < set->runs[i].nr_tags; k++) {
			doc_clean_in_place(set->runs[i].keys[k]);
			doc_clean_in_place(set->runs[i].values[k]);
		}
	}
	doc_clean_in_place(baseline);
}

static int run_report(struct report_opts *o, char *const *dbs, size_t n)
{
	struct report r = { .o = o };
	size_t i;
	int rc = run_set_load(&r.set, dbs, n);

	if (!rc)
		clean_set(&r.set, o->baseline);
	rc = rc || group_by(&r.set, o->by, NULL, 0, &r.g);
	enum doc_format f;

	if (!rc && !r.set.nr_runs)
		rc = error("nothing to report: no runs in the given databases");
	rc = rc || find_baseline(&r) || compute_stats(&r) || plot_mkdir(o->dir);
	r.sweep = !rc && is_sweep(&r.set);
	for (f = 0; !rc && f < NR_DOC_FORMATS; f++)
		if (o->want[f])
			rc = write_one(&r, f);
	for (i = 0; r.stats && i < r.g.nr; i++)
		free(r.stats[i]);
	free(r.stats);
	group_list_release(&r.g);
	run_set_release(&r.set);
	return rc;
}

int cmd_report(int argc, char **argv, struct cmd_ctx *ctx)
{
	static const struct option lo[] = {
		{ "by", required_argument, NULL, 'b' },
		{ "baseline", required_argument, NULL, 'B' },
		{ "out", required_argument, NULL, 'o' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct report_opts o = { .dir = "vmscope-report", .argc = argc,
				 .argv = argv, .want = { [DOC_TXT] = 1, [DOC_MD] = 1 } };
	int c;

	(void)ctx;
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:h", lo, NULL)) != -1) {
		switch (c) {
		case 'h':
			report_usage(stdout);
			return EXIT_OK;
		case 'b': o.by = optarg; continue;
		case 'B': o.baseline = optarg; continue;
		case 'o': o.dir = optarg; continue;
		case 'f':
			if (!parse_formats(optarg, &o))
				continue;
			break;
		}
		report_usage(stderr);
		return EXIT_USAGE;
	}
	if (!o.by || optind >= argc) {
		if (!o.by)
			error("report needs --by TAG (e.g. --by kernel)");
		report_usage(stderr);
		return EXIT_USAGE;
	}
	return run_report(&o, argv + optind, (size_t)(argc - optind)) ?
	       EXIT_FAILURE_RT : EXIT_OK;
}
