#include "verify/matchstats.h"

#include <algorithm>
#include <string>

namespace cplan {

double MatchStats::share() const
{
    const int base = std::min(planNodes, foundNodes);
    return base > 0 ? double(matched) / base : 0.0;
}

bool MatchStats::almostNothingMatched() const
{
    return (planNodes > 0 || foundNodes > 0) && share() < kWrongFabricShare;
}

bool MatchStats::partialDump() const
{
    return planNodes > 0 && foundNodes < kPartialDumpShare * planNodes && !almostNothingMatched();
}

Message MatchStats::partialDumpWording() const
{
    if (!partialDump())
        return {};
    return {CPLAN_TR("Engine", "The as-built fabric has %1 nodes against %2 planned: the %3 others' cables read missing "
                               "(a partial dump, or another plane?)"),
            {std::to_string(foundNodes), std::to_string(planNodes), std::to_string(plannedNotFound())}};
}

MatchStats matchStats(const VerifySummary &s)
{
    MatchStats m;
    m.byGuid = s.matchedByGuid;
    m.byName = s.matchedByName;
    m.byPosition = s.matchedByPosition;
    m.matched = m.byGuid + m.byName + m.byPosition;
    // Every plan node is matched or missing, every found node matched or unexpected.
    m.planNodes = m.matched + s.nodesMissing;
    m.foundNodes = m.matched + s.nodesUnexpected;
    return m;
}

} // namespace cplan
