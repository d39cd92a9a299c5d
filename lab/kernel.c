/* kernel.c - kernel image release and module dependencies (see kernel.h). */
#include <elf.h>
#include <errno.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "fileio.h"
#include "kernel.h"
#include "kmodfile.h"
#include "banned.h"

#define MAX_DEPTH 16             /* module dependency chains are short */

int kimage_release(const char *image, char *out, size_t cap)
{
	unsigned char hdr[0x210];
	char text[128];
	FILE *f = fopen(image, "rbe");
	unsigned ptr;
	size_t i;

	if (!f)
		return error_errno("cannot read kernel image '%s'", image);
	if (fread(hdr, 1, sizeof(hdr), f) != sizeof(hdr) ||
	    memcmp(hdr + 0x202, "HdrS", 4)) {
		fclose(f);
		return error("'%s' is not an x86 bzImage (no \"HdrS\" setup header)",
			     image);
	}
	ptr = hdr[0x20e] | (unsigned)hdr[0x20f] << 8;
	memset(text, 0, sizeof(text));
	if (!ptr || fseek(f, 0x200 + (long)ptr, SEEK_SET) ||
	    fread(text, 1, sizeof(text) - 1, f) == 0) {
		fclose(f);
		return error("'%s' has no kernel version string", image);
	}
	fclose(f);
	for (i = 0; i < cap - 1 && text[i] > ' ' && text[i] < 127; i++)
		out[i] = text[i];
	out[i] = 0;
	return i ? 0 : error("'%s' has an empty kernel version string", image);
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

void kmod_tree(const char *dir, const char *image, const char *release,
	       char *out, size_t cap)
{
	char base[512];
	const char *slash = strrchr(image, '/');

	out[0] = 0;
	if (dir) {
		/* one tree for all kernels, or a directory of trees by release */
		snprintf(out, cap, "%s/%s", dir, release);
		if (!is_dir(out))
			snprintf(out, cap, "%s", dir);
		return;
	}
	snprintf(base, sizeof(base), "%.*s", slash ? (int)(slash - image) : 1,
		 slash ? image : ".");
	snprintf(out, cap, "%s/../lib/modules/%s", base, release);
	if (is_dir(out))
		return;
	/* a merged-/usr package (Debian 13) ships usr/lib/modules */
	snprintf(out, cap, "%s/../usr/lib/modules/%s", base, release);
	if (is_dir(out))
		return;
	snprintf(out, cap, "/lib/modules/%s", release);
	if (!is_dir(out))
		out[0] = 0;
}

/* off..off+n lies inside a file of len bytes, without wrapping. */
static int in_file(uint64_t off, uint64_t n, size_t len)
{
	return off <= len && n <= len - off;
}

/*
 * The .modinfo section of an ELF64 module: NUL-separated key=value.
 * Every offset in the file is checked against its length before use, in
 * a form that cannot wrap (a crafted e_shoff or sh_offset near 2^64 would
 * make "off + size > len" pass); headers are copied out, since the file's
 * offsets need not be aligned.
 */
static const char *modinfo(const char *data, size_t len, size_t *size)
{
	Elf64_Ehdr eh;
	Elf64_Shdr sh, names;
	size_t i;

	if (len < sizeof(eh))
		return NULL;
	memcpy(&eh, data, sizeof(eh));
	if (memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_shentsize != sizeof(sh) ||
	    !in_file(eh.e_shoff, (uint64_t)eh.e_shnum * sizeof(sh), len) ||
	    eh.e_shstrndx >= eh.e_shnum)
		return NULL;
	memcpy(&names, data + eh.e_shoff + eh.e_shstrndx * sizeof(sh), sizeof(sh));
	if (!in_file(names.sh_offset, names.sh_size, len))
		return NULL;
	for (i = 0; i < eh.e_shnum; i++) {
		memcpy(&sh, data + eh.e_shoff + i * sizeof(sh), sizeof(sh));
		/* the name, NUL included, inside the section-name table */
		if (sh.sh_name >= names.sh_size ||
		    names.sh_size - sh.sh_name < sizeof(".modinfo") ||
		    memcmp(data + names.sh_offset + sh.sh_name, ".modinfo",
			   sizeof(".modinfo")) ||
		    !in_file(sh.sh_offset, sh.sh_size, len))
			continue;
		*size = sh.sh_size;
		return data + sh.sh_offset;
	}
	return NULL;
}

int kmod_depends(const char *path, char *out, size_t cap)
{
	char *data;
	const char *info, *p;
	size_t len, size;

	out[0] = 0;
	if (kmod_read(path, &data, &len))
		return -1;
	info = modinfo(data, len, &size);
	if (!info) {
		free(data);
		return error("'%s' is not a kernel module (no .modinfo)", path);
	}
	/* entries may lack their final NUL: never read past the section */
	for (p = info; p < info + size; p += strnlen(p, info + size - p) + 1)
		if (info + size - p > 8 && !strncmp(p, "depends=", 8)) {
			snprintf(out, cap, "%.*s", (int)strnlen(p + 8, info + size - p - 8),
				 p + 8);
			break;
		}
	free(data);
	return 0;
}

/* ---- finding a module by name in the tree ---------------------------- */

static struct {
	const char *name;        /* with '-' as '_' */
	char path[512];
	int builtin;
} found;

/* Module names treat '-' and '_' alike (kernel/module: the name is normalised). */
static int same_name(const char *file, size_t len, const char *name)
{
	size_t i;

	if (strlen(name) != len)
		return 0;
	for (i = 0; i < len; i++)
		if ((file[i] == '-' ? '_' : file[i]) != (name[i] == '-' ? '_' : name[i]))
			return 0;
	return 1;
}

static int visit(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	const char *base = path + ftw->base;
	size_t bl = strlen(base), sl = kmod_suffix(base);

	(void)st;
	if (type != FTW_F || !sl || !same_name(base, bl - sl, found.name))
		return 0;
	snprintf(found.path, sizeof(found.path), "%s", path);
	return 1;
}

static int in_builtin(const char *tree, const char *name)
{
	char path[600], line[512];
	FILE *f;
	int hit = 0;

	snprintf(path, sizeof(path), "%s/modules.builtin", tree);
	f = fopen(path, "re");
	while (f && !hit && fgets(line, sizeof(line), f)) {
		char *slash = strrchr(line, '/'), *b = slash ? slash + 1 : line;
		size_t sl;

		b[strcspn(b, "\n")] = 0;
		sl = kmod_suffix(b);
		hit = sl && same_name(b, strlen(b) - sl, name);
	}
	if (f)
		fclose(f);
	return hit;
}

/* 1: path found; 0: built in; -1: neither */
static int locate(const char *tree, const char *name, char *path, size_t cap)
{
	found.name = name;
	found.path[0] = 0;
	if (nftw(tree, visit, 32, FTW_PHYS) == 1) {
		snprintf(path, cap, "%s", found.path);
		return 1;
	}
	return in_builtin(tree, name) ? 0 : -1;
}

static int listed(const struct kmod_list *l, const char *path)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (!strcmp(l->path[i], path))
			return 1;
	return 0;
}

