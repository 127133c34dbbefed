#include "flow/flowsimulator.h"
#include "flow/maxminsolver.h"
#include "simgridfattree.h"
#include "workload/trafficpattern.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace cplan;

namespace {

constexpr double kBw = 400e9 / 8.0;    // 400 Gb/s in bytes/s
constexpr double kMiB = 1048576.0;

using test::near;

FlowProblem onTree(const bench::SimGridFatTree &tree, const std::vector<Demand> &demands)
{
    FlowProblem p;
    p.capacityBps.assign(tree.linkCount(), kBw);
    std::vector<std::uint32_t> route;
    for (const Demand &d : demands) {
        route.clear();
        tree.route(d.src, d.dst, route);
        p.addFlow(route, d.bytes);
    }
    return p;
}

std::vector<Demand> pattern(const char *name, std::uint32_t n, double bytes, std::uint64_t seed = 1)
{
    auto spec = parsePattern(name);
    Q_ASSERT(spec.ok());
    auto d = generateTraffic(*spec, n, bytes, seed);
    Q_ASSERT(d.ok());
    return *d;
}

// Textbook reference: full progressive filling from scratch at every event, one flow at a time.
std::vector<double> referenceFinish(const FlowProblem &p)
{
    const std::size_t F = p.flowCount(), L = p.capacityBps.size();
    std::vector<double> left(p.bytes), finish(F, std::numeric_limits<double>::infinity()), rate(F);
    std::vector<char> done(F, 0);
    double t = 0;
    for (;;) {
        std::vector<char> active(F, 0), frozen(F, 0);
        for (std::size_t f = 0; f < F; ++f)
            active[f] = !done[f] && p.start(f) <= t * (1 + 1e-12);
        std::vector<double> cap(p.capacityBps);
        std::fill(rate.begin(), rate.end(), 0.0);
        for (;;) {
            std::vector<int> count(L, 0);
            for (std::size_t f = 0; f < F; ++f)
                if (active[f] && !frozen[f])
                    for (auto l : p.path(f))
                        ++count[l];
            double best = std::numeric_limits<double>::infinity();
            std::size_t bl = L;
            for (std::size_t l = 0; l < L; ++l)
                if (count[l] > 0 && cap[l] / count[l] < best) {
                    best = cap[l] / count[l];
                    bl = l;
                }
            if (bl == L)
                break;
            for (std::size_t f = 0; f < F; ++f) {
                if (!active[f] || frozen[f])
                    continue;
                const auto path = p.path(f);
                if (std::find(path.begin(), path.end(), bl) == path.end())
                    continue;
                frozen[f] = 1;
                rate[f] = best;
                for (auto l : path)
                    cap[l] -= best;
            }
        }
        double next = std::numeric_limits<double>::infinity();
        for (std::size_t f = 0; f < F; ++f) {
            if (active[f] && rate[f] > 0)
                next = std::min(next, t + left[f] / rate[f]);
            if (!done[f] && !active[f])
                next = std::min(next, p.start(f));
        }
        if (next == std::numeric_limits<double>::infinity())
            break;
        for (std::size_t f = 0; f < F; ++f) {
            if (!active[f])
                continue;
            left[f] -= rate[f] * (next - t);
            if (left[f] <= 1e-9 * p.bytes[f]) {
                done[f] = 1;
                finish[f] = next;
            }
        }
        t = next;
    }
    return finish;
}

} // namespace

class TestFlow : public QObject
{
    Q_OBJECT

private slots:
    void loneFlowGetsFullLink();
    void twoFlowsShareOneLink();
    void textbookMaxMin();
    void shortFlowFinishesThenLongSpeedsUp();
    void delayedStart();
    void allToAllNonBlocking_data();
    void allToAllNonBlocking();
    void oversubscribedCrossLeafGetsHalf();
    void allToAllOversubscribed();
    void shiftPermutationsNeverShareALink();
    void matchesReferenceOnRandomInstances();
    void aggregationDoesNotChangeResults();
    void deterministic();
    void zeroCapacityNeverFinishes();
    void incrementalSolverMatchesFreshSolve();
    void incrementalSolverTouchesOnlyItsComponent();
    void localSolverMatchesFreshSolve();
    void localSolverReratesOnlyBrokenBottlenecks();
    void checkRejectsMalformedProblems();
};

