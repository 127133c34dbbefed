#pragma once

#include "analysis/control.h"
#include "analysis/defaults.h"
#include "analysis/workloadspec.h"
#include "failure/failure.h"
#include "flow/routeclasses.h"
#include "nccl/collectiverun.h"
#include "routing/metrics.h"
#include "routing/routing.h"
#include "util/error.h"
#include "util/message.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cplan {

class Catalog;
class Design;
struct PlaneEndpoints;

// The network question every front end asks: route the design (optionally with links, switches
// or servers out), measure it, and run workloads through the routes. The window's metrics dock
// and heatmap, `cplan route|simulate|fail` and the PDF report all call analyzeNetwork() and only
// format what it returns.
struct NetworkRequest
{
    std::optional<RoutingEngine> engine;      // default: defaultRoutingEngine(design)
    std::vector<std::string> roots;           // updown roots: switch ids (empty: detect)
    unsigned threads = 0;                     // routing threads, 0 = hardware concurrency

    bool reachability = true;                 // ordered pairs, unreachable ones, longest route
    std::size_t unreachableSample = kUnreachableSampleSize;
    bool creditLoops = false;                 // channel dependency cycle search
    bool metrics = true;                      // bisection, oversubscription per tier, diameter
    bool latency = true;                      // latency distribution over endpoint pairs
    std::uint64_t latencySamplePairs = kDefaultLatencySamplePairs;
    std::vector<WorkloadSpec> workloads;      // each run through the routes (flow simulation)
    // A workload whose flows would take more (kTrafficBytesPerFlow each) runs by route classes
    // (flow/routeclasses.h: exact on symmetric fabrics, else an approximation that says so),
    // at most budget / kTrafficBytesPerFlow classes. With aggregation Never it is not run:
    // TrafficResult::Issue::OverBudget says how many flows and how much memory it needed.
    std::uint64_t trafficMemoryBudget = kDefaultTrafficMemoryBudget;
    FlowAggregation aggregation = FlowAggregation::Auto;

    // Path selection (routing/loadbalance.h); unset: defaultLoadBalancing(design, catalog).
    std::optional<LoadBalancing> loadBalancing;
    int hashSeeds = kDefaultHashSeeds;        // hashed policies: seeds 1..N, the median run reported
    int qpsPerConnection = 0;                 // QPs per NCCL connection; 0: the policy's own

    int plane = 0;                            // one plane of a multi-plane design (1-based); 0 = all
    // Set by analyzeNetwork for the planes of a multi-plane design: traffic patterns run over
    // every plane's endpoints, cross-plane pairs through NVLink as PXN sends them
    // (analysis/planeendpoints.h). Empty: a pattern runs over the fabric's own endpoints.
    std::shared_ptr<const PlaneEndpoints> planeEndpoints;
    FailureSpec failures;                     // taken out before routing; compared with intact
    bool keepTables = false;                  // keep the fabric and the tables in the result
    // Refuse (with an error the front ends translate) a fabric with fewer than two cabled
    // endpoints or no switch, rather than report empty figures.
    bool requireRoutableFabric = false;
};

struct RoutingSummary
{
    RoutingEngine engine = RoutingEngine::FTree;
    bool fellBack = false;                    // ftree on a fabric that is not a fat tree
    std::vector<std::string> notes;           // the engine's notes
    std::vector<std::string> fabricWarnings;  // what the InfiniBand view of the design left out
    std::vector<std::string> roots;           // updown: the root switches' names
};

struct Reachability
{
    std::uint64_t pairs = 0;                  // ordered pairs of live endpoints
    std::uint64_t unreachablePairs = 0;
    int maxHops = 0;                          // switches on the longest route
    std::vector<std::pair<std::string, std::string>> unreachableSample;   // endpoint names
};

struct CreditLoopSummary
{
    bool deadlockFree = true;
    std::size_t dependencies = 0;             // edges of the channel dependency graph
    std::vector<std::string> cycle;           // one cycle, as "switch[port]" names
};

struct LatencySummary
{
    LatencyStats stats;                       // over sampled ordered endpoint pairs
    std::vector<Message> assumptions;         // figures the catalog does not have
};

// One directed link (a cable's sending end) under a workload.
struct ChannelLoad
{
    LinkId link;                              // the design link (cable)
    bool betweenSwitches = false;             // false: a host (HCA) link
    double utilization = 0;                   // see TrafficResult
};

struct TrafficResult
{
    WorkloadSpec workload;
    std::uint32_t endpoints = 0;              // endpoints the pattern spans
    std::size_t flows = 0;                    // routed flows
    std::size_t unroutableFlows = 0;          // demands without a route (left out)
    std::size_t events = 0;                   // rate computations of the fluid simulation
    double completionS = 0;                   // last flow's finish (with path latency unless ideal)

