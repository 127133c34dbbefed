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

void Fabric::addSwitch(const Design &design, NodeId id, const Part &part, GuidSet &guids)
{
    const Node &n = design.node(id);
    FabricNode s;
    s.kind = FabricNodeKind::Switch;
    s.designNode = id;
    s.portCount = part.ports;
    s.tier = level(n.tier);
    s.description = n.name.empty() ? n.id : n.name;
    s.part = n.part;
    s.portBase = std::uint32_t(m_ports.size());
    std::uint64_t g = nodeGuid(n);
    while (g == 0 || guids.count(g)) {
        m_warnings.push_back("switch '" + n.id + "': GUID collision, moved to the next free GUID");
        g = kGuidPrefix | ((g + 1) & kGuidMask);
    }
    guids.insert(g);
    s.guid = g;
    for (int p = 1; p <= s.portCount; ++p)
        m_ports.push_back(FabricPort{std::uint32_t(m_nodes.size()), p, kNoIndex, LinkId(), 0, 0, 0, true});
    m_nodes.push_back(std::move(s));
    m_designCount[id.value] = 1;
}

// One CA per HCA of a server (or appliance). With a plane, only the HCAs cabled into it.
void Fabric::addCas(const Design &design, NodeId id, const Catalog &catalog, int plane, GuidSet &guids)
{
    const Node &n = design.node(id);
    const auto ports = nodePorts(n, catalog);
    auto inPlane = [&](std::size_t from, std::size_t to) {
        for (std::size_t k = from; k < to; ++k)
            if (auto l = design.linkAt(PortRef{id, ports[k].number}); l && linkPlane(design, design.link(*l)) == plane)
                return true;
        return false;
    };
    for (std::size_t k = 0; k < ports.size();) {
        const int hca = ports[k].hca;
        std::size_t e = k;
        while (e < ports.size() && ports[e].hca == hca)
            ++e;
        if (plane > 0 && n.plane == 0 && !inPlane(k, e)) {
            k = e;
            continue;
        }
        FabricNode c;
        c.kind = FabricNodeKind::Ca;
        c.designNode = id;
        c.hca = hca;
        c.firstDesignPort = ports[k].number;
        c.part = ports[k].hcaPart;
        c.description = (n.name.empty() ? n.id : n.name) + " HCA-" + std::to_string(hca);
        c.portBase = std::uint32_t(m_ports.size());
        c.portCount = int(e - k);
        // A CA's GUID block [g, g + ports] must be free (ibsim gives port p GUID g + p).
        std::uint64_t g = kGuidPrefix | (splitmix(nodeGuid(n) * 131 + std::uint64_t(hca)) & kGuidMask & ~0xffull);
        auto blockFree = [&](std::uint64_t base) {
            for (int p = 0; p <= c.portCount; ++p)
                if (guids.count(base + std::uint64_t(p)))
                    return false;
            return true;
        };
        while (!blockFree(g))
            g = kGuidPrefix | ((g + 0x100) & kGuidMask);
        for (int p = 0; p <= c.portCount; ++p)
            guids.insert(g + std::uint64_t(p));
        c.guid = g;
        for (int p = 1; p <= c.portCount; ++p)
            m_ports.push_back(FabricPort{std::uint32_t(m_nodes.size()), p, kNoIndex, LinkId(), 0, 0, 0, true});
        m_nodes.push_back(std::move(c));
        ++m_designCount[id.value];
        k = e;
    }
}

// Cables between fabric ports; with a plane, that plane's links only.
void Fabric::addCables(const Design &design, const Catalog &catalog, int plane)
{
    const std::size_t designNodes = design.nodes.size();
    auto resolve = [&](PortRef ref) -> std::uint32_t {
        if (ref.node.value >= designNodes || m_designFirst[ref.node.value] == kNoIndex)
            return kNoIndex;
        const std::uint32_t first = m_designFirst[ref.node.value];
        for (std::uint32_t k = 0; k < m_designCount[ref.node.value]; ++k) {
            const FabricNode &fn = m_nodes[first + k];
            const int local = fn.isSwitch() ? ref.port : ref.port - fn.firstDesignPort + 1;
            if (local >= 1 && local <= fn.portCount)
                return fn.portBase + std::uint32_t(local - 1);
        }
        return kNoIndex;
    };
    m_linkDead.assign(design.links.size(), 0);
    m_linkPorts.assign(design.links.size() * 2, kNoIndex);
    for (std::uint32_t l = 0; l < design.links.size(); ++l) {
        const Link &link = design.links[l];
        if (plane > 0 && linkPlane(design, link) != plane)
            continue;
        const std::uint32_t a = resolve(link.a), b = resolve(link.b);
        if (a == kNoIndex || b == kNoIndex) {
            m_warnings.push_back("link '" + link.id + "': an end is not a fabric port, left out");
            continue;
        }
        if (m_ports[a].peer != kNoIndex || m_ports[b].peer != kNoIndex || a == b) {
            m_warnings.push_back("link '" + link.id + "': port already cabled, left out");
            continue;
        }
        const double speed = linkSpeedGbps(design, link, catalog);
        for (auto [x, y] : {std::pair{a, b}, std::pair{b, a}}) {
            FabricPort &p = m_ports[x];
            p.peer = y;
            p.link = LinkId(l);
            p.speedGbps = speed;
            p.lengthM = link.lengthM.value_or(0);
        }
        m_linkPorts[2 * l] = a;
        m_linkPorts[2 * l + 1] = b;
    }
}

