// bench_flow: the flow solver on a SimGrid-identical fat tree, for side-by-side runs with
// ../shared/peers/simgrid (sg_fattree). Prints one JSON line. Not a test: run on demand.
//
//   bench_flow --topo "2;32,32;1,32;1,1" --pattern alltoall --bytes 1048576 --bw 400 [--ideal]
//   bench_flow --levels 2 --down 32,32 --up 1,32 --parallel 1,1 ...   (sg_fattree's spelling)
//
// --ideal (= SimGrid --latency-mode none): zero latency, raw line rate. --latency-mode start
// --lat NS: each flow starts after hops × NS (SimGrid's `start` mode).

#include "flow/flowsimulator.h"
#include "simgridfattree.h"
#include "workload/trafficpattern.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/resource.h>

using namespace cplan;

namespace {

[[noreturn]] void usage(const char *why)
{
    std::fprintf(stderr,
                 "bench_flow: %s\nusage: bench_flow (--topo 'H;m..;w..;p..' | --levels H --down m.. --up w.. "
                 "--parallel p..) [--pattern alltoall|shift:K|...] [--bytes B] [--bw GBPS] [--ideal | "
                 "--latency-mode none|start --lat NS] [--seed S] [--no-aggregate]\n",
                 why);
    std::exit(2);
}

long maxRssKb()
{
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

} // namespace

int main(int argc, char **argv)
{
    std::string topo, levels, down, up, parallel, pattern = "alltoall", latencyMode = "none";
    double bytes = 1048576.0, bwGbps = 400.0, latNs = 0.0;
    std::uint64_t seed = 1;
    bool aggregate = true;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc)
                usage(("missing value after " + a).c_str());
            return argv[++i];
        };
        if (a == "--topo") topo = value();
        else if (a == "--levels") levels = value();
        else if (a == "--down") down = value();
        else if (a == "--up") up = value();
        else if (a == "--parallel") parallel = value();
        else if (a == "--pattern") pattern = value();
        else if (a == "--bytes") bytes = std::atof(value().c_str());
        else if (a == "--bw") bwGbps = std::atof(value().c_str());
        else if (a == "--lat") latNs = std::atof(value().c_str());
        else if (a == "--latency-mode") latencyMode = value();
        else if (a == "--ideal") latencyMode = "none";
        else if (a == "--seed") seed = std::strtoull(value().c_str(), nullptr, 10);
        else if (a == "--no-aggregate") aggregate = false;
        else usage(("unknown option " + a).c_str());
    }
    if (topo.empty()) {
        if (levels.empty())
            usage("give --topo or --levels/--down/--up/--parallel");
        topo = levels + ";" + down + ";" + up + ";" + parallel;
    }
    if (latencyMode != "none" && latencyMode != "start")
        usage("--latency-mode must be none or start");

    const auto t0 = std::chrono::steady_clock::now();
    const auto tree = bench::SimGridFatTree::parse(topo);
    if (!tree)
        usage(("bad topo '" + topo + "'").c_str());
    const auto spec = parsePattern(pattern);
    if (!spec)
        usage(spec.error().message.c_str());
    const auto demands = generateTraffic(*spec, tree->hosts(), bytes, seed);
    if (!demands)
        usage(demands.error().message.c_str());

    FlowProblem problem;
    problem.capacityBps.assign(tree->linkCount(), bwGbps * 1e9 / 8.0);
    problem.reserve(demands->size(), demands->size() * 4);
    std::vector<std::uint32_t> route;
    const double latS = latencyMode == "start" ? latNs * 1e-9 : 0.0;
    for (const Demand &d : *demands) {
        route.clear();
        tree->route(d.src, d.dst, route);
        problem.addFlow(route, d.bytes, latS * static_cast<double>(route.size()));
    }
    const auto t1 = std::chrono::steady_clock::now();
    FlowOptions options;
    options.aggregateIdenticalPaths = aggregate;
    const FlowResult r = simulateFlows(problem, options);
    const auto t2 = std::chrono::steady_clock::now();

    const double buildS = std::chrono::duration<double>(t1 - t0).count();
    const double simS = std::chrono::duration<double>(t2 - t1).count();
    std::printf("{\"hosts\":%u,\"flows\":%zu,\"completion_s\":%.17g,\"wall_s\":%.6f,\"build_s\":%.6f,"
                "\"sim_s\":%.6f,\"max_rss_kb\":%ld,\"events\":%zu,\"classes\":%zu,\"rerated\":%zu,"
                "\"unfinished\":%zu,\"max_link_utilization\":%.6f,\"topo\":\"%s\",\"pattern\":\"%s\","
                "\"bytes\":%.17g,\"bw_Bps\":%.17g,\"latency_mode\":\"%s\",\"lat_s\":%.17g}\n",
                tree->hosts(), problem.flowCount(), r.completionS, buildS + simS, buildS, simS, maxRssKb(),
                r.events, r.classes, r.rerated, r.unfinished, r.maxLinkUtilization, topo.c_str(),
                spec->toString().c_str(), bytes, bwGbps * 1e9 / 8.0, latencyMode.c_str(), latS);
    return r.unfinished == 0 ? 0 : 1;
}
