#!/bin/sh
# CI only (.ci/run, a fresh machine): docs/install.md as written, after the
# build: `meson install`, then the installed pony-env.sh and programs
# through the vendor route -- pony-demo --verify (EGL, strace: the installed
# libEGL_pony.so.0 opened, no Mesa library) and glxinfo -B under Xvfb (GLX).
# This installs into the build's prefix for real: not for a developer's
# machine.  Usage: ci-install-check.sh BUILD_DIR
set -u
build=$1
prefix=$(meson introspect "$build" --buildoptions |
         python3 -c 'import json,sys; print([o["value"] for o in json.load(sys.stdin) if o["name"]=="prefix"][0])')
datadir=$prefix/share
failures=0
fail()
{
   echo "install check: FAIL: $*"
   failures=$((failures + 1))
}

echo "install check: meson install -C $build (prefix $prefix), as docs/install.md says"
meson install -C "$build" --no-rebuild --quiet >/tmp/pony-install.log 2>&1 ||
   { cat /tmp/pony-install.log; fail "meson install"; }
(
   unset LIBGL_DRIVERS_PATH LIBGL_ALWAYS_SOFTWARE DISPLAY WAYLAND_DISPLAY
   . "$datadir/pony/pony-env.sh"
   EGL_PLATFORM=surfaceless strace -f -e trace=open,openat -o /tmp/pony-install.trace \
      "$prefix/bin/pony-demo" --verify -o /tmp/pony-install.png
) >/tmp/pony-install-demo.log 2>&1 || { cat /tmp/pony-install-demo.log; fail "pony-demo --verify"; }
grep -q "GL_RENDERER Pony" /tmp/pony-install-demo.log || fail "pony-demo's renderer is not Pony's"
grep -v '= -1 ' /tmp/pony-install.trace | grep -q "libEGL_pony.so.0" ||
   fail "libEGL_pony.so.0 was not opened"
grep -v '= -1 ' /tmp/pony-install.trace | grep -E 'libEGL_mesa|libGLX_mesa|libglapi|_dri\.so|libgallium' &&
   fail "a Mesa library was opened"
cat >/tmp/pony-install-glx.sh <<GLX
#!/bin/sh
. "$datadir/pony/pony-env.sh"
glxinfo -B
GLX
chmod +x /tmp/pony-install-glx.sh
tests/glx/xvfb-run-test.sh /tmp/pony-install-glx.sh >/tmp/pony-install-glx.log 2>&1
grep -q "OpenGL renderer string: Pony" /tmp/pony-install-glx.log ||
   { cat /tmp/pony-install-glx.log; fail "glxinfo through the installed GLX vendor"; }
if [ $failures -ne 0 ]; then
   echo "install check: $failures failure(s)"
   exit 1
fi
echo "install check: pass (installed into $prefix; pony-demo --verify and glxinfo -B on the installed vendor libraries, no Mesa library opened)"
