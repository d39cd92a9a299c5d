/* fileio.c - whole files the lab reads (see fileio.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "banned.h"

int file_contains(const char *path, const char *text)
{
	char line[4096];
	FILE *f = fopen(path, "re");
	int hit = 0;

	while (f && !hit && fgets(line, sizeof(line), f))
		hit = strstr(line, text) != NULL;
	if (f)
		fclose(f);
	return hit;
}

int file_read_all(const char *path, char **data, size_t *len)
{
	FILE *f = fopen(path, "rbe");
	long n;

	*data = NULL;
	if (!f)
		return -1;
	if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) ||
	    !(*data = malloc((size_t)n + 1)) ||
	    fread(*data, 1, (size_t)n, f) != (size_t)n) {
		free(*data);
		*data = NULL;
		fclose(f);
		return -1;
	}
	(*data)[n] = 0;
	*len = (size_t)n;
	fclose(f);
	return 0;
}
