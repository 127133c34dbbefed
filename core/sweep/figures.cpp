#include "sweep/figures.h"

namespace cplan {

const std::vector<FigureInfo> &sweepFigures()
{
    static const std::vector<FigureInfo> figures = {
        {"capex", Sense::Minimize, FigureCost::Design, "bill of materials total, design currency (a lower bound while a price is unknown)"},
        {"cost_per_gpu", Sense::Minimize, FigureCost::Design, "the quote (hardware, spares, discount) / GPUs"},
        {"capex_per_gpu", Sense::Minimize, FigureCost::Design, "capex / GPUs (before spares and discount)"},
        {"power_w", Sense::Minimize, FigureCost::Design, "power of the parts with a known figure, W"},
        {"rack_units", Sense::Minimize, FigureCost::Design, "rack units of the parts with a known height"},
        {"racks", Sense::Minimize, FigureCost::Design, "racks the design fills (compute, network, management)"},
        {"switches", Sense::Minimize, FigureCost::Design, "switches (all tiers and planes)"},
        {"tiers", Sense::Minimize, FigureCost::Design, "switch tiers the generator chose"},
        {"blocking", Sense::Minimize, FigureCost::Design, "leaf down ports / up ports (1 = non-blocking)"},
        {"gpus", Sense::Maximize, FigureCost::Design, "GPUs in the design"},
        {"bisection_gbps", Sense::Maximize, FigureCost::Network, "bisection bandwidth, one way, Gb/s"},
        {"bisection_ratio", Sense::Maximize, FigureCost::Network, "bisection / what half the endpoints inject (1 = full)"},
        {"latency_p99_ns", Sense::Minimize, FigureCost::Latency, "99th percentile endpoint-to-endpoint latency, ns"},
        {"completion_s", Sense::Minimize, FigureCost::Workload, "the workload's completion time, s"},
        {"busbw_gbps", Sense::Maximize, FigureCost::Workload, "the workload's bus bandwidth (a collective), GB/s"},
        {"allreduce_s", Sense::Minimize, FigureCost::Workload, "ring all-reduce of the sweep's bytes over all GPUs, s"},
        {"alltoall_s", Sense::Minimize, FigureCost::Workload, "all-to-all of the sweep's bytes per flow among all endpoints, s"},
        {"jct_mean_s", Sense::Minimize, FigureCost::Schedule, "mean job completion time of the schedule, s"},
        {"jct_p95_s", Sense::Minimize, FigureCost::Schedule, "95th percentile job completion time, s"},
        {"wait_mean_s", Sense::Minimize, FigureCost::Schedule, "mean queueing time, s"},
        {"makespan_s", Sense::Minimize, FigureCost::Schedule, "first submit to last end, s"},
        {"gpu_utilization", Sense::Maximize, FigureCost::Schedule, "allocated GPU time / capacity over the makespan"},
    };
    return figures;
}

const FigureInfo *findFigure(std::string_view name)
{
    for (const FigureInfo &f : sweepFigures())
        if (name == f.name)
            return &f;
    return nullptr;
}

std::string figureNameList()
{
    std::string out;
    for (const FigureInfo &f : sweepFigures())
        out += (out.empty() ? "" : ", ") + std::string(f.name);
    return out;
}

} // namespace cplan
