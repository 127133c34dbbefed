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

// Least eccentricity; on a symmetric fabric (all equal) the first switch.
std::vector<std::uint32_t> leastEccentricSwitches(const Fabric &f, const SwitchGraph &g)
{
    const auto &switches = f.switches();
    const std::uint32_t S = std::uint32_t(switches.size());
    std::vector<std::uint32_t> roots;
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
    return roots;
}

// The roots (switch slots): the given switches, else the top tier of a fat tree, else the
// least eccentric switches.
std::vector<std::uint32_t> chooseRoots(const Fabric &f, const SwitchGraph &g, const std::vector<std::uint32_t> &rootNodes)
{
    const auto &switches = f.switches();
    const std::uint32_t S = std::uint32_t(switches.size());
    std::vector<std::uint32_t> roots;
    for (std::uint32_t n : rootNodes)
        if (n < f.nodes().size() && f.switchSlot(n) != kNoIndex)
            roots.push_back(f.switchSlot(n));
    if (!roots.empty())
        return roots;
    const std::vector<int> tiers = f.fatTreeTiers();
    int top = 0;
    for (std::uint32_t slot = 0; slot < S && !tiers.empty(); ++slot)
        top = std::max(top, tiers[switches[slot]]);
    if (top <= 1)
        return leastEccentricSwitches(f, g);
    for (std::uint32_t slot = 0; slot < S; ++slot)
        if (tiers[switches[slot]] == top && f.node(switches[slot]).alive)
            roots.push_back(slot);
    return roots;
}

// Ranks for up*/down*: BFS distance from the roots. Switches the roots do not reach (another
// component) get roots of their own.
std::vector<int> rankFrom(const SwitchGraph &g, const std::vector<std::uint32_t> &roots)
{
    const std::uint32_t S = std::uint32_t(g.adj.size());
    std::vector<int> rank = bfs(g, roots);
    for (std::uint32_t slot = 0; slot < S; ++slot)
        if (rank[slot] == kInf) {
            const auto d = bfs(g, {slot});
            for (std::uint32_t k = 0; k < S; ++k)
                if (d[k] < kInf && rank[k] == kInf)
                    rank[k] = d[k];
        }
    return rank;
}

// The up*/down* direction of a move: x -> y goes up when y ranks before x. Ties are broken by
// GUID, as OpenSM does, which spreads the up directions of a symmetric fabric (a torus) better
// than the design order.
struct UpDownOrder
{
    std::vector<int> rank;
    std::vector<std::uint64_t> guid;

    bool before(std::uint32_t a, std::uint32_t b) const
    {
        return rank[a] < rank[b] || (rank[a] == rank[b] && (guid[a] < guid[b] || (guid[a] == guid[b] && a < b)));
    }
};

// Fills the tables destination switch by destination switch: distances to it (legal
// up*/down* paths, or plain hops for minhop), then for each endpoint there the next port on
// every switch, the least loaded of the equal ones (see leastLoaded).
class UpDownRouter
{
public:
    UpDownRouter(const Fabric &f, const SwitchGraph &g, UpDownOrder order, bool minhop, RoutingTables &t)
        : m_f(f)
        , m_g(g)
        , m_order(std::move(order))
        , m_minhop(minhop)
        , m_spread(!minhop && f.hasFailures())
        , m_t(t)
        , m_S(std::uint32_t(f.switches().size()))
    {
        m_upOrder.resize(m_S);
        for (std::uint32_t i = 0; i < m_S; ++i)
            m_upOrder[i] = i;
        std::sort(m_upOrder.begin(), m_upOrder.end(), [this](std::uint32_t a, std::uint32_t b) { return m_order.before(a, b); });
        // Endpoints grouped by their switch.
        m_epsAt.resize(m_S);
        for (std::uint32_t e = 0; e < t.endpointCount; ++e) {
            const std::uint32_t sw = f.endpointSwitch(e);
            if (sw != kNoIndex)
                m_epsAt[f.switchSlot(sw)].push_back(e);
        }
        // Destinations carried by each switch port, for balancing.
        m_load.resize(m_S);
        for (std::uint32_t slot = 0; slot < m_S; ++slot)
            m_load[slot].assign(std::size_t(f.node(f.switches()[slot]).portCount) + 1, 0);
        m_dDown.resize(m_S);
        m_dist.resize(m_S);
        m_through.resize(m_S);
    }

