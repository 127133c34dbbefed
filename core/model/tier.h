#pragma once

#include <array>
#include <optional>

namespace cplan {

// Where a node sits in a tree fabric: servers are endpoints; switches count up from the leaves.
// Design files keep the level as a number (`tier: 0..3`); the BOM, metrics and exports use the
// names ("leaf", "spine", "core"). A switch whose tier is Endpoint has no tier set.
enum class Tier { Endpoint = 0, Leaf = 1, Spine = 2, Core = 3 };

// The switch tiers, lowest first (for counts and legends).
inline constexpr std::array<Tier, 3> kSwitchTiers = {Tier::Leaf, Tier::Spine, Tier::Core};

// The level a design file stores (0 endpoint .. 3 core), and back (nullopt outside 0..3).
constexpr int level(Tier tier) { return int(tier); }
std::optional<Tier> tierFromLevel(long long level);

// "endpoint", "leaf", "spine", "core".
const char *toString(Tier tier);

// A switch without a tier counts as a leaf in tier-based counts and pictures.
constexpr Tier switchTier(Tier tier) { return tier == Tier::Endpoint ? Tier::Leaf : tier; }

// The link tiers the BOM counts, lowest first (see linkTierName).
inline constexpr std::array<const char *, 3> kLinkTiers = {"node-leaf", "leaf-spine", "spine-core"};

// The name of a link by the tiers it joins: "node-leaf" (a server or appliance to a switch),
// "leaf-spine", "spine-core", or "other" (anything else: switch to switch of one tier, a skipped
// tier, adapter to adapter).
const char *linkTierName(Tier a, bool aIsSwitch, Tier b, bool bIsSwitch);

} // namespace cplan
