#include "nccl/collectiverun.h"

#include "catalog/catalog.h"
#include "model/design.h"

#include <algorithm>
#include <cmath>

namespace cplan {

namespace {

// NVSwitch systems: every catalog server whose NVLink domain is 8 GPUs or more (DGX/HGX H100,
// H200, B200, B300 baseboards, NVL72 racks) joins its GPUs through NVSwitches; smaller domains
// (NVLink bridges) do not, and NVLS needs the switch.
constexpr int kNvswitchDomain = 8;

// The NVLink side of one server part: architecture, per-direction bandwidth, NVSwitch; unknown
// figures named by part.
void readGpuSide(const Part &server, const Catalog &catalog, nccl::System &s)
{
    const Part *gpu = catalog.find(server.gpu);
    const std::string gpuName = gpu ? gpu->id : server.gpu;
    if (gpu)
        s.arch = nccl::archFromString(gpu->architecture);
    if (!s.arch)
        s.unknown.push_back("GPU architecture of '" + gpuName + "' (NCCL's tables depend on it)");
    s.x86Host = !server.rackScale;   // the NVL72 racks' hosts are Grace (Arm) CPUs (RA-GB200)
    if (server.gpuCount < 2)
        return;
    if (!server.nvlinkDomain || *server.nvlinkDomain < server.gpuCount) {
        s.unknown.push_back("bandwidth between the GPUs of '" + server.id +
                            "' (no NVLink domain over all its GPUs; PCIe figures are not in the catalog)");
        return;
    }
    s.nvswitch = *server.nvlinkDomain >= kNvswitchDomain;
    if (gpu && gpu->nvlinkGBps)
        s.nvlinkGBps = *gpu->nvlinkGBps / 2.0;   // the catalog adds both directions
    else
        s.unknown.push_back("NVLink bandwidth of GPU '" + gpuName + "'");
}

// SHARP: the design allows it and every switch of the fabric runs it.
bool fabricHasSharp(const Design &design, const Catalog &catalog, const Fabric &fabric)
{
    if (!design.settings.sharp || fabric.switches().empty())
        return false;
    for (std::uint32_t sw : fabric.switches()) {
        const Part *part = catalog.find(fabric.nodes()[sw].part);
        if (!part || !part->sharp || *part->sharp < 1)
            return false;
    }
    return true;
}

// The flow run whose links a chosen algorithm loads (SHARP's: the tree's, the closest shape).
nccl::TrafficShape shapeOfAlgorithm(nccl::Algorithm a)
{
    switch (a) {
    case nccl::Algorithm::P2p: return nccl::TrafficShape::AllToAll;
    case nccl::Algorithm::Ring:
    case nccl::Algorithm::Pat: return nccl::TrafficShape::Ring;
    default: return nccl::TrafficShape::Tree;
    }
}

// What a neighbour leaves in-network reduction: the least free share of a switch-to-switch link
// the job's tree traffic crosses (SHARP's reduced streams take the same links as the tree).
double inNetworkShare(const Fabric &fabric, const TrafficRun &tree, const std::vector<double> &reservedBps)
{
    double share = 1.0;
    const std::vector<double> &bytes = tree.result.linkBytes;
    for (std::uint32_t p = 0; p < bytes.size() && p < reservedBps.size(); ++p) {
        const FabricPort &port = fabric.port(p);
        if (bytes[p] <= 0 || !port.connected() || !(port.speedGbps > 0))
            continue;
        if (!fabric.node(port.node).isSwitch() || !fabric.node(fabric.port(port.peer).node).isSwitch())
            continue;
        const double capacity = port.speedGbps * 1e9 / 8.0;
        share = std::min(share, std::max(0.0, capacity - reservedBps[p]) / capacity);
    }
    return share;
}

} // namespace

CollectiveSetup collectiveSetup(const Design &design, const Catalog &catalog, const Fabric &fabric, std::uint32_t gpuLimit)
{
    CollectiveSetup s;
    std::uint32_t rails = 0, gpus = 0;
    double nic = 0;
    const Part *first = nullptr;
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
        if (!first)
            first = part;
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
    s.set = {std::uint32_t(s.servers.size()), gpus, rails};
    s.system.nodes = s.set.servers;
    s.system.gpusPerNode = gpus;
    s.system.nicsPerNode = rails;
    s.system.nicGbps = nic;
    readGpuSide(*first, catalog, s.system);
    s.system.sharp = fabricHasSharp(design, catalog, fabric);
    s.endpointMap.resize(std::size_t(s.set.servers) * rails);
    for (std::uint32_t k = 0; k < s.servers.size(); ++k) {
        const auto eps = fabric.serverEndpoints(s.servers[k]);
        for (std::uint32_t r = 0; r < rails; ++r)
            s.endpointMap[s.set.endpoint(k, r)] = eps[r];
    }
    return s;
}

CollectiveEstimate estimateCollective(const nccl::System &system, CollectiveKind kind, double bytes, const nccl::Overrides &overrides)
{
    const nccl::Prediction p = nccl::predict(system, kind, bytes, overrides);
    CollectiveEstimate e;
    e.kind = kind;
    e.bytes = bytes;
    e.ranks = p.ranks;
    e.unknown = p.unknown;
    e.refused = p.refused;
    e.system = system;
    if (p.best) {
        const nccl::Choice &c = *p.best;
        e.known = true;
        e.timeS = c.timeS;
        e.latencyS = c.latencyS;
        e.algbwGBps = c.algbwGBps;
        e.busbwGBps = c.busbwGBps;
        e.algorithm = c.algorithm;
        e.protocol = c.protocol;
        e.why = nccl::explain(system, c);
        e.fabricShare = nccl::fabricShare(system, c.algorithm);
    }
    return e;
}

std::string unknownText(const CollectiveEstimate &e)
{
    std::string out;
    for (const std::string &u : e.unknown)
        out += (out.empty() ? "" : "; ") + u;
    return out.empty() ? e.refused : out;
}

NeighbourTraffic neighbourTraffic(const CollectiveSetup &job, const CollectiveSetup &both, nccl::TrafficShape shape,
                                  std::string &error)
{
    NeighbourTraffic n;
    const std::uint32_t rails = job.set.rails;
    if (!both.error.empty()) {
        error = both.error;
        return n;
    }
    if (both.set.servers <= job.set.servers) {
        error = "the job takes every GPU server: a neighbour job needs servers of its own (ask for fewer GPUs)";
        return n;
    }
    if (both.set.rails != rails || both.set.gpusPerServer != job.set.gpusPerServer) {
        error = "the neighbour job's servers have other GPUs or NICs than the job's";
        return n;
    }
    n.servers = both.set.servers - job.set.servers;
    const std::size_t first = std::size_t(job.set.servers) * rails;
    n.endpointMap.assign(both.endpointMap.begin() + std::ptrdiff_t(first), both.endpointMap.end());
    nccl::GpuSet set = job.set;
    set.servers = n.servers;
    n.demands = nccl::trafficDemands(shape, set, double(1u << 30));
    return n;
}

std::uint64_t collectiveFlowCount(CollectiveKind kind, const nccl::GpuSet &set)
{
    if (kind == CollectiveKind::AllToAll)
        return nccl::trafficFlowCount(nccl::TrafficShape::AllToAll, set);
    return nccl::trafficFlowCount(nccl::TrafficShape::Tree, set);
}

CollectiveRun runCollective(const Fabric &fabric, const RoutingTables &tables, const CollectiveSetup &setup,
                            const CollectiveRequest &request, const TrafficOptions &options)
{
    CollectiveRun run;
    nccl::System system = setup.system;
    const nccl::GpuSet &set = setup.set;
    run.plannedFlows = collectiveFlowCount(request.kind, set);
    TrafficRun shapes[3];
    if (set.servers >= 2 && set.rails > 0) {
        TrafficOptions ideal = options;
        ideal.ideal = true;
        if (system.arch && system.unknown.empty())
            ideal.paths.connections = std::max(1, nccl::ringGraph(system).channels / int(std::max(1u, system.nicsPerNode)));
        run.flowsPerDemand = subflowsPerDemand(fabric, ideal.paths);
        const double nominal = double(1u << 30), lineRate = system.nicGbps * 1e9 / 8.0;
        const bool a2a = request.kind == CollectiveKind::AllToAll;
        for (nccl::TrafficShape shape : {nccl::TrafficShape::Ring, nccl::TrafficShape::Tree, nccl::TrafficShape::AllToAll}) {
            if ((shape == nccl::TrafficShape::AllToAll) != a2a)
                continue;
            const auto demands = nccl::trafficDemands(shape, set, nominal);
            if (!request.neighbour.demands.empty())
                ideal.reservedBps = neighbourLoad(fabric, tables, demands, setup.endpointMap, request.neighbour.demands,
                                                  request.neighbour.endpointMap, ideal);
            TrafficRun &r = shapes[int(shape)];
            r = runTraffic(fabric, tables, demands, setup.endpointMap, ideal);
            if (r.cancelled || r.overBudget) {
                run.network = r;
                return run;
            }
            if (shape == nccl::TrafficShape::Tree && !ideal.reservedBps.empty())
                system.inNetworkFabric = inNetworkShare(fabric, r, ideal.reservedBps);
            const double t0 = nccl::uncontendedTime(demands, set.servers * set.rails, lineRate);
            const double share = r.completionS > 0 ? std::min(1.0, t0 / r.completionS) : r.unroutable > 0 ? 0.0 : 1.0;
            (shape == nccl::TrafficShape::Ring ? system.ringFabric
                                               : shape == nccl::TrafficShape::Tree ? system.treeFabric : system.allToAllFabric) = share;
        }
    }
    run.estimate = estimateCollective(system, request.kind, request.bytes, request.overrides);
    run.network = shapes[int(shapeOfAlgorithm(run.estimate.algorithm))];
    for (double b : request.sweepBytes)
        run.sweep.push_back(estimateCollective(system, request.kind, b, request.overrides));
    return run;
}

std::vector<double> sweepSizes(double from, double to)
{
    std::vector<double> out;
    for (double b = std::max(1.0, from); b <= to * (1 + 1e-12) && out.size() < 64; b *= 2)
        out.push_back(b);
    return out;
}

} // namespace cplan
