#pragma once

// Which tier of links a traffic run loaded most: the bottleneck the window's heatmap caption
// and the report's traffic page name, computed once here from the run's per-link utilization.

#include <cstddef>
#include <string>
#include <vector>

namespace cplan {

class Design;
struct TrafficResult;

// The links of one tier (linkTierName: "node-leaf", "leaf-spine", "spine-core", "other") under a
// run: each direction of a cable counted, the busy share of the run (TrafficResult's utilization).
struct TierUtilization
{
    std::string tier;
    std::size_t links = 0;     // directed links of the tier in the fabric
    std::size_t busy = 0;      // of which carried bytes
    double mean = 0;           // mean utilization over all of the tier's directed links
    double max = 0;
};

struct LinkTierLoad
{
    std::vector<TierUtilization> tiers;   // lowest tier first ("other" last); tiers with links only
    // The tier(s) whose links were the most utilised on average: the highest mean and any within
    // kBottleneckTie of it (a saturating pattern on a non-blocking fabric fills every tier alike).
    std::vector<std::string> bottleneck;
};

inline constexpr double kBottleneckTie = 0.01;

// Empty when the run carried nothing. `design` is the design the run was made on (its link ids).
LinkTierLoad linkTierLoad(const Design &design, const TrafficResult &traffic);

} // namespace cplan
