// updown and minhop: shortest paths per destination switch, balanced over equal ports by
// how many destinations each port already carries (as OpenSM's minhop and updn do).

#include "routing/engines.h"

#include <algorithm>
#include <deque>
#include <limits>

namespace cplan::detail {

namespace {

constexpr int kInf = std::numeric_limits<int>::max() / 4;

struct SwitchGraph
{
    // Live switch-to-switch ports of each switch slot: (port number, neighbour slot).
    std::vector<std::vector<std::pair<std::uint8_t, std::uint32_t>>> adj;
};

SwitchGraph buildGraph(const Fabric &f)
{
    SwitchGraph g;
    const auto &sw = f.switches();
    g.adj.resize(sw.size());
    for (std::uint32_t slot = 0; slot < sw.size(); ++slot) {
        const FabricNode &n = f.node(sw[slot]);
        if (!n.alive)
            continue;
        for (int p = 1; p <= n.portCount; ++p) {
            const std::uint32_t peer = f.peerNode(f.portIndex(sw[slot], p));
            if (peer != kNoIndex && f.node(peer).isSwitch())
                g.adj[slot].emplace_back(std::uint8_t(p), f.switchSlot(peer));
        }
    }
    return g;
}

std::vector<int> bfs(const SwitchGraph &g, const std::vector<std::uint32_t> &sources)
{
    std::vector<int> dist(g.adj.size(), kInf);
    std::deque<std::uint32_t> q;
    for (std::uint32_t s : sources) {
        dist[s] = 0;
        q.push_back(s);
    }
    while (!q.empty()) {
        const std::uint32_t x = q.front();
        q.pop_front();
        for (auto [p, y] : g.adj[x])
            if (dist[y] == kInf) {
                dist[y] = dist[x] + 1;
                q.push_back(y);
            }
    }
    return dist;
}

} // namespace

void routeUpDown(const Fabric &f, const std::vector<std::uint32_t> &rootNodes, RoutingTables &t, bool minhop)
{
    const auto &switches = f.switches();
    const std::uint32_t S = std::uint32_t(switches.size());
    const std::uint32_t E = t.endpointCount;
    if (S == 0 || E == 0)
        return;
    const SwitchGraph g = buildGraph(f);

    // Ranks for up*/down*: BFS distance from the roots; ties broken by switch order.
    std::vector<int> rank(S, 0);
    if (!minhop) {
        std::vector<std::uint32_t> roots;
        for (std::uint32_t n : rootNodes)
            if (n < f.nodes().size() && f.switchSlot(n) != kNoIndex)
                roots.push_back(f.switchSlot(n));
        if (roots.empty()) {
            const std::vector<int> tiers = f.fatTreeTiers();
            int top = 0;
            for (std::uint32_t slot = 0; slot < S && !tiers.empty(); ++slot)
                top = std::max(top, tiers[switches[slot]]);
            if (top > 1) {
                for (std::uint32_t slot = 0; slot < S; ++slot)
                    if (tiers[switches[slot]] == top && f.node(switches[slot]).alive)
                        roots.push_back(slot);
            } else {
                // Least eccentricity; on a symmetric fabric (all equal) the first switch.
                std::vector<int> ecc(S, kInf);
                int best = kInf;
                for (std::uint32_t slot = 0; slot < S; ++slot) {
                    if (!f.node(switches[slot]).alive)
                        continue;
                    const auto d = bfs(g, {slot});
                    int e = 0;
                    for (int v : d)
                        if (v < kInf)
                            e = std::max(e, v);
                    ecc[slot] = e;
                    best = std::min(best, e);
                }
                for (std::uint32_t slot = 0; slot < S; ++slot)
                    if (ecc[slot] == best)
                        roots.push_back(slot);
                if (roots.size() == std::size_t(std::count_if(ecc.begin(), ecc.end(), [](int e) { return e < kInf; })))
                    roots.resize(1);
            }
        }
        rank = bfs(g, roots);
        // Switches the roots do not reach (another component) get roots of their own.
        for (std::uint32_t slot = 0; slot < S; ++slot)
            if (rank[slot] == kInf) {
                const auto d = bfs(g, {slot});
                for (std::uint32_t k = 0; k < S; ++k)
                    if (d[k] < kInf && rank[k] == kInf)
                        rank[k] = d[k];
            }
        for (std::uint32_t r : roots)
            t.roots.push_back(switches[r]);
    }
    // A move x -> y goes up when y ranks before x.
    // Ties are broken by GUID, as OpenSM does, which spreads the up directions of a symmetric
    // fabric (a torus) better than the design order.
    std::vector<std::uint64_t> guid(S);
    for (std::uint32_t i = 0; i < S; ++i)
        guid[i] = f.node(switches[i]).guid;
    auto before = [&](std::uint32_t a, std::uint32_t b) {
        return rank[a] < rank[b] || (rank[a] == rank[b] && (guid[a] < guid[b] || (guid[a] == guid[b] && a < b)));
    };
    std::vector<std::uint32_t> upOrder(S);
    for (std::uint32_t i = 0; i < S; ++i)
        upOrder[i] = i;
    std::sort(upOrder.begin(), upOrder.end(), before);

    // Endpoints grouped by their switch.
    std::vector<std::vector<std::uint32_t>> epsAt(S);
    for (std::uint32_t e = 0; e < E; ++e) {
        const std::uint32_t sw = f.endpointSwitch(e);
        if (sw != kNoIndex)
            epsAt[f.switchSlot(sw)].push_back(e);
    }
    // Destinations carried by each switch port, for balancing.
    std::vector<std::vector<std::uint32_t>> load(S);
    for (std::uint32_t slot = 0; slot < S; ++slot)
        load[slot].assign(std::size_t(f.node(switches[slot]).portCount) + 1, 0);

    std::vector<int> dDown(S), dist(S);
    std::deque<std::uint32_t> q;
    std::vector<std::pair<std::uint8_t, std::uint32_t>> cands;   // (port, next switch slot)
    // updown after failures: routes toward the current destination switch that pass through
    // each switch, added to a port's load when choosing. With the port loads alone, every
    // switch picks the same next switch for a destination (their loads move in step); once a
    // failure leaves a count of ports that does not divide the destinations, or a port that
    // lags behind and catches up on the next destination switch, the routes of all sources
    // pile onto the same links into the destination (1.5x the all-to-all time on the HDR
    // sample with a spine or one cable lost). Intact fabrics keep the port loads alone, so
    // their tables stay as they were.
    std::vector<std::uint32_t> through(S);
    const bool spread = !minhop && f.hasFailures();
    for (std::uint32_t dst = 0; dst < S; ++dst) {
        if (epsAt[dst].empty() || !f.node(switches[dst]).alive)
            continue;
        std::fill(through.begin(), through.end(), 0);
        if (minhop) {
            dist = bfs(g, {dst});
        } else {
            std::fill(dDown.begin(), dDown.end(), kInf);
            dDown[dst] = 0;
            q.assign(1, dst);
            while (!q.empty()) {
                const std::uint32_t z = q.front();
                q.pop_front();
                for (auto [p, y] : g.adj[z])
                    if (before(y, z) && dDown[y] == kInf) {   // y -> z is a down move
                        dDown[y] = dDown[z] + 1;
                        q.push_back(y);
                    }
            }
            for (std::uint32_t x : upOrder) {
                dist[x] = dDown[x];
                if (dist[x] < kInf)
                    continue;
                for (auto [p, w] : g.adj[x])
                    if (before(w, x) && dist[w] < kInf)
                        dist[x] = std::min(dist[x], dist[w] + 1);
            }
        }
        for (std::uint32_t e : epsAt[dst]) {
            const std::uint8_t own = std::uint8_t(f.port(f.port(f.endpoints()[e]).peer).number);
            for (std::uint32_t x = 0; x < S; ++x) {
                if (x == dst) {
                    t.port(x, e) = f.port(f.endpoints()[e]).connected() ? own : kNoPort;
                    continue;
                }
                if (dist[x] >= kInf)
                    continue;
                cands.clear();
                for (auto [p, y] : g.adj[x]) {
                    if (minhop) {
                        if (dist[y] == dist[x] - 1)
                            cands.emplace_back(p, y);
                    } else if (dDown[x] < kInf) {
                        if (before(x, y) && dDown[y] == dDown[x] - 1)
                            cands.emplace_back(p, y);
                    } else if (before(y, x) && dist[y] == dist[x] - 1) {
                        cands.emplace_back(p, y);
                    }
                }
                if (cands.empty())
                    continue;
                auto best = cands[0];
                for (auto c : cands) {
                    const std::uint32_t lc = load[x][c.first], lb = load[x][best.first];
                    if (spread ? (through[c.second] + lc < through[best.second] + lb) : lc < lb)
                        best = c;
                }
                ++load[x][best.first];
                ++through[best.second];
                t.port(x, e) = best.first;
            }
        }
    }
}

} // namespace cplan::detail
