#!/usr/bin/env bash
# Builds the libFuzzer harnesses (clang, -DCPLAN_FUZZ=ON) and runs each for a given time.
# Usage: tests/bench/run_fuzzers.sh [SECONDS_PER_HARNESS=60] [HARNESS ...]
# CPLAN_FUZZ_JOBS=N runs N harnesses at once (default: one per core).
# CPLAN_FUZZ_RUNS=N stops a harness after N executions if that comes before SECONDS
# (the hardening target is 10M executions or 1 hour: CPLAN_FUZZ_RUNS=10000000 run_fuzzers.sh 3600).
# Findings land in build-fuzz/findings/<harness>/; the corpus grows in build-fuzz/corpus/<harness>/.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-60}
shift || true
build=${CPLAN_FUZZ_BUILD:-$root/build-fuzz}
CC=clang CXX=clang++ cmake -S "$root" -B "$build" -G Ninja -DCPLAN_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" >/dev/null
harnesses=("$@")
if ((${#harnesses[@]} == 0)); then
  mapfile -t harnesses < <(cd "$build/tests/fuzz" && ls *_fuzz)
fi
seed_dirs() {
  case "$1" in
    design_yaml_fuzz) echo "$root/samples $root/tests/data/design-malformed $root/tests/data/design-errors" ;;
    catalog_yaml_fuzz) echo "$root/resources/catalog $root/tests/data/catalog-malformed" ;;
    ibnetdiscover_fuzz) echo "$root/tests/data/ibnetdiscover $root/tests/data/ibnetdiscover-malformed $root/tests/data/asbuilt" ;;
    trace_csv_fuzz) echo "$root/tests/data/traces $root/tests/data/fuzz-seeds/trace_csv" ;;
    nccl_tests_fuzz) echo "$root/tests/data/nccl-tests $root/tests/data/nccl-tests-malformed" ;;
    sweep_yaml_fuzz) echo "$root/tests/data/sweep $root/tests/data/fuzz-seeds/sweep_yaml" ;;
    model_yaml_fuzz) echo "$root/resources/models $root/tests/data/training $root/tests/data/training/malformed" ;;
    reliability_yaml_fuzz) echo "$root/resources/reliability $root/tests/data/reliability-malformed" ;;
    lldp_json_fuzz) echo "$root/tests/data/lldp $root/tests/data/lldp-malformed" ;;
    *) echo "$root/tests/data/fuzz-seeds/${1%_fuzz}" ;;
  esac
}
# ASan keeps freed memory in a 256 MB quarantine and its allocator caches on top of that: over an
# hour the catalog harness (yaml-cpp allocates a lot per input) grows past libFuzzer's 2 GB RSS
# limit although nothing leaks (with quarantine_size_mb=0 its RSS stays flat at 45 MB). A smaller
# quarantine keeps use-after-free detection for recent frees.
export ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=64}
# One harness: its run, then a summary in $build/$h.summary (printed in order at the end).
run_one() {
  local h=$1 corpus="$build/corpus/$1" findings="$build/findings/$1" seeds=() d rc=0
  mkdir -p "$corpus" "$findings"
  for d in $(seed_dirs "$h"); do [[ -d $d ]] && seeds+=("$d"); done
  "$build/tests/fuzz/$h" "$corpus" "${seeds[@]}" -max_total_time="$secs" ${CPLAN_FUZZ_RUNS:+-runs="$CPLAN_FUZZ_RUNS"} -max_len="${CPLAN_FUZZ_MAX_LEN:-8192}" -timeout=10 \
      -rss_limit_mb=2048 -artifact_prefix="$findings/" -print_final_stats=1 2>"$build/$h.log" || rc=$?
  {
    echo "== $h: ${secs}s"
    ((rc == 0)) || echo "   FINDING: see $findings and $build/$h.log"
    grep -E '^stat::number_of_executed_units|^stat::average_exec_per_sec|^stat::peak_rss_mb' "$build/$h.log" | sed 's/^/   /'
    grep -E '^Done [0-9]+ runs in [0-9]+ second' "$build/$h.log" | sed 's/^/   /' || true
  } >"$build/$h.summary"
  return $rc
}
# Harnesses run side by side, one per core (CPLAN_FUZZ_JOBS): each still gets SECONDS of its
# own, so the smoke checks as much as one after the other, in 1/jobs of the wall time.
jobs=${CPLAN_FUZZ_JOBS:-$(nproc)}
status=0 running=0
for h in "${harnesses[@]}"; do
  if ((running >= jobs)); then
    wait -n || status=1
    running=$((running - 1))
  fi
  run_one "$h" &
  running=$((running + 1))
done
while ((running > 0)); do
  wait -n || status=1
  running=$((running - 1))
done
for h in "${harnesses[@]}"; do cat "$build/$h.summary"; done
exit $status
