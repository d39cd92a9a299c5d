/*
 * t-kmod.c - the lab's module reader: plain and compressed (.ko.xz,
 * .ko.zst, .ko.gz) modules give the same "depends=", a dependency tree of
 * compressed modules resolves in load order, and crafted ELF headers whose
 * offsets wrap past 2^64 are refused, not followed (issue 11).
 *
 * The modules are ELF files built here by hand (ELF64 gABI layout), and
 * compressed with the libraries' encoders, not with the code under test.
 */
#include <elf.h>
#include <ftw.h>
#include <stddef.h>
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include "kernel.h"
#include "kmodfile.h"
#include "tap.h"

static char dir[96];

/* section-name table at 64, .modinfo at 96, section headers at 256 */
#define STRTAB_OFF 64
#define INFO_OFF 96
#define SH_OFF 256
#define ELF_LEN (SH_OFF + 3 * sizeof(Elf64_Shdr))

static const char strtab[] = "\0.shstrtab\0.modinfo";

/* A minimal module: section 1 names the sections, section 2 is .modinfo. */
static size_t make_module(unsigned char *buf, const char *info, size_t info_len)
{
	Elf64_Ehdr eh = { 0 };
	Elf64_Shdr sh[3] = { { 0 } };

	memset(buf, 0, ELF_LEN);
	memcpy(eh.e_ident, ELFMAG, SELFMAG);
	eh.e_ident[EI_CLASS] = ELFCLASS64;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_ident[EI_VERSION] = EV_CURRENT;
	eh.e_type = ET_REL;
	eh.e_machine = EM_X86_64;
	eh.e_ehsize = sizeof(eh);
	eh.e_shoff = SH_OFF;
	eh.e_shentsize = sizeof(Elf64_Shdr);
	eh.e_shnum = 3;
	eh.e_shstrndx = 1;
	sh[1].sh_name = 1;
	sh[1].sh_type = SHT_STRTAB;
	sh[1].sh_offset = STRTAB_OFF;
	sh[1].sh_size = sizeof(strtab);
	sh[2].sh_name = 11;      /* ".modinfo" in strtab */
	sh[2].sh_type = SHT_PROGBITS;
	sh[2].sh_offset = INFO_OFF;
	sh[2].sh_size = info_len;
	memcpy(buf, &eh, sizeof(eh));
	memcpy(buf + STRTAB_OFF, strtab, sizeof(strtab));
	memcpy(buf + INFO_OFF, info, info_len);
	memcpy(buf + SH_OFF, sh, sizeof(sh));
	return ELF_LEN;
}

static void write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(data, 1, len, f) != len || fclose(f)) {
		perror(path);
		exit(1);
	}
}

static size_t xz(const unsigned char *in, size_t n, unsigned char *out, size_t cap)
{
	size_t pos = 0;

	return lzma_easy_buffer_encode(6, LZMA_CHECK_CRC32, NULL, in, n, out,
				       &pos, cap) == LZMA_OK ? pos : 0;
}

static size_t zst(const unsigned char *in, size_t n, unsigned char *out, size_t cap)
{
	size_t r = ZSTD_compress(out, cap, in, n, 3);

	return ZSTD_isError(r) ? 0 : r;
}

