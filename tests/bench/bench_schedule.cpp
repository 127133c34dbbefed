// Scheduling benchmark (DESIGN.md §8): 100,000 synthetic jobs on 10,000 GPUs (1,250 DGX H100
// on an NDR fat tree), with network coupling (target ≤ 10 s) and without. Prints wall and CPU
// time, events, peak RSS and a digest of every job's start, end and mean rate (bit patterns), to check
// that an optimisation leaves results unchanged. Usage: bench_schedule [jobs] [servers] [policy] [on|off|both]
//
// Backfill with coupling on (2-core machine, moderately loaded; CPU seconds in brackets):
//   old scheduler routes + full re-rate     164 s (95 s)   placement scans ~60 %, solver ~18 %
//   core/routing routes                    ~90 s (66 s)   placement scans 85 %, solver < 1 %
//   + local re-rate + backfill pre-check    6.2 s (3.2 s) same digest as the line above
// Servers of up to 1,024 GPUs (GPU index lists, not 64-bit masks) and EASY by the book (load
// average ≈ 22; CPU seconds of the whole process, before -> after, two runs each):
//   backfill on 5.67, 5.73 -> 5.46, 5.38; off 0.57, 0.57 -> 0.57, 0.54 (new digests)
//   topo-pack on 2.78, 2.54 -> 2.81, 2.75; off 1.05, 1.05 -> 1.12, 1.06 (same digests)
#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "schedule/jobfabric.h"
#include "schedule/scheduler.h"
#include "schedule/synthetic.h"

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace cplan;

namespace {

double peakRssMiB()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_maxrss) / 1024.0;
}

double since(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// CPU seconds of this process (user + system): unlike wall time, not inflated when other
// programs share the cores.
double cpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// FNV-1a over the bit patterns of every job's outcome.
std::uint64_t digest(const ScheduleResult &r)
{
    std::uint64_t h = 1469598103934665603ull;
    auto mix = [&](double v) {
        std::uint64_t bits = 0;
        std::memcpy(&bits, &v, sizeof bits);
        for (int i = 0; i < 8; ++i) {
            h ^= (bits >> (8 * i)) & 0xff;
            h *= 1099511628211ull;
        }
    };
    for (const JobOutcome &o : r.jobs) {
        mix(o.startS);
        mix(o.endS);
        mix(o.meanRate);
    }
    return h;
}

} // namespace

int main(int argc, char **argv)
{
    const std::size_t jobs = argc > 1 ? std::size_t(std::atoll(argv[1])) : 100'000;
    const int servers = argc > 2 ? std::atoi(argv[2]) : 1250;
    const auto policy = policyFromString(argc > 3 ? argv[3] : "backfill");
    const std::string runs = argc > 4 ? argv[4] : "both";
    if (!policy) {
        std::fprintf(stderr, "unknown policy\n");
        return 2;
    }
    auto catalog = Catalog::loadDirectory(Catalog::builtinDirectory());
    if (!catalog) {
        std::fprintf(stderr, "%s\n", catalog.error().toString().c_str());
        return 1;
    }
    auto t0 = std::chrono::steady_clock::now();
    FatTreeSpec spec;
    spec.servers = {{"dgx-h100", servers}};
    spec.switchPart = "qm9700";
    FatTreeReport report;
    auto design = generateFatTree(spec, *catalog, &report);
    if (!design) {
        std::fprintf(stderr, "%s\n", design.error().toString().c_str());
        return 1;
    }
    auto pool = poolFromDesign(*design, *catalog);
    auto fabric = DesignFabric::build(*design, *catalog, *pool);
    if (!pool || !fabric)
        return 1;
    std::printf("fabric: %d servers, %d GPUs, %d-tier, %zu links; built in %.2f s\n", servers, pool->totalGpus(), report.tiers,
                design->links.size(), since(t0));

    SyntheticSpec s;
    s.jobs = jobs;
    s.seed = 1;
    s.capacityGpus = pool->totalGpus();
    s.serverGpus = 8;
    s.maxGpus = 1024;
    s.load = 0.9;
    t0 = std::chrono::steady_clock::now();
    const auto trace = generateSyntheticJobs(s);
    std::printf("trace: %zu jobs generated in %.2f s\n", trace.size(), since(t0));

    for (bool network : {true, false}) {
        if (runs != "both" && runs != (network ? "on" : "off"))
            continue;
        ScheduleOptions opt;
        opt.policy = *policy;
        opt.network = network;
        t0 = std::chrono::steady_clock::now();
        const double cpu0 = cpuSeconds();
        auto r = simulateSchedule(*pool, trace, opt, fabric->get());
        const double wall = since(t0);
        const double cpu = cpuSeconds() - cpu0;
        if (!r) {
            std::fprintf(stderr, "%s\n", r.error().toString().c_str());
            return 1;
        }
        std::printf("%s, network %-3s: %.2f s wall, %.2f s CPU; %zu completed, %zu rejected, %zu multi-server jobs, %zu rate events; "
                    "utilization %.1f %% (effective %.1f %%), mean wait %.0f s, mean network slowdown %.3f; peak RSS %.0f MiB; digest %016llx\n",
                    toString(*policy), network ? "on" : "off", wall, cpu, r->completed, r->rejected, r->multiServerJobs, r->events,
                    r->gpuUtilization * 100, r->effectiveUtilization * 100, r->wait.mean, r->meanSlowdownNetwork, peakRssMiB(),
                    static_cast<unsigned long long>(digest(*r)));
    }
    return 0;
}
