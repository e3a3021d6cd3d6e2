#!/bin/sh
# Set up, build and run every Pony test suite (meson test) twice: in the
# normal build, then in the sanitizer build (ASan + UBSan, any report fails;
# docs/testing.md); then the libFuzzer targets in a clang build of their
# own (suite 'libfuzzer': the seed corpora, then a bounded run per target).
# The last line is the total of all runs: "N passed, N failed, N skipped".
#   scripts/test.sh [--werror] [--no-sanitize] [BUILD_DIR] [-- extra meson test args]
# The sanitizer build lives in BUILD_DIR-asan.
set -eu
cd "$(dirname "$0")/.."

werror=false
sanitize=true
while [ $# -gt 0 ]; do
   case "$1" in
   --werror) werror=true; shift ;;
   --no-sanitize) sanitize=false; shift ;;
   *) break ;;
   esac
done
build=${1:-build}
[ $# -gt 0 ] && shift
[ "${1:-}" = "--" ] && shift

scripts/setup.sh

# configure DIR [meson options...]: set up DIR, or reconfigure it.
configure() {
   dir=$1; shift
   if [ -f "$dir/build.ninja" ]; then
      meson configure "$dir" -Dwerror=$werror "$@" >/dev/null
   else
      meson setup "$dir" -Dwerror=$werror "$@" >/dev/null
   fi
}

logs=""
rc=0
# the normal build also boots the VM tests (tests/vm: Debian's kernel in
# qemu with vgem and vkms; they skip where qemu cannot run)
configure "$build" -Dvm_tests=true
ninja -C "$build"
echo "== meson test ($build)"
meson test -C "$build" --print-errorlogs --num-processes 2 "$@" || rc=$?
logs="$build/meson-logs/testlog.json"

if $sanitize; then
   asan="$build-asan"
   configure "$asan" -Db_sanitize=address,undefined -Db_lundef=false \
      -Dc_args=-fno-sanitize-recover=undefined -Dvm_tests=false
   ninja -C "$asan"
   echo "== meson test ($asan: ASan + UBSan, setup 'sanitize')"
   meson test -C "$asan" --print-errorlogs --num-processes 2 "$@" || rc=$?
   logs="$logs $asan/meson-logs/testlog.json"

   # the libFuzzer targets: clang with -fsanitize=fuzzer (tests/fuzz/meson.build)
   if command -v clang >/dev/null 2>&1; then
      fz="$build-fuzz"
      if [ ! -f "$fz/build.ninja" ]; then
         CC=clang meson setup "$fz" -Dwerror=$werror -Dpiglit_tests=false >/dev/null
      fi
      ninja -C "$fz" tests/fuzz/fuzz-glsl tests/fuzz/fuzz-arbprog
      echo "== meson test ($fz: libFuzzer, suite 'libfuzzer')"
      meson test -C "$fz" --no-rebuild --print-errorlogs --suite libfuzzer || rc=$?
      logs="$logs $fz/meson-logs/testlog.json"
   fi
fi

python3 - $logs <<'PYEOF'
import json, sys
passed = failed = skipped = 0
for path in sys.argv[1:]:
    try:
        lines = open(path).read().splitlines()
    except OSError:
        lines = []
    if not lines:
        failed += 1          # a build that ran no test
    for line in lines:
        r = json.loads(line).get('result')
        if r in ('OK', 'EXPECTEDFAIL'):
            passed += 1
        elif r == 'SKIP':
            skipped += 1
        else:
            failed += 1
print('%d passed, %d failed, %d skipped' % (passed, failed, skipped))
PYEOF
exit $rc
