#include "analysis/network.h"

#include "analysis/planeendpoints.h"
#include "analysis/planemerge.h"

#include "catalog/catalog.h"
#include "model/design.h"
#include "nccl/collectiverun.h"
#include "routing/routedflows.h"

#include <algorithm>
#include <functional>

namespace cplan {

namespace {

std::string endpointName(const Fabric &fabric, std::uint32_t endpoint)
{
    return fabric.node(fabric.port(fabric.endpoints()[endpoint]).node).description;
}

Result<RoutingOptions> routingOptions(const Design &design, const Fabric &fabric, const NetworkRequest &request)
{
    RoutingOptions o;
    o.engine = request.engine.value_or(defaultRoutingEngine(design));
    o.threads = request.threads;
    for (const std::string &id : request.roots) {
        auto n = design.findNode(id);
        if (!n || design.node(*n).role != NodeRole::Switch)
            return Error{"", 0, 0, "'" + id + "' is not a switch of the design"};
        for (std::uint32_t f : fabric.nodesOf(*n))
            o.roots.push_back(f);
    }
    return o;
}

RoutingSummary routingSummary(const Fabric &fabric, const RoutingTables &tables)
{
    RoutingSummary s;
    s.engine = tables.engine;
    s.fellBack = tables.fellBack;
    s.notes = tables.notes;
    s.fabricWarnings = fabric.warnings();
    for (std::uint32_t r : tables.roots)
        s.roots.push_back(fabric.node(r).description);
    return s;
}

// What the long checks ask while they run: the run's cancel token.
std::function<bool()> asker(const RunControl &control)
{
    return [&control] { return control.cancelled(); };
}

Reachability reachability(const Fabric &fabric, const RoutingTables &tables, std::size_t sample, const RunControl &control)
{
    const RouteCheck check = checkRoutes(fabric, tables, sample, asker(control));
    Reachability r{check.pairs, check.unreachablePairs, check.maxHops, {}};
    for (auto [s, d] : check.unreachableSample)
        r.unreachableSample.emplace_back(endpointName(fabric, s), endpointName(fabric, d));
    return r;
}

CreditLoopSummary creditLoops(const Fabric &fabric, const RoutingTables &tables, const RunControl &control)
{
    const CreditLoopReport loops = findCreditLoops(fabric, tables, asker(control));
    CreditLoopSummary s{loops.deadlockFree, loops.dependencies, {}};
    for (std::uint32_t c : loops.cycle)
        s.cycle.push_back(fabric.node(fabric.port(c).node).description + "[" + std::to_string(fabric.port(c).number) + "]");
    return s;
}

// Per directed link: its utilization, and the busy links' mean.
void channelLoads(const Fabric &fabric, const FlowResult &flows, TrafficResult &t)
{
    const auto &util = flows.linkUtilization;
    double busySum = 0;
    for (std::uint32_t p = 0; p < fabric.ports().size() && p < util.size(); ++p) {
        const FabricPort &port = fabric.port(p);
        if (!port.link.valid() || port.peer == kNoIndex)
            continue;
        const bool betweenSwitches = fabric.node(port.node).isSwitch() && fabric.node(fabric.port(port.peer).node).isSwitch();
        t.channels.push_back({port.link, betweenSwitches, util[p]});
        if (p < flows.linkBytes.size() && flows.linkBytes[p] > 0) {
            ++t.busyLinks;
            busySum += util[p];
        }
    }
    t.meanBusyLinkUtilization = t.busyLinks ? busySum / double(t.busyLinks) : 0.0;
}

void fillFromRun(const Fabric &fabric, const TrafficRun &run, TrafficResult &t)
{
    t.flows = run.flows;
    t.unroutableFlows = run.unroutable;
    t.events = run.result.events;
    t.maxLinkUtilization = run.maxLinkUtilization;
    t.lineRateFlowShare = run.lineRateFlowShare;
    t.aggregation = run.aggregation;
    channelLoads(fabric, run.result, t);
}

// A workload refused: its flows would take more memory than the budget (and it may not be
// aggregated, or not even the coarsest route classes fit).
void refuseOverBudget(TrafficResult &t, std::uint64_t budget)
{
    const std::uint64_t need = t.plannedFlows * kTrafficBytesPerFlow;
    t.issue = TrafficResult::Issue::OverBudget;
    t.issueMessage = Message{CPLAN_TR("Engine", "%1 over %2 endpoints is %3 flows, about %4 MiB to simulate, more than the "
                                                "analysis budget of %5 MiB: choose a sparser pattern (shift:K, permutation, "
                                                "uniform:F) or fewer endpoints"),
                             {t.workload.name, std::to_string(t.endpoints), std::to_string(t.plannedFlows),
                              std::to_string(need >> 20), std::to_string(budget >> 20)}};
    t.issueText = t.issueMessage.english();
}

// The request's path selection (resolved by analyzeNetwork) with hash seed `seed`.
PathPolicy requestPathPolicy(const NetworkRequest &request, std::uint64_t seed)
{
    return pathPolicy(request.loadBalancing.value_or(LoadBalancing::Lft), seed, request.qpsPerConnection);
}

TrafficOptions trafficOptions(const NetworkRequest &request, std::uint64_t seed, const std::function<bool()> &cancelled)
{
    TrafficOptions o;
    o.cancelled = cancelled;
    o.memoryBudget = request.trafficMemoryBudget;
    o.aggregation = request.aggregation;
    o.paths = requestPathPolicy(request, seed);
    return o;
}

// A pattern over every plane's endpoints (request.planeEndpoints), this plane's share: the
// demands to its endpoints, sources on other planes moved through NVLink to their server's
// endpoint on the destination's rail (PXN). Pairs on one server stay on NVLink.
TrafficResult runPatternOverPlanes(const Fabric &fabric, const RoutingTables &tables, const LatencyModel &latency,
                                   const WorkloadSpec &spec, const NetworkRequest &request, std::uint64_t seed,
                                   const std::function<bool()> &cancelled)
{
    const PlaneEndpoints &pe = *request.planeEndpoints;
    TrafficResult t;
    t.workload = spec;
    t.endpoints = std::uint32_t(fabric.endpoints().size());   // the planes' endpoints add up to the pattern's
    const auto count = checkPattern(*spec.pattern, pe.total(), spec.bytes);
    if (!count) {
        t.issue = TrafficResult::Issue::PatternDoesNotFit;
        t.issueText = count.error().message;
        return t;
    }
    const std::size_t planes = pe.offset.size() - 1;
    t.plannedFlows = *count / std::max<std::size_t>(1, planes);
    std::size_t noEndpoint = 0;
    const DemandLister demands = [&](const std::function<bool(const Demand &)> &visit) {
        noEndpoint = 0;
        return forEachDemand(*spec.pattern, pe.total(), spec.bytes, spec.seed, [&](const Demand &d) {
            Demand local;
            switch (demandOnPlane(pe, request.plane, d, local)) {
            case PlaneDemand::Carried: return visit(local);
            case PlaneDemand::NoEndpoint: ++noEndpoint; return true;
            default: return true;
            }
        });
    };
    TrafficOptions options = trafficOptions(request, seed, cancelled);
    options.ideal = spec.ideal;
    options.latency = &latency;
    t.flowsPerDemand = subflowsPerDemand(fabric, options.paths);
    const TrafficRun run = runTraffic(fabric, tables, demands, t.plannedFlows, {}, options);
    if (run.overBudget) {
        refuseOverBudget(t, request.trafficMemoryBudget);
        return t;
    }
    fillFromRun(fabric, run, t);
    t.unroutableFlows += noEndpoint;
    t.completionS = run.completionS;
    return t;
}

// One run of a workload, with hash seed `seed`.
TrafficResult runWorkloadOnce(const Design &design, const Catalog &catalog, const Fabric &fabric, const RoutingTables &tables,
                              const LatencyModel &latency, const WorkloadSpec &spec, const NetworkRequest &request,
                              std::uint64_t seed, const std::function<bool()> &cancelled)
{
    TrafficResult t;
    t.workload = spec;
    t.endpoints = std::uint32_t(fabric.endpoints().size());
    TrafficOptions options = trafficOptions(request, seed, cancelled);
    if (spec.collective) {
        const CollectiveSetup setup = collectiveSetup(design, catalog, fabric, spec.gpus);
        if (!setup.error.empty()) {
            t.issue = TrafficResult::Issue::NoGpuServers;
            t.issueText = setup.error;
            return t;
        }
        CollectiveRequest collective{*spec.collective, spec.bytes, spec.overrides, spec.sweepBytes, {}};
        if (spec.neighbour) {
            const std::uint32_t jobGpus = setup.set.servers * setup.set.gpusPerServer;
            const CollectiveSetup both =
                collectiveSetup(design, catalog, fabric, spec.neighbour->gpus ? jobGpus + spec.neighbour->gpus : 0);
            std::string error;
            collective.neighbour = neighbourTraffic(setup, both, spec.neighbour->shape, error);
            if (!error.empty()) {
                t.issue = TrafficResult::Issue::NoGpuServers;
                t.issueText = "neighbour job: " + error;
                return t;
            }
            t.neighbourServers = collective.neighbour.servers;
        }
        const CollectiveRun run = runCollective(fabric, tables, setup, collective, options);
        t.plannedFlows = run.plannedFlows;
        if (run.network.overBudget) {
            refuseOverBudget(t, request.trafficMemoryBudget);
            return t;
        }
        fillFromRun(fabric, run.network, t);
        t.flowsPerDemand = run.flowsPerDemand;
        t.completionS = run.estimate.known ? run.estimate.timeS : 0.0;
        t.collective = run.estimate;
        t.collectiveSweep = run.sweep;
        t.servers = setup.set.servers;
        t.rails = setup.set.rails;
        return t;
    }
    if (request.planeEndpoints)
        return runPatternOverPlanes(fabric, tables, latency, spec, request, seed, cancelled);
    const auto count = checkPattern(*spec.pattern, t.endpoints, spec.bytes);
    if (!count) {
        t.issue = TrafficResult::Issue::PatternDoesNotFit;
        t.issueText = count.error().message;
        return t;
    }
    t.plannedFlows = *count;
    const DemandLister demands = [&](const std::function<bool(const Demand &)> &visit) {
        return forEachDemand(*spec.pattern, t.endpoints, spec.bytes, spec.seed, visit);
    };
    options.ideal = spec.ideal;
    options.latency = &latency;
    t.flowsPerDemand = subflowsPerDemand(fabric, options.paths);
    const TrafficRun run = spec.pattern->kind == PatternKind::AllToAll
                               ? runAllToAll(fabric, tables, spec.bytes, options)
                               : runTraffic(fabric, tables, demands, *count, {}, options);
    if (run.overBudget) {
        refuseOverBudget(t, request.trafficMemoryBudget);
        return t;
    }
    fillFromRun(fabric, run, t);
    t.completionS = run.completionS;
    return t;
}

// A workload under the request's path policy: once, or under a hashed policy once per hash
// seed 1..N, the median run's figures with the spread of all (TrafficResult::seeds).
TrafficResult runWorkload(const Design &design, const Catalog &catalog, const Fabric &fabric, const RoutingTables &tables,
                          const LatencyModel &latency, const WorkloadSpec &spec, const NetworkRequest &request,
                          const std::function<bool()> &cancelled)
{
    const PathPolicy policy = requestPathPolicy(request, 1);
    const int seeds = policy.hashed() ? std::max(1, request.hashSeeds) : 1;
    std::vector<TrafficResult> runs;
    for (int seed = 1; seed <= seeds; ++seed) {
        runs.push_back(runWorkloadOnce(design, catalog, fabric, tables, latency, spec, request, std::uint64_t(seed), cancelled));
        if (runs.back().issue != TrafficResult::Issue::None || (cancelled && cancelled()))
            break;
    }
    std::vector<std::size_t> order(runs.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return runs[a].completionS < runs[b].completionS; });
    TrafficResult t = std::move(runs[order[(order.size() - 1) / 2]]);
    t.completionMinS = runs[order.front()].completionS;
    t.completionMaxS = runs[order.back()].completionS;
    if (order.size() == 1)
        t.completionMinS = t.completionMaxS = t.completionS;
    t.loadBalancing = policy.policy;
    t.seeds = int(runs.size());
    return t;
}

std::vector<TrafficResult> runWorkloads(const Design &design, const Catalog &catalog, const Fabric &fabric,
                                        const RoutingTables &tables, const LatencyModel &latency,
                                        const NetworkRequest &request, const RunControl &control, int percentFrom)
{
    std::vector<TrafficResult> out;
    for (std::size_t i = 0; i < request.workloads.size() && !control.cancelled(); ++i) {
        const int span = 100 - percentFrom;
        control.report(percentFrom + int(span * i / request.workloads.size()), AnalysisStage::Traffic, request.workloads[i].name);
        out.push_back(runWorkload(design, catalog, fabric, tables, latency, request.workloads[i], request, asker(control)));
    }
    return out;
}

// The intact fabric's figures, before the failures are applied.
FailureImpact intactFigures(const Design &design, const Catalog &catalog, const Fabric &fabric, const RoutingOptions &options,
                            const LatencyModel &latency, const NetworkRequest &request, const RunControl &control)
{
    FailureImpact impact;
    impact.spec = request.failures;
    impact.cables = failedCables(design, catalog, request.failures);
    control.report(5, AnalysisStage::Routing);
    RoutingOptions cancellable = options;
    cancellable.cancelled = asker(control);
    const RoutingTables tables = computeRoutes(fabric, cancellable);
    if (request.reachability)
        impact.before = reachability(fabric, tables, request.unreachableSample, control);
    if (request.metrics && !control.cancelled()) {
        control.report(15, AnalysisStage::Metrics);
        impact.metricsBefore = computeMetrics(fabric, asker(control));
    }
    if (!control.cancelled())
        impact.trafficBefore = runWorkloads(design, catalog, fabric, tables, latency, request, control, 20);
    return impact;
}

} // namespace

