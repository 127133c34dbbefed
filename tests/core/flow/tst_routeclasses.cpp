// Route classes (flow/routeclasses.h): weights and repeated links in the flow model, the
// classes of a small problem, and the aggregated run against the per-flow run through the
// engine's entry point: equal on the symmetric samples, marked approximate (with its error
// printed) when the classes are capped.
#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "analysis/network.h"
#include "catalog/catalog.h"
#include "flow/flowsimulator.h"
#include "flow/routeclasses.h"
#include "routing/routedflows.h"
#include "workload/trafficpattern.h"
#endif

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <cmath>

using namespace cplan;

namespace {

using test::near;

// A flow problem as a lister (the per-flow problem listed flow by flow).
FlowLister listerOf(const FlowProblem &p)
{
    return [&p](const FlowVisitor &visit) {
        for (std::size_t f = 0; f < p.flowCount(); ++f)
            if (!visit(ListedBundle{p.path(f).first(1), {}, p.path(f).subspan(1), p.bytes[f], 0.0}))
                return false;
        return true;
    };
}

// Two leaves of two hosts under one spine, links 0..7: host h up (h), leaf down to host h
// (4 + h); leaf a up (8 + a), spine down to leaf a (10 + a).
FlowProblem twoLeaves(double spineBps, double bytes)
{
    FlowProblem p;
    p.capacityBps.assign(12, 100.0);
    p.capacityBps[8] = p.capacityBps[9] = p.capacityBps[10] = p.capacityBps[11] = spineBps;
    for (std::uint32_t s = 0; s < 4; ++s) {
        for (std::uint32_t d = 0; d < 4; ++d) {
            if (s == d)
                continue;
            const std::uint32_t a = s / 2, b = d / 2;
            if (a == b) {
                const std::uint32_t path[] = {s, 4 + d};
                p.addFlow(path, bytes);
            } else {
                const std::uint32_t path[] = {s, 8 + a, 10 + b, 4 + d};
                p.addFlow(path, bytes);
            }
        }
    }
    return p;
}

} // namespace

class TestRouteClasses : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;

    NetworkAnalysis analyze(const Design &d, const char *pattern, bool ideal, FlowAggregation aggregation,
                            std::uint64_t budget = NetworkRequest{}.trafficMemoryBudget)
    {
        auto w = parseWorkload(pattern);
        if (!w)
            qFatal("workload: %s", w.error().message.c_str());
        w->ideal = ideal;
        NetworkRequest request;
        request.reachability = request.metrics = request.latency = false;
        request.workloads = {*w};
        request.aggregation = aggregation;
        request.trafficMemoryBudget = budget;
        auto r = analyzeNetwork(d, m_catalog, request);
        if (!r)
            qFatal("analysis: %s", r.error().message.c_str());
        return std::move(*r);
    }

