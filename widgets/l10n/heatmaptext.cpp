#include "heatmaptext.h"

#include "l10n.h"

#include "analysis/tierload.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>

namespace cplan {

namespace {

QString text(const char *source)
{
    return QCoreApplication::translate("Heatmap", source);
}

QString percent(double share)
{
    return text(QT_TRANSLATE_NOOP("Heatmap", "%1 %")).arg(formatNumber(100 * share, 0));
}

} // namespace

QString bottleneckText(const LinkTierLoad &load)
{
    if (load.bottleneck.empty())
        return {};
    QStringList names;
    double mean = 0, max = 0;
    for (const TierUtilization &t : load.tiers)
        if (std::find(load.bottleneck.begin(), load.bottleneck.end(), t.tier) != load.bottleneck.end()) {
            names << tierName(t.tier);
            mean = std::max(mean, t.mean);
            max = std::max(max, t.max);
        }
    if (names.size() == 1)
        return text(QT_TRANSLATE_NOOP("Heatmap", "%1 links (mean %2, busiest %3)")).arg(names.front(), percent(mean), percent(max));
    const QString last = names.takeLast();
    const QString all = text(QT_TRANSLATE_NOOP("Heatmap", "%1 and %2")).arg(names.join(QStringLiteral(", ")), last);
    // The servers' own links among the busiest: the NICs limit the run, not the fabric.
    if (load.bottleneck.front() == "node-leaf")
        return text(QT_TRANSLATE_NOOP("Heatmap", "%1 links alike (mean %2): the servers' own links are the limit, not the fabric"))
            .arg(all, percent(mean));
    return text(QT_TRANSLATE_NOOP("Heatmap", "%1 links alike (mean %2)")).arg(all, percent(mean));
}

QList<QPair<QString, QString>> heatmapPatterns()
{
    return {{text(QT_TRANSLATE_NOOP("Heatmap", "Off")), QString()},
            {text(QT_TRANSLATE_NOOP("Heatmap", "All-to-all")), QStringLiteral("alltoall")},
            {text(QT_TRANSLATE_NOOP("Heatmap", "Shift by one (ring)")), QStringLiteral("shift:1")},
            {text(QT_TRANSLATE_NOOP("Heatmap", "Random permutation")), QStringLiteral("permutation")},
            {text(QT_TRANSLATE_NOOP("Heatmap", "All-reduce as NCCL runs it")), QStringLiteral("allreduce")},
            {text(QT_TRANSLATE_NOOP("Heatmap", "All-to-all as NCCL runs it (PXN)")), QStringLiteral("nccl-alltoall")}};
}

QString patternName(const QString &pattern)
{
    for (const auto &[name, p] : heatmapPatterns())
        if (!p.isEmpty() && p == pattern)
            return name;
    return pattern;
}

QString patternName(const std::string &pattern)
{
    return patternName(QString::fromStdString(pattern));
}

} // namespace cplan
