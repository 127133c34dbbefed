// cplan route, simulate, fail, import (and export, registered from exportcommand.cpp).

#include "cli/cli.h"

#include "analysis/network.h"
#include "catalog/catalog.h"
#include "io/designyaml.h"
#include "io/ibnetdiscover.h"
#include "util/atomicfile.h"
#include "util/strings.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

namespace cplan::cli {

void addExportCommand(CLI::App &root, Context &ctx);   // exportcommand.cpp

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

std::string fmt(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

// --engine: empty = the design's setting (the engine's default).
Result<std::optional<RoutingEngine>> engineOption(const std::string &engine)
{
    if (engine.empty())
        return std::optional<RoutingEngine>();
    auto e = routingEngineFromString(engine);
    if (!e)
        return Error{"--engine", 0, 0, "'" + engine + "' is not a routing engine (ftree, updown, minhop)"};
    return std::optional<RoutingEngine>(*e);
}

// --pattern and --bytes as the engine's workload.
Result<WorkloadSpec> workloadOption(const std::string &pattern, const std::string &bytes, bool ideal, std::uint64_t seed)
{
    const auto size = parseByteSize(bytes);
    if (!size || *size <= 0)
        return Error{"--bytes", 0, 0, "'" + bytes + "' is not a size (e.g. 1M, 64MiB, 1GB)"};
    auto w = parseWorkload(pattern);
    if (!w)
        return Error{"--pattern", 0, 0, w.error().message};
    w->bytes = *size;
    w->ideal = ideal;
    w->seed = seed;
    return w;
}

// A workload the fabric cannot run, as the error the user sees.
int failWorkload(const TrafficResult &t, const std::string &design)
{
    return fail(Error{t.issue == TrafficResult::Issue::NoGpuServers ? design : "--pattern", 0, 0, t.issueText});
}

nlohmann::ordered_json metricsJson(const NetworkAnalysis &n)
{
    const FabricMetrics &m = *n.metrics;
    const LatencyStats &ls = n.latency->stats;
    nlohmann::ordered_json mj;
    mj["bisection_gbps"] = m.bisectionGbps;
    mj["half_injection_gbps"] = m.halfInjectionGbps;
    mj["bisection_ratio"] = m.halfInjectionGbps > 0 ? m.bisectionGbps / m.halfInjectionGbps : 0;
    mj["diameter_switches"] = m.diameterSwitches;
    nlohmann::json tiers = nlohmann::json::array();
    for (const TierLoad &t : m.tiers)
        tiers.push_back({{"tier", t.tier}, {"down_gbps", t.downGbps}, {"up_gbps", t.upGbps}, {"oversubscription", t.oversubscription}});
    mj["tiers"] = tiers;
    mj["latency_ns"] = {{"pairs", ls.pairs}, {"sampled", ls.sampled}, {"min", ls.minNs}, {"mean", ls.meanNs},
                        {"p50", ls.p50Ns}, {"p99", ls.p99Ns}, {"max", ls.maxNs}};
    mj["assumptions"] = nlohmann::json::array();
    for (const Message &a : n.latency->assumptions)
        mj["assumptions"].push_back(a.english());
    return mj;
}

void printMetrics(const nlohmann::ordered_json &mj)
{
    std::cout << "  bisection " << fmt(mj["bisection_gbps"].get<double>(), 0) << " Gb/s ("
              << fmt(100 * mj["bisection_ratio"].get<double>(), 1) << "% of full), diameter "
              << mj["diameter_switches"].get<int>() << " switches\n";
    for (const auto &t : mj["tiers"])
        std::cout << "  tier " << t["tier"].get<int>() << ": " << fmt(t["down_gbps"].get<double>(), 0) << " Gb/s down, "
                  << fmt(t["up_gbps"].get<double>(), 0) << " up, oversubscription " << fmt(t["oversubscription"].get<double>(), 2) << '\n';
    const auto &l = mj["latency_ns"];
    std::cout << "  latency ns: min " << fmt(l["min"].get<double>(), 0) << ", p50 " << fmt(l["p50"].get<double>(), 0) << ", p99 "
              << fmt(l["p99"].get<double>(), 0) << ", max " << fmt(l["max"].get<double>(), 0) << '\n';
    for (const auto &s : mj["assumptions"])
        std::cout << "  assumption: " << s.get<std::string>() << '\n';
}

struct RouteArgs
{
    std::string design, engine, lfts, roots;
    bool metrics = false;
    int plane = 0;
};

// Each plane of a multi-plane design: its own subnet's figures.
nlohmann::ordered_json planesJson(const NetworkAnalysis &n)
{
    nlohmann::ordered_json planes = nlohmann::json::array();
    for (const PlaneAnalysis &p : n.planes) {
        nlohmann::ordered_json j{{"plane", p.plane}, {"switches", p.switches}, {"endpoints", p.endpoints}};
        if (p.reachability) {
            j["pairs"] = p.reachability->pairs;
            j["unreachable_pairs"] = p.reachability->unreachablePairs;
            j["max_hops"] = p.reachability->maxHops;
        }
        if (p.metrics)
            j["bisection_gbps"] = p.metrics->bisectionGbps;
        if (p.latency)
            j["latency_ns"] = {{"p50", p.latency->stats.p50Ns}, {"p99", p.latency->stats.p99Ns}, {"max", p.latency->stats.maxNs}};
        if (!p.completionS.empty())
            j["completion_s"] = p.completionS.front();
        if (p.failed)
            j["failed"] = true;
        planes.push_back(std::move(j));
    }
    return planes;
}

nlohmann::ordered_json routeJson(const NetworkAnalysis &n, const RouteArgs &a)
{
    const Reachability &check = *n.reachability;
    const CreditLoopSummary &loops = *n.creditLoops;
    nlohmann::ordered_json j;
    j["engine"] = toString(n.routing.engine);
    j["switches"] = n.switches;
    j["endpoints"] = n.endpoints;
    j["pairs"] = check.pairs;
    j["unreachable_pairs"] = check.unreachablePairs;
    j["deadlock_free"] = loops.deadlockFree;
    j["fell_back"] = n.routing.fellBack;
    j["max_hops"] = check.maxHops;
    j["channel_dependencies"] = loops.dependencies;
    nlohmann::json sample = nlohmann::json::array();
    for (const auto &[s, d] : check.unreachableSample)
        sample.push_back({s, d});
    j["unreachable_sample"] = sample;
    j["credit_loop"] = loops.cycle;
    if (n.routing.engine == RoutingEngine::UpDown)
        j["roots"] = n.routing.roots;
    j["notes"] = n.routing.notes;
    for (const std::string &w : n.routing.fabricWarnings)
        j["notes"].push_back(w);
    if (!a.lfts.empty())
        j["lfts"] = a.lfts;
    if (a.metrics)
        j["metrics"] = metricsJson(n);
    if (!n.planes.empty())
        j["planes"] = planesJson(n);
    return j;
}

void printRoute(const nlohmann::ordered_json &j, const NetworkAnalysis &n, const RouteArgs &a)
{
    const Reachability &check = *n.reachability;
    std::cout << "Routing (" << toString(n.routing.engine) << (n.routing.fellBack ? ", fell back to minhop" : "") << "): "
              << n.switches << " switches, " << n.endpoints << " endpoints\n";
    std::cout << "  pairs " << check.pairs << ", unreachable " << check.unreachablePairs << ", longest route " << check.maxHops
              << " switches\n";
    std::cout << "  credit loops: " << (n.creditLoops->deadlockFree ? "none (deadlock free)" : "FOUND") << '\n';
    if (!n.planes.empty())
        std::cout << "  " << n.planes.size() << " planes, each its own subnet (pairs within a plane; the figures are over all planes)\n";
    for (const auto &p : j.contains("planes") ? j["planes"] : nlohmann::ordered_json::array())
        std::cout << "    plane " << p["plane"].get<int>() << ": " << p["switches"].get<std::size_t>() << " switches, "
                  << p["endpoints"].get<std::size_t>() << " endpoints, unreachable " << p["unreachable_pairs"].get<std::uint64_t>()
                  << ", longest route " << p["max_hops"].get<int>() << " switches\n";
    if (!n.creditLoops->deadlockFree)
        std::cout << "    cycle: " << j["credit_loop"].dump() << '\n';
    for (const auto &note : j["notes"])
        std::cout << "  note: " << note.get<std::string>() << '\n';
    if (a.metrics)
        printMetrics(j["metrics"]);
    if (!a.lfts.empty())
        std::cout << "  tables written to " << a.lfts << '\n';
    std::cout << "  wall " << fmt(j["wall_s"].get<double>(), 3) << " s\n";
}

int runRoute(const RouteArgs &a, Context &ctx)
{
    const auto t0 = Clock::now();
    auto design = loadDesign(ctx, a.design);
    if (!design)
        return fail(design.error());
    NetworkRequest request;
    auto engine = engineOption(a.engine);
    if (!engine)
        return fail(engine.error());
    request.engine = *engine;
    if (!a.roots.empty())
        for (const std::string &id : split(a.roots, ','))
            request.roots.emplace_back(trim(id));
    request.creditLoops = true;
    request.metrics = request.latency = a.metrics;
    request.keepTables = !a.lfts.empty();
    request.plane = a.plane;
    if (a.plane > designPlanes(*design))
        return fail("--plane " + std::to_string(a.plane) + ": the design has " + std::to_string(designPlanes(*design)) + " plane(s)");
    if (!a.lfts.empty() && a.plane == 0 && designPlanes(*design) > 0)
        return fail("--lfts writes the tables of one subnet: this design has " + std::to_string(designPlanes(*design)) +
                    " planes, give --plane N");
    auto analysis = analyzeNetwork(*design, *catalog(ctx), request);
    if (!analysis) {
        Error e = analysis.error();
        e.file = "--roots";
        return fail(e);
    }
    if (!a.lfts.empty())
        if (auto saved = writeFileAtomically(a.lfts, writeLftDump(*analysis->fabric, *analysis->tables)); !saved)
            return fail(saved.error());
    nlohmann::ordered_json j = routeJson(*analysis, a);
    j["wall_s"] = since(t0);
    if (ctx.json)
        std::cout << j.dump(2) << '\n';
    else
        printRoute(j, *analysis, a);
    return ExitOk;
}

void addRoute(CLI::App &root, Context &ctx)
{
    auto a = std::make_shared<RouteArgs>();
    CLI::App *cmd = root.add_subcommand("route", "Compute forwarding tables, check reachability and credit loops");
    cmd->add_option("design", a->design, "Design file")->required();
    cmd->add_option("--engine", a->engine, "ftree, updown or minhop (default: the design's setting)");
    cmd->add_option("--lfts", a->lfts, "Write the tables as an OpenSM opensm-lfts.dump file");
    cmd->add_option("--roots", a->roots, "updown roots: switch ids, comma-separated (default: top tier or most central)");
    cmd->add_flag("--metrics", a->metrics, "Also report bisection, oversubscription, diameter and latency");
    cmd->add_option("--plane", a->plane, "Route one plane of a multi-plane design (default: every plane, each its own subnet)")
        ->check(CLI::Range(1, 1024));
    cmd->callback([a, &ctx] { ctx.action = [a, &ctx] { return runRoute(*a, ctx); }; });
}

struct SimulateArgs
{
    std::string design, pattern, bytes = formatByteSize(kDefaultMessageBytes), engine, aggregate = "auto";
    bool ideal = false, metrics = false;
    std::uint64_t seed = kDefaultTrafficSeed;
    std::uint32_t gpus = 0;
};

nlohmann::ordered_json simulateJson(const TrafficResult &t, const NetworkAnalysis &n, const SimulateArgs &a)
{
    nlohmann::ordered_json j;
    j["pattern"] = a.pattern;
    j["engine"] = toString(n.routing.engine);
    j["ideal"] = a.ideal;
    j["bytes"] = t.workload.bytes;
    j["flows"] = t.flows;
    j["completion_s"] = t.completionS;
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
        j["ranks"] = c->ranks;
        j["servers"] = t.servers;
        j["rails"] = t.rails;
        j["algbw_gbps"] = c->algbwGBps;
        j["busbw_gbps"] = c->busbwGBps;
        j["network_s"] = c->networkTimeS;
        j["nvlink_s"] = c->nvlinkTimeS;
        j["latency_s"] = c->latencyS;
        j["bottleneck"] = c->bottleneck;
    } else {
        j["endpoints"] = t.endpoints;
        j["events"] = t.events;
    }
    if (!n.planes.empty())
        j["planes"] = planesJson(n);
    if (a.metrics)
        j["metrics"] = metricsJson(n);
    return j;
}

void printSimulate(const nlohmann::ordered_json &j, const SimulateArgs &a)
{
    std::cout << "Simulated " << a.pattern << " (" << j["flows"].get<std::size_t>() << " flows, " << a.bytes << ", "
              << (a.ideal ? "ideal" : "with protocol efficiency and latency") << ", " << j["engine"].get<std::string>() << ")\n";
    std::cout << "  completion " << j["completion_s"].get<double>() * 1e3 << " ms, max link utilization "
              << fmt(100 * j["max_link_utilization"].get<double>(), 1) << "%, mean over busy links "
              << fmt(100 * j["mean_busy_link_utilization"].get<double>(), 1) << "%\n";
    if (j.contains("busbw_gbps"))
        std::cout << "  algbw " << fmt(j["algbw_gbps"].get<double>(), 1) << " GB/s, busbw " << fmt(j["busbw_gbps"].get<double>(), 1)
                  << " GB/s (" << j["ranks"].get<std::uint32_t>() << " ranks, bottleneck " << j["bottleneck"].get<std::string>() << ")\n";
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
    auto engine = engineOption(a.engine);
    if (!engine)
        return fail(engine.error());
    NetworkRequest request;
    request.engine = *engine;
    request.reachability = false;
    request.metrics = request.latency = a.metrics;
    request.workloads = {*workload};
    if (a.aggregate != "auto")
        request.aggregation = a.aggregate == "always" ? FlowAggregation::Always : FlowAggregation::Never;
    auto analysis = analyzeNetwork(*design, *catalog(ctx), request);
    if (!analysis)
        return fail(analysis.error());
    const TrafficResult &t = analysis->traffic.front();
    if (t.issue != TrafficResult::Issue::None)
        return failWorkload(t, a.design);
    nlohmann::ordered_json j = simulateJson(t, *analysis, a);
    j["wall_s"] = since(t0);
    if (ctx.json)
        std::cout << j.dump(2) << '\n';
    else
        printSimulate(j, a);
    return ExitOk;
}

void addSimulate(CLI::App &root, Context &ctx)
{
    auto a = std::make_shared<SimulateArgs>();
    CLI::App *cmd = root.add_subcommand("simulate", "Run a traffic pattern or a collective through the routes (max-min fluid model)");
    cmd->add_option("design", a->design, "Design file")->required();
    cmd->add_option("--pattern", a->pattern,
                    "alltoall, shift:K, ring, permutation, incast:M, uniform[:F], pair:S,D; collectives allreduce, allgather, "
                    "reducescatter, nccl-alltoall")
        ->required();
    cmd->add_option("--bytes", a->bytes, "Bytes per flow (patterns) or nccl-tests size (collectives): 1M, 64MiB, 1GB");
    cmd->add_flag("--ideal", a->ideal, "Raw line rate and zero latency (as SimGrid --latency-mode none)");
    cmd->add_option("--engine", a->engine, "ftree, updown or minhop (default: the design's setting)");
    cmd->add_option("--seed", a->seed, "Seed of random patterns");
    cmd->add_option("--gpus", a->gpus, "Collectives: run over the first servers holding N GPUs (default: every GPU server)")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--aggregate", a->aggregate,
                    "auto (route classes when the flows pass the memory budget), always, never (refuse over the budget)")
        ->check(CLI::IsMember({"auto", "always", "never"}));
    cmd->add_flag("--metrics", a->metrics, "Also report bisection, oversubscription, diameter and latency");
    cmd->callback([a, &ctx] { ctx.action = [a, &ctx] { return runSimulate(*a, ctx); }; });
}

