#!/usr/bin/env bash
# tools/ngcc_bench.sh — body of `tools/ngcc bench`: runs the default campaign
# (bench/campaign.yaml) with the already built bench and writes OUT/bench.json
# (Google Benchmark JSON, see bench/SCHEMA.md); tools/ngcc bench chooses OUT
# (results/<system>/, or a run beside its campaign: tools/ngcc_results.py).
#
#   tools/ngcc_bench.sh --out DIR [--quick|--guide] [--system NAME] [--cpu N|last|none]
#                       [--campaign FILE] [-- BENCH_ARGS...]
#
#   (default)  pinned, 5 interleaved repetitions of 0.1 s per row
#              (--benchmark_repetitions=5 --benchmark_enable_random_interleaving=true)
#   --quick    pinned, one repetition of 0.02 s per row: the whole campaign in minutes
#   --guide    the published plan (docs/method.md "Modes, repetitions and pinning"): 5
#              fresh-process trials per row, pinned; also writes
#              OUT/records/<id>/<Instance>-<variant>__hash_<bytes>.json
#   --out      the directory written (bench.json, bench.log, records/; while the
#              run lasts bench.rows.jsonl, its rows as they end)
#   --system   the system name recorded (default: bench --ngcc_system for that CPU,
#              e.g. x86_64-amd-epyc-zen5)
#   --cpu      the CPU bench and its driver processes are pinned to (default: last, the
#              highest this process may use, a performance core's on a hybrid CPU;
#              none: unpinned)
#   --campaign another campaign file (default bench/campaign.yaml), e.g. the one
#              tools/ngcc submission build wrote: its libraries are measured beside ours
#   -- ARGS    passed to bench after the defaults above, so they override them,
#              e.g. -- --benchmark_filter=CHIME --benchmark_repetitions=9
#
# The build directory is $NGCC_BUILD_DIR (default build/release); a cross
# build's bench runs behind the words of $NGCC_EMULATOR (e.g. qemu-aarch64
# -L ROOT), as its tests run it (tools/ngcc_common.py). The console
# shows a short context, Google Benchmark's line per row and, on a terminal,
# a status line (runs done, elapsed, ETA; bench/README.md); the same output
# and the warnings, without the status line, are kept in OUT/bench.log.
#
# A run stopped before its end (Ctrl-C, a time limit, a kill) keeps the
# rows that ended in OUT/bench.rows.jsonl; the same command again measures
# only the others, and OUT/bench.json holds them all (bench/README.md, "An
# interrupted run").
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
build=${NGCC_BUILD_DIR:-build/release}
die() { echo "ngcc bench: $*" >&2; exit 1; }

mode=default system="" out="" cpu=last campaign="" extra=()
while [ $# -gt 0 ]; do
  case $1 in
    --quick) mode=quick ;;
    --guide) mode=guide ;;
    --system) system=${2:?--system needs a name}; shift ;;
    --system=*) system=${1#--system=} ;;
    --out) out=${2:?--out needs a directory}; shift ;;
    --out=*) out=${1#--out=} ;;
    --cpu) cpu=${2:?--cpu needs a CPU number, last or none}; shift ;;
    --cpu=*) cpu=${1#--cpu=} ;;
    --campaign) campaign=${2:?--campaign needs a campaign file}; shift ;;
    --campaign=*) campaign=${1#--campaign=} ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,/^set -e/{/^set -e/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (expected --out DIR, --quick, --guide, --system NAME, --cpu N|last|none, --campaign FILE, -- BENCH_ARGS)" ;;
  esac
  shift
done

bench=$build/bench/bench
[ -x "$bench" ] || die "$bench not found: build first (cmake --preset release && cmake --build build/release)"
read -r -a emulator <<<"${NGCC_EMULATOR:-}"
run_bench() { "${emulator[@]}" "$bench" "$@"; }
cpu_arg=()
[ "$cpu" = none ] || cpu_arg=(--ngcc_cpu="$cpu")
system=${system:-$(run_bench --ngcc_system "${cpu_arg[@]}")}
case $system in
  ''|*/*|.|..) die "bad system name '$system'" ;;
esac
[ -n "$out" ] || die "--out DIR is needed (tools/ngcc bench chooses it)"
mkdir -p "$out"

journal=$out/bench.rows.jsonl
args=(--benchmark_out="$out/bench.json.partial" --benchmark_out_format=json --ngcc_system_name="$system"
      --ngcc_rows_journal="$journal")
args+=("${cpu_arg[@]}")
[ -n "$campaign" ] && args+=(--ngcc_campaign="$campaign")
case $mode in
  default) args+=(--benchmark_repetitions=5 --benchmark_enable_random_interleaving=true --benchmark_min_time=0.1) ;;
  quick) args+=(--ngcc_quick) ;;
  guide)
    # The records of rows a stopped run kept stay with them.
    [ -s "$journal" ] || rm -rf "$out/records"
    args+=(--ngcc_guide --ngcc_records="$out/records") ;;
esac

# On a terminal bench redraws its status line in place (--ngcc_terminal)
# although its output reaches it through keep_log: the terminal gets every
# byte, the log each line without the status drawn before it (everything up
# to the line's last erase-line sequence).
if [ -t 1 ]; then args+=(--ngcc_terminal); fi
keep_log() {
  if [ -t 1 ]; then
    { tee /dev/fd/3 | sed -u 's/.*\x1b\[K//' >"$out/bench.log"; } 3>&1
  else
    tee "$out/bench.log"
  fi
}
start=$(date +%s)
# A Ctrl-C or a time limit signals the whole process group: bench stops,
# and this script goes on to say what was kept.
trap : INT TERM
status=0
{
  echo "ngcc bench: mode $mode, system $system, build $build -> $out/bench.json"
  echo "ngcc bench: started $(date -u +%Y-%m-%dT%H:%M:%SZ), command: $bench ${args[*]} ${extra[*]}"
  run_bench "${args[@]}" "${extra[@]}" 2>&1
} | keep_log || status=$?
trap - INT TERM
if [ $status -gt 128 ]; then
  lines=0
  [ -f "$journal" ] && lines=$(grep -c '' "$journal" || true)
  echo "ngcc bench: stopped by a signal after $(( $(date +%s) - start )) s; the rows that ended are in" \
    "$journal ($lines lines): the same command measures only the others" >&2
fi
[ $status -eq 0 ] || exit $status
mv "$out/bench.json.partial" "$out/bench.json"
rm -f "$journal"
rows=$(grep -c '"run_type": "iteration"' "$out/bench.json" || true)
echo "ngcc bench: $rows rows in $(( $(date +%s) - start )) s -> $out/bench.json" | tee -a "$out/bench.log"
[ "$mode" = guide ] && echo "ngcc bench: guide records in $out/records/"
exit 0
