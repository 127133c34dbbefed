#!/usr/bin/env bash
# Issue 13's 102,400-GPU design: 12,800 DGX B300 on Quantum-X800 (Q3400) in 8 planes. Runs
# generate, validate, bom, route --metrics, and an all-reduce and an all-to-all over 1,024 GPUs
# (spread over the 8 planes) through cplan under /usr/bin/time -v and prints each one's wall
# time and peak memory (not a test: figures for the notes and the README).
# Usage: tests/bench/bench_planes.sh [PATH/TO/cplan] [WORK_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cplan=${1:-$here/../../build/app/cplan}
dir=${2:-$(mktemp -d)}
design="$dir/big.cluster.yaml"

run() {
  local name=$1
  shift
  if ! /usr/bin/time -v "$cplan" "$@" >"$dir/$name.out" 2>"$dir/$name.time"; then
    echo "$name failed:"; tail -30 "$dir/$name.time"; exit 1
  fi
  local wall rss user
  wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$dir/$name.time")
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$dir/$name.time")
  user=$(sed -n 's/.*User time (seconds): //p' "$dir/$name.time")
  printf '%-13s wall %9s   user CPU %8s s   peak RSS %6d MB\n' "$name" "$wall" "$user" $((rss / 1024))
}

run generate generate fat-tree --servers 12800 --server dgx-b300 --switch q3400 --planes 8 -o "$design"
head -3 "$dir/generate.out"
printf 'design file: %s MB\n' $(($(stat -c %s "$design") / 1048576))
run validate validate "$design"
run bom bom "$design" --json
grep -o '"gpus": [0-9]*' "$dir/bom.out" | head -1
run route route "$design" --metrics
grep -E 'Routing|pairs|planes|bisection' "$dir/route.out" | head -6
for pattern in allreduce nccl-alltoall; do
  run "$pattern" simulate "$design" --pattern "$pattern" --gpus 1024 --bytes 1GiB
  grep -E 'completion|algbw|planes at once' "$dir/$pattern.out"
done
