#!/usr/bin/env bash
# tools/ngcc_fuzz.sh BUILD_DIR SECONDS JOBS — runs every differential fuzz
# target of BUILD_DIR (preset fuzz) for SECONDS each, JOBS at a time, on the
# committed seeds (hashes/<family>/tests/fuzz_corpus) plus
# BUILD_DIR/fuzz/corpus/<family>, and prints one line per
# family with its execution count. Exit status 1 if any target found
# something (crash reproducers: BUILD_DIR/fuzz/crash-<family>-*).
set -euo pipefail
build=$1 seconds=$2 jobs=$3
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
logs=$build/fuzz/logs
mkdir -p "$logs"

run_one() {  # family
  local family=$1 bin=$build/fuzz/fuzz_$1 corpus=$build/fuzz/corpus/$1 seeds=()
  mkdir -p "$corpus"
  [ -d "$root/hashes/$family/tests/fuzz_corpus" ] && seeds=("$root/hashes/$family/tests/fuzz_corpus")
  "$bin" -max_total_time="$seconds" -max_len=9000 -print_final_stats=1 \
    -artifact_prefix="$build/fuzz/crash-$family-" "$corpus" "${seeds[@]}" \
    >"$logs/$family.log" 2>&1
}
export -f run_one
export build seconds root logs

families=()
for bin in "$build"/fuzz/fuzz_*; do
  [ -x "$bin" ] && families+=("${bin##*/fuzz_}")
done
[ ${#families[@]} -gt 0 ] || { echo "ngcc fuzz: no fuzz targets in $build/fuzz" >&2; exit 1; }
echo "ngcc fuzz: ${families[*]} for ${seconds} s each, $jobs at a time"
status=0
printf '%s\n' "${families[@]}" | xargs -P "$jobs" -I{} bash -c 'run_one {}' || status=1
for family in "${families[@]}"; do
  log=$logs/$family.log
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  if grep -q -E '^(==[0-9]+==ERROR|SUMMARY: |differential_fuzzer: FAIL)|deadly signal' "$log" || [ -z "$execs" ]; then
    echo "fuzz $family: FAIL after ${execs:-?} execs (log $log)"
    grep -E "differential_fuzzer: FAIL|ERROR|SUMMARY|Test unit written" "$log" | head -n 5 | sed 's/^/  /'
    status=1
  else
    echo "fuzz $family: PASS, ${execs:-?} execs in ${seconds} s"
  fi
done
exit $status
