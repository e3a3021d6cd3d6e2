#!/bin/sh
# The vendor route is independent of Mesa (issue G): with only Pony's EGL
# vendor file listed, pony-demo renders and verifies its picture through
# libglvnd, and strace sees no Mesa library opened -- libEGL_mesa,
# libGLX_mesa, libglapi, any *_dri.so, libgallium -- while libEGL_pony is.
# Usage: vendor-strace.sh VENDOR_JSON PONY_DEMO.  Exit 77 (skip) when strace
# is missing or may not trace here.
json=$1
demo=$2
command -v strace >/dev/null 2>&1 || { echo "strace is not installed: skip"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pony-strace.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
if ! strace -f -o /dev/null true 2>"$tmp/err"; then
   echo "strace cannot trace here: $(cat "$tmp/err"); skip"
   exit 77
fi

unset LIBGL_DRIVERS_PATH LIBGL_ALWAYS_SOFTWARE MESA_LOADER_DRIVER_OVERRIDE
export __EGL_VENDOR_LIBRARY_FILENAMES="$json" EGL_PLATFORM=surfaceless
strace -f -e trace=open,openat -o "$tmp/trace" "$demo" --verify -o "$tmp/demo.png" >"$tmp/out" 2>&1
rc=$?
failures=0
if [ $rc -ne 0 ]; then
   cat "$tmp/out"
   echo "FAIL: pony-demo --verify exited $rc through the vendor route"
   failures=$((failures + 1))
fi
# opens that succeeded (the result is a descriptor, not -1)
grep -E 'open(at)?\(' "$tmp/trace" | grep -v '= -1 ' >"$tmp/opened"
mesa=$(grep -E 'libEGL_mesa|libGLX_mesa|libglapi|_dri\.so|libgallium' "$tmp/opened")
if [ -n "$mesa" ]; then
   echo "$mesa"
   echo "FAIL: a Mesa library was opened"
   failures=$((failures + 1))
fi
if ! grep -q 'libEGL_pony' "$tmp/opened"; then
   echo "FAIL: libEGL_pony.so.0 was never opened"
   failures=$((failures + 1))
fi
n=$(wc -l <"$tmp/opened")
echo "$n files opened; GL_RENDERER: $(grep -m1 -i renderer "$tmp/out" | sed 's/^.*: //')"
if [ $failures -ne 0 ]; then
   echo "vendor-strace: $failures failure(s)"
   exit 1
fi
echo "vendor-strace: pass (no Mesa library opened, the demo verified)"