void TestFlow::loneFlowGetsFullLink()
{
    FlowProblem p;
    p.capacityBps = {kBw, kBw};
    const std::uint32_t path[] = {0, 1};
    p.addFlow(path, kMiB);
    const FlowResult r = simulateFlows(p);
    QVERIFY(near(r.rateAtStartBps[0], kBw));
    QVERIFY(near(r.finishS[0], kMiB / kBw));
    QVERIFY(near(r.completionS, kMiB / kBw));
    QVERIFY(near(r.linkBytes[0], kMiB));
    QVERIFY(near(r.linkUtilization[1], 1.0));
    QCOMPARE(r.unfinished, std::size_t(0));
}

void TestFlow::twoFlowsShareOneLink()
{
    FlowProblem p;
    p.capacityBps = {kBw, kBw, kBw};
    const std::uint32_t a[] = {0, 1}, b[] = {0, 2};
    p.addFlow(a, kMiB);
    p.addFlow(b, kMiB);
    const FlowResult r = simulateFlows(p);
    for (int f = 0; f < 2; ++f) {
        QVERIFY(near(r.rateAtStartBps[f], kBw / 2));
        QVERIFY(near(r.finishS[f], 2 * kMiB / kBw));
    }
    QVERIFY(near(r.linkUtilization[0], 1.0));
    QVERIFY(near(r.linkUtilization[1], 0.5));
    QVERIFY(near(r.linkPeakLoadBps[0], kBw));
    QCOMPARE(r.events, std::size_t(1));
}

// Links L0 = 10, L1 = 8, L2 = 12; A: L0 L1, B: L0, C: L1 L2, D: L2.
// L1 saturates first (8/2 = 4): A = C = 4; then B = 10 - 4 = 6, D = 12 - 4 = 8.
void TestFlow::textbookMaxMin()
{
    FlowProblem p;
    p.capacityBps = {10, 8, 12};
    const std::uint32_t a[] = {0, 1}, b[] = {0}, c[] = {1, 2}, d[] = {2};
    p.addFlow(a, 100);
    p.addFlow(b, 100);
    p.addFlow(c, 100);
    p.addFlow(d, 100);
    const auto rates = maxMinRates(p);
    QVERIFY(near(rates[0], 4));
    QVERIFY(near(rates[1], 6));
    QVERIFY(near(rates[2], 4));
    QVERIFY(near(rates[3], 8));
    const FlowResult r = simulateFlows(p);
    QVERIFY(near(r.rateAtStartBps[3], 8));
    // Hand-computed events: D done at 100/8 = 12.5 (A 50, B 75, C 50 sent). Then C gets
    // min(8 - 4, 12) -> still 4 (L1 shared with A). B finishes at 100/6 = 16.667 (A: 66.67,
    // C: 66.67 sent); then A gets min(10, 8/2) = 4 -> no change; A and C finish at 25.
    QVERIFY(near(r.finishS[3], 12.5));
    QVERIFY(near(r.finishS[1], 100.0 / 6.0));
    QVERIFY(near(r.finishS[0], 25.0));
    QVERIFY(near(r.finishS[2], 25.0));
}

