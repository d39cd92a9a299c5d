/*
 * fuzz_kmod.c - libFuzzer target for the lab's kernel module reader
 * (lab/kernel.c: kmod_depends, an ELF64 section walk for .modinfo): the
 * input is the .ko file, written to /dev/shm and read back.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernel.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char deps[4096];
	int fd;

	if (!path[0])
		snprintf(path, sizeof(path), "/dev/shm/vmscope-fuzz-ko.%d", (int)getpid());
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || write(fd, data, size) != (ssize_t)size)
		abort();
	close(fd);
	if (!kmod_depends(path, deps, sizeof(deps)) && !memchr(deps, 0, sizeof(deps)))
		__builtin_trap();
	unlink(path);
	return 0;
}
