#include "io/iblayout.h"

#include "model/design.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <map>
#include <vector>

namespace cplan {

namespace {

constexpr double kTierGap = 260, kSwitchRowGap = 90, kEndpointRowGap = 110;   // vertical

// About how wide the canvas draws a node with this many ports (a switch: a cage per port, two
// rows above 16; an endpoint: 6 px a port), plus a gap: the horizontal pitch of its row.
double pitchFor(bool isSwitch, int ports)
{
    if (isSwitch) {
        const int perRow = ports > 16 ? (ports + 1) / 2 : ports;
        return std::max(120.0, perRow * 8.0 + 12) + 60;
    }
    return std::max(56.0, ports * 6.0 + 8) + 14;
}

// Distance from the switches that have endpoints (1 = leaf); -1 for endpoints and for switches
// no endpoint reaches.
std::vector<int> switchLevels(const Design &d, const std::vector<std::vector<std::uint32_t>> &adj)
{
    std::vector<int> level(d.nodes.size(), -1);
    std::deque<std::uint32_t> q;
    for (std::uint32_t k = 0; k < d.nodes.size(); ++k)
        if (d.nodes[k].role == NodeRole::Switch)
            for (std::uint32_t peer : adj[k])
                if (d.nodes[peer].role != NodeRole::Switch && level[k] < 0) {
                    level[k] = 1;
                    q.push_back(k);
                }
    while (!q.empty()) {
        const std::uint32_t k = q.front();
        q.pop_front();
        for (std::uint32_t peer : adj[k])
            if (d.nodes[peer].role == NodeRole::Switch && level[peer] < 0) {
                level[peer] = level[k] + 1;
                q.push_back(peer);
            }
    }
    return level;
}

} // namespace

void layoutImportedFabric(Design &d)
{
    std::vector<std::vector<std::uint32_t>> adj(d.nodes.size());
    std::vector<int> ports(d.nodes.size(), 1);   // the highest port cabled
    for (const Link &l : d.links) {
        adj[l.a.node.value].push_back(l.b.node.value);
        adj[l.b.node.value].push_back(l.a.node.value);
        ports[l.a.node.value] = std::max(ports[l.a.node.value], l.a.port);
        ports[l.b.node.value] = std::max(ports[l.b.node.value], l.b.port);
    }
    auto rowPitch = [&](const std::vector<std::uint32_t> &row) {
        double pitch = 0;
        for (std::uint32_t k : row)
            pitch = std::max(pitch, pitchFor(d.nodes[k].role == NodeRole::Switch, ports[k]));
        return pitch;
    };
    const std::vector<int> lvl = switchLevels(d, adj);
    int top = 1;
    std::map<int, std::vector<std::uint32_t>> rows;   // switch level -> nodes, in the order found
    std::vector<std::uint32_t> endpoints;
    for (std::uint32_t k = 0; k < d.nodes.size(); ++k) {
        Node &node = d.nodes[k];
        if (node.role != NodeRole::Switch) {
            node.tier = Tier::Endpoint;
            endpoints.push_back(k);
            continue;
        }
        const int l = std::clamp(lvl[k], 1, 3);
        node.tier = *tierFromLevel(l);
        top = std::max(top, l);
        rows[l].push_back(k);
    }
    // Endpoints under their leaves: ordered by the first leaf (in leaf order) they are cabled to.
    std::vector<std::size_t> leafIndex(d.nodes.size(), std::numeric_limits<std::size_t>::max());
    for (std::size_t i = 0; i < rows[1].size(); ++i)
        leafIndex[rows[1][i]] = i;
    auto firstLeaf = [&](std::uint32_t k) {
        std::size_t best = std::numeric_limits<std::size_t>::max();
        for (std::uint32_t peer : adj[k])
            best = std::min(best, leafIndex[peer]);
        return best;
    };
    std::vector<std::size_t> key(d.nodes.size());
    for (std::uint32_t k : endpoints)
        key[k] = firstLeaf(k);
    std::stable_sort(endpoints.begin(), endpoints.end(), [&](std::uint32_t a, std::uint32_t b) { return key[a] < key[b]; });

    // Rows about as wide as a drawing of roughly 16:10 holding every node: a tier wider than
    // that wraps into several rows.
    double area = 0;
    for (const auto &[l, row] : rows)
        area += double(row.size()) * rowPitch(row) * kTierGap;
    const double endpointPitch = rowPitch(endpoints);
    area += double(endpoints.size()) * endpointPitch * kEndpointRowGap;
    const double width = std::max(2400.0, std::sqrt(area * 1.6));

    double y = 0;
    auto placeTier = [&](const std::vector<std::uint32_t> &tier, double pitch, double rowGap) {
        if (tier.empty() || !(pitch > 0))   // an empty tier has no pitch: width / 0 overflows size_t
            return;
        const std::size_t perRow = std::max<std::size_t>(1, std::size_t(width / pitch));
        for (std::size_t first = 0; first < tier.size(); first += perRow, y += rowGap) {
            const std::size_t n = std::min(perRow, tier.size() - first);
            const double x0 = (width - double(n) * pitch) / 2;
            for (std::size_t i = 0; i < n; ++i) {
                d.nodes[tier[first + i]].x = x0 + double(i) * pitch;
                d.nodes[tier[first + i]].y = y;
            }
        }
    };
    for (int l = top; l >= 1; --l) {
        if (rows.count(l))
            placeTier(rows[l], rowPitch(rows[l]), kSwitchRowGap);
        y += kTierGap - kSwitchRowGap;
    }
    placeTier(endpoints, endpointPitch, kEndpointRowGap);
}

} // namespace cplan
