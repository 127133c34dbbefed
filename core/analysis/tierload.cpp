#include "analysis/tierload.h"

#include "analysis/network.h"
#include "model/design.h"
#include "model/tier.h"

#include <algorithm>
#include <array>

namespace cplan {

LinkTierLoad linkTierLoad(const Design &design, const TrafficResult &traffic)
{
    static constexpr std::array<const char *, 4> kOrder = {"node-leaf", "leaf-spine", "spine-core", "other"};
    std::array<TierUtilization, kOrder.size()> sums{};
    for (const ChannelLoad &c : traffic.channels) {
        if (c.link.value >= design.links.size())
            continue;
        const Link &l = design.links[c.link.value];
        const Node &a = design.node(l.a.node), &b = design.node(l.b.node);
        const std::string_view name = linkTierName(a.tier, a.role == NodeRole::Switch, b.tier, b.role == NodeRole::Switch);
        const auto at = std::find(kOrder.begin(), kOrder.end(), name) - kOrder.begin();
        TierUtilization &t = sums[std::size_t(at)];
        ++t.links;
        if (c.utilization > 0)
            ++t.busy;
        t.mean += c.utilization;   // a sum until the end
        t.max = std::max(t.max, c.utilization);
    }
    LinkTierLoad out;
    double top = 0;
    for (std::size_t i = 0; i < kOrder.size(); ++i) {
        TierUtilization &t = sums[i];
        if (t.links == 0)
            continue;
        t.tier = kOrder[i];
        t.mean /= double(t.links);
        top = std::max(top, t.mean);
        out.tiers.push_back(t);
    }
    if (top <= 0)
        return out;
    for (const TierUtilization &t : out.tiers)
        if (t.mean >= top - kBottleneckTie)
            out.bottleneck.push_back(t.tier);
    return out;
}

} // namespace cplan
