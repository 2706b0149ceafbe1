#!/usr/bin/env bash
# tools/ngcc_bench.sh — body of `tools/ngcc bench`: runs the default campaign
# (bench/campaign.yaml) with the already built bench and writes
# results/<system>/bench.json (Google Benchmark JSON, see bench/SCHEMA.md).
#
#   tools/ngcc_bench.sh [--quick|--guide] [--system NAME] [--cpu N|last|none] [--force]
#                       [--campaign FILE] [-- BENCH_ARGS...]
#
#   (default)  pinned, 5 interleaved repetitions of 0.1 s per row
#              (--benchmark_repetitions=5 --benchmark_enable_random_interleaving=true)
#   --quick    pinned, one repetition of 0.02 s per row: the whole campaign in minutes
#   --guide    the published plan (perf-method.md §4): 5 fresh-process trials per
#              row, pinned; also writes results/<system>/records/<id>/<Instance>-<variant>__hash_<bytes>.json
#   --system   results directory name (default: bench --ngcc_system, e.g. x86_64-amd-epyc-zen5)
#   --cpu      the CPU bench and its driver processes are pinned to (default: last, the
#              highest this process may use; none: unpinned)
#   --force    write into a results directory made on another CPU
#   --campaign another campaign file (default bench/campaign.yaml), e.g. the one
#              tools/ngcc submission build wrote: its libraries are measured beside ours
#   -- ARGS    passed to bench after the defaults above, so they override them,
#              e.g. -- --benchmark_filter=CHIME --benchmark_repetitions=9
#
# results/<system>/cpu.txt names the CPU the directory was made on; a run on
# another CPU stops with one line unless --force. The build directory is
# $NGCC_BUILD_DIR (default build/release). The console shows Google
# Benchmark's progress (one line per row); the same output and the warnings
# are kept in results/<system>/bench.log.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
build=${NGCC_BUILD_DIR:-build/release}
die() { echo "ngcc bench: $*" >&2; exit 1; }

mode=default system="" cpu=last force=0 campaign="" extra=()
while [ $# -gt 0 ]; do
  case $1 in
    --quick) mode=quick ;;
    --guide) mode=guide ;;
    --system) system=${2:?--system needs a name}; shift ;;
    --system=*) system=${1#--system=} ;;
    --cpu) cpu=${2:?--cpu needs a CPU number, last or none}; shift ;;
    --cpu=*) cpu=${1#--cpu=} ;;
    --force) force=1 ;;
    --campaign) campaign=${2:?--campaign needs a campaign file}; shift ;;
    --campaign=*) campaign=${1#--campaign=} ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,/^set -e/{/^set -e/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (expected --quick, --guide, --system NAME, --cpu N|last|none, --force, --campaign FILE, -- BENCH_ARGS)" ;;
  esac
  shift
done

bench=$build/bench/bench
[ -x "$bench" ] || die "$bench not found: build first (cmake --preset release && cmake --build build/release)"
system=${system:-$("$bench" --ngcc_system)}
case $system in
  ''|*/*|.|..) die "bad system name '$system'" ;;
esac
out=results/$system
cpu_here=$("$bench" --ngcc_cpu_description)
if [ -f "$out/cpu.txt" ]; then
  made_on=$(cat "$out/cpu.txt")
elif [ -f "$out/bench.json" ]; then  # made before cpu.txt existed: its model name
  made_on=$(sed -n 's/^ *"cpu_model": "\(.*\)",$/\1/p' "$out/bench.json" | head -n 1)
  cpu_here=${cpu_here% (*}
else
  made_on=$cpu_here
fi
if [ "$made_on" != "$cpu_here" ] && [ $force -eq 0 ]; then
  die "$out was made on '$made_on', this CPU is '$cpu_here' (another --system, or --force)"
fi
mkdir -p "$out"
[ -f "$out/cpu.txt" ] || "$bench" --ngcc_cpu_description >"$out/cpu.txt"

args=(--benchmark_out="$out/bench.json.partial" --benchmark_out_format=json --ngcc_system_name="$system")
[ "$cpu" = none ] || args+=(--ngcc_cpu="$cpu")
[ -n "$campaign" ] && args+=(--ngcc_campaign="$campaign")
case $mode in
  default) args+=(--benchmark_repetitions=5 --benchmark_enable_random_interleaving=true --benchmark_min_time=0.1) ;;
  quick) args+=(--ngcc_quick) ;;
  guide)
    rm -rf "$out/records"
    args+=(--ngcc_guide --ngcc_records="$out/records") ;;
esac

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
