#include "analysis/failurechange.h"

#include "analysis/network.h"

#include <string>

namespace cplan {

std::optional<double> FigureChange::relative() const
{
    if (!before.value || !after.value || *before.value == 0)
        return std::nullopt;
    return (*after.value - *before.value) / *before.value;
}

Message FigureChange::note() const
{
    if (comparable())
        return {};
    if (unroutedFlows == 1)
        return {CPLAN_TR("Engine", "1 flow has no route: not comparable"), {}};
    return {CPLAN_TR("Engine", "%1 flows have no route: not comparable"), {std::to_string(unroutedFlows)}};
}

namespace {

// Flows of the pattern the failures left without a route (the intact run routed them).
std::size_t flowsLostRoute(const TrafficResult *before, const TrafficResult *after)
{
    if (!before || !after || after->unroutableFlows <= before->unroutableFlows)
        return 0;
    return after->unroutableFlows - before->unroutableFlows;
}

} // namespace

std::vector<FigureChange> failureChanges(const NetworkAnalysis &analysis)
{
    std::vector<FigureChange> out;
    if (!analysis.failure)
        return out;
    const FailureImpact &f = *analysis.failure;
    // Only what the network figures read: the metrics on either side (latency is measured on
    // the failed fabric alone).
    NetworkAnalysis intact, failed;
    intact.metrics = f.metricsBefore;
    failed.metrics = analysis.metrics;
    KeyFigureSources before, after;
    before.network = &intact;
    after.network = &failed;
    before.traffic = f.trafficBefore.empty() ? nullptr : &f.trafficBefore.front();
    after.traffic = analysis.traffic.empty() ? nullptr : &analysis.traffic.front();
    const KeyFigures b = keyFigures(before), a = keyFigures(after);
    const std::size_t lost = flowsLostRoute(before.traffic, after.traffic);
    for (const KeyFigure &x : a.figures) {
        if (x.unit() == Unit::Verdict)
            continue;
        const KeyFigure *y = b.find(x.id());
        if (!y)
            continue;
        FigureChange c{*y, x};
        if (lost > 0 && x.info->cost == FigureCost::Workload) {   // over fewer flows: not like for like
            c.after.value.reset();
            c.after.completeness = Completeness::Unknown;
            c.unroutedFlows = lost;
        }
        out.push_back(c);
    }
    return out;
}

} // namespace cplan
