#pragma once

// The failure what-if's before and after: the key figures the failures change, on the intact
// fabric and without the failed elements, from the one analysis that has both (FailureImpact
// keeps the intact fabric's metrics and workload runs; nothing is computed again). The window's
// Metrics dock shows them as "22.26 ms → 23.77 ms, +7 %"; `cplan fail` prints the same pairs.

#include "analysis/keyfigures.h"
#include "util/message.h"

#include <cstddef>

#include <optional>
#include <string_view>
#include <vector>

namespace cplan {

struct NetworkAnalysis;

struct FigureChange
{
    KeyFigure before, after;   // the same figure: intact, and with the failures
    // A workload figure whose failed run left flows without a route that the intact run routed:
    // how many. The failed run's completion, utilization and bus bandwidth cover only the flows
    // still routed, so `after` is unknown (no "unchanged", no % change) and note() says why.
    std::size_t unroutedFlows = 0;

    std::string_view id() const { return after.id(); }
    // (after - before) / before; empty when either is unknown or before is zero.
    std::optional<double> relative() const;
    bool comparable() const { return unroutedFlows == 0; }
    // Why `after` is not comparable ("2 flows have no route: not comparable"); empty when it is.
    Message note() const;
};

// The network and workload figures of an analysis with failures (bisection, oversubscription,
// the pattern's completion time, link utilization, bus bandwidth), in keyFigureTable() order,
// verdicts left out; the pattern is the analysis's first workload. Empty without failures.
// When the failures leave flows of the pattern without a route, its figures' `after` is unknown
// and carries unroutedFlows (FigureChange::note()).
std::vector<FigureChange> failureChanges(const NetworkAnalysis &analysis);

} // namespace cplan
