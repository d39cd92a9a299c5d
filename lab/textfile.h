/* textfile.h - looking into the lab's log files. */
#ifndef VMSCOPE_TEXTFILE_H
#define VMSCOPE_TEXTFILE_H

/* 1 if a line of the file at path holds text; 0 if not or unreadable. */
int file_contains(const char *path, const char *text);

#endif
