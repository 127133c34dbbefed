#include "explorerseed.h"

#include "analysis/workloadspec.h"
#include "catalog/catalog.h"
#include "io/generatorrecord.h"
#include "model/design.h"

#include <cmath>
#include <map>

namespace cplan {

namespace {

// The GPU server model most servers use (ties: the first met) and how many use it.
std::pair<QString, int> mainServer(const Design &design, const Catalog &catalog)
{
    std::map<std::string, int> count;
    std::string best;
    for (const Node &n : design.nodes) {
        const Part *p = catalog.find(n.part);
        if (!p || p->kind != PartKind::GpuServer || p->gpuCount <= 0 || p->imported)
            continue;
        const int c = ++count[n.part];
        if (best.empty() || c > count[best])
            best = n.part;
    }
    return {QString::fromStdString(best), best.empty() ? 0 : count[best]};
}

QStringList switchModels(const Design &design, const Catalog &catalog)
{
    QStringList out;
    for (const Node &n : design.nodes) {
        const Part *p = catalog.find(n.part);
        const QString id = QString::fromStdString(n.part);
        if (p && p->kind == PartKind::Switch && !p->imported && !out.contains(id))
            out << id;
    }
    if (!out.isEmpty())   // the form's pair beside the design's own, to have an alternative
        for (const QString &id : explorerDefaultSwitches())
            if (!out.contains(id) && catalog.find(id.toStdString()))
                out << id;
    return out;
}

QString blockingAxis(const Design &design)
{
    const auto record = generatorRecord(design);
    if (!record || record->askedDown <= 0 || record->askedUp <= 0)
        return {};
    QStringList ratios{QStringLiteral("1:1"), QStringLiteral("2:1")};
    const QString asked = QStringLiteral("%1:%2").arg(record->askedDown).arg(record->askedUp);
    // 4:2 is 2:1 again: compare the ratio, not the text.
    for (const auto &[down, up] : {std::pair{1, 1}, std::pair{2, 1}})
        if (std::int64_t(record->askedDown) * up == std::int64_t(record->askedUp) * down)
            return ratios.join(QStringLiteral(", "));
    ratios << asked;
    return ratios.join(QStringLiteral(", "));
}

// "4MiB", "1536KiB", "1000000B": text the sweep's `bytes` reads back as the same size (not the
// report's locale-formatted byteSizeText, which is for reading).
QString sweepSizeText(double bytes)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB"};
    if (!(bytes > 0) || !std::isfinite(bytes))
        return {};
    int unit = 0;
    double value = bytes;
    while (unit < 3 && value >= 1024 && std::fmod(value, 1024) == 0) {
        value /= 1024;
        ++unit;
    }
    return QString::number(value, 'g', 17) + QLatin1String(units[unit]);
}

} // namespace

QStringList explorerDefaultSwitches()
{
    return {QStringLiteral("qm9700"), QStringLiteral("qm8700")};
}

ExplorerSeed explorerSeedOf(const Design &design, const Catalog &catalog, const QString &pattern, double messageBytes)
{
    ExplorerSeed seed;
    std::tie(seed.server, seed.servers) = mainServer(design, catalog);
    seed.switches = switchModels(design, catalog);
    seed.blocking = blockingAxis(design);
    // The heatmap's pattern at the size it ran with (its own default when none was set).
    const auto workload = parseWorkload(pattern.trimmed().toStdString());
    if (workload && !pattern.trimmed().isEmpty()) {
        seed.pattern = pattern.trimmed();
        seed.bytes = sweepSizeText(messageBytes > 0 ? messageBytes : workload->bytes);
    }
    return seed;
}

} // namespace cplan