struct FailArgs
{
    std::string design, engine, pattern, bytes = formatByteSize(kDefaultMessageBytes);
    std::vector<std::string> links, switches, servers;
    bool ideal = false;
};

nlohmann::ordered_json failJson(const NetworkAnalysis &n, const FailArgs &a)
{
    const FailureImpact &f = *n.failure;
    nlohmann::ordered_json j;
    j["engine"] = toString(n.routing.engine);
    j["failed"] = {{"links", a.links}, {"switches", a.switches}, {"servers", a.servers}};
    j["lost_endpoints"] = f.lostEndpoints;
    j["pairs_before"] = f.before->pairs;
    j["unreachable_pairs_before"] = f.before->unreachablePairs;
    j["pairs"] = n.reachability->pairs;
    j["unreachable_pairs"] = n.reachability->unreachablePairs;
    j["deadlock_free"] = n.creditLoops->deadlockFree;
    j["bisection_gbps_before"] = f.metricsBefore->bisectionGbps;
    j["bisection_gbps"] = n.metrics->bisectionGbps;
    j["lost_bisection_gbps"] = f.metricsBefore->bisectionGbps - n.metrics->bisectionGbps;
    j["diameter_before"] = f.metricsBefore->diameterSwitches;
    j["diameter"] = n.metrics->diameterSwitches;
    if (!n.traffic.empty() && !f.trafficBefore.empty()) {
        const double b = f.trafficBefore.front().completionS, after = n.traffic.front().completionS;
        j["pattern"] = a.pattern;
        j["completion_s_before"] = b;
        j["completion_s"] = after;
        j["completion_change_pct"] = b > 0 ? 100.0 * (after - b) / b : 0.0;
        j["dropped_flows"] = n.traffic.front().unroutableFlows;
    }
    if (!n.planes.empty()) {
        j["failed_planes"] = f.planes;
        j["planes"] = planesJson(n);
    }
    j["notes"] = n.routing.notes;
    return j;
}

