#include "routing/loadbalance.h"

#include <algorithm>
#include <cmath>
#include <deque>

namespace cplan {

namespace {

constexpr std::uint8_t kFar = 255;   // not reachable over live switch links

// SplitMix64's finaliser (Steele, Lea, Flood: "Fast splittable pseudorandom number
// generators", OOPSLA 2014): every input bit flips about half the output bits, which is what
// a switch's ECMP hash over a flow's header fields gives.
std::uint64_t mix(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

// The switch's neighbours over live cables, as channels (sending ports).
template<class Visit> void forSwitchLinks(const Fabric &fabric, std::uint32_t node, Visit visit)
{
    const FabricNode &n = fabric.node(node);
    for (int p = 1; p <= n.portCount; ++p) {
        const std::uint32_t channel = fabric.portIndex(node, p);
        const std::uint32_t peer = fabric.peerNode(channel);
        if (peer != kNoIndex && fabric.node(peer).isSwitch() && fabric.node(peer).alive)
            visit(channel, peer);
    }
}

// The most next hops any switch with endpoints has toward another switch (its uplinks on a
// tree), at least 1 and at most kMaxSpraySubflows.
int widestFirstHop(const Fabric &fabric)
{
    std::vector<char> leaf(fabric.nodes().size(), 0);
    for (std::uint32_t e = 0; e < fabric.endpoints().size(); ++e)
        if (const std::uint32_t s = fabric.endpointSwitch(e); s != kNoIndex)
            leaf[s] = 1;
    int widest = 1;
    const std::vector<int> tiers = fabric.fatTreeTiers();
    for (std::uint32_t node : fabric.switches()) {
        if (!leaf[node])
            continue;
        const int tier = tiers.empty() ? 0 : tiers[node];   // indexed by fabric node
        int up = 0, links = 0;
        forSwitchLinks(fabric, node, [&](std::uint32_t, std::uint32_t peer) {
            ++links;
            up += !tiers.empty() && tiers[peer] > tier;
        });
        widest = std::max(widest, tiers.empty() ? links : up);
    }
    return std::min(widest, kMaxSpraySubflows);
}

} // namespace

EqualCostPaths::EqualCostPaths(const Fabric &fabric, const RoutingTables &tables, const PathPolicy &policy)
    : m_fabric(fabric), m_tables(tables), m_policy(policy)
{
    m_subflows = subflowsPerDemand(fabric, policy);
    if (policy.policy == LoadBalancing::Lft)
        return;
    const std::size_t switches = fabric.switches().size();
    m_leafOfSlot.assign(switches, kNoIndex);
    for (std::uint32_t e = 0; e < fabric.endpoints().size(); ++e)
        if (const std::uint32_t s = fabric.endpointSwitch(e); s != kNoIndex && m_leafOfSlot[fabric.switchSlot(s)] == kNoIndex)
            m_leafOfSlot[fabric.switchSlot(s)] = m_leaves++;
    m_leafSwitch.assign(m_leaves, kNoIndex);
    for (std::uint32_t slot = 0; slot < switches; ++slot)
        if (m_leafOfSlot[slot] != kNoIndex)
            m_leafSwitch[m_leafOfSlot[slot]] = fabric.switches()[slot];
    m_distance.resize(m_leaves);
    m_hopsAt.assign(switches * m_leaves, 0);
    m_hopsCount.assign(switches * m_leaves, 0);
}

const std::vector<std::uint8_t> &EqualCostPaths::distances(std::uint32_t leaf)
{
    std::vector<std::uint8_t> &d = m_distance[leaf];
    if (!d.empty())
        return d;
    d.assign(m_fabric.switches().size(), kFar);
    std::deque<std::uint32_t> queue{m_leafSwitch[leaf]};
    d[m_fabric.switchSlot(m_leafSwitch[leaf])] = 0;
    while (!queue.empty()) {
        const std::uint32_t node = queue.front();
        queue.pop_front();
        const std::uint8_t next = std::uint8_t(std::min<int>(d[m_fabric.switchSlot(node)] + 1, kFar - 1));
        forSwitchLinks(m_fabric, node, [&](std::uint32_t, std::uint32_t peer) {
            std::uint8_t &pd = d[m_fabric.switchSlot(peer)];
            if (pd == kFar) {
                pd = next;
                queue.push_back(peer);
            }
        });
    }
    return d;
}

const std::uint32_t *EqualCostPaths::nextHops(std::uint32_t node, std::uint32_t leaf, std::uint32_t &count)
{
    const std::size_t key = std::size_t(m_fabric.switchSlot(node)) * m_leaves + leaf;
    if (m_hopsAt[key] == 0) {
        const std::vector<std::uint8_t> &d = distances(leaf);
        const std::uint8_t here = d[m_fabric.switchSlot(node)];
        m_hopsAt[key] = std::uint32_t(m_pool.size()) + 1;
        if (here != kFar && here > 0)
            forSwitchLinks(m_fabric, node, [&](std::uint32_t channel, std::uint32_t peer) {
                if (d[m_fabric.switchSlot(peer)] + 1 == here)
                    m_pool.push_back(channel);
            });
        m_hopsCount[key] = std::uint32_t(m_pool.size()) + 1 - m_hopsAt[key];
    }
    count = m_hopsCount[key];
    return m_pool.data() + (m_hopsAt[key] - 1);
}

std::uint32_t EqualCostPaths::choose(std::uint32_t src, std::uint32_t dst, int flow, std::uint32_t node, std::uint32_t hop,
                                     std::uint32_t count) const
{
    if (count <= 1)
        return 0;
    const std::uint64_t demand = mix(m_policy.seed ^ mix((std::uint64_t(src) << 32) | dst));
    if (m_policy.sprayed()) {
        // Dealt evenly: flow i on next hop (i + i / previous fan-out + a per-demand turn) so the
        // flows that met at one switch leave it on different next hops.
        const std::uint64_t turn = mix(demand + hop) % count;
        return std::uint32_t((std::uint64_t(flow) + std::uint64_t(flow) / count * (hop + 1) + turn) % count);
    }
    return std::uint32_t(mix(demand ^ mix((std::uint64_t(flow) << 32) | node)) % count);
}

bool EqualCostPaths::route(std::uint32_t src, std::uint32_t dst, int flow, std::vector<std::uint32_t> &channels)
{
    if (m_policy.policy == LoadBalancing::Lft)
        return traceRoute(m_fabric, m_tables, src, dst, channels);
    channels.clear();
    const std::uint32_t srcPort = m_fabric.endpoints()[src];
    const std::uint32_t dstPort = m_fabric.endpoints()[dst];
    if (!m_fabric.port(srcPort).connected() || !m_fabric.port(dstPort).connected())
        return false;
    channels.push_back(srcPort);
    if (m_fabric.port(srcPort).peer == dstPort)
        return true;
    const std::uint32_t dstSwitch = m_fabric.port(dstPort).peer == kNoIndex ? kNoIndex : m_fabric.port(m_fabric.port(dstPort).peer).node;
    if (dstSwitch == kNoIndex || !m_fabric.node(dstSwitch).isSwitch())
        return false;
    const std::uint32_t leaf = m_leafOfSlot[m_fabric.switchSlot(dstSwitch)];
    if (leaf == kNoIndex)
        return false;
    std::uint32_t node = m_fabric.port(m_fabric.port(srcPort).peer).node;
    for (std::uint32_t hop = 0; channels.size() < 64; ++hop) {
        if (!m_fabric.node(node).isSwitch() || !m_fabric.node(node).alive)
            return false;
        if (node == dstSwitch) {
            channels.push_back(m_fabric.port(dstPort).peer);
            return true;
        }
        std::uint32_t count = 0;
        const std::uint32_t *hops = nextHops(node, leaf, count);
        if (count == 0)
            return false;
        const std::uint32_t channel = hops[choose(src, dst, flow, node, hop, count)];
        channels.push_back(channel);
        node = m_fabric.peerNode(channel);
    }
    return false;
}

int subflowsPerDemand(const Fabric &fabric, const PathPolicy &policy)
{
    if (policy.hashed())
        return std::clamp(policy.connections * policy.qpsPerConnection * policy.flowlets, 1, 4096);
    return policy.sprayed() ? widestFirstHop(fabric) : 1;
}

double expectedHashedCoverage(int links, int flows)
{
    if (links <= 0)
        return 0.0;
    return 1.0 - std::pow(1.0 - 1.0 / links, flows);
}

} // namespace cplan
