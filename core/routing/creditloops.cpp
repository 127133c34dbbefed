// Credit-loop (deadlock) check: the channel dependency graph of the routes must be acyclic
// (Dally and Seitz). Vertices are switch-to-switch channels; c1 -> c2 when a destination's
// route leaves a switch on c2 right after arriving on c1.

#include "routing/routing.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/depth_first_search.hpp>

#include <algorithm>

namespace cplan {

namespace {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;
using EdgeT = boost::graph_traits<Graph>::edge_descriptor;

struct CycleFound
{
    Vertex from, to;
};

// Stops the search at the first back edge, keeping the DFS tree to recover the cycle.
struct CycleVisitor : boost::default_dfs_visitor
{
    std::vector<Vertex> *parent;
    void tree_edge(EdgeT e, const Graph &g) const { (*parent)[boost::target(e, g)] = boost::source(e, g); }
    void back_edge(EdgeT e, const Graph &g) const { throw CycleFound{boost::source(e, g), boost::target(e, g)}; }
};

} // namespace

CreditLoopReport findCreditLoops(const Fabric &fabric, const RoutingTables &tables, const std::function<bool()> &cancelled)
{
    CreditLoopReport report;
    // Switch-to-switch channels get compact ids.
    std::vector<std::uint32_t> channelId(fabric.ports().size(), kNoIndex);
    std::vector<std::uint32_t> channelPort;
    for (std::uint32_t n : fabric.switches()) {
        const FabricNode &sw = fabric.node(n);
        for (int p = 1; p <= sw.portCount; ++p) {
            const std::uint32_t gp = fabric.portIndex(n, p);
            const std::uint32_t peer = fabric.peerNode(gp);
            if (peer != kNoIndex && fabric.node(peer).isSwitch()) {
                channelId[gp] = std::uint32_t(channelPort.size());
                channelPort.push_back(gp);
            }
        }
    }
    const std::size_t C = channelPort.size();
    report.channels = C;
    if (C == 0)
        return report;
    // Dependencies of a channel: a bit per output port of the switch it enters (<= 255).
    constexpr std::size_t kWords = 4;
    std::vector<std::uint64_t> deps(C * kWords, 0);
    const std::uint32_t E = tables.endpointCount;
    for (std::uint32_t slot = 0; slot < fabric.switches().size(); ++slot) {
        if (cancelled && cancelled())
            return report;
        const std::uint32_t x = fabric.switches()[slot];
        const int xPorts = fabric.node(x).portCount;
        for (std::uint32_t e = 0; e < E; ++e) {
            const std::uint8_t p = tables.port(slot, e);
            if (p == kNoPort || p == 0 || p > xPorts)
                continue;
            const std::uint32_t c1 = channelId[fabric.portIndex(x, p)];
            if (c1 == kNoIndex)
                continue;
            const std::uint32_t y = fabric.port(fabric.port(channelPort[c1]).peer).node;
            const std::uint8_t q = tables.port(fabric.switchSlot(y), e);
            if (q == kNoPort || q == 0 || q > fabric.node(y).portCount)
                continue;
            if (channelId[fabric.portIndex(y, q)] == kNoIndex)
                continue;
            deps[c1 * kWords + (q >> 6)] |= std::uint64_t(1) << (q & 63);
        }
    }
    Graph g(C);
    for (std::size_t c1 = 0; c1 < C; ++c1) {
        const std::uint32_t y = fabric.port(fabric.port(channelPort[c1]).peer).node;
        for (std::size_t w = 0; w < kWords; ++w)
            for (std::uint64_t bits = deps[c1 * kWords + w]; bits; bits &= bits - 1) {
                const int q = int(w * 64) + __builtin_ctzll(bits);
                boost::add_edge(Vertex(c1), Vertex(channelId[fabric.portIndex(y, q)]), g);
                ++report.dependencies;
            }
    }
    std::vector<Vertex> parent(C, Vertex(-1));
    CycleVisitor visitor;
    visitor.parent = &parent;
    try {
        boost::depth_first_search(g, boost::visitor(visitor));
    } catch (const CycleFound &found) {
        report.deadlockFree = false;
        // The back edge from -> to closes a cycle to ... from along the DFS tree.
        std::vector<std::uint32_t> cycle;
        for (Vertex v = found.from; v != found.to && v != Vertex(-1); v = parent[v])
            cycle.push_back(channelPort[v]);
        cycle.push_back(channelPort[found.to]);
        std::reverse(cycle.begin(), cycle.end());
        report.cycle = std::move(cycle);
    }
    return report;
}

} // namespace cplan
