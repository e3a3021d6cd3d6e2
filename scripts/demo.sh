#!/bin/sh
# Set up, build, and show Pony working through Mesa's own loader: renders a
# picture into an EGL pbuffer on Pony and writes it as a PNG, then prints
# pony-info (driver, renderer, versions, configs, extensions).
#   scripts/demo.sh [OUT.png]
set -eu
cd "$(dirname "$0")/.."
out=${1:-pony-demo.png}
scripts/setup.sh
[ -f build/build.ninja ] || meson setup build >/dev/null
ninja -C build >/dev/null
build/tools/pony-run --dri build/tools/pony-demo -o "$out"
build/tools/pony-run --dri build/tools/pony-info
echo "demo: wrote $out"
