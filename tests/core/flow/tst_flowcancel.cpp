// A flow simulation that is asked to stop: between events, and inside one long event (a cancel
// must take effect within 100 ms even when one rate computation covers millions of flows).
#include "flow/flowsimulator.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <cmath>

using namespace cplan;

namespace {

constexpr double kBw = 400e9 / 8.0;    // 400 Gb/s in bytes/s
constexpr double kMiB = 1048576.0;

using test::near;

} // namespace

class TestFlowCancel : public QObject
{
    Q_OBJECT

private slots:
    void cancelStopsBetweenEvents();
    void cancelStopsInsideAnEvent();
};

// A cancel asked for stops the run before its next event: a staggered problem (one event per
// finish) cancelled at the fourth question runs three events and says it stopped.
void TestFlowCancel::cancelStopsBetweenEvents()
{
    FlowProblem p;
    p.capacityBps = {kBw};
    const std::uint32_t link[] = {0};
    for (int i = 1; i <= 20; ++i)
        p.addFlow(link, i * kMiB);
    const FlowResult full = simulateFlows(p);
    QVERIFY(!full.cancelled);
    QCOMPARE(full.events, std::size_t(20));
    int asked = 0;
    FlowOptions o;
    o.cancelled = [&] { return ++asked > 3; };
    const FlowResult stopped = simulateFlows(p, o);
    QVERIFY(stopped.cancelled);
    QCOMPARE(asked, 4);
    QCOMPARE(stopped.events, std::size_t(3));
    QVERIFY(std::isinf(stopped.finishS.back()));
}

// A cancel reaches inside one long event: 40,000 flows on one link are one rate computation,
// which asks again while it runs and stops there (no event completed).
void TestFlowCancel::cancelStopsInsideAnEvent()
{
    FlowProblem p;
    p.capacityBps = {kBw};
    const std::uint32_t link[] = {0};
    for (int i = 0; i < 40000; ++i)
        p.addFlow(link, kMiB);
    int asked = 0;
    FlowOptions o;
    o.aggregateIdenticalPaths = false;   // 40,000 solver entries, not one of weight 40,000
    o.cancelled = [&] { return ++asked > 1; };
    const FlowResult stopped = simulateFlows(p, o);
    QVERIFY(stopped.cancelled);
    QCOMPARE(asked, 2);
    QCOMPARE(stopped.events, std::size_t(0));
    o.cancelled = [] { return false; };
    const FlowResult full = simulateFlows(p, o);
    QVERIFY(!full.cancelled);
    QVERIFY(near(full.completionS, 40000 * kMiB / kBw));
}

CPLAN_TEST_APPLESS_MAIN(TestFlowCancel)
#include "tst_flowcancel.moc"
