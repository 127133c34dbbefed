#pragma once

#include "flow/routeclasses.h"
#include "routing/metrics.h"
#include "routing/routing.h"

#include <cstdint>

namespace cplan {

// All-to-all among a fabric's endpoints (every ordered pair, `bytes` each) listed for route
// classes in bundles: forwarding is by destination, so the flows from the endpoints cabled to
// one switch to one destination share their route after the first link. 16,384 endpoints on
// 512 leaves are 268M flows in 8.4M bundles; a refinement round walks each bundle's route once.
// Endpoints not cabled to a switch are listed flow by flow. `unroutable` is set at each listing
// to the pairs without a route. `latency` null: no delays (ideal).
FlowLister allPairsBundles(const Fabric &fabric, const RoutingTables &tables, double bytes, const LatencyModel *latency,
                           std::uint64_t &unroutable);

} // namespace cplan
