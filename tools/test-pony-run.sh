#!/bin/sh
# Checks pony-run's command line and the environment it sets up on both
# routes, with fake driver and vendor folders (no GL involved).
# Usage: test-pony-run.sh PONY_RUN
pony_run=$1
failures=0
fail()
{
   echo "FAIL: $*"
   failures=$((failures + 1))
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pony-run-test.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/dri" "$tmp/empty" "$tmp/vendor" "$tmp/glx"
: > "$tmp/dri/swrast_dri.so"
: > "$tmp/vendor/pony.json"
: > "$tmp/vendor/libEGL_pony.so.0"
: > "$tmp/vendor/pony_gbm.so"
: > "$tmp/glx/libGLX_pony.so.0"
# the vendor route's locations, and the DRI route's
vendor="PONY_EGL_VENDOR_FILE=$tmp/vendor/pony.json PONY_EGL_DIR=$tmp/vendor PONY_GLX_DIR=$tmp/glx PONY_GBM_DIR=$tmp/vendor"

# --help: exit 0 and a usage text
out=$("$pony_run" --help) || fail "--help exited $?"
case "$out" in
*"Usage: pony-run"*) ;;
*) fail "--help printed no usage" ;;
esac

# no command: usage on stderr, exit 2
"$pony_run" >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ] || fail "no command: exit $rc, expected 2"

# unknown option: exit 2
PONY_DRI_DIR=$tmp/dri "$pony_run" --bogus true >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ] || fail "unknown option: exit $rc, expected 2"

# --driver without a name: exit 2
PONY_DRI_DIR=$tmp/dri "$pony_run" --driver >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ] || fail "--driver without NAME: exit $rc, expected 2"

# a folder without swrast_dri.so: exit 127 and say so
err=$(PONY_DRI_DIR=$tmp/empty "$pony_run" --dri true 2>&1)
rc=$?
[ $rc -eq 127 ] || fail "missing driver: exit $rc, expected 127"
case "$err" in
*"no swrast_dri.so in '$tmp/empty'"*) ;;
*) fail "missing driver: message was: $err" ;;
esac

# the environment, without a display
env_out=$(env -u DISPLAY -u WAYLAND_DISPLAY -u EGL_PLATFORM -u PONY_DRIVER \
          PONY_DRI_DIR="$tmp/dri" "$pony_run" --dri env)
for want in "LIBGL_DRIVERS_PATH=$tmp/dri" "GBM_DRIVERS_PATH=$tmp/dri" \
            "LIBGL_ALWAYS_SOFTWARE=1" "EGL_PLATFORM=surfaceless"; do
   echo "$env_out" | grep -qx "$want" || fail "environment lacks $want"
done
echo "$env_out" | grep -q '^PONY_DRIVER=' &&
   fail "PONY_DRIVER set without --driver"

# --driver NAME and --driver=NAME
env_out=$(PONY_DRI_DIR="$tmp/dri" "$pony_run" --dri --driver refpipe env)
echo "$env_out" | grep -qx "PONY_DRIVER=refpipe" ||
   fail "--driver refpipe did not set PONY_DRIVER"
env_out=$(PONY_DRI_DIR="$tmp/dri" "$pony_run" --dri --driver=jitpipe env)
echo "$env_out" | grep -qx "PONY_DRIVER=jitpipe" ||
   fail "--driver=jitpipe did not set PONY_DRIVER"

# with a display, or an explicit platform, EGL_PLATFORM is left alone
env_out=$(env -u EGL_PLATFORM DISPLAY=:42 PONY_DRI_DIR="$tmp/dri" \
          "$pony_run" --dri env)
echo "$env_out" | grep -q '^EGL_PLATFORM=' &&
   fail "EGL_PLATFORM set although DISPLAY is set"
env_out=$(env -u DISPLAY EGL_PLATFORM=device PONY_DRI_DIR="$tmp/dri" \
          "$pony_run" --dri env)
echo "$env_out" | grep -qx 'EGL_PLATFORM=device' ||
   fail "an explicit EGL_PLATFORM was replaced"

# arguments reach the command unchanged; its status comes back
out=$(env $vendor "$pony_run" -- printf '%s|' "a b" "-c" "")
[ "$out" = "a b|-c||" ] || fail "arguments came through as '$out'"
env $vendor "$pony_run" sh -c 'exit 3'
rc=$?
[ $rc -eq 3 ] || fail "command status: $rc, expected 3"

# the vendor route (the default): only Pony's EGL vendor, its GLX library
# by name, its GBM backend; none of the DRI route's variables
env_out=$(env -u DISPLAY -u WAYLAND_DISPLAY -u EGL_PLATFORM -u LD_LIBRARY_PATH \
          LIBGL_DRIVERS_PATH=/somewhere $vendor "$pony_run" env)
for want in "__EGL_VENDOR_LIBRARY_FILENAMES=$tmp/vendor/pony.json" \
            "__GLX_VENDOR_LIBRARY_NAME=pony" "LD_LIBRARY_PATH=$tmp/glx:$tmp/vendor" \
            "GBM_BACKEND=pony" "GBM_BACKENDS_PATH=$tmp/vendor" "EGL_PLATFORM=surfaceless"; do
   echo "$env_out" | grep -qx "$want" || fail "vendor route: environment lacks $want"
done
echo "$env_out" | grep -qE '^(LIBGL_DRIVERS_PATH|LIBGL_ALWAYS_SOFTWARE)=' &&
   fail "vendor route: a DRI route variable is set"
# the caller's library path is kept after Pony's
env_out=$(LD_LIBRARY_PATH=/mine env $vendor "$pony_run" env)
echo "$env_out" | grep -qx "LD_LIBRARY_PATH=$tmp/glx:$tmp/vendor:/mine" ||
   fail "vendor route: LD_LIBRARY_PATH does not end with the caller's"
# no GLX library built: libGLX is not told to look for one
env_out=$(env $vendor PONY_GLX_DIR="$tmp/empty" "$pony_run" env)
echo "$env_out" | grep -q '^__GLX_VENDOR_LIBRARY_NAME=' &&
   fail "vendor route: __GLX_VENDOR_LIBRARY_NAME set without libGLX_pony.so.0"
# no vendor file: exit 127 and say so
err=$(env $vendor PONY_EGL_VENDOR_FILE="$tmp/empty/none.json" "$pony_run" true 2>&1)
rc=$?
[ $rc -eq 127 ] || fail "missing vendor file: exit $rc, expected 127"
case "$err" in
*"no EGL vendor file '$tmp/empty/none.json'"*) ;;
*) fail "missing vendor file: message was: $err" ;;
esac

if [ $failures -ne 0 ]; then
   echo "pony-run: $failures failure(s)"
   exit 1
fi
echo "pony-run: pass"
