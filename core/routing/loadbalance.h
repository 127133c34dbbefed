#pragma once

// Path selection over equal-cost paths (issue 29): how Ethernet ECMP hashing, flowlets and
// per-packet spraying place a demand's traffic, beside InfiniBand's tables (routing.h).
//
// Equal cost is equal hop count over live switch links, as BGP/OSPF ECMP sees an IP fabric:
// at a switch the next hops toward a destination are the ports to neighbour switches one hop
// nearer the destination's switch (each parallel cable is a next hop of its own).
//
//  - Hashed policies (ecmp, eecmp, flowlet): a demand is `subflows` flows of equal bytes (an
//    NCCL connection's QPs, or a flow's flowlets); at every switch each flow takes one next hop
//    by a hash of (seed, source, destination, flow, switch). Switches hash independently (each
//    is given its own hash seed, as operators do against polarisation).
//  - Spray (and InfiniBand adaptive routing): a demand is min(paths, kMaxSpraySubflows) flows
//    of equal bytes dealt evenly over each switch's next hops: with up to kMaxSpraySubflows
//    first-hop choices, every path of a 2-tier fabric carries an equal share.
//  - lft: the routing tables' one path (traceRoute).

#include "model/loadbalancing.h"
#include "routing/routing.h"

#include <cstdint>
#include <vector>

namespace cplan {

inline constexpr int kMaxSpraySubflows = 64;

struct PathPolicy
{
    LoadBalancing policy = LoadBalancing::Lft;
    std::uint64_t seed = 1;   // hash seed (hashed policies)
    // Under a hashed policy a demand is connections x qpsPerConnection x flowlets flows, each
    // hashed on its own: NCCL's connections (its channels through one NIC), the QPs of each
    // (NCCL_IB_QPS_PER_CONNECTION), the flowlets of each QP's stream.
    int connections = 1;
    int qpsPerConnection = 1;
    int flowlets = 1;

    bool hashed() const
    {
        return policy == LoadBalancing::Ecmp || policy == LoadBalancing::EnhancedEcmp || policy == LoadBalancing::Flowlet;
    }
    bool sprayed() const { return policy == LoadBalancing::Spray || policy == LoadBalancing::Adaptive; }
};

// Next hops toward every destination switch, found lazily (a breadth-first search per
// destination switch on first use, the next-hop set of a switch on first use) and kept.
// Not thread-safe: one per run.
class EqualCostPaths
{
public:
    EqualCostPaths(const Fabric &fabric, const RoutingTables &tables, const PathPolicy &policy);

    // Flows a demand is split into (the same for every demand of the run).
    int subflows() const { return m_subflows; }
    // The route of subflow `flow` (0 .. subflows()-1) of the demand src -> dst (fabric
    // endpoints) as directed channels, as traceRoute gives it. False when there is no route.
    bool route(std::uint32_t src, std::uint32_t dst, int flow, std::vector<std::uint32_t> &channels);

private:
    // The next-hop channels at switch `node` toward destination switch slot `dstSlot`.
    const std::uint32_t *nextHops(std::uint32_t node, std::uint32_t leaf, std::uint32_t &count);
    const std::vector<std::uint8_t> &distances(std::uint32_t leaf);
    std::uint32_t choose(std::uint32_t src, std::uint32_t dst, int flow, std::uint32_t node, std::uint32_t hop,
                         std::uint32_t count) const;

    const Fabric &m_fabric;
    const RoutingTables &m_tables;
    PathPolicy m_policy;
    int m_subflows = 1;
    // Destinations are switches with endpoints ("leaves"): their dense index per switch slot.
    std::vector<std::uint32_t> m_leafOfSlot;
    std::vector<std::uint32_t> m_leafSwitch;   // per leaf: its fabric node
    std::uint32_t m_leaves = 0;
    std::vector<std::vector<std::uint8_t>> m_distance;   // per leaf: per switch slot
    // Per (switch slot, leaf): first index into m_pool + 1, and the count; 0 = not yet found.
    std::vector<std::uint32_t> m_hopsAt, m_hopsCount;
    std::vector<std::uint32_t> m_pool;
    std::vector<std::uint32_t> m_scratch;
};

// The flows one demand is split into under `policy` on this fabric (EqualCostPaths::subflows).
int subflowsPerDemand(const Fabric &fabric, const PathPolicy &policy);

// The expected share of P equal uplinks that P flows hashed uniformly and independently use:
// 1 - (1 - 1/P)^P (about 63 % for large P).
double expectedHashedCoverage(int links, int flows);

} // namespace cplan
