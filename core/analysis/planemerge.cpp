#include "analysis/planemerge.h"

#include "model/design.h"

#include <algorithm>
#include <map>

namespace cplan::planemerge {

namespace {

// The failures that fall in one plane: its links and switches, and any server (a server has
// HCAs in every plane; an appliance belongs to one).
FailureSpec planeFailures(const Design &design, const FailureSpec &spec, int plane)
{
    FailureSpec out;
    for (const std::string &id : spec.links)
        if (auto l = design.findLink(id); l && linkPlane(design, design.link(*l)) == plane)
            out.links.push_back(id);
    for (const std::string &id : spec.switches)
        if (auto n = design.findNode(id); n && design.node(*n).plane == plane)
            out.switches.push_back(id);
    for (const std::string &id : spec.servers)
        if (auto n = design.findNode(id); n && (design.node(*n).plane == 0 || design.node(*n).plane == plane))
            out.servers.push_back(id);
    return out;
}

void addReachability(Reachability &t, const Reachability &p, std::size_t sample)
{
    t.pairs += p.pairs;
    t.unreachablePairs += p.unreachablePairs;
    t.maxHops = std::max(t.maxHops, p.maxHops);
    for (const auto &pair : p.unreachableSample)
        if (t.unreachableSample.size() < sample)
            t.unreachableSample.push_back(pair);
}

void addMetrics(FabricMetrics &t, const FabricMetrics &p)
{
    t.bisectionGbps += p.bisectionGbps;
    t.halfInjectionGbps += p.halfInjectionGbps;
    t.diameterSwitches = std::max(t.diameterSwitches, p.diameterSwitches);
    t.diameterSampled = t.diameterSampled || p.diameterSampled;
    for (std::size_t i = 0; i < t.tiers.size() && i < p.tiers.size(); ++i) {
        t.tiers[i].downGbps += p.tiers[i].downGbps;
        t.tiers[i].upGbps += p.tiers[i].upGbps;
    }
}

// Latency over the pairs of every plane: counts and the mean over all pairs, the extremes and
// the percentiles of the slowest plane (identical planes give each plane's own figures).
void addLatency(LatencyStats &t, const LatencyStats &p)
{
    if (p.pairs == 0)
        return;
    if (t.pairs == 0) {
        t = p;
        return;
    }
    const double n = double(t.pairs) + double(p.pairs);
    t.meanNs = (t.meanNs * double(t.pairs) + p.meanNs * double(p.pairs)) / n;
    t.pairs += p.pairs;
    t.sampled = t.sampled || p.sampled;
    t.minNs = std::min(t.minNs, p.minNs);
    t.maxNs = std::max(t.maxNs, p.maxNs);
    t.p50Ns = std::max(t.p50Ns, p.p50Ns);
    t.p99Ns = std::max(t.p99Ns, p.p99Ns);
    std::map<double, std::uint64_t> bins(t.histogram.begin(), t.histogram.end());
    for (const auto &[ns, pairs] : p.histogram)
        bins[ns] += pairs;
    t.histogram.assign(bins.begin(), bins.end());
}

// Route classes over two planes: each plane's classes counted, exact only if every plane's is.
void addAggregation(AggregationSummary &t, const AggregationSummary &p)
{
    if (!p.used)
        return;
    if (!t.used) {
        t = p;
        return;
    }
    t.exact = t.exact && p.exact;
    t.flowClasses += p.flowClasses;
    t.linkClasses += p.linkClasses;
    t.rounds = std::max(t.rounds, p.rounds);
    t.imbalance = std::max(t.imbalance, p.imbalance);
}

// One workload over two planes' endpoints at once: sums, and the later finish.
void addTraffic(TrafficResult &t, const TrafficResult &p)
{
    if (t.issue == TrafficResult::Issue::None && p.issue != TrafficResult::Issue::None) {
        t.issue = p.issue;
        t.issueText = p.issueText;
        t.issueMessage = p.issueMessage;
    }
    t.plannedFlows += p.plannedFlows;
    const double flows = double(t.flows) + double(p.flows);
    if (flows > 0)
        t.lineRateFlowShare = (t.lineRateFlowShare * double(t.flows) + p.lineRateFlowShare * double(p.flows)) / flows;
    const std::size_t busy = t.busyLinks + p.busyLinks;
    if (busy > 0)
        t.meanBusyLinkUtilization =
            (t.meanBusyLinkUtilization * double(t.busyLinks) + p.meanBusyLinkUtilization * double(p.busyLinks)) / double(busy);
    t.busyLinks = busy;
    t.endpoints += p.endpoints;
    t.flows += p.flows;
    t.unroutableFlows += p.unroutableFlows;
    t.events += p.events;
    t.completionS = std::max(t.completionS, p.completionS);
    t.maxLinkUtilization = std::max(t.maxLinkUtilization, p.maxLinkUtilization);
    t.channels.insert(t.channels.end(), p.channels.begin(), p.channels.end());
    t.rails += p.rails;
    addAggregation(t.aggregation, p.aggregation);
}

void addTraffic(std::vector<TrafficResult> &t, const std::vector<TrafficResult> &p)
{
    for (std::size_t i = 0; i < t.size() && i < p.size(); ++i)
        addTraffic(t[i], p[i]);
}

// A plane the failures do not touch is not rerouted: its figures before are its figures.
FailureImpact impactOf(const NetworkAnalysis &a, const FailureSpec &spec)
{
    if (a.failure)
        return *a.failure;
    FailureImpact f;
    f.spec = spec;
    f.before = a.reachability;
    f.metricsBefore = a.metrics;
    f.trafficBefore = a.traffic;
    return f;
}

} // namespace

NetworkRequest planeRequest(const Design &design, const NetworkRequest &request, int plane, int planes)
{
    NetworkRequest r = request;
    r.plane = plane;
    r.failures = planeFailures(design, request.failures, plane);
    for (WorkloadSpec &w : r.workloads)
        if (w.collective)
            w.bytes /= double(planes);
    r.keepTables = request.keepTables && plane == 1;
    r.requireRoutableFabric = request.requireRoutableFabric && plane == 1;
    return r;
}

PlaneAnalysis planeFigures(int plane, const NetworkAnalysis &a)
{
    PlaneAnalysis p{plane, a.switches, a.endpoints, a.routing, a.reachability, a.metrics, a.latency, {}, a.failure.has_value()};
    for (const TrafficResult &t : a.traffic)
        p.completionS.push_back(t.completionS);
    return p;
}

void addPlane(NetworkAnalysis &total, const NetworkAnalysis &plane, int planeIndex, std::size_t sample)
{
    total.switches += plane.switches;
    total.endpoints += plane.endpoints;
    if (total.reachability && plane.reachability)
        addReachability(*total.reachability, *plane.reachability, sample);
    if (total.metrics && plane.metrics)
        addMetrics(*total.metrics, *plane.metrics);
    for (const std::string &w : plane.routing.fabricWarnings)
        total.routing.fabricWarnings.push_back("plane " + std::to_string(planeIndex) + ": " + w);
    if (total.creditLoops && plane.creditLoops) {
        total.creditLoops->dependencies += plane.creditLoops->dependencies;
        if (total.creditLoops->deadlockFree && !plane.creditLoops->deadlockFree)
            *total.creditLoops = *plane.creditLoops;
    }
    if (total.latency && plane.latency)
        addLatency(total.latency->stats, plane.latency->stats);
    addTraffic(total.traffic, plane.traffic);
    if (total.failure) {
        const FailureImpact p = impactOf(plane, total.failure->spec);
        FailureImpact &t = *total.failure;
        t.lostEndpoints += p.lostEndpoints;
        if (t.before && p.before)
            addReachability(*t.before, *p.before, sample);
        if (t.metricsBefore && p.metricsBefore)
            addMetrics(*t.metricsBefore, *p.metricsBefore);
        addTraffic(t.trafficBefore, p.trafficBefore);
        if (plane.failure)
            t.planes.push_back(planeIndex);
    }
    total.planes.push_back(planeFigures(planeIndex, plane));
}

void collectEstimates(const std::vector<TrafficResult> &plane, std::vector<std::vector<CollectiveEstimate>> &perPlane)
{
    perPlane.resize(std::max(perPlane.size(), plane.size()));
    for (std::size_t i = 0; i < plane.size(); ++i)
        if (plane[i].collective)
            perPlane[i].push_back(*plane[i].collective);
}

namespace {

// The planes' systems as one: every plane's NICs, each algorithm at the slowest plane's fabric
// share (a collective's planes run at once and finish with the slowest), SHARP if every plane has it.
nccl::System mergedSystem(const std::vector<CollectiveEstimate> &planes)
{
    nccl::System s = planes.front().system;
    s.nicsPerNode = 0;
    for (const CollectiveEstimate &p : planes) {
        s.nicsPerNode += p.system.nicsPerNode;
        s.ringFabric = std::min(s.ringFabric, p.system.ringFabric);
        s.treeFabric = std::min(s.treeFabric, p.system.treeFabric);
        s.allToAllFabric = std::min(s.allToAllFabric, p.system.allToAllFabric);
        s.sharp = s.sharp && p.system.sharp;
    }
    return s;
}

} // namespace

void finishCollectives(std::vector<TrafficResult> &total, const NetworkRequest &request,
                       const std::vector<std::vector<CollectiveEstimate>> &perPlane)
{
    for (std::size_t i = 0; i < total.size() && i < perPlane.size() && i < request.workloads.size(); ++i) {
        TrafficResult &t = total[i];
        if (!t.collective || perPlane[i].empty() || t.issue != TrafficResult::Issue::None)
            continue;
        const WorkloadSpec &w = request.workloads[i];
        const nccl::System merged = mergedSystem(perPlane[i]);
        t.collective = estimateCollective(merged, t.collective->kind, w.bytes, w.overrides);
        t.collectiveSweep.clear();
        for (double b : w.sweepBytes)
            t.collectiveSweep.push_back(estimateCollective(merged, t.collective->kind, b, w.overrides));
        t.completionS = t.collective->known ? t.collective->timeS : 0.0;
    }
}

} // namespace cplan::planemerge
