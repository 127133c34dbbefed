#include "workload/collective.h"

#include <algorithm>
#include <string>

namespace cplan {

const char *toString(CollectiveKind kind)
{
    switch (kind) {
    case CollectiveKind::AllReduce: return "allreduce";
    case CollectiveKind::AllGather: return "allgather";
    case CollectiveKind::ReduceScatter: return "reducescatter";
    case CollectiveKind::AllToAll: return "alltoall";
    }
    return "";
}

std::optional<CollectiveKind> collectiveFromString(std::string_view name)
{
    std::string n;
    for (char c : name)
        if (c != '-' && c != '_')
            n += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (n == "allreduce")
        return CollectiveKind::AllReduce;
    if (n == "allgather")
        return CollectiveKind::AllGather;
    if (n == "reducescatter")
        return CollectiveKind::ReduceScatter;
    if (n == "alltoall")
        return CollectiveKind::AllToAll;
    return std::nullopt;
}

double busBandwidthFactor(CollectiveKind kind, std::uint32_t ranks)
{
    if (ranks == 0)
        return 0.0;
    const double n = ranks;
    return kind == CollectiveKind::AllReduce ? 2.0 * (n - 1.0) / n : (n - 1.0) / n;
}

namespace {

bool isRing(CollectiveKind kind) { return kind != CollectiveKind::AllToAll; }

// Bytes one rail of one server sends over the network (= the busiest NIC, uncontended).
double networkBytesPerRail(CollectiveKind kind, double bytes, const GpuSet &s)
{
    if (s.servers < 2 || s.rails == 0)
        return 0.0;
    const double n = s.ranks(), g = s.gpusPerServer, r = s.rails;
    if (isRing(kind))
        return busBandwidthFactor(kind, s.ranks()) * bytes / r;
    return g * (n - g) / n * bytes / r;   // alltoall: each GPU's remote share, spread over R rails
}

// NVLink bytes per GPU (one direction).
double nvlinkBytesPerGpu(CollectiveKind kind, double bytes, const GpuSet &s)
{
    const double n = s.ranks(), g = s.gpusPerServer;
    if (g < 2)
        return 0.0;
    if (kind == CollectiveKind::AllToAll)
        return (g - 1.0) / n * bytes;
    const double ring = busBandwidthFactor(kind, s.ranks()) * bytes;
    // One server: every ring hop is NVLink. Several: per ring, G-1 of a server's G hops are.
    return s.servers < 2 ? ring : ring * (g - 1.0) / g;
}

} // namespace

CollectiveEstimate collectiveFromNetworkTime(CollectiveKind kind, double bytes, const GpuSet &s,
                                             double networkLineRateS)
{
    CollectiveEstimate e;
    e.kind = kind;
    e.bytes = bytes;
    e.ranks = s.ranks();
    if (e.ranks < 2 || bytes <= 0.0)
        return e;
    const double nvlBps = s.nvlinkGBps * 1e9;
    const bool nvls = s.nvls && kind == CollectiveKind::AllReduce && s.servers == 1;
    if (nvls)
        e.nvlinkTimeS = bytes / (nvlBps * kNvlsAlgbwEfficiency);   // reduce in the switch, multicast back
    else if (nvlBps > 0.0)
        e.nvlinkTimeS = nvlinkBytesPerGpu(kind, bytes, s) / (nvlBps * kNvlinkRingEfficiency);
    e.networkTimeS = networkLineRateS / kNicEfficiency;

    const double n = e.ranks;
    double steps = kind == CollectiveKind::AllReduce ? 2.0 * (n - 1.0) : n - 1.0;
    if (kind == CollectiveKind::AllToAll)
        steps = 1.0;
    if (nvls)
        steps = 2.0;
    e.latencyS = steps * (s.servers > 1 ? s.networkStepLatencyS : kNvlinkStepLatencyS);

    // Pipelined: the slower medium sets the pace, the latency of every step adds.
    const double transfer = std::max(e.nvlinkTimeS, e.networkTimeS);
    e.timeS = transfer + e.latencyS;
    e.bottleneck = e.latencyS > transfer ? "latency" : e.networkTimeS > e.nvlinkTimeS ? "network" : "nvlink";
    e.algbwGBps = bytes / e.timeS / 1e9;
    e.busbwGBps = e.algbwGBps * busBandwidthFactor(kind, e.ranks);
    return e;
}

CollectiveEstimate estimateCollective(CollectiveKind kind, double bytes, const GpuSet &s)
{
    const double nicBps = s.nicGbps * 1e9 / 8.0;
    double network = 0.0;
    if (nicBps > 0.0)
        network = networkBytesPerRail(kind, bytes, s) / nicBps;
    return collectiveFromNetworkTime(kind, bytes, s, network);
}

std::vector<Demand> collectiveNetworkDemands(CollectiveKind kind, double bytes, const GpuSet &s)
{
    std::vector<Demand> out;
    if (s.servers < 2 || s.rails == 0 || s.ranks() < 2)
        return out;
    const double n = s.ranks(), g = s.gpusPerServer, r = s.rails;
    if (isRing(kind)) {
        const double perFlow = busBandwidthFactor(kind, s.ranks()) * bytes / r;
        out.reserve(static_cast<std::size_t>(s.servers) * s.rails);
        for (std::uint32_t rail = 0; rail < s.rails; ++rail)
            for (std::uint32_t srv = 0; srv < s.servers; ++srv)
                out.push_back({s.endpoint(srv, rail), s.endpoint((srv + 1) % s.servers, rail), perFlow});
    } else {
        const double perFlow = g * g * bytes / (n * r);
        out.reserve(static_cast<std::size_t>(s.servers) * (s.servers - 1) * s.rails);
        for (std::uint32_t a = 0; a < s.servers; ++a)
            for (std::uint32_t b = 0; b < s.servers; ++b)
                if (a != b)
                    for (std::uint32_t rail = 0; rail < s.rails; ++rail)
                        out.push_back({s.endpoint(a, rail), s.endpoint(b, rail), perFlow});
    }
    return out;
}

std::uint64_t collectiveFlowCount(CollectiveKind kind, const GpuSet &s)
{
    if (s.servers < 2 || s.rails == 0 || s.ranks() < 2)
        return 0;
    return isRing(kind) ? std::uint64_t(s.servers) * s.rails : std::uint64_t(s.servers) * (s.servers - 1) * s.rails;
}

} // namespace cplan
