#include "verify/matchstats.h"

#include <algorithm>

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
