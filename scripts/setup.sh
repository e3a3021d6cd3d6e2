#!/bin/sh
# Install the Debian 12 packages Pony needs to build and test (idempotent).
# Runs apt-get as root, or through sudo when not root.
set -eu

PACKAGES="
  gcc clang libclang-rt-dev pkg-config python3 meson ninja-build
  mesa-common-dev libdrm-dev libegl-dev libgl-dev libgles-dev libgbm-dev libx11-dev
  libglapi-mesa libegl-mesa0 libgl1-mesa-dri libgbm1 khronos-api libpng-dev
  piglit waffle-utils xvfb x11-utils mesa-utils valgrind glslang-tools glmark2-x11 glmark2-es2-x11
"

missing=""
for p in $PACKAGES; do
   dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
      missing="$missing $p"
done
[ -z "$missing" ] && exit 0

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "setup: installing$missing"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
