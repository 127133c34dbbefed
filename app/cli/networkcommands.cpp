// cplan route, simulate, fail, import (and export, registered from exportcommand.cpp).

#include "cli/cli.h"

#include "catalog/catalog.h"
#include "failure/failure.h"
#include "io/designyaml.h"
#include "io/ibnetdiscover.h"
#include "routing/metrics.h"
#include "routing/routedflows.h"
#include "routing/routing.h"
#include "util/atomicfile.h"
#include "util/strings.h"
#include "workload/collective.h"
#include "workload/trafficpattern.h"

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

Result<RoutingOptions> routingOptions(const std::string &engine, const std::string &roots, const Design &design,
                                      const Fabric &fabric)
{
    RoutingOptions o;
    auto e = routingEngineFromString(engine);
    if (!e)
        return Error{"--engine", 0, 0, "'" + engine + "' is not a routing engine (ftree, updown, minhop)"};
    o.engine = *e;
    if (!roots.empty())
        for (const std::string &id : split(roots, ',')) {
            auto n = design.findNode(std::string(trim(id)));
            if (!n || design.node(*n).role != NodeRole::Switch)
                return Error{"--roots", 0, 0, "'" + id + "' is not a switch of the design"};
            for (std::uint32_t f : fabric.nodesOf(*n))
                o.roots.push_back(f);
        }
    return o;
}

std::string engineDefault(const Design &design, const std::string &given)
{
    if (!given.empty())
        return given;
    return routingEngineFromString(design.settings.routingEngine) ? design.settings.routingEngine : "ftree";
}

