#include "routing/routedflows.h"

#include "catalog/catalog.h"

#include <algorithm>
#include <cmath>

namespace cplan {

TrafficRun runTraffic(const Fabric &fabric, const RoutingTables &tables, const std::vector<Demand> &demands,
                      const std::vector<std::uint32_t> &endpointMap, const TrafficOptions &options)
{
    TrafficRun run;
    FlowProblem problem;
    const double efficiency = options.ideal ? 1.0 : kNicEfficiency;
    problem.capacityBps.resize(fabric.ports().size(), 0.0);
    for (std::uint32_t p = 0; p < fabric.ports().size(); ++p) {
        const FabricPort &port = fabric.port(p);
        if (port.connected())
            problem.capacityBps[p] = port.speedGbps * 1e9 / 8.0 * efficiency;
    }
    problem.reserve(demands.size(), demands.size() * 6);
    std::vector<double> latencyS;
    std::vector<std::uint32_t> channels;
    for (std::uint32_t d = 0; d < demands.size(); ++d) {
        if (d % 4096 == 0 && options.cancelled && options.cancelled()) {
            run.cancelled = true;
            return run;
        }
        const Demand &dem = demands[d];
        auto map = [&](std::uint32_t e) { return endpointMap.empty() ? e : (e < endpointMap.size() ? endpointMap[e] : kNoIndex); };
        const std::uint32_t src = map(dem.src), dst = map(dem.dst);
        if (src >= tables.endpointCount || dst >= tables.endpointCount || src == dst ||
            !traceRoute(fabric, tables, src, dst, channels)) {
            ++run.unroutable;
            continue;
        }
        problem.addFlow(channels, dem.bytes);
        run.flowDemand.push_back(d);
        if (!options.ideal && options.latency)
            latencyS.push_back(pathLatencyNs(fabric, *options.latency, channels) * 1e-9);
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
    double completion = 0;
    for (std::size_t f = 0; f < run.flows; ++f) {
        double t = run.result.finishS[f];
        if (!latencyS.empty())
            t += latencyS[f];
        if (std::isfinite(t))
            completion = std::max(completion, t);
    }
    run.completionS = completion;
    return run;
}

CollectiveSetup collectiveSetup(const Design &design, const Catalog &catalog, const Fabric &fabric, std::uint32_t gpuLimit)
{
    CollectiveSetup s;
    std::uint32_t rails = 0;
    std::uint32_t gpus = 0;
    double nvlink = 0, nic = 0;
    for (std::uint32_t i = 0; i < design.nodes.size(); ++i) {
        const Node &n = design.nodes[i];
        if (n.role != NodeRole::Server || nodeGpuCount(n, catalog) == 0)
            continue;
        const auto eps = fabric.serverEndpoints(NodeId(i));
        bool alive = !eps.empty();
        for (std::uint32_t e : eps)
            alive = alive && fabric.endpointAlive(e);
        if (!alive)
            continue;
        s.servers.push_back(NodeId(i));
        rails = rails == 0 ? std::uint32_t(eps.size()) : std::min(rails, std::uint32_t(eps.size()));
        const Part *part = catalog.find(n.part);
        gpus = gpus == 0 ? std::uint32_t(part->gpuCount) : std::min(gpus, std::uint32_t(part->gpuCount));
        if (const Part *gpu = catalog.find(part->gpu); gpu && gpu->nvlinkGBps && nvlink == 0)
            nvlink = *gpu->nvlinkGBps / 2.0;   // the catalog adds both directions
        const double speed = fabric.port(eps.front()).speedGbps;
        nic = nic == 0 ? speed : std::min(nic, speed);
    }
    if (s.servers.empty()) {
        s.error = "the design has no cabled GPU servers";
        return s;
    }
    if (gpuLimit > 0 && gpus > 0) {
        const std::size_t need = (std::size_t(gpuLimit) + gpus - 1) / gpus;
        if (need > s.servers.size()) {
            s.error = "the collective asks for " + std::to_string(gpuLimit) + " GPUs; the design's cabled GPU servers have " +
                      std::to_string(s.servers.size() * gpus);
            s.servers.clear();
            return s;
        }
        s.servers.resize(need);
    }
    s.set.servers = std::uint32_t(s.servers.size());
    s.set.gpusPerServer = gpus;
    s.set.rails = rails;
    s.set.nvlinkGBps = nvlink;
    s.set.nicGbps = nic;
    s.endpointMap.resize(std::size_t(s.set.servers) * rails);
    for (std::uint32_t k = 0; k < s.servers.size(); ++k) {
        const auto eps = fabric.serverEndpoints(s.servers[k]);
        for (std::uint32_t r = 0; r < rails; ++r)
            s.endpointMap[s.set.endpoint(k, r)] = eps[r];
    }
    return s;
}

CollectiveRun runCollective(const Fabric &fabric, const RoutingTables &tables, const CollectiveSetup &setup,
                            CollectiveKind kind, double bytes, const std::function<bool()> &cancelled)
{
    CollectiveRun run;
    const auto demands = collectiveNetworkDemands(kind, bytes, setup.set);
    TrafficOptions ideal;
    ideal.ideal = true;   // the collective model applies the NIC efficiency itself
    ideal.cancelled = cancelled;
    run.network = runTraffic(fabric, tables, demands, setup.endpointMap, ideal);
    run.estimate = collectiveFromNetworkTime(kind, bytes, setup.set, run.network.completionS);
    return run;
}

} // namespace cplan
