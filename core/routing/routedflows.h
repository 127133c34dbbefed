#pragma once

#include "flow/flowsimulator.h"
#include "routing/metrics.h"
#include "routing/routing.h"
#include "workload/collective.h"
#include "workload/trafficpattern.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;
class Design;

struct TrafficOptions
{
    // Ideal: raw line rate and zero latency (as SimGrid with --latency-mode none). Otherwise
    // every channel runs at kNicEfficiency of its line rate and each flow's path latency is
    // added to its finish time.
    bool ideal = false;
    const LatencyModel *latency = nullptr;   // required unless ideal
    // Asked every few thousand routed demands and before each event of the simulation; true
    // stops the run (TrafficRun::cancelled, figures incomplete). Empty: never.
    std::function<bool()> cancelled;
};

// What a routed flow costs in memory from its demand to its result (the demand, its path, the
// solver's class and the per-flow results): measured as 231 bytes on a two-tier fat tree
// (all-to-all over 1,020 endpoints, 1.04M flows, 241 MB peak), rounded up for longer paths.
inline constexpr std::uint64_t kTrafficBytesPerFlow = 256;

struct TrafficRun
{
    std::size_t flows = 0;
    std::size_t unroutable = 0;        // demands whose route is broken (left out)
    bool cancelled = false;            // stopped by TrafficOptions::cancelled: figures incomplete
    double completionS = 0;
    double maxLinkUtilization = 0;
    FlowResult result;                 // per routed flow, and per channel (global port index)
    std::vector<std::uint32_t> flowDemand;   // routed flow -> index in the demands
};

// Routes demands over the tables and runs the max-min fluid simulation. Demand endpoints are
// mapped through endpointMap (demand endpoint -> fabric endpoint); empty = identity.
TrafficRun runTraffic(const Fabric &fabric, const RoutingTables &tables, const std::vector<Demand> &demands,
                      const std::vector<std::uint32_t> &endpointMap, const TrafficOptions &options);

// The GPU servers of a design as a collective's GPU set: live servers with GPUs in design
// order, rails = their fewest cabled HCA ports, NVLink from the GPU part. endpointMap gets
// set.endpoint(server, rail) -> fabric endpoint. Empty error message = ok.
struct CollectiveSetup
{
    GpuSet set;
    std::vector<std::uint32_t> endpointMap;
    std::vector<NodeId> servers;
    std::string error;
};
// `gpus` > 0: the first servers (design order: neighbours in the fabric) that hold that many
// GPUs (rounded up to whole servers); more than the design has is an error.
CollectiveSetup collectiveSetup(const Design &design, const Catalog &catalog, const Fabric &fabric, std::uint32_t gpus = 0);

struct CollectiveRun
{
    CollectiveEstimate estimate;
    TrafficRun network;
};
CollectiveRun runCollective(const Fabric &fabric, const RoutingTables &tables, const CollectiveSetup &setup,
                            CollectiveKind kind, double bytes, const std::function<bool()> &cancelled = {});

} // namespace cplan