static int add(const char *tree, const char *name, struct kmod_list *out,
	       int depth)
{
	char path[512], deps[512], *d, *p;
	int r;

	if (depth > MAX_DEPTH)
		return error("module dependencies of '%s' nest too deep", name);
	r = locate(tree, name, path, sizeof(path));
	if (r < 0)
		return error("module '%s' is neither in '%s' nor built into the "
			     "kernel (modules.builtin)", name, tree);
	if (r == 0 || listed(out, path))
		return 0;
	if (kmod_depends(path, deps, sizeof(deps)))
		return -1;
	for (p = deps; (d = strsep(&p, ",")) && *d;)
		if (add(tree, d, out, depth + 1))
			return -1;
	if (!listed(out, path)) {
		char (*v)[512] = realloc(out->path, (out->nr + 1) * sizeof(*v));

		if (!v)
			return error("out of memory");
		out->path = v;
		snprintf(out->path[out->nr++], sizeof(*v), "%s", path);
	}
	return 0;
}

int kmod_resolve(const char *tree, const char *const *wanted, size_t n,
		 struct kmod_list *out)
{
	size_t i;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < n; i++)
		if (add(tree, wanted[i], out, 0))
			return -1;
	return 0;
}

void kmod_list_release(struct kmod_list *l)
{
	free(l->path);
	memset(l, 0, sizeof(*l));
}