// Link C = 1: short (1) and long (3) share it at 1/2 each; short done at 2, then the long one
// has 2 left at full rate: done at 4.
void TestFlow::shortFlowFinishesThenLongSpeedsUp()
{
    FlowProblem p;
    p.capacityBps = {1.0};
    const std::uint32_t l[] = {0};
    p.addFlow(l, 1.0);
    p.addFlow(l, 3.0);
    for (bool aggregate : {true, false}) {
        FlowOptions o;
        o.aggregateIdenticalPaths = aggregate;
        const FlowResult r = simulateFlows(p, o);
        QVERIFY(near(r.finishS[0], 2.0));
        QVERIFY(near(r.finishS[1], 4.0));
        QVERIFY(near(r.rateAtStartBps[1], 0.5));
        QCOMPARE(r.classes, std::size_t(aggregate ? 1 : 2));
    }
    // Two links: X (cap 2) on L0+L1, Y (cap) on L1 only, Z on L0 only. L0 = 2, L1 = 1.
    // X = Y = 0.5 (L1), Z = 1.5. Sizes X 1, Y 0.5, Z 3: Y done at 1 (X sent 0.5, Z 1.5);
    // then X = 1 (L1 alone) and Z = 1 (L0 2 - 1): X done at 1.5, Z has 1.5 - 0.5 = 1 left at 2
    // -> done at 2.
    FlowProblem q;
    q.capacityBps = {2.0, 1.0};
    const std::uint32_t x[] = {0, 1}, y[] = {1}, z[] = {0};
    q.addFlow(x, 1.0);
    q.addFlow(y, 0.5);
    q.addFlow(z, 3.0);
    const FlowResult r = simulateFlows(q);
    QVERIFY(near(r.finishS[1], 1.0));
    QVERIFY(near(r.finishS[0], 1.5));
    QVERIFY(near(r.finishS[2], 2.0));
    QVERIFY(near(r.linkPeakLoadBps[0], 2.0));
    // A finish that held nobody back re-rates nobody: A (link 0, cap 1) and B (link 1, cap 2)
    // share link 2 (cap 10), which never fills; when A is done at 1, B keeps its 2 and is done
    // at 5. Two flows rated once, nothing after (a whole-fabric re-rate would count 3).
    FlowProblem u;
    u.capacityBps = {1.0, 2.0, 10.0};
    const std::uint32_t ua[] = {0, 2}, ub[] = {1, 2};
    u.addFlow(ua, 1.0);
    u.addFlow(ub, 10.0);
    const FlowResult ru = simulateFlows(u);
    QVERIFY(near(ru.finishS[0], 1.0));
    QVERIFY(near(ru.finishS[1], 5.0));
    QCOMPARE(ru.rerated, std::size_t(2));
}

void TestFlow::delayedStart()
{
    // A (2 bytes) alone from 0 at rate 1; B (1 byte) joins at 1: both at 0.5; A has 1 left,
    // B 1 -> both finish at 3.
    FlowProblem p;
    p.capacityBps = {1.0};
    const std::uint32_t l[] = {0};
    p.addFlow(l, 2.0, 0.0);
    p.addFlow(l, 1.0, 1.0);
    const FlowResult r = simulateFlows(p);
    QVERIFY(near(r.finishS[0], 3.0));
    QVERIFY(near(r.finishS[1], 3.0));
    QVERIFY(near(r.rateAtStartBps[0], 1.0));
    QVERIFY(near(r.rateAtStartBps[1], 0.5));
}

void TestFlow::allToAllNonBlocking_data()
{
    QTest::addColumn<QString>("topo");
    QTest::newRow("32 hosts 2;4,8;1,4;1,1") << QStringLiteral("2;4,8;1,4;1,1");
    QTest::newRow("64 hosts 2;8,8;1,8;1,1") << QStringLiteral("2;8,8;1,8;1,1");
    QTest::newRow("128 hosts 2;8,16;1,8;1,1") << QStringLiteral("2;8,16;1,8;1,1");
}

// Every host pushes (N-1)·S through its one link: completion (N-1)·S/B, one event, all rates B/(N-1).
void TestFlow::allToAllNonBlocking()
{
    QFETCH(QString, topo);
    const auto tree = bench::SimGridFatTree::parse(topo.toStdString());
    QVERIFY(tree);
    const std::uint32_t n = tree->hosts();
    const FlowProblem p = onTree(*tree, pattern("alltoall", n, kMiB));
    QCOMPARE(p.flowCount(), std::size_t(n) * (n - 1));
    const FlowResult r = simulateFlows(p);
    QVERIFY2(near(r.completionS, (n - 1) * kMiB / kBw), qPrintable(QString::number(r.completionS, 'g', 17)));
    QCOMPARE(r.events, std::size_t(1));
    for (double rate : r.rateAtStartBps)
        QVERIFY(near(rate, kBw / (n - 1)));
    QVERIFY(near(r.maxLinkUtilization, 1.0));
}

