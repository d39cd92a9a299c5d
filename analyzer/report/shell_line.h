/*
 * shell_line.h - a command line a reader pastes back into a shell,
 * within the mail's width.
 */
#ifndef VMSCOPE_SHELL_LINE_H
#define VMSCOPE_SHELL_LINE_H

#include <stddef.h>

#include "gp.h"

/*
 * Append word to t as one shell word; *col is the current line's length
 * (0 at the start of a command) and is kept up to date.  -1 with a
 * message on failure.
 */
int shell_word(struct gp_text *t, const char *word, size_t *col);

#endif
