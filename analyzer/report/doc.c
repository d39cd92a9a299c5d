/*
 * doc.c - the report's three writers: plain text, Markdown, HTML (doc.h).
 *
 * DESIGN: the caller says what a block is, never how it looks; only this
 * file knows the formats' syntax and escaping, so a value cannot reach
 * a file without passing doc_clean() and the format's escaping.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "err.h"
#include "banned.h"

static const char *const extensions[] = {
	[DOC_TXT] = "txt", [DOC_MD] = "md", [DOC_HTML] = "html",
};

int doc_parse_format(const char *s)
{
	int f;

	for (f = 0; f < NR_DOC_FORMATS; f++)
		if (!strcmp(s, extensions[f]))
			return f;
	return -1;
}

const char *doc_extension(enum doc_format fmt)
{
	return extensions[fmt];
}

void doc_clean_in_place(char *s)
{
	for (; s && *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e)
			*s = '?';
}

char *doc_clean(const char *s)
{
	char *c = strdup(s ? s : "");

	doc_clean_in_place(c);
	return c;
}

/* Write a cleaned line-part in the format's escaping. */
static void put_escaped(struct doc *d, const char *s, size_t n, int markdown)
{
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x20 || c > 0x7e)
			c = '?';
		if (d->fmt == DOC_HTML && c == '&')
			fputs("&amp;", d->f);
		else if (d->fmt == DOC_HTML && c == '<')
			fputs("&lt;", d->f);
		else if (d->fmt == DOC_HTML && c == '>')
			fputs("&gt;", d->f);
		else if (d->fmt == DOC_HTML && c == '"')
			fputs("&quot;", d->f);
		else if (d->fmt == DOC_HTML && c == '\'')
			fputs("&#39;", d->f);
		else if (markdown && strchr("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", c)) {
			fputc('\\', d->f);
			fputc(c, d->f);
		} else {
			fputc(c, d->f);
		}
	}
}

static void html_head(struct doc *d, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<title>", d->f);
	put_escaped(d, title, strlen(title), 0);
	/* no external resource: the file opens from disk, anywhere */
	fputs("</title>\n<style>\nbody { font-family: sans-serif; max-width: 60em; "
	      "margin: 1em auto; padding: 0 1em; }\npre { background: #f4f4f4; "
	      "padding: 0.5em; overflow-x: auto; }\nfigure { margin: 1em 0; }\n"
	      "svg { max-width: 100%; height: auto; }\n</style>\n</head>\n<body>\n"
	      "<h1>", d->f);
	put_escaped(d, title, strlen(title), 0);
	fputs("</h1>\n", d->f);
}

int doc_open(struct doc *d, const char *dir, enum doc_format fmt,
	     const char *title)
{
	size_t n = strlen(dir) + 16;

	memset(d, 0, sizeof(*d));
	d->fmt = fmt;
	d->path = malloc(n);
	d->dir = strdup(dir);
	if (!d->path || !d->dir)
		return error("out of memory");
	snprintf(d->path, n, "%s/report.%s", dir, extensions[fmt]);
	d->f = fopen(d->path, "w");
	if (!d->f)
		return error_errno("cannot write '%s'", d->path);
	if (fmt == DOC_HTML) {
		html_head(d, title);
	} else if (fmt == DOC_MD) {
		fputs("# ", d->f);
		put_escaped(d, title, strlen(title), 1);
		fputs("\n\n", d->f);
	} else {
		doc_para(d, title);
	}
	return 0;
}

void doc_heading(struct doc *d, const char *text)
{
	size_t n = strlen(text), i;

	if (d->fmt == DOC_HTML) {
		fputs("<h2>", d->f);
		put_escaped(d, text, n, 0);
		fputs("</h2>\n", d->f);
	} else if (d->fmt == DOC_MD) {
		fputs("## ", d->f);
		put_escaped(d, text, n, 1);
		fputs("\n\n", d->f);
	} else {
		/* headings are ours and short; cut at the width all the same */
		n = n > DOC_WIDTH ? DOC_WIDTH : n;
		put_escaped(d, text, n, 0);
		fputc('\n', d->f);
		for (i = 0; i < n; i++)
			fputc('-', d->f);
		fputs("\n\n", d->f);
	}
}

/* Plain text: words wrapped at DOC_WIDTH; a longer word is cut. */
static void wrap_text(struct doc *d, const char *s)
{
	size_t col = 0;

	while (*s) {
		size_t w = strcspn(s, " \n");

		if (!w) {
			s++;
			continue;
		}
		if (w > DOC_WIDTH)
			w = DOC_WIDTH;
		if (col && col + 1 + w > DOC_WIDTH) {
			fputc('\n', d->f);
			col = 0;
		}
		if (col) {
			fputc(' ', d->f);
			col++;
		}
		put_escaped(d, s, w, 0);
		col += w;
		s += w;
	}
	fputs("\n\n", d->f);
}

