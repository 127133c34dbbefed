#pragma once

// The heatmap explained: the caption under the legend's scale (what ran, at which size, how long
// it took, what 100 % means, the bottleneck tier) and the message sizes the View menu offers.

#include <QCoreApplication>
#include <QStringList>

#include <vector>

namespace cplan {

struct AnalysisResult;

class HeatmapCaption
{
    Q_DECLARE_TR_FUNCTIONS(HeatmapCaption)

public:
    // The lines for the result's pattern run, named `patternName` (the menu's words); empty
    // without a run (the notes say why).
    static QStringList lines(const AnalysisResult &result, const QString &patternName);
    // View ▸ Utilization heatmap ▸ Message size: 1 MiB to 8 GiB (0, the pattern's default, first).
    static const std::vector<double> &messageSizes();
    // A size as the menu and the caption write it: "1 MiB", "8 GiB".
    static QString sizeText(double bytes);
};

} // namespace cplan
