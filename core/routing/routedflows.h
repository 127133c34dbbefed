#pragma once

#include "flow/flowsimulator.h"
#include "flow/routeclasses.h"
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
    // Memory the run may take (0: no limit, flow by flow). With Auto, demands whose flows would
    // take more (kTrafficBytesPerFlow each) run by route classes (flow/routeclasses.h), at most
    // memoryBudget / kTrafficBytesPerFlow of them.
    std::uint64_t memoryBudget = 0;
    FlowAggregation aggregation = FlowAggregation::Auto;
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
    bool overBudget = false;           // Never, or not even the coarsest classes fit: not run
    double completionS = 0;
    double maxLinkUtilization = 0;
    double lineRateFlowShare = 0;      // flows whose first rate is >= 99 % of their first link's
    // Per channel (global port index) always; per routed flow (finishS, rateAtStartBps) only
    // when run flow by flow.
    FlowResult result;
    std::vector<std::uint32_t> flowDemand;   // routed flow -> index in the demands (flow by flow)
    AggregationSummary aggregation;
};

// Lists demands one at a time (the visitor returns false to stop; then so does the lister).
using DemandLister = std::function<bool(const std::function<bool(const Demand &)> &)>;

// Routes demands over the tables and runs the max-min fluid simulation. Demand endpoints are
// mapped through endpointMap (demand endpoint -> fabric endpoint); empty = identity.
// `demandCount` is how many the lister gives (it decides flow by flow or by classes).
TrafficRun runTraffic(const Fabric &fabric, const RoutingTables &tables, const DemandLister &demands,
                      std::uint64_t demandCount, const std::vector<std::uint32_t> &endpointMap, const TrafficOptions &options);
TrafficRun runTraffic(const Fabric &fabric, const RoutingTables &tables, const std::vector<Demand> &demands,
                      const std::vector<std::uint32_t> &endpointMap, const TrafficOptions &options);
// All-to-all among the fabric's endpoints, `bytes` each: the same run as runTraffic over that
// pattern's demands; by route classes it lists the flows in bundles (routing/pairbundles.h).
TrafficRun runAllToAll(const Fabric &fabric, const RoutingTables &tables, double bytes, const TrafficOptions &options);

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
// options: cancel, budget and aggregation (the run is always ideal: the collective model applies
// the NIC efficiency itself).
CollectiveRun runCollective(const Fabric &fabric, const RoutingTables &tables, const CollectiveSetup &setup,
                            CollectiveKind kind, double bytes, const TrafficOptions &options = {});

} // namespace cplan