    // Asks `cancelled` before each destination switch; true stops (the tables are incomplete).
    void run(const std::function<bool()> &cancelled)
    {
        for (std::uint32_t dst = 0; dst < m_S; ++dst) {
            if (cancelled && cancelled())
                return;
            if (m_epsAt[dst].empty() || !m_f.node(m_f.switches()[dst]).alive)
                continue;
            std::fill(m_through.begin(), m_through.end(), 0);
            if (m_minhop)
                m_dist = bfs(m_g, {dst});
            else
                upDownDistancesTo(dst);
            for (std::uint32_t e : m_epsAt[dst])
                routeEndpoint(dst, e);
        }
    }

private:
    // dDown: down-only distance to dst; dist: up moves first, then down (in rank order).
    void upDownDistancesTo(std::uint32_t dst)
    {
        std::fill(m_dDown.begin(), m_dDown.end(), kInf);
        m_dDown[dst] = 0;
        m_queue.assign(1, dst);
        while (!m_queue.empty()) {
            const std::uint32_t z = m_queue.front();
            m_queue.pop_front();
            for (auto [p, y] : m_g.adj[z])
                if (m_order.before(y, z) && m_dDown[y] == kInf) {   // y -> z is a down move
                    m_dDown[y] = m_dDown[z] + 1;
                    m_queue.push_back(y);
                }
        }
        for (std::uint32_t x : m_upOrder) {
            m_dist[x] = m_dDown[x];
            if (m_dist[x] < kInf)
                continue;
            for (auto [p, w] : m_g.adj[x])
                if (m_order.before(w, x) && m_dist[w] < kInf)
                    m_dist[x] = std::min(m_dist[x], m_dist[w] + 1);
        }
    }

    // Is the hop x -> y one step along a shortest legal path?
    bool onShortestPath(std::uint32_t x, std::uint32_t y) const
    {
        if (m_minhop)
            return m_dist[y] == m_dist[x] - 1;
        if (m_dDown[x] < kInf)
            return m_order.before(x, y) && m_dDown[y] == m_dDown[x] - 1;
        return m_order.before(y, x) && m_dist[y] == m_dist[x] - 1;
    }

    void routeEndpoint(std::uint32_t dst, std::uint32_t e)
    {
        const std::uint8_t own = std::uint8_t(m_f.port(m_f.port(m_f.endpoints()[e]).peer).number);
        for (std::uint32_t x = 0; x < m_S; ++x) {
            if (x == dst) {
                m_t.port(x, e) = m_f.port(m_f.endpoints()[e]).connected() ? own : kNoPort;
                continue;
            }
            if (m_dist[x] >= kInf)
                continue;
            m_cands.clear();
            for (auto [p, y] : m_g.adj[x])
                if (onShortestPath(x, y))
                    m_cands.emplace_back(p, y);
            if (m_cands.empty())
                continue;
            const auto [port, next] = leastLoaded(x);
            ++m_load[x][port];
            ++m_through[next];
            m_t.port(x, e) = port;
        }
    }

    // The candidate (port, next switch) of switch x that carries the fewest destinations so
    // far. After failures, the routes toward the current destination switch that already pass
    // through the next switch count too: with the port loads alone, every switch picks the
    // same next switch for a destination (their loads move in step); once a failure leaves a
    // count of ports that does not divide the destinations, or a port that lags behind and
    // catches up on the next destination switch, the routes of all sources pile onto the same
    // links into the destination (1.5x the all-to-all time on the HDR sample with a spine or
    // one cable lost). Intact fabrics keep the port loads alone, so their tables stay as they
    // were.
    std::pair<std::uint8_t, std::uint32_t> leastLoaded(std::uint32_t x) const
    {
        auto best = m_cands[0];
        for (auto c : m_cands) {
            const std::uint32_t lc = m_load[x][c.first], lb = m_load[x][best.first];
            if (m_spread ? (m_through[c.second] + lc < m_through[best.second] + lb) : lc < lb)
                best = c;
        }
        return best;
    }

    const Fabric &m_f;
    const SwitchGraph &m_g;
    const UpDownOrder m_order;
    const bool m_minhop;
    const bool m_spread;   // after failures: balance over next switches too (leastLoaded)
    RoutingTables &m_t;
    const std::uint32_t m_S;
    std::vector<std::uint32_t> m_upOrder;
    std::vector<std::vector<std::uint32_t>> m_epsAt, m_load;
    std::vector<int> m_dDown, m_dist;
    std::vector<std::uint32_t> m_through;   // routes to the current destination switch through each switch
    std::deque<std::uint32_t> m_queue;
    std::vector<std::pair<std::uint8_t, std::uint32_t>> m_cands;   // (port, next switch slot)
};

} // namespace

void routeUpDown(const Fabric &f, const std::vector<std::uint32_t> &rootNodes, RoutingTables &t, bool minhop,
                 const std::function<bool()> &cancelled)
{
    const auto &switches = f.switches();
    const std::uint32_t S = std::uint32_t(switches.size());
    if (S == 0 || t.endpointCount == 0)
        return;
    const SwitchGraph g = buildGraph(f);
    UpDownOrder order;
    order.rank.assign(S, 0);
    if (!minhop) {
        const std::vector<std::uint32_t> roots = chooseRoots(f, g, rootNodes);
        order.rank = rankFrom(g, roots);
        for (std::uint32_t r : roots)
            t.roots.push_back(switches[r]);
    }
    order.guid.resize(S);
    for (std::uint32_t i = 0; i < S; ++i)
        order.guid[i] = f.node(switches[i]).guid;
    UpDownRouter(f, g, std::move(order), minhop, t).run(cancelled);
}

} // namespace cplan::detail
