#include "schedule/jobfabric.h"

#include "analysis/defaults.h"
#include "catalog/catalog.h"
#include "model/design.h"
#include "schedule/pool.h"

#include <algorithm>

namespace cplan {

Result<std::unique_ptr<DesignFabric>> DesignFabric::build(const Design &design, const Catalog &catalog, const Pool &pool)
{
    auto f = std::unique_ptr<DesignFabric>(new DesignFabric());
    double known = 0;
    std::vector<double> speed(design.links.size());
    for (std::size_t i = 0; i < design.links.size(); ++i) {
        speed[i] = linkSpeedGbps(design, design.links[i], catalog);
        known = std::max(known, speed[i]);
    }
    if (known <= 0)
        return makeError(design.name, 0, 0, "no link of the design has a known speed; the network model needs one");

    f->m_fabric = Fabric::build(design, catalog);
    const Fabric &fabric = f->m_fabric;
    RoutingOptions options;
    if (auto engine = routingEngineFromString(design.settings.routingEngine))
        options.engine = *engine;
    else
        options.engine = fabric.fatTreeTiers().empty() ? RoutingEngine::UpDown : RoutingEngine::FTree;
    f->m_tables = computeRoutes(fabric, options);
    f->m_paths = std::make_unique<EqualCostPaths>(fabric, f->m_tables, pathPolicy(defaultLoadBalancing(design, catalog)));

    // Directed links: design link i is 2i from end a, 2i+1 from end b. Links to a node of
    // unknown speed run at the fastest known speed (validation reports them).
    f->m_capacity.resize(design.links.size() * 2);
    f->m_switchLink.resize(design.links.size() * 2);
    for (std::size_t i = 0; i < design.links.size(); ++i)
        f->m_capacity[2 * i] = f->m_capacity[2 * i + 1] = (speed[i] > 0 ? speed[i] : known) * 1e9 / 8.0;
    f->m_directed.assign(fabric.ports().size(), kNoIndex);
    for (std::uint32_t p = 0; p < fabric.ports().size(); ++p) {
        const FabricPort &port = fabric.port(p);
        if (port.peer == kNoIndex || !port.link.valid())
            continue;
        const FabricNode &node = fabric.node(port.node);
        const Link &l = design.link(port.link);
        const int designPort = node.isSwitch() ? port.number : node.firstDesignPort + port.number - 1;
        const bool fromA = l.a.node == node.designNode && l.a.port == designPort;
        const std::uint32_t directed = 2 * port.link.value + (fromA ? 0 : 1);
        f->m_directed[p] = directed;
        if (node.isSwitch() && fabric.node(fabric.port(port.peer).node).isSwitch())
            f->m_switchLink[directed] = 1;
    }

    // Rails: a server's ports cabled to a switch, in design port order.
    f->m_rails.resize(pool.servers.size());
    for (std::size_t s = 0; s < pool.servers.size(); ++s) {
        const std::int32_t node = pool.servers[s].designNode;
        if (node < 0)
            continue;
        for (std::uint32_t ca : fabric.nodesOf(NodeId(std::uint32_t(node))))
            for (int p = 1; p <= fabric.node(ca).portCount; ++p) {
                const std::uint32_t port = fabric.portIndex(ca, p);
                const std::uint32_t endpoint = fabric.endpointOfPort(port);
                if (endpoint == kNoIndex || fabric.endpointSwitch(endpoint) == kNoIndex)
                    continue;   // not cabled, or a server-to-server cable: not a fabric port
                f->m_rails[s].push_back(endpoint);
            }
    }
    return f;
}

double DesignFabric::railBps(int server, int rail) const
{
    const std::uint32_t endpoint = m_rails[std::size_t(server)][std::size_t(rail)];
    return m_capacity[m_directed[m_fabric.endpoints()[endpoint]]];
}

int DesignFabric::subflows() const
{
    return m_paths->subflows();
}

void DesignFabric::route(int srcServer, int srcRail, int dstServer, int dstRail, std::vector<std::uint32_t> &out, int subflow)
{
    const auto &src = m_rails[std::size_t(srcServer)];
    const auto &dst = m_rails[std::size_t(dstServer)];
    if (src.empty() || dst.empty())
        return;
    const std::uint32_t s = src[std::size_t(srcRail) % src.size()];
    const std::uint32_t d = dst[std::size_t(dstRail) % dst.size()];
    if (s == d)
        return;
    // A broken route (split fabric) keeps the links it gets through, as far as the tables lead.
    m_paths->route(s, d, subflow, m_channels);
    for (std::uint32_t channel : m_channels)
        out.push_back(m_directed[channel]);
}

} // namespace cplan
