#!/usr/bin/env bash
# tools/ngcc_bench.sh — body of `tools/ngcc bench`: runs the default campaign
# (bench/campaign.yaml) with the already built bench and writes
# results/<system>/bench.json (Google Benchmark JSON, see bench/SCHEMA.md).
#
#   tools/ngcc_bench.sh [--quick|--guide] [--system NAME] [--cpu N] [-- BENCH_ARGS...]
#
#   (default)  Google Benchmark's own iteration control (min time 0.5 s per row)
#   --quick    min time 0.02 s per row: the whole campaign in a few minutes
#   --guide    the published plan (perf-method.md §4): 5 fresh-process trials per
#              row; also writes results/<system>/records/<id>/<Instance>-<variant>__hash_<bytes>.json
#   --system   results directory name (default: $NGCC_SYSTEM, else
#              <uname -m>-<CPU model slug>, e.g. x86_64-amd-epyc)
#   --cpu N    pin the driver processes (RSS probes, guide trials) to CPU N
#   -- ARGS    passed to bench unchanged, e.g. -- --benchmark_filter=CHIME
#
# The build directory is $NGCC_BUILD_DIR (default build/release). The console
# shows Google Benchmark's progress (one line per row); the same output and
# the warnings (e.g. modules not built) are kept in results/<system>/bench.log.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
build=${NGCC_BUILD_DIR:-build/release}
die() { echo "ngcc bench: $*" >&2; exit 1; }

mode=default system=${NGCC_SYSTEM:-} cpu="" extra=()
while [ $# -gt 0 ]; do
  case $1 in
    --quick) mode=quick ;;
    --guide) mode=guide ;;
    --system) system=${2:?--system needs a name}; shift ;;
    --system=*) system=${1#--system=} ;;
    --cpu) cpu=${2:?--cpu needs a CPU number}; shift ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (expected --quick, --guide, --system NAME, --cpu N, -- BENCH_ARGS)" ;;
  esac
  shift
done
system=${system:-$("$root/tools/ngcc" system)}  # one slug, defined in tools/ngcc
case $system in
  ''|*/*|.|..) die "bad system name '$system'" ;;
esac

bench=$build/bench/bench
[ -x "$bench" ] || die "$bench not found: build first (cmake --preset release && cmake --build build/release)"
out=results/$system
mkdir -p "$out"

args=(--benchmark_out="$out/bench.json.partial" --benchmark_out_format=json)
case $mode in
  quick) args+=(--ngcc_quick) ;;
  guide)
    rm -rf "$out/records"
    args+=(--ngcc_guide --ngcc_records="$out/records") ;;
esac
[ -n "$cpu" ] && args+=(--ngcc_cpu="$cpu")

start=$(date +%s)
{
  echo "ngcc bench: mode $mode, system $system, build $build -> $out/bench.json"
  echo "ngcc bench: started $(date -u +%Y-%m-%dT%H:%M:%SZ), command: $bench ${args[*]} ${extra[*]}"
  "$bench" "${args[@]}" "${extra[@]}" 2>&1
} | tee "$out/bench.log"
mv "$out/bench.json.partial" "$out/bench.json"
rows=$(grep -c '"run_type": "iteration"' "$out/bench.json" || true)
echo "ngcc bench: $rows rows in $(( $(date +%s) - start )) s -> $out/bench.json" | tee -a "$out/bench.log"
[ "$mode" = guide ] && echo "ngcc bench: guide records in $out/records/"
exit 0
