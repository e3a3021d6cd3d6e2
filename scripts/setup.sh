#!/bin/sh
# Install the Debian 12 packages Pony needs to build and test (idempotent).
# Runs apt-get as root, or through sudo when not root.
set -eu

# llvm-15-dev and g++: the JIT (docs/jit.md); meson looks LLVM up with a C++ compiler.
# libvirglrenderer-dev: the virgl driver's host-side tests run virglrenderer (the
# host side of virtio-gpu, docs/virgl.md) in the process.
PACKAGES="
  gcc clang libclang-rt-dev pkg-config python3 meson ninja-build
  mesa-common-dev libdrm-dev libegl-dev libgl-dev libgles-dev libgbm-dev libx11-dev libxext-dev
  libglapi-mesa libegl-mesa0 libgl1-mesa-dri libgbm1 khronos-api libpng-dev
  piglit waffle-utils xvfb x11-utils mesa-utils valgrind strace glslang-tools glmark2-x11 glmark2-es2-x11
  llvm-15-dev g++
  libvirglrenderer-dev
"
# The VM tests (tests/vm, docs/vm-tests.md): qemu, Debian's kernel with the
# headers and the source of its series (vkms is built out of tree);
# qemu-system-gui and xauth for the virtio-gpu (virgl) device, whose host
# side renders with Mesa under Xvfb (docs/virgl.md).
VM_PACKAGES="
  qemu-system-x86 busybox-static cpio kmod xz-utils make
  linux-image-amd64 linux-headers-amd64 linux-source-6.1
  qemu-system-gui xauth
"

missing_in() {
   for p in "$@"; do
      dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
         printf ' %s' "$p"
   done
}
missing=$(missing_in $PACKAGES)
vm_missing=$(missing_in $VM_PACKAGES)
[ -z "$missing$vm_missing" ] && exit 0

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "setup: installing$missing$vm_missing"
$SUDO apt-get update -qq
[ -z "$missing" ] || DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
# INITRD=No: the kernel package needs no initramfs of its own (the VM
# harness makes one; update-initramfs would take ~20 s)
[ -z "$vm_missing" ] ||
   DEBIAN_FRONTEND=noninteractive INITRD=No $SUDO apt-get install -y -qq \
      --no-install-recommends $vm_missing >/dev/null
