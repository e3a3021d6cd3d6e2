#!/bin/sh
# Follows docs/install.md on the build: `meson install` (into a staging
# folder, DESTDIR), then the installed pony-env.sh -- relocated to that
# folder -- and pony-demo --verify through the vendor route, with strace
# (when it can trace) showing libEGL_pony.so.0 and no Mesa library opened;
# the installed layout is checked on the way.
# Usage: test-install.sh BUILDDIR PREFIX LIBDIR DATADIR BINDIR
build=$1
prefix=$2
libdir=$3
datadir=$4
bindir=$5
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pony-install.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0
fail()
{
   echo "FAIL: $*"
   failures=$((failures + 1))
}

meson install -C "$build" --no-rebuild --quiet --destdir "$tmp/root" >"$tmp/install.log" 2>&1 ||
   { cat "$tmp/install.log"; echo "FAIL: meson install"; exit 1; }
root=$tmp/root
for f in "$libdir/libEGL_pony.so.0" "$libdir/libGLX_pony.so.0" "$libdir/gbm/pony_gbm.so" \
         "$datadir/glvnd/egl_vendor.d/50_pony.json" "$datadir/pony/pony-env.sh" \
         "$bindir/pony-run" "$bindir/pony-demo"; do
   [ -e "$root$f" ] || fail "not installed: $f"
done
grep -q '"library_path" : "libEGL_pony.so.0"' "$root$datadir/glvnd/egl_vendor.d/50_pony.json" ||
   fail "50_pony.json does not name libEGL_pony.so.0"
[ "$(readlink "$root$libdir/gbm/pony_gbm.so")" = "../libEGL_pony.so.0" ] ||
   fail "pony_gbm.so is not a link to ../libEGL_pony.so.0"

# docs/install.md: ". <prefix>/share/pony/pony-env.sh", here relocated into the staging folder
sed "s|$prefix|$root$prefix|g" "$root$datadir/pony/pony-env.sh" >"$tmp/env.sh"
(
   unset LIBGL_DRIVERS_PATH LIBGL_ALWAYS_SOFTWARE DISPLAY WAYLAND_DISPLAY
   . "$tmp/env.sh"
   export EGL_PLATFORM=surfaceless
   if command -v strace >/dev/null 2>&1 && strace -f -o /dev/null true 2>/dev/null; then
      strace -f -e trace=open,openat -o "$tmp/trace" "$root$bindir/pony-demo" --verify \
         -o "$tmp/demo.png" >"$tmp/demo.log" 2>&1
   else
      "$root$bindir/pony-demo" --verify -o "$tmp/demo.png" >"$tmp/demo.log" 2>&1
   fi
) || { cat "$tmp/demo.log"; fail "the installed pony-demo --verify through pony-env.sh"; }
grep -q "GL_RENDERER Pony" "$tmp/demo.log" || fail "the demo's renderer is not Pony's"
if [ -f "$tmp/trace" ]; then
   opened=$(grep -v '= -1 ' "$tmp/trace")
   echo "$opened" | grep -q "$root$libdir/libEGL_pony.so.0" ||
      fail "the installed libEGL_pony.so.0 was not the one opened"
   echo "$opened" | grep -E 'libEGL_mesa|libGLX_mesa|libglapi|_dri\.so|libgallium' &&
      fail "a Mesa library was opened"
fi
if [ $failures -ne 0 ]; then
   echo "install: $failures failure(s)"
   exit 1
fi
echo "install: pass (staged install, pony-env.sh, pony-demo --verify on the installed vendor library)"
