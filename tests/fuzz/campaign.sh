#!/bin/sh
# Long GL-API fuzzing campaigns (docs/testing.md, "GL-API fuzzer").
#
#   tests/fuzz/campaign.sh [--build DIR] [--api gl|gles1] [--minutes M]
#                          [--driver-dir DIR] [--jobs N] [--seed S]
#                          [--calls N] [--out DIR] [--expect-renderer STR]
#                          [--fuzz-args "more gl-fuzz options"]
#
# Runs DIR/tests/fuzz/gl-fuzz for M minutes in N jobs (job j runs seeds
# S+j, S+j+N, ...).  --driver-dir is the folder LIBGL_DRIVERS_PATH points at;
# "" runs on the system's Mesa (llvmpipe: the control).  Writes to --out:
# findings.tsv (kind, command, seed, step, detail; one line per finding),
# findings.md (a markdown table: kind, command, signature, first seed,
# count), reached.txt (entry points called) and summary.txt.
set -eu

build=build-asan
api=gl
minutes=10
driver_dir=unset
jobs=1
seed=1
calls=300
out=
expect=unset
fuzz_args=
while [ $# -gt 0 ]; do
   case "$1" in
   --build) build=$2; shift 2 ;;
   --api) api=$2; shift 2 ;;
   --minutes) minutes=$2; shift 2 ;;
   --driver-dir) driver_dir=$2; shift 2 ;;
   --jobs) jobs=$2; shift 2 ;;
   --seed) seed=$2; shift 2 ;;
   --calls) calls=$2; shift 2 ;;
   --out) out=$2; shift 2 ;;
   --expect-renderer) expect=$2; shift 2 ;;
   --fuzz-args) fuzz_args=$2; shift 2 ;;
   *) echo "campaign.sh: unknown option $1" >&2; exit 2 ;;
   esac
done

fuzz=$build/tests/fuzz/gl-fuzz
[ -x "$fuzz" ] || { echo "campaign.sh: $fuzz not built" >&2; exit 2; }
[ -n "$out" ] || out=fuzz-$api-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
: > "$out/findings.tsv"

if [ "$driver_dir" = unset ]; then
   driver_dir=$build/src/gallium/targets/dri
fi
if [ -n "$driver_dir" ]; then
   LIBGL_DRIVERS_PATH=$(cd "$driver_dir" && pwd)
   export LIBGL_DRIVERS_PATH
   [ "$expect" = unset ] && expect=Pony
else
   unset LIBGL_DRIVERS_PATH
   [ "$expect" = unset ] && expect=llvmpipe
fi
export LIBGL_ALWAYS_SOFTWARE=1 EGL_PLATFORM=surfaceless
export PONY_EXPECT_RENDERER="$expect"

j=0
pids=
while [ $j -lt "$jobs" ]; do
   "$fuzz" --api "$api" --seed $((seed + j)) --seed-stride "$jobs" --minutes "$minutes" \
      --calls "$calls" $fuzz_args --findings "$out/findings.$j.tsv" --reached "$out/reached.$j.txt" \
      > "$out/log.$j.txt" 2>&1 &
   pids="$pids $!"
   j=$((j + 1))
done
status=0
for p in $pids; do
   wait "$p" || status=$?
done

cat "$out"/findings.*.tsv > "$out/findings.tsv" 2>/dev/null || true
sort -u "$out"/reached.*.txt > "$out/reached.txt" 2>/dev/null || true
# summary: seeds and calls summed over the jobs
awk -F'\t' -v api="$api" -v reached="$(wc -l < "$out/reached.txt")" '
   /^SUMMARY/ { for (i = 2; i <= NF; i++) { split($i, kv, " ");
                if (kv[1] == "seeds" && $i !~ /findings/) seeds += kv[2];
                if (kv[1] == "calls") calls += kv[2];
                if ($i ~ /^seeds with findings/) { n = split($i, w, " "); bad += w[n] }
                if (kv[1] == "renderer") { r = $i; sub(/^renderer /, "", r) }
                if (kv[1] == "entry") { split(kv[3], t, "/"); total = t[2] } } }
   /^GL_RENDERER/ { }
   END { printf "api %s: %d seeds, %d calls, %d/%d entry points reached, %d seeds with findings, renderer %s\n",
         api, seeds, calls, reached, total, bad, r }' "$out"/log.*.txt > "$out/summary.txt"
# findings table: one row per signature (kind + command)
{
   echo "| kind | command | signature | first seed | count |"
   echo "|---|---|---|---|---|"
   sort -t "$(printf '\t')" -k1,1 -k2,2 -k3,3n "$out/findings.tsv" | awk -F'\t' '
      { sig = $1 " " $2; if (!(sig in n)) { order[++k] = sig; kind[sig] = $1; cmd[sig] = $2;
        first[sig] = $3; det[sig] = $5 } n[sig]++ }
      END { for (i = 1; i <= k; i++) { s = order[i]; d = det[s]; gsub(/\|/, "\\|", d);
            printf "| %s | %s | %s | %s | %d |\n", kind[s], cmd[s], d, first[s], n[s] } }'
} > "$out/findings.md"
cat "$out/summary.txt"
cat "$out/findings.md"
[ -s "$out/findings.tsv" ] && exit 1
exit 0
