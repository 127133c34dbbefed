#pragma once

#include "flow/flowsimulator.h"
#include "flow/routeclasses.h"
#include "routing/loadbalance.h"
#include "routing/metrics.h"
#include "routing/routing.h"
#include "workload/trafficpattern.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;
class Design;

// A NIC's share of its line rate that traffic gets (protocol efficiency): NDR 400 Gb/s "46-48
// GB/s per NIC", CX-7 "up to 48-49 GB/s" of 50 (AddyLaddy, NVIDIA/nccl-tests#290 and #267), and
// NCCL's own GPU-NIC path of 48 GB/s (nccl::nicPathGBps).
inline constexpr double kNicEfficiency = 48.0 / 50.0;

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
    // How each demand's traffic takes the fabric's equal-cost paths (routing/loadbalance.h):
    // the tables' one route (lft), hashed flows or sprayed shares. A demand is then
    // EqualCostPaths::subflows() flows of equal bytes.
    PathPolicy paths;
    // Bytes/s per channel (global port index) another job's traffic holds for the whole run
    // (neighbourLoad): taken off each channel's capacity. Empty: the fabric is the run's own.
    std::vector<double> reservedBps;
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
// What a neighbour job's traffic takes of each channel (bytes/s, per global port index) while
// `demands` run beside it: both sets routed under the same options, one max-min allocation with
// every flow active, the neighbour's rates summed per channel. Its demands' endpoints go through
// `neighbourMap`. Put into TrafficOptions::reservedBps, the neighbour holds these rates for the
// whole run: it neither yields more when the run's own flows slow down nor takes what they free
// when they end (a persistent, congesting neighbour, as a job in its steady state is).
std::vector<double> neighbourLoad(const Fabric &fabric, const RoutingTables &tables, const std::vector<Demand> &demands,
                                  const std::vector<std::uint32_t> &endpointMap, const std::vector<Demand> &neighbour,
                                  const std::vector<std::uint32_t> &neighbourMap, const TrafficOptions &options);

// All-to-all among the fabric's endpoints, `bytes` each: the same run as runTraffic over that
// pattern's demands; by route classes it lists the flows in bundles (routing/pairbundles.h).
TrafficRun runAllToAll(const Fabric &fabric, const RoutingTables &tables, double bytes, const TrafficOptions &options);

} // namespace cplan