void addRoute(CLI::App &root, Context &ctx)
{
    struct Args
    {
        std::string design, engine, lfts, roots;
        bool metrics = false;
    };
    auto a = std::make_shared<Args>();
    CLI::App *cmd = root.add_subcommand("route", "Compute forwarding tables, check reachability and credit loops");
    cmd->add_option("design", a->design, "Design file")->required();
    cmd->add_option("--engine", a->engine, "ftree, updown or minhop (default: the design's setting)");
    cmd->add_option("--lfts", a->lfts, "Write the tables as an OpenSM opensm-lfts.dump file");
    cmd->add_option("--roots", a->roots, "updown roots: switch ids, comma-separated (default: top tier or most central)");
    cmd->add_flag("--metrics", a->metrics, "Also report bisection, oversubscription, diameter and latency");
    cmd->callback([a, &ctx] {
        ctx.action = [a, &ctx]() -> int {
            const auto t0 = Clock::now();
            auto design = loadDesign(ctx, a->design);
            if (!design)
                return fail(design.error());
            const Catalog *cat = catalog(ctx);
            const Fabric fabric = Fabric::build(*design, *cat);
            auto options = routingOptions(engineDefault(*design, a->engine), a->roots, *design, fabric);
            if (!options)
                return fail(options.error());
            const RoutingTables tables = computeRoutes(fabric, *options);
            const RouteCheck check = checkRoutes(fabric, tables);
            const CreditLoopReport loops = findCreditLoops(fabric, tables);
            if (!a->lfts.empty())
                if (auto saved = writeFileAtomically(a->lfts, writeLftDump(fabric, tables)); !saved)
                    return fail(saved.error());
            nlohmann::ordered_json j;
            j["engine"] = toString(tables.engine);
            j["switches"] = fabric.switches().size();
            j["endpoints"] = fabric.endpoints().size();
            j["pairs"] = check.pairs;
            j["unreachable_pairs"] = check.unreachablePairs;
            j["deadlock_free"] = loops.deadlockFree;
            j["fell_back"] = tables.fellBack;
            j["max_hops"] = check.maxHops;
            j["channel_dependencies"] = loops.dependencies;
            nlohmann::json sample = nlohmann::json::array();
            for (auto [s, d] : check.unreachableSample)
                sample.push_back({fabric.node(fabric.port(fabric.endpoints()[s]).node).description,
                                  fabric.node(fabric.port(fabric.endpoints()[d]).node).description});
            j["unreachable_sample"] = sample;
            nlohmann::json cycle = nlohmann::json::array();
            for (std::uint32_t c : loops.cycle)
                cycle.push_back(fabric.node(fabric.port(c).node).description + "[" + std::to_string(fabric.port(c).number) + "]");
            j["credit_loop"] = cycle;
            nlohmann::json roots = nlohmann::json::array();
            for (std::uint32_t r : tables.roots)
                roots.push_back(fabric.node(r).description);
            if (tables.engine == RoutingEngine::UpDown)
                j["roots"] = roots;
            j["notes"] = tables.notes;
            for (const std::string &w : fabric.warnings())
                j["notes"].push_back(w);
            if (!a->lfts.empty())
                j["lfts"] = a->lfts;
            if (a->metrics) {
                const FabricMetrics m = computeMetrics(fabric);
                const LatencyModel lm = latencyModel(fabric, *cat);
                const LatencyStats ls = latencyDistribution(fabric, tables, lm, 200000);
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
                for (const Message &a : lm.assumptions)
                    mj["assumptions"].push_back(a.english());
                j["metrics"] = mj;
            }
            j["wall_s"] = since(t0);
            if (ctx.json) {
                std::cout << j.dump(2) << '\n';
                return ExitOk;
            }
            std::cout << "Routing (" << toString(tables.engine) << (tables.fellBack ? ", fell back to minhop" : "") << "): "
                      << fabric.switches().size() << " switches, " << fabric.endpoints().size() << " endpoints\n";
            std::cout << "  pairs " << check.pairs << ", unreachable " << check.unreachablePairs << ", longest route "
                      << check.maxHops << " switches\n";
            std::cout << "  credit loops: " << (loops.deadlockFree ? "none (deadlock free)" : "FOUND") << '\n';
            if (!loops.deadlockFree)
                std::cout << "    cycle: " << cycle.dump() << '\n';
            for (const auto &n : j["notes"])
                std::cout << "  note: " << n.get<std::string>() << '\n';
            if (a->metrics) {
                const auto &mj = j["metrics"];
                std::cout << "  bisection " << fmt(mj["bisection_gbps"].get<double>(), 0) << " Gb/s ("
                          << fmt(100 * mj["bisection_ratio"].get<double>(), 1) << "% of full), diameter "
                          << mj["diameter_switches"].get<int>() << " switches\n";
                for (const auto &t : mj["tiers"])
                    std::cout << "  tier " << t["tier"].get<int>() << ": " << fmt(t["down_gbps"].get<double>(), 0) << " Gb/s down, "
                              << fmt(t["up_gbps"].get<double>(), 0) << " up, oversubscription "
                              << fmt(t["oversubscription"].get<double>(), 2) << '\n';
                const auto &l = mj["latency_ns"];
                std::cout << "  latency ns: min " << fmt(l["min"].get<double>(), 0) << ", p50 " << fmt(l["p50"].get<double>(), 0)
                          << ", p99 " << fmt(l["p99"].get<double>(), 0) << ", max " << fmt(l["max"].get<double>(), 0) << '\n';
                for (const auto &s : mj["assumptions"])
                    std::cout << "  assumption: " << s.get<std::string>() << '\n';
            }
            if (!a->lfts.empty())
                std::cout << "  tables written to " << a->lfts << '\n';
            std::cout << "  wall " << fmt(j["wall_s"].get<double>(), 3) << " s\n";
            return ExitOk;
        };
    });
}

// "allreduce", "allgather", "reducescatter" and "nccl-alltoall" are collectives over the GPU
// servers; everything else is a traffic pattern over the endpoints.
std::optional<CollectiveKind> collectivePattern(const std::string &p)
{
    if (p == "nccl-alltoall" || p == "collective-alltoall")
        return CollectiveKind::AllToAll;
    if (p == "alltoall" || p == "all-to-all")
        return std::nullopt;
    return collectiveFromString(p);
}

