#!/usr/bin/env bash
# Issue 29's benchmark: all-to-all on a 4,096-GPU fabric under per-flow ECMP with 8 hash seeds,
# beside the same run on the routing tables (lft) and sprayed, each through cplan under
# /usr/bin/time -v (wall, CPU, peak memory) with the median completion and the seeds' spread.
# The fabric is 512 DGX B200 on a 2-tier rail-optimized leaf-spine: on Ethernet switches
# (SN5600, the fabric's own policy is ECMP) when the catalog has them, else on QM9700 with
# --load-balancing asked for. Not a test: figures for the notes and the manual.
# Usage: tests/bench/bench_ecmp.sh [PATH/TO/cplan] [WORK_DIR] [PATTERN=nccl-alltoall]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cplan=${1:-$here/../../build/app/cplan}
dir=${2:-$(mktemp -d)}
mkdir -p "$dir"
pattern=${3:-nccl-alltoall}
design="$dir/b200-4096.cluster.yaml"
if ! "$cplan" generate fat-tree --servers 512 --server dgx-b200 --switch sn5600 --hca cx7-eth -o "$design" >/dev/null 2>&1; then
  echo "(no Ethernet parts in this catalog: QM9700 with the policy asked for)"
  "$cplan" generate fat-tree --servers 512 --server dgx-b200 --switch qm9700 -o "$design" >/dev/null
fi

run() {
  local name=$1
  shift
  /usr/bin/time -v "$cplan" --json simulate "$design" --pattern "$pattern" --bytes 1GiB "$@" >"$dir/$name.json" 2>"$dir/$name.time"
  local wall rss user
  wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$dir/$name.time")
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$dir/$name.time")
  user=$(sed -n 's/.*User time (seconds): //p' "$dir/$name.time")
  python3 - "$dir/$name.json" "$name" "$wall" "$user" "$rss" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
name, wall, user, rss = sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
lo, hi = j["completion_s_spread"]
bus = j.get("busbw_gbps")
print(f"{name:8s} {j['load_balancing']:6s} seeds {j['seeds']:2d} flows/demand {j['flows_per_demand']:3d} flows {j['flows']:>9,}  "
      f"completion {j['completion_s']*1e3:9.3f} ms [{lo*1e3:.3f}, {hi*1e3:.3f}]  busbw {bus if bus is None else round(bus, 1)}  "
      f"max link {100*j['max_link_utilization']:5.1f}%  wall {wall}  CPU {user} s  peak RSS {rss // 1024} MB")
PY
}

run lft --load-balancing lft
run ecmp --load-balancing ecmp --seeds 8
run spray --load-balancing spray