// 2;4,8;1,2;1,1: 8 leaves of 4 hosts with 2 uplinks (2:1). shift:4 sends every leaf's hosts to
// the next leaf: 4 flows over 2 uplinks, D-mod-K puts 2 on each: every flow gets half.
void TestFlow::oversubscribedCrossLeafGetsHalf()
{
    const auto tree = bench::SimGridFatTree::parse("2;4,8;1,2;1,1");
    QVERIFY(tree);
    const FlowProblem p = onTree(*tree, pattern("shift:4", tree->hosts(), kMiB));
    const FlowResult r = simulateFlows(p);
    for (std::size_t f = 0; f < p.flowCount(); ++f) {
        QVERIFY(near(r.rateAtStartBps[f], kBw / 2));
        QVERIFY(near(r.finishS[f], 2 * kMiB / kBw));
    }
}

// Same 2:1 tree, alltoall 32: SimGrid 3.32 gives 56·B/bw = 1.17440512e-03 s in `none` mode
// (and 1.17480512e-03 in `start` mode with 100 ns/hop, which bench_flow reproduces too).
void TestFlow::allToAllOversubscribed()
{
    const auto tree = bench::SimGridFatTree::parse("2;4,8;1,2;1,1");
    QVERIFY(tree);
    const FlowProblem p = onTree(*tree, pattern("alltoall", tree->hosts(), kMiB));
    const FlowResult r = simulateFlows(p);
    QVERIFY2(near(r.completionS, 56 * kMiB / kBw), qPrintable(QString::number(r.completionS, 'g', 17)));
    // Against the textbook reference solver too.
    const auto ref = referenceFinish(p);
    for (std::size_t f = 0; f < p.flowCount(); ++f)
        QVERIFY(near(r.finishS[f], ref[f], 1e-8));
}

void TestFlow::shiftPermutationsNeverShareALink()
{
    for (const char *topo : {"2;4,8;1,4;1,1", "2;8,8;1,8;1,1", "3;4,4,4;1,4,4;1,1,1"}) {
        const auto tree = bench::SimGridFatTree::parse(topo);
        QVERIFY(tree);
        const std::uint32_t n = tree->hosts();
        for (std::uint32_t k = 1; k < n; ++k) {
            const std::string name = "shift:" + std::to_string(k);
            const FlowProblem p = onTree(*tree, pattern(name.c_str(), n, kMiB));
            std::vector<int> perLink(tree->linkCount(), 0);
            for (auto l : p.pathLinks)
                ++perLink[l];
            QVERIFY2(*std::max_element(perLink.begin(), perLink.end()) <= 1, topo);
            const FlowResult r = simulateFlows(p);
            QVERIFY(near(r.completionS, kMiB / kBw));
        }
    }
}

void TestFlow::matchesReferenceOnRandomInstances()
{
    std::mt19937_64 rng(42);
    for (int instance = 0; instance < 40; ++instance) {
        FlowProblem p;
        const std::uint32_t links = 3 + rng() % 8;
        for (std::uint32_t l = 0; l < links; ++l)
            p.capacityBps.push_back(1.0 + static_cast<double>(rng() % 5));
        const std::uint32_t flows = 2 + rng() % 25;
        for (std::uint32_t f = 0; f < flows; ++f) {
            std::vector<std::uint32_t> path;
            const std::uint32_t len = 1 + rng() % 3;
            while (path.size() < len) {
                const auto l = static_cast<std::uint32_t>(rng() % links);
                if (std::find(path.begin(), path.end(), l) == path.end())
                    path.push_back(l);
            }
            const double start = instance % 2 ? static_cast<double>(rng() % 4) : 0.0;
            p.addFlow(path, 1.0 + static_cast<double>(rng() % 7), start);
        }
        const auto ref = referenceFinish(p);
        const FlowResult r = simulateFlows(p);
        for (std::size_t f = 0; f < flows; ++f)
            QVERIFY2(near(r.finishS[f], ref[f], 1e-7),
                     qPrintable(QStringLiteral("instance %1 flow %2: %3 vs %4")
                                    .arg(instance).arg(f).arg(r.finishS[f], 0, 'g', 17).arg(ref[f], 0, 'g', 17)));
    }
}

