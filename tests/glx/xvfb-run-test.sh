#!/bin/sh
# Runs one test program against a private Xvfb server.
#
#   xvfb-run-test.sh PROGRAM [ARG...]
#
# Starts Xvfb on the first free display of :90..:99 (no TCP), waits until
# it answers, runs PROGRAM with DISPLAY set and the caller's environment
# (LIBGL_DRIVERS_PATH pointing at Pony, ...), stops the server and returns
# PROGRAM's status.  Exit 77 (skip) when Xvfb is not installed.
#
# The X server itself gets no driver-path or vendor variables: its own GLX
# would load swrast_dri.so from LIBGL_DRIVERS_PATH too, i.e. Pony inside the
# server, and client GLX could then not match its visuals (DRI contract,
# pitfall 12); with __GLX_VENDOR_LIBRARY_NAME and LD_LIBRARY_PATH it would
# load Pony's GLX vendor library (in the sanitizer build an instrumented
# library without the preloaded ASan runtime, which stops the server).

if [ $# -eq 0 ]; then
   echo "usage: $0 PROGRAM [ARG...]" >&2
   exit 2
fi

if ! command -v Xvfb >/dev/null 2>&1; then
   echo "Xvfb not installed (apt-get install xvfb): skipping"
   exit 77
fi

log=$(mktemp "${TMPDIR:-/tmp}/pony-xvfb.XXXXXX") || exit 1
xvfb_pid=
# shellcheck disable=SC2317  # called from the EXIT trap
cleanup()
{
   if [ -n "$xvfb_pid" ]; then
      kill "$xvfb_pid" 2>/dev/null
      wait "$xvfb_pid" 2>/dev/null
   fi
   rm -f "$log"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

answers()
{
   if command -v xdpyinfo >/dev/null 2>&1; then
      xdpyinfo -display ":$1" >/dev/null 2>&1
   else
      [ -S "/tmp/.X11-unix/X$1" ]
   fi
}

display=
for n in 90 91 92 93 94 95 96 97 98 99; do
   # skip displays that another server holds or held
   if [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ]; then
      continue
   fi
   env -u LIBGL_DRIVERS_PATH -u LIBGL_DRIVERS_DIR -u GBM_DRIVERS_PATH \
       -u LIBGL_ALWAYS_SOFTWARE -u PONY_DRIVER -u PONY_DEBUG \
       -u MESA_LOADER_DRIVER_OVERRIDE -u LD_PRELOAD -u LD_LIBRARY_PATH \
       -u __GLX_VENDOR_LIBRARY_NAME -u __EGL_VENDOR_LIBRARY_FILENAMES \
       -u GBM_BACKEND -u GBM_BACKENDS_PATH \
       Xvfb ":$n" -screen 0 640x480x24 -nolisten tcp -noreset \
       >"$log" 2>&1 &
   xvfb_pid=$!
   tries=0
   while [ $tries -lt 100 ]; do
      if ! kill -0 "$xvfb_pid" 2>/dev/null; then
         break                  # died: display taken after all, try the next
      fi
      if answers "$n"; then
         display=":$n"
         break
      fi
      sleep 0.1
      tries=$((tries + 1))
   done
   [ -n "$display" ] && break
   kill "$xvfb_pid" 2>/dev/null
   wait "$xvfb_pid" 2>/dev/null
   xvfb_pid=
done

if [ -z "$display" ]; then
   echo "could not start Xvfb on any of :90..:99; last log:" >&2
   cat "$log" >&2
   exit 1
fi

echo "Xvfb running on $display (pid $xvfb_pid)"
DISPLAY=$display "$@"
status=$?
exit $status
