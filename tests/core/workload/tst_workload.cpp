#include "flow/flowsimulator.h"
#include "workload/collective.h"
#include "workload/trafficpattern.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <set>

using namespace cplan;

namespace {

using test::near;

std::vector<Demand> gen(const char *name, std::uint32_t n, std::uint64_t seed = 1)
{
    auto spec = parsePattern(name);
    Q_ASSERT(spec.ok());
    auto d = generateTraffic(*spec, n, 100.0, seed);
    Q_ASSERT(d.ok());
    return *d;
}

} // namespace

class TestWorkload : public QObject
{
    Q_OBJECT

private slots:
    void parsesPatterns_data();
    void parsesPatterns();
    void rejectsBadPatterns_data();
    void rejectsBadPatterns();
    void allToAll();
    void shift();
    void permutationIsSeededDerangement();
    void incast();
    void uniform();
    void patternsThatDoNotFit();
    void collectiveNames();
    void busBandwidthFactors();
};

void TestWorkload::parsesPatterns_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("canonical");
    QTest::newRow("alltoall") << "alltoall" << "alltoall";
    QTest::newRow("all-to-all") << "all-to-all" << "alltoall";
    QTest::newRow("shift") << "shift:3" << "shift:3";
    QTest::newRow("ring") << "ring" << "shift:1";
    QTest::newRow("permutation") << "permutation" << "permutation";
    QTest::newRow("incast") << "incast:7" << "incast:7";
    QTest::newRow("uniform default") << "uniform" << "uniform:1";
    QTest::newRow("uniform") << " uniform:4 " << "uniform:4";
    QTest::newRow("pair") << "pair:2,5" << "pair:2,5";
}

void TestWorkload::parsesPatterns()
{
    QFETCH(QString, text);
    QFETCH(QString, canonical);
    const auto spec = parsePattern(text.toStdString());
    QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().message.c_str());
    QCOMPARE(QString::fromStdString(spec->toString()), canonical);
    const auto again = parsePattern(spec->toString());
    QVERIFY(again.ok());
    QCOMPARE(QString::fromStdString(again->toString()), canonical);
}

void TestWorkload::rejectsBadPatterns_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("unknown") << "tornado" << "unknown pattern";
    QTest::newRow("empty") << "" << "empty pattern";
    QTest::newRow("shift without K") << "shift" << "needs a shift K";
    QTest::newRow("shift zero") << "shift:0" << "positive integer";
    QTest::newRow("shift text") << "shift:two" << "positive integer, got 'two'";
    QTest::newRow("incast negative") << "incast:-3" << "positive integer";
    QTest::newRow("alltoall arg") << "alltoall:3" << "takes no argument";
    QTest::newRow("pair one") << "pair:3" << "pair:S,D";
    QTest::newRow("pair self") << "pair:3,3" << "same endpoint";
}

void TestWorkload::rejectsBadPatterns()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const auto spec = parsePattern(text.toStdString());
    QVERIFY(!spec.ok());
    QVERIFY2(spec.error().message.find(expected.toStdString()) != std::string::npos, spec.error().message.c_str());
}

void TestWorkload::allToAll()
{
    const auto d = gen("alltoall", 5);
    QCOMPARE(d.size(), std::size_t(20));
    std::set<std::pair<std::uint32_t, std::uint32_t>> pairs;
    for (const Demand &x : d) {
        QVERIFY(x.src != x.dst);
        QCOMPARE(x.bytes, 100.0);
        pairs.insert({x.src, x.dst});
    }
    QCOMPARE(pairs.size(), std::size_t(20));
}

void TestWorkload::shift()
{
    const auto d = gen("shift:3", 8);
    QCOMPARE(d.size(), std::size_t(8));
    for (const Demand &x : d)
        QCOMPARE(x.dst, (x.src + 3) % 8);
}

void TestWorkload::permutationIsSeededDerangement()
{
    const auto a = gen("permutation", 100, 5);
    const auto b = gen("permutation", 100, 5);
    const auto c = gen("permutation", 100, 6);
    QCOMPARE(a.size(), std::size_t(100));
    std::set<std::uint32_t> dsts;
    bool differs = false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        QCOMPARE(a[i].src, std::uint32_t(i));
        QVERIFY(a[i].dst != a[i].src);
        QCOMPARE(a[i].dst, b[i].dst);
        differs = differs || a[i].dst != c[i].dst;
        dsts.insert(a[i].dst);
    }
    QCOMPARE(dsts.size(), std::size_t(100));
    QVERIFY(differs);
    // The same on every platform: mt19937_64 is specified, and we do not use distributions.
    QCOMPARE(gen("permutation", 4, 1)[0].dst, gen("permutation", 4, 1)[0].dst);
}

void TestWorkload::incast()
{
    const auto d = gen("incast:5", 16);
    QCOMPARE(d.size(), std::size_t(5));
    for (const Demand &x : d)
        QCOMPARE(x.dst, 0u);
}

void TestWorkload::uniform()
{
    const auto d = gen("uniform:3", 50, 9);
    QCOMPARE(d.size(), std::size_t(150));
    std::set<std::uint32_t> dsts;
    for (const Demand &x : d) {
        QVERIFY(x.src != x.dst);
        QVERIFY(x.dst < 50);
        dsts.insert(x.dst);
    }
    QVERIFY(dsts.size() > 30);
    const auto e = gen("uniform:3", 50, 9);
    for (std::size_t i = 0; i < d.size(); ++i)
        QCOMPARE(d[i].dst, e[i].dst);
}

void TestWorkload::patternsThatDoNotFit()
{
    auto check = [](const char *name, std::uint32_t n, const char *expected) {
        const auto d = generateTraffic(*parsePattern(name), n, 1.0);
        QVERIFY(!d.ok());
        QVERIFY2(d.error().message.find(expected) != std::string::npos, d.error().message.c_str());
    };
    check("shift:8", 8, "K must be in 1..7");
    check("incast:8", 8, "M must be in 1..7");
    check("pair:1,9", 8, "out of range");
    check("alltoall", 1, "at least 2 endpoints");
}

void TestWorkload::collectiveNames()
{
    QCOMPARE(collectiveFromString("all-reduce"), std::optional(CollectiveKind::AllReduce));
    QCOMPARE(collectiveFromString("AllGather"), std::optional(CollectiveKind::AllGather));
    QCOMPARE(collectiveFromString("reduce_scatter"), std::optional(CollectiveKind::ReduceScatter));
    QCOMPARE(collectiveFromString("alltoall"), std::optional(CollectiveKind::AllToAll));
    QCOMPARE(collectiveFromString("broadcast"), std::optional(CollectiveKind::Broadcast));
    QVERIFY(!collectiveFromString("gather"));
    QCOMPARE(QString::fromLatin1(toString(CollectiveKind::ReduceScatter)), QStringLiteral("reducescatter"));
}

void TestWorkload::busBandwidthFactors()
{
    QVERIFY(near(busBandwidthFactor(CollectiveKind::AllReduce, 8), 1.75, 1e-12));
    QVERIFY(near(busBandwidthFactor(CollectiveKind::AllGather, 8), 0.875, 1e-12));
    QVERIFY(near(busBandwidthFactor(CollectiveKind::ReduceScatter, 16), 15.0 / 16.0, 1e-12));
    QVERIFY(near(busBandwidthFactor(CollectiveKind::AllToAll, 4), 0.75, 1e-12));
    QVERIFY(near(busBandwidthFactor(CollectiveKind::Broadcast, 8), 1.0, 1e-12));
}

CPLAN_TEST_APPLESS_MAIN(TestWorkload)
#include "tst_workload.moc"
