#include "routing/fabric.h"

#include "catalog/catalog.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <unordered_set>

namespace cplan {

namespace {

std::uint64_t splitmix(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

constexpr std::uint64_t kGuidPrefix = 0x0002c9ull << 40;   // what nodeGuid() uses too
constexpr std::uint64_t kGuidMask = 0xffffffffffull;

} // namespace

std::string ibSpeedName(double g)
{
    struct Row { double gbps; const char *name; };
    // 4x widths of each generation; narrower links of a generation as 2x / 1x.
    static const Row rows[] = {{10, "4xSDR"}, {20, "4xDDR"}, {40, "4xQDR"}, {56, "4xFDR"}, {100, "4xEDR"},
                               {200, "4xHDR"}, {400, "4xNDR"}, {800, "4xXDR"}, {1600, "4xGDR"}};
    for (const Row &r : rows)
        if (std::abs(g - r.gbps) < 0.5)
            return r.name;
    if (std::abs(g - 50) < 0.5)
        return "1xHDR";
    if (std::abs(g - 25) < 0.5)
        return "1xEDR";
    return {};
}

Fabric Fabric::build(const Design &design, const Catalog &catalog)
{
    Fabric f;
    const std::size_t designNodes = design.nodes.size();
    f.m_designFirst.assign(designNodes, kNoIndex);
    f.m_designCount.assign(designNodes, 0);
    std::unordered_set<std::uint64_t> usedGuids;

    // Nodes and ports.
    for (std::uint32_t i = 0; i < designNodes; ++i) {
        const Node &n = design.nodes[i];
        const Part *part = catalog.find(n.part);
        const std::string name = n.name.empty() ? n.id : n.name;
        if (!part) {
            f.m_warnings.push_back("node '" + n.id + "': unknown part '" + n.part + "', left out of the fabric");
            continue;
        }
        f.m_designFirst[i] = std::uint32_t(f.m_nodes.size());
        if (part->kind == PartKind::Switch) {
            FabricNode s;
            s.kind = FabricNodeKind::Switch;
            s.designNode = NodeId(i);
            s.portCount = part->ports;
            s.tier = level(n.tier);
            s.description = name;
            s.part = n.part;
            s.portBase = std::uint32_t(f.m_ports.size());
            std::uint64_t g = nodeGuid(n);
            while (g == 0 || usedGuids.count(g)) {
                f.m_warnings.push_back("switch '" + n.id + "': GUID collision, moved to the next free GUID");
                g = kGuidPrefix | ((g + 1) & kGuidMask);
            }
            usedGuids.insert(g);
            s.guid = g;
            for (int p = 1; p <= s.portCount; ++p)
                f.m_ports.push_back(FabricPort{std::uint32_t(f.m_nodes.size()), p, kNoIndex, LinkId(), 0, 0, 0, true});
            f.m_nodes.push_back(std::move(s));
            f.m_designCount[i] = 1;
        } else if (part->kind == PartKind::GpuServer) {
            const auto ports = nodePorts(n, catalog);
            int hca = 0;
            for (std::size_t k = 0; k < ports.size();) {
                hca = ports[k].hca;
                FabricNode c;
                c.kind = FabricNodeKind::Ca;
                c.designNode = NodeId(i);
                c.hca = hca;
                c.firstDesignPort = ports[k].number;
                c.part = ports[k].hcaPart;
                c.description = name + " HCA-" + std::to_string(hca);
                c.portBase = std::uint32_t(f.m_ports.size());
                std::size_t e = k;
                while (e < ports.size() && ports[e].hca == hca)
                    ++e;
                c.portCount = int(e - k);
                // A CA's GUID block [g, g + ports] must be free (ibsim gives port p GUID g + p).
                std::uint64_t g = kGuidPrefix | (splitmix(nodeGuid(n) * 131 + std::uint64_t(hca)) & kGuidMask & ~0xffull);
                auto blockFree = [&](std::uint64_t base) {
                    for (int p = 0; p <= c.portCount; ++p)
                        if (usedGuids.count(base + std::uint64_t(p)))
                            return false;
                    return true;
                };
                while (!blockFree(g))
                    g = kGuidPrefix | ((g + 0x100) & kGuidMask);
                for (int p = 0; p <= c.portCount; ++p)
                    usedGuids.insert(g + std::uint64_t(p));
                c.guid = g;
                for (int p = 1; p <= c.portCount; ++p)
                    f.m_ports.push_back(FabricPort{std::uint32_t(f.m_nodes.size()), p, kNoIndex, LinkId(), 0, 0, 0, true});
                f.m_nodes.push_back(std::move(c));
                ++f.m_designCount[i];
                k = e;
            }
        }
        // Other kinds (racks, cables) are not fabric nodes.
    }

    // Cables.
    auto resolve = [&](PortRef ref) -> std::uint32_t {
        if (ref.node.value >= designNodes || f.m_designFirst[ref.node.value] == kNoIndex)
            return kNoIndex;
        const std::uint32_t first = f.m_designFirst[ref.node.value];
        for (std::uint32_t k = 0; k < f.m_designCount[ref.node.value]; ++k) {
            const FabricNode &fn = f.m_nodes[first + k];
            const int local = fn.isSwitch() ? ref.port : ref.port - fn.firstDesignPort + 1;
            if (local >= 1 && local <= fn.portCount)
                return fn.portBase + std::uint32_t(local - 1);
        }
        return kNoIndex;
    };
    f.m_linkDead.assign(design.links.size(), 0);
    f.m_linkPorts.assign(design.links.size() * 2, kNoIndex);
    for (std::uint32_t l = 0; l < design.links.size(); ++l) {
        const Link &link = design.links[l];
        const std::uint32_t a = resolve(link.a), b = resolve(link.b);
        if (a == kNoIndex || b == kNoIndex) {
            f.m_warnings.push_back("link '" + link.id + "': an end is not a fabric port, left out");
            continue;
        }
        if (f.m_ports[a].peer != kNoIndex || f.m_ports[b].peer != kNoIndex || a == b) {
            f.m_warnings.push_back("link '" + link.id + "': port already cabled, left out");
            continue;
        }
        const double speed = linkSpeedGbps(design, link, catalog);
        for (auto [x, y] : {std::pair{a, b}, std::pair{b, a}}) {
            FabricPort &p = f.m_ports[x];
            p.peer = y;
            p.link = LinkId(l);
            p.speedGbps = speed;
            p.lengthM = link.lengthM.value_or(0);
        }
        f.m_linkPorts[2 * l] = a;
        f.m_linkPorts[2 * l + 1] = b;
    }

    // Switch slots, canonical endpoint order, CA order.
    f.m_switchSlot.assign(f.m_nodes.size(), kNoIndex);
    for (std::uint32_t n = 0; n < f.m_nodes.size(); ++n)
        if (f.m_nodes[n].isSwitch()) {
            f.m_switchSlot[n] = std::uint32_t(f.m_switches.size());
            f.m_switches.push_back(n);
        }
    f.m_endpointOfPort.assign(f.m_ports.size(), kNoIndex);
    auto addEndpoint = [&](std::uint32_t caPort) {
        if (f.m_endpointOfPort[caPort] != kNoIndex)
            return;
        f.m_endpointOfPort[caPort] = std::uint32_t(f.m_endpoints.size());
        f.m_endpoints.push_back(caPort);
    };
    for (std::uint32_t s : f.m_switches) {
        const FabricNode &sw = f.m_nodes[s];
        for (int p = 0; p < sw.portCount; ++p) {
            const FabricPort &port = f.m_ports[sw.portBase + std::uint32_t(p)];
            if (port.peer != kNoIndex && !f.m_nodes[f.m_ports[port.peer].node].isSwitch())
                addEndpoint(port.peer);
        }
    }
    for (std::uint32_t n = 0; n < f.m_nodes.size(); ++n)
        if (!f.m_nodes[n].isSwitch())
            for (int p = 0; p < f.m_nodes[n].portCount; ++p)
                if (f.m_ports[f.m_nodes[n].portBase + std::uint32_t(p)].peer != kNoIndex)
                    addEndpoint(f.m_nodes[n].portBase + std::uint32_t(p));
    std::vector<char> seen(f.m_nodes.size(), 0);
    for (std::uint32_t e : f.m_endpoints) {
        const std::uint32_t n = f.m_ports[e].node;
        if (!seen[n]++)
            f.m_cas.push_back(n);
    }
    for (std::uint32_t n = 0; n < f.m_nodes.size(); ++n)
        if (!f.m_nodes[n].isSwitch() && !seen[n])
            f.m_cas.push_back(n);

    // LIDs in design order: a switch one, each cabled CA port one.
    std::uint32_t lid = 0;
    for (FabricNode &n : f.m_nodes) {
        if (n.isSwitch()) {
            n.lid = ++lid;
            continue;
        }
        for (int p = 0; p < n.portCount; ++p) {
            FabricPort &port = f.m_ports[n.portBase + std::uint32_t(p)];
            if (port.peer != kNoIndex)
                port.lid = ++lid;
        }
        n.lid = f.m_ports[n.portBase].lid;
    }
    f.m_maxLid = lid;
    return f;
}

std::vector<std::uint32_t> Fabric::serverEndpoints(NodeId server) const
{
    std::vector<std::uint32_t> out;
    for (std::uint32_t n : nodesOf(server))
        for (int p = 0; p < m_nodes[n].portCount; ++p) {
            const std::uint32_t e = m_endpointOfPort[m_nodes[n].portBase + std::uint32_t(p)];
            if (e != kNoIndex)
                out.push_back(e);
        }
    return out;
}

std::uint32_t Fabric::endpointSwitch(std::uint32_t endpoint) const
{
    const FabricPort &p = m_ports[m_endpoints[endpoint]];
    if (p.peer == kNoIndex)
        return kNoIndex;
    const std::uint32_t n = m_ports[p.peer].node;
    return m_nodes[n].isSwitch() ? n : kNoIndex;
}

bool Fabric::endpointAlive(std::uint32_t endpoint) const
{
    const FabricPort &p = m_ports[m_endpoints[endpoint]];
    return p.connected() && m_nodes[p.node].alive;
}

std::vector<std::uint32_t> Fabric::nodesOf(NodeId designNode) const
{
    std::vector<std::uint32_t> out;
    if (designNode.value >= m_designFirst.size() || m_designFirst[designNode.value] == kNoIndex)
        return out;
    for (std::uint32_t k = 0; k < m_designCount[designNode.value]; ++k)
        out.push_back(m_designFirst[designNode.value] + k);
    return out;
}

void Fabric::setLinkAlive(LinkId link, bool alive)
{
    if (link.value >= m_linkDead.size())
        return;
    m_linkDead[link.value] = alive ? 0 : 1;
    refreshAlive();
}

void Fabric::setNodeAlive(NodeId designNode, bool alive)
{
    for (std::uint32_t n : nodesOf(designNode))
        m_nodes[n].alive = alive;
    refreshAlive();
}

void Fabric::refreshAlive()
{
    m_failures = 0;
    for (const FabricNode &n : m_nodes)
        m_failures += n.alive ? 0 : 1;
    for (char d : m_linkDead)
        m_failures += d;
    for (FabricPort &p : m_ports) {
        bool alive = m_nodes[p.node].alive;
        if (p.peer != kNoIndex) {
            alive = alive && m_nodes[m_ports[p.peer].node].alive;
            if (p.link.valid() && p.link.value < m_linkDead.size() && m_linkDead[p.link.value])
                alive = false;
        }
        p.alive = alive;
    }
}

std::vector<int> Fabric::fatTreeTiers() const
{
    auto consistent = [&](const std::vector<int> &tier) {
        for (std::uint32_t s : m_switches) {
            if (tier[s] < 1)
                return false;
            const FabricNode &sw = m_nodes[s];
            for (int p = 0; p < sw.portCount; ++p) {
                const std::uint32_t peer = peerNode(sw.portBase + std::uint32_t(p));
                if (peer == kNoIndex)
                    continue;
                if (m_nodes[peer].isSwitch() ? std::abs(tier[peer] - tier[s]) != 1 : false)
                    return false;
            }
        }
        return true;
    };
    std::vector<int> tier(m_nodes.size(), 0);
    for (std::uint32_t s : m_switches)
        tier[s] = m_nodes[s].tier;
    if (!m_switches.empty() && consistent(tier))
        return tier;
    // Ranks by distance from switches that have CAs.
    std::fill(tier.begin(), tier.end(), 0);
    std::deque<std::uint32_t> queue;
    for (std::uint32_t s : m_switches) {
        const FabricNode &sw = m_nodes[s];
        for (int p = 0; p < sw.portCount; ++p) {
            const std::uint32_t peer = peerNode(sw.portBase + std::uint32_t(p));
            if (peer != kNoIndex && !m_nodes[peer].isSwitch()) {
                tier[s] = 1;
                queue.push_back(s);
                break;
            }
        }
    }
    while (!queue.empty()) {
        const std::uint32_t s = queue.front();
        queue.pop_front();
        const FabricNode &sw = m_nodes[s];
        for (int p = 0; p < sw.portCount; ++p) {
            const std::uint32_t peer = peerNode(sw.portBase + std::uint32_t(p));
            if (peer != kNoIndex && m_nodes[peer].isSwitch() && tier[peer] == 0) {
                tier[peer] = tier[s] + 1;
                queue.push_back(peer);
            }
        }
    }
    if (!m_switches.empty() && consistent(tier))
        return tier;
    return {};
}

} // namespace cplan
