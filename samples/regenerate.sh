#!/usr/bin/env bash
# Regenerates the generated sample designs with cplan. Usage: samples/regenerate.sh [PATH/TO/cplan]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cplan=${1:-$here/../build/app/cplan}
g() { "$cplan" generate "$@" >/dev/null; }
g fat-tree --servers 31 --server dgx-h100 --switch qm9700 --su-size 32 --mgmt-nodes 4 \
  --name "DGX H100 SuperPOD, 1 SU (31 nodes + 4 UFM)" -o "$here/dgx-h100-superpod-1su.cluster.yaml"
g fat-tree --servers 127 --server dgx-h100 --switch qm9700 --su-size 32 --mgmt-nodes 4 \
  --name "DGX H100 SuperPOD, 4 SU (127 nodes + 4 UFM)" -o "$here/dgx-h100-superpod-4su.cluster.yaml"
g fat-tree --servers 16 --server dgx-h100 --switch qm9700 --tenants team-a:8,team-b:8 \
  --name "128 x H100 pool (16 DGX H100), two teams" -o "$here/h100-pool-128gpu.cluster.yaml"
g fat-tree --servers 8 --server pcie-4gpu --hca connectx-6 --switch sb7800 \
  --name "32-GPU EDR cluster (8 x 4-GPU PCIe servers on one SB7800)" -o "$here/edr-32gpu.cluster.yaml"
g fat-tree --servers 130 --server pcie-4gpu --hca connectx-6 --switch qm8700 --blocking 2:1 \
  --name "520-GPU HDR cluster, 2:1 blocking on QM8700" -o "$here/hdr-2to1-520gpu.cluster.yaml"
g fat-tree --servers 16 --server dgx-h100:8,hgx-h20:8 --switch qm9700 --tenants training:8,inference:8 \
  --name "Heterogeneous pool: 8 DGX H100 + 8 HGX H20, two tenants" -o "$here/hetero-h100-h20.cluster.yaml"
g torus --dims 4x4 --servers-per-switch 2 --server host-1hca --switch qm9700 \
  --name "4x4 torus of QM9700, 2 hosts per switch" -o "$here/torus-4x4.cluster.yaml"
echo "regenerated the sample designs in $here"