void doc_para(struct doc *d, const char *text)
{
	if (d->fmt == DOC_TXT) {
		wrap_text(d, text);
		return;
	}
	if (d->fmt == DOC_HTML)
		fputs("<p>", d->f);
	put_escaped(d, text, strlen(text), d->fmt == DOC_MD);
	fputs(d->fmt == DOC_HTML ? "</p>\n" : "\n\n", d->f);
}

/*
 * Where plain text breaks a preformatted line of more than `room`
 * characters: at the last blank in the second half of that room, so that
 * prose in a block (an attribution's "assumed:" line) keeps its words and
 * a table's row breaks between columns; at the room where none is there.
 */
static size_t pre_break(const char *s, size_t room)
{
	size_t i;

	for (i = room; i > room / 2; i--)
		if (s[i] == ' ')
			return i;
	return room;
}

/*
 * One preformatted line; plain text breaks it to the width, each
 * continuation indented two more than the line (two where the line's
 * own indent is a quarter of the width or more), no piece ending in
 * blanks (a break in a run of them, as between a table's columns).
 */
static void pre_line(struct doc *d, const char *s, size_t n)
{
	size_t lead = strspn(s, " "), indent = lead < DOC_WIDTH / 4 ? lead + 2 : 2;
	size_t room = DOC_WIDTH;

	if (d->fmt == DOC_MD)
		fputs("    ", d->f);
	while (d->fmt == DOC_TXT && n > room) {
		size_t cut = pre_break(s, room), end = cut;

		while (end && s[end - 1] == ' ')
			end--;
		put_escaped(d, s, end, 0);
		fprintf(d->f, "\n%*s", (int)indent, "");
		s += cut;
		n -= cut;
		while (n && *s == ' ') {
			s++;
			n--;
		}
		room = DOC_WIDTH - indent;
	}
	put_escaped(d, s, n, 0);
	fputc('\n', d->f);
}

void doc_pre(struct doc *d, const char *text)
{
	const char *s = text;

	if (d->fmt == DOC_HTML)
		fputs("<pre>", d->f);
	while (*s) {
		size_t n = strcspn(s, "\n");

		/* trailing blanks are noise in a mail and trip some clients */
		while (n && s[n - 1] == ' ')
			n--;
		pre_line(d, s, n);
		s += strcspn(s, "\n");
		if (*s)
			s++;
	}
	fputs(d->fmt == DOC_HTML ? "</pre>\n" : "\n", d->f);
}

/* Copy an SVG file from its <svg element on (the XML prolog would be void). */
static void inline_svg(struct doc *d, const char *path)
{
	FILE *f = fopen(path, "r");
	char buf[8192];
	size_t n;
	int started = 0;

	if (!f) {
		d->failed |= error_errno("cannot read '%s'", path);
		return;
	}
	while (!started && fgets(buf, sizeof(buf), f)) {
		char *at = strstr(buf, "<svg");

		if (at) {
			fputs(at, d->f);
			started = 1;
		}
	}
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		fwrite(buf, 1, n, d->f);
	fclose(f);
	fputc('\n', d->f);
}

void doc_image(struct doc *d, const char *file, const char *caption)
{
	size_t n = strlen(d->dir) + strlen(file) + 2;
	char *path = malloc(n);

	if (!path) {
		d->failed = 1;
		return;
	}
	snprintf(path, n, "%s/%s", d->dir, file);
	if (d->fmt == DOC_MD) {
		fputs("![", d->f);
		put_escaped(d, caption, strlen(caption), 1);
		/* our own file names: letters, digits, '-', '.' */
		fprintf(d->f, "](%s)\n\n", file);
	} else if (d->fmt == DOC_HTML) {
		fputs("<figure>\n", d->f);
		inline_svg(d, path);
		fputs("<figcaption>", d->f);
		put_escaped(d, caption, strlen(caption), 0);
		fputs("</figcaption>\n</figure>\n", d->f);
	}
	free(path);
}

int doc_close(struct doc *d)
{
	int rc = d->failed ? -1 : 0;

	if (d->f) {
		if (d->fmt == DOC_HTML)
			fputs("</body>\n</html>\n", d->f);
		if (ferror(d->f) | fclose(d->f))
			rc = error_errno("cannot write '%s'", d->path);
	}
	free(d->path);
	free(d->dir);
	memset(d, 0, sizeof(*d));
	return rc;
}