    // Utilization of a directed link = bytes it carried / (its capacity × completion time): the
    // share of the run it was busy. Capacity is the line rate at protocol efficiency (the raw
    // line rate when ideal).
    double maxLinkUtilization = 0;            // the busiest directed link
    double meanBusyLinkUtilization = 0;       // mean over the directed links that carried bytes
    std::size_t busyLinks = 0;                // directed links that carried bytes
    double lineRateFlowShare = 0;             // flows whose first rate is ≥ 99 % of their NIC's
    std::vector<ChannelLoad> channels;        // every connected directed link
    // Run by route classes (too many flows to hold, or asked for): how, and whether the figures
    // are exact (symmetric fabric and pattern) or an approximation.
    AggregationSummary aggregation;
    // How flows took the equal-cost paths; hashed policies ran `seeds` times (seeds 1..N): the
    // figures are the median run's (the lower middle one for an even count, by completion),
    // completionMinS/MaxS the spread over all runs. One run otherwise (both = completionS).
    LoadBalancing loadBalancing = LoadBalancing::Lft;
    int seeds = 1;
    int flowsPerDemand = 1;                   // flows each demand was split into (QPs, flowlets, spray)
    double completionMinS = 0, completionMaxS = 0;

    // A collective: the nccl-tests figures and the GPU set it ran on.
    std::optional<CollectiveEstimate> collective;
    std::vector<CollectiveEstimate> collectiveSweep;   // WorkloadSpec::sweepBytes, in order
    std::uint32_t servers = 0, rails = 0;
    std::uint32_t neighbourServers = 0;       // servers of the neighbour job (WorkloadSpec::neighbour)

    // A workload that cannot run here (a pattern that does not fit the endpoints, no GPU servers
    // for a collective): the figures above are empty and this says why.
    // OverBudget: more flows than NetworkRequest::trafficMemoryBudget allows (plannedFlows).
    enum class Issue { None, PatternDoesNotFit, NoGpuServers, OverBudget } issue = Issue::None;
    std::string issueText;                    // in English
    Message issueMessage;                     // the same, to translate (OverBudget; else empty)
    std::uint64_t plannedFlows = 0;           // flows the workload has (run or not)
};

// Per design link (cable): the busier of its two directions; -1 for links outside the fabric.
std::vector<double> cableUtilization(const TrafficResult &traffic, std::size_t designLinks);

// With failures: the intact fabric's figures, and what the failure takes away.
struct FailureImpact
{
    FailureSpec spec;
    FailedCables cables;                      // links out, and their capacity
    std::uint32_t lostEndpoints = 0;          // CA ports cut off (their pairs are gone)
    std::optional<Reachability> before;       // on the intact fabric
    std::optional<FabricMetrics> metricsBefore;
    std::vector<TrafficResult> trafficBefore; // the same workloads on the intact fabric
    // A multi-plane design: the planes the failures are in (a link or switch is in one plane, a
    // server in all), each rerouted; the other planes keep their routes and figures.
    std::vector<int> planes;
};

// One plane (its own subnet) of a multi-plane design, routed and measured on its own.
struct PlaneAnalysis
{
    int plane = 0;
    std::size_t switches = 0, endpoints = 0;
    RoutingSummary routing;
    std::optional<Reachability> reachability;
    std::optional<FabricMetrics> metrics;
    std::optional<LatencySummary> latency;
    std::vector<double> completionS;          // per requested workload: this plane's share
    bool failed = false;                      // the request's failures are in this plane
};

struct NetworkAnalysis
{
    bool cancelled = false;
    std::size_t switches = 0, endpoints = 0;
    RoutingSummary routing;
    // On the fabric as analysed (without the failed elements when there are failures).
    std::optional<Reachability> reachability;
    std::optional<CreditLoopSummary> creditLoops;
    std::optional<FabricMetrics> metrics;
    std::optional<LatencySummary> latency;
    std::vector<TrafficResult> traffic;       // one per requested workload, in request order
    std::optional<FailureImpact> failure;     // when the request has failures
    // A design with planes is analysed plane by plane (each its own subnet: pairs within a plane,
    // routes never cross planes). `planes` holds each plane's figures; the fields above are then
    // over all planes: counts and bandwidths summed, the longest route and diameter the worst,
    // latency over every plane's pairs (percentiles: the slowest plane's), a traffic pattern run
    // on every plane's endpoints at once (finishing with the slowest), a collective spread over
    // the planes (each plane carries 1/P of the bytes at once: network time the slowest plane's,
    // NVLink time the whole buffer's), failures applied in the plane they are in (that plane
    // rerouted, the others unchanged; FailureImpact::planes). Kept tables are plane 1's.
    // request.plane analyses one plane alone.
    std::vector<PlaneAnalysis> planes;
    // The fabric (failures applied) and its tables, when the request keeps them.
    std::shared_ptr<const Fabric> fabric;
    std::shared_ptr<const RoutingTables> tables;
};

// Errors: an unknown failure id or root; with requireRoutableFabric, a fabric too small to route.
// Cancelled runs return what they have with `cancelled` set.
Result<NetworkAnalysis> analyzeNetwork(const Design &design, const Catalog &catalog, const NetworkRequest &request,
                                       const RunControl &control = {});

} // namespace cplan
