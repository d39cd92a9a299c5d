#!/usr/bin/env bash
# tests/lab-kernel.sh - print the path of a Debian cloud kernel image for
# the lab tests, downloading it once into tests/.cache (apt-get download +
# dpkg -x: no root, nothing installed).  $VMSCOPE_LAB_KERNEL overrides.
# Prints nothing (and exits 1) when no kernel can be had.
set -u
if [ -n "${VMSCOPE_LAB_KERNEL:-}" ]; then
	echo "$VMSCOPE_LAB_KERNEL"
	exit 0
fi
cache="$(cd "$(dirname "$0")" && pwd)/.cache"
# the image package the cloud metapackage points at now (6.1 on bookworm)
image_pkg() {
	apt-cache depends linux-image-cloud-amd64 2>/dev/null |
		awk '/Depends: linux-image-[0-9]/ { print $2; exit }'
}
pkg=$(image_pkg)
if [ -z "$pkg" ] && [ "$(id -u)" = 0 ]; then
	apt-get update -qq >/dev/null 2>&1
	pkg=$(image_pkg)
fi
[ -n "$pkg" ] || exit 1
release=${pkg#linux-image-}
image="$cache/$pkg/boot/vmlinuz-$release"
if [ ! -f "$image" ]; then
	mkdir -p "$cache" && cd "$cache" || exit 1
	apt-get download "$pkg" >/dev/null 2>&1 || exit 1
	dpkg -x "$pkg"_*.deb "$pkg" && rm -f "$pkg"_*.deb
fi
[ -f "$image" ] && echo "$image"