void TestFlow::aggregationDoesNotChangeResults()
{
    const auto tree = bench::SimGridFatTree::parse("2;4,8;1,2;1,1");
    QVERIFY(tree);
    auto demands = pattern("uniform:6", tree->hosts(), kMiB, 7);   // duplicates of a pair happen
    std::mt19937_64 rng(3);
    for (Demand &d : demands)
        d.bytes = kMiB * static_cast<double>(1 + rng() % 4);
    const FlowProblem p = onTree(*tree, demands);
    FlowOptions off;
    off.aggregateIdenticalPaths = false;
    const FlowResult a = simulateFlows(p);
    const FlowResult b = simulateFlows(p, off);
    QVERIFY(a.classes < b.classes);
    for (std::size_t f = 0; f < p.flowCount(); ++f)
        QVERIFY(near(a.finishS[f], b.finishS[f], 1e-8));
    QVERIFY(near(a.completionS, b.completionS, 1e-9));
}

void TestFlow::deterministic()
{
    const auto tree = bench::SimGridFatTree::parse("2;8,8;1,4;1,1");
    QVERIFY(tree);
    auto demands = pattern("uniform:8", tree->hosts(), kMiB, 11);
    std::mt19937_64 rng(5);
    for (Demand &d : demands)
        d.bytes = kMiB * static_cast<double>(1 + rng() % 9);
    const FlowProblem p = onTree(*tree, demands);
    const FlowResult a = simulateFlows(p);
    const FlowResult b = simulateFlows(p);
    QVERIFY(a.events > 1);
    QCOMPARE(std::memcmp(a.finishS.data(), b.finishS.data(), a.finishS.size() * sizeof(double)), 0);
    QCOMPARE(std::memcmp(a.linkBytes.data(), b.linkBytes.data(), a.linkBytes.size() * sizeof(double)), 0);
    QCOMPARE(std::memcmp(a.rateAtStartBps.data(), b.rateAtStartBps.data(), a.rateAtStartBps.size() * sizeof(double)), 0);
    QCOMPARE(std::memcmp(&a.completionS, &b.completionS, sizeof(double)), 0);
}

void TestFlow::zeroCapacityNeverFinishes()
{
    FlowProblem p;
    p.capacityBps = {kBw, 0.0};
    const std::uint32_t ok[] = {0}, broken[] = {0, 1};
    p.addFlow(ok, kMiB);
    p.addFlow(broken, kMiB);
    const FlowResult r = simulateFlows(p);
    QCOMPARE(r.unfinished, std::size_t(1));
    QVERIFY(std::isinf(r.finishS[1]));
    QVERIFY(near(r.finishS[0], kMiB / kBw));   // the broken flow takes 0 and leaves the link free
}

void TestFlow::incrementalSolverMatchesFreshSolve()
{
    std::mt19937_64 rng(9);
    std::vector<double> caps;
    for (int l = 0; l < 12; ++l)
        caps.push_back(1.0 + static_cast<double>(rng() % 9));
    MaxMinSolver inc(caps);
    std::vector<std::vector<std::uint32_t>> paths;
    std::vector<MaxMinSolver::FlowId> ids;
    std::vector<char> alive;
    for (int step = 0; step < 200; ++step) {
        if (ids.empty() || rng() % 3 != 0) {
            std::vector<std::uint32_t> path;
            const std::size_t len = 1 + rng() % 4;
            while (path.size() < len) {
                const auto l = static_cast<std::uint32_t>(rng() % caps.size());
                if (std::find(path.begin(), path.end(), l) == path.end())
                    path.push_back(l);
            }
            ids.push_back(inc.addFlow(path, 1.0 + static_cast<double>(rng() % 3)));
            paths.push_back(path);
            alive.push_back(1);
        } else {
            const std::size_t victim = rng() % ids.size();
            inc.removeFlow(ids[victim]);
            alive[victim] = 0;
        }
        inc.solve();
        MaxMinSolver fresh(caps);
        std::vector<MaxMinSolver::FlowId> freshIds(ids.size());
        for (std::size_t i = 0; i < ids.size(); ++i)
            if (alive[i])
                freshIds[i] = fresh.addFlow(paths[i], inc.weight(ids[i]));
        fresh.solve();
        for (std::size_t i = 0; i < ids.size(); ++i)
            if (alive[i])
                QVERIFY(near(inc.rate(ids[i]), fresh.rate(freshIds[i]), 1e-9));
    }
}