void addSimulate(CLI::App &root, Context &ctx)
{
    struct Args
    {
        std::string design, pattern, bytes = "1MiB", engine;
        bool ideal = false;
        std::uint64_t seed = 1;
    };
    auto a = std::make_shared<Args>();
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
    cmd->callback([a, &ctx] {
        ctx.action = [a, &ctx]() -> int {
            const auto t0 = Clock::now();
            auto design = loadDesign(ctx, a->design);
            if (!design)
                return fail(design.error());
            const Catalog *cat = catalog(ctx);
            const auto bytes = parseByteSize(a->bytes);
            if (!bytes || *bytes <= 0)
                return fail(Error{"--bytes", 0, 0, "'" + a->bytes + "' is not a size (e.g. 1M, 64MiB, 1GB)"});
            const Fabric fabric = Fabric::build(*design, *cat);
            auto options = routingOptions(engineDefault(*design, a->engine), "", *design, fabric);
            if (!options)
                return fail(options.error());
            const RoutingTables tables = computeRoutes(fabric, *options);
            nlohmann::ordered_json j;
            j["pattern"] = a->pattern;
            j["engine"] = toString(tables.engine);
            j["ideal"] = a->ideal;
            j["bytes"] = *bytes;
            if (auto kind = collectivePattern(a->pattern)) {
                const CollectiveSetup setup = collectiveSetup(*design, *cat, fabric);
                if (!setup.error.empty())
                    return fail(Error{a->design, 0, 0, setup.error});
                const CollectiveRun run = runCollective(fabric, tables, setup, *kind, *bytes);
                j["flows"] = run.network.flows;
                j["completion_s"] = run.estimate.timeS;
                j["max_link_utilization"] = run.network.maxLinkUtilization;
                j["unroutable_flows"] = run.network.unroutable;
                j["collective"] = toString(*kind);
                j["ranks"] = run.estimate.ranks;
                j["servers"] = setup.set.servers;
                j["rails"] = setup.set.rails;
                j["algbw_gbps"] = run.estimate.algbwGBps;
                j["busbw_gbps"] = run.estimate.busbwGBps;
                j["network_s"] = run.estimate.networkTimeS;
                j["nvlink_s"] = run.estimate.nvlinkTimeS;
                j["latency_s"] = run.estimate.latencyS;
                j["bottleneck"] = run.estimate.bottleneck;
            } else {
                auto spec = parsePattern(a->pattern);
                if (!spec)
                    return fail(Error{"--pattern", 0, 0, spec.error().message});
                auto demands = generateTraffic(*spec, std::uint32_t(fabric.endpoints().size()), *bytes, a->seed);
                if (!demands)
                    return fail(Error{"--pattern", 0, 0, demands.error().message});
                const LatencyModel lm = latencyModel(fabric, *cat);
                TrafficOptions to;
                to.ideal = a->ideal;
                to.latency = &lm;
                const TrafficRun run = runTraffic(fabric, tables, *demands, {}, to);
                j["flows"] = run.flows;
                j["completion_s"] = run.completionS;
                j["max_link_utilization"] = run.maxLinkUtilization;
                j["unroutable_flows"] = run.unroutable;
                j["endpoints"] = fabric.endpoints().size();
                j["events"] = run.result.events;
            }
            j["wall_s"] = since(t0);
            if (ctx.json) {
                std::cout << j.dump(2) << '\n';
                return ExitOk;
            }
            std::cout << "Simulated " << a->pattern << " (" << j["flows"].get<std::size_t>() << " flows, " << a->bytes << ", "
                      << (a->ideal ? "ideal" : "with protocol efficiency and latency") << ", " << toString(tables.engine) << ")\n";
            std::cout << "  completion " << j["completion_s"].get<double>() * 1e3 << " ms, max link utilization "
                      << fmt(100 * j["max_link_utilization"].get<double>(), 1) << "%\n";
            if (j.contains("busbw_gbps"))
                std::cout << "  algbw " << fmt(j["algbw_gbps"].get<double>(), 1) << " GB/s, busbw " << fmt(j["busbw_gbps"].get<double>(), 1)
                          << " GB/s (" << j["ranks"].get<std::uint32_t>() << " ranks, bottleneck " << j["bottleneck"].get<std::string>() << ")\n";
            if (j["unroutable_flows"].get<std::size_t>() > 0)
                std::cout << "  unroutable flows: " << j["unroutable_flows"].get<std::size_t>() << '\n';
            std::cout << "  wall " << fmt(j["wall_s"].get<double>(), 3) << " s\n";
            return ExitOk;
        };
    });
}

