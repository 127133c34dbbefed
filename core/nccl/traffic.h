#pragma once

// The inter-node traffic of NCCL's algorithms, as flows between (server, rail) endpoints, for the
// flow model to share the fabric's links: how much of the NIC bandwidth each algorithm really
// gets on this design's routes (nccl::System::ringFabric, treeFabric, allToAllFabric).

#include "workload/collective.h"
#include "workload/trafficpattern.h"

#include <cstdint>
#include <vector>

namespace cplan::nccl {

// S servers × G GPUs with R compute NICs each; flow endpoint of (server, rail) = server × R + rail.
struct GpuSet
{
    std::uint32_t servers = 1;
    std::uint32_t gpusPerServer = 8;
    std::uint32_t rails = 8;

    std::uint32_t endpoint(std::uint32_t server, std::uint32_t rail) const { return server * rails + rail; }
};

enum class TrafficShape { Ring, Tree, AllToAll };

// Ring: on every rail, server s -> s+1 (NCCL's rings leave a server on the rail of the GPU that
// ends it: rail-aligned). Tree: NCCL's double binary tree over the servers on every rail, each
// tree carrying half the data up (child -> parent) and down (parent -> child); tree 1 is heap
// ordered on the servers' order, tree 2 the same on the reversed order, so a leaf of one is
// inside the other (Sanders et al., used by NCCL 2.4+). AllToAll: PXN, data for GPU r of another
// server leaves on rail r: one flow per (server, other server, rail). Every flow carries `bytes`.
std::vector<Demand> trafficDemands(TrafficShape shape, const GpuSet &set, double bytes);
std::uint64_t trafficFlowCount(TrafficShape shape, const GpuSet &set);

// The completion of the demands if only each endpoint's own line rate limited them: the most
// bytes an endpoint sends or receives, over `lineRateBps`.
double uncontendedTime(const std::vector<Demand> &demands, std::uint32_t endpoints, double lineRateBps);

} // namespace cplan::nccl
