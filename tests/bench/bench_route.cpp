// Benchmark: generate and route a 3-tier fat tree of 65,536 endpoints (host-1hca on qm9700,
// radix 64), DESIGN.md §8 target <= 3 s and <= 2 GB. Prints seconds per phase and peak RSS.
//
//   bench_route [servers=65536] [engine=ftree] [--check]
// --check also runs the reachability and credit-loop checks (not part of the target).

#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "routing/fabric.h"
#include "routing/routing.h"

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace cplan;

namespace {

double since(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

long peakRssKb()
{
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

} // namespace

int main(int argc, char **argv)
{
    int servers = 65536;
    std::string engine = "ftree";
    bool check = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--check") == 0)
            check = true;
        else if (argv[i][0] >= '0' && argv[i][0] <= '9')
            servers = std::atoi(argv[i]);
        else
            engine = argv[i];
    }
    auto cat = Catalog::loadDirectory(Catalog::builtinDirectory());
    if (!cat) {
        std::fprintf(stderr, "catalog: %s\n", cat.error().toString().c_str());
        return 1;
    }
    auto t0 = std::chrono::steady_clock::now();
    FatTreeSpec spec;
    spec.name = "bench";
    spec.servers = {{"host-1hca", servers}};
    spec.switchPart = "qm9700";
    FatTreeReport report;
    auto design = generateFatTree(spec, *cat, &report);
    if (!design) {
        std::fprintf(stderr, "generate: %s\n", design.error().toString().c_str());
        return 1;
    }
    const double generateS = since(t0);

    auto t1 = std::chrono::steady_clock::now();
    const Fabric fabric = Fabric::build(*design, *cat);
    const double fabricS = since(t1);

    auto t2 = std::chrono::steady_clock::now();
    RoutingOptions options;
    options.engine = *routingEngineFromString(engine);
    const RoutingTables tables = computeRoutes(fabric, options);
    const double routeS = since(t2);

    std::printf("endpoints %zu, switches %zu (tiers %d), engine %s\n", fabric.endpoints().size(), fabric.switches().size(),
                report.tiers, engine.c_str());
    std::printf("generate %.3f s, fabric %.3f s, route %.3f s, fabric+route %.3f s, total %.3f s\n", generateS, fabricS, routeS,
                fabricS + routeS, since(t0));
    std::printf("lft entries %zu (%.1f MB), peak RSS %.1f MB\n", tables.ports.size(), double(tables.ports.size()) / 1e6,
                double(peakRssKb()) / 1024.0);
    if (check) {
        auto t3 = std::chrono::steady_clock::now();
        const RouteCheck rc = checkRoutes(fabric, tables);
        const double checkS = since(t3);
        auto t4 = std::chrono::steady_clock::now();
        const CreditLoopReport loops = findCreditLoops(fabric, tables);
        std::printf("check %.3f s: pairs %llu, unreachable %llu, max hops %d; credit loops %.3f s: %s; peak RSS %.1f MB\n", checkS,
                    static_cast<unsigned long long>(rc.pairs), static_cast<unsigned long long>(rc.unreachablePairs), rc.maxHops,
                    since(t4), loops.deadlockFree ? "none" : "FOUND", double(peakRssKb()) / 1024.0);
    }
    return 0;
}
