#pragma once

// Internal: the routing engines behind computeRoutes().

#include "routing/routing.h"

namespace cplan::detail {

// Both stop early (tables incomplete) once `cancelled` (asked per switch or destination) is true.
void routeFatTree(const Fabric &fabric, const std::vector<int> &tiers, unsigned threads, RoutingTables &tables,
                  const std::function<bool()> &cancelled = {});
// updown (minhop = false) or minhop (true); fills tables.ports (already sized).
void routeUpDown(const Fabric &fabric, const std::vector<std::uint32_t> &roots, RoutingTables &tables, bool minhop,
                 const std::function<bool()> &cancelled = {});

} // namespace cplan::detail
