#!/bin/sh
# A bounded libFuzzer run of one target (docs/testing.md, "libFuzzer
# targets"): the suite 'libfuzzer' runs it for 60 s per target; long
# campaigns run the target by hand.
#
#   tests/fuzz/libfuzzer-run.sh [--seconds S] [--work DIR] [--dict FILE]
#                               [--seed N] TARGET CORPUS [more libFuzzer args]
#
# Starts from CORPUS (read only; new inputs go to DIR/new, emptied first)
# and fails (exit 1) on anything libFuzzer reports: a crash or sanitizer
# report (ASan, UBSan, a fuzz_fail oracle), a leak, an input running over
# 10 s (-timeout) or using over 2 GiB (-rss_limit_mb, and -malloc_limit_mb
# for one allocation).  The input is saved in DIR/artifacts/ and printed.
set -eu

seconds=60
work=
dict=
seed=1
while [ $# -gt 0 ]; do
   case "$1" in
   --seconds) seconds=$2; shift 2 ;;
   --work) work=$2; shift 2 ;;
   --dict) dict=$2; shift 2 ;;
   --seed) seed=$2; shift 2 ;;
   *) break ;;
   esac
done
[ $# -ge 2 ] || { echo "usage: $0 [--seconds S] [--work DIR] [--dict FILE] TARGET CORPUS [args]" >&2; exit 2; }
target=$1
corpus=$2
shift 2
[ -n "$work" ] || work=$(mktemp -d)
rm -rf "$work/new" "$work/artifacts"
mkdir -p "$work/new" "$work/artifacts"

# LeakSanitizer on (libFuzzer checks each input that allocated more than
# it freed); a sanitizer report aborts with a stack.
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:symbolize=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}
export ASAN_OPTIONS UBSAN_OPTIONS

rc=0
"$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
   -seed="$seed" -print_final_stats=1 \
   ${dict:+-dict="$dict"} -artifact_prefix="$work/artifacts/" "$@" \
   "$work/new" "$corpus" || rc=$?

found=0
for f in "$work"/artifacts/*; do
   [ -f "$f" ] || continue
   found=1
   echo "== finding: $f ($(wc -c < "$f") bytes), as text:"
   head -c 2048 "$f" | od -c | head -40
done
if [ $rc -ne 0 ] || [ $found -ne 0 ]; then
   echo "libfuzzer-run: $(basename "$target") failed (exit $rc); reproduce with: $target $work/artifacts/<file>"
   exit 1
fi
echo "libfuzzer-run: $(basename "$target"): no finding in $seconds s, $(ls "$work/new" | wc -l) new corpus inputs"
