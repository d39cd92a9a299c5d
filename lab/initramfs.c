/* initramfs.c - assemble the lab guest's initramfs (see initramfs.h). */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpio.h"
#include "err.h"
#include "initramfs.h"
#include "kmodfile.h"
#include "banned.h"

extern const char lab_init_sh[];   /* lab/init.sh, compiled in */

/* The busybox applets /init and the guest job run. */
static const char *const applets[] = {
	"sh", "mount", "mkdir", "insmod", "mkswap", "mke2fs", "poweroff",
	"sync", "awk", "uname", "nproc", "echo", "cat", "ls", "dmesg",
};

static const char *const dirs[] = {
	"bin", "dev", "lab", "lib", "lib/modules", "proc", "sys", "tmp",
	"var", "var/tmp",
};

static const char *base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/*
 * One module, decompressed on the host: the guest gets <name>.ko whatever
 * the tree held (.ko, .ko.xz, .ko.zst, .ko.gz), for busybox insmod.
 */
static int add_module(struct cpio *c, const char *path, char *ko, size_t cap)
{
	const char *b = base(path);
	char name[600];
	char *data;
	size_t len;

	snprintf(ko, cap, "%.*s.ko", (int)(strlen(b) - kmod_suffix(b)), b);
	snprintf(name, sizeof(name), "lib/modules/%s", ko);
	if (kmod_read(path, &data, &len))
		return -1;
	cpio_file(c, name, 0644, data, len);
	free(data);
	return 0;
}

static int add_modules(struct cpio *c, const struct kmod_list *mods)
{
	char ko[512], list[16384];
	size_t i, len = 0;

	list[0] = 0;
	for (i = 0; i < mods->nr; i++) {
		if (add_module(c, mods->path[i], ko, sizeof(ko)))
			return -1;
		len += (size_t)snprintf(list + len, sizeof(list) - len, "%s\n", ko);
		if (len >= sizeof(list))
			return error("too many modules for the guest");
	}
	return cpio_file(c, "lab/modules", 0644, list, len);
}

int initramfs_write(const char *path, const struct initramfs_spec *s)
{
	struct cpio c;
	char link[64];
	size_t i;

	if (cpio_open(&c, path))
		return -1;
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		cpio_dir(&c, dirs[i]);
	/* the kernel opens /dev/console for init before devtmpfs is mounted */
	cpio_chardev(&c, "dev/console", 5, 1);
	if (cpio_copy(&c, "bin/busybox", 0755, s->busybox) ||
	    cpio_copy(&c, "bin/vmscope", 0755, s->vmscope) ||
	    cpio_copy(&c, "bin/vmscope-collect", 0755, s->collect) ||
	    add_modules(&c, s->mods)) {
		cpio_close(&c);
		return -1;
	}
	for (i = 0; i < sizeof(applets) / sizeof(applets[0]); i++) {
		snprintf(link, sizeof(link), "bin/%s", applets[i]);
		cpio_symlink(&c, link, "busybox");
	}
	cpio_file(&c, "init", 0755, lab_init_sh, strlen(lab_init_sh));
	cpio_file(&c, "lab/job", 0644, s->job, strlen(s->job));
	cpio_file(&c, "lab/bench.args", 0644, s->args, s->args_len);
	return cpio_close(&c);
}

int elf_is_static(const char *path)
{
	FILE *f = fopen(path, "rbe");
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	int i, is_static = 0;

	if (f && fread(&eh, sizeof(eh), 1, f) == 1 &&
	    !memcmp(eh.e_ident, ELFMAG, SELFMAG) &&
	    eh.e_ident[EI_CLASS] == ELFCLASS64) {
		is_static = 1;
		for (i = 0; i < eh.e_phnum; i++)
			if (fseek(f, (long)(eh.e_phoff + (Elf64_Off)i * eh.e_phentsize),
				  SEEK_SET) || fread(&ph, sizeof(ph), 1, f) != 1 ||
			    ph.p_type == PT_INTERP)
				is_static = 0;
	}
	if (f)
		fclose(f);
	return is_static;
}
