#!/bin/sh
# Set up, build and run every Pony test suite (meson test); the last line is
# the total: "N passed, N failed, N skipped".
#   scripts/test.sh [--werror] [BUILD_DIR] [-- extra meson test args]
set -eu
cd "$(dirname "$0")/.."

werror=false
if [ "${1:-}" = "--werror" ]; then werror=true; shift; fi
build=${1:-build}
[ $# -gt 0 ] && shift
[ "${1:-}" = "--" ] && shift

scripts/setup.sh
if [ -f "$build/build.ninja" ]; then
   meson configure "$build" -Dwerror=$werror >/dev/null
else
   meson setup "$build" -Dwerror=$werror >/dev/null
fi
ninja -C "$build"

rc=0
meson test -C "$build" --print-errorlogs --num-processes 2 "$@" || rc=$?
python3 - "$build/meson-logs/testlog.json" <<'PYEOF'
import json, sys
passed = failed = skipped = 0
try:
    lines = open(sys.argv[1]).read().splitlines()
except OSError:
    lines = []
for line in lines:
    r = json.loads(line).get('result')
    if r in ('OK', 'EXPECTEDFAIL'):
        passed += 1
    elif r == 'SKIP':
        skipped += 1
    else:
        failed += 1
if not lines:
    failed = 1
print('%d passed, %d failed, %d skipped' % (passed, failed, skipped))
PYEOF
exit $rc
