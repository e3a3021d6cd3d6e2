#!/bin/bash
# build-vkms.sh KVER OUTDIR
#
# Builds vkms.ko for the Debian kernel KVER out of tree: Debian's kernel is
# configured without CONFIG_DRM_VKMS, so the driver's sources are taken from
# linux-source-X.Y and compiled against linux-headers-KVER.
#
# The result is OUTDIR/vkms.ko.  OUTDIR/vkms.key records the inputs (kernel
# version, the source tarball's and the headers' size and time, this script);
# when they have not changed the module is not built again.
#
# Exit status: 0 built or up to date, 77 an input is missing, 1 build error.
set -eu

if [ $# -ne 2 ]; then
   echo "usage: $0 KVER OUTDIR" >&2
   exit 2
fi
kver=$1
out=$2

# 6.1.0-57-amd64 -> linux-source-6.1
series=$(echo "$kver" | cut -d. -f1,2)
src=/usr/src/linux-source-$series.tar.xz
hdr=/lib/modules/$kver/build

if [ ! -f "$src" ]; then
   echo "build-vkms: $src missing (apt-get install linux-source-$series)" >&2
   exit 77
fi
if [ ! -f "$hdr/Makefile" ]; then
   echo "build-vkms: $hdr missing (apt-get install linux-headers-$kver)" >&2
   exit 77
fi
for tool in make gcc tar xz; do
   if ! command -v "$tool" >/dev/null; then
      echo "build-vkms: $tool missing" >&2
      exit 77
   fi
done

mkdir -p "$out"
key="$kver $(stat -L -c '%s %Y' "$src") $(stat -L -c '%s %Y' "$hdr/Makefile" "$hdr/.config" | tr '\n' ' ')$(sha256sum < "$0" | cut -c1-16)"
if [ -f "$out/vkms.ko" ] && [ -f "$out/vkms.key" ] && [ "$(cat "$out/vkms.key")" = "$key" ]; then
   exit 0
fi

echo "build-vkms: building vkms.ko for $kver from $src" >&2
work=$out/vkms-src
rm -rf "$work" "$out/vkms.ko" "$out/vkms.key"
mkdir -p "$work"
# Only the vkms folder is unpacked; xz still reads the whole tarball (~9 s).
tar -xJf "$src" -C "$work" --wildcards "linux-source-$series/drivers/gpu/drm/vkms/*"
moddir=$work/linux-source-$series/drivers/gpu/drm/vkms
make -s -C "$hdr" M="$moddir" CONFIG_DRM_VKMS=m -j"$(nproc)" modules >&2
cp "$moddir/vkms.ko" "$out/vkms.ko"
rm -rf "$work"
echo "$key" > "$out/vkms.key"
