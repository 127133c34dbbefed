#pragma once

// The bottleneck tier of a traffic run (core/analysis/tierload.h) in the interface language:
// the window's heatmap caption and the report's utilization chart say it alike.

#include <QString>

namespace cplan {

struct LinkTierLoad;

// "leaf-spine links (mean 98 %, busiest 100 %)"; tiers loaded alike: "node-leaf and leaf-spine
// links alike (mean 100 %): the servers' own links are the limit"; empty when nothing was carried.
QString bottleneckText(const LinkTierLoad &load);

} // namespace cplan
