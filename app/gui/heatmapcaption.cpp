#include "heatmapcaption.h"

#include "analysis.h"
#include "heatmaptext.h"
#include "reportformat.h"

namespace cplan {

QStringList HeatmapCaption::lines(const AnalysisResult &r, const QString &patternName)
{
    const TrafficResult *t = r.traffic();
    if (!t)
        return {};
    const QString size = sizeText(t->workload.bytes);
    QStringList out;
    out << (t->collective ? tr("%1, %2 per GPU buffer: done in %3") : tr("%1, %2 per flow: done in %3"))
               .arg(patternName, size, durationText(t->completionS));
    out << tr("100 % = the link carried traffic at line rate for the whole run; a saturating pattern such as all-to-all fills "
              "every link of a non-blocking fabric.");
    if (const QString bottleneck = bottleneckText(r.tierLoad); !bottleneck.isEmpty())
        out << tr("Bottleneck tier: %1").arg(bottleneck);
    return out;
}

const std::vector<double> &HeatmapCaption::messageSizes()
{
    static const std::vector<double> sizes = {0,
                                              double(1ull << 20),
                                              double(4ull << 20),
                                              double(16ull << 20),
                                              double(64ull << 20),
                                              double(256ull << 20),
                                              double(1ull << 30),
                                              double(8ull << 30)};
    return sizes;
}

QString HeatmapCaption::sizeText(double bytes)
{
    return byteSizeText(bytes);
}

} // namespace cplan
