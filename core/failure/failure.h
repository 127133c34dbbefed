#pragma once

#include "routing/routedflows.h"
#include "routing/routing.h"
#include "util/error.h"
#include "workload/trafficpattern.h"

#include <optional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;
class Design;

// What to take out: design ids of links, switches and servers.
struct FailureSpec
{
    std::vector<std::string> links;
    std::vector<std::string> switches;
    std::vector<std::string> servers;
    bool empty() const { return links.empty() && switches.empty() && servers.empty(); }
};

struct FailureWorkload
{
    PatternSpec pattern;
    double bytes = 1 << 20;
    bool ideal = false;
    std::uint64_t seed = 1;
};

struct FailureImpact
{
    RouteCheck before, after;            // pairs among live endpoints, unreachable ones
    std::uint32_t lostEndpoints = 0;     // CA ports cut off by the failure (their pairs are gone)
    double bisectionBeforeGbps = 0, bisectionAfterGbps = 0;
    int diameterBefore = 0, diameterAfter = 0;
    bool deadlockFreeAfter = true;
    // The workload over the endpoints before the failure; after, flows to or from lost
    // endpoints (or without a route) are dropped and counted.
    std::optional<TrafficRun> workloadBefore, workloadAfter;
    std::vector<std::string> notes;
};

// Takes the failed elements out of one Fabric in place (no rebuild), re-routes with the same
// engine, and compares. Unknown ids are errors (naming the id).
Result<FailureImpact> analyzeFailures(const Design &design, const Catalog &catalog, const FailureSpec &spec,
                                      const RoutingOptions &routing, const std::optional<FailureWorkload> &workload = {});

} // namespace cplan
