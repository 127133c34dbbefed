// Failures over time benchmark (DESIGN.md §8: a year of failures for 100,000 GPUs <= 2 s): the
// seeded Monte Carlo of core/reliability over a 100,000-GPU cluster (12,500 servers of 8 GPUs,
// one HCA per GPU) with the Llama 3 preset, a 16,384-GPU job in it. Prints wall time per run,
// the failures drawn and the job's interruptions per year (mean, p5, p95).
// Usage: bench_reliability [gpus] [years] [preset]
#include "reliability/montecarlo.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace cplan::reliability;

int main(int argc, char **argv)
{
    const double gpus = argc > 1 ? std::atof(argv[1]) : 100000;
    const int years = argc > 2 ? std::atoi(argv[2]) : 1000;
    auto preset = findFailurePreset(argc > 3 ? argv[3] : "llama3");
    if (!preset) {
        std::fprintf(stderr, "%s\n", preset.error().toString().c_str());
        return 2;
    }
    DeviceCounts cluster{}, job{};
    at(cluster, Unit::Gpu) = gpus;
    at(cluster, Unit::Server) = gpus / 8;
    at(cluster, Unit::Hca) = gpus;
    at(job, Unit::Gpu) = 16384;
    at(job, Unit::Server) = 2048;
    at(job, Unit::Hca) = 16384;
    for (int trials : {1, years}) {
        MonteCarloOptions o;
        o.trials = trials;
        o.seed = 1;
        const auto start = std::chrono::steady_clock::now();
        const MonteCarloResult r = simulateFailures(*preset, cluster, job, o);
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("%.0f GPUs, %d year(s): %.3f s wall, %llu failures drawn (%.0f per year); 16,384-GPU job: "
                    "%.1f interruptions per year (p5 %.0f, p95 %.0f); most servers out at once p95 %.0f\n",
                    gpus, r.trials, wall, static_cast<unsigned long long>(r.events), r.clusterFailures.mean,
                    r.jobInterruptions.mean, r.jobInterruptions.p5, r.jobInterruptions.p95, r.peakServersDown.p95);
    }
    return 0;
}
