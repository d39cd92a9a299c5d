/*
 * fuzz_folios.c - libFuzzer target for the LRU folio census
 * (collector/folios.c): the input's 64-bit words as /proc/kpageflags
 * (every other one /proc/kpagecgroup when the first byte is odd), fed in
 * two reads split where the second byte says, then pushed as gauges.
 * A folio is counted once: the pages the census holds are at most the
 * frames given, the cgroup's counts at most the node's.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "folios.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct folio_census f;
	struct kv_list kv;
	uint64_t *flags, *cg = NULL;
	size_t n, i, split;
	int with_cg, s, l, o;
	double pages = 0;

	if (size < 2)
		return 0;
	with_cg = data[0] & 1;
	n = (size - 2) / 8 / (with_cg ? 2 : 1);
	flags = calloc(n ? n : 1, sizeof(*flags));
	if (with_cg)
		cg = calloc(n ? n : 1, sizeof(*cg));
	if (!flags || (with_cg && !cg)) {
		free(flags);
		free(cg);
		return 0;
	}
	for (i = 0; i < n; i++) {
		memcpy(&flags[i], data + 2 + 8 * i * (with_cg ? 2 : 1), 8);
		if (with_cg)
			memcpy(&cg[i], data + 2 + 8 * (2 * i + 1), 8);
	}
	memset(&f, 0, sizeof(f));
	f.flags_fd = -1;
	f.cgroup_fd = with_cg ? 0 : -1;    /* only "a cgroup is asked" matters */
	f.memcg_ino = with_cg && n ? cg[0] : 0;
	split = n ? data[1] % (n + 1) : 0;
	folios_feed(&f, flags, cg, split);
	folios_feed(&f, flags + split, cg ? cg + split : NULL, n - split);
	folios_end(&f);
	for (l = 0; l < FOLIO_LISTS; l++)
		for (o = 0; o < FOLIO_ORDERS; o++) {
			/* orders past the last are counted there: at least 2^o */
			pages += (double)f.count[FOLIO_NODE][l][o] * (double)(1L << o);
			for (s = 0; s < FOLIO_SCOPES; s++)
				if (f.count[s][l][o] < 0)
					__builtin_trap();
			if (f.count[FOLIO_CGROUP][l][o] > f.count[FOLIO_NODE][l][o])
				__builtin_trap();
		}
	if (pages > (double)n)
		__builtin_trap();
	kv_list_init(&kv);
	if (folios_push(&f, 1, &kv) == 0)
		for (i = 0; i < kv.nr; i++)
			if (kv.v[i].value <= 0 || !kv.v[i].name_len)
				__builtin_trap();
	kv_list_release(&kv);
	free(flags);
	free(cg);
	return 0;
}
