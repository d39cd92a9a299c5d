/*
 * hog.c - the 2004 swappiness test's memory hog: allocate and touch
 * SIZE MiB, say so, then sleep untouched until killed.
 *
 * usage: hog MIB     (prints "touched MIB MiB" on stdout when done)
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long mib = argc == 2 ? atol(argv[1]) : 0;
	size_t bytes = (size_t)mib << 20, i;
	long page = sysconf(_SC_PAGESIZE);
	char *p;

	if (mib <= 0) {
		fprintf(stderr, "usage: hog MIB\n");
		return 2;
	}
	p = malloc(bytes);
	if (!p) {
		perror("hog");
		return 1;
	}
	/* a distinct byte per page, so no page can be merged or left zero */
	for (i = 0; i < bytes; i += (size_t)page)
		p[i] = (char)(i / (size_t)page | 1);
	printf("touched %ld MiB\n", mib);
	fflush(stdout);
	for (;;)
		pause();
}
