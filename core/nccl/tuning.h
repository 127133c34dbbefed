#pragma once

// NCCL's collective cost model, in our code: which algorithm and protocol NCCL picks for a
// collective of a given size on a given system, and the time it models for it.
//
// Read from NVIDIA/nccl tag v2.30.7-1 (commit 73cf1122): src/graph/tuning.cc (ncclTopoTuneModel
// :243-438, ncclTopoGetAlgoTime :620-655, the constant tables :138-212), src/graph/topo.h:17-39
// (per-link bandwidths), src/graph/search.cc (channel search :1036-1313), src/enqueue.cc:1989-2044
// (selection: the lowest modelled time among the eligible algorithms). The research notes with
// every constant and its line are summarised in core/nccl/README.md.
//
// What we model differently, and why, is said where it happens; the main difference: NCCL
// derives its channel counts and per-channel bandwidths from a topology search on the real
// machine; we derive them from the catalog's figures with the same speed steps (graphFor*).

#include "workload/collective.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cplan::nccl {

enum class Arch { Volta, Ampere, Hopper, Blackwell };
std::optional<Arch> archFromString(std::string_view name);   // "volta", "ampere", "hopper", "blackwell"
const char *toString(Arch arch);

// NCCL's algorithms (NCCL_ALGO names), and P2P: all-to-all as NCCL runs it, with send/recv
// between every pair (outside the tuner), through PXN across nodes.
enum class Algorithm { Tree, Ring, CollNetDirect, CollNetChain, Nvls, NvlsTree, Pat, P2p };
enum class Protocol { LL, LL128, Simple };
inline constexpr int kAlgorithms = 8;
inline constexpr int kProtocols = 3;
const char *toString(Algorithm a);   // "Tree", "Ring", "CollNetDirect", "CollNetChain", "NVLS", "NVLSTree", "PAT", "P2P"
const char *toString(Protocol p);    // "LL", "LL128", "Simple"
std::optional<Algorithm> algorithmFromString(std::string_view name);   // case-insensitive
std::optional<Protocol> protocolFromString(std::string_view name);

// What NCCL would see of a set of GPUs. A node is one NVLink domain: a server, or a rack-scale
// system (GB200 NVL72: 72 GPUs), as NCCL's multi-node NVLink treats it.
struct System
{
    std::uint32_t nodes = 1;
    std::uint32_t gpusPerNode = 8;
    std::optional<Arch> arch;                 // unknown: no prediction
    // Per GPU, one direction, line rate, GB/s (H100: 450). Unknown: no prediction when a node
    // has more than one GPU. 0: the GPUs of a node have no NVLink (PCIe, not modelled: unknown).
    std::optional<double> nvlinkGBps;
    bool nvswitch = true;                     // the node's GPUs meet in NVSwitches (NVLS from Hopper on)
    std::uint32_t nicsPerNode = 8;            // compute NICs (rails)
    double nicGbps = 400;                     // line rate of one NIC, Gb/s
    bool sharp = false;                       // IB SHARP on every switch and enabled (CollNet, NVLS across nodes)
    bool x86Host = true;                      // NVLSTree's size correction applies on x86 hosts only
    // The share of the NIC bandwidth the fabric gives each algorithm's inter-node traffic (1 = as
    // if uncontended), from the flow model on the design's routes (nccl/collectiverun.h).
    double ringFabric = 1.0, treeFabric = 1.0, allToAllFabric = 1.0;
    // In-network reduction (SHARP: CollNet, NVLS across nodes) sends one reduced stream over each
    // switch-to-switch link whatever the oversubscription; this is what other traffic on those
    // links (a neighbour job) leaves it: 1 on a fabric of its own.
    double inNetworkFabric = 1.0;
    // Figures the catalog does not have; not empty: no prediction (never a guess).
    std::vector<std::string> unknown;

    std::uint32_t ranks() const { return nodes * gpusPerNode; }
};

// A graph as NCCL's search leaves it: channels, and per-channel bandwidth inside a node and
// across nodes (GB/s).
struct Graph
{
    int channels = 0;
    double bwIntra = 0, bwInter = 0;
};

// NCCL's bandwidth of one NVLink (topo.h: SM70/SM80 20.0, SM90 20.6, SM100 40.1) over the line
// rate of a link of that generation (25 GB/s per direction for NVLink 2-4, 50 for NVLink 5).
double nvlinkEfficiency(Arch arch);
// The GPU-to-NIC path NCCL measures: min(NIC speed / 8, PCIe link): topo.cc takes width ×
// per-lane rate / 80 (Gen3 x16 12, Gen4 24, Gen5 48, Gen6 96 GB/s); we take the PCIe
// generation a NIC of that speed is built for (up to 100G Gen3, 200G Gen4, 400G Gen5, else Gen6).
double nicPathGBps(double nicGbps);

Graph ringGraph(const System &s);   // also Tree's, CollNetChain's and PAT's (same channels, search.cc)
Graph nvlsGraph(const System &s);   // channels = NVLS heads (≤ 32), bwIntra from the intra speeds
Graph collNetGraph(const System &s);

// The share of the NIC bandwidth the fabric gives algorithm `a`'s inter-node traffic: the ring's,
// the tree's (Tree, NVLSTree) or the all-to-all's (P2P) flow run; SHARP algorithms 1.
double fabricShare(const System &s, Algorithm a);

struct Choice
{
    Algorithm algorithm = Algorithm::Ring;
    Protocol protocol = Protocol::Simple;
    double timeS = 0, latencyS = 0;
    double algbwGBps = 0, busbwGBps = 0;
};

// Restricts the candidates, as NCCL_ALGO / NCCL_PROTO do. Empty: all.
struct Overrides
{
    std::vector<Algorithm> algorithms;
    std::vector<Protocol> protocols;
};

struct Prediction
{
    CollectiveKind kind = CollectiveKind::AllReduce;
    double bytes = 0;                         // nccl-tests' size
    std::uint32_t ranks = 0;
    std::optional<Choice> best;               // empty: unknown figures, or nothing eligible
    std::vector<Choice> candidates;           // every eligible (algorithm, protocol), fastest first
    std::vector<std::string> unknown;         // the figures that were missing
    std::string refused;                      // why nothing is eligible (overrides), in English
};

// NCCL's choice and time for one collective of `bytes` (nccl-tests' size).
Prediction predict(const System &s, CollectiveKind kind, double bytes, const Overrides &overrides = {});

// Why this algorithm, in words a buyer follows ("NVLS: NVLink SHARP in the NVSwitches").
std::string explain(const System &s, const Choice &c);

} // namespace cplan::nccl