void addFail(CLI::App &root, Context &ctx)
{
    struct Args
    {
        std::string design, engine, pattern, bytes = "1MiB";
        std::vector<std::string> links, switches, servers;
        bool ideal = false;
    };
    auto a = std::make_shared<Args>();
    CLI::App *cmd = root.add_subcommand("fail", "Take links, switches or servers out, re-route and report the damage");
    cmd->add_option("design", a->design, "Design file")->required();
    cmd->add_option("--link", a->links, "Link id (repeatable)");
    cmd->add_option("--switch", a->switches, "Switch id (repeatable)");
    cmd->add_option("--server", a->servers, "Server id (repeatable)");
    cmd->add_option("--engine", a->engine, "ftree, updown or minhop (default: the design's setting)");
    cmd->add_option("--pattern", a->pattern, "A traffic pattern whose completion time to compare (e.g. alltoall, shift:1)");
    cmd->add_option("--bytes", a->bytes, "Bytes per flow of the pattern");
    cmd->add_flag("--ideal", a->ideal, "Raw line rate and zero latency for the pattern");
    cmd->callback([a, &ctx] {
        ctx.action = [a, &ctx]() -> int {
            const auto t0 = Clock::now();
            auto design = loadDesign(ctx, a->design);
            if (!design)
                return fail(design.error());
            const Catalog *cat = catalog(ctx);
            FailureSpec spec{a->links, a->switches, a->servers};
            if (spec.empty())
                return fail("give at least one --link, --switch or --server to fail");
            const Fabric fabric = Fabric::build(*design, *cat);
            auto options = routingOptions(engineDefault(*design, a->engine), "", *design, fabric);
            if (!options)
                return fail(options.error());
            std::optional<FailureWorkload> workload;
            if (!a->pattern.empty()) {
                auto p = parsePattern(a->pattern);
                if (!p)
                    return fail(Error{"--pattern", 0, 0, p.error().message});
                const auto bytes = parseByteSize(a->bytes);
                if (!bytes || *bytes <= 0)
                    return fail(Error{"--bytes", 0, 0, "'" + a->bytes + "' is not a size"});
                workload = FailureWorkload{*p, *bytes, a->ideal, 1};
            }
            auto impact = analyzeFailures(*design, *cat, spec, *options, workload);
            if (!impact) {
                Error e = impact.error();
                e.file = a->design;
                return fail(e);
            }
            nlohmann::ordered_json j;
            j["engine"] = toString(options->engine);
            j["failed"] = {{"links", a->links}, {"switches", a->switches}, {"servers", a->servers}};
            j["lost_endpoints"] = impact->lostEndpoints;
            j["pairs_before"] = impact->before.pairs;
            j["unreachable_pairs_before"] = impact->before.unreachablePairs;
            j["pairs"] = impact->after.pairs;
            j["unreachable_pairs"] = impact->after.unreachablePairs;
            j["deadlock_free"] = impact->deadlockFreeAfter;
            j["bisection_gbps_before"] = impact->bisectionBeforeGbps;
            j["bisection_gbps"] = impact->bisectionAfterGbps;
            j["lost_bisection_gbps"] = impact->bisectionBeforeGbps - impact->bisectionAfterGbps;
            j["diameter_before"] = impact->diameterBefore;
            j["diameter"] = impact->diameterAfter;
            if (impact->workloadBefore && impact->workloadAfter) {
                const double b = impact->workloadBefore->completionS, f = impact->workloadAfter->completionS;
                j["pattern"] = a->pattern;
                j["completion_s_before"] = b;
                j["completion_s"] = f;
                j["completion_change_pct"] = b > 0 ? 100.0 * (f - b) / b : 0.0;
                j["dropped_flows"] = impact->workloadAfter->unroutable;
            }
            j["notes"] = impact->notes;
            j["wall_s"] = since(t0);
            if (ctx.json) {
                std::cout << j.dump(2) << '\n';
                return ExitOk;
            }
            std::cout << "After the failure (" << toString(options->engine) << "): " << impact->after.unreachablePairs << " of "
                      << impact->after.pairs << " pairs unreachable (before: " << impact->before.unreachablePairs << "), "
                      << impact->lostEndpoints << " endpoint(s) cut off\n";
            std::cout << "  bisection " << fmt(impact->bisectionAfterGbps, 0) << " Gb/s (was " << fmt(impact->bisectionBeforeGbps, 0)
                      << "), diameter " << impact->diameterAfter << " switches (was " << impact->diameterBefore << ")\n";
            if (j.contains("completion_s")) {
                std::cout << "  " << a->pattern << ": " << j["completion_s"].get<double>() * 1e3 << " ms (was "
                          << j["completion_s_before"].get<double>() * 1e3 << " ms, " << fmt(j["completion_change_pct"].get<double>(), 1)
                          << "%)";
                if (impact->workloadAfter->unroutable)
                    std::cout << ", " << impact->workloadAfter->unroutable << " flow(s) dropped";
                std::cout << '\n';
            }
            std::cout << "  wall " << fmt(j["wall_s"].get<double>(), 3) << " s\n";
            return ExitOk;
        };
    });
}

