// The network analysis of a multi-plane design (issue 13 item 2): latency over every plane,
// traffic patterns on every plane at once, collectives spread over the planes (1/P of the bytes
// each), failures in the plane they are in (that plane rerouted, the others unchanged).
#include "analysis/network.h"
#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "model/design.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <algorithm>
#include <set>

using namespace cplan;

namespace {

Design dgx(int servers, int planes)
{
    FatTreeSpec spec;
    spec.servers = {{"dgx-h100", servers}};
    spec.switchPart = "qm9700";
    spec.planes = planes;
    return test::generateOrStop(spec);
}

WorkloadSpec workload(const char *text, double bytes)
{
    auto w = parseWorkload(text);
    if (!w)
        qFatal("%s", w.error().message.c_str());
    w->bytes = bytes;
    return *w;
}

} // namespace

class TestPlaneAnalysis : public QObject
{
    Q_OBJECT

private:
    const Catalog &m_catalog = test::builtinCatalog();

private slots:
    // Latency is measured on every plane; the totals cover every plane's pairs.
    void latencyPerPlane()
    {
        const Design d = dgx(8, 2);
        NetworkRequest request;
        auto a = analyzeNetwork(d, m_catalog, request);
        QVERIFY(a.ok());
        QCOMPARE(a->planes.size(), std::size_t(2));
        std::uint64_t pairs = 0;
        for (const PlaneAnalysis &p : a->planes) {
            QVERIFY(p.latency);
            QVERIFY(p.latency->stats.pairs > 0);
            pairs += p.latency->stats.pairs;
            QCOMPARE(p.latency->stats.p99Ns, a->planes[0].latency->stats.p99Ns);   // identical planes
        }
        QCOMPARE(a->latency->stats.pairs, pairs);
        QCOMPARE(a->latency->stats.p99Ns, a->planes[0].latency->stats.p99Ns);
    }

    // A pattern runs over every plane's endpoints at once: a pair on two planes goes through
    // NVLink to the source server's endpoint on the destination's rail (PXN), so no pair is left
    // out; every plane's cables carry bytes.
    void patternOnEveryPlane()
    {
        const Design d = dgx(8, 2);
        NetworkRequest request;
        request.latency = false;
        request.workloads = {workload("alltoall", 1e6)};
        auto a = analyzeNetwork(d, m_catalog, request);
        QVERIFY(a.ok());
        const TrafficResult &t = a->traffic.front();
        QCOMPARE(t.endpoints, std::uint32_t(64));
        // 64 × 63 ordered pairs but the 8 servers' 2 × 4 × 4 pairs across their own planes,
        // which stay on NVLink: 3,776 (one plane's own pairs alone were 2 × 32 × 31 = 1,984).
        QCOMPARE(t.flows, std::size_t(64 * 63 - 8 * 2 * 4 * 4));
        QCOMPARE(t.unroutableFlows, std::size_t(0));
        NetworkRequest one = request;   // plane 1 alone: its own endpoints only
        one.plane = 1;
        auto alone = analyzeNetwork(d, m_catalog, one);
        QVERIFY(alone.ok());
        QCOMPARE(alone->traffic.front().flows, std::size_t(32 * 31));
        QVERIFY(t.completionS > 1.5 * alone->traffic.front().completionS);
        std::set<int> busyPlanes;
        const std::vector<double> util = cableUtilization(t, d.links.size());
        for (std::size_t l = 0; l < d.links.size(); ++l)
            if (util[l] > 0)
                busyPlanes.insert(linkPlane(d, d.links[l]));
        QCOMPARE(busyPlanes, (std::set<int>{1, 2}));
        QCOMPARE(t.completionS, std::max(a->planes[0].completionS[0], a->planes[1].completionS[0]));
    }

