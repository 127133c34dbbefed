#include "routingchecks.h"

#include "failure/failure.h"
#include "routing/routedflows.h"

#include <QtGlobal>

#include <algorithm>

namespace cplan::test {

Fabric failedFabric(const Design &design, const std::vector<std::string> &ids, const Catalog &catalog)
{
    Fabric f = Fabric::build(design, catalog);
    const FailureSpec spec = failureSpecFromIds(design, ids);
    auto resolved = resolveFailures(design, spec);
    if (!resolved)
        qFatal("%s", resolved.error().toString().c_str());
    if (spec.links.size() + spec.switches.size() + spec.servers.size() != ids.size())
        qFatal("failedFabric: an id names nothing in '%s'", design.name.c_str());
    applyFailures(f, *resolved);
    return f;
}

int worstAllToAllLoad(const Fabric &f, const RoutingTables &t)
{
    const std::uint32_t n = t.endpointCount;
    std::vector<int> load(f.ports().size());
    std::vector<std::uint32_t> path;
    int worst = 0;
    for (std::uint32_t s = 0; s < n; ++s)
        for (std::uint32_t d = 0; d < n; ++d) {
            if (s == d || !f.endpointAlive(s) || !f.endpointAlive(d))
                continue;
            if (!traceRoute(f, t, s, d, path))
                return -1;
            for (std::uint32_t c : path)
                worst = std::max(worst, ++load[c]);
        }
    return worst;
}

double allToAllSeconds(const Fabric &f, const RoutingTables &t)
{
    TrafficOptions ideal;
    ideal.ideal = true;
    auto demands = generateTraffic(*parsePattern("alltoall"), t.endpointCount, 1 << 20);
    return runTraffic(f, t, *demands, {}, ideal).completionS;
}

} // namespace cplan::test
