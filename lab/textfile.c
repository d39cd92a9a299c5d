/* textfile.c - looking into the lab's log files (see textfile.h). */
#include <stdio.h>
#include <string.h>

#include "textfile.h"
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
