#!/bin/sh
# Side-by-side: our flow solver (bench_flow) against SimGrid 3.32 (../shared/peers/simgrid) on the
# same non-blocking 2-level fat trees, same D-mod-K routes, same flows, 400 Gb/s, zero latency
# (SimGrid --latency-mode none = our --ideal), 1 MiB per flow. Prints a Markdown table on stdout;
# raw JSON lines go to $OUT (default /tmp/cplan-bench-simgrid).
#
# Environment (all optional):
#   SRC=/work/main  BUILD=/tmp/build-flow   where to configure/build bench_flow
#   BENCH_FLOW=path        use this bench_flow binary instead of building one
#   SG=path                use this sg_fattree binary instead of building the peer
#   SIZES="64 128 256 512 1024"   PATTERNS="alltoall shift:1 shift:17"
#   SG_SPLIT=16            also run SimGrid alltoall with --actors-per-host 16 at >= SG_SPLIT_FROM hosts
#   SG_SPLIT_FROM=512
#   BYTES=1048576
set -eu
here=$(cd "$(dirname "$0")" && pwd)
SRC=${SRC:-$(cd "$here/../.." && pwd)}
BUILD=${BUILD:-/tmp/build-flow}
OUT=${OUT:-/tmp/cplan-bench-simgrid}
SIZES=${SIZES:-"64 128 256 512 1024"}
PATTERNS=${PATTERNS:-"alltoall shift:1 shift:17"}
SG_SPLIT=${SG_SPLIT:-16}
SG_SPLIT_FROM=${SG_SPLIT_FROM:-512}
BYTES=${BYTES:-1048576}
PEER=${PEER:-$SRC/../shared/peers/simgrid}
mkdir -p "$OUT"

if [ -z "${BENCH_FLOW:-}" ]; then
    cmake -S "$SRC" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCPLAN_BUILD_GUI=OFF >"$OUT/cmake.log" 2>&1
    ninja -C "$BUILD" bench_flow >"$OUT/ninja.log" 2>&1
    BENCH_FLOW=$BUILD/tests/bench/bench_flow
fi
if [ -z "${SG:-}" ]; then
    if ! [ -f /usr/include/simgrid/s4u.hpp ]; then
        echo "libsimgrid-dev missing: apt-get install -y libsimgrid-dev" >&2
        exit 2
    fi
    SG=$OUT/sg_fattree
    sh "$PEER/build.sh" "$SG" >"$OUT/sg_build.log" 2>&1
fi

topo() {   # hosts -> down up (SimGrid H;m1,m2;w1,w2;1,1, non-blocking, as in the peer README)
    case $1 in
        64) echo "8,8 1,8" ;;
        128) echo "8,16 1,8" ;;
        256) echo "16,16 1,16" ;;
        512) echo "16,32 1,16" ;;
        1024) echo "32,32 1,32" ;;
        *) echo "unsupported size $1" >&2; exit 2 ;;
    esac
}

results=$OUT/results.jsonl
: >"$results"
for n in $SIZES; do
    set -- $(topo "$n")
    down=$1 up=$2
    for pat in $PATTERNS; do
        ours=$("$BENCH_FLOW" --levels 2 --down "$down" --up "$up" --parallel 1,1 --bw 400 --ideal \
            --pattern "$pat" --bytes "$BYTES")
        splits=1
        if [ "$pat" = alltoall ] && [ "$n" -ge "$SG_SPLIT_FROM" ] && [ "$SG_SPLIT" -gt 1 ]; then
            splits="1 $SG_SPLIT"
        fi
        for k in $splits; do
            sg=$("$SG" --levels 2 --down "$down" --up "$up" --parallel 1,1 --bw 400 --lat 0 \
                --latency-mode none --pattern "$pat" --bytes "$BYTES" --actors-per-host "$k" 2>>"$OUT/sg_stderr.log")
            printf '{"ours":%s,"simgrid":%s,"actors":%s}\n' "$ours" "$sg" "$k" >>"$results"
            echo "done: $n $pat actors=$k" >&2
        done
    done
done

python3 - "$results" <<'EOF'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
print("| hosts | pattern | flows | our completion s | SimGrid completion s | rel. diff | our wall s | SimGrid wall s (actors/host) | speed ratio | our RSS MB | SimGrid RSS MB |")
print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for r in rows:
    o, s = r["ours"], r["simgrid"]
    rel = abs(o["completion_s"] - s["sim_time_s"]) / s["sim_time_s"]
    ratio = s["wall_s"] / max(o["wall_s"], 1e-6)
    print(f'| {o["hosts"]} | {o["pattern"]} | {o["flows"]} | {o["completion_s"]:.11g} | {s["sim_time_s"]:.11g} | '
          f'{rel:.1e} | {o["wall_s"]:.4f} | {s["wall_s"]:.3f} ({r["actors"]}) | {ratio:,.0f}× | '
          f'{o["max_rss_kb"]/1024:.0f} | {s["max_rss_kb"]/1024:.0f} |')
EOF
