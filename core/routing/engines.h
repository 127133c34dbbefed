#pragma once

// Internal: the routing engines behind computeRoutes().

#include "routing/routing.h"

namespace cplan::detail {

void routeFatTree(const Fabric &fabric, const std::vector<int> &tiers, unsigned threads, RoutingTables &tables);
// updown (minhop = false) or minhop (true); fills tables.ports (already sized).
void routeUpDown(const Fabric &fabric, const std::vector<std::uint32_t> &roots, RoutingTables &tables, bool minhop);

} // namespace cplan::detail
