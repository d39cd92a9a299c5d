/* fileio.h - whole files the lab reads: modules, binaries, logs. */
#ifndef VMSCOPE_FILEIO_H
#define VMSCOPE_FILEIO_H

#include <stddef.h>

/* 1 if a line of the file at path holds text; 0 if not or unreadable. */
int file_contains(const char *path, const char *text);

/*
 * The whole file in *data (malloc'd, NUL-terminated, length in *len).
 * -1 with errno set if it cannot be read; nothing is printed.
 */
int file_read_all(const char *path, char **data, size_t *len);

#endif
