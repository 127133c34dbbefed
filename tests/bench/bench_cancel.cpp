// Benchmark (issue 17 item 1): the window's analysis of a design with a traffic pattern (the
// heatmap), through the engine's one entry point, as the window asks for it (one routing
// thread). Prints when each stage starts, the whole run's time and peak memory, then cancels
// runs after growing delays and prints how long each took to return after the cancel.
//
//   bench_cancel DESIGN [PATTERN=alltoall]
// e.g. cplan generate fat-tree --servers 2048 --server dgx-h100 --switch qm9700 -o dgx2048.cluster.yaml

#include "analysis/design.h"
#include "analysis/workloadspec.h"
#include "catalog/catalog.h"
#include "io/designyaml.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

using namespace cplan;

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

long peakRssMb()
{
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss / 1024;
}

const char *stageName(AnalysisStage s)
{
    switch (s) {
    case AnalysisStage::Validating: return "validating";
    case AnalysisStage::Pricing: return "pricing";
    case AnalysisStage::ApplyingFailures: return "failures";
    case AnalysisStage::Routing: return "routing";
    case AnalysisStage::Metrics: return "metrics";
    case AnalysisStage::Latency: return "latency";
    case AnalysisStage::Traffic: return "traffic";
    case AnalysisStage::Scheduling: return "scheduling";
    case AnalysisStage::Done: return "done";
    }
    return "?";
}

DesignRequest windowRequest(const WorkloadSpec &workload)
{
    DesignRequest request;
    request.network.threads = 1;   // as the window asks: the GUI thread keeps the other core
    request.network.workloads = {workload};
    return request;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_cancel DESIGN [PATTERN=alltoall]\n");
        return 2;
    }
    const std::string pattern = argc > 2 ? argv[2] : "alltoall";
    auto catalog = Catalog::loadDirectory(Catalog::builtinDirectory());
    if (!catalog)
        return 2;
    auto design = loadDesign(argv[1], &*catalog);
    auto workload = parseWorkload(pattern);
    if (!design || !workload) {
        std::fprintf(stderr, "cannot load %s or pattern %s\n", argv[1], pattern.c_str());
        return 2;
    }
    const DesignRequest request = windowRequest(*workload);

    // The whole run, with the stages as they start.
    const auto t0 = Clock::now();
    RunControl control;
    AnalysisStage last = AnalysisStage::Done;
    control.progress = [&](const Progress &p) {
        if (p.stage != last)
            std::printf("  %7.3f s  %s %s\n", since(t0), stageName(p.stage), p.detail.c_str());
        last = p.stage;
    };
    const DesignAnalysis full = analyzeDesign(*design, *catalog, request, control);
    const double fullS = since(t0);
    const TrafficResult *t = full.network && !full.network->traffic.empty() ? &full.network->traffic.front() : nullptr;
    std::printf("%s on %s: whole run %.3f s, peak RSS %ld MB", pattern.c_str(), argv[1], fullS, peakRssMb());
    if (t)
        std::printf(", %zu flows, completion %.4f ms%s%s", t->flows, t->completionS * 1e3, t->issueText.empty() ? "" : ", ",
                    t->issueText.c_str());
    if (t && t->aggregation.used)
        std::printf(", by %zu route classes over %zu link classes (%s, link imbalance %.1f%%)", t->aggregation.flowClasses,
                    t->aggregation.linkClasses, t->aggregation.exact ? "exact" : "approximate", 100 * t->aggregation.imbalance);
    std::printf("\n");

    // Cancel after growing delays, until the delay passes the whole run.
    double worst = 0;
    for (double delay = 0.01; delay < fullS; delay *= 2) {
        RunControl c;
        double cancelledAt = 0, returnedAt = 0;
        bool wasCancelled = false;
        const auto s0 = Clock::now();
        std::thread worker([&] {
            wasCancelled = analyzeDesign(*design, *catalog, request, c).cancelled;
            returnedAt = since(s0);
        });
        std::this_thread::sleep_for(std::chrono::duration<double>(delay));
        cancelledAt = since(s0);
        c.cancel.cancel();
        worker.join();
        const double latencyMs = std::max(0.0, returnedAt - cancelledAt) * 1e3;
        worst = std::max(worst, latencyMs);
        std::printf("  cancel at %7.3f s: returned %6.1f ms later%s\n", cancelledAt, latencyMs,
                    wasCancelled ? "" : " (had finished)");
    }
    std::printf("worst cancel latency %.1f ms, peak RSS %ld MB\n", worst, peakRssMb());
    return 0;
}
