// cplan route, simulate, fail, import (and export, registered from exportcommand.cpp).

#include "cli/cli.h"
#include "cli/keyfiguresjson.h"
#include "cli/networkshared.h"

#include "analysis/failurechange.h"
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
#include <optional>

namespace cplan::cli {

void addExportCommand(CLI::App &root, Context &ctx);   // exportcommand.cpp

namespace {

using namespace net;

struct RouteArgs
{
    std::string design, engine, lfts, roots;
    bool metrics = false;
    int plane = 0;
};

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
    KeyFigureSources sources;
    sources.network = &n;
    j["key_figures"] = keyFiguresJson(keyFigures(sources));   // by id, as bom and simulate give them
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
    if (a.metrics)
        addGeneratorBlocking(j["metrics"], *design);
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

struct FailArgs
{
    std::string design, engine, pattern, bytes;
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
        // The change as the window's Metrics dock states it (analysis/failurechange.h): none when
        // the failures left flows without a route (the failed run's completion is over fewer flows).
        for (const FigureChange &c : failureChanges(n))
            if (c.id() == "completion_s") {
                const std::optional<double> change = c.relative();
                j["completion_change_pct"] = change ? nlohmann::ordered_json(100.0 * *change) : nlohmann::ordered_json();
                j["completion_comparable"] = c.comparable();
                if (!c.comparable())
                    j["completion_note"] = c.note().english();
            }
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
        const double before = j["completion_s_before"].get<double>() * 1e3;
        if (j.contains("completion_note"))   // not over the same flows: no figure to set beside the intact one
            std::cout << "  " << a.pattern << ": unknown (was " << before << " ms): " << j["completion_note"].get<std::string>();
        else if (const nlohmann::ordered_json &pct = j["completion_change_pct"]; pct.is_number())
            std::cout << "  " << a.pattern << ": " << j["completion_s"].get<double>() * 1e3 << " ms (was " << before << " ms, "
                      << fmt(pct.get<double>(), 1) << "%)";
        else
            std::cout << "  " << a.pattern << ": " << j["completion_s"].get<double>() * 1e3 << " ms (was " << before << " ms)";
        if (const std::size_t dropped = j["dropped_flows"].get<std::size_t>(); dropped && !j.contains("completion_note"))
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
    addSimulateCommand(root, ctx);
    addFail(root, ctx);
    addExportCommand(root, ctx);
}

} // namespace cplan::cli
