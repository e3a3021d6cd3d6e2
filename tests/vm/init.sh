#!/bin/sh
# /init of the Pony test VM (busybox sh; installed by mkimage.sh).
#
# Mounts the usual filesystems, loads the modules of /etc/vm/modules.load,
# runs every test of /etc/vm/tests (added per run by run-vm.sh) and powers
# off.  Results go to the second serial port (/dev/ttyS1) as lines that
# start with the marker "@@PONY-VM" (run-vm.sh reads them):
#
#   @@PONY-VM booted UPTIME
#   @@PONY-VM module-error PATH STATUS     an insmod failed
#   @@PONY-VM begin NAME
#   ... the test's own output (stdout and stderr) ...
#   @@PONY-VM end NAME STATUS SECONDS      137: killed by the time limit
#   @@PONY-VM done
#
# /etc/vm/tests holds one test a line: "NAME TIMEOUT COMMAND...".
# The kernel console stays on /dev/ttyS0.
#
# No "set -e": a failing module or test is reported, not fatal; the VM must
# always reach the power-off.
set -u
export PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root TMPDIR=/tmp

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /dev/shm
# /tmp stays the initramfs's own (writable) directory: a tmpfs over it would
# hide the host files the image holds there (a build tree under /tmp, as in
# a CI clone)
chmod 1777 /tmp
mount -t tmpfs tmpfs /run
mount -t debugfs debugfs /sys/kernel/debug
mkdir -p /run/user/0
chmod 700 /run/user/0
export XDG_RUNTIME_DIR=/run/user/0

out=/dev/ttyS1
# raw: no "\n" -> "\r\n" on the way out
stty -F $out raw -echo 2>/dev/null
mark() {
   echo "@@PONY-VM $*" > $out
}
uptime_s() {
   cut -d' ' -f1 /proc/uptime
}

mark booted "$(uptime_s)"

while read -r path args; do
   [ -n "$path" ] || continue
   # shellcheck disable=SC2086 # args are separate module parameters
   insmod "$path" $args > /dev/console 2>&1 || mark module-error "$path" $?
done < /etc/vm/modules.load

if [ -f /etc/vm/tests ]; then
   while read -r name limit cmd; do
      [ -n "$name" ] || continue
      mark begin "$name"
      t0=$(uptime_s)
      # stdin from /dev/null: the loop reads the list on its own stdin
      timeout -s KILL "$limit" sh -c "$cmd" > $out 2>&1 < /dev/null
      rc=$?
      t1=$(uptime_s)
      mark end "$name" "$rc" "$(echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }')"
   done < /etc/vm/tests
fi

mark "done"
sync
poweroff -f
