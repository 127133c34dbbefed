#include "failure/failure.h"

#include "catalog/catalog.h"
#include "routing/metrics.h"

namespace cplan {

Result<FailureImpact> analyzeFailures(const Design &design, const Catalog &catalog, const FailureSpec &spec,
                                      const RoutingOptions &routing, const std::optional<FailureWorkload> &workload)
{
    FailureImpact impact;
    Fabric fabric = Fabric::build(design, catalog);
    const LatencyModel latency = latencyModel(fabric, catalog);

    std::vector<Demand> demands;
    TrafficOptions traffic;
    if (workload) {
        auto generated = generateTraffic(workload->pattern, std::uint32_t(fabric.endpoints().size()), workload->bytes, workload->seed);
        if (!generated)
            return generated.error();
        demands = std::move(*generated);
        traffic.ideal = workload->ideal;
        traffic.latency = &latency;
    }

    const RoutingTables before = computeRoutes(fabric, routing);
    impact.before = checkRoutes(fabric, before);
    const FabricMetrics mBefore = computeMetrics(fabric);
    impact.bisectionBeforeGbps = mBefore.bisectionGbps;
    impact.diameterBefore = mBefore.diameterSwitches;
    if (workload)
        impact.workloadBefore = runTraffic(fabric, before, demands, {}, traffic);

    auto kindCheck = [&](const std::string &id, bool wantSwitch) -> Result<NodeId> {
        auto n = design.findNode(id);
        if (!n)
            return Error{"", 0, 0, "no node '" + id + "' in the design"};
        const bool isSwitch = design.node(*n).role == NodeRole::Switch;
        if (isSwitch != wantSwitch)
            return Error{"", 0, 0, "'" + id + "' is " + (isSwitch ? "a switch" : "not a switch") + "; use --" +
                                       (isSwitch ? "switch" : "server")};
        return *n;
    };
    for (const std::string &id : spec.links) {
        auto l = design.findLink(id);
        if (!l)
            return Error{"", 0, 0, "no link '" + id + "' in the design"};
        fabric.setLinkAlive(*l, false);
    }
    for (const std::string &id : spec.switches) {
        auto n = kindCheck(id, true);
        if (!n)
            return n.error();
        fabric.setNodeAlive(*n, false);
    }
    for (const std::string &id : spec.servers) {
        auto n = kindCheck(id, false);
        if (!n)
            return n.error();
        fabric.setNodeAlive(*n, false);
    }
    for (std::uint32_t e = 0; e < fabric.endpoints().size(); ++e)
        if (!fabric.endpointAlive(e))
            ++impact.lostEndpoints;

    RoutingOptions again = routing;
    const RoutingTables after = computeRoutes(fabric, again);
    impact.after = checkRoutes(fabric, after);
    impact.deadlockFreeAfter = findCreditLoops(fabric, after).deadlockFree;
    const FabricMetrics mAfter = computeMetrics(fabric);
    impact.bisectionAfterGbps = mAfter.bisectionGbps;
    impact.diameterAfter = mAfter.diameterSwitches;
    if (workload)
        impact.workloadAfter = runTraffic(fabric, after, demands, {}, traffic);
    for (const std::string &n : after.notes)
        impact.notes.push_back(n);
    return impact;
}

} // namespace cplan
