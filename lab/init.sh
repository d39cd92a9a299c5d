#!/bin/sh
# /init of a vmscope lab guest, written by `vmscope lab` (lab/init.sh).
# Mounts what the benchmark needs, loads the modules listed in /lab/modules
# (dependencies first), runs the job and powers the machine off, whatever
# happened: the host reads the result from the transfer disk.
export PATH=/bin
mkdir -p /proc /sys /dev /tmp
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null
echo "vmscope-lab: guest kernel $(uname -r), $(nproc) CPUs, $(awk '/MemTotal/ { print $2 }' /proc/meminfo) kB"
while read -r m; do
	insmod "/lib/modules/$m" || echo "vmscope-lab: cannot load module $m"
done < /lab/modules
/bin/vmscope lab-guest /lab
echo "vmscope-lab: done (status $?)"
sync
poweroff -f