void printFail(const nlohmann::ordered_json &j, const NetworkAnalysis &n, const FailArgs &a)
{
    const FailureImpact &f = *n.failure;
    std::cout << "After the failure (" << toString(n.routing.engine) << "): " << n.reachability->unreachablePairs << " of "
              << n.reachability->pairs << " pairs unreachable (before: " << f.before->unreachablePairs << "), " << f.lostEndpoints
              << " endpoint(s) cut off\n";
    std::cout << "  bisection " << fmt(n.metrics->bisectionGbps, 0) << " Gb/s (was " << fmt(f.metricsBefore->bisectionGbps, 0)
              << "), diameter " << n.metrics->diameterSwitches << " switches (was " << f.metricsBefore->diameterSwitches << ")\n";
    if (!n.planes.empty()) {
        std::string list;
        for (int p : f.planes)
            list += (list.empty() ? "" : ", ") + std::to_string(p);
        std::cout << "  " << n.planes.size() << " planes: the failure is in plane(s) " << (list.empty() ? "none" : list)
                  << ", rerouted there; the other planes keep their routes\n";
    }
    if (j.contains("completion_s")) {
        std::cout << "  " << a.pattern << ": " << j["completion_s"].get<double>() * 1e3 << " ms (was "
                  << j["completion_s_before"].get<double>() * 1e3 << " ms, " << fmt(j["completion_change_pct"].get<double>(), 1) << "%)";
        if (const std::size_t dropped = j["dropped_flows"].get<std::size_t>())
            std::cout << ", " << dropped << " flow(s) dropped";
        std::cout << '\n';
    }
    std::cout << "  wall " << fmt(j["wall_s"].get<double>(), 3) << " s\n";
}

