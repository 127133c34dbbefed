#include "model/tier.h"

#include <utility>

namespace cplan {

std::optional<Tier> tierFromLevel(long long level)
{
    if (level < 0 || level > 3)
        return std::nullopt;
    return Tier(level);
}

const char *toString(Tier tier)
{
    switch (tier) {
    case Tier::Endpoint: return "endpoint";
    case Tier::Leaf: return "leaf";
    case Tier::Spine: return "spine";
    case Tier::Core: return "core";
    }
    return "endpoint";
}

const char *linkTierName(Tier a, bool aIsSwitch, Tier b, bool bIsSwitch)
{
    if (aIsSwitch != bIsSwitch)
        return "node-leaf";
    if (a > b)
        std::swap(a, b);
    if (a == Tier::Leaf && b == Tier::Spine)
        return "leaf-spine";
    if (a == Tier::Spine && b == Tier::Core)
        return "spine-core";
    return "other";
}

} // namespace cplan