std::vector<double> cableUtilization(const TrafficResult &traffic, std::size_t designLinks)
{
    std::vector<double> out(designLinks, -1.0);
    for (const ChannelLoad &c : traffic.channels)
        if (c.link.value < designLinks)
            out[c.link.value] = std::max(out[c.link.value], c.utilization);
    return out;
}

namespace {

// One fabric: the whole design, or one plane of it (plane > 0).
Result<NetworkAnalysis> analyzeFabric(const Design &design, const Catalog &catalog, const NetworkRequest &request,
                                      const RunControl &control, int plane)
{
    NetworkAnalysis r;
    auto fabric = std::make_shared<Fabric>(Fabric::build(design, catalog, plane));
    r.switches = fabric->switches().size();
    r.endpoints = fabric->endpoints().size();
    if (control.cancelled()) {   // building a big fabric takes a while: stop before routing it
        r.cancelled = true;
        return r;
    }
    if (request.requireRoutableFabric && (r.endpoints < 2 || r.switches == 0))
        return makeError("", Message{CPLAN_TR("Engine", "the fabric has fewer than two cabled endpoints or no switch"), {}});
    auto options = routingOptions(design, *fabric, request);
    if (!options)
        return options.error();
    const bool failures = !request.failures.empty();
    const bool split = failures;   // progress: the intact fabric takes the first half
    auto resolved = resolveFailures(design, request.failures);
    if (!resolved)
        return resolved.error();
    const LatencyModel latency = latencyModel(*fabric, catalog);
    RunControl half = control;
    if (split && control.progress)
        half.progress = [&control](const Progress &p) { control.report(p.percent / 2, p.stage, p.detail); };
    if (failures) {
        r.failure = intactFigures(design, catalog, *fabric, *options, latency, request, half);
        control.report(50, AnalysisStage::ApplyingFailures);
        applyFailures(*fabric, *resolved);
        for (std::uint32_t e = 0; e < fabric->endpoints().size(); ++e)
            r.failure->lostEndpoints += fabric->endpointAlive(e) ? 0 : 1;
        if (split && control.progress)
            half.progress = [&control](const Progress &p) { control.report(50 + p.percent / 2, p.stage, p.detail); };
    }
    if (control.cancelled()) {
        r.cancelled = true;
        return r;
    }
    half.report(5, AnalysisStage::Routing);
    options->cancelled = asker(control);
    auto tables = std::make_shared<RoutingTables>(computeRoutes(*fabric, *options));
    r.routing = routingSummary(*fabric, *tables);
    if (request.reachability)
        r.reachability = reachability(*fabric, *tables, request.unreachableSample, control);
    if (request.creditLoops)
        r.creditLoops = creditLoops(*fabric, *tables, control);
    if (request.metrics && !control.cancelled()) {
        half.report(15, AnalysisStage::Metrics);
        r.metrics = computeMetrics(*fabric, asker(control));
    }
    if (request.latency && !control.cancelled()) {
        half.report(25, AnalysisStage::Latency);
        r.latency = LatencySummary{latencyDistribution(*fabric, *tables, latency, request.latencySamplePairs, asker(control)), latency.assumptions};
    }
    if (!control.cancelled())
        r.traffic = runWorkloads(design, catalog, *fabric, *tables, latency, request, half, 35);
    r.cancelled = control.cancelled();
    if (request.keepTables) {
        r.fabric = fabric;
        r.tables = tables;
    }
    return r;
}

} // namespace

