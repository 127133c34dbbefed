#include "routing/metrics.h"

#include "catalog/catalog.h"

// GCC 12 sees a false maybe-uninitialized inside Boost's edge iterators (an optional in
// adj_list_edge_iterator) when the max-flow template is instantiated.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/boykov_kolmogorov_max_flow.hpp>

#include <algorithm>
#include <deque>
#include <limits>
#include <map>
#include <set>

namespace cplan {

LatencyModel latencyModel(const Fabric &fabric, const Catalog &catalog)
{
    LatencyModel m;
    m.nodeLatencyNs.resize(fabric.nodes().size());
    std::set<std::string> assumedSwitch, assumedHca;
    for (std::size_t n = 0; n < fabric.nodes().size(); ++n) {
        const FabricNode &node = fabric.node(std::uint32_t(n));
        const Part *part = catalog.find(node.part);
        if (part && part->portLatencyNs) {
            m.nodeLatencyNs[n] = *part->portLatencyNs;
            continue;
        }
        if (node.isSwitch()) {
            m.nodeLatencyNs[n] = kAssumedSwitchLatencyNs;
            assumedSwitch.insert(node.part);
        } else {
            m.nodeLatencyNs[n] = kAssumedHcaLatencyNs;
            assumedHca.insert(node.part);
        }
    }
    for (const std::string &p : assumedSwitch)
        m.assumptions.push_back({CPLAN_TR("Engine", "switch '%1': port latency unknown, assumed %2 ns"),
                                 {p, std::to_string(int(kAssumedSwitchLatencyNs))}});
    for (const std::string &p : assumedHca)
        m.assumptions.push_back({CPLAN_TR("Engine", "HCA '%1': latency unknown, assumed %2 ns"), {p, std::to_string(int(kAssumedHcaLatencyNs))}});
    m.assumptions.push_back({CPLAN_TR("Engine", "cables: %1 ns/m; links without a length: %2 m"),
                             {std::to_string(int(kCableNsPerMetre)), std::to_string(int(kAssumedCableLengthM))}});
    return m;
}

double pathLatencyNs(const Fabric &fabric, const LatencyModel &model, const std::vector<std::uint32_t> &channels)
{
    if (channels.empty())
        return 0;
    double ns = model.nodeLatencyNs[fabric.port(channels.front()).node];   // source HCA
    for (std::uint32_t c : channels) {
        const FabricPort &p = fabric.port(c);
        ns += kCableNsPerMetre * (p.lengthM > 0 ? p.lengthM : kAssumedCableLengthM);
        ns += model.nodeLatencyNs[fabric.port(p.peer).node];   // next switch, or the destination HCA
    }
    return ns;
}

LatencyStats latencyDistribution(const Fabric &fabric, const RoutingTables &tables, const LatencyModel &model,
                                 std::uint64_t maxPairs, const std::function<bool()> &cancelled)
{
    LatencyStats s;
    const std::uint64_t n = tables.endpointCount;
    const std::uint64_t total = n > 1 ? n * (n - 1) : 0;
    const std::uint64_t stride = total > maxPairs && maxPairs > 0 ? (total + maxPairs - 1) / maxPairs : 1;
    s.sampled = stride > 1;
    std::map<long long, std::uint64_t> hist;   // rounded to 1 ns
    std::vector<std::uint32_t> channels;
    double sum = 0;
    std::uint64_t asked = 0;
    for (std::uint64_t k = 0; k < total; k += stride) {
        if (++asked % 4096 == 0 && cancelled && cancelled())
            break;
        const std::uint32_t src = std::uint32_t(k / (n - 1));
        std::uint32_t dst = std::uint32_t(k % (n - 1));
        if (dst >= src)
            ++dst;
        if (!fabric.endpointAlive(src) || !fabric.endpointAlive(dst))
            continue;
        if (!traceRoute(fabric, tables, src, dst, channels))
            continue;
        const double ns = pathLatencyNs(fabric, model, channels);
        ++hist[std::llround(ns)];
        sum += ns;
        ++s.pairs;
    }
    if (s.pairs == 0)
        return s;
    s.minNs = double(hist.begin()->first);
    s.maxNs = double(hist.rbegin()->first);
    s.meanNs = sum / double(s.pairs);
    std::uint64_t seen = 0;
    bool p50 = false;
    for (auto [ns, count] : hist) {
        s.histogram.emplace_back(double(ns), count);
        seen += count;
        if (!p50 && seen * 2 >= s.pairs) {
            s.p50Ns = double(ns);
            p50 = true;
        }
        if (seen * 100 >= s.pairs * 99 && s.p99Ns == 0)
            s.p99Ns = double(ns);
    }
    return s;
}

double gpuPairLatencyNs(const Fabric &fabric, const RoutingTables &tables, const LatencyModel &model, NodeId serverA,
                        int gpuA, NodeId serverB, int gpuB)
{
    if (serverA == serverB)
        return 0;
    const auto a = fabric.serverEndpoints(serverA), b = fabric.serverEndpoints(serverB);
    if (a.empty() || b.empty())
        return -1;
    std::vector<std::uint32_t> channels;
    if (!traceRoute(fabric, tables, a[std::size_t(gpuA) % a.size()], b[std::size_t(gpuB) % b.size()], channels))
        return -1;
    return pathLatencyNs(fabric, model, channels);
}

namespace {

using Traits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
using FlowGraph = boost::adjacency_list<
    boost::vecS, boost::vecS, boost::directedS,
    boost::property<boost::vertex_name_t, std::string,
                    boost::property<boost::vertex_index_t, long,
                                    boost::property<boost::vertex_color_t, boost::default_color_type,
                                                    boost::property<boost::vertex_distance_t, long,
                                                                    boost::property<boost::vertex_predecessor_t, Traits::edge_descriptor>>>>>,
    boost::property<boost::edge_capacity_t, double,
                    boost::property<boost::edge_residual_capacity_t, double, boost::property<boost::edge_reverse_t, Traits::edge_descriptor>>>>;

double bisection(const Fabric &f, double &halfInjection)
{
    const std::size_t N = f.nodes().size();
    FlowGraph g(N + 2);
    auto cap = boost::get(boost::edge_capacity, g);
    auto rev = boost::get(boost::edge_reverse, g);
    auto addArc = [&](std::size_t a, std::size_t b, double c) {
        auto e = boost::add_edge(a, b, g).first;
        auto r = boost::add_edge(b, a, g).first;
        cap[e] = c;
        cap[r] = 0;
        rev[e] = r;
        rev[r] = e;
    };
    for (std::uint32_t p = 0; p < f.ports().size(); ++p) {
        const FabricPort &port = f.port(p);
        if (port.connected())
            addArc(port.node, f.port(port.peer).node, port.speedGbps);
    }
    const std::size_t src = N, dst = N + 1;
    const auto &eps = f.endpoints();
    const std::size_t half = eps.size() / 2;
    const double big = 1e18;
    halfInjection = 0;
    for (std::size_t i = 0; i < eps.size(); ++i) {
        if (!f.endpointAlive(std::uint32_t(i)))
            continue;
        const FabricPort &port = f.port(eps[i]);
        if (i < half) {
            addArc(src, port.node, big);
            halfInjection += port.speedGbps;
        } else if (i >= eps.size() - half) {
            addArc(port.node, dst, big);
        }
    }
    if (half == 0)
        return 0;
    return boost::boykov_kolmogorov_max_flow(g, src, dst);
}

} // namespace
#pragma GCC diagnostic pop

FabricMetrics computeMetrics(const Fabric &f, const std::function<bool()> &cancelled)
{
    FabricMetrics m;
    m.bisectionGbps = bisection(f, m.halfInjectionGbps);

    // Diameter: BFS over live switch links from switches with endpoints (a sample beyond 256).
    const auto &sw = f.switches();
    std::vector<std::uint32_t> leaves;
    std::vector<char> isLeaf(sw.size(), 0);
    for (std::uint32_t e = 0; e < f.endpoints().size(); ++e) {
        const std::uint32_t s = f.endpointSwitch(e);
        if (s != kNoIndex && f.endpointAlive(e) && !isLeaf[f.switchSlot(s)]) {
            isLeaf[f.switchSlot(s)] = 1;
            leaves.push_back(f.switchSlot(s));
        }
    }
    std::vector<std::uint32_t> from = leaves;
    if (from.size() > 256) {
        std::vector<std::uint32_t> sample;
        for (std::size_t i = 0; i < 256; ++i)
            sample.push_back(from[i * from.size() / 256]);
        from = std::move(sample);
        m.diameterSampled = true;
    }
    std::vector<int> dist(sw.size());
    std::deque<std::uint32_t> q;
    for (std::uint32_t s0 : from) {
        if (cancelled && cancelled())
            break;
        std::fill(dist.begin(), dist.end(), -1);
        dist[s0] = 0;
        q.assign(1, s0);
        while (!q.empty()) {
            const std::uint32_t x = q.front();
            q.pop_front();
            const FabricNode &n = f.node(sw[x]);
            for (int p = 1; p <= n.portCount; ++p) {
                const std::uint32_t peer = f.peerNode(f.portIndex(sw[x], p));
                if (peer == kNoIndex || !f.node(peer).isSwitch())
                    continue;
                const std::uint32_t y = f.switchSlot(peer);
                if (dist[y] < 0) {
                    dist[y] = dist[x] + 1;
                    q.push_back(y);
                }
            }
        }
        for (std::uint32_t l : leaves)
            if (dist[l] >= 0)
                m.diameterSwitches = std::max(m.diameterSwitches, dist[l] + 1);
    }

    // Oversubscription per tier.
    const std::vector<int> tiers = f.fatTreeTiers();
    if (!tiers.empty()) {
        std::map<int, TierLoad> byTier;
        for (std::uint32_t n : sw) {
            TierLoad &t = byTier[tiers[n]];
            t.tier = tiers[n];
            const FabricNode &node = f.node(n);
            for (int p = 1; p <= node.portCount; ++p) {
                const std::uint32_t gp = f.portIndex(n, p);
                const std::uint32_t peer = f.peerNode(gp);
                if (peer == kNoIndex)
                    continue;
                const double c = f.port(gp).speedGbps;
                if (f.node(peer).isSwitch() && tiers[peer] > tiers[n])
                    t.upGbps += c;
                else
                    t.downGbps += c;
            }
        }
        for (auto &[tier, t] : byTier) {
            t.oversubscription = t.upGbps > 0 ? t.downGbps / t.upGbps : 0;
            m.tiers.push_back(t);
        }
    }
    return m;
}

} // namespace cplan
