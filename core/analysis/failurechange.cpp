#include "analysis/failurechange.h"

#include "analysis/network.h"

namespace cplan {

std::optional<double> FigureChange::relative() const
{
    if (!before.value || !after.value || *before.value == 0)
        return std::nullopt;
    return (*after.value - *before.value) / *before.value;
}

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
    for (const KeyFigure &x : a.figures) {
        if (x.unit() == Unit::Verdict)
            continue;
        if (const KeyFigure *y = b.find(x.id()))
            out.push_back({*y, x});
    }
    return out;
}

} // namespace cplan