    // Rail-only: each rail its own network. A pattern over every HCA reaches another rail of
    // another server through NVLink first (PXN): 32 × 31 pairs but each server's 8 × 7 among its
    // own rails (NVLink only), none unroutable; a shift by one runs on every rail at once.
    void railOnlyPatternThroughPxn()
    {
        FatTreeSpec spec;
        spec.servers = {{"dgx-h100", 4}};
        spec.switchPart = "qm9700";
        spec.railOnly = true;
        const Design d = test::generateOrStop(spec);
        NetworkRequest request;
        request.latency = request.metrics = request.reachability = false;
        request.workloads = {workload("alltoall", 1e6), workload("shift:1", 1e6)};
        auto a = analyzeNetwork(d, m_catalog, request);
        QVERIFY2(a.ok(), a.ok() ? "" : a.error().message.c_str());
        QCOMPARE(a->planes.size(), std::size_t(8));
        const TrafficResult &all = a->traffic[0], &shift = a->traffic[1];
        QCOMPARE(all.endpoints, std::uint32_t(32));
        QCOMPARE(all.flows, std::size_t(32 * 31 - 4 * 8 * 7));
        QCOMPARE(all.unroutableFlows, std::size_t(0));
        QVERIFY(all.completionS > 0);
        QCOMPARE(shift.unroutableFlows, std::size_t(0));
        QVERIFY(shift.flows > 0);
    }

    // A collective spreads over the planes: each carries half the bytes, at once, so the
    // all-reduce takes what it takes on the same servers as one fabric.
    void collectiveSpreadOverPlanes()
    {
        NetworkRequest request;
        request.latency = request.metrics = request.reachability = false;
        request.workloads = {workload("allreduce", 1 << 30), workload("nccl-alltoall", 1 << 28)};
        auto split = analyzeNetwork(dgx(16, 2), m_catalog, request);
        auto whole = analyzeNetwork(dgx(16, 1), m_catalog, request);
        QVERIFY(split.ok() && whole.ok());
        for (std::size_t i = 0; i < 2; ++i) {
            const CollectiveEstimate &s = *split->traffic[i].collective, &w = *whole->traffic[i].collective;
            QCOMPARE(s.bytes, w.bytes);
            QCOMPARE(s.ranks, w.ranks);
            QCOMPARE(split->traffic[i].rails, std::uint32_t(8));
            QVERIFY2(std::abs(s.timeS - w.timeS) <= 0.01 * w.timeS, qPrintable(QString::number(s.timeS / w.timeS)));
            QVERIFY(std::abs(s.busbwGBps - w.busbwGBps) <= 0.01 * w.busbwGBps);
            QCOMPARE(split->traffic[i].completionS, s.timeS);
        }
        // One plane alone carries half of the buffer.
        NetworkRequest one = request;
        one.plane = 1;
        auto plane1 = analyzeNetwork(dgx(16, 2), m_catalog, one);
        QVERIFY(plane1.ok());
        QCOMPARE(plane1->traffic[0].rails, std::uint32_t(4));
    }

    // A collective over the first N GPUs only.
    void collectiveOverSomeGpus()
    {
        NetworkRequest request;
        request.latency = request.metrics = request.reachability = false;
        WorkloadSpec w = workload("allreduce", 1 << 26);
        w.gpus = 32;
        request.workloads = {w};
        auto a = analyzeNetwork(dgx(16, 2), m_catalog, request);
        QVERIFY(a.ok());
        QCOMPARE(a->traffic[0].collective->ranks, std::uint32_t(32));
        QCOMPARE(a->traffic[0].servers, std::uint32_t(4));
        w.gpus = 1000;
        request.workloads = {w};
        auto tooMany = analyzeNetwork(dgx(16, 2), m_catalog, request);
        QVERIFY(tooMany.ok());
        QCOMPARE(tooMany->traffic[0].issue, TrafficResult::Issue::NoGpuServers);
    }

