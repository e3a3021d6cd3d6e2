#!/bin/bash
# run-vm.sh [-w WORKDIR] [-k KVER] [-f PATH]... [-t SECS] [-v] [-g] NAME=COMMAND...
#
# Boots Debian's kernel in qemu (software emulation unless KVM really works),
# with vgem and an out-of-tree vkms loaded, runs the given test commands in
# the guest one after the other and reports each one's exit status.
#
#   -w WORKDIR  where vkms.ko, the initramfs and the logs of the last run are
#               kept (default: ./vm); both are rebuilt only when their inputs
#               change (see build-vkms.sh, mkimage.sh)
#   -k KVER     kernel version (default: $PONY_VM_KVER, else the one
#               linux-image-amd64 depends on, else the newest /boot/vmlinuz-*)
#   -f PATH     a host file or folder to put in the image at the same path
#               (test programs, a Pony driver folder); ELF files bring their
#               libraries.  Debian's Mesa userland (libgbm, libEGL_mesa,
#               kms_swrast/swrast) is always included.
#   -t SECS     time limit of each test in the guest (default 60)
#   -v          print the kernel console afterwards
#   -g          with a virtio-gpu with virgl (qemu's virtio-vga-gl): the host
#               side renders with the host's GL (Mesa) in an SDL window under
#               Xvfb; needs qemu-system-gui, xvfb-run and xauth (SKIP without)
#   NAME=COMMAND  a test: COMMAND runs with sh -c in the guest, as root
#
# Exit status (meson's conventions): 0 all tests passed (or some skipped),
# 1 a test failed or the guest did not finish, 77 all tests skipped or the
# VM cannot run here (qemu, the kernel, its headers or linux-source missing,
# or qemu fails to start).
#
# Environment: PONY_VM_ACCEL=tcg|kvm (default: kvm only when /dev/kvm is
# writable and the CPU shows vmx/svm), PONY_VM_MEM (MiB, default 1536),
# PONY_VM_SMP (default 2).
set -eu

here=$(cd "$(dirname "$0")" && pwd)

usage() {
   sed -n '2,3p' "$0" | sed 's/^# \{0,1\}//' >&2
   exit 2
}
skip() {
   echo "SKIP: $*"
   exit 77
}

work=vm kver=${PONY_VM_KVER:-} limit=60 verbose=0 virgl=0
files=()
while getopts "w:k:f:t:vg" opt; do
   case $opt in
   w) work=$OPTARG ;;
   k) kver=$OPTARG ;;
   f) files+=("$OPTARG") ;;
   t) limit=$OPTARG ;;
   v) verbose=1 ;;
   g) virgl=1 ;;
   *) usage ;;
   esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || usage

# --- prerequisites: missing ones mean skip ------------------------------------
qemu=$(command -v qemu-system-x86_64 || true)
[ -n "$qemu" ] || skip "qemu-system-x86_64 missing (apt-get install qemu-system-x86)"
if [ -z "$kver" ]; then
   kver=$(dpkg-query -W -f='${Depends}' linux-image-amd64 2>/dev/null |
          sed -n 's/^linux-image-\([^ ,]*\).*/\1/p')
fi
if [ -z "$kver" ]; then
   kver=$(find /boot -maxdepth 1 -name 'vmlinuz-*' | sed 's|^/boot/vmlinuz-||' |
          sort -V | tail -n1)
fi
[ -n "$kver" ] || skip "no kernel in /boot (apt-get install linux-image-amd64)"
kernel=/boot/vmlinuz-$kver
[ -r "$kernel" ] || skip "$kernel missing or unreadable (apt-get install linux-image-amd64)"
[ -d "/lib/modules/$kver/kernel/drivers/gpu/drm/vgem" ] ||
   skip "no vgem module for $kver"
for tool in timeout flock cpio; do
   command -v $tool >/dev/null || skip "$tool missing"
