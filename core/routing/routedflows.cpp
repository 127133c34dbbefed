#include "routing/routedflows.h"

#include "routing/pairbundles.h"

#include <algorithm>
#include <cmath>

namespace cplan {

namespace {

// Line rate (at NIC efficiency unless ideal) less what a neighbour holds; a channel a neighbour
// fills keeps a sliver, so that the run's flows on it still finish (late) rather than never.
std::vector<double> channelCapacities(const Fabric &fabric, const TrafficOptions &options)
{
    const double efficiency = options.ideal ? 1.0 : kNicEfficiency;
    std::vector<double> capacity(fabric.ports().size(), 0.0);
    for (std::uint32_t p = 0; p < fabric.ports().size(); ++p)
        if (fabric.port(p).connected()) {
            capacity[p] = fabric.port(p).speedGbps * 1e9 / 8.0 * efficiency;
            if (p < options.reservedBps.size())
                capacity[p] = std::max(capacity[p] * 1e-6, capacity[p] - options.reservedBps[p]);
        }
    return capacity;
}

// Maps a demand's endpoints (through the map); false when they are not a routable pair.
bool mapDemand(const RoutingTables &tables, const std::vector<std::uint32_t> &endpointMap, const Demand &dem,
               std::uint32_t &src, std::uint32_t &dst)
{
    auto map = [&](std::uint32_t e) { return endpointMap.empty() ? e : (e < endpointMap.size() ? endpointMap[e] : kNoIndex); };
    src = map(dem.src);
    dst = map(dem.dst);
    return src < tables.endpointCount && dst < tables.endpointCount && src != dst;
}

// Routes each of a demand's flows (paths.subflows() of them, bytes shared equally) and hands
// it to `add(channels, bytes)`; false when the demand has no route (then nothing was added
// from it after the first broken flow).
template<class Add>
bool routeDemand(EqualCostPaths &paths, const RoutingTables &tables, const std::vector<std::uint32_t> &endpointMap,
                 const Demand &dem, std::vector<std::uint32_t> &channels, Add add)
{
    std::uint32_t src = 0, dst = 0;
    if (!mapDemand(tables, endpointMap, dem, src, dst))
        return false;
    const int flows = paths.subflows();
    for (int f = 0; f < flows; ++f) {
        if (!paths.route(src, dst, f, channels))
            return false;
        if (!add(channels, dem.bytes / flows))
            return true;
    }
    return true;
}

// Takes the flows from `first` on back out of the problem (a demand that did not route whole).
void dropFlowsFrom(FlowProblem &problem, std::size_t first)
{
    if (problem.flowCount() <= first)
        return;
    problem.pathLinks.resize(problem.pathOffsets[first]);
    problem.pathOffsets.resize(first + 1);
    problem.bytes.resize(first);
    if (problem.startS.size() > first)
        problem.startS.resize(first);
    if (problem.weight.size() > first)
        problem.weight.resize(first);
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
    problem.capacityBps = channelCapacities(fabric, options);
    problem.reserve(count, count * 6);
    std::vector<double> latencyS;
    std::vector<std::uint32_t> channels;
    EqualCostPaths paths(fabric, tables, options.paths);
    std::uint32_t d = 0;
    const bool listed = demands([&](const Demand &dem) {
        if (d % 4096 == 0 && options.cancelled && options.cancelled())
            return false;
        const std::size_t before = problem.flowCount();
        const bool routed = routeDemand(paths, tables, endpointMap, dem, channels, [&](const auto &path, double bytes) {
            problem.addFlow(path, bytes);
            run.flowDemand.push_back(d);
            latencyS.push_back(pathDelayS(fabric, options, path));
            return true;
        });
        if (!routed) {
            ++run.unroutable;
            dropFlowsFrom(problem, before);
            run.flowDemand.resize(before);
            latencyS.resize(before);
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
    // A demand's flows follow each other and share its first link: the demand runs at line
    // rate when their rates add up to it.
    std::size_t full = 0, demandsRun = 0;
    for (std::size_t f = 0; f < run.flows;) {
        double rate = 0;
        std::size_t g = f;
        for (; g < run.flows && run.flowDemand[g] == run.flowDemand[f]; ++g) {
            const double t = run.result.finishS[g] + latencyS[g];
            if (std::isfinite(t))
                run.completionS = std::max(run.completionS, t);
            rate += run.result.rateAtStartBps[g];
        }
        const double first = problem.capacityBps[problem.path(f).front()];
        full += first > 0 && rate >= 0.99 * first;
        ++demandsRun;
        f = g;
    }
    run.lineRateFlowShare = double(full) / double(demandsRun);
    return run;
}

// Demands one at a time as bundles of one flow, for route classes.
FlowLister demandFlows(const Fabric &fabric, const RoutingTables &tables, const DemandLister &demands,
                       const std::vector<std::uint32_t> &endpointMap, const TrafficOptions &options, std::uint64_t &unroutable)
{
    return [&, channels = std::vector<std::uint32_t>()](const FlowVisitor &visit) mutable {
        unroutable = 0;
        EqualCostPaths paths(fabric, tables, options.paths);
        return demands([&](const Demand &dem) {
            bool go = true;
            const bool routed = routeDemand(paths, tables, endpointMap, dem, channels, [&](const auto &path, double bytes) {
                const std::uint32_t head = path.front();
                const std::span<const std::uint32_t> tail(path.data() + 1, path.size() - 1);
                go = visit(ListedBundle{{&head, 1}, {}, tail, bytes, pathDelayS(fabric, options, path)});
                return go;
            });
            unroutable += !routed;
            return go;
        });
    };
}

// Too many flows to hold: route classes (flow/routeclasses.h), the flows listed once per
// refinement round, the aggregated problem simulated.
TrafficRun runByClasses(const Fabric &fabric, const FlowLister &flows, const std::uint64_t &unroutable, const TrafficOptions &options)
{
    TrafficRun run;
    const std::vector<double> capacity = channelCapacities(fabric, options);
    const double subflows = subflowsPerDemand(fabric, options.paths);
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
        // A demand's flows share its first link (split demands: their rates add up there).
        const double first = classes.firstLinkBps[c];
        if (first > 0 && aggregated.rateAtStartBps[c] * subflows >= 0.99 * first)
            full += classes.problem.flowWeight(c);
    }
    run.lineRateFlowShare = full / double(classes.flows);
    return run;
}

enum class RunMode { PerFlow, ByClasses, Refused };

RunMode runMode(const Fabric &fabric, std::uint64_t demandCount, const TrafficOptions &options)
{
    const std::uint64_t flows = demandCount * std::uint64_t(subflowsPerDemand(fabric, options.paths));
    const bool overBudget = options.memoryBudget > 0 && flows > options.memoryBudget / kTrafficBytesPerFlow;
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
    switch (runMode(fabric, demandCount, options)) {
    case RunMode::ByClasses: {
        std::uint64_t unroutable = 0;
        return runByClasses(fabric, demandFlows(fabric, tables, demands, endpointMap, options, unroutable), unroutable, options);
    }
    case RunMode::Refused: return refused();
    case RunMode::PerFlow: break;
    }
    return runPerFlow(fabric, tables, demands, demandCount, endpointMap, options);
}

std::vector<double> neighbourLoad(const Fabric &fabric, const RoutingTables &tables, const std::vector<Demand> &demands,
                                  const std::vector<std::uint32_t> &endpointMap, const std::vector<Demand> &neighbour,
                                  const std::vector<std::uint32_t> &neighbourMap, const TrafficOptions &options)
{
    TrafficOptions own = options;
    own.reservedBps.clear();
    FlowProblem problem;
    problem.capacityBps = channelCapacities(fabric, own);
    EqualCostPaths paths(fabric, tables, own.paths);
    std::vector<std::uint32_t> channels;
    auto add = [&](const std::vector<Demand> &set, const std::vector<std::uint32_t> &map) {
        for (const Demand &dem : set) {
            const std::size_t before = problem.flowCount();
            if (!routeDemand(paths, tables, map, dem, channels, [&](const auto &path, double bytes) {
                    problem.addFlow(path, bytes);
                    return true;
                }))
                dropFlowsFrom(problem, before);
        }
    };
    add(demands, endpointMap);
    const std::size_t ownFlows = problem.flowCount();
    add(neighbour, neighbourMap);
    std::vector<double> load(problem.capacityBps.size(), 0.0);
    if (problem.flowCount() == ownFlows)
        return load;
    const std::vector<double> rates = maxMinRates(problem);
    for (std::size_t f = ownFlows; f < problem.flowCount(); ++f)
        for (std::uint32_t channel : problem.path(f))
            load[channel] += rates[f];
    return load;
}

TrafficRun runAllToAll(const Fabric &fabric, const RoutingTables &tables, double bytes, const TrafficOptions &options)
{
    const auto n = std::uint32_t(fabric.endpoints().size());
    const PatternSpec spec{PatternKind::AllToAll};
    const std::uint64_t count = patternFlowCount(spec, n);
    const DemandLister demands = [&](const std::function<bool(const Demand &)> &visit) {
        return forEachDemand(spec, n, bytes, 0, visit);
    };
    switch (runMode(fabric, count, options)) {
    case RunMode::ByClasses: {
        std::uint64_t unroutable = 0;
        // Bundles share the tables' route after the first link; other policies route each flow.
        if (options.paths.policy != LoadBalancing::Lft)
            return runByClasses(fabric, demandFlows(fabric, tables, demands, {}, options, unroutable), unroutable, options);
        const LatencyModel *latency = options.ideal ? nullptr : options.latency;
        return runByClasses(fabric, allPairsBundles(fabric, tables, bytes, latency, unroutable), unroutable, options);
    }
    case RunMode::Refused: return refused();
    case RunMode::PerFlow: break;
    }
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