void TestFlow::incrementalSolverTouchesOnlyItsComponent()
{
    MaxMinSolver s({1.0, 1.0, 1.0, 1.0});
    const std::uint32_t a[] = {0, 1}, b[] = {1}, c[] = {2, 3}, d[] = {3};
    s.addFlow(a);
    const auto idB = s.addFlow(b);
    const auto idC = s.addFlow(c);
    s.addFlow(d);
    QCOMPARE(s.solve().size(), std::size_t(4));
    QVERIFY(near(s.rate(idC), 0.5));
    s.removeFlow(idB);
    QCOMPARE(s.affectedFlows().size(), std::size_t(1));   // only A, in the {0,1} component
    QCOMPARE(s.solve().size(), std::size_t(1));
    QVERIFY(near(s.rate(0), 1.0));
    QVERIFY(near(s.rate(idC), 0.5));
    QVERIFY(near(s.linkLoad(3), 1.0));
    s.setCapacity(3, 4.0);   // C now limited by link 2 (1.0), D gets 3
    s.solve();
    QVERIFY(near(s.rate(idC), 1.0));
    QVERIFY(near(s.rate(3), 3.0));
}

// solveLocal re-rates only what a change reaches through full links; the rates must still be
// the max-min rates of a fresh solve, through random adds, removals, weight and capacity changes.
void TestFlow::localSolverMatchesFreshSolve()
{
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        std::mt19937_64 rng(seed);
        std::vector<double> caps;
        for (int l = 0; l < 24; ++l)
            caps.push_back(rng() % 4 == 0 ? 100.0 : 1.0 + static_cast<double>(rng() % 9));   // some links never fill
        MaxMinSolver inc(caps);
        std::vector<std::vector<std::uint32_t>> paths;
        std::vector<MaxMinSolver::FlowId> ids;
        std::vector<char> alive;
        for (int step = 0; step < 300; ++step) {
            const int changes = 1 + static_cast<int>(rng() % 3);   // a batch of changes per solve
            for (int c = 0; c < changes; ++c) {
                const auto what = rng() % 8;
                if (ids.empty() || what < 4) {
                    std::vector<std::uint32_t> path;
                    const std::size_t len = 1 + rng() % 5;
                    while (path.size() < len) {
                        const auto l = static_cast<std::uint32_t>(rng() % caps.size());
                        if (std::find(path.begin(), path.end(), l) == path.end())
                            path.push_back(l);
                    }
                    ids.push_back(inc.addFlow(path, 1.0 + static_cast<double>(rng() % 3)));
                    paths.push_back(path);
                    alive.push_back(1);
                } else if (what < 7) {
                    const std::size_t victim = rng() % ids.size();
                    inc.removeFlow(ids[victim]);
                    alive[victim] = 0;
                } else if (what == 7 && rng() % 2) {
                    const std::size_t i = rng() % ids.size();
                    if (alive[i])
                        inc.setWeight(ids[i], 1.0 + static_cast<double>(rng() % 4));
                } else {
                    const auto l = static_cast<std::uint32_t>(rng() % caps.size());
                    caps[l] = 1.0 + static_cast<double>(rng() % 12);
                    inc.setCapacity(l, caps[l]);
                }
            }
            inc.solveLocal();
            MaxMinSolver fresh(caps);
            std::vector<MaxMinSolver::FlowId> freshIds(ids.size());
            for (std::size_t i = 0; i < ids.size(); ++i)
                if (alive[i])
                    freshIds[i] = fresh.addFlow(paths[i], inc.weight(ids[i]));
            fresh.solve();
            for (std::size_t i = 0; i < ids.size(); ++i)
                if (alive[i])
                    QVERIFY2(near(inc.rate(ids[i]), fresh.rate(freshIds[i]), 1e-9),
                             qPrintable(QStringLiteral("seed %1 step %2 flow %3: %4 vs %5")
                                            .arg(seed)
                                            .arg(step)
                                            .arg(i)
                                            .arg(inc.rate(ids[i]))
                                            .arg(fresh.rate(freshIds[i]))));
            for (std::uint32_t l = 0; l < caps.size(); ++l)
                QVERIFY(inc.linkLoad(l) <= caps[l] * (1 + 1e-9));
        }
    }
}

