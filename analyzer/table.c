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
 * Length of the UTF-8 sequence at s that a terminal may print as it is:
 * 0 when it is a control or not UTF-8 at all.  C1 controls are
 * U+0080-U+009F, spelled C2 80 - C2 9F; a terminal that is not in UTF-8
 * mode also takes a lone byte 0x80-0x9F as one (0x9B is CSI), so every
 * byte that is not part of a valid sequence is refused too (RFC 3629:
 * no overlong forms, no surrogates, nothing above U+10FFFF).
 */
static size_t utf8_printable(const unsigned char *s)
{
	size_t n, i;
	unsigned char lo = 0x80, hi = 0xbf;

	if (*s < 0x20 || *s == 0x7f)
		return 0;
	if (*s < 0x80)
		return 1;
	if (*s >= 0xc2 && *s <= 0xdf)
		n = 2;
	else if (*s >= 0xe0 && *s <= 0xef)
		n = 3;
	else if (*s >= 0xf0 && *s <= 0xf4)
		n = 4;
	else
		return 0;
	if (*s == 0xc2)
		lo = 0xa0;              /* C2 80..9F: the C1 controls */
	else if (*s == 0xe0)
		lo = 0xa0;              /* overlong */
	else if (*s == 0xed)
		hi = 0x9f;              /* surrogates */
	else if (*s == 0xf0)
		lo = 0x90;              /* overlong */
	else if (*s == 0xf4)
		hi = 0x8f;              /* above U+10FFFF */
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return n;
}

void table_clean(char *s)
{
	const unsigned char *in = (const unsigned char *)s;
	char *out = s;

	while (*in) {
		size_t n = utf8_printable(in);

		if (!n) {
			/* one '?' for a whole C1 character, not two (read
			 * before writing: out may be where in is) */
			int c1 = in[0] == 0xc2 && in[1] >= 0x80 && in[1] <= 0x9f;

			/* white space (a label's newline) reads best as a blank */
			int blank = in[0] == '\n' || in[0] == '\t' || in[0] == '\r' ||
				    in[0] == '\v' || in[0] == '\f';

			in += c1 ? 2 : 1;
			*out++ = blank ? ' ' : '?';
			continue;
		}
		memmove(out, in, n);
		out += n;
		in += n;
	}
	*out = 0;
}

int table_put_clean(FILE *out, const char *s)
{
	char *copy = strdup(s ? s : "");
	int rc;

	if (!copy)
		return fputs("?", out) == EOF ? -1 : 0;
	table_clean(copy);
	rc = fputs(copy, out) == EOF ? -1 : 0;
	free(copy);
	return rc;
}

/*
 * Columns a cleaned text takes on a terminal: one a character (a UTF-8
 * sequence, each valid after table_clean(); a wide CJK character counts
 * one too: there is no locale here), two for a '|' markdown escapes.
 * Bytes are not columns: "café" is 5 of them, and a row holding it stood
 * a column left of the others.
 */
static int columns(const char *clean, int markdown)
{
	int n = (int)table_chars(clean, strlen(clean));
	const char *p;

	for (p = clean; markdown && (p = strchr(p, '|')); p++)
		n++;
	return n;
}

static int cell_width(const char *s, int markdown)
{
	char *clean = strdup(s);
	int n;

	if (!clean)
		return 1;       /* put_cell() prints "?" */
	table_clean(clean);
	n = columns(clean, markdown);
	free(clean);
	return n;
}

/*
 * Text cells may hold anything a user typed (a label with a newline, a
 * tag with an escape sequence): terminal controls print as '?' (see
 * table_clean()) so one row stays one line and nothing reaches the
 * terminal as a command; in markdown a '|' is escaped so it cannot open
 * a column.
 */
static void put_cell(FILE *out, const char *s, int width, int right,
		     int markdown)
{
	char *clean = strdup(s);
	int len, pad;

	if (clean)
		table_clean(clean);
	s = clean ? clean : "?";
	len = columns(s, markdown);
	pad = width > len ? width - len : 0;
	if (right)
		fprintf(out, "%*s", pad, "");
	for (; *s; s++) {
		if (markdown && *s == '|')
			fputc('\\', out);
		fputc(*s, out);
	}
	if (!right)
		fprintf(out, "%*s", pad, "");
	free(clean);
}

static int print_text(const struct table *t, FILE *out, int markdown)
{
	int *w = calloc(t->nr_cols, sizeof(*w));
	size_t r, c;

	if (!w)
		return error("out of memory");
	for (r = 0; r < t->nr_rows; r++)
		for (c = 0; c < t->nr_cols; c++) {
			int len = cell_width(cell(t, r, c), markdown);

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

size_t table_chars(const char *s, size_t len)
{
	size_t n = 0, i;

	for (i = 0; i < len; i++)
		n += ((unsigned char)s[i] & 0xc0) != 0x80;
	return n;
}

size_t table_prefix(const char *s, size_t chars)
{
	size_t n = 0;

	for (; s[n]; n++)
		if (((unsigned char)s[n] & 0xc0) != 0x80 && !chars--)
			break;
	return n;
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

void table_fmt_num(char *buf, size_t cap, const char *f, double v)
{
	if (isnan(v))
		snprintf(buf, cap, "%s", "");
	else
		snprintf(buf, cap, f, v);
}
