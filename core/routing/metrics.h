#pragma once

#include "routing/routing.h"
#include "util/message.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cplan {

class Catalog;

// Latency figures the catalog does not know are assumptions, named here and reported.
// Quantum-2 switch hop "< 150 ns" (hardware.md §7b, a third-party figure).
inline constexpr double kAssumedSwitchLatencyNs = 150.0;
// ConnectX-6 "sub-600 ns" adapter latency (hardware.md §7b), used for HCAs without a figure.
inline constexpr double kAssumedHcaLatencyNs = 600.0;
// Signal propagation in copper and fibre, about 5 ns per metre (DAC spec: <= 4.5 ns/m).
inline constexpr double kCableNsPerMetre = 5.0;
// Cable length when a link has none.
inline constexpr double kAssumedCableLengthM = 3.0;

struct LatencyModel
{
    // Per fabric node: switch port-to-port latency or HCA latency (one end), ns.
    std::vector<double> nodeLatencyNs;
    std::vector<Message> assumptions;       // what was assumed, for the user
};
LatencyModel latencyModel(const Fabric &fabric, const Catalog &catalog);

// Latency of a traced route (traceRoute channels): the source and destination HCAs, every
// switch on the way, and the propagation on every cable.
double pathLatencyNs(const Fabric &fabric, const LatencyModel &model, const std::vector<std::uint32_t> &channels);

struct LatencyStats
{
    std::uint64_t pairs = 0;            // pairs measured
    bool sampled = false;               // true when a deterministic sample of pairs was taken
    double minNs = 0, meanNs = 0, p50Ns = 0, p99Ns = 0, maxNs = 0;
    std::vector<std::pair<double, std::uint64_t>> histogram;   // (latency ns, pairs), ascending
};
// Over ordered pairs of live endpoints with a route; at most maxPairs (a stride sample beyond).
// `cancelled` is asked every 4,096 pairs; true stops the sample where it is.
LatencyStats latencyDistribution(const Fabric &fabric, const RoutingTables &tables, const LatencyModel &model,
                                 std::uint64_t maxPairs = 2'000'000, const std::function<bool()> &cancelled = {});
// GPU g of a server sends on HCA (g mod HCAs); two GPUs of one server talk over NVLink (0 ns
// of network). Negative when there is no route.
double gpuPairLatencyNs(const Fabric &fabric, const RoutingTables &tables, const LatencyModel &model, NodeId serverA,
                        int gpuA, NodeId serverB, int gpuB);

struct TierLoad
{
    int tier = 0;
    double downGbps = 0;   // capacity towards lower tiers and CAs
    double upGbps = 0;     // capacity towards higher tiers
    double oversubscription = 0;   // down / up (0 when there is no up capacity: the top)
};

struct FabricMetrics
{
    double bisectionGbps = 0;       // max flow between the two halves of the endpoints (canonical order), one way
    double halfInjectionGbps = 0;   // what the first half can inject: full bisection means equal
    int diameterSwitches = 0;       // most switches on a shortest endpoint-to-endpoint path
    bool diameterSampled = false;
    std::vector<TierLoad> tiers;    // from fatTreeTiers(); empty when the fabric is not tiered
};
// `cancelled` is asked between the bisection and each diameter search; true stops there.
FabricMetrics computeMetrics(const Fabric &fabric, const std::function<bool()> &cancelled = {});

} // namespace cplan