static size_t gz(const unsigned char *in, size_t n, unsigned char *out, size_t cap)
{
	z_stream s;
	size_t len = 0;

	memset(&s, 0, sizeof(s));
	/* 16 + MAX_WBITS: a gzip member, as `gzip` writes */
	if (deflateInit2(&s, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		return 0;
	s.next_in = (unsigned char *)in;
	s.avail_in = (uInt)n;
	s.next_out = out;
	s.avail_out = (uInt)cap;
	if (deflate(&s, Z_FINISH) == Z_STREAM_END)
		len = s.total_out;
	deflateEnd(&s);
	return len;
}

static int depends_of(const char *name, const void *data, size_t len, char *out)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	write_file(path, data, len);
	return kmod_depends(path, out, 256);
}

/* kmod_read of a file with these bytes: -1 if it is refused. */
static int read_back(const char *name, const void *data, size_t len, size_t *out_len)
{
	char path[128], *out = NULL;
	int rc;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	write_file(path, data, len);
	*out_len = 0;
	rc = kmod_read(path, &out, out_len);
	free(out);
	return rc;
}

static void test_formats(void)
{
	static const char info[] = "license=GPL\0depends=virtio,crc32c_generic\0name=x";
	unsigned char mod[ELF_LEN], z[4096];
	size_t n = make_module(mod, info, sizeof(info));
	size_t zn, rn;
	char deps[256];

	tap_is_i64(kmod_suffix("ext4.ko"), 3, "kmod-1.1 .ko is a module suffix");
	tap_is_i64(kmod_suffix("ext4.ko.xz"), 6, "kmod-1.2 so is .ko.xz");
	tap_is_i64(kmod_suffix("ext4.ko.zst"), 7, "kmod-1.3 and .ko.zst");
	tap_is_i64(kmod_suffix("ext4.ko.gz"), 6, "kmod-1.4 and .ko.gz");
	tap_is_i64(kmod_suffix("modules.order"), 0, "kmod-1.5 other files are not");

	tap_ok(!depends_of("a.ko", mod, n, deps) && !strcmp(deps, "virtio,crc32c_generic"),
	       "kmod-2.1 depends= of a plain module (%s)", deps);
	zn = xz(mod, n, z, sizeof(z));
	tap_ok(zn && !depends_of("a.ko.xz", z, zn, deps) &&
	       !strcmp(deps, "virtio,crc32c_generic"), "kmod-2.2 of an xz module (%s)", deps);
	/* a torn download: the stream's end is missing */
	tap_ok(read_back("t.ko.xz", z, zn - 8, &rn) == -1,
	       "kmod-2.3 a truncated xz module is refused");
	zn = zst(mod, n, z, sizeof(z));
	tap_ok(zn && !depends_of("a.ko.zst", z, zn, deps) &&
	       !strcmp(deps, "virtio,crc32c_generic"), "kmod-2.4 of a zstd module (%s)", deps);
	tap_ok(read_back("t.ko.zst", z, zn - 3, &rn) == -1,
	       "kmod-2.5 a truncated zstd module is refused");
	zn = gz(mod, n, z, sizeof(z));
	tap_ok(zn && !depends_of("a.ko.gz", z, zn, deps) &&
	       !strcmp(deps, "virtio,crc32c_generic"), "kmod-2.6 of a gzip module (%s)", deps);
	tap_ok(read_back("t.ko.gz", z, zn - 4, &rn) == -1,
	       "kmod-2.7 a truncated gzip module is refused");
}

/*
 * A module of 3 MB (zeros after its section headers): larger than the
 * decoders' first buffer, so they must grow it; what comes out is the
 * whole file.
 */
static void test_large(void)
{
	static const char info[] = "depends=virtio";
	const size_t big = (size_t)3 << 20;
	unsigned char *mod = calloc(1, big), *z = malloc(big);
	size_t (*enc[])(const unsigned char *, size_t, unsigned char *, size_t) = { xz, zst, gz };
	const char *name[] = { "big.ko.xz", "big.ko.zst", "big.ko.gz" };
	size_t i, zn, rn = 0;
	char deps[256];

	make_module(mod, info, sizeof(info));
	for (i = 0; i < 3; i++) {
		zn = enc[i](mod, big, z, big);
		tap_ok(zn && !read_back(name[i], z, zn, &rn) && rn == big &&
		       !depends_of(name[i], z, zn, deps) && !strcmp(deps, "virtio"),
		       "kmod-2.8 a 3 MB module, %s, decompressed whole (%zu bytes)", name[i], rn);
	}
	free(mod);
	free(z);
}

/* Modules named a (needs b), b (needs c, built in) as .ko.xz and .ko.zst. */
static void test_resolve(void)
{
	static const char info_a[] = "depends=b";
	static const char info_b[] = "depends=c";
	static const char *const want[] = { "a" };
	unsigned char mod[ELF_LEN], z[4096];
	char path[128];
	struct kmod_list l;
	size_t zn;
	int rc;

	snprintf(path, sizeof(path), "%s/tree", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/tree/kernel", dir);
	mkdir(path, 0755);
	zn = xz(mod, make_module(mod, info_a, sizeof(info_a)), z, sizeof(z));
	snprintf(path, sizeof(path), "%s/tree/kernel/a.ko.xz", dir);
	write_file(path, z, zn);
	zn = zst(mod, make_module(mod, info_b, sizeof(info_b)), z, sizeof(z));
	snprintf(path, sizeof(path), "%s/tree/kernel/b.ko.zst", dir);
	write_file(path, z, zn);
	snprintf(path, sizeof(path), "%s/tree/modules.builtin", dir);
	write_file(path, "kernel/lib/c.ko\n", 16);
	snprintf(path, sizeof(path), "%s/tree", dir);
	rc = kmod_resolve(path, want, 1, &l);
	tap_ok(rc == 0 && l.nr == 2 && strstr(l.path[0], "/b.ko.zst") &&
	       strstr(l.path[1], "/a.ko.xz"),
	       "kmod-3.1 compressed modules resolve, dependency first, built-in skipped");
	kmod_list_release(&l);
}

/*
 * The module, with the 64-bit field at offset `at` replaced by v and,
 * if at2, the 32-bit field at at2 by v2.
 */
static int crafted(const char *name, size_t at, uint64_t v, size_t at2,
		   uint32_t v2, char *deps)
{
	static const char info[] = "depends=virtio";
	unsigned char mod[ELF_LEN + 64];
	size_t n = make_module(mod, info, sizeof(info));

	memset(mod + n, 0, 64);
	memcpy(mod + at, &v, sizeof(v));
	if (at2)
		memcpy(mod + at2, &v2, sizeof(v2));
	return depends_of(name, mod, n + 64, deps);
}

static void test_crafted(void)
{
	const size_t shdr2 = SH_OFF + 2 * sizeof(Elf64_Shdr);
	const size_t shdr1 = SH_OFF + sizeof(Elf64_Shdr);
	char deps[256];

	/* e_shoff + 3 * 64 wraps to a small number that passes "<= len" */
	tap_ok(crafted("c1.ko", offsetof(Elf64_Ehdr, e_shoff),
		       UINT64_MAX - 3 * sizeof(Elf64_Shdr) + 2, 0, 0, deps) == -1,
	       "kmod-4.1 section headers at an offset that wraps are refused");
	/* .modinfo's sh_offset + sh_size wraps: the section would run past the file */
	tap_ok(crafted("c2.ko", shdr2 + offsetof(Elf64_Shdr, sh_size),
		       UINT64_MAX - INFO_OFF + 16, 0, 0, deps) == -1,
	       "kmod-4.2 a .modinfo whose size wraps is refused");
	tap_ok(crafted("c3.ko", shdr2 + offsetof(Elf64_Shdr, sh_offset),
		       (uint64_t)1 << 63, 0, 0, deps) == -1,
	       "kmod-4.3 a .modinfo past the end of the file is refused");
	/*
	 * the name table's offset (2^64 - 100) + .modinfo's sh_name (100 + 75)
	 * wraps back onto the ".modinfo" at 75
	 */
	tap_ok(crafted("c4.ko", shdr1 + offsetof(Elf64_Shdr, sh_offset),
		       UINT64_MAX - 99, shdr2 + offsetof(Elf64_Shdr, sh_name),
		       100 + STRTAB_OFF + 11, deps) == -1,
	       "kmod-4.4 a section-name table whose offset wraps is refused");
}

/* Header fields narrower than 64 bits, set by hand. */
static void test_fields(void)
{
	static const char info[] = "depends=virtio";
	unsigned char mod[ELF_LEN];
	size_t n = make_module(mod, info, sizeof(info));
	Elf64_Half entsize = sizeof(Elf64_Shdr) / 2;
	uint64_t names_size = 14;
	char deps[256];

	/* e_shentsize other than an Elf64_Shdr's: the headers would be misread */
	memcpy(mod + offsetof(Elf64_Ehdr, e_shentsize), &entsize, sizeof(entsize));
	tap_ok(depends_of("f1.ko", mod, n, deps) == -1,
	       "kmod-4.5 section headers of another size are refused");
	/*
	 * the name table ends inside ".modinfo" (at 14 of its 20 bytes): the
	 * name is not in the table, though the bytes after it spell it out
	 */
	n = make_module(mod, info, sizeof(info));
	memcpy(mod + SH_OFF + sizeof(Elf64_Shdr) + offsetof(Elf64_Shdr, sh_size),
	       &names_size, sizeof(names_size));
	tap_ok(depends_of("f2.ko", mod, n, deps) == -1,
	       "kmod-4.6 a section name running past its table is not matched");
}

/* The last entry of .modinfo without its NUL: read up to the section's end. */
static void test_unterminated(void)
{
	static const char info[] = "license=GPL\0depends=virtio_pci";
	unsigned char mod[ELF_LEN];
	size_t n = make_module(mod, info, sizeof(info) - 1);
	char deps[256];

	/* the byte after the section is not NUL either */
	mod[INFO_OFF + sizeof(info) - 1] = 'X';
	tap_ok(!depends_of("u.ko", mod, n, deps) && !strcmp(deps, "virtio_pci"),
	       "kmod-5.1 an entry at the section's end stops there (%s)", deps);
}

static int rm_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	return remove(path);
}

int main(void)
{
	if (!tap_tmp_template(dir, sizeof(dir), "t-kmod") || !mkdtemp(dir))
		return 1;
	test_formats();
	test_large();
	test_resolve();
	test_crafted();
	test_fields();
	test_unterminated();
	nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	return tap_done();
}