int runFail(const FailArgs &a, Context &ctx)
{
    const auto t0 = Clock::now();
    auto design = loadDesign(ctx, a.design);
    if (!design)
        return fail(design.error());
    NetworkRequest request;
    request.failures = FailureSpec{a.links, a.switches, a.servers};
    if (request.failures.empty())
        return fail("give at least one --link, --switch or --server to fail");
    auto engine = engineOption(a.engine);
    if (!engine)
        return fail(engine.error());
    request.engine = *engine;
    request.creditLoops = true;
    request.latency = false;
    if (!a.pattern.empty()) {
        auto workload = workloadOption(a.pattern, a.bytes, a.ideal, kDefaultTrafficSeed);
        if (!workload)
            return fail(workload.error());
        request.workloads = {*workload};
    }
    auto analysis = analyzeNetwork(*design, *catalog(ctx), request);
    if (!analysis) {
        Error e = analysis.error();
        e.file = a.design;
        return fail(e);
    }
    for (const TrafficResult &t : analysis->failure->trafficBefore)
        if (t.issue != TrafficResult::Issue::None)
            return fail(Error{a.design, 0, 0, t.issueText});
    nlohmann::ordered_json j = failJson(*analysis, a);
    j["wall_s"] = since(t0);
    if (ctx.json)
        std::cout << j.dump(2) << '\n';
    else
        printFail(j, *analysis, a);
    return ExitOk;
}

