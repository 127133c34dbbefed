// The engine's entry points (core/analysis): defaults, workload parsing, the metric definitions
// on known truths, failures before and after, cancellation and progress, the design-level run,
// cost, and the scheduling scenario.
#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "analysis/cost.h"
#include "analysis/design.h"
#include "analysis/failurechange.h"
#include "analysis/network.h"
#include "analysis/scenario.h"
#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "io/designyaml.h"
#endif

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <cmath>

using namespace cplan;

class TestAnalysis : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;

    Design generate(int servers, const std::string &server, const std::string &sw, int tiers = 0)
    {
        FatTreeSpec s;
        s.servers = {{server, servers}};
        s.switchPart = sw;
        s.tiers = tiers;
        auto d = generateFatTree(s, m_catalog);
        if (!d)
            qFatal("generate failed: %s", d.error().toString().c_str());
        return std::move(*d);
    }

    Design sample(const std::string &name) { return test::loadSample(name, m_catalog); }

    static WorkloadSpec workload(const char *text, bool ideal = true)
    {
        auto w = parseWorkload(text);
        if (!w)
            qFatal("workload: %s", w.error().message.c_str());
        w->ideal = ideal;
        return *w;
    }

private slots:
    void initTestCase()
    {
        m_catalog = test::builtinCatalog();
    }

    void defaults()
    {
        Design d;
        QCOMPARE(defaultRoutingEngine(d), RoutingEngine::FTree);
        d.settings.routingEngine = "updown";
        QCOMPARE(defaultRoutingEngine(d), RoutingEngine::UpDown);
        d.settings.routingEngine = "nonsense";
        QCOMPARE(defaultRoutingEngine(d), RoutingEngine::FTree);
        QCOMPARE(formatByteSize(kDefaultMessageBytes), std::string("1MiB"));
        QCOMPARE(formatByteSize(64 * 1024), std::string("64KiB"));
        QCOMPARE(formatByteSize(kHeadlineAllReduceBytes), std::string("1GiB"));
        QCOMPARE(formatByteSize(1000), std::string("1000"));
    }

    void workloads()
    {
        QVERIFY(workload("alltoall").pattern && !workload("alltoall").collective);
        QCOMPARE(workload("alltoall").pattern->kind, PatternKind::AllToAll);
        QCOMPARE(*workload("allreduce").collective, CollectiveKind::AllReduce);
        QCOMPARE(*workload("nccl-alltoall").collective, CollectiveKind::AllToAll);
        QCOMPARE(workload("shift:3").pattern->k, 3u);
        QCOMPARE(workload("permutation").bytes, kDefaultMessageBytes);
        QVERIFY(!parseWorkload("nonsense").ok());
    }

    // Incast of 3 on one switch, ideal: the receiver's link is busy the whole run (1), each
    // sender's a third of it; the idle links do not count in the busy mean.
    void utilizationDefinitions()
    {
        const Design d = generate(8, "host-1hca", "qm9700", 1);
        NetworkRequest request;
        request.workloads = {workload("incast:3")};
        auto r = analyzeNetwork(d, m_catalog, request);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        const TrafficResult &t = r->traffic.front();
        QCOMPARE(t.flows, std::size_t(3));
        QVERIFY(test::near(t.maxLinkUtilization, 1.0));
        QCOMPARE(t.busyLinks, std::size_t(4));
        QVERIFY2(test::near(t.meanBusyLinkUtilization, 0.5), std::to_string(t.meanBusyLinkUtilization).c_str());
        QCOMPARE(t.channels.size(), std::size_t(16));   // 8 cables, both directions
        int full = 0, third = 0;
        for (const ChannelLoad &c : t.channels) {
            QVERIFY(!c.betweenSwitches);
            full += test::near(c.utilization, 1.0);
            third += test::near(c.utilization, 1.0 / 3);
        }
        QCOMPARE(full, 1);
        QCOMPARE(third, 3);
        // Per cable: the busier direction; every cable of the design is in the fabric.
        const std::vector<double> cables = cableUtilization(t, d.links.size());
        QCOMPARE(std::count_if(cables.begin(), cables.end(), [](double u) { return u >= 0; }), long(d.links.size()));
        QCOMPARE(*std::max_element(cables.begin(), cables.end()), t.maxLinkUtilization);
        // Every flow starts at a third of its NIC's rate: none at line rate.
        QCOMPARE(t.lineRateFlowShare, 0.0);
    }

    // A shift on a non-blocking tree: one flow per link, all at line rate, every busy link busy
    // throughout; the completion is bytes over the line rate.
    void shiftTruth()
    {
        const Design d = generate(128, "host-1hca", "qm9700", 2);
        NetworkRequest request;
        request.workloads = {workload("shift:32")};
        auto r = analyzeNetwork(d, m_catalog, request);
        QVERIFY(r.ok());
        const TrafficResult &t = r->traffic.front();
        QCOMPARE(t.flows, std::size_t(128));
        QVERIFY(test::near(t.completionS, kDefaultMessageBytes / (400e9 / 8), 1e-6));
        QVERIFY(test::near(t.maxLinkUtilization, 1.0, 1e-6));
        QVERIFY(test::near(t.meanBusyLinkUtilization, 1.0, 1e-6));
        QCOMPARE(t.lineRateFlowShare, 1.0);
        QVERIFY(r->metrics && test::near(r->metrics->bisectionGbps, r->metrics->halfInjectionGbps));
        QVERIFY(r->reachability && r->reachability->unreachablePairs == 0);
        QCOMPARE(r->reachability->pairs, std::uint64_t(128 * 127));
        QVERIFY(r->latency && r->latency->stats.pairs > 0 && r->latency->stats.p99Ns >= r->latency->stats.p50Ns);
    }

    void collective()
    {
        const Design d = sample("h100-pool-128gpu.cluster.yaml");
        NetworkRequest request;
        request.metrics = request.latency = request.reachability = false;
        request.workloads = {workload("allreduce", false)};
        auto r = analyzeNetwork(d, m_catalog, request);
        QVERIFY(r.ok());
        const TrafficResult &t = r->traffic.front();
        QVERIFY(t.collective);
        QCOMPARE(t.servers, 16u);
        QCOMPARE(t.rails, 8u);
        QCOMPARE(t.completionS, t.collective->timeS);
        // A design without GPU servers cannot run a collective: an issue, not a crash.
        auto torus = analyzeNetwork(sample("torus-4x4.cluster.yaml"), m_catalog, request);
        QVERIFY(torus.ok());
        QCOMPARE(torus->traffic.front().issue, TrafficResult::Issue::NoGpuServers);
        // A pattern that does not fit the endpoints.
        request.workloads = {workload("shift:100000")};
        auto big = analyzeNetwork(d, m_catalog, request);
        QCOMPARE(big->traffic.front().issue, TrafficResult::Issue::PatternDoesNotFit);
        QVERIFY(!big->traffic.front().issueText.empty());
    }

    void failures()
    {
        const Design d = generate(128, "host-1hca", "qm9700", 2);
        // One uplink cable and one spine: ftree routes around both; nothing is unreachable.
        std::string uplink;
        for (const Link &l : d.links)
            if (d.node(l.a.node).tier == Tier::Leaf && d.node(l.b.node).tier == Tier::Spine) {
                uplink = l.id;
                break;
            }
        NetworkRequest request;
        request.failures.links = {uplink};
        request.failures.switches = {"spine01"};
        request.creditLoops = true;
        request.workloads = {workload("shift:32")};
        request.workloads.front().bytes = 1e6;
        auto r = analyzeNetwork(d, m_catalog, request);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        const FailureImpact &f = *r->failure;
        QCOMPARE(r->reachability->unreachablePairs, std::uint64_t(0));
        QCOMPARE(f.lostEndpoints, 0u);
        QVERIFY(r->creditLoops->deadlockFree);
        QVERIFY(r->metrics->bisectionGbps < f.metricsBefore->bisectionGbps);
        QVERIFY(r->traffic.front().completionS > f.trafficBefore.front().completionS);
        // The uplink and the spine's links (a 64-port spine full of leaf uplinks), each once.
        int spineLinks = 0;
        for (const Link &l : d.links)
            spineLinks += d.node(l.a.node).id == "spine01" || d.node(l.b.node).id == "spine01";
        QCOMPARE(f.cables.links, spineLinks + (d.node(d.link(*d.findLink(uplink)).b.node).id == "spine01" ? 0 : 1));
        QVERIFY(test::near(f.cables.capacityGbps, 400.0 * f.cables.links));
        // A leaf: its hosts are cut off, everyone else still talks.
        NetworkRequest leaf;
        leaf.failures.switches = {"su01-leaf1"};
        auto cut = analyzeNetwork(d, m_catalog, leaf);
        QVERIFY(cut.ok());
        QCOMPARE(cut->failure->lostEndpoints, 32u);
        QCOMPARE(cut->reachability->unreachablePairs, std::uint64_t(0));
        QCOMPARE(cut->reachability->pairs, std::uint64_t(96 * 95));
        QCOMPARE(cut->failure->before->pairs, std::uint64_t(128 * 127));
        // Unknown ids, and a switch given as a server, are errors.
        NetworkRequest bad;
        bad.failures.servers = {"nobody"};
        QVERIFY(!analyzeNetwork(d, m_catalog, bad).ok());
        bad.failures.servers = {"spine01"};
        QVERIFY(!analyzeNetwork(d, m_catalog, bad).ok());
        // The window's ids (links and nodes mixed) sorted into a spec.
        const FailureSpec spec = failureSpecFromIds(d, {uplink, "spine01", "su01-leaf1", "nobody"});
        QCOMPARE(spec.links, std::vector<std::string>{uplink});
        QCOMPARE(spec.switches, (std::vector<std::string>{"spine01", "su01-leaf1"}));
        QVERIFY(spec.servers.empty());
    }

    // The failure what-if's before and after (failureChanges, the window's and `cplan fail`'s):
    // routed around, the completion is a like-for-like figure with its change; a leaf out leaves
    // flows without a route, and the completion over the rest is not comparable: unknown, with
    // the count, never "unchanged" (issue 31).
    void failureChangesCompareLikeForLike()
    {
        const Design d = generate(128, "host-1hca", "qm9700", 2);
        NetworkRequest spine;
        spine.failures.switches = {"spine01"};
        spine.workloads = {workload("shift:32")};
        spine.workloads.front().bytes = 1e6;
        auto around = analyzeNetwork(d, m_catalog, spine);
        QVERIFY(around.ok());
        auto completion = [](const std::vector<FigureChange> &changes) {
            for (const FigureChange &c : changes)
                if (c.id() == "completion_s")
                    return c;
            return FigureChange{};
        };
        const FigureChange routed = completion(failureChanges(*around));
        QVERIFY(routed.after.info && routed.after.value && routed.comparable() && routed.note().format.empty());
        QVERIFY(routed.relative() && *routed.relative() > 0);

        NetworkRequest leaf = spine;
        leaf.failures.switches = {"su01-leaf1"};
        auto cut = analyzeNetwork(d, m_catalog, leaf);
        QVERIFY(cut.ok());
        const std::size_t dropped = cut->traffic.front().unroutableFlows - cut->failure->trafficBefore.front().unroutableFlows;
        QVERIFY(dropped > 0);
        const std::vector<FigureChange> changes = failureChanges(*cut);
        const FigureChange lost = completion(changes);
        QVERIFY(lost.after.info && lost.before.value);
        QVERIFY(!lost.after.value);
        QCOMPARE(lost.after.completeness, Completeness::Unknown);
        QVERIFY(!lost.relative());
        QCOMPARE(lost.unroutedFlows, dropped);
        QCOMPARE(lost.note().english(), std::to_string(dropped) + " flows have no route: not comparable");
        for (const FigureChange &c : changes) {   // every workload figure alike; the fabric's stay figures
            QCOMPARE(c.comparable(), c.after.info->cost != FigureCost::Workload);
            if (c.id() == "bisection_gbps")
                QVERIFY(c.after.value && c.relative());
        }
    }

    void cancelAndProgress()
    {
        const Design d = generate(128, "host-1hca", "qm9700", 2);
        DesignRequest request;
        request.network.workloads = {workload("alltoall")};
        RunControl control;
        std::vector<Progress> seen;
        control.progress = [&](const Progress &p) { seen.push_back(p); };
        const DesignAnalysis full = analyzeDesign(d, m_catalog, request, control);
        QVERIFY(!full.cancelled);
        QVERIFY(full.network && full.network->traffic.size() == 1);
        QVERIFY(seen.size() >= 6);
        for (std::size_t i = 1; i < seen.size(); ++i)
            QVERIFY2(seen[i].percent >= seen[i - 1].percent, qPrintable(QStringLiteral("step %1").arg(i)));
        QCOMPARE(seen.back().stage, AnalysisStage::Done);
        QCOMPARE(seen.back().percent, 100);
        bool traffic = false;
        for (const Progress &p : seen)
            traffic = traffic || (p.stage == AnalysisStage::Traffic && p.detail == "alltoall");
        QVERIFY(traffic);

        // Cancelled from the progress callback as soon as routing starts: no traffic is run.
        RunControl cancelling;
        cancelling.progress = [&](const Progress &p) {
            if (p.stage == AnalysisStage::Routing)
                cancelling.cancel.cancel();
        };
        const DesignAnalysis stopped = analyzeDesign(d, m_catalog, request, cancelling);
        QVERIFY(stopped.cancelled);
        QVERIFY(!stopped.network || stopped.network->traffic.empty());
        // Cancelled before the start: nothing but the flag.
        RunControl before;
        before.cancel.cancel();
        const DesignAnalysis none = analyzeDesign(d, m_catalog, request, before);
        QVERIFY(none.cancelled && !none.network && none.cost.bom.lines.empty());
    }

    // What a workload will cost is known before it is built: the counts match what the
    // generators build, and a workload over the memory budget is refused with the reason.
    void flowCounts()
    {
        for (const char *name : {"alltoall", "shift:5", "permutation", "incast:7", "uniform:3", "pair:2,9", "shift:40", "pair:1,50"}) {
            const PatternSpec spec = *parsePattern(name);
            auto demands = generateTraffic(spec, 37, 1.0);
            QCOMPARE(patternFlowCount(spec, 37), demands ? std::uint64_t(demands->size()) : 0u);
        }
        QCOMPARE(patternFlowCount(*parsePattern("alltoall"), 16384), std::uint64_t(16384) * 16383);
        const nccl::GpuSet set{5, 8, 4};
        for (nccl::TrafficShape shape : {nccl::TrafficShape::Ring, nccl::TrafficShape::Tree, nccl::TrafficShape::AllToAll})
            QCOMPARE(nccl::trafficFlowCount(shape, set), std::uint64_t(nccl::trafficDemands(shape, set, 1e6).size()));
    }

    // Over the memory budget a workload runs by route classes (the same figures on this
    // symmetric tree); refused only when aggregation is off.
    void trafficBudget()
    {
        const Design d = generate(128, "host-1hca", "qm9700", 2);
        NetworkRequest request;
        request.metrics = request.latency = false;
        request.workloads = {workload("alltoall"), workload("shift:1"), workload("nccl-alltoall")};
        request.trafficMemoryBudget = 1 << 20;   // 1 MiB: 4,096 flows
        request.aggregation = FlowAggregation::Never;
        auto r = analyzeNetwork(d, m_catalog, request);
        QVERIFY(r && r->traffic.size() == 3);
        const TrafficResult &a2a = r->traffic[0];
        QCOMPARE(a2a.issue, TrafficResult::Issue::OverBudget);
        QCOMPARE(a2a.plannedFlows, std::uint64_t(128 * 127));
        QCOMPARE(a2a.flows, std::size_t(0));
        QVERIFY2(a2a.issueText.find("16256 flows") != std::string::npos && a2a.issueText.find("budget of 1 MiB") != std::string::npos,
                 a2a.issueText.c_str());
        QCOMPARE(a2a.issueText, a2a.issueMessage.english());
        QCOMPARE(r->traffic[1].issue, TrafficResult::Issue::None);   // 128 flows fit
        QCOMPARE(r->traffic[1].flows, std::size_t(128));
        QCOMPARE(r->traffic[2].issue, TrafficResult::Issue::NoGpuServers);   // hosts without GPUs
        // Aggregated over the budget: run, exact, as the per-flow run under the default budget.
        request.aggregation = FlowAggregation::Auto;
        r = analyzeNetwork(d, m_catalog, request);
        const TrafficResult classes = r->traffic[0];
        QCOMPARE(classes.issue, TrafficResult::Issue::None);
        QVERIFY(classes.aggregation.used && classes.aggregation.exact);
        QVERIFY(!r->traffic[1].aggregation.used);
        request.trafficMemoryBudget = NetworkRequest{}.trafficMemoryBudget;
        r = analyzeNetwork(d, m_catalog, request);
        QCOMPARE(r->traffic[0].issue, TrafficResult::Issue::None);
        QVERIFY(!r->traffic[0].aggregation.used);
        QCOMPARE(r->traffic[0].flows, std::size_t(128 * 127));
        QCOMPARE(r->traffic[0].plannedFlows, std::uint64_t(128 * 127));
        QCOMPARE(classes.flows, r->traffic[0].flows);
        QVERIFY(test::near(classes.completionS, r->traffic[0].completionS));
    }

    void designLevel()
    {
        const Design d = sample("dgx-h100-superpod-1su.cluster.yaml");
        const DesignAnalysis a = analyzeDesign(d, m_catalog, {});
        QCOMPARE(a.counts.gpus, 31 * 8);
        QCOMPARE(a.counts.links, int(d.links.size()));
        QCOMPARE(a.counts.servers + a.counts.switches, int(d.nodes.size()));
        QVERIFY(a.network && a.network->metrics && a.network->latency);
        QVERIFY(a.network->traffic.empty());
        QVERIFY(a.findingsWithFailures.empty());
        // With a failure: the findings of the design without it (the cut-off HCAs).
        DesignRequest failed;
        failed.network.failures.switches = {"su01-leaf1"};
        const DesignAnalysis f = analyzeDesign(d, m_catalog, failed);
        QVERIFY(f.findingsWithFailures.size() > a.findings.size());
        QCOMPARE(f.network->failure->lostEndpoints, 32u);
        // Nothing to route: a translatable reason instead of empty figures.
        const Design lone = generate(1, "host-1hca", "qm9700", 1);
        QCOMPARE(lone.links.size(), std::size_t(1));
        const DesignAnalysis small = analyzeDesign(lone, m_catalog, {});
        QVERIFY(!small.network);
        QVERIFY(small.networkError);
        QVERIFY(!small.networkError->text.format.empty());
    }

    void cost()
    {
        const Design d = sample("h100-pool-128gpu.cluster.yaml");
        const CostAnalysis c = analyzeCost(d, m_catalog, {10, 5});
        QCOMPARE(c.terms.sparesPercent, 10.0);
        QVERIFY(c.pricing.hardware > 0);
        QVERIFY(test::near(c.pricing.hardware, c.bom.totals.capex));
        QVERIFY(test::near(c.pricing.total, c.pricing.hardware + c.pricing.spares - c.pricing.discount));
        QVERIFY(test::near(c.pricing.discount, 0.05 * (c.pricing.hardware + c.pricing.spares)));
    }

    void scheduleScenario()
    {
        const Design d = sample("h100-pool-128gpu.cluster.yaml");
        ScheduleScenario s;
        s.pool = {&d, &m_catalog, "pool.cluster.yaml", {}};
        s.jobs.synthetic = 300;
        s.options.policy = Policy::Backfill;
        s.recordPlacements = true;
        auto r = runScheduleScenario(s);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        QVERIFY(r->network);
        QCOMPARE(r->input.jobs.size(), std::size_t(300));
        QCOMPARE(r->input.traceName, std::string("synthetic:300"));
        QCOMPARE(r->result.completed + r->result.rejected, std::size_t(300));
        // Every started job has a placement; spans lie within the run.
        std::vector<int> placed(300, 0);
        for (const PlacementSpan &p : r->placements) {
            ++placed[p.job];
            QVERIFY(p.endS >= p.startS);
            QVERIFY(p.gpus > 0 && p.server >= 0 && p.server < int(r->input.pool.servers.size()));
        }
        for (std::size_t j = 0; j < placed.size(); ++j)
            QCOMPARE(placed[j] > 0, r->result.jobs[j].startS >= 0);
        // The same scenario is the same run.
        auto again = runScheduleScenario(s);
        QCOMPARE(again->result.makespanS, r->result.makespanS);
        QCOMPARE(again->result.wait.p99, r->result.wait.p99);
        // Tenant weights must match the tenants.
        s.jobs.tenantWeights = {1, 2, 3};
        QVERIFY(!runScheduleScenario(s).ok());
        // A trace without timestamps (Alibaba's multi-GPU lists) runs in capacity mode only.
        const std::string untimed = test::testDataPath("traces/alibaba-no-times.csv");
        ScheduleScenario alibaba;
        alibaba.pool = s.pool;
        alibaba.jobs.tracePath = untimed;
        auto input = scenarioInput(alibaba);
        QVERIFY2(input.ok(), input.ok() ? "" : input.error().toString().c_str());
        QVERIFY(!input->hasTimes);
        auto timed = runScheduleScenario(alibaba);
        QVERIFY(!timed.ok());
        QCOMPARE(timed.error().file, untimed);
        auto cap = runCapacityScenario(*input, {}, 2);
        QVERIFY(cap.ok());
        QCOMPARE(cap->runs.size(), std::size_t(2));
        QVERIFY(!cap->points.empty());
        // A node list has no fabric: the run is not coupled, whatever was asked.
        ScheduleScenario nodes;
        nodes.pool.nodeListPath = test::testDataPath("traces/nodes-sample.csv");
        nodes.jobs.synthetic = 50;
        auto plain = runScheduleScenario(nodes);
        QVERIFY2(plain.ok(), plain.ok() ? "" : plain.error().toString().c_str());
        QVERIFY(!plain->network);
    }
};

CPLAN_TEST_APPLESS_MAIN(TestAnalysis)
#include "tst_analysis.moc"
