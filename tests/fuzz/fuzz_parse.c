/*
 * fuzz_parse.c - libFuzzer targets for the collector's /proc parsers
 * (collector/parse.c).  Built once per parser with -DFUZZ_<NAME>:
 * vmstat (parse_flat), meminfo, zoneinfo, psi, and memcg (the cgroup
 * files: memory.stat through parse_flat, one-number files through
 * parse_single; the first byte picks which).
 *
 * The input is copied to a buffer of exactly its length, as the
 * collector's read buffer holds no terminating NUL: a parser that reads
 * past len is caught by AddressSanitizer.  Each entry parsed must name a
 * slice of that buffer or of the list's own name chunks.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kv.h"
#include "parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_entries(const struct kv_list *l)
{
	size_t i;
	volatile unsigned sum = 0;

	/* touch every name byte: a dangling name is an ASan report */
	for (i = 0; i < l->nr; i++)
		for (uint32_t k = 0; k < l->v[i].name_len; k++)
			sum += (unsigned char)l->v[i].name[k];
	(void)sum;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kv_list l;
	char *buf = malloc(size ? size : 1);

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	kv_list_init(&l);
#if defined(FUZZ_VMSTAT)
	parse_flat(buf, size, 0, &l);
#elif defined(FUZZ_MEMINFO)
	parse_meminfo(buf, size, 1, &l);
#elif defined(FUZZ_ZONEINFO)
	parse_zoneinfo(buf, size, 2, &l);
#elif defined(FUZZ_PSI)
	parse_psi(buf, size, 4, &l);
#elif defined(FUZZ_MEMCG)
	if (size && (data[0] & 1))
		parse_single(buf + 1, size - 1, 3, "usage_in_bytes", &l);
	else
		parse_flat(buf + (size > 0), size - (size > 0), 3, &l);
#else
#error "define one FUZZ_<parser>"
#endif
	check_entries(&l);
	kv_list_release(&l);
	free(buf);
	return 0;
}