void addFail(CLI::App &root, Context &ctx)
{
    auto a = std::make_shared<FailArgs>();
    CLI::App *cmd = root.add_subcommand("fail", "Take links, switches or servers out, re-route and report the damage");
    cmd->add_option("design", a->design, "Design file")->required();
    cmd->add_option("--link", a->links, "Link id (repeatable)");
    cmd->add_option("--switch", a->switches, "Switch id (repeatable)");
    cmd->add_option("--server", a->servers, "Server id (repeatable)");
    cmd->add_option("--engine", a->engine, "ftree, updown or minhop (default: the design's setting)");
    cmd->add_option("--pattern", a->pattern, "A traffic pattern or collective whose completion time to compare (e.g. alltoall, shift:1)");
    cmd->add_option("--bytes", a->bytes, "Bytes per flow of the pattern");
    cmd->add_flag("--ideal", a->ideal, "Raw line rate and zero latency for the pattern");
    cmd->callback([a, &ctx] { ctx.action = [a, &ctx] { return runFail(*a, ctx); }; });
}

} // namespace

void addNetworkCommands(CLI::App &root, Context &ctx)
{
    addRoute(root, ctx);
    addSimulate(root, ctx);
    addFail(root, ctx);
    addExportCommand(root, ctx);
}

} // namespace cplan::cli