void addImport(CLI::App &root, Context &ctx)
{
    struct Args
    {
        std::string file, out, name;
        std::vector<std::string> parts;
    };
    auto a = std::make_shared<Args>();
    CLI::App *cmd = root.add_subcommand("import", "Import a fabric from another tool's file");
    cmd->require_subcommand(1);
    CLI::App *ib = cmd->add_subcommand("ibnetdiscover", "Import ibnetdiscover output (or an ibsim topology) into a design");
    ib->add_option("file", a->file, "ibnetdiscover output")->required();
    ib->add_option("-o,--output", a->out, "Design file to write")->required();
    ib->add_option("--part", a->parts, "Part override NAME=PART (NAME may end in *), repeatable");
    ib->add_option("--name", a->name, "Design name");
    ib->callback([a, &ctx] {
        ctx.action = [a, &ctx]() -> int {
            const Catalog *cat = catalog(ctx);
            if (!cat)
                return ExitBadInput;
            auto text = readFile(a->file);
            if (!text)
                return fail(text.error());
            IbnetdiscoverImportOptions o;
            o.name = a->name;
            for (const std::string &p : a->parts) {
                const auto eq = p.rfind('=');
                if (eq == std::string::npos || eq == 0 || eq + 1 == p.size())
                    return fail(Error{"--part", 0, 0, "'" + p + "' must be NAME=PART"});
                o.parts[p.substr(0, eq)] = p.substr(eq + 1);
            }
            auto imported = importIbnetdiscover(*text, a->file, *cat, o);
            if (!imported)
                return fail(imported.error());
            if (auto saved = saveDesign(imported->design, a->out); !saved)
                return fail(saved.error());
            std::size_t switches = 0, servers = 0;
            for (const Node &n : imported->design.nodes)
                (n.role == NodeRole::Switch ? switches : servers) += 1;
            if (ctx.json) {
                std::cout << nlohmann::ordered_json{{"output", a->out},     {"switches", switches},
                                                    {"servers", servers},   {"links", imported->design.links.size()},
                                                    {"notes", imported->notes}}
                                 .dump(2)
                          << '\n';
            } else {
                std::cout << "Imported " << a->file << " into " << a->out << ": " << switches << " switches, " << servers << " servers, "
                          << imported->design.links.size() << " links\n";
                for (const std::string &n : imported->notes)
                    std::cout << "  note: " << n << '\n';
            }
            return ExitOk;
        };
    });
}

} // namespace

void addNetworkCommands(CLI::App &root, Context &ctx)
{
    addRoute(root, ctx);
    addSimulate(root, ctx);
    addFail(root, ctx);
    addExportCommand(root, ctx);
    addImport(root, ctx);
}

} // namespace cplan::cli
