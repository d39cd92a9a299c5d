/*
 * kernel.h - what the lab needs to know about a kernel image it is given:
 * the release it was built as, and the modules the guest must load to
 * see its disks, taken from the kernel's own module tree.
 */
#ifndef VMSCOPE_KERNEL_H
#define VMSCOPE_KERNEL_H

#include <stddef.h>

/*
 * The release of an x86 bzImage ("6.1.0-47-cloud-amd64"), read from its
 * setup header (Documentation/arch/x86/boot.rst: "HdrS" at 0x202, the
 * kernel_version pointer at 0x20e).  -1 with a message if it is not one.
 */
int kimage_release(const char *image, char *out, size_t cap);

/*
 * The module tree of release: dir/<release> or dir if given, else the tree a `dpkg -x` of
 * the image's package leaves beside it (<image dir>/../lib/modules/<rel>,
 * or ../usr/lib/modules/<rel>),
 * else /lib/modules/<rel>.  out is "" when there is none.
 */
void kmod_tree(const char *dir, const char *image, const char *release,
	       char *out, size_t cap);

struct kmod_list {
	char (*path)[512];       /* in load order: dependencies first */
	size_t nr;
};

/*
 * The files to load, in order, for the modules named in wanted[] and
 * what they depend on (the "depends=" of each module's .modinfo).  A
 * module built into the kernel (modules.builtin) needs no file.  -1 with
 * a message naming a module that is neither in the tree nor built in.
 */
int kmod_resolve(const char *tree, const char *const *wanted, size_t n,
		 struct kmod_list *out);
void kmod_list_release(struct kmod_list *l);

/* The "depends=" of one module file, into out ("" if none); -1 if unreadable. */
int kmod_depends(const char *path, char *out, size_t cap);

#endif