done
display=(-display none)
wrap=()
if [ $virgl = 1 ]; then
   # qemu's own modules: the device and the SDL display with OpenGL
   qmods=$(dirname "$(readlink -f "$qemu")")/../lib/x86_64-linux-gnu/qemu
   for m in hw-display-virtio-vga-gl ui-sdl ui-opengl; do
      [ -e "$qmods/$m.so" ] || skip "qemu module $m missing (apt-get install qemu-system-gui)"
   done
   for tool in xvfb-run xauth; do
      command -v $tool >/dev/null || skip "$tool missing (apt-get install xvfb xauth)"
   done
   [ -e "/lib/modules/$kver/kernel/drivers/gpu/drm/virtio/virtio-gpu.ko" ] ||
      [ -e "/lib/modules/$kver/kernel/drivers/gpu/drm/virtio/virtio-gpu.ko.xz" ] ||
      skip "no virtio-gpu module for $kver"
   display=(-device virtio-vga-gl -display sdl,gl=on)
   wrap=(xvfb-run -a -s "-screen 0 1024x768x24")
fi

mkdir -p "$work"
work=$(cd "$work" && pwd)

# --- vkms.ko and the image, built once (a lock for tests run in parallel) ---
mesa=()
for f in /usr/lib/x86_64-linux-gnu/libgbm.so.1 \
         /usr/lib/x86_64-linux-gnu/libEGL.so.1 \
         /usr/lib/x86_64-linux-gnu/libEGL_mesa.so.0 \
         /usr/lib/x86_64-linux-gnu/libGLESv2.so.2 \
         /usr/lib/x86_64-linux-gnu/libGL.so.1 \
         /usr/lib/x86_64-linux-gnu/dri/kms_swrast_dri.so \
         /usr/lib/x86_64-linux-gnu/dri/swrast_dri.so \
         /usr/lib/x86_64-linux-gnu/dri/virtio_gpu_dri.so \
         /usr/share/glvnd/egl_vendor.d/50_mesa.json \
         /usr/share/drirc.d; do
   [ -e "$f" ] && mesa+=(-f "$f")
done
for f in "${files[@]+"${files[@]}"}"; do
   mesa+=(-f "$f")
done

image=$work/image.cpio
rc=0
(
   flock 9
   "$here/build-vkms.sh" "$kver" "$work"
   # drm_kms_helper first, with fbdev emulation off: no fbcon framebuffer
   # takes vkms's CRTC between tests
   # virtio_pci and virtio-gpu in every image (one image for all tests):
   # without the device they make no node
   virtio=()
   if [ -d "/lib/modules/$kver/kernel/drivers/gpu/drm/virtio" ]; then
      virtio=(-m virtio_pci -m virtio-gpu)
   fi
   "$here/mkimage.sh" -o "$image" -k "$kver" \
      -m drm_kms_helper:fbdev_emulation=0 -m vgem -x "$work/vkms.ko" "${virtio[@]}" \
      "${mesa[@]}"
) 9> "$work/lock" || rc=$?
case $rc in
0) ;;
77) skip "cannot build vkms.ko or the image (see above)" ;;
*) echo "FAIL: building vkms.ko or the image failed ($rc)"; exit 1 ;;
esac

# --- this run: the test list as a small second archive -----------------------
# (each run folder holds a copy of the image: remove those that a killed
# run left behind, and this one however the run ends)
find "$work" -maxdepth 1 -name 'run.*' -mmin +30 -exec rm -rf {} +
run=$(mktemp -d "$work/run.XXXXXX")
trap 'rm -rf "$run"' EXIT
trap 'exit 143' TERM
trap 'exit 130' INT
mkdir -p "$run/root/etc/vm"
names=()
for t in "$@"; do
   name=${t%%=*}
   cmd=${t#*=}
   case $name in
   "" | *[!A-Za-z0-9_.-]*) echo "bad test name in '$t'" >&2; exit 2 ;;
   esac
   names+=("$name")
   echo "$name $limit $cmd" >> "$run/root/etc/vm/tests"
done
cat "$image" > "$run/initrd.cpio"
(cd "$run/root" && find . -mindepth 1 | cpio -o -H newc --quiet) >> "$run/initrd.cpio"