    // Route classes on every plane: the aggregated all-to-all is the per-flow one, plane by
    // plane and cable by cable; a cancel asked while the second plane's workload runs stops
    // the whole analysis.
    void aggregatedOnEveryPlane()
    {
        const Design d = dgx(16, 2);
        NetworkRequest request;
        request.latency = request.metrics = request.reachability = false;
        request.workloads = {workload("alltoall", 1e6)};
        request.aggregation = FlowAggregation::Never;
        auto perFlow = analyzeNetwork(d, m_catalog, request);
        request.aggregation = FlowAggregation::Always;
        auto classes = analyzeNetwork(d, m_catalog, request);
        QVERIFY(perFlow.ok() && classes.ok());
        const TrafficResult &p = perFlow->traffic.front(), &c = classes->traffic.front();
        QVERIFY(!p.aggregation.used);
        QVERIFY(c.aggregation.used && c.aggregation.exact);
        QCOMPARE(c.flows, p.flows);
        QVERIFY(std::abs(c.completionS - p.completionS) <= 1e-9 * p.completionS);
        QVERIFY(std::abs(c.lineRateFlowShare - p.lineRateFlowShare) <= 1e-9);
        QCOMPARE(classes->planes.size(), std::size_t(2));
        for (std::size_t i = 0; i < 2; ++i)
            QVERIFY(std::abs(classes->planes[i].completionS[0] - perFlow->planes[i].completionS[0]) <= 1e-9 * p.completionS);
        const auto up = cableUtilization(p, d.links.size()), uc = cableUtilization(c, d.links.size());
        for (std::size_t l = 0; l < d.links.size(); ++l)
            QVERIFY(std::abs(up[l] - uc[l]) <= 1e-9);
        NetworkRequest one = request;   // each plane's classes are counted
        one.plane = 1;
        auto plane1 = analyzeNetwork(d, m_catalog, one);
        QVERIFY(plane1.ok());
        QCOMPARE(c.aggregation.flowClasses, 2 * plane1->traffic.front().aggregation.flowClasses);
        RunControl control;
        bool asked = false;
        control.progress = [&](const Progress &pr) {
            if (pr.stage == AnalysisStage::Traffic && pr.detail == "plane 2") {
                asked = true;
                control.cancel.cancel();
            }
        };
        auto stopped = analyzeNetwork(d, m_catalog, request, control);
        QVERIFY(asked && stopped.ok() && stopped->cancelled);
        QCOMPARE(stopped->planes.size(), std::size_t(2));
    }

    // A switch is in one plane: only that plane is rerouted and loses endpoints; a server is in
    // every plane.
    void failureInItsPlane()
    {
        const Design d = dgx(16, 2);
        NetworkRequest intactRequest;
        intactRequest.latency = false;
        auto intact = analyzeNetwork(d, m_catalog, intactRequest);
        QVERIFY(intact.ok());
        NetworkRequest request = intactRequest;
        request.failures.switches = {"p2-su01-leaf1"};
        request.workloads = {workload("shift:1", 1e6)};
        auto a = analyzeNetwork(d, m_catalog, request);
        QVERIFY2(a.ok(), a.ok() ? "" : a.error().message.c_str());
        QVERIFY(a->failure);
        QCOMPARE(a->failure->planes, std::vector<int>{2});
        QVERIFY(!a->planes[0].failed);
        QVERIFY(a->planes[1].failed);
        QCOMPARE(a->failure->lostEndpoints, std::uint32_t(16));   // the leaf's rail of 16 servers
        QCOMPARE(a->planes[0].reachability->pairs, intact->planes[0].reachability->pairs);
        QVERIFY(a->planes[1].reachability->pairs < intact->planes[1].reachability->pairs);
        QCOMPARE(a->failure->before->pairs, intact->reachability->pairs);
        QCOMPARE(a->failure->metricsBefore->bisectionGbps, intact->metrics->bisectionGbps);
        QVERIFY(a->metrics->bisectionGbps < intact->metrics->bisectionGbps);
        QCOMPARE(a->failure->trafficBefore.size(), std::size_t(1));
        const auto leafLinks = std::count_if(d.links.begin(), d.links.end(), [&](const Link &l) {
            return d.node(l.a.node).id == "p2-su01-leaf1" || d.node(l.b.node).id == "p2-su01-leaf1";
        });
        QCOMPARE(a->failure->cables.links, int(leafLinks));
        request.failures = {};
        request.failures.servers = {"gpu001"};
        auto server = analyzeNetwork(d, m_catalog, request);
        QVERIFY(server.ok());
        QCOMPARE(server->failure->planes, (std::vector<int>{1, 2}));
        QCOMPARE(server->failure->lostEndpoints, std::uint32_t(8));
        request.failures.servers = {"no-such-node"};
        QVERIFY(!analyzeNetwork(d, m_catalog, request).ok());
    }
};

CPLAN_TEST_APPLESS_MAIN(TestPlaneAnalysis)
#include "tst_planeanalysis.moc"