// Switch slots, canonical endpoint order, CA order.
void Fabric::orderEndpoints()
{
    m_switchSlot.assign(m_nodes.size(), kNoIndex);
    for (std::uint32_t n = 0; n < m_nodes.size(); ++n)
        if (m_nodes[n].isSwitch()) {
            m_switchSlot[n] = std::uint32_t(m_switches.size());
            m_switches.push_back(n);
        }
    m_endpointOfPort.assign(m_ports.size(), kNoIndex);
    auto addEndpoint = [&](std::uint32_t caPort) {
        if (m_endpointOfPort[caPort] != kNoIndex)
            return;
        m_endpointOfPort[caPort] = std::uint32_t(m_endpoints.size());
        m_endpoints.push_back(caPort);
    };
    for (std::uint32_t s : m_switches) {
        const FabricNode &sw = m_nodes[s];
        for (int p = 0; p < sw.portCount; ++p) {
            const FabricPort &port = m_ports[sw.portBase + std::uint32_t(p)];
            if (port.peer != kNoIndex && !m_nodes[m_ports[port.peer].node].isSwitch())
                addEndpoint(port.peer);
        }
    }
    for (std::uint32_t n = 0; n < m_nodes.size(); ++n)
        if (!m_nodes[n].isSwitch())
            for (int p = 0; p < m_nodes[n].portCount; ++p)
                if (m_ports[m_nodes[n].portBase + std::uint32_t(p)].peer != kNoIndex)
                    addEndpoint(m_nodes[n].portBase + std::uint32_t(p));
    std::vector<char> seen(m_nodes.size(), 0);
    for (std::uint32_t e : m_endpoints) {
        const std::uint32_t n = m_ports[e].node;
        if (!seen[n]++)
            m_cas.push_back(n);
    }
    for (std::uint32_t n = 0; n < m_nodes.size(); ++n)
        if (!m_nodes[n].isSwitch() && !seen[n])
            m_cas.push_back(n);
}

// LIDs in design order: a switch one, each cabled CA port one.
void Fabric::assignLids()
{
    std::uint32_t lid = 0;
    for (FabricNode &n : m_nodes) {
        if (n.isSwitch()) {
            n.lid = ++lid;
            continue;
        }
        for (int p = 0; p < n.portCount; ++p) {
            FabricPort &port = m_ports[n.portBase + std::uint32_t(p)];
            if (port.peer != kNoIndex)
                port.lid = ++lid;
        }
        n.lid = m_ports[n.portBase].lid;
    }
    m_maxLid = lid;
}

Fabric Fabric::build(const Design &design, const Catalog &catalog, int plane)
{
    Fabric f;
    const std::size_t designNodes = design.nodes.size();
    f.m_designFirst.assign(designNodes, kNoIndex);
    f.m_designCount.assign(designNodes, 0);
    GuidSet usedGuids;
    for (std::uint32_t i = 0; i < designNodes; ++i) {
        const Node &n = design.nodes[i];
        if (plane > 0 && n.plane != 0 && n.plane != plane)
            continue;   // another plane's switch or appliance
        const Part *part = catalog.find(n.part);
        if (!part) {
            f.m_warnings.push_back("node '" + n.id + "': unknown part '" + n.part + "', left out of the fabric");
            continue;
        }
        f.m_designFirst[i] = std::uint32_t(f.m_nodes.size());
        if (part->kind == PartKind::Switch)
            f.addSwitch(design, NodeId(i), *part, usedGuids);
        else if (part->kind == PartKind::GpuServer)
            f.addCas(design, NodeId(i), catalog, plane, usedGuids);
        // Other kinds (racks, cables) are not fabric nodes.
    }
    f.addCables(design, catalog, plane);
    f.orderEndpoints();
    f.assignLids();
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