accel=${PONY_VM_ACCEL:-}
if [ -z "$accel" ]; then
   accel=tcg
   if [ -w /dev/kvm ] && grep -q -E -w 'vmx|svm' /proc/cpuinfo; then
      accel=kvm
   fi
fi
case $accel in
tcg) accel_arg=tcg,thread=multi ;;
*) accel_arg=$accel ;;
esac

# Boot allowance plus every test's limit; the host limit is the last resort
# (the guest's own limits normally end a hung test first).
host_limit=$((90 + limit * $#))
console=$run/console.log
output=$run/tests.log
t0=$(date +%s.%N)
qrc=0
timeout -k 10 "$host_limit" "${wrap[@]}" "$qemu" \
   -accel "$accel_arg" -m "${PONY_VM_MEM:-1536}" -smp "${PONY_VM_SMP:-2}" \
   -nodefaults "${display[@]}" -no-reboot -nic none \
   -chardev "file,id=con,path=$console" -serial chardev:con \
   -chardev "file,id=out,path=$output" -serial chardev:out \
   -kernel "$kernel" -initrd "$run/initrd.cpio" \
   -append "console=ttyS0 panic=-1 oops=panic quiet loglevel=4" \
   < /dev/null > "$run/qemu.log" 2>&1 || qrc=$?
t1=$(date +%s.%N)
wall=$(echo "$t0 $t1" | awk '{ printf "%.1f", $2 - $1 }')

# keep the logs of the last run for a look by hand
for f in console.log tests.log qemu.log; do
   cp "$run/$f" "$work/last-$f" 2>/dev/null || true
done

if ! grep -q '^@@PONY-VM booted' "$output" 2>/dev/null; then
   cat "$run/qemu.log"
   if [ ! -s "$console" ]; then
      skip "qemu did not start the kernel (status $qrc, accel $accel)"
   fi
   tail -n 30 "$console"
   echo "FAIL: the guest did not reach /init (qemu status $qrc, ${wall} s)"
   exit 1
fi

# --- results ---------------------------------------------------------------
# The test output, without the markers, then one line per test.
grep -v '^@@PONY-VM \(booted\|done\)' "$output" | sed 's/\(.\)@@PONY-VM /\1\n@@PONY-VM /; s/^@@PONY-VM /== /Mg' || true
[ $verbose = 0 ] || { echo "== kernel console"; cat "$console"; }

status=0 passed=0 failed=0 skipped=0
if grep -q '^@@PONY-VM module-error' "$output"; then
   echo "FAIL: a module did not load"
   status=1
fi
for name in "${names[@]}"; do
   # not anchored: a test's last line may lack its newline
   line=$(grep -o "@@PONY-VM end ${name//./\\.} [0-9]* [0-9.]*" "$output" | head -n1 || true)
   if [ -z "$line" ]; then
      echo "vm: $name: FAIL (no result: the guest stopped first)"
      failed=$((failed + 1))
      continue
   fi
   read -r _ _ _ trc secs <<< "$line"
   case $trc in
   0) echo "vm: $name: PASS (${secs} s)"; passed=$((passed + 1)) ;;
   77) echo "vm: $name: SKIP (${secs} s)"; skipped=$((skipped + 1)) ;;
   137) echo "vm: $name: FAIL (killed at the ${limit} s limit)"; failed=$((failed + 1)) ;;
   *) echo "vm: $name: FAIL (status $trc, ${secs} s)"; failed=$((failed + 1)) ;;
   esac
done
if ! grep -q '@@PONY-VM done' "$output"; then
   tail -n 30 "$console"
   echo "FAIL: the guest did not finish (qemu status $qrc)"
   status=1
fi
echo "vm: $passed passed, $failed failed, $skipped skipped; kernel $kver, accel $accel, ${wall} s"
[ $failed = 0 ] || status=1
if [ $status = 0 ] && [ $passed = 0 ]; then
   exit 77
fi
exit $status