void TestFlow::localSolverReratesOnlyBrokenBottlenecks()
{
    // A on {0,2}, B on {1,2}; link 2 (capacity 10) joins them but never fills.
    MaxMinSolver s({1.0, 1.0, 10.0});
    const std::uint32_t a[] = {0, 2}, b[] = {1, 2}, c[] = {0}, d[] = {2};
    const auto idA = s.addFlow(a);
    const auto idB = s.addFlow(b);
    QCOMPARE(s.solveLocal().size(), std::size_t(2));
    QVERIFY(near(s.rate(idA), 1.0));
    QVERIFY(near(s.rate(idB), 1.0));
    // C shares the full link 0 with A: A and C are re-rated, B is not.
    const auto idC = s.addFlow(c);
    QCOMPARE(s.solveLocal().size(), std::size_t(2));
    QVERIFY(near(s.rate(idA), 0.5));
    QVERIFY(near(s.rate(idC), 0.5));
    QVERIFY(near(s.rate(idB), 1.0));
    // D fills link 2, which A and B use too, but both get less than D there: only D is
    // re-rated (A, C at 0.5, B at 1, D 8.5).
    const auto idD = s.addFlow(d);
    QCOMPARE(s.solveLocal().size(), std::size_t(1));
    QVERIFY(near(s.rate(idD), 8.5));
    QVERIFY(near(s.rate(idA), 0.5));
    QVERIFY(near(s.rate(idB), 1.0));
    // C leaves: link 0 was full, so A speeds up; link 2 is full, so D gives way (A 1, B 1, D 8).
    // A, filled alone first, stops on link 2 below B and D, which takes both in.
    s.removeFlow(idC);
    QCOMPARE(s.solveLocal().size(), std::size_t(3));
    QVERIFY(near(s.rate(idA), 1.0));
    QVERIFY(near(s.rate(idB), 1.0));
    QVERIFY(near(s.rate(idD), 8.0));
    // B leaves: only D, frozen on link 2, can take what B left there.
    s.removeFlow(idB);
    QCOMPARE(s.solveLocal().size(), std::size_t(1));
    QVERIFY(near(s.rate(idA), 1.0));
    QVERIFY(near(s.rate(idD), 9.0));
}

void TestFlow::checkRejectsMalformedProblems()
{
    FlowProblem p;
    p.capacityBps = {1.0, 1.0};
    const std::uint32_t ok[] = {0, 1};
    p.addFlow(ok, 1.0);
    QVERIFY(checkFlowProblem(p).empty());
    FlowProblem bad = p;
    bad.pathLinks[1] = 7;
    QVERIFY(checkFlowProblem(bad).find("out of range") != std::string::npos);
    bad = p;
    bad.bytes[0] = -1;
    QVERIFY(!checkFlowProblem(bad).empty());
    bad = p;
    bad.capacityBps[0] = std::nan("");
    QVERIFY(!checkFlowProblem(bad).empty());
    bad = p;
    bad.startS = {0.0, 1.0};
    QVERIFY(!checkFlowProblem(bad).empty());
}

CPLAN_TEST_APPLESS_MAIN(TestFlow)
#include "tst_flow.moc"
