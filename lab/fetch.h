/*
 * fetch.h - kernels by name: `--kernel debian:6.12-cloud` and the like,
 * fetched with the system's package tools into a cache and reused.
 *
 * A name is debian:<release> (a package's release, "6.1.0-47-amd64",
 * "6.12.117+deb12-cloud-amd64") or debian:<line>[-<flavour>] ("6.12-cloud",
 * "6.1-rt", "6.12"), which follows Debian's metapackage for that line and
 * flavour (linux-image-6.12-cloud-amd64, or for the distribution's own
 * line linux-image-rt-amd64 when its kernel is 6.1.*) to the newest
 * release.  The image package (its -unsigned build where there is one:
 * the same kernel without the signature wrapper) holds the modules too on
 * Debian; it is fetched with `apt-get download` and unpacked with
 * `dpkg -x` -- no root, nothing installed -- into
 * $XDG_CACHE_HOME/vmscope/linux-image-<release>/ (~/.cache when unset),
 * checked (the image's release, its module tree) and reused next time.
 */
#ifndef VMSCOPE_FETCH_H
#define VMSCOPE_FETCH_H

#include <stddef.h>

/* 1 if arg names a kernel by name (debian:...), 0 if it is a file path. */
int fetch_is_name(const char *arg);

/*
 * The image path of the kernel named, fetched if not in the cache yet.
 * -1 with a message; an unknown name lists the names that exist.
 */
int fetch_kernel(const char *name, char *image, size_t cap);

/* The cache directory ($XDG_CACHE_HOME/vmscope or ~/.cache/vmscope). */
int fetch_cache_dir(char *out, size_t cap);

#endif