Result<NetworkAnalysis> analyzeNetwork(const Design &design, const Catalog &catalog, const NetworkRequest &asked,
                                       const RunControl &control)
{
    NetworkRequest request = asked;
    if (!request.loadBalancing)
        request.loadBalancing = defaultLoadBalancing(design, catalog);
    const int planes = designPlanes(design);
    if (planes == 0 || request.plane > 0)
        return analyzeFabric(design, catalog, request, control, request.plane);
    // Each plane is its own subnet: routed, measured and loaded on its own (planemerge.h).
    if (auto resolved = resolveFailures(design, request.failures); !resolved)
        return resolved.error();
    RunControl part = control;
    NetworkAnalysis total;
    NetworkRequest withPlanes = request;
    if (std::any_of(request.workloads.begin(), request.workloads.end(), [](const WorkloadSpec &w) { return w.pattern.has_value(); }))
        withPlanes.planeEndpoints = std::make_shared<const PlaneEndpoints>(planeEndpoints(design, catalog, planes));
    std::vector<std::vector<CollectiveEstimate>> collectives, collectivesBefore;
    for (int plane = 1; plane <= planes && !control.cancelled(); ++plane) {
        if (control.progress)
            part.progress = [&control, plane, planes](const Progress &p) {
                control.report(((plane - 1) * 100 + p.percent) / planes, p.stage, "plane " + std::to_string(plane));
            };
        auto next = analyzeFabric(design, catalog, planemerge::planeRequest(design, withPlanes, plane, planes), part, plane);
        if (!next)
            return next;
        planemerge::collectEstimates(next->traffic, collectives);
        planemerge::collectEstimates(next->failure ? next->failure->trafficBefore : next->traffic, collectivesBefore);
        if (plane > 1) {
            planemerge::addPlane(total, *next, plane, request.unreachableSample);
            continue;
        }
        total = std::move(*next);
        total.planes.push_back(planemerge::planeFigures(1, total));
        if (!request.failures.empty() && !total.failure)
            total.failure = FailureImpact{request.failures, {}, 0, total.reachability, total.metrics, total.traffic, {}};
        else if (total.failure)
            total.failure->planes = {1};
    }
    planemerge::finishCollectives(total.traffic, request, collectives);
    if (total.failure) {
        total.failure->spec = request.failures;
        total.failure->cables = failedCables(design, catalog, request.failures);
        planemerge::finishCollectives(total.failure->trafficBefore, request, collectivesBefore);
    }
    for (std::optional<FabricMetrics> *m : {&total.metrics, total.failure ? &total.failure->metricsBefore : nullptr})
        if (m && *m)
            for (TierLoad &t : (*m)->tiers)
                t.oversubscription = t.upGbps > 0 ? t.downGbps / t.upGbps : 0;
    total.cancelled = control.cancelled();
    return total;
}

} // namespace cplan
