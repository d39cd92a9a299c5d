/*
 * doc.h - one report, written as plain text for mail, Markdown or HTML.
 *
 * The report is built from a few kinds of block (heading, paragraph,
 * preformatted text, image), and each writer renders the same blocks, so
 * the three files carry the same content.  Every string passes through
 * one cleaning step before it is escaped for its format: bytes outside
 * printable ASCII (control characters, escape sequences, C1 codes hidden
 * in UTF-8) become '?', so a hostile tag value arrives as inert text.
 *
 * Plain text: no line is longer than DOC_WIDTH columns (paragraphs are
 * word-wrapped, longer preformatted lines are broken between words where
 * they can be, each piece indented two more than the line),
 * so it pastes into a mail whole.  Markdown: paragraphs backslash-escape
 * every ASCII punctuation character; preformatted blocks are indented
 * code blocks (no fence a value could close).  HTML: one self-contained
 * file; & < > " ' are entities everywhere; images are SVG files inlined.
 *
 * Errors are sticky: doc_close() returns -1 (with a message) if any
 * write failed.
 */
#ifndef VMSCOPE_DOC_H
#define VMSCOPE_DOC_H

#include <stdio.h>

#define DOC_WIDTH 76

enum doc_format { DOC_TXT, DOC_MD, DOC_HTML, NR_DOC_FORMATS };

struct doc {
	FILE *f;
	enum doc_format fmt;
	char *path, *dir;
	int failed;
};

/* "txt", "md", "html" -> format, or -1 (no message). */
int doc_parse_format(const char *s);
const char *doc_extension(enum doc_format fmt);

/* Create DIR/report.<ext> and write the title.  -1 with a message. */
int doc_open(struct doc *d, const char *dir, enum doc_format fmt,
	     const char *title);
void doc_heading(struct doc *d, const char *text);
void doc_para(struct doc *d, const char *text);
/* Preformatted lines (tables, charts): '\n' separates lines. */
void doc_pre(struct doc *d, const char *text);
/*
 * A chart: file is relative to the report's directory.  Markdown links
 * it, HTML inlines it (an SVG file), plain text leaves it out.
 */
void doc_image(struct doc *d, const char *file, const char *caption);
int doc_close(struct doc *d);

/* s with every byte outside printable ASCII made '?'; malloc'd. */
char *doc_clean(const char *s);
/* The same, in place (for values that reach preformatted blocks whole). */
void doc_clean_in_place(char *s);

#endif
