#!/usr/bin/env bash
# tests/lab-kernel.sh [6.1|6.12] - print the path of a Debian cloud kernel
# image for the lab tests, downloading it once into tests/.cache (apt-get
# download + dpkg -x: no root, nothing installed).  6.1 (the default) is
# bookworm's own line (modules .ko); 6.12 is its backports line (modules
# .ko.xz).  $VMSCOPE_LAB_KERNEL (6.1) and $VMSCOPE_LAB_KERNEL_612 override.
# Prints nothing (and exits 1) when no kernel can be had.
set -u
line=${1:-6.1}
case $line in
6.1)	override=${VMSCOPE_LAB_KERNEL:-}; meta=linux-image-cloud-amd64 ;;
6.12)	override=${VMSCOPE_LAB_KERNEL_612:-}; meta=linux-image-6.12-cloud-amd64 ;;
*)	echo "usage: $0 [6.1|6.12]" >&2; exit 2 ;;
esac
if [ -n "$override" ]; then
	echo "$override"
	exit 0
fi
cache="$(cd "$(dirname "$0")" && pwd)/.cache"
# the image package the metapackage points at now
image_pkg() {
	apt-cache depends "$meta" 2>/dev/null |
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
	# the unsigned build where there is one: the same kernel, no signature
	get=$pkg
	apt-cache show "$pkg-unsigned" >/dev/null 2>&1 && get=$pkg-unsigned
	apt-get download "$get" >/dev/null 2>&1 || exit 1
	dpkg -x "$get"_*.deb "$pkg.tmp" && rm -f "$get"_*.deb && mv "$pkg.tmp" "$pkg"
fi
[ -f "$image" ] && echo "$image"
