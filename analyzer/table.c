/* table.c - aligned text, CSV (libcsv) and markdown tables, see table.h. */
#include <csv.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "table.h"
#include "banned.h"

int table_init(struct table *t, size_t nr_cols, const char *const *headers,
	       const int *right)
{
	memset(t, 0, sizeof(*t));
	t->nr_cols = nr_cols;
	t->right = calloc(nr_cols, sizeof(*t->right));
	if (!t->right)
		return error("out of memory");
	if (right)
		memcpy(t->right, right, nr_cols * sizeof(*right));
	return table_add_row(t, headers);
}

void table_release(struct table *t)
{
	size_t i;

	for (i = 0; i < t->nr_rows * t->nr_cols; i++)
		free(t->cells[i]);
	free(t->cells);
	free(t->right);
	memset(t, 0, sizeof(*t));
}

int table_add_row(struct table *t, const char *const *cells)
{
	size_t i;

	if (t->nr_rows == t->alloc_rows) {
		size_t n = t->alloc_rows ? 2 * t->alloc_rows : 16;
		char **c = realloc(t->cells, n * t->nr_cols * sizeof(*c));

		if (!c)
			return error("out of memory");
		t->cells = c;
		t->alloc_rows = n;
	}
	for (i = 0; i < t->nr_cols; i++) {
		char **cell = &t->cells[t->nr_rows * t->nr_cols + i];

		*cell = cells[i] ? strdup(cells[i]) : NULL;
		if (cells[i] && !*cell)
			return error("out of memory");
	}
	t->nr_rows++;
	return 0;
}

int table_csv_record(FILE *out, const char *const *fields, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const char *f = fields[i] ? fields[i] : "";

		if ((i && fputc(',', out) == EOF) ||
		    csv_fwrite(out, f, strlen(f)))
			return -1;
	}
	return fputc('\n', out) == EOF ? -1 : 0;
}

static const char *cell(const struct table *t, size_t r, size_t c)
{
	const char *s = t->cells[r * t->nr_cols + c];

	return s ? s : "-";
}

/*
 * Text cells may hold anything a user typed (a label with a newline);
 * control characters print as '?' so one row stays one line, and in
 * markdown a '|' is escaped so it cannot open a column.
 */
static void put_cell(FILE *out, const char *s, int width, int right,
		     int markdown)
{
	int len = (int)strlen(s), pad = width > len ? width - len : 0;

	if (right)
		fprintf(out, "%*s", pad, "");
	for (; *s; s++) {
		if (markdown && *s == '|')
			fputc('\\', out);
		fputc((unsigned char)*s < 0x20 ? '?' : *s, out);
	}
	if (!right)
		fprintf(out, "%*s", pad, "");
}

static int print_text(const struct table *t, FILE *out, int markdown)
{
	int *w = calloc(t->nr_cols, sizeof(*w));
	size_t r, c;

	if (!w)
		return error("out of memory");
	for (r = 0; r < t->nr_rows; r++)
		for (c = 0; c < t->nr_cols; c++) {
			int len = (int)strlen(cell(t, r, c));

			if (len > w[c])
				w[c] = len;
		}
	for (r = 0; r < t->nr_rows; r++) {
		for (c = 0; c < t->nr_cols; c++) {
			fputs(markdown ? (c ? " | " : "| ") : (c ? "  " : ""), out);
			put_cell(out, cell(t, r, c),
				 markdown || c + 1 < t->nr_cols || t->right[c] ?
				 w[c] : 0, t->right[c], markdown);
		}
		fputs(markdown ? " |\n" : "\n", out);
		if (markdown && r == 0) {
			for (c = 0; c < t->nr_cols; c++) {
				int i;

				fputs(c ? " | " : "| ", out);
				for (i = 0; i < w[c] - (t->right[c] ? 1 : 0); i++)
					fputc('-', out);
				if (t->right[c])
					fputc(':', out);
			}
			fputs(" |\n", out);
		}
	}
	free(w);
	return 0;
}

int table_print(const struct table *t, enum table_format fmt, FILE *out)
{
	size_t r;

	if (fmt != FMT_CSV)
		return print_text(t, out, fmt == FMT_MARKDOWN);
	for (r = 0; r < t->nr_rows; r++)
		if (table_csv_record(out, (const char *const *)
				     &t->cells[r * t->nr_cols], t->nr_cols))
			return error_errno("cannot write CSV");
	return 0;
}

int table_parse_format(const char *s)
{
	if (!strcmp(s, "text"))
		return FMT_TEXT;
	if (!strcmp(s, "csv"))
		return FMT_CSV;
	if (!strcmp(s, "markdown"))
		return FMT_MARKDOWN;
	return error("bad format '%s': expected text, csv or markdown", s);
}

/* A number in at most 9 characters: 1234567, 12345.6M, 98.7 */
void table_fmt_compact(char *buf, size_t cap, double v)
{
	double a = fabs(v);

	if (a >= 1e10)
		snprintf(buf, cap, "%.1fG", v / 1e9);
	else if (a >= 1e7)
		snprintf(buf, cap, "%.1fM", v / 1e6);
	else if (a >= 1000 || v == floor(v))
		snprintf(buf, cap, "%.0f", v);
	else
		snprintf(buf, cap, "%.1f", v);
}

