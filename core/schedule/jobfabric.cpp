#include "schedule/jobfabric.h"

#include "catalog/catalog.h"
#include "model/design.h"
#include "schedule/pool.h"

#include <algorithm>
#include <deque>

namespace cplan {

Result<std::unique_ptr<DesignFabric>> DesignFabric::build(const Design &design, const Catalog &catalog, const Pool &pool)
{
    auto f = std::unique_ptr<DesignFabric>(new DesignFabric());
    std::vector<std::int32_t> switchIndex(design.nodes.size(), -1);
    std::uint32_t switches = 0;
    for (std::size_t i = 0; i < design.nodes.size(); ++i)
        if (design.nodes[i].role == NodeRole::Switch)
            switchIndex[i] = std::int32_t(switches++);
    f->m_adjacent.resize(switches);
    f->m_capacity.resize(design.links.size() * 2);
    f->m_switchLink.resize(design.links.size() * 2);
    double known = 0;
    std::vector<double> speed(design.links.size());
    for (std::size_t i = 0; i < design.links.size(); ++i) {
        speed[i] = linkSpeedGbps(design, design.links[i], catalog);
        known = std::max(known, speed[i]);
    }
    if (known <= 0)
        return makeError(design.name, 0, 0, "no link of the design has a known speed; the network model needs one");
    // Links to a node of unknown speed run at the fastest known speed (validation reports them).
    for (std::size_t i = 0; i < design.links.size(); ++i) {
        const double bps = (speed[i] > 0 ? speed[i] : known) * 1e9 / 8.0;
        f->m_capacity[2 * i] = f->m_capacity[2 * i + 1] = bps;
        const Link &l = design.links[i];
        const std::int32_t a = switchIndex[l.a.node.value], b = switchIndex[l.b.node.value];
        if (a >= 0 && b >= 0 && a != b) {
            f->m_switchLink[2 * i] = f->m_switchLink[2 * i + 1] = 1;
            f->m_adjacent[std::size_t(a)].push_back({std::uint32_t(b), std::uint32_t(2 * i)});
            f->m_adjacent[std::size_t(b)].push_back({std::uint32_t(a), std::uint32_t(2 * i + 1)});
        }
    }
    for (auto &adj : f->m_adjacent)
        std::sort(adj.begin(), adj.end(), [](const Hop &x, const Hop &y) { return x.directed < y.directed; });

    f->m_ports.resize(pool.servers.size());
    std::uint32_t key = 0;
    for (std::size_t s = 0; s < pool.servers.size(); ++s) {
        const std::int32_t node = pool.servers[s].designNode;
        if (node < 0)
            continue;
        const int ports = nodePortCount(design.nodes[std::size_t(node)], catalog);
        for (int p = 1; p <= ports; ++p) {
            auto link = design.linkAt(PortRef{NodeId(std::uint32_t(node)), p});
            if (!link)
                continue;
            const Link &l = design.link(*link);
            const bool serverIsA = l.a.node.value == std::uint32_t(node) && l.a.port == p;
            const NodeId other = serverIsA ? l.b.node : l.a.node;
            if (switchIndex[other.value] < 0)
                continue;   // server-to-server cable: not a fabric port
            f->m_ports[s].push_back({link->value, serverIsA, std::uint32_t(switchIndex[other.value]), key++});
        }
    }
    return f;
}

double DesignFabric::railBps(int server, int rail) const
{
    const Port &p = m_ports[std::size_t(server)][std::size_t(rail)];
    return m_capacity[2 * p.link];
}

const std::vector<int> &DesignFabric::distancesTo(std::uint32_t sw)
{
    auto it = m_distance.find(sw);
    if (it != m_distance.end())
        return it->second;
    std::vector<int> dist(m_adjacent.size(), -1);
    std::deque<std::uint32_t> queue{sw};
    dist[sw] = 0;
    while (!queue.empty()) {
        const std::uint32_t u = queue.front();
        queue.pop_front();
        for (const Hop &h : m_adjacent[u])
            if (dist[h.to] < 0) {
                dist[h.to] = dist[u] + 1;
                queue.push_back(h.to);
            }
    }
    return m_distance.emplace(sw, std::move(dist)).first->second;
}

void DesignFabric::route(int srcServer, int srcRail, int dstServer, int dstRail, std::vector<std::uint32_t> &out)
{
    const auto &srcPorts = m_ports[std::size_t(srcServer)];
    const auto &dstPorts = m_ports[std::size_t(dstServer)];
    if (srcPorts.empty() || dstPorts.empty())
        return;
    const Port &s = srcPorts[std::size_t(srcRail) % srcPorts.size()];
    const Port &d = dstPorts[std::size_t(dstRail) % dstPorts.size()];
    if (s.key == d.key)
        return;
    out.push_back(2 * s.link + (s.serverIsA ? 0 : 1));    // server -> leaf
    std::uint32_t cur = s.sw;
    if (cur != d.sw) {
        const std::vector<int> &dist = distancesTo(d.sw);
        if (dist[cur] < 0)
            return;   // unreachable: the path stops at the leaf (validation reports a split fabric)
        std::vector<const Hop *> next;
        // D-mod-K: each level with a choice of switches uses the next digit of the
        // destination's number (mixed radix), so that consecutive levels spread independently.
        std::uint64_t divisor = 1;
        while (cur != d.sw) {
            next.clear();
            for (const Hop &h : m_adjacent[cur])
                if (dist[h.to] == dist[cur] - 1)
                    next.push_back(&h);
            // Parallel links to one switch are spread by the low digit; a choice among
            // different switches takes the next digit.
            bool sameSwitch = true;
            for (const Hop *x : next)
                sameSwitch = sameSwitch && x->to == next.front()->to;
            const Hop *h = next[(sameSwitch ? d.key : d.key / divisor) % next.size()];
            if (!sameSwitch)
                divisor *= next.size();
            out.push_back(h->directed);
            cur = h->to;
        }
    }
    out.push_back(2 * d.link + (d.serverIsA ? 1 : 0));    // leaf -> server
}

} // namespace cplan
