/*
 * table.h - a table of strings, printed as aligned text, CSV or markdown.
 *
 * Every command that prints rows builds a table and prints it once, so
 * --format works the same everywhere.  CSV goes through libcsv (quoting
 * per RFC 4180: a label with quotes or commas stays one field).  Cells
 * are copied; a NULL cell prints as empty (CSV) or "-" (text, markdown).
 */
#ifndef VMSCOPE_TABLE_H
#define VMSCOPE_TABLE_H

#include <stdio.h>

enum table_format { FMT_TEXT, FMT_CSV, FMT_MARKDOWN };

struct table {
	size_t nr_cols, nr_rows, alloc_rows;
	char **cells;          /* nr_rows x nr_cols, row 0 is the header */
	int *right;            /* per column: 1 = right-aligned (numbers) */
};

/* headers: nr_cols strings; right: which columns hold numbers. */
int table_init(struct table *t, size_t nr_cols, const char *const *headers,
	       const int *right);
void table_release(struct table *t);

/* Append a row of nr_cols cells (copied). */
int table_add_row(struct table *t, const char *const *cells);

int table_print(const struct table *t, enum table_format fmt, FILE *out);

/* "text", "csv", "markdown" -> format; -1 (with a message) if unknown. */
int table_parse_format(const char *s);

/* A number in at most 9 characters: 1234567, 12345.6M, 98.7 */
void table_fmt_compact(char *buf, size_t cap, double v);

/* v printed with the printf format f (one double); NAN: an empty cell */
void table_fmt_num(char *buf, size_t cap, const char *f, double v);

/*
 * Terminal safety, for every text a command prints that came from a
 * database or a user (labels, tags, marker text, result names and
 * units): C0 controls, DEL, C1 controls (U+0080-U+009F in UTF-8) and
 * bytes that are not UTF-8 become '?' (white space controls, such as
 * a newline, a blank).  table_clean() works in place
 * (the result is never longer); table_put_clean() writes s cleaned
 * (NULL as ""), -1 on a write error.  Text and markdown tables go
 * through it; CSV is data for programs and keeps its bytes (quoted).
 */
void table_clean(char *s);
int table_put_clean(FILE *out, const char *s);

/*
 * The length in bytes of s's first chars characters (all of s if it is
 * shorter): a UTF-8 sequence is one character, so a cut there never
 * splits one; any other byte is one too.
 */
size_t table_prefix(const char *s, size_t chars);

/* The characters in s[0..len): UTF-8 sequences count one each. */
size_t table_chars(const char *s, size_t len);

/* Write one CSV record through libcsv. */
int table_csv_record(FILE *out, const char *const *fields, size_t n);

#endif
