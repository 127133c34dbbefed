// Sweep benchmark (DESIGN.md §8, issue 18 item 5): 500 points of 1,024-GPU designs (128 DGX H100)
// with one collective each, target ≤ 60 s on 2 cores. Two sweeps:
//   shared   50 designs (switch x blocking x SU size) x 10 workloads (all-reduce or all-to-all x
//            5 sizes): points
//            that differ only in the workload share one generated design, its cost and routes
//   distinct 500 designs (switch x blocking x rails x management nodes x servers per rack), one
//            all-reduce each: no sharing, every point generated, priced and routed
// Prints wall and CPU seconds, points per second, peak RSS and a digest of every figure (bit
// patterns) so that an optimisation can show it left results unchanged.
// Usage: bench_sweep [threads=2] [shared|distinct|both]
#include "catalog/catalog.h"
#include "sweep/runsweep.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace cplan;

namespace {

const char *kShared = "format: cluster-planner-sweep/1\n"
                      "fixed: {gpus: 1024, server: dgx-h100}\n"
                      "axes:\n"
                      "  switch: [qm9700, qm8700]\n"
                      "  blocking: [\"1:1\", \"3:2\", \"2:1\", \"3:1\", \"4:1\"]\n"
                      "  su-size: [16, 32, 64, 8, 128]\n"
                      "  pattern: [allreduce, nccl-alltoall]\n"
                      "  bytes: [1MiB, 4MiB, 16MiB, 64MiB, 256MiB]\n"
                      "objectives: [capex, completion_s, busbw_gbps]\n";

const char *kDistinct = "format: cluster-planner-sweep/1\n"
                        "fixed: {gpus: 1024, server: dgx-h100, pattern: allreduce, bytes: 64MiB}\n"
                        "axes:\n"
                        "  switch: [qm9700, qm8700]\n"
                        "  blocking: [\"1:1\", \"3:2\", \"2:1\", \"3:1\", \"4:1\"]\n"
                        "  rails: [8, 4]\n"
                        "  mgmt-nodes: [0, 1, 2, 3, 4]\n"
                        "  servers-per-rack: [1, 2, 4, 6, 8]\n"
                        "objectives: [capex, completion_s]\n";

double peakRssMiB()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_maxrss) / 1024.0;
}

double cpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

std::uint64_t digest(const std::vector<PointResult> &results)
{
    std::uint64_t h = 1469598103934665603ull;
    auto mix = [&](const void *p, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) {
            h ^= static_cast<const unsigned char *>(p)[i];
            h *= 1099511628211ull;
        }
    };
    for (const PointResult &r : results) {
        mix(r.skipped.data(), r.skipped.size());
        for (const SweepFigure &f : r.figures) {
            mix(f.name.data(), f.name.size());
            mix(&f.value, sizeof f.value);
        }
    }
    return h;
}

int bench(const char *name, const char *text, const Catalog &catalog, unsigned threads)
{
    auto spec = parseSweep(text, name);
    if (!spec) {
        std::fprintf(stderr, "%s\n", spec.error().toString().c_str());
        return 1;
    }
    std::size_t designs = 0;
    {
        std::vector<std::string> keys;
        for (const SweepPoint &p : expandSweep(*spec))
            keys.push_back(p.designKey);
        std::sort(keys.begin(), keys.end());
        designs = std::size_t(std::unique(keys.begin(), keys.end()) - keys.begin());
    }
    SweepRunOptions options;
    options.threads = threads;
    const double cpu0 = cpuSeconds();
    const auto t0 = std::chrono::steady_clock::now();
    auto run = runSweep(*spec, catalog, options);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = cpuSeconds() - cpu0;
    if (!run) {
        std::fprintf(stderr, "%s\n", run.error().toString().c_str());
        return 1;
    }
    std::size_t skipped = 0, front = 0;
    for (const PointResult &r : run->results) {
        skipped += r.skipped.empty() ? 0 : 1;
        front += r.pareto ? 1 : 0;
    }
    std::printf("%-8s %zu points, %zu designs, %u threads: %.2f s wall, %.2f s CPU, %.1f points/s; %zu skipped, %zu on the front; "
                "peak RSS %.0f MiB; digest %016llx\n",
                name, run->results.size(), designs, threads, wall, cpu, double(run->results.size()) / wall, skipped, front, peakRssMiB(),
                static_cast<unsigned long long>(digest(run->results)));
    for (const PointResult &r : run->results)
        if (!r.skipped.empty()) {
            std::printf("         e.g. skipped point %zu: %s\n", r.index, r.skipped.c_str());
            break;
        }
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    const unsigned threads = argc > 1 ? unsigned(std::atoi(argv[1])) : 2;
    const std::string which = argc > 2 ? argv[2] : "both";
    auto catalog = Catalog::loadDirectory(Catalog::builtinDirectory());   // the built-in parts, no user store
    if (!catalog) {
        std::fprintf(stderr, "%s\n", catalog.error().toString().c_str());
        return 1;
    }
    int rc = 0;
    if (which == "shared" || which == "both")
        rc |= bench("shared", kShared, *catalog, threads);
    if (which == "distinct" || which == "both")
        rc |= bench("distinct", kDistinct, *catalog, threads);
    return rc;
}
