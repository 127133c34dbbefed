#!/usr/bin/env bash
# Issue 26's benchmark: a 16-size all-reduce sweep (1 MiB to 32 GiB, x2) as NCCL runs it, on the
# 4-SU SuperPOD sample and on a 1,024-GPU DGX H100 fat tree, and the PXN all-to-all sweep on the
# latter, each through cplan under /usr/bin/time -v (three runs; wall, CPU and peak memory).
# Target: each sweep in 1 s or less. Not a test: figures for the notes and the manual.
# Usage: tests/bench/bench_nccl.sh [PATH/TO/cplan] [WORK_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cplan=${1:-$here/../../build/app/cplan}
dir=${2:-$(mktemp -d)}
"$cplan" generate fat-tree --servers 128 --server dgx-h100 --switch qm9700 -o "$dir/h100-1024.cluster.yaml" >/dev/null

run() {
  local name=$1 design=$2 pattern=$3
  for i in 1 2 3; do
    /usr/bin/time -v "$cplan" --json simulate "$design" --pattern "$pattern" --sweep 1MiB:32GiB >"$dir/$name.json" 2>"$dir/$name.time"
    local wall rss user rows
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$dir/$name.time")
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$dir/$name.time")
    user=$(sed -n 's/.*User time (seconds): //p' "$dir/$name.time")
    rows=$(grep -c '"busbw_gbps"' "$dir/$name.json")
    printf '%-22s run %d: wall %8s   user CPU %6s s   peak RSS %4d MB   %d busbw figures\n' "$name" "$i" "$wall" "$user" $((rss / 1024)) "$rows"
  done
}

run superpod-4su-allreduce "$here/../../samples/dgx-h100-superpod-4su.cluster.yaml" allreduce
run h100-1024-allreduce "$dir/h100-1024.cluster.yaml" allreduce
run h100-1024-alltoall "$dir/h100-1024.cluster.yaml" nccl-alltoall