private slots:
    void initTestCase() { m_catalog = test::builtinCatalog(); }

    // A path that crosses a link twice takes its rate there twice.
    void repeatedLinkCountsTwice()
    {
        FlowProblem p;
        p.capacityBps = {3.0};
        const std::uint32_t twice[] = {0, 0}, once[] = {0};
        p.addFlow(twice, 1.0);
        p.addFlow(once, 1.0);
        QVERIFY(checkFlowProblem(p).empty());
        const auto rates = maxMinRates(p);
        QVERIFY(near(rates[0], 1.0) && near(rates[1], 1.0));   // 2r + r = 3
        const FlowResult r = simulateFlows(p);
        QVERIFY(near(r.linkBytes[0], 3.0));   // the first flow's byte crosses twice
    }

    // A flow of weight w is w identical flows: the same finishes and link bytes.
    void weightIsIdenticalFlows()
    {
        FlowProblem single, weighted;
        single.capacityBps = weighted.capacityBps = {10.0, 4.0};
        const std::uint32_t a[] = {0}, b[] = {0, 1};
        for (int i = 0; i < 3; ++i)
            single.addFlow(a, 6.0);
        single.addFlow(b, 2.0);
        weighted.addFlow(a, 6.0);
        weighted.addFlow(b, 2.0);
        weighted.weight = {3.0, 1.0};
        QVERIFY(checkFlowProblem(weighted).empty());
        const FlowResult s = simulateFlows(single), w = simulateFlows(weighted);
        QVERIFY(near(s.finishS[0], w.finishS[0]) && near(s.finishS[3], w.finishS[1]));
        QVERIFY(near(s.completionS, w.completionS));
        for (std::size_t l = 0; l < 2; ++l)
            QVERIFY(near(s.linkBytes[l], w.linkBytes[l]) && near(s.linkUtilization[l], w.linkUtilization[l]));
        for (const std::vector<double> &bad : {std::vector<double>{0.0, 1.0}, {-1.0, 1.0}, {1.0}}) {
            weighted.weight = bad;   // not > 0, or not one per flow
            QVERIFY(checkFlowProblem(weighted).find("weight") != std::string::npos);
        }
    }

    // All-to-all on two symmetric leaves: intra- and inter-leaf flows, host and spine links;
    // exact, and the aggregated run is the per-flow run. A thin spine changes the rates, not
    // the exactness.
    void smallSymmetricProblem()
    {
        for (double spine : {100.0, 30.0}) {
            const FlowProblem p = twoLeaves(spine, 1000.0);
            const RouteClasses c = findRouteClasses(p.capacityBps, listerOf(p));
            QVERIFY(c.exact && !c.cancelled);
            QCOMPARE(c.flows, std::uint64_t(12));
            QCOMPARE(c.problem.flowCount(), std::size_t(2));   // intra-leaf, inter-leaf
            QCOMPARE(c.imbalance, 0.0);
            const FlowResult exact = simulateFlows(p), agg = simulateFlows(c.problem);
            FlowResult spread;
            spreadLinkFigures(c, agg, spread);
            QVERIFY2(near(exact.completionS, spread.completionS), qPrintable(QString::number(spread.completionS)));
            for (std::size_t l = 0; l < p.capacityBps.size(); ++l)
                QVERIFY(near(exact.linkUtilization[l], spread.linkUtilization[l], 1e-9, 1e-12)
                        && near(exact.linkBytes[l], spread.linkBytes[l], 1e-9, 1e-9));
        }
    }

    // One slow host link breaks the symmetry: the refinement keeps it and its flows apart, and
    // the result is still exact. Capped at two classes it is an approximation and says so.
    void asymmetryRefinesOrIsMarked()
    {
        FlowProblem p = twoLeaves(100.0, 1000.0);
        p.capacityBps[0] = 40.0;   // host 0 sends slowly
        const RouteClasses c = findRouteClasses(p.capacityBps, listerOf(p));
        QVERIFY(c.exact);
        QVERIFY(c.problem.flowCount() > 2);
        const FlowResult exact = simulateFlows(p), agg = simulateFlows(c.problem);
        QVERIFY(near(exact.completionS, agg.completionS));
        RouteClassOptions capped;
        capped.maxClasses = c.problem.flowCount() - 1;
        const RouteClasses a = findRouteClasses(p.capacityBps, listerOf(p), capped);
        qInfo("exact %zu classes, capped %zu", c.problem.flowCount(), a.problem.flowCount());
        QVERIFY(!a.exact);
        QVERIFY(a.problem.flowCount() < c.problem.flowCount() && a.problem.flowCount() > 0);
        capped.maxClasses = 0;   // not even one class fits: none
        QCOMPARE(findRouteClasses(p.capacityBps, listerOf(p), capped).problem.flowCount(), std::size_t(0));
    }

    void cancelStopsTheListing()
    {
        FlowProblem p;
        p.capacityBps = {1.0, 1.0};
        const std::uint32_t a[] = {0};
        for (int i = 0; i < 200000; ++i)
            p.addFlow(a, 1.0);
        int asked = 0;
        RouteClassOptions o;
        o.cancelled = [&asked] { return ++asked >= 2; };
        const RouteClasses c = findRouteClasses(p.capacityBps, listerOf(p), o);
        QVERIFY(c.cancelled);
        QCOMPARE(asked, 2);
        QCOMPARE(c.problem.flowCount(), std::size_t(0));
    }

    // The acceptance: through the engine's entry point, the aggregated run equals the per-flow
    // run on the SuperPOD samples: completion, every link's utilization, the line-rate share.
    void samplesMatchPerFlow_data()
    {
        QTest::addColumn<QString>("sample");
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<bool>("ideal");
        for (const char *s : {"dgx-h100-superpod-1su.cluster.yaml", "dgx-h100-superpod-4su.cluster.yaml"})
            for (const char *p : {"alltoall", "uniform:4", "permutation", "shift:9"})
                for (bool ideal : {true, false})
                    QTest::addRow("%s %s %s", s, p, ideal ? "ideal" : "real")
                        << QString::fromLatin1(s) << QString::fromLatin1(p) << ideal;
    }

    void samplesMatchPerFlow()
    {
        QFETCH(QString, sample);
        QFETCH(QString, pattern);
        QFETCH(bool, ideal);
        const Design d = test::loadSample(sample.toStdString(), m_catalog);
        const std::string name = pattern.toStdString();
        const NetworkAnalysis perFlow = analyze(d, name.c_str(), ideal, FlowAggregation::Never);
        const NetworkAnalysis classes = analyze(d, name.c_str(), ideal, FlowAggregation::Always);
        const TrafficResult &e = perFlow.traffic.front(), &a = classes.traffic.front();
        QCOMPARE(e.issue, TrafficResult::Issue::None);
        QCOMPARE(a.issue, TrafficResult::Issue::None);
        QVERIFY(!e.aggregation.used && a.aggregation.used);
        QVERIFY(a.aggregation.exact);
        QCOMPARE(a.aggregation.imbalance, 0.0);
        QCOMPARE(a.flows, e.flows);
        if (pattern == QLatin1String("alltoall"))   // the symmetric pattern: a handful of classes
            QVERIFY2(a.aggregation.flowClasses < 100, qPrintable(QString::number(a.aggregation.flowClasses)));
        QVERIFY2(near(a.completionS, e.completionS, 1e-9), qPrintable(QStringLiteral("%1 vs %2").arg(a.completionS).arg(e.completionS)));
        QVERIFY(near(a.maxLinkUtilization, e.maxLinkUtilization, 1e-9));
        QVERIFY(near(a.meanBusyLinkUtilization, e.meanBusyLinkUtilization, 1e-9));
        QVERIFY(near(a.lineRateFlowShare, e.lineRateFlowShare, 1e-12, 1e-12));
        QCOMPARE(a.busyLinks, e.busyLinks);
        QCOMPARE(a.channels.size(), e.channels.size());
        for (std::size_t i = 0; i < e.channels.size(); ++i)
            QVERIFY2(near(a.channels[i].utilization, e.channels[i].utilization, 1e-9, 1e-12),
                     qPrintable(QStringLiteral("channel %1: %2 vs %3").arg(i).arg(a.channels[i].utilization).arg(e.channels[i].utilization)));
    }

    // A collective over the budget runs by classes too, with the same figures.
    void collectiveMatchesPerFlow()
    {
        const Design d = test::loadSample("dgx-h100-superpod-1su.cluster.yaml", m_catalog);
        const TrafficResult e = analyze(d, "nccl-alltoall", true, FlowAggregation::Never).traffic.front();
        const TrafficResult a = analyze(d, "nccl-alltoall", true, FlowAggregation::Always).traffic.front();
        QVERIFY(a.aggregation.used && a.aggregation.exact && a.collective && e.collective);
        QVERIFY(near(a.completionS, e.completionS, 1e-9));
        QVERIFY(near(a.collective->busbwGBps, e.collective->busbwGBps, 1e-9));
    }

    // Capped below what the exact partition needs, a run is marked approximate with its links'
    // imbalance; how far it is from the per-flow run is printed and bounded by what was seen
    // (-33 % with a 49 % imbalance, -60 % with 148 %): the fallback is the last refinement round
    // that fit, which here is the first (a class per path shape), and it spreads the busiest
    // links' flows over their whole class, so it finishes early.
    void cappedIsApproximate_data()
    {
        QTest::addColumn<QString>("sample");
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<double>("maxError");   // completion, relative
        QTest::newRow("1-SU uniform:64") << QStringLiteral("dgx-h100-superpod-1su.cluster.yaml") << QStringLiteral("uniform:64") << 0.5;
        QTest::newRow("torus alltoall") << QStringLiteral("torus-4x4.cluster.yaml") << QStringLiteral("alltoall") << 1.0;
    }

    void cappedIsApproximate()
    {
        QFETCH(QString, sample);
        QFETCH(QString, pattern);
        QFETCH(double, maxError);
        const Design d = test::loadSample(sample.toStdString(), m_catalog);
        const std::string name = pattern.toStdString();
        const TrafficResult e = analyze(d, name.c_str(), true, FlowAggregation::Never).traffic.front();
        const TrafficResult x = analyze(d, name.c_str(), true, FlowAggregation::Always).traffic.front();
        QVERIFY(x.aggregation.exact);
        QVERIFY(near(x.completionS, e.completionS, 1e-9));
        const std::uint64_t budget = 64 * kTrafficBytesPerFlow;   // 64 classes
        const TrafficResult a = analyze(d, name.c_str(), true, FlowAggregation::Auto, budget).traffic.front();
        QCOMPARE(a.issue, TrafficResult::Issue::None);
        QVERIFY(a.aggregation.used && !a.aggregation.exact);
        QVERIFY(a.aggregation.flowClasses <= 64);
        QVERIFY(a.aggregation.imbalance > 0);
        double worstChannel = 0;
        for (std::size_t i = 0; i < e.channels.size(); ++i)
            worstChannel = std::max(worstChannel, std::abs(a.channels[i].utilization - e.channels[i].utilization));
        const double completionError = a.completionS / e.completionS - 1;
        qInfo("%s %s, %zu classes (exact: %zu): completion %.6g ms vs %.6g ms per flow (%+.1f%%), mean busy utilization %.3f "
              "vs %.3f, worst link utilization off by %.3f, link imbalance %.1f%%",
              qPrintable(sample), name.c_str(), a.aggregation.flowClasses, x.aggregation.flowClasses, a.completionS * 1e3,
              e.completionS * 1e3, 100 * completionError, a.meanBusyLinkUtilization, e.meanBusyLinkUtilization, worstChannel,
              100 * a.aggregation.imbalance);
        QVERIFY(std::abs(completionError) <= maxError);
    }
};

CPLAN_TEST_APPLESS_MAIN(TestRouteClasses)
#include "tst_routeclasses.moc"
