// Routing checks several suites share: a design's fabric with failures applied, and how an
// all-to-all loads it (the worst channel, the completion time) under given tables.
#pragma once

#include "catalog/catalog.h"
#include "model/design.h"
#include "routing/routing.h"

#include <string>
#include <vector>

namespace cplan::test {

// The fabric of `design` with the failures applied (design ids of links, switches, servers);
// an id that names nothing stops the run with its message.
Fabric failedFabric(const Design &design, const std::vector<std::string> &ids, const Catalog &catalog);

// Most all-to-all routes (ordered pairs of live endpoints) sharing one directed channel; -1
// when a pair of live endpoints has no route.
int worstAllToAllLoad(const Fabric &fabric, const RoutingTables &tables);

// All-to-all among the live endpoints, 1 MiB per flow, ideal (line rate, no latency): the
// completion time in seconds.
double allToAllSeconds(const Fabric &fabric, const RoutingTables &tables);

} // namespace cplan::test
