#include "analysis/planeendpoints.h"

#include "routing/fabric.h"

namespace cplan {

PlaneEndpoints planeEndpoints(const Design &design, const Catalog &catalog, int planes)
{
    PlaneEndpoints pe;
    pe.offset.push_back(0);
    pe.local.resize(std::size_t(planes));
    for (int p = 1; p <= planes; ++p) {
        const Fabric fabric = Fabric::build(design, catalog, p);
        const std::uint32_t base = std::uint32_t(pe.endpoints.size());
        pe.endpoints.resize(base + fabric.endpoints().size());
        auto &servers = pe.local[std::size_t(p - 1)];
        for (std::uint32_t e = 0; e < fabric.endpoints().size(); ++e) {
            const std::uint32_t ca = fabric.port(fabric.endpoints()[e]).node;
            servers[fabric.nodes()[ca].designNode];   // the server's list, filled in its own order below
        }
        for (auto &[server, list] : servers) {
            list = fabric.serverEndpoints(server);
            for (std::uint32_t k = 0; k < list.size(); ++k)
                pe.endpoints[base + list[k]] = {server, k};
        }
        pe.offset.push_back(std::uint32_t(pe.endpoints.size()));
    }
    return pe;
}

PlaneDemand demandOnPlane(const PlaneEndpoints &pe, int plane, const Demand &global, Demand &local)
{
    const std::uint32_t first = pe.offset[std::size_t(plane - 1)], end = pe.offset[std::size_t(plane)];
    if (global.dst < first || global.dst >= end || global.src >= pe.total())
        return PlaneDemand::OtherPlane;
    const PlaneEndpoints::Endpoint &dst = pe.endpoints[global.dst], &src = pe.endpoints[global.src];
    local = {global.src - first, global.dst - first, global.bytes};
    if (global.src >= first && global.src < end)
        return PlaneDemand::Carried;
    if (src.server == dst.server)
        return PlaneDemand::NvlinkOnly;
    const auto &servers = pe.local[std::size_t(plane - 1)];
    const auto it = servers.find(src.server);
    if (it == servers.end() || it->second.empty())
        return PlaneDemand::NoEndpoint;
    local.src = it->second[dst.position < it->second.size() ? dst.position : 0];
    return PlaneDemand::Carried;
}

} // namespace cplan
