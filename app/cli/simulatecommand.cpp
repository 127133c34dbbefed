// cplan simulate: a traffic pattern or a collective through the design's routes.

#include "cli/cli.h"
#include "cli/keyfiguresjson.h"
#include "cli/networkshared.h"

#include "catalog/catalog.h"
#include "util/strings.h"

#include <iomanip>
#include <iostream>
#include <memory>

namespace cplan::cli {

namespace {

using namespace net;

struct SimulateArgs
{
    std::string design, pattern, bytes, engine, aggregate = "auto", loadBalancing;
    std::string algo, proto, sweep;   // collectives: NCCL_ALGO, NCCL_PROTO, nccl-tests' -b:-e
    std::string neighbour;            // collectives: a congested neighbour job (parseNeighbour)
    bool ideal = false, metrics = false;
    std::uint64_t seed = kDefaultTrafficSeed;
    std::uint32_t gpus = 0;
    int seeds = kDefaultHashSeeds, qps = 0;
};

nlohmann::ordered_json simulateJson(const TrafficResult &t, const NetworkAnalysis &n, const SimulateArgs &a)
{
    nlohmann::ordered_json j;
    j["pattern"] = a.pattern;
    j["engine"] = toString(n.routing.engine);
    j["ideal"] = a.ideal;
    j["bytes"] = t.workload.bytes;
    j["flows"] = t.flows;
    j["load_balancing"] = toString(t.loadBalancing);
    j["seeds"] = t.seeds;
    j["flows_per_demand"] = t.flowsPerDemand;
    j["completion_s"] = t.completionS;
    j["completion_s_spread"] = {t.completionMinS, t.completionMaxS};
    j["max_link_utilization"] = t.maxLinkUtilization;
    j["mean_busy_link_utilization"] = t.meanBusyLinkUtilization;
    j["unroutable_flows"] = t.unroutableFlows;
    if (const AggregationSummary &g = t.aggregation; g.used)
        j["aggregation"] = {{"exact", g.exact},
                            {"flow_classes", g.flowClasses},
                            {"link_classes", g.linkClasses},
                            {"rounds", g.rounds},
                            {"link_imbalance", g.imbalance}};
    if (const auto &c = t.collective) {
        j["collective"] = toString(c->kind);
        j["servers"] = t.servers;
        j["rails"] = t.rails;
        if (t.workload.neighbour)
            j["neighbour"] = {{"traffic", t.workload.neighbour->name}, {"servers", t.neighbourServers}};
        j.update(collectiveJson(*c));
        if (!t.collectiveSweep.empty()) {
            j["sweep"] = nlohmann::json::array();
            for (const CollectiveEstimate &e : t.collectiveSweep)
                j["sweep"].push_back(collectiveJson(e));
        }
    } else {
        j["endpoints"] = t.endpoints;
        j["events"] = t.events;
    }
    if (!n.planes.empty())
        j["planes"] = planesJson(n);
    if (a.metrics)
        j["metrics"] = metricsJson(n);
    KeyFigureSources sources;
    sources.network = &n;
    sources.traffic = &t;
    j["key_figures"] = keyFiguresJson(keyFigures(sources));
    return j;
}

std::string cell(const nlohmann::ordered_json &v, int decimals, double scale = 1.0)
{
    return v.is_null() ? std::string("unknown") : fmt(v.get<double>() * scale, decimals);
}

// NCCL's choice and the nccl-tests figures; with --sweep, a table as nccl-tests prints it.
void printCollective(const nlohmann::ordered_json &j)
{
    if (j["busbw_gbps"].is_null()) {
        std::cout << "  busbw unknown: " << (j.contains("refused") ? j["refused"].get<std::string>() : "the catalog lacks");
        for (const auto &u : j["unknown"])
            std::cout << "\n    - " << u.get<std::string>();
        std::cout << '\n';
        return;
    }
    std::cout << "  NCCL " << j["algorithm"].get<std::string>() << "/" << j["protocol"].get<std::string>() << ": "
              << j["why"].get<std::string>() << '\n';
    std::cout << "  time " << fmt(j["time_s"].get<double>() * 1e6, 1) << " us, algbw " << fmt(j["algbw_gbps"].get<double>(), 1)
              << " GB/s, busbw " << fmt(j["busbw_gbps"].get<double>(), 1) << " GB/s (" << j["ranks"].get<std::uint32_t>()
              << " ranks; the fabric gives this algorithm " << fmt(100 * j["fabric_share"].get<double>(), 0)
              << "% of the NIC bandwidth)\n";
    if (!j.contains("sweep"))
        return;
    std::cout << "  " << std::setw(14) << "size (B)" << std::setw(14) << "time (us)" << std::setw(10) << "algbw" << std::setw(10)
              << "busbw" << "  algorithm/protocol\n";
    for (const auto &r : j["sweep"])
        std::cout << "  " << std::setw(14) << std::uint64_t(r["bytes"].get<double>()) << std::setw(14) << cell(r["time_s"], 2, 1e6)
                  << std::setw(10) << cell(r["algbw_gbps"], 2) << std::setw(10) << cell(r["busbw_gbps"], 2) << "  "
                  << (r["algorithm"].is_null() ? std::string("-")
                                               : r["algorithm"].get<std::string>() + "/" + r["protocol"].get<std::string>())
                  << '\n';
}

void printSimulate(const nlohmann::ordered_json &j, const SimulateArgs &a)
{
    std::cout << "Simulated " << a.pattern << " (" << j["flows"].get<std::size_t>() << " flows, " << a.bytes << ", "
              << (a.ideal ? "ideal" : "with protocol efficiency and latency") << ", " << j["engine"].get<std::string>() << ", "
              << j["load_balancing"].get<std::string>() << ")\n";
    if (const int seeds = j["seeds"].get<int>(); seeds > 1)
        std::cout << "  " << seeds << " hash seeds, " << j["flows_per_demand"].get<int>() << " flow(s) per demand: median run shown, completion "
                  << fmt(j["completion_s_spread"][0].get<double>() * 1e3, 3) << " to " << fmt(j["completion_s_spread"][1].get<double>() * 1e3, 3)
                  << " ms over the seeds\n";
    std::cout << "  completion " << j["completion_s"].get<double>() * 1e3 << " ms, max link utilization "
              << fmt(100 * j["max_link_utilization"].get<double>(), 1) << "%, mean over busy links "
              << fmt(100 * j["mean_busy_link_utilization"].get<double>(), 1) << "%\n";
    if (j.contains("neighbour"))
        std::cout << "  beside a neighbour job: " << j["neighbour"]["traffic"].get<std::string>() << " on the next "
                  << j["neighbour"]["servers"].get<std::uint32_t>() << " servers, the whole time\n";
    if (j.contains("collective"))
        printCollective(j);
    if (j["unroutable_flows"].get<std::size_t>() > 0)
        std::cout << "  unroutable flows: " << j["unroutable_flows"].get<std::size_t>() << '\n';
    if (j.contains("planes")) {
        std::cout << "  " << j["planes"].size() << " planes at once, "
                  << (j.contains("collective") ? "each carrying 1/" + std::to_string(j["planes"].size()) + " of the bytes"
                                               : std::string("the pattern over each plane's endpoints"))
                  << ":";
        for (const auto &p : j["planes"])
            std::cout << " plane " << p["plane"].get<int>() << " " << fmt(p["completion_s"].get<double>() * 1e3, 3) << " ms;";
        std::cout << '\n';
    }
    if (j.contains("aggregation")) {
        const auto &g = j["aggregation"];
        std::cout << "  by route classes: " << g["flow_classes"].get<std::size_t>() << " flow classes over "
                  << g["link_classes"].get<std::size_t>() << " link classes, "
                  << (g["exact"].get<bool>() ? std::string("exact (symmetric)")
                                             : "approximate (links of a class carry up to "
                                                   + fmt(100 * g["link_imbalance"].get<double>(), 1) + "% more flows than their class mean)")
                  << '\n';
    }
    if (a.metrics)
        printMetrics(j["metrics"]);
    std::cout << "  wall " << fmt(j["wall_s"].get<double>(), 3) << " s\n";
}

// --sweep FROM:TO, nccl-tests' -b FROM -e TO -f 2.
Result<std::vector<double>> sweepOption(const std::string &text)
{
    const auto colon = text.find(':');
    const auto from = colon == std::string::npos ? std::nullopt : parseByteSize(text.substr(0, colon));
    const auto to = colon == std::string::npos ? std::nullopt : parseByteSize(text.substr(colon + 1));
    if (!from || !to || *from <= 0 || *to < *from)
        return Error{"--sweep", 0, 0, "'" + text + "' is not a size range FROM:TO (e.g. 8B:16GiB)"};
    return sweepSizes(*from, *to);
}

int runSimulate(const SimulateArgs &a, Context &ctx)
{
    const auto t0 = Clock::now();
    auto design = loadDesign(ctx, a.design);
    if (!design)
        return fail(design.error());
    auto workload = workloadOption(a.pattern, a.bytes, a.ideal, a.seed);
    if (!workload)
        return fail(workload.error());
    if (a.gpus > 0 && !workload->collective)
        return fail("--gpus applies to the collectives (allreduce, allgather, reducescatter, nccl-alltoall)");
    workload->gpus = a.gpus;
    if (!workload->collective && !(a.algo.empty() && a.proto.empty() && a.sweep.empty() && a.neighbour.empty()))
        return fail("--algo, --proto, --sweep and --neighbour apply to the collectives");
    if (!a.neighbour.empty()) {
        auto n = parseNeighbour(a.neighbour);
        if (!n)
            return fail(Error{"--neighbour", 0, 0, n.error().message});
        workload->neighbour = *n;
    }
    auto overrides = ncclOverrides(a.algo, a.proto);
    if (!overrides)
        return fail(overrides.error());
    workload->overrides = *overrides;
    if (!a.sweep.empty()) {
        auto sizes = sweepOption(a.sweep);
        if (!sizes)
            return fail(sizes.error());
        workload->sweepBytes = *sizes;
    }
    auto engine = engineOption(a.engine);
    if (!engine)
        return fail(engine.error());
    NetworkRequest request;
    request.engine = *engine;
    request.reachability = false;
    request.metrics = request.latency = a.metrics;
    request.workloads = {*workload};
    if (!a.loadBalancing.empty()) {
        request.loadBalancing = loadBalancingFromString(a.loadBalancing);
        if (!request.loadBalancing)
            return fail(Error{"--load-balancing", 0, 0, "unknown load balancing '" + a.loadBalancing + "' (" + loadBalancingNames() + ")"});
    }
    request.hashSeeds = a.seeds;
    request.qpsPerConnection = a.qps;
    if (a.aggregate != "auto")
        request.aggregation = a.aggregate == "always" ? FlowAggregation::Always : FlowAggregation::Never;
    auto analysis = analyzeNetwork(*design, *catalog(ctx), request);
    if (!analysis)
        return fail(analysis.error());
    const TrafficResult &t = analysis->traffic.front();
    if (t.issue != TrafficResult::Issue::None)
        return failWorkload(t, a.design);
    if (t.collective && !t.collective->refused.empty() && t.collective->unknown.empty())
        return fail(Error{"--algo", 0, 0, t.collective->refused});
    nlohmann::ordered_json j = simulateJson(t, *analysis, a);
    if (a.metrics)
        addGeneratorBlocking(j["metrics"], *design);
    j["wall_s"] = since(t0);
    if (ctx.json)
        std::cout << j.dump(2) << '\n';
    else
        printSimulate(j, a);
    return ExitOk;
}

} // namespace

void addSimulateCommand(CLI::App &root, Context &ctx)
{
    auto a = std::make_shared<SimulateArgs>();
    CLI::App *cmd = root.add_subcommand("simulate", "Run a traffic pattern or a collective through the routes (max-min fluid model)");
    cmd->add_option("design", a->design, "Design file")->required();
    cmd->add_option("--pattern", a->pattern,
                    "alltoall, shift:K, ring, permutation, incast:M, uniform[:F], pair:S,D; collectives allreduce, allgather, "
                    "reducescatter, broadcast, reduce, nccl-alltoall")
        ->required();
    cmd->add_option("--bytes", a->bytes, "Bytes per flow (patterns, default 1 MiB) or nccl-tests size (collectives, default 1 GiB): 1M, 64MiB, 1GB");
    cmd->add_flag("--ideal", a->ideal, "Raw line rate and zero latency (as SimGrid --latency-mode none)");
    cmd->add_option("--engine", a->engine, "ftree, updown or minhop (default: the design's setting)");
    cmd->add_option("--seed", a->seed, "Seed of random patterns");
    cmd->add_option("--gpus", a->gpus, "Collectives: run over the first servers holding N GPUs (default: every GPU server)")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--aggregate", a->aggregate,
                    "auto (route classes when the flows pass the memory budget), always, never (refuse over the budget)")
        ->check(CLI::IsMember({"auto", "always", "never"}));
    cmd->add_flag("--metrics", a->metrics, "Also report bisection, oversubscription, diameter and latency");
    cmd->add_option("--load-balancing", a->loadBalancing,
                    "How flows take equal-cost paths: lft (the routing tables), ar (adaptive routing), ecmp (per-flow hashing), "
                    "eecmp (ECMP with QP scaling), flowlet, spray (per-packet); default: the design's setting, else the fabric's "
                    "own (ecmp on Ethernet, lft on InfiniBand)");
    cmd->add_option("--seeds", a->seeds, "Hashed load balancing: hash seeds to run (the median run is reported, with the spread)")
        ->check(CLI::Range(1, 1000));
    cmd->add_option("--qps", a->qps, "Hashed load balancing: QPs per NCCL connection (NCCL_IB_QPS_PER_CONNECTION; default 1, eecmp 4)")
        ->check(CLI::Range(1, 128));
    cmd->add_option("--algo", a->algo, "Collectives: NCCL algorithms allowed, as NCCL_ALGO (Ring,Tree,NVLS,NVLSTree,CollNetDirect,...)");
    cmd->add_option("--proto", a->proto, "Collectives: NCCL protocols allowed, as NCCL_PROTO (LL,LL128,Simple)");
    cmd->add_option("--neighbour", a->neighbour, "Collectives: a congested neighbour job on the next servers, allreduce or alltoall, "
                                                  "optionally :GPUS (default: every other GPU server)");
    cmd->add_option("--sweep", a->sweep, "Collectives: also every size FROM:TO in x2 steps, as nccl-tests -b -e -f 2 (e.g. 8B:16GiB)");
    cmd->callback([a, &ctx] { ctx.action = [a, &ctx] { return runSimulate(*a, ctx); }; });
}


} // namespace cplan::cli
