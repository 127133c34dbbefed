#include "explorertext.h"

#include "l10n.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <utility>

namespace cplan {

QString figureTitle(const std::string &name)
{
    static const std::pair<const char *, const char *> titles[] = {
        {"capex", QT_TRANSLATE_NOOP("SweepFigures", "CAPEX")},
        {"cost_per_gpu", QT_TRANSLATE_NOOP("SweepFigures", "Cost per GPU")},
        {"capex_per_gpu", QT_TRANSLATE_NOOP("SweepFigures", "CAPEX per GPU")},
        {"power_w", QT_TRANSLATE_NOOP("SweepFigures", "Power (W)")},
        {"rack_units", QT_TRANSLATE_NOOP("SweepFigures", "Rack units")},
        {"racks", QT_TRANSLATE_NOOP("SweepFigures", "Racks")},
        {"switches", QT_TRANSLATE_NOOP("SweepFigures", "Switches")},
        {"tiers", QT_TRANSLATE_NOOP("SweepFigures", "Tiers")},
        {"blocking", QT_TRANSLATE_NOOP("SweepFigures", "Blocking")},
        {"gpus", QT_TRANSLATE_NOOP("SweepFigures", "GPUs")},
        {"bisection_gbps", QT_TRANSLATE_NOOP("SweepFigures", "Bisection (Gb/s)")},
        {"bisection_ratio", QT_TRANSLATE_NOOP("SweepFigures", "Bisection ratio")},
        {"latency_p99_ns", QT_TRANSLATE_NOOP("SweepFigures", "Latency p99 (ns)")},
        {"completion_s", QT_TRANSLATE_NOOP("SweepFigures", "Workload time (s)")},
        {"busbw_gbps", QT_TRANSLATE_NOOP("SweepFigures", "Bus bandwidth (GB/s)")},
        {"allreduce_s", QT_TRANSLATE_NOOP("SweepFigures", "All-reduce time (s)")},
        {"alltoall_s", QT_TRANSLATE_NOOP("SweepFigures", "All-to-all time (s)")},
        {"jct_mean_s", QT_TRANSLATE_NOOP("SweepFigures", "Mean JCT (s)")},
        {"jct_p95_s", QT_TRANSLATE_NOOP("SweepFigures", "JCT p95 (s)")},
        {"wait_mean_s", QT_TRANSLATE_NOOP("SweepFigures", "Mean wait (s)")},
        {"makespan_s", QT_TRANSLATE_NOOP("SweepFigures", "Makespan (s)")},
        {"gpu_utilization", QT_TRANSLATE_NOOP("SweepFigures", "GPU utilization")},
    };
    for (const auto &[key, title] : titles)
        if (name == key)
            return QCoreApplication::translate("SweepFigures", title);
    return QString::fromStdString(name);
}

QString figureText(const std::string &name, double value)
{
    if (name == "capex" || name == "cost_per_gpu" || name == "capex_per_gpu")
        return formatMoney(value);
    if (name == "bisection_ratio" || name == "gpu_utilization")
        return formatNumber(value, 3);
    if (name == "blocking")
        return formatNumber(value, 2);
    if (std::fabs(value) >= 1000 || value == std::floor(value))
        return formatNumber(value, 0);
    // Times and small rates: four significant digits.
    const int decimals = std::clamp(3 - int(std::floor(std::log10(std::max(std::fabs(value), 1e-12)))), 0, 9);
    return formatNumber(value, decimals);
}

} // namespace cplan
