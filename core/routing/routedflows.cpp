#include "routing/routedflows.h"

#include "routing/pairbundles.h"

#include <algorithm>
#include <cmath>

namespace cplan {

namespace {

std::vector<double> channelCapacities(const Fabric &fabric, bool ideal)
{
    const double efficiency = ideal ? 1.0 : kNicEfficiency;
    std::vector<double> capacity(fabric.ports().size(), 0.0);
    for (std::uint32_t p = 0; p < fabric.ports().size(); ++p)
        if (fabric.port(p).connected())
            capacity[p] = fabric.port(p).speedGbps * 1e9 / 8.0 * efficiency;
    return capacity;
}

// Routes one demand (endpoints through the map) into channels; false when it has no route.
bool routeDemand(const Fabric &fabric, const RoutingTables &tables, const std::vector<std::uint32_t> &endpointMap,
                 const Demand &dem, std::vector<std::uint32_t> &channels)
{
    auto map = [&](std::uint32_t e) { return endpointMap.empty() ? e : (e < endpointMap.size() ? endpointMap[e] : kNoIndex); };
    const std::uint32_t src = map(dem.src), dst = map(dem.dst);
    return src < tables.endpointCount && dst < tables.endpointCount && src != dst && traceRoute(fabric, tables, src, dst, channels);
}

double pathDelayS(const Fabric &fabric, const TrafficOptions &options, const std::vector<std::uint32_t> &channels)
{
    return !options.ideal && options.latency ? pathLatencyNs(fabric, *options.latency, channels) * 1e-9 : 0.0;
}

// Every flow held: its path, its result.
TrafficRun runPerFlow(const Fabric &fabric, const RoutingTables &tables, const DemandLister &demands, std::uint64_t count,
                      const std::vector<std::uint32_t> &endpointMap, const TrafficOptions &options)
{
    TrafficRun run;
    FlowProblem problem;
    problem.capacityBps = channelCapacities(fabric, options.ideal);
    problem.reserve(count, count * 6);
    std::vector<double> latencyS;
    std::vector<std::uint32_t> channels;
    std::uint32_t d = 0;
    const bool listed = demands([&](const Demand &dem) {
        if (d % 4096 == 0 && options.cancelled && options.cancelled())
            return false;
        if (!routeDemand(fabric, tables, endpointMap, dem, channels)) {
            ++run.unroutable;
        } else {
            problem.addFlow(channels, dem.bytes);
            run.flowDemand.push_back(d);
            latencyS.push_back(pathDelayS(fabric, options, channels));
        }
        ++d;
        return true;
    });
    if (!listed) {
        run.cancelled = true;
        return run;
    }
    run.flows = problem.flowCount();
    if (run.flows == 0)
        return run;
    FlowOptions flowOptions;
    flowOptions.cancelled = options.cancelled;
    run.result = simulateFlows(problem, flowOptions);
    run.cancelled = run.result.cancelled;
    if (run.cancelled)
        return run;
    run.maxLinkUtilization = run.result.maxLinkUtilization;
    std::size_t full = 0;
    for (std::size_t f = 0; f < run.flows; ++f) {
        const double t = run.result.finishS[f] + latencyS[f];
        if (std::isfinite(t))
            run.completionS = std::max(run.completionS, t);
        const double first = problem.capacityBps[problem.path(f).front()];
        full += first > 0 && run.result.rateAtStartBps[f] >= 0.99 * first;
    }
    run.lineRateFlowShare = double(full) / double(run.flows);
    return run;
}

// Demands one at a time as bundles of one flow, for route classes.
FlowLister demandFlows(const Fabric &fabric, const RoutingTables &tables, const DemandLister &demands,
                       const std::vector<std::uint32_t> &endpointMap, const TrafficOptions &options, std::uint64_t &unroutable)
{
    return [&, channels = std::vector<std::uint32_t>()](const FlowVisitor &visit) mutable {
        unroutable = 0;
        return demands([&](const Demand &dem) {
            if (!routeDemand(fabric, tables, endpointMap, dem, channels)) {
                ++unroutable;
                return true;
            }
            const std::uint32_t head = channels.front();
            const std::span<const std::uint32_t> tail(channels.data() + 1, channels.size() - 1);
            return visit(ListedBundle{{&head, 1}, {}, tail, dem.bytes, pathDelayS(fabric, options, channels)});
        });
    };
}

// Too many flows to hold: route classes (flow/routeclasses.h), the flows listed once per
// refinement round, the aggregated problem simulated.
TrafficRun runByClasses(const Fabric &fabric, const FlowLister &flows, const std::uint64_t &unroutable, const TrafficOptions &options)
{
    TrafficRun run;
    const std::vector<double> capacity = channelCapacities(fabric, options.ideal);
    RouteClassOptions classOptions;
    classOptions.maxClasses = options.memoryBudget ? std::max<std::uint64_t>(1, options.memoryBudget / kTrafficBytesPerFlow)
                                                   : RouteClassOptions{}.maxClasses;
    classOptions.cancelled = options.cancelled;
    const RouteClasses classes = findRouteClasses(capacity, flows, classOptions);
    run.unroutable = unroutable;
    run.cancelled = classes.cancelled;
    run.flows = classes.flows;
    run.overBudget = !run.cancelled && classes.flows > 0 && classes.problem.flowCount() == 0;
    if (run.cancelled || run.overBudget || classes.flows == 0)
        return run;
    run.aggregation = {true, classes.exact, classes.problem.flowCount(), classes.linkClassSize.size(), classes.rounds, classes.imbalance};
    FlowOptions flowOptions;
    flowOptions.cancelled = options.cancelled;
    const FlowResult aggregated = simulateFlows(classes.problem, flowOptions);
    run.cancelled = aggregated.cancelled;
    if (run.cancelled)
        return run;
    spreadLinkFigures(classes, aggregated, run.result);
    run.maxLinkUtilization = run.result.maxLinkUtilization;
    double full = 0;
    for (std::size_t c = 0; c < classes.problem.flowCount(); ++c) {
        const double t = aggregated.finishS[c] + classes.delayS[c];
        if (std::isfinite(t))
            run.completionS = std::max(run.completionS, t);
        const double first = classes.firstLinkBps[c];
        if (first > 0 && aggregated.rateAtStartBps[c] >= 0.99 * first)
            full += classes.problem.flowWeight(c);
    }
    run.lineRateFlowShare = full / double(classes.flows);
    return run;
}

enum class RunMode { PerFlow, ByClasses, Refused };

RunMode runMode(std::uint64_t demandCount, const TrafficOptions &options)
{
    const bool overBudget = options.memoryBudget > 0 && demandCount > options.memoryBudget / kTrafficBytesPerFlow;
    if (options.aggregation == FlowAggregation::Always || (options.aggregation == FlowAggregation::Auto && overBudget))
        return RunMode::ByClasses;
    return overBudget ? RunMode::Refused : RunMode::PerFlow;
}

TrafficRun refused()
{
    TrafficRun run;
    run.overBudget = true;
    return run;
}

} // namespace

TrafficRun runTraffic(const Fabric &fabric, const RoutingTables &tables, const DemandLister &demands, std::uint64_t demandCount,
                      const std::vector<std::uint32_t> &endpointMap, const TrafficOptions &options)
{
    switch (runMode(demandCount, options)) {
    case RunMode::ByClasses: {
        std::uint64_t unroutable = 0;
        return runByClasses(fabric, demandFlows(fabric, tables, demands, endpointMap, options, unroutable), unroutable, options);
    }
    case RunMode::Refused: return refused();
    case RunMode::PerFlow: break;
    }
    return runPerFlow(fabric, tables, demands, demandCount, endpointMap, options);
}

TrafficRun runAllToAll(const Fabric &fabric, const RoutingTables &tables, double bytes, const TrafficOptions &options)
{
    const auto n = std::uint32_t(fabric.endpoints().size());
    const PatternSpec spec{PatternKind::AllToAll};
    const std::uint64_t count = patternFlowCount(spec, n);
    switch (runMode(count, options)) {
    case RunMode::ByClasses: {
        std::uint64_t unroutable = 0;
        const LatencyModel *latency = options.ideal ? nullptr : options.latency;
        return runByClasses(fabric, allPairsBundles(fabric, tables, bytes, latency, unroutable), unroutable, options);
    }
    case RunMode::Refused: return refused();
    case RunMode::PerFlow: break;
    }
    const DemandLister demands = [&](const std::function<bool(const Demand &)> &visit) {
        return forEachDemand(spec, n, bytes, 0, visit);
    };
    return runPerFlow(fabric, tables, demands, count, {}, options);
}

TrafficRun runTraffic(const Fabric &fabric, const RoutingTables &tables, const std::vector<Demand> &demands,
                      const std::vector<std::uint32_t> &endpointMap, const TrafficOptions &options)
{
    const DemandLister list = [&demands](const std::function<bool(const Demand &)> &visit) {
        for (const Demand &d : demands)
            if (!visit(d))
                return false;
        return true;
    };
    return runTraffic(fabric, tables, list, demands.size(), endpointMap, options);
}

} // namespace cplan
