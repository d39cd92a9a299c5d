/*
 * shell_line.c - a command line a reader pastes back into a shell,
 * within the mail's width (shell_line.h).
 *
 * A word is bare where every byte is plainly safe, else in single quotes
 * (a quote as '\'').  Words are parted by a blank or, where the line
 * would pass the width, by " \" and an indented line.  A word longer
 * than a line (a tag value holding a sentence) is cut into pieces, each
 * quoted on its own and ended by "\" with the next piece at column 0:
 * the shell drops backslash-newline and joins adjacent quoted strings,
 * so the pieces make the one word again.  Cutting inside the quotes
 * would not: there "\" and the newline are part of the value, as is
 * the next line's indent.
 */
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "err.h"
#include "shell_line.h"
#include "banned.h"

#define CMD_WIDTH  (DOC_WIDTH - 2)
#define CMD_INDENT 4

static const char shell_safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				 "0123456789_./=:,+-@%";

static int bare(const char *s, size_t n)
{
	return n && strspn(s, shell_safe) >= n;
}

/* The length of s[0..n) as a shell word. */
static size_t quoted_len(const char *s, size_t n)
{
	size_t len = 2, i;

	if (bare(s, n))
		return n;
	for (i = 0; i < n; i++)
		len += s[i] == '\'' ? 4 : 1;
	return len;
}

static int put_quoted(struct gp_text *t, const char *s, size_t n)
{
	int rc;
	size_t i;

	if (bare(s, n))
		return gp_printf(t, "%.*s", (int)n, s);
	rc = gp_printf(t, "'");
	for (i = 0; !rc && i < n; i++)
		rc = gp_printf(t, s[i] == '\'' ? "'\\''" : "%c", s[i]);
	return rc || gp_printf(t, "'");
}

/*
 * The longest head of s[0..n) whose piece, with the "\" that ends it,
 * fits room; after its last blank where that is in the second half, so
 * a sentence breaks between words.  One byte at least.
 */
static size_t piece_len(const char *s, size_t n, size_t room)
{
	size_t k = 1, b;

	while (k < n && quoted_len(s, k + 1) + 1 <= room)
		k++;
	for (b = k; b > k / 2; b--)
		if (s[b - 1] == ' ')
			return b;
	return k;
}

static int put_pieces(struct gp_text *t, const char *s, size_t *col)
{
	size_t n = strlen(s);
	int rc = 0;

	while (!rc && quoted_len(s, n) > CMD_WIDTH - *col) {
		size_t k = piece_len(s, n, CMD_WIDTH - *col);

		rc = put_quoted(t, s, k) || gp_printf(t, "\\\n");
		s += k;
		n -= k;
		*col = 0;
	}
	*col += quoted_len(s, n);
	return rc || put_quoted(t, s, n);
}

int shell_word(struct gp_text *t, const char *word, size_t *col)
{
	char *s = doc_clean(word);     /* a newline would end the command */
	size_t len;
	int rc = 0;

	if (!s)
		return error("out of memory");
	len = quoted_len(s, strlen(s));
	if (*col && *col + 1 + len > CMD_WIDTH) {
		rc = gp_printf(t, " \\\n%*s", CMD_INDENT, "");
		*col = CMD_INDENT;
	} else if (*col) {
		rc = gp_printf(t, " ");
		(*col)++;
	}
	rc = rc || put_pieces(t, s, col);
	free(s);
	return rc;
}
